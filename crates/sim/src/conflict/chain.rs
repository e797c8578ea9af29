//! The round chain: a fight as a Markov chain over whole rounds, drawn a
//! round at a time.
//!
//! Between rounds a fight is its members' lasting states (health,
//! Willpower and Rage left, what carries to the next turn) and who is out.
//! When there are few enough of those, [`Chain::build`] plays one round
//! from each reachable state down every path of its random outcomes
//! ([`Enumerate`]), with the engine's own round code, and keeps the exact
//! distribution of what the round leads to: the next state, or the fight's
//! end, with the Willpower spent and the botches rolled on the way. A
//! fight is then one alias-table draw a round.

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use rand_core::Rng;
use rustc_hash::FxHashMap as HashMap;
use wodds_dice::{AliasTable, D10};

use super::keyed::{Keyed, Keys};
pub use super::limit::{
    DEFAULT_STATES, Limit, MAX_STATES, NoChain, chain_work, count as count_words, watching_chains,
};
use super::marks::ByOutcome;
use super::scenario::MAX_MEMBERS;
use super::source::{Enumerate, Source, Unenumerable};
use super::sum::Sum;
use super::tally::{End, Fight, Tally};
use super::turn::{Counts, Frame, Roster};

/// An engine written as rounds over members' states (every such engine is
/// an [`Engine`](super::Engine) that plays them one by one).
pub trait Rounds: Sync {
    /// A member's state during a fight.
    type State: Copy + Default + Eq + Hash;

    /// The scenario's shape: its sides and rounds.
    fn frame(&self) -> Frame;

    /// The members' sides, by member.
    fn sides(&self) -> impl Iterator<Item = usize>;

    /// Whether the round's keys (`Source::mark`) hold everything the
    /// rest of a round reads, whatever state the round began from: a
    /// chain's walks then share them (`Enumerate::share_keys`).
    const WHOLE_KEYS: bool = true;

    /// Member `i`'s state before the first round.
    fn start(&self, i: usize) -> Self::State;

