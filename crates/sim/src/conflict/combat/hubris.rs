//! The Act of Hubris combat engine. The seed (001) gives contests, health
//! and Willpower; how they make a fight is **assumed** (RULES.md). Every
//! rule below is a setting of `[combat.hubris]` (the defaults named here;
//! `editions/hubris.toml` cites 001 or says "assumed" for each), and who
//! wins a tied contest is `[actions] contest-tie`:
//!
//! - Each turn, initiative 1d10 + Dexterity + Wits (`initiative`); ties by
//!   Dexterity + Wits, then at random.
//! - An attack is a physical contest: the attacker rolls Strength + Brawl or
//!   Melee (Dexterity + Firearms for guns) with the weapon's damage as an
//!   Edge (`weapon`; at most `edge-cap` = 5 dice) and Potence as more dice
//!   (`potence`); the defender rolls Dexterity + the better of Athletics and
//!   Dodge (the pools are `[combat.pools]`). Armour's rating is a
//!   Difficulty on the attacker's pool (`armor`). Potence, Fortitude and
//!   Celerity count for vampires and ghouls. The edition's dice: 8+,
//!   10-again, a chance die at 0 dice or fewer (every sampler rolls it as
//!   one: a success only on a 10).
//! - "Whoever has more successes is considered to have won, and can ...
//!   claim the margin": the attacker's margin is the damage (`damage`), of
//!   the weapon's kind, less the defender's Fortitude (`fortitude`). A tie
//!   goes to the attacker when it rolled a success (`contest-tie =
//!   "acting"`: "a success total to match or beat"): no damage, but a
//!   contest the defender lost.
//! - Health is 5 + Stamina boxes (`health-base`), worst wounds first; with
//!   no empty box a wound upgrades the least severe one. No wound penalties
//!   (`wound-penalties`; a house rule's come off every roll: attack,
//!   defence, the Stamina roll). When the last box holds bashing damage, a
//!   Stamina roll at the start of each of the character's turns; the first
//!   failure is unconsciousness. Last box lethal: incapacitated. All
//!   aggravated: dead (`last-box-*`).
//! - A character who has lost contests equal to Stamina concedes
//!   (`concede`).
//! - Willpower: one point a turn (`willpower-per-turn`), three more dice
//!   and the rote property (`dice.willpower`) on the first attack its
//!   tactic calls for.
//! - Celerity gives as many extra attacks a turn as its dots
//!   (`celerity-attacks`); a Garou spends Rage points for more, one each
//!   (`rage-attacks`; per its tactic, while they last).
//! - The round stops once one side (or none) is left standing: the members
//!   still to act do nothing (no Stamina roll to faint, no flight), and a
//!   member who concedes makes no more attacks.
//!
//! Under the outcome sampler an attack's whole contest (both rolls: who
//! won, the damage before bonuses and reductions, and the botches) and the
//! Stamina roll to stay conscious are each one draw from a table of their
//! exact distribution, keyed by the pools rolled. Under `contest-tie =
//! "re-roll"` a tied contest is rolled again (up to [`MAX_REROLLS`] times,
//! after which it stays a tie: a chance below 0.82^1000); the table is the
//! contest's distribution given no tie, and only the deciding rolls'
//! botches count.

use wodds_dice::Roll;
use wodds_rules::{
    ArmorRule, DamageRule, FortitudeRule, InitiativeRule, LastBox, Pool, PotenceRule, RuleSet,
    RulesError, TieRule, WeaponRule,
};

use crate::conflict::chain::Rounds;
use crate::conflict::fighter::Rolls;
use crate::conflict::gear::{Damage, Skill};
use crate::conflict::marks::Midway;
use crate::conflict::scenario::{
    AttackTactic, Creature, DefendTactic, MAX_MEMBERS, Scenario, Trait, WillpowerTactic,
};
use crate::conflict::source::Source;
use crate::conflict::source::{Roller, Sampling};
use crate::conflict::tables::{Ranked, Tables};
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Roster};

