//! The families of combat settings the Storyteller engines share (revised,
//! fta, uwod: `[combat.soak]`, `[combat.damage]`, `[combat.powers]`,
//! `[combat.unskilled]`), and the revised engine's own (`[combat.revised]`).
//!
//! Lists of names (creatures, kinds of damage, attack classes, traits) are
//! kept as small bit sets ([`Set`]), so the rules stay `Copy` and an engine
//! tests membership with a mask.

use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::pools::TRAIT_NAMES;

/// Something a [`Set`] can hold: a closed list of names.
pub trait Named {
    /// Every name, in index order (at most 32).
    const NAMES: &'static [&'static str];
    /// What a rule file calls one of them ("creature", "trait"...).
    const WHAT: &'static str;
}

/// A set of named things (bit `i`: `T::NAMES[i]`), written in rule files
/// as a list of names.
pub struct Set<T> {
    bits: u32,
    of: PhantomData<T>,
}

impl<T> Clone for Set<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Set<T> {}
impl<T> PartialEq for Set<T> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<T> Eq for Set<T> {}

impl<T: Named> fmt::Debug for Set<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl<T: Named> Set<T> {
    /// The set of the things at `indices`.
    pub fn of(indices: &[usize]) -> Self {
        Set {
            bits: indices.iter().fold(0, |b, &i| b | 1 << i),
            of: PhantomData,
        }
    }

    /// Whether it holds the thing at `index` (in `T::NAMES`).
    #[inline]
    pub fn has(&self, index: usize) -> bool {
        self.bits >> index & 1 == 1
    }

    /// Its members' names, in index order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        T::NAMES
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.has(i))
            .map(|(_, n)| *n)
    }
}

impl<T: Named> Serialize for Set<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.names())
    }
}

impl<T: Named> JsonSchema for Set<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("{}-set", T::WHAT.replace(' ', "-")).into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("A list of {} names, each at most once.", T::WHAT),
            "type": "array",
            "uniqueItems": true,
            "items": { "enum": T::NAMES },
        })
    }
}

impl<'de, T: Named> Deserialize<'de> for Set<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut bits = 0u32;
        for name in &names {
            let Some(i) = T::NAMES.iter().position(|n| n == name) else {
                return Err(serde::de::Error::custom(format!(
                    "unknown {} `{name}`: known are {}",
                    T::WHAT,
                    T::NAMES.join(", ")
                )));
            };
            if bits >> i & 1 == 1 {
                return Err(serde::de::Error::custom(format!(
                    "`{name}` is listed twice"
                )));
            }
            bits |= 1 << i;
        }
        Ok(Set {
            bits,
            of: PhantomData,
        })
    }
}

/// A kind of creature, as the combat rules name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CreatureKind {
    Mortal,
    Vampire,
    Ghoul,
    Garou,
}

impl Named for CreatureKind {
    const NAMES: &'static [&'static str] = &["mortal", "vampire", "ghoul", "garou"];
    const WHAT: &'static str = "creature";
}

/// A kind of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum DamageKind {
    Bashing,
    Lethal,
    Aggravated,
}

impl Named for DamageKind {
    const NAMES: &'static [&'static str] = &["bashing", "lethal", "aggravated"];
    const WHAT: &'static str = "kind of damage";
}

/// What kind of blow an attack is, for the defences that may meet it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackClass {
    /// Fists (and kicks).
    Unarmed,
    /// Claws and fangs.
    Natural,
    /// Clubs and other blunt weapons.
    Blunt,
    /// Knives, swords, axes.
    Edged,
    /// Fire: a torch.
    Fire,
    /// Guns.
    Gun,
}

impl Named for AttackClass {
    const NAMES: &'static [&'static str] = &["unarmed", "natural", "blunt", "edged", "fire", "gun"];
    const WHAT: &'static str = "attack class";
}

/// A member's trait, by its name in [`TRAIT_NAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraitName;

impl Named for TraitName {
    const NAMES: &'static [&'static str] = &TRAIT_NAMES;
    const WHAT: &'static str = "trait";
}

/// Which dice, besides armour, a creature soaks one kind of damage with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SoakDice {
    /// None of its own: armour only.
    None,
    /// The `[combat.pools]` soak pool (Stamina).
    Pool,
    /// Fortitude alone.
    Fortitude,
    /// The soak pool and Fortitude.
    PoolAndFortitude,
    /// The soak pool and Fortitude, for a member with Fortitude only
    /// (none without it).
    PoolAndFortitudeIfFortitude,
    /// The soak pool, for a member with Fortitude only (none without it).
    PoolIfFortitude,
}

