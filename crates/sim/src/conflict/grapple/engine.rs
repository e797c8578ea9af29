//! The grapple engine, [`Grapple`]: a grapple's two members (and fta's
//! third parties) compiled under one edition's `[grapple]`, its members'
//! [`State`], the opening (a grapple attack or defence, or the hold's
//! clinch attack) and the grab, and each round handed to the edition's
//! mechanism: fta's Control (control.rs), the hold (hold.rs) or hubris's
//! contest (contest.rs).

use wodds_dice::Roll;
use wodds_rules::combat::fta::SplitActions;
use wodds_rules::{
    FtaGrapple, GrappleEngine, Pool, ResistedRule, RuleSet, RulesError, ThirdPartyDefence, TieRule,
};

use crate::conflict::chain::Rounds;
use crate::conflict::combat::fta::meet;
use crate::conflict::fighter::{Rolls, fighters, grapple_roll, hurt};
use crate::conflict::gear::Damage;
use crate::conflict::health::{Health, Track};
use crate::conflict::scenario::{
    DefendTactic, GrappleSetup, GrappleStart, GrappleTactics, MAX_MEMBERS, Scenario,
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
pub(super) struct Member {
    /// Its grapple pool (fta), hold pool (hold) or contest pool (hubris).
    pub(super) pool: i32,
    /// Its opening attack pool: a grapple attack (fta: the grapple pool;
    /// hold: the clinch attack).
    attack: i32,
    /// Its weapon attack (the other's attack, against a grapple defence).
    strike: i32,
    /// Its defence against a grapple attack: pool, and which roller.
    pub(super) defence: Option<(i32, usize)>,
    /// Strength, added to every effect's damage (hold: the damage pool).
    pub(super) strength: i32,
    /// Soak dice against bashing, lethal, aggravated.
    pub(super) soak: [i32; 3],
    /// Contests it may lose (hubris).
    pub(super) losses: u8,
    /// Its dodge and block (a Grappler's answer to a third party).
    pub(super) dodge: i32,
    pub(super) block: i32,
    /// It holds a weapon to disarm.
    pub(super) armed: bool,
    pub(super) tactics: GrappleTactics,
}

/// A third party (fta, 004 "Third Parties"): a side's member after its
/// first. It assists its side's member, 1 Control (added or taken off) per
/// `assist-successes` successes on its grapple roll, or, on the Victim's
/// side with an attack tactic (not `grapple` nor `none`), attacks the
/// Grappler, who answers with a Shrug Off or a Hostage Block.
#[derive(Debug, Clone, Copy)]
pub(super) struct Helper {
    /// Its side.
    pub(super) side: usize,
    /// Its Strength + Brawl and Dexterity + Brawl grapple pools ("using the
    /// same pool as the Grappler": the kind its side's member grapples
    /// with).
    pub(super) pools: [i32; 2],
    /// It attacks the Grappler when its side holds the Victim.
    pub(super) attacks: bool,
    /// Its attack: pool, damage dice (with its style's), damage kind, and
    /// the rollers at the attack's difficulty against a defence roll and
    /// against none.
    pub(super) attack: i32,
    pub(super) damage: i32,
    pub(super) potence: u16,
    pub(super) kind: Damage,
    pub(super) strike: [usize; 2],
    /// The rollers of a Shrug Off and of a block (a Hostage Block, or the
    /// Victim's) against its attack, by the member (0 or 1) that rolls it.
    pub(super) shrug: [usize; 2],
    pub(super) block: [usize; 2],
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
    pub(super) members: [Member; 2],
    /// Third parties: members 2.. of the engine (after each side's first).
    pub(super) helpers: Vec<Helper>,
    /// Each member's side, the two grappling first.
    pub(super) sides_of: Vec<usize>,
    /// Each member's rolls at its own grapple difficulty (fta: with its
    /// non-humanoid penalty).
    pub(super) rolls: [Rolls; 2],
    /// Rolls at the defences' and the weapon attack's difficulties.
    pub(super) others: Vec<Rolls>,
    pub(super) track: Track,
    penalties: [u8; 6],
    /// fta: the dice the Grappler's Shrug Off or Hostage Block loses for
    /// each third party's attack before it in the round (004 "piling on":
    /// the Grappler carries on with an offense, its grapple).
    pub(super) pile: i32,
    /// fta's split actions (`[combat.fta.split-actions]`; `None` for the
    /// other engines): a Victim who blocks a third party's attack splits
    /// its pool.
    pub(super) split: Option<SplitActions>,
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
        // The rolls at each difficulty met, once each.
        let mut others = Vec::new();
        let mut at = Vec::new();
        let mut roller_at = |d: i32, others: &mut Vec<Rolls>| -> Result<usize, RulesError> {
            if let Some(k) = at.iter().position(|&x| x == d) {
                return Ok(k);
            }
            others.push(Rolls::new(rules, d, sampling, max)?);
            at.push(d);
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
                        DefendTactic::Dodge | DefendTactic::Total => {
                            Some((fs[i].dodge, roller_at(fta.dodge.hand_to_hand, &mut others)?))
                        }
                        // 004 "Escape": Dexterity + Athletics, and "the
                        // difficulty is 6" (`combat.fta.escape`), not a
                        // dodge's 5.
                        DefendTactic::Escape => {
                            Some((fs[i].dodge, roller_at(fta.escape.difficulty, &mut others)?))
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
                        | DefendTactic::Grapple
                            if !h.reflexive_defence =>
                        {
                            None
                        }
                        _ => Some((fs[i].dodge, roller_at(standard, &mut others)?)),
                    };
                }
                let needed = match rules.dice.difficulty {
                    wodds_rules::DifficultyKind::SuccessesNeeded => h.difficulty.max(0) as u16,
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
                    // The grappling attack is a physical contest of the
                    // grapple pool against the defender's dodge (as in a
                    // hubris fight, where every attack meets one).
                    attack[i] = p[i];
                    let dodge = rules
                        .combat
                        .pools
                        .get(wodds_rules::Pool::Dodge)
                        .of(&ratings);
                    defence[i] = Some((dodge, roller_at(standard, &mut others)?));
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
            let range = rules.combat.attack().range_difficulty;
            for &k in &order[2..] {
                let (x, h) = (members_of[k], &all[k]);
                let ratings = x.ratings(true);
                let attacks = !matches!(
                    x.tactics.attack,
                    crate::conflict::AttackTactic::Grapple | crate::conflict::AttackTactic::None
                );
                // 004 "Third Parties" ("A victim may Block", "A Grappler
                // may be attacked") names no difficulties; assumed: the
                // fight's, an attack at its weapon's and range's
                // difficulty with its style, met by a dodge or block at
                // the difficulty that attack meets in the fight, by
                // whichever of the two is the Grappler or the Victim then.
                let (delta, bonus) = meet::style(&fta, h, false);
                let strike = |open| meet::attack_difficulty(&fta, range, h, open) + delta;
                let mut shrug = [0; 2];
                let mut block = [0; 2];
                for i in 0..2 {
                    let melee = fs[i].weapon.skill == crate::conflict::Skill::Melee;
                    let block_difficulty = meet::block_difficulty(&fta, h, melee);
                    shrug[i] = roller_at(
                        match f.shrug_off_defence {
                            ThirdPartyDefence::Dodge => meet::dodge_difficulty(&fta, h),
                            ThirdPartyDefence::Block => block_difficulty,
                        },
                        &mut others,
                    )?;
                    block[i] = roller_at(block_difficulty, &mut others)?;
                }
                helpers.push(Helper {
                    side: h.side,
                    pools: [
                        f.strength_pool.of(&ratings).max(0),
                        f.dexterity_pool.of(&ratings).max(0),
                    ],
                    attacks,
                    attack: h.attack,
                    damage: h.damage + bonus,
                    potence: h.potence,
                    kind: h.kind,
                    strike: [
                        roller_at(strike(false), &mut others)?,
                        roller_at(strike(true), &mut others)?,
                    ],
                    shrug,
                    block,
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
            pile: match g.engine {
                GrappleEngine::Control => rules.combat.fta().piling_on.attacking,
                _ => 0,
            },
            split: (g.engine == GrappleEngine::Control).then(|| rules.combat.fta().split_actions),
        })
    }

    /// The dice member `i` loses to its wounds.
    pub(super) fn penalty(&self, s: &State) -> i32 {
        i32::from(s.health.penalty(&self.penalties))
    }

    /// Member `i`'s grapple pool: `pool` less its wound penalty.
    pub(super) fn pool(&self, i: usize, st: &[State], pool: i32) -> i32 {
        (pool - self.penalty(&st[i])).max(0)
    }

    /// Member `i` rolls its grapple pool (less its wound penalty).
    pub(super) fn roll<D: Source>(&self, i: usize, st: &[State], pool: i32, dice: &mut D) -> Roll {
        self.rolls[i].action.roll(dice, self.pool(i, st, pool))
    }

    /// Member `v` takes `pool` damage dice of `kind`, soaked.
    pub(super) fn harm<D: Source>(
        &self,
        v: usize,
        pool: i32,
        kind: Damage,
        st: &mut [State],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let soak = self.members[v].soak[kind as usize];
        // Every level counts as harm dealt, past the track or not.
        let levels = self.rolls[v].blow(dice, pool.max(0), 0, soak, || u16::MAX);
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
                let hits = |r: Roll, d: u16| r.successes >= needed && beats(resisted, r, d);
                let (r, d) = match other.defence {
                    // Whether the clinch lands and who botched is all
                    // the rest of the round reads of the two rolls.
                    Some((pool, k)) => dice.rolls_alike(
                        (&self.rolls[g].action, self.pool(g, st, me.attack)),
                        (&self.others[k].action, self.pool(v, st, pool)),
                        |_| true,
                        1,
                        |r, d| {
                            let d = d.unwrap_or_default();
                            (hits(r, d.successes), r.botch, d.botch)
                        },
                    ),
                    None => (self.roll(g, st, me.attack, dice), None),
                };
                let d = d.unwrap_or_default();
                roster.botches += u32::from(r.botch) + u32::from(d.botch);
                i32::from(hits(r, d.successes))
            }
            // The grappling attack won (the tie as `contest-tie` says,
            // the Grappler acting) begins the contest.
            Mech::Contest(tie) => {
                let r = self.roll(g, st, me.attack, dice);
                roster.botches += u32::from(r.botch);
                let d = defend(dice, roster);
                i32::from(tie.winner(r.successes, d) == 1)
            }
        }
    }
}

