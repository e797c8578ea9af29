//! A small report of two scenarios, built once, and held to what is known
//! about it.
//!
//! - Schema: its files are what docs/report.md says: every Parquet file
//!   read back with polars has the documented columns and types and the
//!   rows manifest.json gives; every file's sha256 is the manifest's; the
//!   row counts are the ones worked out from the editions' ranges.
//! - Values: figures worked out by hand, and the fights' estimates within
//!   4.5 standard errors of their exact values.

use std::path::{Path, PathBuf};

use wodds_report::polars;
use wodds_report::table::{self, Col};
use wodds_report::{Manifest, Options, build};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A small report, built once for every test here: two scenarios, all
/// four editions.
fn small_report() -> &'static (PathBuf, Manifest) {
    static REPORT: std::sync::OnceLock<(PathBuf, Manifest)> = std::sync::OnceLock::new();
    REPORT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("schema");
        let manifest = build_into(&dir);
        (dir.join("report"), manifest)
    })
}

fn build_into(dir: &Path) -> Manifest {
    let opts = Options {
        scenarios: vec![
            root().join("scenarios/brawl.toml"),
            root().join("scenarios/neonate-vs-two-thugs.toml"),
        ],
        out: dir.join("report"),
        trials: Some(3000),
        seed: None,
        editions: Vec::new(),
        force: true,
    };
    build(&opts, &()).unwrap().manifest
}

/// The schema a report file must have, by its path.
fn schema_of(path: &str) -> &'static [Col] {
    match path {
        "odds.parquet" => table::ODDS,
        "actions.parquet" => table::ACTIONS,
        p if p.ends_with("/summary.parquet") => table::SUMMARY,
        p if p.ends_with("/distributions.parquet") => table::DISTRIBUTIONS,
        p => panic!("unexpected table {p}"),
    }
}

#[test]
fn every_table_reads_back_with_its_schema_and_the_manifests_rows() {
    let (out, manifest) = small_report();
    let mut tables = 0;
    for f in &manifest.files {
        let bytes = std::fs::read(out.join(&f.path)).unwrap();
        assert_eq!(
            wodds_report::manifest::sha256(&bytes),
            f.sha256,
            "{}",
            f.path
        );
        if !f.path.ends_with(".parquet") {
            assert!(f.rows.is_none(), "{}", f.path);
            continue;
        }
        tables += 1;
        let df = table::read_parquet(&out.join(&f.path)).unwrap();
        table::check_schema(&df, schema_of(&f.path)).unwrap_or_else(|e| panic!("{}: {e}", f.path));
        assert_eq!(Some(df.height() as u64), f.rows, "{}", f.path);
    }
    assert_eq!(tables, 2 + 2 * 2);
    // Every file in the directory is in the manifest (and the manifest).
    let mut on_disk = Vec::new();
    for entry in walk(out) {
        on_disk.push(
            entry
                .strip_prefix(out)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/"),
        );
    }
    on_disk.sort();
    let mut listed: Vec<String> = manifest.files.iter().map(|f| f.path.clone()).collect();
    listed.push("manifest.json".to_string());
    listed.sort();
    assert_eq!(on_disk, listed);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The row counts, worked out from the editions' files: pools 1-20 times
/// the difficulties of the range times the option sets (none, specialty
/// where the edition has one, Willpower, 9-again, 8-again, rote); 8 pools
/// times 4 targets; per scenario, the metrics and buckets.
#[test]
fn row_counts_follow_from_the_editions_and_scenarios() {
    let (_, manifest) = small_report();
    let rows = |p: &str| {
        manifest
            .files
            .iter()
            .find(|f| f.path == p)
            .and_then(|f| f.rows)
            .unwrap()
    };
    // revised and fta: difficulties 2-10 (9), 6 option sets; uwod and
    // hubris: 0-5 (6), 6 sets (hubris's specialty is a bonus die).
    let odds = 20 * (9 * 6 + 9 * 6 + 6 * 6 + 6 * 6);
    assert_eq!(rows("odds.parquet"), odds);
    assert_eq!(rows("actions.parquet"), 4 * 8 * 4);
    // brawl: a round chain under every edition, so every metric twice:
    // 2 win rates, draws, 4 ways of ending, 3 of rounds, damage,
    // Willpower, botches = 13.
    assert_eq!(rows("brawl/summary.parquet"), 4 * 2 * 13);
    // 50 rounds per edition, plus the winner's damage buckets.
    assert!(rows("brawl/distributions.parquet") > 4 * 50);
}

/// docs/report.md's tables list exactly the columns and types of the
/// schemas, nullable ones marked *null*.
#[test]
fn docs_report_md_documents_every_column() {
    let doc = std::fs::read_to_string(root().join("docs/report.md")).unwrap();
    for (file, schema) in table::TABLES {
        let head = format!("## `{file}`");
        let at = doc
            .find(&head)
            .unwrap_or_else(|| panic!("docs/report.md has no section {head}"));
        let section = &doc[at + head.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        // The first table of the section: its header, then its rows.
        let table = &section[section
            .find("| column | type | meaning |")
            .unwrap_or_else(|| panic!("docs/report.md, {file}: no column table"))..];
        let documented: Vec<(String, String, bool)> = table
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                (
                    cells[1].to_string(),
                    cells[2].to_string(),
                    cells[3].contains("*null*"),
                )
            })
            .collect();
        let expected: Vec<(String, String, bool)> = schema
            .iter()
            .map(|c| (c.name.to_string(), c.ty.name().to_string(), c.nullable))
            .collect();
        assert_eq!(documented, expected, "docs/report.md, {file}");
    }
}

