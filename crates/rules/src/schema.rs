//! The JSON Schema of rule files, generated from the types the files are
//! read into, so an editor (taplo, Even Better TOML) can complete and
//! check a house rule. Committed as `docs/schema/rules.schema.json`.

use schemars::JsonSchema;

use crate::{ActionRules, ChaseRules, CombatRules, DiceRules};

/// An edition or house-rule file.
#[derive(JsonSchema)]
#[schemars(title = "wodds rule file", deny_unknown_fields)]
#[allow(dead_code)] // only its schema is used
struct RuleFile {
    /// The edition this file changes: a built-in id (`revised`, `fta`,
    /// `uwod`, `hubris`) or the path of another rule file, relative to this
    /// one. Every setting the file leaves out comes from there.
    extends: Option<String>,
    /// A readable name for output tables.
    name: Option<String>,
    /// The single roll.
    dice: Option<DiceRules>,
    /// Multi-roll actions.
    actions: Option<ActionRules>,
    /// Fights: the engine, its pools and its rules.
    combat: Option<CombatRules>,
    /// Chases: the engine and its rules.
    chase: Option<ChaseRules>,
    /// Grapples: the mechanism and its rules.
    grapple: Option<crate::GrappleRules>,
}

/// The JSON Schema of rule files. No setting is required by the schema: a
/// file that `extends` another sets only what it changes (a file without
/// `extends` must set everything, which loading checks).
pub fn rule_file_schema() -> serde_json::Value {
    let mut schema = schemars::schema_for!(RuleFile).to_value();
    drop_required(&mut schema);
    schema
}

/// Removes every `required` list.
pub fn drop_required(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            map.remove("required");
            map.values_mut().for_each(drop_required);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_required),
        _ => {}
    }
}
