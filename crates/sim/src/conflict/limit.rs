//! How big a round chain may grow ([`Limit`], `--max-states`), and why a
//! fight has none ([`NoChain`]), in words a designer reads.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// How big a chain may grow before the fight is drawn attack by attack
/// instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// States between rounds.
    pub states: usize,
    /// Paths through a round, over all states (those through the turn
    /// order's scores included).
    pub paths: usize,
    /// Whether a round's outcomes that its code treats alike (damage past
    /// what the target can still take, successes past what a roll can
    /// use) are walked as one path: the same chain, to rounding, in fewer
    /// paths. Off only to hold the merged chain to the whole walk.
    pub merge: bool,
    /// A round that takes more paths than this is walked again, attack by
    /// attack (the engines' `Source::mark`): what follows
    /// each point where the round's state is known is walked once per
    /// distinct state. 0 (the default, `MARK_AFTER`) walks every round
    /// so, from its first path (merged walks only): a chain's walks share
    /// their keys, so even a short round's keys serve the states after it.
    pub mark_after: usize,
}

/// The paths a round takes before it is walked attack by attack
/// ([`Limit::mark_after`]): none, since a chain's walks share their keys
/// ([`Rounds::WHOLE_KEYS`](super::chain::Rounds::WHOLE_KEYS)), so a key
/// walked in one state's round serves the rounds of the states after it.
pub const MARK_AFTER: usize = 0;

/// The memory a chain's walks keep their keys in, for each state the limit
/// allows: 32 MiB at the default limit.
const KEY_BYTES_PER_STATE: usize = 512;

/// The least and most memory a chain's walks keep their keys in.
const KEY_BYTES: (usize, usize) = (1 << 24, 1 << 29);

/// The states a chain may hold unless the process says otherwise
/// ([`Limit::set_default_states`]).
pub const DEFAULT_STATES: usize = 1 << 16;

/// The most states a limit may allow (`--max-states`): a chain of that
/// many takes gigabytes.
pub const MAX_STATES: usize = 1 << 24;

/// The paths a chain may walk for each state it may hold.
const PATHS_PER_STATE: usize = 64;

/// How many times the paths projected ([`NoChain::Paths`]) the limit a
/// remedy names allows.
const PATHS_HEADROOM: f64 = 2.0;

/// The process's default state limit (`wodds --max-states`).
static DEFAULT_LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_STATES);

impl Limit {
    /// A limit of `states` states, and the paths in proportion.
    pub fn of_states(states: usize) -> Limit {
        Limit {
            states,
            paths: states.saturating_mul(PATHS_PER_STATE),
            merge: true,
            mark_after: MARK_AFTER,
        }
    }

    /// The memory a chain's walks keep their keys in
    /// (`Enumerate::share_keys`):
    /// in proportion to the states, from 16 to 512 MiB. A limit raised to
    /// build a bigger chain keeps more keys, and walks fewer paths.
    pub fn key_bytes(&self) -> usize {
        (self.states.saturating_mul(KEY_BYTES_PER_STATE)).clamp(KEY_BYTES.0, KEY_BYTES.1)
    }

    /// Makes `states` the state limit of every chain built after it with
    /// [`Limit::default`] (the command line's `--max-states`).
    pub fn set_default_states(states: usize) {
        DEFAULT_LIMIT.store(states, Ordering::Relaxed);
    }
}

/// States built and paths walked by every round chain this process has
/// built or is building: read by a progress display (`wodds run` shows one
/// while chains take more than a second), never by a result.
static BUILT: AtomicU64 = AtomicU64::new(0);
static WALKED: AtomicU64 = AtomicU64::new(0);

/// How far the chains this process builds have got: states built and
/// paths walked, all chains together, since it started.
pub fn chain_work() -> (u64, u64) {
    (
        BUILT.load(Ordering::Relaxed),
        WALKED.load(Ordering::Relaxed),
    )
}

/// Counts one more state built, its round `paths` long.
pub(super) fn count_state(paths: usize) {
    BUILT.fetch_add(1, Ordering::Relaxed);
    WALKED.fetch_add(paths as u64, Ordering::Relaxed);
    WATCH.with(|w| {
        if let Some(watch) = &*w.borrow() {
            let (states, paths) = chain_work();
            watch(states, paths);
        }
    });
}

/// What is told of each state this thread builds, while
/// [`watching_chains`] runs.
type Watch = Box<dyn Fn(u64, u64)>;