/// Whether the acting side's roll `a` beats the other's `d` successes
/// under the edition's resisted rule.
pub(super) fn beats(rule: ResistedRule, a: Roll, d: u16) -> bool {
    if a.botch {
        return false;
    }
    match rule {
        ResistedRule::Margin => a.successes > d,
        // 000: "if she gets no successes, your difficulty is zero, so
        // you'll hit if you don't botch".
        ResistedRule::Meet => a.successes >= d,
        ResistedRule::MatchOrBeat => a.successes >= d && a.successes > 0,
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
        let held = self.setup.start == GrappleStart::Held;
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
    /// What the rules leave the Grappler unable to do, when it shapes
    /// every figure: under the hold engine (revised, uwod) a Grappler
    /// whose effect deals no damage (`pin`, `hold`, ...) can only hold on
    /// until the Victim is free or the rounds run out: it never wins.
    pub fn caveat(&self) -> Option<&'static str> {
        let g = self.setup.grappler;
        (matches!(self.mech, Mech::Hold { .. }) && !self.members[g].tactics.effect.harms())
            .then_some(
                "the hold engine has no pin: a Grappler whose effect deals no damage only holds \
             on (effect = \"slam\", \"crack\" or \"clinch\" crushes), so it never wins",
            )
    }

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
                } else if control >= f.effects.pin
                    && self.members[g].tactics.effect != crate::conflict::scenario::Effect::Hold
                {
                    // The opening gained enough Control to choose to Pin.
                    roster.knock_out(v, End::Pinned);
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
}
