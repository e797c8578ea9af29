//! What a rule changes in a scenario: each side's chance to win, each way
//! the conflict ends and how long it lasts, under the base and the rule.
//! Exact where both have a round chain; else both rule sets are played on
//! the same random numbers ([`run_paired`]) and the change carries the
//! paired 95% interval, with how much narrower it is than two independent
//! runs' would be. Then a verdict in one line, and, where the rule changes
//! several settings, what each setting does on its own.

use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{
    EditionEngine, End, Figure, Figures, Paired, Sampling, Scenario, run_paired,
};

use super::shift::{NOISE, Play, SettingChange, Shift, signed};
use crate::compute::section::{ended, kind_name, noun};
use crate::error::ReportError;
use crate::progress::Progress;

/// The most settings a rule may change for each to be played alone on
/// the base: a house rule changes a few; two editions differ in dozens
/// or hundreds, where one setting alone says little and each would play
/// every scenario again.
pub const MAX_ALONE: usize = 12;

/// How a scenario's changes were worked out.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "method", rename_all = "kebab-case")]
pub enum Method {
    /// From both rule sets' round chains.
    Exact,
    /// Both played on the same random numbers.
    Paired {
        /// Conflicts a rule set.
        fights: u64,
        /// The seed.
        seed: u64,
        /// The sampler both drew with (`outcome`, `per-die`).
        sampler: &'static str,
        /// How many times narrower the paired interval of the first
        /// side's change in its chance to win is than two independent
        /// runs of as many conflicts would make it (1 when neither moves).
        narrower: f64,
        /// The same for the change in the mean rounds.
        rounds_narrower: f64,
    },
}

/// A side's chance to win.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideShift {
    /// The side's name.
    pub side: String,
    /// Its chance to win.
    pub win: Shift,
}

/// The chance of one way of ending.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndShift {
    /// The way (`incapacitated`, `escaped`...).
    pub end: &'static str,
    /// Its metric in the report's tables (`ended_incapacitated`, `draws`).
    pub metric: String,
    /// Its chance.
    pub shift: Shift,
}

/// What one setting of the rule does on its own: the scenario under the
/// base with that one setting changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingEffect {
    /// The setting's key.
    pub key: String,
    /// Each side's chance to win (empty when it cannot be changed alone).
    pub wins: Vec<Shift>,
    /// The mean rounds (`None` when it cannot be changed alone).
    pub rounds: Option<Shift>,
    /// Why it cannot be changed alone, when it cannot.
    pub alone: Option<String>,
}

/// What the rule changes in one scenario.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenarioShift {
    /// The scenario's name in the report (its file's stem).
    pub scenario: String,
    /// Its title.
    pub name: String,
    /// `combat`, `chase` or `grapple`.
    pub kind: &'static str,
    /// How the figures were worked out.
    pub method: Method,
    /// Why they are not exact, when the round sampler was asked for and a
    /// rule set has no chain: the rule set's name and the reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_chain: Option<String>,
    /// Each side's chance to win.
    pub sides: Vec<SideShift>,
    /// Each way the scenario's conflicts can end, draws last.
    pub ends: Vec<EndShift>,
    /// Rounds a conflict lasts, on average.
    pub rounds: Shift,
    /// The change in one line.
    pub verdict: String,
    /// What each setting does alone (only when 2 to [`MAX_ALONE`]
    /// settings differ).
    pub by_setting: Vec<SettingEffect>,
}

impl ScenarioShift {
    /// How its figures were worked out, in words: `exact, from both round
    /// chains`, or how many conflicts were paired and how much narrower
    /// that made the intervals.
    pub fn how(&self) -> String {
        match self.method {
            Method::Exact => "exact, from both round chains".to_string(),
            Method::Paired {
                fights,
                seed,
                sampler,
                narrower,
                ..
            } => {
                let noun = match self.kind {
                    "combat" => "fight",
                    "chase" => "chase",
                    _ => "grapple",
                };
                let how = format!(
                    "{fights} {noun}s a rule set on the same random numbers (seed {seed}, \
                     {sampler} sampler); 95% intervals of the change, {narrower:.1}x narrower \
                     than two independent runs'"
                );
                match &self.no_chain {
                    Some(why) => format!("{how} (no round chain under {why})"),
                    None => how,
                }
            }
        }
    }

