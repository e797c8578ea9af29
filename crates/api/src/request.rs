//! The API as requests and answers shaped for JSON: what the browser
//! playground sends across the wasm boundary and the Python module builds
//! from keyword arguments. Each answer carries its rows and the CSV
//! `wodds` writes for the same request.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use wodds_rules::{RuleSet, Setting};
use wodds_sim::conflict::{Limit, MAX_STATES, Scenario};

use crate::cells::csv_text;
use crate::editions::{Edition, load_all};
use crate::error::{Error, Result};
use crate::fight::{self, EditionResult, Sampler};
use crate::odds::{self, Names, Options, Row};
use crate::provenance::MAX_TRIALS;
use crate::provenance::Method;
use crate::rules;

pub mod actions;

/// A whole number or an inclusive range `[low, high]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Span {
    /// One value.
    One(i32),
    /// From and to.
    Range([i32; 2]),
}

impl Span {
    fn bounds(self) -> (i32, i32) {
        match self {
            Span::One(n) => (n, n),
            Span::Range([a, b]) => (a, b),
        }
    }
}

fn default_trials() -> u64 {
    100_000
}

fn default_seed() -> u64 {
    1
}

/// `wodds odds`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsQuery {
    /// The editions, side by side.
    pub editions: Vec<Edition>,
    /// Dice: N or `[A, B]`.
    pub pool: Span,
    /// Difficulty: N or `[A, B]`; absent: each edition's whole range.
    #[serde(default)]
    pub difficulty: Option<Span>,
    /// The roll's options.
    #[serde(default)]
    pub options: Options,
    /// `exact` (the default) or `mc`.
    #[serde(default)]
    pub method: Method,
    /// Monte Carlo rolls a row.
    #[serde(default = "default_trials")]
    pub trials: u64,
    /// Monte Carlo seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// An edition as an answer names it.
#[derive(Debug, Clone, Serialize)]
pub struct EditionInfo {
    /// Its id in outputs.
    pub id: String,
    /// Its full name.
    pub name: String,
    /// The hash of its resolved rules.
    pub rules_hash: String,
    /// Its pools' range.
    pub pool_range: [i32; 2],
    /// Its difficulties' range, in its own terms.
    pub difficulty_range: [i32; 2],
    /// Its standard difficulty.
    pub standard_difficulty: i32,
}

impl EditionInfo {
    fn of(rules: &RuleSet) -> EditionInfo {
        EditionInfo {
            id: rules.id.clone(),
            name: rules.name.clone(),
            rules_hash: rules.hash().to_string(),
            pool_range: rules.dice.pool_range,
            difficulty_range: rules.dice.difficulty_range,
            standard_difficulty: rules.dice.standard_difficulty,
        }
    }
}

/// What [`odds()`] answers.
#[derive(Debug, Clone, Serialize)]
pub struct OddsAnswer {
    /// The editions, in order.
    pub editions: Vec<EditionInfo>,
    /// Every row, edition by edition.
    pub rows: Vec<Row>,
    /// The rows as `wodds odds --format csv` writes them.
    pub csv: String,
}

fn check_trials(trials: u64) -> Result<()> {
    if (1..=MAX_TRIALS).contains(&trials) {
        Ok(())
    } else {
        Err(Error::new(format!(
            "trials: {trials} is outside 1..={MAX_TRIALS}"
        )))
    }
}

fn editions(list: &[Edition]) -> Result<Vec<RuleSet>> {
    if list.is_empty() {
        return Err(Error::new("editions: name at least one edition"));
    }
    load_all(list)
}

/// A single roll's odds under each edition.
pub fn odds(q: &OddsQuery) -> Result<OddsAnswer> {
    Ok(odds_until(q, &|_, _| {}, &|| false)?.expect("never stopped"))
}

