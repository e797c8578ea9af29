//! `wodds sweep` and `wodds balance`: what a dot, a weapon or a rule setting
//! is worth, point by point under each edition, and which value evens a
//! fight.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::bail;
use clap::Args;
use serde::Serialize;
use wodds_report::sweep::Row;
use wodds_sim::conflict::{Figure, Scenario};
use wodds_sim::sweep::{Outcome, Sweep, Vary};

use crate::fight::SamplerArg;
use crate::output::{Cell, csv_writer, emit, opt, tidy};
use crate::run::{parse_trials, pct, progress_bar};

/// `wodds sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// What to vary and its values: `Member.trait=1..5`,
    /// `Member.weapon=knife,club`, `Member.tactics.attack=basic,power`,
    /// `rules.<setting>=...` (an edition setting, as a house rule on top of
    /// each edition). Twice for a grid.
    #[arg(long, required = true)]
    vary: Vec<String>,
    /// Editions (ids or house-rule paths) in place of the scenario's.
    #[arg(long, short, value_delimiter = ',')]
    editions: Vec<String>,
    /// Fights a point where the fight has no round chain (default: the
    /// scenario's trials).
    #[arg(long, value_parser = parse_trials)]
    trials: Option<u64>,
    #[command(flatten)]
    play: PlayArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Also write `sweep.parquet`, its charts and a manifest into this
    /// folder (written whole, or not at all; a sweep there before is
    /// replaced, file for file, and anything else in it kept).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write into --out even if it is not a sweep's folder: wodds still
    /// removes only the files it wrote, and keeps any other file where it
    /// puts one of its own as NAME.~1~.
    #[arg(long, requires = "out")]
    force: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// `wodds balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// The integer path to vary and its range: `Member.trait=1..5`, or
    /// `rules.<setting>=lo..hi`.
    #[arg(long)]
    vary: String,
    /// The first side's win rate to aim at, 0..1.
    #[arg(long, default_value_t = 0.5, value_parser = parse_share)]
    target: f64,
    /// Editions (ids or house-rule paths) in place of the scenario's.
    #[arg(long, short, value_delimiter = ',')]
    editions: Vec<String>,
    /// Fights a value where the fight has no round chain (default: the
    /// scenario's trials).
    #[arg(long, value_parser = parse_trials)]
    trials: Option<u64>,
    #[command(flatten)]
    play: PlayArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    pub(crate) chain: crate::chain::ChainArgs,
}

/// How the fights of a sweep or balance are played, as `wodds run`
/// plays them.
#[derive(Debug, Args)]
struct PlayArgs {
    /// Seed of the fights a point plays where it has no round chain
    /// (default: the scenario's).
    #[arg(long, value_parser = crate::run::parse_seed, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// How fights are drawn, as `wodds run --sampler`: `round` (exact from
    /// the round chain where a point has one, else as `outcome`),
    /// `outcome` or `die` (every point estimated).
    #[arg(long, value_enum, default_value_t = SamplerArg::Round)]
    sampler: SamplerArg,
}

fn parse_share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a share in 0..=1")),
    }
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Table,
    Csv,
    Json,
}

/// The scenario with `--editions` in place of its own.
fn load(path: &Path, editions: &[String]) -> anyhow::Result<Scenario> {
    let mut scenario = crate::stdin::scenario(path)?;
    if !editions.is_empty() {
        scenario.editions = crate::fight::load_editions(editions)?;
    }
    Ok(scenario)
}

/// A row as `--format json` prints it: the report's row and the wodds
/// that made it.
#[derive(Serialize)]
struct JsonRow<'a> {
    #[serde(flatten)]
    row: &'a Row,
    wodds_version: &'static str,
}

fn rows(sweep: &Sweep, outcomes: &[Outcome]) -> Vec<Row> {
    let s = sweep.scenario();
    let mut out = Vec::new();
    for o in outcomes {
        let f = &o.figures;
        for (side, w) in s.sides.iter().zip(&f.wins) {
            out.push(Row {
                edition: o.edition.clone(),
                values: sweep.points()[o.point].values.clone(),
                side: side.name.clone(),
                win_rate: tidy(w.value),
                win_low: tidy(w.low),
                win_high: tidy(w.high),
                draws: tidy(f.draws().value),
                mean_rounds: f.rounds_mean.map(|m| tidy(m.value)),
                exact: o.trials.is_none(),
                trials: o.trials,
                seed: s.seed,
                rules_hash: o.rules_hash.clone(),
            });
        }
    }
    out
}

