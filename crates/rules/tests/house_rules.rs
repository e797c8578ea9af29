//! What a game designer relies on when loading rules with
//! [`RuleSet::load`]: the built-in editions, house-rule files that extend
//! them (and each other), errors that name the file, line and field, and the
//! range checks of [`RuleSet::roll`].
//!
//! Every expected value is worked out by hand from the rule files in
//! `editions/` and the house-rule text written by the test itself.

use std::path::{Path, PathBuf};

use wodds_rules::{
    DiceRules, DifficultyKind, FileKind, OnesSetting, RollOptions, RuleSet, RulesError,
    TensSetting, edition_ids,
};

/// Writes `text` to `dir/name` and returns the path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn load(name: &str) -> RuleSet {
    RuleSet::load(name).unwrap_or_else(|e| panic!("{name} should load: {e}"))
}

/// A `RulesError::File` taken apart.
#[derive(Debug)]
struct FileError {
    kind: FileKind,
    file: String,
    line: usize,
    column: usize,
    field: String,
    message: String,
    display: String,
}

/// Loads `path`, which must fail with a `RulesError::File`.
fn file_error(path: &str) -> FileError {
    let err = match RuleSet::load(path) {
        Ok(r) => panic!("{path} should not load, got {r:?}"),
        Err(e) => e,
    };
    let display = err.to_string();
    match err {
        RulesError::File {
            kind,
            file,
            line,
            column,
            field,
            message,
        } => FileError {
            kind,
            file,
            line,
            column,
            field,
            message,
            display,
        },
        other => panic!("expected RulesError::File, got {other:?}"),
    }
}

/// Checks every part of a file error and that its Display says the same.
fn assert_file_error(e: &FileError, file: &str, line: usize, column: usize, field: &str) {
    assert_eq!(e.kind, FileKind::Rules, "{e:?}");
    assert_eq!(e.file, file, "{e:?}");
    assert_eq!(e.line, line, "{e:?}");
    assert_eq!(e.column, column, "{e:?}");
    assert_eq!(e.field, field, "{e:?}");
    let prefix = format!("rule file {file}:{line}:{column}: field `{field}`: ");
    assert!(
        e.display.starts_with(&prefix),
        "display {:?} should start with {prefix:?}",
        e.display
    );
    assert_eq!(e.display, format!("{prefix}{}", e.message));
}

fn close(actual: f64, expected: f64, tol: f64) {
    assert!(
        (actual - expected).abs() <= tol,
        "{actual} differs from {expected} by more than {tol}"
    );
}

// ---------------------------------------------------------------------------
// Built-in editions
// ---------------------------------------------------------------------------

#[test]
fn built_in_ids_are_the_four_editions_in_order() {
    assert_eq!(
        edition_ids().collect::<Vec<_>>(),
        ["revised", "fta", "uwod", "hubris"]
    );
}

#[test]
fn every_built_in_loads_with_a_stable_twelve_hex_digit_hash() {
    for id in edition_ids() {
        let a = load(id);
        let b = load(id);
        assert_eq!(a.id, id);
        assert_eq!(a.hash().len(), 12, "{id}: {}", a.hash());
        assert!(
            a.hash()
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
            "{id}: {} is not lowercase hex",
            a.hash()
        );
        assert_eq!(a.hash(), b.hash(), "{id}");
        assert_eq!(a, b, "{id}");
    }
}

#[test]
fn built_in_names_and_roots() {
    // From the `name = ...` line of each editions/*.toml.
    let expected = [
        ("revised", "Vampire: the Masquerade Revised", "revised"),
        ("fta", "From the Ashes (Detroit by Night)", "revised"),
        ("uwod", "Ultimate WoD", "uwod"),
        ("hubris", "The Act of Hubris", "hubris"),
    ];
    for (id, name, base) in expected {
        let r = load(id);
        assert_eq!(r.name, name, "{id}");
        assert_eq!(r.base, base, "{id}");
    }
}

#[test]
fn fta_dice_are_revised_dice_under_another_id_and_name() {
    let revised = load("revised");
    let fta = load("fta");
    assert_eq!(fta.dice, revised.dice);
    assert_eq!(fta.actions, revised.actions);
    // FtA's own combat engine makes its rules, and so its hash, differ.
    assert_eq!(fta.combat.engine, wodds_rules::CombatEngine::Fta);
    assert_ne!(fta.hash(), revised.hash());
    assert_eq!(fta.id, "fta");
    assert_ne!(fta.id, revised.id);
    assert_ne!(fta.name, revised.name);
}

