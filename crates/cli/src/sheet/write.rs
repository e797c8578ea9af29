//! The sheet as Markdown (a heading and two tables an edition) and as CSV
//! (a row a pool and grid, a column a difficulty).

use std::io::{self, Write};

use super::grid::{Block, Sheet};
use super::words::{WHAT_A_CELL_IS, botch, columns, footer, percent, success};
use crate::output::{Cell, csv_writer};

/// A grid (success or botch) of `block` as a Markdown table.
fn markdown_grid(out: &mut dyn Write, block: &Block, grid: &[Vec<f64>]) -> io::Result<()> {
    let standard = block.rules.dice.standard_difficulty;
    let head: Vec<String> = block
        .difficulties
        .iter()
        .map(|&d| {
            let label = if d == standard {
                format!("**{d}**")
            } else {
                d.to_string()
            };
            format!("{label:>5}")
        })
        .collect();
    writeln!(out, "| pool | {} |", head.join(" | "))?;
    writeln!(out, "|-----:|{}", "------:|".repeat(head.len()))?;
    for (pool, row) in block.pools.iter().zip(grid) {
        let cells: Vec<String> = row.iter().map(|&p| format!("{:>5}", percent(p))).collect();
        writeln!(out, "| {pool:>4} | {} |", cells.join(" | "))?;
    }
    Ok(())
}

pub(super) fn markdown(out: &mut dyn Write, sheet: &Sheet) -> io::Result<()> {
    writeln!(out, "# Odds sheet\n")?;
    writeln!(out, "{WHAT_A_CELL_IS}")?;
    for b in &sheet.blocks {
        let dice = &b.rules.dice;
        writeln!(out, "\n## {} ({})\n", b.rules.name, b.rules.id)?;
        writeln!(out, "{}\n", columns(dice))?;
        writeln!(out, "Chance of success: {}.\n", success(dice))?;
        markdown_grid(out, b, &b.success)?;
        if sheet.botch {
            match botch(dice) {
                Some(words) if b.botches() => {
                    writeln!(out, "\nChance of a botch: {words}.\n")?;
                    markdown_grid(out, b, &b.botch)?;
                }
                Some(words) => writeln!(out, "\nNo roll of this sheet can botch ({words}).")?,
                None => writeln!(out, "\nA roll never botches under these rules.")?,
            }
        }
    }
    writeln!(out, "\n{}", footer(sheet))
}

/// The CSV's column for a difficulty.
fn column(d: i32) -> String {
    format!("difficulty_{d}")
}

pub(super) fn csv(out: &mut dyn Write, sheet: &Sheet) -> io::Result<()> {
    let mut all: Vec<i32> = sheet
        .blocks
        .iter()
        .flat_map(|b| b.difficulties.iter().copied())
        .collect();
    all.sort_unstable();
    all.dedup();
    let mut w = csv_writer(out);
    let mut head = vec!["edition".to_string(), "chance".into(), "pool".into()];
    head.extend(all.iter().map(|&d| column(d)));
    head.extend(["options", "method", "rules_hash", "wodds_version"].map(String::from));
    w.write_record(&head)?;
    for b in &sheet.blocks {
        let mut grids = vec![("p_success", &b.success)];
        if sheet.botch {
            grids.push(("p_botch", &b.botch));
        }
        for (chance, grid) in grids {
            for (pool, row) in b.pools.iter().zip(grid) {
                let mut record = vec![b.rules.id.clone(), chance.to_string(), pool.to_string()];
                record.extend(all.iter().map(|d| {
                    b.difficulties
                        .iter()
                        .position(|x| x == d)
                        .map_or(String::new(), |j| row[j].cell())
                }));
                record.extend([
                    sheet.options.clone(),
                    "exact".to_string(),
                    b.rules.hash().to_string(),
                    env!("CARGO_PKG_VERSION").to_string(),
                ]);
                w.write_record(&record)?;
            }
        }
    }
    w.flush()
}
