//! Sweeps: a scenario with one or two of its values varied, point by
//! point, under each edition: what one more dot of a trait, another weapon
//! or a rule setting does to a fight.
//!
//! A [`Vary`] names what it varies (`Veronica.dexterity`, `Thug with a
//! knife.weapon`, `Veronica.tactics.attack`, or an edition setting
//! `rules.combat.fta.piling-on.attacking`) and its values (`1..5`, or
//! `knife,club,pistol`). [`Sweep::run`] plays every point (every value, or
//! with two flags every pair) under every edition: exactly from the round
//! chain where the fight has one, else by the outcome sampler with its 95%
//! intervals, the scenario's seed and trials at every point (the same
//! random streams, so neighbouring points differ by the change, not by
//! the dice). A rule setting is applied as a house rule on top of each
//! edition ([`RuleSet::derive`]); an edition without that setting is left
//! out of the sweep, and [`Sweep::left_out`] says so.
//!
//! ```
//! use wodds_sim::conflict::Scenario;
//! use wodds_sim::sweep::{Sweep, Vary};
//!
//! let s = Scenario::load(std::path::Path::new(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../scenarios/fair-fight.toml"
//! )))
//! .unwrap();
//! let name = s.sides[0].members[0].name.clone();
//! let vary = Vary::parse(&format!("{name}.dexterity=2..3"), &s).unwrap();
//! let sweep = Sweep::new(&s, vec![vary]).unwrap();
//! assert_eq!(sweep.points().len(), 2);
//! ```

use rayon::prelude::*;
use thiserror::Error;
use wodds_rules::RuleSet;

use crate::conflict::{
    self, AttackTactic, DefendTactic, EditionEngine, Figures, FleeAt, Range, Sampling, Scenario,
    TRAITS, Trait, WillpowerTactic,
};
use crate::conflict::{Armor, Weapon};

/// A bad `--vary` flag: its text and what is wrong.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("--vary {flag}: {message}")]
pub struct VaryError {
    /// The flag as given.
    pub flag: String,
    /// What is wrong, with the allowed values.
    pub message: String,
}

/// A member's field a sweep may vary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// A trait, by its index in [`TRAITS`].
    Trait(usize),
    /// Its weapon.
    Weapon,
    /// Its armour.
    Armor,
    /// How far it fires from.
    Range,
    /// `tactics.attack`.
    Attack,
    /// `tactics.defend`.
    Defend,
    /// `tactics.willpower`.
    Willpower,
    /// `tactics.flee-at`.
    FleeAt,
    /// `tactics.actions`.
    Actions,
    /// `tactics.rage`.
    Rage,
}

/// The fields a path may name after a member's name, with the field.
const FIELDS: [(&str, Field); 9] = [
    ("weapon", Field::Weapon),
    ("armor", Field::Armor),
    ("range", Field::Range),
    ("tactics.attack", Field::Attack),
    ("tactics.defend", Field::Defend),
    ("tactics.willpower", Field::Willpower),
    ("tactics.flee-at", Field::FleeAt),
    ("tactics.actions", Field::Actions),
    ("tactics.rage", Field::Rage),
];

/// What a [`Vary`] changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A member's field (`member` in listing order, all sides).
    Member {
        /// The member.
        member: usize,
        /// The field.
        field: Field,
    },
    /// An edition setting (`rules.<key>`), as a house rule on top of each
    /// edition that has it.
    Rule {
        /// Its dotted key (`combat.fta.piling-on.attacking`).
        key: String,
    },
}

/// One `--vary` flag: what it changes, and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Vary {
    /// The path as given (`Veronica.dexterity`).
    pub path: String,
    /// What it changes.
    pub target: Target,
    /// Its values, as given (`1`, `2`, ... or `knife`, `club`).
    pub values: Vec<String>,
    /// Whether every value is an integer (a trait, a count, a numeric
    /// setting): only those may be balanced.
    pub integer: bool,
}

