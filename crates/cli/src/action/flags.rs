//! What several `wodds action` subcommands share in their flags: what a
//! botch does (`--botch`), and the roll options in words.

use clap::ValueEnum;
use wodds_rules::BotchEffect;

use crate::run::RollFlags;

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

/// ", with specialty+willpower" for the options given, or nothing.
pub(super) fn with(flags: &RollFlags) -> String {
    wodds_api::action::with(&flags.options())
}