    /// Plays one round on `st`, drawing from `dice`.
    fn round<D: Source>(
        &self,
        st: &mut [Self::State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    );

    /// The health levels a member in state `s` has lost.
    fn lost(s: &Self::State) -> u32;

    /// What of `s` the next round sees: its lasting part, with what the
    /// round sets afresh before reading it cleared.
    fn carry(s: &Self::State) -> Self::State;

    /// What the chain keeps of the state `s` of a member who is out of the
    /// conflict: what [`Rounds::lost`] reads, which its side's damage
    /// still counts if the side wins; nothing else of it is read again.
    /// The default keeps it all.
    #[inline]
    fn retire(s: &Self::State) -> Self::State {
        *s
    }

    /// The conflict's track between rounds, for engines that keep one (a
    /// chase's Lead, a grapple's Control): read after every round the
    /// conflict survives, into [`Tally::track`](super::Tally::track) and
    /// [`Outcomes::track`]. `None` (the default: fights) keeps no track.
    #[inline]
    fn track(&self, _st: &[Self::State; MAX_MEMBERS]) -> Option<i32> {
        None
    }

    /// The fight before its first round: every member's starting state,
    /// and the roster, all standing.
    #[inline]
    fn begin(&self) -> Key<Self::State> {
        let mut st = [Self::State::default(); MAX_MEMBERS];
        let roster = Roster::new(self.sides(), self.frame().sides);
        for (i, s) in st.iter_mut().enumerate().take(roster.len()) {
            *s = self.start(i);
        }
        (st, roster)
    }

    /// Plays one fight, round by round: after each round it ends when one
    /// side or none stands, or after the last round as a draw.
    #[inline]
    fn play<R: Rng>(&self, dice: &mut D10<R>) -> Fight {
        self.play_with(dice, |_, _| {})
    }

    /// Plays one fight as [`Rounds::play`] does, the same draws, and counts
    /// it into `tally` with its track after every round it survives.
    #[inline]
    fn play_into<R: Rng>(&self, dice: &mut D10<R>, tally: &mut Tally) {
        let fight = self.play_with(dice, |round, st| {
            if let Some(v) = self.track(st) {
                tally.track_at(round, v);
            }
        });
        tally.push(&fight);
    }

    /// Plays one fight, telling `survived` each round it survives and the
    /// members' states after it.
    #[inline]
    fn play_with<R: Rng>(
        &self,
        dice: &mut D10<R>,
        survived: impl FnMut(u32, &[Self::State; MAX_MEMBERS]),
    ) -> Fight {
        self.play_rounds(dice, |_, _| {}, survived)
    }

    /// Plays one fight as [`Rounds::play`] does, but draws every random
    /// call from a stream of its own, keyed by where in the fight it is
    /// made (the paired source in `keyed.rs`; `keys` makes a key's
    /// generator, `dice`'s buffer is reused): a call's draw does not depend on how many draws the calls
    /// before it took, so two rule sets whose fights drift apart in one
    /// action still draw each later action from the same random numbers
    /// (what [`run_paired`](super::run_paired) plays).
    #[inline]
    fn play_keyed<R: Rng>(&self, dice: &mut D10<R>, keys: Keys<'_, R>) -> Fight {
        let mut keyed = Keyed::new(dice, keys);
        self.play_rounds(&mut keyed, |r, keyed| keyed.round(r), |_, _| {})
    }

    /// The rounds of one fight: `before(r, dice)` ahead of round `r`,
    /// `survived` after each round the fight survives.
    #[inline]
    fn play_rounds<D: Source>(
        &self,
        dice: &mut D,
        mut before: impl FnMut(u32, &mut D),
        mut survived: impl FnMut(u32, &[Self::State; MAX_MEMBERS]),
    ) -> Fight {
        let max_rounds = self.frame().max_rounds;
        let (mut st, mut roster) = self.begin();
        for r in 1..=max_rounds {
            before(r, dice);
            self.round(&mut st, &mut roster, dice);
            if let Some(result) = roster.result(r, |j| Self::lost(&st[j])) {
                return result;
            }
            survived(r, &st);
        }
        roster.draw(max_rounds)
    }
}

/// What a chain keeps of the state after a round that the fight survives:
/// each member's lasting part ([`Rounds::carry`]), of a member out of the
/// fight only what [`Rounds::retire`] keeps when `merge` (in place), and
/// the roster's lasting part (returned).
#[inline]
fn kept<E: Rounds>(st: &mut [E::State; MAX_MEMBERS], roster: &Roster, merge: bool) -> Roster {
    for (j, x) in st.iter_mut().enumerate() {
        *x = E::carry(x);
        if merge && j < roster.len() && !roster.standing(j) {
            *x = E::retire(x);
        }
    }
    roster.carried()
}

/// The distinct states between rounds that `fights` fights drawn with
/// `dice` pass through (the start included), each kept as
/// [`Chain::build`] keeps it: a lower bound on the states of the fight's
/// round chain, for fights whose chain is too big to build. A fight's
/// next round starts from the state as kept, as the chain's does.
pub fn states_seen<E: Rounds, R: Rng>(engine: &E, dice: &mut D10<R>, fights: u64) -> usize {
    let max_rounds = engine.frame().max_rounds;
    let start = engine.begin();
    let mut seen: rustc_hash::FxHashSet<Indexed<E::State>> = Default::default();
    seen.insert(Indexed(start));
    for _ in 0..fights {
        let (mut st, mut roster) = start;
        for _ in 0..max_rounds {
            engine.round(&mut st, &mut roster, dice);
            if roster.result(0, |j| E::lost(&st[j])).is_some() {
                break;
            }
            roster = kept::<E>(&mut st, &roster, true);
            seen.insert(Indexed((st, roster)));
        }
    }
    seen.len()
}

/// The most paths one state's round may take, as a share of
/// [`Limit::paths`].
const ROUND_SHARE: usize = 64;

/// Where a round leads: the next state's index, or [`END`] with the index
/// of how the fight ended; and what it counted, up to 255 each (as a walk
/// keeps them: `marks::pack`). Eight bytes: a chain of many states holds
/// tens of millions, twice (with their probabilities, and in their alias
/// tables' columns), and 16-bit counts took half as much again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Step {
    next: u32,
    willpower: u8,
    botches: u8,
    reversals: u8,
    harm: u8,
}

