//! A roll described to the face: `[dice.faces]` (what each face counts,
//! whether it is rolled again and how deep, the target face) and
//! `[dice.outcome]` (how successes are netted, when a roll botches, when
//! it succeeds), each a small expression (see [`wodds_dice::Expr`]).
//!
//! The classic settings (`threshold`, `ones`, `tens`, `botch`,
//! `rerolled-ones-count`, `chance-die`) are the common cases said
//! shortly: each column or expression a file leaves unset is what they
//! say, written out by [`Description`] (`wodds rules show` prints it).
//! Every expression is parsed when the rules load, its mistakes blamed on
//! the file, line, field and column of the bad token; a roll then compiles
//! them into what the dice engine reads: a face table evaluated for every
//! target face and kind of die, the netting and botch as expressions over
//! the roll's counts, the target face and the successes needed as numbers.
//! Where the result is the classic rules' own, the classic rules are
//! handed to the engine, so that their rolls stay exactly as fast.
//!
//! A player's options that change what a 10 does (a specialty, `--again`)
//! change the classic `tens` a roll starts from; a face column a file sets
//! holds under every option.

use serde::Serialize;
use wodds_dice::{Botch, DieKind, Expr, FaceRule, FaceTable, OUTCOME_NAMES, Ones, Tens};

use crate::{BotchSetting, DiceRules, DifficultyKind, OnesSetting, TensSetting};

/// The names a face column reads: the face (1..=10), the target face,
/// 1 on a chance die, 1 on a die rolled again.
pub const FACE_NAMES: [&str; 4] = ["face", "target", "chance", "reroll"];
/// The name the target expression reads.
pub const TARGET_NAMES: [&str; 1] = ["difficulty"];
/// The names the success expression reads: the roll's successes (after
/// cancelling, with automatic successes), the difficulty, the pool, the
/// target face.
pub const SUCCESS_NAMES: [&str; 4] = ["successes", "difficulty", "pool", "target"];

/// Every expression and value of a rule set's roll, as set or as the
/// classic settings say them: what `wodds rules show` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Description {
    /// Each line: its dotted key, its text, and whether a file set it
    /// (`false`: the classic settings say it).
    pub lines: Vec<(&'static str, String, bool)>,
}

