//! An fta attack and what meets it: the attack's style and difficulty,
//! the defence the target rolls (dodge, block, a counter, piling on), a
//! target aborting to a defence, the contested exchange of attack against
//! attack (blows and grapples), and the grapple defence.

use wodds_rules::combat::fta::AbortTo;

use super::engine::{Fta, HIGHEST, Keep, LOWEST, Pending, Stance, State};
use super::meet;
use super::meet::close;
use crate::conflict::fighter::Fighter;
use crate::conflict::gear::Skill;
use crate::conflict::scenario::{AttackTactic, DefendTactic, MAX_MEMBERS};
use crate::conflict::source::{Roller, Source};
use crate::conflict::strike::{Attack, Exchange, Meet, Side};
use crate::conflict::turn::Roster;

/// `x`'s side of an exchange with `y`: its readied attack (or none: it
/// scores 0, and `idle` stands in for its roll), its damage with its style's
/// `bonus` dice, against `y`'s soak.
fn side<'a>(
    armed: Option<(&'a Roller, i32, bool)>,
    idle: &'a Roller,
    x: &Fighter,
    bonus: i32,
    y: &Fighter,
) -> Side<'a> {
    let (roller, pool, _) = armed.unwrap_or((idle, 0, false));
    Side {
        roller,
        pool,
        damage: x.damage + bonus,
        potence: x.potence,
        soak: y.soak[x.kind as usize],
    }
}

impl Fta {
    /// An attack's difficulty change and damage dice added, by `f`'s style
    /// (`haste`: in a haste phase).
    pub(super) fn style(&self, f: &Fighter, haste: bool) -> (i32, i32) {
        meet::style(&self.rules, f, haste)
    }

    /// Whether `f`'s attack (in a haste phase or not) is a committed one.
    fn committed(&self, f: &Fighter, haste: bool) -> bool {
        f.tactics_attack == AttackTactic::Committed && (!haste || self.rules.committed.in_haste)
    }

    /// `f`'s attack difficulty before its style (`open`: against no
    /// defence roll).
    pub(super) fn base_difficulty(&self, f: &Fighter, open: bool) -> i32 {
        meet::attack_difficulty(&self.rules, self.range_difficulty, f, open)
    }

    /// Member `t`'s block against `f`'s attack: its pool and difficulty. A
    /// Brawl attack is blocked with Brawl, the same Ability; a Melee attack
    /// with Melee when `t` holds a melee weapon (the same), else Brawl; a
    /// gun in the melee with a mismatched pool; gunfire from afar the same,
    /// plus `gunfire`.
    fn block(&self, f: &Fighter, t: usize) -> (i32, i32) {
        let defender = &self.fighters[t];
        let melee = defender.weapon.skill == Skill::Melee;
        let pool = if close(f) && !f.ranged && f.weapon.skill == Skill::Brawl {
            self.brawl_block[t]
        } else {
            defender.block
        };
        (pool, meet::block_difficulty(&self.rules, f, melee))
    }

    /// The dodge's difficulty against `f`'s attack.
    fn dodge_difficulty(&self, f: &Fighter) -> i32 {
        meet::dodge_difficulty(&self.rules, f)
    }

    /// Readies `i`'s attack at `difficulty`, less `minus` dice: its roll
    /// (with Willpower per its tactic, the point spent), its dice, and
    /// whether it spent; `None` if it has no dice left.
    pub(super) fn arm(
        &self,
        i: usize,
        difficulty: i32,
        minus: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
    ) -> Option<(&Roller, i32, bool)> {
        let f = &self.fighters[i];
        let penalty = self.penalty(&st[i]);
        // A grapple attack rolls the grapple pool.
        let base = if f.tactics_attack == AttackTactic::Grapple {
            f.grapple.0
        } else {
            f.attack
        };
        let pool = base - penalty - minus;
        if pool < 1 {
            return None;
        }
        let rolls = self.at(difficulty);
        // One point a round (as Revised).
        let spend = !st[i].spent && f.spends(st[i].willpower, penalty);
        if spend {
            st[i].spent = true;
            st[i].willpower -= 1;
            roster.willpower += 1;
        }
        let roller = if spend {
            &rolls.willpower
        } else {
            &rolls.action
        };
        Some((roller, pool, spend))
    }

