//! What `wodds run` reports of an edition's tally: each side's wins with
//! their intervals, how the conflicts end, their length, and the track
//! (a chase's Lead, a grapple's Control) by round; the exact figures from
//! the round chain beside the estimates where there is one.

use serde::Serialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{ConflictKind, EditionEngine, Figure, Scenario, Summary, Tally};

use crate::cells::tidy;

/// One edition's results.
#[derive(Debug, Serialize)]
pub struct EditionResult {
    /// The edition's id.
    pub edition: String,
    /// Fights played.
    pub fights: u64,
    /// How the fights were drawn: `round-chain`, `outcome` (rolls and
    /// whole attacks from alias tables) or `per-die`.
    pub sampler: &'static str,
    /// States of the round chain, when there is one.
    pub chain_states: Option<usize>,
    /// Why the round sampler found no chain, and how to get one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_chain: Option<String>,
    /// What the rules leave a side unable to do (see `Summary::caveat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caveat: Option<&'static str>,
    /// Each side's wins.
    pub sides: Vec<SideResult>,
    /// The share of draws.
    pub draws: f64,
    /// The exact chance of a draw, from the round chain.
    pub exact_draws: Option<f64>,
    /// How fights end: a fight's ways, or a chase's.
    pub ended: Vec<(&'static str, f64)>,
    /// The same, exactly, from the round chain.
    pub exact_ended: Option<Vec<(&'static str, f64)>>,
    /// Mean rounds a fight.
    pub mean_rounds: Option<f64>,
    /// The exact mean, from the round chain.
    pub exact_mean_rounds: Option<f64>,
    /// Median rounds.
    pub median_rounds: Option<u32>,
    /// The 90th percentile of rounds.
    pub p90_rounds: Option<u32>,
    /// Health levels the winning side lost, on average.
    pub winner_damage: Option<f64>,
    /// Willpower spent a fight.
    pub willpower_per_fight: Option<f64>,
    /// Botches a fight.
    pub botches_per_fight: Option<f64>,
    /// Grapples reversed a conflict (scenarios with grapples only).
    pub reversals: Option<f64>,
    /// The same, exactly, from the round chain.
    pub exact_reversals: Option<f64>,
    /// Health levels dealt by grapple effects a conflict (scenarios with
    /// grapples only).
    pub effect_damage: Option<f64>,
    /// The same, exactly, from the round chain.
    pub exact_effect_damage: Option<f64>,
    /// What `track` follows (`lead` for a chase, `control` for a
    /// grapple), or `None` for a fight.
    pub track_name: Option<&'static str>,
    /// The track by round, among the conflicts still going after it.
    pub track: Vec<TrackResult>,
    /// The seed.
    pub seed: u64,
    /// The hash of the resolved rules.
    pub rules_hash: String,
    /// The wodds version.
    pub wodds_version: &'static str,
}

/// The track after one round, among the conflicts still going.
#[derive(Debug, Serialize)]
pub struct TrackResult {
    /// The round.
    pub round: u32,
    /// The share of conflicts still going after the round.
    pub going: f64,
    /// The mean track among them, and its 95% interval.
    pub mean: f64,
    /// The interval's low end.
    pub mean_low: f64,
    /// Its high end.
    pub mean_high: f64,
    /// The exact mean, from the round chain.
    pub exact_mean: Option<f64>,
    /// The exact share still going.
    pub exact_going: Option<f64>,
    /// The estimate's 10th and 90th percentiles.
    pub p10: i32,
    /// The 90th.
    pub p90: i32,
}

/// One side's wins.
#[derive(Debug, Serialize)]
pub struct SideResult {
    /// The side's name.
    pub side: String,
    /// The share of fights it wins.
    pub win_rate: f64,
    /// The 95% interval's low end.
    pub win_low: f64,
    /// Its high end.
    pub win_high: f64,
    /// The exact chance it wins, from the round chain.
    pub exact_win_rate: Option<f64>,
}

/// An edition's tally summed up, with the exact figures of its round
/// chain where it has one.
pub fn summarize(
    scenario: &Scenario,
    rules: &RuleSet,
    engine: &EditionEngine,
    t: &Tally,
) -> EditionResult {
    let s = Summary::new(engine, t);
    let (est, exact) = (&s.estimate, s.exact.as_ref());
    let value = |f: Option<Figure>| f.map(|f| tidy(f.value));
    let grapples = scenario.kind == ConflictKind::Grapple || scenario.grapples();
    EditionResult {
        edition: rules.id.clone(),
        fights: s.fights,
        sampler: s.sampler,
        chain_states: s.chain_states,
        no_chain: s.no_chain.clone(),
        caveat: s.caveat,
        sides: scenario
            .sides
            .iter()
            .zip(&est.wins)
            .enumerate()
            .map(|(i, (side, f))| SideResult {
                side: side.name.clone(),
                win_rate: tidy(f.value),
                win_low: tidy(f.low),
                win_high: tidy(f.high),
                exact_win_rate: exact.map(|x| tidy(x.wins[i].value)),
            })
            .collect(),
        draws: tidy(est.draws().value),
        exact_draws: exact.map(|x| tidy(x.draws().value)),
        ended: scenario
            .ends()
            .iter()
            .map(|&e| (e.name(), tidy(est.end(e).value)))
            .collect(),
        exact_ended: exact.map(|x| {
            scenario
                .ends()
                .iter()
                .map(|&e| (e.name(), tidy(x.end(e).value)))
                .collect()
        }),
        mean_rounds: value(est.rounds_mean),
        exact_mean_rounds: exact.and_then(|x| value(x.rounds_mean)),
        median_rounds: t.quantile_rounds(0.5),
        p90_rounds: t.quantile_rounds(0.9),
        winner_damage: value(est.winner_damage),
        willpower_per_fight: value(est.willpower),
        botches_per_fight: value(est.botches),
        reversals: grapples.then(|| value(est.reversals)).flatten(),
        exact_reversals: grapples
            .then(|| exact.and_then(|x| value(x.reversals)))
            .flatten(),
        effect_damage: grapples.then(|| value(est.harm)).flatten(),
        exact_effect_damage: grapples
            .then(|| exact.and_then(|x| value(x.harm)))
            .flatten(),
        track_name: scenario.kind.track_name(),
        track: est
            .track
            .iter()
            .map(|row| {
                let exactly = exact.and_then(|x| x.track.iter().find(|e| e.round == row.round));
                TrackResult {
                    round: row.round,
                    going: tidy(row.going.value),
                    mean: tidy(row.mean.value),
                    mean_low: tidy(row.mean.low),
                    mean_high: tidy(row.mean.high),
                    exact_mean: exactly.map(|e| tidy(e.mean.value)),
                    exact_going: exactly.map(|e| tidy(e.going.value)),
                    p10: row.p10,
                    p90: row.p90,
                }
            })
            .collect(),
        seed: scenario.seed,
        rules_hash: rules.hash().to_string(),
        wodds_version: crate::provenance::VERSION,
    }
}
