//! The hold (revised, uwod; `[grapple.hold]`): a clinch attack grapples;
//! then each round the held member tries a resisted roll to break free,
//! and the holder, keeping the hold, deals Strength damage (a clinch) or
//! not (a hold).

use wodds_rules::ResistedRule;

use super::engine::{Grapple, State, beats};
use crate::conflict::gear::Damage;
use crate::conflict::scenario::{Effect, MAX_MEMBERS};
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::Roster;

impl Grapple {
    /// A round of the hold (revised, uwod): the held member tries a
    /// resisted roll to break free (unless it relents first); held, it
    /// takes the holder's Strength damage when the holder's effect harms (a
    /// clinch).
    pub(super) fn hold_round<D: Source>(
        &self,
        resisted: ResistedRule,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let (hm, vm) = (&self.members[g], &self.members[v]);
        if vm.tactics.relent_at.boxes() > 0 && st[v].health.filled() >= vm.tactics.relent_at.boxes()
        {
            roster.knock_out(v, End::Conceded);
            return;
        }
        // Whether the held member breaks free and who botched is all the
        // rest of the round reads of the two rolls.
        let (a, d) = dice.rolls_alike(
            (&self.rolls[v].action, self.pool(v, st, vm.pool)),
            (&self.rolls[g].action, self.pool(g, st, hm.pool)),
            |_| true,
            0,
            |a, d| {
                let d = d.unwrap_or_default();
                (beats(resisted, a, d.successes), a.botch, d.botch)
            },
        );
        let d = d.unwrap_or_default();
        roster.botches += u32::from(a.botch) + u32::from(d.botch);
        if beats(resisted, a, d.successes) {
            roster.knock_out(g, End::Freed);
        } else if hm.tactics.effect.harms() {
            self.harm(v, hm.strength, Damage::Bashing, st, roster, dice);
        }
    }
}

impl Effect {
    /// Whether the hold engine's holder deals damage with it.
    pub(super) fn harms(self) -> bool {
        matches!(self, Effect::Slam | Effect::Crack | Effect::Clinch)
    }
}