/// Reads the flags and plays the sweep.
fn play(
    scenario: &mut Scenario,
    flags: &[String],
    trials: Option<u64>,
    how: &PlayArgs,
    quiet: bool,
) -> anyhow::Result<(Sweep, Vec<Outcome>)> {
    if let Some(t) = trials {
        scenario.trials = t;
    }
    if let Some(seed) = how.seed {
        scenario.seed = seed;
    }
    let vary = flags
        .iter()
        .map(|f| Vary::parse(f, scenario))
        .collect::<Result<Vec<_>, _>>()?;
    let sweep = Sweep::new(scenario, vary)?;
    let jobs = (sweep.points().len() * sweep.editions().len()) as u64;
    let bar = progress_bar(quiet, jobs, "points");
    let outcomes = sweep.run(scenario.trials, how.sampler.sampling(), &|| bar.inc(1))?;
    bar.finish_and_clear();
    Ok((sweep, outcomes))
}

pub fn sweep(args: &SweepArgs) -> anyhow::Result<()> {
    let mut scenario = load(&args.scenario, &args.editions)?;
    if args.vary.len() > 2 {
        bail!(
            "--vary: a sweep varies one or two paths, not {}",
            args.vary.len()
        );
    }
    let mut inputs = vec![args.scenario.clone()];
    inputs.extend(
        scenario
            .editions
            .iter()
            .flat_map(|r| r.files().iter().cloned()),
    );
    let out = args
        .out
        .as_ref()
        .map(|dir| wodds_report::sweep::Target::prepare(dir, args.force, &inputs))
        .transpose()?;
    let (sweep, outcomes) = play(
        &mut scenario,
        &args.vary,
        args.trials,
        &args.play,
        args.quiet,
    )?;
    let rows = rows(&sweep, &outcomes);
    if let Some(target) = out {
        crate::report::print_notes(&target.write(&table(&sweep, &rows))?);
    }
    emit(None, |w| match args.format {
        Format::Json => {
            let json: Vec<JsonRow> = rows
                .iter()
                .map(|row| JsonRow {
                    row,
                    wodds_version: env!("CARGO_PKG_VERSION"),
                })
                .collect();
            serde_json::to_writer_pretty(&mut *w, &json)?;
            writeln!(w)
        }
        Format::Csv => write_csv(w, &sweep, &rows),
        Format::Table => write_table(w, &sweep, &rows),
    })
}

/// The rows as the report crate writes them.
fn table(sweep: &Sweep, rows: &[Row]) -> wodds_report::sweep::Table {
    let s = sweep.scenario();
    wodds_report::sweep::Table {
        scenario: s.name.clone(),
        paths: sweep.vary().iter().map(|v| v.path.clone()).collect(),
        numeric: sweep.vary().iter().map(|v| v.integer).collect(),
        editions: sweep.editions().iter().map(|e| e.to_string()).collect(),
        sides: s.sides.iter().map(|x| x.name.clone()).collect(),
        rows: rows.to_vec(),
    }
}

fn write_csv(out: &mut dyn Write, sweep: &Sweep, rows: &[Row]) -> io::Result<()> {
    let mut w = csv_writer(out);
    let mut head = vec!["edition".to_string()];
    head.extend(sweep.vary().iter().map(|v| v.path.clone()));
    head.extend(
        [
            "side",
            "win_rate",
            "win_low",
            "win_high",
            "draws",
            "mean_rounds",
            "exact",
            "trials",
            "seed",
            "rules_hash",
            "wodds_version",
        ]
        .map(str::to_string),
    );
    w.write_record(&head)?;
    for r in rows {
        let mut rec = vec![r.edition.clone()];
        rec.extend(r.values.iter().cloned());
        rec.extend([
            r.side.clone(),
            r.win_rate.cell(),
            r.win_low.cell(),
            r.win_high.cell(),
            r.draws.cell(),
            opt(r.mean_rounds),
            r.exact.to_string(),
            opt(r.trials),
            r.seed.to_string(),
            r.rules_hash.clone(),
            env!("CARGO_PKG_VERSION").to_string(),
        ]);
        w.write_record(&rec)?;
    }
    w.flush()
}

/// A win rate as the table shows it: exact, or with its interval.
fn shown(r: &Row) -> String {
    if r.exact {
        format!("{} exactly", pct(r.win_rate))
    } else {
        format!(
            "{} ({}-{})",
            pct(r.win_rate),
            pct(r.win_low),
            pct(r.win_high)
        )
    }
}

