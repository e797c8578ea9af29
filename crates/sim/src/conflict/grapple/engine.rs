//! The grapple engine, [`Grapple`]: a grapple's two members (and third
//! parties) compiled under one edition's `[grapple]`, its members' [`State`],
//! and its rounds.

use wodds_dice::Roll;
use wodds_rules::{
    FtaGrapple, GrappleEngine, Pool, ResistedRule, RuleSet, RulesError, ThirdPartyDefence, TieRule,
};

use crate::conflict::chain::Rounds;
use crate::conflict::fighter::{Rolls, fighters, grapple_roll, hurt};
use crate::conflict::gear::Damage;
use crate::conflict::health::{Health, Track};
use crate::conflict::scenario::{
    DefendTactic, Effect, GrappleSetup, GrappleStart, GrappleTactics, MAX_MEMBERS, Scenario,
    Single, ThirdParty, VictimTactic,
};
use crate::conflict::source::Sampling;
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Roster};

/// A member's state during a grapple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// Its health.
    pub(crate) health: Health,
    /// Whether it is the Grappler (the holder).
    pub(crate) grappler: bool,
    /// The Grappler's Control (fta).
    pub(crate) control: i8,
    /// Contests lost (hubris).
    pub(crate) losses: u8,
    /// The opening is behind (the same on both members).
    pub(crate) opened: bool,
    /// On the ground: dropped or slammed, not yet propped up.
    pub(crate) prone: bool,
    /// Disarmed: its weapon taken.
    pub(crate) disarmed: bool,
}

/// A member compiled for grappling.
#[derive(Debug, Clone, Copy)]
struct Member {
    /// Its grapple pool (fta), hold pool (hold) or contest pool (hubris).
    pool: i32,
    /// Its opening attack pool: a grapple attack (fta: the grapple pool;
    /// hold: the clinch attack).
    attack: i32,
    /// Its weapon attack (the other's attack, against a grapple defence).
    strike: i32,
    /// Its defence against a grapple attack: pool, and which roller.
    defence: Option<(i32, usize)>,
    /// Strength, added to every effect's damage (hold: the damage pool).
    strength: i32,
    /// Soak dice against bashing, lethal, aggravated.
    soak: [i32; 3],
    /// Contests it may lose (hubris).
    losses: u8,
    /// Its dodge and block (a Grappler's answer to a third party).
    dodge: i32,
    block: i32,
    /// It holds a weapon to disarm.
    armed: bool,
    tactics: GrappleTactics,
}

/// A third party (fta, 004 "Third Parties"): a side's member after its
/// first. It assists its side's member, 1 Control (added or taken off) per
/// `assist-successes` successes on its grapple roll, or, on the Victim's
/// side with an attack tactic (not `grapple` nor `none`), attacks the
/// Grappler, who answers with a Shrug Off or a Hostage Block.
#[derive(Debug, Clone, Copy)]
struct Helper {
    /// Its side.
    side: usize,
    /// Its Strength + Brawl and Dexterity + Brawl grapple pools ("using the
    /// same pool as the Grappler": the kind its side's member grapples
    /// with).
    pools: [i32; 2],
    /// It attacks the Grappler when its side holds the Victim.
    attacks: bool,
    /// Its attack: pool, damage dice, damage kind, and the roller at the
    /// attack's difficulty.
    attack: i32,
    damage: i32,
    potence: u16,
    kind: Damage,
    strike: usize,
    /// The rollers of the Grappler's Shrug Off and Hostage Block against
    /// its attack.
    shrug: usize,
    block: usize,
}

/// The mechanism and the numbers it reads.
#[derive(Debug, Clone, Copy)]
enum Mech {
    Control(FtaGrapple),
    Hold {
        damage_on_grab: bool,
        resisted: ResistedRule,
        needed: u16,
    },
    Contest(TieRule),
}

/// A grapple between two members, under one edition.
#[derive(Debug, Clone)]
pub struct Grapple {
    frame: Frame,
    mech: Mech,
    setup: GrappleSetup,
    members: [Member; 2],
    /// Third parties: members 2.. of the engine (after each side's first).
    helpers: Vec<Helper>,
    /// Each member's side, the two grappling first.
    sides_of: Vec<usize>,
    /// Each member's rolls at its own grapple difficulty (fta: with its
    /// non-humanoid penalty).
    rolls: [Rolls; 2],
    /// Rolls at the defences' and the weapon attack's difficulties.
    others: Vec<Rolls>,
    track: Track,
    penalties: [u8; 6],
}

/// Index into [`Grapple::others`] of the weapon attack's rolls.
const STRIKE: usize = 0;

