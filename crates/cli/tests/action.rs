//! `wodds action` end to end: every command exact against Monte Carlo, the
//! seeds' worked examples by name, and bad input.

use std::process::{Command, Output};

use serde_json::Value;

fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .output()
        .expect("run wodds")
}

/// Runs `wodds action ...` with JSON output and returns the document.
fn json(args: &[&str]) -> Value {
    let mut all = vec!["action"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json", "--quiet"]);
    let out = wodds(&all);
    assert!(
        out.status.success(),
        "wodds {all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn f(v: &Value, path: &[&str]) -> f64 {
    path.iter()
        .fold(v, |v, k| &v[*k])
        .as_f64()
        .unwrap_or_else(|| panic!("{path:?} in {v}"))
}

/// Chance of success within `k` rolls or rounds, from the rows.
fn within(v: &Value, k: usize) -> f64 {
    f(&v["rounds"][k - 1], &["p_win_within"])
}

const COMMANDS: [&[&str]; 5] = [
    &[
        "extended",
        "--edition",
        "revised",
        "--pool",
        "7",
        "--difficulty",
        "7",
        "--target",
        "18",
        "--max-rolls",
        "10",
    ],
    &[
        "teamwork",
        "--edition",
        "revised",
        "--pools",
        "4,5,3",
        "--difficulty",
        "6",
        "--target",
        "10",
    ],
    &[
        "contest",
        "--edition",
        "revised",
        "--a",
        "5@6",
        "--b",
        "5@6",
        "--target",
        "5",
    ],
    &[
        "prolonged",
        "--edition",
        "hubris",
        "--a",
        "5",
        "--b",
        "6",
        "--a-resistance",
        "2",
        "--b-resistance",
        "3",
    ],
    &[
        "contest",
        "--edition",
        "uwod",
        "--a",
        "6",
        "--b",
        "5",
        "--target",
        "5",
        "--tally",
        "difference",
    ],
];

#[test]
fn every_action_matches_its_monte_carlo_within_4_5_standard_errors() {
    for cmd in COMMANDS {
        let exact = json(cmd);
        let mut mc_args = cmd.to_vec();
        mc_args.extend_from_slice(&["--method", "mc", "--trials", "1000000", "--seed", "1"]);
        let mc = json(&mc_args);
        let (e, m) = (
            f(&exact, &["summary", "p_win"]),
            f(&mc, &["summary", "p_win"]),
        );
        let se = (e * (1.0 - e) / 1e6).sqrt();
        assert!((e - m).abs() <= 4.5 * se, "{cmd:?}: exact {e}, mc {m}");
        let reported = f(&mc, &["summary", "se_win"]);
        assert!((reported - (m * (1.0 - m) / 1e6).sqrt()).abs() < 1e-12);
        for k in [1, 3, 5] {
            let (e, m) = (within(&exact, k), within(&mc, k));
            let se = (e * (1.0 - e) / 1e6).sqrt();
            assert!(
                (e - m).abs() <= 4.5 * se + 1e-12,
                "{cmd:?} within {k}: exact {e}, mc {m}"
            );
        }
    }
    // The single resisted roll.
    let cmd = [
        "resisted",
        "--edition",
        "revised",
        "--a",
        "6@7",
        "--b",
        "7@6",
    ];
    let e = f(&json(&cmd), &["p_success"]);
    let mut mc_args = cmd.to_vec();
    mc_args.extend_from_slice(&["--method", "mc", "--trials", "1000000"]);
    let m = f(&json(&mc_args), &["p_success"]);
    assert!(
        (e - m).abs() <= 4.5 * (e * (1.0 - e) / 1e6).sqrt(),
        "resisted: exact {e}, mc {m}"
    );
}

/// Veronica's Wits 3 + Finance 4: seven dice at 7, 18 successes, a roll a
/// night, a botch starts her over (Chapter Five). She cannot finish in two
/// nights (seven dice net at most seven successes).
#[test]
fn veronicas_finance() {
    let v = json(COMMANDS[0]);
    assert_eq!(within(&v, 2), 0.0);
    let (three, five, ten) = (within(&v, 3), within(&v, 5), within(&v, 10));
    assert!(0.0 < three && three < five && five < ten && ten < 1.0);
    // Ten nights cover it: the unfinished share is the rest.
    let s = &v["summary"];
    assert!((f(s, &["p_win"]) + f(s, &["p_unfinished"]) - 1.0).abs() < 1e-12);
}

/// Equal characters in the debate (their pools change by round; a botch
/// wipes that side's tally) and in the car chase: even odds by symmetry.
#[test]
fn the_debate_and_the_car_chase_between_equals_are_even() {
    let debate = json(&[
        "contest",
        "--edition",
        "revised",
        "--a",
        "5@5,5@5,5@5,6@4",
        "--b",
        "5@5,5@5,5@5,6@4",
        "--target",
        "5",
    ]);
    assert!((f(&debate, &["summary", "p_win"]) - 0.5).abs() < 1e-12);
    let chase = json(&[
        "contest",
        "--edition",
        "revised",
        "--a",
        "5@6",
        "--b",
        "5@6",
        "--target",
        "5",
        "--tally",
        "difference",
    ]);
    assert!((f(&chase, &["summary", "p_win"]) - 0.5).abs() < 1e-12);
}

/// The chantry library (Wits 3 + Occult 3 at 8, 15 successes, a roll an
/// hour) and running from pursuers (Stamina 3 + Athletics 3 at 7, 15): a
/// target beyond one roll's six dice needs at least three rolls.
#[test]
fn the_chantry_library_and_the_pursuers() {
    for args in [
        [
            "extended",
            "--edition",
            "revised",
            "--pool",
            "6",
            "--difficulty",
            "8",
            "--target",
            "15",
        ],
        [
            "extended",
            "--edition",
            "revised",
            "--pool",
            "6",
            "--difficulty",
            "7",
            "--target",
            "15",
        ],
    ] {
        let v = json(&args);
        assert_eq!(within(&v, 2), 0.0, "{args:?}");
        assert!(within(&v, 3) > 0.0);
        // A botch only wipes, so the action ends in success.
        assert!((f(&v, &["summary", "p_win"]) - 1.0).abs() < 1e-9);
    }
}

/// Runs wodds expecting bad input: exit code 2, one line, no output.
fn refused(args: &[&str]) -> String {
    let mut all = vec!["action"];
    all.extend_from_slice(args);
    let out = wodds(&all);
    assert_eq!(out.status.code(), Some(2), "{all:?}");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    assert!(refused(&["extended", "-e", "revised", "-p", "7", "-t", "0"]).contains("1..=200"));
    assert!(refused(&["extended", "-e", "revised", "-p", "70", "-t", "5"]).contains("1..=60"));
    assert!(
        refused(&["resisted", "-e", "revised", "--a", "6@", "--b", "5"])
            .contains("POOL@DIFFICULTY")
    );
    assert!(
        refused(&["resisted", "-e", "revised", "--a", "6@7@8", "--b", "5"])
            .contains("POOL@DIFFICULTY")
    );
    assert!(
        refused(&[
            "contest", "-e", "revised", "--a", "6@11", "--b", "5", "-t", "5"
        ])
        .contains("2..=10")
    );
    assert!(
        refused(&[
            "prolonged",
            "-e",
            "hubris",
            "--a",
            "5",
            "--b",
            "5",
            "--a-resistance",
            "0",
            "--b-resistance",
            "2"
        ])
        .contains("--a-resistance")
    );
    assert!(
        refused(&[
            "extended", "-e", "revised", "-p", "5", "-t", "5", "--method", "mc", "--trials", "0"
        ])
        .contains("--trials")
    );
}

/// Hall's punch and two dodges (Chapter Five): Dexterity 3 + Brawl 4 and
/// twice Dexterity 3 + Dodge 3, three actions: 4, 2 and 1 dice.
#[test]
fn halls_multiple_actions() {
    let v = json(&[
        "multiple",
        "--edition",
        "revised",
        "--pools",
        "7,6,6",
        "--difficulty",
        "6",
    ]);
    let rolled: Vec<i64> = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["pool"].as_i64().unwrap() - a["penalty"].as_i64().unwrap())
        .collect();
    assert_eq!(rolled, [4, 2, 1]);
    // One die at 6 succeeds with 0.5; two dice unless neither nets a success:
    // 1 - (0.5^2 + 2 * 0.5 * 0.1) = 0.65 (a success cancelled by a 1 fails).
    assert!((f(&v["actions"][2], &["p_success"]) - 0.5).abs() < 1e-12);
    assert!((f(&v["actions"][1], &["p_success"]) - 0.65).abs() < 1e-12);
    let all = f(&v, &["p_all"]);
    let product: f64 = (0..3)
        .map(|i| f(&v["actions"][i], &["p_success"]))
        .product();
    assert!((all - product).abs() < 1e-12);
    // hubris has no such rule; a pool driven to 0 cannot act.
    assert!(refused(&["multiple", "-e", "hubris", "--pools", "7,6"]).contains("multiple-actions"));
    assert!(
        refused(&["multiple", "-e", "revised", "--pools", "7,3,6"]).contains("cannot be attempted")
    );
}

/// Winters tries again at +1 difficulty a failure: with one die the tries
/// succeed with 0.5, 0.4 and 0.3 (difficulty 6, 7, 8).
#[test]
fn trying_again() {
    let v = json(&[
        "retry",
        "--edition",
        "revised",
        "--pool",
        "1",
        "--difficulty",
        "6",
        "--tries",
        "3",
    ]);
    assert!((within(&v, 3) - (1.0 - 0.5 * 0.6 * 0.7)).abs() < 1e-12);
    let mc = json(&[
        "retry",
        "--edition",
        "revised",
        "--pool",
        "5",
        "--difficulty",
        "6",
        "--method",
        "mc",
        "--trials",
        "1000000",
    ]);
    let exact = json(&[
        "retry",
        "--edition",
        "revised",
        "--pool",
        "5",
        "--difficulty",
        "6",
    ]);
    for k in [1, 2, 3] {
        let (e, m) = (within(&exact, k), within(&mc, k));
        assert!(
            (e - m).abs() <= 4.5 * (e * (1.0 - e) / 1e6).sqrt(),
            "within {k}: {e} {m}"
        );
    }
}

/// Veronica spending a Willpower point every night: one success the 1s
/// cannot cancel, and no botch; a night is then 1 + the plain roll's net
/// successes (a plain botch nets 0). Within three nights: a triple
/// convolution of the plain distribution.
#[test]
fn veronica_spending_willpower() {
    let plain = wodds_dice::exact(
        &wodds_dice::RollSpec::new(7, wodds_dice::RollRules::classic(7)).unwrap(),
    );
    let night = |s: u32| {
        if s == 0 {
            plain.p(0, false) + plain.p_botch()
        } else {
            plain.p(s, false)
        }
    };
    let mut by_three = 0.0;
    for a in 0..=7 {
        for b in 0..=7 {
            for c in 0..=7 {
                if a + b + c + 3 >= 18 {
                    by_three += night(a) * night(b) * night(c);
                }
            }
        }
    }
    let v = json(&[
        "extended",
        "--edition",
        "revised",
        "--pool",
        "7",
        "--difficulty",
        "7",
        "--target",
        "18",
        "--max-rolls",
        "3",
        "--willpower",
    ]);
    assert!(
        (within(&v, 3) - by_three).abs() < 1e-12,
        "{} vs {by_three}",
        within(&v, 3)
    );
}

/// One die: 0 successes 0.7, k >= 1 successes 0.27 * 0.1^(k-1) (8+,
/// 10-again). Two such dice tie at a success with 0.0729 / 0.99 and one
/// wins outright with (1 - 0.49 - 0.0729 / 0.99) / 2 = 0.218182.
const TIE_AT_A_SUCCESS: f64 = 0.0729 / 0.99;
const OUTRIGHT: f64 = (1.0 - 0.49 - TIE_AT_A_SUCCESS) / 2.0;

/// `wodds action prolonged --tie`, one die each and Resistance 1: the
/// first decided contest ends it. hubris's own rule (001, "a success total
/// to match or beat") gives A a tie in which it rolled a success:
/// (0.218182 + 0.073636) / 0.51 = 0.572193; nobody winning ties, or ties
/// rolled again, even; ties to B: A wins only outright, 0.218182.
#[test]
fn prolonged_ties_follow_the_tie_rule() {
    let acting = (OUTRIGHT + TIE_AT_A_SUCCESS) / (2.0 * OUTRIGHT + TIE_AT_A_SUCCESS);
    assert!((acting - 0.572193).abs() < 1e-6);
    for (tie, want, words) in [
        (None, acting, "goes to A if it rolled a success"),
        (Some("acting"), acting, "goes to A if it rolled a success"),
        (Some("nothing"), 0.5, "is won by nobody"),
        (Some("re-roll"), 0.5, "is rolled again"),
        (Some("defender"), OUTRIGHT, "goes to B"),
    ] {
        let mut args = vec![
            "prolonged",
            "--edition",
            "hubris",
            "--a",
            "1",
            "--b",
            "1",
            "--a-resistance",
            "1",
            "--b-resistance",
            "1",
        ];
        if let Some(t) = tie {
            args.extend_from_slice(&["--tie", t]);
        }
        let v = json(&args);
        let p = f(&v, &["summary", "p_win"]);
        assert!((p - want).abs() < 1e-12, "{tie:?}: {p}, want {want}");
        let action = v["summary"]["action"].as_str().unwrap();
        assert!(action.contains(words), "{action}");
    }
}

/// Defect 9. 001 "Teamwork": "Help ... usually serves as an Edge on an
/// appropriate roll", and Edges "usually don't provide more than five
/// dice": under hubris the helpers' pools are added to the first pool, at
/// most 5 dice; a house rule `teamwork = "sum"` rolls each pool and adds
/// the successes (hubris's old way). Target 1 in one roll, 8+ dice:
/// - pools 1, 3, 3: an Edge of 5, 6 dice: 1 - 0.7^6 = 0.882351; added
///   rolls, 7 dice: 1 - 0.7^7 = 0.917646;
/// - pools 2, 2 at difficulty 1: 3 dice: 1 - 0.7^3 = 0.657; added rolls,
///   1 die each: 1 - 0.7^2 = 0.51;
/// - pools 1, 1 at difficulty 3: a chance die (-1 dice): 0.1; added rolls,
///   two chance dice (success 0.1, dramatic failure 0.1, spoiling the
///   team's roll): no failure and a success, 0.9^2 - 0.8^2 = 0.17.
#[test]
fn hubris_teamwork_is_help_as_an_edge() {
    let dir = tempfile::tempdir().unwrap();
    let sum = dir.path().join("sum.toml");
    std::fs::write(
        &sum,
        "extends = \"hubris\"\n[actions]\nteamwork = \"sum\"\n",
    )
    .unwrap();
    let sum = sum.to_str().unwrap();
    for (pools, difficulty, edge, added) in [
        ("1,3,3", "0", 1.0 - 0.7f64.powi(6), 1.0 - 0.7f64.powi(7)),
        ("2,2", "1", 1.0 - 0.7f64.powi(3), 0.51),
        ("1,1", "3", 0.1, 0.17),
    ] {
        for (edition, want) in [("hubris", edge), (sum, added)] {
            let v = json(&[
                "teamwork",
                "--edition",
                edition,
                "--pools",
                pools,
                "--difficulty",
                difficulty,
                "--target",
                "1",
                "--max-rolls",
                "1",
            ]);
            let p = f(&v, &["summary", "p_win"]);
            assert!(
                (p - want).abs() < 1e-12,
                "{edition} {pools}@{difficulty}: {p}, want {want}"
            );
        }
    }
    let v = json(&[
        "teamwork",
        "--edition",
        "hubris",
        "--pools",
        "1,3,3",
        "--target",
        "1",
    ]);
    let action = v["summary"]["action"].as_str().unwrap();
    assert!(action.contains("the helpers add 5 dice"), "{action}");
}
