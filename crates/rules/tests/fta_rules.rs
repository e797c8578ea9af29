//! `[combat.fta]`: the fta engine's rules as settings. The built-in values
//! are 004's (each with its quote in the rule file), a house rule changes
//! one and inherits the rest, and a bad value is blamed on its file, line
//! and field.

use std::path::Path;

use wodds_rules::combat::fta::{AbortTo, AttackerDefence, InitiativeTies};
use wodds_rules::{RuleSet, RulesError};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Loads `path`, which must fail with a file error: its line, field and
/// message.
fn file_error(path: &str) -> (usize, String, String) {
    match RuleSet::load(path) {
        Err(RulesError::File {
            file,
            line,
            field,
            message,
            ..
        }) => {
            assert_eq!(file, path);
            (line, field, message)
        }
        other => panic!("{path} should fail with a file error, got {other:?}"),
    }
}

/// The built-in values, against 004's numbers.
#[test]
fn the_built_in_values_are_the_seeds() {
    let f = RuleSet::load("fta").unwrap().combat.fta();
    assert_eq!(f.attack_difficulty, 6);
    assert_eq!(f.attacker_defence, AttackerDefence::BlockOrDodge);
    assert_eq!(f.initiative.ties, InitiativeTies::Simultaneous);
    assert!(f.initiative.ties_by_unrolled && f.initiative.wound_penalty);
    assert_eq!(
        (f.power_attack.difficulty, f.power_attack.damage_dice),
        (1, 2)
    );
    assert_eq!((f.feint.difficulty, f.feint.damage_dice), (-1, -2));
    assert_eq!(f.committed.defence_difficulty, 2);
    assert!(f.committed.free_abort && !f.committed.in_haste);
    assert_eq!(f.haste.rage_per_action, 1);
    assert!(f.haste.later_attackers && f.haste.contested && !f.haste.styles);
    assert_eq!((f.dodge.hand_to_hand, f.dodge.ranged), (5, 6));
    assert_eq!(
        (f.block.same_ability, f.block.other_ability, f.block.gunfire),
        (4, 5, 4)
    );
    assert_eq!((f.piling_on.attacking, f.piling_on.defending), (2, 1));
    assert!(f.piling_on.exchanges);
    assert_eq!(
        (
            f.split_actions.dice,
            f.split_actions.dice_per_extra_action,
            f.split_actions.wits_limit
        ),
        (2, 1, true)
    );
    assert_eq!((f.abort.difficulty, f.abort.to), (8, AbortTo::Dodge));
    assert!(!f.abort.wound_penalty);
    assert_eq!(f.escape.difficulty, 6);
    let g = f.guns_in_melee;
    assert_eq!((g.pistol, g.smg, g.long_gun, g.uncontested), (4, 6, 8, 4));
    // Only the fta engine reads the family.
    assert!(RuleSet::load("revised").unwrap().combat.fta.is_none());
}

/// Every `[combat.fta]` setting says where it comes from: a note quoting
/// 004 or saying it is assumed.
#[test]
fn every_setting_cites_the_seed_or_says_assumed() {
    let rules = RuleSet::load("fta").unwrap();
    let fta: Vec<_> = rules
        .settings()
        .iter()
        .filter(|s| s.key.starts_with("combat.fta."))
        .collect();
    assert!(fta.len() >= 35, "{} settings", fta.len());
    for s in fta {
        assert!(
            s.note.contains("004") || s.note.contains("Assumed"),
            "{}: {:?}",
            s.key,
            s.note
        );
        assert!(s.source.contains("fta.toml"), "{}: {}", s.key, s.source);
    }
}

