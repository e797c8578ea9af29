//! What several `wodds action` subcommands share in their flags: what a
//! botch does (`--botch`) and how it reads in the action's line, a count's
//! range (a target, a Resistance), and the roll options in words.

use anyhow::bail;
use clap::ValueEnum;
use wodds_rules::BotchEffect;

use crate::run::RollFlags;

/// Largest target or Resistance accepted.
const MAX_TARGET: u32 = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum BotchArg {
    Wipe,
    Fail,
    Ignore,
}

impl From<BotchArg> for BotchEffect {
    fn from(b: BotchArg) -> Self {
        match b {
            BotchArg::Wipe => BotchEffect::Wipe,
            BotchArg::Fail => BotchEffect::Fail,
            BotchArg::Ignore => BotchEffect::Ignore,
        }
    }
}

pub(super) fn check_count(flag: &str, n: u32) -> anyhow::Result<u32> {
    if !(1..=MAX_TARGET).contains(&n) {
        bail!("{flag} {n} is outside the allowed range 1..={MAX_TARGET}");
    }
    Ok(n)
}

/// ", with specialty+willpower" for the options given, or nothing.
pub(super) fn with(flags: &RollFlags) -> String {
    match flags.label().as_str() {
        "none" => String::new(),
        label => format!(", with {label}"),
    }
}

pub(super) fn botch_words(b: BotchEffect) -> &'static str {
    match b {
        BotchEffect::Wipe => "wipes the total",
        BotchEffect::Fail => "fails the action",
        BotchEffect::Ignore => "counts as no successes",
    }
}