impl Grapple {
    /// Compiles a grapple scenario's two members under `rules`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Grapple, RulesError> {
        let setup = scenario.grapple.ok_or_else(|| RulesError::Spec {
            edition: rules.id.clone(),
            message: "has no [grapple] table: a grapple scenario needs it".into(),
        })?;
        Grapple::with_setup(scenario, rules, sampling, setup)
    }

    /// Compiles the grapple a fight of one against one turns into when a
    /// member grapples (see [`Flow`](crate::conflict::combat::flow::Flow)): the fight plays
    /// the opening and hands over the Control, [`Grapple::grab`] starts
    /// it, and its rounds take over until it ends.
    pub(crate) fn in_fight(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Grapple, RulesError> {
        let setup = GrappleSetup {
            grappler: 0,
            start: GrappleStart::Held,
            control: 1,
        };
        Grapple::with_setup(scenario, rules, sampling, setup)
    }

    fn with_setup(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
        setup: GrappleSetup,
    ) -> Result<Grapple, RulesError> {
        let g = rules.grapple.ok_or_else(|| RulesError::Spec {
            edition: rules.id.clone(),
            message: "has no [grapple] rules: a grapple needs them".into(),
        })?;
        assert!(
            scenario.sides.len() == 2 && scenario.sides.iter().all(|s| !s.members.is_empty()),
            "the scenario checks a grapple's two sides"
        );
        // hubris has no Storyteller pools and soak (nor uses them here).
        let all = match g.engine {
            GrappleEngine::Contest => Vec::new(),
            _ => fighters(scenario, rules),
        };
        let members_of: Vec<&crate::conflict::Member> =
            scenario.sides.iter().flat_map(|s| &s.members).collect();
        let side_of: Vec<usize> = (scenario.sides.iter().enumerate())
            .flat_map(|(i, s)| s.members.iter().map(move |_| i))
            .collect();
        // The scenario's members in the engine's order: each side's first,
        // then the third parties.
        let first = [0, scenario.sides[0].members.len()];
        let order: Vec<usize> = first
            .into_iter()
            .chain((0..members_of.len()).filter(|i| !first.contains(i)))
            .collect();
        let fs = match g.engine {
            GrappleEngine::Contest => Vec::new(),
            _ => vec![all[first[0]], all[first[1]]],
        };
        let m = [&scenario.sides[0].members[0], &scenario.sides[1].members[0]];
        let standard = rules.dice.standard_difficulty;
        // The largest pool a grapple rolls: two traits (and armour or
        // Fortitude on a soak), or a damage pool of Strength and the
        // Control left under a pin (at most the pin's cost and a pool).
        use crate::conflict::scenario::Trait as T;
        let top = (members_of.iter())
            .flat_map(|x| {
                [
                    T::Strength,
                    T::Dexterity,
                    T::Stamina,
                    T::Brawl,
                    T::Athletics,
                    T::Dodge,
                ]
                .map(|t| i32::from(x.get(t)))
            })
            .max()
            .unwrap_or(1);
        let max = (3 * top + 12).clamp(1, 60);
        let mut others = Vec::new();
        let roller_at = |d: i32, others: &mut Vec<Rolls>| -> Result<usize, RulesError> {
            others.push(Rolls::new(rules, d, sampling, max)?);
            Ok(others.len() - 1)
        };
        let (mech, difficulty, pools): (Mech, [i32; 2], [i32; 2]);
        let mut attack = [0; 2];
        let mut strength = [0; 2];
        let mut losses = [0u8; 2];
        let mut defence = [None; 2];
        let strike_difficulty = match g.engine {
            GrappleEngine::Control => rules.combat.fta().attack_difficulty,
            _ => standard,
        };
        roller_at(strike_difficulty, &mut others)?;
        match g.engine {
            GrappleEngine::Control => {
                let f = g.fta();
                let fta = rules.combat.fta();
                let mut d = [0; 2];
                let mut p = [0; 2];
                for i in 0..2 {
                    let me = m[i];
                    let ratings = me.ratings(true);
                    (p[i], d[i]) = grapple_roll(rules, me, m[1 - i]);
                    attack[i] = p[i];
                    strength[i] = rules.combat.pools.get(Pool::Strength).of(&ratings);
                    defence[i] = match me.tactics.defend {
                        DefendTactic::Dodge | DefendTactic::Total | DefendTactic::Escape => {
                            Some((fs[i].dodge, roller_at(fta.dodge.hand_to_hand, &mut others)?))
                        }
                        // A grapple attack is Brawl: a block with Brawl
                        // meets it with the same Ability.
                        DefendTactic::Block => {
                            Some((fs[i].block, roller_at(fta.block.same_ability, &mut others)?))
                        }
                        _ => None,
                    };
                }
                (mech, difficulty, pools) = (Mech::Control(f), d, p);
            }
            GrappleEngine::Hold => {
                let h = g.hold();
                let mut p = [0; 2];
                for i in 0..2 {
                    let ratings = m[i].ratings(true);
                    p[i] = h.hold_pool.of(&ratings);
                    attack[i] = grapple_roll(rules, m[i], m[1 - i]).0;
                    strength[i] = h.damage_pool.of(&ratings);
                    defence[i] = match m[i].tactics.defend {
                        DefendTactic::None
                        | DefendTactic::Guard
                        | DefendTactic::Abort
                        | DefendTactic::Grapple => None,
                        _ => Some((fs[i].dodge, roller_at(standard, &mut others)?)),
                    };
                }
                let needed = match rules.dice.difficulty {
                    wodds_rules::DifficultyKind::SuccessesNeeded => h.difficulty.max(1) as u16,
                    _ => 1,
                };
                (mech, difficulty, pools) = (
                    Mech::Hold {
                        damage_on_grab: h.damage_on_grab,
                        resisted: rules.actions.resisted,
                        needed,
                    },
                    [h.difficulty; 2],
                    p,
                );
            }
            GrappleEngine::Contest => {
                let c = g.contest();
                let mut p = [0; 2];
                for i in 0..2 {
                    let ratings = m[i].ratings(false);
                    p[i] = c.pool.of(&ratings);
                    losses[i] = c.losses.of(&ratings).clamp(1, 255) as u8;
                }
                (mech, difficulty, pools) =
                    (Mech::Contest(rules.actions.contest_tie), [standard; 2], p);
            }
        }
        let (track, penalties) = match rules.combat.health {
            Some(h) => (Track::of(&h), h.wound_penalties),
            None => (Track::REVISED, [0; 6]),
        };
        let member = |i: usize| Member {
            pool: pools[i].max(0),
            attack: attack[i].max(0),
            strike: fs.get(i).map_or(0, |f| f.attack),
            defence: defence[i],
            strength: strength[i].max(0),
            soak: fs.get(i).map_or([0; 3], |f| f.soak),
            losses: losses[i],
            dodge: fs.get(i).map_or(0, |f| f.dodge),
            block: fs.get(i).map_or(0, |f| f.block),
            armed: m[i].weapon.name != "fists",
            tactics: m[i].grapple,
        };
        // Third parties, on fta's Control track only (the other editions'
        // grapples have none: they stand aside).
        let mut helpers = Vec::new();
        if let Mech::Control(f) = mech {
            let fta = rules.combat.fta();
            for &k in &order[2..] {
                let (x, h) = (members_of[k], &all[k]);
                let ratings = x.ratings(true);
                let attacks = !matches!(
                    x.tactics.attack,
                    crate::conflict::AttackTactic::Grapple | crate::conflict::AttackTactic::None
                );
                let (block_difficulty, dodge_difficulty) = (
                    if x.weapon.skill == crate::conflict::Skill::Brawl {
                        fta.block.same_ability
                    } else {
                        fta.block.other_ability
                    },
                    fta.dodge.hand_to_hand,
                );
                helpers.push(Helper {
                    side: h.side,
                    pools: [
                        f.strength_pool.of(&ratings).max(0),
                        f.dexterity_pool.of(&ratings).max(0),
                    ],
                    attacks,
                    attack: h.attack,
                    damage: h.damage,
                    potence: h.potence,
                    kind: h.kind,
                    strike: STRIKE,
                    shrug: roller_at(
                        match f.shrug_off_defence {
                            ThirdPartyDefence::Dodge => dodge_difficulty,
                            ThirdPartyDefence::Block => block_difficulty,
                        },
                        &mut others,
                    )?,
                    block: roller_at(block_difficulty, &mut others)?,
                });
            }
        }
        let sides_of = [0, 1]
            .into_iter()
            .chain(order[2..].iter().map(|&k| side_of[k]))
            .collect();
        Ok(Grapple {
            frame: Frame::of(scenario),
            mech,
            setup,
            members: [member(0), member(1)],
            helpers,
            sides_of,
            rolls: [
                Rolls::new(rules, difficulty[0], sampling, max)?,
                Rolls::new(rules, difficulty[1], sampling, max)?,
            ],
            others,
            track,
            penalties,
        })
    }

    /// The dice member `i` loses to its wounds.
    fn penalty(&self, s: &State) -> i32 {
        i32::from(s.health.penalty(&self.penalties))
    }

    /// Member `i` rolls its grapple pool (less its wound penalty).
    fn roll<D: Source>(&self, i: usize, st: &[State], pool: i32, dice: &mut D) -> Roll {
        let p = (pool - self.penalty(&st[i])).max(0);
        self.rolls[i].action.roll(dice, p)
    }

    /// Member `v` takes `pool` damage dice of `kind`, soaked.
    fn harm<D: Source>(
        &self,
        v: usize,
        pool: i32,
        kind: Damage,
        st: &mut [State],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let soak = self.members[v].soak[kind as usize];
        let levels = self.rolls[v].blow(dice, pool.max(0), 0, soak);
        roster.harm += levels;
        hurt(&self.track, kind, levels, &mut st[v].health, roster, v);
    }

    /// The opening: the grapple attack or defence (or the clinch attack).
    /// Returns the Control won, or 0 when no grapple begins.
    fn opening<D: Source>(&self, st: &[State], roster: &mut Roster, dice: &mut D) -> i32 {
        let g = self.setup.grappler;
        let v = 1 - g;
        let (me, other) = (&self.members[g], &self.members[v]);
        let defend = |dice: &mut D, roster: &mut Roster| match other.defence {
            Some((pool, k)) => {
                let p = (pool - self.penalty(&st[v])).max(0);
                let r = self.others[k].action.roll(dice, p);
                roster.botches += u32::from(r.botch);
                r.successes
            }
            None => 0,
        };
        match self.mech {
            Mech::Control(_) => {
                let (mine, theirs) = match self.setup.start {
                    GrappleStart::Defence => {
                        let p = (other.strike - self.penalty(&st[v])).max(0);
                        let a = self.others[STRIKE].action.roll(dice, p);
                        let r = self.roll(g, st, me.pool, dice);
                        roster.botches += u32::from(a.botch) + u32::from(r.botch);
                        (r.successes, a.successes)
                    }
                    _ => {
                        let r = self.roll(g, st, me.attack, dice);
                        roster.botches += u32::from(r.botch);
                        (r.successes, defend(dice, roster))
                    }
                };
                i32::from(mine) - i32::from(theirs)
            }
            Mech::Hold {
                resisted, needed, ..
            } => {
                let r = self.roll(g, st, me.attack, dice);
                roster.botches += u32::from(r.botch);
                let d = defend(dice, roster);
                let hit = r.successes >= needed && beats(resisted, r, d);
                i32::from(hit)
            }
            Mech::Contest(_) => 1,
        }
    }
}

