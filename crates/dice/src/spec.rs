//! What one roll of a Storyteller dice pool means: [`RollRules`] (the
//! mechanics an edition chooses) and [`RollSpec`] (those rules plus a pool).

use std::collections::HashSet;
use std::fmt;
use std::sync::{LazyLock, Mutex};

use crate::expr::{Expr, intern};

/// The largest pool the exact engine and the sampler accept.
pub const MAX_POOL: i32 = 100;

/// The most automatic successes a roll may carry.
pub const MAX_AUTO: u8 = 20;

/// What a die showing 1 does: how a roll's successes are netted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ones {
    /// Each 1 cancels one success (`revised`, `fta`).
    Cancel,
    /// A 1 is just a failure (`uwod`, `hubris`).
    Ignore,
    /// The roll's successes after cancelling are this expression over its
    /// counts ([`OUTCOME_NAMES`] without `net`): `successes - ones` is
    /// [`Ones::Cancel`], `successes` [`Ones::Ignore`]. A house rule's way
    /// to say any other, as "1s cancel but never a 10".
    Net(&'static Expr),
}

/// The names an outcome expression may read, in the order their values
/// are given to [`Expr::eval`]: the success weights the dice rolled (every
/// die, rolled again or not), the 1s and the 10s they showed (as the face
/// table counts them), the pool, 1 for a chance die (else 0), the target
/// face, and (for the botch only) the successes after cancelling.
pub const OUTCOME_NAMES: [&str; 7] = [
    "successes",
    "ones",
    "tens",
    "pool",
    "chance",
    "target",
    "net",
];

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
    /// Every face as a [`FaceTable`] says: what it counts, whether it is a
    /// 1 or a 10, whether it is rolled again and how deep. The threshold,
    /// [`RollRules::rerolled_ones_count`] and the chance die's faces are
    /// the table's to say.
    Faces(&'static FaceTable),
}

/// What one face of one die counts under a [`FaceTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FaceRule {
    /// Successes it adds (0, 1 or 2).
    pub successes: u8,
    /// It counts among the roll's `ones`.
    pub one: bool,
    /// It counts among the roll's `tens`.
    pub ten: bool,
    /// It is rolled again, the new die counting too.
    pub again: bool,
}

/// Which die a face is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DieKind {
    /// A die of the pool, first rolled.
    First,
    /// A die rolled again because of another's face.
    Rerolled,
    /// A chance die (a pool of 0 or less), first rolled.
    Chance,
}

/// The most successes one face may count: with at most
/// [`MAX_POOL`] dice a count, the sampler's 8-bit lanes never overflow.
pub const MAX_FACE_SUCCESSES: u8 = 2;

/// A roll described face by face: for each target face 2..=10, each kind
/// of die and each face 1..=10, what the face counts; and how many times
/// over dice may be rolled again.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FaceTable {
    /// `faces[target - 2][kind][face - 1]`.
    faces: [[[FaceRule; 10]; 3]; 9],
    /// Rounds of rolling again: 0 without bound.
    depth: u8,
}

impl FaceTable {
    /// The table whose face `face` of a die of kind `kind`, under target
    /// face `target`, is `rule(target, kind, face)`; dice are rolled again
    /// at most `depth` rounds deep (0: without bound). Refuses a face that
    /// counts more than [`MAX_FACE_SUCCESSES`].
    pub fn new(
        depth: u8,
        mut rule: impl FnMut(u8, DieKind, u8) -> FaceRule,
    ) -> Result<FaceTable, SpecError> {
        let kinds = [DieKind::First, DieKind::Rerolled, DieKind::Chance];
        let mut faces = [[[FaceRule::default(); 10]; 3]; 9];
        for (t, by_kind) in faces.iter_mut().enumerate() {
            for (k, row) in by_kind.iter_mut().enumerate() {
                for (f, cell) in row.iter_mut().enumerate() {
                    let target = t as u8 + 2;
                    *cell = rule(target, kinds[k], f as u8 + 1);
                    if cell.successes > MAX_FACE_SUCCESSES {
                        return Err(SpecError::FaceSuccesses {
                            face: f as u8 + 1,
                            target,
                            successes: cell.successes,
                        });
                    }
                }
            }
        }
        Ok(FaceTable { faces, depth })
    }

