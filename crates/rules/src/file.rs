//! Where rules come from: the built-in editions ([`BUILT_IN`]) and rule
//! files, loaded by [`RuleSet::load`] (or made in memory by
//! [`RuleSet::derive`]); parsing with locations, `extends` (which loads
//! again, so both live here), and validation.
//!
//! A file is read as settings (its leaves, `dice.tens` and the like), each
//! with its line and the comment that explains it. A file that `extends`
//! another overlays its settings on that file's; the result is read into
//! the typed rules ([`DiceRules`], [`ActionRules`], [`CombatRules`]) and
//! checked. A mistake is blamed on the file, line and field that made it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::FileKind;
use crate::locate::{from_toml, located, plain, read_text};
use crate::settings::{self, Leaf, Setting};
use crate::{
    ActionRules, ChaseEngine, ChaseRules, CombatEngine, CombatRules, DiceRules, RuleSet,
    RulesError, validate,
};

/// The built-in editions: id and embedded TOML.
pub const BUILT_IN: [(&str, &str); 4] = [
    ("revised", include_str!("../editions/revised.toml")),
    ("fta", include_str!("../editions/fta.toml")),
    ("uwod", include_str!("../editions/uwod.toml")),
    ("hubris", include_str!("../editions/hubris.toml")),
];

/// The ids of the built-in editions, in order.
pub fn edition_ids() -> impl Iterator<Item = &'static str> {
    BUILT_IN.iter().map(|(id, _)| *id)
}

impl RuleSet {
    /// Loads a built-in edition by id, or a house-rule file by path.
    pub fn load(name: &str) -> Result<RuleSet, RulesError> {
        if let Some((id, text)) = BUILT_IN.iter().find(|(id, _)| *id == name) {
            let raw = parse(&format!("<built-in {id}.toml>"), text)?;
            return resolve(id, raw, &mut Vec::new());
        }
        let looks_like_path = name.ends_with(".toml") || name.contains(['/', '\\']);
        if !looks_like_path {
            return Err(RulesError::UnknownEdition {
                name: name.to_string(),
                known: edition_ids().map(str::to_string).collect(),
            });
        }
        load_path(name, Path::new(name), &mut Vec::new())
    }

    /// A house rule given as text rather than a file (read from standard
    /// input, or typed into a page): `file` names it in errors (`<stdin>`),
    /// `id` in outputs, and a relative `extends` is read from `dir`.
    pub fn from_text(id: &str, file: &str, text: &str, dir: &Path) -> Result<RuleSet, RulesError> {
        let parsed = parse(file, text)?;
        resolve_in(id, parsed, Some(&dir.join(file)))
    }

    /// A house rule made in memory on top of these rules: `settings`
    /// (dotted keys, `combat.fta.piling-on.attacking`, and their values),
    /// as a file that `extends` them would set them, named `id`. The same
    /// settings in a file give the same rules and hash.
    pub fn derive(
        &self,
        id: &str,
        settings: &[(&str, toml::Value)],
    ) -> Result<RuleSet, RulesError> {
        let base = match self.files().first() {
            Some(path) => path.canonicalize().unwrap_or_else(|_| path.clone()),
            None => PathBuf::from(&self.id),
        };
        let mut table = toml::Table::new();
        for (key, value) in settings {
            let mut at = &mut table;
            let mut parts = key.split('.').peekable();
            while let Some(part) = parts.next() {
                if parts.peek().is_none() {
                    at.insert(part.to_string(), value.clone());
                    break;
                }
                let next = at
                    .entry(part.to_string())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                match next {
                    toml::Value::Table(t) => at = t,
                    _ => {
                        return Err(RulesError::Spec {
                            edition: id.to_string(),
                            message: format!("`{key}` goes through a setting that is not a table"),
                        });
                    }
                }
            }
        }
        let extends = toml::Value::String(base.display().to_string());
        let text = format!(
            "extends = {extends}\nname = {}\n{}",
            toml::Value::String(id.to_string()),
            toml::to_string(&table).expect("settings serialize")
        );
        let parsed = parse(&format!("<{id}>"), &text)?;
        let here = (!self.files().is_empty()).then_some(base.as_path());
        resolve_in(id, parsed, here)
    }
}