#[test]
fn the_other_editions_hash_differently() {
    let hashes: Vec<String> = ["revised", "uwod", "hubris"]
        .iter()
        .map(|id| load(id).hash().to_string())
        .collect();
    assert_ne!(hashes[0], hashes[1]);
    assert_ne!(hashes[0], hashes[2]);
    assert_ne!(hashes[1], hashes[2]);
}

#[test]
fn revised_settings_match_its_rule_file() {
    let d = load("revised").dice;
    assert_eq!(d.difficulty, DifficultyKind::TargetNumber);
    assert_eq!(d.difficulty_range, [2, 10]);
    assert_eq!(d.standard_difficulty, 6);
    assert_eq!(d.pool_range, [1, 60]);
    assert_eq!(d.ones, OnesSetting::Cancel);
    assert_eq!(d.tens, TensSetting::Single);
    assert!(!d.chance_die);
}

#[test]
fn unknown_edition_lists_the_known_ones() {
    let err = RuleSet::load("vtm").unwrap_err();
    let display = err.to_string();
    match err {
        RulesError::UnknownEdition { name, known } => {
            assert_eq!(name, "vtm");
            assert_eq!(known, ["revised", "fta", "uwod", "hubris"]);
        }
        other => panic!("expected UnknownEdition, got {other:?}"),
    }
    assert!(display.contains("`vtm`"), "{display}");
    assert!(display.contains("revised, fta, uwod, hubris"), "{display}");
}

// ---------------------------------------------------------------------------
// House-rule files
// ---------------------------------------------------------------------------

#[test]
fn ten_again_house_rule_changes_only_tens() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "ten_again.toml",
        "extends = \"revised\"\n\n[dice]\ntens = \"10-again\"\n",
    );
    let revised = load("revised");
    let house = load(&path);

    let mut expected: DiceRules = revised.dice.clone();
    expected.tens = TensSetting::TenAgain;
    assert_eq!(house.dice, expected);
    assert_ne!(house.dice, revised.dice);
    assert_ne!(house.hash(), revised.hash());
    assert_eq!(house.hash().len(), 12);
    assert_eq!(house.id, path);
    assert_eq!(house.base, "revised");
    assert_eq!(
        house.name,
        "Vampire: the Masquerade Revised + house rules ten_again.toml"
    );
    // Loading twice gives the same hash.
    assert_eq!(load(&path).hash(), house.hash());
}

#[test]
fn ten_again_house_rule_one_die_at_six() {
    // One die at difficulty 6, 1s cancel, 10s rolled again; a 1 on the die
    // rolled again does not cancel (revised.toml: rerolled-ones-count = false).
    //
    // First face:
    //   1      (0.1): no success and a 1 -> botch.
    //   2..5   (0.4): failure.
    //   6..9   (0.4): one success.
    //   10     (0.1): one success, then a fresh die whose successes add on
    //          and whose 1 does nothing.
    // P(>= 1) = 0.4 + 0.1 = 0.5, as without re-rolls: rolling again never hurts.
    // P(>= 2) = 0.1 * P(the re-rolled die succeeds) = 0.1 * 0.5 = 0.05
    // P(botch) = 0.1.
    // Plain Revised (10s single): P(>= 1) = 0.5, P(>= 2) = 0.
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "ten_again.toml",
        "extends = \"revised\"\n[dice]\ntens = \"10-again\"\n",
    );
    let house = load(&path);
    let roll = house.roll(1, 6, &RollOptions::default()).unwrap();
    assert_eq!(roll.needed, 1);
    assert_eq!(roll.spec.pool(), 1);
    assert_eq!(roll.spec.rules().threshold, 6);
    assert_eq!(roll.spec.rules().tens, wodds_dice::Tens::Again(10));
    let d = wodds_dice::exact(&roll.spec);
    close(d.p_at_least(1), 0.5, 1e-12);
    close(d.p_at_least(2), 0.05, 1e-12);
    close(d.p_botch(), 0.1, 1e-12);

    let plain = load("revised").roll(1, 6, &RollOptions::default()).unwrap();
    let p = wodds_dice::exact(&plain.spec);
    close(p.p_at_least(1), 0.5, 1e-12);
    close(p.p_at_least(2), 0.0, 0.0);
    close(p.p_botch(), 0.1, 1e-12);
}

