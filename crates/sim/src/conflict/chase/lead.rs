//! From the Ashes' chase (seed 004, [`Lead`], `[chase.fta]`): the Lead
//! track between the Prey and the Predator, the start (cold, stalk, a
//! head start), the Runs and the switch to Stamina, the maneuvers each
//! party buys, the Storyteller's obstacles and Exhaustion, and the shots
//! ([`Fire`]) each round the Lead allows.

use wodds_rules::{AttackOrder, LeadRules, NextMargin, ObstacleEffect, Party, RuleSet, RulesError};

use super::fire::Fire;
use super::setup::{ChaseState, Setup, pool_of, roller};
use crate::conflict::chain::Rounds;
use crate::conflict::fighter::hurt;
use crate::conflict::health::Health;
use crate::conflict::scenario::{
    By, MAX_MEMBERS, Scenario, StartKind, course_difficulty, maneuver,
};
use crate::conflict::source::{Roller, Sampling, Source};
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Roster};

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
    /// How much lower the Lead counts for the buyer's attacks next round.
    closer: u8,
}

/// Who faces an obstacle next round ([`ChaseState::obstacle`]): bit 0 the
/// Prey, bit 1 the Predator.
const PREY_FACES: u8 = 1;
const PREDATOR_FACES: u8 = 2;

/// Pending effects on the next round's margin ([`ChaseState::pending`]).
const HALVE_PREY: u8 = 1;
const HALVE_PREDATOR: u8 = 2;
const DOUBLE_PREDATOR: u8 = 4;

