//! A scenario's members, validated: their traits ([`TRAITS`], [`Trait`]),
//! what they are ([`Creature`]), weapon, armour, range and tactics
//! ([`Member`]), and the sides they form ([`Side`]).

use schemars::JsonSchema;
use serde::Deserialize;

use super::grapple_tactics::GrappleTactics;
use super::tactics::Tactics;
use crate::conflict::gear::{Armor, Weapon};

/// Every trait a member may have: name, lowest and highest rating, and the
/// rating when the file leaves it out.
pub const TRAITS: [(&str, u8, u8, u8); 19] = [
    ("strength", 1, 10, 2),
    ("dexterity", 1, 10, 2),
    ("stamina", 1, 10, 2),
    ("wits", 1, 10, 2),
    ("perception", 1, 10, 2),
    ("brawl", 0, 10, 0),
    ("melee", 0, 10, 0),
    ("firearms", 0, 10, 0),
    ("dodge", 0, 10, 0),
    ("athletics", 0, 10, 0),
    ("alertness", 0, 10, 0),
    ("fortitude", 0, 10, 0),
    ("celerity", 0, 10, 0),
    ("potence", 0, 10, 0),
    ("willpower", 1, 10, 3),
    ("rage", 0, 10, 0),
    ("drive", 0, 10, 0),
    ("manipulation", 1, 10, 2),
    ("subterfuge", 0, 10, 0),
];

/// A trait's index in [`TRAITS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Trait {
    Strength,
    Dexterity,
    Stamina,
    Wits,
    Perception,
    Brawl,
    Melee,
    Firearms,
    Dodge,
    Athletics,
    Alertness,
    Fortitude,
    Celerity,
    Potence,
    Willpower,
    Rage,
    Drive,
    Manipulation,
    Subterfuge,
}

/// What kind of creature a member is: decides what it soaks (the
/// edition's `[combat.soak]`) and which powers it may use
/// (`[combat.powers]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Creature {
    /// A human.
    Mortal,
    /// A vampire.
    Vampire,
    /// A mortal fed vampire blood.
    Ghoul,
    /// A werewolf: in a war form, or in its breed form (`breed-form =
    /// true`).
    Garou,
}

impl Creature {
    /// The creature as the rule files name it.
    pub fn kind(self) -> wodds_rules::CreatureKind {
        use wodds_rules::CreatureKind as K;
        match self {
            Creature::Mortal => K::Mortal,
            Creature::Vampire => K::Vampire,
            Creature::Ghoul => K::Ghoul,
            Creature::Garou => K::Garou,
        }
    }
}

/// How far a member stands from its target when it fires a gun (melee
/// weapons ignore it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Range {
    /// In the melee: fta fires pistols at 4, SMGs at 6 and long guns at 8;
    /// the other editions treat it as `effective`.
    #[default]
    Melee,
    /// Within a couple of yards (fta: five): difficulty 4.
    PointBlank,
    /// Within the weapon's effective range: the standard difficulty.
    Effective,
    /// One range increment beyond: revised and fta +2 difficulty, uwod +1.
    Long,
}

/// One combatant, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: Creature,
    /// Trait ratings, indexed by [`Trait`].
    pub traits: [u8; TRAITS.len()],
    /// Its weapon.
    pub weapon: Weapon,
    /// Its armour.
    pub armor: Armor,
    /// Its tactics.
    pub tactics: Tactics,
    /// How far it fires from.
    pub range: Range,
    /// A Garou in its breed form (else in a war form).
    pub breed_form: bool,
    /// How it grapples (`kind = "grapple"`).
    pub grapple: GrappleTactics,
}

impl Member {
    /// A trait's rating.
    pub fn get(&self, t: Trait) -> u8 {
        self.traits[t as usize]
    }

    /// Every rating, in [`TRAITS`] order, Dexterity less its armour's
    /// penalty when `armour_hinders`: what the edition's pools add up.
    pub fn ratings(&self, armour_hinders: bool) -> [i32; TRAITS.len()] {
        let mut r = self.traits.map(i32::from);
        if armour_hinders {
            r[Trait::Dexterity as usize] -= i32::from(self.armor.penalty);
        }
        r
    }
}

// The rules' pools name the traits in the same order.
const _: () = {
    let mut i = 0;
    while i < TRAITS.len() {
        let (a, b) = (
            TRAITS[i].0.as_bytes(),
            wodds_rules::TRAIT_NAMES[i].as_bytes(),
        );
        assert!(a.len() == b.len(), "TRAITS and TRAIT_NAMES differ");
        let mut j = 0;
        while j < a.len() {
            assert!(a[j] == b[j], "TRAITS and TRAIT_NAMES differ");
            j += 1;
        }
        i += 1;
    }
};

/// One side of a fight.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    /// Its name.
    pub name: String,
    /// Its members.
    pub members: Vec<Member>,
}