/// The values of `text`: `lo..hi` (integers, both ends included) or a
/// comma-separated list.
fn values(text: &str) -> Result<(Vec<String>, bool), String> {
    let nested = text.contains(['[', '{', '(', '"', '\'']);
    if let Some((lo, hi)) = text.split_once("..").filter(|_| !nested) {
        let n = |x: &str| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| format!("`{text}`: a range is of integers, `lo..hi`"))
        };
        let (lo, hi) = (n(lo)?, n(hi)?);
        if lo > hi {
            return Err(format!(
                "`{text}` is empty: the range runs from {lo} up to {hi}"
            ));
        }
        if hi - lo >= 1000 {
            return Err(format!("`{text}`: at most 1000 values"));
        }
        return Ok(((lo..=hi).map(|v| v.to_string()).collect(), true));
    }
    let list: Vec<String> = split_values(text)
        .into_iter()
        .map(|v| v.trim().to_string())
        .collect();
    if list.iter().any(String::is_empty) {
        return Err(format!("`{text}`: an empty value"));
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = list.iter().find(|v| !seen.insert(v.as_str())) {
        return Err(format!("`{twice}` is listed twice"));
    }
    let integer = list.iter().all(|v| v.parse::<i64>().is_ok());
    Ok((list, integer))
}

