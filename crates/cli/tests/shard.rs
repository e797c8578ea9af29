//! Sharded runs end to end: `wodds report --shard i/n` and `wodds run
//! --shard i/n` each play their share of the batches, and `wodds merge`
//! of the parts, given in any order, writes the same bytes as the command
//! run in one go, for 1, 2 and 7 shards. Parts that do not go together
//! (another seed, scenario, rules or wodds version, a shard twice or
//! missing, a part tampered with) exit 2 naming the file, and nothing is
//! written.

mod common;
use common::files;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn wodds<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(root())
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // No progress bar when stderr is not a terminal.
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Exit code 2, one line on stderr containing each of `needles`, nothing
/// on stdout.
fn fails(o: &Output, needles: &[&str]) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// Holds two directories to the same files, byte for byte.
fn same_files(a: &Path, b: &Path) {
    let (fa, fb) = (files(a), files(b));
    let names = |f: &[(String, Vec<u8>)]| f.iter().map(|x| x.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&fa), names(&fb));
    for (x, y) in fa.iter().zip(&fb) {
        assert!(x.1 == y.1, "{} differs", x.0);
    }
}

/// Entries of `dir` a failed command would leave behind.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".wodds"))
        .collect()
}

/// `args` with `extra` after them, as strings.
fn with(args: &[&str], extra: &[&str]) -> Vec<String> {
    args.iter().chain(extra).map(|s| s.to_string()).collect()
}

/// Parts `0/n`..`n-1/n` of `args` (a `wodds report` or `wodds run` command
/// line; `flag` names the part's directory) in `dir`, listed in a shuffled
/// order (the last first, then every other one).
fn parts(args: &[&str], flag: &str, n: u64, dir: &Path) -> Vec<PathBuf> {
    let made: Vec<PathBuf> = (0..n)
        .map(|i| {
            let out = dir.join(format!("part-{i}-of-{n}"));
            let shard = format!("{i}/{n}");
            let o = wodds(&with(
                args,
                &["--shard", &shard, flag, out.to_str().unwrap()],
            ));
            let printed = ok(&o);
            assert!(
                printed.starts_with(&format!("part {shard} written to ")),
                "{printed}"
            );
            out
        })
        .collect();
    let mut order: Vec<PathBuf> = made.iter().rev().step_by(2).cloned().collect();
    order.extend(made.iter().rev().skip(1).step_by(2).cloned());
    assert_eq!(order.len(), made.len());
    order
}

fn merge(parts: &[PathBuf], extra: &[&str]) -> Output {
    let mut a: Vec<String> = vec!["merge".into()];
    a.extend(parts.iter().map(|p| p.display().to_string()));
    a.extend(extra.iter().map(|s| s.to_string()));
    wodds(&a)
}

/// A fight from its round chain, one without a chain (the outcome
/// sampler), a chase and a grapple (their tracks by round), each over 7
/// batches, the last one short: at 7 shards each plays one batch of each.
const REPORT: &[&str] = &[
    "report",
    "scenarios/brawl.toml",
    "scenarios/elder-vs-three-ghouls.toml",
    "scenarios/police-pursuit.toml",
    "scenarios/ted-grapples-peter.toml",
    "--trials",
    "64321",
    "--editions",
    "revised,fta",
];

#[test]
fn merged_report_parts_are_the_report_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    // As deep as each merged report (n1/merged): a manifest records where
    // its project is, relative to the report.
    std::fs::create_dir(tmp.path().join("one")).unwrap();
    let single = tmp.path().join("one/single");
    let printed = ok(&wodds(&with(REPORT, &["--out", single.to_str().unwrap()])));
    for n in [1, 2, 7] {
        let dir = tmp.path().join(format!("n{n}"));
        let parts = parts(REPORT, "--out", n, &dir);
        let merged = dir.join("merged");
        let o = merge(&parts, &["--out", merged.to_str().unwrap()]);
        // It prints what the report prints, but for where it is.
        assert_eq!(
            ok(&o).replace(merged.to_str().unwrap(), "OUT"),
            printed.replace(single.to_str().unwrap(), "OUT")
        );
        same_files(&single, &merged);
        assert!(leftovers(&dir).is_empty());
    }
    // The manifest is the single run's: its command names no shard.
    let manifest = std::fs::read_to_string(single.join("manifest.json")).unwrap();
    assert!(!manifest.contains("shard"), "{manifest}");
}

