//! The fta fight engine, [`Fta`]: its members compiled once under the
//! edition's `[combat.fta]`, each member's [`State`], what a member
//! declares at the start of a round, and the round itself: initiative,
//! the main and haste phases, members tied on initiative acting at once
//! (their damage held back until all have acted). An attack and what
//! meets it is in attack.rs, the escape defence in escape.rs.

use arrayvec::ArrayVec;
use wodds_rules::combat::fta::{AttackerDefence, InitiativeTies};
use wodds_rules::{FtaRules, Pool, RuleSet, RulesError};

use super::meet::close;
use crate::conflict::chain::Rounds;
use crate::conflict::fighter::{Fighter, Rolls, damage_dice_added, fighters, hurt, max_pool};
use crate::conflict::gear::Damage;
use crate::conflict::health::{Health, Track};
use crate::conflict::marks::Midway;
use crate::conflict::scenario::{AttackTactic, DefendTactic, MAX_ACTIONS, MAX_MEMBERS, Scenario};
use crate::conflict::source::{Sampling, Source};
use crate::conflict::strike::{Clash, Strike};
use crate::conflict::tables::Tables;
use crate::conflict::turn::{Frame, Roster};

/// The lowest difficulty the engine rolls at (a feint at point-blank range
/// is 3; a house rule may lower point-blank).
pub(super) const LOWEST: i32 = 2;
/// The highest: 10 (a difficulty raised past 10 is treated as 10).
pub(super) const HIGHEST: i32 = 10;

/// Which defence a member carrying on an offence keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Keep {
    Dodge,
    Block,
    /// The one with more expected net successes against the attack.
    Better,
}

/// The FtA engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Fta {
    pub(super) fighters: Vec<Fighter>,
    /// Each member's declaration (see [`Fta::declaration`]) by the number
    /// of enemies still standing, worked out once.
    declarations: Vec<[(u8, i32, Stance); MAX_MEMBERS + 1]>,
    frame: Frame,
    /// `[combat.fta]`.
    pub(super) rules: FtaRules,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// What damage past the last box does.
    track: Track,
    /// The rolls at difficulty 2, 3, ..., 10.
    rolls: Vec<Rolls>,
    /// A gun's difficulty point-blank, effective and long (seed 004: 4, 6,
    /// +2 per increment).
    pub(super) range_difficulty: [i32; 3],
    /// Each member's Dexterity + Brawl block, whatever is in its hand (it
    /// blocks a Brawl attack with it).
    pub(super) brawl_block: [i32; MAX_MEMBERS],
    /// The defence each member keeps while it attacks.
    pub(super) keep: [Keep; MAX_MEMBERS],
    /// Whether an enemy of each member shoots from afar (a `dodge` or
    /// `block` tactic then splits its defence as an action).
    shot_at: [bool; MAX_MEMBERS],
    /// The members whose tactic is the escape defence (bit `i`: member
    /// `i`): only they can end a round escaping.
    pub(super) escapers: u16,
    /// Under the outcome sampler, uncontested attacks by attacker, target,
    /// haste, Willpower spent, attack dice, defence (0: none, else 1 + its
    /// dice) and the defence's difficulty.
    pub(super) strikes: Option<Tables<Strike, 7>>,
    /// Under the outcome sampler, contested exchanges by attacker, target,
    /// haste, and each side's Willpower spent and dice.
    pub(super) clashes: Option<Tables<Clash, 7>>,
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
        let max = max_pool(&fighters, 0, damage_dice_added(rules))
            .max(brawl_block.iter().copied().max().unwrap_or(0));
        let rolls = (LOWEST..=HIGHEST)
            .map(|d| Rolls::new(rules, d, sampling, max))
            .collect::<Result<Vec<_>, _>>()?;
        let pools = max as usize + 1;
        let difficulties = (HIGHEST - LOWEST + 1) as usize;
        let strikes = Tables::new([n, n, 2, 2, pools, pools + 1, difficulties], sampling);
        let clashes = Tables::new([n, n, 2, 2, pools, 2, pools], sampling);
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
pub(super) enum Stance {
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
    pub(super) health: Health,
    pub(super) willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    /// It spent its Willpower point of this round.
    pub(super) spent: bool,
    /// Its phases this round: the main one, then a haste phase per dot of
    /// Celerity and per haste action bought with Rage.
    pub(super) phases: u8,
    /// Attacks against it this round (for piling on).
    pub(super) attacked: u8,
    /// Attacks it declared for the main phase this round.
    pub(super) attacks: u8,
    /// Dice off each of its main-phase pools this round (split actions).
    pub(super) split: i32,
    /// How it defends this round.
    pub(super) stance: Stance,
    /// Its main-phase turn has come this round.
    pub(super) turned: bool,
    /// It tried to abort this round.
    pub(super) tried: bool,
    /// It aborted to a defence this round: a pure defence, no attack.
    pub(super) aborted: bool,
    /// Its guard turned into an attack this round.
    pub(super) guarded: bool,
    /// Its turn of this phase has come.
    pub(super) acted: bool,
    /// The members it attacked this phase (bit j: member j).
    pub(super) struck: u16,
    /// Its escape roll this round: 0 not rolled yet, 1 no dice to roll,
    /// else 2 + its successes.
    pub(super) escape: u8,
    /// An attack broke its escape this round.
    pub(super) broken: bool,
    /// The most successes an attack that did not break its escape scored
    /// this round: what comes off the escape for the head start.
    pub(super) beaten: u8,
}

