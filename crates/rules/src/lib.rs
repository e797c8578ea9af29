//! Storyteller editions and house rules as data: TOML in, a validated
//! [`RuleSet`] out.
//!
//! - The four built-in editions (`revised`, `fta`, `uwod`, `hubris`) are TOML
//!   files embedded in the binary ([`BUILT_IN`]), each setting commented with
//!   the seed it comes from or marked assumed.
//! - A house-rule file on disk says `extends = "revised"` (or a path to
//!   another house-rule file) and changes settings; [`RuleSet::load`] takes an
//!   edition id or such a path.
//! - [`RuleSet::roll`] turns a pool, the edition's own difficulty and the
//!   player's options into a [`wodds_dice::RollSpec`] and the number of
//!   successes that count as success.
//!
//! ```
//! use wodds_rules::{RollOptions, RuleSet};
//! let revised = RuleSet::load("revised").unwrap();
//! let roll = revised.roll(5, 6, &RollOptions::default()).unwrap();
//! let d = wodds_dice::exact(&roll.spec);
//! assert!((d.p_botch() - 0.02101).abs() < 1e-12);
//! ```

mod actions;
pub mod chase;
pub mod combat;
mod dice;
mod error;
pub mod faces;
mod file;
pub mod grapple;
mod locate;
pub mod pools;
mod problem;
mod range;
mod roll;
mod ruleset;
mod schema;
mod settings;
mod validate;

pub use actions::{
    ActionRules, BotchEffect, GroupRule, ResistedRule, TallyRule, TeamworkRule, TieRule,
};
pub use chase::{
    AttackOrder, BothRunsOut, CHASE_FAMILIES, ChaseEngine, ChaseRules, ContestRules, EscapeCheck,
    LeadPools, LeadRules, Maneuver, NextMargin, ObstacleEffect, Party, RaceRules,
};
pub use combat::{
    ArmorRule, AttackClass, AttackRules, CombatEngine, CombatRules, CreatureKind, DamageKind,
    DamageRule, DamageRules, FortitudeRule, FtaRules, HealthRules, HubrisRules, InitiativeRule,
    InitiativeTies, LastBox, Named, Overflow, PotenceAdds, PotenceRule, PowersRules, RevisedRules,
    Set, SoakDice, SoakRow, SoakRules, TraitName, UnskilledRules, UwodInitiative, UwodRules,
    WeaponRule,
};
pub use dice::{
    AutomaticRule, BotchSetting, DiceRules, DifficultyKind, FaceSettings, OnesSetting,
    OutcomeSettings, SpecialtySetting, TensSetting, WillpowerMode, WillpowerRule,
};
pub use error::{FileKind, RulesError};
pub use faces::Description;
pub use file::{BUILT_IN, edition_ids};
pub use grapple::{
    ContestGrapple, FtaEffects, FtaGrapple, GrappleEngine, GrappleRules, HoldGrapple, Rounding,
    ThirdPartyDefence,
};
pub use locate::{MAX_FILE_BYTES, from_toml, located, read_text};
pub use pools::{Pool, Pools, TRAIT_NAMES, Terms};
pub use range::IntRange;
pub use roll::{CompiledRoll, RollOptions, Unskilled};
pub use ruleset::RuleSet;
pub use schema::{drop_required, rule_file_schema};
pub use settings::{Setting, SettingDiff, diff};
