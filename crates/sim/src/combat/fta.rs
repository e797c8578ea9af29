//! The From the Ashes combat engine (seed 004), on Revised's dice, health
//! and soak. What it models:
//!
//! - Initiative 1d10 + Wits + Dexterity, ties by the unrolled part, then at
//!   random; actions resolve high to low. A main phase, then one haste phase
//!   per dot of Celerity, each a further attack.
//! - Basic attacks at difficulty 6. Melee attack against attack is
//!   contested: when the target attacks the attacker back in the same phase,
//!   both roll, the lower total comes off the higher and only the winner
//!   lands; the exchange is both members' action.
//! - Any other attack meets a defence: a member who dodges splits its
//!   action (split actions: the attack at -2 dice, the dodge at -3) and
//!   rolls Dexterity + Athletics at difficulty 5 in melee (6 against guns,
//!   no cover), losing a die per earlier attack on it this round; a member
//!   only attacking defends with its attack pool at -2 dice per earlier
//!   attack on it (piling on); haste attacks count as later attackers. Guns
//!   are not contested: only a dodge answers them. Defence successes come
//!   off the attack's.
//! - Damage: Strength (not for guns) + the weapon + one die per net success
//!   beyond the first, difficulty 6; soak Stamina (+ Fortitude) + armour,
//!   difficulty 6, by creature as Revised.
//!
//! - Attack styles: power (+1 difficulty, +2 damage dice), feint (-1, -2),
//!   committed (no defence at all that round; every defence against it at
//!   +2 difficulty); haste actions are basic. A pure defender (`total`)
//!   dodges without the split's -3.
//!
//! - Escape: on its turn, Dexterity + Athletics at 6; a success ends its
//!   part in the fight as a flight (the chase that follows is not modelled).
//!
//! Not modelled yet (issue 4): block, grapple and guard defences;
//! split actions beyond attack-and-dodge; abort on Willpower 8; range and
//! point-blank difficulties in firefights.

use rand_core::Rng;
use wodds_dice::D10;
use wodds_rules::{RuleSet, RulesError};

use super::Engine;
use super::fighter::{Fighter, Rolls, Sampling, fighters, max_pool};
use super::health::{Health, REVISED_PENALTIES};
use super::scenario::{AttackTactic, DefendTactic, MAX_MEMBERS, Scenario};
use super::tally::{End, Fight};
use super::turn::{Roster, face, order};

/// The FtA engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Fta {
    fighters: Vec<Fighter>,
    sides: usize,
    max_rounds: u32,
    /// The rolls at difficulty 5, 6, 7 and 8.
    rolls: [Rolls; 4],
}