/// A column of a table as f64s.
fn f64s(df: &polars::prelude::DataFrame, name: &str) -> Vec<Option<f64>> {
    df.column(name).unwrap().f64().unwrap().iter().collect()
}

/// A column of a table as strings.
fn strs(df: &polars::prelude::DataFrame, name: &str) -> Vec<Option<String>> {
    df.column(name)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|s| s.map(str::to_string))
        .collect()
}

fn read(rel: &str) -> polars::prelude::DataFrame {
    let (out, _) = small_report();
    table::read_parquet(&out.join(rel)).unwrap()
}

/// Rows of `odds.parquet`: one die at 6 succeeds on 6-10 (1/2) and
/// botches on a 1 (1/10); five dice at 6 botch with 0.02101 (no die of
/// 6-10 and at least one 1: 0.5^5 - 0.4^5); uwod's five dice at 7 all
/// succeed with 0.4^5.
#[test]
fn odds_rows_hold_hand_worked_values() {
    let df = read("odds.parquet");
    let (ed, pool, diff, opt) = (
        strs(&df, "edition"),
        df.column("pool")
            .unwrap()
            .i32()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        df.column("difficulty")
            .unwrap()
            .i32()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        strs(&df, "options"),
    );
    let row = |e: &str, p: i32, d: i32| {
        (0..df.height())
            .find(|&i| {
                ed[i].as_deref() == Some(e)
                    && pool[i] == Some(p)
                    && diff[i] == Some(d)
                    && opt[i].as_deref() == Some("none")
            })
            .unwrap()
    };
    let success = f64s(&df, "p_success");
    let botch = f64s(&df, "p_botch");
    let ge5 = f64s(&df, "p_ge_5");
    let close = |a: Option<f64>, b: f64| (a.unwrap() - b).abs() < 1e-12;
    assert!(close(success[row("revised", 1, 6)], 0.5));
    assert!(close(botch[row("revised", 1, 6)], 0.1));
    assert!(close(
        botch[row("revised", 5, 6)],
        0.5f64.powi(5) - 0.4f64.powi(5)
    ));
    assert!(close(ge5[row("uwod", 5, 1)], 0.4f64.powi(5)));
    // fta's single roll is revised's.
    assert_eq!(success[row("fta", 7, 8)], success[row("revised", 7, 8)]);
}