    /// Its largest change in a side's chance to win.
    pub fn largest(&self) -> f64 {
        (self.sides.iter()).fold(0.0, |m, x| f64::max(m, x.win.change.abs()))
    }

    /// Its figures as a table lists them: each side's chance to win, each
    /// way of ending that happens under either rule set, the mean rounds;
    /// each with its label and whether it is a chance (in points) rather
    /// than a count.
    pub fn figures(&self) -> Vec<(String, Shift, bool)> {
        let mut out: Vec<(String, Shift, bool)> = (self.sides.iter())
            .map(|x| (format!("{} wins", x.side), x.win, true))
            .collect();
        let happens = |e: &&EndShift| e.shift.base > 0.0 || e.shift.rule > 0.0;
        for e in self.ends.iter().filter(happens) {
            let label = if e.end == End::Draw.name() {
                "draws".to_string()
            } else {
                format!("ended: {}", e.end)
            };
            out.push((label, e.shift, true));
        }
        out.push(("rounds: mean".to_string(), self.rounds, false));
        out
    }
}

/// `scenarios` by their largest change in a chance to win, largest first.
pub fn largest_first(scenarios: &[ScenarioShift]) -> Vec<&ScenarioShift> {
    let mut order: Vec<&ScenarioShift> = scenarios.iter().collect();
    order.sort_by(|a, b| b.largest().total_cmp(&a.largest()));
    order
}

/// A scenario's figures under both rule sets.
struct Measured {
    method: Method,
    no_chain: Option<String>,
    wins: Vec<Shift>,
    ends: Vec<EndShift>,
    rounds: Shift,
}

/// What `rule` changes against `base` in `scenario`.
pub(super) fn scenario(
    name: &str,
    scenario: &Scenario,
    base: &RuleSet,
    rule: &RuleSet,
    settings: &[SettingChange],
    play: Play,
    progress: &dyn Progress,
) -> Result<ScenarioShift, ReportError> {
    let rules_error = |source| ReportError::Rules {
        context: name.to_string(),
        source,
    };
    let m = measure(scenario, base, rule, play, progress).map_err(rules_error)?;
    let mut by_setting = Vec::new();
    if (2..=MAX_ALONE).contains(&settings.len()) {
        for s in settings {
            by_setting.push(alone(scenario, base, s, play, progress));
        }
    }
    let sides: Vec<SideShift> = scenario
        .sides
        .iter()
        .zip(&m.wins)
        .map(|(side, &win)| SideShift {
            side: side.name.clone(),
            win,
        })
        .collect();
    let draws = m
        .ends
        .iter()
        .find(|e| e.end == End::Draw.name())
        .map(|e| e.shift);
    let noun = noun(scenario);
    Ok(ScenarioShift {
        scenario: name.to_string(),
        name: scenario.name.clone(),
        kind: kind_name(scenario),
        method: m.method,
        no_chain: m.no_chain,
        verdict: verdict(noun, &sides, draws, &m.rounds),
        sides,
        ends: m.ends,
        rounds: m.rounds,
        by_setting,
    })
}

/// The scenario under the base with `setting` changed to the rule's value.
fn alone(
    scenario: &Scenario,
    base: &RuleSet,
    setting: &SettingChange,
    play: Play,
    progress: &dyn Progress,
) -> SettingEffect {
    let effect = |wins, rounds, alone| SettingEffect {
        key: setting.key.clone(),
        wins,
        rounds,
        alone,
    };
    let Some(value) = &setting.rule else {
        return effect(Vec::new(), None, Some("unset under the rule".into()));
    };
    let id = format!("{} with {}", base.id, setting.key);
    // A setting that only makes sense beside another the rule changes:
    // the base with it alone is not a rule set (or cannot play the
    // scenario: a difficulty out of its range).
    let measured = base
        .derive(&id, &[(setting.key.as_str(), value.clone())])
        .and_then(|changed| measure(scenario, base, &changed, play, progress));
    match measured {
        Ok(m) => effect(m.wins, Some(m.rounds), None),
        Err(e) => effect(Vec::new(), None, Some(e.to_string())),
    }
}