impl Fta {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Fta, RulesError> {
        let fighters = fighters(scenario);
        let max = max_pool(&fighters, 0);
        Ok(Fta {
            fighters,
            sides: scenario.sides.len(),
            max_rounds: scenario.max_rounds,
            rolls: [
                Rolls::new(rules, 5, sampling, max)?,
                Rolls::new(rules, 6, sampling, max)?,
                Rolls::new(rules, 7, sampling, max)?,
                Rolls::new(rules, 8, sampling, max)?,
            ],
        })
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct State {
    health: Health,
    willpower: u8,
    /// Attacks against it this round.
    attacked: u8,
    /// Its action of this phase is spent.
    acted: bool,
}

/// An attack's difficulty and damage dice added, by style (haste actions
/// are always basic).
fn style(f: &Fighter, haste: bool) -> (i32, i32) {
    match f.tactics_attack {
        AttackTactic::Power if !haste => (7, 2),
        AttackTactic::Feint if !haste => (5, -2),
        _ => (6, 0),
    }
}

impl Fta {
    /// The rolls at difficulty `d` (5..=8).
    fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(5, 8) - 5) as usize]
    }

    fn penalty(st: &State) -> i32 {
        i32::from(st.health.penalty(&REVISED_PENALTIES))
    }

    /// Rolls `i`'s attack pool at `difficulty` (with Willpower per its
    /// tactic, less `minus` dice); `None` if it has no dice left.
    #[allow(clippy::too_many_arguments)]
    fn attack_roll<R: Rng>(
        &self,
        i: usize,
        difficulty: i32,
        minus: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D10<R>,
    ) -> Option<wodds_dice::Roll> {
        let f = &self.fighters[i];
        let pool = f.attack - Self::penalty(&st[i]) - minus;
        if pool < 1 {
            return None;
        }
        let rolls = self.at(difficulty);
        let compiled = if f.spends(st[i].willpower, Self::penalty(&st[i])) {
            st[i].willpower -= 1;
            roster.willpower += 1;
            &rolls.willpower
        } else {
            &rolls.action
        };
        let r = compiled.roll(dice, pool);
        roster.botches += u32::from(r.botch);
        Some(r)
    }

    /// `i`'s attack landing with `net` successes on `target`, its style
    /// adding `bonus` damage dice.
    #[allow(clippy::too_many_arguments)]
    fn land<R: Rng>(
        &self,
        i: usize,
        target: usize,
        net: u16,
        bonus: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D10<R>,
    ) {
        let f = &self.fighters[i];
        let soak = &self.fighters[target].soak;
        let extra = i32::from(net) - 1 + bonus;
        self.at(6)
            .wound(dice, f, extra, soak, &mut st[target].health, roster, target);
    }

    /// One attack of `i` on its target in a phase (`haste`: a haste action,
    /// never contested).
    fn attack<R: Rng>(
        &self,
        i: usize,
        haste: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D10<R>,
    ) {
        let f = &self.fighters[i];
        let Some(target) = roster.target(i) else {
            return;
        };
        let t = &self.fighters[target];
        let earlier = i32::from(st[target].attacked);
        st[target].attacked += 1;
        let (difficulty, bonus) = style(f, haste);
        // A committed member has no defence at all this round.
        let undefended = t.tactics_attack == AttackTactic::Committed;
        // Against a committed attack, every defence is at +2 difficulty.
        let harder = if !haste && f.tactics_attack == AttackTactic::Committed {
            2
        } else {
            0
        };
        // Attack against attack: the target strikes back at `i` this phase.
        let strikes_back = !haste
            && !f.ranged
            && !t.ranged
            && !st[target].acted
            && t.strikes()
            && !t.splits()
            && roster.target(target) == Some(i);
        if strikes_back {
            st[target].acted = true;
            let (t_difficulty, t_bonus) = style(t, false);
            let a = self.attack_roll(i, difficulty, 0, st, roster, dice);
            let b = self.attack_roll(target, t_difficulty, 2 * earlier, st, roster, dice);
            let score = |r: Option<wodds_dice::Roll>| {
                r.map_or(0, |r| if r.botch { 0 } else { i32::from(r.successes) })
            };
            let margin = score(a) - score(b);
            if margin > 0 {
                self.land(i, target, margin as u16, bonus, st, roster, dice);
            } else if margin < 0 {
                self.land(target, i, (-margin) as u16, t_bonus, st, roster, dice);
            }
            return;
        }
        let split = if f.splits() && !haste { 2 } else { 0 };
        let Some(hit) = self.attack_roll(i, difficulty, split, st, roster, dice) else {
            return;
        };
        if hit.botch || hit.successes == 0 {
            return;
        }
        let penalty = Self::penalty(&st[target]);
        // Dodge: 5 in melee, 6 against guns (no cover).
        let dodge_at = if f.ranged { 6 } else { 5 } + harder;
        let defence = if undefended {
            None
        } else if t.splits() || t.defend == DefendTactic::Total {
            // A split dodge is at -3 dice; a pure defender's is not. Either
            // loses a die per earlier attack this round.
            let split = if t.splits() { 3 } else { 0 };
            let pool = t.athletics - penalty - split - earlier;
            (pool >= 1).then(|| self.at(dodge_at).action.roll(dice, pool))
        } else if !f.ranged && t.strikes() {
            let pool = t.attack - penalty - 2 * earlier;
            (pool >= 1).then(|| self.at(6 + harder).action.roll(dice, pool))
        } else {
            None
        };
        let blocked = defence.map_or(0, |d| {
            roster.botches += u32::from(d.botch);
            d.successes
        });
        let net = hit.successes.saturating_sub(blocked);
        if net > 0 {
            self.land(i, target, net, bonus, st, roster, dice);
        }
    }
}

impl Engine for Fta {
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
        let phases = self.fighters.iter().map(|f| f.attacks).max().unwrap_or(1);
        for round in 1..=self.max_rounds {
            let turn = order(
                n,
                dice,
                |i, dice| face(dice) + self.fighters[i].initiative - Self::penalty(&st[i]),
                |i| self.fighters[i].initiative,
            );
            for s in &mut st[..n] {
                s.attacked = 0;
            }
            for phase in 0..phases {
                for s in &mut st[..n] {
                    s.acted = false;
                }
                for &i in &turn[..n] {
                    let f = &self.fighters[i];
                    if !roster.standing(i) || st[i].acted || phase >= f.attacks {
                        continue;
                    }
                    st[i].acted = true;
                    if phase == 0 && f.flee_at > 0 && st[i].health.filled() >= f.flee_at {
                        roster.knock_out(i, End::Fled);
                        continue;
                    }
                    // The escape defence: Dexterity + Athletics at 6; a
                    // success ends its fight as a flight.
                    if phase == 0 && f.defend == DefendTactic::Escape {
                        let pool = f.athletics - Self::penalty(&st[i]);
                        if pool >= 1 {
                            let r = self.at(6).action.roll(dice, pool);
                            roster.botches += u32::from(r.botch);
                            if !r.botch && r.successes > 0 {
                                roster.knock_out(i, End::Fled);
                            }
                        }
                        continue;
                    }
                    if !f.strikes() {
                        continue;
                    }
                    self.attack(i, phase > 0, &mut st, &mut roster, dice);
                }
            }
            if let Some(result) = roster.result(round, |j| u32::from(st[j].health.filled())) {
                return result;
            }
        }
        roster.draw(self.max_rounds)
    }
}
