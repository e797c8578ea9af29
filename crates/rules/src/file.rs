//! Rule files: parsing with locations, `extends`, and validation.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::pools::{Pools, Terms};
use crate::{
    ActionRules, AutomaticRule, BotchEffect, BotchSetting, CombatEngine, CombatRules, DiceRules,
    DifficultyKind, GroupRule, OnesSetting, ResistedRule, RuleSet, RulesError, SpecialtySetting,
    TallyRule, TensSetting, TieRule, WillpowerMode, WillpowerRule, relative_to,
};

/// How deep `extends` chains may go.
const MAX_DEPTH: usize = 8;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawFile {
    extends: Option<Spanned<String>>,
    name: Option<String>,
    dice: Option<RawDice>,
    actions: Option<RawActions>,
    combat: Option<RawCombat>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawCombat {
    engine: Option<CombatEngine>,
    pools: Option<RawPools>,
    wound_penalties: Option<Spanned<[i64; 6]>>,
    onslaught: Option<Spanned<i64>>,
    concede: Option<bool>,
    range_difficulty: Option<Spanned<[i64; 3]>>,
}

/// `[combat.pools]`: each pool's traits (see [`crate::pools`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawPools {
    initiative: Option<Spanned<Vec<String>>>,
    brawl: Option<Spanned<Vec<String>>>,
    melee: Option<Spanned<Vec<String>>>,
    firearms: Option<Spanned<Vec<String>>>,
    dodge: Option<Spanned<Vec<String>>>,
    athletics: Option<Spanned<Vec<String>>>,
    block: Option<Spanned<Vec<String>>>,
    parry: Option<Spanned<Vec<String>>>,
    soak: Option<Spanned<Vec<String>>>,
    strength: Option<Spanned<Vec<String>>>,
}

