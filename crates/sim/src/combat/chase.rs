//! Chases (`kind = "chase"`): a Prey flees, a Predator pursues, under each
//! edition's chase engine (its `[chase] engine`):
//!
//! - [`Lead`] (fta, seed 004 "Chases"): the Lead between them, opened by
//!   the Prey and closed by the Predator by the margin of contested chase
//!   rolls at the course's difficulty; the Prey escapes by winning a round
//!   from a Lead of 10, and is caught at a Lead of 0;
//! - [`Race`] (revised, uwod, seed 003): by car an extended and resisted
//!   action (first to 5 net successes), on foot the Prey's extended run
//!   (15 successes);
//! - [`Contest`] (hubris, seed 001): a prolonged physical contest; a side
//!   that has lost as many contests as its Stamina gives up.
//!
//! Each is a [`Rounds`] engine over a few small numbers (the Lead or the
//! tallies, and the round while a Run or the switch to Stamina is still
//! ahead), so the round chain gives its odds exactly. A chase scenario has
//! two sides of one member each.
//!
//! ```toml
//! kind = "chase"
//! [chase]
//! prey = "Uriel"          # the side that flees
//! by = "foot"             # foot, car, or car-heavy (heavy traffic)
//! course = "rush-hour"    # fta: a course of [chase.fta.courses]
//! start = "cold"          # cold, stalk, or head-start (with head-start = N)
//! prey-run = 8            # the Prey's Run, in rounds (none by default)
//! ```

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
use wodds_rules::{
    BotchEffect, ChaseEngine, LeadRules, Maneuver, NextMargin, ObstacleEffect, Party, RollOptions,
    RuleSet, RulesError, TallyRule, Terms, TieRule,
};

