//! The engine a scenario and an edition's rules choose ([`EditionEngine`]):
//! the scenario's kind (a chase, a grapple, a fight), the rules' `[combat]
//! engine` and `[chase] engine`, a fight that turns into a grapple or a
//! chase wrapped in a [`Flow`](super::combat::flow::Flow); and, under the
//! round sampler, its round chain.

use rand_core::Rng;
use wodds_dice::D10;

use super::chain::{Chain, Limit, NoChain, Outcomes, Rounds};
use super::combat::{flow, fta, hubris, revised, uwod};
use super::gear::Weapon;
use super::keyed::Keys;
use super::runner::Engine;
use super::scenario::{ConflictKind, Scenario};
use super::source::Sampling;
use super::tally::{Fight, Tally};
use super::turn::Frame;
use super::{chase, grapple};

/// The engine of an edition, chosen by its rule file's `[combat] engine`,
/// with its round chain under the round sampler.
#[derive(Debug, Clone)]
pub struct EditionEngine {
    engine: Kind,
    sampling: Sampling,
    /// Under [`Sampling::Round`], the fight's rounds as a chain, when it
    /// fits within its [`Limit`], else why it has none.
    chain: Option<Result<Chain, NoChain>>,
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

impl Kind {
    /// Its round chain ([`Chain::build_until`]; lean, only what the exact
    /// figures read).
    fn grow(
        &self,
        limit: Limit,
        stop: &dyn Fn() -> bool,
        lean: bool,
    ) -> Option<Result<Chain, NoChain>> {
        match self {
            Kind::Revised(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Hubris(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Uwod(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Fta(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Lead(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Race(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Contest(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::Grapple(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::FlowRevised(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::FlowHubris(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::FlowUwod(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
            Kind::FlowFta(e) => Chain::grow_until(e.as_ref(), limit, stop, lean),
        }
    }
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
        let built = EditionEngine::until(scenario, rules, sampling, limit, &|| false)?;
        Ok(built.expect("never stopped"))
    }

    /// [`EditionEngine::with_limit`], given up (`Ok(None)`) while its
    /// round chain is built as soon as `stop` says so
    /// ([`Chain::build_until`]).
    pub fn until(
        scenario: &Scenario,
        rules: &wodds_rules::RuleSet,
        sampling: Sampling,
        limit: Limit,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Self>, wodds_rules::RulesError> {
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
        if sampling != Sampling::Round {
            return Ok(Some(EditionEngine {
                engine,
                sampling,
                chain: None,
            }));
        }
        let built = engine.grow(limit, stop, false);
        Ok(built.map(|chain| EditionEngine {
            engine,
            sampling,
            chain: Some(chain),
        }))
    }

    /// The sampler it was asked for.
    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// The exact figures of `scenario`'s fights under `rules` from its
    /// round chain, or why it has none: what [`EditionEngine::chain`]'s
    /// [`Chain::outcomes`] gives, from a chain that keeps only what they
    /// read (a state's next states, not what each path to them counted),
    /// for a caller that draws no fight.
    pub fn exact_outcomes(
        scenario: &Scenario,
        rules: &wodds_rules::RuleSet,
        limit: Limit,
    ) -> Result<Result<Outcomes, NoChain>, wodds_rules::RulesError> {
        let compiled = EditionEngine::until(scenario, rules, Sampling::Outcome, limit, &|| false)?;
        let engine = compiled.expect("never stopped").engine;
        let built = engine.grow(limit, &|| false, true).expect("never stopped");
        Ok(built.map(|chain| chain.outcomes()))
    }

    /// What `scenario` compiles to under `rules`, in words: the engine's
    /// fighters, rolls and rules, every field of them (as `Debug` prints
    /// them; a roll's lookup tables, made from its spec, print as their
    /// name), before any outcome table or chain is built from them. Two
    /// scenarios (a fight raised by one trait or by another) that compile
    /// to the same words fight the same fights, so one's round chain
    /// serves the other.
    pub fn compiled(
        scenario: &Scenario,
        rules: &wodds_rules::RuleSet,
    ) -> Result<String, wodds_rules::RulesError> {
        let plain = EditionEngine::new(scenario, rules, Sampling::PerDie)?;
        Ok(format!("{:?}", plain.engine))
    }

    /// The round chain its fights are drawn from, if it has one.
    pub fn chain(&self) -> Option<&Chain> {
        self.chain.as_ref().and_then(|c| c.as_ref().ok())
    }

    /// The distinct states between rounds that `fights` fights drawn
    /// with `dice` pass through, kept as its round chain would keep them:
    /// a lower bound on the states the chain would hold (each fight's
    /// next round starts from the state as kept), whatever the sampler.
    pub fn states_seen<R: Rng>(&self, dice: &mut D10<R>, fights: u64) -> usize {
        use super::chain::states_seen;
        match &self.engine {
            Kind::Revised(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Hubris(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Uwod(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Fta(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Lead(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Race(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Contest(e) => states_seen(e.as_ref(), dice, fights),
            Kind::Grapple(e) => states_seen(e.as_ref(), dice, fights),
            Kind::FlowRevised(e) => states_seen(e.as_ref(), dice, fights),
            Kind::FlowHubris(e) => states_seen(e.as_ref(), dice, fights),
            Kind::FlowUwod(e) => states_seen(e.as_ref(), dice, fights),
            Kind::FlowFta(e) => states_seen(e.as_ref(), dice, fights),
        }
    }

    /// Why the round sampler found no chain for its fights (`None` with a
    /// chain, or under another sampler).
    pub fn no_chain(&self) -> Option<&NoChain> {
        self.chain.as_ref().and_then(|c| c.as_ref().err())
    }

    /// What the rules leave a side unable to do, when it shapes every
    /// figure: a foot chase whose Predator never rolls
    /// (`chase.race.foot-pursuer-rolls = false`) cannot change the outcome;
    /// a hold whose Grappler deals no damage cannot win.
    pub fn caveat(&self) -> Option<&'static str> {
        match &self.engine {
            Kind::Race(e) if e.predator_idle() => Some(
                "the Predator never rolls (chase.race.foot-pursuer-rolls = false): only the \
                 Prey's dice and the Runs decide the chase",
            ),
            Kind::Grapple(e) => e.caveat(),
            _ => None,
        }
    }
}

impl Engine for EditionEngine {
    #[inline]
    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        if let Some(chain) = self.chain() {
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
        if let Some(chain) = self.chain() {
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

    fn fight_keyed<R: Rng>(&self, dice: &mut D10<R>, keys: Keys<'_, R>) -> Fight {
        if let Some(chain) = self.chain() {
            return chain.fight(dice.rng());
        }
        let s = keys;
        match &self.engine {
            Kind::Revised(e) => e.play_keyed(dice, s),
            Kind::Hubris(e) => e.play_keyed(dice, s),
            Kind::Uwod(e) => e.play_keyed(dice, s),
            Kind::Fta(e) => e.play_keyed(dice, s),
            Kind::Lead(e) => e.play_keyed(dice, s),
            Kind::Race(e) => e.play_keyed(dice, s),
            Kind::Contest(e) => e.play_keyed(dice, s),
            Kind::Grapple(e) => e.play_keyed(dice, s),
            Kind::FlowRevised(e) => e.play_keyed(dice, s),
            Kind::FlowHubris(e) => e.play_keyed(dice, s),
            Kind::FlowUwod(e) => e.play_keyed(dice, s),
            Kind::FlowFta(e) => e.play_keyed(dice, s),
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
