//! Outcome tables for the outcome sampler: whole pieces of a fight (a blow
//! through soak, an attack with its defence and damage, a contested
//! exchange) composed exactly from the rolls' exact distributions and drawn
//! in O(1) from an alias table, instead of roll by roll.
//!
//! A [`Tables`] is a dense grid of slots, one per key (attacker and target,
//! pools, Willpower...), each filled on first use. Filling is deterministic
//! (the same exact composition whichever thread gets there first), so
//! results stay bit-identical whatever the thread count.

use std::sync::OnceLock;

use rand_core::Rng;
use wodds_dice::AliasTable;

use super::sampling::Sampling;

/// A lazily filled grid of alias tables over outcomes `T`, indexed by a key
/// of `K` coordinates, each below its dimension.
#[derive(Debug, Clone)]
pub struct Tables<T, const K: usize> {
    dims: [usize; K],
    /// `None` once a table was found impossible (a pool beyond the exact
    /// distributions): that key is always rolled instead.
    slots: Vec<OnceLock<Option<AliasTable<T>>>>,
    /// The exact weights behind each slot, kept only when asked for (by
    /// the round chain's enumeration, [`Tables::weights`]).
    exact: OnceLock<Vec<Weights<T>>>,
    /// Whether its tables are drawn by inverse CDF ([`Sampling::Coupled`]).
    ordered: bool,
}

/// A slot's exact outcomes and weights, filled on first use.
type Weights<T> = OnceLock<Option<Vec<(T, f64)>>>;

/// The most slots a grid may have (32 MiB of empty slots): a scenario
/// whose keys span more is rolled roll by roll.
pub const MAX_SLOTS: usize = 1 << 20;

/// An outcome's place in an ordered table ([`Sampling::Coupled`]): the
/// table lists its outcomes by rank (ties in the order the weights gave
/// them), worst to best for the side it is drawn for, so that a word
/// draws the same or a neighbouring outcome from two neighbouring
/// distributions.
pub trait Ranked: Copy {
    /// What outcomes are ordered by.
    type Rank: Ord;
    /// This outcome's rank.
    fn rank(&self) -> Self::Rank;
}

/// Plain outcomes rank as themselves.
macro_rules! ranked_as_itself {
    ($($t:ty),*) => {$(
        impl Ranked for $t {
            type Rank = $t;
            fn rank(&self) -> $t {
                *self
            }
        }
    )*};
}
ranked_as_itself!(bool, u8, u16);

impl<T: Ranked, const K: usize> Tables<T, K> {
    /// An empty grid of `dims[0] * dims[1] * ...` slots for `sampling`;
    /// `None` for a sampler without tables, or beyond [`MAX_SLOTS`].
    pub fn new(dims: [usize; K], sampling: Sampling) -> Option<Self> {
        if !sampling.tables() {
            return None;
        }
        let n = dims
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .filter(|&n| n <= MAX_SLOTS)?;
        Some(Tables {
            dims,
            slots: (0..n).map(|_| OnceLock::new()).collect(),
            exact: OnceLock::new(),
            ordered: sampling == Sampling::Coupled,
        })
    }

    /// The slot of `key`, or `None` outside the grid.
    #[inline]
    fn slot(&self, key: [usize; K]) -> Option<usize> {
        let mut slot = 0;
        for (&k, &d) in key.iter().zip(&self.dims) {
            if k >= d {
                return None;
            }
            slot = slot * d + k;
        }
        Some(slot)
    }

    /// The exact outcomes and weights of the table at `key` (built with
    /// `weights` on first use, as [`draw`](Self::draw) builds its table);
    /// `None` when [`draw`](Self::draw) would give `None`.
    pub fn weights(
        &self,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<&[(T, f64)]> {
        let slot = self.slot(key)?;
        let exact = self
            .exact
            .get_or_init(|| (0..self.slots.len()).map(|_| OnceLock::new()).collect());
        exact[slot].get_or_init(weights).as_deref()
    }

    /// Draws an outcome of the table at `key`, building it with `weights`
    /// (outcomes and their probabilities, or `None` if they cannot be had)
    /// on first use; `None` when a coordinate is outside the grid or the
    /// table could not be built (the caller rolls instead).
    #[inline]
    pub fn draw<R: Rng>(
        &self,
        rng: &mut R,
        key: [usize; K],
        weights: impl FnOnce() -> Option<Vec<(T, f64)>>,
    ) -> Option<T> {
        let slot = self.slot(key)?;
        let build = |mut w: Vec<(T, f64)>| {
            if self.ordered {
                w.sort_by_key(|(t, _)| t.rank());
                AliasTable::ordered(w)
            } else {
                AliasTable::from_weights(w)
            }
        };
        let table = self.slots[slot].get_or_init(|| weights().map(build));
        table.as_ref().map(|t| t.sample(rng))
    }
}

/// Adds `p` to `weights[i]`, growing it as needed.
#[inline]
pub fn add(weights: &mut Vec<f64>, i: usize, p: f64) {
    if weights.len() <= i {
        weights.resize(i + 1, 0.0);
    }
    weights[i] += p;
}

#[cfg(test)]
mod tests {
    use super::*;
    use wodds_dice::D10;

    /// Keys outside the grid are refused; a table is built once and then
    /// reused (a second builder is never called), and so is a refusal.
    #[test]
    fn slots_are_bounded_and_built_once() {
        assert!(Tables::<u8, 2>::new([MAX_SLOTS, 2], Sampling::Outcome).is_none());
        assert!(Tables::<u8, 2>::new([2, 3], Sampling::PerDie).is_none());
        let t: Tables<u8, 2> = Tables::new([2, 3], Sampling::Outcome).unwrap();
        let mut dice = D10::seeded(1);
        assert_eq!(t.draw(dice.rng(), [2, 0], || unreachable!()), None);
        assert_eq!(t.draw(dice.rng(), [0, 3], || unreachable!()), None);
        assert_eq!(t.draw(dice.rng(), [1, 2], || Some(vec![(7, 1.0)])), Some(7));
        assert_eq!(t.draw(dice.rng(), [1, 2], || unreachable!()), Some(7));
        assert_eq!(t.draw(dice.rng(), [1, 1], || Some(vec![(9, 2.0)])), Some(9));
        // A table that cannot be built stays unbuilt: always rolled.
        assert_eq!(t.draw(dice.rng(), [0, 0], || None), None);
        assert_eq!(t.draw(dice.rng(), [0, 0], || unreachable!()), None);
    }
}
