//! Fights that turn into other conflicts and back: a grapple one member's
//! attack or defence begins, and the chase that follows a flight.
//!
//! A [`Flow`] wraps an edition's fight engine. A fight round that ends
//! with a `Handoff` on the roster (`Roster::grapple`, `Roster::flee`)
//! hands the next rounds to the edition's grapple engine ([`Grapple`],
//! `[grapple]`) or chase engine (`[chase]`), started where the fight left
//! them: the grapple with the opening's Control and the members' health,
//! the chase with the escape's head start. Each round is then the
//! conflict's own round, until it ends:
//!
//! - a grapple that ends in a pin or a relenting Victim ends the fight
//!   (pinned, conceded), as do effects that incapacitate or kill; a Victim
//!   freed (Control at 0, a hold broken) or released (a single effect, a
//!   throw) goes back to the fight, its wounds kept (004 "Ending the
//!   Grapple": "the grapple ends immediately");
//! - a chase the Prey escapes, or the Predator's Run or an obstacle ends,
//!   ends the fight with the Prey gone (its side wins: it got away); a
//!   Prey caught (or penned in when its Run is up) goes back to the fight
//!   (004: "If any predator catches the Prey, the chase ends (and usually a
//!   combat will begin)"), or loses it when the fight's `[chase] caught =
//!   "lost"`; a Prey that fails an obstacle loses.
//!
//! A grapple that ends with a member on the ground (dropped, slammed) costs
//! it its actions in the next fight round, getting up (assumed; it still
//! defends); a member disarmed in a grapple fights on with its fists (the
//! Flow keeps the fight compiled for each set of members disarmed).
//!
//! Every round of either kind counts towards the scenario's `max-rounds`.
//! The Flow's state is the fight's with the grapple's (Control, who holds)
//! and the chase's (the Lead) beside it, so its round chain gives exact
//! odds like any fight's.

use std::hash::Hash;

use crate::conflict::chain::Rounds;
use crate::conflict::chase::{Caught, ChaseState, Contest, Lead, Race};
use crate::conflict::grapple::{self, Grapple};
use crate::conflict::health::Health;
use crate::conflict::scenario::MAX_MEMBERS;
use crate::conflict::source::Source;
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Handoff, Roster};

/// A fight engine's member state, as a grapple sees it: the health track
/// its effects hurt (`None`: the edition's fights keep none a grapple
/// touches).
pub trait Body: Copy + Default + Eq + Hash {
    /// Its health track.
    fn health(&mut self) -> Option<&mut Health>;

    /// Physical contests it has lost (hubris: towards conceding), which a
    /// grapple, another physical contest, goes on counting.
    #[inline]
    fn contests_lost(&mut self) -> Option<&mut i32> {
        None
    }

    /// The fight has handed over to a grapple or a chase: the member's
    /// turns go to it, so what lasts until its next turn in the fight
    /// (uwod's onslaught, Willpower spent to ignore wounds) is over.
    #[inline]
    fn turn_passed(&mut self) {}
}

/// Which conflict a round plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
enum Phase {
    #[default]
    Fight,
    Grapple,
    Chase,
}

/// A member's state in a [`Flow`]: its fight state, and (kept in the
/// first member's slot) the grapple's or chase's under way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FlowState<S> {
    fight: S,
    grapple: grapple::State,
    chase: ChaseState,
    phase: Phase,
    /// On the ground after a grapple: it gets up in the next fight round.
    prone: bool,
    /// Disarmed in a grapple: it fights with its fists.
    disarmed: bool,
}

/// The chase engine a fight's `[chase]` runs under the edition's `[chase]
/// engine`.
#[derive(Debug, Clone)]
pub enum Pursuit {
    /// fta's Lead track.
    Lead(Box<Lead>),
    /// revised's and uwod's race.
    Race(Box<Race>),
    /// hubris's contest.
    Contest(Box<Contest>),
}

