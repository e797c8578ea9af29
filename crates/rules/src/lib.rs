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

pub mod chase;
pub mod combat;
mod error;
mod file;
pub mod grapple;
mod locate;
pub mod pools;
mod range;
mod schema;
mod settings;
mod validate;

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use wodds_dice::{AutoSuccesses, Botch, Ones, RollRules, RollSpec, Tens};

pub use chase::{
    AttackOrder, CHASE_FAMILIES, ChaseEngine, ChaseRules, ContestRules, EscapeCheck, LeadPools,
    LeadRules, Maneuver, NextMargin, ObstacleEffect, Party, RaceRules,
};
pub use combat::{
    ArmorRule, AttackClass, AttackRules, CombatEngine, CombatRules, CreatureKind, DamageKind,
    DamageRule, DamageRules, FortitudeRule, FtaRules, HealthRules, HubrisRules, InitiativeRule,
    InitiativeTies, LastBox, Named, Overflow, PotenceAdds, PotenceRule, PowersRules, RevisedRules,
    Set, SoakDice, SoakRow, SoakRules, TraitName, UnskilledRules, UwodInitiative, UwodRules,
    WeaponRule,
};
pub use error::{FileKind, RulesError};
pub use grapple::{
    ContestGrapple, FtaEffects, FtaGrapple, GrappleEngine, GrappleRules, HoldGrapple, Rounding,
    ThirdPartyDefence,
};
pub use locate::{MAX_FILE_BYTES, from_toml, located, read_text};
pub use pools::{Pool, Pools, TRAIT_NAMES, Terms};
pub use range::IntRange;
pub use schema::{drop_required, rule_file_schema};
pub use settings::{Setting, SettingDiff, diff};

/// The built-in editions: id and embedded TOML.
pub const BUILT_IN: [(&str, &str); 4] = [
    ("revised", include_str!("../editions/revised.toml")),
    ("fta", include_str!("../editions/fta.toml")),
    ("uwod", include_str!("../editions/uwod.toml")),
    ("hubris", include_str!("../editions/hubris.toml")),
];

/// The ids of the built-in editions, in order.
pub fn edition_ids() -> impl Iterator<Item = &'static str> {
    BUILT_IN.iter().map(|(id, _)| *id)
}

/// How an edition reads "difficulty".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DifficultyKind {
    /// A die succeeds on a face at or above the difficulty (`revised`, `fta`).
    TargetNumber,
    /// The difficulty is the number of successes needed (`uwod`).
    SuccessesNeeded,
    /// The difficulty removes dice before the roll; one success is enough
    /// (`hubris`).
    DiceRemoved,
}

/// What a 10 does, as written in rule files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TensSetting {
    /// One success.
    #[serde(rename = "single")]
    Single,
    /// Two successes.
    #[serde(rename = "double")]
    Double,
    /// 10s are rolled again.
    #[serde(rename = "10-again")]
    TenAgain,
    /// 9s and 10s are rolled again.
    #[serde(rename = "9-again")]
    NineAgain,
    /// 8s, 9s and 10s are rolled again.
    #[serde(rename = "8-again")]
    EightAgain,
}

impl TensSetting {
    fn to_dice(self) -> Tens {
        match self {
            TensSetting::Single => Tens::Single,
            TensSetting::Double => Tens::Double,
            TensSetting::TenAgain => Tens::Again(10),
            TensSetting::NineAgain => Tens::Again(9),
            TensSetting::EightAgain => Tens::Again(8),
        }
    }
}

/// What a specialty does to the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SpecialtySetting {
    /// The edition has no specialty rule.
    #[serde(rename = "none")]
    None,
    /// 10s count two successes.
    #[serde(rename = "double")]
    Double,
    /// 10s are rolled again.
    #[serde(rename = "10-again")]
    TenAgain,
    /// One more die in the pool (`hubris`: "the bonus die that comes from
    /// having an applicable Specialty").
    #[serde(rename = "bonus-die")]
    BonusDie,
}

/// What a 1 does, as written in rule files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OnesSetting {
    /// Each 1 cancels a success.
    Cancel,
    /// A 1 is only a failure.
    Ignore,
}

