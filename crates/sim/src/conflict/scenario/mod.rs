//! Scenario files: who fights whom, under which editions, how often.
//!
//! ```toml
//! name = "Bar brawl: two average mortals"
//! kind = "combat"
//! editions = ["revised"]
//! trials = 100000
//! seed = 42
//! max-rounds = 50
//!
//! [[side]]
//! name = "Veronica"
//! [[side.member]]
//! name = "Veronica"
//! kind = "mortal"
//! traits = { strength = 2, dexterity = 3, stamina = 2, wits = 3, brawl = 2, dodge = 1, willpower = 5 }
//! weapon = "fists"
//! tactics = { attack = "basic", defend = "none", willpower = "when-hurt" }
//! ```
//!
//! A Garou fights in a war form unless its member says `breed-form = true`
//! (what it soaks depends on it).

mod file;

pub use file::*;