/// What the obstacles' schedule puts in a round ([`Lead::schedule`]).
const STORYTELLER: u8 = 1;
const EXHAUSTION: u8 = 2;

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
    /// Whether the scenario's chase is on foot.
    by_foot: bool,
    /// The last round [`ChaseState::round`] counts.
    horizon: u32,
    /// The obstacles' schedule: what comes at the start of round `r`
    /// ([`STORYTELLER`], [`EXHAUSTION`] bits) for `r` up to `horizon`,
    /// then one period past it (empty: no schedule).
    schedule: Vec<u8>,
    /// The schedule's period past `horizon`.
    period: u16,
    /// Shots, when a party shoots.
    fire: Option<Box<Fire>>,
    /// Wound penalties of the first six boxes (all 0 under
    /// `wound-penalty = false`).
    penalties: [u8; 6],
    /// Each member's health when the chase starts.
    health: [Health; 2],
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
                    closer: m.attack_lead.clamp(0, 10) as u8,
                });
            }
        }
        let foot_of = |i: usize| [pool_of(side(i), &p.foot), pool_of(side(i), &p.winded)];
        let foot = [foot_of(setup.prey), foot_of(setup.predator)];
        // A chase by car that may crash goes on foot: count its rounds
        // up to the switch to Stamina.
        let scheduled = !chase.obstacles.is_empty() || chase.obstacle_every > 0;
        let crashes = lead.both_crash_on_foot
            && (scheduled
                || tactics
                    .iter()
                    .flatten()
                    .any(|t| matches!(t.obstacle, ObstacleEffect::Other | ObstacleEffect::Both)));
        let winded_after = if chase.by != By::Foot && crashes {
            lead.winded_after
        } else {
            winded_after
        };
        let fire = Fire::new(scenario, rules, &setup, chase, &lead, sampling)?;
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
        // The obstacles' schedule: the Storyteller's rounds, every
        // `obstacle-every`, and (on foot) Exhaustion from the switch to
        // Stamina on, at the rules' intervals, the last repeating.
        let exhaustion = lead.exhaustion && winded_after > 0 && (chase.by == By::Foot || crashes);
        let intervals = &lead.exhaustion_intervals;
        let exhausted_from = winded_after + intervals.iter().sum::<u32>();
        let last = intervals.last().copied().unwrap_or(1).max(1);
        let exhausts = |r: u32| {
            let mut at = winded_after;
            for &i in intervals {
                at += i;
                if r == at {
                    return true;
                }
            }
            r > exhausted_from && (r - exhausted_from).is_multiple_of(last)
        };
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
    fn tick(&self, s: &mut ChaseState) {
        if u32::from(s.round) < self.horizon {
            s.round += 1;
        } else if self.period > 1 {
            s.clock = (s.clock + 1) % self.period;
        }
    }

    /// What the obstacles' schedule puts at the start of the round `s`
    /// is about to play.
    #[inline]
    fn scheduled(&self, s: &ChaseState) -> u8 {
        if self.schedule.is_empty() {
            return 0;
        }
        let r = if u32::from(s.round) < self.horizon {
            usize::from(s.round) + 1
        } else {
            self.horizon as usize + 1 + usize::from(s.clock)
        };
        self.schedule[r]
    }

    /// The wound penalty of `health`.
    #[inline]
    fn penalty(&self, health: &Health) -> i32 {
        i32::from(health.penalty(&self.penalties))
    }

    /// The head start, or `None` when the chase ends before it begins
    /// (a botched cold start, a successful pounce).
    fn head_start<D: Source>(
        &self,
        s: &ChaseState,
        wounds: [i32; 2],
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
                let r = self.cold.roll(dice, (prey[0] - wounds[0]).max(0));
                roster.botches += u32::from(r.botch);
                if r.botch && self.rules.start_botch_caught {
                    None
                } else {
                    Some(i32::from(r.successes) + self.rules.head_start_bonus)
                }
            }
            StartKind::Stalk => {
                let n = self.stalk.roll(dice, (self.notice[0] - wounds[0]).max(0));
                let s = self.stalk.roll(dice, (self.notice[1] - wounds[1]).max(0));
                let extra = (i32::from(n.successes) - i32::from(s.successes)).max(0);
                let a = self.stalk.roll(dice, (prey[0] + extra - wounds[0]).max(0));
                let b = self.stalk.roll(dice, (predator[0] - wounds[1]).max(0));
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
        s.closer[party as usize] = s.closer[party as usize].max(t.closer);
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

    /// The attack dice each party shoots with this round (0: it does not
    /// shoot): a shooter shoots while the Lead, less its Attack Run, is
    /// below `attack-lead`, and has dice left after its split and wounds.
    #[inline]
    fn aims(&self, s: &ChaseState, wounds: [i32; 2]) -> [i32; 2] {
        let Some(f) = &self.fire else {
            return [0; 2];
        };
        std::array::from_fn(|i| {
            let near = i32::from(s.a) - i32::from(s.closer[i]) < self.rules.attack_lead;
            let dice = f.attack[i] - f.split - wounds[i];
            if f.shoots[i] && near && dice >= 1 {
                dice
            } else {
                0
            }
        })
    }

    /// The round's shots (`aims`, by party), at once: each target dodges
    /// (automatically, its whole dodge less its wounds), and the damage of
    /// both lands after both are fired.
    fn shoot<D: Source>(
        &self,
        s: &ChaseState,
        aims: [i32; 2],
        health: &mut [Health; 2],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let Some(f) = &self.fire else {
            return;
        };
        let foot = self.by_foot || s.on_foot;
        let wounds = [self.penalty(&health[0]), self.penalty(&health[1])];
        let mut levels = [0u32; 2];
        for (i, &aim) in aims.iter().enumerate() {
            if aim < 1 {
                continue;
            }
            let t = 1 - i;
            let dodge = f.dodge[t][usize::from(foot)] - wounds[t];
            let strike = f.shot(i, foot, aim, dodge, dice);
            roster.botches += u32::from(strike.botches);
            levels[t] = u32::from(strike.levels);
        }
        let members = [self.setup.prey, self.setup.predator];
        for t in 0..2 {
            if levels[t] > 0 {
                let kind = f.kind[1 - t];
                hurt(
                    &f.track,
                    kind,
                    levels[t],
                    &mut health[t],
                    roster,
                    members[t],
                );
            }
        }
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
                    // The start ends it: a botch, or the pounce.
                    self.setup.caught(roster);
                    return;
                }
            }
        }
        let (difficulty, pools) = self.now(s);
        let pools = [pools[0] - wounds[0], pools[1] - wounds[1]].map(|p| p.max(0));
        // The Storyteller's obstacles and, on foot, Exhaustion: in both
        // parties' way (one roll each with a maneuver's obstacle).
        let due = self.scheduled(s);
        if due & STORYTELLER != 0 || (due & EXHAUSTION != 0 && (self.by_foot || s.on_foot)) {
            s.obstacle |= PREY_FACES | PREDATOR_FACES;
        }
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
                    // next round (its clock running on, its wounds kept).
                    let round = u32::from(s.round) + 1;
                    let mut next = ChaseState {
                        round: s.round,
                        clock: s.clock,
                        on_foot: true,
                        health: s.health,
                        ..ChaseState::default()
                    };
                    self.tick(&mut next);
                    *s = next;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::source::Enumerate;

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
    use crate::conflict::source::Enumerate;

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

