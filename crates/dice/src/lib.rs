//! Storyteller dice: what a roll is, its exact odds, and a fast sampler.
//!
//! - [`RollRules`] and [`RollSpec`]: the mechanics of one roll (success
//!   threshold, what 1s and 10s do, botch, chance die, rote, automatic
//!   successes) and a pool, validated by [`RollSpec::new`].
//! - [`FaceTable`] and [`Expr`]: a roll described to the face (what each
//!   face counts, whether it is rolled again and how deep) and its outcome
//!   as small expressions over its counts (`ones >= 2 && successes == 0`),
//!   for house rules the classic settings cannot say.
//! - [`exact`]: the exact [`Distribution`] of (successes, botch) for a spec,
//!   by enumeration; N-again chains truncated below 1e-15 total mass.
//! - [`D10`] and [`CompiledRoll`]: the Monte Carlo kernel, stepping
//!   [`LANES`] xoshiro256++ generators side by side (seeded from a
//!   `rand_core` generator; the project's is
//!   [`rand_xoshiro::Xoshiro256PlusPlus`]), drawing twelve unbiased d10
//!   faces from each 64-bit word and counting sixteen rolls at once by
//!   category, without a branch per die.
//! - [`OutcomeSampler`] and [`AliasTable`]: a whole roll in O(1) from the
//!   exact distribution, for simulations whose pools vary.
//! - [`chi_square`]: how well sampled counts fit exact probabilities.
//! - [`stream`]: the generator for one independent stream of a seeded run.
//!
//! ```
//! use wodds_dice::{exact, CompiledRoll, D10, RollRules, RollSpec, Roll};
//!
//! // Revised, 6 dice at difficulty 6.
//! let spec = RollSpec::new(6, RollRules::classic(6)).unwrap();
//! let d = exact(&spec);
//! assert!((d.p_at_least(2) - 0.71975).abs() < 1e-12);
//!
//! // The same roll sampled.
//! let mut dice = D10::seeded(1);
//! let mut rolls = vec![Roll::default(); 100_000];
//! dice.roll_into(&CompiledRoll::new(&spec), &mut rolls);
//! let hits = rolls.iter().filter(|r| r.successes >= 2).count() as f64 / 1e5;
//! assert!((hits - 0.71975).abs() < 0.01);
//! ```

mod alias;
mod by_face;
mod counted;
mod distribution;
mod exact;
mod expr;
mod gof;
mod lanes;
mod sample;
mod side;
mod spec;

pub use alias::{AliasTable, OutcomeSampler};
pub use distribution::{DIE_CUTOFF, Distribution};
pub use exact::{exact, exact_pools};
pub use expr::{Expr, ExprError};
pub use gof::{ChiSquare, chi_square};
pub use lanes::LANES;
pub use rand_xoshiro::Xoshiro256PlusPlus;
pub use sample::{CompiledRoll, D10, FACES_PER_WORD};
pub use spec::{
    AutoSuccesses, Botch, DieKind, FaceRule, FaceTable, MAX_AUTO, MAX_FACE_SUCCESSES, MAX_POOL,
    OUTCOME_NAMES, Ones, Roll, RollRules, RollSpec, SpecError, Tens,
};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::SplitMix64;

/// The generator for the stream named by `key` within a run seeded `seed`:
/// the seed and every key word are folded through SplitMix64, so streams
/// for different keys are unrelated and the same key always gives the same
/// stream.
///
/// ```
/// use rand_core::Rng;
/// let mut a = wodds_dice::stream(42, &[1, 2]);
/// let mut b = wodds_dice::stream(42, &[1, 2]);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
pub fn stream(seed: u64, key: &[u64]) -> Xoshiro256PlusPlus {
    let mut state = SplitMix64::seed_from_u64(seed);
    for &k in key {
        state = SplitMix64::seed_from_u64(state.next_u64() ^ k);
    }
    Xoshiro256PlusPlus::from_rng(&mut state)
}

/// A stable 64-bit key for a name (FNV-1a), for use in [`stream`] keys.
pub fn key_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
