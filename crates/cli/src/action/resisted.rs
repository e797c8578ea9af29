//! `wodds action resisted`: one roll against another, exact or sampled;
//! the margin's distribution as a table, CSV or JSON.

use anyhow::bail;
use clap::Args;
use serde::Serialize;
use wodds_rules::RollOptions;
use wodds_sim::{Resisted, resisted_exact, resisted_sample};

use crate::output::{Cell, csv_writer, emit, tidy};
use crate::run::{Format, Provenance, RunArgs, binomial_se, pct};
use wodds_api::action::side::{SideSpec, throw_of};

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
    if a.a.0.len() > 1 || a.b.0.len() > 1 {
        bail!(
            "--a/--b: a resisted roll is one round; give one POOL or POOL@DIFFICULTY per side (contest takes several)"
        );
    }
    let ta = throw_of(&rules, &a.a.0[0], &RollOptions::default(), "--a", false)?;
    let tb = throw_of(&rules, &a.b.0[0], &RollOptions::default(), "--b", false)?;
    let rule = rules.actions.resisted;
    let r: Resisted = if a.run.is_mc() {
        let mut dice = wodds_dice::D10::new(wodds_dice::stream(a.run.seed, &[0]));
        resisted_sample(&ta, &tb, rule, a.run.trials, &mut dice)
    } else {
        resisted_exact(&ta, &tb, rule)
    };
    let provenance = a.run.provenance(&rules);
    let se_success = a
        .run
        .is_mc()
        .then(|| binomial_se(r.p_success, a.run.trials));
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
                margins: margins(&r),
                provenance: &provenance,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        }
        Format::Csv => {
            let mut w = csv_writer(out);
            let mut head = vec!["edition", "margin", "p"];
            head.extend(Provenance::CSV_HEAD);
            w.write_record(&head)?;
            for (m, p) in margins(&r) {
                let mut record = vec![rules.id.clone(), m.to_string(), p.cell()];
                record.extend(provenance.csv());
                w.write_record(&record)?;
            }
            w.flush()
        }
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
            for (m, p) in margins(&r) {
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

/// The margins with any chance, in order.
fn margins(r: &Resisted) -> Vec<(i32, f64)> {
    r.margin
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(i, &p)| (i as i32 + r.offset, tidy(p)))
        .collect()
}
