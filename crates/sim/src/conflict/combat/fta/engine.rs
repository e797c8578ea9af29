//! The fta fight engine: [`Fta`] compiled from a scenario, its members'
//! [`State`], and its rounds.

use arrayvec::ArrayVec;
use wodds_rules::combat::fta::{AbortTo, AttackerDefence, InitiativeTies};
use wodds_rules::{FtaRules, Pool, RuleSet, RulesError};

use crate::conflict::chain::Rounds;
use crate::conflict::fighter::{Fighter, Rolls, fighters, hurt, max_pool};
use crate::conflict::gear::{Damage, Skill};
use crate::conflict::health::{Health, Track};
use crate::conflict::scenario::{
    AttackTactic, DefendTactic, MAX_ACTIONS, MAX_MEMBERS, Range, Scenario,
};
use crate::conflict::source::Source;
use crate::conflict::source::{Roller, Sampling};
use crate::conflict::strike::{Attack, Clash, Exchange, Meet, Side, Strike};
use crate::conflict::tables::Tables;
use crate::conflict::turn::{Frame, Roster};

/// The lowest difficulty the engine rolls at (a feint at point-blank range
/// is 3; a house rule may lower point-blank).
const LOWEST: i32 = 2;
/// The highest: 10 (a difficulty raised past 10 is treated as 10).
const HIGHEST: i32 = 10;

/// Which defence a member carrying on an offence keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    Dodge,
    Block,
    /// The one with more expected net successes against the attack.
    Better,
}

/// The FtA engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Fta {
    fighters: Vec<Fighter>,
    /// Each member's declaration (see [`Fta::declaration`]) by the number
    /// of enemies still standing, worked out once.
    declarations: Vec<[(u8, i32, Stance); MAX_MEMBERS + 1]>,
    frame: Frame,
    /// `[combat.fta]`.
    rules: FtaRules,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// What damage past the last box does.
    track: Track,
    /// The rolls at difficulty 2, 3, ..., 10.
    rolls: Vec<Rolls>,
    /// A gun's difficulty point-blank, effective and long (seed 004: 4, 6,
    /// +2 per increment).
    range_difficulty: [i32; 3],
    /// Each member's Dexterity + Brawl block, whatever is in its hand (it
    /// blocks a Brawl attack with it).
    brawl_block: [i32; MAX_MEMBERS],
    /// The defence each member keeps while it attacks.
    keep: [Keep; MAX_MEMBERS],
    /// Whether an enemy of each member shoots from afar (a `dodge` or
    /// `block` tactic then splits its defence as an action).
    shot_at: [bool; MAX_MEMBERS],
    /// The members whose tactic is the escape defence (bit `i`: member
    /// `i`): only they can end a round escaping.
    escapers: u16,
    /// Under the outcome sampler, uncontested attacks by attacker, target,
    /// haste, Willpower spent, attack dice, defence (0: none, else 1 + its
    /// dice) and the defence's difficulty.
    strikes: Option<Tables<Strike, 7>>,
    /// Under the outcome sampler, contested exchanges by attacker, target,
    /// haste, and each side's Willpower spent and dice.
    clashes: Option<Tables<Clash, 7>>,
}

