//! What every engine's fight shares: turn order, targets, who is still
//! standing, and the fight's result.

use rand_core::Rng;
use wodds_dice::D10;

use super::scenario::{MAX_MEMBERS, Scenario};
use super::tally::{End, Fight};

/// A conflict that takes over a fight from the next round: a grapple one
/// member's attack or defence began, or the chase that follows a flight
/// (see [`Flow`](super::combat::flow::Flow)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handoff {
    /// `grappler` holds `victim` with `control` (fta: the opening's net
    /// successes; the other editions' holds: 1).
    Grapple {
        /// The member who grapples.
        grappler: u8,
        /// The member grappled.
        victim: u8,
        /// The Control it opens with.
        control: i8,
    },
    /// `prey` got away from the fight and `predator` pursues.
    Chase {
        /// The member who fled.
        prey: u8,
        /// The member who pursues.
        predator: u8,
        /// The head start its escape roll left (fta: the escape's
        /// successes less the best attack's), or `None` for a flight with
        /// no escape roll (the chase starts as the scenario's `[chase]
        /// start` says).
        head_start: Option<i8>,
    },
}

/// What a round counts as it goes, all sides: Willpower spent, botches,
/// grapples reversed and harm ([`Roster::counts`]).
pub type Counts = [u32; 4];

/// The members of a fight: which side each is on and whether it is out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Roster {
    n: usize,
    side: [usize; MAX_MEMBERS],
    out: [Option<End>; MAX_MEMBERS],
    /// The members still standing (bit `i`: member `i`), kept with `out`.
    up: u16,
    /// Each member's side as a set of members (bit `j`: `j` is on it).
    mates: [u16; MAX_MEMBERS],
    sides: usize,
    /// Someone left since the last look at the result.
    changed: bool,
    /// How the last member to leave left.
    pub last_out: End,
    /// Willpower spent, all sides.
    pub willpower: u32,
    /// Botches, all sides.
    pub botches: u32,
    /// Grapples reversed (the Victim taking hold).
    pub reversals: u32,
    /// Health levels dealt by grapple effects (slams, cracks, clinches,
    /// the hold's crushing damage).
    pub harm: u32,
    /// A grapple or chase that takes over from the next round: set by an
    /// engine during a round, which then stops ([`Roster::decided`]).
    pub handoff: Option<Handoff>,
    /// The members whose flight starts a chase (bit `i`: member `i`):
    /// the Prey of a fight's `[chase]`.
    pub pursued: u16,
    /// The members who lose their actions this round (bit `i`: member
    /// `i`): getting up from the ground after a grapple. They still defend.
    pub idle: u16,
    /// The conflict ended before its first round truly began (004: a
    /// botched cold start, a successful pounce): it lasted 0 rounds.
    pub unbegun: bool,
}

impl Roster {
    /// A roster for members on `sides` (by index), all standing.
    #[inline]
    pub fn new(sides_of: impl Iterator<Item = usize>, sides: usize) -> Self {
        let mut r = Roster {
            n: 0,
            side: [0; MAX_MEMBERS],
            out: [None; MAX_MEMBERS],
            up: 0,
            mates: [0; MAX_MEMBERS],
            sides,
            changed: false,
            last_out: End::Draw,
            willpower: 0,
            botches: 0,
            reversals: 0,
            harm: 0,
            handoff: None,
            pursued: 0,
            idle: 0,
            unbegun: false,
        };
        for s in sides_of {
            r.side[r.n] = s;
            r.up |= 1 << r.n;
            r.n += 1;
        }
        for i in 0..r.n {
            r.mates[i] = (0..r.n)
                .filter(|&j| r.side[j] == r.side[i])
                .fold(0, |m, j| m | 1 << j);
        }
        r
    }

    /// The roster as the next round finds it, counts cleared: only who is
    /// out carries over (how the last one left matters only for a result,
    /// read the round it happens).
    pub fn carried(&self) -> Roster {
        Roster {
            changed: false,
            last_out: End::Draw,
            willpower: 0,
            botches: 0,
            reversals: 0,
            harm: 0,
            handoff: None,
            idle: 0,
            unbegun: false,
            ..*self
        }
    }

    /// What the round has counted so far: [`Roster::willpower`],
    /// [`Roster::botches`], [`Roster::reversals`] and [`Roster::harm`].
    #[inline]
    pub fn counts(&self) -> Counts {
        [self.willpower, self.botches, self.reversals, self.harm]
    }