/// When a roll botches, as written in rule files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BotchSetting {
    /// Never.
    Never,
    /// No success and at least one 1.
    NoSuccessWithOne,
    /// A chance die showing 1.
    ChanceDieOne,
}

/// What spending Willpower on a roll does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WillpowerMode {
    /// One automatic success.
    AutoSuccess,
    /// Extra dice and the rote property.
    DiceAndRote,
}

/// The Willpower rule of an edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WillpowerRule {
    /// What it does.
    pub mode: WillpowerMode,
    /// Dice added (with `dice-and-rote`).
    pub bonus_dice: i32,
    /// Whether 1s cancel the bought success.
    pub cancelled_by_ones: bool,
    /// Whether the bought success prevents a botch.
    pub prevents_botch: bool,
}

/// The dice part of an edition, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DiceRules {
    /// How difficulty is read.
    pub difficulty: DifficultyKind,
    /// Allowed difficulties, inclusive.
    pub difficulty_range: [i32; 2],
    /// The edition's standard task.
    pub standard_difficulty: i32,
    /// Allowed pools, inclusive.
    pub pool_range: [i32; 2],
    /// Success threshold when difficulty is not a target number.
    pub threshold: u8,
    /// What a 1 does.
    pub ones: OnesSetting,
    /// What a 10 does.
    pub tens: TensSetting,
    /// When a roll botches.
    pub botch: BotchSetting,
    /// Whether a 1 on a die rolled again counts (cancels a success).
    pub rerolled_ones_count: bool,
    /// Whether an empty pool rolls a chance die.
    pub chance_die: bool,
    /// What a specialty does.
    pub specialty: SpecialtySetting,
    /// What Willpower does.
    pub willpower: WillpowerRule,
    /// When automatic successes may be taken instead of rolling.
    pub automatic: AutomaticRule,
    /// With `table`: the pools that give 1, 2, 3 and 4 automatic successes.
    pub automatic_table: [i32; 4],
    /// Dice lost rolling a Skill, and a Knowledge, with no dots.
    pub unskilled: [i32; 2],
}

/// What a botch does in a multi-roll action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BotchEffect {
    /// The botching side's total (or tally) goes back to 0.
    Wipe,
    /// The botching side fails the whole action.
    Fail,
    /// A botch counts as a roll with no successes.
    Ignore,
}

/// How a resisted roll is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ResistedRule {
    /// The opponent's successes cancel yours: you need more (`revised`).
    Margin,
    /// The opponent's successes are your difficulty: you need as many (`uwod`).
    Meet,
    /// The opponent's successes are "a success total to match or beat",
    /// and at least one success is needed (`hubris`).
    MatchOrBeat,
}

/// How an extended and resisted contest keeps score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TallyRule {
    /// Each side adds the rounds it wins by their margin to its own tally.
    Separate,
    /// One running difference; a side wins when it is ahead by the target.
    Difference,
}

/// What a tied contest does: a prolonged conflict's roll-off, and (under
/// the `hubris` engine) an attack's contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// Nobody wins the round.
    Nothing,
    /// The defender (side B; in a fight, the one attacked) wins the round.
    Defender,
    /// The acting side (side A; in a fight, the attacker) wins a tie in
    /// which it rolled at least one success: the other side's total is "a
    /// success total to match or beat" (`hubris`). A tie at no successes is
    /// won by nobody (a roll without a success fails).
    Acting,
    /// Both roll again until one has more successes (in a prolonged
    /// conflict, the same as `nothing`: the tied roll-off is played again).
    #[serde(rename = "re-roll")]
    Reroll,
}

impl TieRule {
    /// Who wins a contest in which the acting side rolled `acting`
    /// successes and the other `other`: `1` the acting side, `-1` the
    /// other, `0` nobody (a tie under `nothing`, or one to roll again).
    #[inline]
    pub fn winner(self, acting: u16, other: u16) -> i8 {
        match acting.cmp(&other) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => match self {
                TieRule::Nothing | TieRule::Reroll => 0,
                TieRule::Defender => -1,
                TieRule::Acting => i8::from(acting > 0),
            },
        }
    }
}

