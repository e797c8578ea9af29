//! The built-in weapons and armour (the well-known Revised tables; Chapter
//! Six is not among the seeds, so every figure here is **assumed**).

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
}

const WEAPONS: [Weapon; 8] = [
    Weapon {
        name: "fists",
        skill: Skill::Brawl,
        damage: 0,
        strength: true,
        kind: Damage::Bashing,
    },
    Weapon {
        name: "knife",
        skill: Skill::Melee,
        damage: 1,
        strength: true,
        kind: Damage::Lethal,
    },
    Weapon {
        name: "club",
        skill: Skill::Melee,
        damage: 2,
        strength: true,
        kind: Damage::Bashing,
    },
    Weapon {
        name: "sword",
        skill: Skill::Melee,
        damage: 2,
        strength: true,
        kind: Damage::Lethal,
    },
    Weapon {
        name: "pistol",
        skill: Skill::Firearms,
        damage: 4,
        strength: false,
        kind: Damage::Lethal,
    },
    Weapon {
        name: "smg",
        skill: Skill::Firearms,
        damage: 4,
        strength: false,
        kind: Damage::Lethal,
    },
    Weapon {
        name: "rifle",
        skill: Skill::Firearms,
        damage: 8,
        strength: false,
        kind: Damage::Lethal,
    },
    Weapon {
        name: "shotgun",
        skill: Skill::Firearms,
        damage: 8,
        strength: false,
        kind: Damage::Lethal,
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
