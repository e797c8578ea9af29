//! The sheet as one self-contained HTML page (`sheet.html` beside this
//! file, rendered by minijinja with HTML escaping): an edition a block,
//! its success and botch grids side by side, shaded by the chance, a
//! footer naming wodds and the rules; print CSS that puts the sheet on one
//! page of A4 or Letter.

use std::io::{self, Write};

use serde::Serialize;

use super::grid::{Block, Sheet};
use super::words::{WHAT_A_CELL_IS, botch, columns, footer, percent, success};

const TEMPLATE: &str = include_str!("sheet.html");

/// Editions beyond which the print layout tightens to stay on one page.
const ROOMY: usize = 3;

#[derive(Serialize)]
struct Page {
    title: String,
    what: &'static str,
    blocks: Vec<BlockView>,
    footer: String,
    version: &'static str,
    compact: bool,
}

#[derive(Serialize)]
struct BlockView {
    name: String,
    id: String,
    columns: String,
    rule: String,
    difficulties: Vec<Head>,
    grids: Vec<GridView>,
    note: Option<String>,
}

#[derive(Serialize)]
struct Head {
    label: i32,
    standard: bool,
}

#[derive(Serialize)]
struct GridView {
    title: &'static str,
    kind: &'static str,
    rows: Vec<RowView>,
}

#[derive(Serialize)]
struct RowView {
    pool: i32,
    cells: Vec<CellView>,
}

#[derive(Serialize)]
struct CellView {
    text: String,
    shade: String,
    standard: bool,
}

/// A cell's background: lighter for less likely. Botches are rare, so
/// their shade follows the chance's square root to be seen at all; the
/// figure in the cell is what counts.
fn shade(kind: &str, p: f64) -> String {
    let p = p.clamp(0.0, 1.0);
    let (hue, strength) = if kind == "botch" {
        (8, p.sqrt())
    } else {
        (212, p)
    };
    format!("hsl({hue} 70% {:.0}%)", 97.0 - 30.0 * strength)
}

fn grid(block: &Block, title: &'static str, kind: &'static str, grid: &[Vec<f64>]) -> GridView {
    let standard = block.rules.dice.standard_difficulty;
    GridView {
        title,
        kind,
        rows: block
            .pools
            .iter()
            .zip(grid)
            .map(|(&pool, row)| RowView {
                pool,
                cells: row
                    .iter()
                    .zip(&block.difficulties)
                    .map(|(&p, &d)| CellView {
                        text: percent(p),
                        shade: shade(kind, p),
                        standard: d == standard,
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn block(sheet: &Sheet, b: &Block) -> BlockView {
    let dice = &b.rules.dice;
    let mut grids = vec![grid(b, "Chance of success", "success", &b.success)];
    let mut rule = format!("Success: {}.", success(dice));
    let mut note = None;
    if sheet.botch {
        match botch(dice) {
            Some(words) if b.botches() => {
                grids.push(grid(b, "Chance of a botch", "botch", &b.botch));
                rule.push_str(&format!(" Botch: {words}."));
            }
            Some(words) => note = Some(format!("No roll of this sheet can botch ({words}).")),
            None => note = Some("A roll never botches under these rules.".to_string()),
        }
    }
    BlockView {
        name: b.rules.name.clone(),
        id: b.rules.id.clone(),
        columns: columns(dice),
        rule,
        difficulties: b
            .difficulties
            .iter()
            .map(|&d| Head {
                label: d,
                standard: d == dice.standard_difficulty,
            })
            .collect(),
        grids,
        note,
    }
}

pub(super) fn write(out: &mut dyn Write, sheet: &Sheet) -> io::Result<()> {
    let names: Vec<&str> = sheet.blocks.iter().map(|b| b.rules.name.as_str()).collect();
    let page = Page {
        title: format!("Odds sheet: {}", names.join(" · ")),
        what: WHAT_A_CELL_IS,
        blocks: sheet.blocks.iter().map(|b| block(sheet, b)).collect(),
        footer: footer(sheet),
        version: env!("CARGO_PKG_VERSION"),
        compact: sheet.blocks.len() > ROOMY,
    };
    let mut env = minijinja::Environment::new();
    env.add_template("sheet.html", TEMPLATE)
        .map_err(io::Error::other)?;
    let html = env
        .get_template("sheet.html")
        .and_then(|t| t.render(minijinja::value::Serde(&page)))
        .map_err(io::Error::other)?;
    out.write_all(html.as_bytes())
}
