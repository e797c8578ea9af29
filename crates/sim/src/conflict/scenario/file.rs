//! A scenario file read and validated: [`Scenario`] and its raw form,
//! checked field by field (every error names the file, line and field),
//! and the file format's JSON Schema ([`scenario_schema`]).

use std::collections::BTreeMap;
use std::path::Path;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use toml::Spanned;
use wodds_rules::{FileKind, RuleSet, RulesError, from_toml, located, read_text};

use super::chase::{Chase, RawChase};
use super::grapple::{GrappleSetup, RawGrapple};
use super::grapple_tactics::GrappleTactics;
use super::kind::{ConflictKind, MAX_MEMBERS, MAX_ROUNDS, MAX_TRIALS};
use super::member::{Creature, Member, Range, Side, TRAITS, Trait};
use super::tactics::{AttackTactic, DefendTactic, MAX_ACTIONS, Tactics};
use crate::conflict::gear::{Armor, Weapon};
use crate::conflict::tally::End;

/// A combat scenario, validated, with its editions loaded.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// Its title.
    pub name: String,
    /// The editions to run it under.
    pub editions: Vec<RuleSet>,
    /// Fights per edition.
    pub trials: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Rounds after which a fight is a draw.
    pub max_rounds: u32,
    /// Two or more sides.
    pub sides: Vec<Side>,
    /// What kind of conflict it is.
    pub kind: ConflictKind,
    /// A chase's setup (`kind = "chase"`).
    pub chase: Option<Chase>,
    /// How the grapple starts (`kind = "grapple"`).
    pub grapple: Option<GrappleSetup>,
}

impl Scenario {
    /// Whether a member grapples in this fight (a grapple attack or
    /// defence): the fight turns into a grapple while one lasts.
    pub fn grapples(&self) -> bool {
        self.kind == ConflictKind::Combat
            && self.sides.iter().flat_map(|s| &s.members).any(|m| {
                m.tactics.attack == AttackTactic::Grapple
                    || m.tactics.defend == DefendTactic::Grapple
            })
    }

    /// Whether the fight turns into another conflict: a grapple, or the
    /// chase after the Prey's flight (a fight's `[chase]`).
    pub fn turns(&self) -> bool {
        self.kind == ConflictKind::Combat && (self.grapples() || self.chase.is_some())
    }

    /// The ways its conflicts can end, in the order outputs list them,
    /// draws last: a fight's, with a pin when it grapples and the chase's
    /// ends when a flight is pursued; a chase's; a grapple's.
    pub fn ends(&self) -> Vec<End> {
        match self.kind {
            ConflictKind::Chase => End::CHASE.to_vec(),
            ConflictKind::Grapple => End::GRAPPLE.to_vec(),
            ConflictKind::Combat => {
                let mut ends = End::COMBAT.to_vec();
                ends.pop();
                if self.grapples() {
                    ends.push(End::Pinned);
                }
                if self.chase.is_some() {
                    // Caught ends it when a catch loses the fight, and
                    // under hubris, whose catch is the Prey giving up.
                    ends.extend([
                        End::Escaped,
                        End::Caught,
                        End::RunOut,
                        End::BothRunOut,
                        End::Obstacle,
                    ]);
                }
                ends.push(End::Draw);
                ends
            }
        }
    }
}

/// A scenario file: who fights whom, under which editions, how often.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "wodds scenario file")]
struct RawScenario {
    /// Its title, printed above the results.
    name: String,
    /// What kind of conflict it is.
    #[schemars(schema_with = "kind_schema")]
    kind: Spanned<String>,
    /// The editions to run it under: built-in ids (`revised`, `fta`,
    /// `uwod`, `hubris`) or paths of house-rule files, relative to this
    /// file.
    #[schemars(with = "Vec<String>")]
    editions: Vec<Spanned<String>>,
    /// Fights an edition (default 100000).
    #[serde(default)]
    #[schemars(with = "Option<u64>", range(min = 1, max = 1_000_000_000))]
    trials: Option<Spanned<u64>>,
    /// Seed of the run: the same seed gives the same figures (default 1).
    #[serde(default)]
    seed: Option<u64>,
    /// Rounds after which a fight is a draw (default 50).
    #[serde(default)]
    #[schemars(with = "Option<u32>", range(min = 1, max = 1000))]
    max_rounds: Option<Spanned<u32>>,
    /// Two or more sides.
    #[serde(default)]
    side: Vec<RawSide>,
    /// A chase's setup (`kind = "chase"` only).
    #[serde(default)]
    #[schemars(with = "Option<RawChase>")]
    chase: Option<Spanned<RawChase>>,
    /// `kind = "grapple"`: who grapples and how it starts.
    #[serde(default)]
    #[schemars(with = "Option<RawGrapple>")]
    grapple: Option<Spanned<RawGrapple>>,
}

