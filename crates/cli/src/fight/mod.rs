//! `wodds run`: play a scenario's fights under each of its editions. One
//! file per part of the command: `args.rs` (its flags), `setup.rs` (the
//! scenario read with the flags' overrides, and its engines compiled),
//! `write.rs` (the results as JSON, CSV or a table) and `shard.rs`
//! (`--shard`'s part, and `wodds merge` of the parts). The command itself,
//! every edition's fights played and written, is here; what is played
//! and summed up is the library's (`wodds_api::fight`).

mod args;
mod setup;
mod shard;
mod write;

pub use args::{RunScenarioArgs, SamplerArg};
pub use setup::load_editions;
use setup::{Setup, engines, setup};
pub use shard::merge;
use shard::run_shard;
use write::write;

use crate::run::Format;

pub fn run(args: &RunScenarioArgs) -> anyhow::Result<()> {
    if let Some(shard) = args.shard {
        return run_shard(args, shard);
    }
    let Setup { scenario, inputs } = setup(&args.scenario, args.trials, args.seed, &args.editions)?;
    crate::output::check(args.output.as_deref(), &inputs)?;
    let engines = engines(&scenario, args.sampler, args.quiet)?;
    let bar = crate::run::progress_bar(args.quiet, wodds_api::fight::fights(&scenario), "fights");
    let results = wodds_api::fight::play(&scenario, &engines, &|n| bar.inc(n), &|| false)
        .expect("never stopped");
    bar.finish_and_clear();
    write(
        args.output.as_deref(),
        args.format.unwrap_or(Format::Table),
        &scenario,
        &results,
    )
}
