//! `wodds run`: play a scenario's fights under each of its editions. One
//! file per part of the command: `args.rs` (its flags), `setup.rs` (the
//! scenario read with the flags' overrides, and its engines compiled),
//! `result.rs` (an edition's tally summed up as the command reports it),
//! `write.rs` (the results as JSON, CSV or a table) and `shard.rs`
//! (`--shard`'s part, and `wodds merge` of the parts). The command itself,
//! every edition's fights played and written, is here.

mod args;
mod result;
mod setup;
mod shard;
mod write;

use wodds_sim::conflict;

pub use args::{RunScenarioArgs, SamplerArg};
use result::{EditionResult, summarize};
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
    let total = scenario.trials * engines.len() as u64;
    let bar = crate::run::progress_bar(args.quiet, total, "fights");
    let results: Vec<EditionResult> = scenario
        .editions
        .iter()
        .zip(&engines)
        .map(|(rules, engine)| {
            let tally = conflict::run(engine, &rules.id, scenario.trials, scenario.seed, &|n| {
                bar.inc(n)
            });
            summarize(&scenario, rules, engine, &tally)
        })
        .collect();
    bar.finish_and_clear();
    write(
        args.output.as_deref(),
        args.format.unwrap_or(Format::Table),
        &scenario,
        &results,
    )
}
