//! The start of an fta chase (seed 004 "Starting a Chase"): a head start
//! the scenario gives, a cold start (the Prey's roll sets the head start;
//! a botch ends the chase), or a stalk (the Prey's Perception against the
//! Predator's Subterfuge, then a contested roll: a pounce ends it).

use super::engine::Lead;
use crate::conflict::chase::setup::ChaseState;
use crate::conflict::scenario::StartKind;
use crate::conflict::source::Source;
use crate::conflict::turn::Roster;

impl Lead {
    /// The head start, or `None` when the chase ends before it begins
    /// (a botched cold start, a successful pounce).
    pub(super) fn head_start<D: Source>(
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
}
