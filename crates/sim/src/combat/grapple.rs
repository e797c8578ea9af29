//! Grapples (`kind = "grapple"` scenarios): two members, one grappling the
//! other, under the edition's `[grapple]` mechanism.
//!
//! - `control` (fta, seed 004 "Grappling"): the opening grapple attack or
//!   grapple defence gives the Grappler a Control of its successes minus
//!   the other's; each later round both roll their grapple pools, the net
//!   going to whoever rolled more: the Grappler adds it to Control and may
//!   buy one effect (Pin ends it; Slam, Clinch and Crack hurt), the Victim
//!   resisting takes it off Control, reversing (net at least twice the
//!   Control) swaps the roles with Control + the excess; Control falls by
//!   `decay` at the end of every sustained round, and at 0 the Victim is
//!   free. The Victim may relent instead.
//! - `hold` (revised, uwod): a clinch attack that grapples; then each round
//!   the held member tries a resisted roll to break free, and the holder,
//!   keeping the hold, deals Strength damage (a clinch) or not (a hold).
//! - `contest` (hubris): a prolonged physical contest, a roll-off a round;
//!   the side that has lost as many as its Stamina is pinned.
//!
//! A grapple is a [`Rounds`] engine like the fights: every random thing is
//! drawn through a `Source`, so its round chain gives exact odds.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
use wodds_dice::Roll;
use wodds_rules::{FtaGrapple, GrappleEngine, Pool, ResistedRule, RuleSet, RulesError, TieRule};

use super::chain::Rounds;
use super::fighter::{Rolls, Sampling, fighters, hurt};
use super::gear::Damage;
use super::health::{Health, Track};
use super::scenario::{
    ConflictKind, DefendTactic, FleeAt, MAX_MEMBERS, RawMember, RawSide, Scenario, Side,
};
use super::source::Source;
use super::tally::End;
use super::turn::{Frame, Roster};

/// How a grapple starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GrappleStart {
    /// The grappler makes a grapple attack; the other defends as its
    /// `tactics.defend` says (dodge or block; none: no defence).
    Attack,
    /// The other attacks (its weapon, its attack pool) and the grappler
    /// answers with a grapple defence (fta; the other editions have none
    /// and start as `attack`).
    Defence,
    /// The grapple is under way: the grappler holds the other with the
    /// scenario's `control`.
    Held,
}

/// `[grapple]` of a scenario file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawGrapple {
    /// The member who grapples (attacks, or defends with a grapple, or
    /// holds the other).
    #[schemars(with = "String")]
    grappler: Spanned<String>,
    /// How it starts.
    start: GrappleStart,
    /// With `start = "held"`: the Grappler's Control (fta), 1..=30.
    #[serde(default)]
    #[schemars(with = "Option<i64>", range(min = 1, max = 30))]
    control: Option<Spanned<i64>>,
}

/// A grapple scenario's start, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrappleSetup {
    /// The grappler's member index.
    pub grappler: usize,
    /// How it starts.
    pub start: GrappleStart,
    /// The Control it starts with (`start = "held"`; else 0).
    pub control: i32,
}

/// The pool a member grapples with (fta's two kinds of grapple).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GrapplePool {
    /// Strength + Brawl: raw strength, any opponent.
    #[default]
    Strength,
    /// Dexterity + Brawl: technique against a body's weaknesses (fta: a
    /// non-humanoid adds to the difficulty).
    Dexterity,
}

/// What a Grappler buys with Control after winning a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Banks Control until it can pin (every tactic pins once it can).
    #[default]
    Pin,
    /// Slams (Strength + the Control left, bashing) whenever the Control
    /// left after paying outlasts the round's fall; the hold engine's
    /// clinch damage.
    Slam,
    /// Cracks (Strength + half the Control left, lethal) whenever it can,
    /// as for `slam`; the hold engine's clinch damage.
    Crack,
    /// Clinches (Strength + half the Control left, bashing) whenever it
    /// can, as for `slam`; the hold engine's clinch damage.
    Clinch,
    /// Throws the Victim at the first round it wins (all Control: the
    /// grapple ends, released).
    Throw,
    /// Only holds: never spends Control, never pins (the hold engine's
    /// hold, with no damage).
    Hold,
}

/// A single-effect grapple: the effect bought at once with all the
/// opening's Control, after which the Grappler lets go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Single {
    /// Puts the Victim down.
    Drop,
    /// Takes what it holds.
    Disarm,
    /// Makes it stand.
    Prop,
    /// Drops it hard: Strength + the Control left, bashing.
    Slam,
    /// Strength + half the Control left, bashing.
    Clinch,
    /// Strength + half the Control left, lethal.
    Crack,
    /// Hurls it (all Control).
    Throw,
}

/// What a Victim declares each round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum VictimTactic {
    /// Resists: its net successes come off the Control.
    #[default]
    Resist,
    /// Tries to reverse while the Control is at most `reverse-at`, else
    /// resists.
    Reverse,
}