#[test]
fn house_rule_extends_a_house_rule_by_relative_path() {
    // a.toml -> rules/b.toml -> revised. The path in a.toml is relative to
    // a.toml, not to the working directory (cargo runs tests in the crate).
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "rules/b.toml",
        "extends = \"revised\"\n[dice]\ntens = \"10-again\"\n",
    );
    let a = write(
        dir.path(),
        "a.toml",
        "extends = \"rules/b.toml\"\nname = \"Both\"\n[dice]\nones = \"ignore\"\n",
    );
    let house = load(&a);
    let mut expected = load("revised").dice;
    expected.tens = TensSetting::TenAgain;
    expected.ones = OnesSetting::Ignore;
    assert_eq!(house.dice, expected);
    assert_eq!(house.base, "revised");
    assert_eq!(house.name, "Both");
    assert_eq!(house.id, a);

    // With 1s ignored, one die at 6 succeeds exactly when its first face is
    // 6+ (a re-roll can only add): P(>= 1) = 0.5. Botch: the first face is
    // a 1 (no success, a 1): 0.1.
    let roll = house.roll(1, 6, &RollOptions::default()).unwrap();
    let d = wodds_dice::exact(&roll.spec);
    close(d.p_at_least(1), 0.5, 1e-12);
    close(d.p_botch(), 0.1, 1e-12);
}

#[test]
fn extends_cycle_is_an_error_not_a_stack_overflow() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.toml", "extends = \"b.toml\"\n");
    write(
        dir.path(),
        "b.toml",
        "# b goes back to a\nextends = \"a.toml\"\n",
    );
    let e = file_error(&a);
    // Loading a, then b, then a again: a's `extends` (line 1, column 11,
    // the opening quote) closes the circle. The second a is reached as
    // b's directory joined with "a.toml".
    let again = dir.path().join("a.toml");
    assert_file_error(&e, again.to_str().unwrap(), 1, 11, "extends");
    assert!(e.message.contains("circle"), "{}", e.message);

    // A file that extends itself.
    let own = write(dir.path(), "own.toml", "extends = \"own.toml\"\n");
    let e = file_error(&own);
    assert_eq!(e.field, "extends");
    assert_eq!(e.line, 1);
    assert!(e.message.contains("circle"), "{}", e.message);
}

// ---------------------------------------------------------------------------
// Errors name file, line and field
// ---------------------------------------------------------------------------

#[test]
fn unknown_dice_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "tenz.toml",
        "extends = \"revised\"\n\n[dice]\nones = \"cancel\"\ntenz = \"single\"\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 5, 1, "dice.tenz");
    assert!(e.message.contains("tenz"), "{}", e.message);
}

#[test]
fn unknown_willpower_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "will.toml",
        "extends = \"revised\"\n[dice]\ntens = \"single\"\n[dice.willpower]\nbonus = 2\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 5, 1, "dice.willpower.bonus");
}

#[test]
fn mistyped_tens_value_lists_the_allowed_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "tens.toml",
        "extends = \"revised\"\n[dice]\n\ntens = \"11-again\"\n",
    );
    let e = file_error(&path);
    // Column 8: the opening quote of the value.
    assert_file_error(&e, &path, 4, 8, "dice.tens");
    for allowed in ["single", "double", "10-again", "9-again", "8-again"] {
        assert!(
            e.message.contains(&format!("`{allowed}`")),
            "{allowed} missing from {}",
            e.message
        );
    }
    assert!(e.message.contains("11-again"), "{}", e.message);
}

#[test]
fn wrong_type_threshold() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "threshold.toml",
        "extends = \"uwod\"\n[dice]\nthreshold = \"high\"\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 13, "dice.threshold");
    assert!(e.message.contains("string"), "{}", e.message);
}

#[test]
fn threshold_out_of_range() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "threshold.toml",
        "extends = \"uwod\"\n[dice]\nthreshold = 11\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 13, "dice.threshold");
    assert_eq!(e.message, "11 is outside 2..=10");
}

#[test]
fn difficulty_range_descending() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "range.toml",
        "extends = \"revised\"\n[dice]\ndifficulty-range = [5, 3]\n",
    );
    let e = file_error(&path);
    // Column 20: after `difficulty-range = ` (19 characters).
    assert_file_error(&e, &path, 3, 20, "dice.difficulty-range");
    assert!(e.message.contains("[5, 3]"), "{}", e.message);
    assert!(e.message.contains("ascending"), "{}", e.message);
    // Revised difficulties are target numbers: 2..=10.
    assert!(e.message.contains("2..=10"), "{}", e.message);
}