impl RawPools {
    /// The pools the file sets, in [`Pools::NAMES`] order.
    fn all(&self) -> [&Option<Spanned<Vec<String>>>; Pools::NAMES.len()] {
        [
            &self.initiative,
            &self.brawl,
            &self.melee,
            &self.firearms,
            &self.dodge,
            &self.athletics,
            &self.block,
            &self.parry,
            &self.soak,
            &self.strength,
        ]
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawActions {
    extended_botch: Option<BotchEffect>,
    resisted: Option<ResistedRule>,
    contest_tally: Option<TallyRule>,
    contest_botch: Option<BotchEffect>,
    contest_tie: Option<TieRule>,
    teamwork_botch_spoils: Option<bool>,
    group: Option<GroupRule>,
    retry_penalty: Option<Spanned<i32>>,
    multiple_actions: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawDice {
    difficulty: Option<Spanned<DifficultyKind>>,
    difficulty_range: Option<Spanned<[i32; 2]>>,
    standard_difficulty: Option<Spanned<i32>>,
    pool_range: Option<Spanned<[i32; 2]>>,
    threshold: Option<Spanned<u8>>,
    ones: Option<OnesSetting>,
    tens: Option<TensSetting>,
    botch: Option<BotchSetting>,
    rerolled_ones_count: Option<bool>,
    chance_die: Option<Spanned<bool>>,
    specialty: Option<SpecialtySetting>,
    willpower: Option<RawWillpower>,
    automatic: Option<AutomaticRule>,
    automatic_table: Option<Spanned<[i32; 4]>>,
    unskilled: Option<Spanned<[i32; 2]>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawWillpower {
    mode: Option<WillpowerMode>,
    bonus_dice: Option<Spanned<i32>>,
    cancelled_by_ones: Option<bool>,
    prevents_botch: Option<bool>,
}

/// A parsed rule file and where it came from.
pub(crate) struct Parsed {
    file: String,
    text: String,
    raw: RawFile,
}

impl Parsed {
    fn error(&self, offset: usize, field: &str, message: impl Into<String>) -> RulesError {
        located(&self.file, &self.text, offset, field, message)
    }
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The name inside a table header line (`[dice.willpower]  # x`).
fn header(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix('[')?;
    Some(inner.trim_start_matches('[').split(']').next()?.trim())
}

/// The key a line assigns, if it starts with `key =`.
fn key(line: &str) -> Option<&str> {
    let (k, _) = line.split_once('=')?;
    let k = k.trim().trim_matches('"');
    let bare = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    bare.then_some(k)
}

/// The dotted name of the field at `offset`: the table header above it and
/// the key it belongs to (looking up past the lines of a multi-line array).
fn field_at(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if let Some(h) = header(&text[line_start..line_end]) {
        return h.to_string();
    }
    let mut table = None;
    let mut field = None;
    for line in text[..line_end].lines().rev() {
        if let Some(h) = header(line) {
            table = Some(h);
            break;
        }
        if field.is_none() {
            field = key(line);
        }
    }
    match (table, field) {
        (Some(t), Some(k)) => format!("{t}.{k}"),
        (Some(t), None) => t.to_string(),
        (None, k) => k.unwrap_or("").to_string(),
    }
}

/// toml's message in a designer's words.
fn plain(message: &str) -> String {
    message
        .trim()
        .replace("expected u8", "expected a whole number 0..=255")
        .replace("expected i32", "expected a whole number")
        .replace("expected a boolean", "expected true or false")
}

/// An error about `field` at byte `offset` of the TOML `text` of `file`.
pub fn located(
    file: &str,
    text: &str,
    offset: usize,
    field: &str,
    message: impl Into<String>,
) -> RulesError {
    let (line, column) = line_col(text, offset);
    RulesError::File {
        file: file.to_string(),
        line,
        column,
        field: field.to_string(),
        message: message.into(),
    }
}

/// Parses TOML `text` of `file` into `T`, an error naming the file, line,
/// column and field in a designer's words.
pub fn from_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, RulesError> {
    toml::from_str::<T>(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        located(
            file,
            text,
            offset,
            &field_at(text, offset),
            plain(e.message()),
        )
    })
}

pub(crate) fn parse(file: &str, text: &str) -> Result<Parsed, RulesError> {
    let raw = from_toml::<RawFile>(file, text)?;
    Ok(Parsed {
        file: file.to_string(),
        text: text.to_string(),
        raw,
    })
}

pub(crate) fn load_path(
    id: &str,
    path: &Path,
    chain: &mut Vec<PathBuf>,
) -> Result<RuleSet, RulesError> {
    let text = crate::read_file(path)?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let parsed = parse(&path.display().to_string(), &text)?;
    let offset = parsed.raw.extends.as_ref().map_or(0, |e| e.span().start);
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

fn resolve_at(
    id: &str,
    parsed: Parsed,
    path: Option<&Path>,
    chain: &mut Vec<PathBuf>,
) -> Result<RuleSet, RulesError> {
    let base = match &parsed.raw.extends {
        None => None,
        Some(ext) => {
            let target = ext.get_ref();
            let loaded = if crate::edition_ids().any(|e| e == target) {
                RuleSet::load(target)
            } else if let Some(path) = path {
                load_path(target, &relative_to(path, target), chain)
            } else {
                return Err(parsed.error(
                    ext.span().start,
                    "extends",
                    format!("unknown edition `{target}`"),
                ));
            };
            Some(loaded.map_err(|e| match e {
                RulesError::Read { path, source } => parsed.error(
                    ext.span().start,
                    "extends",
                    format!("cannot read {}: {source}", path.display()),
                ),
                other => other,
            })?)
        }
    };
    let dice = merge(&parsed, base.as_ref().map(|b| &b.dice))?;
    let actions = merge_actions(&parsed, base.as_ref().map(|b| &b.actions))?;
    let engine = parsed.raw.combat.as_ref().and_then(|c| c.engine);
    let engine = match (engine, &base) {
        (Some(engine), _) => engine,
        (None, Some(b)) => b.combat.engine,
        (None, None) => {
            return Err(parsed.error(
                0,
                "combat.engine",
                "missing (a file without `extends` must set every field)",
            ));
        }
    };
    let combat = merge_combat(&parsed, engine, base.as_ref().map(|b| &b.combat))?;
    let name = parsed
        .raw
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
    let root = base.map_or_else(|| id.to_string(), |b| b.base);
    Ok(RuleSet::new(
        id.to_string(),
        name,
        root,
        dice,
        actions,
        combat,
    ))
}

/// Overlays the file's `[combat]` settings on its base's, each checked.
fn merge_combat(
    p: &Parsed,
    engine: CombatEngine,
    base: Option<&CombatRules>,
) -> Result<CombatRules, RulesError> {
    let empty = RawCombat::default();
    let raw = p.raw.combat.as_ref().unwrap_or(&empty);
    let wound_penalties = match &raw.wound_penalties {
        Some(v) => {
            let w = *v.get_ref();
            let problem = match w.iter().find(|x| !(0..=10).contains(*x)) {
                Some(bad) => Some(format!("{bad} is outside 0..=10")),
                None if w.windows(2).any(|pair| pair[1] < pair[0]) => {
                    Some("penalties must not fall as wounds get worse".to_string())
                }
                None => None,
            };
            if let Some(message) = problem {
                return Err(p.error(v.span().start, "combat.wound-penalties", message));
            }
            Some(w.map(|x| x as u8))
        }
        None => None,
    };
    let range_difficulty = match &raw.range_difficulty {
        Some(v) => match v.get_ref().iter().find(|x| !(2..=10).contains(*x)) {
            Some(bad) => {
                return Err(p.error(
                    v.span().start,
                    "combat.range-difficulty",
                    format!("{bad} is outside 2..=10"),
                ));
            }
            None => Some(v.get_ref().map(|x| x as i32)),
        },
        None => None,
    };
    let onslaught = match &raw.onslaught {
        Some(v) if !(0..=5).contains(v.get_ref()) => {
            return Err(p.error(
                v.span().start,
                "combat.onslaught",
                format!("{} is outside 0..=5", v.get_ref()),
            ));
        }
        v => v.as_ref().map(|v| *v.get_ref() as u16),
    };
    Ok(CombatRules {
        engine,
        pools: merge_pools(p, base.map(|b| &b.pools))?,
        wound_penalties: inherit(
            p,
            wound_penalties,
            base.map(|b| b.wound_penalties),
            "combat.wound-penalties",
        )?,
        range_difficulty: inherit(
            p,
            range_difficulty,
            base.map(|b| b.range_difficulty),
            "combat.range-difficulty",
        )?,
        onslaught: inherit(p, onslaught, base.map(|b| b.onslaught), "combat.onslaught")?,
        concede: inherit(p, raw.concede, base.map(|b| b.concede), "combat.concede")?,
    })
}

/// Overlays the file's combat pools on its base's, each checked.
fn merge_pools(p: &Parsed, base: Option<&Pools>) -> Result<Pools, RulesError> {
    let raw = p.raw.combat.as_ref().and_then(|c| c.pools.as_ref());
    let mut out = [Terms::default(); Pools::NAMES.len()];
    for (i, name) in Pools::NAMES.iter().enumerate() {
        let field = format!("combat.pools.{name}");
        let own = match raw.and_then(|r| r.all()[i].as_ref()) {
            Some(terms) => Some(
                Terms::parse(terms.get_ref())
                    .map_err(|message| p.error(terms.span().start, &field, message))?,
            ),
            None => None,
        };
        out[i] = inherit(p, own, base.map(|b| b.0[i]), &field)?;
    }
    Ok(Pools(out))
}

/// A setting: the file's own (already checked), else its base's; missing
/// from a file without `extends`.
fn inherit<T>(p: &Parsed, own: Option<T>, base: Option<T>, field: &str) -> Result<T, RulesError> {
    own.or(base).ok_or_else(|| {
        p.error(
            0,
            field,
            "missing (a file without `extends` must set every field)",
        )
    })
}

/// The value of an optional spanned setting.
fn value<T: Copy>(s: &Option<Spanned<T>>) -> Option<T> {
    s.as_ref().map(|s| *s.get_ref())
}

/// Overlays the file's settings on its base and validates the result.
fn merge(p: &Parsed, base: Option<&DiceRules>) -> Result<DiceRules, RulesError> {
    let empty = RawDice::default();
    let raw = p.raw.dice.as_ref().unwrap_or(&empty);
    let no_will = RawWillpower::default();
    let will = raw.willpower.as_ref().unwrap_or(&no_will);
    macro_rules! pick {
        ($value:expr, $field:literal, $base:expr) => {
            inherit(p, $value, base.map($base), $field)?
        };
    }
    let dice = DiceRules {
        difficulty: pick!(
            value(&raw.difficulty),
            "dice.difficulty",
            |b: &DiceRules| b.difficulty
        ),
        difficulty_range: pick!(
            value(&raw.difficulty_range),
            "dice.difficulty-range",
            |b: &DiceRules| b.difficulty_range
        ),
        standard_difficulty: pick!(
            value(&raw.standard_difficulty),
            "dice.standard-difficulty",
            |b: &DiceRules| b.standard_difficulty
        ),
        pool_range: pick!(
            value(&raw.pool_range),
            "dice.pool-range",
            |b: &DiceRules| b.pool_range
        ),
        threshold: pick!(value(&raw.threshold), "dice.threshold", |b: &DiceRules| b
            .threshold),
        ones: pick!(raw.ones, "dice.ones", |b: &DiceRules| b.ones),
        tens: pick!(raw.tens, "dice.tens", |b: &DiceRules| b.tens),
        botch: pick!(raw.botch, "dice.botch", |b: &DiceRules| b.botch),
        rerolled_ones_count: pick!(
            raw.rerolled_ones_count,
            "dice.rerolled-ones-count",
            |b: &DiceRules| b.rerolled_ones_count
        ),
        chance_die: pick!(
            value(&raw.chance_die),
            "dice.chance-die",
            |b: &DiceRules| b.chance_die
        ),
        specialty: pick!(raw.specialty, "dice.specialty", |b: &DiceRules| b.specialty),
        automatic: pick!(raw.automatic, "dice.automatic", |b: &DiceRules| b.automatic),
        automatic_table: pick!(
            value(&raw.automatic_table),
            "dice.automatic-table",
            |b: &DiceRules| b.automatic_table
        ),
        unskilled: pick!(value(&raw.unskilled), "dice.unskilled", |b: &DiceRules| b
            .unskilled),
        willpower: WillpowerRule {
            mode: pick!(will.mode, "dice.willpower.mode", |b: &DiceRules| b
                .willpower
                .mode),
            bonus_dice: pick!(
                value(&will.bonus_dice),
                "dice.willpower.bonus-dice",
                |b: &DiceRules| b.willpower.bonus_dice
            ),
            cancelled_by_ones: pick!(
                will.cancelled_by_ones,
                "dice.willpower.cancelled-by-ones",
                |b: &DiceRules| b.willpower.cancelled_by_ones
            ),
            prevents_botch: pick!(
                will.prevents_botch,
                "dice.willpower.prevents-botch",
                |b: &DiceRules| b.willpower.prevents_botch
            ),
        },
    };
    validate(p, raw, will, &dice)?;
    Ok(dice)
}

/// Overlays the file's action settings on its base.
fn merge_actions(p: &Parsed, base: Option<&ActionRules>) -> Result<ActionRules, RulesError> {
    let empty = RawActions::default();
    let raw = p.raw.actions.as_ref().unwrap_or(&empty);
    macro_rules! pick {
        ($field:ident, $name:literal) => {
            inherit(p, raw.$field, base.map(|b| b.$field), $name)?
        };
    }
    let retry_penalty = match &raw.retry_penalty {
        Some(v) if !(0..=5).contains(v.get_ref()) => {
            return Err(p.error(
                v.span().start,
                "actions.retry-penalty",
                format!("{} is outside 0..=5", v.get_ref()),
            ));
        }
        v => value(v),
    };
    Ok(ActionRules {
        extended_botch: pick!(extended_botch, "actions.extended-botch"),
        resisted: pick!(resisted, "actions.resisted"),
        contest_tally: pick!(contest_tally, "actions.contest-tally"),
        contest_botch: pick!(contest_botch, "actions.contest-botch"),
        contest_tie: pick!(contest_tie, "actions.contest-tie"),
        teamwork_botch_spoils: pick!(teamwork_botch_spoils, "actions.teamwork-botch-spoils"),
        group: pick!(group, "actions.group"),
        retry_penalty: inherit(
            p,
            retry_penalty,
            base.map(|b| b.retry_penalty),
            "actions.retry-penalty",
        )?,
        multiple_actions: pick!(multiple_actions, "actions.multiple-actions"),
    })
}

/// Checks the merged rules. A problem is blamed on the first of the
/// fields involved that this file sets (line 1 if it sets none of them,
/// saying the values were inherited).
fn validate(
    p: &Parsed,
    raw: &RawDice,
    will: &RawWillpower,
    d: &DiceRules,
) -> Result<(), RulesError> {
    fn span<T>(s: &Option<Spanned<T>>) -> Option<usize> {
        s.as_ref().map(|s| s.span().start)
    }
    let fail = |blame: &[(Option<usize>, &str)], message: String| match blame
        .iter()
        .find(|(at, _)| at.is_some())
    {
        Some((Some(at), field)) => p.error(*at, field, message),
        _ => p.error(
            0,
            blame[0].1,
            format!("{message} (the values are inherited through `extends`)"),
        ),
    };
    let bonus = (span(&will.bonus_dice), "dice.willpower.bonus-dice");
    if !(0..=10).contains(&d.willpower.bonus_dice) {
        return Err(fail(
            &[bonus],
            format!("{} is outside 0..=10", d.willpower.bonus_dice),
        ));
    }
    let threshold = (span(&raw.threshold), "dice.threshold");
    if !(2..=10).contains(&d.threshold) {
        return Err(fail(
            &[threshold],
            format!("{} is outside 2..=10", d.threshold),
        ));
    }
    let diff_range = (span(&raw.difficulty_range), "dice.difficulty-range");
    let kind = (span(&raw.difficulty), "dice.difficulty");
    let (lo, hi) = match d.difficulty {
        DifficultyKind::TargetNumber => (2, 10),
        DifficultyKind::SuccessesNeeded | DifficultyKind::DiceRemoved => (0, 10),
    };
    let [dmin, dmax] = d.difficulty_range;
    if dmin > dmax || dmin < lo || dmax > hi {
        return Err(fail(
            &[diff_range, kind],
            format!(
                "[{dmin}, {dmax}] must be ascending and within {lo}..={hi} for this kind of difficulty"
            ),
        ));
    }
    let standard = (span(&raw.standard_difficulty), "dice.standard-difficulty");
    if !(dmin..=dmax).contains(&d.standard_difficulty) {
        return Err(fail(
            &[standard, diff_range, kind],
            format!(
                "{} is outside difficulty-range {dmin}..={dmax}",
                d.standard_difficulty
            ),
        ));
    }
    let table = (span(&raw.automatic_table), "dice.automatic-table");
    let t = d.automatic_table;
    if d.automatic == AutomaticRule::Table && !(t[0] >= 1 && t.windows(2).all(|w| w[0] < w[1])) {
        return Err(fail(
            &[table],
            format!(
                "{t:?} must be rising pool sizes of at least 1 (the pools giving 1, 2, 3 and 4 successes)"
            ),
        ));
    }
    let unskilled = (span(&raw.unskilled), "dice.unskilled");
    if d.unskilled.iter().any(|u| !(0..=5).contains(u)) {
        return Err(fail(
            &[unskilled],
            format!("{:?} must be dice lost, 0..=5 each", d.unskilled),
        ));
    }
    let pool_range = (span(&raw.pool_range), "dice.pool-range");
    let chance = (span(&raw.chance_die), "dice.chance-die");
    let [pmin, pmax] = d.pool_range;
    let floor = if d.chance_die { -10 } else { 1 };
    let ceiling = wodds_dice::MAX_POOL - d.willpower.bonus_dice;
    if pmin > pmax || pmin < floor || pmax > ceiling {
        let why = if d.chance_die {
            ""
        } else {
            "; pools below 1 need chance-die = true"
        };
        return Err(fail(
            &[pool_range, chance, bonus],
            format!(
                "[{pmin}, {pmax}] must be ascending and within {floor}..={ceiling} (the dice engine rolls at most {} dice, Willpower's bonus dice included{why})",
                wodds_dice::MAX_POOL
            ),
        ));
    }
    Ok(())
}
