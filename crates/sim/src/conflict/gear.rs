//! The built-in weapons and armour (the well-known Revised tables; Chapter
//! Six is not among the seeds, so every figure here is **assumed**).
//!
//! The natural weapons and fire deal aggravated damage; none of the seeds
//! gives their figures, so they are the well-known ones, **assumed**:
//! claws (Feral Claws, a Garou's war form) and a bite are Brawl attacks of
//! Strength + 1; a torch is a Melee weapon of Strength + 1 whose fire deals
//! aggravated damage (Revised's rules for fire are by its size and heat,
//! not a weapon's; and its bite needs a grapple first, not modelled). A
//! scenario does not check who may have claws or fangs.

pub use wodds_rules::AttackClass;

/// Kind of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Damage {
    /// Fists, clubs.
    Bashing,
    /// Blades, bullets.
    Lethal,
    /// Fire, sunlight, claws and fangs of the supernatural.
    Aggravated,
}

/// Which Ability an attack uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skill {
    /// Unarmed.
    Brawl,
    /// Hand-held weapons.
    Melee,
    /// Guns.
    Firearms,
}

/// A weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weapon {
    /// Its name in scenario files.
    pub name: &'static str,
    /// The Ability it is used with.
    pub skill: Skill,
    /// Damage dice it adds (to Strength, unless a firearm).
    pub damage: u8,
    /// Whether Strength adds to its damage.
    pub strength: bool,
    /// The damage it deals.
    pub kind: Damage,
    /// What kind of blow it is, for the defences that may meet it.
    pub class: AttackClass,
}

const WEAPONS: [Weapon; 11] = [
    Weapon {
        name: "fists",
        skill: Skill::Brawl,
        damage: 0,
        strength: true,
        kind: Damage::Bashing,
        class: AttackClass::Unarmed,
    },
    Weapon {
        name: "knife",
        skill: Skill::Melee,
        damage: 1,
        strength: true,
        kind: Damage::Lethal,
        class: AttackClass::Edged,
    },
    Weapon {
        name: "club",
        skill: Skill::Melee,
        damage: 2,
        strength: true,
        kind: Damage::Bashing,
        class: AttackClass::Blunt,
    },
    Weapon {
        name: "sword",
        skill: Skill::Melee,
        damage: 2,
        strength: true,
        kind: Damage::Lethal,
        class: AttackClass::Edged,
    },
    Weapon {
        name: "pistol",
        skill: Skill::Firearms,
        damage: 4,
        strength: false,
        kind: Damage::Lethal,
        class: AttackClass::Gun,
    },
    Weapon {
        name: "smg",
        skill: Skill::Firearms,
        damage: 4,
        strength: false,
        kind: Damage::Lethal,
        class: AttackClass::Gun,
    },
    Weapon {
        name: "rifle",
        skill: Skill::Firearms,
        damage: 8,
        strength: false,
        kind: Damage::Lethal,
        class: AttackClass::Gun,
    },
    Weapon {
        name: "shotgun",
        skill: Skill::Firearms,
        damage: 8,
        strength: false,
        kind: Damage::Lethal,
        class: AttackClass::Gun,
    },
    Weapon {
        name: "claws",
        skill: Skill::Brawl,
        damage: 1,
        strength: true,
        kind: Damage::Aggravated,
        class: AttackClass::Natural,
    },
    Weapon {
        name: "bite",
        skill: Skill::Brawl,
        damage: 1,
        strength: true,
        kind: Damage::Aggravated,
        class: AttackClass::Natural,
    },
    Weapon {
        name: "torch",
        skill: Skill::Melee,
        damage: 1,
        strength: true,
        kind: Damage::Aggravated,
        class: AttackClass::Fire,
    },
];

impl Weapon {
    /// Bare hands.
    pub const FISTS: Weapon = WEAPONS[0];

    /// The weapon called `name`.
    pub fn named(name: &str) -> Option<Weapon> {
        WEAPONS.iter().copied().find(|w| w.name == name)
    }

    /// Every weapon's name.
    pub fn names() -> Vec<&'static str> {
        WEAPONS.iter().map(|w| w.name).collect()
    }
}

/// Armour: soak dice against every kind of damage, at a Dexterity cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Armor {
    /// Its name in scenario files.
    pub name: &'static str,
    /// Soak dice it adds.
    pub rating: u8,
    /// Dice it takes from Dexterity pools.
    pub penalty: u8,
}

const ARMORS: [Armor; 6] = [
    Armor {
        name: "none",
        rating: 0,
        penalty: 0,
    },
    Armor {
        name: "reinforced-clothing",
        rating: 1,
        penalty: 0,
    },
    Armor {
        name: "armor-t-shirt",
        rating: 2,
        penalty: 1,
    },
    Armor {
        name: "kevlar-vest",
        rating: 3,
        penalty: 1,
    },
    Armor {
        name: "flak-jacket",
        rating: 4,
        penalty: 2,
    },
    Armor {
        name: "riot-gear",
        rating: 5,
        penalty: 3,
    },
];

impl Armor {
    /// No armour.
    pub const NONE: Armor = ARMORS[0];

    /// The armour called `name`.
    pub fn named(name: &str) -> Option<Armor> {
        ARMORS.iter().copied().find(|a| a.name == name)
    }

    /// Every armour's name.
    pub fn names() -> Vec<&'static str> {
        ARMORS.iter().map(|a| a.name).collect()
    }
}
