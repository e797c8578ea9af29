//! The actions of `wodds action` beside `extended` as requests: `retry`,
//! `teamwork`, `contest` and `prolonged` followed roll by roll (or round
//! by round) to their end, `multiple` and `resisted` in one turn; and
//! [`any`], any of the seven named by its kind, its query as JSON
//! text (what the page and the Python module send).
//!
//! Each does what the subcommand does with the same values and answers
//! with the CSV it writes with `--format csv`. Its checks are the
//! subcommand's, in the same order (the values clap parses first: trials,
//! roll options, sides; then the edition, the action's setup, the rolls
//! followed), with the same sentences; they name the query's fields
//! where the subcommand names its flags (`target`, not `--target`).

use serde::{Deserialize, Deserializer, Serialize};
use wodds_rules::{RuleSet, TallyRule, TieRule};
use wodds_sim::Process;

use super::{ActionAnswer, Botch, check_trials, default_seed, default_trials};
use crate::Edition;
use crate::action::once::{self, MultipleRow};
use crate::action::side::SideSpec;
use crate::action::{self as act, Follow, check_horizon};
use crate::cells::{csv_text, tidy};
use crate::error::{Error, Result};
use crate::odds::Options;
use crate::provenance::{Method, Provenance};

fn ignore() -> Botch {
    Botch::Ignore
}

/// `wodds action retry`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetryQuery {
    /// The edition.
    pub edition: Edition,
    /// Dice rolled each try.
    pub pool: i32,
    /// Difficulty of the first try, in the edition's terms (default: its
    /// standard).
    #[serde(default)]
    pub difficulty: Option<i32>,
    /// Tries at most, 1..=100000 (default: until one succeeds).
    #[serde(default)]
    pub tries: Option<usize>,
    /// Difficulty added per earlier failure, 0..=5 (default: the
    /// edition's rule).
    #[serde(default)]
    pub penalty: Option<i32>,
    /// A botch: `fail` ends the attempts; `ignore` (the default) or `wipe`
    /// is a failed try.
    #[serde(default = "ignore")]
    pub botch: Botch,
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

/// `wodds action teamwork`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamworkQuery {
    /// The edition.
    pub edition: Edition,
    /// Each character's dice.
    pub pools: Vec<i32>,
    /// Difficulty in the edition's terms (default: its standard).
    #[serde(default)]
    pub difficulty: Option<i32>,
    /// Successes the team needs, 1..=200.
    pub target: u32,
    /// Stop after this many rolls, 1..=100000 (default: until it ends).
    #[serde(default)]
    pub max_rolls: Option<usize>,
    /// What a botch of the team's roll does (default: the edition's rule).
    #[serde(default)]
    pub botch: Option<Botch>,
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

/// `wodds action contest`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContestQuery {
    /// The edition.
    pub edition: Edition,
    /// Side A as `--a` writes it: POOL or POOL@DIFFICULTY per round,
    /// comma-separated, the last repeating (`5@5,5@5,6@4`); group members
    /// joined by `+`.
    pub a: String,
    /// Side B, the same way.
    pub b: String,
    /// Score that wins, 1..=200.
    pub target: u32,
    /// Stop after this many rounds, 1..=100000 (default: until it ends).
    #[serde(default)]
    pub max_rounds: Option<usize>,
    /// `separate` tallies or one running `difference` (default: the
    /// edition's rule).
    #[serde(default)]
    pub tally: Option<TallyRule>,
    /// What a botch does to the botching side (default: the edition's
    /// rule).
    #[serde(default)]
    pub botch: Option<Botch>,
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

/// `wodds action prolonged`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProlongedQuery {
    /// The edition.
    pub edition: Edition,
    /// Side A as `--a` writes it: POOL or POOL@DIFFICULTY per contest,
    /// comma-separated, the last repeating.
    pub a: String,
    /// Side B, the same way.
    pub b: String,
    /// Contests A can lose before giving up (its Resistance), 1..=200.
    pub a_resistance: u32,
    /// Contests B can lose before giving up, 1..=200.
    pub b_resistance: u32,
    /// Stop after this many contests, 1..=100000 (default: until it ends).
    #[serde(default)]
    pub max_rounds: Option<usize>,
    /// Who wins a tied contest: `nothing`, `defender`, `acting` or
    /// `re-roll` (default: the edition's rule).
    #[serde(default)]
    pub tie: Option<TieRule>,
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

/// `wodds action multiple`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultipleQuery {
    /// The edition.
    pub edition: Edition,
    /// Each action's pool before the penalty, in the order taken.
    pub pools: Vec<i32>,
    /// Difficulty: one number for every action, or a list of one per
    /// action (default: the edition's standard).
    #[serde(default, deserialize_with = "one_or_each")]
    pub difficulty: Vec<i32>,
    /// The roll's options.
    #[serde(default)]
    pub options: Options,
    /// `exact` (the default) or `mc`.
    #[serde(default)]
    pub method: Method,
    /// Monte Carlo rolls an action.
    #[serde(default = "default_trials")]
    pub trials: u64,
    /// Monte Carlo seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// `wodds action resisted`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResistedQuery {
    /// The edition.
    pub edition: Edition,
    /// Side A as `--a` writes it: POOL or POOL@DIFFICULTY, members of a
    /// group joined by `+` (`5@6+4@6`).
    pub a: String,
    /// Side B, the same way.
    pub b: String,
    /// `exact` (the default) or `mc`.
    #[serde(default)]
    pub method: Method,
    /// Monte Carlo rolls.
    #[serde(default = "default_trials")]
    pub trials: u64,
    /// Monte Carlo seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
}

