//! `[dice.faces]` and `[dice.outcome]`: expressions blamed to the column
//! of their bad token, values checked over every difficulty and pool, the
//! classic settings written out as expressions giving the very same rolls,
//! and the house-rule corpus loading.

use std::path::Path;

use wodds_dice::Tens;
use wodds_rules::{RollOptions, RuleSet, RulesError};

fn house(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("house.toml");
    std::fs::write(&path, text).unwrap();
    let name = path.display().to_string();
    (dir, name)
}

fn load_err(text: &str) -> (String, String) {
    let (_dir, name) = house(text);
    let err = RuleSet::load(&name).unwrap_err();
    (err.to_string(), name)
}

#[test]
fn a_misspelt_name_is_blamed_on_its_column() {
    let text = "extends = \"revised\"\n\n[dice.outcome]\nbotch = \"ones >= 2 && sucesses == 0\"\n";
    let (err, name) = load_err(text);
    // `sucesses` starts at byte 22 of line 4: `botch = "` is 9 bytes,
    // then 13 of the expression.
    assert_eq!(
        err,
        format!(
            "rule file {name}:4:23: field `dice.outcome.botch`: unknown name `sucesses`: this expression can use successes, ones, tens, pool, chance, target, net, min, max, abs, true, false"
        )
    );
}

#[test]
fn a_bad_token_in_a_face_column_is_blamed_on_its_column() {
    let text = "extends = \"revised\"\n[dice.faces]\nsuccesses = 'face >= target +'\n";
    let (err, name) = load_err(text);
    assert!(
        err.starts_with(&format!(
            "rule file {name}:3:30: field `dice.faces.successes`: expected a number"
        )),
        "{err}"
    );
    let text = "extends = \"revised\"\n[dice.faces]\nagain = \"face = 10\"\n";
    let (err, _) = load_err(text);
    assert!(
        err.contains(":3:15: field `dice.faces.again`: `=` is not a comparison"),
        "{err}"
    );
    // A name of another context: `ones` is not a face's.
    let text = "extends = \"revised\"\n[dice.faces]\none = \"ones > 0\"\n";
    let (err, _) = load_err(text);
    assert!(
        err.contains(":3:8: field `dice.faces.one`: unknown name `ones`"),
        "{err}"
    );
}

#[test]
fn values_out_of_range_name_the_setting() {
    let (err, _) =
        load_err("extends = \"revised\"\n[dice.faces]\nsuccesses = \"3 * (face == 10)\"\n");
    assert!(
        err.contains("field `dice.faces.successes`: face 10 counts 3 successes"),
        "{err}"
    );
    let (err, _) = load_err(
        "extends = \"revised\"\n[dice]\ndifficulty-range = [2, 12]\n[dice.faces]\ntarget = \"difficulty\"\n",
    );
    assert!(
        err.contains("field `dice.faces.target`: gives 11 at difficulty 11"),
        "{err}"
    );
    let (err, _) =
        load_err("extends = \"revised\"\n[dice.outcome]\nsuccess = \"successes == 1\"\n");
    assert!(
        err.contains("field `dice.outcome.success`: holds at 1 successes but not at 2"),
        "{err}"
    );
    let (err, _) = load_err("extends = \"revised\"\n[dice.outcome]\nnet = \"net\"\n");
    assert!(
        err.contains("field `dice.outcome.net`: unknown name `net`"),
        "{err}"
    );
}

/// The classic settings' own expressions, written out in a house rule,
/// roll exactly as the classic settings do: the engine is handed the same
/// spec (and so takes the same paths).
#[test]
fn the_classic_settings_written_out_roll_the_same() {
    let revised = RuleSet::load("revised").unwrap();
    let mut text = String::from("extends = \"revised\"\n[dice.faces]\n");
    let lines = revised.description().lines;
    for (key, value, own) in &lines {
        assert!(!own, "{key} is not set by revised.toml");
        if key.starts_with("dice.outcome.") && !text.contains("[dice.outcome]") {
            text.push_str("[dice.outcome]\n");
        }
        let name = key.rsplit('.').next().unwrap();
        let value = match name {
            "again-depth" | "rote" => value.clone(),
            _ => format!("\"{value}\""),
        };
        text.push_str(&format!("{name} = {value}\n"));
    }
    let (_dir, name) = house(&text);
    let written = RuleSet::load(&name).unwrap();
    assert!(written.description().lines.iter().all(|(_, _, own)| *own));
    for pool in [1, 5, 12] {
        for difficulty in 2..=10 {
            // A face column a file sets holds under every option (here
            // `again = "false"`: a specialty's 10-again does not apply).
            for options in [
                RollOptions::default(),
                RollOptions {
                    willpower: true,
                    rote: true,
                    ..RollOptions::default()
                },
            ] {
                assert_eq!(
                    written.roll(pool, difficulty, &options).unwrap(),
                    revised.roll(pool, difficulty, &options).unwrap(),
                    "pool {pool}, difficulty {difficulty}, {options:?}"
                );
            }
        }
    }
}

