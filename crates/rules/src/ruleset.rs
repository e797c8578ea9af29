//! [`RuleSet`]: an edition's rule families resolved and validated, with
//! the settings it was read from, the files, and the hash that traces a
//! number to its rules; and its pool and difficulty checks. Rule sets are
//! loaded in `file.rs` and roll in `roll.rs`.

use std::path::PathBuf;

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::settings::Setting;
use crate::{
    ActionRules, ChaseRules, CombatRules, Description, DiceRules, DifficultyKind, GrappleRules,
    RulesError, faces,
};

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
    /// The expressions of `[dice.faces]` and `[dice.outcome]`, parsed.
    pub(crate) compiled: faces::Compiled,
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
        compiled: faces::Compiled,
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
            compiled,
        }
    }

    /// The roll face by face and its outcome as expressions, as set or as
    /// the classic settings say them: what `wodds rules show` prints.
    pub fn description(&self) -> Description {
        Description::of(&self.dice)
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

    /// The difficulty these dice roll a conflict's target-number
    /// difficulty `d` at (the revised and fta engines' 2 to 10: a punch's
    /// 6, a long shot's 8, a foot race's 7): `d` itself, unless the dice's
    /// difficulty is not a target number (successes needed, or dice
    /// removed) and `d` is outside their range, where it has no meaning:
    /// then the dice's standard difficulty, as the uwod engine rolls its
    /// attacks, and a roll lands on one net success (assumed: a house rule
    /// such as "Storyteller dice at a fixed 6, the difficulty as successes
    /// needed" under a revised fight or chase).
    pub fn conflict_difficulty(&self, d: i32) -> i32 {
        let [lo, hi] = self.dice.difficulty_range;
        match self.dice.difficulty {
            DifficultyKind::SuccessesNeeded | DifficultyKind::DiceRemoved
                if !(lo..=hi).contains(&d) =>
            {
                self.dice.standard_difficulty
            }
            _ => d,
        }
    }
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