impl Step {
    /// The step to `next` having counted `counts` ([`Roster::counts`]), or
    /// [`NoChain::Counts`] when a count is past what a step holds.
    fn new(next: u32, [willpower, botches, reversals, harm]: Counts) -> Result<Step, NoChain> {
        let count = |_| NoChain::Counts;
        Ok(Step {
            next,
            willpower: u8::try_from(willpower).map_err(count)?,
            botches: u8::try_from(botches).map_err(count)?,
            reversals: u8::try_from(reversals).map_err(count)?,
            harm: u8::try_from(harm).map_err(count)?,
        })
    }
}

/// A state's round as its figures read it: where it leads ([`Step::next`])
/// and with what probability.
type Moves = Vec<(u32, f64)>;

/// One state's round, its `steps`, as [`Chain::moves`] gives it: added up
/// to each next state (in `moves`, left empty), and what it counts on
/// average.
fn moved_by(steps: &[(Step, f64)], moves: &mut ByOutcome<u32>) -> (Moves, [f64; 4]) {
    let mut counted = [Sum::default(); 4];
    for &(step, q) in steps {
        let counts = [step.willpower, step.botches, step.reversals, step.harm];
        for (sum, c) in counted.iter_mut().zip(counts) {
            sum.add(q * f64::from(c));
        }
        moves.add(step.next, q);
    }
    (moves.take(), counted.map(Sum::value))
}

/// Marks a [`Step`] that ends the fight.
const END: u32 = 1 << 31;

/// How a fight ended, without its counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Ended {
    winner: Option<usize>,
    end: End,
    damage: u32,
    /// Over before its first round truly began ([`Roster::unbegun`]): it
    /// lasted a round fewer than the rounds walked.
    unbegun: bool,
}

/// A fight's rounds as a Markov chain (state 0 is the start).
#[derive(Debug, Clone)]
pub struct Chain {
    /// Each state's round: where it leads, drawn by alias table; built
    /// at the first fight drawn (a chain read only for its exact figures,
    /// as What is a dot worth reads its raised fights', never needs it).
    rounds: OnceLock<Vec<AliasTable<Step>>>,
    /// The same, with exact probabilities (none in a chain built only
    /// for its exact figures, [`Chain::grow_until`]).
    exact: Vec<Vec<(Step, f64)>>,
    /// In a chain built only for its exact figures, each state's round
    /// as they read it ([`Chain::moves`]), worked out as it was walked.
    moved: Option<(Vec<Moves>, Vec<[f64; 4]>)>,
    /// The ways fights end.
    ends: Vec<Ended>,
    /// Each state's track ([`Rounds::track`]), when the engine keeps one.
    track: Option<Vec<Option<i32>>>,
    sides: usize,
    max_rounds: u32,
}

/// The memory a chain's state takes, on average, in a chain of `built`
/// rounds holding `steps` steps so far (states of `S`): each state's key
/// (in the list and the index) and its round's steps (their exact
/// probabilities and their alias table's columns).
fn bytes_per_state<S>(steps: usize, built: usize) -> f64 {
    // The step and its probability, and its alias table's column (a
    // threshold, the step and its alias).
    let per_step = std::mem::size_of::<(Step, f64)>() + 4 + 2 * std::mem::size_of::<Step>();
    let per_state = 2 * std::mem::size_of::<Key<S>>() + 3 * std::mem::size_of::<Vec<u8>>();
    per_state as f64 + (steps * per_step) as f64 / built.max(1) as f64
}

/// A state between rounds: every member's lasting state, and who is out.
type Key<S> = ([S; MAX_MEMBERS], Roster);

/// A key as the chain's index holds it: hashed over the members present
/// and what of the roster a conflict changes ([`Roster::hash_changing`]),
/// compared whole. The rest of a key (the empty member slots, the sides)
/// is the same in every key of one chain; hashing all of it, slot by slot,
/// cost 5% of the instructions of building the neonate fight's chain.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Indexed<S>(Key<S>);

