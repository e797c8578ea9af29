//! `wodds run`'s results written as `--format` asks: JSON, CSV (a
//! fight's or grapple's columns, or a chase's ways to end in their place)
//! or the table, with the track by round.

use std::io::{self, Write};
use std::path::Path;

use wodds_sim::conflict::{ConflictKind, End, Scenario};

use crate::output::{emit, opt};
use crate::run::{Format, pct};
use wodds_api::fight::EditionResult;

/// Prints (or writes to `output`) the results as `format` asks.
pub(super) fn write(
    output: Option<&Path>,
    format: Format,
    scenario: &Scenario,
    results: &[EditionResult],
) -> anyhow::Result<()> {
    emit(output, |out| match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &results)?;
            writeln!(out)
        }
        Format::Csv => wodds_api::fight::write_csv(out, scenario, results),
        Format::Table => write_table(out, scenario, results),
    })
}

fn write_table(
    out: &mut dyn Write,
    scenario: &Scenario,
    results: &[EditionResult],
) -> io::Result<()> {
    let chase = scenario.kind == ConflictKind::Chase;
    // A chase without shots cannot end with a party put down (a fight
    // that turns into a chase can).
    let calm = chase
        && scenario
            .chase
            .as_ref()
            .is_some_and(|c| c.attacks == [false; 2]);
    let what = match scenario.kind {
        ConflictKind::Combat => "fights",
        ConflictKind::Chase => "chases",
        ConflictKind::Grapple => "grapples",
    };
    writeln!(
        out,
        "{}: {} {what} an edition, seed {}",
        scenario.name, scenario.trials, scenario.seed
    )?;
    for r in results {
        writeln!(out)?;
        writeln!(
            out,
            "{} (rules {}, wodds {})",
            r.edition, r.rules_hash, r.wodds_version
        )?;
        match r.chain_states {
            Some(states) => writeln!(
                out,
                "  drawn a round at a time from its exact round chain ({states} states)"
            )?,
            None if r.sampler == "per-die" => writeln!(out, "  drawn die by die")?,
            None => writeln!(
                out,
                "  drawn by the outcome sampler (rolls and attacks from exact alias tables)"
            )?,
        }
        if let Some(why) = &r.no_chain {
            writeln!(out, "  no round chain: {why}")?;
        }
        if let Some(c) = r.caveat {
            writeln!(out, "  note: {c}")?;
        }
        let exact = |p: Option<f64>| p.map_or(String::new(), |p| format!("  exactly {}", pct(p)));
        writeln!(out, "  {:<24} {:>8}  95% interval", "side", "wins")?;
        for s in &r.sides {
            writeln!(
                out,
                "  {:<24} {:>8}  {} - {}{}",
                s.side,
                pct(s.win_rate),
                pct(s.win_low),
                pct(s.win_high),
                exact(s.exact_win_rate)
            )?;
        }
        writeln!(out, "  draws {}{}", pct(r.draws), exact(r.exact_draws))?;
        writeln!(out, "  ended: {}", ended_line(r, calm))?;
        let f = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
        writeln!(
            out,
            "  rounds: mean {}{}, median {}, 90th percentile {}",
            f(r.mean_rounds),
            r.exact_mean_rounds
                .map_or(String::new(), |m| format!(" (exactly {m:.2})")),
            opt(r.median_rounds),
            opt(r.p90_rounds)
        )?;
        let one = what.trim_end_matches('s');
        if let (Some(rev), Some(harm)) = (r.reversals, r.effect_damage) {
            let exactly =
                |x: Option<f64>| x.map_or(String::new(), |x| format!(" (exactly {x:.2})"));
            writeln!(
                out,
                "  reversals {rev:.2}{} a {one}; damage from grapple effects {harm:.2}{} levels a {one}",
                exactly(r.exact_reversals),
                exactly(r.exact_effect_damage)
            )?;
        }
        write_track(out, r)?;
        if chase && !calm {
            writeln!(
                out,
                "  winner's damage {} levels; botches {} a chase",
                f(r.winner_damage),
                f(r.botches_per_fight)
            )?;
        } else if chase {
            writeln!(out, "  botches {} a chase", f(r.botches_per_fight))?;
        } else {
            writeln!(
                out,
                "  winner's damage {} levels; Willpower {} a {one}; botches {} a {one}",
                f(r.winner_damage),
                f(r.willpower_per_fight),
                f(r.botches_per_fight)
            )?;
        }
    }
    Ok(())
}

/// The ways the conflicts ended, each with its exact share where there is
/// one; a way that is exactly 0 (and so never drawn either) is folded into
/// a closing `never: ...` rather than shown as a column of zeros. A calm
/// chase (nobody can attack) has no incapacitated or killed to fold.
fn ended_line(r: &EditionResult, calm: bool) -> String {
    let exactly = |name: &str| {
        r.exact_ended
            .as_ref()
            .and_then(|e| e.iter().find(|(n, _)| *n == name))
            .map(|(_, q)| *q)
    };
    let (mut shown, mut never) = (Vec::new(), Vec::new());
    for &(name, p) in &r.ended {
        let violent = [End::Incapacitated, End::Killed]
            .iter()
            .any(|e| e.name() == name);
        if name == "draw" || (calm && violent) {
            continue;
        }
        match exactly(name) {
            Some(q) if q == 0.0 && p == 0.0 => never.push(name),
            Some(q) => shown.push(format!("{name} {} (exactly {})", pct(p), pct(q))),
            None => shown.push(format!("{name} {}", pct(p))),
        }
    }
    let mut line = shown.join(", ");
    if !never.is_empty() {
        if !line.is_empty() {
            line.push_str("; ");
        }
        line.push_str(&format!("never: {}", crate::usage::or_list(&never)));
    }
    line
}

/// The track by round, as a small table: rounds 1 to 10, then every fifth
/// while a share of conflicts is still going (all of them in JSON).
fn write_track(out: &mut dyn Write, r: &EditionResult) -> io::Result<()> {
    let Some(name) = r.track_name else {
        return Ok(());
    };
    if r.track.is_empty() {
        return Ok(());
    }
    let exact = r.track.iter().any(|t| t.exact_mean.is_some());
    writeln!(
        out,
        "  {name} by round, among those still going:\n  {:>7} {:>8} {:>7}  {:<15}{} {:>8}",
        "round",
        "going",
        "mean",
        "95% interval",
        if exact { "  exactly" } else { "" },
        "p10..p90"
    )?;
    for t in r.track.iter().filter(|t| t.round <= 10 || t.round % 5 == 0) {
        writeln!(
            out,
            "  {:>7} {:>8} {:>7}  {:<15}{} {:>8}",
            t.round,
            pct(t.going),
            two(t.mean),
            format!("{}..{}", two(t.mean_low), two(t.mean_high)),
            t.exact_mean
                .map_or(String::new(), |m| format!("  {:>7}", two(m))),
            format!("{}..{}", t.p10, t.p90)
        )?;
    }
    Ok(())
}

/// A signed figure with two decimals, never `-0.00` (a value just below
/// 0 rounds to `0.00`).
fn two(x: f64) -> String {
    let s = format!("{x:.2}");
    if s == "-0.00" { "0.00".to_string() } else { s }
}