/// Whether the acting side's roll `a` beats the other's `d` successes
/// under the edition's resisted rule.
fn beats(rule: ResistedRule, a: Roll, d: u16) -> bool {
    if a.botch {
        return false;
    }
    match rule {
        ResistedRule::Margin => a.successes > d,
        ResistedRule::Meet | ResistedRule::MatchOrBeat => a.successes >= d && a.successes > 0,
    }
}

impl Rounds for Grapple {
    type State = State;

    fn frame(&self) -> Frame {
        self.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        self.sides_of.iter().copied()
    }

    fn start(&self, i: usize) -> State {
        let grappler = i == self.setup.grappler;
        let held = self.setup.start == GrappleStart::Held || matches!(self.mech, Mech::Contest(_));
        State {
            grappler,
            control: if grappler && held {
                self.setup.control.clamp(0, 127) as i8
            } else {
                0
            },
            opened: held,
            ..State::default()
        }
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        self.grapple_round(st, roster, dice);
        // A side whose member is out of the grapple is out with it: its
        // third parties leave the same way.
        for (k, &side) in self.sides_of.iter().enumerate().skip(2) {
            if let Some(how) = roster.out(side).filter(|_| roster.standing(k)) {
                roster.knock_out(k, how);
            }
        }
    }

    fn lost(s: &State) -> u32 {
        u32::from(s.health.filled())
    }

    fn carry(s: &State) -> State {
        *s
    }

    /// Once the grapple is under way: the scenario's Grappler's Control
    /// (negative once the Victim has reversed it: the other's Control);
    /// under `hold`, 1 while the hold lasts; under hubris's contest, the
    /// contests the scenario's Grappler is ahead.
    #[inline]
    fn track(&self, st: &[State; MAX_MEMBERS]) -> Option<i32> {
        self.track_of(st)
    }
}