impl<S: Hash> Hash for Indexed<S> {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        let (st, roster) = &self.0;
        st[..roster.len()].hash(h);
        roster.hash_changing(h);
    }
}

/// Paths through a round between two looks at whether to stop.
const STOP_EVERY: u64 = 1 << 12;

/// Why a chain stopped growing: it has none, or it was told to stop.
enum Halt {
    No(NoChain),
    Stopped,
}

impl From<NoChain> for Halt {
    fn from(why: NoChain) -> Self {
        Halt::No(why)
    }
}

impl Chain {
    /// The chain of `engine`'s fights, or why not: its states or paths
    /// pass `limit`, or a roll cannot be enumerated (beyond the exact
    /// tables, or too many members to order).
    pub fn build<E: Rounds>(engine: &E, limit: Limit) -> Result<Chain, NoChain> {
        Chain::build_until(engine, limit, &|| false).expect("never stopped")
    }

    /// [`Chain::build`], given up (`None`) as soon as `stop` says so: it
    /// is asked before each state's round is walked and every 4,096 paths
    /// through it, so a caller that cancels (a notebook's Ctrl-C) waits
    /// for no more than that.
    pub fn build_until<E: Rounds>(
        engine: &E,
        limit: Limit,
        stop: &dyn Fn() -> bool,
    ) -> Option<Result<Chain, NoChain>> {
        Chain::grow_until(engine, limit, stop, false)
    }

    /// [`Chain::build_until`], keeping only what its exact figures read
    /// ([`Chain::outcomes`]) when `lean`: each state's round is added up
    /// to its next states as it is walked ([`Chain::moves`]), so the chain
    /// never holds the steps a fight is drawn from (a round's next states
    /// times what they counted: four times as many in the neonate's fight
    /// under uwod), and no fight may be drawn from it.
    pub(super) fn grow_until<E: Rounds>(
        engine: &E,
        limit: Limit,
        stop: &dyn Fn() -> bool,
        lean: bool,
    ) -> Option<Result<Chain, NoChain>> {
        match Chain::grow(engine, limit, stop, lean) {
            Ok(chain) => Some(Ok(chain)),
            Err(Halt::No(why)) => Some(Err(why)),
            Err(Halt::Stopped) => None,
        }
    }