/// The classic settings' column texts.
fn classic_texts(d: &DiceRules, tens: TensSetting) -> [(&'static str, String); 10] {
    let target = match d.difficulty {
        DifficultyKind::TargetNumber => "difficulty".to_string(),
        _ => d.threshold.to_string(),
    };
    let successes = match tens {
        TensSetting::Double => "face >= (chance ? 10 : target) ? 1 + (face == 10) : 0",
        _ => "face >= (chance ? 10 : target)",
    };
    let one = if d.rerolled_ones_count {
        "face == 1"
    } else {
        "face == 1 && !reroll"
    };
    let again = match tens {
        TensSetting::Single | TensSetting::Double => "false".to_string(),
        TensSetting::TenAgain => "face == 10".to_string(),
        TensSetting::NineAgain => "face >= (chance ? 10 : 9)".to_string(),
        TensSetting::EightAgain => "face >= (chance ? 10 : 8)".to_string(),
    };
    let net = match d.ones {
        OnesSetting::Cancel => "successes - ones",
        OnesSetting::Ignore => "successes",
    };
    let botch = match d.botch {
        BotchSetting::Never => "false",
        BotchSetting::NoSuccessWithOne => "successes == 0 && ones > 0",
        BotchSetting::ChanceDieOne => "chance && successes == 0 && ones > 0",
    };
    let success = match d.difficulty {
        DifficultyKind::SuccessesNeeded => "successes >= difficulty",
        _ => "successes >= 1",
    };
    [
        ("dice.faces.target", target),
        ("dice.faces.successes", successes.to_string()),
        ("dice.faces.one", one.to_string()),
        ("dice.faces.ten", "face == 10".to_string()),
        ("dice.faces.again", again),
        ("dice.faces.again-depth", "0".to_string()),
        ("dice.faces.rote", "false".to_string()),
        ("dice.outcome.net", net.to_string()),
        ("dice.outcome.botch", botch.to_string()),
        ("dice.outcome.success", success.to_string()),
    ]
}

/// The file's texts beside the classic ones, in [`classic_texts`] order.
fn set_texts(d: &DiceRules) -> [Option<String>; 10] {
    let f = d.faces.clone().unwrap_or_default();
    let o = d.outcome.clone().unwrap_or_default();
    [
        f.target,
        f.successes,
        f.one,
        f.ten,
        f.again,
        f.again_depth.map(|n| n.to_string()),
        f.rote.map(|b| b.to_string()),
        o.net,
        o.botch,
        o.success,
    ]
}

impl Description {
    /// The description of `d`'s roll (its own tens, no options).
    pub fn of(d: &DiceRules) -> Description {
        let classic = classic_texts(d, d.tens);
        let set = set_texts(d);
        Description {
            lines: classic
                .into_iter()
                .zip(set)
                .map(|((key, text), own)| match own {
                    Some(t) => (key, t, true),
                    None => (key, text, false),
                })
                .collect(),
        }
    }
}

/// A mistake in an expression: the setting, the byte of the bad token
/// within its text (if it is one token's fault), and what is wrong.
pub(crate) type ExprProblem = (&'static str, Option<usize>, String);

/// The expressions of `[dice.faces]` and `[dice.outcome]`, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Compiled {
    target: Option<&'static Expr>,
    successes: Option<&'static Expr>,
    one: Option<&'static Expr>,
    ten: Option<&'static Expr>,
    again: Option<&'static Expr>,
    depth: Option<u8>,
    rote: bool,
    net: Option<&'static Expr>,
    botch: Option<&'static Expr>,
    success: Option<&'static Expr>,
}

fn parse(
    key: &'static str,
    text: &Option<String>,
    names: &[&str],
) -> Result<Option<&'static Expr>, ExprProblem> {
    text.as_deref()
        .map(|t| {
            Expr::parse(t, names)
                .map(Expr::interned)
                .map_err(|e| (key, Some(e.at), e.message))
        })
        .transpose()
}

/// Whether `a` and `b` say the same (the same tokens, spaces aside).
fn same_text(a: &str, b: &str) -> bool {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    squeeze(a) == squeeze(b)
}

impl Compiled {
    /// Parses every expression `d` sets and checks what it gives over the
    /// whole ranges of difficulty and pool.
    pub(crate) fn new(d: &DiceRules) -> Result<Compiled, ExprProblem> {
        let f = d.faces.clone().unwrap_or_default();
        let o = d.outcome.clone().unwrap_or_default();
        let c = Compiled {
            target: parse("dice.faces.target", &f.target, &TARGET_NAMES)?,
            successes: parse("dice.faces.successes", &f.successes, &FACE_NAMES)?,
            one: parse("dice.faces.one", &f.one, &FACE_NAMES)?,
            ten: parse("dice.faces.ten", &f.ten, &FACE_NAMES)?,
            again: parse("dice.faces.again", &f.again, &FACE_NAMES)?,
            depth: f.again_depth,
            rote: f.rote.unwrap_or(false),
            net: parse("dice.outcome.net", &o.net, &OUTCOME_NAMES[..6])?,
            botch: parse("dice.outcome.botch", &o.botch, &OUTCOME_NAMES)?,
            success: parse("dice.outcome.success", &o.success, &SUCCESS_NAMES)?,
        };
        c.check(d)?;
        Ok(c)
    }

