//! `[combat.hubris]`: every rule of the hubris engine (an attack as a
//! physical contest, 001's health track, Willpower, conceding). 001 gives
//! contests, health and Willpower; how they make a fight is mostly
//! assumed, and each setting's comment in `editions/hubris.toml` says
//! which. Who wins a tied contest is `[actions] contest-tie`, shared with
//! prolonged conflicts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `[combat.hubris]`: the rules only the hubris engine has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HubrisRules {
    /// Initiative each turn: a d10 and the initiative pool, or the pool
    /// alone (ties: the pool, then at random).
    pub initiative: InitiativeRule,
    /// Health boxes before Stamina: health is this plus Stamina.
    pub health_base: u8,
    /// Dice lost from every roll once the third-to-last, the second-to-last
    /// and the last health box holds a wound.
    pub wound_penalties: [u8; 3],
    /// What a character whose last box holds bashing damage does.
    pub last_box_bashing: LastBox,
    /// ... lethal damage.
    pub last_box_lethal: LastBox,
    /// ... aggravated damage (every box aggravated).
    pub last_box_aggravated: LastBox,
    /// The most dice an Edge gives.
    pub edge_cap: u8,
    /// What a weapon's damage rating does.
    pub weapon: WeaponRule,
    /// What Potence does on a Strength-based attack (vampires, ghouls).
    pub potence: PotenceRule,
    /// What armour's rating does to attacks on its wearer.
    pub armor: ArmorRule,
    /// What Fortitude does (vampires, ghouls).
    pub fortitude: FortitudeRule,
    /// The damage of a won attack before weapon, Potence, armour and
    /// Fortitude: the margin, or the attacker's successes.
    pub damage: DamageRule,
    /// Willpower points a character may spend a turn, one on each of its
    /// first attacks its tactic calls for (0: none in a fight).
    pub willpower_per_turn: u8,
    /// Extra attacks a turn per dot of Celerity (vampires, ghouls).
    pub celerity_attacks: u8,
    /// Extra attacks per Rage point a Garou spends.
    pub rage_attacks: u8,
    /// Whether a character who has lost as many contests as its Stamina
    /// concedes.
    pub concede: bool,
}

/// How the turn order is found each turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeRule {
    /// 1d10 + the initiative pool.
    D10PlusPool,
    /// The initiative pool alone.
    Pool,
}

/// What happens to a character whose last health box holds a wound of a
/// given kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LastBox {
    /// It fights on.
    FightsOn,
    /// A Stamina roll at the start of each of its turns; the first that
    /// fails takes it out (unconscious).
    StaminaRoll,
    /// It is out at once (unconscious, incapacitated).
    Incapacitated,
    /// It is dead.
    Dead,
}

/// What a weapon's damage rating does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponRule {
    /// Dice on the attack, an Edge (at most `edge-cap` dice).
    Edge,
    /// Added to a won attack's damage.
    Damage,
    /// Nothing.
    None,
}

/// What Potence does on a Strength-based attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PotenceRule {
    /// Dice on the attack beyond the weapon's Edge (not capped).
    Dice,
    /// Dice on the attack in the same Edge as the weapon's (capped).
    Edge,
    /// Added to a won attack's damage.
    Damage,
    /// Nothing.
    None,
}

/// What armour's rating does to attacks on its wearer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ArmorRule {
    /// A Difficulty: dice off the attacker's pool.
    Difficulty,
    /// Taken off a won attack's damage.
    Damage,
    /// Nothing.
    None,
}

/// What Fortitude does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FortitudeRule {
    /// Taken off a won attack's damage.
    Damage,
    /// Dice on the defence roll.
    Defence,
    /// Nothing.
    None,
}

/// The damage of a won attack, before weapon, Potence, armour and
/// Fortitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DamageRule {
    /// The margin of successes.
    Margin,
    /// The attacker's successes.
    Successes,
}