/// The values of a list, split at the commas that stand outside brackets
/// and quotes: `[0,1,2],[0,0,1]` is two arrays, `"max(a, b)",b` two
/// values.
fn split_values(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{' | '(') => depth += 1,
            (None, ']' | '}' | ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// A value of a serde enum (`basic`, `dodge`...), with its allowed names.
fn named<T: serde::de::DeserializeOwned>(value: &str, allowed: &[&str]) -> Result<T, String> {
    toml::Value::String(value.to_string())
        .try_into()
        .map_err(|_| format!("`{value}` is not one of {}", allowed.join(", ")))
}

impl Vary {
    /// Reads a `--vary path=values` flag against `scenario`: the member and
    /// field (or the edition setting) it names, and every value checked.
    pub fn parse(flag: &str, scenario: &Scenario) -> Result<Vary, VaryError> {
        let error = |message: String| VaryError {
            flag: flag.to_string(),
            message,
        };
        let (path, text) = flag
            .split_once('=')
            .ok_or_else(|| error("expected `path=values` (`Veronica.dexterity=1..5`)".into()))?;
        let (values, integer) = values(text).map_err(error)?;
        let target = if let Some(key) = path.strip_prefix("rules.") {
            Target::Rule {
                key: key.to_string(),
            }
        } else {
            let members: Vec<&conflict::Member> =
                scenario.sides.iter().flat_map(|s| &s.members).collect();
            let found = members.iter().enumerate().find_map(|(i, m)| {
                path.strip_prefix(m.name.as_str())
                    .and_then(|rest| rest.strip_prefix('.'))
                    .map(|field| (i, field))
            });
            let Some((member, field)) = found else {
                let names: Vec<String> = members.iter().map(|m| format!("`{}`", m.name)).collect();
                return Err(error(format!(
                    "no member `{}`: a path is a member ({}) and a field, or `rules.<setting>`",
                    path.split('.').next().unwrap_or(path),
                    names.join(", ")
                )));
            };
            let field = TRAITS
                .iter()
                .position(|(n, ..)| *n == field)
                .map(Field::Trait)
                .or_else(|| FIELDS.iter().find(|(n, _)| *n == field).map(|&(_, f)| f))
                .ok_or_else(|| {
                    let known: Vec<&str> = TRAITS
                        .iter()
                        .map(|(n, ..)| *n)
                        .chain(FIELDS.iter().map(|(n, _)| *n))
                        .collect();
                    error(format!(
                        "`{field}` is not a field of a member: one of {}",
                        known.join(", ")
                    ))
                })?;
            Target::Member { member, field }
        };
        let vary = Vary {
            path: path.to_string(),
            target,
            values,
            integer,
        };
        // Every value, applied: out of range, unknown names and settings
        // the rules refuse are refused here, before any fight.
        for v in &vary.values {
            vary.check(v, scenario).map_err(error)?;
        }
        Ok(vary)
    }

    /// Whether `value` applies to `scenario` (an error naming what is
    /// allowed).
    fn check(&self, value: &str, scenario: &Scenario) -> Result<(), String> {
        match &self.target {
            Target::Member { .. } => {
                let mut s = scenario.clone();
                self.set_member(&mut s, value)
            }
            Target::Rule { key } => {
                let mut any = false;
                for rules in &scenario.editions {
                    if !has_setting(rules, key) {
                        continue;
                    }
                    any = true;
                    derive(rules, &[(key, value)])?;
                }
                if any {
                    Ok(())
                } else {
                    Err(format!(
                        "no edition of the scenario ({}) has the setting `{key}` (`wodds rules show <edition>` lists them)",
                        edition_ids(scenario)
                    ))
                }
            }
        }
    }

    /// Sets this member field of `s` to `value`.
    fn set_member(&self, s: &mut Scenario, value: &str) -> Result<(), String> {
        let Target::Member { member, field } = self.target else {
            return Ok(());
        };
        let m = s
            .sides
            .iter_mut()
            .flat_map(|side| &mut side.members)
            .nth(member)
            .expect("the member was found when the flag was read");
        let int = |lo: i64, hi: i64| -> Result<i64, String> {
            let v: i64 = value
                .parse()
                .map_err(|_| format!("`{value}` is not a number ({lo}..={hi})"))?;
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(format!("{v} is outside {lo}..={hi}"))
            }
        };
        match field {
            Field::Trait(t) => {
                let (name, lo, hi, _) = TRAITS[t];
                let v = int(i64::from(lo), i64::from(hi))?;
                if t == Trait::Rage as usize && v > 0 && m.kind != conflict::Creature::Garou {
                    return Err(format!("only garou have {name}"));
                }
                m.traits[t] = v as u8;
            }
            Field::Weapon => {
                m.weapon = Weapon::named(value).ok_or_else(|| {
                    format!(
                        "unknown weapon `{value}`: one of {}",
                        Weapon::names().join(", ")
                    )
                })?;
            }
            Field::Armor => {
                m.armor = Armor::named(value).ok_or_else(|| {
                    format!(
                        "unknown armor `{value}`: one of {}",
                        Armor::names().join(", ")
                    )
                })?;
            }
            Field::Range => {
                m.range = named::<Range>(value, &["melee", "point-blank", "effective", "long"])?;
            }
            Field::Attack => {
                m.tactics.attack = named::<AttackTactic>(
                    value,
                    &["basic", "power", "feint", "committed", "grapple", "none"],
                )?;
            }
            Field::Defend => {
                m.tactics.defend = named::<DefendTactic>(
                    value,
                    &[
                        "none", "dodge", "total", "escape", "block", "guard", "abort", "grapple",
                    ],
                )?;
            }
            Field::Willpower => {
                m.tactics.willpower = named::<WillpowerTactic>(
                    value,
                    &["never", "when-hurt", "always", "ignore-wounds"],
                )?;
            }
            Field::FleeAt => {
                m.tactics.flee_at =
                    named::<FleeAt>(value, &["never", "wounded", "mauled", "crippled"])?;
            }
            Field::Actions => m.tactics.actions = int(1, i64::from(conflict::MAX_ACTIONS))? as u8,
            Field::Rage => m.tactics.rage = int(0, i64::from(conflict::MAX_ACTIONS))? as u8,
        }
        let one_on_one = s.sides.len() == 2 && s.sides.iter().all(|x| x.members.len() == 1);
        if s.kind == conflict::ConflictKind::Combat && s.grapples() && !one_on_one {
            return Err(format!(
                "`{value}`: a fight with a grapple is of one against one (two sides of one member each)"
            ));
        }
        Ok(())
    }
}

/// Whether `rules` has the setting `key` (or settings under it).
fn has_setting(rules: &RuleSet, key: &str) -> bool {
    let under = format!("{key}.");
    rules
        .settings()
        .iter()
        .any(|s| s.key == key || s.key.starts_with(&under))
}

/// The scenario's edition ids, for messages.
fn edition_ids(scenario: &Scenario) -> String {
    let ids: Vec<&str> = scenario.editions.iter().map(|r| r.id.as_str()).collect();
    ids.join(", ")
}

/// A value as a rule file would write it: a number, `true`/`false`, or a
/// string (quoted or bare).
fn setting_value(text: &str) -> toml::Value {
    format!("v = {text}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.trim_matches('"').to_string()))
}

/// `rules` with the settings `set` as a house rule on top.
fn derive(rules: &RuleSet, set: &[(&str, &str)]) -> Result<RuleSet, String> {
    let label: Vec<String> = set.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    let id = format!("{} with {}", rules.id, label.join(", "));
    let values: Vec<(&str, toml::Value)> =
        set.iter().map(|&(k, v)| (k, setting_value(v))).collect();
    rules.derive(&id, &values).map_err(|e| e.to_string())
}

/// One point of a sweep: a value of each [`Vary`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    /// The value of each varied path, in the sweep's order.
    pub values: Vec<String>,
}

/// A sweep: the scenario, what it varies, its points.
#[derive(Debug, Clone)]
pub struct Sweep {
    scenario: Scenario,
    vary: Vec<Vary>,
    points: Vec<Point>,
    /// The editions swept (those with every setting varied).
    editions: Vec<usize>,
}

/// What one point gave under one edition.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The point.
    pub point: usize,
    /// The edition's id (the scenario's, without the varied settings).
    pub edition: String,
    /// The rules hash the point ran under (the varied settings included).
    pub rules_hash: String,
    /// Its figures: exact from the round chain, or estimated with 95%
    /// intervals.
    pub figures: Figures,
    /// Fights behind the estimate (`None`: exact).
    pub trials: Option<u64>,
    /// States of the round chain, when there is one.
    pub chain_states: Option<usize>,
}

impl Sweep {
    /// A sweep of `scenario` over `vary` (one or two flags): every value,
    /// or every pair of values.
    pub fn new(scenario: &Scenario, vary: Vec<Vary>) -> Result<Sweep, VaryError> {
        if vary.is_empty() || vary.len() > 2 {
            return Err(VaryError {
                flag: String::new(),
                message: format!("a sweep varies one or two paths, not {}", vary.len()),
            });
        }
        if vary.len() == 2 && vary[0].target == vary[1].target {
            return Err(VaryError {
                flag: vary[1].path.clone(),
                message: "varies the same path twice".into(),
            });
        }
        let editions: Vec<usize> = (0..scenario.editions.len())
            .filter(|&e| {
                vary.iter().all(|v| match &v.target {
                    Target::Rule { key } => has_setting(&scenario.editions[e], key),
                    Target::Member { .. } => true,
                })
            })
            .collect();
        if editions.is_empty() {
            return Err(VaryError {
                flag: vary
                    .iter()
                    .map(|v| v.path.clone())
                    .collect::<Vec<_>>()
                    .join(" "),
                message: format!(
                    "no edition of the scenario ({}) has every setting varied",
                    edition_ids(scenario)
                ),
            });
        }
        let mut points = vec![Point { values: Vec::new() }];
        for v in &vary {
            points = points
                .into_iter()
                .flat_map(|p| {
                    v.values.iter().map(move |x| {
                        let mut values = p.values.clone();
                        values.push(x.clone());
                        Point { values }
                    })
                })
                .collect();
        }
        Ok(Sweep {
            scenario: scenario.clone(),
            vary,
            points,
            editions,
        })
    }

    /// What it varies.
    pub fn vary(&self) -> &[Vary] {
        &self.vary
    }

    /// Its points, the first flag's values outermost.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The scenario swept.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The ids of the editions swept.
    pub fn editions(&self) -> Vec<&str> {
        (self.editions.iter())
            .map(|&e| self.scenario.editions[e].id.as_str())
            .collect()
    }

    /// The scenario's editions left out (they lack a setting varied).
    pub fn left_out(&self) -> Vec<&str> {
        (0..self.scenario.editions.len())
            .filter(|e| !self.editions.contains(e))
            .map(|e| self.scenario.editions[e].id.as_str())
            .collect()
    }

    /// The scenario at `point`, and under each swept edition the rules it
    /// runs under there.
    pub fn at(&self, point: usize) -> Result<(Scenario, Vec<RuleSet>), VaryError> {
        let p = &self.points[point];
        let mut s = self.scenario.clone();
        let mut settings: Vec<(&str, &str)> = Vec::new();
        for (v, value) in self.vary.iter().zip(&p.values) {
            let error = |message: String| VaryError {
                flag: format!("{}={value}", v.path),
                message,
            };
            match &v.target {
                Target::Member { .. } => v.set_member(&mut s, value).map_err(error)?,
                Target::Rule { key } => settings.push((key.as_str(), value.as_str())),
            }
        }
        let rules = (self.editions.iter())
            .map(|&e| {
                let base = &self.scenario.editions[e];
                if settings.is_empty() {
                    Ok(base.clone())
                } else {
                    derive(base, &settings).map_err(|message| VaryError {
                        flag: settings
                            .iter()
                            .map(|(k, v)| format!("rules.{k}={v}"))
                            .collect::<Vec<_>>()
                            .join(" "),
                        message,
                    })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((s, rules))
    }

    /// Plays every point under every swept edition: with
    /// [`Sampling::Round`], exactly from the round chain where it has one,
    /// else `trials` fights by the outcome sampler; with another sampling,
    /// `trials` fights by it (the scenario's seed, the edition's random
    /// streams: the same at every point). Points and editions run side by
    /// side on rayon; the result is the same whatever the thread count.
    /// `progress` is told each point-edition finished.
    pub fn run(
        &self,
        trials: u64,
        sampling: Sampling,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<Outcome>, SweepRunError> {
        let jobs: Vec<(usize, usize)> = (0..self.points.len())
            .flat_map(|p| (0..self.editions.len()).map(move |e| (p, e)))
            .collect();
        let prepared: Vec<(Scenario, Vec<RuleSet>)> = (0..self.points.len())
            .map(|p| self.at(p))
            .collect::<Result<_, _>>()
            .map_err(SweepRunError::Vary)?;
        jobs.par_iter()
            .map(|&(p, e)| {
                let (s, rules) = &prepared[p];
                let r = &rules[e];
                let base = &self.scenario.editions[self.editions[e]];
                let engine = EditionEngine::new(s, r, sampling)
                    .map_err(|e| SweepRunError::Rules(e.to_string()))?;
                let (figures, trials) = match engine.chain() {
                    Some(chain) => (Figures::exact(&chain.outcomes()), None),
                    None => {
                        let tally = conflict::run(&engine, &base.id, trials, s.seed, &|_| {});
                        (Figures::estimate(&tally), Some(trials))
                    }
                };
                progress();
                Ok(Outcome {
                    point: p,
                    edition: base.id.clone(),
                    rules_hash: r.hash().to_string(),
                    figures,
                    trials,
                    chain_states: engine.chain().map(|c| c.states()),
                })
            })
            .collect()
    }
}

/// A sweep that could not run a point.
#[derive(Debug, Error)]
pub enum SweepRunError {
    /// A point's value does not apply.
    #[error(transparent)]
    Vary(VaryError),
    /// A point's rules or scenario could not be compiled.
    #[error("{0}")]
    Rules(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `--vary rules.combat.health.wound-penalties=[0,1,1,2,2,5],[0,0,1,1,2,3]`
    /// split on the commas inside the brackets.
    #[test]
    fn list_values_split_outside_brackets_and_quotes() {
        let (list, integer) = values("[0,1,1,2,2,5],[0,0,1,1,2,3]").unwrap();
        assert_eq!(list, ["[0,1,1,2,2,5]", "[0,0,1,1,2,3]"]);
        assert!(!integer);
        assert_eq!(
            setting_value(&list[1]),
            toml::Value::Array([0, 0, 1, 1, 2, 3].map(toml::Value::Integer).to_vec())
        );
        let (list, _) = values("\"max(ones, 1) > successes\", \"false\"").unwrap();
        assert_eq!(list, ["\"max(ones, 1) > successes\"", "\"false\""]);
        assert_eq!(values("1..3").unwrap().0, ["1", "2", "3"]);
        assert_eq!(values("basic,power").unwrap().0, ["basic", "power"]);
    }
}
