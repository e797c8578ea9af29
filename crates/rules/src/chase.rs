//! `[chase]`: how an edition runs a chase, and every rule of its chase
//! engine as a setting.
//!
//! Each edition names its chase engine (`[chase] engine`) and holds the one
//! family that engine reads:
//!
//! - `lead` (fta, seed 004 "Chases"): a Lead between Predator and Prey,
//!   moved by the margin of contested chase rolls, `[chase.fta]`;
//! - `race` (revised, uwod): the car chase as an extended and resisted
//!   action and the run on foot as an extended action (seed 003),
//!   `[chase.race]`;
//! - `contest` (hubris): a prolonged physical contest decided by Stamina
//!   (seed 001), `[chase.contest]`.
//!
//! ```toml
//! extends = "fta"
//!
//! [chase.fta]
//! escape-lead = 8   # shake them off from a Lead of 8
//! ```

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::pools::Terms;
use crate::problem::{Problem, within};
use crate::{BotchEffect, TallyRule};

/// Which engine runs an edition's chases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChaseEngine {
    /// From the Ashes' Lead track (`[chase.fta]`).
    Lead,
    /// An extended-and-resisted race by car, an extended run on foot
    /// (`[chase.race]`).
    Race,
    /// A prolonged contest decided by Stamina (`[chase.contest]`).
    Contest,
}

impl ChaseEngine {
    /// Its name in rule files.
    pub fn name(self) -> &'static str {
        match self {
            ChaseEngine::Lead => "lead",
            ChaseEngine::Race => "race",
            ChaseEngine::Contest => "contest",
        }
    }

    /// The engine a rule file calls `name`.
    pub fn named(name: &str) -> Option<ChaseEngine> {
        [ChaseEngine::Lead, ChaseEngine::Race, ChaseEngine::Contest]
            .into_iter()
            .find(|e| e.name() == name)
    }

    /// The family (sub-table of `[chase]`) it reads.
    pub fn family(self) -> &'static str {
        match self {
            ChaseEngine::Lead => "fta",
            ChaseEngine::Race => "race",
            ChaseEngine::Contest => "contest",
        }
    }
}

/// The families of `[chase]`, one per engine.
pub const CHASE_FAMILIES: [&str; 3] = ["fta", "race", "contest"];

/// `[chase]`: the engine and its family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChaseRules {
    /// The engine that runs this edition's chases.
    pub engine: ChaseEngine,
    /// Who loses when the Prey's and the Predator's Runs are up in the
    /// same round.
    pub both_runs_out: BothRunsOut,
    /// `[chase.fta]`: the `lead` engine's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fta: Option<LeadRules>,
    /// `[chase.race]`: the `race` engine's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<RaceRules>,
    /// `[chase.contest]`: the `contest` engine's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contest: Option<ContestRules>,
}

/// The Prey's and the Predator's Runs up in the same round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BothRunsOut {
    /// Both lose: nobody wins (counted as "both run out", not a draw).
    BothLose,
    /// The Predator's runs out first: the Prey gets away.
    PreyEscapes,
    /// The Prey's runs out first: it is penned in, caught.
    PreyCaught,
}

/// When a Prey far enough ahead shakes the Predator off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EscapeCheck {
    /// The Lead at the start of the round is at least `escape-lead` and
    /// the Prey wins the round.
    LeadBeforeRound,
    /// The same, or the round's own margin takes the Lead there.
    LeadAfterRound,
}