/// How a member grapples: its pool, and its tactics as Grappler and as
/// Victim (roles may swap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GrappleTactics {
    /// Its grapple pool (fta).
    #[serde(default)]
    pub pool: GrapplePool,
    /// As Grappler: what it buys with Control.
    #[serde(default)]
    pub effect: Effect,
    /// As the opening's Grappler: a single-effect grapple instead.
    #[serde(default)]
    pub single: Option<Single>,
    /// As Victim: resist, or reverse when the Control is low.
    #[serde(default)]
    pub victim: VictimTactic,
    /// With `victim = "reverse"`: reverses while the Control is at most
    /// this, 0..=30.
    #[serde(default = "one")]
    #[schemars(range(max = 30))]
    pub reverse_at: u8,
    /// As Victim: relents once this hurt.
    #[serde(default = "never")]
    pub relent_at: FleeAt,
    /// Whether its body is humanoid (fta: grappling a non-humanoid adds
    /// to the difficulty).
    #[serde(default = "yes")]
    pub humanoid: bool,
    /// fta: the difficulty it adds grappling a non-humanoid, 0..=3
    /// (default: the edition's `[grapple.fta] non-humanoid`).
    #[serde(default)]
    #[schemars(range(max = 3))]
    pub penalty: Option<u8>,
}

fn one() -> u8 {
    1
}
fn never() -> FleeAt {
    FleeAt::Never
}
fn yes() -> bool {
    true
}

impl Default for GrappleTactics {
    fn default() -> Self {
        GrappleTactics {
            pool: GrapplePool::Strength,
            effect: Effect::Pin,
            single: None,
            victim: VictimTactic::Resist,
            reverse_at: one(),
            relent_at: never(),
            humanoid: true,
            penalty: None,
        }
    }
}

/// Checks a member's `grapple` tactics.
pub(super) fn check_tactics(
    g: &Spanned<GrappleTactics>,
    at: &impl Fn(usize, &str, String) -> RulesError,
) -> Result<GrappleTactics, RulesError> {
    let t = *g.get_ref();
    if t.reverse_at > 30 {
        return Err(at(
            g.span().start,
            "grapple.reverse-at",
            format!("{} is outside 0..=30", t.reverse_at),
        ));
    }
    if let Some(p) = t.penalty.filter(|&p| p > 3) {
        return Err(at(
            g.span().start,
            "grapple.penalty",
            format!("{p} is outside 0..=3"),
        ));
    }
    Ok(t)
}

/// Checks a scenario's `[grapple]` against its kind and sides.
pub(super) fn setup(
    kind: ConflictKind,
    raw: Option<&Spanned<RawGrapple>>,
    sides: &[Side],
    raw_sides: &[RawSide],
    at: &impl Fn(usize, &str, String) -> RulesError,
) -> Result<Option<GrappleSetup>, RulesError> {
    let raw = match (kind, raw) {
        (ConflictKind::Combat | ConflictKind::Chase, None) => return Ok(None),
        (ConflictKind::Combat | ConflictKind::Chase, Some(g)) => {
            return Err(at(
                g.span().start,
                "grapple",
                "[grapple] is only for `kind = \"grapple\"`".into(),
            ));
        }
        (ConflictKind::Grapple, None) => {
            return Err(at(
                0,
                "grapple",
                "a grapple needs a [grapple] table: who grapples (`grappler`) and how it starts (`start`)".into(),
            ));
        }
        (ConflictKind::Grapple, Some(g)) => g,
    };
    if let Some((s, r)) = sides
        .iter()
        .zip(raw_sides)
        .find(|(s, _)| s.members.len() != 1)
    {
        let m: Option<&RawMember> = r.member.get(1);
        return Err(at(
            m.map_or(0, |m| m.name.span().start),
            "side.member",
            format!(
                "a grapple is between two members, one a side: side `{}` has {}",
                s.name,
                s.members.len()
            ),
        ));
    }
    if sides.len() != 2 {
        return Err(at(
            0,
            "side",
            format!("a grapple has two sides, not {}", sides.len()),
        ));
    }
    let g = raw.get_ref();
    let name = g.grappler.get_ref();
    let Some(grappler) = sides.iter().position(|s| &s.members[0].name == name) else {
        return Err(at(
            g.grappler.span().start,
            "grapple.grappler",
            format!(
                "no member is named `{name}`: name {} or {}",
                sides[0].members[0].name, sides[1].members[0].name
            ),
        ));
    };
    let control = match (&g.control, g.start) {
        (None, GrappleStart::Held) => {
            return Err(at(
                raw.span().start,
                "grapple.control",
                "`start = \"held\"` needs the Control it starts with (`control`, 1..=30)".into(),
            ));
        }
        (Some(c), GrappleStart::Held) if !(1..=30).contains(c.get_ref()) => {
            return Err(at(
                c.span().start,
                "grapple.control",
                format!("{} is outside 1..=30", c.get_ref()),
            ));
        }
        (Some(c), GrappleStart::Held) => *c.get_ref() as i32,
        (Some(c), _) => {
            return Err(at(
                c.span().start,
                "grapple.control",
                "only `start = \"held\"` is given a Control (an attack or defence rolls for it)"
                    .into(),
            ));
        }
        (None, _) => 0,
    };
    Ok(Some(GrappleSetup {
        grappler,
        start: g.start,
        control,
    }))
}

