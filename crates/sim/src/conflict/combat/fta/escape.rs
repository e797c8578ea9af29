//! fta's escape defence (seed 004 "Attack vs. Escape"): one Dexterity +
//! Athletics roll a round that every attack on the escaper compares
//! against, and the escapes that succeed at the round's end (a flight, or
//! the chase that follows it with the head start the escape left).

use super::engine::{Fta, Pending, Stance, State};
use crate::conflict::scenario::{AttackTactic, MAX_MEMBERS};
use crate::conflict::source::Source;
use crate::conflict::turn::Roster;

impl Fta {
    /// Rolls `t`'s escape (Dexterity + Athletics, less its wound penalty).
    fn roll_escape<D: Source>(
        &self,
        t: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let pool = self.fighters[t].athletics - self.penalty(&st[t]);
        st[t].escape = if pool < 1 {
            1
        } else {
            let r = self
                .at(self.rules.escape.difficulty)
                .action
                .roll(dice, pool);
            roster.botches += u32::from(r.botch);
            if r.botch {
                2
            } else {
                2 + r.successes.min(250) as u8
            }
        };
    }

    /// One attack of `i` on `target`, who is escaping: it compares against
    /// the escape's one roll (rolled now if this is the first attack), and
    /// with more successes lands with the excess and breaks the escape.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn on_escape<D: Source>(
        &self,
        i: usize,
        target: usize,
        haste: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
        pending: &mut Pending,
    ) {
        let (f, t) = (&self.fighters[i], &self.fighters[target]);
        if st[target].escape == 0 {
            self.roll_escape(target, st, roster, dice);
        }
        let escape = i32::from(st[target].escape.max(2) - 2);
        // No dice to escape with: no defence roll.
        let open = st[target].escape == 1;
        let (delta, bonus) = self.style(f, haste);
        let split = if haste { 0 } else { st[i].split };
        let grapples = f.tactics_attack == AttackTactic::Grapple;
        let difficulty = if grapples {
            f.grapple.1
        } else {
            self.base_difficulty(f, open) + delta
        };
        let Some((roller, pool, _)) = self.arm(i, difficulty, split, st, roster) else {
            return;
        };
        let hit = roller.roll(dice, pool);
        roster.botches += u32::from(hit.botch);
        let net = i32::from(hit.successes) - escape;
        if hit.botch || net < 1 {
            if !hit.botch {
                st[target].beaten = st[target].beaten.max(hit.successes.min(250) as u8);
            }
            return;
        }
        st[target].broken = true;
        if grapples {
            // 004 "Attack vs. Grapple": the successes remaining are the
            // Control.
            return roster.grapple(i, target, net);
        }
        let levels = self.at(6).blow(
            dice,
            f.damage + bonus + net - 1,
            f.potence,
            t.soak[f.kind as usize],
            || self.most(f.kind, target, st, pending),
        );
        if levels > 0 {
            self.wound(f.kind, levels as u16, target, st, roster, pending);
        }
    }
}

impl Fta {
    /// The round's end, once every member has acted: unless the fight is
    /// decided, the escapes.
    pub(super) fn escapes<D: Source>(
        &self,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let n = self.fighters.len();
        if self.escapers & roster.up() == 0 || roster.decided() {
            return;
        }
        // The escapes: each rolled now if no attack came, and gone with a
        // success that no attack broke, all at once.
        let mut gone = 0u16;
        for i in 0..n {
            if !roster.standing(i) || st[i].stance != Stance::Escape {
                continue;
            }
            if st[i].escape == 0 {
                self.roll_escape(i, st, roster, dice);
            }
            if st[i].escape > 2 && !st[i].broken {
                gone |= 1 << i;
            }
        }
        for (i, s) in st.iter().enumerate().take(n) {
            if gone & (1 << i) != 0 {
                // 004: "the attacker's successes are removed from the
                // defender's successes - the successes that are left
                // become the Head Start" (when pursued).
                let head = i32::from(s.escape - 2) - i32::from(s.beaten);
                roster.flee(i, Some(head.clamp(0, 127) as i8));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::chain::Rounds;
    use crate::conflict::scenario::Scenario;
    use crate::conflict::source::{Sampling, Script};
    use crate::conflict::turn::Handoff;

    /// 004 "Attack vs. Escape": "The vampire rolls and scores four
    /// successes on his attack ... Uriel ... manages a whopping 7-success
    /// Escape defense ... Uriel's Escape is reduced by the Vampire's
    /// attack: 7 - 4 = 3, so Uriel, as prey, has a Head Start of 3". Uriel
    /// (member 0) escapes, the vampire (member 1) attacks him; the escape
    /// roll comes with the first attack, then the attack's: 7 and 4.
    /// Pursued, Uriel's flight hands the fight to a chase with a head start
    /// of 3; not pursued, he has fled.
    #[test]
    fn uriels_escape_leaves_a_head_start_of_three() {
        let text = "name = \"Uriel\"\nkind = \"combat\"\neditions = [\"fta\"]\n\
            [[side]]\nname = \"Uriel\"\n[[side.member]]\nname = \"Uriel\"\nkind = \"mortal\"\n\
            traits = { dexterity = 4, athletics = 4 }\ntactics = { defend = \"escape\" }\n\
            [[side]]\nname = \"Vampire\"\n[[side.member]]\nname = \"Vampire\"\nkind = \"vampire\"\n\
            traits = { dexterity = 3, brawl = 3 }\n";
        let s = Scenario::parse("uriel.toml", text, None).unwrap();
        let fta = Fta::new(&s, &s.editions[0], Sampling::PerDie).unwrap();
        for pursued in [true, false] {
            let (mut st, mut roster) = fta.begin();
            roster.pursued = u16::from(pursued);
            let mut dice = Script(vec![7, 4]);
            fta.round(&mut st, &mut roster, &mut dice);
            assert!(
                dice.0.is_empty(),
                "no damage roll: the attack did not break through"
            );
            if pursued {
                assert_eq!(
                    roster.handoff,
                    Some(Handoff::Chase {
                        prey: 0,
                        predator: 1,
                        head_start: Some(3)
                    })
                );
                assert!(roster.standing(0));
            } else {
                assert_eq!(roster.handoff, None);
                assert_eq!(roster.out(0), Some(crate::conflict::End::Fled));
            }
        }
        // An attack of 8 breaks the escape: 8 - 7 = 1 net success lands
        // (Strength 2 + 0 extra dice: 1 damage success, none soaked).
        let (mut st, mut roster) = fta.begin();
        roster.pursued = 1;
        let mut dice = Script(vec![7, 8, 1, 0]);
        fta.round(&mut st, &mut roster, &mut dice);
        assert_eq!(roster.handoff, None);
        assert_eq!(st[0].health.filled(), 1);
    }
}
