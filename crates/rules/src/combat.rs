//! The combat part of an edition: which engine plays its fights, the pools
//! it rolls, and every rule of the engine as a setting, family by family
//! (`[combat.health]`, `[combat.attack]`, ...).
//!
//! The engines are mechanisms; which variant of a rule and which numbers
//! they use come from here. A family is a sub-table; an edition's file
//! holds the families its engine reads ([`CombatEngine::families`]), and a
//! house rule may change any setting in them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::pools::Pools;

mod storyteller;

pub use storyteller::{
    AttackClass, CreatureKind, DamageKind, DamageRules, InitiativeTies, Named, PotenceAdds,
    PowersRules, RevisedRules, Set, SoakDice, SoakRow, SoakRules, TraitName, UnskilledRules,
};

pub mod fta;

pub use fta::FtaRules;

mod hubris;
pub use hubris::{
    ArmorRule, DamageRule, FortitudeRule, HubrisRules, InitiativeRule, LastBox, PotenceRule,
    WeaponRule,
};

/// Which combat engine runs an edition's fights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CombatEngine {
    /// Vampire: the Masquerade Revised.
    Revised,
    /// From the Ashes.
    Fta,
    /// Ultimate WoD.
    Uwod,
    /// The Act of Hubris.
    Hubris,
}

impl CombatEngine {
    /// Its name in rule files.
    pub fn name(self) -> &'static str {
        match self {
            CombatEngine::Revised => "revised",
            CombatEngine::Fta => "fta",
            CombatEngine::Uwod => "uwod",
            CombatEngine::Hubris => "hubris",
        }
    }

    /// The engine a rule file calls `name`.
    pub fn named(name: &str) -> Option<CombatEngine> {
        [
            CombatEngine::Revised,
            CombatEngine::Fta,
            CombatEngine::Uwod,
            CombatEngine::Hubris,
        ]
        .into_iter()
        .find(|e| e.name() == name)
    }

    /// The families of settings (sub-tables of `[combat]`) the engine
    /// reads; a rule file for it must have every one.
    pub fn families(self) -> &'static [&'static str] {
        match self {
            CombatEngine::Revised => &[
                "health",
                "attack",
                "soak",
                "damage",
                "powers",
                "unskilled",
                "revised",
            ],
            CombatEngine::Fta => &[
                "health",
                "attack",
                "soak",
                "damage",
                "powers",
                "unskilled",
                "fta",
            ],
            CombatEngine::Uwod => &["health", "soak", "damage", "powers", "unskilled", "uwod"],
            CombatEngine::Hubris => &["hubris"],
        }
    }
}

/// `[combat.health]`: the health track of the Storyteller engines
/// (revised, fta, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HealthRules {
    /// Dice lost to the worst filled box of the six before Incapacitated.
    pub wound_penalties: [u8; 6],
    /// What bashing damage past the last box does.
    pub bashing_overflow: Overflow,
    /// What lethal damage past the last box does.
    pub lethal_overflow: Overflow,
    /// What aggravated damage past the last box does.
    pub aggravated_overflow: Overflow,
}

/// What a level of damage does to a track with every box filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Overflow {
    /// Turns a box of this kind into the next worse kind (bashing to
    /// lethal, lethal to aggravated); with no such box left, it kills.
    Upgrade,
    /// Kills.
    Kill,
    /// Nothing more.
    Ignore,
}

/// `[combat.attack]`: attack difficulties (revised, fta).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AttackRules {
    /// The difficulty of an attack with fists or a hand-held weapon (and
    /// the base of other attacks).
    pub difficulty: i32,
    /// A gun's difficulty point-blank, at effective range and one range
    /// increment beyond.
    pub range_difficulty: [i32; 3],
}

/// `[combat.uwod]`: the rules only the uwod engine has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UwodRules {
    /// How initiative is rolled.
    pub initiative: UwodInitiative,
    /// Whether the wound penalty comes off initiative.
    pub initiative_wound_penalty: bool,
    /// How initiative ties are broken.
    pub initiative_ties: InitiativeTies,
    /// Dice the first of several declared actions loses per action
    /// declared.
    pub first_action_penalty: u8,
    /// Dice each later declared action loses beyond the one before.
    pub later_action_penalty: u8,
    /// Extra actions a turn per Rage point spent (Garou).
    pub rage_actions: u8,
    /// Successes a reflexive defence loses per earlier defence before the
    /// defender's next turn (the onslaught).
    pub onslaught: u16,
    /// The same for a member in total defence.
    pub total_defence_onslaught: u16,
    /// The attacks the Block merit (bare hands) may meet.
    pub block_meets: Set<AttackClass>,
    /// The attacks the Parry merit (a melee weapon in hand) may meet.
    pub parry_meets: Set<AttackClass>,
    /// Successes more an attack needs per range increment beyond its
    /// weapon's range.
    pub range_increment: u16,
    /// Whether a member Incapacitated by lethal or aggravated damage may
    /// stay active on Willpower rolls.
    pub stay_active: bool,
    /// Whether a Willpower point may buy a turn without wound penalties.
    pub ignore_wounds: bool,
    /// Willpower points a member may spend a turn.
    pub willpower_per_turn: u8,
}

