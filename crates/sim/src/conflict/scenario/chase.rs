//! A scenario's `[chase]` table, validated against its sides and editions
//! ([`Chase`]): the Prey, on foot or by car, the course, the start, the
//! Runs, the maneuvers each party buys, its shots and the obstacles; and
//! the lookups of fta's courses and maneuvers the Lead engine compiles
//! with.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
use wodds_rules::{ChaseEngine, Maneuver, Party, RuleSet, RulesError};

use super::kind::MAX_ROUNDS;
use super::member::Side;

/// How the chase goes: on foot or by car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum By {
    /// On foot: fta turns the pool to Stamina after a while.
    #[default]
    Foot,
    /// By car.
    Car,
    /// By car through heavy traffic or a maze of streets (fta: Wits +
    /// Drive; the other editions drive as `car`).
    CarHeavy,
}

/// How the chase starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StartKind {
    /// fta: the Prey's chase pool at 6, head start = successes + 1.
    #[default]
    Cold,
    /// fta: the Prey's Perception against the Predator's Subterfuge, then
    /// contested chase pools; a head start of 0 or less is a pounce.
    Stalk,
    /// A given head start (`head-start`), e.g. what an escape defence left.
    HeadStart,
}

/// A scenario's `[chase]` table.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawChase {
    /// The side that flees: its member is the Prey, the other side's the
    /// Predator.
    #[schemars(with = "String")]
    prey: Spanned<String>,
    /// On foot (default) or by car.
    #[serde(default)]
    by: By,
    /// fta: the course, a name in the edition's `[chase.fta.courses]`
    /// (default: `[chase.fta] base-difficulty`); other editions ignore it.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    course: Option<Spanned<String>>,
    /// How it starts (default cold); revised, uwod and hubris start level.
    #[serde(default)]
    start: StartKind,
    /// fta: the head start with `start = "head-start"`, 1..=30.
    #[serde(default)]
    #[schemars(with = "Option<i64>", range(min = 1, max = 30))]
    head_start: Option<Spanned<i64>>,
    /// The Prey's Run: rounds after which it is penned in (caught), 1..=1000.
    #[serde(default)]
    #[schemars(with = "Option<i64>", range(min = 1, max = 1000))]
    prey_run: Option<Spanned<i64>>,
    /// The Predator's Run: rounds after which it loses the Prey, 1..=1000.
    #[serde(default)]
    #[schemars(with = "Option<i64>", range(min = 1, max = 1000))]
    predator_run: Option<Spanned<i64>>,
    /// fta: the maneuvers the Prey buys after a round it wins, the first
    /// that fits (other editions have no maneuvers and ignore them).
    #[serde(default)]
    #[schemars(with = "Vec<RawBuy>")]
    prey_tactics: Vec<Spanned<RawBuy>>,
    /// fta: the same for the Predator.
    #[serde(default)]
    #[schemars(with = "Vec<RawBuy>")]
    predator_tactics: Vec<Spanned<RawBuy>>,
    /// In a fight (`kind = "combat"`): what the Predator catching the Prey
    /// does: the fight goes on (default) or the Prey has lost.
    #[serde(default)]
    #[schemars(with = "Option<Caught>")]
    caught: Option<Spanned<Caught>>,
    /// fta: the Prey shoots at the Predator every round the Lead allows
    /// (`[chase.fta] attack-lead`), splitting its pool between the chase
    /// roll and the shot; its member needs a gun (`weapon`) and a `range`
    /// other than `melee`. Other editions have no attacks and ignore it.
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    prey_attacks: Option<Spanned<bool>>,
    /// fta: the same for the Predator (an Attack Run brings it closer).
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    predator_attacks: Option<Spanned<bool>>,
    /// fta: the rounds at whose start the Storyteller puts an obstacle in
    /// both parties' way, each 1..=max-rounds (other editions ignore it).
    #[serde(default)]
    #[schemars(schema_with = "rounds_schema")]
    obstacles: Option<Spanned<Vec<Spanned<i64>>>>,
    /// fta: an obstacle in both parties' way every N rounds (rounds N, 2N,
    /// ...), 1..=max-rounds (other editions ignore it).
    #[serde(default)]
    #[schemars(with = "Option<u32>", range(min = 1, max = 1000))]
    obstacle_every: Option<Spanned<i64>>,
}