#[test]
fn pool_range_below_one_without_a_chance_die() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "pool.toml",
        "extends = \"revised\"\n# a house rule\n[dice]\npool-range = [0, 10]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 14, "dice.pool-range");
    assert!(e.message.contains("[0, 10]"), "{}", e.message);
    assert!(e.message.contains("chance-die"), "{}", e.message);

    // The same range is fine once the file also turns the chance die on.
    let ok = write(
        dir.path(),
        "pool_ok.toml",
        "extends = \"revised\"\n[dice]\npool-range = [0, 10]\nchance-die = true\n",
    );
    let r = load(&ok);
    assert_eq!(r.dice.pool_range, [0, 10]);
    assert!(r.dice.chance_die);
}

#[test]
fn standard_difficulty_outside_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "std.toml",
        "extends = \"revised\"\n[dice]\nstandard-difficulty = 12\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 23, "dice.standard-difficulty");
    assert!(e.message.contains("12"), "{}", e.message);
    assert!(e.message.contains("2..=10"), "{}", e.message);
}

#[test]
fn unknown_top_level_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "top.toml",
        "extends = \"revised\"\nname = \"Mine\"\ncolour = \"red\"\n[dice]\ntens = \"double\"\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 1, "colour");
    assert!(e.message.contains("colour"), "{}", e.message);
}

#[test]
fn extends_an_edition_that_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "missing_base.toml",
        "# typo\nextends = \"nonexistent\"\n[dice]\ntens = \"double\"\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 2, 11, "extends");
    assert!(e.message.contains("nonexistent"), "{}", e.message);
}

#[test]
fn a_file_without_extends_must_set_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "alone.toml",
        "name = \"Alone\"\n[dice]\ndifficulty = \"target-number\"\n",
    );
    let e = file_error(&path);
    // The first field in order that is missing is difficulty-range; a
    // missing field has no line of its own, so the error points at 1:1.
    assert_file_error(&e, &path, 1, 1, "dice.difficulty-range");
    assert!(e.message.contains("missing"), "{}", e.message);
}

#[test]
fn a_rule_file_that_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("no_such_file.toml");
    let name = path.to_str().unwrap();
    let err = RuleSet::load(name).unwrap_err();
    let display = err.to_string();
    match err {
        RulesError::Read {
            kind,
            path: p,
            error,
        } => {
            assert_eq!(kind, FileKind::Rules);
            assert_eq!(p, path);
            assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("expected RulesError::Read, got {other:?}"),
    }
    assert!(
        display.starts_with(&format!("rule file {name}: cannot read it")),
        "{display}"
    );
}

#[test]
fn error_in_the_extended_file_names_that_file() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "base.toml",
        "extends = \"revised\"\n[dice]\ntens = \"12-again\"\n",
    );
    let top = write(dir.path(), "top.toml", "extends = \"base.toml\"\n");
    let e = file_error(&top);
    let base = dir.path().join("base.toml");
    assert_file_error(&e, base.to_str().unwrap(), 3, 8, "dice.tens");
}

// ---------------------------------------------------------------------------
// Regression tests: each pins a location bug that has been fixed.
// ---------------------------------------------------------------------------

#[test]
fn table_header_with_a_comment_still_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "comment.toml",
        "extends = \"revised\"\n[dice]  # my changes\ntenz = \"single\"\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 1, "dice.tenz");
}

#[test]
fn oversized_willpower_bonus_blames_bonus_dice() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bonus.toml",
        "extends = \"revised\"\n[dice.willpower]\nbonus-dice = 50\n",
    );
    let e = file_error(&path);
    // `bonus-dice = ` is 13 characters.
    assert_file_error(&e, &path, 3, 14, "dice.willpower.bonus-dice");
    assert_eq!(e.message, "50 is outside 0..=10");
}

/// `ones = 7` said "invalid type: unit variant, expected string only"
/// (issue 22, item 9): a number where a setting takes a name lists the
/// names.
#[test]
fn a_number_where_a_name_goes_lists_the_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "seven.toml",
        "extends = \"revised\"\n[dice]\nones = 7\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 3, 8, "dice.ones");
    assert_eq!(
        e.message,
        "expected `cancel` or `ignore` (in quotes), found 7"
    );
}

#[test]
fn error_inside_a_multi_line_array_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "multi.toml",
        "extends = \"revised\"\n[dice]\npool-range = [\n  1,\n  \"x\",\n]\n",
    );
    let e = file_error(&path);
    // The bad element `"x"` is on line 5, column 3.
    assert_file_error(&e, &path, 5, 3, "dice.pool-range");
}