/// How the uwod engine rolls initiative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UwodInitiative {
    /// The successes of a roll of the initiative pool.
    Successes,
    /// 1d10 plus the initiative pool.
    D10PlusPool,
}

/// The combat part of an edition, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatRules {
    /// The engine that runs its fights.
    pub engine: CombatEngine,
    /// The traits each of its pools adds up.
    pub pools: Pools,
    /// `[combat.health]` (revised, fta, uwod).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health: Option<HealthRules>,
    /// `[combat.attack]` (revised, fta).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackRules>,
    /// `[combat.soak]` (revised, fta, uwod).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soak: Option<SoakRules>,
    /// `[combat.damage]` (revised, fta, uwod).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageRules>,
    /// `[combat.powers]` (revised, fta, uwod).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub powers: Option<PowersRules>,
    /// `[combat.unskilled]` (revised, fta, uwod).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unskilled: Option<UnskilledRules>,
    /// `[combat.revised]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revised: Option<RevisedRules>,
    /// `[combat.uwod]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uwod: Option<UwodRules>,
    /// `[combat.hubris]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hubris: Option<HubrisRules>,
    /// `[combat.fta]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fta: Option<FtaRules>,
}

/// Every family, as a dotted key.
const FAMILIES: [&str; 10] = [
    "combat.health",
    "combat.attack",
    "combat.soak",
    "combat.damage",
    "combat.powers",
    "combat.unskilled",
    "combat.revised",
    "combat.uwod",
    "combat.hubris",
    "combat.fta",
];

/// The family an engine reads, checked present when the rules were
/// loaded ([`CombatEngine::families`]).
fn family<T: Copy>(f: Option<T>, name: &str) -> T {
    f.unwrap_or_else(|| panic!("[combat.{name}] is checked present when the rules are loaded"))
}

impl CombatRules {
    /// `[combat.health]`.
    pub fn health(&self) -> HealthRules {
        family(self.health, "health")
    }

    /// `[combat.attack]`.
    pub fn attack(&self) -> AttackRules {
        family(self.attack, "attack")
    }

    /// `[combat.soak]`.
    pub fn soak(&self) -> SoakRules {
        family(self.soak, "soak")
    }

    /// `[combat.damage]`.
    pub fn damage(&self) -> DamageRules {
        family(self.damage, "damage")
    }

    /// `[combat.powers]`.
    pub fn powers(&self) -> PowersRules {
        family(self.powers, "powers")
    }

    /// `[combat.unskilled]`.
    pub fn unskilled(&self) -> UnskilledRules {
        family(self.unskilled, "unskilled")
    }

    /// `[combat.revised]`.
    pub fn revised(&self) -> RevisedRules {
        family(self.revised, "revised")
    }

    /// `[combat.uwod]`.
    pub fn uwod(&self) -> UwodRules {
        family(self.uwod, "uwod")
    }

    /// `[combat.hubris]`.
    pub fn hubris(&self) -> HubrisRules {
        family(self.hubris, "hubris")
    }

    /// The dotted key of family `name` (`combat.health`), if it is one.
    pub(crate) fn family_key(name: &str) -> Option<&'static str> {
        FAMILIES
            .iter()
            .copied()
            .find(|k| k.strip_prefix("combat.") == Some(name))
    }

    /// `[combat.fta]`.
    pub fn fta(&self) -> FtaRules {
        family(self.fta, "fta")
    }

    /// Whether family `name` is set.
    pub(crate) fn has(&self, name: &str) -> bool {
        match name {
            "health" => self.health.is_some(),
            "attack" => self.attack.is_some(),
            "soak" => self.soak.is_some(),
            "damage" => self.damage.is_some(),
            "powers" => self.powers.is_some(),
            "unskilled" => self.unskilled.is_some(),
            "revised" => self.revised.is_some(),
            "uwod" => self.uwod.is_some(),
            "hubris" => self.hubris.is_some(),
            "fta" => self.fta.is_some(),
            _ => false,
        }
    }
}