    /// The chain grown from the start state outward, state by state.
    fn grow<E: Rounds>(
        engine: &E,
        limit: Limit,
        stop: &dyn Fn() -> bool,
        lean: bool,
    ) -> Result<Chain, Halt> {
        let frame = engine.frame();
        let start = engine.begin();
        let mut states: Vec<Key<E::State>> = vec![start];
        let mut ids: HashMap<Indexed<E::State>, u32> = HashMap::default();
        ids.insert(Indexed(start), 0);
        let mut ends: Vec<Ended> = Vec::new();
        let mut exact = Vec::new();
        // Lean, each state's round as the figures read it, and a tally to
        // add it up in; the rounds built and the steps they took.
        let (mut moved, mut counted) = (Vec::new(), Vec::new());
        let mut moves: ByOutcome<u32> = ByOutcome::default();
        let (mut built, mut steps_built) = (0usize, 0usize);
        let mut walk = match limit.merge {
            true => Enumerate::new(),
            false => Enumerate::whole(),
        };
        if E::WHOLE_KEYS {
            walk.share_keys(limit.key_bytes());
        }
        // Unmarked, each state's steps so far.
        let mut steps: ByOutcome<Step> = ByOutcome::default();
        while built < states.len() {
            if stop() {
                return Err(Halt::Stopped);
            }
            let (st, roster) = states[built];
            let before = walk.work();
            // A short round is walked path by path; a long one again,
            // attack by attack.
            let mut marking = limit.mark_after == 0;
            walk.restart(marking);
            steps.clear();
            for walked in 1u64.. {
                // One state's round may take millions of paths.
                if walked % STOP_EVERY == 0 && stop() {
                    return Err(Halt::Stopped);
                }
                let (mut s, mut r) = (st, roster);
                engine.round(&mut s, &mut r, &mut walk);
                if let Some(why) = walk.failure() {
                    return Err(Halt::No(match why {
                        Unenumerable::Roll(pool) => NoChain::Roll { pool },
                        Unenumerable::Order(members, most) => NoChain::Order { members, most },
                        Unenumerable::Empty => NoChain::Empty,
                        Unenumerable::Counts => NoChain::Counts,
                    }));
                }
                if walk.work() - before > limit.paths / ROUND_SHARE {
                    return Err(Halt::No(NoChain::Round {
                        limit: limit.states,
                        paths: limit.paths / ROUND_SHARE,
                    }));
                }
                if !marking && walk.work() - before >= limit.mark_after && walk.marked() {
                    marking = true;
                    walk.restart(true);
                    steps.clear();
                    continue;
                }
                // A path cut at a key walked before leads where the key
                // leads: what it drew after the key is not an outcome.
                if walk.cut() {
                    walk.end(None);
                } else {
                    let next = match r.result(0, |j| E::lost(&s[j])) {
                        Some(f) => {
                            let e = Ended {
                                winner: f.winner,
                                end: f.end,
                                damage: f.winner_damage,
                                unbegun: r.unbegun,
                            };
                            let k = ends.iter().position(|&x| x == e).unwrap_or_else(|| {
                                ends.push(e);
                                ends.len() - 1
                            });
                            END | k as u32
                        }
                        None => {
                            let carried = kept::<E>(&mut s, &r, limit.merge);
                            let key = (s, carried);
                            let fresh = states.len() as u32;
                            let id = *ids.entry(Indexed(key)).or_insert(fresh);
                            if id == fresh {
                                states.push(key);
                                if states.len() > limit.states {
                                    return Err(Halt::No(NoChain::States {
                                        limit: limit.states,
                                        bytes_per_state: bytes_per_state::<E::State>(
                                            steps_built,
                                            built,
                                        ),
                                    }));
                                }
                            }
                            id
                        }
                    };
                    if marking {
                        // The walk adds up the steps, counts by keys.
                        walk.end(Some((next, r.counts())));
                        if walk.failed() {
                            return Err(Halt::No(NoChain::Counts));
                        }
                    } else {
                        let step = Step::new(next, r.counts())?;
                        // Unmarked, the walk's outcomes are added up here.
                        steps.add(step, walk.p());
                    }
                }
                if !walk.next() {
                    break;
                }
            }
            super::limit::count_state(walk.work() - before);
            let mut round: Vec<(Step, f64)> = match marking {
                true => (walk.outcomes().into_iter())
                    .map(|((next, counts), p)| Ok((Step::new(next, counts)?, p)))
                    .collect::<Result<_, NoChain>>()?,
                false => steps.take(),
            };
            built += 1;
            steps_built += round.len();
            if lean {
                let (to, counts) = moved_by(&round, &mut moves);
                moved.push(to);
                counted.push(counts);
            } else {
                // The outcomes were gathered in a vector grown by doubling
                // (and collected in place): the chain keeps only what it
                // holds.
                round.shrink_to_fit();
                exact.push(round);
            }
            // Give up early when the states found so far, at the paths a
            // state has taken so far, would pass the limit.
            let projected = walk.work() as f64 / built as f64 * states.len() as f64;
            if projected > limit.paths as f64 {
                return Err(Halt::No(NoChain::Paths {
                    limit: limit.states,
                    paths: projected,
                    paths_limit: limit.paths,
                }));
            }
        }
        let track: Vec<Option<i32>> = states.iter().map(|(s, _)| engine.track(s)).collect();
        Ok(Chain {
            track: track.iter().any(Option::is_some).then_some(track),
            rounds: OnceLock::new(),
            exact,
            moved: lean.then_some((moved, counted)),
            ends,
            sides: frame.sides,
            max_rounds: frame.max_rounds,
        })
    }

    /// States between rounds.
    pub fn states(&self) -> usize {
        match &self.moved {
            Some((moved, _)) => moved.len(),
            None => self.exact.len(),
        }
    }

    /// Each state's alias table, built at the first call.
    fn alias(&self) -> &[AliasTable<Step>] {
        self.rounds.get_or_init(|| {
            (self.exact.iter())
                .map(|s| AliasTable::from_weights(s.iter().copied()))
                .collect()
        })
    }