#[test]
fn a_long_chain_is_not_called_a_circle() {
    // c0 -> revised, c1 -> c0, ..., c9 -> c8: ten files, no cycle.
    let dir = tempfile::tempdir().unwrap();
    let mut previous = "revised".to_string();
    for i in 0..10 {
        let name = format!("c{i}.toml");
        write(dir.path(), &name, &format!("extends = \"{previous}\"\n"));
        previous = name;
    }
    let top = dir.path().join("c9.toml");
    match RuleSet::load(top.to_str().unwrap()) {
        Ok(r) => assert_eq!(r.base, "revised"),
        Err(e) => assert!(
            !e.to_string().contains("circle"),
            "an acyclic chain is not a circle: {e}"
        ),
    }
}

// ---------------------------------------------------------------------------
// RuleSet::roll
// ---------------------------------------------------------------------------

fn out_of_range(err: RulesError) -> (String, &'static str, i32, i32, i32, String) {
    let display = err.to_string();
    match err {
        RulesError::OutOfRange {
            edition,
            what,
            value,
            min,
            max,
        } => (edition, what, value, min, max, display),
        other => panic!("expected OutOfRange, got {other:?}"),
    }
}

#[test]
fn pool_outside_the_range_is_refused() {
    let revised = load("revised");
    let none = RollOptions::default();
    let (ed, what, value, min, max, display) = out_of_range(revised.roll(0, 6, &none).unwrap_err());
    assert_eq!(
        (ed.as_str(), what, value, min, max),
        ("revised", "pool", 0, 1, 60)
    );
    assert_eq!(display, "pool 0 is outside revised's range 1..=60");

    let (_, what, value, min, max, _) = out_of_range(revised.roll(61, 6, &none).unwrap_err());
    assert_eq!((what, value, min, max), ("pool", 61, 1, 60));
    // Both ends are inclusive.
    assert!(revised.roll(1, 6, &none).is_ok());
    assert!(revised.roll(60, 6, &none).is_ok());

    let hubris = load("hubris");
    let (_, what, value, min, max, display) = out_of_range(hubris.roll(-1, 0, &none).unwrap_err());
    assert_eq!((what, value, min, max), ("pool", -1, 0, 60));
    assert_eq!(display, "pool -1 is outside hubris's range 0..=60");
}

#[test]
fn difficulty_outside_the_range_is_refused() {
    let none = RollOptions::default();
    let revised = load("revised");
    let (ed, what, value, min, max, display) =
        out_of_range(revised.roll(5, 11, &none).unwrap_err());
    assert_eq!(
        (ed.as_str(), what, value, min, max),
        ("revised", "difficulty", 11, 2, 10)
    );
    assert_eq!(display, "difficulty 11 is outside revised's range 2..=10");
    let (_, _, value, min, max, _) = out_of_range(revised.roll(5, 1, &none).unwrap_err());
    assert_eq!((value, min, max), (1, 2, 10));

    let uwod = load("uwod");
    let (_, what, value, min, max, display) = out_of_range(uwod.roll(5, 6, &none).unwrap_err());
    assert_eq!((what, value, min, max), ("difficulty", 6, 0, 5));
    assert_eq!(display, "difficulty 6 is outside uwod's range 0..=5");

    let hubris = load("hubris");
    let (_, what, value, _, _, _) = out_of_range(hubris.roll(5, -1, &none).unwrap_err());
    assert_eq!((what, value), ("difficulty", -1));
}

/// 001 "Dicepools": "the bonus die that comes from having an applicable
/// Specialty": hubris's specialty is one more die (5 + 1, then the
/// difficulty's dice come off: 5 + 1 - 2 = 4); an edition without a
/// specialty rule refuses one.
#[test]
fn hubris_specialty_is_one_more_die() {
    let opts = RollOptions {
        specialty: true,
        ..RollOptions::default()
    };
    let hubris = load("hubris");
    let r = hubris.roll(5, 0, &opts).unwrap();
    assert_eq!(r.spec.pool(), 6);
    assert_eq!(r.spec.rules().tens, wodds_dice::Tens::Again(10));
    close(
        wodds_dice::exact(&r.spec).p_at_least(1),
        1.0 - 0.7f64.powi(6),
        1e-12,
    );
    assert_eq!(hubris.roll(5, 2, &opts).unwrap().spec.pool(), 4);
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "plain.toml",
        "extends = \"hubris\"\n[dice]\nspecialty = \"none\"\n",
    );
    let err = load(&path).roll(5, 0, &opts).unwrap_err();
    match err {
        RulesError::NoSpecialty { edition } => assert_eq!(edition, path),
        other => panic!("expected NoSpecialty, got {other:?}"),
    }
    // Revised has one (10-again), uwod too (double).
    let r = load("revised").roll(5, 6, &opts).unwrap();
    assert_eq!(r.spec.rules().tens, wodds_dice::Tens::Again(10));
    let u = load("uwod").roll(5, 1, &opts).unwrap();
    assert_eq!(u.spec.rules().tens, wodds_dice::Tens::Double);
}

