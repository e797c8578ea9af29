//! The committed JSON Schema of rule files (`docs/schema/rules.schema.json`,
//! named by each shipped rule file's `#:schema` line) is the one generated
//! from the types: a change to the rules' types that is not committed to
//! the schema fails here. `UPDATE_SCHEMA=1 cargo test -p wodds-rules --test
//! schema` writes it.

use std::path::Path;

#[test]
fn the_committed_rule_file_schema_is_the_generated_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("docs/schema/rules.schema.json");
    let generated = serde_json::to_string_pretty(&wodds_rules::rule_file_schema()).unwrap() + "\n";
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is not the schema the types give (UPDATE_SCHEMA=1 rewrites it)",
        path.display()
    );
    // Every setting a rule file can hold is described, down to the pools.
    let v: serde_json::Value = serde_json::from_str(&committed).unwrap();
    let defs = &v["$defs"];
    for name in ["DiceRules", "ActionRules", "CombatRules", "Pools"] {
        assert!(defs[name].is_object(), "{name} in $defs");
    }
    assert_eq!(v["additionalProperties"], false);
    assert!(v["properties"]["extends"].is_object());
}

#[test]
fn every_shipped_rule_file_names_the_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut seen = 0;
    for dir in [
        "crates/rules/editions",
        "docs/examples",
        "docs/examples/house-rules",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            if text.contains("[[side]]") {
                continue;
            }
            let first = text.lines().next().unwrap_or("");
            let target = first
                .strip_prefix("#:schema ")
                .unwrap_or_else(|| panic!("{} starts with `{first}`", path.display()));
            let schema = path.parent().unwrap().join(target);
            assert!(
                schema.ends_with("rules.schema.json") && schema.exists(),
                "{}: {target}",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 23, "{seen} rule files");
}
