//! The combat part of an edition: which engine plays its fights, the pools
//! it rolls, and every rule of the engine as a setting, family by family
//! (`[combat.health]`, `[combat.attack]`, ...).
//!
//! The engines are mechanisms; which variant of a rule and which numbers
//! they use come from here. A family is a sub-table; an edition's file
//! holds the families its engine reads ([`CombatEngine::families`]), and a
//! house rule may change any setting in them.

use serde::{Deserialize, Serialize};

use crate::pools::Pools;

mod hubris;
pub use hubris::{
    ArmorRule, DamageRule, FortitudeRule, HubrisRules, InitiativeRule, LastBox, PotenceRule,
    WeaponRule,
};

/// Which combat engine runs an edition's fights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

    /// The families of settings (sub-tables of `[combat]`) the engine
    /// reads; a rule file for it must have every one.
    pub fn families(self) -> &'static [&'static str] {
        match self {
            CombatEngine::Revised | CombatEngine::Fta => &["health", "attack"],
            CombatEngine::Uwod => &["health", "uwod"],
            CombatEngine::Hubris => &["hubris"],
        }
    }
}

/// `[combat.health]`: the health track of the Storyteller engines
/// (revised, fta, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HealthRules {
    /// Dice lost to the worst filled box of the six before Incapacitated.
    pub wound_penalties: [u8; 6],
}

/// `[combat.attack]`: attack difficulties (revised, fta).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AttackRules {
    /// A gun's difficulty point-blank, at effective range and one range
    /// increment beyond.
    pub range_difficulty: [i32; 3],
}

/// `[combat.uwod]`: the rules only the uwod engine has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UwodRules {
    /// Successes a reflexive defence loses per earlier defence before the
    /// defender's next turn (the onslaught).
    pub onslaught: u16,
}

/// The combat part of an edition, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// `[combat.uwod]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uwod: Option<UwodRules>,
    /// `[combat.hubris]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hubris: Option<HubrisRules>,
}

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

    /// `[combat.uwod]`.
    pub fn uwod(&self) -> UwodRules {
        family(self.uwod, "uwod")
    }

    /// `[combat.hubris]`.
    pub fn hubris(&self) -> HubrisRules {
        family(self.hubris, "hubris")
    }

    /// Whether family `name` is set.
    pub(crate) fn has(&self, name: &str) -> bool {
        match name {
            "health" => self.health.is_some(),
            "attack" => self.attack.is_some(),
            "uwod" => self.uwod.is_some(),
            "hubris" => self.hubris.is_some(),
            _ => false,
        }
    }
}