impl Fta {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Fta, RulesError> {
        let fighters = fighters(scenario, rules);
        let n = fighters.len();
        let mut brawl_block = [0; MAX_MEMBERS];
        let members = scenario.sides.iter().flat_map(|s| &s.members);
        for (b, m) in brawl_block.iter_mut().zip(members) {
            let pool = rules.combat.pools.get(Pool::Block).of(&m.ratings(true));
            *b = pool.clamp(0, 60);
        }
        let mut keep = [Keep::Better; MAX_MEMBERS];
        let mut shot_at = [false; MAX_MEMBERS];
        for (i, f) in fighters.iter().enumerate() {
            keep[i] = match f.defend {
                DefendTactic::Dodge => Keep::Dodge,
                DefendTactic::Block => Keep::Block,
                _ => Keep::Better,
            };
            shot_at[i] = fighters
                .iter()
                .any(|g| g.side != f.side && g.strikes() && !close(g));
        }
        let max = max_pool(&fighters, 0).max(brawl_block.iter().copied().max().unwrap_or(0));
        let rolls = (LOWEST..=HIGHEST)
            .map(|d| Rolls::new(rules, d, sampling, max))
            .collect::<Result<Vec<_>, _>>()?;
        let pools = max as usize + 1;
        let difficulties = (HIGHEST - LOWEST + 1) as usize;
        let outcome = sampling == Sampling::Outcome;
        let strikes = outcome
            .then(|| Tables::new([n, n, 2, 2, pools, pools + 1, difficulties]))
            .flatten();
        let clashes = outcome
            .then(|| Tables::new([n, n, 2, 2, pools, 2, pools]))
            .flatten();
        let escapers = (0..n)
            .filter(|&i| fighters[i].defend == DefendTactic::Escape)
            .fold(0, |m, i| m | 1 << i);
        let mut fta = Fta {
            range_difficulty: rules.combat.attack().range_difficulty,
            rules: rules.combat.fta(),
            fighters,
            declarations: Vec::new(),
            brawl_block,
            keep,
            shot_at,
            escapers,
            strikes,
            clashes,
            frame: Frame::of(scenario),
            penalties: rules.combat.health().wound_penalties,
            track: Track::of(&rules.combat.health()),
            rolls,
        };
        fta.declarations = (0..n)
            .map(|i| std::array::from_fn(|enemies| fta.declaration(i, enemies as i32)))
            .collect();
        Ok(fta)
    }
}

/// How a member meets the attacks on it this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
enum Stance {
    /// No defence roll at all (a committed attacker).
    #[default]
    Open,
    /// Carrying on an offence, `attacker-defence = "counter"`: its attack
    /// pool against hand-to-hand attacks.
    Counter,
    /// Carrying on an offence: the block or dodge it keeps, against
    /// hand-to-hand attacks, with no split.
    Keep,
    /// Dexterity + Athletics, declared (a pure or split defence).
    Dodge,
    /// Its block (or parry) pool, declared.
    Block,
    /// The escape defence: one roll every attack compares against.
    Escape,
    /// The grapple defence: its grapple pool answers a hand-to-hand
    /// attack, and more successes begin a grapple.
    Grapple,
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct State {
    health: Health,
    willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    /// It spent its Willpower point of this round.
    spent: bool,
    /// Its phases this round: the main one, then a haste phase per dot of
    /// Celerity and per haste action bought with Rage.
    phases: u8,
    /// Attacks against it this round (for piling on).
    attacked: u8,
    /// Attacks it declared for the main phase this round.
    attacks: u8,
    /// Dice off each of its main-phase pools this round (split actions).
    split: i32,
    /// How it defends this round.
    stance: Stance,
    /// Its main-phase turn has come this round.
    turned: bool,
    /// It tried to abort this round.
    tried: bool,
    /// It aborted to a defence this round: a pure defence, no attack.
    aborted: bool,
    /// Its guard turned into an attack this round.
    guarded: bool,
    /// Its turn of this phase has come.
    acted: bool,
    /// The members it attacked this phase (bit j: member j).
    struck: u16,
    /// Its escape roll this round: 0 not rolled yet, 1 no dice to roll,
    /// else 2 + its successes.
    escape: u8,
    /// An attack broke its escape this round.
    broken: bool,
    /// The most successes an attack that did not break its escape scored
    /// this round: what comes off the escape for the head start.
    beaten: u8,
}

/// Members tied on initiative act at once: what they deal (damage, a
/// flight) is held back and lands, in the order dealt, once all of them
/// have acted.
struct Pending {
    /// Whether it is being held back.
    defer: bool,
    /// The member, and the damage it takes (`None`: it flees); not
    /// zeroed each round (`ArrayVec`).
    hurts: ArrayVec<(u8, Option<Damage>, u16), PENDING>,
    /// Each member's group of members acting at once this round (the
    /// place of its first member in the turn order).
    group: [u8; MAX_MEMBERS],
}

/// The most a group acting at once can deal: every member's declared
/// attacks, a guard's answer, and its flight.
const PENDING: usize = MAX_MEMBERS * (MAX_ACTIONS as usize + 2);

impl Pending {
    fn new() -> Self {
        Pending {
            defer: false,
            hurts: ArrayVec::new(),
            // No two members act at once until the turn order says so.
            group: std::array::from_fn(|i| i as u8),
        }
    }