#[test]
fn hubris_difficulty_past_the_pool_rolls_a_chance_die() {
    // 2 dice, difficulty 5: 2 - 5 = -3 dice, a chance die. It succeeds only
    // on a 10 (0.1; anything the re-roll adds keeps it a success) and fails
    // dramatically on a 1 (0.1).
    let hubris = load("hubris");
    let roll = hubris.roll(2, 5, &RollOptions::default()).unwrap();
    assert!(roll.spec.is_chance_die());
    assert_eq!(roll.spec.pool(), -3);
    assert_eq!(roll.spec.dice(), 1);
    assert_eq!(roll.needed, 1);
    let d = wodds_dice::exact(&roll.spec);
    close(d.p_at_least(1), 0.1, 1e-15);
    close(d.p_botch(), 0.1, 1e-15);
    close(d.p(0, false), 0.8, 1e-15);

    // Exactly as many dice removed as rolled: 0 dice, still a chance die.
    let zero = hubris.roll(3, 3, &RollOptions::default()).unwrap();
    assert!(zero.spec.is_chance_die());
    assert_eq!(zero.spec.pool(), 0);
    // One die left is not a chance die: it succeeds on 8+ (0.3).
    let one = hubris.roll(4, 3, &RollOptions::default()).unwrap();
    assert!(!one.spec.is_chance_die());
    assert_eq!(one.spec.pool(), 1);
    close(wodds_dice::exact(&one.spec).p_at_least(1), 0.3, 1e-15);
}

#[test]
fn uwod_difficulty_is_successes_needed() {
    let uwod = load("uwod");
    let zero = uwod.roll(3, 0, &RollOptions::default()).unwrap();
    assert_eq!(zero.needed, 0);
    assert_eq!(zero.spec.rules().threshold, 7);
    let three = uwod.roll(3, 3, &RollOptions::default()).unwrap();
    assert_eq!(three.needed, 3);
    assert_eq!(three.spec.pool(), 3);
}

#[test]
fn hubris_willpower_adds_three_dice_and_rote() {
    let hubris = load("hubris");
    let plain = hubris.roll(4, 0, &RollOptions::default()).unwrap();
    assert_eq!(plain.spec.pool(), 4);
    assert!(!plain.spec.rules().rote);

    let will = RollOptions {
        willpower: true,
        ..RollOptions::default()
    };
    let w = hubris.roll(4, 0, &will).unwrap();
    assert_eq!(w.spec.pool(), 7);
    assert!(w.spec.rules().rote);
    assert_eq!(w.spec.rules().auto.count, 0);
    // Dice are added before the difficulty removes some: 4 + 3 - 2 = 5.
    let w2 = hubris.roll(4, 2, &will).unwrap();
    assert_eq!(w2.spec.pool(), 5);
    assert!(w2.spec.rules().rote);
}

#[test]
fn revised_willpower_is_one_automatic_success() {
    let will = RollOptions {
        willpower: true,
        ..RollOptions::default()
    };
    let r = load("revised").roll(3, 6, &will).unwrap();
    assert_eq!(r.spec.pool(), 3);
    assert!(!r.spec.rules().rote);
    let auto = r.spec.rules().auto;
    assert_eq!(auto.count, 1);
    assert!(!auto.cancelled_by_ones);
    assert!(auto.prevents_botch);
    // The bought success is never cancelled and the roll cannot botch.
    let d = wodds_dice::exact(&r.spec);
    close(d.p_botch(), 0.0, 0.0);
    close(d.p_at_least(1), 1.0, 1e-12);
}

// ---------------------------------------------------------------------------
// Combat pools
// ---------------------------------------------------------------------------