#[cfg(test)]
mod shots {
    use super::*;
    use crate::conflict::source::Enumerate;

    /// A car chase at difficulty 6 (the base course), one die everywhere:
    /// the Prey (Dexterity 1, no Drive) drives and dodges with one die;
    /// the Predator (Dexterity 1, Drive 3, Firearms 3, a pistol at
    /// effective range) shoots, and in a round it shoots its chase roll
    /// (4 dice) and its shot (4 dice) each lose 3 to the split: one die
    /// each. Under Revised's dice a die succeeds on 6-10 (1/2) and a 1
    /// (1/10) botches a roll with no success.
    fn gunman(tactics: &str) -> Lead {
        let text = format!(
            "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n\
             [chase]\nprey = \"Prey\"\nby = \"car\"\nstart = \"head-start\"\nhead-start = 5\npredator-attacks = true\n{tactics}\n\
             [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1 }}\n\
             [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\n\
             traits = {{ dexterity = 1, drive = 3, firearms = 3 }}\nweapon = \"pistol\"\nrange = \"effective\"\n"
        );
        let s = Scenario::parse("t.toml", &text, None).unwrap();
        Lead::new(&s, &s.editions[0], Sampling::Outcome).unwrap()
    }

    fn at(a: i16, closer: [u8; 2]) -> ChaseState {
        ChaseState {
            a,
            started: true,
            closer,
            ..ChaseState::default()
        }
    }

    /// Every way one round from `state` goes that does not end the
    /// chase: the chase's state, the Prey's health, and the chance.
    fn after(lead: &Lead, state: ChaseState) -> Vec<(ChaseState, Health, f64)> {
        let mut e = Enumerate::new();
        let mut out: Vec<(ChaseState, Health, f64)> = Vec::new();
        loop {
            let mut st = [ChaseState::default(); MAX_MEMBERS];
            st[0] = state;
            let mut roster = Roster::new(0..2, 2);
            lead.round(&mut st, &mut roster, &mut e);
            if roster.result(1, |_| 0).is_none() {
                let (mut s, h) = (st[0], st[0].health);
                s.health = Health::default();
                match out.iter_mut().find(|(t, g, _)| *t == s && *g == h) {
                    Some((.., p)) => *p += e.p(),
                    None => out.push((s, h, e.p())),
                }
            }
            if !e.next() {
                break;
            }
        }
        out
    }

    fn p(out: &[(ChaseState, Health, f64)], f: impl Fn(&ChaseState, &Health) -> bool) -> f64 {
        out.iter()
            .filter(|(s, h, _)| f(s, h))
            .map(|(.., p)| p)
            .sum()
    }

    /// The chance that 4 dice at 6 under Revised (1s cancel successes)
    /// come to `n` successes, from their 10^4 faces.
    fn four_dice(n: i32) -> f64 {
        let mut hits = 0;
        for faces in 0..10_000u32 {
            let f = |k: u32| faces / 10u32.pow(k) % 10 + 1;
            let s = (0..4).filter(|&k| f(k) >= 6).count() as i32;
            let o = (0..4).filter(|&k| f(k) == 1).count() as i32;
            if (s - o).max(0) == n {
                hits += 1;
            }
        }
        f64::from(hits) / 1e4
    }