#[test]
fn merged_run_parts_print_what_wodds_run_prints() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        // A fight from its round chain, a chase die by die.
        &[
            "run",
            "scenarios/brawl.toml",
            "--trials",
            "34567",
            "--seed",
            "11",
        ][..],
        &[
            "run",
            "scenarios/police-pursuit.toml",
            "--trials",
            "25000",
            "--sampler",
            "die",
            "--editions",
            "fta,revised",
        ][..],
    ] {
        let name = args[1].trim_start_matches("scenarios/");
        for n in [1, 2, 7] {
            let dir = tmp.path().join(format!("{name}-{n}"));
            let parts = parts(args, "--out", n, &dir);
            for format in ["table", "csv", "json"] {
                let single = ok(&wodds(&with(args, &["--format", format])));
                let merged = ok(&merge(&parts, &["--format", format]));
                assert!(single == merged, "{name}, {n} shards, {format}");
                assert!(single.contains("25000") || single.contains("34567"));
            }
            // To a file, whole: the same bytes.
            let file = dir.join("merged.csv");
            ok(&merge(
                &parts,
                &["--format", "csv", "--output", file.to_str().unwrap()],
            ));
            let single = ok(&wodds(&with(args, &["--format", "csv"])));
            assert_eq!(std::fs::read_to_string(&file).unwrap(), single);
        }
    }
}

/// A chase under a house rule, small: the parts of the bad-input tests.
fn small(house: &Path, seed: &str) -> Vec<String> {
    with(
        &[
            "report",
            "scenarios/police-pursuit.toml",
            "--trials",
            "20000",
            "--editions",
            house.to_str().unwrap(),
            "--seed",
            seed,
        ],
        &[],
    )
}

/// Makes shard `shard` of `args` at `out`.
fn part(args: &[String], shard: &str, out: &Path) {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&wodds(&with(
        &a,
        &["--shard", shard, "--out", out.to_str().unwrap()],
    )));
}

/// Merging `parts` into an existing report exits 2 naming each of
/// `needles`, leaves the report as it was and nothing beside it.
fn refused(parts: &[PathBuf], needles: &[&str], report: &Path) {
    let before = files(report);
    let o = merge(parts, &["--out", report.to_str().unwrap()]);
    fails(&o, needles);
    assert!(files(report) == before, "the report was changed");
    assert!(leftovers(report.parent().unwrap()).is_empty());
    // Into a new directory: none made.
    let fresh = report.parent().unwrap().join("never/made");
    let o = merge(parts, &["--out", fresh.to_str().unwrap()]);
    fails(&o, needles);
    assert!(!fresh.parent().unwrap().exists());
}

