//! One roll under an edition: the options a player brings
//! ([`RollOptions`]), and [`RuleSet::roll`], which turns a pool, the
//! edition's own difficulty and those options into a
//! [`wodds_dice::RollSpec`] and the successes that count as success.

use wodds_dice::{AutoSuccesses, Botch, Ones, RollRules, RollSpec, Tens};

use crate::{
    AutomaticRule, BotchSetting, DifficultyKind, OnesSetting, RuleSet, RulesError,
    SpecialtySetting, WillpowerMode,
};

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

/// A roll ready for the dice engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompiledRoll {
    /// The spec to roll.
    pub spec: RollSpec,
    /// Successes needed for the roll to succeed (0: it succeeds unless it
    /// botches).
    pub needed: u32,
}

impl RuleSet {
    /// The target face at `difficulty` and the face table of a roll
    /// without options: what each face of each kind of die counts.
    pub fn face_table(&self, difficulty: i32) -> Result<(u8, wodds_dice::FaceTable), RulesError> {
        self.check_difficulty(difficulty)?;
        let d = &self.dice;
        let target = self.compiled.target(d, difficulty);
        let tens = self
            .compiled
            .faces(d.tens.to_dice(), d.rerolled_ones_count)
            .map_err(|message| RulesError::Spec {
                edition: self.id.clone(),
                message,
            })?;
        let table = match tens {
            Tens::Faces(t) => t.clone(),
            classic => wodds_dice::FaceTable::classic(classic, d.rerolled_ones_count),
        };
        Ok((target, table))
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
        let c = &self.compiled;
        let asked = pool;
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
        let mut rote = options.rote || c.rote();
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
        let threshold = c.target(d, difficulty);
        let needed = match d.difficulty {
            DifficultyKind::TargetNumber => 1,
            DifficultyKind::SuccessesNeeded => difficulty as u32,
            DifficultyKind::DiceRemoved => {
                if !auto_only(&auto, pool) {
                    pool -= difficulty;
                }
                1
            }
        };
        let needed = c.needed(needed, difficulty, asked, threshold);
        let spec_error = |message: String| RulesError::Spec {
            edition: self.id.clone(),
            message,
        };
        let tens = c.faces(tens, d.rerolled_ones_count).map_err(spec_error)?;
        let rules = RollRules {
            threshold,
            ones: c.ones(match d.ones {
                OnesSetting::Cancel => Ones::Cancel,
                OnesSetting::Ignore => Ones::Ignore,
            }),
            tens,
            botch: c.botch(match d.botch {
                BotchSetting::Never => Botch::Never,
                BotchSetting::NoSuccessWithOne => Botch::NoSuccessWithOne,
                BotchSetting::ChanceDieOne => Botch::ChanceDieOne,
            }),
            rerolled_ones_count: d.rerolled_ones_count,
            chance_die: d.chance_die,
            rote,
            auto,
        };
        let spec = RollSpec::new(pool, rules).map_err(|e| spec_error(e.to_string()))?;
        Ok(CompiledRoll { spec, needed })
    }
}

/// Whether a roll is only automatic successes (no dice).
fn auto_only(auto: &AutoSuccesses, pool: i32) -> bool {
    pool == 0 && auto.count > 0
}
