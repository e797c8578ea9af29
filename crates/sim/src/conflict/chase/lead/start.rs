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
                let pounce = if self.rules.stalk_course {
                    self.at(self.courses[0].0)
                } else {
                    &self.stalk
                };
                let a = pounce.roll(dice, (prey[0] + extra - wounds[0]).max(0));
                let b = pounce.roll(dice, (predator[0] - wounds[1]).max(0));
                roster.botches += [n, s, a, b].iter().map(|r| u32::from(r.botch)).sum::<u32>();
                let head = i32::from(a.successes) - i32::from(b.successes);
                (head > 0).then_some(head)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::scenario::Scenario;
    use crate::conflict::source::{Enumerate, Sampling};

    /// The chance a stalk ends in the pounce, one die a pool (Perception 1
    /// against Manipulation 1, Dexterity 1 each) on `course`.
    fn pounce(course: &str) -> f64 {
        let text = format!(
            "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n\
             [chase]\nprey = \"Prey\"\nstart = \"stalk\"\ncourse = \"{course}\"\n\
             [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1, perception = 1 }}\n\
             [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = {{ dexterity = 1, manipulation = 1 }}\n"
        );
        let s = Scenario::parse("t.toml", &text, None).unwrap();
        let lead = Lead::new(&s, &s.editions[0], Sampling::Outcome).unwrap();
        let mut e = Enumerate::new();
        let mut p = 0.0;
        loop {
            let mut roster = Roster::new(0..2, 2);
            if lead
                .head_start(&ChaseState::default(), [0, 0], &mut e, &mut roster)
                .is_none()
            {
                p += e.p();
            }
            if !e.next() {
                break;
            }
        }
        p
    }

    /// 004 "Stalk and Pounce": the Perception roll's remaining successes
    /// join the Prey's chase pool, then a "contested Chase Pool roll", at
    /// the course's difficulty ("The base difficulty is 6 and should be
    /// modified by the difficulty of the course"). The Perception rolls at
    /// 6 leave the Prey one extra die with 1/2 x 1/2 = 1/4. On the streets
    /// (6: a die succeeds with 1/2, shows a 1 with 1/10) the Prey's one die
    /// beats the Predator's with 1/4, its two with 1/4 + (2 x 1/2 x 2/5)
    /// x 1/2 = 9/20: no pounce 3/4 x 1/4 + 1/4 x 9/20 = 3/10, a pounce
    /// 7/10. In rush hour (9: 1/5, a 1 with 1/10) one die beats one with
    /// 1/5 x 4/5 = 4/25, two with 1/25 + (2 x 1/5 x 7/10) x 4/5 = 33/125:
    /// no pounce 3/4 x 4/25 + 1/4 x 33/125 = 93/500, a pounce 407/500.
    #[test]
    fn the_pounce_is_rolled_at_the_course_difficulty() {
        assert!((pounce("streets") - 0.7).abs() < 1e-12);
        assert!(
            (pounce("rush-hour") - 407.0 / 500.0).abs() < 1e-12,
            "{}",
            pounce("rush-hour")
        );
    }
}
