//! Where a fight's randomness comes from. Each kind of roll is compiled
//! once into a [`Roller`], ready for any pool size (die by die, or under
//! [`Sampling::Outcome`] from an alias table over its exact distribution);
//! the engines draw every random thing (a d10 face, a roll, an outcome
//! from a composed table, the turn order) through a [`Source`], so the
//! same round code runs two ways:
//!
//! - on [`D10`], the batched sampler: one random outcome each;
//! - on [`Enumerate`], which walks every outcome in turn, each with its
//!   exact probability: replayed once per path through the round, it lists
//!   every way a round can go (the round chain, [`super::chain`]).

use std::any::{Any, TypeId};
use std::hash::Hash;
use std::rc::Rc;

use rand_core::Rng;
use rustc_hash::FxHashMap as HashMap;
use wodds_dice::{CompiledRoll, D10, Distribution, OutcomeSampler, Roll, RollSpec};

use super::marks::{Marks, Outcome};
pub use super::sampling::Sampling;
use super::scenario::MAX_MEMBERS;
use super::tables::{Ranked, Tables};
use super::turn::{Counts, Turn, order, order_tied};

/// One kind of roll, ready for any pool size.
#[derive(Debug, Clone)]
pub struct Roller {
    compiled: CompiledRoll,
    pub(super) outcome: Option<OutcomeSampler>,
}

impl Roller {
    /// The roller of `spec`, with its outcome tables under
    /// [`Sampling::Outcome`] for pools up to `max_pool`.
    pub(super) fn new(spec: &RollSpec, sampling: Sampling, max_pool: i32) -> Self {
        Roller {
            compiled: CompiledRoll::new(spec),
            outcome: match sampling {
                Sampling::Outcome => Some(OutcomeSampler::new(spec, max_pool)),
                Sampling::Coupled => Some(OutcomeSampler::ordered(spec, max_pool)),
                Sampling::PerDie | Sampling::Round => None,
            },
        }
    }

    /// The exact distribution its tables draw `pool` dice from (`None`
    /// for the per-die sampler, or beyond the tables).
    pub fn distribution(&self, pool: i32) -> Option<&Distribution> {
        self.table(pool).map(|o| o.distribution(pool))
    }

    /// The table it draws `pool` dice from, if it has one for that pool.
    #[inline]
    pub(super) fn table(&self, pool: i32) -> Option<&OutcomeSampler> {
        self.outcome.as_ref().filter(|o| pool <= o.max_pool())
    }

    /// Rolls `pool` dice from `dice`.
    #[inline]
    pub fn roll<D: Source>(&self, dice: &mut D, pool: i32) -> Roll {
        dice.roll(self, pool)
    }

    /// Rolls `pool` dice from `dice` for a caller that treats every roll
    /// of `most` successes or more alike ([`Source::roll_most`]).
    #[inline]
    pub fn roll_most<D: Source>(&self, dice: &mut D, pool: i32, most: u16) -> Roll {
        dice.roll_most(self, pool, most)
    }

    /// Draws `pool` dice from the batched sampler: from its table, or die
    /// by die.
    #[inline]
    pub(super) fn sample<R: Rng>(&self, dice: &mut D10<R>, pool: i32) -> Roll {
        match self.table(pool) {
            Some(o) => o.roll(dice.rng(), pool),
            // Beyond the tables (or without them): every die.
            _ => self.every_die(dice, pool),
        }
    }

    /// Rolls `pool` dice die by die (kept out of line, so the table path
    /// above stays small enough to inline).
    #[inline(never)]
    fn every_die<R: Rng>(&self, dice: &mut D10<R>, pool: i32) -> Roll {
        dice.roll_pool(&self.compiled, pool)
    }
}

/// A source of a fight's random outcomes.
pub trait Source: Sized {
    /// A d10 face, 1..=10.
    fn face(&mut self) -> i32;

    /// A roll of `pool` dice by `roller`.
    fn roll(&mut self, roller: &Roller, pool: i32) -> Roll;

    /// An outcome of `tables` at `key` (built with `weights` on first use),
    /// or `None` when the key is outside the grid or the table cannot be
    /// built: the caller rolls instead.
    fn draw<T: Ranked, const K: usize>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T>;

    /// A roll of `pool` dice by `roller` for a caller that treats every
    /// roll of `most` successes or more alike: [`Enumerate`] walks those
    /// as one path, a roll of `most` successes with their chance together;
    /// every other source rolls as [`Source::roll`] does.
    #[inline]
    fn roll_most(&mut self, roller: &Roller, pool: i32, most: u16) -> Roll {
        let _ = most;
        self.roll(roller, pool)
    }