#[test]
fn parts_that_do_not_go_together_exit_2_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let house = t.join("house.toml");
    std::fs::copy(root().join("docs/examples/fta-light-piling.toml"), &house).unwrap();
    let args = small(&house, "5");
    let (p0, p1) = (t.join("p0"), t.join("p1"));
    part(&args, "0/2", &p0);
    part(&args, "1/2", &p1);
    // The report they make, to be left alone by every refused merge.
    let report = t.join("out/report");
    std::fs::create_dir(t.join("out")).unwrap();
    ok(&merge(
        &[p1.clone(), p0.clone()],
        &["--out", report.to_str().unwrap()],
    ));
    // As deep as the merged report (out/report).
    std::fs::create_dir(t.join("one")).unwrap();
    let single = t.join("one/single");
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&wodds(&with(&a, &["--out", single.to_str().unwrap()])));
    same_files(&single, &report);
    let s = |p: &Path| p.display().to_string();
    let manifest = |p: &Path| s(&p.join("manifest.json"));

    // Another seed.
    let seed = t.join("seed");
    part(&small(&house, "6"), "1/2", &seed);
    refused(
        &[p0.clone(), seed.clone()],
        &[&manifest(&seed), "seed 6", "seed 5"],
        &report,
    );
    // Another scenario.
    let other = t.join("other");
    let mut b = args.clone();
    b[1] = "scenarios/rush-hour-getaway.toml".into();
    part(&b, "1/2", &other);
    refused(
        &[p0.clone(), other.clone()],
        &[&manifest(&other), "rush-hour-getaway.toml"],
        &report,
    );
    // Other rules: the house rule changed between the shards.
    let text = std::fs::read_to_string(&house).unwrap();
    std::fs::write(&house, text.replace("attacking = 1", "attacking = 3")).unwrap();
    let rules = t.join("rules");
    part(&args, "1/2", &rules);
    refused(
        &[p0.clone(), rules.clone()],
        &[&manifest(&rules), "rules hash"],
        &report,
    );
    // ... and changed since both shards ran: the merge reads it again.
    refused(&[p0.clone(), p1.clone()], &[&s(&house), "rules"], &report);
    std::fs::write(&house, &text).unwrap();
    // Another wodds version (faked in the manifest).
    let old = t.join("old");
    copy_dir(&p1, &old);
    let m = std::fs::read_to_string(old.join("manifest.json")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let faked = m.replace(
        &format!("\"wodds_version\": \"{version}\""),
        "\"wodds_version\": \"0.0.9\"",
    );
    assert_ne!(m, faked);
    std::fs::write(old.join("manifest.json"), &faked).unwrap();
    refused(
        &[p0.clone(), old.clone()],
        &[&manifest(&old), "wodds 0.0.9"],
        &report,
    );
    // ... every part of it: this wodds cannot merge them.
    let old0 = t.join("old0");
    copy_dir(&p0, &old0);
    let m = std::fs::read_to_string(old0.join("manifest.json")).unwrap();
    std::fs::write(
        old0.join("manifest.json"),
        m.replace(
            &format!("\"wodds_version\": \"{version}\""),
            "\"wodds_version\": \"0.0.9\"",
        ),
    )
    .unwrap();
    refused(
        &[old0.clone(), old.clone()],
        &[&manifest(&old0), "0.0.9", version],
        &report,
    );
    // A shard given twice: the same part, or a copy of it.
    refused(
        &[p0.clone(), p0.clone()],
        &[&s(&p0), "0/2", "twice"],
        &report,
    );
    let copy = t.join("copy");
    copy_dir(&p1, &copy);
    refused(
        &[p1.clone(), p0.clone(), copy.clone()],
        &[&s(&copy), &s(&p1), "1/2"],
        &report,
    );
    // A shard missing.
    refused(
        std::slice::from_ref(&p1),
        &[&s(&p1), "shard 0/2 is missing"],
        &report,
    );
    // Another split.
    let third = t.join("third");
    part(&args, "2/3", &third);
    refused(
        &[p0.clone(), p1.clone(), third.clone()],
        &[&manifest(&third), "2/3", "0/2"],
        &report,
    );
    // A part whose tallies were changed: its sha256 no longer matches.
    let tampered = t.join("tampered");
    copy_dir(&p1, &tampered);
    let table = tampered.join("tallies.parquet");
    let mut bytes = std::fs::read(&table).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&table, bytes).unwrap();
    refused(
        &[p0.clone(), tampered.clone()],
        &[&s(&table), "sha256"],
        &report,
    );
    // The scenario file changed since the shards ran.
    let scenario = t.join("chase.toml");
    std::fs::copy(root().join("scenarios/police-pursuit.toml"), &scenario).unwrap();
    let mut c = args.clone();
    c[1] = s(&scenario);
    let (c0, c1) = (t.join("c0"), t.join("c1"));
    part(&c, "0/2", &c0);
    part(&c, "1/2", &c1);
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(&scenario, format!("{text}\n# edited\n")).unwrap();
    refused(&[c0, c1], &[&s(&scenario), "changed"], &report);
    // Not a part: a report, an empty folder, nothing.
    refused(
        &[p0.clone(), single.clone()],
        &[&s(&single), "report"],
        &report,
    );
    let empty = t.join("empty");
    std::fs::create_dir(&empty).unwrap();
    refused(&[p0.clone(), empty.clone()], &[&s(&empty)], &report);
    refused(&[p0.clone(), t.join("nowhere")], &["nowhere"], &report);
    // After all that, the parts still merge.
    ok(&merge(&[p0, p1], &["--out", report.to_str().unwrap()]));
    same_files(&single, &report);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
}

#[test]
fn bad_shard_flags_exit_2_naming_the_flag_and_range() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("p");
    let o_ = out.to_str().unwrap();
    for (shard, needle) in [
        ("7/7", "0..=6"),
        ("0/0", "1..="),
        ("3", "expected i/n"),
        ("a/b", "expected i/n"),
        ("-1/3", "expected i/n"),
        ("1/2/3", "expected i/n"),
    ] {
        for cmd in ["report", "run"] {
            let flag = "--out";
            let o = wodds(&[cmd, "scenarios/brawl.toml", "--shard", shard, flag, o_]);
            fails(&o, &["--shard", shard, needle]);
        }
    }
    // A part needs somewhere to go; a run's part has no format.
    fails(
        &wodds(&["report", "scenarios/brawl.toml", "--shard", "0/2"]),
        &["--shard", "--out"],
    );
    fails(
        &wodds(&["run", "scenarios/brawl.toml", "--shard", "0/2"]),
        &["--shard", "--out"],
    );
    fails(
        &wodds(&[
            "run",
            "scenarios/brawl.toml",
            "--shard",
            "0/2",
            "--out",
            o_,
            "--format",
            "csv",
        ]),
        &["--format", "wodds merge"],
    );
    assert!(!out.exists());
    // A folder that is not a part is kept, unless --force.
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let shard = [
        "run",
        "scenarios/brawl.toml",
        "--trials",
        "100",
        "--shard",
        "0/2",
        "--out",
        o_,
    ];
    fails(&wodds(&shard), &["--out", o_, "--force"]);
    assert!(out.join("mine.txt").exists());
    assert!(leftovers(tmp.path()).is_empty());
    // Forced, the folder becomes a part and the user's file stays.
    let forced = wodds(&with(&shard, &["--force"]));
    assert!(forced.status.success());
    let note = String::from_utf8_lossy(&forced.stderr);
    assert!(
        note.contains("kept 1 file") && note.contains("mine.txt"),
        "{note}"
    );
    assert_eq!(std::fs::read(out.join("mine.txt")).unwrap(), b"keep me");
    assert!(out.join("manifest.json").exists());
    // A part is replaced without --force, the user's file still kept.
    assert!(wodds(&shard).status.success());
    assert_eq!(std::fs::read(out.join("mine.txt")).unwrap(), b"keep me");
    // Merge needs parts, and --out for a report's.
    fails(&wodds(&["merge"]), &["PARTS"]);
}

