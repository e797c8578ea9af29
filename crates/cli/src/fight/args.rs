//! `wodds run`'s flags, and the samplers `--sampler` names.

use std::path::PathBuf;

use clap::Args;
use wodds_sim::conflict::{Sampling, Shard};

use crate::run::Format;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds run scenarios/brawl.toml --trials 1000000\n  \
    wodds run scenarios/brawl.toml --editions revised,fta --format csv -o brawl.csv\n  \
    wodds run - --editions revised < scenarios/brawl.toml\n  \
    wodds run scenarios/brawl.toml --shard 0/2 --out parts/0   (then 1/2, then wodds merge)")]
pub struct RunScenarioArgs {
    /// The scenario file (`-`: read it from standard input).
    pub(super) scenario: PathBuf,
    /// Fights an edition (default: the scenario's), 1..=1000000000.
    #[arg(long, value_parser = crate::run::parse_trials)]
    pub(super) trials: Option<u64>,
    /// Seed (default: the scenario's).
    #[arg(long, value_parser = crate::run::parse_seed, allow_hyphen_values = true)]
    pub(super) seed: Option<u64>,
    /// Editions to run instead of the scenario's, comma-separated (ids or house-rule paths).
    #[arg(long, short, value_delimiter = ',')]
    pub(super) editions: Vec<String>,
    /// How fights are drawn: `round` (a whole round at a time from the
    /// fight's exact round chain, when its states are few enough; else as
    /// `outcome`), `outcome` (whole attacks and rolls from alias tables over
    /// their exact distributions) or `die` (every die from the d10 kernel).
    #[arg(long, value_enum, default_value_t = SamplerArg::Round)]
    pub(super) sampler: SamplerArg,
    /// Output format [default: table].
    #[arg(long, value_enum)]
    pub(super) format: Option<Format>,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub(super) output: Option<PathBuf>,
    /// With --shard, the directory of the shard's part.
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub(super) out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// Play only shard I of N's share of the batches (I from 0) and write its
    /// tallies to --out as a part, for `wodds merge`.
    #[arg(long, value_name = "I/N", allow_hyphen_values = true, value_parser = crate::report::parse_shard)]
    pub(super) shard: Option<Shard>,
    /// With --shard, write into --out even if it is not a part's directory (wodds still removes only the files it wrote).
    #[arg(long, requires = "shard")]
    pub(super) force: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SamplerArg {
    Round,
    Outcome,
    Die,
}

impl SamplerArg {
    pub fn sampling(self) -> Sampling {
        self.api().sampling()
    }

    /// The library's name for it.
    pub fn api(self) -> wodds_api::fight::Sampler {
        match self {
            SamplerArg::Round => wodds_api::fight::Sampler::Round,
            SamplerArg::Outcome => wodds_api::fight::Sampler::Outcome,
            SamplerArg::Die => wodds_api::fight::Sampler::Die,
        }
    }

    /// Its name on the command line.
    pub(super) fn name(self) -> &'static str {
        match self {
            SamplerArg::Round => "round",
            SamplerArg::Outcome => "outcome",
            SamplerArg::Die => "die",
        }
    }

    pub(super) fn from_name(name: &str) -> Option<SamplerArg> {
        [SamplerArg::Round, SamplerArg::Outcome, SamplerArg::Die]
            .into_iter()
            .find(|s| s.name() == name)
    }
}