/// `actions.parquet`: uwod's five dice need 1 success at the standard
/// difficulty; five successes in one roll is every die showing 7-10,
/// 0.4^5. Within one roll revised's three dice never reach 5.
#[test]
fn action_rows_hold_hand_worked_values() {
    let df = read("actions.parquet");
    let ed = strs(&df, "edition");
    let pool: Vec<_> = df.column("pool").unwrap().i32().unwrap().iter().collect();
    let target: Vec<_> = df.column("target").unwrap().u32().unwrap().iter().collect();
    let within1 = f64s(&df, "p_within_1");
    let at = |e: &str, p: i32, t: u32| {
        (0..df.height())
            .find(|&i| ed[i].as_deref() == Some(e) && pool[i] == Some(p) && target[i] == Some(t))
            .unwrap()
    };
    assert!((within1[at("uwod", 5, 5)].unwrap() - 0.4f64.powi(5)).abs() < 1e-12);
    assert_eq!(within1[at("revised", 3, 5)], Some(0.0));
    // Under a wiping botch every extended action ends in success.
    for p in f64s(&df, "p_success") {
        assert!((p.unwrap() - 1.0).abs() < 1e-9);
    }
}

/// The brawl's two sides are the same: every edition's exact chances to
/// win are equal, and with the draws sum to 1; each estimate lies within
/// 4.5 standard errors of its exact value.
#[test]
fn fight_metrics_agree_with_the_round_chain() {
    let df = read("brawl/summary.parquet");
    let ed = strs(&df, "edition");
    let side = strs(&df, "side");
    let metric = strs(&df, "metric");
    let value = f64s(&df, "value");
    let low = f64s(&df, "ci_low");
    let high = f64s(&df, "ci_high");
    let exact: Vec<_> = df.column("exact").unwrap().bool().unwrap().iter().collect();
    let find = |e: &str, s: Option<&str>, m: &str, x: bool| {
        (0..df.height())
            .find(|&i| {
                ed[i].as_deref() == Some(e)
                    && side[i].as_deref() == s
                    && metric[i].as_deref() == Some(m)
                    && exact[i] == Some(x)
            })
            .unwrap_or_else(|| panic!("{e} {s:?} {m} {x}"))
    };
    let trials = 3000.0;
    for e in ["revised", "fta", "uwod", "hubris"] {
        let a = value[find(e, Some("Veronica"), "win_rate", true)].unwrap();
        let b = value[find(e, Some("Marcus"), "win_rate", true)].unwrap();
        let d = value[find(e, None, "draws", true)].unwrap();
        assert!((a - b).abs() < 1e-9, "{e}: {a} {b}");
        assert!((a + b + d - 1.0).abs() < 1e-9, "{e}");
        for s in ["Veronica", "Marcus"] {
            let x = value[find(e, Some(s), "win_rate", true)].unwrap();
            let i = find(e, Some(s), "win_rate", false);
            let est = value[i].unwrap();
            let se = (x * (1.0 - x) / trials).sqrt();
            assert!((est - x).abs() < 4.5 * se, "{e} {s}: {est} against {x}");
            // An estimate's interval brackets it; an exact one is a point.
            assert!(low[i].unwrap() <= est && est <= high[i].unwrap());
            let j = find(e, Some(s), "win_rate", true);
            assert_eq!((low[j], high[j]), (value[j], value[j]));
        }
    }
}

/// The exact rounds distribution of each edition sums to 1.
#[test]
fn exact_rounds_distributions_sum_to_one() {
    let df = read("brawl/distributions.parquet");
    let ed = strs(&df, "edition");
    let metric = strs(&df, "metric");
    let p = f64s(&df, "probability");
    for e in ["revised", "fta", "uwod", "hubris"] {
        for m in ["rounds", "winner_damage"] {
            let total: f64 = (0..df.height())
                .filter(|&i| ed[i].as_deref() == Some(e) && metric[i].as_deref() == Some(m))
                .map(|i| p[i].unwrap())
                .sum();
            assert!((total - 1.0).abs() < 1e-9, "{e} {m}: {total}");
        }
    }
}