    /// From a Lead of 4 (below `attack-lead` 5) the Predator shoots first:
    /// its one die hits with 1/2 (6-10), the Prey's one-die dodge takes
    /// the success back with 1/2, so a hit is 1/4; the pistol's 4 damage
    /// dice (no extra: one net success), soaked by nothing (a mortal
    /// against lethal), put through 0..=4 levels binomially (1, 4, 6, 4, 1
    /// sixteenths). So the Prey has 0 levels with 3/4 + 1/64 = 49/64, 1
    /// with 1/16, 2 with 3/32, 3 with 1/16, 4 with 1/64. Then the chase
    /// roll: the Predator's one die (split) against the Prey's, which two
    /// levels or more (-1) leave with none: the Lead goes to 5 with
    /// (53/64)(1/4) = 53/256, stays 4 with 1/2, drops to 3 with 53/256 +
    /// (11/64)(1/2) = 75/256.
    #[test]
    fn a_shot_hits_and_wounds_as_worked_by_hand() {
        let lead = gunman("");
        let out = after(&lead, at(4, [0, 0]));
        let want = [49.0 / 64.0, 1.0 / 16.0, 3.0 / 32.0, 1.0 / 16.0, 1.0 / 64.0];
        for (k, w) in want.iter().enumerate() {
            let got = p(&out, |_, h| usize::from(h.lethal) == k);
            assert!((got - w).abs() < 1e-12, "{k} levels: {got} vs {w}");
        }
        for (l, w) in [(5, 53.0 / 256.0), (4, 0.5), (3, 75.0 / 256.0)] {
            let got = p(&out, |s, _| s.a == l);
            assert!((got - w).abs() < 1e-12, "Lead {l}: {got} vs {w}");
        }
        // Nothing ends in the round (no escape, no capture, nobody down).
        assert!((p(&out, |_, _| true) - 1.0).abs() < 1e-12);
    }

    /// From a Lead of 5 the Predator does not shoot (004: "lower than 5")
    /// and drives with its whole 4 dice: the Lead goes to 6 only when the
    /// Prey's die succeeds (1/2) and the Predator's four come to nothing.
    /// After an Attack Run ("Lead considered -4 for attack") it shoots
    /// from 5 as from 4: the same wounds and the same moves of the Lead,
    /// one higher, and the run lapses.
    #[test]
    fn an_attack_run_brings_the_shots_closer() {
        let lead = gunman("");
        let out = after(&lead, at(5, [0, 0]));
        assert!((p(&out, |_, h| h.filled() == 0) - 1.0).abs() < 1e-12);
        let six = p(&out, |s, _| s.a == 6);
        assert!((six - 0.5 * four_dice(0)).abs() < 1e-12, "{six}");

        let out = after(&lead, at(5, [0, 4]));
        let unhurt = p(&out, |_, h| h.filled() == 0);
        assert!((unhurt - 49.0 / 64.0).abs() < 1e-12, "{unhurt}");
        for (l, w) in [(6, 53.0 / 256.0), (5, 0.5), (4, 75.0 / 256.0)] {
            let got = p(&out, |s, _| s.a == l);
            assert!((got - w).abs() < 1e-12, "Lead {l}: {got} vs {w}");
        }
        assert!(out.iter().all(|(s, ..)| s.closer == [0, 0]));
        // The Prey's Attack Run would not bring the Predator's shots
        // closer: from 5 with the Prey's run, no shot.
        let out = after(&lead, at(5, [4, 0]));
        assert!((p(&out, |_, h| h.filled() == 0) - 1.0).abs() < 1e-12);
    }

    /// Buying it: the Predator, winning a round from a Lead of 6 by one
    /// (its four dice one success ahead of the Prey's die), takes the
    /// Lead to 5 and buys the Attack Run (+1: back to 6, its shots closer
    /// by 4 next round); winning by two (to 4) it is out of the tactic's
    /// range (5..=8) and buys nothing.
    #[test]
    fn the_predator_buys_an_attack_run() {
        let lead =
            gunman("predator-tactics = [{ buy = \"attack-run\", lead-min = 5, lead-max = 8 }]");
        let out = after(&lead, at(6, [0, 0]));
        let bought = p(&out, |s, _| s.closer == [0, 4]);
        // The Prey's die: 1 success with 1/2, else none.
        let by_one = 0.5 * four_dice(1) + 0.5 * four_dice(2);
        assert!((bought - by_one).abs() < 1e-12, "{bought} vs {by_one}");
        assert!(
            out.iter()
                .filter(|(s, ..)| s.closer != [0, 0])
                .all(|(s, ..)| s.a == 6)
        );
        assert!(p(&out, |s, _| s.a == 5).abs() < 1e-12);
    }
}
