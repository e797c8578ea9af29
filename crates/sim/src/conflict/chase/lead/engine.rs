//! fta's chase engine: [`Lead`] compiled from a scenario, its state's
//! small helpers (the round and the schedule's clock, the pools now, the
//! roller at a difficulty), one round of the chase, and the round
//! chain's view of it. What a round does at its start, at an obstacle,
//! with a maneuver and with a shot is in the mechanism's own file.

use wodds_rules::{AttackOrder, LeadRules, NextMargin, ObstacleEffect, Party, RuleSet, RulesError};

use crate::conflict::chain::Rounds;
use crate::conflict::chase::fire::Fire;
use crate::conflict::chase::setup::{ChaseState, Setup, pool_of, roller};
use crate::conflict::health::Health;
use crate::conflict::scenario::{
    By, MAX_MEMBERS, Scenario, StartKind, course_difficulty, maneuver,
};
use crate::conflict::source::{Roller, Sampling, Source};
use crate::conflict::turn::{Frame, Roster};

/// A maneuver a side buys, compiled.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tactic {
    /// The Lead range it buys in.
    pub(super) lo: i32,
    pub(super) hi: i32,
    /// The Lead's change.
    pub(super) lead: i32,
    pub(super) margin: NextMargin,
    /// Added to the buyer's next difficulty.
    pub(super) difficulty: i8,
    /// The course it moves to (an index of [`Lead::courses`]; 0: none).
    pub(super) course: u8,
    /// Who faces an obstacle, or (`Pass`) bought when facing one.
    pub(super) obstacle: ObstacleEffect,
    /// How much lower the Lead counts for the buyer's attacks next round.
    pub(super) closer: u8,
}

/// Who faces an obstacle next round ([`ChaseState::obstacle`]): bit 0 the
/// Prey, bit 1 the Predator.
pub(super) const PREY_FACES: u8 = 1;
pub(super) const PREDATOR_FACES: u8 = 2;

/// Pending effects on the next round's margin ([`ChaseState::pending`]).
pub(super) const HALVE_PREY: u8 = 1;
pub(super) const HALVE_PREDATOR: u8 = 2;
pub(super) const DOUBLE_PREDATOR: u8 = 4;

/// What the obstacles' schedule puts in a round ([`Lead::schedule`]).
pub(super) const STORYTELLER: u8 = 1;
pub(super) const EXHAUSTION: u8 = 2;

/// From the Ashes' chase (seed 004): the Lead track.
#[derive(Debug, Clone)]
pub struct Lead {
    pub(super) setup: Setup,
    pub(super) rules: LeadRules,
    pub(super) start: StartKind,
    pub(super) head_start: i32,
    /// Chase pools on the scenario's course, fresh and winded: Prey,
    /// Predator.
    pub(super) pools: [[i32; 2]; 2],
    /// Rounds after which the pools are winded (0: never).
    pub(super) winded_after: u32,
    /// The Prey's Perception and the Predator's Subterfuge (stalk).
    pub(super) notice: [i32; 2],
    /// Each course's difficulty and pools (Prey, Predator; each fresh and
    /// winded): 0 the scenario's (its pools in `pools`), then those
    /// maneuvers lead to.
    pub(super) courses: Vec<(i32, [[i32; 2]; 2])>,
    /// Rolls at each difficulty from `lowest`.
    pub(super) rolls: Vec<Roller>,
    pub(super) lowest: i32,
    pub(super) highest: i32,
    pub(super) cold: Roller,
    pub(super) stalk: Roller,
    /// The maneuvers the Prey, then the Predator, buy.
    pub(super) tactics: [Vec<Tactic>; 2],
    /// The pools on foot, fresh and winded (Prey, Predator), for a chase
    /// that goes on foot after both crash.
    pub(super) foot: [[i32; 2]; 2],
    /// A chase on foot after both crashed: rounds on foot after which its
    /// pools are winded (0: never), whether Exhaustion comes in round
    /// `f` on foot (`f` from 1), and the last value [`ChaseState::foot`]
    /// takes before it goes round the repeating interval.
    pub(super) afoot: Afoot,
    /// Whether the scenario's chase is on foot.
    pub(super) by_foot: bool,
    /// The last round [`ChaseState::round`] counts.
    pub(super) horizon: u32,
    /// The obstacles' schedule: what comes at the start of round `r`
    /// ([`STORYTELLER`], [`EXHAUSTION`] bits) for `r` up to `horizon`,
    /// then one period past it (empty: no schedule).
    pub(super) schedule: Vec<u8>,
    /// The schedule's period past `horizon`.
    pub(super) period: u16,
    /// Shots, when a party shoots.
    pub(super) fire: Option<Box<Fire>>,
    /// Wound penalties of the first six boxes (all 0 under
    /// `wound-penalty = false`).
    pub(super) penalties: [u8; 6],
    /// Each member's health when the chase starts.
    pub(super) health: [Health; 2],
}