    /// Whether `i` and `j` act at once.
    fn together(&self, i: usize, j: usize) -> bool {
        self.group[i] == self.group[j]
    }
}

/// Whether `f` fights hand to hand: a melee weapon or fists, or a gun fired
/// in the melee.
fn close(f: &Fighter) -> bool {
    !f.ranged || f.range == Range::Melee
}

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
    /// (`haste`: in a haste phase, basic unless `haste.styles`).
    fn style(&self, f: &Fighter, haste: bool) -> (i32, i32) {
        if haste && !self.rules.haste.styles {
            return (0, 0);
        }
        match f.tactics_attack {
            AttackTactic::Power => (
                self.rules.power_attack.difficulty,
                self.rules.power_attack.damage_dice,
            ),
            AttackTactic::Feint => (self.rules.feint.difficulty, self.rules.feint.damage_dice),
            _ => (0, 0),
        }
    }

    /// Whether `f`'s attack (in a haste phase or not) is a committed one.
    fn committed(&self, f: &Fighter, haste: bool) -> bool {
        f.tactics_attack == AttackTactic::Committed && (!haste || self.rules.committed.in_haste)
    }

    /// `f`'s attack difficulty before its style: hand to hand the rule
    /// file's; a gun by `[combat.attack] range-difficulty`, and in the
    /// melee by `guns-in-melee` (a pistol, an SMG, any other gun, or any
    /// gun against a target with no defence roll, `open`).
    fn base_difficulty(&self, f: &Fighter, open: bool) -> i32 {
        let [point_blank, effective, long] = self.range_difficulty;
        if !f.ranged {
            return self.rules.attack_difficulty;
        }
        let guns = &self.rules.guns_in_melee;
        match f.range {
            Range::Melee if open => guns.uncontested,
            Range::Melee => match f.weapon.name {
                "pistol" => guns.pistol,
                "smg" => guns.smg,
                _ => guns.long_gun,
            },
            Range::PointBlank => point_blank,
            Range::Effective => effective,
            Range::Long => long,
        }
    }

    /// The dodge's difficulty against `f`'s attack.
    fn dodge_difficulty(&self, f: &Fighter) -> i32 {
        if close(f) {
            self.rules.dodge.hand_to_hand
        } else {
            self.rules.dodge.ranged
        }
    }

    /// Member `t`'s block against `f`'s attack: its pool and difficulty. A
    /// Brawl attack is blocked with Brawl, the same Ability; a Melee attack
    /// with Melee when `t` holds a melee weapon (the same), else Brawl; a
    /// gun in the melee with a mismatched pool; gunfire from afar the same,
    /// plus `gunfire`.
    fn block(&self, f: &Fighter, t: usize) -> (i32, i32) {
        let b = &self.rules.block;
        let defender = &self.fighters[t];
        if !close(f) {
            (defender.block, b.other_ability + b.gunfire)
        } else if f.ranged {
            (defender.block, b.other_ability)
        } else if f.weapon.skill == Skill::Brawl {
            (self.brawl_block[t], b.same_ability)
        } else if defender.weapon.skill == Skill::Melee {
            (defender.block, b.same_ability)
        } else {
            (defender.block, b.other_ability)
        }
    }

