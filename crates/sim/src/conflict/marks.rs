//! Points in a round where the rest of it depends on a key alone
//! ([`Source::mark`](super::source::Source::mark)), and what an
//! [`Enumerate`](super::source::Enumerate) walk does with them: it walks
//! what follows a key the first time the key is reached, keeps where those
//! paths led (given the key), and ends every later path that reaches the
//! same key there, with that result. A round of seven attacks is then
//! walked attack by attack, each attack from every distinct way the ones
//! before it left the fight, instead of down every path of all seven.
//!
//! What a round counts as it goes ([`Counts`]: Willpower spent, botches,
//! grapples reversed, harm) only adds up: nothing later in the round reads
//! it. So a key leaves it out, and where a key's paths led is kept as what
//! they counted after it: a path that reaches the key having counted more
//! or less before it leads to the same places, its own count added. Keys
//! that held the counts kept three to eight times as many (the elder's
//! round from its start state under revised and uwod).
//!
//! The walk is depth first, so the paths that share the part of a path up
//! to a key are walked one after another: the key's frame opens when a
//! path first reaches it and closes when the walk changes a random call
//! made before it.

use std::any::{Any, TypeId};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;

use super::scenario::MAX_MEMBERS;
use super::turn::{Counts, Roster};

/// A round part way through, as a mark's key: the members' states, the
/// roster without its counts ([`Roster::uncounted`]), and `rest`, what else
/// the rest of the round reads (where in the turn order it is, values
/// worked out earlier in the round). Hashed over the members present and
/// what of the roster changes in a round, compared whole.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Midway<S, X> {
    st: [S; MAX_MEMBERS],
    roster: Roster,
    rest: X,
}

impl<S: Copy, X> Midway<S, X> {
    /// The round at `st` and `roster`, with `rest`.
    #[inline]
    pub fn new(st: &[S; MAX_MEMBERS], roster: &Roster, rest: X) -> Self {
        Midway {
            st: *st,
            roster: roster.uncounted(),
            rest,
        }
    }
}

impl<S: Hash, X: Hash> Hash for Midway<S, X> {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.st[..self.roster.len()].hash(h);
        self.roster.hash_changing(h);
        self.rest.hash(h);
    }
}

/// Where a path led: an outcome number (given by the walk's caller) and
/// what it counted, from the start of the round or (in a key's frame)
/// after the key.
pub type Outcome = (u32, Counts);

/// An outcome as the walk keeps it: its number in the upper half, its
/// counts a byte each in the lower ([`pack`]). Counts only grow along a
/// path and none passes 255, so adding and taking away counts so packed
/// never carries from one into the next, nor into the number.
type Packed = u64;

/// Counts packed a byte each, or `None` when one passes 255.
#[inline]
fn pack(counts: Counts) -> Option<Packed> {
    let mut packed = 0;
    for (k, &c) in counts.iter().enumerate() {
        packed |= u64::from(u8::try_from(c).ok()?) << (8 * k);
    }
    Some(packed)
}

/// The outcome `packed` holds.
#[inline]
fn unpack(packed: Packed) -> Outcome {
    let counts = std::array::from_fn(|k| (packed >> (8 * k)) as u32 & 0xff);
    ((packed >> 32) as u32, counts)
}

/// Where paths led: outcomes and their probabilities added up, in the
/// order first reached (a key's, a round's steps, a state's next states).
#[derive(Debug, Clone)]
pub(super) struct ByOutcome<K> {
    outcomes: Vec<(K, f64)>,
    at: HashMap<K, usize>,
}

impl<K> Default for ByOutcome<K> {
    fn default() -> Self {
        ByOutcome {
            outcomes: Vec::new(),
            at: HashMap::default(),
        }
    }
}

impl<K: Copy + Eq + Hash> ByOutcome<K> {
    /// Adds `p` to `outcome`'s probability.
    #[inline]
    pub(super) fn add(&mut self, outcome: K, p: f64) {
        match self.at.get(&outcome) {
            Some(&k) => self.outcomes[k].1 += p,
            None => {
                self.at.insert(outcome, self.outcomes.len());
                self.outcomes.push((outcome, p));
            }
        }
    }

