//! The dice family of an edition (`[dice]`): how a difficulty reads, what
//! 1s, 10s, a specialty and Willpower do, when a roll botches, automatic
//! successes, and the dice lost rolling an Ability with no dots; and a
//! house rule's roll to the face (`[dice.faces]`, `[dice.outcome]`), whose
//! expressions `faces.rs` compiles.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wodds_dice::Tens;

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
    pub(crate) fn to_dice(self) -> Tens {
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
    /// The roll face by face (`[dice.faces]`), where a house rule says
    /// more than the settings above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<FaceSettings>,
    /// What the roll's counts mean (`[dice.outcome]`), where a house rule
    /// says more than the settings above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeSettings>,
}

/// `[dice.faces]`: each face's part, as expressions; unset columns are
/// what the classic settings say.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FaceSettings {
    /// The face a die must meet, from `difficulty` (target-number
    /// editions: `difficulty`; others: the threshold). Must give 2..=10.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Successes a face counts, 0, 1 or 2, from `face`, `target`, `chance`
    /// and `reroll` (a comparison counts 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successes: Option<String>,
    /// Whether a face counts among the roll's `ones`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one: Option<String>,
    /// Whether a face counts among the roll's `tens`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ten: Option<String>,
    /// Whether a face is rolled again, the new die counting too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again: Option<String>,
    /// How many times over a die may be rolled again: 0 without bound
    /// ("10-again only once" is 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again_depth: Option<u8>,
    /// Whether every roll is rote: the dice whose first face counted no
    /// success are rolled again as a new pool, and the better result is
    /// kept (a botch is worse than any plain result).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rote: Option<bool>,
}

/// `[dice.outcome]`: what a roll's counts mean, as expressions over
/// `successes`, `ones`, `tens`, `pool`, `chance`, `target` (and `net`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OutcomeSettings {
    /// The successes after cancelling (`successes - ones` when 1s cancel;
    /// below 0 counts as 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<String>,
    /// When the roll botches (it may read `net`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub botch: Option<String>,
    /// When a roll that did not botch succeeds, from its `successes`, the
    /// `difficulty`, the `pool` and the `target`: it must hold from some
    /// number of successes up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<String>,
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
