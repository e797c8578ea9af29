//! The regression gate as a pull request runs it (issue 27): a lean
//! baseline (`--tables-only`), `wodds check` from any directory, its
//! Markdown, GitHub and JUnit formats, and the GitHub Action's scripts
//! (`scripts/action/`) run here with a fake `GITHUB_STEP_SUMMARY`,
//! `GITHUB_OUTPUT` and `GITHUB_PATH`, on a baseline that passes and one
//! whose house rule moved a figure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The house rule, with the setting a test changes on line 5.
const HOUSE: &str = "extends = \"revised\"\nname = \"Our table\"\n\n[dice]\nones = \"cancel\"\n";
const HOUSE_NEXT: &str =
    "extends = \"revised\"\nname = \"Our table\"\n\n[dice]\nones = \"ignore\"\n";

fn wodds(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .env_remove("GITHUB_WORKSPACE")
        .output()
        .expect("run wodds")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).to_string()
}

/// A house-rules repository with a lean baseline of the brawl under its
/// house rule, made from `rules/` (so the project root is not the
/// baseline's parent): `rules/scenarios/brawl.toml`, `rules/house.toml`,
/// `rules/ci/baseline/`.
fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("rules");
    std::fs::create_dir_all(project.join("scenarios")).unwrap();
    std::fs::create_dir_all(project.join("ci")).unwrap();
    std::fs::copy(
        root().join("scenarios/brawl.toml"),
        project.join("scenarios/brawl.toml"),
    )
    .unwrap();
    std::fs::write(project.join("house.toml"), HOUSE).unwrap();
    let o = wodds(
        &project,
        &[
            "report",
            "scenarios/brawl.toml",
            "--editions",
            "house.toml",
            "--trials",
            "500",
            "--out",
            "ci/baseline",
            "--tables-only",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("no charts, no page (--tables-only)"),
        "{}",
        text(&o.stdout)
    );
    dir
}

