//! Shards: a run's batches split between machines, each playing its share
//! and keeping its integer tally, the tallies added up afterwards.

use std::fmt;
use std::str::FromStr;

/// Fights per batch: batch `i` always draws from stream (seed, edition, i).
pub const BATCH: u64 = 10_000;

/// Shard `index` of `count` (`i/n`, from 0): the batches `b` of every
/// scenario-edition with `b mod count == index`. Batch `b` is seeded from
/// (seed, edition, `b`) whichever shard plays it, and tallies hold
/// integers, so the shards' tallies added up are exactly the tally of the
/// whole run, whatever the split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// The most shards a run may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

impl Shard {
    /// The whole run: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`; `None` unless `index < count <=`
    /// [`MAX_SHARDS`].
    pub fn new(index: u64, count: u64) -> Option<Shard> {
        (index < count && count <= MAX_SHARDS).then_some(Shard { index, count })
    }

    /// Its index, from 0.
    pub fn index(self) -> u64 {
        self.index
    }

    /// How many shards the run is split into.
    pub fn count(self) -> u64 {
        self.count
    }

    /// Whether it is the whole run.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// Whether batch `batch` is this shard's.
    pub fn owns(self, batch: u64) -> bool {
        batch % self.count == self.index
    }

    /// How many of `batches` batches (numbered from 0) are this shard's.
    pub fn share(self, batches: u64) -> u64 {
        batches / self.count + u64::from(batches % self.count > self.index)
    }

    /// How many of a run's `trials` fights this shard plays (in batches
    /// of [`BATCH`]).
    pub fn fights(self, trials: u64) -> u64 {
        let batches = trials.div_ceil(super::BATCH);
        let full = self.share(batches) * super::BATCH;
        // The last batch is short, and may be this shard's.
        let last = batches.checked_sub(1);
        match last {
            Some(b) if self.owns(b) => full - (batches * super::BATCH - trials),
            _ => full,
        }
    }

    /// This shard's `k`-th batch (`k` below [`Shard::share`]).
    pub fn batch(self, k: u64) -> u64 {
        self.index + k * self.count
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `i/n`: whole numbers, `n` in 1..=[`MAX_SHARDS`], `i` in `0..n`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let form = || format!("expected i/n: shard i (from 0) of n, n in 1..={MAX_SHARDS}");
        let (i, n) = s.trim().split_once('/').ok_or_else(form)?;
        let num = |x: &str| {
            let x = x.trim();
            (!x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
                .then(|| x.parse::<u64>().ok())
                .flatten()
        };
        let (Some(i), Some(n)) = (num(i), num(n)) else {
            return Err(form());
        };
        if !(1..=MAX_SHARDS).contains(&n) {
            return Err(format!("n is {n}: the shards must number 1..={MAX_SHARDS}"));
        }
        Shard::new(i, n)
            .ok_or_else(|| format!("i is {i}: shards of {n} are numbered 0..={}", n - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_batch_is_exactly_one_shards() {
        for n in 1..=9 {
            for batches in 0..=30 {
                let shards: Vec<Shard> = (0..n).map(|i| Shard::new(i, n).unwrap()).collect();
                for b in 0..batches {
                    assert_eq!(shards.iter().filter(|s| s.owns(b)).count(), 1);
                }
                let total: u64 = shards.iter().map(|s| s.share(batches)).sum();
                assert_eq!(total, batches);
                for trials in [
                    batches * super::super::BATCH,
                    (batches * super::super::BATCH).saturating_sub(7),
                ] {
                    let fights: u64 = shards.iter().map(|s| s.fights(trials)).sum();
                    assert_eq!(fights, trials, "{n} shards, {trials} trials");
                }
                for s in &shards {
                    let listed: Vec<u64> = (0..s.share(batches)).map(|k| s.batch(k)).collect();
                    let owned: Vec<u64> = (0..batches).filter(|&b| s.owns(b)).collect();
                    assert_eq!(listed, owned, "{s} of {batches} batches");
                }
            }
        }
    }

    #[test]
    fn shards_parse_and_refuse_with_the_allowed_range() {
        assert_eq!("2/7".parse::<Shard>(), Ok(Shard::new(2, 7).unwrap()));
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard::WHOLE));
        assert_eq!(Shard::new(3, 7).unwrap().to_string(), "3/7");
        let err = |s: &str| s.parse::<Shard>().unwrap_err();
        assert!(err("7/7").contains("0..=6"), "{}", err("7/7"));
        assert!(err("0/0").contains("1..="), "{}", err("0/0"));
        for bad in [
            "", "3", "a/b", "-1/3", "1/-3", "1/3/5", "+1/3", "1.0/3", "/3", "1/",
        ] {
            assert!(err(bad).starts_with("expected i/n"), "{bad}: {}", err(bad));
        }
    }
}