/// The most times a tied contest is rolled again under `contest-tie =
/// "re-roll"` (the likeliest tie, two chance dice, has a chance of about
/// 0.82: 1000 ties in a row are below 1e-86).
pub const MAX_REROLLS: usize = 1000;

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

    /// The most wounds of `kind` that can matter to this track: past
    /// them, more change nothing (every box filled, then every bashing
    /// wound and then every lethal one upgraded). At least 1.
    pub fn most(&self, kind: Damage) -> u16 {
        let room = self.boxes.saturating_sub(self.filled());
        let (bashing, lethal) = match kind {
            Damage::Bashing => (self.bashing + room, self.lethal),
            Damage::Lethal => (self.bashing, self.lethal + room),
            Damage::Aggravated => (self.bashing, self.lethal),
        };
        // Each bashing wound is upgraded twice: to lethal, then on.
        (u16::from(room) + 2 * u16::from(bashing) + u16::from(lethal)).max(1)
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
    /// Its attack pool: the pool, its Edge and Potence's dice.
    attack: i32,
    /// Its defence pool.
    defence: i32,
    /// A Difficulty on attacks against it (its armour).
    difficulty: i32,
    /// Damage its won attacks add (weapon or Potence as damage).
    bonus: i32,
    /// Damage taken off won attacks against it (Fortitude, armour).
    reduction: i32,
    kind: Damage,
    boxes: u8,
    stamina: i32,
    willpower: u8,
    attacks: u8,
    /// Rage points, and how many it spends a turn (`rage-attacks` attacks
    /// each).
    rage: (u8, u8),
    tactics_attack: AttackTactic,
    /// Flees on its first turn (`escape`: hubris has no escape roll).
    escapes: bool,
    spend: WillpowerTactic,
    flee_at: u8,
    /// Its grappling contest pool (`[grapple.contest] pool`).
    grapple: i32,
}

/// The hubris engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Hubris {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// Whether losing Stamina contests concedes.
    concede: bool,
    /// Who wins a tied contest.
    tie: TieRule,
    /// What a won attack's damage starts from.
    damage: DamageRule,
    /// Turn order: a d10 and the pool, or the pool.
    initiative: InitiativeRule,
    /// What a last box of bashing, lethal, aggravated damage does.
    last_box: [LastBox; 3],
    /// Dice lost with the third-to-last, second-to-last and last box
    /// filled; `None` when all are 0.
    penalties: Option<[i32; 3]>,
    /// Willpower points a turn.
    willpower_per_turn: u8,
    /// Extra attacks per Rage point spent.
    rage_attacks: u8,
    rolls: Rolls,
    bonus_dice: i32,
    /// Under the outcome sampler, whole contests by attack pool, defence
    /// pool and Willpower spent.
    contests: Option<Tables<Contest, 3>>,
    /// Under the outcome sampler, whether a Stamina roll to stay conscious
    /// fails, by pool.
    faints: Option<Tables<bool, 1>>,
}

/// What one attack's contest did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Contest {
    /// Who won: 1 the attacker, -1 the defender, 0 nobody (a tie).
    winner: i8,
    /// A won attack's damage before bonuses and reductions (the margin, or
    /// the attacker's successes); 0 otherwise.
    damage: u16,
    /// Botched rolls.
    botches: u8,
}

/// The attacker's worst first: a lost contest, a tie, then won contests
/// by damage.
impl Ranked for Contest {
    type Rank = (i8, i32, std::cmp::Reverse<u8>);
    fn rank(&self) -> Self::Rank {
        let damage = i32::from(self.winner) * i32::from(self.damage);
        (self.winner, damage, std::cmp::Reverse(self.botches))
    }
}

