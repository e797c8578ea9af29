//! What every computing command shares: the edition and method flags, the
//! provenance every output row carries, and the progress bar.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use wodds_rules::{RollOptions, RuleSet, Unskilled};

/// The most trials `--trials` accepts.
pub use wodds_api::MAX_TRIALS;
pub use wodds_api::Provenance;

/// Flags shared by `odds` and every `action`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Editions, comma-separated: ids (revised, fta, uwod, hubris) or
    /// house-rule .toml paths (`-` reads one from standard input). `wodds
    /// odds` puts several side by side; an action takes one.
    #[arg(
        long = "editions",
        short = 'e',
        visible_alias = "edition",
        required = true,
        value_name = "EDITIONS"
    )]
    pub editions: Vec<String>,
    /// Exact enumeration or Monte Carlo sampling.
    #[arg(long, value_enum, default_value_t = Method::Exact)]
    pub method: Method,
    /// Monte Carlo trials (rolls per row, or runs of an action), 1..=1000000000.
    #[arg(long, default_value_t = 100_000, value_parser = parse_trials)]
    pub trials: u64,
    /// Seed of the Monte Carlo run: same seed, same numbers.
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Write to this file (whole, or not at all) instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// How figures are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Exact enumeration.
    Exact,
    /// Monte Carlo sampling.
    Mc,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned, for a terminal.
    Table,
    /// Comma-separated, with a header.
    Csv,
    /// JSON.
    Json,
}

impl RunArgs {
    /// Whether figures are sampled.
    pub fn is_mc(&self) -> bool {
        self.method == Method::Mc
    }

    /// The library's name for `--method`.
    pub fn method(&self) -> wodds_api::Method {
        match self.method {
            Method::Exact => wodds_api::Method::Exact,
            Method::Mc => wodds_api::Method::Mc,
        }
    }

    /// The provenance of figures computed with these flags under `rules`.
    pub fn provenance(&self, rules: &RuleSet) -> Provenance {
        Provenance::new(self.method(), self.trials, self.seed, rules)
    }

    /// Checks the flags, loads the one edition an action takes and checks
    /// `--output` against it, before any work.
    pub fn load(&self) -> anyhow::Result<RuleSet> {
        let names = self.names();
        if names.len() != 1 {
            anyhow::bail!(
                "--editions: an action takes one edition, not {} ({}); run it once for each",
                names.len(),
                names.join(",")
            );
        }
        Ok(self.load_all()?.remove(0))
    }

    /// The editions named, in order: each `--editions` value split at its
    /// commas, unless it is a house-rule file whose name holds one.
    fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for v in &self.editions {
            if std::path::Path::new(v).is_file() {
                names.push(v.clone());
            } else {
                names.extend(v.split(',').map(str::to_string));
            }
        }
        names
    }

    /// Loads every edition `--editions` names, in order, and checks
    /// `--output` against their files, before any work.
    pub fn load_all(&self) -> anyhow::Result<Vec<RuleSet>> {
        let mut all: Vec<RuleSet> = Vec::new();
        for e in &self.names() {
            let rules = crate::stdin::rules(e).context("--editions")?;
            // The same id, or the same house-rule file by another path.
            if let Some(twice) = wodds_sim::conflict::same_edition(&all, &rules) {
                anyhow::bail!("--editions: {twice} is given twice; give each edition once");
            }
            all.push(rules);
        }
        let files: Vec<std::path::PathBuf> =
            all.iter().flat_map(|r| r.files().iter().cloned()).collect();
        crate::output::check(self.output.as_deref(), &files)?;
        Ok(all)
    }

    /// A progress bar over `len` `unit`s on stderr: hidden for exact work,
    /// with `--quiet`, or when stderr is not a terminal.
    pub fn progress(&self, len: u64, unit: &str) -> ProgressBar {
        progress_bar(self.quiet || !self.is_mc(), len, unit)
    }

    /// The title line of a table: the edition and how figures were made.
    pub fn title(&self, rules: &RuleSet, per: &str) -> String {
        let method = match self.method {
            Method::Exact => "exact".to_string(),
            Method::Mc => format!("Monte Carlo, {} {per}, seed {}", self.trials, self.seed),
        };
        format!("{} ({}), {method}", rules.name, rules.id)
    }
}

/// `--trials`: a whole number in 1..=[`MAX_TRIALS`].
pub fn parse_trials(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_TRIALS).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number in 1..={MAX_TRIALS}")),
    }
}

/// `--seed`: any whole number in 0..=2^64-1.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse::<u64>()
        .map_err(|_| format!("expected a whole number in 0..={}", u64::MAX))
}

/// A progress bar over `len` `unit`s on stderr, hidden when `hidden` or
/// when stderr is not a terminal.
pub fn progress_bar(hidden: bool, len: u64, unit: &str) -> ProgressBar {
    if hidden {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template =
        format!("{{spinner}} {unit} {{pos}}/{{len}} [{{bar:30}}] {{elapsed}} (eta {{eta}})");
    bar.set_style(
        ProgressStyle::with_template(&template)
            .expect("template")
            .progress_chars("=> "),
    );
    bar
}

/// A probability as a percentage with two decimals (never `-0.00%`: a
/// rounding error below 0 is 0).
pub fn pct(p: f64) -> String {
    // `+ 0.0` turns -0 into 0.
    format!("{:.2}%", 100.0 * p.clamp(0.0, 1.0) + 0.0)
}

/// What a player brings to each roll: flags shared by `odds` and the
/// single-actor actions.
#[derive(Debug, Args)]
pub struct RollFlags {
    /// The trait rolled has a specialty (what that does is the edition's rule).
    #[arg(long)]
    specialty: bool,
    /// Spend a Willpower point on each roll (what that does is the edition's rule).
    #[arg(long)]
    willpower: bool,
    /// Roll again on this face or higher, overriding the edition: 8, 9, 10 or none.
    #[arg(long, value_parser = parse_again)]
    again: Option<Again>,
    /// Rote: dice that fail are rolled again and the better result kept.
    #[arg(long)]
    rote: bool,
    /// Take automatic successes instead of rolling where the edition allows
    /// (revised: pool at least the difficulty; uwod: 3/5/7/10 dice give 1-4).
    #[arg(long)]
    automatic: bool,
    /// The Ability has no dots (uwod: a Skill loses 1 die, a Knowledge 2).
    #[arg(long, value_enum)]
    unskilled: Option<UnskilledArg>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum UnskilledArg {
    Skill,
    Knowledge,
}

/// The `--again` value.
#[derive(Debug, Clone, Copy)]
struct Again(Option<u8>);

fn parse_again(s: &str) -> Result<Again, String> {
    match s {
        "none" => Ok(Again(None)),
        "8" | "9" | "10" => Ok(Again(Some(s.parse().expect("digits")))),
        _ => Err(format!("`{s}` is not allowed: use 8, 9, 10 or none")),
    }
}

impl RollFlags {
    /// The options for the rules crate.
    pub fn options(&self) -> RollOptions {
        RollOptions {
            specialty: self.specialty,
            willpower: self.willpower,
            again: self.again.map(|a| a.0),
            rote: self.rote,
            automatic: self.automatic,
            unskilled: self.unskilled.map(|u| match u {
                UnskilledArg::Skill => Unskilled::Skill,
                UnskilledArg::Knowledge => Unskilled::Knowledge,
            }),
        }
    }

    /// The options as one word for output rows: `none`, or the options
    /// joined by `+` (`specialty+9-again`).
    pub fn label(&self) -> String {
        wodds_api::odds::label(&self.options())
    }
}
