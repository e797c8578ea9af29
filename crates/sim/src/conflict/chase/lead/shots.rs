//! Shots in an fta chase (seed 004 "Attacking During A Chase"): who
//! shoots in a round (the Lead, less an Attack Run, below `attack-lead`,
//! and dice left after the split and wounds), and both parties' shots
//! fired at once, the target dodging, the damage landing after both.

use super::engine::Lead;
use crate::conflict::chase::setup::ChaseState;
use crate::conflict::fighter::hurt;
use crate::conflict::health::Health;
use crate::conflict::source::Source;
use crate::conflict::turn::Roster;

impl Lead {
    /// The attack dice each party shoots with this round (0: it does not
    /// shoot): a shooter shoots while the Lead, less its Attack Run, is
    /// below `attack-lead`, and has dice left after its split and wounds.
    #[inline]
    pub(super) fn aims(&self, s: &ChaseState, wounds: [i32; 2]) -> [i32; 2] {
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
    pub(super) fn shoot<D: Source>(
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
            let most = || health[t].most(f.kind[i], &f.track);
            let strike = f.shot(i, foot, (aim, dodge), most, dice);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::chain::Rounds;
    use crate::conflict::scenario::{MAX_MEMBERS, Scenario};
    use crate::conflict::source::{Enumerate, Sampling};

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
