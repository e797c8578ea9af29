//! The Act of Hubris combat engine. The seed (001) gives contests, health
//! and Willpower; how they make a fight is **assumed** (RULES.md):
//!
//! - Each turn, initiative 1d10 + Dexterity + Wits (as Revised); ties by
//!   Dexterity + Wits, then at random.
//! - An attack is a physical contest: the attacker rolls Strength + Brawl or
//!   Melee (Dexterity + Firearms for guns) with the weapon's damage as an
//!   Edge (at most five dice) and Potence as more; the defender rolls
//!   Dexterity + the better of Athletics and Dodge. Armour is a Difficulty
//!   on the attacker's pool. The edition's dice: 8+, 10-again, a chance die
//!   at 0 dice.
//! - "Whoever has more successes is considered to have won, and can ... claim
//!   the margin": the attacker's margin is the damage, of the weapon's kind,
//!   less the defender's Fortitude. A tie is won by nobody.
//! - Health is 5 + Stamina boxes, worst wounds first; with no empty box a
//!   wound upgrades the least severe one. No wound penalties. When the last
//!   box holds bashing damage, a Stamina roll at the start of each turn; the
//!   first failure is unconsciousness. Last box lethal: incapacitated. All
//!   aggravated: dead.
//! - A character who has lost contests equal to Stamina concedes (the rule
//!   file's `concede`).
//! - Willpower: one point a turn, three more dice and the rote property on
//!   the first attack its tactic calls for.
//! - Celerity gives as many extra attacks a turn as its dots; a Garou
//!   spends Rage points for more, one each (per its tactic, while they
//!   last).
//!
//! Under the outcome sampler an attack's whole contest (both rolls: the
//! margin, every loss as -1, and the botches) and the Stamina roll to stay
//! conscious are each one draw from a table of their exact distribution.

use wodds_dice::Roll;
use wodds_rules::{Pool, RuleSet, RulesError};

use super::chain::Rounds;
use super::fighter::{Rolls, Sampling};
use super::gear::{Damage, Skill};
use super::scenario::{
    AttackTactic, Creature, DefendTactic, MAX_MEMBERS, Scenario, Trait, WillpowerTactic,
};
use super::source::Source;
use super::tables::Tables;
use super::tally::End;
use super::turn::{Frame, Roster};

/// The most dice an Edge adds.
const MAX_EDGE: i32 = 5;

/// A health track of `boxes` boxes, counted by kind of wound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Wounds {
    /// Boxes.
    pub boxes: u8,
    /// Bashing wounds.
    pub bashing: u8,
    /// Lethal wounds.
    pub lethal: u8,
    /// Aggravated wounds.
    pub aggravated: u8,
}

impl Wounds {
    /// Boxes filled.
    pub fn filled(&self) -> u8 {
        self.bashing + self.lethal + self.aggravated
    }

    /// Takes `n` wounds of `kind`: into empty boxes, then each upgrading the
    /// least severe wound (bashing to lethal, lethal to aggravated).
    pub fn take(&mut self, kind: Damage, n: u32) {
        for _ in 0..n {
            if self.filled() < self.boxes {
                match kind {
                    Damage::Bashing => self.bashing += 1,
                    Damage::Lethal => self.lethal += 1,
                    Damage::Aggravated => self.aggravated += 1,
                }
            } else if self.bashing > 0 {
                self.bashing -= 1;
                self.lethal += 1;
            } else if self.lethal > 0 {
                self.lethal -= 1;
                self.aggravated += 1;
            } else {
                return;
            }
        }
    }

    /// What the last box holds, if every box is filled.
    pub fn last(&self) -> Option<Damage> {
        let least_severe = if self.bashing > 0 {
            Damage::Bashing
        } else if self.lethal > 0 {
            Damage::Lethal
        } else {
            Damage::Aggravated
        };
        (self.filled() >= self.boxes).then_some(least_severe)
    }
}

#[derive(Debug, Clone, Copy)]
struct Fighter {
    side: usize,
    initiative: i32,
    attack: i32,
    defence: i32,
    /// A Difficulty on attacks against it (its armour).
    armor: i32,
    fortitude: u16,
    kind: Damage,
    boxes: u8,
    stamina: i32,
    willpower: u8,
    attacks: u8,
    /// Rage points, and how many it spends a turn (an attack each).
    rage: (u8, u8),
    tactics_attack: AttackTactic,
    /// Flees on its first turn (`escape`: hubris has no escape roll).
    escapes: bool,
    spend: WillpowerTactic,
    flee_at: u8,
}

