//! Revised's chase (seed 003), and uwod's with its dice ([`Race`],
//! `[chase.race]`): by car an extended and resisted action between the
//! Predator and the Prey, on foot the Prey's extended run.

use wodds_rules::{BotchEffect, RuleSet, RulesError, TallyRule};

use super::setup::{ChaseState, Setup, pool_of, roller};
use crate::action::contest_round;
use crate::conflict::chain::Rounds;
use crate::conflict::scenario::{By, MAX_MEMBERS, Scenario};
use crate::conflict::source::{Roller, Sampling, Source};
use crate::conflict::turn::{Frame, Roster};
use crate::process::Next;

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
        let (setup, chase) = Setup::of(scenario, rules)?;
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

    /// Whether the Predator never rolls: a foot chase under
    /// `foot-pursuer-rolls = false`.
    pub fn predator_idle(&self) -> bool {
        !self.car && !self.pursuer_rolls
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
