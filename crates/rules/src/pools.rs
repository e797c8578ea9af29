//! Combat pools: which traits an edition adds up for each roll a fight
//! needs, so one scenario (traits in dots) runs under every edition.
//!
//! ```toml
//! [combat.pools]
//! initiative = ["dexterity", "wits"]
//! dodge = ["dexterity", "athletics|dodge"]   # `a|b`: the better of the two
//! ```

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

/// Every trait a scenario member may have, in order (a pool names them).
pub const TRAIT_NAMES: [&str; 19] = [
    "strength",
    "dexterity",
    "stamina",
    "wits",
    "perception",
    "brawl",
    "melee",
    "firearms",
    "dodge",
    "athletics",
    "alertness",
    "fortitude",
    "celerity",
    "potence",
    "willpower",
    "rage",
    "drive",
    "manipulation",
    "subterfuge",
];

/// The most terms a pool adds up.
pub const MAX_TERMS: usize = 4;

/// The pools a fight rolls, in [`Pools::NAMES`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Pool {
    Initiative,
    Brawl,
    Melee,
    Firearms,
    Dodge,
    Athletics,
    Block,
    Parry,
    Soak,
    Strength,
}

/// A pool: the sum of up to [`MAX_TERMS`] terms, each the best of the
/// traits its bits name (bit `i`: [`TRAIT_NAMES`]`[i]`); 0 ends the list.
/// Rule files write it as a list of trait names (`["dexterity",
/// "athletics|dodge"]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Terms(pub [u32; MAX_TERMS]);

impl JsonSchema for Terms {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Terms".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let name = TRAIT_NAMES.join("|");
        json_schema!({
            "description": "Traits added up: each term a trait, or `a|b` for the better of several.",
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_TERMS,
            "items": {
                "type": "string",
                "pattern": format!("^\\s*({name})\\s*(\\|\\s*({name})\\s*)*$"),
            },
        })
    }
}

impl<'de> Deserialize<'de> for Terms {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        Terms::parse(&names).map_err(serde::de::Error::custom)
    }
}

impl Terms {
    /// Parses a pool's list of terms (`"dexterity"`, `"athletics|dodge"`).
    pub fn parse(terms: &[String]) -> Result<Terms, String> {
        if terms.is_empty() || terms.len() > MAX_TERMS {
            return Err(format!(
                "a pool adds 1 to {MAX_TERMS} traits, not {}",
                terms.len()
            ));
        }
        let mut out = [0u32; MAX_TERMS];
        for (slot, term) in out.iter_mut().zip(terms) {
            for name in term.split('|') {
                let name = name.trim();
                let Some(i) = TRAIT_NAMES.iter().position(|t| *t == name) else {
                    return Err(format!(
                        "unknown trait `{name}`: known traits are {}",
                        TRAIT_NAMES.join(", ")
                    ));
                };
                *slot |= 1 << i;
            }
        }
        Ok(Terms(out))
    }

    /// The pool of a member whose ratings, in [`TRAIT_NAMES`] order, are
    /// `traits`.
    pub fn of(&self, traits: &[i32; TRAIT_NAMES.len()]) -> i32 {
        self.0
            .iter()
            .take_while(|&&mask| mask != 0)
            .map(|&mask| {
                (0..TRAIT_NAMES.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| traits[i])
                    .max()
                    .unwrap_or(0)
            })
            .sum()
    }
}

/// An edition's combat pools, written in rule files by name
/// (`[combat.pools]`, every pool named).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "ByName")]
pub struct Pools(pub [Terms; Pools::NAMES.len()]);

impl JsonSchema for Pools {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Pools".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        ByName::json_schema(generator)
    }
}

/// [`Pools`] as a rule file names them.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read by serde
struct ByName {
    /// Initiative, less wound penalties.
    initiative: Terms,
    /// Attacks with fists and Brawl weapons.
    brawl: Terms,
    /// Attacks with melee weapons.
    melee: Terms,
    /// Attacks with guns.
    firearms: Terms,
    /// The dodge.
    dodge: Terms,
    /// Athletics (fta's dodge and escape).
    athletics: Terms,
    /// A block.
    block: Terms,
    /// A parry with a melee weapon in hand.
    parry: Terms,
    /// Soak dice of the creature itself (armour and Fortitude by the soak rules).
    soak: Terms,
    /// Damage dice of Strength-based weapons.
    strength: Terms,
}

impl From<ByName> for Pools {
    fn from(p: ByName) -> Pools {
        Pools([
            p.initiative,
            p.brawl,
            p.melee,
            p.firearms,
            p.dodge,
            p.athletics,
            p.block,
            p.parry,
            p.soak,
            p.strength,
        ])
    }
}

impl Pools {
    /// The pools' names in rule files, in [`Pool`] order.
    pub const NAMES: [&'static str; 10] = [
        "initiative",
        "brawl",
        "melee",
        "firearms",
        "dodge",
        "athletics",
        "block",
        "parry",
        "soak",
        "strength",
    ];

    /// The terms of `pool`.
    pub fn get(&self, pool: Pool) -> &Terms {
        &self.0[pool as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_sum_the_best_of_each() {
        let t = Terms::parse(&["dexterity".into(), "athletics|dodge".into()]).unwrap();
        let mut traits = [0; TRAIT_NAMES.len()];
        traits[1] = 3; // dexterity
        traits[8] = 1; // dodge
        traits[9] = 2; // athletics
        assert_eq!(t.of(&traits), 5);
        assert!(Terms::parse(&["dexterity".into(), "brwal".into()]).is_err());
        assert!(Terms::parse(&[]).is_err());
    }
}