/// The cluster recipes of the book's sharded runs, their shells run by hand: the
/// Slurm array script as its tasks would (`SLURM_ARRAY_TASK_ID` of
/// `SLURM_ARRAY_TASK_COUNT`), and the Kubernetes Indexed Job's command as
/// its pods would (`JOB_COMPLETION_INDEX`, its `SHARDS` the Job's
/// `completions`), with fewer trials; their parts merge into the report.
/// (`scripts/slurm-local.sh` runs the array on a real Slurm.)
#[test]
fn the_cluster_recipes_make_parts_that_merge_into_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_wodds");
    let sh = |program: &str, args: &[&str], env: &[(&str, String)]| {
        let o = Command::new(program)
            .args(args)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .current_dir(root())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };

    // Slurm.
    let args = ["scenarios/brawl.toml", "--trials", "30000"];
    let parts = tmp.path().join("slurm");
    for i in 0..3 {
        let mut a = vec!["docs/cluster/wodds-array.sbatch"];
        a.extend(args);
        let env = [
            ("SLURM_ARRAY_TASK_ID", i.to_string()),
            ("SLURM_ARRAY_TASK_COUNT", "3".to_string()),
            ("WODDS", bin.to_string()),
            ("WODDS_PARTS", parts.display().to_string()),
        ];
        let printed = sh("bash", &a, &env);
        assert!(
            printed.contains(&format!("part {i}/3 written")),
            "{printed}"
        );
    }
    let single = tmp.path().join("single");
    let mut a = vec!["report"];
    a.extend(args);
    a.extend(["--out", single.to_str().unwrap()]);
    ok(&wodds(&a));
    let merged = tmp.path().join("merged");
    let listed: Vec<PathBuf> = (0..3).map(|i| parts.join(i.to_string())).collect();
    ok(&merge(&listed, &["--out", merged.to_str().unwrap()]));
    same_files(&single, &merged);

    // Kubernetes: the pod's command, its trials cut and its volume here.
    let yaml = std::fs::read_to_string(root().join("docs/cluster/wodds-indexed-job.yaml")).unwrap();
    let value = |key: &str| {
        yaml.lines()
            .map(str::trim)
            .find_map(|l| l.strip_prefix(key))
            .unwrap_or_else(|| panic!("no {key} in the YAML"))
            .trim()
            .trim_matches('"')
            .to_string()
    };
    let completions = value("completions:");
    let shards = yaml
        .lines()
        .skip_while(|l| !l.contains("name: SHARDS"))
        .nth(1)
        .and_then(|l| l.trim().strip_prefix("value:"))
        .expect("SHARDS's value")
        .trim()
        .trim_matches('"')
        .to_string();
    assert_eq!(completions, shards, "completions and SHARDS differ");
    assert_eq!(value("completionMode:"), "Indexed");
    let command = yaml
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("- exec wodds report "))
        .expect("the pod's command");
    let pods = tmp.path().join("pods");
    let command = format!("exec \"$WODDS\" report {command}")
        .replace("--trials 10000000", "--trials 20000")
        .replace("/parts/", &format!("{}/", pods.display()));
    let n: u64 = shards.parse().unwrap();
    for i in 0..n {
        let env = [
            ("JOB_COMPLETION_INDEX", i.to_string()),
            ("SHARDS", shards.clone()),
            ("WODDS", bin.to_string()),
        ];
        sh("sh", &["-c", &command], &env);
    }
    let listed: Vec<PathBuf> = (0..n).map(|i| pods.join(i.to_string())).collect();
    let merged = tmp.path().join("merged-pods");
    ok(&merge(&listed, &["--out", merged.to_str().unwrap()]));
    let single = tmp.path().join("single-pods");
    let one_go = command
        .split_once(" --shard")
        .unwrap()
        .0
        .trim_start_matches("exec \"$WODDS\" ")
        .to_string();
    let mut a: Vec<String> = one_go.split_whitespace().map(str::to_string).collect();
    a.extend(["--out".to_string(), single.display().to_string()]);
    ok(&wodds(&a));
    same_files(&single, &merged);
}