/// One side of a fight.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawSide {
    /// Its name (each side its own).
    #[schemars(with = "String")]
    name: Spanned<String>,
    /// Its members.
    #[serde(default)]
    pub(super) member: Vec<RawMember>,
}

/// One combatant.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawMember {
    /// Its name (each member its own).
    #[schemars(with = "String")]
    pub(super) name: Spanned<String>,
    /// What it is: decides what it soaks.
    kind: Creature,
    /// Its traits in dots; those left out take their defaults.
    #[serde(default)]
    #[schemars(schema_with = "traits_schema")]
    traits: BTreeMap<Spanned<String>, Spanned<i64>>,
    /// Its weapon (default fists).
    #[serde(default)]
    #[schemars(schema_with = "weapon_schema")]
    weapon: Option<Spanned<String>>,
    /// Its armour (default none).
    #[serde(default)]
    #[schemars(schema_with = "armor_schema")]
    armor: Option<Spanned<String>>,
    /// How far it fires from.
    #[serde(default)]
    range: Range,
    #[serde(default)]
    /// A Garou in its breed form (homid or lupus) rather than a war
    /// form: decides what it soaks.
    #[schemars(with = "Option<bool>")]
    breed_form: Option<Spanned<bool>>,
    /// How it fights.
    #[serde(default)]
    #[schemars(with = "Option<Tactics>")]
    tactics: Option<Spanned<Tactics>>,
    /// How it grapples (`kind = "grapple"`).
    #[serde(default)]
    #[schemars(with = "Option<GrappleTactics>")]
    grapple: Option<Spanned<GrappleTactics>>,
}

impl Scenario {
    /// Reads and validates a scenario file, loading its editions (house-rule
    /// paths are relative to the scenario file).
    pub fn load(path: &Path) -> Result<Scenario, RulesError> {
        let text = read_text(FileKind::Scenario, path)?;
        Scenario::parse(&path.display().to_string(), &text, path.parent())
    }

    /// Validates scenario `text` read from `file`; house-rule paths are
    /// relative to `dir`.
    pub fn parse(file: &str, text: &str, dir: Option<&Path>) -> Result<Scenario, RulesError> {
        Scenario::parse_under(file, text, dir, None)
    }

    /// [`Scenario::parse`], run under `editions` when given instead of the
    /// file's own list, which is then neither read nor checked (a page or
    /// a notebook that has no files beside the scenario's text).
    pub fn parse_under(
        file: &str,
        text: &str,
        dir: Option<&Path>,
        editions: Option<Vec<RuleSet>>,
    ) -> Result<Scenario, RulesError> {
        match editions {
            Some(given) => Scenario::parse_with(file, text, Editions::Given(given)),
            None => Scenario::parse_with(file, text, Editions::Listed(&|name| from_dir(name, dir))),
        }
    }

    /// [`Scenario::parse`] with each edition its `editions` list names
    /// (other than a built-in id) read by `read`: a page or a notebook
    /// holds the house-rule files a scenario names as text, not files.
    pub fn parse_reading(
        file: &str,
        text: &str,
        read: &dyn Fn(&str) -> Result<RuleSet, RulesError>,
    ) -> Result<Scenario, RulesError> {
        let listed = |name: &str| match wodds_rules::edition_ids().any(|id| id == name) {
            true => RuleSet::load(name),
            false => read(name),
        };
        Scenario::parse_with(file, text, Editions::Listed(&listed))
    }