/// The scenario's figures under `base` and `rule`: exact from both round
/// chains where both have one, else paired.
fn measure(
    scenario: &Scenario,
    base: &RuleSet,
    rule: &RuleSet,
    play: Play,
    progress: &dyn Progress,
) -> Result<Measured, wodds_rules::RulesError> {
    let ends = scenario.ends();
    let chained = |r| EditionEngine::new(scenario, r, Sampling::Round);
    let exact = match play.sampling {
        Sampling::Round => Some((chained(base)?, chained(rule)?)),
        _ => None,
    };
    if let Some((Some(cb), Some(cr))) = exact.as_ref().map(|(b, r)| (b.chain(), r.chain())) {
        let (b, r) = (
            Figures::exact(&cb.outcomes()),
            Figures::exact(&cr.outcomes()),
        );
        let mean = |f: &Figures| f.rounds_mean.map_or(0.0, |m| m.value);
        return Ok(Measured {
            method: Method::Exact,
            no_chain: None,
            wins: (b.wins.iter().zip(&r.wins))
                .map(|(x, y)| Shift::exact(x.value, y.value))
                .collect(),
            ends: ends
                .iter()
                .map(|&e| EndShift {
                    end: e.name(),
                    metric: ended(e),
                    shift: Shift::exact(b.end(e).value, r.end(e).value),
                })
                .collect(),
            rounds: Shift::exact(mean(&b), mean(&r)),
        });
    }
    // The outcome tables drawn by inverse CDF: the same random number
    // draws neighbouring outcomes under both rule sets.
    let sampling = match play.sampling {
        Sampling::Round | Sampling::Outcome | Sampling::Coupled => Sampling::Coupled,
        Sampling::PerDie => Sampling::PerDie,
    };
    let (eb, er) = (
        EditionEngine::new(scenario, base, sampling)?,
        EditionEngine::new(scenario, rule, sampling)?,
    );
    let trials = play.trials.unwrap_or(scenario.trials);
    let seed = play.seed.unwrap_or(scenario.seed);
    let p = run_paired(&eb, &er, trials, seed, &|n| progress.advance(n));
    // Why not exact: the first rule set without a chain.
    let no_chain = exact.as_ref().and_then(|(b, r)| {
        [(base, b), (rule, r)]
            .into_iter()
            .find_map(|(x, e)| e.no_chain().map(|n| format!("{}: {}", x.id, n.explain())))
    });
    Ok(Measured {
        no_chain,
        ..paired(&p, &ends, seed, sampling)
    })
}

/// The figures of a paired run.
fn paired(p: &Paired, ends: &[End], seed: u64, sampling: Sampling) -> Measured {
    let n = p.fights().max(1) as f64;
    let share = |k: u64| k as f64 / n;
    let end_at = |e: End| End::ALL.iter().position(|&x| x == e).expect("listed");
    let mean_rounds = |t: &wodds_sim::conflict::Tally| {
        (t.rounds.iter().enumerate())
            .map(|(r, &c)| r as f64 * c as f64)
            .sum::<f64>()
            / n
    };
    let wins: Vec<Shift> = (0..p.wins.len())
        .map(|s| Shift::paired(share(p.a.wins[s]), share(p.b.wins[s]), p.win_change(s)))
        .collect();
    let narrower = |change: Figure, independent: f64| {
        let half = (change.high - change.low) / 2.0;
        if half > NOISE {
            independent / half
        } else {
            1.0
        }
    };
    let rounds_narrower = narrower(p.rounds_change(), p.independent_rounds_half());
    let narrower = narrower(
        p.win_change(0),
        p.independent_half(p.a.wins[0], p.b.wins[0]),
    );
    Measured {
        no_chain: None,
        method: Method::Paired {
            fights: p.fights(),
            seed,
            sampler: match sampling {
                Sampling::PerDie => "per-die",
                _ => "outcome",
            },
            narrower,
            rounds_narrower,
        },
        wins,
        ends: ends
            .iter()
            .map(|&e| EndShift {
                end: e.name(),
                metric: ended(e),
                shift: Shift::paired(
                    share(p.a.ends[end_at(e)]),
                    share(p.b.ends[end_at(e)]),
                    p.end_change(e),
                ),
            })
            .collect(),
        rounds: Shift::paired(mean_rounds(&p.a), mean_rounds(&p.b), p.rounds_change()),
    }
}