    /// What face `face` (1..=10) of a die of kind `kind` counts under
    /// target `target` (2..=10).
    #[inline]
    pub fn face(&self, target: u8, kind: DieKind, face: u8) -> FaceRule {
        self.faces[usize::from(target.clamp(2, 10) - 2)][kind as usize][usize::from(face - 1)]
    }

    /// Rounds of rolling again (0: without bound).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The one shared copy of this table (see [`Expr::interned`]).
    pub fn interned(self) -> &'static FaceTable {
        static ALL: LazyLock<Mutex<HashSet<&'static FaceTable>>> = LazyLock::new(Default::default);
        intern(&ALL, self)
    }

    /// The table the classic settings make (`tens` not [`Tens::Faces`]):
    /// what a house rule's table is compared with, to roll the same dice
    /// the same way.
    pub fn classic(tens: Tens, rerolled_ones_count: bool) -> FaceTable {
        let rules = RollRules {
            tens,
            rerolled_ones_count,
            ..RollRules::ten_again()
        };
        FaceTable::new(0, |target, kind, face| {
            let spec = RollSpec {
                pool: if kind == DieKind::Chance { 0 } else { 1 },
                rules: RollRules {
                    threshold: target,
                    ..rules
                },
            };
            spec.face(face, kind == DieKind::Rerolled)
        })
        .expect("classic faces count at most two")
    }
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
    /// When this expression over the roll's counts ([`OUTCOME_NAMES`]) is
    /// not 0: a house rule's botch, as `ones >= 2 && successes == 0`.
    When(&'static Expr),
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
        if let Ones::Net(e) = self.ones
            && e.reads(6)
        {
            return Err(SpecError::NetReadsNet);
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

    /// Whether any die of this roll may be rolled again.
    pub(crate) fn rolls_again(&self) -> bool {
        match self.rules.tens {
            Tens::Again(_) => true,
            Tens::Faces(t) => {
                let kinds = [DieKind::First, DieKind::Rerolled, DieKind::Chance];
                kinds
                    .iter()
                    .any(|&k| (1..=10).any(|f| t.face(self.rules.threshold, k, f).again))
            }
            Tens::Single | Tens::Double => false,
        }
    }

    /// Rounds of rolling again: 0 without bound.
    #[inline]
    pub(crate) fn again_depth(&self) -> u32 {
        match self.rules.tens {
            Tens::Faces(t) => u32::from(t.depth()),
            _ => 0,
        }
    }

    /// Whether the roll is settled from more than what the classic rules
    /// read (a face table, an expression): the exact engine then follows
    /// every count the outcome reads.
    #[inline]
    pub(crate) fn is_custom(&self) -> bool {
        matches!(self.rules.tens, Tens::Faces(_))
            || matches!(self.rules.ones, Ones::Net(_))
            || matches!(self.rules.botch, Botch::When(_))
    }

    /// Whether an outcome expression reads name `i` of [`OUTCOME_NAMES`].
    #[inline]
    pub(crate) fn reads(&self, i: usize) -> bool {
        matches!(self.rules.ones, Ones::Net(e) if e.reads(i))
            || matches!(self.rules.botch, Botch::When(e) if e.reads(i))
    }

    /// Whether the outcome reads the 10s rolled.
    #[inline]
    pub(crate) fn reads_tens(&self) -> bool {
        self.reads(2)
    }

    /// Facts about one face (1..=10) of a die of this roll. A chance die
    /// succeeds only on 10 and rolls again only on 10; the dice it rolls
    /// again (`reroll`) are ordinary dice.
    pub(crate) fn face(&self, face: u8, reroll: bool) -> FaceRule {
        let chance = self.is_chance_die() && !reroll;
        if let Tens::Faces(t) = self.rules.tens {
            let kind = match (chance, reroll) {
                (true, _) => DieKind::Chance,
                (false, true) => DieKind::Rerolled,
                (false, false) => DieKind::First,
            };
            return t.face(self.rules.threshold, kind, face);
        }
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
        FaceRule {
            successes: weight,
            one: face == 1 && (!reroll || self.rules.rerolled_ones_count),
            ten: face == 10,
            again,
        }
    }

    /// Turns what the dice showed into the result. `net` is the successes
    /// rolled less the 1s when 1s cancel (the successes rolled otherwise);
    /// `any_success` says whether any die succeeded, `any_one` whether any
    /// showed a 1. For the classic rules only (see [`Self::settle_counts`]).
    #[inline]
    pub(crate) fn settle(&self, net: i64, any_success: bool, any_one: bool) -> Roll {
        let raw_botch = match self.rules.botch {
            Botch::NoSuccessWithOne => !any_success && any_one,
            Botch::ChanceDieOne => self.is_chance_die() && !any_success && any_one,
            // `Never`; a botch expression is never here (it is settled from
            // its counts). A wildcard, not the two variants: a match of
            // three cases is compiled to compares, of four to a jump table
            // (an indirect jump a roll in the per-die sampler).
            _ => false,
        };
        self.settled(net, raw_botch)
    }

    /// Turns the counts of a roll (success weights, 1s and 10s rolled)
    /// into the result, under any rules.
    #[inline]
    pub(crate) fn settle_counts(&self, successes: i64, ones: i64, tens: i64) -> Roll {
        let mut vars = [
            successes,
            ones,
            tens,
            i64::from(self.pool),
            i64::from(self.is_chance_die()),
            i64::from(self.rules.threshold),
            0,
        ];
        let net = match self.rules.ones {
            Ones::Cancel => successes - ones,
            Ones::Ignore => successes,
            Ones::Net(e) => e.eval(&vars),
        };
        vars[6] = net;
        let raw_botch = match self.rules.botch {
            Botch::Never => false,
            Botch::NoSuccessWithOne => successes == 0 && ones > 0,
            Botch::ChanceDieOne => self.is_chance_die() && successes == 0 && ones > 0,
            Botch::When(e) => e.eval(&vars) != 0,
        };
        let Ones::Net(_) = self.rules.ones else {
            return self.settled(net, raw_botch);
        };
        let auto = &self.rules.auto;
        if raw_botch && !(auto.count > 0 && auto.prevents_botch) {
            return Roll::BOTCH;
        }
        // An expression's net may be anything: kept within a count.
        let a = i64::from(auto.count);
        let successes = if auto.cancelled_by_ones {
            (net + a).clamp(0, i64::from(u16::MAX))
        } else {
            net.clamp(0, i64::from(u16::MAX) - a) + a
        };
        Roll {
            successes: successes as u16,
            botch: false,
        }
    }

    /// The result of a roll of `net` successes after cancelling that did
    /// (`raw_botch`) or did not botch before its automatic successes, when
    /// 1s cancel or are ignored (not [`Ones::Net`]).
    #[inline]
    fn settled(&self, net: i64, raw_botch: bool) -> Roll {
        let auto = &self.rules.auto;
        if raw_botch && !(auto.count > 0 && auto.prevents_botch) {
            return Roll::BOTCH;
        }
        let a = auto.count as i64;
        let successes = match self.rules.ones {
            // `Net` never here (see `settle_counts`): one arm with
            // `Ignore`, so the classic rules' match is theirs.
            Ones::Ignore | Ones::Net(_) => net + a,
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
    /// A face table's face counts too many successes.
    FaceSuccesses {
        /// The face.
        face: u8,
        /// The target face it was counted under.
        target: u8,
        /// Its successes.
        successes: u8,
    },
    /// The netting expression reads `net` (itself).
    NetReadsNet,
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
            SpecError::FaceSuccesses {
                face,
                target,
                successes,
            } => write!(
                f,
                "face {face} counts {successes} successes at target {target}: a face counts at most {MAX_FACE_SUCCESSES}"
            ),
            SpecError::NetReadsNet => f.write_str(
                "the successes after cancelling cannot be defined by themselves (`net`)",
            ),
            SpecError::EmptyPool(p) => write!(
                f,
                "pool {p} cannot be rolled: these rules have no chance die, so the pool must be at least 1"
            ),
        }
    }
}

impl std::error::Error for SpecError {}
