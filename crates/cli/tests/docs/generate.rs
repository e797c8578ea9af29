//! The book's generated text, from the program and the repository as they
//! are now: the commands' `--help` (clap's), every setting of every
//! edition (`wodds rules show --format csv`, with each setting's meaning
//! from the rule files' JSON Schema), the scenario format (the scenario
//! files' JSON Schema), and each edition's seeds and assumptions (its
//! settings' notes, which are the edition file's comments).
//!
//! A page holds a generator's text between `<!-- generated: WHAT -->` and
//! `<!-- end of generated text -->`; `WHAT` is one of [`KINDS`], with an
//! argument for `settings` (a family: `dice`, `actions`, `combat`,
//! `chase`, `grapple`) and `edition` (an edition's id).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

/// The generators.
pub const KINDS: &[&str] = &["commands", "settings", "scenario", "edition"];

/// The built-in editions, in the order the book shows them.
const EDITIONS: &[&str] = &["revised", "fta", "uwod", "hubris"];

/// What the generator `what` writes now.
pub fn generate(what: &str, root: &Path) -> String {
    let words: Vec<&str> = what.split_whitespace().collect();
    match words.as_slice() {
        ["commands"] => commands(root),
        ["settings", family] => settings(family, root),
        ["scenario"] => scenario(root),
        ["edition", id] => edition(id, root),
        _ => panic!("no generator `{what}` (one of {KINDS:?})"),
    }
}

/// What `wodds args` prints on stdout; it must succeed.
fn wodds(args: &[&str], root: &Path) -> String {
    let (ok, text) = super::wodds(args, root);
    assert!(ok, "wodds {}: {text}", args.join(" "));
    text
}

/// The subcommands a `--help` lists under `Commands:` (`help` left out).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Every command and subcommand's `--help`, depth first, a heading each.
fn commands(root: &Path) -> String {
    fn visit(path: &[String], root: &Path, out: &mut String) {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = wodds(&args, root);
        let name = std::iter::once("wodds")
            .chain(path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        let level = "#".repeat(2 + path.len().saturating_sub(1));
        write!(out, "\n{level} `{name}`\n\n```text\n{help}```\n").unwrap();
        for sub in subcommands(&help) {
            let mut next = path.to_vec();
            next.push(sub);
            visit(&next, root, out);
        }
    }
    let mut out = String::new();
    visit(&[], root, &mut out);
    out.push('\n');
    out
}

/// One setting as `wodds rules show --format csv` gives it.
struct Setting {
    key: String,
    value: String,
    source: String,
    note: String,
}

/// Every setting of an edition (or house-rule file), in its order.
fn rules(edition: &str, root: &Path) -> Vec<Setting> {
    let csv = wodds(&["rules", "show", edition, "--format", "csv"], root);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            Setting {
                key: r[0].to_string(),
                value: r[1].to_string(),
                source: r[2].to_string(),
                note: r[3].to_string(),
            }
        })
        .collect()
}

