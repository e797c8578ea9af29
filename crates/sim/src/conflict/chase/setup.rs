//! What the three chase engines share: a chase's [`Setup`] (the parties,
//! their Runs, the round counter's horizon, and how the chase ends for
//! each), its state between rounds ([`ChaseState`]), and the chase pools
//! and rollers they compile.

use wodds_rules::{BothRunsOut, RollOptions, RuleSet, RulesError, Terms};

use crate::conflict::health::Health;
use crate::conflict::scenario::{Chase, Scenario, Side};
use crate::conflict::source::{Roller, Sampling};
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Roster};

/// Dice a chase pool may not exceed.
pub(super) const MAX_POOL: i32 = 60;

/// A trait pool of the member on `side`.
pub(super) fn pool_of(side: &Side, terms: &Terms) -> i32 {
    terms.of(&side.members[0].ratings(false)).clamp(0, MAX_POOL)
}

/// Rolls at one difficulty, ready for every pool size.
pub(super) fn roller(
    rules: &RuleSet,
    difficulty: i32,
    sampling: Sampling,
    max_pool: i32,
) -> Result<Roller, RulesError> {
    let difficulty = rules.conflict_difficulty(difficulty);
    let spec = rules.roll(1, difficulty, &RollOptions::default())?.spec;
    Ok(Roller::new(&spec, sampling, max_pool.clamp(1, MAX_POOL)))
}

/// What every chase engine shares: the sides, the Runs and the round limit.
#[derive(Debug, Clone, Copy)]
pub(super) struct Setup {
    pub(super) frame: Frame,
    /// The Prey's member (= side).
    pub(super) prey: usize,
    /// The Predator's member (= side).
    pub(super) predator: usize,
    pub(super) prey_run: u32,
    pub(super) predator_run: u32,
    /// Who loses when both Runs are up in the same round.
    pub(super) both_out: BothRunsOut,
}

impl Setup {
    pub(super) fn of<'a>(
        scenario: &'a Scenario,
        rules: &RuleSet,
    ) -> Result<(Setup, &'a Chase), RulesError> {
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
                both_out: rules.chase.both_runs_out,
            },
            chase,
        ))
    }

    /// The round counter's last value that matters: rounds are counted up
    /// to it (and no further, so the chain's states stay few).
    pub(super) fn horizon(&self, winded: u32) -> u32 {
        self.prey_run.max(self.predator_run).max(winded)
    }

    /// Ends the chase when a Run is up after round `round` (both at once:
    /// as `both-runs-out` says).
    pub(super) fn runs_out(&self, round: u32, roster: &mut Roster) {
        let prey = self.prey_run > 0 && round >= self.prey_run;
        let predator = self.predator_run > 0 && round >= self.predator_run;
        match (prey && predator, self.both_out) {
            (true, BothRunsOut::PreyEscapes) => {
                roster.knock_out(self.predator, End::RunOut);
            }
            (true, BothRunsOut::PreyCaught) => {
                roster.knock_out(self.prey, End::RunOut);
            }
            (true, BothRunsOut::BothLose) => {
                // Both lose: nobody wins, and the run-out is said.
                roster.knock_out(self.prey, End::BothRunOut);
                roster.knock_out(self.predator, End::BothRunOut);
            }
            (false, _) => {
                if prey {
                    // 004: "A Prey who's Run is up is shortly penned in and
                    // the Lead is adjusted to 0."
                    roster.knock_out(self.prey, End::RunOut);
                }
                if predator {
                    // 004: "a Predator who's Run is up loses the Prey
                    // immediately".
                    roster.knock_out(self.predator, End::RunOut);
                }
            }
        }
    }

    pub(super) fn escaped(&self, roster: &mut Roster) {
        roster.knock_out(self.predator, End::Escaped);
    }

    pub(super) fn caught(&self, roster: &mut Roster) {
        roster.knock_out(self.prey, End::Caught);
    }
}

/// A chase's state between rounds: the chase's own part kept in the first
/// member's slot; each member's health in its own slot.
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
    /// fta: how much lower the Lead counts for the Prey's and the
    /// Predator's attacks this round (last round's Attack Run).
    pub closer: [u8; 2],
    /// fta: rounds past the last one [`round`](Self::round) counts, modulo
    /// the period of the obstacles' schedule (0 when it has none).
    pub clock: u16,
    /// fta: rounds run on foot since both crashed (up to the last that
    /// matters, then round the Exhaustion interval that repeats).
    pub foot: u16,
    /// This member's health (fta: wounds from shots during the chase).
    pub health: Health,
}
