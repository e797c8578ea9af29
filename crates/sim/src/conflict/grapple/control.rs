//! fta's Control grapple (seed 004 "Grappling", `[grapple.fta]`): a
//! sustained round's roll-off on the Grappler's resolution, the effects
//! the Grappler buys with Control (pin, slam, drop, disarm, throw, crack,
//! clinch), the Victim's resisting and reversing, Control's fall each
//! round, single-effect grapples, and third parties assisting or attacking
//! the Grappler.

use wodds_dice::Roll;
use wodds_rules::{FtaGrapple, ThirdPartyDefence};

use super::engine::{Grapple, Helper, State};
use crate::conflict::fighter::hurt;
use crate::conflict::gear::Damage;
use crate::conflict::scenario::{Effect, MAX_MEMBERS, Single, ThirdParty, VictimTactic};
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::Roster;

impl Grapple {
    /// A single-effect grapple: Grappler `g` buys `single` with all
    /// `control`, then lets go (released, unless the effect felled the
    /// Victim).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn single<D: Source>(
        &self,
        g: usize,
        single: Single,
        f: &FtaGrapple,
        control: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let e = &f.effects;
        let strength = self.members[g].strength;
        // What remains for the effect's damage once it is paid for.
        let hit = |cost: i32| {
            (control >= cost).then(|| {
                if f.single_spends_all {
                    0
                } else {
                    control - cost
                }
            })
        };
        match single {
            Single::Slam => {
                if let Some(left) = hit(e.slam) {
                    st[v].prone = true;
                    self.harm(v, strength + left, Damage::Bashing, st, roster, dice);
                }
            }
            Single::Drop => st[v].prone |= hit(e.drop).is_some(),
            Single::Prop => st[v].prone &= hit(e.prop).is_none(),
            Single::Disarm => {
                st[v].disarmed |= self.members[v].armed && hit(e.disarm).is_some();
            }
            Single::Clinch => {
                if let Some(left) = hit(e.clinch) {
                    let pool = strength + f.half.half(left);
                    self.harm(v, pool, Damage::Bashing, st, roster, dice);
                }
            }
            Single::Crack => {
                if let Some(left) = hit(e.crack) {
                    let pool = strength + f.half.half(left);
                    self.harm(v, pool, Damage::Lethal, st, roster, dice);
                }
            }
            // Hurled Strength + Control yards: no harm the seed names.
            Single::Throw => {}
            // "Pin: An end-condition": bought with all the Control, the
            // Victim is held for as long as the Grappler wishes.
            Single::Pin => {
                if hit(e.pin).is_some() {
                    roster.knock_out(v, End::Pinned);
                }
            }
        }
        if roster.standing(v) {
            roster.knock_out(g, End::Released);
            roster.knock_out(v, End::Released);
        }
    }

    /// Third parties act before the roll-off (assumed: on their own
    /// initiative, modelled as all before the Grappler's resolution), each
    /// standing one in turn: an assist adds (for the Grappler) or takes off
    /// (for the Victim) 1 Control per `assist-successes` successes; an
    /// attack on the Grappler is answered with its Shrug Off or Hostage
    /// Block; an attack on the Victim with its block at a split pool.
    /// Returns the Control and the blocks the Victim made.
    fn third_parties<D: Source>(
        &self,
        f: &FtaGrapple,
        g: usize,
        mut c: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) -> (i32, i32) {
        let v = 1 - g;
        // The attacks on the Grappler so far this round, and the Victim's
        // blocks.
        let (mut earlier, mut blocks) = (0, 0);
        for (k, h) in self.helpers.iter().enumerate() {
            if !roster.standing(k + 2) {
                continue;
            }
            let helps = if h.side == self.sides_of[g] { g } else { v };
            if helps == v && h.attacks {
                c = self.attack_grappler(f, h, g, c, earlier, st, roster, dice);
                earlier += 1;
                if !roster.standing(g) || !roster.standing(v) || c <= 0 {
                    return (c, blocks);
                }
                continue;
            }
            if helps == g && h.attacks {
                blocks += i32::from(self.attack_victim(h, v, blocks, st, roster, dice));
                if !roster.standing(v) {
                    return (c, blocks);
                }
                continue;
            }
            // "using the same pool as the Grappler": the kind (Strength or
            // Dexterity) its side's member grapples with, at its
            // difficulty.
            let pool = h.pools[self.members[helps].tactics.pool as usize];
            let r = self.rolls[helps].action.roll(dice, pool);
            roster.botches += u32::from(r.botch);
            let points = i32::from(r.successes) / f.assist_successes;
            c += if helps == g { points } else { -points };
            // 004: "If they reduce the Control to zero ... the grapple ends
            // immediately after the attack in question concludes": no one
            // after it acts on this grapple.
            if c <= 0 {
                return (c, blocks);
            }
        }
        (c, blocks)
    }

    /// Third party `h`, on the Grappler's side, attacks the Victim `v`,
    /// which has blocked `blocks` attacks this round. 004 "A victim may
    /// Block while being grappled, but must split their pool to do so. The
    /// pool is split only in the case where they are actually attacked and
    /// make a block attempt": a Victim that defends at all blocks, its
    /// pool less the split's dice for two actions (assumed: one action
    /// more for each further block). A blow that beats it lands with the
    /// rest. Returns whether the Victim blocked.
    fn attack_victim<D: Source>(
        &self,
        h: &Helper,
        v: usize,
        blocks: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) -> bool {
        let vm = &self.members[v];
        let pool = vm.block - self.penalty(&st[v]) - self.split_penalty(blocks + 1);
        let blocks_it = vm.defence.is_some();
        let pool = if blocks_it { pool } else { 0 };
        let (_, net) = self.strike(h, h.block[v], pool, roster, dice);
        if net > 0 {
            self.blow_to(v, h.damage + net - 1, h.potence, h.kind, st, roster, dice);
        }
        blocks_it
    }

    /// Third party `h`'s attack against a defence of `pool` dice rolled by
    /// `roller` (none below 1 die: the attack is then at its difficulty
    /// against no defence roll), the botches counted: the attack's score
    /// (0 on a botch) and its successes net of the defence's.
    fn strike<D: Source>(
        &self,
        h: &Helper,
        roller: usize,
        pool: i32,
        roster: &mut Roster,
        dice: &mut D,
    ) -> (i32, i32) {
        let open = pool < 1;
        let a = self.others[h.strike[usize::from(open)]]
            .action
            .roll(dice, h.attack);
        let d = if open {
            Roll::default()
        } else {
            self.others[roller].action.roll(dice, pool)
        };
        roster.botches += u32::from(a.botch) + u32::from(d.botch);
        let score = |r: Roll| if r.botch { 0 } else { i32::from(r.successes) };
        (score(a), score(a) - score(d))
    }

    /// The dice each action loses when a member splits its pool between
    /// its grapple roll and `blocks` blocks (004 "Split Actions"); none
    /// without a block.
    fn split_penalty(&self, blocks: i32) -> i32 {
        match self.split {
            Some(s) if blocks > 0 => s.penalty(blocks + 1),
            _ => 0,
        }
    }

    /// Third party `h` attacks the Grappler `g`, which pays for its Shrug
    /// Off or Hostage Block and rolls it, `earlier` attacks on it this
    /// round already (piling on: [`Grapple::pile`] dice fewer for each):
    /// a blow that beats the defence
    /// lands on the Grappler with the rest; one a Hostage Block stops
    /// falls on the Victim with its base damage ("as if Jane had kicked
    /// her with only 1 success"). Returns the Control left.
    #[allow(clippy::too_many_arguments)]
    fn attack_grappler<D: Source>(
        &self,
        f: &FtaGrapple,
        h: &Helper,
        g: usize,
        mut c: i32,
        earlier: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) -> i32 {
        let v = 1 - g;
        let gm = &self.members[g];
        let hostage = gm.tactics.third_party == ThirdParty::HostageBlock;
        let (cost, roller, pool) = if hostage {
            (f.effects.hostage_block, h.block[g], gm.block)
        } else {
            let pool = match f.shrug_off_defence {
                ThirdPartyDefence::Dodge => gm.dodge,
                ThirdPartyDefence::Block => gm.block,
            };
            (f.effects.shrug_off, h.shrug[g], pool)
        };
        c -= cost;
        let pool = pool - self.penalty(&st[g]) - earlier * self.pile;
        let (hit, net) = self.strike(h, roller, pool, roster, dice);
        if net > 0 {
            self.blow_to(g, h.damage + net - 1, h.potence, h.kind, st, roster, dice);
        } else if hostage && hit > 0 {
            self.blow_to(v, h.damage, h.potence, h.kind, st, roster, dice);
        }
        c
    }

    /// Member `t` takes a blow of `pool` damage dice of `kind` (with
    /// `potence` automatic successes), soaked.
    #[allow(clippy::too_many_arguments)]
    fn blow_to<D: Source>(
        &self,
        t: usize,
        pool: i32,
        potence: u16,
        kind: Damage,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let soak = self.members[t].soak[kind as usize];
        let most = || st[t].health.most(kind, &self.track);
        let levels = self.rolls[t].blow(dice, pool.max(0), potence, soak, most);
        hurt(&self.track, kind, levels, &mut st[t].health, roster, t);
    }

    /// A sustained fta round: the roll-off on the Grappler's resolution.
    pub(super) fn control_round<D: Source>(
        &self,
        f: &FtaGrapple,
        g: usize,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let v = 1 - g;
        let (gm, vm) = (&self.members[g], &self.members[v]);
        let relent = vm.tactics.relent_at.boxes();
        if relent > 0 && st[v].health.filled() >= relent {
            roster.knock_out(v, End::Conceded);
            return;
        }
        let mut c = i32::from(st[g].control);
        let mut blocks = 0;
        if !self.helpers.is_empty() {
            (c, blocks) = self.third_parties(f, g, c, st, roster, dice);
            if !roster.standing(g) || !roster.standing(v) {
                return;
            }
            if c <= 0 {
                // 004: "If they reduce the Control to zero ... the grapple
                // ends immediately".
                roster.knock_out(g, End::Freed);
                return;
            }
        }
        let reverse =
            vm.tactics.victim == VictimTactic::Reverse && c <= i32::from(vm.tactics.reverse_at);
        // A member on the ground rolls `prone-dice` fewer.
        let grounded = |i: usize| if st[i].prone { f.prone_dice } else { 0 };
        let rg = self.roll(g, st, gm.pool - grounded(g), dice);
        let rv = self.roll(
            v,
            st,
            vm.pool - grounded(v) - self.split_penalty(blocks),
            dice,
        );
        roster.botches += u32::from(rg.botch) + u32::from(rv.botch);
        let net = i32::from(rg.successes) - i32::from(rv.successes);
        let mut holder = g;
        if net > 0 {
            c += net;
            let e = &f.effects;
            if c >= e.pin && gm.tactics.effect != Effect::Hold {
                roster.knock_out(v, End::Pinned);
                return;
            }
            // An effect is bought when the Control left outlasts the
            // round's fall.
            let affords = |cost: i32| c - cost - f.decay >= 1;
            match gm.tactics.effect {
                Effect::Slam if affords(e.slam) => {
                    c -= e.slam;
                    // "As drop, but also ...": on the ground too.
                    st[v].prone = true;
                    self.harm(v, gm.strength + c, Damage::Bashing, st, roster, dice);
                }
                Effect::Drop if !st[v].prone && affords(e.drop) => {
                    c -= e.drop;
                    st[v].prone = true;
                }
                Effect::Disarm if self.members[v].armed && !st[v].disarmed && affords(e.disarm) => {
                    c -= e.disarm;
                    st[v].disarmed = true;
                }
                // "Victim must be on feet": prop it up first, if the
                // Control pays for it.
                Effect::Throw if st[v].prone => {
                    let up = affords(e.prop);
                    c -= if up { e.prop } else { 0 };
                    st[v].prone = !up;
                }
                Effect::Crack if affords(e.crack) => {
                    c -= e.crack;
                    let pool = gm.strength + f.half.half(c);
                    self.harm(v, pool, Damage::Lethal, st, roster, dice);
                }
                Effect::Clinch if affords(e.clinch) => {
                    c -= e.clinch;
                    let pool = gm.strength + f.half.half(c);
                    self.harm(v, pool, Damage::Bashing, st, roster, dice);
                }
                Effect::Throw => {
                    roster.knock_out(g, End::Released);
                    roster.knock_out(v, End::Released);
                    return;
                }
                _ => {}
            }
            if !roster.standing(v) {
                return;
            }
        } else if net < 0 {
            let net = -net;
            if reverse {
                let need = f.reverse_factor * c;
                if net >= need {
                    holder = v;
                    c += net - need;
                    roster.reversals += 1;
                }
            } else {
                c -= net;
            }
        }
        // 004: a grapple ends when the Grappler "gains enough Control to
        // choose to Pin", however it came by it (the opening, a held
        // start, assists), not only by winning this roll-off.
        if c >= f.effects.pin && self.members[holder].tactics.effect != Effect::Hold {
            roster.knock_out(1 - holder, End::Pinned);
            return;
        }
        if c > 0 {
            c -= f.decay;
        }
        if c <= 0 {
            // The Victim is free: the one not holding.
            roster.knock_out(holder, End::Freed);
            return;
        }
        st[g].grappler = holder == g;
        st[v].grappler = holder == v;
        st[g].control = 0;
        st[v].control = 0;
        st[holder].control = c.min(127) as i8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::chain::Rounds;
    use crate::conflict::scenario::Scenario;
    use crate::conflict::source::{Sampling, Script};
    use crate::conflict::tables::Ranked;

    /// Ted (member 0) and Peter (member 1) under `edition`, Ted reversing
    /// while the Control is at most `ted_reverses_at`.
    fn ted_and_peter(edition: &str, ted_victim: &str) -> Grapple {
        let text = format!(
            r#"
name = "Ted and Peter"
kind = "grapple"
editions = ["{edition}"]
[grapple]
grappler = "Ted"
start = "attack"
[[side]]
name = "Ted"
[[side.member]]
name = "Ted"
kind = "mortal"
traits = {{ strength = 3, brawl = 3 }}
grapple = {{ {ted_victim} }}
[[side]]
name = "Peter"
[[side.member]]
name = "Peter"
kind = "mortal"
traits = {{ strength = 3, brawl = 3, dexterity = 3, athletics = 3 }}
tactics = {{ defend = "dodge" }}
grapple = {{ victim = "reverse", reverse-at = 1 }}
"#
        );
        let dir = std::env::temp_dir();
        let s = Scenario::parse("ted.toml", &text, Some(&dir)).expect("scenario");
        Grapple::new(&s, &s.editions[0], Sampling::PerDie).expect("engine")
    }

    thread_local! {
        /// This test's house-rule files: a temporary folder, removed with
        /// everything in it when the test's thread ends.
        static HOUSES: tempfile::TempDir = tempfile::tempdir().expect("a temporary folder");
    }

    /// The path of house-rule file `name` in this test's folder.
    fn house_path(name: &str) -> std::path::PathBuf {
        HOUSES.with(|dir| dir.path().join(format!("{name}.toml")))
    }

    /// An fta house rule file with `body`, written to a temporary file.
    fn house(name: &str, body: &str) -> String {
        let path = house_path(name);
        std::fs::write(&path, format!("extends = \"fta\"\n{body}")).expect("write");
        path.display().to_string()
    }

    /// (Control, whether Ted holds) after each scripted round.
    fn trajectory(g: &Grapple, rolls: &[u16], rounds: usize) -> (Vec<(i8, bool)>, Roster) {
        let (mut st, mut roster) = g.begin();
        let mut dice = Script(rolls.to_vec());
        let mut out = Vec::new();
        for _ in 0..rounds {
            g.round(&mut st, &mut roster, &mut dice);
            let c = st[0].control.max(st[1].control);
            out.push((c, st[0].grappler));
        }
        assert!(dice.0.is_empty(), "every scripted roll is used");
        (out, roster)
    }

    /// 004's Ted and Peter, as the example tells it (no end-of-round
    /// fall: `decay = 0`): "Ted succeeds with 5 successes to Peter's 3. He
    /// begins the grapple with a Control of 2." "Ted scores 2 successes,
    /// but Peter fails to score any. The Control rises to 4." "Ted scoring
    /// 1 success, but Peter scoring 4. The Control drops to 1." Peter
    /// reverses, "5 successes against [Ted's] 2 ... his Control rises from
    /// 1 to 2". Ted reverses, "out-scores Peter 5 to 2, leaving him with 3
    /// ... needs 4 successes to reverse. He fails to reverse, and Peter's
    /// control remains at 2."
    #[test]
    fn ted_and_peter_as_the_example_tells_it() {
        let rules = house("no-decay", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"reverse\", reverse-at = 2");
        // Opening: Ted's attack, Peter's dodge; then each round the
        // Grappler's roll, then the Victim's.
        let rolls = [5, 3, 2, 0, 1, 4, 2, 5, 2, 5];
        let (path, roster) = trajectory(&g, &rolls, 5);
        assert_eq!(
            path,
            [(2, true), (4, true), (1, true), (2, false), (2, false)]
        );
        assert!(roster.standing(0) && roster.standing(1));
    }

    /// "Had Ted attempted to Resist, his three successes would've been
    /// enough to reduce Peter's control to Zero, ending the grapple with
    /// him breaking free."
    #[test]
    fn ted_resisting_breaks_free() {
        let rules = house("no-decay-resist", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"resist\"");
        let rolls = [5, 3, 2, 0, 1, 4, 2, 5, 2, 5];
        let (_, mut roster) = trajectory(&g, &rolls, 5);
        let f = roster.result(5, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(0), End::Freed), "Ted is free");
    }

    /// The same rolls under the rule text ("At the end of any round where
    /// a Grapple was sustained, the Control is reduced by one"): 2, then
    /// 2 + 2 - 1 = 3, then 3 - 3 = 0: Peter breaks free in the third round.
    #[test]
    fn ted_and_peter_by_the_rule_text() {
        let g = ted_and_peter("fta", "victim = \"reverse\", reverse-at = 2");
        let rolls = [5, 3, 2, 0, 1, 4];
        let (path, mut roster) = trajectory(&g, &rolls, 3);
        assert_eq!(path[..2], [(2, true), (3, true)]);
        let f = roster.result(3, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed), "Peter is free");
    }

    /// The reversal arithmetic: with Control 3 a reversal needs 6 net
    /// successes; 8 against 1 leaves 7, one in excess: the Victim holds
    /// with 3 + 1 = 4 (decay off). 6 against 1 (5 net) fails and leaves the
    /// Control at 3.
    #[test]
    fn reversal_needs_twice_the_control() {
        let rules = house("reverse", "[grapple.fta]\ndecay = 0\n");
        let g = ted_and_peter(&rules, "victim = \"reverse\", reverse-at = 5");
        let held = |control: i8| {
            let mut st = [State::default(); MAX_MEMBERS];
            st[1] = State {
                grappler: true,
                control,
                opened: true,
                ..State::default()
            };
            st[0].opened = true;
            st
        };
        let roster = g.begin().1;
        // Peter (member 1) holds; his roll comes first, then Ted's.
        let mut st = held(3);
        g.round(&mut st, &mut roster.clone(), &mut Script(vec![1, 8]));
        assert_eq!((st[0].grappler, st[0].control), (true, 4));
        let mut st = held(3);
        g.round(&mut st, &mut roster.clone(), &mut Script(vec![1, 6]));
        assert_eq!((st[1].grappler, st[1].control), (true, 3));
    }

    /// Ted (Strength 3) holding Peter (Stamina 2) with `control`.
    fn ted_holds(control: i8) -> [State; MAX_MEMBERS] {
        let mut st = [State::default(); MAX_MEMBERS];
        st[0] = State {
            grappler: true,
            control,
            opened: true,
            ..State::default()
        };
        st[1].opened = true;
        st
    }

    /// 004 "Slam 3 Control ... inflict Str + Remaining Control in bashing
    /// damage": Control 4 and a net of 1 make 5; the slam leaves 2 (and 1
    /// after the fall, so the grapple holds); 3 + 2 = 5 damage dice. The
    /// script's 4 damage successes less 1 soaked leave 3 bashing levels.
    #[test]
    fn slam_deals_strength_and_the_control_left() {
        let g = ted_and_peter("fta", "effect = \"slam\"");
        let mut st = ted_holds(4);
        let mut roster = g.begin().1;
        let mut dice = Script(vec![2, 1, 4, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[1].health.bashing, st[0].control), (3, 1));
        // Control 4 + 1 = 5 does not pay for a crack (4) and outlast the
        // fall: a crack waits.
        let g = ted_and_peter("fta", "effect = \"crack\"");
        let mut st = ted_holds(4);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[1].health.filled(), st[0].control), (0, 4));
    }

    /// 004 "Crack 4 Control Str + Half Remaining Control Lethal Damage":
    /// Control 6 and a net of 1 make 7; the crack leaves 3, half of it 1
    /// (rounded down): 3 + 1 = 4 dice; a mortal soaks no lethal, so the 2
    /// successes are 2 lethal levels; the fall leaves Control 2.
    #[test]
    fn crack_deals_lethal_with_half_the_control_left() {
        let g = ted_and_peter("fta", "effect = \"crack\"");
        let mut st = ted_holds(6);
        let mut roster = g.begin().1;
        let mut dice = Script(vec![2, 1, 2]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty(), "no soak roll against lethal");
        assert_eq!((st[1].health.lethal, st[0].control), (2, 2));
    }

    /// 004 "Single Effect Grapples": "executed immediately by spending all
    /// of the Control gained ... The grapple is not sustained in the
    /// following round". Ted's grapple attack, 5 against 2, gains 3, a
    /// slam with none left: 3 dice, 2 successes, none soaked: 2 bashing,
    /// and Ted lets go: released, nobody wins.
    #[test]
    fn single_effect_slam_then_release() {
        let g = ted_and_peter("fta", "single = \"slam\"");
        let (mut st, mut roster) = g.begin();
        let mut dice = Script(vec![5, 2, 2, 0]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!(st[1].health.bashing, 2);
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (None, End::Released));
    }

    /// 004 "the Victim relents": a Victim hurt to its `relent-at` gives up
    /// before rolling (conceded: the Grappler wins).
    #[test]
    fn hurt_victim_relents() {
        // Ted as the Victim, Wounded (4 levels), relenting at Wounded.
        let g2 = ted_and_peter("fta", "relent-at = \"wounded\"");
        let mut st = [State::default(); MAX_MEMBERS];
        st[1] = State {
            grappler: true,
            control: 3,
            opened: true,
            ..State::default()
        };
        st[0].opened = true;
        st[0].health.bashing = 4;
        let mut roster = g2.begin().1;
        g2.round(&mut st, &mut roster, &mut Script(vec![]));
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Conceded));
    }

    /// A grapple scenario under fta with `sides` (TOML of its `[[side]]`
    /// tables) and `top` its `[grapple]` table.
    fn grapple_of(top: &str, sides: &str) -> Grapple {
        let text =
            format!("name = \"g\"\nkind = \"grapple\"\neditions = [\"fta\"]\n{top}\n{sides}");
        let s = Scenario::parse("g.toml", &text, None).expect("scenario");
        Grapple::new(&s, &s.editions[0], Sampling::PerDie).expect("engine")
    }

    /// A side of one member (`body` its TOML) and its third parties.
    fn side(name: &str, body: &str, third: &[(&str, &str)]) -> String {
        let mut t = format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n{body}\n"
        );
        for (n, b) in third {
            t.push_str(&format!(
                "[[side.member]]\nname = \"{n}\"\nkind = \"mortal\"\n{b}\n"
            ));
        }
        t
    }

    /// A held grapple under fta: `grappler` (`"Jo"` or `"Kelly"`) holds
    /// the other with `control`; Jo's and Kelly's TOML, each with its
    /// third parties.
    fn jo_and_kelly(
        grappler: &str,
        control: i8,
        jo: (&str, &[(&str, &str)]),
        kelly: (&str, &[(&str, &str)]),
    ) -> Grapple {
        grapple_of(
            &format!("[grapple]\ngrappler = \"{grappler}\"\nstart = \"held\"\ncontrol = {control}"),
            &format!(
                "{}{}",
                side("Jo", jo.0, jo.1),
                side("Kelly", kelly.0, kelly.1)
            ),
        )
    }

    /// Member 0 holds member 1 with `control`, `prone` saying who is on
    /// the ground.
    fn holds(control: i8, prone: [bool; 2]) -> [State; MAX_MEMBERS] {
        let mut st = ted_holds(control);
        st[0].prone = prone[0];
        st[1].prone = prone[1];
        st
    }

    /// 004 "Third Parties": "A third party may assist the Grappler ...
    /// adding 1 to the Control for every two successes they score": Jo
    /// holds Kelly with Control 2; her friend's 4 successes add 2; the
    /// roll-off is even (1 against 1), and the round's fall leaves 3. A
    /// third party of Kelly's scoring 5 takes 2 off (5 / 2, rounded down):
    /// with Control 2 that frees Kelly before any roll-off.
    #[test]
    fn third_parties_add_and_take_control_by_twos() {
        let plain = "traits = { strength = 2, brawl = 2 }";
        let helper = "traits = { strength = 2, brawl = 2 }\ntactics = { attack = \"grapple\" }";
        let g = jo_and_kelly("Jo", 2, (plain, &[("Lee", helper)]), (plain, &[]));
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![4, 1, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!(st[0].control, 3);
        let g = jo_and_kelly("Jo", 2, (plain, &[]), (plain, &[("Jane", helper)]));
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![5]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty(), "no roll-off once the Control is gone");
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed));
        assert!(
            roster.standing(2),
            "Kelly's third party stands with her side"
        );
        // Freed the other way: Jo's own third party leaves with her.
        let g = jo_and_kelly("Jo", 2, (plain, &[("Lee", helper)]), (plain, &[]));
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(1);
        g.round(&mut st, &mut roster, &mut Script(vec![0, 0, 2]));
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(1), End::Freed));
        assert_eq!(roster.out(2), Some(End::Freed), "Lee leaves with Jo");
    }

    /// 004 "the grapple ends immediately after the attack in question
    /// concludes": Kelly holds Jo with Control 2; Jo's friend Lee acts
    /// first and his 4 successes take 2 off. Jo is free at once: Kelly's
    /// friend Jane, next, does not roll (her 4 would have added 2 back),
    /// nor does the roll-off.
    #[test]
    fn the_grapple_ends_as_soon_as_a_third_party_frees_the_victim() {
        let plain = "traits = { strength = 2, brawl = 2 }";
        let helper = "traits = { strength = 2, brawl = 2 }\ntactics = { attack = \"grapple\" }";
        let g = jo_and_kelly(
            "Kelly",
            2,
            (plain, &[("Lee", helper)]),
            (plain, &[("Jane", helper)]),
        );
        let (_, mut roster) = g.begin();
        let mut st = [State::default(); MAX_MEMBERS];
        st[1] = State {
            grappler: true,
            control: 2,
            opened: true,
            ..State::default()
        };
        st[0].opened = true;
        let mut dice = Script(vec![4, 4, 1, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert_eq!(dice.0, [4, 1, 1], "only Lee rolled");
        let f = roster.result(1, |_| 0).expect("over");
        assert_eq!((f.winner, f.end), (Some(0), End::Freed));
    }

    /// 004: a grapple ends when the Grappler "gains enough Control to
    /// choose to Pin" (Pin 10). Ted holding Peter with Control 10 pins him
    /// after an even roll-off (0 against 0), where winning it was needed
    /// before; with 9 the fall leaves 8 and the grapple goes on.
    #[test]
    fn control_ten_pins_whatever_the_roll_off() {
        let g = ted_and_peter("fta", "victim = \"resist\"");
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(10);
        g.round(&mut st, &mut roster, &mut Script(vec![0, 0]));
        let f = roster.result(1, |_| 0).expect("pinned");
        assert_eq!((f.winner, f.end), (Some(0), End::Pinned));
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(9);
        g.round(&mut st, &mut roster, &mut Script(vec![0, 0]));
        assert!(roster.result(1, |_| 0).is_none());
        assert_eq!(st[0].control, 8);
    }

    /// The opening can gain it too: Ted's grapple attack, 12 against
    /// Peter's dodge of 2, gains 10 and pins at once; as a single effect
    /// (`single = "pin"`, "spending all of the Control gained") the same
    /// 10 pins, and 9 (11 against 2) is not enough: Ted lets go.
    #[test]
    fn the_opening_or_a_single_effect_pins_with_ten() {
        for tactics in ["victim = \"resist\"", "single = \"pin\""] {
            let g = ted_and_peter("fta", tactics);
            let (mut st, mut roster) = g.begin();
            let mut dice = Script(vec![12, 2]);
            g.round(&mut st, &mut roster, &mut dice);
            assert!(dice.0.is_empty(), "{tactics}: no roll-off after the pin");
            let f = roster.result(1, |_| 0).expect("pinned");
            assert_eq!((f.winner, f.end), (Some(0), End::Pinned), "{tactics}");
        }
        let g = ted_and_peter("fta", "single = \"pin\"");
        let (mut st, mut roster) = g.begin();
        g.round(&mut st, &mut roster, &mut Script(vec![11, 2]));
        let f = roster.result(1, |_| 0).expect("let go");
        assert_eq!((f.winner, f.end), (None, End::Released));
    }

    /// 004's example: "Jo holding her friend Kelly on the ground, as the
    /// Grappler, with a Control of 2 ... [Jane] kicks at Jo. Jo elects to
    /// use the Hostage Block, and scores enough successes to negate Jane's
    /// attack. Kelly takes damage as if Jane had kicked her with only 1
    /// success on the attack. Jo, meanwhile, loses Control of Kelly and the
    /// grapple ends." Jane's kick: 2 successes; Jo's block: 3; Kelly takes
    /// Jane's base damage (Strength 2: the script's 1 success, none
    /// soaked). Had Jo not stopped it (3 against her 1), the kick lands on
    /// Jo with 2 net successes (Strength 2 + 1 die).
    #[test]
    fn jo_hostage_blocks_janes_kick() {
        let jo = "traits = { strength = 2, dexterity = 3, brawl = 3 }\ngrapple = { third-party = \"hostage-block\" }";
        let kelly = "traits = { strength = 2, brawl = 1 }";
        let jane = "traits = { strength = 2, dexterity = 3, brawl = 2 }";
        let g = jo_and_kelly("Jo", 2, (jo, &[]), (kelly, &[("Jane", jane)]));
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(2);
        let mut dice = Script(vec![2, 3, 1, 0]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[1].health.bashing, st[0].health.bashing), (1, 0));
        let f = roster.result(1, |_| 0).expect("the grapple ends");
        assert_eq!(f.end, End::Freed);
        // With Control 5 the block leaves 3 (the round's fall: 2): the
        // grapple holds. A kick of 3 against a block of 1 lands on Jo.
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(5);
        let mut dice = Script(vec![3, 1, 2, 0, 1, 1]);
        g.round(&mut st, &mut roster, &mut dice);
        assert!(dice.0.is_empty());
        assert_eq!((st[0].health.bashing, st[1].health.bashing), (2, 0));
        assert_eq!(st[0].control, 2);
    }

    /// 004 "piling on": a Grappler "carrying on with an offense suffers a
    /// cumulative 2 dice penalty to defend against each subsequent
    /// attack". Jo (Dexterity 3, Athletics 3: fta's dodge) holds Kelly with Control 5;
    /// Kelly's friends Jane and Ann kick Jo in turn. Jo's Shrug Off dodges
    /// the first with 6 dice, the second with 4; neither kick lands
    /// (0 against 1), the Control is 5 - 1 - 1 = 3 at the roll-off.
    #[test]
    fn the_grappler_shrugs_off_a_second_attack_at_two_dice_fewer() {
        let jo = "traits = { strength = 2, dexterity = 3, brawl = 2, athletics = 3 }";
        let plain = "traits = { strength = 2, brawl = 2 }";
        let kick = "traits = { strength = 2, dexterity = 2, brawl = 2 }";
        let g = jo_and_kelly(
            "Jo",
            5,
            (jo, &[]),
            (plain, &[("Jane", kick), ("Ann", kick)]),
        );
        let (_, mut roster) = g.begin();
        let mut st = ted_holds(5);
        let mut dice = Asked(Script(vec![0, 1, 0, 1, 1, 1]), Vec::new());
        g.round(&mut st, &mut roster, &mut dice);
        assert_eq!((dice.1[1], dice.1[3]), (6, 4), "{:?}", dice.1);
        assert_eq!(st[0].control, 2, "3 after the kicks, 2 after the fall");
    }

    /// 004 "A victim may Block while being grappled, but must split their
    /// pool to do so. The pool is split only in the case where they are
    /// actually attacked and make a block attempt." Jo holds Kelly with
    /// Control 5; Jo's friend Lee (Dexterity 2, Brawl 2: 4 dice) kicks
    /// Kelly. Kelly, who blocks, splits: her block (Dexterity 2 + Brawl 3)
    /// and her grapple roll (Strength 2 + Brawl 3) lose 3 dice each (two
    /// actions: 2 and 1 more), 2 dice each. A Kelly who does not defend
    /// takes the kick unblocked and rolls her full 5 in the grapple.
    #[test]
    fn a_victim_blocks_a_third_partys_attack_at_a_split_pool() {
        let jo = "traits = { strength = 2, brawl = 2 }";
        let lee = "traits = { strength = 2, dexterity = 2, brawl = 2 }";
        let pools = |defend: &str, script: Vec<u16>| {
            let kelly = format!(
                "traits = {{ strength = 2, dexterity = 2, brawl = 3 }}\ntactics = {{ defend = \"{defend}\" }}"
            );
            let g = jo_and_kelly("Jo", 5, (jo, &[("Lee", lee)]), (&kelly, &[]));
            let (_, mut roster) = g.begin();
            let mut st = ted_holds(5);
            let mut dice = Asked(Script(script), Vec::new());
            g.round(&mut st, &mut roster, &mut dice);
            assert_eq!(st[0].control, 4, "{defend}: no change but the fall");
            dice.1
        };
        assert_eq!(pools("block", vec![0, 1, 1, 1]), [4, 2, 4, 2]);
        assert_eq!(pools("none", vec![0, 1, 1]), [4, 4, 5]);
    }

    /// The difficulty `g`'s roller `k` rolls at: one die succeeds at
    /// difficulty d with chance (11 - d) / 10.
    fn difficulty_of(g: &Grapple, k: usize) -> i32 {
        let one = g.others[k].action.distribution(1).expect("outcome tables");
        (11.0 - 10.0 * one.p_at_least(1)).round() as i32
    }

    /// Third parties attack as in the fight (004 "Third Parties" names no
    /// difficulty; assumed): at their weapon's and range's difficulty
    /// (fta.toml: a gun at effective range 6, a pistol
    /// in the melee 4 and 4 against no defence, a blow 6, a Power Attack
    /// 1 more), answered at the difficulty that attack meets in a fight:
    /// Jo's Shrug Off (a dodge) at 6 against gunfire from afar and at 5
    /// hand to hand; a block at 5 + 4 against gunfire from afar, at 5
    /// against a gun in the melee, at 4 against a blow of fists, and
    /// against a knife at 4 by a Kelly with a knife, 5 with bare hands.
    #[test]
    fn third_parties_attack_and_are_met_by_their_weapon() {
        let plain = "traits = { strength = 2, dexterity = 2, brawl = 2, firearms = 2, melee = 2 }";
        let with = |kelly: &str, helper: &str, on_jos_side: bool| {
            let kelly = format!("{plain}\n{kelly}");
            let helper = format!("{plain}\n{helper}");
            let third: &[(&str, &str)] = &[("Lee", &helper)];
            let (jo, kelly) = if on_jos_side {
                ((plain, third), (kelly.as_str(), &[][..]))
            } else {
                ((plain, &[][..]), (kelly.as_str(), third))
            };
            let text = format!(
                "[grapple]\ngrappler = \"Jo\"\nstart = \"held\"\ncontrol = 5\n{}{}",
                side("Jo", jo.0, jo.1),
                side("Kelly", kelly.0, kelly.1)
            );
            let text = format!("name = \"g\"\nkind = \"grapple\"\neditions = [\"fta\"]\n{text}");
            let s = Scenario::parse("g.toml", &text, None).expect("scenario");
            let g = Grapple::new(&s, &s.editions[0], Sampling::Outcome).expect("engine");
            let h = g.helpers[0];
            let at = |k: usize| difficulty_of(&g, k);
            // Against a defence and none; Jo's Shrug Off and block; Kelly's block.
            (
                [at(h.strike[0]), at(h.strike[1])],
                [at(h.shrug[0]), at(h.block[0]), at(h.block[1])],
            )
        };
        let far = "weapon = \"pistol\"\nrange = \"effective\"";
        assert_eq!(with("", far, false), ([6, 6], [6, 9, 9]));
        let close = "weapon = \"pistol\"\nrange = \"melee\"";
        assert_eq!(with("", close, false), ([4, 4], [5, 5, 5]));
        assert_eq!(with("", "", false), ([6, 6], [5, 4, 4]));
        let knife = "weapon = \"knife\"\ntactics = { attack = \"power\" }";
        assert_eq!(with("", knife, true), ([7, 7], [5, 5, 5]));
        assert_eq!(with("weapon = \"knife\"", knife, true).1[2], 4);
    }

    /// 004 "Drop 2 Control": Control 4 and a net of 1 make 5; the drop
    /// leaves 3 (2 after the fall) and Kelly on the ground. "Prop 5
    /// Control Victim is forced to stand", and a throw needs the Victim on
    /// its feet: a thrower with Control 6 and a net of 1 (7) props first
    /// (2 left, 1 after the fall), and throws the round after. "Disarm 5":
    /// 7 pays for it against an armed Victim (1 left after the fall), not
    /// against bare hands.
    #[test]
    fn drop_prop_disarm_and_throw() {
        let plain = "traits = { strength = 3, brawl = 3 }";
        let top = "[grapple]\ngrappler = \"Ted\"\nstart = \"held\"\ncontrol = 4";
        let with = |effect: &str, weapon: &str| {
            grapple_of(
                top,
                &format!(
                    "{}{}",
                    side(
                        "Ted",
                        &format!("{plain}\ngrapple = {{ effect = \"{effect}\" }}"),
                        &[]
                    ),
                    side("Peter", &format!("{plain}\nweapon = \"{weapon}\""), &[])
                ),
            )
        };
        let g = with("drop", "fists");
        let (_, mut roster) = g.begin();
        let mut st = holds(4, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].prone), (2, true));
        let g = with("throw", "fists");
        let mut st = holds(6, [false, true]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].prone), (1, false));
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        let f = roster.result(2, |_| 0).expect("thrown");
        assert_eq!((f.winner, f.end), (None, End::Released));
        let g = with("disarm", "knife");
        let (_, mut roster) = g.begin();
        let mut st = holds(6, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].disarmed), (1, true));
        let g = with("disarm", "fists");
        let mut st = holds(6, [false, false]);
        g.round(&mut st, &mut roster, &mut Script(vec![2, 1]));
        assert_eq!((st[0].control, st[1].disarmed), (6, false));
    }

    /// A Victim on the ground rolls `prone-dice` (2) fewer: Peter's
    /// Strength 3 + Brawl 3 is rolled as 4 dice, Ted's as 6.
    #[test]
    fn a_grounded_victim_rolls_two_dice_fewer() {
        let g = ted_and_peter("fta", "victim = \"resist\"");
        let (_, mut roster) = g.begin();
        let mut st = holds(4, [false, true]);
        let mut dice = Asked(Script(vec![1, 1]), Vec::new());
        g.round(&mut st, &mut roster, &mut dice);
        assert_eq!(dice.1, [6, 4]);
    }

    /// A source that plays a script and records the pools asked for.
    struct Asked(Script, Vec<i32>);

    impl Source for Asked {
        fn face(&mut self) -> i32 {
            self.0.face()
        }
        fn roll(&mut self, roller: &crate::conflict::source::Roller, pool: i32) -> Roll {
            self.1.push(pool);
            self.0.roll(roller, pool)
        }
        fn draw<T: Ranked, const K: usize>(
            &mut self,
            t: &crate::conflict::tables::Tables<T, K>,
            key: [usize; K],
            weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
        ) -> Option<T> {
            self.0.draw(t, key, weights)
        }
        fn order(
            &mut self,
            n: usize,
            _: impl FnMut(usize, &mut Self) -> i32,
            _: impl Fn(usize) -> i32,
        ) -> crate::conflict::turn::Turn {
            crate::conflict::turn::Turn::of(&(0..n).collect::<Vec<_>>())
        }
        fn order_tied(
            &mut self,
            n: usize,
            _: impl FnMut(usize, &mut Self) -> i32,
            _: impl Fn(usize) -> i32,
            _: impl Fn(usize) -> usize,
        ) -> crate::conflict::turn::Turn {
            crate::conflict::turn::Turn::of(&(0..n).collect::<Vec<_>>())
        }
    }
}