    fn parse_with(file: &str, text: &str, editions: Editions) -> Result<Scenario, RulesError> {
        let raw: RawScenario = from_toml(FileKind::Scenario, file, text)?;
        let at = |offset: usize, field: &str, message: String| {
            located(FileKind::Scenario, file, text, offset, field, message)
        };
        let kind = match raw.kind.get_ref().as_str() {
            "combat" => ConflictKind::Combat,
            "chase" => ConflictKind::Chase,
            "grapple" => ConflictKind::Grapple,
            other => {
                return Err(at(
                    raw.kind.span().start,
                    "kind",
                    format!("`{other}` is not supported: \"combat\", \"chase\" or \"grapple\""),
                ));
            }
        };
        let editions = match editions {
            Editions::Given(given) => given,
            Editions::Listed(load) => load_editions(&raw.editions, load, &at)?,
        };
        let trials = match &raw.trials {
            Some(t) if !(1..=MAX_TRIALS).contains(t.get_ref()) => {
                return Err(at(
                    t.span().start,
                    "trials",
                    format!("{} is outside 1..={MAX_TRIALS}", t.get_ref()),
                ));
            }
            Some(t) => *t.get_ref(),
            None => 100_000,
        };
        let max_rounds = match &raw.max_rounds {
            Some(m) if !(1..=MAX_ROUNDS).contains(m.get_ref()) => {
                return Err(at(
                    m.span().start,
                    "max-rounds",
                    format!("{} is outside 1..={MAX_ROUNDS}", m.get_ref()),
                ));
            }
            Some(m) => *m.get_ref(),
            None => 50,
        };
        if raw.side.len() < 2 {
            return Err(at(
                0,
                "side",
                format!("a fight needs two or more sides, not {}", raw.side.len()),
            ));
        }
        let mut sides: Vec<Side> = Vec::new();
        let mut member_names = std::collections::BTreeSet::new();
        for side in &raw.side {
            if sides.iter().any(|s| &s.name == side.name.get_ref()) {
                return Err(at(
                    side.name.span().start,
                    "side.name",
                    format!(
                        "two sides are named `{}`: give each its own name",
                        side.name.get_ref()
                    ),
                ));
            }
            for m in &side.member {
                if !member_names.insert(m.name.get_ref()) {
                    return Err(at(
                        m.name.span().start,
                        "side.member.name",
                        format!(
                            "two members are named `{}`: give each its own name",
                            m.name.get_ref()
                        ),
                    ));
                }
            }
            if side.member.is_empty() {
                return Err(at(
                    side.name.span().start,
                    "side.member",
                    format!("side `{}` has no members", side.name.get_ref()),
                ));
            }
            let members = side
                .member
                .iter()
                .map(|m| member(m, &at))
                .collect::<Result<Vec<_>, _>>()?;
            sides.push(Side {
                name: side.name.get_ref().clone(),
                members,
            });
        }
        let total: usize = sides.iter().map(|s| s.members.len()).sum();
        if total > MAX_MEMBERS {
            return Err(at(
                0,
                "side.member",
                format!("{total} members: at most {MAX_MEMBERS} may fight"),
            ));
        }
        let chase = match (kind, &raw.chase) {
            (ConflictKind::Chase, None) => {
                return Err(at(
                    raw.kind.span().start,
                    "chase",
                    "a chase needs a [chase] table naming its `prey`".into(),
                ));
            }
            (ConflictKind::Chase, Some(c)) => {
                Some(Chase::parse(c, false, &sides, &editions, max_rounds, &at)?)
            }
            // A fight's [chase]: the chase that follows the Prey's flight.
            (ConflictKind::Combat, Some(c)) => {
                Some(Chase::parse(c, true, &sides, &editions, max_rounds, &at)?)
            }
            (_, Some(c)) => {
                return Err(at(
                    c.span().start,
                    "chase",
                    "a [chase] table needs `kind = \"chase\"` (or, for the chase after a flight, `kind = \"combat\"`)".into(),
                ));
            }
            (_, None) => None,
        };
        if kind == ConflictKind::Combat {
            one_against_one_to_grapple(&sides, &raw.side, &at)?;
        }
        let grapple = super::grapple::setup(kind, raw.grapple.as_ref(), &sides, &at)?;
        Ok(Scenario {
            name: raw.name,
            editions,
            trials,
            seed: raw.seed.unwrap_or(1),
            max_rounds,
            sides,
            kind,
            chase,
            grapple,
        })
    }
}

