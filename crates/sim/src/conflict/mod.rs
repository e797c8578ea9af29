//! Whole fights: scenario files, the combat engines, and the deterministic
//! parallel runner that plays them millions of times.
//!
//! A [`Scenario`] is parsed and validated once; for each edition it names,
//! an engine ([`revised::Revised`] and the others) compiles its members'
//! pools from the edition's `[combat.pools]` and, under the outcome
//! sampler, keeps tables of whole attacks composed exactly from the rolls'
//! distributions (built on first use). Under the round sampler an
//! [`EditionEngine`] also builds the fight's [`Chain`]: every round from
//! every reachable state between rounds, enumerated exactly, so a fight is
//! one draw a round and its odds are known exactly. The [`run`] function
//! plays `trials` fights in fixed batches on rayon, batch `i` seeded from
//! (seed, edition, i), each fight pushed into a streaming [`Tally`] (counts
//! and histograms only, so memory does not grow with the trials). Tallies
//! hold integers, so merging them in any order gives the same result:
//! bit-identical whatever the thread count. [`run_shard`] plays only a
//! [`Shard`]'s share of the batches; its tally's [`Cell`]s are what a
//! shard's part keeps, and the shards' cells added up are the whole run's
//! tally.

mod chain;
pub mod chase;
pub mod combat;
mod fighter;
mod gear;
pub mod grapple;
mod health;
mod scenario;
mod shard;
mod source;
mod strike;
mod summary;
mod tables;
mod tally;
mod turn;

pub use chain::{Chain, Limit, Odds, Outcomes, Rounds};
pub use fighter::Sampling;
pub use gear::{Armor, Damage, Skill, Weapon};
pub use health::Health;
pub use scenario::{
    AttackTactic, ConflictKind, Creature, DefendTactic, FleeAt, MAX_ACTIONS, MAX_MEMBERS, Member,
    Range, Scenario, Side, TRAITS, Tactics, Trait, WillpowerTactic, same_edition, scenario_schema,
    twice_words,
};
pub use shard::{MAX_SHARDS, Shard};
pub use summary::{Figure, Figures, Summary, TrackRow, Z95};
pub use tally::{
    Cell, CellError, ENDS, End, Field, Fight, TRACK_MAX, TRACK_MIN, Tally, TrackTally,
};
pub use turn::Frame;

use rand_core::Rng;
use rayon::prelude::*;
use wodds_dice::{D10, key_of, stream};

use combat::{flow, fta, hubris, revised, uwod};

/// A combat engine: plays one fight.
pub trait Engine: Sync {
    /// Plays one fight with `dice`.
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight;
    /// Plays one fight as [`Engine::fight`] does, the same draws, and
    /// counts it into `tally`, with its track by round where the engine
    /// keeps one ([`Rounds::track`]).
    #[inline]
    fn fight_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        tally.push(&self.fight(dice));
    }
    /// The scenario's shape: its sides and rounds.
    fn frame(&self) -> Frame;
}

impl<T: Rounds> Engine for T {
    #[inline]
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        self.play(dice)
    }

    #[inline]
    fn fight_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        self.play_into(dice, tally)
    }

    fn frame(&self) -> Frame {
        Rounds::frame(self)
    }
}

/// The engine of an edition, chosen by its rule file's `[combat] engine`,
/// with its round chain under the round sampler.
#[derive(Debug, Clone)]
pub struct EditionEngine {
    engine: Kind,
    sampling: Sampling,
    /// Under [`Sampling::Round`], the fight's rounds as a chain, when it
    /// fits within [`Limit::default`].
    chain: Option<Chain>,
}

#[derive(Debug, Clone)]
enum Kind {
    Revised(Box<revised::Revised>),
    Hubris(Box<hubris::Hubris>),
    Uwod(Box<uwod::Uwod>),
    Fta(Box<fta::Fta>),
    Lead(Box<chase::Lead>),
    Race(Box<chase::Race>),
    Contest(Box<chase::Contest>),
    Grapple(Box<grapple::Grapple>),
    FlowRevised(Box<flow::Flow<revised::Revised>>),
    FlowHubris(Box<flow::Flow<hubris::Hubris>>),
    FlowUwod(Box<flow::Flow<uwod::Uwod>>),
    FlowFta(Box<flow::Flow<fta::Fta>>),
}