/// A member's state during a grapple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// Its health.
    pub(super) health: Health,
    /// Whether it is the Grappler (the holder).
    pub(super) grappler: bool,
    /// The Grappler's Control (fta).
    pub(super) control: i8,
    /// Contests lost (hubris).
    pub(super) losses: u8,
    /// The opening is behind (the same on both members).
    pub(super) opened: bool,
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
    /// Soak dice against bashing, lethal.
    soak: [i32; 2],
    /// Contests it may lose (hubris).
    losses: u8,
    tactics: GrappleTactics,
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
    /// member grapples (see [`Flow`](super::flow::Flow)): the fight plays
    /// the opening and hands over the Control, [`Grapple::grab`] starts
    /// it, and its rounds take over until it ends.
    pub(super) fn in_fight(
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
            scenario.sides.len() == 2 && scenario.sides.iter().all(|s| s.members.len() == 1),
            "the scenario checks a grapple's two members"
        );
        // hubris has no Storyteller pools and soak (nor uses them here).
        let fs = match g.engine {
            GrappleEngine::Contest => Vec::new(),
            _ => fighters(scenario, rules),
        };
        let m = [&scenario.sides[0].members[0], &scenario.sides[1].members[0]];
        let standard = rules.dice.standard_difficulty;
        // The largest pool a grapple rolls: two traits (and armour or
        // Fortitude on a soak), or a damage pool of Strength and the
        // Control left under a pin (at most the pin's cost and a pool).
        use super::scenario::Trait as T;
        let top = (m.iter())
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
            soak: fs.get(i).map_or([0; 2], |f| [f.soak[0], f.soak[1]]),
            losses: losses[i],
            tactics: m[i].grapple,
        };
        Ok(Grapple {
            frame: Frame::of(scenario),
            mech,
            setup,
            members: [member(0), member(1)],
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
        let soak = match kind {
            Damage::Bashing => self.members[v].soak[0],
            _ => self.members[v].soak[1],
        };
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

/// Member `me`'s grapple roll against `other` under `rules`: the pool its
/// grapple attack (or fta grapple defence) rolls and the difficulty. fta
/// (`control`): Strength or Dexterity + Brawl by its `grapple.pool`, at
/// `[grapple.fta] difficulty`, plus the non-humanoid penalty against a
/// body that is not humanoid (for Dexterity grapples, or Strength ones
/// when `non-humanoid-strength`); the hold: `[grapple.hold] attack-pool`
/// at its difficulty; hubris's contest: `[grapple.contest] pool` at the
/// standard difficulty.
pub(super) fn grapple_roll(
    rules: &RuleSet,
    me: &super::Member,
    other: &super::Member,
) -> (i32, i32) {
    let Some(g) = rules.grapple else {
        return (0, rules.dice.standard_difficulty);
    };
    match g.engine {
        GrappleEngine::Control => {
            let f = g.fta();
            let ratings = me.ratings(true);
            let dex = me.grapple.pool == GrapplePool::Dexterity;
            let pool = if dex {
                f.dexterity_pool.of(&ratings)
            } else {
                f.strength_pool.of(&ratings)
            };
            let penalised = dex || f.non_humanoid_strength;
            let penalty = if !other.grapple.humanoid && penalised {
                me.grapple.penalty.map_or(f.non_humanoid, i32::from)
            } else {
                0
            };
            (pool.max(0), (f.difficulty + penalty).min(10))
        }
        GrappleEngine::Hold => {
            let h = g.hold();
            (h.attack_pool.of(&me.ratings(true)).max(0), h.difficulty)
        }
        GrappleEngine::Contest => (
            g.contest().pool.of(&me.ratings(false)).max(0),
            rules.dice.standard_difficulty,
        ),
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
        0..2
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
            Mech::Hold { resisted, .. } => {
                let (hm, vm) = (&self.members[g], &self.members[v]);
                if vm.tactics.relent_at.boxes() > 0
                    && st[v].health.filled() >= vm.tactics.relent_at.boxes()
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
            Mech::Contest(tie) => {
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
    pub(super) fn grab<D: Source>(
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
                    self.harm(v, strength + left, Damage::Bashing, st, roster, dice);
                }
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
            Single::Drop | Single::Disarm | Single::Prop | Single::Throw => {}
        }
        if roster.standing(v) {
            roster.knock_out(g, End::Released);
            roster.knock_out(v, End::Released);
        }
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
        let reverse =
            vm.tactics.victim == VictimTactic::Reverse && c <= i32::from(vm.tactics.reverse_at);
        let rg = self.roll(g, st, gm.pool, dice);
        let rv = self.roll(v, st, vm.pool, dice);
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
                    self.harm(v, gm.strength + c, Damage::Bashing, st, roster, dice);
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
    use crate::combat::source::Script;

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
}
