//! Obstacles in an fta chase (seed 004 "Obstacle"): the Storyteller's
//! on a schedule, Exhaustion on foot, and those a maneuver sets the
//! other party. A party facing one passes it with a maneuver bought for
//! the purpose ("Nope!") or rolls; failing puts it out of the chase, and
//! both failing the same obstacle (under `both-crash-on-foot`) starts a
//! new chase on foot.

use wodds_rules::{ObstacleEffect, Party};

use super::engine::{EXHAUSTION, Lead, PREDATOR_FACES, PREY_FACES, STORYTELLER};
use crate::conflict::chase::setup::ChaseState;
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::Roster;

impl Lead {
    /// What the obstacles' schedule puts at the start of the round `s`
    /// is about to play.
    #[inline]
    pub(super) fn scheduled(&self, s: &ChaseState) -> u8 {
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

    /// A party facing an obstacle buys the first maneuver that passes it
    /// without a roll and fits the Lead (the Prey only one it can pay
    /// without being caught): whether it did.
    pub(super) fn pass(&self, party: Party, s: &mut ChaseState) -> bool {
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

    /// The obstacles in the parties' way this round, in state `s` at
    /// `difficulty` with their chase `pools`: whether they end the round
    /// (a party out, or both crashed).
    #[inline]
    pub(super) fn obstacles<D: Source>(
        &self,
        s: &mut ChaseState,
        difficulty: i32,
        pools: [i32; 2],
        roster: &mut Roster,
        dice: &mut D,
    ) -> bool {
        // The Storyteller's obstacles and, on foot, Exhaustion: in both
        // parties' way (one roll each with a maneuver's obstacle).
        let due = self.scheduled(s);
        let exhausted = if s.on_foot {
            self.afoot.exhausts(s.foot)
        } else {
            due & EXHAUSTION != 0 && self.by_foot
        };
        if due & STORYTELLER != 0 || exhausted {
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
                        health: s.health,
                        ..ChaseState::default()
                    };
                    self.tick(&mut next);
                    // Its first round on foot is the next.
                    next.on_foot = true;
                    *s = next;
                    self.setup.runs_out(round, roster);
                    return true;
                }
                [true, true] => {
                    roster.knock_out(self.setup.prey, End::Obstacle);
                    roster.knock_out(self.setup.predator, End::Obstacle);
                    return true;
                }
                [true, false] => {
                    roster.knock_out(self.setup.prey, End::Obstacle);
                    return true;
                }
                [false, true] => {
                    roster.knock_out(self.setup.predator, End::Obstacle);
                    return true;
                }
                [false, false] => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::chain::Rounds;
    use crate::conflict::scenario::{MAX_MEMBERS, Scenario};
    use crate::conflict::source::{Enumerate, Sampling};

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

    fn at(a: i16, pending: u8, easier: [i8; 2], obstacle: u8) -> ChaseState {
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
    struct Ends {
        prey_wins_by_obstacle: f64,
        predator_wins_by_obstacle: f64,
    }

    /// Every way one round from `state` goes: how it ended by obstacles,
    /// and the states of the rounds that did not end.
    fn round_ends(lead: &Lead, state: ChaseState) -> (Ends, Vec<(ChaseState, f64)>) {
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

    /// 004 "both cars crashed ... Sounds like we're on foot now", and
    /// "After five or six rounds of sprinting with Dexterity ... switch
    /// ... to Stamina" (`winded-after = 6`): a car chase whose cars both
    /// crash in round 10 goes on foot on Dexterity + Athletics (1 die, not
    /// Stamina's 3), and is winded only after six rounds on foot.
    #[test]
    fn a_chase_on_foot_after_a_crash_starts_fresh() {
        let text = "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n\
             [chase]\nprey = \"Prey\"\nby = \"car\"\nstart = \"head-start\"\nhead-start = 5\nobstacle-every = 1\n\
             [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = { dexterity = 1, stamina = 3, drive = 1 }\n\
             [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = { dexterity = 1, stamina = 3, drive = 1 }\n";
        let s = Scenario::parse("t.toml", text, None).unwrap();
        let lead = Lead::new(&s, &s.editions[0], Sampling::Outcome).unwrap();
        let mut state = at(5, 0, [0, 0], PREY_FACES | PREDATOR_FACES);
        state.round = 9;
        let (_, states) = round_ends(&lead, state);
        let (mut afoot, _) = *states
            .iter()
            .find(|(s, _)| s.on_foot)
            .expect("both crash with 1/4");
        assert_eq!(lead.now(&afoot).1, [1, 1], "fresh on foot: {afoot:?}");
        for round in 1..=7 {
            lead.tick(&mut afoot);
            let want = if round < 6 { [1, 1] } else { [3, 3] };
            assert_eq!(lead.now(&afoot).1, want, "after {round} rounds on foot");
        }
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