thread_local! {
    static WATCH: std::cell::RefCell<Option<Watch>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f`, telling `watch` of every round-chain state this thread builds
/// meanwhile ([`chain_work`]'s counts after it): a page's progress, where
/// one thread builds every chain (on rayon's threads, chains built
/// elsewhere are not told; the command line reads [`chain_work`] instead).
pub fn watching_chains<T>(watch: Watch, f: impl FnOnce() -> T) -> T {
    /// Takes the watch down however `f` ends.
    struct Unwatch;
    impl Drop for Unwatch {
        fn drop(&mut self) {
            WATCH.with(|w| *w.borrow_mut() = None);
        }
    }
    WATCH.with(|w| *w.borrow_mut() = Some(watch));
    let _unwatch = Unwatch;
    f()
}

impl Default for Limit {
    fn default() -> Self {
        Limit::of_states(DEFAULT_LIMIT.load(Ordering::Relaxed))
    }
}

/// Why a fight has no round chain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NoChain {
    /// It reached more states between rounds than the limit; a chain of
    /// the states built so far took `bytes_per_state` bytes each.
    States {
        /// The limit passed.
        limit: usize,
        /// Memory a state took, on average, in the chain built so far.
        bytes_per_state: f64,
    },
    /// Its rounds take more paths than the limit allows (each state's
    /// round is walked down every path of its random outcomes).
    Paths {
        /// The state limit the path limit goes with.
        limit: usize,
        /// The paths walked (or, projected from the states built so far,
        /// to be walked).
        paths: f64,
        /// The path limit.
        paths_limit: usize,
    },
    /// One state's round alone takes more than `paths` paths through its
    /// dice (a share of the path limit).
    Round {
        /// The state limit the path limit goes with.
        limit: usize,
        /// The most paths one round may take.
        paths: usize,
    },
    /// A roll of `pool` dice has no exact table (beyond the largest pool
    /// tabled).
    Roll {
        /// The pool.
        pool: i32,
    },
    /// More members to order at once than the turn order enumerates.
    Order {
        /// How many.
        members: usize,
        /// The most it enumerates.
        most: usize,
    },
    /// A round's count of Willpower spent, botches, reversals or harm
    /// passes what a chain step holds.
    Counts,
    /// A random call had no outcome of positive probability.
    Empty,
}

impl NoChain {
    /// Why, and how to get a chain where raising the limit would give one;
    /// where the limit is the reason and no limit the flag takes would
    /// do, the most it takes.
    pub fn explain(&self) -> String {
        match (self.remedy(), self) {
            (Some(r), _) => format!("{self}; {r}"),
            (None, NoChain::States { .. } | NoChain::Paths { .. } | NoChain::Round { .. }) => {
                format!(
                    "{self}; --max-states allows at most {MAX_STATES} states and {} paths",
                    count((MAX_STATES * PATHS_PER_STATE) as f64)
                )
            }
            (None, _) => self.to_string(),
        }
    }

    /// How to get a chain, when raising the state limit (up to
    /// [`MAX_STATES`]) may give one: the flag and what it would cost.
    pub fn remedy(&self) -> Option<String> {
        let higher = |limit: usize| (limit < MAX_STATES).then(|| (limit * 4).min(MAX_STATES));
        match *self {
            NoChain::States {
                limit,
                bytes_per_state,
            } => higher(limit).map(|to| {
                format!(
                    "--max-states {to} tries a higher limit (about {} more memory at the rate \
                     the chain was growing)",
                    megabytes(bytes_per_state * (to - limit) as f64)
                )
            }),
            NoChain::Paths { paths, .. } => {
                // Twice the paths projected: the projection counts the
                // states found so far, and more are found as the chain
                // grows (the neonate's fight under hubris projects 47.0
                // million at the default, 75.6 million at 1,048,576, and
                // builds at 2,097,152).
                let states = |paths: f64| {
                    ((paths / PATHS_PER_STATE as f64).ceil() as usize).next_power_of_two()
                };
                let (once, twice) = (states(paths), states(PATHS_HEADROOM * paths));
                let how = match twice <= MAX_STATES {
                    true => format!("--max-states {twice} allows twice that many"),
                    // The most the flag takes allows the paths projected,
                    // not twice them.
                    false => format!("--max-states {MAX_STATES} allows that many"),
                };
                (once <= MAX_STATES)
                    .then(|| format!("{how} (a projection from the states found so far)"))
            }
            NoChain::Round { limit, .. } => {
                higher(limit).map(|to| format!("--max-states {to} allows a round more paths"))
            }
            _ => None,
        }
    }
}

/// A count for a person: `65,536`, `25.7 million`, `20.3 billion`.
pub fn count(n: f64) -> String {
    if n >= 1e9 {
        return format!("{:.1} billion", n / 1e9);
    }
    if n >= 1e6 {
        return format!("{:.1} million", n / 1e6);
    }
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `bytes` in megabytes, for a person.
fn megabytes(bytes: f64) -> String {
    let mb = bytes / 1e6;
    if mb < 10.0 {
        format!("{mb:.1} MB")
    } else {
        format!("{mb:.0} MB")
    }
}

impl std::fmt::Display for NoChain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            NoChain::States { limit, .. } => {
                write!(
                    f,
                    "more than {} states between rounds (the limit)",
                    count(limit as f64)
                )
            }
            NoChain::Paths {
                paths, paths_limit, ..
            } => write!(
                f,
                "its rounds take about {} paths through their dice, more than the limit of {}",
                count(paths),
                count(paths_limit as f64)
            ),
            NoChain::Round { paths, .. } => write!(
                f,
                "one round takes more than {} paths through its dice (the limit for a round)",
                count(paths as f64)
            ),
            NoChain::Roll { pool } => write!(f, "a roll of {pool} dice has no exact table"),
            NoChain::Order { members, most } => write!(
                f,
                "{members} members roll initiative at once, more than the {most} a turn order \
                 is enumerated for"
            ),
            NoChain::Counts => write!(f, "a round's counts pass what a chain step holds"),
            NoChain::Empty => write!(f, "a random call has no outcome of positive probability"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flag named is one `--max-states` takes, and at the most there
    /// is none to name.
    #[test]
    fn a_remedy_names_a_limit_the_flag_allows() {
        let states = |limit| NoChain::States {
            limit,
            bytes_per_state: 1000.0,
        };
        let r = states(200).remedy().unwrap();
        assert!(r.starts_with("--max-states 800 tries"), "{r}");
        assert!(r.contains("about 0.6 MB more memory"), "{r}");
        let r = states(MAX_STATES / 2).remedy().unwrap();
        assert!(r.starts_with(&format!("--max-states {MAX_STATES} ")), "{r}");
        assert_eq!(states(MAX_STATES).remedy(), None);
        let paths = |paths| NoChain::Paths {
            limit: DEFAULT_STATES,
            paths,
            paths_limit: DEFAULT_STATES * PATHS_PER_STATE,
        };
        // Twice 25.7 million paths, 64 a state: 804,549 states.
        let r = paths(25_745_552.0).remedy().unwrap();
        assert!(r.starts_with("--max-states 1048576 allows twice"), "{r}");
        let r = paths(16_000_000.0).remedy().unwrap();
        assert!(r.starts_with("--max-states 524288 "), "{r}");
        // 600 million paths fit the most the flag takes, twice them not.
        let r = paths(600e6).remedy().unwrap();
        assert!(
            r.starts_with(&format!("--max-states {MAX_STATES} allows that many")),
            "{r}"
        );
        assert_eq!(paths(1e12).remedy(), None);
        // Beyond the most, the message says what the most allows.
        assert!(
            paths(1e12)
                .explain()
                .ends_with("; --max-states allows at most 16777216 states and 1.1 billion paths"),
            "{}",
            paths(1e12).explain()
        );
        assert!(
            states(MAX_STATES)
                .explain()
                .contains("at most 16777216 states")
        );
        assert_eq!(
            NoChain::Roll { pool: 500 }.explain(),
            "a roll of 500 dice has no exact table"
        );
    }

    #[test]
    fn counts_read_as_a_person_writes_them() {
        assert_eq!(count(200.0), "200");
        assert_eq!(count(65_536.0), "65,536");
        assert_eq!(count(4_194_304.0), "4.2 million");
        assert_eq!(count(25_745_552.0), "25.7 million");
        // The garou's fight under hubris at 4,194,304 states projects
        // 20,290.9 million paths.
        assert_eq!(count(20_290_900_000.0), "20.3 billion");
        assert_eq!(megabytes(1_100_000.0), "1.1 MB");
        assert_eq!(megabytes(367_000_000.0), "367 MB");
    }
}