impl Grapple {
    /// A round of the grapple itself (see [`Rounds::round`]).
    fn grapple_round<D: Source>(
        &self,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let g = if st[0].grappler { 0 } else { 1 };
        let v = 1 - g;
        if !st[0].opened {
            let won = self.opening(st, roster, dice);
            if won <= 0 {
                st[0].opened = true;
                st[1].opened = true;
                roster.knock_out(g, End::Missed);
                roster.knock_out(v, End::Missed);
                return;
            }
            return self.grab(g, won, st, roster, dice);
        }
        match self.mech {
            Mech::Control(f) => self.control_round(&f, g, st, roster, dice),
            Mech::Hold { resisted, .. } => self.hold_round(resisted, g, st, roster, dice),
            Mech::Contest(tie) => self.contest_round(tie, g, st, roster, dice),
        }
    }

    /// A round of the hold (revised, uwod): the held member tries a
    /// resisted roll to break free (unless it relents first); held, it
    /// takes the holder's Strength damage when the holder's effect harms (a
    /// clinch).
    fn hold_round<D: Source>(
        &self,
        resisted: ResistedRule,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let (hm, vm) = (&self.members[g], &self.members[v]);
        if vm.tactics.relent_at.boxes() > 0 && st[v].health.filled() >= vm.tactics.relent_at.boxes()
        {
            roster.knock_out(v, End::Conceded);
            return;
        }
        let a = self.roll(v, st, vm.pool, dice);
        let d = self.roll(g, st, hm.pool, dice);
        roster.botches += u32::from(a.botch) + u32::from(d.botch);
        if beats(resisted, a, d.successes) {
            roster.knock_out(g, End::Freed);
        } else if hm.tactics.effect.harms() {
            self.harm(v, hm.strength, Damage::Bashing, st, roster, dice);
        }
    }

    /// A round of hubris's contest: both roll their contest pools, the
    /// loser (by `tie` on a tie) counts a contest lost, and is pinned once
    /// it has lost as many as it may.
    fn contest_round<D: Source>(
        &self,
        tie: TieRule,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let a = self.roll(g, st, self.members[g].pool, dice);
        let b = self.roll(v, st, self.members[v].pool, dice);
        roster.botches += u32::from(a.botch) + u32::from(b.botch);
        let loser = match tie.winner(a.successes, b.successes) {
            1 => v,
            -1 => g,
            _ => return,
        };
        st[loser].losses += 1;
        if st[loser].losses >= self.members[loser].losses {
            roster.knock_out(loser, End::Pinned);
        }
    }

    /// See [`Rounds::track`].
    fn track_of(&self, st: &[State; MAX_MEMBERS]) -> Option<i32> {
        let (g, v) = (self.setup.grappler, 1 - self.setup.grappler);
        if !st[g].opened {
            return None;
        }
        Some(match self.mech {
            Mech::Control(_) => i32::from(st[g].control) - i32::from(st[v].control),
            Mech::Hold { .. } => 1,
            Mech::Contest(_) => i32::from(st[v].losses) - i32::from(st[g].losses),
        })
    }
}

impl Effect {
    /// Whether the hold engine's holder deals damage with it.
    fn harms(self) -> bool {
        matches!(self, Effect::Slam | Effect::Crack | Effect::Clinch)
    }
}

impl Grapple {
    /// The grapple begins: member `g`'s opening won it `control` (fta's
    /// Control; the hold and the contest only need it won). fta: a
    /// single-effect grapple spends it at once and lets go; the hold's
    /// clinch deals its damage on the grab (`damage-on-grab`).
    pub(crate) fn grab<D: Source>(
        &self,
        g: usize,
        control: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        for (i, s) in st[..2].iter_mut().enumerate() {
            s.opened = true;
            s.grappler = i == g;
            s.control = 0;
        }
        match self.mech {
            Mech::Control(f) => {
                st[g].control = control.clamp(0, 127) as i8;
                if let Some(single) = self.members[g].tactics.single {
                    self.single(g, single, &f, control, st, roster, dice);
                }
            }
            Mech::Hold { damage_on_grab, .. } => {
                if damage_on_grab && self.members[g].tactics.effect.harms() {
                    let pool = self.members[g].strength;
                    self.harm(v, pool, Damage::Bashing, st, roster, dice);
                }
            }
            Mech::Contest(_) => {}
        }
    }

    /// A single-effect grapple: Grappler `g` buys `single` with all
    /// `control`, then lets go (released, unless the effect felled the
    /// Victim).
    #[allow(clippy::too_many_arguments)]
    fn single<D: Source>(
        &self,
        g: usize,
        single: Single,
        f: &FtaGrapple,
        control: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let e = &f.effects;
        let strength = self.members[g].strength;
        let hit = |cost: i32| (control >= cost).then(|| control - cost);
        match single {
            Single::Slam => {
                if let Some(left) = hit(e.slam) {
                    st[v].prone = true;
                    self.harm(v, strength + left, Damage::Bashing, st, roster, dice);
                }
            }
            Single::Drop => st[v].prone |= hit(e.drop).is_some(),
            Single::Prop => st[v].prone &= hit(e.prop).is_none(),
            Single::Disarm => {
                st[v].disarmed |= self.members[v].armed && hit(e.disarm).is_some();
            }
            Single::Clinch => {
                if let Some(left) = hit(e.clinch) {
                    let pool = strength + f.half.half(left);
                    self.harm(v, pool, Damage::Bashing, st, roster, dice);
                }
            }
            Single::Crack => {
                if let Some(left) = hit(e.crack) {
                    let pool = strength + f.half.half(left);
                    self.harm(v, pool, Damage::Lethal, st, roster, dice);
                }
            }
            // Hurled Strength + Control yards: no harm the seed names.
            Single::Throw => {}
        }
        if roster.standing(v) {
            roster.knock_out(g, End::Released);
            roster.knock_out(v, End::Released);
        }
    }

