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
//!
//! One file per part of the format, each below the engines that read it:
//! `file.rs` ([`Scenario`]: the file, its raw form, parse and the JSON
//! Schema), `kind.rs` ([`ConflictKind`] and the limits), `member.rs`
//! (traits, creatures, [`Member`], [`Side`]), `tactics.rs` (how a member
//! fights), `grapple_tactics.rs` (how it grapples), `chase.rs` (the
//! `[chase]` table) and `grapple.rs` (the `[grapple]` table).

mod chase;
mod file;
mod grapple;
mod grapple_tactics;
mod kind;
mod member;
mod tactics;

pub use chase::{Buy, By, Caught, Chase, RawBuy, RawChase, StartKind};
pub(crate) use chase::{course_difficulty, maneuver};
pub use file::{Scenario, same_edition, scenario_schema, twice_words};
pub use grapple::{GrappleSetup, GrappleStart, RawGrapple};
pub use grapple_tactics::{Effect, GrapplePool, GrappleTactics, Single, ThirdParty, VictimTactic};
pub use kind::{ConflictKind, MAX_MEMBERS};
pub use member::{Creature, Member, Range, Side, TRAITS, Trait};
pub use tactics::{AttackTactic, DefendTactic, FleeAt, MAX_ACTIONS, Tactics, WillpowerTactic};
