//! Hubris's chase (seed 001, [`Contest`], `[chase.contest]`): a prolonged
//! physical contest; a side that has lost as many contests as its Stamina
//! gives up.

use wodds_rules::{RuleSet, RulesError, TieRule};

use super::setup::{ChaseState, Setup, pool_of, roller};
use crate::conflict::chain::Rounds;
use crate::conflict::scenario::{By, MAX_MEMBERS, Scenario};
use crate::conflict::source::{Roller, Sampling, Source};
use crate::conflict::turn::{Frame, Roster};

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
        let (setup, chase) = Setup::of(scenario, rules)?;
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
