//! What a sheet says in words: what a cell of each grid is under an
//! edition's rules, what its difficulty means, and how a figure reads.

use wodds_rules::{BotchSetting, DiceRules, DifficultyKind, OnesSetting, RuleSet, TensSetting};

use super::grid::Sheet;

/// What every sheet says first: what a cell is.
pub(super) const WHAT_A_CELL_IS: &str = "Each cell is the exact chance, in percent, that one roll succeeds \
     (in a botch grid: that it botches). A row is the dice in the pool, a column the difficulty.";

/// The sheet's last line: the wodds that made it, the roll options and
/// each edition's rules.
pub(super) fn footer(sheet: &Sheet) -> String {
    let rules: Vec<String> = sheet.blocks.iter().map(|b| source(&b.rules)).collect();
    format!(
        "wodds {}, exact; options: {}; {}",
        env!("CARGO_PKG_VERSION"),
        sheet.options,
        rules.join("; ")
    )
}

/// What "difficulty" means under `dice`.
fn axis(dice: &DiceRules) -> &'static str {
    match dice.difficulty {
        DifficultyKind::TargetNumber => "the target number",
        DifficultyKind::SuccessesNeeded => "the successes needed",
        DifficultyKind::DiceRemoved => "the dice removed",
    }
}

/// What a column is: the difficulty in the edition's terms, and which is
/// the standard task (shown in bold).
pub(super) fn columns(dice: &DiceRules) -> String {
    format!(
        "Difficulty: {}; the standard task, {}, in bold.",
        axis(dice),
        dice.standard_difficulty
    )
}

/// When a roll succeeds under `dice`: what a cell of the success grid is
/// the chance of.
pub(super) fn success(dice: &DiceRules) -> String {
    let ones = match dice.ones {
        OnesSetting::Cancel => ", once each 1 has cancelled a success",
        OnesSetting::Ignore => "",
    };
    let tens = match dice.tens {
        TensSetting::Single => "",
        TensSetting::Double => "; a 10 counts two successes",
        TensSetting::TenAgain => "; a 10 is rolled again",
        TensSetting::NineAgain => "; 9s and 10s are rolled again",
        TensSetting::EightAgain => "; 8s, 9s and 10s are rolled again",
    };
    let t = dice.threshold;
    match dice.difficulty {
        DifficultyKind::TargetNumber => format!(
            "at least one success left, a die succeeding on the difficulty or more{ones}{tens}"
        ),
        DifficultyKind::SuccessesNeeded => format!(
            "at least as many successes as the difficulty, a die succeeding on {t} or more{ones}{tens}; at 0, any roll that does not botch"
        ),
        DifficultyKind::DiceRemoved => format!(
            "at least one success from the pool less the difficulty, a die succeeding on {t} or more{ones}{tens}{}",
            if dice.chance_die {
                "; a pool driven to 0 rolls a chance die"
            } else {
                ""
            }
        ),
    }
}

/// When a roll botches under `dice`, or `None` if it never does.
pub(super) fn botch(dice: &DiceRules) -> Option<&'static str> {
    match dice.botch {
        BotchSetting::Never => None,
        BotchSetting::NoSuccessWithOne => Some("no die succeeds and at least one shows a 1"),
        BotchSetting::ChanceDieOne => Some("only a chance die botches, when it shows a 1"),
    }
}

/// Where the rules come from: built in, or a house rule and what it
/// extends.
fn source(rules: &RuleSet) -> String {
    if rules.files().is_empty() {
        format!("{}: rules {} (built in)", rules.id, rules.hash())
    } else {
        format!(
            "{}: rules {} (a house rule on {})",
            rules.id,
            rules.hash(),
            rules.base
        )
    }
}

/// A chance in percent as a sheet shows it: one decimal, `0` and `100`
/// only when exact, and never `100.0` for a roll that can fail (`>99.9`)
/// or `0.0` for one that can happen (`<0.1`).
pub(super) fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0".to_string()
    } else if p >= 1.0 {
        "100".to_string()
    } else if p < 0.0005 {
        "<0.1".to_string()
    } else if p >= 0.9995 {
        ">99.9".to_string()
    } else {
        format!("{:.1}", 100.0 * p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percent_is_never_rounded_to_certain_or_impossible() {
        assert_eq!(percent(0.0), "0");
        assert_eq!(percent(1.0), "100");
        assert_eq!(percent(0.0004), "<0.1");
        assert_eq!(percent(0.0005), "0.1");
        assert_eq!(percent(0.9996), ">99.9");
        assert_eq!(percent(0.9994), "99.9");
        assert_eq!(percent(0.5), "50.0");
        assert_eq!(percent(0.87647), "87.6");
        assert_eq!(percent(0.8766), "87.7");
    }

    #[test]
    fn the_words_follow_the_rules() {
        let revised = RuleSet::load("revised").unwrap();
        assert!(success(&revised.dice).contains("once each 1 has cancelled a success"));
        assert_eq!(
            botch(&revised.dice),
            Some("no die succeeds and at least one shows a 1")
        );
        let uwod = RuleSet::load("uwod").unwrap();
        assert!(success(&uwod.dice).contains("on 7 or more"));
        assert!(!success(&uwod.dice).contains("cancel"));
        let hubris = RuleSet::load("hubris").unwrap();
        assert!(success(&hubris.dice).contains("a 10 is rolled again"));
        assert!(success(&hubris.dice).contains("chance die"));
        assert_eq!(axis(&hubris.dice), "the dice removed");
    }
}