/// How deep `extends` chains may go.
const MAX_DEPTH: usize = 8;

/// Top-level keys that are not settings.
const HEAD: [&str; 2] = ["extends", "name"];

/// Every setting of an edition, typed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sections {
    dice: DiceRules,
    actions: ActionRules,
    combat: CombatRules,
    chase: ChaseRules,
    #[serde(default)]
    grapple: Option<crate::GrappleRules>,
}

/// A parsed rule file and where it came from.
pub(crate) struct Parsed {
    file: String,
    text: String,
    /// `extends` and where its value starts.
    extends: Option<(String, usize)>,
    name: Option<String>,
    leaves: Vec<Leaf>,
}

impl Parsed {
    fn error(&self, offset: usize, field: &str, message: impl Into<String>) -> RulesError {
        located(
            FileKind::Rules,
            &self.file,
            &self.text,
            offset,
            field,
            message,
        )
    }

    /// The setting `key` as this file writes it, or the first of the
    /// settings under it (`key` being a table).
    fn leaf(&self, key: &str) -> Option<&Leaf> {
        let under = format!("{key}.");
        self.leaves
            .iter()
            .find(|l| l.key == key)
            .or_else(|| self.leaves.iter().find(|l| l.key.starts_with(&under)))
    }

    /// An error about setting `key`: at its value where this file sets
    /// it (at element `index` of an array), else at its key (`at_key`),
    /// else at the top of the file.
    fn blame_at(&self, key: &str, index: Option<usize>, message: impl Into<String>) -> RulesError {
        match (self.leaf(key), index) {
            (Some(l), Some(i)) if l.key == key && i < l.elements.len() => {
                self.error(l.elements[i], key, message)
            }
            _ => self.blame(key, false, message),
        }
    }

    /// An error about the expression of setting `key`: at byte `at` of
    /// its text where this file sets it (as a plain string whose bytes are
    /// the expression's), else at its value; an expression this file does
    /// not set is inherited, and says so.
    fn blame_expression(&self, key: &str, at: Option<usize>, message: String) -> RulesError {
        let Some(leaf) = self.leaves.iter().find(|l| l.key == key) else {
            return self.error(
                0,
                key,
                format!("{message} (the values are inherited through `extends`)"),
            );
        };
        let start = leaf.value_at;
        let offset = match (at, leaf.value.as_str()) {
            (Some(at), Some(expr)) => {
                let quote = if self.text[start..].starts_with("\"\"\"")
                    || self.text[start..].starts_with("'''")
                {
                    3
                } else {
                    1
                };
                let inside = start + quote;
                let plain = self.text.get(inside..inside + expr.len()) == Some(expr);
                if plain { inside + at } else { start }
            }
            _ => start,
        };
        self.error(offset, key, message)
    }

    /// An error about setting `key`: at its value where this file sets
    /// it, else at its key (`at_key`), else at the top of the file.
    fn blame(&self, key: &str, at_key: bool, message: impl Into<String>) -> RulesError {
        match self.leaf(key) {
            Some(l) if l.key == key && !at_key => self.error(l.value_at, key, message),
            Some(l) => self.error(l.key_at, key, message),
            None => self.error(0, key, message),
        }
    }
}

pub(crate) fn parse(file: &str, text: &str) -> Result<Parsed, RulesError> {
    let table: toml::Table = from_toml(FileKind::Rules, file, text)?;
    let leaves = settings::leaves(text, &table, &HEAD);
    let mut parsed = Parsed {
        file: file.to_string(),
        text: text.to_string(),
        extends: None,
        name: None,
        leaves,
    };
    let head: Vec<Leaf> = settings::leaves(text, &table, &[])
        .into_iter()
        .filter(|l| HEAD.contains(&l.key.as_str()))
        .collect();
    for leaf in head {
        let Some(s) = leaf.value.as_str() else {
            return Err(parsed.error(
                leaf.value_at,
                &leaf.key,
                format!("expected a string, found {}", leaf.value.type_str()),
            ));
        };
        if leaf.key == "extends" {
            parsed.extends = Some((s.to_string(), leaf.value_at));
        } else {
            parsed.name = Some(s.to_string());
        }
    }
    Ok(parsed)
}