impl Pursuit {
    fn round<D: Source>(
        &self,
        st: &mut [ChaseState; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        match self {
            Pursuit::Lead(e) => e.round(st, roster, dice),
            Pursuit::Race(e) => e.round(st, roster, dice),
            Pursuit::Contest(e) => e.round(st, roster, dice),
        }
    }

    /// The chase's state as a flight leaves the fight: fta's with the
    /// escape's head start (a flight with no escape roll starts as the
    /// fight's `[chase] start` says); the others start level. `None` when
    /// the chase is over before it begins (a head start of 0 or less:
    /// caught at once).
    fn after_flight(&self, head_start: Option<i8>) -> Option<ChaseState> {
        match (self, head_start) {
            (Pursuit::Lead(_), Some(h)) if h <= 0 => None,
            (Pursuit::Lead(_), Some(h)) => Some(ChaseState {
                a: i16::from(h),
                started: true,
                ..ChaseState::default()
            }),
            _ => Some(ChaseState::default()),
        }
    }
}

/// A fight of one against one that may turn into a grapple or a chase.
#[derive(Debug, Clone)]
pub struct Flow<F> {
    /// The fight, by the set of members disarmed (bit `i`: member `i`;
    /// only the first when nobody can be).
    fights: Vec<F>,
    /// The grapple it turns into when a member grapples.
    grapple: Option<Grapple>,
    /// The chase that follows the Prey's flight, its Prey, and what a
    /// catch does.
    pursuit: Option<(Pursuit, usize, Caught)>,
}

impl<F: Rounds> Flow<F> {
    /// `fights` (by the set of members disarmed), turning into `grapple`
    /// when a member grapples and into `pursuit` (with its Prey's member
    /// and what a catch does) when the Prey flees.
    pub(crate) fn new(
        fights: Vec<F>,
        grapple: Option<Grapple>,
        pursuit: Option<(Pursuit, usize, Caught)>,
    ) -> Self {
        assert!(!fights.is_empty(), "a flow has its fight");
        Flow {
            fights,
            grapple,
            pursuit,
        }
    }