/// The least common multiple of `a` and `b` (both at least 1).
fn lcm(a: u32, b: u32) -> u32 {
    let gcd = |mut x: u32, mut y: u32| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    a / gcd(a, b) * b
}

impl Lead {
    /// Compiles a chase scenario for fta's `[chase.fta]`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Lead, RulesError> {
        let (setup, chase) = Setup::of(scenario, rules)?;
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
        let mut courses = vec![(difficulty, pools)];
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
                    // Winded, the pool is the course's own winded pool: 004
                    // "switch the pool to use Stamina" whatever the course.
                    courses.push((
                        d,
                        [
                            [pool_of(side(setup.prey), &terms), pools[0][1]],
                            [pool_of(side(setup.predator), &terms), pools[1][1]],
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
                    closer: m.attack_lead.clamp(0, 10) as u8,
                });
            }
        }
        let foot_of = |i: usize| [pool_of(side(i), &p.foot), pool_of(side(i), &p.winded)];
        let foot = [foot_of(setup.prey), foot_of(setup.predator)];
        // A chase by car that may crash goes on foot, its own rounds
        // counted from the crash (004: "After five or six rounds of
        // sprinting"; the car's rounds were not sprinting).
        let scheduled = !chase.obstacles.is_empty() || chase.obstacle_every > 0;
        let crashes = lead.both_crash_on_foot
            && (scheduled
                || tactics
                    .iter()
                    .flatten()
                    .any(|t| matches!(t.obstacle, ObstacleEffect::Other | ObstacleEffect::Both)));
        let fire = Fire::new(scenario, rules, &setup, chase, &lead, sampling)?;
        let max_pool = pools
            .iter()
            .flatten()
            .chain(foot.iter().flatten())
            .chain(courses.iter().flat_map(|c| c.1.iter().flatten()))
            .max()
            .copied()
            .unwrap_or(1)
            + notice[0].max(notice[1])
            + 1;
        let [lowest, highest] = rules.dice.difficulty_range;
        let rolls = (lowest..=highest)
            .map(|d| roller(rules, d, sampling, max_pool))
            .collect::<Result<Vec<_>, _>>()?;
        // The obstacles' schedule: the Storyteller's rounds, every
        // `obstacle-every`, and (on foot) Exhaustion from the switch to
        // Stamina on, at the rules' intervals, the last repeating.
        let exhaustion = lead.exhaustion && winded_after > 0 && chase.by == By::Foot;
        let intervals = &lead.exhaustion_intervals;
        let last = intervals.last().copied().unwrap_or(1).max(1);
        let exhausts = |r: u32| exhausts(winded_after, intervals, r);
        let exhausted_from = winded_after + intervals.iter().sum::<u32>();
        let afoot = Afoot::new(crashes, &lead)
            .ok_or_else(|| error("chase: the Exhaustion intervals repeat too seldom".into()))?;
        let what = |r: u32| {
            let st = chase.obstacles.contains(&r)
                || (chase.obstacle_every > 0 && r.is_multiple_of(chase.obstacle_every));
            u8::from(st) * STORYTELLER + u8::from(exhaustion && exhausts(r)) * EXHAUSTION
        };
        let mut horizon = setup.horizon(winded_after);
        let mut period = 1;
        let mut schedule = Vec::new();
        if scheduled || exhaustion {
            // Past `beyond` the schedule repeats with its period.
            let beyond = chase
                .obstacles
                .last()
                .copied()
                .unwrap_or(0)
                .max(if exhaustion { exhausted_from } else { 0 });
            horizon = horizon.max(beyond);
            period = lcm(
                chase.obstacle_every.max(1),
                if exhaustion { last } else { 1 },
            );
            schedule = (0..=horizon + period).map(what).collect();
        }
        let penalties = match rules.combat.health {
            Some(h) if lead.wound_penalty => h.wound_penalties,
            _ => [0; 6],
        };
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
            afoot,
            by_foot: chase.by == By::Foot,
            horizon,
            schedule,
            period: u16::try_from(period)
                .map_err(|_| error("chase: the obstacles' schedule repeats too seldom".into()))?,
            fire: fire.map(Box::new),
            penalties,
            health: [Health::default(); 2],
            rules: lead,
        })
    }

    /// The same chase with its members starting wounded (`health`, by
    /// member: the first side's member first; a chase that follows a
    /// fight): their wound penalties count from the first roll (under
    /// `[chase.fta] wound-penalty`), and a shot adds to their wounds.
    pub fn with_health(mut self, health: [Health; 2]) -> Lead {
        self.health = health;
        self
    }

    /// Counts a round played in `s`: the round, up to the horizon, then
    /// the schedule's clock.
    #[inline]
    pub(super) fn tick(&self, s: &mut ChaseState) {
        if u32::from(s.round) < self.horizon {
            s.round += 1;
        } else if self.period > 1 {
            s.clock = (s.clock + 1) % self.period;
        }
        if s.on_foot {
            s.foot = self.afoot.next(s.foot);
        }
    }

    /// The wound penalty of `health`.
    #[inline]
    pub(super) fn penalty(&self, health: &Health) -> i32 {
        i32::from(health.penalty(&self.penalties))
    }

    /// The difficulty and the Prey's and Predator's chase pools in state
    /// `s`.
    pub(super) fn now(&self, s: &ChaseState) -> (i32, [i32; 2]) {
        if s.on_foot {
            let winded = usize::from(self.afoot.winded(s.foot));
            return (
                self.courses[0].0,
                [self.foot[0][winded], self.foot[1][winded]],
            );
        }
        let winded = usize::from(self.winded_after > 0 && u32::from(s.round) >= self.winded_after);
        let (difficulty, pools) = &self.courses[usize::from(s.course)];
        (*difficulty, [pools[0][winded], pools[1][winded]])
    }

    /// The roller at `difficulty` (held to the edition's range).
    pub(super) fn at(&self, difficulty: i32) -> &Roller {
        &self.rolls[(difficulty.clamp(self.lowest, self.highest) - self.lowest) as usize]
    }

    /// One round on the chase's state `s`, with the Prey's and the
    /// Predator's `health`.
    #[inline]
    fn play<D: Source>(
        &self,
        s: &mut ChaseState,
        health: &mut [Health; 2],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let wounds = [self.penalty(&health[0]), self.penalty(&health[1])];
        if !s.started {
            s.started = true;
            match self.head_start(s, wounds, dice, roster) {
                Some(h) => s.a = h as i16,
                None => {
                    // The start ends it: a botch, or the pounce, "before it
                    // truly began" (004): 0 rounds, unless it is the
                    // chase on foot after a crash, begun in a round played.
                    roster.unbegun = !s.on_foot && s.round == 0;
                    self.setup.caught(roster);
                    return;
                }
            }
        }
        let (difficulty, pools) = self.now(s);
        let pools = [pools[0] - wounds[0], pools[1] - wounds[1]].map(|p| p.max(0));
        if self.obstacles(s, difficulty, pools, roster, dice) {
            return;
        }
        // Who shoots is declared with the split, on the Lead the round
        // starts from.
        let aims = self.aims(s, wounds);
        let shooting = aims != [0; 2];
        let after = self.rules.attack_order == AttackOrder::AfterChaseRoll;
        if shooting && !after {
            self.shoot(s, aims, health, roster, dice);
            if roster.decided() {
                return;
            }
        }
        // A shooter's chase roll loses the split; a shot's wounds count
        // at once (before the chase roll).
        let split = self.fire.as_ref().map_or(0, |f| f.split);
        let pool = |i: usize| {
            let lost = self.penalty(&health[i]) - wounds[i];
            let split = if aims[i] > 0 { split } else { 0 };
            (pools[i] - lost - split).max(0)
        };
        let a = self
            .at(difficulty + i32::from(s.easier[0]))
            .roll(dice, pool(0));
        let b = self
            .at(difficulty + i32::from(s.easier[1]))
            .roll(dice, pool(1));
        roster.botches += u32::from(a.botch) + u32::from(b.botch);
        let raw = i32::from(a.successes) - i32::from(b.successes);
        // Last round's maneuvers act on this round's margin, then lapse.
        let margin = self.margin(raw, s.pending);
        s.pending = 0;
        s.easier = [0, 0];
        s.closer = [0, 0];
        let before = i32::from(s.a);
        let lead = before + margin;
        s.a = lead as i16;
        let round = u32::from(s.round) + 1;
        self.tick(s);
        let far = match self.rules.escape_check {
            wodds_rules::EscapeCheck::LeadBeforeRound => before,
            wodds_rules::EscapeCheck::LeadAfterRound => before.max(lead),
        };
        // The Prey escapes by winning the round (its roll beats the
        // Predator's, whatever a maneuver did to the margin).
        if raw > 0 && far >= self.rules.escape_lead {
            self.setup.escaped(roster);
            return;
        }
        if lead <= self.rules.caught_lead {
            self.setup.caught(roster);
            return;
        }
        if shooting && after {
            self.shoot(s, aims, health, roster, dice);
            if roster.decided() {
                return;
            }
        }
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

impl Rounds for Lead {
    type State = ChaseState;

    fn frame(&self) -> Frame {
        self.setup.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        0..2
    }

    fn start(&self, i: usize) -> ChaseState {
        ChaseState {
            health: self.health[i],
            ..ChaseState::default()
        }
    }

    #[inline]
    fn round<D: Source>(
        &self,
        st: &mut [ChaseState; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let (prey, predator) = (self.setup.prey, self.setup.predator);
        let mut health = [st[prey].health, st[predator].health];
        self.play(&mut st[0], &mut health, roster, dice);
        st[prey].health = health[0];
        st[predator].health = health[1];
    }

    /// The health levels the member lost to shots.
    fn lost(s: &ChaseState) -> u32 {
        u32::from(s.health.filled())
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

/// Whether Exhaustion comes in round `r` (from 1) of a chase on foot
/// winded after `winded_after` rounds: after each of `intervals` from
/// then, the last repeating.
fn exhausts(winded_after: u32, intervals: &[u32], r: u32) -> bool {
    let mut at = winded_after;
    for &i in intervals {
        at += i;
        if r == at {
            return true;
        }
    }
    let last = intervals.last().copied().unwrap_or(1).max(1);
    r > at && (r - at).is_multiple_of(last)
}

/// The chase on foot that follows both crashing: its pools winded and its
/// Exhaustion counted from its own first round.
#[derive(Debug, Clone)]
pub(super) struct Afoot {
    winded_after: u16,
    /// Whether Exhaustion comes in round `f + 1` on foot, for `f` up to
    /// `cap`.
    exhaustion: Vec<bool>,
    /// The last value of the count; past it the count goes back by the
    /// repeating interval (`period`).
    cap: u16,
    period: u16,
}

impl Afoot {
    /// The rules' chase on foot after a crash (never winded when the chase
    /// cannot crash or the rules never wind it); `None` when its schedule
    /// does not fit the count.
    fn new(crashes: bool, lead: &LeadRules) -> Option<Afoot> {
        let winded_after = if crashes { lead.winded_after } else { 0 };
        let w = u16::try_from(winded_after).ok()?;
        if !(lead.exhaustion && w > 0) {
            return Some(Afoot {
                winded_after: w,
                exhaustion: vec![false; usize::from(w) + 1],
                cap: w,
                period: 1,
            });
        }
        let intervals = &lead.exhaustion_intervals;
        let last = intervals.last().copied().unwrap_or(1).max(1);
        let cap = u16::try_from(winded_after + intervals.iter().sum::<u32>() + last).ok()?;
        Some(Afoot {
            winded_after: w,
            exhaustion: (0..=cap)
                .map(|f| exhausts(winded_after, intervals, u32::from(f) + 1))
                .collect(),
            cap,
            period: u16::try_from(last).ok()?,
        })
    }

    /// The count after one more round on foot.
    pub(super) fn next(&self, f: u16) -> u16 {
        if f < self.cap {
            f + 1
        } else {
            // Past the cap the schedule repeats with `period`, and the
            // pools stay winded.
            f + 1 - self.period
        }
    }

    /// Whether the pools are winded after `f` rounds on foot.
    pub(super) fn winded(&self, f: u16) -> bool {
        self.winded_after > 0 && f >= self.winded_after
    }

    /// Whether Exhaustion comes in the round after `f` rounds on foot.
    pub(super) fn exhausts(&self, f: u16) -> bool {
        self.exhaustion[usize::from(f)]
    }
}
