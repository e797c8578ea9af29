//! A small report of four scenarios (two fights, a chase, a grapple),
//! built once, and held to what is known about it.
//!
//! - Schema: its files are what docs/report.md says: every Parquet file
//!   read back with polars has the documented columns and types and the
//!   rows manifest.json gives; every file's sha256 is the manifest's; the
//!   row counts are the ones worked out from the editions' ranges.
//! - Values: figures worked out by hand (a one-die chase's Lead among
//!   them), the exact chase and grapple rows equal to what the round chain
//!   gives, the estimates within 4.5 standard errors of their exact
//!   values, and no NaN, negative zero or probability outside 0..=1.

use std::path::{Path, PathBuf};

use wodds_report::polars;
use wodds_report::tables::{self, Col};
use wodds_report::{Manifest, Options, build};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A small report, built once for every test here: two fights, a chase
/// and a grapple, all four editions.
fn small_report() -> &'static (PathBuf, Manifest) {
    static REPORT: std::sync::OnceLock<(PathBuf, Manifest)> = std::sync::OnceLock::new();
    REPORT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("schema");
        let manifest = build_into(&dir);
        (dir.join("report"), manifest)
    })
}

/// The chase and the grapple of the small report.
const CHASE: &str = "scenarios/police-pursuit.toml";
const GRAPPLE: &str = "scenarios/ted-grapples-peter.toml";
/// A fight that turns into a chase when the Prey escapes.
const TURNS: &str = "scenarios/uriel-flees-the-vampire.toml";

fn build_into(dir: &Path) -> Manifest {
    let opts = Options {
        scenarios: vec![
            root().join("scenarios/brawl.toml"),
            root().join("scenarios/neonate-vs-two-thugs.toml"),
            root().join(CHASE),
            root().join(GRAPPLE),
            root().join(TURNS),
        ],
        out: dir.join("report"),
        trials: Some(3000),
        seed: None,
        editions: Vec::new(),
        against: None,
        force: true,
        tables_only: false,
    };
    build(&opts, &()).unwrap().manifest
}

/// The schema a report file must have, by its path.
fn schema_of(path: &str) -> &'static [Col] {
    match path {
        "odds.parquet" => tables::ODDS,
        "actions.parquet" => tables::ACTIONS,
        "dots.parquet" => tables::DOTS,
        p if p.ends_with("/summary.parquet") => tables::SUMMARY,
        p if p.ends_with("/distributions.parquet") => tables::DISTRIBUTIONS,
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
        if f.path.ends_with(".csv") {
            continue;
        }
        if !f.path.ends_with(".parquet") {
            assert!(f.rows.is_none(), "{}", f.path);
            continue;
        }
        tables += 1;
        let df = tables::read_parquet(&out.join(&f.path)).unwrap();
        let schema = schema_of(&f.path);
        tables::check_schema(&df, schema).unwrap_or_else(|e| panic!("{}: {e}", f.path));
        assert_eq!(Some(df.height() as u64), f.rows, "{}", f.path);
        // The CSV beside it: listed with the same rows, and the same
        // cells, floats to the bit.
        let csv = f.path.replace(".parquet", ".csv");
        let entry = (manifest.files.iter().find(|g| g.path == csv))
            .unwrap_or_else(|| panic!("{csv} is not in the manifest"));
        assert_eq!(entry.rows, f.rows, "{csv}");
        csv_matches_parquet(&out.join(&csv), &df, schema);
    }
    // The exact tables, "What is a dot worth", and two a scenario.
    assert_eq!(tables, 3 + 5 * 2);
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

