//! Shared fixtures of the wodds fuzz targets.
//!
//! Each fuzz process gets one scratch directory holding small house-rule
//! files that a fuzzed rule file or scenario may name:
//!
//! - `base.toml` extends the built-in `revised` and changes a few settings;
//! - `deep.toml` extends `base.toml` (a chain of two files);
//! - `loop.toml` extends itself (a cycle).
//!
//! The rules target writes its input next to them as `input.toml`, so the
//! input can also extend itself.

pub mod outputs;
pub mod structured;

use std::path::Path;
use std::sync::OnceLock;

use wodds_rules::{RollOptions, RuleSet, Unskilled};

/// The house-rule files of the scratch directory: name and text.
pub const FIXTURES: [(&str, &str); 3] = [
    (
        "base.toml",
        r#"extends = "revised"
name = "Revised, house rules"

[dice]
tens = "10-again"
pool-range = [1, 30]

[actions]
retry-penalty = 2
"#,
    ),
    (
        "deep.toml",
        r#"extends = "base.toml"

[dice]
specialty = "double"
difficulty-range = [3, 9]

[combat]
onslaught = 1
"#,
    ),
    ("loop.toml", "extends = \"loop.toml\"\n"),
];

/// The scratch directory with [`FIXTURES`] written in it, made once per
/// process and left for the OS to clean (it is a few hundred bytes).
pub fn scratch() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("wodds-fuzz-")
            .tempdir()
            .expect("a scratch directory");
        for (name, text) in FIXTURES {
            std::fs::write(dir.path().join(name), text).expect("a fixture file");
        }
        dir
    })
    .path()
}

/// Options a player may bring: none, and each one alone.
pub fn option_sets() -> [RollOptions; 7] {
    let none = RollOptions::default();
    [
        none,
        RollOptions {
            specialty: true,
            ..none
        },
        RollOptions {
            willpower: true,
            ..none
        },
        RollOptions { rote: true, ..none },
        RollOptions {
            automatic: true,
            ..none
        },
        RollOptions {
            again: Some(Some(8)),
            ..none
        },
        RollOptions {
            unskilled: Some(Unskilled::Knowledge),
            ..none
        },
    ]
}

/// Rolls `pool` at `difficulty` under each of `options`, and works out the
/// exact distribution of the rolls of at most `exact_dice` dice (the
/// enumeration is the slow part of a run, so the targets keep it small).
/// Errors are fine; a panic, or a probability outside 0..=1, is a bug.
pub fn exercise(
    rules: &RuleSet,
    pool: i32,
    difficulty: i32,
    options: &[RollOptions],
    exact_dice: u32,
) {
    for options in options {
        match rules.roll(pool, difficulty, options) {
            Ok(roll) if roll.spec.dice() <= exact_dice => {
                let d = wodds_dice::exact(&roll.spec);
                let p = d.p_at_least(roll.needed.max(1));
                let botch = d.p_botch();
                assert!(
                    (0.0..=1.0 + 1e-9).contains(&p) && (0.0..=1.0 + 1e-9).contains(&botch),
                    "probabilities outside 0..=1: success {p}, botch {botch}"
                );
            }
            Ok(_) => {}
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// Writes `data` as `input.toml` in the scratch directory and loads it with
/// `RuleSet::load`; a file that loads is hashed, its smallest pool rolled
/// at its standard difficulty under every option and enumerated exactly
/// when that is at most three dice, and the ends and middle of its pool and
/// difficulty ranges rolled under every option. Errors are fine; a panic is
/// a bug.
pub fn load_and_roll(data: &[u8]) {
    let path = scratch().join("input.toml");
    std::fs::write(&path, data).expect("the scratch file");
    let rules = match RuleSet::load(path.to_str().expect("a UTF-8 temp path")) {
        Ok(rules) => rules,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    assert_eq!(rules.hash().len(), 12);
    let [pmin, pmax] = rules.dice.pool_range;
    let [dmin, dmax] = rules.dice.difficulty_range;
    let standard = rules.dice.standard_difficulty;
    let options = option_sets();
    exercise(&rules, pmin, standard, &options, 3);
    for pool in [pmin, pmax, pmin.midpoint(pmax)] {
        for difficulty in [dmin, dmax, standard] {
            exercise(&rules, pool, difficulty, &options, 0);
        }
    }
}