    /// Third parties act before the roll-off (assumed: on their own
    /// initiative, modelled as all before the Grappler's resolution), each
    /// standing one in turn: an assist adds (for the Grappler) or takes off
    /// (for the Victim) 1 Control per `assist-successes` successes; an
    /// attack on the Grappler is answered with its Shrug Off or Hostage
    /// Block. Returns the Control.
    fn third_parties<D: Source>(
        &self,
        f: &FtaGrapple,
        g: usize,
        mut c: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) -> i32 {
        let v = 1 - g;
        for (k, h) in self.helpers.iter().enumerate() {
            if !roster.standing(k + 2) {
                continue;
            }
            let helps = if h.side == self.sides_of[g] { g } else { v };
            if helps == v && h.attacks {
                c = self.attack_grappler(f, h, g, c, st, roster, dice);
                if !roster.standing(g) || !roster.standing(v) {
                    return c;
                }
                continue;
            }
            // "using the same pool as the Grappler": the kind (Strength or
            // Dexterity) its side's member grapples with, at its
            // difficulty.
            let pool = h.pools[self.members[helps].tactics.pool as usize];
            let r = self.rolls[helps].action.roll(dice, pool);
            roster.botches += u32::from(r.botch);
            let points = i32::from(r.successes) / f.assist_successes;
            c += if helps == g { points } else { -points };
        }
        c
    }

    /// Third party `h` attacks the Grappler `g`, which pays for its Shrug
    /// Off or Hostage Block and rolls it: a blow that beats the defence
    /// lands on the Grappler with the rest; one a Hostage Block stops
    /// falls on the Victim with its base damage ("as if Jane had kicked
    /// her with only 1 success"). Returns the Control left.
    #[allow(clippy::too_many_arguments)]
    fn attack_grappler<D: Source>(
        &self,
        f: &FtaGrapple,
        h: &Helper,
        g: usize,
        mut c: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) -> i32 {
        let v = 1 - g;
        let gm = &self.members[g];
        let hostage = gm.tactics.third_party == ThirdParty::HostageBlock;
        let (cost, roller, pool) = if hostage {
            (f.effects.hostage_block, h.block, gm.block)
        } else {
            let pool = match f.shrug_off_defence {
                ThirdPartyDefence::Dodge => gm.dodge,
                ThirdPartyDefence::Block => gm.block,
            };
            (f.effects.shrug_off, h.shrug, pool)
        };
        c -= cost;
        let a = self.others[h.strike].action.roll(dice, h.attack);
        let pool = pool - self.penalty(&st[g]);
        let d = if pool >= 1 {
            self.others[roller].action.roll(dice, pool)
        } else {
            Roll::default()
        };
        roster.botches += u32::from(a.botch) + u32::from(d.botch);
        let score = |r: Roll| if r.botch { 0 } else { i32::from(r.successes) };
        let net = score(a) - score(d);
        if net > 0 {
            self.blow_to(g, h.damage + net - 1, h.potence, h.kind, st, roster, dice);
        } else if hostage && score(a) > 0 {
            self.blow_to(v, h.damage, h.potence, h.kind, st, roster, dice);
        }
        c
    }

    /// Member `t` takes a blow of `pool` damage dice of `kind` (with
    /// `potence` automatic successes), soaked.
    #[allow(clippy::too_many_arguments)]
    fn blow_to<D: Source>(
        &self,
        t: usize,
        pool: i32,
        potence: u16,
        kind: Damage,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let soak = self.members[t].soak[kind as usize];
        let levels = self.rolls[t].blow(dice, pool.max(0), potence, soak);
        hurt(&self.track, kind, levels, &mut st[t].health, roster, t);
    }