/// One creature's soak against bashing, lethal and aggravated damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SoakRow {
    /// Against bashing damage.
    pub bashing: SoakDice,
    /// Against lethal damage.
    pub lethal: SoakDice,
    /// Against aggravated damage.
    pub aggravated: SoakDice,
}

impl SoakRow {
    /// Its cell for damage of kind `k`.
    pub fn get(&self, k: DamageKind) -> SoakDice {
        match k {
            DamageKind::Bashing => self.bashing,
            DamageKind::Lethal => self.lethal,
            DamageKind::Aggravated => self.aggravated,
        }
    }
}

/// `[combat.soak]`: who soaks what (revised, fta, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SoakRules {
    /// The kinds of damage armour soaks, whatever the wearer may soak.
    pub armor: Set<DamageKind>,
    /// Mortals.
    pub mortal: SoakRow,
    /// Vampires.
    pub vampire: SoakRow,
    /// Ghouls.
    pub ghoul: SoakRow,
    /// Garou in a war form (any form but their breed form).
    pub garou: SoakRow,
    /// Garou in their breed form (`breed-form = true` in a scenario).
    pub garou_breed_form: SoakRow,
}

/// What Potence adds to a Strength-based attack's damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PotenceAdds {
    /// One automatic success a dot.
    AutomaticSuccesses,
    /// One damage die a dot.
    Dice,
}

/// `[combat.damage]`: damage and soak rolls (revised, fta, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DamageRules {
    /// The face a damage die must show to succeed.
    pub damage_succeeds_on: u8,
    /// The face a soak die must show to succeed.
    pub soak_succeeds_on: u8,
    /// Whether a 1 on a damage or soak die cancels a success (neither
    /// roll ever botches).
    pub ones_cancel: bool,
    /// Net attack successes that add no damage die: each one beyond adds
    /// one (Revised: 1, "beyond the first").
    pub extra_dice_after: u8,
}

/// `[combat.powers]`: who may use which Discipline in a fight, and what it
/// gives (revised, fta, uwod). Fortitude is in `[combat.soak]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PowersRules {
    /// Creatures whose Celerity gives extra actions.
    pub celerity: Set<CreatureKind>,
    /// Extra actions a turn per dot of Celerity.
    pub celerity_actions: u8,
    /// Creatures whose Potence adds to Strength-based damage.
    pub potence: Set<CreatureKind>,
    /// What each dot of Potence adds.
    pub potence_adds: PotenceAdds,
}

/// `[combat.unskilled]`: which of a fight's Abilities are Skills, so that
/// a pool using one with no dots loses the dice `dice.unskilled` says
/// (revised, fta, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UnskilledRules {
    /// The Skills among the traits.
    pub skills: Set<TraitName>,
}

/// How initiative ties are broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeTies {
    /// By the initiative pool (the unrolled part), then at random.
    PoolThenRandom,
    /// At random.
    Random,
}

/// `[combat.revised]`: the rules only the revised engine has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RevisedRules {
    /// Whether the wound penalty comes off initiative.
    pub initiative_wound_penalty: bool,
    /// How initiative ties are broken.
    pub initiative_ties: InitiativeTies,
    /// Dice the first of several declared actions loses per action
    /// declared.
    pub first_action_penalty: u8,
    /// Dice each later declared action loses beyond the one before.
    pub later_action_penalty: u8,
    /// Whether a split defence is the last declared action (else the
    /// first).
    pub defence_last: bool,
    /// Whether Celerity's and Rage's extra actions count as declared
    /// actions for the multiple-action penalty.
    pub extra_actions_penalised: bool,
    /// Extra actions a turn per Rage point spent (Garou).
    pub rage_actions: u8,
    /// The difficulty of a dodge, block or parry.
    pub defence_difficulty: i32,
    /// Dice a total defender's dodge loses per earlier dodge that turn.
    pub total_defence_penalty: u8,
    /// Whether a block or parry can stop a bullet.
    pub block_stops_bullets: bool,
    /// The difficulty of the Willpower roll to abort to a dodge.
    pub abort_difficulty: i32,
    /// Whether a Willpower point aborts without a roll.
    pub abort_with_point: bool,
    /// Willpower points a member may spend a turn.
    pub willpower_per_turn: u8,
}