/// A number, or a list of numbers.
fn one_or_each<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Vec<i32>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrEach {
        One(i32),
        Each(Vec<i32>),
    }
    Ok(match OneOrEach::deserialize(d)? {
        OneOrEach::One(n) => vec![n],
        OneOrEach::Each(v) => v,
    })
}

/// A side written as the command line writes it.
fn side(name: &str, text: &str) -> Result<SideSpec> {
    text.parse()
        .map_err(|e: String| Error::new(format!("{name}: {e}")))
}

/// `action` followed to its end and written as `--format csv` writes it,
/// `unit` naming the round column.
fn follow<P: Process>(
    rules: &RuleSet,
    (action, what): (P, String),
    unit: &str,
    horizon: usize,
    (method, trials, seed): (Method, u64, u64),
) -> ActionAnswer {
    let how = Follow {
        horizon,
        method,
        trials,
        seed,
    };
    let f = act::follow(rules, &what, &action, how, &|_| {}, &mut |_| {});
    let csv = csv_text(|out| act::write_csv(out, unit, &f));
    ActionAnswer {
        summary: f.summary,
        rounds: f.rounds,
        csv,
    }
}

/// Trying again after failing, the difficulty rising with each failure,
/// followed try by try.
pub fn retry(q: &RetryQuery) -> Result<ActionAnswer> {
    check_trials(q.trials)?;
    let options = q.options.roll_options()?;
    let rules = q.edition.load()?;
    let action = act::retry(
        &rules,
        q.pool,
        q.difficulty,
        q.penalty,
        q.botch == Botch::Fail,
        &options,
        ["penalty", "difficulty", "pool"],
    )?;
    let horizon = check_horizon("tries", q.tries)?;
    let how = (q.method, q.trials, q.seed);
    Ok(follow(&rules, action, "try", horizon, how))
}

/// Several characters working together until a target, followed roll by
/// roll.
pub fn teamwork(q: &TeamworkQuery) -> Result<ActionAnswer> {
    check_trials(q.trials)?;
    let options = q.options.roll_options()?;
    let rules = q.edition.load()?;
    let action = act::teamwork(
        &rules,
        &q.pools,
        q.difficulty,
        q.target,
        q.botch.map(Into::into),
        &options,
        ["pools/difficulty", "target"],
    )?;
    let horizon = check_horizon("max_rolls", q.max_rolls)?;
    let how = (q.method, q.trials, q.seed);
    Ok(follow(&rules, action, "roll", horizon, how))
}

/// A contest (extended and resisted), followed round by round.
pub fn contest(q: &ContestQuery) -> Result<ActionAnswer> {
    check_trials(q.trials)?;
    let (a, b) = (side("a", &q.a)?, side("b", &q.b)?);
    let rules = q.edition.load()?;
    let action = act::contest(
        &rules,
        &a,
        &b,
        q.target,
        q.tally,
        q.botch.map(Into::into),
        ["a", "b", "target"],
    )?;
    let horizon = check_horizon("max_rounds", q.max_rounds)?;
    let how = (q.method, q.trials, q.seed);
    Ok(follow(&rules, action, "round", horizon, how))
}

/// A prolonged contest (hubris), followed contest by contest.
pub fn prolonged(q: &ProlongedQuery) -> Result<ActionAnswer> {
    check_trials(q.trials)?;
    let (a, b) = (side("a", &q.a)?, side("b", &q.b)?);
    let rules = q.edition.load()?;
    let action = act::prolonged(
        &rules,
        &a,
        &b,
        [q.a_resistance, q.b_resistance],
        q.tie,
        ["a", "b", "a_resistance", "b_resistance"],
    )?;
    let horizon = check_horizon("max_rounds", q.max_rounds)?;
    let how = (q.method, q.trials, q.seed);
    Ok(follow(&rules, action, "contest", horizon, how))
}

/// What [`multiple`] answers: `wodds action multiple --format json`'s
/// document, and its CSV.
#[derive(Debug, Clone, Serialize)]
pub struct MultipleAnswer {
    /// Each action.
    pub actions: Vec<MultipleRow>,
    /// The chance every action succeeds.
    pub p_all: f64,
    /// The chance that 0, 1, ... of them succeed.
    pub p_succeeding: Vec<f64>,
    /// Where the figures came from.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The actions as `--format csv` writes them.
    pub csv: String,
}