/// A fight in which a member grapples (a grapple attack or defence) is of
/// one against one: the grapple is the fight while it lasts (third parties
/// join a `kind = "grapple"` scenario as helpers).
fn one_against_one_to_grapple(
    sides: &[Side],
    raw: &[RawSide],
    at: &impl Fn(usize, &str, String) -> RulesError,
) -> Result<(), RulesError> {
    let one_on_one = sides.len() == 2 && sides.iter().all(|s| s.members.len() == 1);
    for (s, r) in sides.iter().zip(raw) {
        for (m, rm) in s.members.iter().zip(&r.member) {
            let grapples = m.tactics.attack == AttackTactic::Grapple
                || m.tactics.defend == DefendTactic::Grapple;
            if grapples && !one_on_one {
                let offset = rm
                    .tactics
                    .as_ref()
                    .map_or(rm.name.span().start, |t| t.span().start);
                return Err(at(
                    offset,
                    "tactics",
                    format!(
                        "`{}` grapples, and a fight with a grapple is of one against one (two sides of one member each); third parties join a `kind = \"grapple\"` scenario",
                        m.name
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn member(
    m: &RawMember,
    at: &impl Fn(usize, &str, String) -> RulesError,
) -> Result<Member, RulesError> {
    let mut traits = TRAITS.map(|(_, _, _, default)| default);
    for (name, value) in &m.traits {
        let Some(i) = TRAITS.iter().position(|(n, ..)| n == name.get_ref()) else {
            let known: Vec<_> = TRAITS.iter().map(|(n, ..)| *n).collect();
            return Err(at(
                name.span().start,
                "traits",
                format!(
                    "unknown trait `{}`: known traits are {}",
                    name.get_ref(),
                    known.join(", ")
                ),
            ));
        };
        let (_, lo, hi, _) = TRAITS[i];
        let v = *value.get_ref();
        if !(i64::from(lo)..=i64::from(hi)).contains(&v) {
            return Err(at(
                value.span().start,
                &format!("traits.{}", name.get_ref()),
                format!("{v} is outside {lo}..={hi}"),
            ));
        }
        if i == Trait::Rage as usize && v > 0 && m.kind != Creature::Garou {
            return Err(at(
                value.span().start,
                "traits.rage",
                "only garou have Rage".into(),
            ));
        }
        traits[i] = v as u8;
    }
    let weapon = match &m.weapon {
        None => Weapon::FISTS,
        Some(w) => Weapon::named(w.get_ref()).ok_or_else(|| {
            at(
                w.span().start,
                "weapon",
                format!(
                    "unknown weapon `{}`: known weapons are {}",
                    w.get_ref(),
                    Weapon::names().join(", ")
                ),
            )
        })?,
    };
    let armor = match &m.armor {
        None => Armor::NONE,
        Some(a) => Armor::named(a.get_ref()).ok_or_else(|| {
            at(
                a.span().start,
                "armor",
                format!(
                    "unknown armor `{}`: known armor is {}",
                    a.get_ref(),
                    Armor::names().join(", ")
                ),
            )
        })?,
    };
    let breed_form = match &m.breed_form {
        Some(b) if *b.get_ref() && m.kind != Creature::Garou => {
            return Err(at(
                b.span().start,
                "breed-form",
                "only garou have a breed form".into(),
            ));
        }
        Some(b) => *b.get_ref(),
        None => false,
    };
    let tactics = match &m.tactics {
        Some(t) if !(1..=MAX_ACTIONS).contains(&t.get_ref().actions) => {
            return Err(at(
                t.span().start,
                "tactics.actions",
                format!("{} is outside 1..={MAX_ACTIONS}", t.get_ref().actions),
            ));
        }
        Some(t) if t.get_ref().rage > MAX_ACTIONS => {
            return Err(at(
                t.span().start,
                "tactics.rage",
                format!("{} is outside 0..={MAX_ACTIONS}", t.get_ref().rage),
            ));
        }
        Some(t) => *t.get_ref(),
        None => Tactics::default(),
    };
    let grapple = match &m.grapple {
        Some(g) => super::grapple_tactics::check_tactics(g, at)?,
        None => GrappleTactics::default(),
    };
    Ok(Member {
        grapple,
        name: m.name.get_ref().clone(),
        kind: m.kind,
        traits,
        weapon,
        armor,
        tactics,
        range: m.range,
        breed_form,
    })
}

/// What to say of an edition `name` listed before as `twice`.
pub fn twice_words(name: &str, twice: &str) -> String {
    if name == twice {
        format!("`{name}` is listed twice")
    } else {
        format!("`{name}` is listed twice (as `{twice}` before)")
    }
}

/// The editions a scenario file lists, loaded: built-in ids, or house-rule
/// paths relative to `dir`; each once.
/// The editions a scenario is run under.
enum Editions<'a> {
    /// These, instead of its list.
    Given(Vec<RuleSet>),
    /// Its list, each name loaded by this.
    Listed(&'a dyn Fn(&str) -> Result<RuleSet, RulesError>),
}

/// An edition a scenario names: a built-in id, or a house-rule path
/// relative to `dir` (the scenario file's folder).
fn from_dir(name: &str, dir: Option<&Path>) -> Result<RuleSet, RulesError> {
    let known = wodds_rules::edition_ids().any(|id| id == name);
    match dir {
        Some(d) if !known => RuleSet::load(&d.join(name).display().to_string()),
        _ => RuleSet::load(name),
    }
}

fn load_editions(
    listed: &[Spanned<String>],
    load: &dyn Fn(&str) -> Result<RuleSet, RulesError>,
    at: &dyn Fn(usize, &str, String) -> RulesError,
) -> Result<Vec<RuleSet>, RulesError> {
    if listed.is_empty() {
        return Err(at(0, "editions", "name at least one edition".into()));
    }
    let mut editions = Vec::new();
    for e in listed {
        let name = e.get_ref();
        let rules = load(name).map_err(|err| at(e.span().start, "editions", err.to_string()))?;
        if let Some(twice) = same_edition(&editions, &rules) {
            return Err(at(e.span().start, "editions", twice_words(name, twice)));
        }
        editions.push(rules);
    }
    Ok(editions)
}

/// The id of an edition in `editions` that `rules` repeats: the same id, or
/// the same house-rule file under another path.
pub fn same_edition<'a>(editions: &'a [RuleSet], rules: &RuleSet) -> Option<&'a str> {
    let file = |r: &RuleSet| r.files().first().and_then(|f| f.canonicalize().ok());
    editions
        .iter()
        .find(|e| e.id == rules.id || (file(e).is_some() && file(e) == file(rules)))
        .map(|e| e.id.as_str())
}

fn kind_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "enum": ["combat", "chase", "grapple"] })
}

fn weapon_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "enum": Weapon::names() })
}

fn armor_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "enum": Armor::names() })
}

/// Every trait a member may have, with its range and default.
fn traits_schema(_: &mut SchemaGenerator) -> Schema {
    let properties: serde_json::Map<String, serde_json::Value> = TRAITS
        .iter()
        .map(|&(name, lo, hi, default)| {
            let only = if name == "rage" { " (garou only)" } else { "" };
            (
                name.to_string(),
                serde_json::json!({
                    "type": "integer",
                    "minimum": lo,
                    "maximum": hi,
                    "default": default,
                    "description": format!("Dots of {name}{only}, {lo} to {hi}; {default} when left out."),
                }),
            )
        })
        .collect();
    json_schema!({
        "type": "object",
        "additionalProperties": false,
        "properties": properties,
    })
}

/// The JSON Schema of scenario files (`docs/schema/scenario.schema.json`).
pub fn scenario_schema() -> serde_json::Value {
    schemars::schema_for!(RawScenario).to_value()
}