/// How characters working together on one task roll (teamwork).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TeamworkRule {
    /// Every character rolls separately; the successes are added.
    Sum,
    /// The first character rolls, with the others' help as an Edge: their
    /// pools added to its pool, at most `teamwork-edge-cap` dice.
    Edge,
}

/// How a group rolls together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GroupRule {
    /// Every member rolls; the successes are added (teamwork).
    Sum,
    /// Every member rolls; the best single roll counts (`hubris`).
    Best,
}

/// The multi-roll action part of an edition, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActionRules {
    /// What a botch does to an extended action.
    pub extended_botch: BotchEffect,
    /// How a resisted roll is won.
    pub resisted: ResistedRule,
    /// How an extended and resisted contest keeps score.
    pub contest_tally: TallyRule,
    /// What a botch does to a side's tally in a contest.
    pub contest_botch: BotchEffect,
    /// What a tied round does.
    pub contest_tie: TieRule,
    /// How a team rolls: separate rolls added, or the helpers as an Edge.
    pub teamwork: TeamworkRule,
    /// With `teamwork = "edge"`: the most dice the helpers add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teamwork_edge_cap: Option<i32>,
    /// Whether one member's botch spoils a teamwork roll (separate rolls).
    pub teamwork_botch_spoils: bool,
    /// How several characters on one side of a contest roll.
    pub group: GroupRule,
    /// Difficulty added per earlier failure when an action is tried again.
    pub retry_penalty: i32,
    /// Whether a character may take several actions a turn, the first pool
    /// losing as many dice as actions and each later one a die more.
    pub multiple_actions: bool,
}

/// Options a player brings to one roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RollOptions {
    /// The trait rolled has a relevant specialty.
    pub specialty: bool,
    /// A Willpower point is spent on the roll.
    pub willpower: bool,
    /// Overrides what a 10 does: `Some(None)` means no re-rolls, `Some(Some(n))`
    /// n-again.
    pub again: Option<Option<u8>>,
    /// The roll is a rote action.
    pub rote: bool,
    /// Take automatic successes instead of rolling where the edition allows
    /// it (never in combat); a pool too small for them is rolled.
    pub automatic: bool,
    /// The Ability rolled has no dots.
    pub unskilled: Option<Unskilled>,
}

/// What kind of Ability is rolled without dots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unskilled {
    /// A Skill.
    Skill,
    /// A Knowledge.
    Knowledge,
}

/// When a character may take automatic successes instead of rolling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AutomaticRule {
    /// Never.
    None,
    /// A pool at least the difficulty (a target number) gives one success.
    PoolVsDifficulty,
    /// Pools of `automatic-table[k]` dice or more give k + 1 successes.
    Table,
}

/// A roll ready for the dice engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompiledRoll {
    /// The spec to roll.
    pub spec: RollSpec,
    /// Successes needed for the roll to succeed (0: it succeeds unless it
    /// botches).
    pub needed: u32,
}

/// An edition (built in, or a house rule extending one), validated.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSet {
    /// The id used in every output table: the built-in id, or the house-rule
    /// path as given.
    pub id: String,
    /// A readable name.
    pub name: String,
    /// The dice rules.
    pub dice: DiceRules,
    /// The multi-roll action rules.
    pub actions: ActionRules,
    /// The combat rules.
    pub combat: CombatRules,
    /// The chase rules.
    pub chase: ChaseRules,
    /// The grapple rules (`[grapple]`), if the edition has them.
    pub grapple: Option<GrappleRules>,
    /// The built-in edition at the root of the `extends` chain.
    pub base: String,
    files: Vec<PathBuf>,
    settings: Vec<Setting>,
    hash: String,
}

/// The rule families a rule file resolves to, in the order the rules'
/// hash serializes them.
#[derive(Serialize)]
pub(crate) struct Families {
    pub(crate) dice: DiceRules,
    pub(crate) actions: ActionRules,
    pub(crate) combat: CombatRules,
    pub(crate) chase: ChaseRules,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) grapple: Option<GrappleRules>,
}