    /// A sustained fta round: the roll-off on the Grappler's resolution.
    fn control_round<D: Source>(
        &self,
        f: &FtaGrapple,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let (gm, vm) = (&self.members[g], &self.members[v]);
        let relent = vm.tactics.relent_at.boxes();
        if relent > 0 && st[v].health.filled() >= relent {
            roster.knock_out(v, End::Conceded);
            return;
        }
        let mut c = i32::from(st[g].control);
        if !self.helpers.is_empty() {
            c = self.third_parties(f, g, c, st, roster, dice);
            if !roster.standing(g) || !roster.standing(v) {
                return;
            }
            if c <= 0 {
                // 004: "If they reduce the Control to zero ... the grapple
                // ends immediately".
                roster.knock_out(g, End::Freed);
                return;
            }
        }
        let reverse =
            vm.tactics.victim == VictimTactic::Reverse && c <= i32::from(vm.tactics.reverse_at);
        // A member on the ground rolls `prone-dice` fewer.
        let grounded = |i: usize| if st[i].prone { f.prone_dice } else { 0 };
        let rg = self.roll(g, st, gm.pool - grounded(g), dice);
        let rv = self.roll(v, st, vm.pool - grounded(v), dice);
        roster.botches += u32::from(rg.botch) + u32::from(rv.botch);
        let net = i32::from(rg.successes) - i32::from(rv.successes);
        let mut holder = g;
        if net > 0 {
            c += net;
            let e = &f.effects;
            if c >= e.pin && gm.tactics.effect != Effect::Hold {
                roster.knock_out(v, End::Pinned);
                return;
            }
            // An effect is bought when the Control left outlasts the
            // round's fall.
            let affords = |cost: i32| c - cost - f.decay >= 1;
            match gm.tactics.effect {
                Effect::Slam if affords(e.slam) => {
                    c -= e.slam;
                    // "As drop, but also ...": on the ground too.
                    st[v].prone = true;
                    self.harm(v, gm.strength + c, Damage::Bashing, st, roster, dice);
                }
                Effect::Drop if !st[v].prone && affords(e.drop) => {
                    c -= e.drop;
                    st[v].prone = true;
                }
                Effect::Disarm if self.members[v].armed && !st[v].disarmed && affords(e.disarm) => {
                    c -= e.disarm;
                    st[v].disarmed = true;
                }
                // "Victim must be on feet": prop it up first, if the
                // Control pays for it.
                Effect::Throw if st[v].prone => {
                    let up = affords(e.prop);
                    c -= if up { e.prop } else { 0 };
                    st[v].prone = !up;
                }
                Effect::Crack if affords(e.crack) => {
                    c -= e.crack;
                    let pool = gm.strength + f.half.half(c);
                    self.harm(v, pool, Damage::Lethal, st, roster, dice);
                }
                Effect::Clinch if affords(e.clinch) => {
                    c -= e.clinch;
                    let pool = gm.strength + f.half.half(c);
                    self.harm(v, pool, Damage::Bashing, st, roster, dice);
                }
                Effect::Throw => {
                    roster.knock_out(g, End::Released);
                    roster.knock_out(v, End::Released);
                    return;
                }
                _ => {}
            }
            if !roster.standing(v) {
                return;
            }
        } else if net < 0 {
            let net = -net;
            if reverse {
                let need = f.reverse_factor * c;
                if net >= need {
                    holder = v;
                    c += net - need;
                    roster.reversals += 1;
                }
            } else {
                c -= net;
            }
        }
        if c > 0 {
            c -= f.decay;
        }
        if c <= 0 {
            // The Victim is free: the one not holding.
            roster.knock_out(holder, End::Freed);
            return;
        }
        st[g].grappler = holder == g;
        st[v].grappler = holder == v;
        st[g].control = 0;
        st[v].control = 0;
        st[holder].control = c.min(127) as i8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::source::Script;

    /// Ted (member 0) and Peter (member 1) under `edition`, Ted reversing
    /// while the Control is at most `ted_reverses_at`.
    fn ted_and_peter(edition: &str, ted_victim: &str) -> Grapple {
        let text = format!(
            r#"
name = "Ted and Peter"
kind = "grapple"
editions = ["{edition}"]
[grapple]
grappler = "Ted"
start = "attack"
[[side]]
name = "Ted"
[[side.member]]
name = "Ted"
kind = "mortal"
traits = {{ strength = 3, brawl = 3 }}
grapple = {{ {ted_victim} }}
[[side]]
name = "Peter"
[[side.member]]
name = "Peter"
kind = "mortal"
traits = {{ strength = 3, brawl = 3, dexterity = 3, athletics = 3 }}
tactics = {{ defend = "dodge" }}
grapple = {{ victim = "reverse", reverse-at = 1 }}
"#
        );
        let dir = std::env::temp_dir();
        let s = Scenario::parse("ted.toml", &text, Some(&dir)).expect("scenario");
        Grapple::new(&s, &s.editions[0], Sampling::PerDie).expect("engine")
    }

    /// An fta house rule file with `body`, written to a temporary file.
    fn house(name: &str, body: &str) -> String {
        let path =
            std::env::temp_dir().join(format!("wodds-grapple-{}-{name}.toml", std::process::id()));
        std::fs::write(&path, format!("extends = \"fta\"\n{body}")).expect("write");
        path.display().to_string()
    }

    /// (Control, whether Ted holds) after each scripted round.
    fn trajectory(g: &Grapple, rolls: &[u16], rounds: usize) -> (Vec<(i8, bool)>, Roster) {
        let (mut st, mut roster) = g.begin();
        let mut dice = Script(rolls.to_vec());
        let mut out = Vec::new();
        for _ in 0..rounds {
            g.round(&mut st, &mut roster, &mut dice);
            let c = st[0].control.max(st[1].control);
            out.push((c, st[0].grappler));
        }
        assert!(dice.0.is_empty(), "every scripted roll is used");
        (out, roster)
    }

    /// 004's Ted and Peter, as the example tells it (no end-of-round
    /// fall: `decay = 0`): "Ted succeeds with 5 successes to Peter's 3. He
    /// begins the grapple with a Control of 2." "Ted scores 2 successes,
    /// but Peter fails to score any. The Control rises to 4." "Ted scoring
    /// 1 success, but Peter scoring 4. The Control drops to 1." Peter
    /// reverses, "5 successes against [Ted's] 2 ... his Control rises from
    /// 1 to 2". Ted reverses, "out-scores Peter 5 to 2, leaving him with 3
    /// ... needs 4 successes to reverse. He fails to reverse, and Peter's
    /// control remains at 2."
    #[test]
    fn ted_and_peter_as_the_example_tells_it() {
        let rules = house("no-decay", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"reverse\", reverse-at = 2");
        // Opening: Ted's attack, Peter's dodge; then each round the
        // Grappler's roll, then the Victim's.
        let rolls = [5, 3, 2, 0, 1, 4, 2, 5, 2, 5];
        let (path, roster) = trajectory(&g, &rolls, 5);
        assert_eq!(
            path,
            [(2, true), (4, true), (1, true), (2, false), (2, false)]
        );
        assert!(roster.standing(0) && roster.standing(1));
    }

    /// "Had Ted attempted to Resist, his three successes would've been
    /// enough to reduce Peter's control to Zero, ending the grapple with
    /// him breaking free."
    #[test]
    fn ted_resisting_breaks_free() {
        let rules = house("no-decay-resist", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"resist\"");
        let rolls = [5, 3, 2, 0, 1, 4, 2, 5, 2, 5];
        let (_, mut roster) = trajectory(&g, &rolls, 5);
        let f = roster.result(5, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(0), End::Freed), "Ted is free");
    }

