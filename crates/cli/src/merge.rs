//! `wodds merge`: shards' parts added up into what the command run in one
//! go writes, byte for byte.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use wodds_report::part::PartOf;

use crate::run::Format;

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    wodds merge parts/* --out reports/latest        (parts of wodds report --shard)\n  \
    wodds merge parts/* --format csv -o brawl.csv   (parts of wodds run --shard)")]
pub struct MergeArgs {
    /// The parts' directories (of `wodds report --shard` or `wodds run --shard`),
    /// every shard 0..N-1 once, in any order.
    #[arg(required = true, value_name = "PARTS")]
    parts: Vec<PathBuf>,
    /// Parts of `wodds report`: the report's directory (required).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Parts of `wodds run`: the file to write instead of stdout (whole, or
    /// not at all).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Parts of `wodds run`: the output format [default: table].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Parts of `wodds report`: write into --out even if it is not a wodds report directory (wodds still removes only the files it wrote).
    #[arg(long)]
    force: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Parts of `wodds report`: print the time each part took on stderr.
    #[arg(long)]
    timings: bool,
}

pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let parts = wodds_report::read_parts(&args.parts)?;
    match parts.manifest.of {
        PartOf::Report => {
            if args.format.is_some() {
                bail!("--format: the parts are of wodds report, which writes a report directory");
            }
            if args.output.is_some() {
                bail!(
                    "--output: the parts are of wodds report, which writes a directory: give --out DIR"
                );
            }
            let Some(out) = &args.out else {
                bail!("--out: give the report's directory (the parts are of wodds report)");
            };
            let bar = crate::progress::Bar::new("report", args.quiet);
            let written = wodds_report::merge(&parts, out, args.force, &bar)?;
            bar.finish_and_clear();
            crate::report::print_written(&written, args.timings);
            Ok(())
        }
        PartOf::Run => {
            if args.force {
                bail!(
                    "--force: the parts are of wodds run, whose --output is a file (replaced whole)"
                );
            }
            if args.out.is_some() {
                bail!(
                    "--out: the parts are of wodds run, which writes a file: give --output FILE (or -o)"
                );
            }
            if args.timings {
                bail!("--timings: the parts are of wodds run, which has no timings");
            }
            crate::fight::merge(
                &parts,
                args.output.as_deref(),
                args.format.unwrap_or(Format::Table),
                args.quiet,
            )
        }
    }
}