impl EditionEngine {
    /// Compiles `scenario` for the engine `rules` name, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &wodds_rules::RuleSet,
        sampling: Sampling,
    ) -> Result<Self, wodds_rules::RulesError> {
        EditionEngine::with_limit(scenario, rules, sampling, Limit::default())
    }

    /// The same, with the round chain held to `limit`.
    pub fn with_limit(
        scenario: &Scenario,
        rules: &wodds_rules::RuleSet,
        sampling: Sampling,
        limit: Limit,
    ) -> Result<Self, wodds_rules::RulesError> {
        use wodds_rules::CombatEngine as E;
        // The round chain is composed from the outcome sampler's tables.
        let tables = match sampling {
            Sampling::Round => Sampling::Outcome,
            s => s,
        };
        let engine = match rules.combat.engine {
            _ if scenario.kind == ConflictKind::Chase => chase_engine(scenario, rules, tables)?,
            _ if scenario.kind == ConflictKind::Grapple => {
                Kind::Grapple(Box::new(grapple::Grapple::new(scenario, rules, tables)?))
            }
            E::Revised if scenario.turns() => Kind::FlowRevised(Box::new(flow(
                |s| revised::Revised::new(s, rules, tables),
                scenario,
                rules,
                tables,
            )?)),
            E::Hubris if scenario.turns() => Kind::FlowHubris(Box::new(flow(
                |s| hubris::Hubris::new(s, rules, tables),
                scenario,
                rules,
                tables,
            )?)),
            E::Uwod if scenario.turns() => Kind::FlowUwod(Box::new(flow(
                |s| uwod::Uwod::new(s, rules, tables),
                scenario,
                rules,
                tables,
            )?)),
            E::Fta if scenario.turns() => Kind::FlowFta(Box::new(flow(
                |s| fta::Fta::new(s, rules, tables),
                scenario,
                rules,
                tables,
            )?)),
            E::Revised => Kind::Revised(Box::new(revised::Revised::new(scenario, rules, tables)?)),
            E::Hubris => Kind::Hubris(Box::new(hubris::Hubris::new(scenario, rules, tables)?)),
            E::Fta => Kind::Fta(Box::new(fta::Fta::new(scenario, rules, tables)?)),
            E::Uwod => Kind::Uwod(Box::new(uwod::Uwod::new(scenario, rules, tables)?)),
        };
        let chain = match (sampling, &engine) {
            (Sampling::Round, Kind::Revised(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Hubris(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Uwod(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Fta(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Lead(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Race(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Contest(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::Grapple(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::FlowRevised(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::FlowHubris(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::FlowUwod(e)) => Chain::build(e.as_ref(), limit),
            (Sampling::Round, Kind::FlowFta(e)) => Chain::build(e.as_ref(), limit),
            _ => None,
        };
        Ok(EditionEngine {
            engine,
            sampling,
            chain,
        })
    }

    /// The sampler it was asked for.
    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// The round chain its fights are drawn from, if it has one.
    pub fn chain(&self) -> Option<&Chain> {
        self.chain.as_ref()
    }
}

impl Engine for EditionEngine {
    #[inline]
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        if let Some(chain) = &self.chain {
            return chain.fight(dice.rng());
        }
        match &self.engine {
            Kind::Revised(e) => e.fight(dice),
            Kind::Hubris(e) => e.fight(dice),
            Kind::Uwod(e) => e.fight(dice),
            Kind::Fta(e) => e.fight(dice),
            Kind::Lead(e) => e.fight(dice),
            Kind::Race(e) => e.fight(dice),
            Kind::Contest(e) => e.fight(dice),
            Kind::Grapple(e) => e.fight(dice),
            Kind::FlowRevised(e) => e.fight(dice),
            Kind::FlowHubris(e) => e.fight(dice),
            Kind::FlowUwod(e) => e.fight(dice),
            Kind::FlowFta(e) => e.fight(dice),
        }
    }

    #[inline]
    fn fight_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        if let Some(chain) = &self.chain {
            return chain.fight_into(dice.rng(), tally);
        }
        match &self.engine {
            Kind::Revised(e) => e.fight_into(dice, tally),
            Kind::Hubris(e) => e.fight_into(dice, tally),
            Kind::Uwod(e) => e.fight_into(dice, tally),
            Kind::Fta(e) => e.fight_into(dice, tally),
            Kind::Lead(e) => e.fight_into(dice, tally),
            Kind::Race(e) => e.fight_into(dice, tally),
            Kind::Contest(e) => e.fight_into(dice, tally),
            Kind::Grapple(e) => e.fight_into(dice, tally),
            Kind::FlowRevised(e) => e.fight_into(dice, tally),
            Kind::FlowHubris(e) => e.fight_into(dice, tally),
            Kind::FlowUwod(e) => e.fight_into(dice, tally),
            Kind::FlowFta(e) => e.fight_into(dice, tally),
        }
    }

    fn frame(&self) -> Frame {
        match &self.engine {
            Kind::Revised(e) => Rounds::frame(e.as_ref()),
            Kind::Hubris(e) => Rounds::frame(e.as_ref()),
            Kind::Uwod(e) => Rounds::frame(e.as_ref()),
            Kind::Fta(e) => Rounds::frame(e.as_ref()),
            Kind::Lead(e) => Rounds::frame(e.as_ref()),
            Kind::Race(e) => Rounds::frame(e.as_ref()),
            Kind::Contest(e) => Rounds::frame(e.as_ref()),
            Kind::Grapple(e) => Rounds::frame(e.as_ref()),
            Kind::FlowRevised(e) => Rounds::frame(e.as_ref()),
            Kind::FlowHubris(e) => Rounds::frame(e.as_ref()),
            Kind::FlowUwod(e) => Rounds::frame(e.as_ref()),
            Kind::FlowFta(e) => Rounds::frame(e.as_ref()),
        }
    }
}

/// `fight` as a [`flow::Flow`]: with the grapple it turns into when a
/// member grapples, and the chase that follows the Prey's flight when the
/// scenario has a `[chase]`.
fn flow<F: Rounds>(
    compile: impl Fn(&Scenario) -> Result<F, wodds_rules::RulesError>,
    scenario: &Scenario,
    rules: &wodds_rules::RuleSet,
    sampling: Sampling,
) -> Result<flow::Flow<F>, wodds_rules::RulesError> {
    // The fight as it is, and, when a grapple may disarm, with each set of
    // members disarmed (bit `i`: member `i` fights with its fists).
    let disarms = scenario.grapples()
        && (scenario.sides.iter().flat_map(|s| &s.members)).any(|m| {
            m.grapple.effect == grapple::Effect::Disarm
                || m.grapple.single == Some(grapple::Single::Disarm)
        });
    let sets = if disarms { 4 } else { 1 };
    let fights = (0..sets)
        .map(|set: usize| {
            let mut s = scenario.clone();
            for (i, m) in s.sides.iter_mut().flat_map(|s| &mut s.members).enumerate() {
                if set >> i & 1 != 0 {
                    m.weapon = Weapon::FISTS;
                }
            }
            compile(&s)
        })
        .collect::<Result<Vec<F>, _>>()?;
    let grapple = if scenario.grapples() {
        Some(grapple::Grapple::in_fight(scenario, rules, sampling)?)
    } else {
        None
    };
    let pursuit = match &scenario.chase {
        Some(c) => {
            let p = match chase_engine(scenario, rules, sampling)? {
                Kind::Lead(e) => flow::Pursuit::Lead(e),
                Kind::Race(e) => flow::Pursuit::Race(e),
                Kind::Contest(e) => flow::Pursuit::Contest(e),
                _ => unreachable!("chase_engine makes chase engines"),
            };
            Some((p, c.prey, c.caught))
        }
        None => None,
    };
    Ok(flow::Flow::new(fights, grapple, pursuit))
}

/// The chase engine `rules` name (`[chase] engine`) for a chase scenario.
fn chase_engine(
    scenario: &Scenario,
    rules: &wodds_rules::RuleSet,
    sampling: Sampling,
) -> Result<Kind, wodds_rules::RulesError> {
    use wodds_rules::ChaseEngine as C;
    Ok(match rules.chase.engine {
        C::Lead => Kind::Lead(Box::new(chase::Lead::new(scenario, rules, sampling)?)),
        C::Race => Kind::Race(Box::new(chase::Race::new(scenario, rules, sampling)?)),
        C::Contest => Kind::Contest(Box::new(chase::Contest::new(scenario, rules, sampling)?)),
    })
}

/// Fights per batch: batch `i` always draws from stream (seed, edition, i).
pub const BATCH: u64 = 10_000;

/// Plays `trials` fights of `engine` for the edition `edition` (its id
/// keys the random streams); `progress` is told each finished batch's size.
pub fn run<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    run_shard(engine, edition, trials, seed, Shard::WHOLE, progress)
}

/// Plays `shard`'s share of the `trials` fights [`run`] plays: the same
/// batches, drawn from the same streams, so the tallies of shards `0/n`
/// to `n-1/n` added up are [`run`]'s tally.
pub fn run_shard<E: Engine>(
    engine: &E,
    edition: &str,
    trials: u64,
    seed: u64,
    shard: Shard,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    let key = key_of(edition);
    let frame = engine.frame();
    let empty = || Tally::new(frame.sides, frame.max_rounds);
    (0..shard.share(trials.div_ceil(BATCH)))
        .into_par_iter()
        .map(|k| {
            let b = shard.batch(k);
            let n = BATCH.min(trials - b * BATCH);
            let mut dice = D10::new(stream(seed, &[key, b]));
            let mut tally = empty();
            for _ in 0..n {
                engine.fight_into(&mut dice, &mut tally);
            }
            progress(n);
            tally
        })
        .reduce(empty, |mut a, b| {
            a.merge(&b);
            a
        })
}
