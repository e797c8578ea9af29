//! The Ultimate WoD combat engine (seed 000, "Initiative and Movement" to
//! the health rules); where the seed is silent the choice is **assumed**:
//!
//! - Initiative is the successes of a Dexterity + Wits roll (assumed pool),
//!   less wound penalties; ties by the pool, then at random.
//! - An attack is Dexterity + Brawl / Melee / Firearms; its difficulty is
//!   the defender's successes on a reflexive Dexterity + Dodge; with none the
//!   attack hits unless it botches. Each further defence before the
//!   defender's next turn is at onslaught: **assumed** one success fewer per
//!   earlier defence. Successes beyond the difficulty add damage dice.
//! - Damage is Strength (not for firearms) + the weapon + the excess, plus
//!   Potence as automatic successes; soak is Stamina + armour against
//!   bashing, armour alone against lethal and aggravated (vampires and Garou,
//!   **assumed**, soak lethal with Stamina + Fortitude as in Revised). Both
//!   unbotchable.
//! - Health: Bruised 0, Wounded -1, Wounded -1, Hurt -2, Hurt -2, Crippled
//!   -5, Incapacitated; bashing that fills Incapacitated knocks out, more
//!   bashing upgrades to lethal, lethal past it kills. (Staying active while
//!   Incapacitated with a Willpower roll is not modelled yet.)
//! - Total defence: no attack, and no onslaught on its defences.
//! - Wound penalties come off initiative, attack and defence pools; not,
//!   **assumed**, off damage and soak.
//! - Willpower: one automatic success on an attack, per the tactic.
//! - Celerity gives as many extra attacks a turn as its dots.

use rand_core::Rng;
use wodds_dice::D10;
use wodds_rules::{RuleSet, RulesError};

use super::Engine;
use super::fighter::{Fighter, Rolls, Sampling, fighters, max_pool};
use super::health::{Health, UWOD_PENALTIES};
use super::scenario::{DefendTactic, MAX_MEMBERS, Scenario};
use super::tally::{End, Fight};
use super::turn::{Roster, order};

/// The uwod engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Uwod {
    fighters: Vec<Fighter>,
    sides: usize,
    max_rounds: u32,
    rolls: Rolls,
}

impl Uwod {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Uwod, RulesError> {
        let fighters = fighters(scenario);
        let max = max_pool(&fighters, 0);
        Ok(Uwod {
            fighters,
            sides: scenario.sides.len(),
            max_rounds: scenario.max_rounds,
            rolls: Rolls::new(rules, rules.dice.standard_difficulty, sampling, max)?,
        })
    }
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default)]
struct State {
    health: Health,
    willpower: u8,
    /// Defences since its last turn (the onslaught).
    defences: u16,
}

impl Engine for Uwod {
    fn sides(&self) -> usize {
        self.sides
    }

    fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    fn fight<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        let n = self.fighters.len();
        let mut st = [State::default(); MAX_MEMBERS];
        for (s, f) in st.iter_mut().zip(&self.fighters) {
            s.willpower = f.willpower;
        }
        let mut roster = Roster::new(self.fighters.iter().map(|f| f.side), self.sides);
        let penalty = |st: &State| i32::from(st.health.penalty(&UWOD_PENALTIES));
        for round in 1..=self.max_rounds {
            // Initiative: successes of Dexterity + Wits less the wound penalty.
            let turn = order(
                n,
                dice,
                |i, dice| {
                    let pool = self.fighters[i].initiative - penalty(&st[i]);
                    if pool < 1 {
                        0
                    } else {
                        i32::from(self.rolls.damage.roll(dice, pool).successes)
                    }
                },
                |i| self.fighters[i].initiative,
            );
            for &i in &turn[..n] {
                let f = &self.fighters[i];
                if !roster.standing(i) {
                    continue;
                }
                // Its turn: the onslaught against it starts over.
                st[i].defences = 0;
                if f.runs(st[i].health.filled()) {
                    roster.knock_out(i, End::Fled);
                    continue;
                }
                if !f.strikes() {
                    continue;
                }
                for _ in 0..f.attacks {
                    let Some(target) = roster.target(i) else {
                        break;
                    };
                    let dice_left = f.attack - penalty(&st[i]);
                    if dice_left < 1 {
                        break;
                    }
                    let spend = f.spends(st[i].willpower, penalty(&st[i]));
                    let compiled = if spend {
                        st[i].willpower -= 1;
                        roster.willpower += 1;
                        &self.rolls.willpower
                    } else {
                        &self.rolls.action
                    };
                    let hit = compiled.roll(dice, dice_left);
                    // The reflexive defence, one success fewer per earlier one.
                    let defence_pool = self.fighters[target].dodge - penalty(&st[target]);
                    let defence = if defence_pool >= 1 {
                        let d = self.rolls.action.roll(dice, defence_pool);
                        roster.botches += u32::from(d.botch);
                        // Total defence: no onslaught.
                        let onslaught = if self.fighters[target].defend == DefendTactic::Total {
                            0
                        } else {
                            st[target].defences
                        };
                        d.successes.saturating_sub(onslaught)
                    } else {
                        0
                    };
                    st[target].defences += 1;
                    if hit.botch {
                        roster.botches += 1;
                        continue;
                    }
                    if hit.successes < defence {
                        continue;
                    }
                    let excess = i32::from(hit.successes - defence);
                    let soak = &self.fighters[target].soak;
                    self.rolls.wound(
                        dice,
                        f,
                        excess,
                        soak,
                        &mut st[target].health,
                        &mut roster,
                        target,
                    );
                }
            }
            if let Some(result) = roster.result(round, |j| u32::from(st[j].health.filled())) {
                return result;
            }
        }
        roster.draw(self.max_rounds)
    }
}
