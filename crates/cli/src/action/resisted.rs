//! `wodds action resisted`: one roll against another, exact or sampled;
//! the margin's distribution as a table, CSV or JSON.

use clap::Args;
use serde::Serialize;

use crate::output::{emit, tidy};
use crate::run::{Format, Provenance, RunArgs, pct};
use wodds_api::action::side::SideSpec;

#[derive(Debug, Args)]
pub struct ResistedArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Side A: POOL or POOL@DIFFICULTY, members of a group joined by + (5@6+4@6).
    #[arg(long)]
    a: SideSpec,
    /// Side B, the same way.
    #[arg(long)]
    b: SideSpec,
}

pub(super) fn run(a: &ResistedArgs) -> anyhow::Result<()> {
    let rules = a.run.load()?;
    let how = (a.run.method(), a.run.trials, a.run.seed);
    let odds = wodds_api::action::once::resisted(&rules, &a.a, &a.b, how, ["--a", "--b"])?;
    let (r, se_success) = (&odds.odds, odds.se_success);
    let provenance = a.run.provenance(&rules);
    emit(a.run.output.as_deref(), |out| match a.run.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Doc<'a> {
                edition: &'a str,
                a: String,
                b: String,
                p_success: f64,
                #[serde(skip_serializing_if = "Option::is_none")]
                se_success: Option<f64>,
                p_botch: f64,
                margins: Vec<(i32, f64)>,
                #[serde(flatten)]
                provenance: &'a Provenance,
            }
            let doc = Doc {
                edition: &rules.id,
                a: a.a.describe(),
                b: a.b.describe(),
                p_success: tidy(r.p_success),
                se_success,
                p_botch: tidy(r.p_botch),
                margins: odds.margins(),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => wodds_api::action::once::resisted_csv(out, &rules.id, &odds, &provenance),
        Format::Table => {
            writeln!(out, "{}", a.run.title(&rules, "rolls"))?;
            writeln!(
                out,
                "resisted: A {} against B {}",
                a.a.describe(),
                a.b.describe()
            )?;
            let se = se_success.map_or(String::new(), |se| format!(" ± {:.2}", 100.0 * se));
            writeln!(
                out,
                "A succeeds {}{se}   A botches {}",
                pct(r.p_success),
                pct(r.p_botch)
            )?;
            writeln!(out, "{:>7} {:>9}", "margin", "chance")?;
            for (m, p) in odds.margins() {
                writeln!(out, "{m:>7} {:>9}", pct(p))?;
            }
            writeln!(
                out,
                "margin: A's successes less B's (a botch counts as none)"
            )?;
            writeln!(out, "{}", provenance.footer())
        }
    })
}
