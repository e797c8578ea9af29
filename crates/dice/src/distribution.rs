//! [`Distribution`], what the exact engines (`exact.rs` for the classic
//! rules, `counted.rs` for a face table or expressions) give: the chance
//! of each result of one roll, with the mass their cutoffs dropped.

use crate::spec::Roll;

/// A die's re-roll chain is followed until the chance it is still going is
/// below this.
pub const DIE_CUTOFF: f64 = 1e-19;

/// Pool states whose total mass (over the highest success counts) is below
/// this are dropped after each die; also counted in the truncation.
pub(crate) const TAIL_CUTOFF: f64 = 1e-22;

/// The exact distribution of one roll's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// `clean[s]`: probability of `s` successes and no botch.
    clean: Vec<f64>,
    /// Probability of a botch (a botch has no successes).
    botch: f64,
    /// Probability mass dropped by truncating re-roll chains (an upper bound
    /// on the error of any probability here).
    pub(crate) truncation: f64,
}

impl Distribution {
    /// Probability of exactly `successes` successes and the given botch flag:
    /// the joint distribution of (successes, botch). A botch always has 0
    /// successes.
    pub fn p(&self, successes: u32, botch: bool) -> f64 {
        match (botch, successes) {
            (true, 0) => self.botch,
            (true, _) => 0.0,
            (false, s) => self.clean.get(s as usize).copied().unwrap_or(0.0),
        }
    }

    /// Probability of a botch.
    pub fn p_botch(&self) -> f64 {
        self.botch
    }

    /// Probability of at least `k` successes without a botch. `k = 0` is the
    /// chance the roll does not botch.
    pub fn p_at_least(&self, k: u32) -> f64 {
        // Folded from +0.0: an empty float sum is -0.0.
        self.clean.iter().skip(k as usize).fold(0.0, |a, p| a + p)
    }

    /// Expected successes (a botch counts 0).
    pub fn mean(&self) -> f64 {
        self.clean
            .iter()
            .enumerate()
            .map(|(s, p)| s as f64 * p)
            .sum()
    }

    /// The largest success count with non-zero probability.
    pub fn max_successes(&self) -> u32 {
        self.clean.iter().rposition(|&p| p > 0.0).unwrap_or(0) as u32
    }

    /// Sum of all probabilities (1 less the truncation, up to rounding).
    pub fn total(&self) -> f64 {
        self.botch + self.clean.iter().sum::<f64>()
    }

    /// Upper bound on the probability mass lost to truncated re-roll chains.
    pub fn truncation(&self) -> f64 {
        self.truncation
    }

    /// Every outcome with non-zero probability, botch first.
    pub fn outcomes(&self) -> impl Iterator<Item = (Roll, f64)> + '_ {
        let botch = (self.botch > 0.0).then_some((Roll::BOTCH, self.botch));
        botch.into_iter().chain(
            self.clean
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(s, &p)| {
                    (
                        Roll {
                            successes: s as u16,
                            botch: false,
                        },
                        p,
                    )
                }),
        )
    }

    /// The distribution of the given outcomes (equal outcomes are added);
    /// for combining rolls, as a group's or a contest's. `truncation` is
    /// the mass the caller knows is missing.
    pub fn from_outcomes(outcomes: impl IntoIterator<Item = (Roll, f64)>, truncation: f64) -> Self {
        let mut d = Distribution::empty(truncation);
        for (roll, p) in outcomes {
            d.add(roll, p);
        }
        d
    }

    pub(crate) fn add(&mut self, roll: Roll, p: f64) {
        if roll.botch {
            self.botch += p;
        } else {
            let s = roll.successes as usize;
            if self.clean.len() <= s {
                self.clean.resize(s + 1, 0.0);
            }
            self.clean[s] += p;
        }
    }

    pub(crate) fn empty(truncation: f64) -> Self {
        Distribution {
            clean: Vec::new(),
            botch: 0.0,
            truncation,
        }
    }
}
