//! Where a figure came from: every output row carries it.

use serde::{Deserialize, Serialize};
use wodds_rules::RuleSet;

use crate::cells::opt;

/// The wodds version every output row carries.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The most trials a call accepts.
pub const MAX_TRIALS: u64 = 1_000_000_000;

/// How figures are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Exact enumeration.
    #[default]
    Exact,
    /// Monte Carlo sampling.
    Mc,
}

/// Where a figure came from: enough to reproduce it and to trace a rule
/// change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Provenance {
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Monte Carlo trials.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trials: Option<u64>,
    /// Monte Carlo seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Hash of the resolved rules.
    pub rules_hash: String,
    /// The wodds version.
    pub wodds_version: &'static str,
}

impl Provenance {
    /// The CSV columns, in order.
    pub const CSV_HEAD: [&'static str; 5] =
        ["method", "trials", "seed", "rules_hash", "wodds_version"];

    /// The provenance of figures computed by `method` (with `trials` and
    /// `seed` when sampled) under `rules`.
    pub fn new(method: Method, trials: u64, seed: u64, rules: &RuleSet) -> Self {
        let mc = method == Method::Mc;
        Provenance {
            method,
            trials: mc.then_some(trials),
            seed: mc.then_some(seed),
            rules_hash: rules.hash().to_string(),
            wodds_version: VERSION,
        }
    }

    /// The CSV fields, in the order of [`Provenance::CSV_HEAD`].
    pub fn csv(&self) -> [String; 5] {
        let method = match self.method {
            Method::Exact => "exact",
            Method::Mc => "mc",
        };
        [
            method.to_string(),
            opt(self.trials),
            opt(self.seed),
            self.rules_hash.clone(),
            self.wodds_version.to_string(),
        ]
    }

    /// The last line of a table.
    pub fn footer(&self) -> String {
        format!("rules {}, wodds {}", self.rules_hash, self.wodds_version)
    }
}

/// The binomial standard error of a share `p` from `n` trials.
pub fn binomial_se(p: f64, n: u64) -> f64 {
    let p = p.clamp(0.0, 1.0);
    (p * (1.0 - p) / n as f64).sqrt()
}
