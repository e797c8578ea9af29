//! `wodds run`'s CSV: a fight's or grapple's columns, or a chase's ways
//! to end in their place, one row a side.

use std::io::{self, Write};

use wodds_sim::conflict::{ConflictKind, End, Scenario};

use super::result::EditionResult;
use crate::cells::{Cell, csv_writer, opt};

/// The results as `wodds run --format csv` writes them.
pub fn write_csv(
    out: &mut dyn Write,
    scenario: &Scenario,
    results: &[EditionResult],
) -> io::Result<()> {
    if scenario.kind == ConflictKind::Chase {
        return write_chase_csv(out, results);
    }
    let mut w = csv_writer(out);
    let ends = scenario.ends();
    let ended: Vec<&End> = ends.iter().filter(|&&e| e != End::Draw).collect();
    let mut head = vec![
        "edition",
        "side",
        "win_rate",
        "win_low",
        "win_high",
        "exact_win_rate",
        "draws",
        "exact_draws",
    ];
    let names: Vec<String> = ended.iter().map(|e| e.name().replace(' ', "_")).collect();
    head.extend(names.iter().map(String::as_str));
    head.extend([
        "mean_rounds",
        "exact_mean_rounds",
        "median_rounds",
        "p90_rounds",
        "winner_damage",
        "willpower_per_fight",
        "botches_per_fight",
        "sampler",
        "trials",
        "seed",
        "rules_hash",
        "wodds_version",
    ]);
    w.write_record(&head)?;
    for r in results {
        for s in &r.sides {
            let mut row = vec![
                r.edition.clone(),
                s.side.clone(),
                s.win_rate.cell(),
                s.win_low.cell(),
                s.win_high.cell(),
                opt(s.exact_win_rate),
                r.draws.cell(),
                opt(r.exact_draws),
            ];
            row.extend(
                r.ended
                    .iter()
                    .filter(|(name, _)| *name != "draw")
                    .map(|(_, p)| p.cell()),
            );
            row.extend([
                opt(r.mean_rounds),
                opt(r.exact_mean_rounds),
                opt(r.median_rounds),
                opt(r.p90_rounds),
                opt(r.winner_damage),
                opt(r.willpower_per_fight),
                opt(r.botches_per_fight),
                r.sampler.to_string(),
                r.fights.to_string(),
                r.seed.to_string(),
                r.rules_hash.clone(),
                r.wodds_version.to_string(),
            ]);
            w.write_record(&row)?;
        }
    }
    w.flush()
}

/// A chase's CSV: the ways it ends in place of a fight's.
fn write_chase_csv(out: &mut dyn Write, results: &[EditionResult]) -> io::Result<()> {
    let mut w = csv_writer(out);
    let share = |r: &EditionResult, name: &str| {
        r.ended
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(String::new(), |(_, p)| p.cell())
    };
    let exact = |r: &EditionResult, name: &str| {
        r.exact_ended
            .as_ref()
            .and_then(|e| e.iter().find(|(n, _)| *n == name))
            .map_or(String::new(), |(_, p)| p.cell())
    };
    w.write_record([
        "edition",
        "side",
        "win_rate",
        "win_low",
        "win_high",
        "exact_win_rate",
        "draws",
        "exact_draws",
        "escaped",
        "exact_escaped",
        "caught",
        "exact_caught",
        "run_out",
        "exact_run_out",
        "both_run_out",
        "exact_both_run_out",
        "obstacle",
        "exact_obstacle",
        "incapacitated",
        "exact_incapacitated",
        "killed",
        "exact_killed",
        "mean_rounds",
        "exact_mean_rounds",
        "median_rounds",
        "p90_rounds",
        "botches_per_chase",
        "sampler",
        "trials",
        "seed",
        "rules_hash",
        "wodds_version",
    ])?;
    for r in results {
        for s in &r.sides {
            w.write_record([
                r.edition.clone(),
                s.side.clone(),
                s.win_rate.cell(),
                s.win_low.cell(),
                s.win_high.cell(),
                opt(s.exact_win_rate),
                r.draws.cell(),
                opt(r.exact_draws),
                share(r, "escaped"),
                exact(r, "escaped"),
                share(r, "caught"),
                exact(r, "caught"),
                share(r, "run-out"),
                exact(r, "run-out"),
                share(r, "both run out"),
                exact(r, "both run out"),
                share(r, "obstacle"),
                exact(r, "obstacle"),
                share(r, "incapacitated"),
                exact(r, "incapacitated"),
                share(r, "killed"),
                exact(r, "killed"),
                opt(r.mean_rounds),
                opt(r.exact_mean_rounds),
                opt(r.median_rounds),
                opt(r.p90_rounds),
                opt(r.botches_per_fight),
                r.sampler.to_string(),
                r.fights.to_string(),
                r.seed.to_string(),
                r.rules_hash.clone(),
                r.wodds_version.to_string(),
            ])?;
        }
    }
    w.flush()
}