use super::chain::Rounds;
use super::fighter::{Roller, Sampling};
use super::scenario::{MAX_MEMBERS, MAX_ROUNDS, Scenario, Side};
use super::source::Source;
use super::tally::End;
use super::turn::{Frame, Roster};
use crate::action::contest_round;
use crate::process::Next;

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
    /// The picked trait's index in [`TRAITS`](super::TRAITS).
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
                let b = buy(raw.get_ref(), party, editions)
                    .map_err(|m| at(raw.span().start, field, m))?;
                tactics[party as usize].push(b);
            }
        }
        Ok(Chase {
            tactics,
            caught,
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

/// A maneuver tactic checked against every fta edition's maneuvers.
fn buy(raw: &RawBuy, party: Party, editions: &[RuleSet]) -> Result<Buy, String> {
    let pick = match &raw.pick {
        None => None,
        Some(t) => Some(
            super::scenario::TRAITS
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
        maneuver(rules, raw.buy.as_str(), party, raw.course.as_deref(), pick)?;
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
fn maneuver(
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
    if m.attack_lead != 0 {
        return Err(format!(
            "`{name}` acts on attacks, which chases do not model yet"
        ));
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
fn course_difficulty(rules: &RuleSet, course: Option<&str>) -> Result<i32, String> {
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

/// Dice a chase pool may not exceed.
const MAX_POOL: i32 = 60;

/// A trait pool of the member on `side`.
fn pool_of(side: &Side, terms: &Terms) -> i32 {
    terms.of(&side.members[0].ratings(false)).clamp(0, MAX_POOL)
}

/// Rolls at one difficulty, ready for every pool size.
fn roller(
    rules: &RuleSet,
    difficulty: i32,
    sampling: Sampling,
    max_pool: i32,
) -> Result<Roller, RulesError> {
    let spec = rules.roll(1, difficulty, &RollOptions::default())?.spec;
    Ok(Roller::new(&spec, sampling, max_pool.clamp(1, MAX_POOL)))
}

/// What every chase engine shares: the sides, the Runs and the round limit.
#[derive(Debug, Clone, Copy)]
struct Setup {
    frame: Frame,
    /// The Prey's member (= side).
    prey: usize,
    /// The Predator's member (= side).
    predator: usize,
    prey_run: u32,
    predator_run: u32,
}

impl Setup {
    fn of(scenario: &Scenario) -> Result<(Setup, &Chase), RulesError> {
        let chase = scenario.chase.as_ref().ok_or_else(|| RulesError::Spec {
            edition: String::new(),
            message: "not a chase scenario".into(),
        })?;
        Ok((
            Setup {
                frame: Frame::of(scenario),
                prey: chase.prey,
                predator: 1 - chase.prey,
                prey_run: chase.prey_run,
                predator_run: chase.predator_run,
            },
            chase,
        ))
    }

    /// The round counter's last value that matters: rounds are counted up
    /// to it (and no further, so the chain's states stay few).
    fn horizon(&self, winded: u32) -> u32 {
        self.prey_run.max(self.predator_run).max(winded)
    }

    /// Ends the chase when a Run is up after round `round` (both at once:
    /// both lose, a draw).
    fn runs_out(&self, round: u32, roster: &mut Roster) {
        if self.prey_run > 0 && round >= self.prey_run {
            // 004: "A Prey who's Run is up is shortly penned in and the
            // Lead is adjusted to 0."
            roster.knock_out(self.prey, End::RunOut);
        }
        if self.predator_run > 0 && round >= self.predator_run {
            // 004: "a Predator who's Run is up loses the Prey immediately".
            roster.knock_out(self.predator, End::RunOut);
        }
    }

    fn escaped(&self, roster: &mut Roster) {
        roster.knock_out(self.predator, End::Escaped);
    }

    fn caught(&self, roster: &mut Roster) {
        roster.knock_out(self.prey, End::Caught);
    }
}

/// A chase's state between rounds (kept in the first member's slot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChaseState {
    /// fta: the Lead; race and contest: the Prey's tally (or the running
    /// difference, the Predator's ahead when negative).
    pub a: i16,
    /// race and contest: the Predator's tally.
    pub b: i16,
    /// Rounds played, up to the last one that matters.
    pub round: u16,
    /// Whether the start has been played.
    pub started: bool,
    /// fta: effects of last round's maneuvers on this round's margin.
    pub pending: u8,
    /// fta: what last round's maneuvers add to the Prey's and the
    /// Predator's difficulty this round.
    pub easier: [i8; 2],
    /// fta: the course a maneuver moved the chase to (0: the scenario's).
    pub course: u8,
    /// fta: who faces an obstacle this round (bit 0 the Prey, bit 1 the
    /// Predator).
    pub obstacle: u8,
    /// fta: both crashed, and the chase goes on on foot.
    pub on_foot: bool,
}

/// A maneuver a side buys, compiled.
#[derive(Debug, Clone, Copy)]
struct Tactic {
    /// The Lead range it buys in.
    lo: i32,
    hi: i32,
    /// The Lead's change.
    lead: i32,
    margin: NextMargin,
    /// Added to the buyer's next difficulty.
    difficulty: i8,
    /// The course it moves to (an index of [`Lead::courses`]; 0: none).
    course: u8,
    /// Who faces an obstacle, or (`Pass`) bought when facing one.
    obstacle: ObstacleEffect,
}

/// Who faces an obstacle next round ([`ChaseState::obstacle`]): bit 0 the
/// Prey, bit 1 the Predator.
const PREY_FACES: u8 = 1;
const PREDATOR_FACES: u8 = 2;

/// Pending effects on the next round's margin ([`ChaseState::pending`]).
const HALVE_PREY: u8 = 1;
const HALVE_PREDATOR: u8 = 2;
const DOUBLE_PREDATOR: u8 = 4;

/// From the Ashes' chase (seed 004): the Lead track.
#[derive(Debug, Clone)]
pub struct Lead {
    setup: Setup,
    rules: LeadRules,
    start: StartKind,
    head_start: i32,
    /// Chase pools on the scenario's course, fresh and winded: Prey,
    /// Predator.
    pools: [[i32; 2]; 2],
    /// Rounds after which the pools are winded (0: never).
    winded_after: u32,
    /// The Prey's Perception and the Predator's Subterfuge (stalk).
    notice: [i32; 2],
    /// Each course's difficulty and pools (Prey, Predator): 0 the
    /// scenario's (its pools in `pools`), then those maneuvers lead to.
    courses: Vec<(i32, [i32; 2])>,
    /// Rolls at each difficulty from `lowest`.
    rolls: Vec<Roller>,
    lowest: i32,
    highest: i32,
    cold: Roller,
    stalk: Roller,
    /// The maneuvers the Prey, then the Predator, buy.
    tactics: [Vec<Tactic>; 2],
    /// The pools on foot, fresh and winded (Prey, Predator), for a chase
    /// that goes on foot after both crash.
    foot: [[i32; 2]; 2],
    horizon: u32,
}

impl Lead {
    /// Compiles a chase scenario for fta's `[chase.fta]`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Lead, RulesError> {
        let (setup, chase) = Setup::of(scenario)?;
        let lead = rules.chase.fta.clone().ok_or_else(|| RulesError::Spec {
            edition: rules.id.clone(),
            message: "the lead chase engine needs [chase.fta]".into(),
        })?;
        let error = |m: String| RulesError::Spec {
            edition: rules.id.clone(),
            message: m,
        };
        let difficulty = course_difficulty(rules, chase.course.as_deref())
            .map_err(|m| error(format!("chase.course: {m}")))?;
        let p = &lead.pools;
        let (fresh, winded, winded_after) = match chase.by {
            By::Foot => (p.foot, p.winded, lead.winded_after),
            By::Car => (p.car, p.car, 0),
            By::CarHeavy => (p.car_heavy, p.car_heavy, 0),
        };
        let side = |i: usize| &scenario.sides[i];
        let pools_of = |i: usize| [pool_of(side(i), &fresh), pool_of(side(i), &winded)];
        let pools = [pools_of(setup.prey), pools_of(setup.predator)];
        let notice = [
            pool_of(side(setup.prey), &p.notice),
            pool_of(side(setup.predator), &p.stalk),
        ];
        let mut courses = vec![(difficulty, [pools[0][0], pools[1][0]])];
        let mut tactics = [Vec::new(), Vec::new()];
        for (party, list) in [Party::Prey, Party::Predator]
            .into_iter()
            .zip(&chase.tactics)
        {
            for b in list {
                let m = maneuver(rules, &b.name, party, b.course.as_deref(), b.pick)
                    .map_err(|m| error(format!("chase tactics: {m}")))?
                    .expect("a lead engine has maneuvers");
                let mut course = 0;
                if let (Some(c), Some(pick)) = (&b.course, b.pick) {
                    let d = course_difficulty(rules, Some(c)).map_err(error)?;
                    // The picked trait in place of the pool's first.
                    let mut terms = fresh;
                    terms.0[0] = 1 << pick;
                    courses.push((
                        d,
                        [
                            pool_of(side(setup.prey), &terms),
                            pool_of(side(setup.predator), &terms),
                        ],
                    ));
                    course = (courses.len() - 1) as u8;
                }
                tactics[party as usize].push(Tactic {
                    lo: b.lead.0,
                    hi: b.lead.1,
                    lead: m.lead,
                    margin: m.margin,
                    difficulty: m.difficulty as i8,
                    course,
                    obstacle: m.obstacle,
                });
            }
        }
        let foot_of = |i: usize| [pool_of(side(i), &p.foot), pool_of(side(i), &p.winded)];
        let foot = [foot_of(setup.prey), foot_of(setup.predator)];
        // A chase by car that may crash goes on foot: count its rounds
        // up to the switch to Stamina.
        let crashes = lead.both_crash_on_foot
            && tactics
                .iter()
                .flatten()
                .any(|t| matches!(t.obstacle, ObstacleEffect::Other | ObstacleEffect::Both));
        let winded_after = if chase.by != By::Foot && crashes {
            lead.winded_after
        } else {
            winded_after
        };
        let max_pool = pools
            .iter()
            .flatten()
            .chain(foot.iter().flatten())
            .chain(courses.iter().flat_map(|c| c.1.iter()))
            .max()
            .copied()
            .unwrap_or(1)
            + notice[0].max(notice[1])
            + 1;
        let [lowest, highest] = rules.dice.difficulty_range;
        let rolls = (lowest..=highest)
            .map(|d| roller(rules, d, sampling, max_pool))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Lead {
            setup,
            start: chase.start,
            head_start: chase.head_start,
            pools,
            winded_after,
            notice,
            courses,
            rolls,
            lowest,
            highest,
            cold: roller(rules, lead.start_difficulty, sampling, max_pool)?,
            stalk: roller(rules, lead.stalk_difficulty, sampling, max_pool)?,
            tactics,
            foot,
            horizon: setup.horizon(winded_after),
            rules: lead,
        })
    }

    /// The head start, or `None` when the chase ends before it begins
    /// (a botched cold start, a successful pounce).
    fn head_start<D: Source>(
        &self,
        s: &ChaseState,
        dice: &mut D,
        roster: &mut Roster,
    ) -> Option<i32> {
        let [prey, predator] = if s.on_foot { self.foot } else { self.pools };
        // After both crashed: a cold start on foot.
        let start = if s.on_foot {
            StartKind::Cold
        } else {
            self.start
        };
        match start {
            StartKind::HeadStart => Some(self.head_start),
            StartKind::Cold => {
                let r = self.cold.roll(dice, prey[0]);
                roster.botches += u32::from(r.botch);
                if r.botch && self.rules.start_botch_caught {
                    None
                } else {
                    Some(i32::from(r.successes) + self.rules.head_start_bonus)
                }
            }
            StartKind::Stalk => {
                let n = self.stalk.roll(dice, self.notice[0]);
                let s = self.stalk.roll(dice, self.notice[1]);
                let extra = (i32::from(n.successes) - i32::from(s.successes)).max(0);
                let a = self.stalk.roll(dice, prey[0] + extra);
                let b = self.stalk.roll(dice, predator[0]);
                roster.botches += [n, s, a, b].iter().map(|r| u32::from(r.botch)).sum::<u32>();
                let head = i32::from(a.successes) - i32::from(b.successes);
                (head > 0).then_some(head)
            }
        }
    }

    /// The difficulty and the Prey's and Predator's chase pools in state
    /// `s`.
    fn now(&self, s: &ChaseState) -> (i32, [i32; 2]) {
        let winded = usize::from(self.winded_after > 0 && u32::from(s.round) >= self.winded_after);
        match s.course {
            _ if s.on_foot => (
                self.courses[0].0,
                [self.foot[0][winded], self.foot[1][winded]],
            ),
            0 => (
                self.courses[0].0,
                [self.pools[0][winded], self.pools[1][winded]],
            ),
            c => self.courses[usize::from(c)],
        }
    }

    /// A party facing an obstacle buys the first maneuver that passes it
    /// without a roll and fits the Lead (the Prey only one it can pay
    /// without being caught): whether it did.
    fn pass(&self, party: Party, s: &mut ChaseState) -> bool {
        let lead = i32::from(s.a);
        let found = self.tactics[party as usize].iter().find(|t| {
            t.obstacle == ObstacleEffect::Pass
                && (t.lo..=t.hi).contains(&lead)
                && (party == Party::Predator || lead + t.lead > self.rules.caught_lead)
        });
        match found {
            Some(t) => {
                s.a = (lead + t.lead) as i16;
                true
            }
            None => false,
        }
    }

    /// The roller at `difficulty` (held to the edition's range).
    fn at(&self, difficulty: i32) -> &Roller {
        &self.rolls[(difficulty.clamp(self.lowest, self.highest) - self.lowest) as usize]
    }

    /// Half a margin, rounded as the rules say.
    fn halve(&self, m: i32) -> i32 {
        if self.rules.halve_rounds_up {
            (m + 1) / 2
        } else {
            m / 2
        }
    }

    /// The winner of a round (`party`) buys the first maneuver of its
    /// tactics that fits the Lead (the Prey only one it can pay without
    /// being caught).
    fn buy(&self, party: Party, s: &mut ChaseState) {
        let (lead, course) = (i32::from(s.a), s.course);
        let fits = |t: &&Tactic| {
            (t.lo..=t.hi).contains(&lead)
                && (party == Party::Predator || lead + t.lead > self.rules.caught_lead)
                // Not to the course it is already on.
                && (t.course == 0 || t.course != course)
                // Passing an obstacle is bought when facing one.
                && t.obstacle != ObstacleEffect::Pass
        };
        let Some(t) = self.tactics[party as usize].iter().find(fits) else {
            return;
        };
        s.a = (lead + t.lead) as i16;
        s.pending |= match t.margin {
            NextMargin::None => 0,
            NextMargin::HalvePrey => HALVE_PREY,
            NextMargin::HalvePredator => HALVE_PREDATOR,
            NextMargin::DoublePredator => DOUBLE_PREDATOR,
        };
        s.easier[party as usize] += t.difficulty;
        if t.course != 0 {
            s.course = t.course;
        }
        let (mine, other) = match party {
            Party::Prey => (PREY_FACES, PREDATOR_FACES),
            Party::Predator => (PREDATOR_FACES, PREY_FACES),
        };
        s.obstacle |= match t.obstacle {
            ObstacleEffect::Other => other,
            ObstacleEffect::Both => mine | other,
            ObstacleEffect::None | ObstacleEffect::Pass => 0,
        };
    }
}

impl Rounds for Lead {
    type State = ChaseState;

    fn frame(&self) -> Frame {
        self.setup.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        0..2
    }

    fn start(&self, _: usize) -> ChaseState {
        ChaseState::default()
    }

    #[inline]
    fn round<D: Source>(
        &self,
        st: &mut [ChaseState; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let s = &mut st[0];
        if !s.started {
            s.started = true;
            match self.head_start(s, dice, roster) {
                Some(h) => s.a = h as i16,
                None => {
                    // The start ends it: a botch, or the pounce.
                    self.setup.caught(roster);
                    return;
                }
            }
        }
        let (difficulty, pools) = self.now(s);
        if s.obstacle != 0 {
            let faces = std::mem::take(&mut s.obstacle);
            let mut failed = [false; 2];
            for (party, bit) in [(Party::Prey, PREY_FACES), (Party::Predator, PREDATOR_FACES)] {
                if faces & bit == 0 || self.pass(party, s) {
                    continue;
                }
                let i = party as usize;
                let r = self
                    .at(difficulty + i32::from(s.easier[i]))
                    .roll(dice, pools[i]);
                roster.botches += u32::from(r.botch);
                failed[i] = r.botch || r.successes < u16::from(self.rules.obstacle_successes);
            }
            match failed {
                [true, true] if self.rules.both_crash_on_foot => {
                    // Both crashed: a new chase, on foot, from a cold start
                    // next round.
                    let round = u32::from(s.round) + 1;
                    let counted = if u32::from(s.round) < self.horizon {
                        s.round + 1
                    } else {
                        s.round
                    };
                    *s = ChaseState {
                        round: counted,
                        on_foot: true,
                        ..ChaseState::default()
                    };
                    self.setup.runs_out(round, roster);
                    return;
                }
                [true, true] => {
                    roster.knock_out(self.setup.prey, End::Obstacle);
                    roster.knock_out(self.setup.predator, End::Obstacle);
                    return;
                }
                [true, false] => {
                    roster.knock_out(self.setup.prey, End::Obstacle);
                    return;
                }
                [false, true] => {
                    roster.knock_out(self.setup.predator, End::Obstacle);
                    return;
                }
                [false, false] => {}
            }
        }
        let a = self
            .at(difficulty + i32::from(s.easier[0]))
            .roll(dice, pools[0]);
        let b = self
            .at(difficulty + i32::from(s.easier[1]))
            .roll(dice, pools[1]);
        roster.botches += u32::from(a.botch) + u32::from(b.botch);
        let raw = i32::from(a.successes) - i32::from(b.successes);
        // Last round's maneuvers act on this round's margin, then lapse.
        let margin = if raw > 0 && s.pending & HALVE_PREY != 0 {
            self.halve(raw)
        } else if raw < 0 {
            let mut m = -raw;
            if s.pending & HALVE_PREDATOR != 0 {
                m = self.halve(m);
            }
            if s.pending & DOUBLE_PREDATOR != 0 {
                m *= 2;
            }
            -m
        } else {
            raw
        };
        s.pending = 0;
        s.easier = [0, 0];
        let before = i32::from(s.a);
        let after = before + margin;
        s.a = after as i16;
        let round = u32::from(s.round) + 1;
        if u32::from(s.round) < self.horizon {
            s.round += 1;
        }
        let far = match self.rules.escape_check {
            wodds_rules::EscapeCheck::LeadBeforeRound => before,
            wodds_rules::EscapeCheck::LeadAfterRound => before.max(after),
        };
        // The Prey escapes by winning the round (its roll beats the
        // Predator's, whatever a maneuver did to the margin).
        if raw > 0 && far >= self.rules.escape_lead {
            self.setup.escaped(roster);
        } else if after <= self.rules.caught_lead {
            self.setup.caught(roster);
        } else {
            self.setup.runs_out(round, roster);
            if !roster.decided() {
                match raw.signum() {
                    1 => self.buy(Party::Prey, s),
                    -1 => self.buy(Party::Predator, s),
                    _ => {}
                }
            }
        }
    }

    fn lost(_: &ChaseState) -> u32 {
        0
    }

    fn carry(s: &ChaseState) -> ChaseState {
        *s
    }

    /// The Lead, once the start has set it.
    #[inline]
    fn track(&self, st: &[ChaseState; MAX_MEMBERS]) -> Option<i32> {
        st[0].started.then_some(i32::from(st[0].a))
    }
}

/// Revised's chase (seed 003), and uwod's with its dice: by car an
/// extended and resisted action between the Predator and the Prey, on foot
/// the Prey's extended run.
#[derive(Debug, Clone)]
pub struct Race {
    setup: Setup,
    car: bool,
    /// Prey's and Predator's pools.
    pools: [i32; 2],
    roll: Roller,
    target: i32,
    tally: TallyRule,
    botch: BotchEffect,
    pursuer_rolls: bool,
    horizon: u32,
}

impl Race {
    /// Compiles a chase scenario for `[chase.race]`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Race, RulesError> {
        let (setup, chase) = Setup::of(scenario)?;
        let r = rules.chase.race.ok_or_else(|| RulesError::Spec {
            edition: rules.id.clone(),
            message: "the race chase engine needs [chase.race]".into(),
        })?;
        let car = chase.by != By::Foot;
        let side = |i: usize| &scenario.sides[i];
        let (pools, difficulty, target, botch) = if car {
            (
                [
                    pool_of(side(setup.prey), &r.car_prey),
                    pool_of(side(setup.predator), &r.car_predator),
                ],
                r.car_difficulty,
                r.car_target,
                r.car_botch,
            )
        } else {
            (
                [
                    pool_of(side(setup.prey), &r.foot),
                    pool_of(side(setup.predator), &r.foot),
                ],
                r.foot_difficulty,
                r.foot_target,
                r.foot_botch,
            )
        };
        let max_pool = pools[0].max(pools[1]);
        Ok(Race {
            setup,
            car,
            pools,
            roll: roller(rules, difficulty, sampling, max_pool)?,
            target: target as i32,
            tally: r.car_tally,
            botch,
            pursuer_rolls: r.foot_pursuer_rolls,
            horizon: setup.horizon(0),
        })
    }

    /// A car round (seed 003's extended and resisted action, as
    /// `wodds action contest` plays it with the Predator as side A):
    /// whether it ended, and how (`Some(true)`: the Prey escaped).
    fn car_round(
        &self,
        s: &mut ChaseState,
        a: wodds_dice::Roll,
        b: wodds_dice::Roll,
    ) -> Option<bool> {
        // Here side A is the Predator (its tally `b`), side B the Prey.
        let tallies = match self.tally {
            TallyRule::Separate => (i32::from(s.b), i32::from(s.a)),
            // The running difference, the Predator ahead when positive.
            TallyRule::Difference => (-i32::from(s.a), 0),
        };
        let target = self.target as u32;
        match contest_round(target, self.tally, self.botch, tallies, b, a) {
            Next::Win => Some(false),
            Next::Lose => Some(true),
            Next::Continue((ta, tb)) => {
                match self.tally {
                    TallyRule::Separate => (s.a, s.b) = (tb as i16, ta as i16),
                    TallyRule::Difference => (s.a, s.b) = (-ta as i16, 0),
                }
                None
            }
        }
    }

    /// A foot round: each runner's extended roll (the Predator's only
    /// under `foot-pursuer-rolls`).
    fn foot_round<D: Source>(
        &self,
        s: &mut ChaseState,
        dice: &mut D,
        roster: &mut Roster,
    ) -> Option<bool> {
        let step = |tally: &mut i16, r: wodds_dice::Roll| -> Option<bool> {
            if r.botch {
                match self.botch {
                    BotchEffect::Wipe => *tally = 0,
                    BotchEffect::Fail => return Some(false),
                    BotchEffect::Ignore => {}
                }
                return None;
            }
            *tally += r.successes as i16;
            (i32::from(*tally) >= self.target).then_some(true)
        };
        let a = self.roll.roll(dice, self.pools[0]);
        roster.botches += u32::from(a.botch);
        let prey = step(&mut s.a, a);
        let predator = if self.pursuer_rolls {
            let b = self.roll.roll(dice, self.pools[1]);
            roster.botches += u32::from(b.botch);
            step(&mut s.b, b)
        } else {
            None
        };
        match (prey, predator) {
            // A botch under `fail` ends the runner's run: caught, or (the
            // Predator's) shaken off.
            (Some(false), _) => Some(false),
            (_, Some(false)) => Some(true),
            // Both there the same round: the Prey, ahead from the start.
            (Some(true), _) => Some(true),
            (None, Some(true)) => Some(false),
            (None, None) => None,
        }
    }
}

impl Rounds for Race {
    type State = ChaseState;

    fn frame(&self) -> Frame {
        self.setup.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        0..2
    }

    fn start(&self, _: usize) -> ChaseState {
        ChaseState::default()
    }

    #[inline]
    fn round<D: Source>(
        &self,
        st: &mut [ChaseState; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let s = &mut st[0];
        let ended = if self.car {
            let a = self.roll.roll(dice, self.pools[0]);
            let b = self.roll.roll(dice, self.pools[1]);
            roster.botches += u32::from(a.botch) + u32::from(b.botch);
            self.car_round(s, a, b)
        } else {
            self.foot_round(s, dice, roster)
        };
        let round = u32::from(s.round) + 1;
        if u32::from(s.round) < self.horizon {
            s.round += 1;
        }
        match ended {
            Some(true) => self.setup.escaped(roster),
            Some(false) => self.setup.caught(roster),
            None => self.setup.runs_out(round, roster),
        }
    }

    fn lost(_: &ChaseState) -> u32 {
        0
    }

    fn carry(s: &ChaseState) -> ChaseState {
        *s
    }

    /// The Prey's successes ahead of the Predator's (by car the running
    /// tallies; on foot the Prey's run less the Predator's).
    #[inline]
    fn track(&self, st: &[ChaseState; MAX_MEMBERS]) -> Option<i32> {
        Some(i32::from(st[0].a) - i32::from(st[0].b))
    }
}

/// Hubris's chase (seed 001): a prolonged physical contest; a side that has
/// lost as many contests as its Stamina gives up.
#[derive(Debug, Clone)]
pub struct Contest {
    setup: Setup,
    /// Prey's and Predator's pools.
    pools: [i32; 2],
    /// Contests each may lose before giving up.
    resistance: [i32; 2],
    roll: Roller,
    tie: TieRule,
    horizon: u32,
}

impl Contest {
    /// Compiles a chase scenario for `[chase.contest]`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Contest, RulesError> {
        let (setup, chase) = Setup::of(scenario)?;
        let c = rules.chase.contest.ok_or_else(|| RulesError::Spec {
            edition: rules.id.clone(),
            message: "the contest chase engine needs [chase.contest]".into(),
        })?;
        let terms = if chase.by == By::Foot { c.foot } else { c.car };
        let side = |i: usize| &scenario.sides[i];
        let pools = [
            pool_of(side(setup.prey), &terms),
            pool_of(side(setup.predator), &terms),
        ];
        let resistance = [
            pool_of(side(setup.prey), &c.resistance).max(1),
            pool_of(side(setup.predator), &c.resistance).max(1),
        ];
        Ok(Contest {
            setup,
            pools,
            resistance,
            roll: roller(rules, c.difficulty, sampling, pools[0].max(pools[1]))?,
            tie: rules.actions.contest_tie,
            horizon: setup.horizon(0),
        })
    }
}

impl Rounds for Contest {
    type State = ChaseState;

    fn frame(&self) -> Frame {
        self.setup.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        0..2
    }

    fn start(&self, _: usize) -> ChaseState {
        ChaseState::default()
    }

    #[inline]
    fn round<D: Source>(
        &self,
        st: &mut [ChaseState; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let s = &mut st[0];
        let a = self.roll.roll(dice, self.pools[0]);
        let b = self.roll.roll(dice, self.pools[1]);
        roster.botches += u32::from(a.botch) + u32::from(b.botch);
        // Assumed: the Prey is the acting side (it wins a tie under
        // `contest-tie = "acting"`). `a`: contests the Prey lost; `b`: the
        // Predator's.
        match self.tie.winner(a.successes, b.successes) {
            1 => s.b += 1,
            -1 => s.a += 1,
            _ => {}
        }
        let round = u32::from(s.round) + 1;
        if u32::from(s.round) < self.horizon {
            s.round += 1;
        }
        if i32::from(s.b) >= self.resistance[1] {
            self.setup.escaped(roster);
        } else if i32::from(s.a) >= self.resistance[0] {
            self.setup.caught(roster);
        } else {
            self.setup.runs_out(round, roster);
        }
    }

    fn lost(_: &ChaseState) -> u32 {
        0
    }

    fn carry(s: &ChaseState) -> ChaseState {
        *s
    }

    /// Contests the Prey is ahead: those the Predator lost less its own.
    #[inline]
    fn track(&self, st: &[ChaseState; MAX_MEMBERS]) -> Option<i32> {
        Some(i32::from(st[0].b) - i32::from(st[0].a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::source::Enumerate;

    /// A chase under fta, one die a side (Dexterity 1, no Athletics) on
    /// foot through the streets (difficulty 6): a round's margin is +1 or
    /// -1 with 1/4 each, 0 with 1/2.
    fn one_die(tactics: &str) -> Lead {
        let text = format!(
            "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n\
             [chase]\nprey = \"Prey\"\nstart = \"head-start\"\nhead-start = 5\n{tactics}\n\
             [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n\
             [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n"
        );
        let s = Scenario::parse("t.toml", &text, None).unwrap();
        Lead::new(&s, &s.editions[0], Sampling::Outcome).unwrap()
    }

    /// Every way one round from `state` goes: the state after it, with its
    /// probability.
    fn after(lead: &Lead, state: ChaseState) -> Vec<(ChaseState, f64)> {
        let mut e = Enumerate::new();
        let mut out: Vec<(ChaseState, f64)> = Vec::new();
        loop {
            let mut st = [ChaseState::default(); MAX_MEMBERS];
            st[0] = state;
            let mut roster = Roster::new(0..2, 2);
            lead.round(&mut st, &mut roster, &mut e);
            match out.iter_mut().find(|(s, _)| *s == st[0]) {
                Some((_, p)) => *p += e.p(),
                None => out.push((st[0], e.p())),
            }
            if !e.next() {
                break;
            }
        }
        out
    }

    /// The chance the Lead is `a` after the round.
    fn p_lead(out: &[(ChaseState, f64)], a: i16) -> f64 {
        out.iter().filter(|(s, _)| s.a == a).map(|(_, p)| p).sum()
    }

    fn at(a: i16, pending: u8, easier: [i8; 2]) -> ChaseState {
        ChaseState {
            a,
            started: true,
            pending,
            easier,
            ..ChaseState::default()
        }
    }

    /// Seed 004's maneuvers' effects on the next round, one die a side
    /// from a Lead of 5: Head-Off doubles the Predator's margin (5 -> 3
    /// with 1/4); Bait halves it (rounded down, a margin of 1 moves
    /// nothing); Tail halves the Prey's; Gun it! makes the buyer's roll
    /// difficulty 5 (a success 6 in 10): the Prey wins 0.6 x 0.5 = 0.3,
    /// the Predator 0.4 x 0.5 = 0.2.
    #[test]
    fn maneuvers_change_the_next_round() {
        let lead = one_die("");
        // (pending effects, difficulty changes, the Lead after and its chance)
        type Case = (u8, [i8; 2], [(i16, f64); 3]);
        let cases: [Case; 5] = [
            (0, [0, 0], [(4, 0.25), (5, 0.5), (6, 0.25)]),
            (DOUBLE_PREDATOR, [0, 0], [(3, 0.25), (5, 0.5), (6, 0.25)]),
            (HALVE_PREDATOR, [0, 0], [(4, 0.0), (5, 0.75), (6, 0.25)]),
            (HALVE_PREY, [0, 0], [(4, 0.25), (5, 0.75), (6, 0.0)]),
            (0, [-1, 0], [(4, 0.2), (5, 0.5), (6, 0.3)]),
        ];
        for (pending, easier, want) in cases {
            let out = after(&lead, at(5, pending, easier));
            for (a, p) in want {
                assert!(
                    (p_lead(&out, a) - p).abs() < 1e-12,
                    "{pending} {easier:?}: {out:?}"
                );
            }
            // The effects last one round.
            assert!(
                out.iter()
                    .all(|(s, _)| s.pending == 0 && s.easier == [0, 0])
            );
        }
    }

    /// Buying: the Prey, winning at a Lead of 5 (to 6), buys Bait (-2:
    /// to 4, the Predator's next margin halved); it cannot pay Bait at a
    /// Lead of 2 (it would be caught). The Predator, winning (to 4), buys
    /// Head-Off (+4: to 8, its next margin doubled).
    #[test]
    fn the_winner_buys_its_first_maneuver_that_fits() {
        let lead = one_die(
            "prey-tactics = [{ buy = \"bait\", lead-max = 7 }]\n\
             predator-tactics = [{ buy = \"head-off\" }]",
        );
        let out = after(&lead, at(5, 0, [0, 0]));
        let won = out
            .iter()
            .find(|(s, _)| s.pending == HALVE_PREDATOR)
            .unwrap();
        assert_eq!(won.0.a, 4);
        assert!((won.1 - 0.25).abs() < 1e-12);
        let lost = out
            .iter()
            .find(|(s, _)| s.pending == DOUBLE_PREDATOR)
            .unwrap();
        assert_eq!(lost.0.a, 8);
        assert!((lost.1 - 0.25).abs() < 1e-12);
        // From a Lead of 1 a win takes it to 2: Bait would leave 0.
        let out = after(&lead, at(1, 0, [0, 0]));
        assert!((p_lead(&out, 2) - 0.25).abs() < 1e-12, "{out:?}");
    }

    /// "In there!": a new course (rush hour, difficulty 9) and the picked
    /// trait (Wits 3 in place of Dexterity 1) from the next round on.
    #[test]
    fn a_new_course_moves_the_chase() {
        let lead = one_die(
            "prey-tactics = [{ buy = \"in-there\", course = \"rush-hour\", trait = \"wits\" }]",
        );
        assert_eq!(lead.courses.len(), 2);
        // Wits defaults to 2 for both.
        assert_eq!(lead.courses[1], (9, [2, 2]));
        let out = after(&lead, at(5, 0, [0, 0]));
        assert!(out.iter().any(|(s, _)| s.course == 1 && s.a == 5));
    }
}

#[cfg(test)]
mod obstacles {
    use super::tests_support::*;
    use super::*;

    /// Seed 004 "Obstacle": "Failure generally means that party is out of
    /// the chase"; "if both parties fail the same obstacle ... we're on
    /// foot now". One die at 6 fails (no success) with 1/2: facing one
    /// alone the Predator is out with 1/2 (the Prey gets away); facing it
    /// both, each alone fails with 1/4, both with 1/4 (a new chase on
    /// foot, from a cold start), neither with 1/4.
    #[test]
    fn obstacles_put_out_who_fails_them() {
        let lead = one_die("");
        let (ends, states) = round_ends(&lead, at(5, 0, [0, 0], PREDATOR_FACES));
        assert!((ends.prey_wins_by_obstacle - 0.5).abs() < 1e-12, "{ends:?}");
        assert!((ends.predator_wins_by_obstacle).abs() < 1e-12);
        assert!(states.iter().all(|(s, _)| s.obstacle == 0));
        let (ends, states) = round_ends(&lead, at(5, 0, [0, 0], PREY_FACES | PREDATOR_FACES));
        assert!(
            (ends.prey_wins_by_obstacle - 0.25).abs() < 1e-12,
            "{ends:?}"
        );
        assert!(
            (ends.predator_wins_by_obstacle - 0.25).abs() < 1e-12,
            "{ends:?}"
        );
        let on_foot: f64 = states
            .iter()
            .filter(|(s, _)| s.on_foot && !s.started)
            .map(|(_, p)| p)
            .sum();
        assert!((on_foot - 0.25).abs() < 1e-12, "{states:?}");
    }

    /// "Nope!": the Prey facing an obstacle pays 3 Lead and passes it
    /// without a roll (from 5 to 2, then the round's margin); from a Lead
    /// of 3 it cannot pay and rolls.
    #[test]
    fn nope_passes_an_obstacle_for_three_lead() {
        let lead = one_die("prey-tactics = [{ buy = \"nope\" }]");
        let (ends, states) = round_ends(&lead, at(5, 0, [0, 0], PREY_FACES));
        assert!(ends.predator_wins_by_obstacle.abs() < 1e-12, "{ends:?}");
        let two: f64 = states
            .iter()
            .filter(|(s, _)| s.a == 2)
            .map(|(_, p)| p)
            .sum();
        assert!((two - 0.5).abs() < 1e-12, "{states:?}");
        let (ends, _) = round_ends(&lead, at(3, 0, [0, 0], PREY_FACES));
        assert!(
            (ends.predator_wins_by_obstacle - 0.5).abs() < 1e-12,
            "{ends:?}"
        );
    }

    /// "Quick Reverse": the Prey, winning a round, pays 3 Lead and the
    /// Predator faces an obstacle next round.
    #[test]
    fn quick_reverse_sets_the_predator_an_obstacle() {
        let lead = one_die("prey-tactics = [{ buy = \"quick-reverse\" }]");
        let (_, states) = round_ends(&lead, at(5, 0, [0, 0], 0));
        let bought: Vec<_> = states
            .iter()
            .filter(|(s, _)| s.obstacle == PREDATOR_FACES)
            .collect();
        assert!(bought.iter().all(|(s, _)| s.a == 3), "{bought:?}");
        let p: f64 = bought.iter().map(|(_, p)| p).sum();
        assert!((p - 0.25).abs() < 1e-12, "{bought:?}");
    }
}

#[cfg(test)]
mod tests_support {
    use super::*;
    use crate::combat::source::Enumerate;

    pub(super) fn one_die(tactics: &str) -> Lead {
        let text = format!(
            "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n\
             [chase]\nprey = \"Prey\"\nstart = \"head-start\"\nhead-start = 5\n{tactics}\n\
             [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n\
             [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n"
        );
        let s = Scenario::parse("t.toml", &text, None).unwrap();
        Lead::new(&s, &s.editions[0], Sampling::Outcome).unwrap()
    }

    pub(super) fn at(a: i16, pending: u8, easier: [i8; 2], obstacle: u8) -> ChaseState {
        ChaseState {
            a,
            started: true,
            pending,
            easier,
            obstacle,
            ..ChaseState::default()
        }
    }

    /// How rounds ended by obstacles.
    #[derive(Debug, Default)]
    pub(super) struct Ends {
        pub prey_wins_by_obstacle: f64,
        pub predator_wins_by_obstacle: f64,
    }

    /// Every way one round from `state` goes: how it ended by obstacles,
    /// and the states of the rounds that did not end.
    pub(super) fn round_ends(lead: &Lead, state: ChaseState) -> (Ends, Vec<(ChaseState, f64)>) {
        let mut e = Enumerate::new();
        let mut ends = Ends::default();
        let mut out: Vec<(ChaseState, f64)> = Vec::new();
        loop {
            let mut st = [ChaseState::default(); MAX_MEMBERS];
            st[0] = state;
            let mut roster = Roster::new(0..2, 2);
            lead.round(&mut st, &mut roster, &mut e);
            match roster.result(1, |_| 0) {
                Some(f) if f.end == End::Obstacle && f.winner == Some(0) => {
                    ends.prey_wins_by_obstacle += e.p();
                }
                Some(f) if f.end == End::Obstacle && f.winner == Some(1) => {
                    ends.predator_wins_by_obstacle += e.p();
                }
                Some(_) => {}
                None => out.push((st[0], e.p())),
            }
            if !e.next() {
                break;
            }
        }
        (ends, out)
    }
}