    /// The roster without what the round counted ([`Roster::counts`]):
    /// nothing in a round reads those, they only add up.
    #[inline]
    pub fn uncounted(&self) -> Roster {
        Roster {
            willpower: 0,
            botches: 0,
            reversals: 0,
            harm: 0,
            ..*self
        }
    }

    /// Hashes what of the roster a conflict changes between rounds: who is
    /// out and how, and who flees into a chase (the round chain's index:
    /// the rest is the same in every roster of one conflict, or cleared by
    /// [`Roster::carried`]). Equal rosters hash alike.
    #[inline]
    pub fn hash_changing<H: std::hash::Hasher>(&self, h: &mut H) {
        use std::hash::Hash;
        (self.up, self.pursued).hash(h);
        self.out[..self.n].hash(h);
    }

    /// Members in the fight.
    #[inline]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether member `i` still fights.
    #[inline]
    pub fn standing(&self, i: usize) -> bool {
        self.up >> i & 1 != 0
    }

    /// The members still standing, as a set (bit `i`: member `i`).
    #[inline]
    pub fn up(&self) -> u16 {
        self.up
    }

    /// The standing members of other sides than `i`'s, as a set.
    #[inline]
    pub fn enemies(&self, i: usize) -> u16 {
        self.up & !self.mates[i]
    }

    /// Takes member `i` out of the fight.
    #[inline]
    pub fn knock_out(&mut self, i: usize, how: End) {
        if self.out[i].is_none() {
            self.out[i] = Some(how);
            self.up &= !(1 << i);
            self.last_out = how;
            self.changed = true;
        }
    }

    /// Whether the fight is decided: one side or none still stands, or a
    /// grapple or chase takes over ([`Roster::handoff`]). Once it is, the
    /// members still to act in the round do nothing.
    #[inline]
    pub fn decided(&self) -> bool {
        self.up == 0
            || self.enemies(self.up.trailing_zeros() as usize) == 0
            || self.handoff.is_some()
    }

    /// Whether member `i` loses its actions this round ([`Roster::idle`]).
    #[inline]
    pub fn idle(&self, i: usize) -> bool {
        self.idle >> i & 1 != 0
    }

    /// How member `i` left the fight, if it has.
    #[inline]
    pub fn out(&self, i: usize) -> Option<End> {
        self.out[i]
    }

    /// Member `i` flees: out of the fight, or, when its flight is pursued
    /// (a fight's `[chase]`), into the chase with the first standing enemy
    /// as the Predator and `head_start` (see [`Handoff::Chase`]).
    #[inline]
    pub fn flee(&mut self, i: usize, head_start: Option<i8>) {
        match self.target(i) {
            Some(predator) if self.pursued >> i & 1 != 0 => {
                self.handoff = Some(Handoff::Chase {
                    prey: i as u8,
                    predator: predator as u8,
                    head_start,
                });
            }
            _ => self.knock_out(i, End::Fled),
        }
    }

    /// Member `i` grapples member `victim` from the next round with
    /// `control` (see [`Handoff::Grapple`]).
    #[inline]
    pub fn grapple(&mut self, i: usize, victim: usize, control: i32) {
        self.handoff = Some(Handoff::Grapple {
            grappler: i as u8,
            victim: victim as u8,
            control: control.clamp(1, 127) as i8,
        });
    }

    /// The first standing member of another side than `i`'s.
    #[inline]
    pub fn target(&self, i: usize) -> Option<usize> {
        let e = self.enemies(i);
        (e != 0).then(|| e.trailing_zeros() as usize)
    }

    /// The fight's result if it is over after `round` (one side or none
    /// standing); `damage(j)` is the health levels member `j` lost.
    #[inline]
    pub fn result(&mut self, round: u32, damage: impl Fn(usize) -> u32) -> Option<Fight> {
        if !std::mem::take(&mut self.changed) {
            return None;
        }
        let round = round.saturating_sub(u32::from(self.unbegun));
        let up = |s: usize| (0..self.n).any(|j| self.side[j] == s && self.standing(j));
        let mut standing = (0..self.sides).filter(|&s| up(s));
        match (standing.next(), standing.next()) {
            (Some(w), None) => Some(Fight {
                winner: Some(w),
                end: self.last_out,
                rounds: round,
                winner_damage: (0..self.n)
                    .filter(|&j| self.side[j] == w)
                    .map(&damage)
                    .sum(),
                willpower: self.willpower,
                botches: self.botches,
                reversals: self.reversals,
                harm: self.harm,
            }),
            (None, _) => {
                let mut f = self.draw(round);
                // Everyone left one way that names no winner (a grapple
                // released, or never begun): say so rather than "draw".
                if self.last_out.undecided() {
                    f.end = self.last_out;
                }
                Some(f)
            }
            _ => None,
        }
    }