/// Members tied on initiative act at once: what they deal (damage, a
/// flight) is held back and lands, in the order dealt, once all of them
/// have acted.
pub(super) struct Pending {
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
    pub(super) fn together(&self, i: usize, j: usize) -> bool {
        self.group[i] == self.group[j]
    }
}

impl Fta {
    /// The rolls at difficulty `d` (clamped to 2..=10).
    pub(super) fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(LOWEST, HIGHEST) - LOWEST) as usize]
    }

    /// The wound penalty `st`'s pools take (the edition's table).
    pub(super) fn penalty(&self, st: &State) -> i32 {
        i32::from(st.health.penalty(&self.penalties))
    }

    /// The members `i` attacks this main phase: the first `attacks`
    /// standing members of other sides (never two attacks on one target),
    /// as a bit set.
    pub(super) fn aims(&self, i: usize, attacks: u8, roster: &Roster) -> u16 {
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
        self.rules.split_actions.penalty(n)
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

    /// Member `target` takes `levels` of `kind`: at once, or held back
    /// while members tied on initiative act.
    pub(super) fn wound(
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

    /// The most levels of `kind` that can matter to member `t`
    /// ([`Health::most`]) when a blow dealt now lands: on its health once
    /// the damage held back before it has landed ([`Fta::wound`]).
    pub(super) fn most(
        &self,
        kind: Damage,
        t: usize,
        st: &[State; MAX_MEMBERS],
        pending: &Pending,
    ) -> u16 {
        let mut health = st[t].health;
        if pending.defer && !pending.hurts.is_full() {
            for &(m, held, levels) in &pending.hurts {
                if let (true, Some(k)) = (usize::from(m) == t, held) {
                    health.take(k, levels.into(), &self.track);
                }
            }
        }
        health.most(kind, &self.track)
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

    fn retire(s: &State) -> State {
        State {
            health: s.health.retired(),
            ..State::default()
        }
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
                for (place, i) in turn.members().enumerate() {
                    if roster.decided() {
                        return;
                    }
                    // The rest of the round reads only these (the whole
                    // order while phases are left after this one).
                    dice.mark(roster.counts(), || {
                        let order = match phase + 1 < phases {
                            true => (turn, place),
                            false => (turn.rest(place), 0),
                        };
                        Midway::new(st, roster, (order, phase, phases))
                    });
                    dice.act(i);
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
                dice.act(i);
                self.act(i, phase, st, roster, dice, &mut pending);
            }
            self.settle(st, roster, &mut pending);
            pending.defer = false;
        }
        self.settle(st, roster, &mut pending);
        self.escapes(st, roster, dice);
    }
}
