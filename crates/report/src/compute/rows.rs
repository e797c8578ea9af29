//! The rows every later stage reads: the exact tables' rows, a
//! scenario's metrics and the buckets of its distributions, and how their
//! numbers are held (12 significant digits, no negative zero,
//! probabilities within 0..=1).

/// The rolls within which `actions.parquet` gives the chance of success.
pub const WITHIN: [usize; 10] = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20];

/// One row of `odds.parquet`.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsRow {
    /// Edition id.
    pub edition: String,
    /// Dice.
    pub pool: i32,
    /// Difficulty, in the edition's terms.
    pub difficulty: i32,
    /// The roll's figures.
    pub stats: wodds_sim::RollStats,
    /// The options: `none`, `specialty`, `willpower`, `9-again`, `8-again`
    /// or `rote`.
    pub options: String,
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One row of `actions.parquet`.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionRow {
    /// Edition id.
    pub edition: String,
    /// Dice a roll.
    pub pool: i32,
    /// The edition's standard difficulty.
    pub difficulty: i32,
    /// Successes to reach.
    pub target: u32,
    /// What a botch does (`wipe`, `fail`, `ignore`).
    pub botch: String,
    /// The chance it is ever reached.
    pub p_success: f64,
    /// Mean rolls to the end (success or failure).
    pub mean_rolls: Option<f64>,
    /// Median rolls to the end.
    pub median_rolls: Option<u32>,
    /// 90th percentile of the rolls to the end.
    pub p90_rolls: Option<u32>,
    /// The chance of success within each of [`WITHIN`] rolls.
    pub p_within: [f64; WITHIN.len()],
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One row of a summary: a metric of a scenario under an edition.
#[derive(Debug, Clone, PartialEq)]
pub struct Metric {
    /// The scenario's name (its file's stem).
    pub scenario: String,
    /// Its kind (`combat`, `chase`, `grapple`).
    pub kind: String,
    /// Edition id.
    pub edition: String,
    /// The side it is about, if any.
    pub side: Option<String>,
    /// What it measures (`win_rate`, `draws`, `rounds_mean`, ...).
    pub metric: String,
    /// The round it is about, for a figure by round (`going`,
    /// `lead_mean`, `control_mean`); `None` for a whole conflict's.
    pub round: Option<u32>,
    /// The figure.
    pub value: f64,
    /// Its 95% interval (the figure itself when exact).
    pub ci_low: f64,
    /// See `ci_low`.
    pub ci_high: f64,
    /// Whether it is exact (from the round chain) or estimated.
    pub exact: bool,
    /// Trials behind an estimate.
    pub trials: Option<u64>,
    /// Seed of an estimate.
    pub seed: Option<u64>,
    /// How the estimate's fights were drawn, or `exact`.
    pub sampler: String,
    /// The edition's rules hash.
    pub rules_hash: String,
}

/// One bucket of a distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Bucket {
    /// The scenario's name.
    pub scenario: String,
    /// Edition id.
    pub edition: String,
    /// The distribution (`rounds`, `winner_damage`, `lead_by_round`,
    /// `control_by_round`).
    pub metric: String,
    /// The value (rounds, health levels), or the round of a track's
    /// distribution by round.
    pub bucket: u32,
    /// The track's value (a Lead, a Control: signed) in a distribution by
    /// round; `None` in the others.
    pub track: Option<i32>,
    /// Its probability.
    pub probability: f64,
    /// Whether exact (from the round chain) or estimated from the fights.
    pub exact: bool,
}

/// `x` rounded to 12 significant digits (as `wodds odds` prints it), and
/// never a negative zero.
pub fn tidy(x: f64) -> f64 {
    format!("{x:.11e}").parse::<f64>().unwrap_or(x) + 0.0
}

/// A probability, tidied and held to 0..=1.
pub fn prob(x: f64) -> f64 {
    tidy(x).clamp(0.0, 1.0) + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_drops_float_noise_and_negative_zero() {
        assert_eq!(tidy(0.1 + 0.2), 0.3);
        assert!(tidy(-0.0).is_sign_positive());
        assert_eq!(prob(1.0 + 1e-15), 1.0);
        assert!(prob(-1e-17).is_sign_positive() && prob(-1e-17) == 0.0);
    }
}