/// `[chase.fta]`: From the Ashes' chase (seed 004 "Chases").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LeadRules {
    /// The cold start's difficulty (the Prey's chase pool).
    pub start_difficulty: i32,
    /// Added to the cold start's successes to give the head start.
    pub head_start_bonus: i32,
    /// Whether a botched cold start ends the chase with the Prey caught.
    pub start_botch_caught: bool,
    /// A course's difficulty when the scenario names none.
    pub base_difficulty: i32,
    /// The difficulty of the stalk-and-pounce rolls: the Perception roll
    /// against the Predator's Subterfuge, then the contested chase pools.
    pub stalk_difficulty: i32,
    /// Whether the stalk's contested chase-pool rolls are at the course's
    /// difficulty (else at `stalk-difficulty`, as the Perception rolls).
    pub stalk_course: bool,
    /// The Lead from which the Prey, winning a round, escapes.
    pub escape_lead: i32,
    /// Which Lead the escape looks at.
    pub escape_check: EscapeCheck,
    /// The Lead at or below which the Prey is caught.
    pub caught_lead: i32,
    /// Rounds on foot after which the chase pool turns to Stamina (0:
    /// never).
    pub winded_after: u32,
    /// `[chase.fta.pools]`.
    pub pools: LeadPools,
    /// `[chase.fta.courses]`: each course's difficulty, by name.
    pub courses: BTreeMap<String, i32>,
    /// Whether a halved margin rounds up (else down).
    pub halve_rounds_up: bool,
    /// Successes an obstacle's roll (the chase pool at the course's
    /// difficulty) needs.
    pub obstacle_successes: u8,
    /// Whether both parties failing one obstacle starts a new chase on
    /// foot (else the chase ends, a draw).
    pub both_crash_on_foot: bool,
    /// Scheduled obstacles on foot: whether Exhaustion comes as an
    /// obstacle in both parties' way once the pools have turned to Stamina
    /// (`winded-after`).
    pub exhaustion: bool,
    /// The rounds between Exhaustion obstacles, from the switch to Stamina
    /// on: the first comes `exhaustion-intervals[0]` rounds after it, the
    /// next `[1]` rounds later, and so on, the last interval repeating.
    pub exhaustion_intervals: Vec<u32>,
    /// Attacks: a party shoots only while the Lead (less what an Attack
    /// Run takes off it) is below this.
    pub attack_lead: i32,
    /// Attacks: whether the attacker splits its pool (its chase roll and
    /// its attack each lose `[combat.fta] split-actions`' dice for two
    /// actions).
    pub attack_split: bool,
    /// Attacks: whether a round's shots come before or after its chase
    /// roll.
    pub attack_order: AttackOrder,
    /// Attacks: the target's dodge difficulty on foot.
    pub dodge_difficulty: i32,
    /// Attacks: the target's dodge difficulty by car.
    pub dodge_difficulty_car: i32,
    /// Whether a wounded party's chase roll, attack and dodge lose its
    /// wound penalty (the edition's `[combat.health]`).
    pub wound_penalty: bool,
    /// `[chase.fta.maneuvers]`: every maneuver, by name.
    pub maneuvers: BTreeMap<String, Maneuver>,
}

/// When a round's shots are fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttackOrder {
    /// Before the chase roll: a party put down by a shot makes no chase
    /// roll, and a wounded one rolls it with its wound penalty.
    BeforeChaseRoll,
    /// After the chase roll: a round whose chase roll ends the chase (an
    /// escape, a capture) has no shots.
    AfterChaseRoll,
}

/// Who may buy a maneuver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Party {
    /// The one chased.
    Prey,
    /// The one chasing.
    Predator,
}

/// What a maneuver does to the next round's margin of success.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NextMargin {
    /// Nothing.
    None,
    /// The Prey's margin, if it wins the next round, is halved.
    HalvePrey,
    /// The Predator's margin, if it wins the next round, is halved.
    HalvePredator,
    /// The Predator's margin, if it wins the next round, is doubled.
    DoublePredator,
}

/// What a maneuver does with obstacles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObstacleEffect {
    /// Nothing.
    None,
    /// The other party faces an obstacle.
    Other,
    /// Both parties face an obstacle.
    Both,
    /// The buyer passes an obstacle without a roll.
    Pass,
}

/// One chase maneuver: who buys it, its cost in Lead, and its effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Maneuver {
    /// Who may buy it.
    pub by: Party,
    /// The Lead's change when it is bought (the Prey pays Lead, the
    /// Predator gives it).
    pub lead: i32,
    /// Its effect on the next round's margin.
    pub margin: NextMargin,
    /// Added to the buyer's difficulty in the next round.
    pub difficulty: i32,
    /// Whether it takes the chase to a new course, the buyer picking one
    /// trait of the chase pool.
    pub new_course: bool,
    /// Its effect on obstacles.
    pub obstacle: ObstacleEffect,
    /// How much lower the Lead counts for the buyer's attacks in the next
    /// round (`[chase.fta] attack-lead`).
    pub attack_lead: i32,
}

/// `[chase.fta.pools]`: the traits each chase roll adds up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LeadPools {
    /// On foot.
    pub foot: Terms,
    /// On foot after `winded-after` rounds.
    pub winded: Terms,
    /// By car.
    pub car: Terms,
    /// By car through heavy traffic or a maze of streets.
    pub car_heavy: Terms,
    /// The Prey's Perception roll when stalked.
    pub notice: Terms,
    /// The Predator's roll against it.
    pub stalk: Terms,
    /// The automatic dodge against a shot during a chase on foot.
    pub dodge: Terms,
    /// The same by car.
    pub dodge_car: Terms,
}

/// `[chase.race]`: the chase as seed 003's actions (revised, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RaceRules {
    /// The Predator's pool by car.
    pub car_predator: Terms,
    /// The Prey's pool by car.
    pub car_prey: Terms,
    /// The car rolls' difficulty (the edition's own notion).
    pub car_difficulty: i32,
    /// The net successes that decide the car chase.
    pub car_target: u32,
    /// How the car chase keeps score.
    pub car_tally: TallyRule,
    /// What a botch does to the botching side's score by car.
    pub car_botch: BotchEffect,
    /// The pool of the run on foot.
    pub foot: Terms,
    /// The run's difficulty (the edition's own notion).
    pub foot_difficulty: i32,
    /// The successes that outlast the pursuers.
    pub foot_target: u32,
    /// What a botch does to the runner's successes.
    pub foot_botch: BotchEffect,
    /// Whether the Predator rolls the same extended run, catching the
    /// Prey when it gets there first.
    pub foot_pursuer_rolls: bool,
}