    /// The rolls at difficulty `d` (clamped to 2..=10).
    fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(LOWEST, HIGHEST) - LOWEST) as usize]
    }

    /// The wound penalty `st`'s pools take (the edition's table).
    fn penalty(&self, st: &State) -> i32 {
        i32::from(st.health.penalty(&self.penalties))
    }

    /// The members `i` attacks this main phase: the first `attacks`
    /// standing members of other sides (never two attacks on one target),
    /// as a bit set.
    fn aims(&self, i: usize, attacks: u8, roster: &Roster) -> u16 {
        let mut left = roster.enemies(i);
        let mut set = 0u16;
        for _ in 0..attacks {
            // The lowest standing enemy not aimed at yet.
            let next = left & left.wrapping_neg();
            set |= next;
            left ^= next;
        }
        set
    }

    /// Dice each of `n` split actions loses.
    fn split(&self, n: i32) -> i32 {
        let s = &self.rules.split_actions;
        s.dice + s.dice_per_extra_action * (n - 1)
    }

    /// `i`'s declaration at the start of a round: its main-phase attacks,
    /// the dice each of its pools loses to split actions, and its stance
    /// (looked up by the enemies still standing).
    #[inline]
    fn declare(&self, i: usize, roster: &Roster) -> (u8, i32, Stance) {
        self.declarations[i][roster.enemies(i).count_ones() as usize]
    }

    /// `i`'s declaration with `enemies` enemies standing: what
    /// [`Fta::declare`] looks up.
    fn declaration(&self, i: usize, enemies: i32) -> (u8, i32, Stance) {
        let f = &self.fighters[i];
        let committed = f.strikes() && f.tactics_attack == AttackTactic::Committed;
        let open = |s: Stance| if committed { Stance::Open } else { s };
        let counter = self.rules.attacker_defence == AttackerDefence::Counter;
        // The defence it keeps while attacking.
        let keeps = open(if counter {
            Stance::Counter
        } else {
            Stance::Keep
        });
        let wits = if self.rules.split_actions.wits_limit {
            f.wits.max(1)
        } else {
            i32::from(MAX_ACTIONS) + 1
        };
        // Attacks alone (a defence it keeps is no action).
        let attacks_only = || {
            let attacks = i32::from(f.actions).min(wits).min(enemies).max(1);
            let split = if attacks >= 2 { self.split(attacks) } else { 0 };
            (attacks as u8, split, keeps)
        };
        match f.defend {
            DefendTactic::Total => (0, 0, Stance::Dodge),
            DefendTactic::Escape => (0, 0, Stance::Escape),
            // A grapple defender declares no attack: it grapples whoever
            // attacks it.
            DefendTactic::Grapple => (0, 0, Stance::Grapple),
            // A guard declares no attack: it turns into one when attacked.
            DefendTactic::Guard => (0, 0, keeps),
            DefendTactic::Dodge | DefendTactic::Block => {
                let stance = if f.defend == DefendTactic::Dodge {
                    Stance::Dodge
                } else {
                    Stance::Block
                };
                if !f.strikes() {
                    // A pure defender: no split.
                    return (0, 0, stance);
                }
                // The defence it keeps covers hand-to-hand attacks; it
                // splits one off as an action against gunfire from afar
                // (and, when it keeps only a counter, against anything).
                if !(counter || self.shot_at[i]) {
                    return attacks_only();
                }
                // At most Wits actions, the defence one of them; with
                // Wits 1 it cannot split and only attacks.
                let room = wits - 1;
                if room < 1 {
                    return (1, 0, keeps);
                }
                let attacks = i32::from(f.actions).min(room).min(enemies).max(1);
                (attacks as u8, self.split(attacks + 1), open(stance))
            }
            DefendTactic::None | DefendTactic::Abort => {
                if !f.strikes() {
                    return (0, 0, Stance::Open);
                }
                attacks_only()
            }
        }
    }

    /// Readies `i`'s attack at `difficulty`, less `minus` dice: its roll
    /// (with Willpower per its tactic, the point spent), its dice, and
    /// whether it spent; `None` if it has no dice left.
    fn arm(
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
                let r = self.at(abort.difficulty).action.roll(dice, pool);
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

    /// Member `target` takes `levels` of `kind`: at once, or held back
    /// while members tied on initiative act.
    fn wound(
        &self,
        kind: Damage,
        levels: u16,
        target: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        pending: &mut Pending,
    ) {
        if !(pending.defer
            && pending
                .hurts
                .try_push((target as u8, Some(kind), levels))
                .is_ok())
        {
            hurt(
                &self.track,
                kind,
                levels.into(),
                &mut st[target].health,
                roster,
                target,
            );
        }
    }

    /// Member `i` flees: at once, or once the members acting with it have
    /// acted.
    fn flee(&self, i: usize, roster: &mut Roster, pending: &mut Pending) {
        if !(pending.defer && pending.hurts.try_push((i as u8, None, 0)).is_ok()) {
            roster.flee(i, None);
        }
    }

    /// Lands the damage held back, in the order it was dealt.
    #[inline(always)]
    fn settle(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, pending: &mut Pending) {
        if !pending.hurts.is_empty() {
            self.land(st, roster, pending);
        }
    }

    /// What [`Fta::settle`] does when something was held back.
    #[inline(never)]
    fn land(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, pending: &mut Pending) {
        for (t, kind, levels) in pending.hurts.drain(..) {
            let t = usize::from(t);
            match kind {
                Some(kind) => hurt(
                    &self.track,
                    kind,
                    levels.into(),
                    &mut st[t].health,
                    roster,
                    t,
                ),
                None => roster.flee(t, None),
            }
        }
    }

    /// Rolls `t`'s escape (Dexterity + Athletics, less its wound penalty).
    fn roll_escape<D: Source>(
        &self,
        t: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let pool = self.fighters[t].athletics - self.penalty(&st[t]);
        st[t].escape = if pool < 1 {
            1
        } else {
            let r = self
                .at(self.rules.escape.difficulty)
                .action
                .roll(dice, pool);
            roster.botches += u32::from(r.botch);
            if r.botch {
                2
            } else {
                2 + r.successes.min(250) as u8
            }
        };
    }

    /// One attack of `i` on `target`, who is escaping: it compares against
    /// the escape's one roll (rolled now if this is the first attack), and
    /// with more successes lands with the excess and breaks the escape.
    #[allow(clippy::too_many_arguments)]
    fn on_escape<D: Source>(
        &self,
        i: usize,
        target: usize,
        haste: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
        pending: &mut Pending,
    ) {
        let (f, t) = (&self.fighters[i], &self.fighters[target]);
        if st[target].escape == 0 {
            self.roll_escape(target, st, roster, dice);
        }
        let escape = i32::from(st[target].escape.max(2) - 2);
        // No dice to escape with: no defence roll.
        let open = st[target].escape == 1;
        let (delta, bonus) = self.style(f, haste);
        let split = if haste { 0 } else { st[i].split };
        let grapples = f.tactics_attack == AttackTactic::Grapple;
        let difficulty = if grapples {
            f.grapple.1
        } else {
            self.base_difficulty(f, open) + delta
        };
        let Some((roller, pool, _)) = self.arm(i, difficulty, split, st, roster) else {
            return;
        };
        let hit = roller.roll(dice, pool);
        roster.botches += u32::from(hit.botch);
        let net = i32::from(hit.successes) - escape;
        if hit.botch || net < 1 {
            if !hit.botch {
                st[target].beaten = st[target].beaten.max(hit.successes.min(250) as u8);
            }
            return;
        }
        st[target].broken = true;
        if grapples {
            // 004 "Attack vs. Grapple": the successes remaining are the
            // Control.
            return roster.grapple(i, target, net);
        }
        let levels = self.at(6).blow(
            dice,
            f.damage + bonus + net - 1,
            f.potence,
            t.soak[f.kind as usize],
        );
        if levels > 0 {
            self.wound(f.kind, levels as u16, target, st, roster, pending);
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
    fn attack<D: Source>(
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
        // attack on `i`). A committed attacker has no defence to strike
        // back with.
        let t_aims = self.aims(target, st[target].attacks, roster);
        let s = &st[target];
        let ready = !s.acted && !s.aborted && s.stance != Stance::Open;
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
            let a = self.arm(i, difficulty(f, delta, grapples), i_minus, st, roster);
            let b = self.arm(
                target,
                difficulty(t, t_delta, t_grapples) + harder,
                t_split + pile * earlier,
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
                );
                if levels > 0 {
                    self.wound(w.kind, levels as u16, loser, st, roster, pending);
                }
                return;
            }
            let rolls = self.at(6);
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
            let c = exchange.clash(dice, self.clashes.as_ref().map(|t| (t, key)));
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
                let (net, s) = attack.opening(dice);
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
            let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)));
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
            );
            if levels > 0 {
                self.wound(f.kind, levels as u16, target, st, roster, pending);
            }
        }
    }

    /// Member `i`'s turn in phase `phase`.
    #[inline(always)]
    fn act<D: Source>(
        &self,
        i: usize,
        phase: u8,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
        pending: &mut Pending,
    ) {
        let f = &self.fighters[i];
        if !roster.standing(i) || st[i].acted || phase >= st[i].phases {
            return;
        }
        st[i].acted = true;
        if phase == 0 {
            st[i].turned = true;
            if f.flee_at > 0 && st[i].health.filled() >= f.flee_at {
                self.flee(i, roster, pending);
                return;
            }
        }
        // An escaper's roll comes with the first attack on it, or at the
        // round's end.
        if !f.strikes() || st[i].aborted || roster.idle(i) {
            return;
        }
        if phase == 0 {
            // Its declared attacks, each on another target.
            let aims = self.aims(i, st[i].attacks, roster);
            for j in 0..self.fighters.len() {
                if aims & (1 << j) != 0
                    && st[i].struck & (1 << j) == 0
                    && roster.standing(i)
                    && roster.standing(j)
                    && !roster.decided()
                {
                    self.attack(i, j, 0, st, roster, dice, pending);
                }
            }
        } else if let Some(j) = roster.target(i) {
            // A haste action: one basic attack, never split.
            self.attack(i, j, phase, st, roster, dice, pending);
        }
    }
}