/// The rule files' JSON Schema.
fn rules_schema(root: &Path) -> Value {
    let text = std::fs::read_to_string(root.join("docs/schema/rules.schema.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The schema object `node` stands for: its `$ref` followed, or the
/// first `$ref` of its `anyOf` (an optional table).
fn resolve<'a>(schema: &'a Value, node: &'a Value) -> &'a Value {
    let reference = node["$ref"].as_str().or_else(|| {
        node["anyOf"]
            .as_array()
            .and_then(|v| v.iter().find_map(|a| a["$ref"].as_str()))
    });
    match reference.and_then(|r| r.strip_prefix("#/$defs/")) {
        Some(name) => &schema["$defs"][name],
        None => node,
    }
}

/// The description the schema gives the setting or table at `key`
/// (dotted), or nothing.
fn meaning(schema: &Value, key: &str) -> String {
    let mut node = schema;
    let mut description = None;
    for part in key.split('.') {
        let object = resolve(schema, node);
        let next = &object["properties"][part];
        let next = if next.is_null() {
            // A table of tables keyed by name (a creature, a maneuver).
            &object["additionalProperties"]
        } else {
            next
        };
        if next.is_null() || next.is_boolean() {
            return String::new();
        }
        description = next["description"]
            .as_str()
            .or_else(|| resolve(schema, next)["description"].as_str());
        node = next;
    }
    description.map(one_line).unwrap_or_default()
}

/// A schema's (Rust doc comment's) text on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` safe inside a Markdown table's cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// A TOML value in a table cell: code, or a dash where the edition has no
/// such setting.
fn value_cell(v: Option<&String>) -> String {
    match v {
        Some(v) => format!("`{}`", cell(v)),
        None => "—".to_string(),
    }
}

/// The settings of `family` (`dice`, `combat`...), a table each: every
/// setting with its meaning and each edition's value.
fn settings(family: &str, root: &Path) -> String {
    let schema = rules_schema(root);
    // table -> key -> edition -> value, tables and keys in the order the
    // editions give them.
    let mut tables: Vec<(String, Vec<String>)> = Vec::new();
    let mut values: BTreeMap<(String, &str), String> = BTreeMap::new();
    for &edition in EDITIONS {
        for s in rules(edition, root) {
            if s.key != family && !s.key.starts_with(&format!("{family}.")) {
                continue;
            }
            let table = s.key.rsplit_once('.').map_or("", |(t, _)| t).to_string();
            let at = match tables.iter().position(|(t, _)| *t == table) {
                Some(at) => at,
                None => {
                    tables.push((table, Vec::new()));
                    tables.len() - 1
                }
            };
            if !tables[at].1.contains(&s.key) {
                tables[at].1.push(s.key.clone());
            }
            values.insert((s.key, edition), s.value);
        }
    }
    assert!(!tables.is_empty(), "no settings in the family `{family}`");
    let mut out = String::new();
    for (table, keys) in &tables {
        write!(out, "\n### `[{table}]`\n\n").unwrap();
        let about = meaning(&schema, table);
        if !about.is_empty() {
            writeln!(out, "{about}\n").unwrap();
        }
        // The editions that have this table (fta alone has `[chase.fta]`).
        let editions: Vec<&str> = EDITIONS
            .iter()
            .copied()
            .filter(|e| keys.iter().any(|k| values.contains_key(&(k.clone(), *e))))
            .collect();
        writeln!(out, "| setting | {} |", editions.join(" | ")).unwrap();
        writeln!(out, "|---|{}", "---|".repeat(editions.len())).unwrap();
        for key in keys {
            let name = key.rsplit_once('.').map_or(key.as_str(), |(_, k)| k);
            let row: Vec<String> = editions
                .iter()
                .map(|e| value_cell(values.get(&(key.clone(), *e))))
                .collect();
            writeln!(out, "| `{name}` | {} |", row.join(" | ")).unwrap();
        }
        let meanings: Vec<(String, String)> = keys
            .iter()
            .map(|k| {
                let name = k.rsplit_once('.').map_or(k.as_str(), |(_, n)| n);
                (name.to_string(), meaning(&schema, k))
            })
            .filter(|(_, m)| !m.is_empty())
            .collect();
        if !meanings.is_empty() {
            out.push('\n');
            for (name, m) in meanings {
                writeln!(out, "- `{name}`: {m}").unwrap();
            }
        }
    }
    out.push('\n');
    out
}

/// A setting's source (`<built-in revised.toml>:12`, `house.toml:3`) as
/// the repository's path of its file.
fn file_of(source: &str) -> String {
    let file = source.rsplit_once(':').map_or(source, |(f, _)| f);
    match file
        .strip_prefix("<built-in ")
        .and_then(|f| f.strip_suffix('>'))
    {
        Some(edition) => format!("crates/rules/editions/{edition}"),
        None => file.to_string(),
    }
}

/// The sources a note cites: the seeds (`000` to `004`) and `RULES.md`.
fn cites(note: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in note.split(|c: char| !c.is_ascii_alphanumeric() && c != '.') {
        let word = word.trim_end_matches('.');
        let seed =
            word.len() == 3 && word.starts_with("00") && word.bytes().all(|b| b.is_ascii_digit());
        if (seed || word == "RULES.md") && !out.iter().any(|w| w == word) {
            out.push(word.to_string());
        }
    }
    out
}

/// An edition's settings in numbers, the sources its notes cite, and
/// every setting of its own file marked assumed, grouped by the note that
/// says what was assumed (one comment in the file often covers several
/// settings).
fn edition(id: &str, root: &Path) -> String {
    let settings = rules(id, root);
    let own_file = format!("crates/rules/editions/{id}.toml");
    let own: Vec<&Setting> = settings
        .iter()
        .filter(|s| file_of(&s.source) == own_file)
        .collect();
    let inherited = settings.len() - own.len();
    let mut out = String::new();
    write!(
        out,
        "\n`wodds rules show {id}` lists {} settings: {} set in `{own_file}`",
        settings.len(),
        own.len()
    )
    .unwrap();
    if inherited > 0 {
        let mut from: Vec<String> = settings
            .iter()
            .map(|s| file_of(&s.source))
            .filter(|f| *f != own_file)
            .collect();
        from.sort();
        from.dedup();
        let from: Vec<String> = from.iter().map(|f| format!("`{f}`")).collect();
        write!(out, " and {inherited} inherited from {}", from.join(", ")).unwrap();
    }
    out.push_str(".\n");
    let mut cited: BTreeMap<String, usize> = BTreeMap::new();
    for s in &own {
        for c in cites(&s.note) {
            *cited.entry(c).or_insert(0) += 1;
        }
    }
    let cited: Vec<String> = cited.iter().map(|(c, n)| format!("{c} ({n})")).collect();
    writeln!(
        out,
        "The notes of its own settings cite, with the number of settings citing each: {}.",
        cited.join(", ")
    )
    .unwrap();
    // Assumed settings, consecutive ones under one note together.
    let mut groups: Vec<(&str, Vec<&Setting>)> = Vec::new();
    for s in own
        .iter()
        .copied()
        .filter(|s| s.note.to_lowercase().contains("assumed"))
    {
        match groups.last_mut() {
            Some((note, v)) if *note == s.note => v.push(s),
            _ => groups.push((&s.note, vec![s])),
        }
    }
    let n: usize = groups.iter().map(|(_, v)| v.len()).sum();
    write!(
        out,
        "\nThe {n} settings of `{own_file}` whose note says **assumed**, each group under the note above it in the file:\n\n"
    )
    .unwrap();
    for (note, group) in groups {
        let values: Vec<String> = group
            .iter()
            .map(|s| format!("`{} = {}`", s.key, s.value))
            .collect();
        writeln!(out, "- {}: {}", values.join(", "), one_line(note)).unwrap();
    }
    out.push('\n');
    out
}

/// The scenario files' JSON Schema.
fn scenario_schema(root: &Path) -> Value {
    let text = std::fs::read_to_string(root.join("docs/schema/scenario.schema.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The definitions a schema node refers to, in order.
fn references(node: &Value, out: &mut Vec<String>) {
    match node {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
            {
                out.push(name.to_string());
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// A property's type as a reader wants it: the definition it refers to
/// (linked), its type, its bounds and its allowed values.
fn type_of(schema: &Value, node: &Value) -> String {
    let mut refs = Vec::new();
    references(node, &mut refs);
    if let Some(name) = refs.first() {
        let def = &schema["$defs"][name];
        if def.get("oneOf").is_some() || def.get("enum").is_some() {
            return format!("one of {}", link(name));
        }
        let many = node["type"] == "array" || node["items"].is_object();
        return if many {
            format!("list of {}", link(name))
        } else {
            link(name)
        };
    }
    if let Some(values) = node["enum"].as_array() {
        let v: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
        return format!("one of {}", v.join(", "));
    }
    let types: Vec<String> = match &node["type"] {
        Value::String(t) => vec![t.clone()],
        Value::Array(t) => t
            .iter()
            .filter_map(Value::as_str)
            .filter(|t| *t != "null")
            .map(str::to_string)
            .collect(),
        _ => vec![],
    };
    let mut text = types.join(" or ");
    if let Some(props) = node["properties"].as_object().filter(|_| text == "object") {
        let keys: Vec<String> = props.keys().map(|k| format!("`{k}`")).collect();
        text = format!("table of {}", keys.join(", "));
    }
    if text == "array" {
        text = format!("list of {}", type_of(schema, &node["items"]));
    }
    match (node["minimum"].as_f64(), node["maximum"].as_f64()) {
        (Some(lo), Some(hi)) => write!(text, ", {lo}..={hi}").unwrap(),
        (Some(lo), None) => write!(text, ", at least {lo}").unwrap(),
        _ => {}
    }
    if let Some(d) = node.get("default").filter(|d| !d.is_null()) {
        write!(text, ", default `{d}`").unwrap();
    }
    text
}

/// A definition's name as the page shows it: the Rust type's, less the
/// `Raw` of the structs a file is first read into.
fn shown_name(name: &str) -> &str {
    name.strip_prefix("Raw").unwrap_or(name)
}

/// A link to the heading of a definition (mdBook's anchor for it).
fn link(name: &str) -> String {
    let shown = shown_name(name);
    format!("[{shown}](#{})", shown.to_lowercase())
}

/// A table of an object's fields: name, type, meaning.
fn fields(schema: &Value, object: &Value, out: &mut String) {
    let Some(props) = object["properties"].as_object() else {
        return;
    };
    out.push_str("| field | type | meaning |\n|---|---|---|\n");
    for (name, p) in props {
        let about = p["description"].as_str().map(one_line).unwrap_or_default();
        writeln!(
            out,
            "| `{name}` | {} | {} |",
            cell(&type_of(schema, p)),
            cell(&about)
        )
        .unwrap();
    }
}

/// The scenario format: the file's fields, then every definition it
/// refers to, in the order first referred to.
fn scenario(root: &Path) -> String {
    let schema = scenario_schema(root);
    let mut out = String::new();
    writeln!(
        out,
        "\n### The file\n\n{}\n",
        one_line(schema["description"].as_str().unwrap_or(""))
    )
    .unwrap();
    fields(&schema, &schema, &mut out);
    let mut order = Vec::new();
    references(&schema["properties"], &mut order);
    let mut done: Vec<String> = Vec::new();
    let mut at = 0;
    while at < order.len() {
        let name = order[at].clone();
        at += 1;
        if done.contains(&name) {
            continue;
        }
        done.push(name.clone());
        let def = &schema["$defs"][&name];
        let mut more = Vec::new();
        references(def, &mut more);
        order.extend(more);
        write!(out, "\n### {}\n\n", shown_name(&name)).unwrap();
        if let Some(d) = def["description"].as_str() {
            writeln!(out, "{}\n", one_line(d)).unwrap();
        }
        if let Some(variants) = def["oneOf"].as_array() {
            out.push_str("| value | meaning |\n|---|---|\n");
            for v in variants {
                let value = v["const"]
                    .as_str()
                    .map(|c| format!("`\"{c}\"`"))
                    .unwrap_or_else(|| cell(&type_of(&schema, v)));
                let about = v["description"].as_str().map(one_line).unwrap_or_default();
                writeln!(out, "| {value} | {} |", cell(&about)).unwrap();
            }
        } else {
            fields(&schema, def, &mut out);
        }
    }
    let unused: Vec<&String> = schema["$defs"]
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| !done.contains(*k))
        .collect();
    assert!(
        unused.is_empty(),
        "definitions the scenario format never reaches: {unused:?}"
    );
    out.push('\n');
    out
}