pub(crate) fn load_path(
    id: &str,
    path: &Path,
    chain: &mut Vec<PathBuf>,
) -> Result<RuleSet, RulesError> {
    let text = read_text(FileKind::Rules, path)?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let parsed = parse(&path.display().to_string(), &text)?;
    let offset = parsed.extends.as_ref().map_or(0, |e| e.1);
    if chain.contains(&canonical) {
        return Err(parsed.error(offset, "extends", "`extends` goes round in a circle"));
    }
    if chain.len() >= MAX_DEPTH {
        return Err(parsed.error(
            offset,
            "extends",
            format!("the chain of `extends` is deeper than {MAX_DEPTH} files"),
        ));
    }
    chain.push(canonical);
    resolve_at(id, parsed, Some(path), chain)
}

pub(crate) fn resolve(
    id: &str,
    parsed: Parsed,
    chain: &mut Vec<PathBuf>,
) -> Result<RuleSet, RulesError> {
    resolve_at(id, parsed, None, chain)
}

/// Resolves a file made in memory whose `extends` is a built-in edition,
/// or (`path`) the house-rule file it names.
pub(crate) fn resolve_in(
    id: &str,
    parsed: Parsed,
    path: Option<&Path>,
) -> Result<RuleSet, RulesError> {
    resolve_at(id, parsed, path, &mut Vec::new())
}

/// Settings that an older wodds read at another key, and where they are
/// now: a house rule written for it is told where each went.
const MOVED: &[(&str, &str)] = &[
    ("combat.concede", "[combat.hubris] concede"),
    ("combat.onslaught", "[combat.uwod] onslaught"),
    (
        "combat.range-difficulty",
        "[combat.attack] range-difficulty",
    ),
    (
        "combat.wound-penalties",
        "[combat.health] wound-penalties ([combat.hubris] wound-penalties under hubris)",
    ),
];