impl crate::conflict::combat::flow::Body for State {
    fn health(&mut self) -> Option<&mut Health> {
        Some(&mut self.health)
    }
}

impl Rounds for Fta {
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
            rage: f.rage,
            ..State::default()
        }
    }

    fn lost(s: &State) -> u32 {
        u32::from(s.health.filled())
    }

    fn carry(s: &State) -> State {
        State {
            health: s.health,
            willpower: s.willpower,
            rage: s.rage,
            ..State::default()
        }
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        let init = &self.rules.initiative;
        let score = |i: usize, dice: &mut D| {
            let wounds = if init.wound_penalty {
                self.penalty(&st[i])
            } else {
                0
            };
            dice.face() + self.fighters[i].initiative - wounds
        };
        let tiebreak = |i: usize| {
            if init.ties_by_unrolled {
                self.fighters[i].initiative
            } else {
                0
            }
        };
        let turn = match init.ties {
            InitiativeTies::Simultaneous => {
                dice.order_tied(n, score, tiebreak, |i| self.fighters[i].side)
            }
            InitiativeTies::Random => dice.order(n, score, tiebreak),
        };
        let cost = self.rules.haste.rage_per_action.max(1);
        let mut phases = 1;
        for (i, s) in st[..n].iter_mut().enumerate() {
            let (mut attacks, split, stance) = self.declare(i, roster);
            // Getting up from the ground: no attack this round.
            if roster.idle(i) {
                attacks = 0;
            }
            // A Garou declares Rage points for haste actions.
            let f = &self.fighters[i];
            let rage = if roster.standing(i) && f.strikes() {
                f.rage_spend.min(s.rage / cost)
            } else {
                0
            };
            s.rage -= rage * cost;
            s.phases = f.attacks + rage;
            s.spent = false;
            phases = phases.max(s.phases);
            s.attacked = 0;
            (s.attacks, s.split, s.stance) = (attacks, split, stance);
            (s.turned, s.tried, s.aborted, s.guarded) = (false, false, false, false);
            (s.escape, s.broken, s.beaten) = (0, false, 0);
        }
        let mut pending = Pending::new();
        if !turn.any_tied() {
            // Nobody acts at once with anybody: nothing is held back.
            for phase in 0..phases {
                for s in &mut st[..n] {
                    s.acted = false;
                    s.struck = 0;
                }
                for i in turn.members() {
                    if roster.decided() {
                        return;
                    }
                    self.act(i, phase, st, roster, dice, &mut pending);
                }
            }
            return self.escapes(st, roster, dice);
        }
        let mut before = 0;
        for (place, i) in turn.members().enumerate() {
            pending.group[i] = if turn.tied(place) {
                pending.group[before]
            } else {
                place as u8
            };
            before = i;
        }
        'phases: for phase in 0..phases {
            for s in &mut st[..n] {
                s.acted = false;
                s.struck = 0;
            }
            for (place, i) in turn.members().enumerate() {
                if !turn.tied(place) {
                    // A new group of members acting at once (most often
                    // one): what the last one dealt lands first.
                    self.settle(st, roster, &mut pending);
                    pending.defer = turn.tied(place + 1);
                }
                if roster.decided() {
                    break 'phases;
                }
                self.act(i, phase, st, roster, dice, &mut pending);
            }
            self.settle(st, roster, &mut pending);
            pending.defer = false;
        }
        self.settle(st, roster, &mut pending);
        self.escapes(st, roster, dice);
    }
}