    /// A roll `a` and then, when `then` says so of it, a roll `b` (a
    /// roller and its dice each), for a caller that treats two such pairs
    /// alike when `class` gives them the same class: [`Enumerate`] walks
    /// each class as one path (the first pair of it, with the class's
    /// chance); every other source rolls as [`Source::roll`] does, and
    /// never calls `class`. `id` names `class` and `then` among the
    /// engine's ways of classing rolls: one `id`, one `class`, for as long
    /// as the walk lasts.
    #[inline]
    fn rolls_alike<C: PartialEq>(
        &mut self,
        a: (&Roller, i32),
        b: (&Roller, i32),
        then: impl Fn(Roll) -> bool,
        id: u64,
        class: impl Fn(Roll, Option<Roll>) -> C,
    ) -> (Roll, Option<Roll>) {
        let _ = (id, class);
        let first = self.roll(a.0, a.1);
        (first, then(first).then(|| self.roll(b.0, b.1)))
    }

    /// An outcome of `tables` at `key`, as [`Source::draw`] gives it, for a
    /// caller that treats two outcomes alike when the map `alike()` gives
    /// sends them to the same one: [`Enumerate`] walks each such class as
    /// one path (as the map sends it, with its chance); every other source
    /// draws as [`Source::draw`] does, and never calls `alike`. The number
    /// `alike()` gives with the map names it among the caller's ways of
    /// grouping these tables' outcomes (one number, one map).
    #[inline]
    fn draw_alike<T: Ranked + PartialEq + 'static, const K: usize, F: Fn(T) -> T>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
        alike: impl FnOnce() -> (u32, F),
    ) -> Option<T> {
        let _ = alike;
        self.draw(tables, key, weights)
    }

    /// The turn order of `n` members: by `score(i)` (highest first, drawn
    /// from this source), ties by `tiebreak(i)`, then at random. Each
    /// `score(i)` draws only its own outcomes ([`Enumerate`] walks each
    /// member's score alone).
    fn order(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
    ) -> Turn;

    /// The same turn order, with the members tied on both score and
    /// tiebreak marked ([`Turn::tied`]): tied members of one `side` keep
    /// their listing order among themselves (lowest index first), those of
    /// different sides are interleaved at random.
    fn order_tied(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        side: impl Fn(usize) -> usize,
    ) -> Turn;

    /// Member `member` acts now: what is drawn until the next call belongs
    /// to its action. A paired run's source ([`Keyed`]) draws each
    /// action from streams of its own, so that one rule set's extra or
    /// missing draws earlier in the round do not shift it; every other
    /// source ignores it.
    ///
    /// [`Keyed`]: super::keyed::Keyed
    #[inline]
    fn act(&mut self, _member: usize) {}

    /// The rest of the round depends on `key()` alone (with the engine,
    /// which is fixed): on every path that reaches this point with the
    /// same key, what follows is the same, with the same chances. The key
    /// must hold everything the rest of the round reads that the engine
    /// does not: the members' states, the roster, the turn order and
    /// where in it the round is, and any value worked out earlier in the
    /// round and read later; but not `counts`, what the round has counted
    /// so far (`Roster::counts`: nothing reads those, they add up).
    /// [`Enumerate`] walks what follows a key once and ends every other
    /// path that reaches it there, its own counts added to the key's;
    /// every other source ignores it (and never calls `key`).
    #[inline]
    fn mark<K: Eq + Hash + 'static>(&mut self, counts: Counts, key: impl FnOnce() -> K) {
        let _ = (counts, key);
    }
}

impl<R: Rng> Source for D10<R> {
    #[inline]
    fn face(&mut self) -> i32 {
        i32::from(D10::face(self))
    }

    #[inline]
    fn roll(&mut self, roller: &Roller, pool: i32) -> Roll {
        roller.sample(self, pool)
    }

    #[inline]
    fn draw<T: Ranked, const K: usize>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T> {
        tables.draw(self.rng(), key, weights)
    }

    #[inline]
    fn order(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
    ) -> Turn {
        order(n, self, score, tiebreak)
    }

    #[inline]
    fn order_tied(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        side: impl Fn(usize) -> usize,
    ) -> Turn {
        order_tied(n, self, score, tiebreak, side)
    }
}

/// The most members whose turn orders [`Enumerate`] lists (every
/// permutation of them is looked at).
pub const MAX_ORDERED: usize = 4;

/// What an [`Enumerate`] walk could not enumerate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unenumerable {
    /// A roll of this many dice: no exact table.
    Roll(i32),
    /// This many members to order, more than the most (the second).
    Order(usize, usize),
    /// A random call with no outcome of positive probability.
    Empty,
    /// A round that counted more than a walk attack by attack keeps (255
    /// botches, say).
    Counts,
}