    fn fight(&self) -> &F {
        &self.fights[0]
    }
}

/// A roster to play a grapple's or chase's round on: the fight's, with
/// nothing counted yet.
fn scratch(roster: &Roster) -> Roster {
    let mut r = *roster;
    (r.willpower, r.botches, r.handoff) = (0, 0, None);
    (r.reversals, r.harm) = (0, 0);
    r
}

/// Adds what was counted on a scratch roster `r` to `roster`.
fn absorb(roster: &mut Roster, r: &Roster) {
    roster.botches += r.botches;
    roster.willpower += r.willpower;
    roster.reversals += r.reversals;
    roster.harm += r.harm;
}

impl<F: Rounds> Flow<F>
where
    F::State: Body,
{
    /// A fight round, and the grapple or chase it hands over to.
    fn fight_round<D: Source>(
        &self,
        st: &mut [FlowState<F::State>; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let mut fs: [F::State; MAX_MEMBERS] = std::array::from_fn(|k| st[k].fight);
        let bits = |on: fn(&FlowState<F::State>) -> bool| {
            (st.iter().enumerate()).fold(0u16, |m, (i, s)| m | u16::from(on(s)) << i)
        };
        let disarmed = usize::from(bits(|s| s.disarmed));
        roster.idle = bits(|s| s.prone);
        let fight = self.fights.get(disarmed).unwrap_or(self.fight());
        fight.round(&mut fs, roster, dice);
        for (s, f) in st.iter_mut().zip(fs) {
            s.fight = f;
            // Up from the ground.
            s.prone = false;
        }
        let handoff = roster.handoff.take();
        if handoff.is_some() {
            for s in st.iter_mut() {
                s.fight.turn_passed();
            }
        }
        match handoff {
            None => {}
            Some(Handoff::Grapple {
                grappler, control, ..
            }) => {
                let g = self
                    .grapple
                    .as_ref()
                    .expect("a fight whose members grapple compiles its grapple");
                st[0].phase = Phase::Grapple;
                let mut gs = grapples(st);
                let mut r = scratch(roster);
                g.grab(usize::from(grappler), control.into(), &mut gs, &mut r, dice);
                after_grapple(st, &gs, &r, roster);
            }
            Some(Handoff::Chase {
                prey, head_start, ..
            }) => {
                let (pursuit, _, caught) = self
                    .pursuit
                    .as_ref()
                    .expect("a fight whose flights are pursued compiles its chase");
                match pursuit.after_flight(head_start) {
                    Some(c) => {
                        st[0].phase = Phase::Chase;
                        st[0].chase = c;
                    }
                    None => match caught {
                        // Caught at once: the fight goes on.
                        Caught::Fight => {}
                        Caught::Lost => roster.knock_out(usize::from(prey), End::Caught),
                    },
                }
            }
        }
    }

    /// A grapple round.
    fn grapple_round<D: Source>(
        &self,
        st: &mut [FlowState<F::State>; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let g = self.grapple.as_ref().expect("a grapple under way");
        let mut gs = grapples(st);
        let mut r = scratch(roster);
        g.round(&mut gs, &mut r, dice);
        after_grapple(st, &gs, &r, roster);
    }

    /// A chase round.
    fn chase_round<D: Source>(
        &self,
        st: &mut [FlowState<F::State>; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let (pursuit, prey, caught) = self.pursuit.as_ref().expect("a chase under way");
        let (prey, caught) = (*prey, *caught);
        // The chase's health is the fight's, read afresh each round (fta's
        // shots during a chase hurt the fighters).
        let mut cs = [ChaseState::default(); MAX_MEMBERS];
        cs[0] = st[0].chase;
        for (c, s) in cs.iter_mut().zip(st.iter_mut()).take(2) {
            if let Some(h) = s.fight.health() {
                c.health = *h;
            }
        }
        let contest = matches!(pursuit, Pursuit::Contest(_));
        if contest {
            contests_into_chase(st, &mut cs[0], prey);
        }
        let mut r = scratch(roster);
        pursuit.round(&mut cs, &mut r, dice);
        for (c, s) in cs.iter().zip(st.iter_mut()).take(2) {
            if let Some(h) = s.fight.health() {
                *h = c.health;
            }
        }
        if contest {
            contests_from_chase(st, &cs[0], prey);
        }
        st[0].chase = ChaseState {
            health: Health::default(),
            ..cs[0]
        };
        absorb(roster, &r);
        let predator = 1 - prey;
        let ended = |k: usize| r.out(k).filter(|_| roster.out(k).is_none());
        let (a, b) = (ended(prey), ended(predator));
        // Caught, or penned in when its Run is up ("the Lead is adjusted
        // to 0"): the fight goes on, unless a catch loses it. hubris's
        // catch is the Prey giving up, its contests lost in the arena at
        // its Resistance: it does not fight on.
        let gave_up = contest && a == Some(End::Caught);
        let back = matches!(a, Some(End::Caught | End::RunOut))
            && b.is_none()
            && caught == Caught::Fight
            && !gave_up;
        if back {
            st[0].phase = Phase::Fight;
            st[0].chase = ChaseState::default();
            return;
        }
        if let Some(e) = a {
            roster.knock_out(prey, e);
        }
        if let Some(e) = b {
            roster.knock_out(predator, e);
        }
    }
}

/// hubris's chase, a physical contest like the fight (001: defeat after
/// "lost contests within a certain arena"), goes on counting the contests
/// each has lost: the Prey's (member `prey`) into the chase's `a`, the
/// Predator's into `b`.
fn contests_into_chase<S: Body>(
    st: &mut [FlowState<S>; MAX_MEMBERS],
    c: &mut ChaseState,
    prey: usize,
) {
    let mut lost = |k: usize| {
        st[k]
            .fight
            .contests_lost()
            .map_or(0, |l| (*l).clamp(0, i32::from(i16::MAX)) as i16)
    };
    (c.a, c.b) = (lost(prey), lost(1 - prey));
}

/// The contests lost in hubris's chase round back into the fight's count
/// (the fight goes on if the Prey is caught).
fn contests_from_chase<S: Body>(st: &mut [FlowState<S>; MAX_MEMBERS], c: &ChaseState, prey: usize) {
    for (k, n) in [(prey, c.a), (1 - prey, c.b)] {
        if let Some(l) = st[k].fight.contests_lost() {
            *l = i32::from(n);
        }
    }
}

/// The grapple's states of the first two members (the fight's), with
/// their health from the fight.
fn grapples<S: Body>(st: &mut [FlowState<S>; MAX_MEMBERS]) -> [grapple::State; MAX_MEMBERS] {
    let mut gs = [grapple::State::default(); MAX_MEMBERS];
    for (g, s) in gs.iter_mut().zip(st.iter_mut()).take(2) {
        *g = s.grapple;
        (g.prone, g.disarmed) = (s.prone, s.disarmed);
        if let Some(h) = s.fight.health() {
            g.health = *h;
        }
        if let Some(l) = s.fight.contests_lost() {
            g.losses = (*l).clamp(0, 255) as u8;
        }
    }
    gs
}

/// After a grapple's round on `gs` and the roster `r` it played on: the
/// health back into the fight, the counts into `roster`, and the
/// grapple's end: a pin, a relenting Victim or a felled one ends the
/// fight; a Victim freed or released goes back to it.
fn after_grapple<S: Body>(
    st: &mut [FlowState<S>; MAX_MEMBERS],
    gs: &[grapple::State; MAX_MEMBERS],
    r: &Roster,
    roster: &mut Roster,
) {
    for (s, g) in st.iter_mut().zip(gs).take(2) {
        s.grapple = *g;
        (s.prone, s.disarmed) = (g.prone, g.disarmed);
        if let Some(h) = s.fight.health() {
            *h = g.health;
        }
        if let Some(l) = s.fight.contests_lost() {
            *l = i32::from(g.losses);
        }
    }
    absorb(roster, r);
    let mut over = false;
    for k in 0..2 {
        if roster.out(k).is_some() {
            continue;
        }
        match r.out(k) {
            None => {}
            Some(End::Freed | End::Released | End::Missed) => over = true,
            Some(e) => {
                roster.knock_out(k, e);
                over = true;
            }
        }
    }
    if over {
        st[0].phase = Phase::Fight;
        for s in st.iter_mut() {
            s.grapple = grapple::State::default();
        }
    }
}

impl<F: Rounds> Rounds for Flow<F>
where
    F::State: Body,
{
    type State = FlowState<F::State>;

    /// The fight's keys hold its members' fight states, not what the
    /// flow keeps beside them (who is prone or disarmed, the grapple and
    /// chase), which the round reads after the fight's: they are sound
    /// within one state's round only.
    const WHOLE_KEYS: bool = false;

    fn frame(&self) -> Frame {
        self.fight().frame()
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        self.fight().sides()
    }

    fn start(&self, i: usize) -> Self::State {
        FlowState {
            fight: self.fight().start(i),
            ..FlowState::default()
        }
    }

    fn begin(&self) -> ([Self::State; MAX_MEMBERS], Roster) {
        let mut st = [FlowState::default(); MAX_MEMBERS];
        let mut roster = Roster::new(self.sides(), self.frame().sides);
        for (i, s) in st.iter_mut().enumerate().take(roster.len()) {
            *s = self.start(i);
        }
        if let Some((_, prey, _)) = &self.pursuit {
            roster.pursued = 1 << prey;
        }
        (st, roster)
    }

    #[inline]
    fn round<D: Source>(
        &self,
        st: &mut [Self::State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        match st[0].phase {
            Phase::Fight => self.fight_round(st, roster, dice),
            Phase::Grapple => self.grapple_round(st, roster, dice),
            Phase::Chase => self.chase_round(st, roster, dice),
        }
    }

    fn lost(s: &Self::State) -> u32 {
        F::lost(&s.fight)
    }

    fn carry(s: &Self::State) -> Self::State {
        // The grapple's health is the fight's, read afresh each round.
        let mut grapple = s.grapple;
        grapple.health = Health::default();
        FlowState {
            fight: F::carry(&s.fight),
            grapple,
            ..*s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A body that counts contests lost, as hubris's does.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    struct Counting(i32);

    impl Body for Counting {
        fn health(&mut self) -> Option<&mut Health> {
            None
        }

        fn contests_lost(&mut self) -> Option<&mut i32> {
            Some(&mut self.0)
        }
    }

    /// 001: defeat after "lost contests within a certain arena equal to
    /// the relevant Resistance attribute": a member who has lost a contest
    /// in the fight starts the grapple one down, and the contests it loses
    /// in the grapple count on in the fight after it.
    #[test]
    fn contests_lost_carry_into_the_grapple_and_back() {
        let mut st = [FlowState::<Counting>::default(); MAX_MEMBERS];
        st[1].fight.0 = 1;
        let mut gs = grapples(&mut st);
        assert_eq!((gs[0].losses, gs[1].losses), (0, 1));
        gs[0].losses = 2;
        let r = Roster::new(0..2, 2);
        let mut roster = Roster::new(0..2, 2);
        after_grapple(&mut st, &gs, &r, &mut roster);
        assert_eq!((st[0].fight.0, st[1].fight.0), (2, 1));
    }

    /// The same for hubris's chase, a contest in the same arena: the
    /// Prey (member 1 here) starts the chase with the contest it lost in
    /// the fight, and a contest the Predator loses in the chase counts
    /// in the fight after it.
    #[test]
    fn contests_lost_carry_into_the_chase_and_back() {
        let mut st = [FlowState::<Counting>::default(); MAX_MEMBERS];
        st[1].fight.0 = 1;
        let mut c = ChaseState::default();
        contests_into_chase(&mut st, &mut c, 1);
        assert_eq!((c.a, c.b), (1, 0));
        c.b = 1;
        contests_from_chase(&mut st, &c, 1);
        assert_eq!((st[0].fight.0, st[1].fight.0), (1, 1));
    }
}
