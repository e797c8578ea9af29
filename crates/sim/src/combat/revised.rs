//! The Revised combat engine. Chapter Six is not among the seeds, so every
//! rule here is the well-known Revised rule, **assumed** (RULES.md):
//!
//! - Each turn, initiative 1d10 + Dexterity + Wits less the wound penalty;
//!   ties by Dexterity + Wits, then at random; the highest acts first.
//! - An attack is Dexterity + Brawl / Melee / Firearms at difficulty 6, with
//!   the edition's dice (1s cancel, botches). Armour's penalty comes off
//!   Dexterity pools.
//! - A member that dodges splits its turn into two actions, the attack at
//!   -2 dice and the dodge at -3 (Dexterity + Dodge); the dodge answers the
//!   first attack against it that turn, each success removing one of the
//!   attacker's. A total defender never attacks and dodges every attack, a
//!   die fewer for each earlier dodge that turn.
//! - Damage is Strength + the weapon (firearms: the weapon only) + one die
//!   per attack success beyond the first, plus Potence as automatic
//!   successes on Strength-based attacks; soak is Stamina (+ Fortitude) +
//!   armour; both at difficulty 6, 1s ignored, no botch. Mortals soak only
//!   bashing with Stamina, vampires bashing and lethal (aggravated with
//!   Fortitude only), ghouls add Fortitude to all, Garou soak everything.
//! - Seven health levels, penalties 0, -1, -1, -2, -2, -5; every box filled
//!   is Incapacitated; bashing past it turns to lethal, lethal past it kills.
//! - Celerity gives as many extra attacks a turn as its dots.
//! - Willpower buys one automatic success on an attack, per the tactic.

use rand_core::Rng;
use wodds_dice::D10;
use wodds_rules::{RuleSet, RulesError};

use super::Engine;
use super::fighter::{Fighter, Rolls, Sampling, fighters, max_pool};
use super::health::{Health, REVISED_PENALTIES};
use super::scenario::{DefendTactic, MAX_MEMBERS, Scenario};
use super::tally::{End, Fight};
use super::turn::{Roster, face, order};

/// The Revised engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Revised {
    fighters: Vec<Fighter>,
    sides: usize,
    max_rounds: u32,
    rolls: Rolls,
}

impl Revised {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Revised, RulesError> {
        let fighters = fighters(scenario);
        let max = max_pool(&fighters, 0);
        Ok(Revised {
            fighters,
            sides: scenario.sides.len(),
            max_rounds: scenario.max_rounds,
            rolls: Rolls::new(rules, 6, sampling, max)?,
        })
    }
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default)]
struct State {
    health: Health,
    willpower: u8,
    /// Dodges rolled this turn.
    dodged: u8,
}

impl Engine for Revised {
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
        let penalty = |st: &State| i32::from(st.health.penalty(&REVISED_PENALTIES));
        for round in 1..=self.max_rounds {
            // Initiative: 1d10 + Dexterity + Wits less the wound penalty;
            // ties by Dexterity + Wits, then at random.
            let turn = order(
                n,
                dice,
                |i, dice| face(dice) + self.fighters[i].initiative - penalty(&st[i]),
                |i| self.fighters[i].initiative,
            );
            for s in &mut st[..n] {
                s.dodged = 0;
            }
            for &i in &turn[..n] {
                let f = &self.fighters[i];
                if !roster.standing(i) {
                    continue;
                }
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
                    let dice_left = f.attack - penalty(&st[i]) - if f.splits() { 2 } else { 0 };
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
                    if hit.botch {
                        roster.botches += 1;
                        continue;
                    }
                    let mut successes = hit.successes;
                    // A split dodge answers the first attack at -3 dice; a
                    // total defender dodges every attack, a die fewer each.
                    let t = &self.fighters[target];
                    let dodge = match t.defend {
                        DefendTactic::Dodge if st[target].dodged == 0 => Some(t.dodge - 3),
                        DefendTactic::Total => Some(t.dodge - i32::from(st[target].dodged)),
                        _ => None,
                    };
                    if let Some(pool) = dodge {
                        st[target].dodged += 1;
                        let dodge = pool - penalty(&st[target]);
                        if dodge >= 1 {
                            let d = self.rolls.action.roll(dice, dodge);
                            roster.botches += u32::from(d.botch);
                            successes = successes.saturating_sub(d.successes);
                        }
                    }
                    if successes == 0 {
                        continue;
                    }
                    let soak = &self.fighters[target].soak;
                    let extra = i32::from(successes) - 1;
                    self.rolls.wound(
                        dice,
                        f,
                        extra,
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