/// Walks every outcome of a piece of code: run the code, then
/// [`next`](Self::next), until it says there is no other path. Each run
/// takes the next path in depth-first order; [`p`](Self::p) is the
/// path's probability. The code must be deterministic given its outcomes.
#[derive(Debug, Clone, Default)]
pub struct Enumerate {
    /// The path: at each random call, the outcome taken and how many there
    /// are (outcomes of probability 0 are skipped).
    path: Vec<(u32, u32)>,
    /// Random calls so far in this run.
    depth: usize,
    /// This run's probability so far.
    p: f64,
    /// Something could not be enumerated (a roll beyond the exact tables,
    /// too many members to order).
    failure: Option<Unenumerable>,
    /// Paths run, nested ones (turn orders) included.
    work: usize,
    /// The turn orders' distributions worked out at each depth of this
    /// path, kept while the path up to that depth stays the same.
    orders: Vec<Option<Vec<(Turn, f64)>>>,
    /// The turn orders' distributions by the members' score distributions
    /// (probabilities as bits) and, when ties are marked, the members'
    /// sides, for every state that scores alike.
    turn_memo: HashMap<OrderKey, Vec<(Turn, f64)>>,
    /// Whether outcomes a caller treats alike are walked as one path
    /// ([`Source::roll_most`], [`Source::rolls_alike`],
    /// [`Source::draw_alike`]); off only to hold the merged walk to the
    /// whole one.
    merge: bool,
    /// The outcomes of a table's slot grouped by a caller's `alike`, by
    /// the slot's weights (their address, length and type) and `class`.
    alike: HashMap<AlikeKey, Rc<dyn Any>>,
    /// Pairs of rolls grouped by a caller's class, each class as its first
    /// pair, by the two rolls' distributions (their addresses) and the
    /// class's number ([`Source::rolls_alike`]).
    pairs: HashMap<(usize, usize, u64), Rc<Pairs>>,
    /// The keys reached ([`Source::mark`]) and where their paths led.
    marks: Marks,
    /// Whether keys are heeded.
    marking: bool,
    /// Whether the code walked reached a key since the last restart.
    marked: bool,
}

/// Pairs of rolls (the second, if rolled) and their chances.
type Pairs = Vec<((Roll, Option<Roll>), f64)>;

/// Which grouping of which table's outcomes: the address and length of
/// the table's weights, their type, and the caller's class.
type AlikeKey = (usize, usize, TypeId, u32);

/// What a turn order's distribution depends on: the members' score
/// distributions and, when ties are marked, their sides.
type OrderKey = (ScoreKey, Option<[usize; MAX_ORDERED]>);

/// Each member's (score, tiebreak) outcomes and their probabilities' bits.
type ScoreKey = Vec<Vec<((i32, i32), u64)>>;

impl Enumerate {
    /// A walk at its first path.
    pub fn new() -> Self {
        Enumerate {
            p: 1.0,
            merge: true,
            marking: true,
            ..Enumerate::default()
        }
    }

    /// A walk that takes every outcome on a path of its own, even those
    /// its callers treat alike (to hold the merged walk to it).
    pub fn whole() -> Self {
        Enumerate {
            merge: false,
            marking: false,
            ..Enumerate::new()
        }
    }

    /// The probability of the path just run.
    pub fn p(&self) -> f64 {
        self.p
    }

    /// Whether something in the runs so far could not be enumerated.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// What in the runs so far could not be enumerated (the first).
    pub fn failure(&self) -> Option<Unenumerable> {
        self.failure
    }

    /// Marks the walk failed by `why` (the first failure is kept).
    fn fail(&mut self, why: Unenumerable) {
        self.failure.get_or_insert(why);
    }

    /// Paths run so far, nested ones (turn orders) included.
    pub fn work(&self) -> usize {
        self.work
    }

    /// Starts the walk over at its first path, forgetting every outcome
    /// given so far, with keys ([`Source::mark`]) heeded when `marking`
    /// (and the walk merges).
    pub fn restart(&mut self, marking: bool) {
        self.path.clear();
        self.depth = 0;
        self.p = 1.0;
        self.orders.clear();
        self.marks.take();
        self.marking = marking && self.merge;
        self.marked = false;
    }

    /// Whether the code walked since the last [`restart`](Self::restart)
    /// reached a key, heeded or not.
    pub fn marked(&self) -> bool {
        self.marked
    }

    /// Whether the path just run reached a key whose paths were walked
    /// before ([`Source::mark`]): it leads where they led, and what was
    /// drawn after the key on it is not one of the walk's outcomes.
    pub fn cut(&self) -> bool {
        self.marks.cut()
    }

    /// The path just run led to `outcome`, a number of the caller's and
    /// what the round counted (none when it was [`cut`](Self::cut): it
    /// leads where its key leads).
    pub fn end(&mut self, outcome: Option<Outcome>) {
        let p = self.p;
        let kept = self.marks.end(p, || {
            outcome.expect("a path that is not cut has its outcome")
        });
        if !kept {
            self.fail(Unenumerable::Counts);
        }
    }