/// A lean baseline holds its tables and manifest, no chart and no page,
/// records where it was made from, and `wodds check` runs from any
/// directory (issue 27's done-when: `cd "$(mktemp -d)" && wodds check
/// --baseline <absolute path>`), its output file written there.
#[test]
fn a_lean_baseline_is_checked_from_any_directory() {
    let repo = repo();
    let baseline = repo.path().join("rules/ci/baseline");
    let mut names: Vec<String> = std::fs::read_dir(&baseline)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "actions.csv",
            "actions.parquet",
            "brawl",
            "dots.csv",
            "dots.parquet",
            "manifest.json",
            "odds.csv",
            "odds.parquet"
        ]
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(baseline.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["root"], "../..");
    assert_eq!(manifest["overrides"]["tables_only"], true);
    assert!(
        (manifest["files"].as_array().unwrap().iter())
            .all(|f| !f["path"].as_str().unwrap().ends_with(".png"))
    );

    let elsewhere = tempfile::tempdir().unwrap();
    let abs = baseline.display().to_string();
    let o = wodds(elsewhere.path(), &["check", "--baseline", &abs, "-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("the new report is byte for byte the baseline"),
        "{}",
        text(&o.stdout)
    );
    // From the baseline's own folder, by a relative path, with the output
    // written where it was named (relative to where check started).
    std::fs::write(repo.path().join("rules/house.toml"), HOUSE_NEXT).unwrap();
    let o = wodds(
        &baseline,
        &[
            "check",
            "--baseline",
            ".",
            "-q",
            "--format",
            "json",
            "-o",
            "../check.json",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(repo.path().join("rules/ci/check.json")).unwrap())
            .unwrap();
    assert_eq!(json["rules"][0]["settings"][0]["key"], "dice.ones");
    assert_eq!(json["rules"][0]["settings"][0]["source"], "house.toml:5");
    // An output that is one of the inputs is refused before any work.
    let o = wodds(
        elsewhere.path(),
        &[
            "check",
            "--baseline",
            &abs,
            "-q",
            "--summary",
            &repo.path().join("rules/house.toml").display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: --summary ") && err.contains("is the input file"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(repo.path().join("rules/house.toml")).unwrap(),
        HOUSE_NEXT
    );
}

/// `--format markdown`, `github` and `junit` on a house rule that moved
/// the brawl: the setting, the line that sets it, the metrics named as
/// the page names them.
#[test]
fn a_reviewer_reads_what_moved_in_markdown_annotations_and_junit() {
    let repo = repo();
    let project = repo.path().join("rules");
    std::fs::write(project.join("house.toml"), HOUSE_NEXT).unwrap();
    // `check --format FORMAT`, which must exit `code`; its stdout.
    let check = |format: &str, code: i32| {
        let args = [
            "check",
            "--baseline",
            "ci/baseline",
            "-q",
            "--format",
            format,
        ];
        let o = wodds(&project, &args);
        assert_eq!(o.status.code(), Some(code), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let md = check("markdown", 1);
    assert!(md.starts_with("## wodds check: "), "{md}");
    assert!(
        md.contains("| `dice.ones` | `\"cancel\"` | `\"ignore\"` | `house.toml:5` |"),
        "{md}"
    );
    assert!(
        md.contains("| brawl | `house.toml` | Veronica's chance to win |"),
        "{md}"
    );
    assert!(
        md.contains("| single roll | `house.toml` | chance of success ("),
        "{md}"
    );
    assert!(md.contains("--update"), "{md}");

    let gh = check("github", 1);
    let first = gh.lines().next().unwrap();
    assert!(
        first.starts_with("::error file=house.toml,line=5,title=wodds check::dice.ones \"cancel\" -> \"ignore\" moved "),
        "{gh}"
    );
    // A percent sign is escaped for the runner.
    assert!(first.contains("%25"), "{first}");
    assert!(gh.contains("\nverdict: "), "the table follows: {gh}");

    let xml = check("junit", 1);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"wodds check\" tests=\"3\" failures=\"3\">"), "{xml}");
    assert!(
        xml.contains("<testsuite name=\"brawl\" tests=\"1\" failures=\"1\">"),
        "{xml}"
    );
    assert!(
        xml.contains(
            "setting dice.ones &quot;cancel&quot; -&gt; &quot;ignore&quot; (set at house.toml:5)"
        ),
        "{xml}"
    );
    assert_eq!(xml.matches("<failure ").count(), 3, "{xml}");
    assert_eq!(xml.matches("</testcase>").count(), 3, "{xml}");

    // Unchanged: every test case passes, and the verdict is a notice.
    std::fs::write(project.join("house.toml"), HOUSE).unwrap();
    let xml = check("junit", 0);
    assert!(xml.contains("tests=\"3\" failures=\"0\""), "{xml}");
    assert!(!xml.contains("<failure"), "{xml}");
}

/// What the action's check step leaves: stdout (the log), the job summary
/// and the step's outputs, and its exit code.
struct Step {
    code: Option<i32>,
    log: String,
    summary: String,
    outputs: String,
}

/// Runs `scripts/action/check.sh` as the action does, from the
/// repository's checkout, with the wodds under test on the PATH.
fn action_check(workspace: &Path) -> Step {
    let github = tempfile::tempdir().unwrap();
    let summary = github.path().join("step_summary.md");
    let outputs = github.path().join("output");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_wodds")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let o = Command::new("bash")
        .arg(root().join("scripts/action/check.sh"))
        .current_dir(workspace)
        .env("PATH", path)
        .env("WODDS_BASELINE", "rules/ci/baseline")
        .env("WODDS_ARGS", "--alpha 0.001")
        .env("GITHUB_WORKSPACE", workspace)
        .env("GITHUB_STEP_SUMMARY", &summary)
        .env("GITHUB_OUTPUT", &outputs)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("bash");
    Step {
        code: o.status.code(),
        log: text(&o.stdout),
        summary: std::fs::read_to_string(&summary).unwrap(),
        outputs: std::fs::read_to_string(&outputs).unwrap_or_default(),
    }
}

/// The action's check step on a passing baseline and on one whose house
/// rule changed: the summary names the setting, the annotation its file
/// (relative to the repository, not the project) and line, the outputs
/// and exit code say what happened.
#[test]
fn the_action_writes_a_summary_and_annotates_the_line_that_moved_the_odds() {
    let repo = repo();
    let step = action_check(repo.path());
    assert_eq!(step.code, Some(0), "{}", step.log);
    assert_eq!(step.outputs, "exit-code=0\nmoved=false\n");
    assert!(
        step.summary
            .starts_with("earlier step\n## wodds check: nothing moved\n"),
        "{}",
        step.summary
    );
    assert!(
        step.log
            .starts_with("::notice title=wodds check::nothing moved"),
        "{}",
        step.log
    );
    assert!(!step.log.contains("::error"), "{}", step.log);

    std::fs::write(repo.path().join("rules/house.toml"), HOUSE_NEXT).unwrap();
    let step = action_check(repo.path());
    assert_eq!(step.code, Some(1), "{}", step.log);
    assert_eq!(step.outputs, "exit-code=1\nmoved=true\n");
    assert!(
        step.summary
            .contains("| `dice.ones` | `\"cancel\"` | `\"ignore\"` | `house.toml:5` |"),
        "{}",
        step.summary
    );
    assert!(
        step.log
            .lines()
            .any(|l| l
                .starts_with("::error file=rules/house.toml,line=5,title=wodds check::dice.ones ")),
        "{}",
        step.log
    );

    // Bad input (the baseline's scenario gone): exit 2, a summary that
    // says the check could not run.
    std::fs::remove_file(repo.path().join("rules/scenarios/brawl.toml")).unwrap();
    let step = action_check(repo.path());
    assert_eq!(step.code, Some(2), "{}", step.log);
    assert_eq!(step.outputs, "exit-code=2\nmoved=false\n");
    assert!(
        step.summary
            .contains("## wodds check: could not run (exit 2)"),
        "{}",
        step.summary
    );
}

/// The action's install step, from a release folder (a `file://` mirror,
/// as `download-url` allows): the archive's sha256 checked, the binary
/// installed and put on `GITHUB_PATH`; a tampered archive refused.
#[test]
fn the_action_installs_a_release_and_refuses_a_tampered_one() {
    let rel = tempfile::tempdir().unwrap();
    let target = "x86_64-unknown-linux-gnu";
    let name = format!("wodds-{target}");
    let inner = rel.path().join(&name);
    std::fs::create_dir(&inner).unwrap();
    // A stand-in for the release binary (the test binary is ~900 MB
    // unoptimised, minutes to compress): what the step checks is the
    // archive's checksum, its unpacking and the PATH.
    let stand_in = format!(
        "#!/bin/sh\necho \"wodds {} (stand-in)\"\n",
        env!("CARGO_PKG_VERSION")
    );
    std::fs::write(inner.join("wodds"), stand_in).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(inner.join("wodds"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let archive = format!("{name}.tar.xz");
    let tar = Command::new("tar")
        .args(["-cJf", &archive, &name])
        .current_dir(rel.path())
        .status()
        .unwrap();
    assert!(tar.success());
    let sha = Command::new("sha256sum")
        .arg(&archive)
        .current_dir(rel.path())
        .output()
        .unwrap();
    std::fs::write(rel.path().join(format!("{archive}.sha256")), &sha.stdout).unwrap();

    let install = |dir: &Path| {
        let github = tempfile::tempdir().unwrap();
        let gh_path = github.path().join("path");
        let o = Command::new("bash")
            .arg(root().join("scripts/action/install.sh"))
            .env("WODDS_VERSION", "0.1.0")
            .env("WODDS_DIR", dir)
            .env(
                "WODDS_DOWNLOAD_URL",
                format!("file://{}", rel.path().display()),
            )
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("GITHUB_PATH", &gh_path)
            .output()
            .unwrap();
        (o, std::fs::read_to_string(&gh_path).unwrap_or_default())
    };
    let tools = tempfile::tempdir().unwrap();
    let dir = tools.path().join("wodds/0.1.0").join(target);
    let (o, gh_path) = install(&dir);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("sha256 ") && out.contains(" checked"), "{out}");
    assert!(
        out.contains(&format!("wodds {}", env!("CARGO_PKG_VERSION"))),
        "{out}"
    );
    assert_eq!(gh_path, format!("{}\n", dir.display()));
    assert!(dir.join("wodds").is_file());

    // The resolve step: a tag v0.1.0 is wodds 0.1.0, in the tool cache.
    let github = tempfile::tempdir().unwrap();
    let o = Command::new("bash")
        .arg(root().join("scripts/action/install.sh"))
        .arg("--resolve")
        .env("ACTION_REF", "v0.1.0")
        .env("WODDS_VERSION", "")
        .env("RUNNER_OS", "Linux")
        .env("RUNNER_ARCH", "ARM64")
        .env("RUNNER_TOOL_CACHE", tools.path())
        .env("GITHUB_OUTPUT", github.path().join("out"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(github.path().join("out")).unwrap(),
        format!(
            "version=0.1.0\ntarget=aarch64-unknown-linux-gnu\ndir={}/wodds/0.1.0/aarch64-unknown-linux-gnu\n",
            tools.path().display()
        )
    );

    // A tampered archive: exit 2, nothing installed.
    let mut bytes = std::fs::read(rel.path().join(&archive)).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(rel.path().join(&archive), bytes).unwrap();
    let other = tools.path().join("other");
    let (o, gh_path) = install(&other);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert!(
        text(&o.stderr).contains("is not the release's"),
        "{}",
        text(&o.stderr)
    );
    assert!(!other.exists());
    assert!(gh_path.is_empty());
}

/// The lean baseline the action's own workflow checks
/// (`.github/workflows/action.yml`), made from the repository's root
/// (`wodds report scenarios/brawl.toml --editions
/// docs/examples/our-table.toml --trials 1000 --tables-only --out
/// docs/examples/gate/baseline`): current, checked from another
/// directory. When wodds moves a figure of the brawl on purpose, make it
/// again with that command.
#[test]
fn the_actions_own_baseline_is_current() {
    let baseline = root().join("docs/examples/gate/baseline");
    let elsewhere = tempfile::tempdir().unwrap();
    let o = wodds(
        elsewhere.path(),
        &["check", "--baseline", &baseline.display().to_string(), "-q"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}