    /// A draw after `round` rounds.
    #[inline]
    pub fn draw(&self, round: u32) -> Fight {
        Fight {
            winner: None,
            end: End::Draw,
            rounds: round,
            winner_damage: 0,
            willpower: self.willpower,
            botches: self.botches,
            reversals: self.reversals,
            harm: self.harm,
        }
    }
}

/// What every engine keeps of a scenario's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Number of sides.
    pub sides: usize,
    /// Rounds after which a fight is a draw.
    pub max_rounds: u32,
}

impl Frame {
    /// The shape of `scenario`.
    pub fn of(scenario: &Scenario) -> Frame {
        Frame {
            sides: scenario.sides.len(),
            max_rounds: scenario.max_rounds,
        }
    }
}

/// The turn order: members by `score(i)` (highest first), ties by
/// `tiebreak(i)`, then at random (32 random bits each: a tie left to the
/// index has probability 2^-32).
#[inline]
pub fn order<R: Rng>(
    n: usize,
    dice: &mut D10<R>,
    score: impl FnMut(usize, &mut D10<R>) -> i32,
    tiebreak: impl Fn(usize) -> i32,
) -> Turn {
    ordered(n, dice, score, tiebreak, None::<fn(usize) -> usize>)
}

/// The turn order by the same draws, with the members tied on both
/// `score` and `tiebreak` marked ([`Turn::tied`]): tied members of one
/// `side` keep their listing order among themselves (lowest index first),
/// those of different sides are interleaved at random.
#[inline]
pub fn order_tied<R: Rng>(
    n: usize,
    dice: &mut D10<R>,
    score: impl FnMut(usize, &mut D10<R>) -> i32,
    tiebreak: impl Fn(usize) -> i32,
    side: impl Fn(usize) -> usize,
) -> Turn {
    ordered(n, dice, score, tiebreak, Some(side))
}

#[inline(always)]
fn ordered<R: Rng, S: Fn(usize) -> usize>(
    n: usize,
    dice: &mut D10<R>,
    mut score: impl FnMut(usize, &mut D10<R>) -> i32,
    tiebreak: impl Fn(usize) -> i32,
    mark: Option<S>,
) -> Turn {
    // One sortable word a member: score, tiebreak, random bits, index.
    let field = |v: i32| (v.clamp(-2048, 2047) + 2048) as u64;
    let mut keys = [0u64; MAX_MEMBERS];
    let mut bits = 0u64;
    for (i, key) in keys.iter_mut().enumerate().take(n) {
        if i % 2 == 0 {
            bits = dice.rng().next_u64();
        }
        let random = (bits >> (32 * (i % 2))) & 0xffff_ffff;
        *key = field(score(i, dice)) << 52 | field(tiebreak(i)) << 40 | random << 8 | i as u64;
    }
    let keys = &mut keys[..n];
    if n == 2 {
        if keys[0] < keys[1] {
            keys.swap(0, 1);
        }
    } else {
        keys.sort_unstable_by(|a, b| b.cmp(a));
    }
    let mut ties = 0u16;
    if let Some(side) = mark {
        // Score and tiebreak are the bits above the random ones.
        for place in 1..n {
            if keys[place] >> 40 == keys[place - 1] >> 40 {
                ties |= 1 << place;
            }
        }
        if ties != 0 {
            in_listing_order(keys, ties, side);
        }
    }
    let mut order = 0u64;
    for (place, k) in keys.iter().enumerate() {
        order |= (k & 0xff) << (8 * place);
    }
    Turn { order, n, ties }
}

/// Puts the members of each side within each run of tied places (`ties`,
/// as [`Turn::tied`]) of `keys` back in their listing order, on the places
/// that side holds in the run.
fn in_listing_order(keys: &mut [u64], ties: u16, side: impl Fn(usize) -> usize) {
    let n = keys.len();
    let member = |k: u64| (k & 0xff) as usize;
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && ties >> end & 1 != 0 {
            end += 1;
        }
        // A sort of each side's members among that side's places.
        for a in start..end {
            for b in a + 1..end {
                let (x, y) = (member(keys[a]), member(keys[b]));
                if side(x) == side(y) && y < x {
                    keys.swap(a, b);
                }
            }
        }
        start = end;
    }
}