fn resolve_at(
    id: &str,
    parsed: Parsed,
    path: Option<&Path>,
    chain: &mut Vec<PathBuf>,
) -> Result<RuleSet, RulesError> {
    let base = match &parsed.extends {
        None => None,
        Some((target, at)) => {
            let loaded = if edition_ids().any(|e| e == target) {
                RuleSet::load(target)
            } else if let Some(path) = path {
                load_path(target, &relative_to(path, target), chain)
            } else {
                return Err(parsed.error(*at, "extends", format!("unknown edition `{target}`")));
            };
            Some(loaded.map_err(|e| match e {
                RulesError::Read { path, error, .. } => parsed.error(
                    *at,
                    "extends",
                    format!("cannot read {}: {error}", path.display()),
                ),
                other => other,
            })?)
        }
    };
    let own: Vec<Setting> = parsed
        .leaves
        .iter()
        .map(|l| Setting {
            key: l.key.clone(),
            value: l.value.clone(),
            source: format!("{}:{}", parsed.file, l.line),
            note: l.note.clone(),
        })
        .collect();
    let settings = settings::overlay(base.as_ref().map_or(&[][..], |b| b.settings()), own);
    let settings = read_by_engine(&parsed, settings)?;
    let table = toml::Value::Table(settings::nest(&settings));
    let sections: Sections = serde_path_to_error::deserialize(table.clone()).map_err(|e| {
        let mut message = plain(e.inner().message());
        if let Some(names) = names_wanted(&table, &e.path().to_string()) {
            message = names;
        }
        let path = e.path().to_string();
        let path = path.trim_start_matches('.');
        // Array indices (`dice.pool-range[1]`) are not settings: blame
        // the array's element.
        let (key, index) = match path.split_once('[') {
            Some((key, rest)) => (
                key.to_string(),
                rest.split(']').next().and_then(|i| i.parse::<usize>().ok()),
            ),
            None => (path.to_string(), None),
        };
        let join = |name: &str| {
            if key.is_empty() || key.ends_with(&format!(".{name}")) || key == name {
                if key.is_empty() {
                    name.to_string()
                } else {
                    key.clone()
                }
            } else {
                format!("{key}.{name}")
            }
        };
        if let Some(name) = quoted_after(&message, "unknown field `") {
            let key = join(name);
            match MOVED.iter().find(|(old, _)| *old == key) {
                Some((_, new)) => parsed.blame(&key, true, format!("this setting moved to {new}")),
                None => parsed.blame(&key, true, message),
            }
        } else if let Some(name) = quoted_after(&message, "missing field `") {
            parsed.blame(
                &join(name),
                true,
                "missing (a file without `extends` must set every field)",
            )
        } else {
            parsed.blame_at(&key, index, message)
        }
    })?;
    validate::sections(&sections.dice, &sections.actions, &sections.combat)
        .and_then(|()| crate::chase::check(&sections.chase))
        .and_then(|()| sections.grapple.as_ref().map_or(Ok(()), |g| g.check()))
        .map_err(|(keys, message)| {
            // Blame the first of the settings involved that this file sets.
            match keys
                .iter()
                .find(|k| parsed.leaves.iter().any(|l| &l.key == *k))
            {
                Some(k) => parsed.blame(k, false, message),
                None => parsed.error(
                    0,
                    keys[0],
                    format!("{message} (the values are inherited through `extends`)"),
                ),
            }
        })?;
    let compiled = crate::faces::Compiled::new(&sections.dice)
        .map_err(|(key, at, message)| parsed.blame_expression(key, at, message))?;
    let name = parsed
        .name
        .clone()
        .or_else(|| {
            base.as_ref().map(|b| {
                let file = Path::new(id)
                    .file_name()
                    .map_or(id.into(), |f| f.to_string_lossy());
                format!("{} + house rules {file}", b.name)
            })
        })
        .unwrap_or_else(|| id.to_string());
    let mut files: Vec<PathBuf> = path.map(Path::to_path_buf).into_iter().collect();
    files.extend(base.as_ref().map_or(&[][..], |b| b.files()).iter().cloned());
    let root = base.map_or_else(|| id.to_string(), |b| b.base);
    Ok(RuleSet::new(
        id.to_string(),
        name,
        root,
        files,
        settings,
        crate::ruleset::Families {
            dice: sections.dice,
            actions: sections.actions,
            combat: sections.combat,
            chase: sections.chase,
            grapple: sections.grapple,
        },
        compiled,
    ))
}