/// [`odds()`], `progress` told of each row done of all (its second
/// argument); `None` if `stop` said so.
pub fn odds_until(
    q: &OddsQuery,
    progress: &(dyn Fn(u64, u64) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<OddsAnswer>> {
    check_trials(q.trials)?;
    let rules = editions(&q.editions)?;
    let request = odds::Request {
        pools: q.pool.bounds(),
        difficulties: q.difficulty.map(Span::bounds),
        options: q.options.roll_options()?,
        method: q.method,
        trials: q.trials,
        seed: q.seed,
    };
    let total = odds::rows(&rules, &request);
    let done = std::sync::atomic::AtomicU64::new(0);
    let tick = |n: u64| {
        let now = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
        progress(now, total);
    };
    let Some(tables) = odds::odds(&rules, &request, Names::PLAIN, &tick, stop)? else {
        return Ok(None);
    };
    let rows: Vec<Row> = tables.into_iter().flatten().collect();
    let refs: Vec<&Row> = rows.iter().collect();
    let csv = csv_text(|out| odds::write_csv(out, &refs, q.method == Method::Mc));
    Ok(Some(OddsAnswer {
        editions: rules.iter().map(EditionInfo::of).collect(),
        rows,
        csv,
    }))
}

fn default_file() -> String {
    "scenario.toml".to_string()
}

/// `wodds run`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunQuery {
    /// The scenario's TOML text.
    pub scenario: String,
    /// Its name in errors.
    #[serde(default = "default_file")]
    pub file: String,
    /// The folder a relative house-rule path in its `editions` is read
    /// from (the scenario file's, where there are files); absent: only
    /// built-in editions can be named there.
    #[serde(default)]
    pub dir: Option<String>,
    /// The editions to run it under instead of its own.
    #[serde(default)]
    pub editions: Option<Vec<Edition>>,
    /// House-rule files its own `editions` list may name, as text, by the
    /// path it names them (`"../rules/x.toml"`); a name not here is read
    /// from `dir` as a file.
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
    /// Fights an edition instead of the scenario's.
    #[serde(default)]
    pub trials: Option<u64>,
    /// Seed instead of the scenario's.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How fights are drawn: `round` (the default), `outcome` or `die`.
    #[serde(default)]
    pub sampler: Sampler,
    /// The most states a round chain may hold before an edition's fights
    /// are drawn by the outcome sampler instead (`--max-states`; default
    /// 65,536).
    #[serde(default)]
    pub max_states: Option<usize>,
}

/// What [`run`] answers.
#[derive(Debug, Serialize)]
pub struct RunAnswer {
    /// The scenario's name.
    pub name: String,
    /// `combat`, `grapple` or `chase`.
    pub kind: &'static str,
    /// The editions, in order.
    pub editions: Vec<EditionInfo>,
    /// Each edition's results, as `wodds run --format json` writes them.
    pub results: Vec<EditionResult>,
    /// The same as `wodds run --format csv` writes them.
    pub csv: String,
}

/// A scenario read from `q`, under its editions or `q`'s.
pub fn scenario(q: &RunQuery) -> Result<Scenario> {
    let given = q.editions.as_deref().map(editions).transpose()?;
    let dir = q.dir.as_deref().map(Path::new);
    let mut scenario = match given {
        None if !q.rules.is_empty() => {
            let read = |name: &str| match q.rules.get(name) {
                Some(text) => RuleSet::from_text(name, name, text, Path::new(".")),
                None => RuleSet::load(&dir.map_or(name.into(), |d| d.join(name)).to_string_lossy()),
            };
            Scenario::parse_reading(&q.file, &q.scenario, &read)?
        }
        given => fight::scenario(&q.file, &q.scenario, dir, given)?,
    };
    if let Some(t) = q.trials {
        check_trials(t)?;
        scenario.trials = t;
    }
    if let Some(s) = q.seed {
        scenario.seed = s;
    }
    Ok(scenario)
}

/// Plays a scenario under each edition; `progress` is told of each batch
/// of fights played, of `total` (its second argument). `None` if `stop`
/// said so, while the round chains were built or between two batches.
pub fn run(
    q: &RunQuery,
    progress: &(dyn Fn(u64, u64) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<RunAnswer>> {
    let scenario = scenario(q)?;
    let limit = match q.max_states {
        Some(n) if !(1..=MAX_STATES).contains(&n) => {
            return Err(Error::new(format!(
                "max_states {n}: {n} is not in 1..={MAX_STATES}"
            )));
        }
        Some(n) => Limit::of_states(n),
        None => Limit::default(),
    };
    let Some(engines) = fight::engines_until(&scenario, q.sampler, limit, stop)? else {
        return Ok(None);
    };
    let total = fight::fights(&scenario);
    let done = std::sync::atomic::AtomicU64::new(0);
    let tick = |n: u64| {
        let now = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
        progress(now, total);
    };
    let Some(results) = fight::play(&scenario, &engines, &tick, stop) else {
        return Ok(None);
    };
    let csv = csv_text(|out| fight::write_csv(out, &scenario, &results));
    Ok(Some(RunAnswer {
        name: scenario.name.clone(),
        kind: match scenario.kind {
            wodds_sim::conflict::ConflictKind::Combat => "combat",
            wodds_sim::conflict::ConflictKind::Grapple => "grapple",
            wodds_sim::conflict::ConflictKind::Chase => "chase",
        },
        editions: scenario.editions.iter().map(EditionInfo::of).collect(),
        results,
        csv,
    }))
}

/// What [`show`] answers: `wodds rules show`.
#[derive(Debug, Clone, Serialize)]
pub struct ShowAnswer {
    /// The rule set.
    pub edition: EditionInfo,
    /// Every setting, where it was set and its note.
    pub settings: Vec<Setting>,
}

/// A rule set's settings.
pub fn show(edition: &Edition) -> Result<ShowAnswer> {
    let rules = edition.load()?;
    Ok(ShowAnswer {
        edition: EditionInfo::of(&rules),
        settings: rules::show(&rules),
    })
}

/// What two rule sets differ in: `wodds rules diff`.
pub fn diff(a: &Edition, b: &Edition) -> Result<Vec<rules::Change>> {
    Ok(rules::diff(&a.load()?, &b.load()?))
}

/// A scenario as text, and its file's name (its stem names it in a
/// comparison, as the CLI names a scenario file).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioText {
    /// The TOML text.
    pub text: String,
    /// Its file's name.
    #[serde(default = "default_file")]
    pub file: String,
}

/// `wodds compare`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareQuery {
    /// The base.
    pub base: Edition,
    /// The rule compared with it.
    pub rule: Edition,
    /// Scenarios to play under both.
    #[serde(default)]
    pub scenarios: Vec<ScenarioText>,
    /// Conflicts a rule set where a scenario has no round chain (default:
    /// the scenario's).
    #[serde(default)]
    pub trials: Option<u64>,
    /// Seed of the paired runs (default: the scenario's).
    #[serde(default)]
    pub seed: Option<u64>,
    /// `round` (exact from both chains where both have one, else paired
    /// outcome runs), or `outcome` / `die` paired throughout.
    #[serde(default)]
    pub sampler: Sampler,
}

/// What [`compare`] answers.
#[derive(Debug, Serialize)]
pub struct CompareAnswer {
    /// Everything, as `wodds compare --format json` writes it.
    pub delta: crate::compare::Delta,
    /// One row per figure, as `wodds compare --format csv` writes them.
    pub csv: String,
}

/// What a rule changes against a base.
pub fn compare(q: &CompareQuery, progress: &dyn crate::compare::Progress) -> Result<CompareAnswer> {
    if let Some(t) = q.trials {
        check_trials(t)?;
    }
    let base = q.base.load()?;
    let rule = q.rule.load()?;
    let scenarios = q
        .scenarios
        .iter()
        .map(|s| {
            let stem = s.file.strip_suffix(".toml").unwrap_or(&s.file);
            let stem = stem.rsplit(['/', '\\']).next().unwrap_or(stem).to_string();
            let editions = vec![base.clone(), rule.clone()];
            Ok((
                stem,
                fight::scenario(&s.file, &s.text, None, Some(editions))?,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    let play = crate::compare::Play {
        trials: q.trials,
        seed: q.seed,
        sampling: q.sampler.sampling(),
    };
    let delta = crate::compare::compare(&base, &rule, &scenarios, play, progress)?;
    let csv = csv_text(|out| crate::compare::write_csv(out, &delta));
    Ok(CompareAnswer { delta, csv })
}

/// What a botch does in an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Botch {
    /// It wipes the total.
    Wipe,
    /// It fails the action.
    Fail,
    /// It counts as no successes.
    Ignore,
}

impl From<Botch> for wodds_rules::BotchEffect {
    fn from(b: Botch) -> Self {
        match b {
            Botch::Wipe => wodds_rules::BotchEffect::Wipe,
            Botch::Fail => wodds_rules::BotchEffect::Fail,
            Botch::Ignore => wodds_rules::BotchEffect::Ignore,
        }
    }
}

/// `wodds action extended`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtendedQuery {
    /// The edition.
    pub edition: Edition,
    /// Dice rolled each time.
    pub pool: i32,
    /// Difficulty in the edition's terms (default: its standard).
    #[serde(default)]
    pub difficulty: Option<i32>,
    /// Successes needed, 1..=200.
    pub target: u32,
    /// Stop after this many rolls (default: until it ends).
    #[serde(default)]
    pub max_rolls: Option<usize>,
    /// What a botch does (default: the edition's rule).
    #[serde(default)]
    pub botch: Option<Botch>,
    /// The first botch does not count.
    #[serde(default)]
    pub free_botch: bool,
    /// The roll's options.
    #[serde(default)]
    pub options: Options,
    /// `exact` (the default) or `mc`.
    #[serde(default)]
    pub method: Method,
    /// Monte Carlo runs.
    #[serde(default = "default_trials")]
    pub trials: u64,
    /// Monte Carlo seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// What an action answers: `wodds action ... --format json`'s summary and
/// rounds, and its CSV.
#[derive(Debug, Serialize)]
pub struct ActionAnswer {
    /// How it ends.
    pub summary: crate::action::Summary,
    /// Roll by roll.
    pub rounds: Vec<crate::action::RoundRow>,
    /// The rounds as `--format csv` writes them.
    pub csv: String,
}

/// An extended action followed to its end.
pub fn extended(q: &ExtendedQuery) -> Result<ActionAnswer> {
    use crate::action::{self, Follow, check_horizon};
    check_trials(q.trials)?;
    let horizon = check_horizon("max_rolls", q.max_rolls)?;
    let rules = q.edition.load()?;
    let (extended, what) = action::extended(
        &rules,
        q.pool,
        q.difficulty,
        q.target,
        q.botch.map(Into::into),
        q.free_botch,
        &q.options.roll_options()?,
        ["pool/difficulty", "target"],
    )?;
    let how = Follow {
        horizon,
        method: q.method,
        trials: q.trials,
        seed: q.seed,
    };
    let f = action::follow(&rules, &what, &extended, how, &|_| {}, &mut |_| {});
    let csv = csv_text(|out| action::write_csv(out, "roll", &f));
    Ok(ActionAnswer {
        summary: f.summary,
        rounds: f.rounds,
        csv,
    })
}