impl Fta {
    /// The round's end, once every member has acted: unless the fight is
    /// decided, the escapes.
    fn escapes<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        if self.escapers & roster.up() == 0 || roster.decided() {
            return;
        }
        // The escapes: each rolled now if no attack came, and gone with a
        // success that no attack broke, all at once.
        let mut gone = 0u16;
        for i in 0..n {
            if !roster.standing(i) || st[i].stance != Stance::Escape {
                continue;
            }
            if st[i].escape == 0 {
                self.roll_escape(i, st, roster, dice);
            }
            if st[i].escape > 2 && !st[i].broken {
                gone |= 1 << i;
            }
        }
        for (i, s) in st.iter().enumerate().take(n) {
            if gone & (1 << i) != 0 {
                // 004: "the attacker's successes are removed from the
                // defender's successes - the successes that are left
                // become the Head Start" (when pursued).
                let head = i32::from(s.escape - 2) - i32::from(s.beaten);
                roster.flee(i, Some(head.clamp(0, 127) as i8));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::source::Script;
    use crate::conflict::turn::Handoff;

    /// 004 "Attack vs. Escape": "The vampire rolls and scores four
    /// successes on his attack ... Uriel ... manages a whopping 7-success
    /// Escape defense ... Uriel's Escape is reduced by the Vampire's
    /// attack: 7 - 4 = 3, so Uriel, as prey, has a Head Start of 3". Uriel
    /// (member 0) escapes, the vampire (member 1) attacks him; the escape
    /// roll comes with the first attack, then the attack's: 7 and 4.
    /// Pursued, Uriel's flight hands the fight to a chase with a head start
    /// of 3; not pursued, he has fled.
    #[test]
    fn uriels_escape_leaves_a_head_start_of_three() {
        let text = "name = \"Uriel\"\nkind = \"combat\"\neditions = [\"fta\"]\n\
            [[side]]\nname = \"Uriel\"\n[[side.member]]\nname = \"Uriel\"\nkind = \"mortal\"\n\
            traits = { dexterity = 4, athletics = 4 }\ntactics = { defend = \"escape\" }\n\
            [[side]]\nname = \"Vampire\"\n[[side.member]]\nname = \"Vampire\"\nkind = \"vampire\"\n\
            traits = { dexterity = 3, brawl = 3 }\n";
        let s = Scenario::parse("uriel.toml", text, None).unwrap();
        let fta = Fta::new(&s, &s.editions[0], Sampling::PerDie).unwrap();
        for pursued in [true, false] {
            let (mut st, mut roster) = fta.begin();
            roster.pursued = u16::from(pursued);
            let mut dice = Script(vec![7, 4]);
            fta.round(&mut st, &mut roster, &mut dice);
            assert!(
                dice.0.is_empty(),
                "no damage roll: the attack did not break through"
            );
            if pursued {
                assert_eq!(
                    roster.handoff,
                    Some(Handoff::Chase {
                        prey: 0,
                        predator: 1,
                        head_start: Some(3)
                    })
                );
                assert!(roster.standing(0));
            } else {
                assert_eq!(roster.handoff, None);
                assert_eq!(roster.out(0), Some(crate::conflict::End::Fled));
            }
        }
        // An attack of 8 breaks the escape: 8 - 7 = 1 net success lands
        // (Strength 2 + 0 extra dice: 1 damage success, none soaked).
        let (mut st, mut roster) = fta.begin();
        roster.pursued = 1;
        let mut dice = Script(vec![7, 8, 1, 0]);
        fta.round(&mut st, &mut roster, &mut dice);
        assert_eq!(roster.handoff, None);
        assert_eq!(st[0].health.filled(), 1);
    }
}