/// What catching the Prey of a chase that followed a fight does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Caught {
    /// The fight goes on where it stopped (004 "Predator": "If any
    /// predator catches the Prey, the chase ends (and usually a combat will
    /// begin)"; "a cycle of fight->chase->fight->chase").
    #[default]
    Fight,
    /// The Prey has lost: caught, it is done for.
    Lost,
}

/// A list of rounds, each 1..=1000 (a scenario's max-rounds at most).
fn rounds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "items": { "type": "integer", "minimum": 1, "maximum": 1000 },
    })
}

/// When a side buys a maneuver: after a round it wins, with the Lead (as
/// the round left it) within `lead-min..=lead-max`; the Prey only when it
/// can pay without being caught.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawBuy {
    /// The maneuver: a name in the edition's `[chase.fta.maneuvers]`.
    buy: String,
    /// The lowest Lead at which it buys it (default: any).
    #[serde(default)]
    lead_min: Option<i32>,
    /// The highest Lead at which it buys it (default: any).
    #[serde(default)]
    lead_max: Option<i32>,
    /// A maneuver to a new course: the course, a name in the edition's
    /// `[chase.fta.courses]`.
    #[serde(default)]
    course: Option<String>,
    /// A maneuver to a new course: the trait the buyer picks, rolled in
    /// place of the chase pool's first trait from then on.
    #[serde(default, rename = "trait")]
    pick: Option<String>,
}

/// A side's maneuver tactic, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buy {
    /// The maneuver's name.
    pub name: String,
    /// The Lead range it buys in.
    pub lead: (i32, i32),
    /// The new course, for a new-course maneuver.
    pub course: Option<String>,
    /// The picked trait's index in [`TRAITS`](crate::conflict::TRAITS).
    pub pick: Option<usize>,
}

/// A chase's setup, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chase {
    /// The Prey's side (and member: one a side).
    pub prey: usize,
    /// On foot or by car.
    pub by: By,
    /// The course's name (fta), if given.
    pub course: Option<String>,
    /// How it starts.
    pub start: StartKind,
    /// The head start under [`StartKind::HeadStart`].
    pub head_start: i32,
    /// The Prey's Run in rounds (0: none).
    pub prey_run: u32,
    /// The Predator's Run in rounds (0: none).
    pub predator_run: u32,
    /// The maneuvers the Prey, then the Predator, buy.
    pub tactics: [Vec<Buy>; 2],
    /// A chase that follows a fight: what catching the Prey does.
    pub caught: Caught,
    /// Whether the Prey, then the Predator, shoots (fta).
    pub attacks: [bool; 2],
    /// The rounds at whose start the Storyteller puts an obstacle in both
    /// parties' way (fta), ascending.
    pub obstacles: Vec<u32>,
    /// An obstacle every this many rounds (0: none; fta).
    pub obstacle_every: u32,
}

/// The largest head start a scenario may give.
const MAX_HEAD_START: i64 = 30;

