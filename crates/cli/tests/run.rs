//! `wodds run` end to end: every shipped scenario, determinism, bad input.

use std::process::{Command, Output};

mod common;
use common::on_a_terminal;

fn wodds(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("run wodds")
}

fn scenarios() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_scenario_runs_and_its_win_rates_add_up() {
    let files = scenarios();
    assert!(files.len() >= 6, "{files:?}");
    let mut chains = 0;
    for f in files {
        let out = wodds(
            &["run", &f, "--trials", "20000", "--format", "csv", "-q"],
            "2",
        );
        assert!(
            out.status.success(),
            "{f}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        // Per edition: the sides' wins and the draws cover every fight.
        let mut editions: Vec<&str> = rows.iter().map(|r| r[col("edition")]).collect();
        editions.dedup();
        assert!(editions.len() >= 2, "{f}: {editions:?}");
        for e in editions {
            let mine: Vec<_> = rows.iter().filter(|r| r[col("edition")] == e).collect();
            let wins: f64 = mine
                .iter()
                .map(|r| r[col("win_rate")].parse::<f64>().unwrap())
                .sum();
            // A grapple may end with nobody winning and no draw: released,
            // or never begun.
            let undecided: f64 = ["released", "no_grapple"]
                .iter()
                .filter_map(|c| head.iter().position(|h| h == c))
                .map(|i| mine[0][i].parse::<f64>().unwrap())
                .sum();
            let draws: f64 = mine[0][col("draws")].parse::<f64>().unwrap() + undecided;
            assert!(
                (wins + draws - 1.0).abs() < 1e-9,
                "{f} {e}: {wins} + {draws}"
            );
            // Drawn from a round chain: each side's exact chance, within
            // 4.5 standard errors of its estimate.
            if mine[0][col("sampler")] != "round-chain" {
                continue;
            }
            for r in &mine {
                let (got, exact): (f64, f64) = (
                    r[col("win_rate")].parse().unwrap(),
                    r[col("exact_win_rate")].parse().unwrap(),
                );
                let se = (exact * (1.0 - exact) / 20000.0).sqrt().max(1e-9);
                assert!(
                    (got - exact).abs() < 4.5 * se,
                    "{f} {e}: {got} vs exactly {exact}"
                );
            }
            chains += 1;
        }
    }
    assert!(chains >= 27, "{chains} editions drawn from a round chain");
}

#[test]
fn the_same_seed_gives_the_same_output_whatever_the_thread_count() {
    let f = &scenarios()[0];
    let args = [
        "run",
        f.as_str(),
        "--trials",
        "30000",
        "--format",
        "json",
        "-q",
    ];
    let one = wodds(&args, "1").stdout;
    assert!(!one.is_empty());
    assert_eq!(one, wodds(&args, "2").stdout);
}

#[test]
fn bad_scenarios_are_refused_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nkind = \"combat\"\neditions = [\"revised\"]\n[[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"elf\"\n[[side]]\nname = \"B\"\n",
    )
    .unwrap();
    let out_file = dir.path().join("out.csv");
    let out = wodds(
        &[
            "run",
            bad.to_str().unwrap(),
            "-o",
            out_file.to_str().unwrap(),
        ],
        "2",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.toml:8:") && err.contains("side.member.kind"),
        "{err}"
    );
    assert!(!out_file.exists());
    // An unknown edition is named, and nothing is half-run.
    let f = &scenarios()[0];
    let out = wodds(
        &[
            "run",
            f,
            "--editions",
            "revised,vtm",
            "-o",
            out_file.to_str().unwrap(),
        ],
        "2",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("vtm"));
    assert!(!out_file.exists());
}

#[test]
fn bad_grapples_are_refused_with_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("grapple.toml");
    let members = "[[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n[[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n";
    // Start held without the Control it starts with.
    std::fs::write(
        &bad,
        format!("name = \"x\"\nkind = \"grapple\"\neditions = [\"fta\"]\n[grapple]\ngrappler = \"A\"\nstart = \"held\"\n{members}"),
    )
    .unwrap();
    let out = wodds(&["run", bad.to_str().unwrap(), "-q"], "2");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("grapple.toml:4:") && err.contains("grapple.control"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // A house rule for fta setting the hold engine's family.
    let house = dir.path().join("house.toml");
    std::fs::write(
        &house,
        "extends = \"fta\"\n[grapple.hold]\ndifficulty = 5\n",
    )
    .unwrap();
    std::fs::write(
        &bad,
        format!("name = \"x\"\nkind = \"grapple\"\neditions = [\"house.toml\"]\n[grapple]\ngrappler = \"A\"\nstart = \"attack\"\n{members}"),
    )
    .unwrap();
    let out = wodds(&["run", bad.to_str().unwrap(), "-q"], "2");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("house.toml:3:") && err.contains("does not read [grapple.hold]"),
        "{err}"
    );
}