    /// Once every path has been run: where they led (the outcomes given
    /// to [`end`](Self::end), and their probabilities, in the order first
    /// reached), and a fresh start (no key kept) for the next walk.
    pub fn outcomes(&mut self) -> Vec<(Outcome, f64)> {
        self.marks.take()
    }

    /// Keeps the keys walked ([`Source::mark`]), and where they led, for
    /// the walks from other states after it, up to about `bytes` of them:
    /// for code whose keys hold all the rest of a round reads whatever
    /// state it began from (`mark` asks only for what differs between the
    /// paths of one walk).
    pub fn share_keys(&mut self, bytes: usize) {
        self.marks.share(bytes);
    }

    /// Moves to the next path; `false` when every path has been run.
    #[inline]
    pub fn next(&mut self) -> bool {
        self.work += 1;
        self.path.truncate(self.depth);
        self.depth = 0;
        self.p = 1.0;
        while let Some(last) = self.path.last_mut() {
            if last.0 + 1 < last.1 {
                last.0 += 1;
                // What was worked out past the changed call is stale.
                self.orders.truncate(self.path.len());
                self.marks.leave(Some(self.path.len() - 1));
                return true;
            }
            self.path.pop();
        }
        self.orders.clear();
        self.marks.leave(None);
        false
    }

    /// The distribution of the turn order of `n` members scored by
    /// `score` (each member's score drawn on its own: scores are
    /// independent), ties by `tiebreak`, then at random; with `mark` (the
    /// members' sides), the members tied on both are marked, those of one
    /// side in their listing order.
    fn turns(
        &mut self,
        n: usize,
        mut score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        mark: Option<[usize; MAX_ORDERED]>,
    ) -> Vec<(Turn, f64)> {
        // Each member's (score, tiebreak) distribution, by a nested walk.
        let mut members: Vec<Vec<((i32, i32), u64)>> = Vec::with_capacity(n);
        for i in 0..n {
            let mut dist: Vec<((i32, i32), f64)> = Vec::new();
            let mut sub = Enumerate::new();
            loop {
                let key = (score(i, &mut sub), tiebreak(i));
                if let Some(why) = sub.failure {
                    self.fail(why);
                    return Vec::new();
                }
                match dist.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, q)) => *q += sub.p,
                    None => dist.push((key, sub.p)),
                }
                if !sub.next() {
                    break;
                }
            }
            self.work += sub.work;
            members.push(dist.into_iter().map(|(k, p)| (k, p.to_bits())).collect());
        }
        let members = (members, mark);
        if let Some(turns) = self.turn_memo.get(&members) {
            return turns.clone();
        }
        // Every combination of scores gives its probability, shared evenly,
        // to the orders that sort the members by (score, tiebreak) (more
        // than one only when members tie: then at random).
        let perms = permutations(n);
        let mut turns: Vec<(Turn, f64)> = Vec::new();
        let mut at = vec![0usize; n];
        loop {
            let mut keys = [(0, 0); MAX_MEMBERS];
            let mut p = 1.0;
            for (i, &k) in at.iter().enumerate() {
                let (key, q) = members.0[i][k];
                keys[i] = key;
                p *= f64::from_bits(q);
            }
            // Marked ties of one side keep the listing order; other ties
            // go either way, at random.
            let sorted = |perm: &&Vec<usize>| {
                perm.windows(2).all(|w| keys[w[0]] >= keys[w[1]])
                    && mark.is_none_or(|side| {
                        (0..n).all(|p| {
                            (p + 1..n).all(|q| {
                                let (x, y) = (perm[p], perm[q]);
                                keys[x] != keys[y] || side[x] != side[y] || x < y
                            })
                        })
                    })
            };
            let ways = perms.iter().filter(sorted).count();
            for perm in perms.iter().filter(sorted) {
                let mut ties = 0u16;
                if mark.is_some() {
                    for place in 1..n {
                        if keys[perm[place]] == keys[perm[place - 1]] {
                            ties |= 1 << place;
                        }
                    }
                }
                let turn = Turn::tied_of(perm, ties);
                let share = p / ways as f64;
                match turns.iter_mut().find(|(t, _)| *t == turn) {
                    Some((_, q)) => *q += share,
                    None => turns.push((turn, share)),
                }
            }
            // The next combination, the last member's score fastest.
            let mut i = n;
            loop {
                if i == 0 {
                    self.turn_memo.insert(members, turns.clone());
                    return turns;
                }
                i -= 1;
                at[i] += 1;
                if at[i] < members.0[i].len() {
                    break;
                }
                at[i] = 0;
            }
        }
    }

    /// Takes this path's outcome among `outcomes` (those of probability
    /// 0 skipped); `None` (and failed) when there is none.
    fn branch<T, I: Iterator<Item = (T, f64)>>(&mut self, outcomes: impl Fn() -> I) -> Option<T> {
        let live = || outcomes().filter(|&(_, p)| p > 0.0);
        // Past a key walked before, the path is not walked on: any outcome
        // the code can take will do (the first, as the key's own walk took).
        if self.marks.cut() {
            return live().next().map(|(t, _)| t);
        }
        let choice = match self.path.get(self.depth) {
            Some(&(c, _)) => c,
            None => {
                let count = live().count() as u32;
                if count == 0 {
                    self.fail(Unenumerable::Empty);
                    return None;
                }
                self.path.push((0, count));
                0
            }
        };
        self.depth += 1;
        let (t, p) = live().nth(choice as usize)?;
        self.p *= p;
        Some(t)
    }
}