/// A house rule overrides one pool and inherits the rest; the built-ins
/// sum what their files say (Revised's dodge is Dexterity + Dodge, FtA's
/// Dexterity + Athletics, hubris's Dexterity + the better of the two).
#[test]
fn combat_pools_inherit_and_override() {
    use wodds_rules::{Pool, TRAIT_NAMES};
    let mut ratings = [0; TRAIT_NAMES.len()];
    let at = |name: &str| TRAIT_NAMES.iter().position(|t| *t == name).unwrap();
    ratings[at("dexterity")] = 3;
    ratings[at("wits")] = 2;
    ratings[at("dodge")] = 1;
    ratings[at("athletics")] = 4;
    ratings[at("alertness")] = 5;
    let pool = |r: &RuleSet, p: Pool| r.combat.pools.get(p).of(&ratings);
    assert_eq!(pool(&load("revised"), Pool::Dodge), 4);
    assert_eq!(pool(&load("fta"), Pool::Dodge), 7);
    assert_eq!(pool(&load("hubris"), Pool::Dodge), 7);
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "alert.toml",
        "extends = \"revised\"\n\n[combat.pools]\ninitiative = [\"dexterity\", \"wits\", \"alertness\"]\n",
    );
    let house = load(&path);
    assert_eq!(pool(&house, Pool::Initiative), 10);
    assert_eq!(pool(&load("revised"), Pool::Initiative), 5);
    assert_eq!(pool(&house, Pool::Dodge), 4);
    assert_ne!(house.hash(), load("revised").hash());
}