    fn check(&self, d: &DiceRules) -> Result<(), ExprProblem> {
        let [dmin, dmax] = d.difficulty_range;
        for difficulty in dmin..=dmax {
            let target = self.target_raw(d, difficulty);
            if !(2..=10).contains(&target) {
                return Err((
                    "dice.faces.target",
                    None,
                    format!(
                        "gives {target} at difficulty {difficulty}: a target face must be 2..=10"
                    ),
                ));
            }
        }
        self.faces(d.tens.to_dice(), d.rerolled_ones_count)
            .map_err(|m| ("dice.faces.successes", None, m))?;
        let Some(success) = self.success else {
            return Ok(());
        };
        let [pmin, pmax] = d.pool_range;
        for difficulty in dmin..=dmax {
            for pool in pmin..=pmax {
                let target = self.target_raw(d, difficulty) as u8;
                needed(success, difficulty, pool, target).map_err(|m| {
                    (
                        "dice.outcome.success",
                        None,
                        format!("{m} (difficulty {difficulty}, pool {pool})"),
                    )
                })?;
            }
        }
        Ok(())
    }

    fn target_raw(&self, d: &DiceRules, difficulty: i32) -> i64 {
        match (self.target, d.difficulty) {
            (Some(e), _) => e.eval(&[i64::from(difficulty)]),
            (None, DifficultyKind::TargetNumber) => i64::from(difficulty),
            (None, _) => i64::from(d.threshold),
        }
    }

    /// The target face at `difficulty` (checked 2..=10 when loaded).
    pub(crate) fn target(&self, d: &DiceRules, difficulty: i32) -> u8 {
        self.target_raw(d, difficulty).clamp(2, 10) as u8
    }

    /// Whether every roll is rote.
    pub(crate) fn rote(&self) -> bool {
        self.rote
    }

    /// What a 10 does, as the engine reads it: the face table the columns
    /// a file sets make over `tens`, or the classic `tens` that says the
    /// same table.
    pub(crate) fn faces(&self, tens: Tens, rerolled_ones_count: bool) -> Result<Tens, String> {
        let columns = [self.successes, self.one, self.ten, self.again];
        if columns.iter().all(Option::is_none) && self.depth.unwrap_or(0) == 0 {
            return Ok(tens);
        }
        let classic = FaceTable::classic(tens, rerolled_ones_count);
        let eval = |e: Option<&Expr>, vars: &[i64; 4], or: i64| e.map_or(or, |e| e.eval(vars));
        let mut bad = None;
        let table = FaceTable::new(self.depth.unwrap_or(0), |target, kind, face| {
            let c = classic.face(target, kind, face);
            let vars = [
                i64::from(face),
                i64::from(target),
                i64::from(kind == DieKind::Chance),
                i64::from(kind == DieKind::Rerolled),
            ];
            let successes = eval(self.successes, &vars, i64::from(c.successes));
            if !(0..=i64::from(wodds_dice::MAX_FACE_SUCCESSES)).contains(&successes) {
                bad.get_or_insert(format!(
                    "face {face} counts {successes} successes at target {target}: a face counts 0, 1 or 2"
                ));
            }
            FaceRule {
                successes: successes.clamp(0, 2) as u8,
                one: eval(self.one, &vars, i64::from(c.one)) != 0,
                ten: eval(self.ten, &vars, i64::from(c.ten)) != 0,
                again: eval(self.again, &vars, i64::from(c.again)) != 0,
            }
        })
        .map_err(|e| e.to_string())?;
        if let Some(m) = bad {
            return Err(m);
        }
        // A table the classic settings can say is handed over as they say
        // it, for the engine's classic paths.
        let said = [
            tens,
            Tens::Single,
            Tens::Double,
            Tens::Again(10),
            Tens::Again(9),
            Tens::Again(8),
        ]
        .into_iter()
        .find(|&t| FaceTable::classic(t, rerolled_ones_count) == table);
        Ok(said.unwrap_or_else(|| Tens::Faces(table.interned())))
    }

    /// How successes are netted: the classic `ones` unless an expression
    /// that says otherwise is set.
    pub(crate) fn ones(&self, classic: Ones) -> Ones {
        match (self.net, classic) {
            (Some(e), Ones::Cancel) if same_text(e.text(), "successes - ones") => classic,
            (Some(e), Ones::Ignore) if same_text(e.text(), "successes") => classic,
            (Some(e), _) => Ones::Net(e),
            (None, _) => classic,
        }
    }