    /// `t`, attacked by a committed attack or not, tries to abort to a
    /// defence if its tactic says so and it has not acted yet this round:
    /// free against a committed attack (`free-abort`), else a Willpower
    /// roll (its rating) at the abort's difficulty, once a round.
    fn abort<D: Source>(
        &self,
        t: usize,
        committed: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let free = committed && self.rules.committed.free_abort;
        let s = &st[t];
        if self.fighters[t].defend != DefendTactic::Abort
            || s.turned
            || s.aborted
            || (s.tried && !free)
            || s.attacks == 0
        {
            return;
        }
        let abort = &self.rules.abort;
        let aborted = free || {
            st[t].tried = true;
            let wounds = if abort.wound_penalty {
                self.penalty(&st[t])
            } else {
                0
            };
            let pool = i32::from(self.fighters[t].willpower) - wounds;
            pool >= 1 && {
                // A success is all it needs.
                let r = self.at(abort.difficulty).action.roll_most(dice, pool, 1);
                roster.botches += u32::from(r.botch);
                !r.botch && r.successes > 0
            }
        };
        if aborted {
            st[t].aborted = true;
            st[t].stance = match abort.to {
                AbortTo::Dodge => Stance::Dodge,
                AbortTo::Block => Stance::Block,
            };
            st[t].split = 0;
        }
    }

    /// `t`'s defence against `f`'s attack with `harder` added: its dice
    /// (fewer than 1: no defence roll) and difficulty, `earlier` attacks
    /// having come before this one this round.
    fn defence(&self, f: &Fighter, t: usize, earlier: i32, harder: i32, s: &State) -> (i32, i32) {
        let d = &self.fighters[t];
        let p = &self.rules.piling_on;
        let penalty = self.penalty(s);
        let offence = match s.stance {
            Stance::Dodge | Stance::Block => s.attacks > 0 && !s.aborted,
            _ => true,
        };
        let pile = earlier * if offence { p.attacking } else { p.defending };
        let dodge = || (d.dodge - penalty - pile, self.dodge_difficulty(f));
        let block = || {
            let (pool, difficulty) = self.block(f, t);
            (pool - penalty - pile, difficulty)
        };
        let (pool, difficulty) = match s.stance {
            // A grapple defence meets only hand-to-hand attacks, and those
            // in `Fta::grapple_defence`.
            Stance::Open | Stance::Escape | Stance::Grapple => (0, 0),
            // Only a declared dodge or block answers gunfire from afar.
            Stance::Counter | Stance::Keep if !close(f) => (0, 0),
            Stance::Counter => (
                d.attack - penalty - s.split - pile,
                self.rules.counter_difficulty,
            ),
            Stance::Keep => match self.keep[t] {
                Keep::Dodge => dodge(),
                Keep::Block => block(),
                Keep::Better => {
                    // Expected net successes: a die at difficulty k nets
                    // (10 - k) / 10 (a success on k or more, a 1 cancels).
                    let net = |(pool, k): (i32, i32)| pool.max(0) * (10 - (k + harder).min(10));
                    let (a, b) = (dodge(), block());
                    if net(b) > net(a) { b } else { a }
                }
            },
            Stance::Dodge => {
                let (pool, k) = dodge();
                (pool - s.split, k)
            }
            Stance::Block => {
                let (pool, k) = block();
                (pool - s.split, k)
            }
        };
        (pool, difficulty + harder)
    }