impl Chase {
    /// Validates `raw` against the scenario's `sides` and `editions`;
    /// `at` makes a located error.
    /// A fight's `[chase]` (`in_fight`) is the chase that follows the
    /// Prey's flight from it.
    pub(super) fn parse(
        raw: &Spanned<RawChase>,
        in_fight: bool,
        sides: &[Side],
        editions: &[RuleSet],
        max_rounds: u32,
        at: &impl Fn(usize, &str, String) -> RulesError,
    ) -> Result<Chase, RulesError> {
        let c = raw.get_ref();
        if sides.len() != 2 || sides.iter().any(|s| s.members.len() != 1) {
            let what = if in_fight {
                "a fight with a [chase] (the chase that follows a flight) is of one against one"
            } else {
                "a chase needs two sides of one member each: the Prey and the Predator"
            };
            return Err(at(raw.span().start, "side", what.into()));
        }
        let caught = match &c.caught {
            Some(x) if !in_fight => {
                return Err(at(
                    x.span().start,
                    "chase.caught",
                    "only a chase that follows a fight (`kind = \"combat\"`) says what catching the Prey does".into(),
                ));
            }
            Some(x) => *x.get_ref(),
            None => Caught::Fight,
        };
        let prey = sides
            .iter()
            .position(|s| &s.name == c.prey.get_ref())
            .ok_or_else(|| {
                at(
                    c.prey.span().start,
                    "chase.prey",
                    format!(
                        "no side is named `{}`: the Prey is one of {}",
                        c.prey.get_ref(),
                        sides
                            .iter()
                            .map(|s| format!("`{}`", s.name))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
        let head_start = match (&c.head_start, c.start) {
            (Some(h), StartKind::HeadStart) if !(1..=MAX_HEAD_START).contains(h.get_ref()) => {
                return Err(at(
                    h.span().start,
                    "chase.head-start",
                    format!("{} is outside 1..={MAX_HEAD_START}", h.get_ref()),
                ));
            }
            (Some(h), StartKind::HeadStart) => *h.get_ref() as i32,
            (None, StartKind::HeadStart) => {
                return Err(at(
                    raw.span().start,
                    "chase.head-start",
                    "`start = \"head-start\"` needs `head-start = N` (1..=30)".into(),
                ));
            }
            (Some(h), _) => {
                return Err(at(
                    h.span().start,
                    "chase.head-start",
                    "a head start is given only with `start = \"head-start\"`".into(),
                ));
            }
            (None, _) => 0,
        };
        let run = |r: &Option<Spanned<i64>>, field: &str| match r {
            Some(v) if !(1..=i64::from(MAX_ROUNDS)).contains(v.get_ref()) => Err(at(
                v.span().start,
                field,
                format!("{} is outside 1..={MAX_ROUNDS}", v.get_ref()),
            )),
            Some(v) => Ok(*v.get_ref() as u32),
            None => Ok(0),
        };
        let prey_run = run(&c.prey_run, "chase.prey-run")?;
        let predator_run = run(&c.predator_run, "chase.predator-run")?;
        if let Some(course) = &c.course {
            for rules in editions {
                if let Err(message) = course_difficulty(rules, Some(course.get_ref())) {
                    return Err(at(course.span().start, "chase.course", message));
                }
            }
        }
        let mut attacks = [false; 2];
        for (party, flag, field) in [
            (Party::Prey, &c.prey_attacks, "chase.prey-attacks"),
            (
                Party::Predator,
                &c.predator_attacks,
                "chase.predator-attacks",
            ),
        ] {
            let Some(flag) = flag else { continue };
            let side = if party == Party::Prey { prey } else { 1 - prey };
            if *flag.get_ref() {
                armed(&sides[side].members[0]).map_err(|m| at(flag.span().start, field, m))?;
            }
            attacks[party as usize] = *flag.get_ref();
        }
        let mut obstacles = Vec::new();
        if let Some(list) = &c.obstacles {
            for r in list.get_ref() {
                let v = *r.get_ref();
                if !(1..=i64::from(max_rounds)).contains(&v) {
                    return Err(at(
                        r.span().start,
                        "chase.obstacles",
                        format!("round {v} is outside 1..={max_rounds} (max-rounds)"),
                    ));
                }
                if obstacles.contains(&(v as u32)) {
                    return Err(at(
                        r.span().start,
                        "chase.obstacles",
                        format!("round {v} is listed twice"),
                    ));
                }
                obstacles.push(v as u32);
            }
            obstacles.sort_unstable();
        }
        let obstacle_every = match &c.obstacle_every {
            Some(v) if !(1..=i64::from(max_rounds)).contains(v.get_ref()) => {
                return Err(at(
                    v.span().start,
                    "chase.obstacle-every",
                    format!("{} is outside 1..={max_rounds} (max-rounds)", v.get_ref()),
                ));
            }
            Some(v) => *v.get_ref() as u32,
            None => 0,
        };
        let mut tactics = [Vec::new(), Vec::new()];
        for (party, list, field) in [
            (Party::Prey, &c.prey_tactics, "chase.prey-tactics"),
            (
                Party::Predator,
                &c.predator_tactics,
                "chase.predator-tactics",
            ),
        ] {
            for raw in list {
                let b = buy(raw.get_ref(), party, attacks, editions)
                    .map_err(|m| at(raw.span().start, field, m))?;
                tactics[party as usize].push(b);
            }
        }
        Ok(Chase {
            tactics,
            caught,
            attacks,
            obstacles,
            obstacle_every,
            prey,
            by: c.by,
            course: c.course.as_ref().map(|s| s.get_ref().clone()),
            start: c.start,
            head_start,
            prey_run,
            predator_run,
        })
    }
}

/// Checks that `m` can shoot during a chase: a gun (seed 004: "Fighting
/// during a chase requires a method of ranged attack") fired from a
/// distance (`range` other than `melee`, which a chase never is).
fn armed(m: &crate::conflict::Member) -> Result<(), String> {
    if m.weapon.skill != crate::conflict::Skill::Firearms {
        return Err(format!(
            "`{}` has no gun (weapon `{}`): attacking during a chase needs a ranged attack",
            m.name, m.weapon.name
        ));
    }
    if m.range == crate::conflict::Range::Melee {
        return Err(format!(
            "`{}` fires from `range = \"melee\"`: a chase is never in the melee; give its member `range = \"point-blank\"`, `\"effective\"` or `\"long\"`",
            m.name
        ));
    }
    Ok(())
}

/// A maneuver tactic checked against every fta edition's maneuvers.
fn buy(
    raw: &RawBuy,
    party: Party,
    attacks: [bool; 2],
    editions: &[RuleSet],
) -> Result<Buy, String> {
    let pick = match &raw.pick {
        None => None,
        Some(t) => Some(
            crate::conflict::scenario::TRAITS
                .iter()
                .position(|(n, ..)| n == t)
                .ok_or_else(|| format!("unknown trait `{t}`"))?,
        ),
    };
    let lead = (
        raw.lead_min.unwrap_or(i32::MIN),
        raw.lead_max.unwrap_or(i32::MAX),
    );
    if lead.0 > lead.1 {
        return Err(format!("lead-min {} is above lead-max {}", lead.0, lead.1));
    }
    for rules in editions {
        let m = maneuver(rules, raw.buy.as_str(), party, raw.course.as_deref(), pick)?;
        if m.is_some_and(|m| m.attack_lead != 0) && !attacks[party as usize] {
            let who = match party {
                Party::Prey => "prey",
                Party::Predator => "predator",
            };
            return Err(format!(
                "`{}` brings the buyer closer for its attacks: it needs `{who}-attacks = true`",
                raw.buy
            ));
        }
    }
    Ok(Buy {
        name: raw.buy.clone(),
        lead,
        course: raw.course.clone(),
        pick,
    })
}

/// The maneuver `name` under `rules` for `party` (`None` for an engine
/// without maneuvers), checked: the edition has it, `party` may buy it,
/// the engine models its effect, and a new course names its course and
/// trait.
pub(crate) fn maneuver(
    rules: &RuleSet,
    name: &str,
    party: Party,
    course: Option<&str>,
    pick: Option<usize>,
) -> Result<Option<Maneuver>, String> {
    let Some(lead) = rules.chase.fta.as_ref() else {
        return Ok(None);
    };
    if rules.chase.engine != ChaseEngine::Lead {
        return Ok(None);
    }
    let m = *lead.maneuvers.get(name).ok_or_else(|| {
        format!(
            "`{name}` is not a maneuver of {}: its maneuvers are {}",
            rules.id,
            lead.maneuvers
                .keys()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    if m.by != party {
        return Err(format!("`{name}` is a {:?} maneuver under {}", m.by, rules.id).to_lowercase());
    }
    match (m.new_course, course, pick) {
        (true, Some(c), Some(_)) => {
            course_difficulty(rules, Some(c))?;
        }
        (true, ..) => {
            return Err(format!(
                "`{name}` takes the chase to a new course: give its `course` and the `trait` picked"
            ));
        }
        (false, None, None) => {}
        (false, ..) => {
            return Err(format!("`{name}` takes no `course` nor `trait`"));
        }
    }
    Ok(Some(m))
}

/// The difficulty of `course` under `rules` (fta's courses; other engines
/// have none and take any name).
pub(crate) fn course_difficulty(rules: &RuleSet, course: Option<&str>) -> Result<i32, String> {
    let Some(lead) = &rules.chase.fta else {
        return Ok(0);
    };
    if rules.chase.engine != ChaseEngine::Lead {
        return Ok(0);
    }
    match course {
        None => Ok(lead.base_difficulty),
        Some(name) => lead.courses.get(name).copied().ok_or_else(|| {
            format!(
                "unknown course `{name}` under {}: its courses are {}",
                rules.id,
                lead.courses
                    .keys()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }),
    }
}