impl Source for Enumerate {
    fn face(&mut self) -> i32 {
        self.branch(|| (1..=10).map(|f| (f, 0.1))).unwrap_or(1)
    }

    fn roll(&mut self, roller: &Roller, pool: i32) -> Roll {
        let Some(d) = roller.distribution(pool) else {
            self.fail(Unenumerable::Roll(pool));
            return Roll::default();
        };
        self.branch(|| d.outcomes()).unwrap_or_default()
    }

    fn draw<T: Ranked, const K: usize>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T> {
        let w = tables.weights(key, weights)?;
        self.branch(|| w.iter().copied())
    }

    fn roll_most(&mut self, roller: &Roller, pool: i32, most: u16) -> Roll {
        if !self.merge {
            return self.roll(roller, pool);
        }
        let Some(d) = roller.distribution(pool) else {
            self.fail(Unenumerable::Roll(pool));
            return Roll::default();
        };
        let counts = |r: &Roll| !r.botch && r.successes >= most;
        let tail: f64 = d.outcomes().filter(|o| counts(&o.0)).map(|o| o.1).sum();
        let top = Roll {
            successes: most,
            botch: false,
        };
        self.branch(|| {
            d.outcomes()
                .filter(|o| !counts(&o.0))
                .chain(std::iter::once((top, tail)))
        })
        .unwrap_or_default()
    }

    fn rolls_alike<C: PartialEq>(
        &mut self,
        a: (&Roller, i32),
        b: (&Roller, i32),
        then: impl Fn(Roll) -> bool,
        id: u64,
        class: impl Fn(Roll, Option<Roll>) -> C,
    ) -> (Roll, Option<Roll>) {
        let both = (a.0.distribution(a.1), b.0.distribution(b.1));
        let (Some(da), Some(db), true) = (both.0, both.1, self.merge) else {
            let first = self.roll(a.0, a.1);
            return (first, then(first).then(|| self.roll(b.0, b.1)));
        };
        let at = |d: &Distribution| d as *const Distribution as usize;
        let grouped = self
            .pairs
            .entry((at(da), at(db), id))
            .or_insert_with(|| {
                let mut out: Vec<((Roll, Option<Roll>), f64, C)> = Vec::new();
                let mut add = |xy: (Roll, Option<Roll>), p: f64| {
                    let c = class(xy.0, xy.1);
                    match out.iter_mut().find(|o| o.2 == c) {
                        Some(o) => o.1 += p,
                        None => out.push((xy, p, c)),
                    }
                };
                for (x, p) in da.outcomes() {
                    if !then(x) {
                        add((x, None), p);
                        continue;
                    }
                    for (y, q) in db.outcomes() {
                        add((x, Some(y)), p * q);
                    }
                }
                Rc::new(out.into_iter().map(|(xy, p, _)| (xy, p)).collect())
            })
            .clone();
        self.branch(|| grouped.iter().copied())
            .unwrap_or((Roll::default(), None))
    }

    fn draw_alike<T: Ranked + PartialEq + 'static, const K: usize, F: Fn(T) -> T>(
        &mut self,
        tables: &Tables<T, K>,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
        alike: impl FnOnce() -> (u32, F),
    ) -> Option<T> {
        let w = tables.weights(key, weights)?;
        if !self.merge {
            return self.branch(|| w.iter().copied());
        }
        let (class, alike) = alike();
        let id = (w.as_ptr() as usize, w.len(), TypeId::of::<T>(), class);
        let grouped = self
            .alike
            .entry(id)
            .or_insert_with(|| {
                let mut out: Vec<(T, f64)> = Vec::new();
                for &(t, p) in w {
                    let a = alike(t);
                    match out.iter_mut().find(|(u, _)| *u == a) {
                        Some((_, q)) => *q += p,
                        None => out.push((a, p)),
                    }
                }
                Rc::new(out)
            })
            .clone();
        let grouped = grouped
            .downcast::<Vec<(T, f64)>>()
            .expect("one type of outcome per key");
        self.branch(|| grouped.iter().copied())
    }

    fn order(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
    ) -> Turn {
        self.ordered(n, score, tiebreak, None)
    }

    fn order_tied(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        side: impl Fn(usize) -> usize,
    ) -> Turn {
        let mut sides = [0; MAX_ORDERED];
        for (i, s) in sides.iter_mut().enumerate().take(n.min(MAX_ORDERED)) {
            *s = side(i);
        }
        self.ordered(n, score, tiebreak, Some(sides))
    }

    #[inline]
    fn mark<K: Eq + Hash + 'static>(&mut self, counts: Counts, key: impl FnOnce() -> K) {
        self.marked = true;
        if self.marking {
            self.marks.reach(key, self.depth, self.p, counts);
        }
    }
}