    /// When a roll botches: the classic `botch` unless an expression that
    /// says otherwise is set.
    pub(crate) fn botch(&self, classic: Botch) -> Botch {
        let text = match classic {
            Botch::Never => "false",
            Botch::NoSuccessWithOne => "successes == 0 && ones > 0",
            Botch::ChanceDieOne => "chance && successes == 0 && ones > 0",
            Botch::When(e) => e.text(),
        };
        match self.botch {
            Some(e) if !same_text(e.text(), text) => Botch::When(e),
            _ => classic,
        }
    }

    /// The successes needed at `difficulty` with `pool`: `classic` unless
    /// a success expression is set.
    pub(crate) fn needed(&self, classic: u32, difficulty: i32, pool: i32, target: u8) -> u32 {
        match self.success {
            Some(e) => needed(e, difficulty, pool, target).unwrap_or(classic),
            None => classic,
        }
    }
}

/// The most successes the success expression is tried at.
const MOST: i64 = 2 * wodds_dice::MAX_POOL as i64 + wodds_dice::MAX_AUTO as i64 + 8;

/// The least successes at which `success` holds, checked to hold from
/// there up; `u32::MAX` when it never holds.
fn needed(success: &Expr, difficulty: i32, pool: i32, target: u8) -> Result<u32, String> {
    let holds =
        |s: i64| success.eval(&[s, i64::from(difficulty), i64::from(pool), i64::from(target)]) != 0;
    let Some(least) = (0..=MOST).find(|&s| holds(s)) else {
        return Ok(u32::MAX);
    };
    match (least..=MOST).find(|&s| !holds(s)) {
        Some(s) => Err(format!(
            "holds at {least} successes but not at {s}: success must hold from some number of successes up"
        )),
        None => Ok(least as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts `rules show` prints for the classic settings are the
    /// classic rules: evaluated face by face, they give the engine's own
    /// face table, for every kind of 10.
    #[test]
    fn classic_texts_are_the_classic_face_table() {
        // Revised's dice (crates/rules/editions/revised.toml).
        let revised = DiceRules {
            difficulty: DifficultyKind::TargetNumber,
            difficulty_range: [2, 10],
            standard_difficulty: 6,
            pool_range: [1, 60],
            threshold: 6,
            ones: OnesSetting::Cancel,
            tens: TensSetting::Single,
            botch: BotchSetting::NoSuccessWithOne,
            rerolled_ones_count: false,
            chance_die: false,
            specialty: crate::SpecialtySetting::TenAgain,
            willpower: crate::WillpowerRule {
                mode: crate::WillpowerMode::AutoSuccess,
                bonus_dice: 0,
                cancelled_by_ones: false,
                prevents_botch: true,
            },
            automatic: crate::AutomaticRule::PoolVsDifficulty,
            automatic_table: [0; 4],
            unskilled: [0, 0],
            faces: None,
            outcome: None,
        };
        for tens in [
            TensSetting::Single,
            TensSetting::Double,
            TensSetting::TenAgain,
            TensSetting::NineAgain,
            TensSetting::EightAgain,
        ] {
            for rerolled in [false, true] {
                let mut d = revised.clone();
                d.tens = tens;
                d.rerolled_ones_count = rerolled;
                let texts = classic_texts(&d, tens);
                let mut own = d.clone();
                own.faces = Some(crate::FaceSettings {
                    successes: Some(texts[1].1.clone()),
                    one: Some(texts[2].1.clone()),
                    ten: Some(texts[3].1.clone()),
                    again: Some(texts[4].1.clone()),
                    ..crate::FaceSettings::default()
                });
                let c = Compiled::new(&own).unwrap();
                let classic = tens.to_dice();
                assert_eq!(c.faces(classic, rerolled), Ok(classic), "{tens:?}");
            }
        }
    }
}
