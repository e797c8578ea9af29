//! How a member fights: its `tactics = { ... }` ([`Tactics`]), read by
//! every fight engine, and how hurt it flees or relents ([`FleeAt`]).

use schemars::JsonSchema;
use serde::Deserialize;

/// How a member attacks. Power, feint and committed attacks are From the
/// Ashes' styles; the other editions attack as `basic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttackTactic {
    /// An ordinary attack every turn.
    Basic,
    /// fta: +1 difficulty, +2 damage dice.
    Power,
    /// fta: -1 difficulty, -2 damage dice.
    Feint,
    /// fta: no defence at all this round; the target defends at +2 difficulty.
    Committed,
    /// Grapples instead of harming: fta's grapple attack (its `grapple`
    /// pool, Strength or Dexterity + Brawl; a success begins a grapple with
    /// the net successes as Control), revised's and uwod's clinch or hold
    /// (the edition's `[grapple.hold] attack-pool`), hubris's grappling
    /// contest. The grapple then plays as the edition's `[grapple]` says,
    /// until it ends in a pin or the Victim gets free and the fight goes
    /// on. A fight of one against one.
    Grapple,
    /// Never attacks.
    None,
}

/// How a member defends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DefendTactic {
    /// Takes every blow (under uwod and hubris it still rolls the reflexive
    /// defence those editions give everyone).
    None,
    /// Splits its turn: an attack and a dodge (as multiple actions).
    Dodge,
    /// Only defends: never attacks, and dodges every attack (revised: at
    /// full pool less a die per earlier dodge this turn; fta: a pure
    /// defender; uwod: total defence, no onslaught).
    Total,
    /// Tries to get away: fta's escape defence (Dexterity + Athletics at 6,
    /// a success ends its part in the fight as a flight); the other
    /// editions have no such roll, and it flees on its first turn.
    Escape,
    /// Blocks (Dexterity + Brawl) or, with a melee weapon, parries
    /// (Dexterity + Melee) instead of dodging: revised splits its turn as
    /// for `dodge`; fta's block (difficulty 4 against an attacker using the
    /// same pool, 5 otherwise); uwod's reflexive Block / Parry merit.
    Block,
    /// fta: guards, turning its defence into an attack on the first member
    /// to attack it; the other editions defend as `none`.
    Guard,
    /// fta: the grapple defence: declares no attack, and answers an attack
    /// with its grapple pool; more successes than the attack's begin a
    /// grapple with the difference as Control (the attack negated), fewer
    /// let the attack land with the rest. The other editions have none:
    /// the member grapples by attacking instead (as `attack = "grapple"`).
    /// A fight of one against one.
    Grapple,
    /// Attacks, but attacked before it has acted in a turn it aborts to a
    /// full defence (revised: a Willpower roll at difficulty 6, or a point
    /// when its Willpower tactic spends one; fta: a Willpower roll at
    /// difficulty 8); uwod and hubris defend every attack anyway.
    Abort,
}

/// When a member spends Willpower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WillpowerTactic {
    /// Never.
    Never,
    /// On its attacks once wounded (a wound penalty applies).
    WhenHurt,
    /// On every attack while it has points.
    Always,
    /// uwod: once wounded, a point a turn to ignore its wound penalties
    /// for that turn; editions without that use spend as `when-hurt`.
    IgnoreWounds,
}

/// When a member flees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FleeAt {
    /// Never: fights until it drops.
    Never,
    /// Once Wounded (four health levels lost).
    Wounded,
    /// Once Mauled.
    Mauled,
    /// Once Crippled.
    Crippled,
}

impl FleeAt {
    /// Health boxes filled at which it flees (0: never).
    pub fn boxes(self) -> u8 {
        match self {
            FleeAt::Never => 0,
            FleeAt::Wounded => 4,
            FleeAt::Mauled => 5,
            FleeAt::Crippled => 6,
        }
    }
}

/// A member's tactics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Tactics {
    /// How it attacks.
    #[serde(default = "basic")]
    pub attack: AttackTactic,
    /// How it defends.
    #[serde(default = "no_defence")]
    pub defend: DefendTactic,
    /// When it spends Willpower.
    #[serde(default = "never")]
    pub willpower: WillpowerTactic,
    /// When it flees.
    #[serde(default = "flee_never")]
    pub flee_at: FleeAt,
    /// Attacks it declares a turn (multiple actions: revised and uwod take
    /// the first at -N dice and each later one a die more; fta's split
    /// actions), 1..=[`MAX_ACTIONS`]. Celerity's extra actions come on top.
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 5))]
    pub actions: u8,
    /// Garou: Rage points it spends a turn, one extra action each (as
    /// Celerity's, or fta's haste actions), while its `rage` trait lasts;
    /// 0..=[`MAX_ACTIONS`].
    #[serde(default = "one")]
    #[schemars(range(max = 5))]
    pub rage: u8,
}

/// The most attacks a member may declare a turn.
pub const MAX_ACTIONS: u8 = 5;

fn basic() -> AttackTactic {
    AttackTactic::Basic
}
fn no_defence() -> DefendTactic {
    DefendTactic::None
}
fn never() -> WillpowerTactic {
    WillpowerTactic::Never
}
fn flee_never() -> FleeAt {
    FleeAt::Never
}
fn one() -> u8 {
    1
}

impl Default for Tactics {
    fn default() -> Self {
        Tactics {
            attack: basic(),
            defend: no_defence(),
            willpower: never(),
            flee_at: flee_never(),
            actions: one(),
            rage: one(),
        }
    }
}