impl RuleSet {
    /// Loads a built-in edition by id, or a house-rule file by path.
    pub fn load(name: &str) -> Result<RuleSet, RulesError> {
        if let Some((id, text)) = BUILT_IN.iter().find(|(id, _)| *id == name) {
            let raw = file::parse(&format!("<built-in {id}.toml>"), text)?;
            return file::resolve(id, raw, &mut Vec::new());
        }
        let looks_like_path = name.ends_with(".toml") || name.contains(['/', '\\']);
        if !looks_like_path {
            return Err(RulesError::UnknownEdition {
                name: name.to_string(),
                known: edition_ids().map(str::to_string).collect(),
            });
        }
        file::load_path(name, Path::new(name), &mut Vec::new())
    }

    /// A house rule made in memory on top of these rules: `settings`
    /// (dotted keys, `combat.fta.piling-on.attacking`, and their values),
    /// as a file that `extends` them would set them, named `id`. The same
    /// settings in a file give the same rules and hash.
    pub fn derive(
        &self,
        id: &str,
        settings: &[(&str, toml::Value)],
    ) -> Result<RuleSet, RulesError> {
        let base = match self.files.first() {
            Some(path) => path.canonicalize().unwrap_or_else(|_| path.clone()),
            None => PathBuf::from(&self.id),
        };
        let mut table = toml::Table::new();
        for (key, value) in settings {
            let mut at = &mut table;
            let mut parts = key.split('.').peekable();
            while let Some(part) = parts.next() {
                if parts.peek().is_none() {
                    at.insert(part.to_string(), value.clone());
                    break;
                }
                let next = at
                    .entry(part.to_string())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                match next {
                    toml::Value::Table(t) => at = t,
                    _ => {
                        return Err(RulesError::Spec {
                            edition: id.to_string(),
                            message: format!("`{key}` goes through a setting that is not a table"),
                        });
                    }
                }
            }
        }
        let extends = toml::Value::String(base.display().to_string());
        let text = format!(
            "extends = {extends}\nname = {}\n{}",
            toml::Value::String(id.to_string()),
            toml::to_string(&table).expect("settings serialize")
        );
        let parsed = file::parse(&format!("<{id}>"), &text)?;
        let here = (!self.files.is_empty()).then_some(base.as_path());
        file::resolve_in(id, parsed, here)
    }