/// A change in percentage points, as a verdict says it: `+3.2`, or with
/// more digits when it is small.
fn points(x: f64) -> String {
    signed(x * 100.0)
}

/// The change in one line: `Veronica +3.2 points, fights 1.4 rounds
/// longer`. Of two sides with no change in draws, only the one that gains
/// is named (the other loses as much); a change whose interval holds zero
/// says so.
fn verdict(noun: &str, sides: &[SideShift], draws: Option<Shift>, rounds: &Shift) -> String {
    let noise = |s: &Shift| if s.clear() { "" } else { " (within the noise)" };
    let draws_moved = draws.is_some_and(|d| d.moved());
    let mut parts: Vec<String> = sides
        .iter()
        .filter(|s| s.win.moved())
        .filter(|s| sides.len() != 2 || draws_moved || s.win.change > 0.0)
        .map(|s| {
            format!(
                "{} {} points{}",
                s.side,
                points(s.win.change),
                noise(&s.win)
            )
        })
        .collect();
    if let Some(d) = draws.filter(Shift::moved) {
        parts.push(format!("draws {} points{}", points(d.change), noise(&d)));
    }
    if rounds.moved() {
        let r = signed(rounds.change.abs());
        let r = r.trim_start_matches('+');
        let longer = if rounds.change > 0.0 {
            "longer"
        } else {
            "shorter"
        };
        parts.push(format!("{noun}s {r} rounds {longer}{}", noise(rounds)));
    }
    if parts.is_empty() {
        "no change".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(name: &str, change: f64) -> SideShift {
        SideShift {
            side: name.into(),
            win: Shift::exact(0.5, 0.5 + change),
        }
    }

    #[test]
    fn a_verdict_names_the_side_that_gains_and_how_long_fights_last() {
        let sides = [side("Veronica", 0.032), side("Marcus", -0.032)];
        let rounds = Shift::exact(10.0, 11.4);
        let v = verdict("fight", &sides, Some(Shift::exact(0.0, 0.0)), &rounds);
        assert_eq!(v, "Veronica +3.2 points, fights 1.4 rounds longer");
        let none = verdict(
            "chase",
            &[side("A", 0.0), side("B", 0.0)],
            None,
            &Shift::exact(3.0, 3.0),
        );
        assert_eq!(none, "no change");
    }

    #[test]
    fn a_small_change_keeps_two_significant_digits() {
        assert_eq!(signed(6.13), "+6.1");
        assert_eq!(signed(-0.3), "-0.3");
        assert_eq!(signed(0.04), "+0.040");
        assert_eq!(signed(-0.000_31), "-0.00031");
        assert_eq!(
            (signed(0.0), signed(-0.0)),
            ("+0.00".into(), "+0.00".into())
        );
    }

    #[test]
    fn a_verdict_says_when_a_paired_change_is_within_the_noise() {
        use wodds_sim::conflict::Figure;
        let win = Shift::paired(
            0.5,
            0.503,
            Figure {
                value: 0.003,
                low: -0.001,
                high: 0.007,
            },
        );
        let sides = [
            SideShift {
                side: "Ann".into(),
                win,
            },
            side("Bea", -0.003),
        ];
        let v = verdict("grapple", &sides, None, &Shift::exact(4.0, 3.96));
        assert_eq!(
            v,
            "Ann +0.3 points (within the noise), grapples 0.040 rounds shorter"
        );
    }
}
