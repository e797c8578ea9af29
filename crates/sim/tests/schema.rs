//! The committed JSON Schema of scenario files
//! (`docs/schema/scenario.schema.json`, named by each shipped scenario's
//! `#:schema` line) is the one generated from the types.
//! `UPDATE_SCHEMA=1 cargo test -p wodds-sim --test schema` writes it.

use std::path::Path;

#[test]
fn the_committed_scenario_schema_is_the_generated_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("docs/schema/scenario.schema.json");
    let generated =
        serde_json::to_string_pretty(&wodds_sim::conflict::scenario_schema()).unwrap() + "\n";
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is not the schema the types give (UPDATE_SCHEMA=1 rewrites it)",
        path.display()
    );
    let v: serde_json::Value = serde_json::from_str(&committed).unwrap();
    assert_eq!(v["additionalProperties"], false);
    let member = &v["$defs"]["RawMember"]["properties"];
    assert_eq!(member["traits"]["properties"]["dexterity"]["maximum"], 10);
    assert!(member["weapon"]["enum"].as_array().unwrap().len() >= 8);
}

#[test]
fn every_shipped_scenario_names_the_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut seen = 0;
    for dir in ["scenarios", "docs/examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            // Folders (docs/examples/house-rules/) hold no scenarios.
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains("[[side]]") {
                continue;
            }
            let first = text.lines().next().unwrap_or("");
            let target = first
                .strip_prefix("#:schema ")
                .unwrap_or_else(|| panic!("{} starts with `{first}`", path.display()));
            let schema = path.parent().unwrap().join(target);
            assert!(
                schema.ends_with("scenario.schema.json") && schema.exists(),
                "{}: {target}",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 10, "{seen} scenario files");
}
