//! Maneuvers in an fta chase (seed 004 "Maneuver"): the winner of a
//! round buys the first of its tactics that fits the Lead, paying or
//! gaining Lead for an effect on the next round (its margin halved or
//! doubled, a difficulty, a new course, an obstacle for the other party,
//! an Attack Run).

use wodds_rules::{NextMargin, ObstacleEffect, Party};

use super::engine::{
    DOUBLE_PREDATOR, HALVE_PREDATOR, HALVE_PREY, Lead, PREDATOR_FACES, PREY_FACES, Tactic,
};
use crate::conflict::chase::setup::ChaseState;

impl Lead {
    /// Half a margin, rounded as the rules say.
    pub(super) fn halve(&self, m: i32) -> i32 {
        if self.rules.halve_rounds_up {
            (m + 1) / 2
        } else {
            m / 2
        }
    }

    /// The round's margin (`raw`, the Prey's successes less the
    /// Predator's) as last round's maneuvers (`pending`) leave it.
    #[inline]
    pub(super) fn margin(&self, raw: i32, pending: u8) -> i32 {
        if raw > 0 && pending & HALVE_PREY != 0 {
            self.halve(raw)
        } else if raw < 0 {
            let mut m = -raw;
            if pending & HALVE_PREDATOR != 0 {
                m = self.halve(m);
            }
            if pending & DOUBLE_PREDATOR != 0 {
                m *= 2;
            }
            -m
        } else {
            raw
        }
    }

    /// The winner of a round (`party`) buys the first maneuver of its
    /// tactics that fits the Lead (the Prey only one it can pay without
    /// being caught).
    pub(super) fn buy(&self, party: Party, s: &mut ChaseState) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::chain::Rounds;
    use crate::conflict::scenario::{MAX_MEMBERS, Scenario};
    use crate::conflict::source::{Enumerate, Sampling};
    use crate::conflict::turn::Roster;

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
        let on_course = |round: u16| ChaseState {
            course: 1,
            round,
            ..at(5, 0, [0, 0])
        };
        assert_eq!(lead.now(&on_course(0)), (9, [2, 2]));
        // 004 "After five or six rounds of sprinting with Dexterity ...
        // switch the pool to use Stamina", on the new course too: picking
        // Dexterity 1, the pool is 1 die until winded (`winded-after = 6`),
        // then Stamina's 2 (by default; Athletics 0).
        let lead = one_die(
            "prey-tactics = [{ buy = \"in-there\", course = \"rush-hour\", trait = \"dexterity\" }]",
        );
        assert_eq!(lead.now(&on_course(5)).1, [1, 1]);
        assert_eq!(
            lead.now(&on_course(6)).1,
            [2, 2],
            "winded on the new course"
        );
        let out = after(&lead, at(5, 0, [0, 0]));
        assert!(out.iter().any(|(s, _)| s.course == 1 && s.a == 5));
    }
}