/// Issue 24, item 6: `wodds run`'s "ended:" line folds the ways of ending
/// that never happen (0 in the draw and exactly 0 from the round chain)
/// into a closing `never: ...`, and shows every other way. In the bar
/// brawl nobody has a `flee-at` and Revised has no conceding, so under
/// revised "fled" and "conceded" are impossible; under hubris a beaten
/// fighter concedes (RULES.md), so there "conceded" is shown. The JSON
/// keeps every way, and the line agrees with it way by way.
#[test]
fn the_ended_line_folds_ways_of_ending_that_never_happen() {
    let args = |format: &'static str| {
        [
            "run",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/brawl.toml"),
            "--editions",
            "revised,hubris",
            "--trials",
            "2000",
            "--format",
            format,
            "-q",
        ]
    };
    let json = wodds(&args("json"), "2");
    let text = wodds(&args("table"), "2");
    assert!(json.status.success() && text.status.success());
    let results: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("  ended: "))
        .collect();
    let results = results.as_array().unwrap();
    assert_eq!(lines.len(), results.len(), "{text}");
    for (line, r) in lines.iter().zip(results) {
        let (shown, never) = line.split_once("; never: ").unwrap_or((line, ""));
        let exact = r["exact_ended"]
            .as_array()
            .expect("brawl has a round chain");
        for (way, q) in r["ended"].as_array().unwrap().iter().zip(exact) {
            let name = way[0].as_str().unwrap();
            if name == "draw" {
                continue;
            }
            let impossible = way[1].as_f64() == Some(0.0) && q[1].as_f64() == Some(0.0);
            assert_eq!(
                never.contains(name),
                impossible,
                "{name} in the never list of: {line}"
            );
            assert_eq!(
                shown.contains(&format!("{name} ")),
                !impossible,
                "{name} shown in: {line}"
            );
        }
    }
    let (revised, hubris) = (lines[0], lines[1]);
    assert!(
        revised.starts_with("incapacitated ")
            && revised.ends_with("; never: killed, conceded or fled"),
        "{revised}"
    );
    assert!(
        hubris.contains("conceded ") && hubris.ends_with("; never: fled"),
        "{hubris}"
    );
}

/// Issue 25, defect 7: under the hold engine (revised, uwod) a Grappler
/// whose effect deals no damage (Ted's default `pin`) can only hold on:
/// it wins exactly 0%, and `wodds run` says why under those editions and
/// not under fta or hubris, which pin.
#[test]
fn a_grappler_that_cannot_win_is_named() {
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/ted-grapples-peter.toml"
    );
    let out = wodds(&["run", scenario, "--trials", "200", "-q"], "1");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for block in text.split("\n\n").skip(1) {
        let named = block.contains("note: the hold engine has no pin");
        let edition = block.split_whitespace().next().unwrap();
        assert_eq!(named, matches!(edition, "revised" | "uwod"), "{block}");
        if named {
            assert!(block.contains("exactly 0.00%"), "{block}");
        }
    }
}

/// Issue 29, item 1: where no round chain is built, `wodds run` says why
/// and how to get one, and the flag it names gets one. The revised brawl's
/// chain has 400 states: held to 200 it passes the state limit, the line
/// names the limit and `--max-states 800`, and with that flag the chain is
/// built and says so. A limit below 1 is refused with the flag's range.
#[test]
fn a_missing_chain_says_why_and_the_flag_that_builds_it() {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/brawl.toml");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            scenario,
            "--editions",
            "revised",
            "--trials",
            "200",
            "-q",
        ];
        args.extend_from_slice(extra);
        let out = wodds(&args, "1");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run(&[]).contains("exact round chain (400 states)"));
    assert!(!run(&[]).contains("no round chain"));
    let held = run(&["--max-states", "200"]);
    let line = held
        .lines()
        .find(|l| l.contains("no round chain:"))
        .unwrap_or_else(|| panic!("{held}"));
    assert!(line.contains("more than 200 states"), "{line}");
    assert!(line.contains("--max-states 800"), "{line}");
    assert!(line.contains(" MB more memory"), "{line}");
    assert!(run(&["--max-states", "800"]).contains("exact round chain (400 states)"));
    // The JSON says it too.
    let json = {
        let mut args = vec!["--max-states", "200"];
        args.extend_from_slice(&["--format", "json"]);
        run(&args)
    };
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let why = v[0]["no_chain"].as_str().expect("no_chain");
    assert!(why.starts_with("more than 200 states"), "{why}");
    let out = wodds(&["run", scenario, "--max-states", "0"], "1");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--max-states") && err.contains("1..=16777216"),
        "{err}"
    );
}

/// `wodds run` under a pseudo-terminal (util-linux `script`, which copies
/// what the terminal shows to its standard output).
#[test]
fn a_chain_that_takes_seconds_shows_how_far_it_has_got_on_a_terminal() {
    // The garou's chain under revised (allowed more states) takes seconds
    // to build: on a terminal the spinner says how far it has got; with
    // -q, or off a terminal, nothing.
    let args = [
        "scenarios/garou-vs-hunters.toml",
        "--editions",
        "revised",
        "--max-states",
        "262144",
        "--trials",
        "1000",
    ];
    let shown = on_a_terminal(&format!("run {}", args.join(" ")));
    assert!(shown.contains("building round chains:"), "{shown}");
    assert!(shown.contains("paths through their dice"), "{shown}");
    assert!(shown.contains("exact round chain (3559 states)"), "{shown}");
    let quiet = on_a_terminal(&format!("run {} -q", args.join(" ")));
    assert!(!quiet.contains("building round chains"), "{quiet}");
    assert!(quiet.contains("exact round chain (3559 states)"), "{quiet}");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let off = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .arg("run")
        .args(args)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(off.status.success(), "{off:?}");
    assert!(
        off.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&off.stderr)
    );
}