/// The hubris engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Hubris {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// Whether losing Stamina contests concedes.
    concede: bool,
    rolls: Rolls,
    bonus_dice: i32,
    /// Under the outcome sampler, whole contests by attacker, target and
    /// Willpower spent.
    contests: Option<Tables<Contest, 3>>,
    /// Under the outcome sampler, whether a member fails its Stamina roll
    /// to stay conscious, by member.
    faints: Option<Tables<bool, 1>>,
}

/// What one attack's contest did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Contest {
    /// The attacker's margin; every loss is -1 (only who lost matters).
    margin: i32,
    /// Botched rolls.
    botches: u8,
}

impl Contest {
    /// The contest of an attack roll `a` against a defence roll `d`.
    fn of(a: Roll, d: Roll) -> Contest {
        let margin = i32::from(a.successes) - i32::from(d.successes);
        Contest {
            margin: margin.max(-1),
            botches: u8::from(a.botch) + u8::from(d.botch),
        }
    }
}

impl Hubris {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Hubris, RulesError> {
        let mut fighters = Vec::new();
        for (side, s) in scenario.sides.iter().enumerate() {
            for m in &s.members {
                let t = |x: Trait| i32::from(m.get(x));
                // Armour is a Difficulty here, not a Dexterity penalty.
                let ratings = m.ratings(false);
                let p = |x: Pool| rules.combat.pools.get(x).of(&ratings);
                let supernatural = matches!(m.kind, Creature::Vampire | Creature::Ghoul);
                let edge = i32::from(m.weapon.damage).min(MAX_EDGE);
                let potence = if supernatural && m.weapon.strength {
                    t(Trait::Potence)
                } else {
                    0
                };
                let attack = p(match m.weapon.skill {
                    Skill::Brawl => Pool::Brawl,
                    Skill::Melee => Pool::Melee,
                    Skill::Firearms => Pool::Firearms,
                }) + edge
                    + potence;
                fighters.push(Fighter {
                    side,
                    initiative: p(Pool::Initiative),
                    attack,
                    defence: p(Pool::Dodge),
                    armor: i32::from(m.armor.rating),
                    fortitude: if supernatural {
                        m.get(Trait::Fortitude).into()
                    } else {
                        0
                    },
                    kind: m.weapon.kind,
                    boxes: 5 + m.get(Trait::Stamina),
                    stamina: t(Trait::Stamina),
                    willpower: m.get(Trait::Willpower),
                    attacks: 1 + if supernatural {
                        m.get(Trait::Celerity)
                    } else {
                        0
                    },
                    rage: (m.get(Trait::Rage), m.tactics.rage),
                    // A total defender only contests attacks on it.
                    escapes: m.tactics.defend == DefendTactic::Escape,
                    tactics_attack: if m.tactics.defend == DefendTactic::Total {
                        AttackTactic::None
                    } else {
                        m.tactics.attack
                    },
                    spend: m.tactics.willpower,
                    flee_at: m.tactics.flee_at.boxes(),
                });
            }
        }
        let bonus_dice = rules.dice.willpower.bonus_dice;
        let max = fighters
            .iter()
            .map(|f| (f.attack + bonus_dice).max(f.defence).max(f.stamina))
            .max()
            .unwrap_or(1)
            .clamp(1, 60);
        let n = fighters.len();
        let outcome = sampling == Sampling::Outcome;
        Ok(Hubris {
            fighters,
            frame: Frame::of(scenario),
            concede: rules.combat.hubris().concede,
            rolls: Rolls::new(rules, rules.dice.standard_difficulty, sampling, max)?,
            bonus_dice,
            contests: outcome.then(|| Tables::new([n, n, 2])).flatten(),
            faints: outcome.then(|| Tables::new([n])).flatten(),
        })
    }

    /// `i`'s attack on `target` (with Willpower when `spend`): drawn whole
    /// from the contest tables, or roll by roll.
    fn contest<D: Source>(&self, i: usize, target: usize, spend: bool, dice: &mut D) -> Contest {
        let pool = self.fighters[i].attack - self.fighters[target].armor;
        let (attack, pool) = if spend {
            (&self.rolls.willpower, pool + self.bonus_dice)
        } else {
            (&self.rolls.action, pool)
        };
        let (defence, against) = (&self.rolls.action, self.fighters[target].defence);
        let weights = || {
            let d = defence.distribution(against)?;
            let mut out: Vec<(Contest, f64)> = Vec::new();
            for (a, pa) in attack.distribution(pool)?.outcomes() {
                for (r, pd) in d.outcomes() {
                    let c = Contest::of(a, r);
                    match out.iter_mut().find(|(x, _)| *x == c) {
                        Some((_, q)) => *q += pa * pd,
                        None => out.push((c, pa * pd)),
                    }
                }
            }
            Some(out)
        };
        let key = [i, target, usize::from(spend)];
        let drawn = self
            .contests
            .as_ref()
            .and_then(|t| dice.draw(t, key, weights));
        drawn.unwrap_or_else(|| {
            let a = attack.roll(dice, pool);
            Contest::of(a, defence.roll(dice, against))
        })
    }