    /// The same rolls under the rule text ("At the end of any round where
    /// a Grapple was sustained, the Control is reduced by one"): 2, then
    /// 2 + 2 - 1 = 3, then 3 - 3 = 0: Peter breaks free in the third round.
    #[test]
    fn ted_and_peter_by_the_rule_text() {
        let g = ted_and_peter("fta", "victim = \"reverse\", reverse-at = 2");
        let rolls = [5, 3, 2, 0, 1, 4];
        let (path, mut roster) = trajectory(&g, &rolls, 3);
        assert_eq!(path[..2], [(2, true), (3, true)]);
        let f = roster.result(3, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed), "Peter is free");
    }

    /// The reversal arithmetic: with Control 3 a reversal needs 6 net
    /// successes; 8 against 1 leaves 7, one in excess: the Victim holds
    /// with 3 + 1 = 4 (decay off). 6 against 1 (5 net) fails and leaves the
    /// Control at 3.
    #[test]
    fn reversal_needs_twice_the_control() {
        let rules = house("reverse", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"reverse\", reverse-at = 5");
        let held = |control: i8| {
            let mut st = [State::default(); MAX_MEMBERS];
            st[1] = State {
                grappler: true,
                control,
                opened: true,
                ..State::default()
            };
            st[0].opened = true;
            st
        };
        let roster = g.begin().1;
        // Peter (member 1) holds; his roll comes first, then Ted's.
        let mut st = held(3);
        g.round(&mut st, &mut roster.clone(), &mut Script(vec![1, 8]));
        assert_eq!((st[0].grappler, st[0].control), (true, 4));
        let mut st = held(3);
        g.round(&mut st, &mut roster.clone(), &mut Script(vec![1, 6]));
        assert_eq!((st[1].grappler, st[1].control), (true, 3));
    }

    /// Ted (Strength 3) holding Peter (Stamina 2) with `control`.
    fn ted_holds(control: i8) -> [State; MAX_MEMBERS] {
        let mut st = [State::default(); MAX_MEMBERS];
        st[0] = State {
            grappler: true,
            control,
            opened: true,
            ..State::default()
        };
        st[1].opened = true;
        st
    }

    /// 004 "Slam 3 Control ... inflict Str + Remaining Control in bashing
    /// damage": Control 4 and a net of 1 make 5; the slam leaves 2 (and 1
    /// after the fall, so the grapple holds); 3 + 2 = 5 damage dice. The
    /// script's 4 damage successes less 1 soaked leave 3 bashing levels.
    #[test]
    fn slam_deals_strength_and_the_control_left() {
        let g = ted_and_peter("fta", "effect = \"slam\"");
        let mut st = ted_holds(4);
        let mut roster = g.begin().1;
        let mut dice = Script(vec![2, 1, 4, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[1].health.bashing, st[0].control), (3, 1));
        // Control 4 + 1 = 5 does not pay for a crack (4) and outlast the
        // fall: a crack waits.
        let g = ted_and_peter("fta", "effect = \"crack\"");
        let mut st = ted_holds(4);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[1].health.filled(), st[0].control), (0, 4));
    }

    /// 004 "Crack 4 Control Str + Half Remaining Control Lethal Damage":
    /// Control 6 and a net of 1 make 7; the crack leaves 3, half of it 1
    /// (rounded down): 3 + 1 = 4 dice; a mortal soaks no lethal, so the 2
    /// successes are 2 lethal levels; the fall leaves Control 2.
    #[test]
    fn crack_deals_lethal_with_half_the_control_left() {
        let g = ted_and_peter("fta", "effect = \"crack\"");
        let mut st = ted_holds(6);
        let mut roster = g.begin().1;
        let mut dice = Script(vec![2, 1, 2]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty(), "no soak roll against lethal");
        assert_eq!((st[1].health.lethal, st[0].control), (2, 2));
    }

    /// 004 "Single Effect Grapples": "executed immediately by spending all
    /// of the Control gained ... The grapple is not sustained in the
    /// following round". Ted's grapple attack, 5 against 2, gains 3, a
    /// slam with none left: 3 dice, 2 successes, none soaked: 2 bashing,
    /// and Ted lets go: released, nobody wins.
    #[test]
    fn single_effect_slam_then_release() {
        let g = ted_and_peter("fta", "single = \"slam\"");
        let (mut st, mut roster) = g.begin();
        let mut dice = Script(vec![5, 2, 2, 0]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!(st[1].health.bashing, 2);
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (None, End::Released));
    }

    /// 004 "the Victim relents": a Victim hurt to its `relent-at` gives up
    /// before rolling (conceded: the Grappler wins).
    #[test]
    fn hurt_victim_relents() {
        // Ted as the Victim, Wounded (4 levels), relenting at Wounded.
        let g2 = ted_and_peter("fta", "relent-at = \"wounded\"");
        let mut st = [State::default(); MAX_MEMBERS];
        st[1] = State {
            grappler: true,
            control: 3,
            opened: true,
            ..State::default()
        };
        st[0].opened = true;
        st[0].health.bashing = 4;
        let mut roster = g2.begin().1;
        g2.round(&mut st, &mut roster, &mut Script(vec![]));
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Conceded));
    }

    /// A grapple scenario under fta with `sides` (TOML of its `[[side]]`
    /// tables) and `top` its `[grapple]` table.
    fn grapple_of(top: &str, sides: &str) -> Grapple {
        let text =
            format!("name = \"g\"\nkind = \"grapple\"\neditions = [\"fta\"]\n{top}\n{sides}");
        let s = Scenario::parse("g.toml", &text, None).expect("scenario");
        Grapple::new(&s, &s.editions[0], Sampling::PerDie).expect("engine")
    }

    /// A side of one member (`body` its TOML) and its third parties.
    fn side(name: &str, body: &str, third: &[(&str, &str)]) -> String {
        let mut t = format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n{body}\n"
        );
        for (n, b) in third {
            t.push_str(&format!(
                "[[side.member]]\nname = \"{n}\"\nkind = \"mortal\"\n{b}\n"
            ));
        }
        t
    }

    /// Member 0 holds member 1 with `control`, `prone` saying who is on
    /// the ground.
    fn holds(control: i8, prone: [bool; 2]) -> [State; MAX_MEMBERS] {
        let mut st = ted_holds(control);
        st[0].prone = prone[0];
        st[1].prone = prone[1];
        st
    }

    /// 004 "Third Parties": "A third party may assist the Grappler ...
    /// adding 1 to the Control for every two successes they score": Jo
    /// holds Kelly with Control 2; her friend's 4 successes add 2; the
    /// roll-off is even (1 against 1), and the round's fall leaves 3. A
    /// third party of Kelly's scoring 5 takes 2 off (5 / 2, rounded down):
    /// with Control 2 that frees Kelly before any roll-off.
    #[test]
    fn third_parties_add_and_take_control_by_twos() {
        let plain = "traits = { strength = 2, brawl = 2 }";
        let helper = "traits = { strength = 2, brawl = 2 }\ntactics = { attack = \"grapple\" }";
        let top = "[grapple]\ngrappler = \"Jo\"\nstart = \"held\"\ncontrol = 2";
        let g = grapple_of(
            top,
            &format!(
                "{}{}",
                side("Jo", plain, &[("Lee", helper)]),
                side("Kelly", plain, &[])
            ),
        );
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![4, 1, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!(st[0].control, 3);
        let g = grapple_of(
            top,
            &format!(
                "{}{}",
                side("Jo", plain, &[]),
                side("Kelly", plain, &[("Jane", helper)])
            ),
        );
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![5]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty(), "no roll-off once the Control is gone");
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed));
        assert!(
            roster.standing(2),
            "Kelly's third party stands with her side"
        );
        // Freed the other way: Jo's own third party leaves with her.
        let g = grapple_of(
            top,
            &format!(
                "{}{}",
                side("Jo", plain, &[("Lee", helper)]),
                side("Kelly", plain, &[])
            ),
        );
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(1);
        g.round(&mut st, &mut roster, &mut Script(vec![0, 0, 2]));
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed));
        assert_eq!(roster.out(2), Some(End::Freed), "Lee leaves with Jo");
    }

    /// 004's example: "Jo holding her friend Kelly on the ground, as the
    /// Grappler, with a Control of 2 ... [Jane] kicks at Jo. Jo elects to
    /// use the Hostage Block, and scores enough successes to negate Jane's
    /// attack. Kelly takes damage as if Jane had kicked her with only 1
    /// success on the attack. Jo, meanwhile, loses Control of Kelly and the
    /// grapple ends." Jane's kick: 2 successes; Jo's block: 3; Kelly takes
    /// Jane's base damage (Strength 2: the script's 1 success, none
    /// soaked). Had Jo not stopped it (3 against her 1), the kick lands on
    /// Jo with 2 net successes (Strength 2 + 1 die).
    #[test]
    fn jo_hostage_blocks_janes_kick() {
        let jo = "traits = { strength = 2, dexterity = 3, brawl = 3 }\ngrapple = { third-party = \"hostage-block\" }";
        let kelly = "traits = { strength = 2, brawl = 1 }";
        let jane = "traits = { strength = 2, dexterity = 3, brawl = 2 }";
        let g = grapple_of(
            "[grapple]\ngrappler = \"Jo\"\nstart = \"held\"\ncontrol = 2",
            &format!(
                "{}{}",
                side("Jo", jo, &[]),
                side("Kelly", kelly, &[("Jane", jane)])
            ),
        );
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![2, 3, 1, 0]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[1].health.bashing, st[0].health.bashing), (1, 0));
        let f = roster.result(1, |_| 0).expect("the grapple ends");
        assert_eq!(f.end, End::Freed);
        // With Control 5 the block leaves 3 (the round's fall: 2): the
        // grapple holds. A kick of 3 against a block of 1 lands on Jo.
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(5);
        let mut dice = Script(vec![3, 1, 2, 0, 1, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[0].health.bashing, st[1].health.bashing), (2, 0));
        assert_eq!(st[0].control, 2);
    }

    /// 004 "Drop 2 Control": Control 4 and a net of 1 make 5; the drop
    /// leaves 3 (2 after the fall) and Kelly on the ground. "Prop 5
    /// Control Victim is forced to stand", and a throw needs the Victim on
    /// its feet: a thrower with Control 6 and a net of 1 (7) props first
    /// (2 left, 1 after the fall), and throws the round after. "Disarm 5":
    /// 7 pays for it against an armed Victim (1 left after the fall), not
    /// against bare hands.
    #[test]
    fn drop_prop_disarm_and_throw() {
        let plain = "traits = { strength = 3, brawl = 3 }";
        let top = "[grapple]\ngrappler = \"Ted\"\nstart = \"held\"\ncontrol = 4";
        let with = |effect: &str, weapon: &str| {
            grapple_of(
                top,
                &format!(
                    "{}{}",
                    side(
                        "Ted",
                        &format!("{plain}\ngrapple = {{ effect = \"{effect}\" }}"),
                        &[]
                    ),
                    side("Peter", &format!("{plain}\nweapon = \"{weapon}\""), &[])
                ),
            )
        };
        let g = with("drop", "fists");
        let (_, mut roster) = g.begin();
        let mut st = holds(4, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].prone), (2, true));
        let g = with("throw", "fists");
        let mut st = holds(6, [false, true]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].prone), (1, false));
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        let f = roster.result(2, |_| 0).expect("thrown");
        assert_eq!((f.winner, f.end), (None, End::Released));
        let g = with("disarm", "knife");
        let (_, mut roster) = g.begin();
        let mut st = holds(6, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].disarmed), (1, true));
        let g = with("disarm", "fists");
        let mut st = holds(6, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].disarmed), (6, false));
    }

    /// A Victim on the ground rolls `prone-dice` (2) fewer: Peter's
    /// Strength 3 + Brawl 3 is rolled as 4 dice, Ted's as 6.
    #[test]
    fn a_grounded_victim_rolls_two_dice_fewer() {
        let g = ted_and_peter("fta", "victim = \"resist\"");
        let (_, mut roster) = g.begin();
        let mut st = holds(4, [false, true]);
        let mut dice = Asked(Script(vec![1, 1]), Vec::new());
        g.round(&mut st, &mut roster, &mut dice);
        assert_eq!(dice.1, [6, 4]);
    }

    /// A source that plays a script and records the pools asked for.
    struct Asked(Script, Vec<i32>);

    impl Source for Asked {
        fn face(&mut self) -> i32 {
            self.0.face()
        }
        fn roll(&mut self, roller: &crate::conflict::source::Roller, pool: i32) -> Roll {
            self.1.push(pool);
            self.0.roll(roller, pool)
        }
        fn draw<T: Copy, const K: usize>(
            &mut self,
            t: &crate::conflict::tables::Tables<T, K>,
            key: [usize; K],
            weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
        ) -> Option<T> {
            self.0.draw(t, key, weights)
        }
        fn order(
            &mut self,
            n: usize,
            _: impl FnMut(usize, &mut Self) -> i32,
            _: impl Fn(usize) -> i32,
        ) -> crate::conflict::turn::Turn {
            crate::conflict::turn::Turn::of(&(0..n).collect::<Vec<_>>())
        }
        fn order_tied(
            &mut self,
            n: usize,
            _: impl FnMut(usize, &mut Self) -> i32,
            _: impl Fn(usize) -> i32,
            _: impl Fn(usize) -> usize,
        ) -> crate::conflict::turn::Turn {
            crate::conflict::turn::Turn::of(&(0..n).collect::<Vec<_>>())
        }
    }
}