/// Reads the CSV at `path` with the csv crate and holds every cell to
/// the Parquet table `df` of `schema`: text and whole numbers as written,
/// floats parsed back to the same bits, an empty field where a null is.
fn csv_matches_parquet(path: &Path, df: &polars::prelude::DataFrame, schema: &[tables::Col]) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    let names: Vec<&str> = schema.iter().map(|c| c.name).collect();
    assert_eq!(header, names, "{}", path.display());
    let records: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), df.height(), "{}", path.display());
    for (k, c) in schema.iter().enumerate() {
        let field = |i: usize| -> Option<&str> { Some(&records[i][k]).filter(|s| !s.is_empty()) };
        let col = df.column(c.name).unwrap();
        let want: Vec<Option<String>> = match c.ty {
            tables::ColType::F64 => {
                let got: Vec<Option<u64>> = (0..df.height())
                    .map(|i| field(i).map(|s| s.parse::<f64>().unwrap().to_bits()))
                    .collect();
                let bits: Vec<Option<u64>> = col
                    .f64()
                    .unwrap()
                    .iter()
                    .map(|v| v.map(f64::to_bits))
                    .collect();
                assert_eq!(got, bits, "{}: {}", path.display(), c.name);
                continue;
            }
            tables::ColType::Str => col
                .str()
                .unwrap()
                .iter()
                .map(|v| v.map(str::to_string))
                .collect(),
            tables::ColType::I32 => col
                .i32()
                .unwrap()
                .iter()
                .map(|v| v.map(|x| x.to_string()))
                .collect(),
            tables::ColType::U32 => col
                .u32()
                .unwrap()
                .iter()
                .map(|v| v.map(|x| x.to_string()))
                .collect(),
            tables::ColType::U64 => col
                .u64()
                .unwrap()
                .iter()
                .map(|v| v.map(|x| x.to_string()))
                .collect(),
            tables::ColType::Bool => col
                .bool()
                .unwrap()
                .iter()
                .map(|v| v.map(|x| x.to_string()))
                .collect(),
        };
        let got: Vec<Option<String>> = (0..df.height())
            .map(|i| field(i).map(str::to_string))
            .collect();
        assert_eq!(got, want, "{}: {}", path.display(), c.name);
    }
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
    for (file, schema) in tables::TABLES {
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
    tables::read_parquet(&out.join(rel)).unwrap()
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

/// A column of a table as u32s.
fn u32s(df: &polars::prelude::DataFrame, name: &str) -> Vec<Option<u32>> {
    df.column(name).unwrap().u32().unwrap().iter().collect()
}

/// A column of a table as i32s.
fn i32s(df: &polars::prelude::DataFrame, name: &str) -> Vec<Option<i32>> {
    df.column(name).unwrap().i32().unwrap().iter().collect()
}

/// A column of a table as booleans.
fn bools(df: &polars::prelude::DataFrame, name: &str) -> Vec<Option<bool>> {
    df.column(name).unwrap().bool().unwrap().iter().collect()
}

/// Each scenario's `kind`, in its rows and in the manifest: `combat` for
/// the fights, `chase` and `grapple`; each kind's ways of ending are its
/// rows.
#[test]
fn each_scenario_has_its_kind_and_its_ways_of_ending() {
    let (_, manifest) = small_report();
    for (name, kind, ends) in [
        (
            "brawl",
            "combat",
            &[
                "ended_incapacitated",
                "ended_killed",
                "ended_conceded",
                "ended_fled",
            ][..],
        ),
        (
            "police-pursuit",
            "chase",
            &[
                "ended_escaped",
                "ended_caught",
                "ended_run_out",
                "ended_both_run_out",
                "ended_obstacle",
                "ended_incapacitated",
                "ended_killed",
            ][..],
        ),
        (
            "uriel-flees-the-vampire",
            "combat",
            &[
                "ended_incapacitated",
                "ended_killed",
                "ended_conceded",
                "ended_fled",
                "ended_escaped",
                "ended_caught",
                "ended_run_out",
                "ended_both_run_out",
                "ended_obstacle",
            ][..],
        ),
        (
            "ted-grapples-peter",
            "grapple",
            &[
                "ended_pinned",
                "ended_conceded",
                "ended_incapacitated",
                "ended_killed",
                "ended_freed",
                "ended_released",
                "ended_no_grapple",
            ][..],
        ),
    ] {
        let entry = manifest.scenarios.iter().find(|s| s.name == name).unwrap();
        assert_eq!(entry.kind, kind);
        let df = read(&format!("{name}/summary.parquet"));
        assert!(strs(&df, "kind").iter().all(|k| k.as_deref() == Some(kind)));
        let metrics = strs(&df, "metric");
        let mut ended: Vec<&str> = metrics
            .iter()
            .filter_map(|m| m.as_deref())
            .filter(|m| m.starts_with("ended_"))
            .collect();
        ended.dedup();
        let mut want = ends.to_vec();
        want.sort();
        ended.sort();
        ended.dedup();
        assert_eq!(ended, want, "{name}");
        // A track by round only where the kind keeps one.
        let by_round = metrics
            .iter()
            .any(|m| matches!(m.as_deref(), Some("lead_mean" | "control_mean" | "going")));
        assert_eq!(by_round, kind != "combat", "{name}");
    }
}

/// The exact rows of a chase and a grapple are what the round chain
/// gives, built here from the scenario file by wodds-sim itself: every
/// exact win rate, way of ending, `going` share and track mean by round
/// ([`Figures::exact`]), and every exact bucket of the track's
/// distribution ([`Chain::outcomes`]'s joint chances). A round's buckets
/// sum to its `going` share.
#[test]
fn exact_chase_and_grapple_rows_are_the_round_chains() {
    use wodds_sim::conflict::{EditionEngine, End, Figures, Sampling, Scenario};
    for (file, track) in [(CHASE, "lead"), (GRAPPLE, "control")] {
        let scenario = Scenario::load(&root().join(file)).unwrap();
        let name = Path::new(file).file_stem().unwrap().to_str().unwrap();
        let summary = read(&format!("{name}/summary.parquet"));
        let dist = read(&format!("{name}/distributions.parquet"));
        let (ed, side, metric, round, value, exact) = (
            strs(&summary, "edition"),
            strs(&summary, "side"),
            strs(&summary, "metric"),
            u32s(&summary, "round"),
            f64s(&summary, "value"),
            bools(&summary, "exact"),
        );
        let row = |e: &str, s: Option<&str>, m: &str, r: Option<u32>| {
            let i = (0..summary.height())
                .find(|&i| {
                    ed[i].as_deref() == Some(e)
                        && side[i].as_deref() == s
                        && metric[i].as_deref() == Some(m)
                        && round[i] == r
                        && exact[i] == Some(true)
                })
                .unwrap_or_else(|| panic!("{name} {e} {s:?} {m} {r:?}: no exact row"));
            value[i].unwrap()
        };
        let close = |a: f64, b: f64, what: &str| {
            assert!(
                (a - b).abs() <= 1e-11 * b.abs().max(1e-300) || (a - b).abs() < 1e-15,
                "{what}: report {a}, chain {b}"
            );
        };
        let (ded, dmetric, dbucket, dtrack, dp, dexact) = (
            strs(&dist, "edition"),
            strs(&dist, "metric"),
            u32s(&dist, "bucket"),
            i32s(&dist, "track"),
            f64s(&dist, "probability"),
            bools(&dist, "exact"),
        );
        for rules in &scenario.editions {
            let e = rules.id.as_str();
            let engine = EditionEngine::new(&scenario, rules, Sampling::Round).unwrap();
            let outcomes = engine.chain().expect("a round chain").outcomes();
            let figures = Figures::exact(&outcomes);
            for (s, f) in scenario.sides.iter().zip(&figures.wins) {
                close(row(e, Some(&s.name), "win_rate", None), f.value, "win rate");
            }
            close(row(e, None, "draws", None), figures.draws().value, "draws");
            let ends: &[End] = if track == "lead" {
                &End::CHASE
            } else {
                &End::GRAPPLE
            };
            for &end in ends.iter().filter(|&&x| x != End::Draw) {
                let m = format!("ended_{}", end.name().replace([' ', '-'], "_"));
                close(row(e, None, &m, None), figures.end(end).value, &m);
            }
            assert!(!figures.track.is_empty(), "{name} {e}: no track");
            for t in &figures.track {
                let what = format!("{name} {e} round {}", t.round);
                close(row(e, None, "going", Some(t.round)), t.going.value, &what);
                let m = format!("{track}_mean");
                close(row(e, None, &m, Some(t.round)), t.mean.value, &what);
            }
            // The distribution, bucket by bucket, and nothing else.
            let by_round = outcomes.track.expect("a track");
            let want: Vec<(u32, i32, f64)> = (by_round.iter().enumerate())
                .flat_map(|(r, values)| {
                    values
                        .iter()
                        .filter(|v| v.1 > 0.0)
                        .map(move |&(v, p)| (r as u32 + 1, v, p))
                })
                .collect();
            let got: Vec<(u32, i32, f64)> = (0..dist.height())
                .filter(|&i| {
                    ded[i].as_deref() == Some(e)
                        && dmetric[i].as_deref() == Some(&format!("{track}_by_round"))
                })
                .map(|i| {
                    assert_eq!(dexact[i], Some(true));
                    (dbucket[i].unwrap(), dtrack[i].unwrap(), dp[i].unwrap())
                })
                .collect();
            assert_eq!(got.len(), want.len(), "{name} {e}");
            for (g, w) in got.iter().zip(&want) {
                assert_eq!((g.0, g.1), (w.0, w.1), "{name} {e}");
                close(g.2, w.2, &format!("{name} {e} bucket {g:?}"));
            }
            for t in &figures.track {
                let sum: f64 = got.iter().filter(|g| g.0 == t.round).map(|g| g.2).sum();
                assert!(
                    (sum - t.going.value).abs() < 1e-9,
                    "{name} {e} round {}",
                    t.round
                );
            }
        }
    }
}

/// Each estimated chase and grapple figure lies within 4.5 standard
/// errors of its exact value: the ways of ending (binomial), and the
/// track's mean by round wherever at least 200 conflicts were still
/// going (its normal interval gives the standard error).
#[test]
fn chase_and_grapple_estimates_agree_with_the_chain() {
    for name in ["police-pursuit", "ted-grapples-peter"] {
        let df = read(&format!("{name}/summary.parquet"));
        let (ed, side, metric, round, value, low, high, exact, trials) = (
            strs(&df, "edition"),
            strs(&df, "side"),
            strs(&df, "metric"),
            u32s(&df, "round"),
            f64s(&df, "value"),
            f64s(&df, "ci_low"),
            f64s(&df, "ci_high"),
            bools(&df, "exact"),
            df.column("trials")
                .unwrap()
                .u64()
                .unwrap()
                .iter()
                .collect::<Vec<_>>(),
        );
        let mut checked = 0;
        for i in (0..df.height()).filter(|&i| exact[i] == Some(false)) {
            let m = metric[i].as_deref().unwrap();
            let Some(j) = (0..df.height()).find(|&j| {
                exact[j] == Some(true)
                    && ed[j] == ed[i]
                    && side[j] == side[i]
                    && metric[j] == metric[i]
                    && round[j] == round[i]
            }) else {
                continue;
            };
            let (est, x) = (value[i].unwrap(), value[j].unwrap());
            let n = trials[i].unwrap() as f64;
            let se = if m.starts_with("ended_") || m == "win_rate" || m == "draws" {
                (x * (1.0 - x) / n).sqrt()
            } else if m.ends_with("_mean") && round[i].is_some() {
                let going = (0..df.height())
                    .find(|&k| {
                        exact[k] == Some(false)
                            && ed[k] == ed[i]
                            && metric[k].as_deref() == Some("going")
                            && round[k] == round[i]
                    })
                    .and_then(|k| value[k])
                    .unwrap();
                if going * n < 200.0 {
                    continue;
                }
                (high[i].unwrap() - low[i].unwrap()) / (2.0 * 1.959_963_984_540_054)
            } else {
                continue;
            };
            // A figure that cannot vary (a Control always 1) has se 0.
            assert!(
                (est - x).abs() <= 4.5 * se + 1e-12,
                "{name} {:?} {m} round {:?}: {est} against {x}",
                ed[i],
                round[i]
            );
            checked += 1;
        }
        assert!(checked > 40, "{name}: {checked} figures checked");
    }
}

/// No table holds a NaN or a negative zero; every probability (the
/// single-roll and action tables' chances, the distributions, and the
/// summaries' chances with their intervals) is in 0..=1; every interval
/// holds its figure. A track's mean may be negative (a grapple's Control
/// after a reversal): only chances are held to 0..=1.
#[test]
fn no_nan_negative_zero_or_probability_outside_0_to_1() {
    use polars::prelude::DataType;
    let (out, manifest) = small_report();
    for f in manifest
        .files
        .iter()
        .filter(|f| f.path.ends_with(".parquet"))
    {
        let df = tables::read_parquet(&out.join(&f.path)).unwrap();
        for col in df.columns() {
            if col.dtype() != &DataType::Float64 {
                continue;
            }
            let name = col.name().as_str();
            let chance = name.starts_with("p_") || name == "probability";
            for v in col.f64().unwrap().iter().flatten() {
                assert!(!v.is_nan(), "{}: {name} holds NaN", f.path);
                assert!(
                    !(v == 0.0 && v.is_sign_negative()),
                    "{}: {name} holds -0",
                    f.path
                );
                if chance {
                    assert!((0.0..=1.0).contains(&v), "{}: {name} = {v}", f.path);
                }
            }
        }
        if f.path.ends_with("/summary.parquet") {
            let (metric, value, low, high) = (
                strs(&df, "metric"),
                f64s(&df, "value"),
                f64s(&df, "ci_low"),
                f64s(&df, "ci_high"),
            );
            for i in 0..df.height() {
                let m = metric[i].as_deref().unwrap();
                let (v, l, h) = (value[i].unwrap(), low[i].unwrap(), high[i].unwrap());
                assert!(l <= v && v <= h, "{}: {m}: {l} {v} {h}", f.path);
                let chance =
                    m == "win_rate" || m == "draws" || m == "going" || m.starts_with("ended_");
                if chance {
                    assert!(0.0 <= l && h <= 1.0, "{}: {m}: {l} {v} {h}", f.path);
                }
            }
        }
    }
}

/// A chase worked out by hand, through a whole report: under fta, one die
/// a side on foot through the streets (difficulty 6), from a head start
/// of 5, a round's margin is +1 or -1 with 1/4 each and 0 with 1/2 (as
/// `crates/sim`'s chase tests work out), and no chase can end in two
/// rounds (the Prey is caught at 0 and escapes only from 10). So after
/// round 1 the Lead is 4, 5, 6 with 1/4, 1/2, 1/4; after round 2 it is
/// 3..=7 with 1, 4, 6, 4, 1 sixteenths; both rounds' mean Lead is 5 and
/// every chase is still going.
#[test]
fn a_one_die_chase_has_the_lead_worked_out_by_hand() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("one-die.toml");
    std::fs::write(
        &file,
        "name = \"One die a side\"\nkind = \"chase\"\neditions = [\"fta\"]\ntrials = 4000\nseed = 1\n\
         [chase]\nprey = \"Prey\"\nstart = \"head-start\"\nhead-start = 5\n\
         [[side]]\nname = \"Prey\"\n[[side.member]]\nname = \"p\"\nkind = \"mortal\"\ntraits = { dexterity = 1 }\n\
         [[side]]\nname = \"Predator\"\n[[side.member]]\nname = \"q\"\nkind = \"mortal\"\ntraits = { dexterity = 1 }\n",
    )
    .unwrap();
    let out = tmp.path().join("report");
    build(
        &Options {
            scenarios: vec![file],
            out: out.clone(),
            trials: None,
            seed: None,
            editions: Vec::new(),
            against: None,
            force: false,
            tables_only: false,
        },
        &(),
    )
    .unwrap();
    let dist = tables::read_parquet(&out.join("one-die/distributions.parquet")).unwrap();
    let (metric, bucket, track, p, exact) = (
        strs(&dist, "metric"),
        u32s(&dist, "bucket"),
        i32s(&dist, "track"),
        f64s(&dist, "probability"),
        bools(&dist, "exact"),
    );
    let lead = |round: u32| -> Vec<(i32, f64)> {
        (0..dist.height())
            .filter(|&i| metric[i].as_deref() == Some("lead_by_round") && bucket[i] == Some(round))
            .map(|i| {
                assert_eq!(exact[i], Some(true));
                (track[i].unwrap(), p[i].unwrap())
            })
            .collect()
    };
    assert_eq!(lead(1), vec![(4, 0.25), (5, 0.5), (6, 0.25)]);
    let sixteenths: Vec<(i32, f64)> = [(3, 1.0), (4, 4.0), (5, 6.0), (6, 4.0), (7, 1.0)]
        .iter()
        .map(|&(v, k)| (v, k / 16.0))
        .collect();
    assert_eq!(lead(2), sixteenths);
    let summary = tables::read_parquet(&out.join("one-die/summary.parquet")).unwrap();
    let (metric, round, value, exact) = (
        strs(&summary, "metric"),
        u32s(&summary, "round"),
        f64s(&summary, "value"),
        bools(&summary, "exact"),
    );
    let exact_at = |m: &str, r: u32| {
        (0..summary.height())
            .find(|&i| {
                metric[i].as_deref() == Some(m) && round[i] == Some(r) && exact[i] == Some(true)
            })
            .and_then(|i| value[i])
            .unwrap()
    };
    for r in [1, 2] {
        assert_eq!(exact_at("lead_mean", r), 5.0);
        assert_eq!(exact_at("going", r), 1.0);
    }
    // The page and both new charts are there.
    for f in [
        "one-die/lead-by-round.svg",
        "one-die/ends.png",
        "index.html",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
}

/// "What is a dot worth": each change is the fight's exact chance to win
/// with the trait raised for the first side, less its exact chance as it
/// is, both worked here from the round chain by wodds-sim itself; the
/// table holds every fight of the report with a chain (the brawl under
/// every edition) and no chase or grapple.
#[test]
fn a_dot_is_worth_the_difference_of_two_exact_chances() {
    use wodds_sim::conflict::{EditionEngine, Sampling, Scenario, TRAITS};
    let (out, _) = small_report();
    let df = read("dots.parquet");
    let scenario = strs(&df, "scenario");
    let edition = strs(&df, "edition");
    let trait_ = strs(&df, "trait");
    let change = f64s(&df, "change");
    assert!(scenario.iter().all(|s| matches!(
        s.as_deref(),
        Some("brawl" | "neonate-vs-two-thugs" | "uriel-flees-the-vampire")
    )));
    let brawl = Scenario::load(&root().join("scenarios/brawl.toml")).unwrap();
    let exact = |s: &Scenario, e: usize| {
        let engine = EditionEngine::new(s, &s.editions[e], Sampling::Round).unwrap();
        engine.chain().expect("the brawl has a chain").odds().wins[0]
    };
    let mut checked = 0;
    for (e, rules) in brawl.editions.iter().enumerate() {
        let base = exact(&brawl, e);
        for t in ["dexterity", "strength", "stamina"] {
            let mut raised = brawl.clone();
            let k = TRAITS.iter().position(|x| x.0 == t).unwrap();
            raised.sides[0].members[0].traits[k] += 1;
            let want = exact(&raised, e) - base;
            let i = (0..df.height())
                .find(|&i| {
                    scenario[i].as_deref() == Some("brawl")
                        && edition[i].as_deref() == Some(rules.id.as_str())
                        && trait_[i].as_deref() == Some(t)
                })
                .unwrap_or_else(|| panic!("brawl {} {t}", rules.id));
            let got = change[i].unwrap();
            assert!(
                (got - want).abs() < 1e-11,
                "{} {t}: {got} vs {want}",
                rules.id
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("id=\"dots\"") && page.contains("What is a dot worth"));
}

/// `sweep.parquet` (`wodds sweep --out`): a grid's table reads back with
/// its schema, which docs/report.md documents column by column; a sweep of
/// one path has the same columns less `path_2` and `value_2`.
#[test]
fn a_sweep_table_reads_back_with_its_documented_schema() {
    use wodds_report::sweep::{Row, Table, frame, schema};
    let row = |values: [&str; 2], side: &str, exact: bool| Row {
        edition: "revised".into(),
        values: values.iter().map(|v| v.to_string()).collect(),
        side: side.into(),
        win_rate: 0.25,
        win_low: if exact { 0.25 } else { 0.2 },
        win_high: if exact { 0.25 } else { 0.3 },
        draws: 0.5,
        mean_rounds: Some(3.0),
        exact,
        trials: (!exact).then_some(1000),
        seed: 7,
        rules_hash: "0123456789ab".into(),
    };
    let t = Table {
        scenario: "t".into(),
        paths: vec!["A.dexterity".into(), "B.weapon".into()],
        numeric: vec![true, false],
        editions: vec!["revised".into()],
        sides: vec!["A".into(), "B".into()],
        rows: vec![
            row(["1", "knife"], "A", true),
            row(["1", "knife"], "B", false),
        ],
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sweep.parquet");
    tables::write_parquet(&mut frame(&t).unwrap(), &path).unwrap();
    let df = tables::read_parquet(&path).unwrap();
    tables::check_schema(&df, &schema(2)).unwrap();
    assert_eq!(df.height(), 2);
    let doc = std::fs::read_to_string(root().join("docs/report.md")).unwrap();
    let at = doc.find("## `sweep.parquet`").expect("documented");
    let section = &doc[at..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let documented: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| column"))
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    let names: Vec<&str> = schema(2).iter().map(|c| c.name).collect();
    assert_eq!(documented, names);
    let one: Vec<&str> = schema(1).iter().map(|c| c.name).collect();
    assert_eq!(
        one,
        names
            .iter()
            .copied()
            .filter(|n| !n.ends_with("_2"))
            .collect::<Vec<_>>()
    );
}
