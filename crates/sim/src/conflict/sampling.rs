//! How a conflict draws its randomness: die by die, from outcome tables
//! (by alias, or by inverse CDF for paired runs), or a round at a time
//! from the round chain.

/// How a fight draws its rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Sampling {
    /// Every die from the batched d10 kernel: exactly unbiased.
    PerDie,
    /// Every roll in O(1) from an alias table over its exact distribution,
    /// whole attacks (roll, defence, damage and soak) at once.
    Outcome,
    /// The outcome sampler's tables, each drawn by inverse CDF over its
    /// outcomes in order (worst to best) instead of by alias: the same
    /// random number draws the same or a neighbouring outcome from two
    /// neighbouring distributions, so two rule sets played on the same
    /// random numbers ([`run_paired`](super::run_paired)) stay close
    /// wherever their rules agree or nearly agree.
    Coupled,
    /// Whole rounds at once from the fight's round chain ([`Chain`]),
    /// composed exactly from the outcome sampler's tables; a fight with
    /// too many states for a chain is drawn as under `Outcome`.
    ///
    /// [`Chain`]: super::Chain
    #[default]
    Round,
}

impl Sampling {
    /// Whether it draws from outcome tables.
    pub(crate) fn tables(self) -> bool {
        matches!(self, Sampling::Outcome | Sampling::Coupled)
    }
}