/// Several actions in one turn, each pool losing dice for the others.
pub fn multiple(q: &MultipleQuery) -> Result<MultipleAnswer> {
    check_trials(q.trials)?;
    if q.pools.is_empty() {
        return Err(Error::new("pools: name at least one action's pool"));
    }
    let options = q.options.roll_options()?;
    let rules = q.edition.load()?;
    let m = once::multiple(
        &rules,
        &q.pools,
        &q.difficulty,
        &options,
        (q.method, q.trials, q.seed),
        ["pools", "difficulty"],
    )?;
    let provenance = Provenance::new(q.method, q.trials, q.seed, &rules);
    let csv = csv_text(|out| once::multiple_csv(out, &m, &provenance));
    Ok(MultipleAnswer {
        p_all: tidy(m.count[m.rows.len()]),
        p_succeeding: m.count.iter().map(|&p| tidy(p)).collect(),
        actions: m.rows,
        provenance,
        csv,
    })
}

/// What [`resisted`] answers: `wodds action resisted --format json`'s
/// document, and its CSV.
#[derive(Debug, Clone, Serialize)]
pub struct ResistedAnswer {
    /// The edition's id.
    pub edition: String,
    /// Side A, as the command line writes it.
    pub a: String,
    /// Side B.
    pub b: String,
    /// The chance A succeeds.
    pub p_success: f64,
    /// The standard error of `p_success` (sampled).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_success: Option<f64>,
    /// The chance A botches.
    pub p_botch: f64,
    /// Each margin (A's successes less B's) with any chance, and its
    /// chance, in order.
    pub margins: Vec<(i32, f64)>,
    /// Where the figures came from.
    #[serde(flatten)]
    pub provenance: Provenance,
    /// The margins as `--format csv` writes them.
    pub csv: String,
}

/// One roll against another.
pub fn resisted(q: &ResistedQuery) -> Result<ResistedAnswer> {
    check_trials(q.trials)?;
    let (a, b) = (side("a", &q.a)?, side("b", &q.b)?);
    let rules = q.edition.load()?;
    let odds = once::resisted(&rules, &a, &b, (q.method, q.trials, q.seed), ["a", "b"])?;
    let provenance = Provenance::new(q.method, q.trials, q.seed, &rules);
    let csv = csv_text(|out| once::resisted_csv(out, &rules.id, &odds, &provenance));
    Ok(ResistedAnswer {
        edition: rules.id.clone(),
        a: a.describe(),
        b: b.describe(),
        p_success: tidy(odds.odds.p_success),
        se_success: odds.se_success,
        p_botch: tidy(odds.odds.p_botch),
        margins: odds.margins(),
        provenance,
        csv,
    })
}

/// The kinds of action [`any`] takes, as `wodds action` names its
/// subcommands.
pub const KINDS: [&str; 7] = [
    "extended",
    "retry",
    "teamwork",
    "contest",
    "prolonged",
    "multiple",
    "resisted",
];

/// What [`any`] answers: the answer of the kind asked for.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum AnyAnswer {
    /// `extended`, `retry`, `teamwork`, `contest` or `prolonged`.
    Followed(ActionAnswer),
    /// `multiple`.
    Multiple(MultipleAnswer),
    /// `resisted`.
    Resisted(ResistedAnswer),
}

impl AnyAnswer {
    /// The CSV the subcommand writes with `--format csv`.
    pub fn csv(&self) -> &str {
        match self {
            AnyAnswer::Followed(a) => &a.csv,
            AnyAnswer::Multiple(a) => &a.csv,
            AnyAnswer::Resisted(a) => &a.csv,
        }
    }

    /// The CSV taken out of the answer, an empty text left in its place.
    pub fn take_csv(&mut self) -> String {
        std::mem::take(match self {
            AnyAnswer::Followed(a) => &mut a.csv,
            AnyAnswer::Multiple(a) => &mut a.csv,
            AnyAnswer::Resisted(a) => &mut a.csv,
        })
    }
}

/// Any action of `wodds action`: `kind` names the subcommand (one of
/// [`KINDS`]), `query` is its query as JSON text ([`super::ExtendedQuery`],
/// [`RetryQuery`], ...); a query that does not parse is an error led by
/// the kind.
pub fn any(kind: &str, query: &str) -> Result<AnyAnswer> {
    fn parse<'a, T: Deserialize<'a>>(kind: &str, query: &'a str) -> Result<T> {
        serde_json::from_str(query).map_err(|e| Error::new(format!("{kind}: {e}")))
    }
    Ok(match kind {
        "extended" => AnyAnswer::Followed(super::extended(&parse(kind, query)?)?),
        "retry" => AnyAnswer::Followed(retry(&parse(kind, query)?)?),
        "teamwork" => AnyAnswer::Followed(teamwork(&parse(kind, query)?)?),
        "contest" => AnyAnswer::Followed(contest(&parse(kind, query)?)?),
        "prolonged" => AnyAnswer::Followed(prolonged(&parse(kind, query)?)?),
        "multiple" => AnyAnswer::Multiple(multiple(&parse(kind, query)?)?),
        "resisted" => AnyAnswer::Resisted(resisted(&parse(kind, query)?)?),
        _ => {
            return Err(Error::new(format!(
                "action: `{kind}` is not one of {}",
                KINDS.join(", ")
            )));
        }
    })
}