impl Contest {
    /// The contest of an attack roll `a` against a defence roll `d`.
    #[inline]
    fn of(a: Roll, d: Roll, tie: TieRule, damage: DamageRule) -> Contest {
        let winner = tie.winner(a.successes, d.successes);
        let damage = match (winner, damage) {
            (1, DamageRule::Margin) => a.successes.saturating_sub(d.successes),
            (1, DamageRule::Successes) => a.successes,
            _ => 0,
        };
        Contest {
            winner,
            damage,
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
        let h = rules.combat.hubris();
        let mut fighters = Vec::new();
        let all: Vec<&crate::conflict::Member> =
            scenario.sides.iter().flat_map(|s| &s.members).collect();
        for (side, s) in scenario.sides.iter().enumerate() {
            for m in &s.members {
                let other = all.iter().find(|o| o.name != m.name).copied().unwrap_or(m);
                let t = |x: Trait| i32::from(m.get(x));
                // Armour is a Difficulty here, not a Dexterity penalty.
                let ratings = m.ratings(false);
                let p = |x: Pool| rules.combat.pools.get(x).of(&ratings);
                let supernatural = matches!(m.kind, Creature::Vampire | Creature::Ghoul);
                let weapon = i32::from(m.weapon.damage);
                let potence = if supernatural && m.weapon.strength {
                    t(Trait::Potence)
                } else {
                    0
                };
                let fortitude = if supernatural { t(Trait::Fortitude) } else { 0 };
                let armor = i32::from(m.armor.rating);
                let of = |on: bool, x: i32| if on { x } else { 0 };
                let edge = (of(h.weapon == WeaponRule::Edge, weapon)
                    + of(h.potence == PotenceRule::Edge, potence))
                .min(i32::from(h.edge_cap));
                let attack = p(match m.weapon.skill {
                    Skill::Brawl => Pool::Brawl,
                    Skill::Melee => Pool::Melee,
                    Skill::Firearms => Pool::Firearms,
                }) + edge
                    + of(h.potence == PotenceRule::Dice, potence);
                let celerity = if supernatural {
                    m.get(Trait::Celerity)
                } else {
                    0
                };
                fighters.push(Fighter {
                    side,
                    initiative: p(Pool::Initiative),
                    attack,
                    defence: p(Pool::Dodge) + of(h.fortitude == FortitudeRule::Defence, fortitude),
                    difficulty: of(h.armor == ArmorRule::Difficulty, armor),
                    bonus: of(h.weapon == WeaponRule::Damage, weapon)
                        + of(h.potence == PotenceRule::Damage, potence),
                    reduction: of(h.fortitude == FortitudeRule::Damage, fortitude)
                        + of(h.armor == ArmorRule::Damage, armor),
                    kind: m.weapon.kind,
                    boxes: h.health_base + m.get(Trait::Stamina),
                    stamina: t(Trait::Stamina),
                    willpower: m.get(Trait::Willpower),
                    attacks: 1 + celerity * h.celerity_attacks,
                    rage: (
                        m.get(Trait::Rage),
                        if h.rage_attacks > 0 {
                            m.tactics.rage
                        } else {
                            0
                        },
                    ),
                    // A total defender only contests attacks on it.
                    escapes: m.tactics.defend == DefendTactic::Escape,
                    // hubris has no grapple defence: a grapple defender
                    // grapples by attacking.
                    tactics_attack: match m.tactics.defend {
                        DefendTactic::Total => AttackTactic::None,
                        DefendTactic::Grapple => AttackTactic::Grapple,
                        _ => m.tactics.attack,
                    },
                    spend: m.tactics.willpower,
                    flee_at: m.tactics.flee_at.boxes(),
                    grapple: crate::conflict::fighter::grapple_roll(rules, m, other).0,
                });
            }
        }
        let bonus_dice = rules.dice.willpower.bonus_dice;
        let max = fighters
            .iter()
            .map(|f| {
                (f.attack.max(f.grapple) + bonus_dice)
                    .max(f.defence)
                    .max(f.stamina)
            })
            .max()
            .unwrap_or(1)
            .clamp(1, 60);
        let pools = max as usize + 1;
        let penalties = h.wound_penalties.map(i32::from);
        Ok(Hubris {
            fighters,
            frame: Frame::of(scenario),
            concede: h.concede,
            tie: rules.actions.contest_tie,
            damage: h.damage,
            initiative: h.initiative,
            last_box: [h.last_box_bashing, h.last_box_lethal, h.last_box_aggravated],
            penalties: (penalties != [0; 3]).then_some(penalties),
            willpower_per_turn: h.willpower_per_turn,
            rage_attacks: h.rage_attacks,
            rolls: Rolls::new(rules, rules.dice.standard_difficulty, sampling, max)?,
            bonus_dice,
            contests: Tables::new([pools, pools, 2], sampling),
            faints: Tables::new([pools], sampling),
        })
    }

    /// What a last box of `kind` does.
    #[inline]
    fn last_box(&self, kind: Damage) -> LastBox {
        self.last_box[match kind {
            Damage::Bashing => 0,
            Damage::Lethal => 1,
            Damage::Aggravated => 2,
        }]
    }

    /// Dice `i`'s wounds `w` take from its rolls.
    #[inline]
    fn penalty(&self, w: &Wounds) -> i32 {
        let Some(p) = &self.penalties else {
            return 0;
        };
        let (filled, boxes) = (w.filled(), w.boxes);
        if filled >= boxes {
            p[2]
        } else if filled + 1 >= boxes {
            p[1]
        } else if filled + 2 >= boxes {
            p[0]
        } else {
            0
        }
    }

    /// An attack of `pool` dice (with Willpower when `spend`) against a
    /// defence of `against` dice: drawn whole from the contest tables, or
    /// roll by roll. A won contest's damage of `most()` or more is all
    /// alike to the caller (the round chain's walk takes it as one path).
    fn contest<D: Source>(
        &self,
        (pool, against, spend): (i32, i32, bool),
        most: impl FnOnce() -> u16,
        dice: &mut D,
    ) -> Contest {
        let attack = if spend {
            &self.rolls.willpower
        } else {
            &self.rolls.action
        };
        let defence = &self.rolls.action;
        let (tie, damage) = (self.tie, self.damage);
        let reroll = tie == TieRule::Reroll;
        let weights = || {
            let d = defence.distribution(against)?;
            let mut out: Vec<(Contest, f64)> = Vec::new();
            for (a, pa) in attack.distribution(pool)?.outcomes() {
                for (r, pd) in d.outcomes() {
                    let c = Contest::of(a, r, tie, damage);
                    if reroll && c.winner == 0 {
                        continue;
                    }
                    match out.iter_mut().find(|(x, _)| *x == c) {
                        Some((_, q)) => *q += pa * pd,
                        None => out.push((c, pa * pd)),
                    }
                }
            }
            if reroll {
                // Given that the contest is decided.
                let decided: f64 = out.iter().map(|(_, p)| p).sum();
                for (_, p) in &mut out {
                    *p /= decided;
                }
            }
            Some(out)
        };
        let key = [
            pool.max(0) as usize,
            against.max(0) as usize,
            usize::from(spend),
        ];
        let alike = || {
            let most = most();
            let alike = move |c: Contest| Contest {
                damage: c.damage.min(most),
                ..c
            };
            (u32::from(most), alike)
        };
        let drawn = self
            .contests
            .as_ref()
            .and_then(|t| dice.draw_alike(t, key, weights, alike));
        drawn.unwrap_or_else(|| self.roll_contest(attack, pool, defence, against, dice))
    }

    /// An attack's contest rolled die by die (kept out of line: the table
    /// path stays small).
    #[inline(never)]
    fn roll_contest<D: Source>(
        &self,
        attack: &Roller,
        pool: i32,
        defence: &Roller,
        against: i32,
        dice: &mut D,
    ) -> Contest {
        let mut c = Contest::default();
        for _ in 0..MAX_REROLLS {
            let a = attack.roll(dice, pool);
            c = Contest::of(a, defence.roll(dice, against), self.tie, self.damage);
            if c.winner != 0 || self.tie != TieRule::Reroll {
                break;
            }
        }
        c
    }

    /// Whether a Stamina roll of `pool` dice to stay conscious fails (no
    /// success): drawn from the faint tables, or rolled.
    fn faints<D: Source>(&self, pool: i32, dice: &mut D) -> bool {
        let roller = &self.rolls.action;
        let weights = || {
            let none: f64 = (roller.distribution(pool)?.outcomes())
                .filter(|(r, _)| r.successes == 0)
                .map(|(_, p)| p)
                .sum();
            Some(vec![(true, none), (false, 1.0 - none)])
        };
        let drawn = self
            .faints
            .as_ref()
            .and_then(|t| dice.draw(t, [pool.max(0) as usize], weights));
        drawn.unwrap_or_else(|| roller.roll(dice, pool).successes == 0)
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

/// hubris's wounds are its own track: its grapple (a contest) hurts no
/// one.
impl super::flow::Body for State {
    fn health(&mut self) -> Option<&mut crate::conflict::Health> {
        None
    }

    /// 001: defeat after "lost contests within a certain arena equal to
    /// the relevant Resistance attribute": the fight and its grapple are
    /// one physical arena, Stamina the Resistance of both.
    fn contests_lost(&mut self) -> Option<&mut i32> {
        Some(&mut self.lost)
    }
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

    fn retire(s: &State) -> State {
        // Only the wounds taken are read of a member who is out.
        State {
            wounds: Wounds {
                boxes: s.wounds.boxes,
                bashing: s.wounds.filled(),
                ..Wounds::default()
            },
            ..State::default()
        }
    }

    fn carry(s: &State) -> State {
        *s
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        let initiative = |i: usize| self.fighters[i].initiative;
        let turn = match self.initiative {
            InitiativeRule::D10PlusPool => {
                dice.order(n, |i, dice| dice.face() + initiative(i), initiative)
            }
            InitiativeRule::Pool => dice.order(n, |i, _| initiative(i), initiative),
        };
        for (place, i) in turn.members().enumerate() {
            // Once one side (or none) stands, the round is over: the members
            // still to act do nothing (no Stamina roll, no flight).
            if roster.decided() {
                break;
            }
            // The rest of the round reads only these.
            dice.mark(roster.counts(), || {
                Midway::new(st, roster, turn.rest(place))
            });
            dice.act(i);
            let f = &self.fighters[i];
            if !roster.standing(i) {
                continue;
            }
            let penalty = self.penalty(&st[i].wounds);
            // A last box that calls for it: stay conscious on a Stamina roll.
            if let Some(kind) = st[i].wounds.last()
                && self.last_box(kind) == LastBox::StaminaRoll
                && self.faints(f.stamina - penalty, dice)
            {
                roster.knock_out(i, End::Incapacitated);
                continue;
            }
            if (f.flee_at > 0 && st[i].wounds.filled() >= f.flee_at) || f.escapes {
                roster.flee(i, None);
                continue;
            }
            if f.tactics_attack == AttackTactic::None || roster.idle(i) {
                continue;
            }
            let rage = f.rage.1.min(st[i].rage);
            st[i].rage -= rage;
            // Willpower: so many points a turn, on the first attacks.
            let mut spent = 0;
            for k in 0..f.attacks + rage * self.rage_attacks {
                // The rest of the round reads only these (and what was
                // worked out from the member's state as its turn began).
                dice.mark(roster.counts(), || {
                    Midway::new(st, roster, (turn.rest(place), k, rage, spent, penalty))
                });
                // A member who conceded makes no more attacks (Celerity's
                // and Rage's included).
                if !roster.standing(i) {
                    break;
                }
                let Some(target) = roster.target(i) else {
                    break;
                };
                // A grapple has begun: it takes over.
                if roster.handoff.is_some() {
                    break;
                }
                let spend = spent < self.willpower_per_turn
                    && st[i].willpower > 0
                    && match f.spend {
                        WillpowerTactic::Never => false,
                        WillpowerTactic::WhenHurt | WillpowerTactic::IgnoreWounds => {
                            st[i].wounds.filled() > 0
                        }
                        WillpowerTactic::Always => true,
                    };
                if spend {
                    spent += 1;
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                }
                let t = &self.fighters[target];
                let bonus = if spend { self.bonus_dice } else { 0 };
                // A grappling contest (`[grapple.contest] pool`): won, the
                // grapple begins; armour is no Difficulty against it
                // (assumed: it hinders blows, not a hold).
                let grapples = f.tactics_attack == AttackTactic::Grapple;
                let pool = if grapples {
                    f.grapple - penalty + bonus
                } else {
                    f.attack - t.difficulty - penalty + bonus
                };
                let against = t.defence - self.penalty(&st[target].wounds);
                // A blow's damage past what the target's track can still
                // take, with the bonus and less the reduction it meets,
                // changes nothing; a grapple's Control is read whole.
                let most = || match grapples {
                    true => u16::MAX,
                    false => {
                        let w = st[target].wounds.most(f.kind);
                        let d = i32::from(w) + t.reduction - f.bonus;
                        d.clamp(1, i32::from(u16::MAX)) as u16
                    }
                };
                let contest = self.contest((pool, against, spend), most, dice);
                roster.botches += u32::from(contest.botches);
                let loser = match contest.winner {
                    1 => target,
                    -1 => i,
                    _ => continue,
                };
                if contest.winner > 0 && grapples {
                    roster.grapple(i, target, i32::from(contest.damage).max(1));
                } else if contest.winner > 0 {
                    let damage = (i32::from(contest.damage) + f.bonus - t.reduction).max(0);
                    st[target].wounds.take(f.kind, damage as u32);
                    if let Some(kind) = st[target].wounds.last() {
                        match self.last_box(kind) {
                            LastBox::Dead => roster.knock_out(target, End::Killed),
                            LastBox::Incapacitated => {
                                roster.knock_out(target, End::Incapacitated);
                            }
                            LastBox::StaminaRoll | LastBox::FightsOn => {}
                        }
                    }
                }
                // Contests lost count only towards conceding (so a fight
                // without it has fewer states).
                if self.concede {
                    st[loser].lost += 1;
                    if st[loser].lost >= self.fighters[loser].stamina && roster.standing(loser) {
                        roster.knock_out(loser, End::Conceded);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::combat::flow::Body;

    /// The contests a hubris member has lost are what a grapple goes on
    /// counting (the flow carries them: see its tests).
    #[test]
    fn contests_lost_are_the_fights_count() {
        let mut s = State {
            lost: 2,
            ..State::default()
        };
        assert_eq!(s.contests_lost().copied(), Some(2));
    }

    /// Every track of up to 10 boxes, every way of filling it and every
    /// kind of wound: taking `most` wounds or any more leaves the same
    /// track, and fewer do not.
    #[test]
    fn past_the_most_wounds_more_change_nothing() {
        let mut checked = 0;
        for boxes in 0..=10u8 {
            for bashing in 0..=boxes {
                for lethal in 0..=boxes - bashing {
                    for aggravated in 0..=boxes - bashing - lethal {
                        let w = Wounds {
                            boxes,
                            bashing,
                            lethal,
                            aggravated,
                        };
                        for kind in [Damage::Bashing, Damage::Lethal, Damage::Aggravated] {
                            let most = u32::from(w.most(kind));
                            let after = |n: u32| {
                                let mut x = w;
                                x.take(kind, n);
                                x
                            };
                            for n in most..most + 25 {
                                assert_eq!(after(n), after(most), "{w:?} {kind:?}");
                            }
                            if most > 1 {
                                assert_ne!(after(most - 1), after(most), "{w:?} {kind:?}");
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 3 * 1001);
    }

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
