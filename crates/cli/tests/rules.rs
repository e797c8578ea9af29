//! `wodds rules show` and `wodds rules diff`: every setting of an edition
//! with its value, where it was set and the note that cites its seed.

use std::process::{Command, Output};

fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .output()
        .expect("run wodds")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = wodds(args);
    assert!(
        out.status.success(),
        "wodds {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The built-in editions' rule files cite a seed or say "assumed" for every
/// setting, and fta (From the Ashes) has at least 40 combat settings.
#[test]
fn every_setting_of_every_edition_has_a_source_and_a_note() {
    for edition in ["revised", "fta", "uwod", "hubris"] {
        let settings = json(&["rules", "show", edition, "--format", "json"]);
        let settings = settings.as_array().unwrap();
        for s in settings {
            let key = s["key"].as_str().unwrap();
            for field in ["source", "note"] {
                let v = s[field].as_str().unwrap_or("");
                assert!(!v.trim().is_empty(), "{edition}: {key} has no {field}");
            }
            let source = s["source"].as_str().unwrap();
            assert!(
                source.starts_with("<built-in ") && source.contains(".toml>:"),
                "{edition}: {key} from {source}"
            );
        }
        let combat = settings
            .iter()
            .filter(|s| s["key"].as_str().unwrap().starts_with("combat."))
            .count();
        if edition == "fta" {
            assert!(combat >= 40, "fta has {combat} combat settings");
        }
    }
}

/// A house rule's own settings are sourced to its file and line, the rest
/// to the edition it extends; the TOML form is a complete rule file that
/// loads to the same rules (same hash).
#[test]
fn show_names_the_house_rule_file_and_line_and_its_toml_reloads() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.toml");
    std::fs::write(
        &house,
        "extends = \"revised\"\n\n[dice]\n# Our table: 10s explode.\ntens = \"10-again\"\n",
    )
    .unwrap();
    let house = house.to_str().unwrap();
    let settings = json(&["rules", "show", house, "--format", "json"]);
    let tens = settings
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == "dice.tens")
        .unwrap();
    assert_eq!(tens["value"], "10-again");
    assert_eq!(tens["source"], format!("{house}:5"));
    assert_eq!(tens["note"], "Our table: 10s explode.");
    let ones = settings
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == "dice.ones")
        .unwrap();
    assert!(
        ones["source"]
            .as_str()
            .unwrap()
            .starts_with("<built-in revised.toml>:")
    );

    let flat = dir.path().join("flat.toml");
    let out = wodds(&[
        "rules",
        "show",
        house,
        "--format",
        "toml",
        "--output",
        flat.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hash = |edition: &str| {
        let out = wodds(&[
            "odds",
            "--edition",
            edition,
            "--pool",
            "3",
            "--format",
            "json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v[0]["rules_hash"].as_str().unwrap().to_string()
    };
    assert_eq!(hash(flat.to_str().unwrap()), hash(house));
}

/// `diff` lists exactly the settings that differ: a house rule changing
/// one setting differs from its base in that one.
#[test]
fn diff_lists_the_settings_that_differ() {
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.toml");
    std::fs::write(&house, "extends = \"fta\"\n[dice]\nones = \"ignore\"\n").unwrap();
    let changes = json(&[
        "rules",
        "diff",
        "fta",
        house.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let changes = changes.as_array().unwrap();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0]["key"], "dice.ones");
    assert_eq!(changes[0]["a"], "cancel");
    assert_eq!(changes[0]["b"], "ignore");
    // revised and fta differ at least in the engine.
    let changes = json(&["rules", "diff", "revised", "fta", "--format", "json"]);
    assert!(
        changes
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["key"] == "combat.engine" && c["b"] == "fta")
    );
    let same = json(&["rules", "diff", "uwod", "uwod", "--format", "json"]);
    assert_eq!(same.as_array().unwrap().len(), 0);
}

/// Issue 25, defect 13: a house rule written for an older wodds, with a
/// setting at the key it had before it moved, is told in one line where
/// the setting is now (file, line and key), exit 2.
#[test]
fn a_setting_that_moved_is_named_with_its_new_place() {
    let dir = tempfile::tempdir().unwrap();
    for (section, key, new) in [
        ("hubris", "concede = true", "[combat.hubris] concede"),
        ("uwod", "onslaught = 1", "[combat.uwod] onslaught"),
    ] {
        let path = dir.path().join(format!("old-{section}.toml"));
        std::fs::write(&path, format!("extends = \"{section}\"\n[combat]\n{key}\n")).unwrap();
        let out = wodds(&["rules", "show", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("old-{section}.toml:3:"))
                && err.contains(&format!("moved to {new}")),
            "{err}"
        );
    }
}
