//! Hubris's grapple (`[grapple.contest]`): a prolonged physical contest,
//! a roll-off a round; the Victim that has lost as many as its Stamina is
//! pinned, the Grappler that has is thrown off (the Victim freed).

use wodds_rules::TieRule;

use super::engine::{Grapple, State};
use crate::conflict::scenario::MAX_MEMBERS;
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::Roster;

impl Grapple {
    /// A round of hubris's contest: both roll their contest pools, the
    /// loser (by `tie` on a tie) counts a contest lost, and is pinned once
    /// it has lost as many as it may.
    pub(super) fn contest_round<D: Source>(
        &self,
        tie: TieRule,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let a = self.roll(g, st, self.members[g].pool, dice);
        let b = self.roll(v, st, self.members[v].pool, dice);
        roster.botches += u32::from(a.botch) + u32::from(b.botch);
        let loser = match tie.winner(a.successes, b.successes) {
            1 => v,
            -1 => g,
            _ => return,
        };
        st[loser].losses += 1;
        if st[loser].losses >= self.members[loser].losses {
            // The Victim beaten is pinned; the Grappler beaten loses its
            // hold, and the Victim is free.
            roster.knock_out(loser, if loser == v { End::Pinned } else { End::Freed });
        }
    }
}
