//! What one roll of a Storyteller dice pool means: [`RollRules`] (the
//! mechanics an edition chooses) and [`RollSpec`] (those rules plus a pool).

use std::fmt;

/// The largest pool the exact engine and the sampler accept.
pub const MAX_POOL: i32 = 100;

/// The most automatic successes a roll may carry.
pub const MAX_AUTO: u8 = 20;

/// What a die showing 1 does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ones {
    /// Each 1 cancels one success (`revised`, `fta`).
    Cancel,
    /// A 1 is just a failure (`uwod`, `hubris`).
    Ignore,
}

/// What a die showing 10 does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tens {
    /// One success, like any other success.
    Single,
    /// Two successes (`uwod` with a specialty).
    Double,
    /// Faces at or above `n` (8, 9 or 10) are rolled again and the new die
    /// counts too ("10-again" is `Again(10)`).
    Again(u8),
}

/// When a roll is a botch (dramatic failure).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Botch {
    /// Never.
    Never,
    /// No success was rolled at all and at least one 1 shows (`revised`,
    /// `uwod`). A chance die showing 1 also botches under this rule.
    NoSuccessWithOne,
    /// Only a chance die showing 1 (`hubris`); a 1 on a die it rolled again
    /// after a 10 does not count.
    ChanceDieOne,
}

/// Automatic successes added to a roll after it is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct AutoSuccesses {
    /// How many.
    pub count: u8,
    /// Whether rolled 1s can cancel them (only meaningful with [`Ones::Cancel`]).
    pub cancelled_by_ones: bool,
    /// Whether having any turns a botch into a plain result.
    pub prevents_botch: bool,
}

/// The mechanics of a roll, independent of the pool size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RollRules {
    /// A face at or above this (2..=10) is a success.
    pub threshold: u8,
    /// What a 1 does.
    pub ones: Ones,
    /// What a 10 does.
    pub tens: Tens,
    /// When the roll botches.
    pub botch: Botch,
    /// Whether a 1 on a die rolled again (under [`Tens::Again`]) counts as a
    /// 1 (and so cancels a success under [`Ones::Cancel`]). When false, an
    /// N-again die can never lower a roll's successes.
    pub rerolled_ones_count: bool,
    /// Whether a pool of 0 or less rolls one chance die (success only on a
    /// 10, which is rolled again under any [`Tens::Again`]); without it such a
    /// pool is refused.
    pub chance_die: bool,
    /// Rote: after the roll, every die of the original pool that did not
    /// succeed is rolled again as a new pool, and the better of the two
    /// results is kept (a botch is worse than any plain result).
    pub rote: bool,
    /// Automatic successes added after the roll.
    pub auto: AutoSuccesses,
}

impl RollRules {
    /// Rules of the classic Storyteller roll: success at `threshold`, 1s
    /// cancel, 10s count once, botch on no success with a 1.
    pub fn classic(threshold: u8) -> Self {
        RollRules {
            threshold,
            ones: Ones::Cancel,
            tens: Tens::Single,
            botch: Botch::NoSuccessWithOne,
            rerolled_ones_count: false,
            chance_die: false,
            rote: false,
            auto: AutoSuccesses::default(),
        }
    }

    /// Rules of the Chronicles-style roll: success on 8+, 10-again, a chance
    /// die at 0 dice that fails dramatically on a 1.
    pub fn ten_again() -> Self {
        RollRules {
            threshold: 8,
            ones: Ones::Ignore,
            tens: Tens::Again(10),
            botch: Botch::ChanceDieOne,
            rerolled_ones_count: false,
            chance_die: true,
            rote: false,
            auto: AutoSuccesses::default(),
        }
    }

    fn validate(&self) -> Result<(), SpecError> {
        if !(2..=10).contains(&self.threshold) {
            return Err(SpecError::Threshold(self.threshold));
        }
        if let Tens::Again(n) = self.tens
            && !(8..=10).contains(&n)
        {
            return Err(SpecError::Again(n));
        }
        if self.auto.count > MAX_AUTO {
            return Err(SpecError::Auto(self.auto.count));
        }
        Ok(())
    }
}

/// A validated roll: a pool and the rules it is rolled under.
///
/// ```
/// use wodds_dice::{RollRules, RollSpec};
/// let spec = RollSpec::new(5, RollRules::classic(6)).unwrap();
/// assert!(spec.is_chance_die() == false);
/// assert!(RollSpec::new(0, RollRules::classic(6)).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RollSpec {
    pool: i32,
    rules: RollRules,
}

impl RollSpec {
    /// Checks `pool` and `rules` and builds the spec. A pool of 0 or less is
    /// accepted when the rules roll a chance die, and otherwise only as a
    /// pool of exactly 0 with automatic successes: those successes taken
    /// without a roll.
    pub fn new(pool: i32, rules: RollRules) -> Result<Self, SpecError> {
        rules.validate()?;
        if pool > MAX_POOL {
            return Err(SpecError::PoolTooLarge(pool));
        }
        let unrolled = pool == 0 && rules.auto.count > 0;
        if pool < 1 && !rules.chance_die && !unrolled {
            return Err(SpecError::EmptyPool(pool));
        }
        Ok(RollSpec { pool, rules })
    }