/// The settings of the families the rules' engine reads: a family the
/// engine does not read is dropped when inherited through `extends` (fta
/// extends revised but has no use for `[combat.revised]`), and refused
/// when the file itself sets it.
fn read_by_engine(parsed: &Parsed, settings: Vec<Setting>) -> Result<Vec<Setting>, RulesError> {
    use crate::grapple::{GRAPPLE_FAMILIES, GrappleEngine};
    let mut settings = settings;
    // No engine, or an unknown one: reading the rules says so.
    if let Some(engine) = engine_setting(&settings, "combat.engine").and_then(CombatEngine::named) {
        settings = drop_unread(
            parsed,
            settings,
            |key| {
                let family = key.strip_prefix("combat.")?.split('.').next()?;
                let table = CombatRules::family_key(family)?;
                (!engine.families().contains(&family)).then(|| table.to_string())
            },
            |table| {
                format!(
                    "the `{}` engine does not read [{table}]: it reads {}",
                    engine.name(),
                    engine
                        .families()
                        .iter()
                        .map(|f| format!("[combat.{f}]"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
        )?;
    }
    // `[chase]` and `[grapple]` the same way (fta extends revised but has
    // no use for `[chase.race]` or `[grapple.hold]`).
    if let Some(engine) = engine_setting(&settings, "chase.engine").and_then(ChaseEngine::named) {
        settings = drop_unread(
            parsed,
            settings,
            |key| {
                let family = key.strip_prefix("chase.")?.split('.').next()?;
                let known = crate::CHASE_FAMILIES.iter().find(|&&f| f == family)?;
                (*known != engine.family()).then(|| format!("chase.{known}"))
            },
            |table| {
                format!(
                    "the `{}` chase engine does not read [{table}]: it reads [chase.{}]",
                    engine.name(),
                    engine.family()
                )
            },
        )?;
    }
    if let Some(engine) = engine_setting(&settings, "grapple.engine").and_then(GrappleEngine::named)
    {
        settings = drop_unread(
            parsed,
            settings,
            |key| {
                let family = key.strip_prefix("grapple.")?.split('.').next()?;
                let known = GRAPPLE_FAMILIES.iter().find(|&&f| f == family)?;
                (*known != engine.family()).then(|| format!("grapple.{known}"))
            },
            |table| {
                format!(
                    "the `{}` grapple engine does not read [{table}]: it reads [grapple.{}]",
                    engine.name(),
                    engine.family()
                )
            },
        )?;
    }
    Ok(settings)
}

/// The value of the setting `key` (an `engine`), if it is a string.
fn engine_setting<'a>(settings: &'a [Setting], key: &str) -> Option<&'a str> {
    settings
        .iter()
        .find(|s| s.key == key)
        .and_then(|s| s.value.as_str())
}

/// Settings of tables an engine does not read (`unread(key)` names the
/// table): refused, with `reads(table)` as the message, when this file
/// sets one; dropped when inherited.
fn drop_unread(
    parsed: &Parsed,
    settings: Vec<Setting>,
    unread: impl Fn(&str) -> Option<String>,
    reads: impl Fn(&str) -> String,
) -> Result<Vec<Setting>, RulesError> {
    if let Some((leaf, table)) = parsed
        .leaves
        .iter()
        .find_map(|l| unread(&l.key).map(|t| (l, t)))
    {
        return Err(parsed.error(leaf.key_at, &leaf.key, reads(&table)));
    }
    Ok(settings
        .into_iter()
        .filter(|s| unread(&s.key).is_none())
        .collect())
}

/// The text between `prefix` and the next backquote in `message`.
/// A value that is not a string where a setting takes one of a list of
/// names (`ones = 7`) reads as "invalid type: unit variant, expected
/// string only": the settings read again with that value as a string give
/// serde's list of the names, said as ``expected one of `cancel`,
/// `ignore` (in quotes), found 7``. `None` where the value at `path` is a
/// string or the setting takes no names.
fn names_wanted(table: &toml::Value, path: &str) -> Option<String> {
    let mut again = table.clone();
    let mut value = &mut again;
    for key in path.trim_start_matches('.').split('.') {
        value = value.get_mut(key)?;
    }
    if value.is_str() || value.is_table() || value.is_array() {
        return None;
    }
    let found = value.to_string();
    *value = toml::Value::String(found.clone());
    let e = serde_path_to_error::deserialize::<_, Sections>(again).err()?;
    let message = e.inner().message();
    let names = message
        .strip_prefix("unknown variant `")?
        .split_once("`, expected ")?
        .1;
    (e.path().to_string() == path).then(|| format!("expected {names} (in quotes), found {found}"))
}

fn quoted_after<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = &message[message.find(prefix)? + prefix.len()..];
    rest.split('`').next()
}

/// Where a house-rule file's `extends` path points, relative to the file.
fn relative_to(file: &Path, target: &str) -> PathBuf {
    match file.parent() {
        Some(dir) if !Path::new(target).is_absolute() => dir.join(target),
        _ => PathBuf::from(target),
    }
}