/// The specialty and `--again` change what a file leaves to the classic
/// settings: with only the outcome written out, a specialty still rolls
/// its 10s again; with `again` set, the file's column holds.
#[test]
fn options_change_only_the_columns_a_file_leaves_unset() {
    let revised = RuleSet::load("revised").unwrap();
    let specialty = RollOptions {
        specialty: true,
        ..RollOptions::default()
    };
    let (_d1, outcome) = house(
        "extends = \"revised\"\n[dice.outcome]\nbotch = \"successes == 0 && ones > 0\"\nnet = \"successes - ones\"\n",
    );
    let outcome = RuleSet::load(&outcome).unwrap();
    assert_eq!(
        outcome.roll(4, 6, &specialty).unwrap(),
        revised.roll(4, 6, &specialty).unwrap()
    );
    let (_d2, pinned) = house("extends = \"revised\"\n[dice.faces]\nagain = \"false\"\n");
    let pinned = RuleSet::load(&pinned).unwrap();
    assert_eq!(
        pinned.roll(4, 6, &specialty).unwrap(),
        revised.roll(4, 6, &RollOptions::default()).unwrap()
    );
}

#[test]
fn a_face_rule_reaches_the_dice_as_a_face_table() {
    let (_dir, name) = house(
        "extends = \"revised\"\n[dice]\ntens = \"10-again\"\n[dice.faces]\nagain-depth = 1\n",
    );
    let rules = RuleSet::load(&name).unwrap();
    let roll = rules.roll(3, 6, &RollOptions::default()).unwrap();
    match roll.spec.rules().tens {
        Tens::Faces(t) => assert_eq!(t.depth(), 1),
        other => panic!("{other:?}"),
    }
    let (target, table) = rules.face_table(7).unwrap();
    assert_eq!(target, 7);
    assert!(table.face(7, wodds_dice::DieKind::First, 10).again);
}

#[test]
fn difficulty_above_ten_needs_more_successes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("docs/examples/house-rules/difficulty-above-ten.toml");
    let rules = RuleSet::load(path.to_str().unwrap()).unwrap();
    let roll = rules.roll(5, 12, &RollOptions::default()).unwrap();
    assert_eq!(roll.spec.rules().threshold, 10);
    assert_eq!(roll.needed, 3);
    assert_eq!(rules.roll(5, 7, &RollOptions::default()).unwrap().needed, 1);
    assert!(matches!(
        rules.roll(5, 16, &RollOptions::default()),
        Err(RulesError::OutOfRange { .. })
    ));
}

#[test]
fn every_corpus_rule_loads_with_a_note_in_the_designers_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut n = 0;
    for entry in std::fs::read_dir(root.join("docs/examples/house-rules")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let rules = RuleSet::load(path.to_str().unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // A quoted sentence of the designer's on top.
        assert!(
            text.lines().nth(1).is_some_and(|l| l.starts_with("# \"")),
            "{}: no designer's note",
            path.display()
        );
        let d = rules.dice.standard_difficulty;
        let pool = rules.dice.pool_range[0].max(1);
        rules.roll(pool, d, &RollOptions::default()).unwrap();
        n += 1;
    }
    assert!(n >= 18, "{n} rules");
}

#[test]
fn every_pool_at_once_is_every_pool_alone_to_the_bit() {
    // `exact_pools` (what the outcome tables and round chains read)
    // convolves the dice once for pools 0..=20; `exact` rolls each pool
    // from its first die. The two must agree exactly, for every edition
    // and corpus rule, with and without Willpower, at every difficulty.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut sets: Vec<RuleSet> = ["revised", "fta", "uwod", "hubris"]
        .iter()
        .map(|id| RuleSet::load(id).unwrap())
        .collect();
    for entry in std::fs::read_dir(root.join("docs/examples/house-rules")).unwrap() {
        sets.push(RuleSet::load(entry.unwrap().path().to_str().unwrap()).unwrap());
    }
    let mut compared = 0;
    for rules in &sets {
        let [lo, hi] = rules.dice.difficulty_range;
        for d in lo..=hi {
            for willpower in [false, true] {
                let options = RollOptions {
                    willpower,
                    ..RollOptions::default()
                };
                let Ok(roll) = rules.roll(1, d, &options) else {
                    continue;
                };
                let all = wodds_dice::exact_pools(&roll.spec, 20);
                assert_eq!(all.len(), 21);
                for (pool, d_all) in all.iter().enumerate() {
                    let Ok(spec) = wodds_dice::RollSpec::new(pool as i32, *roll.spec.rules())
                    else {
                        continue;
                    };
                    let alone = wodds_dice::exact(&spec);
                    assert!(
                        *d_all == alone,
                        "{} difficulty {d} pool {pool} willpower {willpower}",
                        rules.id
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 2000, "{compared}");
}
