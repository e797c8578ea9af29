//! How a member grapples: its `grapple = { ... }` ([`GrappleTactics`]):
//! its pool, what it buys with Control as Grappler, how it answers as
//! Victim and to third parties.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
use wodds_rules::RulesError;

use super::tactics::FleeAt;

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
    /// grapple ends, released); a Victim on the ground must be propped up
    /// first (004: "Victim must be on feet to perform this"), with Prop
    /// when the Control pays for it.
    Throw,
    /// Drops the Victim whenever it stands and the Control left outlasts
    /// the round's fall (004 Drop: "suffering appropriate penalties even if
    /// grapple continues": `[grapple.fta] prone-dice`), else banks Control
    /// for the pin.
    Drop,
    /// Disarms the Victim once, when it holds a weapon and the Control left
    /// outlasts the round's fall (in a fight it fights on with its fists),
    /// else banks Control for the pin.
    Disarm,
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
    /// Pins it, when the Control gained pays for a pin (fta: 10).
    Pin,
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
    /// fta: as Grappler attacked by a third party, how it answers: a
    /// Shrug Off (its defence roll, 1 Control) or a Hostage Block (a block,
    /// 2 Control: a blow it stops falls on the Victim).
    #[serde(default)]
    pub third_party: ThirdParty,
}

/// How a Grappler answers a third party's attack (004 "Third Parties": "A
/// Grappler may be attacked, forcing them to use the Shed or Hostage Block
/// actions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ThirdParty {
    /// "Shrug Off+ 1 Control Make a defense roll against an attack from a
    /// 3rd party."
    #[default]
    ShrugOff,
    /// "Hostage Block+ 2 Control As above, but if attack is fully negated,
    /// Victim takes base damage of attack."
    HostageBlock,
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
            third_party: ThirdParty::ShrugOff,
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