impl Enumerate {
    /// [`Source::order`] (`mark` none) or [`Source::order_tied`] (`mark`:
    /// the members' sides).
    fn ordered(
        &mut self,
        n: usize,
        score: impl FnMut(usize, &mut Self) -> i32,
        tiebreak: impl Fn(usize) -> i32,
        mark: Option<[usize; MAX_ORDERED]>,
    ) -> Turn {
        if n > MAX_ORDERED {
            self.fail(Unenumerable::Order(n, MAX_ORDERED));
            return Turn::of(&(0..n).collect::<Vec<_>>());
        }
        if self.marks.cut() {
            let turns = self.turns(n, score, tiebreak, mark);
            // (None only when the walk failed: any order will do.)
            return turns
                .first()
                .map_or_else(|| Turn::of(&(0..n).collect::<Vec<_>>()), |t| t.0);
        }
        let depth = self.depth;
        // The cached orders are taken out while the path branches on them
        // and put back after, not cloned: a clone was an allocation on
        // every path through every round.
        let turns = match self.orders.get_mut(depth).and_then(Option::take) {
            Some(turns) => turns,
            None => {
                let turns = self.turns(n, score, tiebreak, mark);
                if self.failed() {
                    return Turn::of(&(0..n).collect::<Vec<_>>());
                }
                turns
            }
        };
        let first = turns[0].0;
        let turn = self.branch(|| turns.iter().copied()).unwrap_or(first);
        if self.orders.len() <= depth {
            self.orders.resize(depth + 1, None);
        }
        self.orders[depth] = Some(turns);
        turn
    }
}

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// A source that hands out scripted successes, roll by roll, in the
/// order the engine rolls (never a botch).
#[cfg(test)]
pub(super) struct Script(pub(super) Vec<u16>);

