//! `wodds sheet` end to end: its cells are `wodds odds`'s rows laid out
//! wide (the same numbers), values worked out by hand, house rules side by
//! side in the order given, the HTML page self-contained and escaped, and
//! bad flags refused in one line with exit code 2.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("run wodds")
}

fn ok(args: &[&str]) -> String {
    let out = wodds(args);
    assert!(
        out.status.success(),
        "wodds {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// CSV text as maps from column to field.
fn records(text: &str) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            head.iter()
                .cloned()
                .zip(rec.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The sheet's cell: `chance` (`p_success` or `p_botch`) of `pool` dice
/// at `difficulty` under `edition`.
fn cell(rows: &[HashMap<String, String>], edition: &str, chance: &str, pool: i32, d: i32) -> f64 {
    let row = rows
        .iter()
        .find(|r| r["edition"] == edition && r["chance"] == chance && r["pool"] == pool.to_string())
        .unwrap_or_else(|| panic!("no {edition} {chance} row for pool {pool}"));
    row[&format!("difficulty_{d}")].parse().unwrap()
}

/// "The grid's cells equal the existing `wodds odds` long-format rows":
/// every cell of the sheet, success and botch, is the `p_success` and
/// `p_botch` of `wodds odds`'s row for that pool and difficulty, the same
/// number to the last digit — under each edition, a house rule, and with
/// roll options.
#[test]
fn the_sheet_is_odds_rows_laid_out_wide() {
    for (edition, pools, extra) in [
        ("revised", "1-10", &[][..]),
        ("uwod", "1-10", &[][..]),
        ("hubris", "0-10", &[][..]),
        ("docs/examples/ten-again.toml", "1-10", &[][..]),
        ("hubris", "0-6", &["--willpower"][..]),
        ("revised", "3-12", &["--specialty", "--again", "9"][..]),
    ] {
        let mut sheet_args = vec![
            "sheet",
            "--editions",
            edition,
            "--pool",
            pools,
            "--format",
            "csv",
        ];
        sheet_args.extend(extra);
        let sheet = records(&ok(&sheet_args));
        let mut odds_args = vec![
            "odds",
            "--edition",
            edition,
            "--pool",
            pools,
            "--format",
            "csv",
            "-q",
        ];
        odds_args.extend(extra);
        let odds = records(&ok(&odds_args));
        assert!(odds.len() >= 40, "{edition}: {} rows", odds.len());
        for row in &odds {
            let (pool, d): (i32, i32) = (
                row["pool"].parse().unwrap(),
                row["difficulty"].parse().unwrap(),
            );
            for chance in ["p_success", "p_botch"] {
                let want: f64 = row[chance].parse().unwrap();
                assert_eq!(
                    cell(&sheet, edition, chance, pool, d),
                    want,
                    "{edition} {extra:?}: {chance} of pool {pool} at {d}"
                );
            }
            assert_eq!(
                sheet[0]["options"], row["options"],
                "the options are named as odds names them"
            );
            assert_eq!(sheet[0]["rules_hash"], row["rules_hash"]);
        }
        // Nothing more: a row a pool and grid, a column a difficulty.
        let cells: usize = sheet
            .iter()
            .map(|r| {
                r.iter()
                    .filter(|(k, v)| k.starts_with("difficulty_") && !v.is_empty())
                    .count()
            })
            .sum();
        assert_eq!(cells, 2 * odds.len(), "{edition}");
    }
}

/// Values worked out by hand (a d10 die at difficulty 6 succeeds on 6-10,
/// half its faces, and shows a 1 a tenth of the time):
/// - revised, one die: success 1/2, botch 1/10;
/// - revised, two dice, a 1 cancelling a success: success takes two
///   successes, or one beside a 2-5: 1/4 + 2(1/2)(4/10) = 0.65; a botch is
///   no success and a 1: 2(4/10)(1/10) + 1/100 = 0.09;
/// - the house rule `ones = "ignore"`: two dice succeed unless both fail,
///   1 - 1/4 = 0.75; the botch is as before, 0.09.
///
/// Both editions are on the sheet, in the order given.
#[test]
fn hand_worked_cells_and_a_house_rule_beside_its_base() {
    let house = "docs/examples/our-table-next.toml";
    let rows = records(&ok(&[
        "sheet",
        "--editions",
        &format!("revised,{house}"),
        "--format",
        "csv",
    ]));
    let editions: Vec<&str> = rows.iter().map(|r| r["edition"].as_str()).collect();
    let first_house = editions.iter().position(|e| *e == house).unwrap();
    assert!(first_house > 0 && editions[..first_house].iter().all(|e| *e == "revised"));
    assert_eq!(cell(&rows, "revised", "p_success", 1, 6), 0.5);
    assert_eq!(cell(&rows, "revised", "p_botch", 1, 6), 0.1);
    assert_eq!(cell(&rows, "revised", "p_success", 2, 6), 0.65);
    assert_eq!(cell(&rows, "revised", "p_botch", 2, 6), 0.09);
    assert_eq!(cell(&rows, house, "p_success", 2, 6), 0.75);
    assert_eq!(cell(&rows, house, "p_botch", 2, 6), 0.09);
    // Markdown and HTML: an edition a block, named, in the same order, and
    // the cell read as a percentage.
    let md = ok(&["sheet", "--editions", &format!("revised,{house}")]);
    let (a, b) = (
        md.find("## Vampire: the Masquerade Revised (revised)")
            .unwrap(),
        md.find(&format!("## Our table ({house})")).unwrap(),
    );
    assert!(a < b, "{md}");
    assert!(md.contains("Each cell is the exact chance, in percent, that one roll succeeds"));
    let two_at_6 = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("|    2 |"))
            .map(str::to_string)
    };
    assert!(two_at_6(&md[a..b]).unwrap().contains("|  65.0 |"), "{md}");
    assert!(two_at_6(&md[b..]).unwrap().contains("|  75.0 |"), "{md}");
    let html = ok(&[
        "sheet",
        "--editions",
        &format!("revised,{house}"),
        "--format",
        "html",
    ]);
    let (a, b) = (
        html.find("<h2>Vampire: the Masquerade Revised").unwrap(),
        html.find("<h2>Our table").unwrap(),
    );
    assert!(a < b);
    let footer = &html[html.find("<footer>").unwrap()..];
    assert!(
        footer.contains(concat!("wodds ", env!("CARGO_PKG_VERSION"))),
        "{footer}"
    );
    // (minijinja writes the path's slashes as `&#x2f;`, which reads as `/`.)
    assert!(
        footer.contains("our-table-next.toml: rules ")
            && footer.contains("(a house rule on revised)"),
        "{footer}"
    );
}

/// The page stands alone (no script, nothing fetched), prints (print CSS,
/// page margins), and escapes what a house rule names itself.
#[test]
fn the_html_page_is_self_contained_printable_and_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("odd.toml");
    std::fs::write(
        &rule,
        "extends = \"revised\"\nname = \"Ours <b>& co</b>\"\n[dice]\nbotch = \"never\"\n",
    )
    .unwrap();
    let out = dir.path().join("sheet.html");
    ok(&[
        "sheet",
        "--editions",
        &format!("uwod,{}", rule.display()),
        "--format",
        "html",
        "--output",
        out.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.starts_with("<!doctype html>") && html.trim_end().ends_with("</html>"));
    for absent in ["<script", "src=", "href=", "http:", "https:", "@import"] {
        assert!(!html.contains(absent), "{absent}");
    }
    assert!(html.contains("@media print") && html.contains("@page { margin: 12mm; }"));
    assert!(
        html.contains("Ours &lt;b&gt;&amp; co&lt;&#x2f;b&gt;")
            || html.contains("Ours &lt;b&gt;&amp; co&lt;/b&gt;")
    );
    assert!(!html.contains("<b>&"));
    // A rule that never botches has no botch grid, and says so.
    assert_eq!(html.matches("Chance of a botch").count(), 1, "uwod's only");
    assert!(html.contains("A roll never botches under these rules."));
    // uwod's difficulty is the successes needed, 0 to 5, 1 the standard.
    assert!(html.contains("Difficulty: the successes needed; the standard task, 1, in bold."));
}

/// Bad flags and files: one line naming the flag or file, exit code 2,
/// nothing on stdout, and an output that is an input refused and left as
/// it was.
#[test]
fn bad_flags_are_one_line_and_exit_2() {
    for (args, says) in [
        (&["--editions", "nope"][..], "--editions"),
        (&["--editions", "revised", "--pool", "0"][..], "--pool"),
        (&["--editions", "revised", "--pool", "5-3"][..], "--pool"),
        (
            &["--editions", "uwod", "--difficulty", "6"][..],
            "--difficulty",
        ),
        (
            &["--editions", "revised,uwod", "--difficulty", "2-6"][..],
            "uwod",
        ),
        (
            &["--editions", "revised", "--format", "pdf"][..],
            "--format",
        ),
        (&["--editions", "revised,revised"][..], "--editions"),
        (&["--editions", "revised", "--again", "7"][..], "--again"),
        (&[][..], "--editions"),
        (
            &[
                "--editions",
                "revised",
                "--output",
                "no/such/dir/sheet.html",
            ][..],
            "--output",
        ),
    ] {
        let mut all = vec!["sheet"];
        all.extend(args);
        let out = wodds(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // The output is the house rule read: refused, the file untouched.
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("ours.toml");
    let text = "extends = \"revised\"\nname = \"Ours\"\n";
    std::fs::write(&rule, text).unwrap();
    let r = rule.to_str().unwrap();
    let out = wodds(&["sheet", "--editions", r, "--format", "html", "--output", r]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is the input file"));
    assert_eq!(std::fs::read_to_string(&rule).unwrap(), text);
    assert!(Path::new(r).exists());
}