    /// Whether `i`, its last box bashing, fails its Stamina roll to stay
    /// conscious (no success): drawn from the faint tables, or rolled.
    fn faints<D: Source>(&self, i: usize, dice: &mut D) -> bool {
        let stamina = self.fighters[i].stamina;
        let roller = &self.rolls.action;
        let weights = || {
            let none: f64 = (roller.distribution(stamina)?.outcomes())
                .filter(|(r, _)| r.successes == 0)
                .map(|(_, p)| p)
                .sum();
            Some(vec![(true, none), (false, 1.0 - none)])
        };
        let drawn = self
            .faints
            .as_ref()
            .and_then(|t| dice.draw(t, [i], weights));
        drawn.unwrap_or_else(|| roller.roll(dice, stamina).successes == 0)
    }
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct State {
    wounds: Wounds,
    willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    lost: i32,
}

impl Rounds for Hubris {
    type State = State;

    fn frame(&self) -> Frame {
        self.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        self.fighters.iter().map(|f| f.side)
    }

    fn start(&self, i: usize) -> State {
        let f = &self.fighters[i];
        State {
            willpower: f.willpower,
            rage: f.rage.0,
            wounds: Wounds {
                boxes: f.boxes,
                ..Wounds::default()
            },
            ..State::default()
        }
    }

    fn lost(s: &State) -> u32 {
        u32::from(s.wounds.filled())
    }

    fn carry(s: &State) -> State {
        *s
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        let turn = dice.order(
            n,
            |i, dice| dice.face() + self.fighters[i].initiative,
            |i| self.fighters[i].initiative,
        );
        for i in turn.members() {
            let f = &self.fighters[i];
            if !roster.standing(i) {
                continue;
            }
            // Last box bashing: stay conscious on a Stamina roll.
            if st[i].wounds.last() == Some(Damage::Bashing) && self.faints(i, dice) {
                roster.knock_out(i, End::Incapacitated);
                continue;
            }
            if (f.flee_at > 0 && st[i].wounds.filled() >= f.flee_at) || f.escapes {
                roster.knock_out(i, End::Fled);
                continue;
            }
            if f.tactics_attack == AttackTactic::None {
                continue;
            }
            let rage = f.rage.1.min(st[i].rage);
            st[i].rage -= rage;
            // Willpower: one point a turn.
            let mut spent = false;
            for _ in 0..f.attacks + rage {
                let Some(target) = roster.target(i) else {
                    break;
                };
                let spend = !spent
                    && st[i].willpower > 0
                    && match f.spend {
                        WillpowerTactic::Never => false,
                        WillpowerTactic::WhenHurt | WillpowerTactic::IgnoreWounds => {
                            st[i].wounds.filled() > 0
                        }
                        WillpowerTactic::Always => true,
                    };
                spent |= spend;
                if spend {
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                }
                let contest = self.contest(i, target, spend, dice);
                roster.botches += u32::from(contest.botches);
                let margin = contest.margin;
                let loser = match margin.signum() {
                    1 => target,
                    -1 => i,
                    _ => continue,
                };
                if margin > 0 {
                    let damage = (margin - i32::from(self.fighters[target].fortitude)).max(0);
                    st[target].wounds.take(f.kind, damage as u32);
                    match st[target].wounds.last() {
                        Some(Damage::Aggravated) => roster.knock_out(target, End::Killed),
                        Some(Damage::Lethal) => roster.knock_out(target, End::Incapacitated),
                        _ => {}
                    }
                }
                st[loser].lost += 1;
                if self.concede
                    && st[loser].lost >= self.fighters[loser].stamina
                    && roster.standing(loser)
                {
                    roster.knock_out(loser, End::Conceded);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wounds_fill_then_upgrade_the_least_severe() {
        let mut w = Wounds {
            boxes: 3,
            ..Wounds::default()
        };
        w.take(Damage::Bashing, 2);
        w.take(Damage::Lethal, 1);
        assert_eq!(w.last(), Some(Damage::Bashing));
        w.take(Damage::Bashing, 2);
        assert_eq!((w.bashing, w.lethal), (0, 3));
        assert_eq!(w.last(), Some(Damage::Lethal));
        w.take(Damage::Lethal, 3);
        assert_eq!(w.last(), Some(Damage::Aggravated));
    }
}