#[test]
fn combat_pool_errors_name_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "typo.toml",
        "extends = \"revised\"\n\n[combat.pools]\nbrawl = [\"dexterity\", \"brwal\"]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 9, "combat.pools.brawl");
    assert!(e.message.contains("unknown trait `brwal`"), "{}", e.message);
    let path = write(
        dir.path(),
        "kick.toml",
        "extends = \"revised\"\n\n[combat.pools]\nkick = [\"dexterity\"]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 1, "combat.pools.kick");
    let path = write(
        dir.path(),
        "empty.toml",
        "extends = \"revised\"\n\n[combat.pools]\nsoak = []\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 8, "combat.pools.soak");
}

/// `[combat]`'s assumed settings are inherited, overridable and checked.
#[test]
fn combat_settings_inherit_override_and_check() {
    let revised = load("revised");
    assert_eq!(revised.combat.health().wound_penalties, [0, 1, 1, 2, 2, 5]);
    assert_eq!(load("uwod").combat.uwod().onslaught, 1);
    assert!(load("hubris").combat.hubris().concede);
    assert_eq!(
        load("fta").combat.health().wound_penalties,
        [0, 1, 1, 2, 2, 5]
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "stoic.toml",
        "extends = \"hubris\"\n\n[combat.hubris]\nconcede = false\n",
    );
    let stoic = load(&path);
    assert!(!stoic.combat.hubris().concede);
    assert_eq!(stoic.combat.pools, load("hubris").combat.pools);
    let path = write(
        dir.path(),
        "falling.toml",
        "extends = \"revised\"\n\n[combat.health]\nwound-penalties = [0, 1, 2, 1, 2, 5]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 19, "combat.health.wound-penalties");
    assert!(e.message.contains("must not fall"), "{}", e.message);
    let path = write(
        dir.path(),
        "crushing.toml",
        "extends = \"uwod\"\n\n[combat.uwod]\nonslaught = 9\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 13, "combat.uwod.onslaught");
}

#[test]
fn range_difficulty_is_checked() {
    assert_eq!(load("fta").combat.attack().range_difficulty, [4, 6, 8]);
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "far.toml",
        "extends = \"revised\"\n\n[combat.attack]\nrange-difficulty = [4, 6, 12]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 20, "combat.attack.range-difficulty");
    assert!(e.message.contains("12 is outside 2..=10"), "{}", e.message);
}

/// `extends = "/dev/zero"` (or any huge file) was read whole: the loader
/// kept reading until memory ran out (the fuzz harness's `rules` target
/// stopped at its 1 GiB limit). A rule file is a few kB; one over 1 MiB is
/// refused, named, without being read to its end.
#[test]
fn unbounded_read_of_a_huge_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    // 2.1 MB of comments, then a valid `extends`: well-formed, too large.
    let padding = "# padding padding padding\n".repeat(80_000);
    let huge = write(
        dir.path(),
        "huge.toml",
        &format!("{padding}extends = \"revised\"\n"),
    );
    match RuleSet::load(&huge) {
        Err(RulesError::Read { path, error, .. }) => {
            assert_eq!(path, Path::new(&huge));
            assert!(error.to_string().contains("larger than 1 MiB"), "{error}");
        }
        other => panic!("{huge} should be refused as too large, got {other:?}"),
    }
    // Named by `extends`: the extending file's line, column and field.
    let small = write(dir.path(), "small.toml", "extends = \"huge.toml\"\n");
    let e = file_error(&small);
    assert_file_error(&e, &small, 1, 11, "extends");
    assert!(e.message.contains("larger than 1 MiB"), "{}", e.message);
    #[cfg(unix)]
    {
        let zero = write(dir.path(), "zero.toml", "extends = \"/dev/zero\"\n");
        let e = file_error(&zero);
        assert_file_error(&e, &zero, 1, 11, "extends");
        assert!(
            e.message
                .starts_with("cannot read /dev/zero: larger than 1 MiB"),
            "{}",
            e.message
        );
    }
}

/// `[combat.hubris]` and hubris's teamwork settings: the edition's values
/// (001's, or assumed), and a house rule's checked, the error naming the
/// file, line and setting.
#[test]
fn hubris_combat_settings_inherit_override_and_check() {
    use wodds_rules::{
        ArmorRule, DamageRule, FortitudeRule, InitiativeRule, LastBox, PotenceRule, TeamworkRule,
        TieRule, WeaponRule,
    };
    let hubris = load("hubris");
    let h = hubris.combat.hubris();
    assert_eq!(h.initiative, InitiativeRule::D10PlusPool);
    assert_eq!((h.health_base, h.wound_penalties), (5, [0, 0, 0]));
    assert_eq!(
        [h.last_box_bashing, h.last_box_lethal, h.last_box_aggravated],
        [LastBox::StaminaRoll, LastBox::Incapacitated, LastBox::Dead]
    );
    assert_eq!(h.edge_cap, 5);
    assert_eq!(
        (h.weapon, h.potence, h.armor, h.fortitude, h.damage),
        (
            WeaponRule::Edge,
            PotenceRule::Dice,
            ArmorRule::Difficulty,
            FortitudeRule::Damage,
            DamageRule::Margin
        )
    );
    assert_eq!(
        (h.willpower_per_turn, h.celerity_attacks, h.rage_attacks),
        (1, 1, 1)
    );
    assert!(h.concede);
    assert_eq!(hubris.actions.contest_tie, TieRule::Acting);
    assert_eq!(hubris.actions.teamwork, TeamworkRule::Edge);
    assert_eq!(hubris.actions.teamwork_edge_cap, Some(5));
    assert_eq!(load("revised").actions.teamwork, TeamworkRule::Sum);
    assert_eq!(load("fta").actions.teamwork, TeamworkRule::Sum);
    assert_eq!(load("uwod").actions.teamwork, TeamworkRule::Sum);

    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cofd.toml",
        "extends = \"hubris\"\n\n[combat.hubris]\nwound-penalties = [1, 2, 3]\nlast-box-lethal = \"fights-on\"\n",
    );
    let cofd = load(&path);
    assert_eq!(cofd.combat.hubris().wound_penalties, [1, 2, 3]);
    assert_eq!(cofd.combat.hubris().last_box_lethal, LastBox::FightsOn);
    assert_eq!(cofd.combat.hubris().edge_cap, 5);

    let path = write(
        dir.path(),
        "falling.toml",
        "extends = \"hubris\"\n\n[combat.hubris]\nwound-penalties = [3, 2, 1]\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 19, "combat.hubris.wound-penalties");
    assert!(e.message.contains("must not fall"), "{}", e.message);
    let path = write(
        dir.path(),
        "tiny.toml",
        "extends = \"hubris\"\n\n[combat.hubris]\nhealth-base = 0\n",
    );
    let e = file_error(&path);
    assert_file_error(&e, &path, 4, 15, "combat.hubris.health-base");
    assert_eq!(e.message, "0 is outside 1..=15");
    let path = write(
        dir.path(),
        "bad.toml",
        "extends = \"hubris\"\n\n[combat.hubris]\nlast-box-lethal = \"sleeps\"\n",
    );
    let e = file_error(&path);
    assert_eq!(e.field, "combat.hubris.last-box-lethal");
    // A team helping as an Edge needs to know how many dice it may add.
    let path = write(
        dir.path(),
        "helpers.toml",
        "extends = \"revised\"\n\n[actions]\nteamwork = \"edge\"\n",
    );
    let e = file_error(&path);
    assert_eq!(e.field, "actions.teamwork");
    assert!(e.message.contains("teamwork-edge-cap"), "{}", e.message);
}