    /// One attack of `i` on `target` in phase `phase` (0: the main phase;
    /// a haste attack is never split).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn attack<D: Source>(
        &self,
        i: usize,
        target: usize,
        phase: u8,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
        pending: &mut Pending,
    ) {
        let haste = phase > 0;
        let f = &self.fighters[i];
        let t = &self.fighters[target];
        st[i].struck |= 1 << target;
        // Haste attacks count as later attackers (`haste.later-attackers`).
        let counts = !haste || self.rules.haste.later_attackers;
        let earlier = i32::from(st[target].attacked);
        if counts {
            st[target].attacked += 1;
        }
        if st[target].stance == Stance::Escape {
            return self.on_escape(i, target, haste, st, roster, dice, pending);
        }
        if st[target].stance == Stance::Grapple && close(f) {
            return self.grapple_defence(i, target, haste, earlier, st, roster, dice, pending);
        }
        let grapples = f.tactics_attack == AttackTactic::Grapple;
        let (delta, bonus) = self.style(f, haste);
        let committed = self.committed(f, haste);
        // Attacks declared after its own may be aborted from (004); those of
        // members acting at once with it were declared at once.
        if !pending.together(i, target) {
            self.abort(target, committed, st, roster, dice);
        }
        // Against a committed attack the target's defence (or its attack
        // striking back) is harder, unless it aborted to a defence.
        let harder = if committed && !st[target].aborted {
            self.rules.committed.defence_difficulty
        } else {
            0
        };
        let split = if haste { 0 } else { st[i].split };
        // A guard turns into an attack on the first member to attack it.
        let guard = !haste
            && t.defend == DefendTactic::Guard
            && t.strikes()
            && !st[target].guarded
            && st[target].attacked == 1;
        if guard {
            // Its action is spent on the answer.
            let s = &mut st[target];
            (s.guarded, s.acted, s.turned) = (true, true, true);
        }
        // Attack against attack: the target strikes back at `i` this phase
        // (its guard, its declared attack on `i` not yet made, or its haste
        // attack on `i`). A committed attacker keeps no defence, but its
        // declared attack on `i` still meets `i`'s: 004 "When two
        // individuals attack each other, the attack rolls are contested",
        // whoever acts first.
        let t_committed = self.committed(t, haste);
        let t_strikes = !t_committed || self.rules.committed.strikes_back;
        let t_aims = self.aims(target, st[target].attacks, roster);
        let s = &st[target];
        let ready =
            !s.acted && !s.aborted && (s.stance != Stance::Open || t_committed) && t_strikes;
        let strikes_back = if haste {
            self.rules.haste.contested
                && ready
                && phase < s.phases
                && t.strikes()
                && roster.target(target) == Some(i)
        } else {
            guard || (ready && s.attacks > 0 && t_aims & (1 << i) != 0 && s.struck & (1 << i) == 0)
        };
        if strikes_back && close(f) && close(t) {
            st[target].struck |= 1 << i;
            // Its turn is spent once no attack of this phase is left to make.
            if haste || st[target].struck & t_aims == t_aims {
                st[target].acted = true;
                st[target].turned |= !haste;
            }
            // The exchange is an attack on `i` too, and each side's roll is
            // its defence: it loses the piling-on dice of the attacks
            // already on it (a committed attacker has no defence to lose).
            let i_earlier = i32::from(st[i].attacked);
            if counts {
                st[i].attacked += 1;
            }
            let pile = if self.rules.piling_on.exchanges {
                self.rules.piling_on.attacking
            } else {
                0
            };
            let i_minus = split + if committed { 0 } else { pile * i_earlier };
            let t_split = if haste { 0 } else { st[target].split };
            let (t_delta, t_bonus) = self.style(t, haste);
            let t_grapples = t.tactics_attack == AttackTactic::Grapple;
            let difficulty = |x: &Fighter, delta: i32, grapples: bool| {
                if grapples {
                    x.grapple.1
                } else {
                    self.base_difficulty(x, false) + delta
                }
            };
            // Each side's roll is its defence against the other's attack:
            // harder against a committed one (`committed.defence-difficulty`),
            // and a committed side loses no piling-on dice, having no
            // defence to lose them from.
            let t_harder = if t_committed && !st[i].aborted {
                self.rules.committed.defence_difficulty
            } else {
                0
            };
            let t_minus = t_split + if t_committed { 0 } else { pile * earlier };
            let a = self.arm(
                i,
                difficulty(f, delta, grapples) + t_harder,
                i_minus,
                st,
                roster,
            );
            let b = self.arm(
                target,
                difficulty(t, t_delta, t_grapples) + harder,
                t_minus,
                st,
                roster,
            );
            if grapples || t_grapples {
                // 004 "Attack vs. Grapple": compared as attack against
                // attack; a grapple that wins begins with the successes
                // remaining as Control, a blow that wins lands with them.
                let roll = |x: Option<(&Roller, i32, bool)>, dice: &mut D| {
                    x.map_or(wodds_dice::Roll::default(), |(r, p, _)| r.roll(dice, p))
                };
                let (ra, rb) = (roll(a, dice), roll(b, dice));
                roster.botches += u32::from(ra.botch) + u32::from(rb.botch);
                let score = |r: wodds_dice::Roll| if r.botch { 0 } else { i32::from(r.successes) };
                let net = score(ra) - score(rb);
                let (winner, loser, net, bonus) = match net.signum() {
                    1 => (i, target, net, bonus),
                    -1 => (target, i, -net, t_bonus),
                    _ => return,
                };
                let w = &self.fighters[winner];
                if w.tactics_attack == AttackTactic::Grapple {
                    return roster.grapple(winner, loser, net);
                }
                let levels = self.at(6).blow(
                    dice,
                    w.damage + bonus + net - 1,
                    w.potence,
                    self.fighters[loser].soak[w.kind as usize],
                    || self.most(w.kind, loser, st, pending),
                );
                if levels > 0 {
                    self.wound(w.kind, levels as u16, loser, st, roster, pending);
                }
                return;
            }
            let rolls = self.at(6);
            let (to_t, to_i) = (
                || self.most(f.kind, target, st, pending),
                || self.most(t.kind, i, st, pending),
            );
            let exchange = Exchange {
                a: side(a, &rolls.action, f, bonus, t),
                b: side(b, &rolls.action, t, t_bonus, f),
                rolls,
            };
            // The pair and the phase fix the difficulties, styles, damage
            // and soak.
            let key = |armed: Option<(&Roller, i32, bool)>| {
                armed.map_or((0, 0), |(_, pool, spend)| {
                    (usize::from(spend), pool as usize)
                })
            };
            let ((wa, pa), (wb, pb)) = (key(a), key(b));
            let key = [i, target, usize::from(haste), wa, pa, wb, pb];
            let table = self.clashes.as_ref().map(|t| (t, key));
            let c = exchange.clash(dice, table, (to_t, to_i));
            roster.botches += u32::from(c.botches);
            if c.to_b > 0 {
                self.wound(f.kind, c.to_b, target, st, roster, pending);
            } else if c.to_a > 0 {
                self.wound(t.kind, c.to_a, i, st, roster, pending);
            }
            return;
        }
        // Not contested: the target's defence roll, if any.
        let (pool, defence_difficulty) = self.defence(f, target, earlier, harder, &st[target]);
        let open = pool < 1;
        let attack_difficulty = if grapples {
            f.grapple.1
        } else {
            self.base_difficulty(f, open) + delta
        };
        if grapples {
            // The grapple attack against the target's defence: the
            // successes remaining are the Control.
            if let Some((roller, dice_left, _)) = self.arm(i, attack_difficulty, split, st, roster)
            {
                let attack = Attack {
                    roller,
                    pool: dice_left,
                    defence: (!open).then(|| (&self.at(defence_difficulty).action, pool)),
                    meet: Meet::SubtractHits,
                    rolls: self.at(6),
                    damage: 0,
                    potence: 0,
                    soak: 0,
                };
                // Control past 127 is 127 (`Roster::grapple`).
                let (net, s) = attack.opening(dice, 127);
                roster.botches += u32::from(s.botches);
                if let Some(net) = net {
                    roster.grapple(i, target, net);
                }
            }
            return;
        }
        if let Some((roller, dice_left, spend)) = self.arm(i, attack_difficulty, split, st, roster)
        {
            let attack = Attack {
                roller,
                pool: dice_left,
                defence: (!open).then(|| (&self.at(defence_difficulty).action, pool)),
                meet: Meet::SubtractHits,
                rolls: self.at(6),
                damage: f.damage + bonus,
                potence: f.potence,
                soak: t.soak[f.kind as usize],
            };
            // The attacker, haste and openness fix the attack's difficulty
            // and style; the pair fixes damage and soak.
            let key = [
                i,
                target,
                usize::from(haste),
                usize::from(spend),
                dice_left as usize,
                if open { 0 } else { 1 + pool as usize },
                (defence_difficulty.clamp(LOWEST, HIGHEST) - LOWEST) as usize,
            ];
            let most = || self.most(f.kind, target, st, pending);
            let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)), most);
            roster.botches += u32::from(s.botches);
            if s.levels > 0 {
                self.wound(f.kind, s.levels, target, st, roster, pending);
            }
        }
        // A guard firing at range answers after the attack, if still up.
        if guard && roster.standing(target) && roster.standing(i) && roster.handoff.is_none() {
            self.attack(target, i, 0, st, roster, dice, pending);
        }
    }

    /// `i` attacks `target`, who answers with its grapple defence (004
    /// "Grapple Defense": "The Defense variant only begins the grapple if
    /// one is attacked"): the attack's roll against the target's grapple
    /// roll (less its wound penalty and, as a pure defender's defence, the
    /// piling-on dice of the attacks already on it); more successes for
    /// the target begin a grapple with the difference as Control and
    /// negate the attack, more for the attacker land it with the
    /// difference (or, for a grapple attack, begin its grapple).
    #[allow(clippy::too_many_arguments)]
    fn grapple_defence<D: Source>(
        &self,
        i: usize,
        target: usize,
        haste: bool,
        earlier: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
        pending: &mut Pending,
    ) {
        let (f, t) = (&self.fighters[i], &self.fighters[target]);
        let (delta, bonus) = self.style(f, haste);
        let split = if haste { 0 } else { st[i].split };
        let grapples = f.tactics_attack == AttackTactic::Grapple;
        let difficulty = if grapples {
            f.grapple.1
        } else {
            self.base_difficulty(f, false) + delta
        };
        let Some((roller, pool, _)) = self.arm(i, difficulty, split, st, roster) else {
            return;
        };
        let hit = roller.roll(dice, pool);
        let grip =
            t.grapple.0 - self.penalty(&st[target]) - earlier * self.rules.piling_on.defending;
        let held = if grip >= 1 {
            self.at(t.grapple.1).action.roll(dice, grip)
        } else {
            wodds_dice::Roll::default()
        };
        roster.botches += u32::from(hit.botch) + u32::from(held.botch);
        let score = |r: wodds_dice::Roll| if r.botch { 0 } else { i32::from(r.successes) };
        let net = score(hit) - score(held);
        if net < 0 {
            roster.grapple(target, i, -net);
        } else if net > 0 && grapples {
            roster.grapple(i, target, net);
        } else if net > 0 {
            let levels = self.at(6).blow(
                dice,
                f.damage + bonus + net - 1,
                f.potence,
                t.soak[f.kind as usize],
                || self.most(f.kind, target, st, pending),
            );
            if levels > 0 {
                self.wound(f.kind, levels as u16, target, st, roster, pending);
            }
        }
    }
}