    /// Forgets every outcome.
    pub(super) fn clear(&mut self) {
        self.outcomes.clear();
        self.at.clear();
    }

    /// The outcomes and their probabilities, and a fresh start.
    pub(super) fn take(&mut self) -> Vec<(K, f64)> {
        self.at.clear();
        std::mem::take(&mut self.outcomes)
    }
}

/// The most memory the keys take within a walk that does not share them
/// ([`Marks::share`]): past it a new key is not kept. Each is a copy of
/// the round's state (hundreds of bytes, or thousands) and where it led,
/// so a round of millions of paths would otherwise keep gigabytes.
const WALK_KEY_BYTES: usize = 1 << 27;

/// What a kept key takes besides itself: its number in the index, its
/// slot, and its frame's outcomes (a few).
const KEY_OVERHEAD: usize = 64;

/// Where a key's rest of the round leads, given the key: outcomes (what
/// was counted after the key) and their probabilities.
type Given = Rc<[(Packed, f64)]>;

/// A key whose paths are being walked (or the whole walk, the root).
#[derive(Debug, Clone, Default)]
struct Frame {
    /// The key's number (none for the root).
    slot: Option<u32>,
    /// The random calls made before it.
    depth: usize,
    /// The probability of the path up to it.
    p: f64,
    /// What the path had counted up to it ([`pack`]).
    base: Packed,
    /// Where its paths led so far (their whole probabilities).
    tally: ByOutcome<Packed>,
}

/// The keys a walk has met and where each led.
#[derive(Debug, Default)]
pub(super) struct Marks {
    /// The keys met, by their type: a map from key to its number.
    keys: HashMap<TypeId, Box<dyn Any>>,
    /// Where each key's rest of the round leads, given the key, once its
    /// paths are all walked (`None` while they are being walked).
    done: Vec<Option<Given>>,
    /// The frames open, the root first.
    open: Vec<Frame>,
    /// Closed frames, kept for their memory.
    spare: Vec<Frame>,
    /// The path reached a key already walked: its number, and the path's
    /// probability and counts there.
    cut: Option<(u32, f64, Packed)>,
    /// The memory the keys kept take, about.
    bytes: usize,
    /// The memory of keys kept from one walk for the next ([`Marks::share`]):
    /// past it the next walk starts afresh.
    keep: usize,
    /// The first random call the walk changed for this path (the calls
    /// before it are the last path's); none on a walk's first path.
    same: Option<usize>,
}

impl Clone for Marks {
    /// A walk's marks are its own: a copy starts afresh.
    fn clone(&self) -> Self {
        Marks::default()
    }
}

impl Marks {
    /// Whether the path has reached a key already walked: what follows on
    /// it is not walked (each random call takes its first outcome).
    #[inline]
    pub(super) fn cut(&self) -> bool {
        self.cut.is_some()
    }