/// Every `[chase.fta]` setting too (the chase, its shots and its
/// scheduled obstacles included): a note quoting 004 or saying assumed.
#[test]
fn every_chase_setting_cites_the_seed_or_says_assumed() {
    let rules = RuleSet::load("fta").unwrap();
    let chase: Vec<_> = rules
        .settings()
        .iter()
        .filter(|s| s.key.starts_with("chase.fta."))
        .collect();
    assert!(chase.len() >= 30, "{} settings", chase.len());
    for key in [
        "chase.fta.attack-lead",
        "chase.fta.attack-split",
        "chase.fta.attack-order",
        "chase.fta.dodge-difficulty",
        "chase.fta.dodge-difficulty-car",
        "chase.fta.wound-penalty",
        "chase.fta.exhaustion",
        "chase.fta.exhaustion-intervals",
        "chase.fta.pools.dodge",
        "chase.fta.pools.dodge-car",
    ] {
        assert!(chase.iter().any(|s| s.key == key), "{key}");
    }
    for s in chase {
        assert!(
            s.note.contains("004") || s.note.to_lowercase().contains("assumed"),
            "{}: {:?}",
            s.key,
            s.note
        );
    }
}

/// `extends = "fta"` and one setting: piling on a die an attack instead of
/// two, the rest inherited; the setting is listed with the house file's
/// line.
#[test]
fn a_house_rule_changes_one_setting_and_inherits_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "gentle.toml",
        "extends = \"fta\"\n\n[combat.fta]\n# House: one die a later attack.\npiling-on = { attacking = 1 }\n",
    );
    let rules = RuleSet::load(&path).unwrap();
    let f = rules.combat.fta();
    assert_eq!((f.piling_on.attacking, f.piling_on.defending), (1, 1));
    let base = RuleSet::load("fta").unwrap().combat.fta();
    assert_eq!(f.block, base.block);
    let s = rules
        .settings()
        .iter()
        .find(|s| s.key == "combat.fta.piling-on.attacking")
        .unwrap();
    assert_eq!(s.source, format!("{path}:5"));
    assert_eq!(s.note, "House: one die a later attack.");
    let written_as_a_table = write(
        dir.path(),
        "table.toml",
        "extends = \"fta\"\n\n[combat.fta.piling-on]\nattacking = 1\n",
    );
    assert_eq!(RuleSet::load(&written_as_a_table).unwrap().combat.fta(), f);
}

/// Bad values are blamed on their line and field.
#[test]
fn bad_values_name_the_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "[combat.fta]\npiling-on = { attacking = 9 }\n",
            "combat.fta.piling-on.attacking",
            "9 is outside 0..=5",
        ),
        (
            "[combat.fta.dodge]\nranged = 11\n",
            "combat.fta.dodge.ranged",
            "11 is outside 2..=10",
        ),
        (
            "[combat.fta.initiative]\nties = \"sometimes\"\n",
            "combat.fta.initiative.ties",
            "unknown variant",
        ),
        (
            "[combat.fta]\npilling-on = 1\n",
            "combat.fta.pilling-on",
            "unknown field",
        ),
        (
            "[combat.fta.haste]\nrage-per-action = 0\n",
            "combat.fta.haste.rage-per-action",
            "0 is outside 1..=5",
        ),
    ];
    for (k, (text, field, message)) in cases.into_iter().enumerate() {
        let path = write(
            dir.path(),
            &format!("bad{k}.toml"),
            &format!("extends = \"fta\"\n\n{text}"),
        );
        let (line, got_field, got) = file_error(&path);
        assert_eq!(line, 4, "{text}");
        assert_eq!(got_field, field, "{text}");
        assert!(got.contains(message), "{text}: {got}");
    }
}

/// An fta rule file without the family is refused, blamed on the engine
/// it names.
#[test]
fn the_family_is_required_for_the_fta_engine() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bare.toml",
        "extends = \"revised\"\n\n[combat]\nengine = \"fta\"\n",
    );
    let (line, field, message) = file_error(&path);
    assert_eq!((line, field.as_str()), (4, "combat.engine"));
    assert!(
        message.contains("missing") && message.contains("[combat.fta]"),
        "{message}"
    );
}