/// `[chase.contest]`: the chase as a prolonged contest (hubris).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ContestRules {
    /// The pool on foot.
    pub foot: Terms,
    /// The pool by car.
    pub car: Terms,
    /// The rolls' difficulty (hubris: dice removed).
    pub difficulty: i32,
    /// The trait whose dots are the contests a side may lose before it
    /// gives up (the Prey caught, the Predator shaken off).
    pub resistance: Terms,
}

impl ChaseRules {
    /// Whether its family `family` is set.
    pub fn has(&self, family: &str) -> bool {
        match family {
            "fta" => self.fta.is_some(),
            "race" => self.race.is_some(),
            "contest" => self.contest.is_some(),
            _ => false,
        }
    }
}

/// The most a chase difficulty may be (an edition's own notion; the
/// dice's range is checked when the rolls are built).
const MAX_DIFFICULTY: i64 = 10;

/// Checks `[chase]`: its engine's family is there, and its numbers lie in
/// range.
pub(crate) fn check(c: &ChaseRules) -> Result<(), Problem> {
    let family = c.engine.family();
    if !c.has(family) {
        return Err((
            vec!["chase.engine"],
            format!(
                "missing: the `{}` chase engine reads [chase.{family}]",
                c.engine.name()
            ),
        ));
    }
    if let Some(l) = &c.fta {
        within(
            "chase.fta.start-difficulty",
            l.start_difficulty.into(),
            2,
            10,
        )?;
        within("chase.fta.base-difficulty", l.base_difficulty.into(), 2, 10)?;
        within(
            "chase.fta.stalk-difficulty",
            l.stalk_difficulty.into(),
            2,
            10,
        )?;
        within(
            "chase.fta.head-start-bonus",
            l.head_start_bonus.into(),
            0,
            10,
        )?;
        within("chase.fta.escape-lead", l.escape_lead.into(), 1, 30)?;
        within("chase.fta.caught-lead", l.caught_lead.into(), -10, 0)?;
        within("chase.fta.winded-after", l.winded_after.into(), 0, 100)?;
        within(
            "chase.fta.obstacle-successes",
            l.obstacle_successes.into(),
            1,
            10,
        )?;
        within("chase.fta.attack-lead", l.attack_lead.into(), 1, 30)?;
        within(
            "chase.fta.dodge-difficulty",
            l.dodge_difficulty.into(),
            2,
            10,
        )?;
        within(
            "chase.fta.dodge-difficulty-car",
            l.dodge_difficulty_car.into(),
            2,
            10,
        )?;
        if l.exhaustion_intervals.is_empty()
            || l.exhaustion_intervals.len() > 10
            || l.exhaustion_intervals
                .iter()
                .any(|&i| !(1..=20).contains(&i))
        {
            return Err((
                vec!["chase.fta.exhaustion-intervals"],
                "give 1 to 10 intervals, each 1..=20 rounds".into(),
            ));
        }
        if l.courses.is_empty() {
            return Err((vec!["chase.fta.courses"], "name at least one course".into()));
        }
        for (name, m) in &l.maneuvers {
            let sign_ok = match m.by {
                Party::Prey => m.lead <= 0,
                Party::Predator => m.lead >= 0,
            };
            if !sign_ok
                || !(-10..=10).contains(&m.lead)
                || !(-3..=3).contains(&m.difficulty)
                || !(0..=10).contains(&m.attack_lead)
            {
                return Err((
                    vec!["chase.fta.maneuvers"],
                    format!(
                        "maneuver `{name}`: the Prey pays Lead (-10..=0), the Predator gives it (0..=10); difficulty -3..=3; attack-lead 0..=10"
                    ),
                ));
            }
        }
        for (name, &d) in &l.courses {
            if !(2..=10).contains(&d) {
                return Err((
                    vec!["chase.fta.courses"],
                    format!("course `{name}`: difficulty {d} is outside 2..=10"),
                ));
            }
        }
    }
    if let Some(r) = &c.race {
        within(
            "chase.race.car-difficulty",
            r.car_difficulty.into(),
            0,
            MAX_DIFFICULTY,
        )?;
        within(
            "chase.race.foot-difficulty",
            r.foot_difficulty.into(),
            0,
            MAX_DIFFICULTY,
        )?;
        within("chase.race.car-target", r.car_target.into(), 1, 50)?;
        within("chase.race.foot-target", r.foot_target.into(), 1, 100)?;
    }
    if let Some(h) = &c.contest {
        within(
            "chase.contest.difficulty",
            h.difficulty.into(),
            0,
            MAX_DIFFICULTY,
        )?;
    }
    Ok(())
}