    /// Plays one fight, a draw a round.
    #[inline]
    pub fn fight<R: Rng>(&self, rng: &mut R) -> Fight {
        self.walk(rng, |_, _| {})
    }

    /// Plays one fight as [`Chain::fight`] does, the same draws, and counts
    /// it into `tally` with its track after every round it survives.
    #[inline]
    pub fn fight_into<R: Rng>(&self, rng: &mut R, tally: &mut Tally) {
        let fight = match &self.track {
            None => self.fight(rng),
            Some(track) => self.walk(rng, |round, state| {
                if let Some(v) = track[state] {
                    tally.track_at(round, v);
                }
            }),
        };
        tally.push(&fight);
    }

    /// Plays one fight, telling `survived` each round it survives and the
    /// state it leads to.
    #[inline]
    fn walk<R: Rng>(&self, rng: &mut R, mut survived: impl FnMut(u32, usize)) -> Fight {
        let (mut state, mut willpower, mut botches) = (0usize, 0u32, 0u32);
        let (mut reversals, mut harm) = (0u32, 0u32);
        let rounds = self.alias();
        for round in 1..=self.max_rounds {
            let step = rounds[state].sample(rng);
            willpower += u32::from(step.willpower);
            botches += u32::from(step.botches);
            reversals += u32::from(step.reversals);
            harm += u32::from(step.harm);
            if step.next & END != 0 {
                let e = self.ends[(step.next & !END) as usize];
                return Fight {
                    winner: e.winner,
                    end: e.end,
                    rounds: round - u32::from(e.unbegun),
                    winner_damage: e.damage,
                    willpower,
                    botches,
                    reversals,
                    harm,
                };
            }
            state = step.next as usize;
            survived(round, state);
        }
        Fight {
            winner: None,
            end: End::Draw,
            rounds: self.max_rounds,
            winner_damage: 0,
            willpower,
            botches,
            reversals,
            harm,
        }
    }

    /// The exact odds of its fights: every round's outcome pushed through
    /// the chain from the start, to the scenario's last round.
    pub fn odds(&self) -> Odds {
        self.outcomes().odds
    }

    /// Each state's round as [`Chain::outcomes`] reads it: its steps to
    /// one next state (or one end) added up, whatever they counted, and
    /// what it counts on average (Willpower, botches, reversals, harm).
    /// A round's steps are its next states times what they counted; the
    /// figures are read over up to `max_rounds` rounds, so adding them up
    /// once is most of the work saved (the neonate's fight under uwod
    /// spent 65% of its run in this loop).
    fn moves(&self) -> (Vec<Moves>, Vec<[f64; 4]>) {
        let mut moves: ByOutcome<u32> = ByOutcome::default();
        (self.exact.iter())
            .map(|steps| moved_by(steps, &mut moves))
            .unzip()
    }