fn write_table(out: &mut dyn Write, sweep: &Sweep, rows: &[Row]) -> io::Result<()> {
    let s = sweep.scenario();
    let what: Vec<String> = sweep
        .vary()
        .iter()
        .map(|v| match (v.values.first(), v.values.last()) {
            (Some(a), Some(b)) if v.integer && v.values.len() > 2 => {
                format!("{} from {a} to {b}", v.path)
            }
            _ => format!("{} = {}", v.path, v.values.join(", ")),
        })
        .collect();
    writeln!(out, "{}: {}, seed {}", s.name, what.join(" by "), s.seed)?;
    writeln!(
        out,
        "exact where the fight has a round chain; else {} fights a point by the outcome sampler, with 95% intervals",
        s.trials
    )?;
    for left in sweep.left_out() {
        writeln!(out, "{left}: left out (it has no such setting)")?;
    }
    let sides = &s.sides;
    let width: Vec<usize> = sweep
        .vary()
        .iter()
        .map(|v| {
            v.path
                .len()
                .max(v.values.iter().map(String::len).max().unwrap_or(1))
        })
        .collect();
    for edition in sweep.editions() {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.edition == edition).collect();
        let hash = mine.first().map_or("", |r| r.rules_hash.as_str());
        let varies_rules = mine.iter().any(|r| r.rules_hash != hash);
        writeln!(out)?;
        if varies_rules {
            writeln!(
                out,
                "{edition} (each point's rules hash in --format csv or json)"
            )?;
        } else {
            writeln!(out, "{edition} (rules {hash})")?;
        }
        let mut head = String::from(" ");
        for (v, w) in sweep.vary().iter().zip(&width) {
            head.push_str(&format!(" {:>w$}", v.path, w = *w));
        }
        for side in sides {
            head.push_str(&format!("  {:>28}", side.name));
        }
        head.push_str("    draws  rounds");
        writeln!(out, "{head}")?;
        for point in mine.chunks(sides.len()) {
            let first = point[0];
            let mut line = String::from(" ");
            for (v, w) in first.values.iter().zip(&width) {
                line.push_str(&format!(" {v:>w$}", w = *w));
            }
            for r in point {
                line.push_str(&format!("  {:>28}", shown(r)));
            }
            line.push_str(&format!(
                "  {:>7}  {:>6}",
                pct(first.draws),
                first.mean_rounds.map_or("-".into(), |m| format!("{m:.2}"))
            ));
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// What `wodds balance` found for one edition.
#[derive(Debug, Serialize)]
struct Balanced {
    edition: String,
    /// The value whose first-side win rate is closest to the target.
    value: i64,
    /// Its win rate for the first side (exact or estimated).
    win_rate: f64,
    exact: bool,
    /// The values either side of it, with their win rates.
    below: Option<(i64, f64)>,
    above: Option<(i64, f64)>,
    /// Whether the first side's win rate never falls (or never rises) as
    /// the value grows, over every value played; `false` says the curve is
    /// not monotone and the value is only the closest found.
    monotone: bool,
    /// Whether some value in the range reaches the target: the target lies
    /// between the lowest and the highest win rate played (an estimate's
    /// 95% interval counting as reaching it). `false` says that no value
    /// does, and `value` is only the one that comes closest.
    reached: bool,
    /// The lowest and the highest win rate over the range.
    lowest: f64,
    highest: f64,
}

pub fn balance(args: &BalanceArgs) -> anyhow::Result<()> {
    let mut scenario = load(&args.scenario, &args.editions)?;
    let flag = [args.vary.clone()];
    let vary = Vary::parse(&args.vary, &scenario)?;
    if !vary.integer {
        bail!(
            "--vary {}: balance varies an integer path over a range (`lo..hi`), not `{}`",
            args.vary,
            vary.values.join(",")
        );
    }
    let (sweep, outcomes) = play(&mut scenario, &flag, args.trials, &args.play, args.quiet)?;
    let first = &scenario.sides[0].name;
    let found: Vec<Balanced> = sweep
        .editions()
        .iter()
        .map(|edition| {
            let curve: Vec<(i64, Figure, bool)> = outcomes
                .iter()
                .filter(|o| o.edition == *edition)
                .map(|o| {
                    let v: i64 = sweep.points()[o.point].values[0].parse().expect("integer");
                    (v, o.figures.wins[0], o.trials.is_none())
                })
                .collect();
            closest(edition, &curve, args.target)
        })
        .collect();
    emit(None, |w| match args.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *w, &found)?;
            writeln!(w)
        }
        Format::Csv => {
            let mut c = csv_writer(w);
            c.write_record([
                "edition",
                "value",
                "win_rate",
                "exact",
                "below",
                "below_win_rate",
                "above",
                "above_win_rate",
                "monotone",
                "reached",
            ])?;
            for b in &found {
                c.write_record([
                    b.edition.clone(),
                    b.value.to_string(),
                    b.win_rate.cell(),
                    b.exact.to_string(),
                    opt(b.below.map(|x| x.0)),
                    opt(b.below.map(|x| x.1)),
                    opt(b.above.map(|x| x.0)),
                    opt(b.above.map(|x| x.1)),
                    b.monotone.to_string(),
                    b.reached.to_string(),
                ])?;
            }
            c.flush()
        }
        Format::Table => {
            writeln!(
                w,
                "{}: {} for {first} to win {} of the fights, seed {}",
                scenario.name,
                sweep.vary()[0].path,
                pct(args.target),
                scenario.seed
            )?;
            let vary = &sweep.vary()[0];
            for b in &found {
                writeln!(
                    w,
                    "{}",
                    balance_line(b, &vary.path, &vary.values, first, args.target)
                )?;
            }
            Ok(())
        }
    })
}