    /// A short hash (12 hex digits of SHA-256) of the resolved rules: equal
    /// rules give equal hashes, so a number can be traced to its rules.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    pub(crate) fn new(
        id: String,
        name: String,
        base: String,
        files: Vec<PathBuf>,
        settings: Vec<Setting>,
        families: Families,
    ) -> Self {
        let canonical = toml::to_string(&families).expect("rules serialize");
        let digest = Sha256::digest(canonical.as_bytes());
        let hash = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
        let Families {
            dice,
            actions,
            combat,
            chase,
            grapple,
        } = families;
        RuleSet {
            id,
            name,
            dice,
            actions,
            combat,
            chase,
            grapple,
            base,
            files,
            settings,
            hash,
        }
    }

    /// Every setting, with where it was set and the comment that explains
    /// it: the base edition's first, in its file's order, then the
    /// settings the house rules add.
    pub fn settings(&self) -> &[Setting] {
        &self.settings
    }

    /// The house-rule files it was read from, the file itself first and
    /// then each file it `extends` (none for a built-in edition).
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Checks a pool against the edition's range.
    pub fn check_pool(&self, pool: i32) -> Result<(), RulesError> {
        check_range(&self.id, "pool", pool, self.dice.pool_range)
    }

    /// Checks a difficulty against the edition's range.
    pub fn check_difficulty(&self, difficulty: i32) -> Result<(), RulesError> {
        check_range(
            &self.id,
            "difficulty",
            difficulty,
            self.dice.difficulty_range,
        )
    }

    /// The roll for `pool` dice at `difficulty` (the edition's own notion)
    /// with the player's options.
    pub fn roll(
        &self,
        pool: i32,
        difficulty: i32,
        options: &RollOptions,
    ) -> Result<CompiledRoll, RulesError> {
        self.check_pool(pool)?;
        self.check_difficulty(difficulty)?;
        let d = &self.dice;
        let mut tens = d.tens.to_dice();
        let mut pool = pool;
        if options.specialty {
            match d.specialty {
                SpecialtySetting::None => {
                    return Err(RulesError::NoSpecialty {
                        edition: self.id.clone(),
                    });
                }
                SpecialtySetting::Double => tens = Tens::Double,
                SpecialtySetting::TenAgain => tens = Tens::Again(10),
                SpecialtySetting::BonusDie => pool += 1,
            }
        }
        if let Some(again) = options.again {
            tens = match again {
                None => Tens::Single,
                Some(n) => Tens::Again(n),
            };
        }
        if let Some(kind) = options.unskilled {
            let penalty = d.unskilled[kind as usize];
            if penalty == 0 {
                return Err(RulesError::NoRule {
                    edition: self.id.clone(),
                    rule: "unskilled",
                    setting: "unskilled = [0, 0]",
                });
            }
            pool -= penalty;
        }
        let mut rote = options.rote;
        let mut auto = AutoSuccesses::default();
        if options.willpower {
            let w = &d.willpower;
            match w.mode {
                WillpowerMode::AutoSuccess => {
                    auto = AutoSuccesses {
                        count: 1,
                        cancelled_by_ones: w.cancelled_by_ones,
                        prevents_botch: w.prevents_botch,
                    };
                }
                WillpowerMode::DiceAndRote => {
                    pool += w.bonus_dice;
                    rote = true;
                }
            }
        }
        if options.automatic {
            let free = match d.automatic {
                AutomaticRule::None => {
                    return Err(RulesError::NoRule {
                        edition: self.id.clone(),
                        rule: "automatic-success",
                        setting: "automatic = \"none\"",
                    });
                }
                AutomaticRule::PoolVsDifficulty => u8::from(pool >= difficulty),
                AutomaticRule::Table => {
                    d.automatic_table.iter().filter(|&&t| pool >= t).count() as u8
                }
            };
            // Taken only when they are enough for the difficulty (uwod:
            // 3 dice give one automatic success, too few at difficulty 2);
            // otherwise the pool is rolled.
            let needed = match d.difficulty {
                DifficultyKind::SuccessesNeeded => difficulty.max(1),
                DifficultyKind::TargetNumber | DifficultyKind::DiceRemoved => 1,
            };
            if free > 0 && i32::from(auto.count + free) >= needed {
                pool = 0;
                auto.count += free;
                auto.prevents_botch = true;
            }
        }
        let (threshold, needed) = match d.difficulty {
            DifficultyKind::TargetNumber => (difficulty as u8, 1),
            DifficultyKind::SuccessesNeeded => (d.threshold, difficulty as u32),
            DifficultyKind::DiceRemoved => {
                if !auto_only(&auto, pool) {
                    pool -= difficulty;
                }
                (d.threshold, 1)
            }
        };
        let rules = RollRules {
            threshold,
            ones: match d.ones {
                OnesSetting::Cancel => Ones::Cancel,
                OnesSetting::Ignore => Ones::Ignore,
            },
            tens,
            botch: match d.botch {
                BotchSetting::Never => Botch::Never,
                BotchSetting::NoSuccessWithOne => Botch::NoSuccessWithOne,
                BotchSetting::ChanceDieOne => Botch::ChanceDieOne,
            },
            rerolled_ones_count: d.rerolled_ones_count,
            chance_die: d.chance_die,
            rote,
            auto,
        };
        let spec = RollSpec::new(pool, rules).map_err(|e| RulesError::Spec {
            edition: self.id.clone(),
            message: e.to_string(),
        })?;
        Ok(CompiledRoll { spec, needed })
    }
}

/// Whether a roll is only automatic successes (no dice).
fn auto_only(auto: &AutoSuccesses, pool: i32) -> bool {
    pool == 0 && auto.count > 0
}

fn check_range(
    edition: &str,
    what: &'static str,
    value: i32,
    range: [i32; 2],
) -> Result<(), RulesError> {
    if (range[0]..=range[1]).contains(&value) {
        Ok(())
    } else {
        Err(RulesError::OutOfRange {
            edition: edition.to_string(),
            what,
            value,
            min: range[0],
            max: range[1],
        })
    }
}

/// Where a house-rule file's `extends` path points, relative to the file.
fn relative_to(file: &Path, target: &str) -> PathBuf {
    match file.parent() {
        Some(dir) if !Path::new(target).is_absolute() => dir.join(target),
        _ => PathBuf::from(target),
    }
}