    /// The path, `depth` calls and probability `p` into it and having
    /// counted `counts`, reaches `key()`: opens its frame when it is new,
    /// cuts the path when it was walked. A key reached before the first
    /// call the walk changed since the last path is that path's, its frame
    /// open: `key` is not asked.
    pub(super) fn reach<K: Eq + Hash + 'static>(
        &mut self,
        key: impl FnOnce() -> K,
        depth: usize,
        p: f64,
        counts: Counts,
    ) {
        if self.cut.is_some() || self.same.is_some_and(|j| depth <= j) {
            return;
        }
        // Counts past a byte: the path's end says so (`end`).
        let Some(counts) = pack(counts) else {
            return;
        };
        let key = key();
        self.root();
        let fresh = self.done.len() as u32;
        let full = self.bytes >= self.most();
        let keys = self
            .keys
            .entry(TypeId::of::<K>())
            .or_insert_with(|| Box::new(HashMap::<K, u32>::default()))
            .downcast_mut::<HashMap<K, u32>>()
            .expect("one map per key type");
        // Past the most keys a walk keeps, a new key is not kept: its
        // paths are walked as if it were not there (its frame's), which
        // is always right, only slower.
        if full && !keys.contains_key(&key) {
            return;
        }
        let slot = *keys.entry(key).or_insert(fresh);
        if slot == fresh {
            self.bytes += std::mem::size_of::<K>() + KEY_OVERHEAD;
            self.done.push(None);
            let mut frame = self.spare.pop().unwrap_or_default();
            frame.slot = Some(slot);
            frame.depth = depth;
            frame.p = p;
            frame.base = counts;
            self.open.push(frame);
        } else if self.done[slot as usize].is_some() {
            self.cut = Some((slot, p, counts));
        }
        // Otherwise its frame is open: this path is one of its own, run
        // again from the round's start.
    }

    /// Opens the root frame, if it is not.
    #[inline]
    fn root(&mut self) {
        if self.open.is_empty() {
            let mut frame = self.spare.pop().unwrap_or_default();
            frame.slot = None;
            frame.depth = 0;
            frame.p = 1.0;
            frame.base = 0;
            self.open.push(frame);
        }
    }

    /// The path just run, of probability `p`, led to `outcome`, its
    /// counts from the round's start (not asked for when the path was
    /// cut: it led where its key leads); `false` when a count passes 255,
    /// more than a walk keeps.
    #[must_use]
    pub(super) fn end(&mut self, p: f64, outcome: impl FnOnce() -> Outcome) -> bool {
        self.root();
        let frame = self.open.last_mut().expect("the root is open");
        match self.cut.take() {
            None => {
                let (o, counts) = outcome();
                let Some(counts) = pack(counts) else {
                    return false;
                };
                frame
                    .tally
                    .add((u64::from(o) << 32 | counts) - frame.base, p);
            }
            Some((slot, q, at)) => {
                let done = self.done[slot as usize].as_ref().expect("walked");
                let before = at - frame.base;
                for &(after, r) in done.iter() {
                    frame.tally.add(after + before, r * q);
                }
            }
        }
        true
    }

    /// The walk changes the random call at `depth` (or, `None`, is over):
    /// closes the frames of the keys reached after it.
    #[inline]
    pub(super) fn leave(&mut self, depth: Option<usize>) {
        self.cut = None;
        self.same = depth;
        if self.open.len() > 1 {
            self.close(depth);
        }
    }

    /// Closes the frames of the keys reached after the call at `depth`
    /// (all, at `None`).
    #[inline(never)]
    fn close(&mut self, depth: Option<usize>) {
        while self.open.len() > 1 {
            let top = self.open.last().expect("open");
            if depth.is_some_and(|d| top.depth <= d) {
                break;
            }
            let mut frame = self.open.pop().expect("open");
            let given: Given = frame
                .tally
                .outcomes
                .iter()
                .map(|&(o, q)| (o, q / frame.p))
                .collect();
            let parent = self.open.last_mut().expect("the root is open");
            let before = frame.base - parent.base;
            for &(after, q) in &frame.tally.outcomes {
                parent.tally.add(after + before, q);
            }
            let slot = frame.slot.expect("only the root has no key");
            self.bytes += std::mem::size_of_val(&*given);
            self.done[slot as usize] = Some(given);
            frame.tally.clear();
            self.spare.push(frame);
        }
    }

    /// Keeps the keys walked, and where they led, for the next walks while
    /// they take less than `keep` bytes; a walk may then take up to twice
    /// that, so that one that starts with nearly `keep` kept has as much
    /// again for its own.
    pub(super) fn share(&mut self, keep: usize) {
        self.keep = keep;
    }

    /// The most memory the keys take within a walk.
    #[inline]
    fn most(&self) -> usize {
        match self.keep {
            0 => WALK_KEY_BYTES,
            keep => 2 * keep,
        }
    }

    /// Where every path led, once the walk is over, and a start for the
    /// next walk: with the keys walked so far if they are shared and take
    /// less than was asked ([`Marks::share`]), afresh otherwise.
    pub(super) fn take(&mut self) -> Vec<(Outcome, f64)> {
        self.leave(None);
        let out = match self.open.pop() {
            Some(mut root) => {
                let out = (root.tally.take().into_iter())
                    .map(|(o, p)| (unpack(o), p))
                    .collect();
                self.spare.push(root);
                out
            }
            None => Vec::new(),
        };
        if self.bytes >= self.keep {
            self.keys.clear();
            self.done.clear();
            self.bytes = 0;
        }
        out
    }
}