/// One edition's line of `wodds balance`'s table: the value found, or
/// plainly that no value in the range (`values`) reaches the target and
/// which comes closest.
fn balance_line(b: &Balanced, path: &str, values: &[String], first: &str, target: f64) -> String {
    let side = |x: Option<(i64, f64)>| x.map(|(v, p)| format!("{v} gives {}", pct(p)));
    let around: Vec<String> = [side(b.below), side(b.above)]
        .into_iter()
        .flatten()
        .collect();
    let around = if around.is_empty() {
        String::new()
    } else {
        format!("; {}", around.join(", "))
    };
    let exactly = if b.exact { " exactly" } else { "" };
    if !b.reached {
        let (lo, hi) = (
            values.first().map_or("", String::as_str),
            values.last().map_or("", String::as_str),
        );
        return format!(
            "{:<10} no value of {path} from {lo} to {hi} reaches {}: {first} wins {} to {}; closest is {} ({}{exactly})",
            b.edition,
            pct(target),
            pct(b.lowest),
            pct(b.highest),
            b.value,
            pct(b.win_rate),
        );
    }
    format!(
        "{:<10} {path} = {}: {first} wins {}{exactly}{around}{}",
        b.edition,
        b.value,
        pct(b.win_rate),
        if b.monotone {
            ""
        } else {
            " (not monotone: the closest value played)"
        }
    )
}

/// The value of `curve` (value, first side's win rate, exact) closest to
/// `target`, its neighbours, and whether the curve is monotone (estimates
/// count as out of order only when their intervals do not overlap).
fn closest(edition: &str, curve: &[(i64, Figure, bool)], target: f64) -> Balanced {
    let best = (0..curve.len())
        .min_by(|&a, &b| {
            let d = |i: usize| (curve[i].1.value - target).abs();
            d(a).total_cmp(&d(b))
        })
        .expect("a range has values");
    let rising = |a: &Figure, b: &Figure| b.high >= a.low - 1e-12;
    let falling = |a: &Figure, b: &Figure| b.low <= a.high + 1e-12;
    let monotone = curve.windows(2).all(|w| rising(&w[0].1, &w[1].1))
        || curve.windows(2).all(|w| falling(&w[0].1, &w[1].1));
    let at = |i: Option<usize>| i.and_then(|i| curve.get(i)).map(|c| (c.0, tidy(c.1.value)));
    let lowest = curve.iter().map(|c| c.1.low).fold(f64::INFINITY, f64::min);
    let highest = curve
        .iter()
        .map(|c| c.1.high)
        .fold(f64::NEG_INFINITY, f64::max);
    let (least, most) = (
        curve
            .iter()
            .map(|c| c.1.value)
            .fold(f64::INFINITY, f64::min),
        curve
            .iter()
            .map(|c| c.1.value)
            .fold(f64::NEG_INFINITY, f64::max),
    );
    Balanced {
        edition: edition.to_string(),
        value: curve[best].0,
        win_rate: tidy(curve[best].1.value),
        exact: curve[best].2,
        below: at(best.checked_sub(1)),
        above: at(Some(best + 1)),
        monotone,
        reached: lowest <= target + 1e-12 && target <= highest + 1e-12,
        lowest: tidy(least),
        highest: tidy(most),
    }
}