#[cfg(test)]
impl Source for Script {
    fn face(&mut self) -> i32 {
        panic!("the script has no bare faces")
    }
    fn roll(&mut self, _: &Roller, _: i32) -> Roll {
        assert!(!self.0.is_empty(), "the script ran out");
        Roll {
            successes: self.0.remove(0),
            botch: false,
        }
    }
    fn draw<T: Ranked, const K: usize>(
        &mut self,
        _: &Tables<T, K>,
        _: [usize; K],
        _: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T> {
        None
    }
    fn order(
        &mut self,
        n: usize,
        _: impl FnMut(usize, &mut Self) -> i32,
        _: impl Fn(usize) -> i32,
    ) -> Turn {
        Turn::of(&(0..n).collect::<Vec<_>>())
    }
    fn order_tied(
        &mut self,
        n: usize,
        _: impl FnMut(usize, &mut Self) -> i32,
        _: impl Fn(usize) -> i32,
        _: impl Fn(usize) -> usize,
    ) -> Turn {
        Turn::of(&(0..n).collect::<Vec<_>>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two faces: 100 paths of 1/100 each, in depth-first order.
    #[test]
    fn walks_every_path_once() {
        let mut e = Enumerate::new();
        let mut seen = Vec::new();
        loop {
            let (a, b) = (e.face(), e.face());
            seen.push((a, b, e.p()));
            if !e.next() {
                break;
            }
        }
        assert_eq!(seen.len(), 100);
        assert_eq!((seen[0].0, seen[0].1), (1, 1));
        assert_eq!((seen[99].0, seen[99].1), (10, 10));
        assert!(seen.iter().all(|&(_, _, p)| (p - 0.01).abs() < 1e-15));
    }

    /// Two members, initiative 1d10 + 3 against 1d10 + 1, no tiebreak:
    /// the first goes first outright when f2 - f1 <= 1 (64 of the 100
    /// face pairs), they tie when f2 - f1 = 2 (8 pairs, split evenly):
    /// 0.64 + 0.04 = 0.68.
    #[test]
    fn orders_two_members_exactly() {
        let mut e = Enumerate::new();
        let mut first = 0.0;
        let mut total = 0.0;
        loop {
            let turn = e.order(2, |i, d| d.face() + if i == 0 { 3 } else { 1 }, |_| 0);
            if turn.members().next() == Some(0) {
                first += e.p();
            }
            total += e.p();
            if !e.next() {
                break;
            }
        }
        assert!((total - 1.0).abs() < 1e-12);
        assert!((first - 0.68).abs() < 1e-12, "{first}");
    }

    /// Three members alike: by symmetry each of the six orders has 1/6
    /// (ties split at random), and a member with +20 always goes first.
    #[test]
    fn orders_three_members_exactly() {
        for (bonus, want) in [(0, [1.0 / 6.0; 6]), (20, [0.5, 0.5, 0.0, 0.0, 0.0, 0.0])] {
            let mut e = Enumerate::new();
            let mut p = [0.0; 6];
            let perms = permutations(3);
            let first: Vec<_> = perms
                .iter()
                .filter(|q| q[0] == 0)
                .chain(perms.iter().filter(|q| q[0] != 0))
                .collect();
            loop {
                let turn = e.order(3, |i, d| d.face() + if i == 0 { bonus } else { 0 }, |_| 0);
                let k = first.iter().position(|q| Turn::of(q) == turn).unwrap();
                p[k] += e.p();
                if !e.next() {
                    break;
                }
            }
            for (got, want) in p.iter().zip(want) {
                assert!((got - want).abs() < 1e-12, "{p:?}");
            }
        }
    }

    /// Marked ties: two members alike (1d10 each, no tiebreak) tie with
    /// 0.1. On different sides the tie goes either way (0.05 each); on one
    /// side the first listed goes first (0.1); an unmarked order marks
    /// nothing.
    #[test]
    fn marks_ties_exactly() {
        for (sides, listed_first) in [([0, 1], 0.05), ([0, 0], 0.1)] {
            let mut e = Enumerate::new();
            let (mut first, mut second, mut total) = (0.0, 0.0, 0.0);
            loop {
                let turn = e.order_tied(2, |_, d| d.face(), |_| 0, |i| sides[i]);
                if turn.tied(1) {
                    if turn.members().next() == Some(0) {
                        first += e.p();
                    } else {
                        second += e.p();
                    }
                }
                total += e.p();
                if !e.next() {
                    break;
                }
            }
            assert!((total - 1.0).abs() < 1e-12);
            assert!((first - listed_first).abs() < 1e-12, "{sides:?}: {first}");
            assert!(
                (second - (0.1 - listed_first)).abs() < 1e-12,
                "{sides:?}: {second}"
            );
            let mut e = Enumerate::new();
            loop {
                assert!(!e.order(2, |_, d| d.face(), |_| 0).any_tied());
                if !e.next() {
                    break;
                }
            }
        }
    }

    /// The batched sampler's marked orders against the exact ones: three
    /// members alike, the first and last on one side, every order and tie
    /// mark within 4.5 standard errors of its exact probability (the
    /// first never after the last when they tie).
    #[test]
    fn marked_orders_agree_with_the_sampler() {
        let sides = [0, 1, 0];
        let mut e = Enumerate::new();
        let mut exact: Vec<(Turn, f64)> = Vec::new();
        loop {
            let turn = e.order_tied(3, |_, d| d.face(), |_| 0, |i| sides[i]);
            match exact.iter_mut().find(|(t, _)| *t == turn) {
                Some((_, p)) => *p += e.p(),
                None => exact.push((turn, e.p())),
            }
            if !e.next() {
                break;
            }
        }
        let n = 400_000u32;
        let mut dice = D10::seeded(9);
        let mut seen: Vec<(Turn, u32)> = Vec::new();
        for _ in 0..n {
            let turn = dice.order_tied(3, |_, d| D10::face(d).into(), |_| 0, |i| sides[i]);
            let members: Vec<usize> = turn.members().collect();
            let all_tied = turn.tied(1) && turn.tied(2);
            let (a, b) = (
                members.iter().position(|&m| m == 0),
                members.iter().position(|&m| m == 2),
            );
            assert!(!all_tied || a < b, "{members:?}");
            match seen.iter_mut().find(|(t, _)| *t == turn) {
                Some((_, c)) => *c += 1,
                None => seen.push((turn, 1)),
            }
        }
        for (turn, _) in &seen {
            assert!(
                exact.iter().any(|(t, _)| t == turn),
                "{turn:?} drawn, not exact"
            );
        }
        for (turn, p) in &exact {
            let got =
                f64::from(seen.iter().find(|(t, _)| t == turn).map_or(0, |x| x.1)) / f64::from(n);
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!((got - p).abs() < 4.5 * se, "{turn:?}: {got} vs {p}");
        }
    }

    #[test]
    fn permutations_are_all_there() {
        let p = permutations(4);
        assert_eq!(p.len(), 24);
        let mut q = p.clone();
        q.sort();
        q.dedup();
        assert_eq!(q.len(), 24);
    }

    // Keys ([`Source::mark`]): marks.rs.

    /// Two faces, the rest after the first depending only on its parity:
    /// the walk takes the ten second faces after each parity once (20
    /// paths) and ends the other eight first faces at the mark, yet every
    /// outcome (the parity and the second face) keeps its chance, 1/20.
    #[test]
    fn a_key_walked_once_gives_every_path_its_chance() {
        let mut e = Enumerate::new();
        let mut paths = 0;
        loop {
            let first = e.face();
            e.mark(Counts::default(), || first % 2);
            let second = e.face();
            let outcome = (first % 2) as u32 * 10 + second as u32 - 1;
            paths += 1;
            let cut = e.cut();
            e.end((!cut).then_some((outcome, Counts::default())));
            if !e.next() {
                break;
            }
        }
        assert_eq!(paths, 28);
        let mut outcomes = e.outcomes();
        outcomes.sort_by_key(|o| o.0);
        assert_eq!(outcomes.len(), 20);
        for (k, &((o, _), p)) in outcomes.iter().enumerate() {
            assert_eq!(o, k as u32);
            assert!((p - 0.05).abs() < 1e-15, "{o}: {p}");
        }
        // The next walk keeps no key.
        assert_eq!(e.face(), 1);
        e.mark(Counts::default(), || 1);
        assert!(!e.cut());
    }

    /// Two marks at one depth (nothing drawn between them) and keys met
    /// again deeper: the chances still add up to the whole walk's.
    #[test]
    fn marks_at_one_depth_nest() {
        let walk = |marked: bool| {
            let mut e = Enumerate::new();
            loop {
                let a = e.face();
                if marked {
                    // Each key holds all the rest reads.
                    e.mark(Counts::default(), || (0u8, a > 4, a > 7));
                    e.mark(Counts::default(), || (1u8, a > 4, a > 7));
                }
                let b = e.face();
                let c = if b > 5 { e.face() } else { 0 };
                let outcome = u32::from(a > 4) * 200 + u32::from(a > 7) * 100 + (b + c) as u32;
                let cut = e.cut();
                e.end((!cut).then_some((outcome, Counts::default())));
                if !e.next() {
                    break;
                }
            }
            let mut o = e.outcomes();
            o.sort_by_key(|o| o.0);
            o
        };
        let (marked, whole) = (walk(true), walk(false));
        assert_eq!(marked.len(), whole.len());
        for (m, w) in marked.iter().zip(&whole) {
            assert_eq!(m.0, w.0);
            assert!((m.1 - w.1).abs() < 1e-15);
        }
        let total: f64 = marked.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    /// What a round counts stays out of its keys and still adds up: a
    /// botch on a first face of 1, harm on a 9 or 10, another botch on a
    /// second face of 10 and two harm on a third of 10, under two nested
    /// keys that know only the first face's parity and whether a third
    /// face is rolled (all the outcome reads).
    /// Every outcome and its counts keeps the chance the whole walk gives
    /// it, and the first faces walk the rest once a parity: 19 paths each
    /// for the first 1 and 2 (a key per half of the second face, four
    /// paths cut in each), one for each of the other eight, 46 in all
    /// against the whole walk's 550.
    #[test]
    fn counts_stay_out_of_keys_and_add_up() {
        let walk = |marked: bool| {
            let mut e = Enumerate::new();
            let mut paths = 0;
            loop {
                let first = e.face();
                let mut counts: Counts = [0, u32::from(first == 1), 0, u32::from(first > 8)];
                if marked {
                    e.mark(counts, || first % 2);
                }
                let second = e.face();
                counts[1] += u32::from(second == 10);
                if marked {
                    e.mark(counts, || (first % 2, second > 5));
                }
                let third = if second > 5 { e.face() } else { 0 };
                counts[3] += 2 * u32::from(third == 10);
                let outcome = (first % 2) as u32 * 100 + u32::from(second > 5) * 20 + third as u32;
                paths += 1;
                let cut = e.cut();
                e.end((!cut).then_some((outcome, counts)));
                if !e.next() {
                    break;
                }
            }
            let mut o = e.outcomes();
            o.sort_by_key(|o| o.0);
            (o, paths)
        };
        let ((marked, paths), (whole, all)) = (walk(true), walk(false));
        assert_eq!((paths, all), (46, 550));
        assert_eq!(marked.len(), whole.len());
        assert!(whole.iter().any(|o| o.0.1 == [0, 2, 0, 2]));
        for (m, w) in marked.iter().zip(&whole) {
            assert_eq!(m.0, w.0);
            assert!(
                (m.1 - w.1).abs() < 1e-15,
                "{:?}: {} against {}",
                m.0,
                m.1,
                w.1
            );
        }
    }

    /// A walk keeps counts up to 255 each: a path that counted 256 botches
    /// fails the walk rather than come out as some other count.
    #[test]
    fn counts_past_a_byte_fail_the_walk() {
        let mut e = Enumerate::new();
        e.mark([0, 255, 0, 0], || 1u8);
        e.end(Some((0, [0, 255, 0, 0])));
        assert_eq!(e.failure(), None);
        e.mark([0, 255, 0, 0], || 2u8);
        e.end(Some((0, [0, 256, 0, 0])));
        assert_eq!(e.failure(), Some(Unenumerable::Counts));
    }
}