/// A turn order: member indices packed a byte each, first to act lowest
/// (a word, so handing it around never goes through memory), and which
/// places tie with the place before them (only when asked for, by
/// [`order_tied`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    order: u64,
    n: usize,
    /// Bit `p`: the member at place `p` tied with the one at `p - 1`.
    ties: u16,
}

impl Turn {
    /// The order `members` (first to act first), no ties marked.
    pub fn of(members: &[usize]) -> Turn {
        Turn::tied_of(members, 0)
    }

    /// The order `members`, with `ties` marked (bit `p`: the member at
    /// place `p` tied with the one before it).
    pub fn tied_of(members: &[usize], ties: u16) -> Turn {
        let mut order = 0u64;
        for (place, &i) in members.iter().enumerate() {
            order |= (i as u64) << (8 * place);
        }
        Turn {
            order,
            n: members.len(),
            ties,
        }
    }

    /// Whether the member at `place` tied with the one before it.
    #[inline]
    pub fn tied(self, place: usize) -> bool {
        place < 16 && self.ties >> place & 1 != 0
    }

    /// Whether any members tied.
    #[inline]
    pub fn any_tied(self) -> bool {
        self.ties != 0
    }

    /// What is left of the order from `place` on: the members still to
    /// act, in order, with their ties (what the rest of a round reads of
    /// its order).
    #[inline]
    pub fn rest(self, place: usize) -> Turn {
        let place = place.min(self.n);
        Turn {
            order: self.order.checked_shr(8 * place as u32).unwrap_or(0),
            n: self.n - place,
            ties: self.ties.checked_shr(place as u32).unwrap_or(0),
        }
    }

    /// The members in the order they act.
    #[inline]
    pub fn members(self) -> impl Iterator<Item = usize> {
        (0..self.n).map(move |place| ((self.order >> (8 * place)) & 0xff) as usize)
    }
}

const _: () = assert!(MAX_MEMBERS <= 8, "a turn order packs a member a byte");

#[cfg(test)]
mod tests {
    use super::*;

    /// The rest of an order from a place: the members after it, and the
    /// ties among them.
    #[test]
    fn the_rest_of_an_order() {
        let t = Turn::tied_of(&[3, 1, 0, 2], 0b1000);
        assert_eq!(t.rest(0), t);
        assert_eq!(t.rest(2), Turn::tied_of(&[0, 2], 0b10));
        assert_eq!(t.rest(4).members().count(), 0);
        assert_eq!(Turn::of(&[0; 8]).rest(8).members().count(), 0);
    }

    /// Four members on three sides (0, 0, 1, 2): undecided while two sides
    /// stand, decided once one side (or none) is left.
    #[test]
    fn decided_when_one_side_or_none_stands() {
        let mut r = Roster::new([0, 0, 1, 2].into_iter(), 3);
        assert!(!r.decided());
        r.knock_out(0, End::Fled);
        r.knock_out(2, End::Killed);
        assert!(!r.decided(), "sides 0 and 2 stand");
        r.knock_out(3, End::Conceded);
        assert!(r.decided(), "side 0 alone");
        r.knock_out(1, End::Incapacitated);
        assert!(r.decided(), "nobody");
    }

    /// The same four members: each one's enemies are the standing members
    /// of the other sides, and its target the first of them by listing.
    #[test]
    fn enemies_are_the_standing_members_of_other_sides() {
        let mut r = Roster::new([0, 0, 1, 2].into_iter(), 3);
        assert_eq!(r.enemies(0), 0b1100);
        assert_eq!(r.enemies(1), 0b1100);
        assert_eq!(r.enemies(2), 0b1011);
        assert_eq!(r.target(3), Some(0));
        r.knock_out(2, End::Killed);
        assert_eq!((r.enemies(0), r.target(0)), (0b1000, Some(3)));
        assert_eq!(r.up(), 0b1011);
        r.knock_out(0, End::Fled);
        assert_eq!((r.target(3), r.target(1)), (Some(1), Some(3)));
        r.knock_out(3, End::Conceded);
        assert_eq!((r.enemies(1), r.target(1)), (0, None));
    }
}