    /// The pool as given (may be 0 or negative for a chance die).
    pub fn pool(&self) -> i32 {
        self.pool
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &RollRules {
        &self.rules
    }

    /// Whether this roll is a single chance die.
    #[inline]
    pub fn is_chance_die(&self) -> bool {
        self.pool < 1 && self.rules.chance_die
    }

    /// How many dice hit the table first (1 for a chance die, 0 when only
    /// automatic successes are taken).
    #[inline]
    pub fn dice(&self) -> u32 {
        if self.is_chance_die() {
            1
        } else {
            self.pool.max(0) as u32
        }
    }

    /// The face from which the dice of this roll are rolled again, if any.
    pub(crate) fn again_at(&self) -> Option<u8> {
        match self.rules.tens {
            Tens::Again(n) => Some(n),
            _ => None,
        }
    }

    /// Facts about one face (1..=10) of a die of this roll. A chance die
    /// succeeds only on 10 and rolls again only on 10; the dice it rolls
    /// again (`reroll`) are ordinary dice.
    pub(crate) fn face(&self, face: u8, reroll: bool) -> Face {
        let chance = self.is_chance_die() && !reroll;
        let threshold = if chance { 10 } else { self.rules.threshold };
        let success = face >= threshold;
        let weight = match (success, self.rules.tens) {
            (false, _) => 0,
            (true, Tens::Double) if face == 10 => 2,
            (true, _) => 1,
        };
        let again = match self.rules.tens {
            Tens::Again(_) if chance => face == 10,
            Tens::Again(n) => face >= n,
            _ => false,
        };
        Face {
            weight,
            one: face == 1 && (!reroll || self.rules.rerolled_ones_count),
            again,
        }
    }

    /// Turns what the dice showed into the result. `net` is the successes
    /// rolled less the 1s when 1s cancel (the successes rolled otherwise);
    /// `any_success` says whether any die succeeded, `any_one` whether any
    /// showed a 1.
    #[inline]
    pub(crate) fn settle(&self, net: i64, any_success: bool, any_one: bool) -> Roll {
        let raw_botch = match self.rules.botch {
            Botch::Never => false,
            Botch::NoSuccessWithOne => !any_success && any_one,
            Botch::ChanceDieOne => self.is_chance_die() && !any_success && any_one,
        };
        let auto = &self.rules.auto;
        if raw_botch && !(auto.count > 0 && auto.prevents_botch) {
            return Roll::BOTCH;
        }
        let a = auto.count as i64;
        let successes = match self.rules.ones {
            Ones::Ignore => net + a,
            Ones::Cancel if auto.cancelled_by_ones => (net + a).max(0),
            Ones::Cancel => net.max(0) + a,
        };
        Roll {
            successes: successes as u16,
            botch: false,
        }
    }

    /// The same rules with another pool (unchecked: for the sampler's
    /// `roll_pool`, whose caller answers for the pool).
    #[inline]
    pub(crate) fn with_pool(&self, pool: i32) -> RollSpec {
        RollSpec {
            pool: pool.min(MAX_POOL),
            rules: self.rules,
        }
    }

    /// The same roll with another pool size (used for the rote re-roll),
    /// keeping a chance die a chance die.
    #[inline]
    pub(crate) fn reroll_of(&self, dice: u32) -> RollSpec {
        let mut rules = self.rules;
        rules.rote = false;
        let pool = if self.is_chance_die() { 0 } else { dice as i32 };
        RollSpec { pool, rules }
    }
}

/// One face of a die under a roll's rules.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Face {
    /// Successes it counts (0, 1 or 2).
    pub weight: u8,
    /// It shows a 1.
    pub one: bool,
    /// It is rolled again.
    pub again: bool,
}

/// The result of one roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Roll {
    /// Successes (net of cancelling 1s, plus automatic successes); 0 on a botch.
    pub successes: u16,
    /// Whether it botched.
    pub botch: bool,
}

impl Roll {
    /// A botch.
    pub const BOTCH: Roll = Roll {
        successes: 0,
        botch: true,
    };

    /// Orders results for rote: a botch is worst, then more successes is better.
    #[inline]
    pub(crate) fn rank(self) -> i32 {
        if self.botch {
            -1
        } else {
            self.successes as i32
        }
    }

    /// The better of two results (for rote).
    #[inline]
    pub(crate) fn better(self, other: Roll) -> Roll {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

/// Why a roll spec was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// Threshold outside 2..=10.
    Threshold(u8),
    /// N-again outside 8..=10.
    Again(u8),
    /// Too many automatic successes.
    Auto(u8),
    /// Pool above [`MAX_POOL`].
    PoolTooLarge(i32),
    /// Pool of 0 or less without a chance die.
    EmptyPool(i32),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Threshold(t) => {
                write!(
                    f,
                    "success threshold {t} is outside the allowed range 2..=10"
                )
            }
            SpecError::Again(n) => write!(f, "{n}-again is not allowed: use 8, 9 or 10"),
            SpecError::Auto(n) => write!(
                f,
                "{n} automatic successes is outside the allowed range 0..={MAX_AUTO}"
            ),
            SpecError::PoolTooLarge(p) => {
                write!(f, "pool {p} is outside the allowed range ..={MAX_POOL}")
            }
            SpecError::EmptyPool(p) => write!(
                f,
                "pool {p} cannot be rolled: these rules have no chance die, so the pool must be at least 1"
            ),
        }
    }
}

impl std::error::Error for SpecError {}