    /// Everything a [`Tally`] estimates, exactly: the odds,
    /// how fights end, the winner's damage, and the Willpower and botches
    /// a fight, from one pass of every round's outcomes through the chain.
    pub fn outcomes(&self) -> Outcomes {
        // Every figure is a sum of millions of small terms into one
        // total: kept with its rounding error, so that the figure does not
        // drift with how many states the chain has.
        let mut wins = vec![Sum::default(); self.sides];
        let mut ended = vec![Sum::default(); self.max_rounds as usize + 1];
        let mut ends = [Sum::default(); End::ALL.len()];
        let mut damage: Vec<Sum> = Vec::new();
        let [mut willpower, mut botches, mut reversals, mut harm] = [Sum::default(); 4];
        let mut track = self.track.as_ref().map(|_| Vec::new());
        let index = |end: End| End::ALL.iter().position(|&e| e == end).expect("listed");
        let worked;
        let (moves, counted) = match &self.moved {
            Some((moves, counted)) => (moves, counted),
            None => {
                worked = self.moves();
                (&worked.0, &worked.1)
            }
        };
        let mut now = vec![0.0; self.states()];
        now[0] = 1.0;
        for round in 1..=self.max_rounds as usize {
            let mut next = vec![0.0; now.len()];
            for (state, &p) in now.iter().enumerate().filter(|&(_, &p)| p > 0.0) {
                let sums = [&mut willpower, &mut botches, &mut reversals, &mut harm];
                for (sum, &c) in sums.into_iter().zip(&counted[state]) {
                    if c != 0.0 {
                        sum.add(p * c);
                    }
                }
                for &(to, q) in &moves[state] {
                    let pq = p * q;
                    if to & END != 0 {
                        let e = self.ends[(to & !END) as usize];
                        if let Some(w) = e.winner {
                            wins[w].add(pq);
                            let d = e.damage as usize;
                            if d >= damage.len() {
                                damage.resize(d + 1, Sum::default());
                            }
                            damage[d].add(pq);
                        }
                        ends[index(e.end)].add(pq);
                        ended[round - usize::from(e.unbegun)].add(pq);
                    } else {
                        next[to as usize] += pq;
                    }
                }
            }
            now = next;
            if let (Some(values), Some(out)) = (&self.track, &mut track) {
                out.push(track_of(values, &now));
            }
        }
        // Still going after the last round: a draw then.
        let going: f64 = now.iter().sum();
        ended[self.max_rounds as usize].add(going);
        ends[index(End::Draw)].add(going);
        let values = |sums: &[Sum]| sums.iter().map(|s| s.value()).collect::<Vec<f64>>();
        Outcomes {
            ends: ends.map(Sum::value),
            damage: values(&damage),
            willpower: willpower.value(),
            botches: botches.value(),
            reversals: reversals.value(),
            harm: harm.value(),
            odds: Odds {
                wins: values(&wins),
                ended: values(&ended),
            },
            track,
        }
    }
}

/// The chance of each track value among `now`'s states (by value, those
/// with no track left out).
fn track_of(track: &[Option<i32>], now: &[f64]) -> Vec<(i32, f64)> {
    let mut by: Vec<(i32, f64)> = Vec::new();
    for (v, &p) in track.iter().zip(now).filter(|&(_, &p)| p > 0.0) {
        let Some(v) = *v else { continue };
        match by.iter_mut().find(|(x, _)| *x == v) {
            Some((_, q)) => *q += p,
            None => by.push((v, p)),
        }
    }
    by.sort_by_key(|&(v, _)| v);
    by
}

/// A fight's exact outcome, from its round chain.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcomes {
    /// Who wins, and when fights end.
    pub odds: Odds,
    /// The chance a fight ends each way, in [`End::ALL`] order (a draw at
    /// the round limit counts as a draw).
    pub ends: [f64; End::ALL.len()],
    /// `damage[d]`: the chance someone wins with the winning side `d`
    /// health levels down.
    pub damage: Vec<f64>,
    /// Willpower spent a fight, all sides, on average.
    pub willpower: f64,
    /// Botches a fight, all sides, on average.
    pub botches: f64,
    /// Grapples reversed a conflict, on average.
    pub reversals: f64,
    /// Health levels grapple effects dealt a conflict, on average.
    pub harm: f64,
    /// For engines that keep a track ([`Rounds::track`]): `track[r - 1]`
    /// lists, by value, the chance that the conflict is still going after
    /// round `r` with its track at that value (a joint chance: divide by
    /// their sum for the track among conflicts still going).
    pub track: Option<Vec<Vec<(i32, f64)>>>,
}

/// A fight's exact odds, from its round chain.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// The chance each side wins.
    pub wins: Vec<f64>,
    /// `ended[r]`: the chance the fight ends after round `r` (the last
    /// round's share includes the draws at the round limit).
    pub ended: Vec<f64>,
}

impl Odds {
    /// The chance nobody wins.
    pub fn draws(&self) -> f64 {
        // What the wins leave, never below 0 by a rounding error.
        (1.0 - self.wins.iter().sum::<f64>()).max(0.0)
    }

    /// The mean number of rounds a fight lasts (a draw at the round limit
    /// counts all of them).
    pub fn mean_rounds(&self) -> f64 {
        (self.ended.iter().enumerate())
            .map(|(r, p)| r as f64 * p)
            .sum()
    }
}
