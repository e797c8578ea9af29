//! The library API as the page and the Python module call it: text in,
//! the CLI's figures out, errors that say where.

use std::sync::atomic::{AtomicU64, Ordering};

use wodds_api::request::{self, OddsQuery, RunQuery};

fn query<T: serde::de::DeserializeOwned>(json: &str) -> T {
    serde_json::from_str(json).expect("a valid query")
}

fn shipped(name: &str) -> String {
    let path = format!("{}/../../scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("a shipped scenario")
}

/// Two dice at difficulty 6 under revised, by hand: no success and a 1
/// botches (1/10 · 1/10 + 2 · 1/10 · 4/10 = 0.09); a success needs more
/// successes than 1s: 1 - P(net <= 0) = 0.5 + 0.5·... worked as the 100
/// equally likely pairs of outcome classes (1, 2-5, 6-10 with weights 1,
/// 4, 5): net > 0 for (s,s) 25, (s,m) 2·20 = 40 → 65/100.
#[test]
fn a_house_rule_as_text_gives_the_odds_worked_by_hand() {
    let revised: OddsQuery = query(r#"{"editions": ["revised"], "pool": 2, "difficulty": 6}"#);
    let a = request::odds(&revised).unwrap();
    assert_eq!(a.rows.len(), 1);
    assert!(
        (a.rows[0].p_success - 0.65).abs() < 1e-12,
        "{}",
        a.rows[0].p_success
    );
    assert!(
        (a.rows[0].p_botch - 0.09).abs() < 1e-12,
        "{}",
        a.rows[0].p_botch
    );
    // A house rule typed as text: 1s cancel nothing. Two dice then succeed
    // unless both miss: 1 - (5/10)^2.
    let text = "name = \"no ones\"\nextends = \"revised\"\n[dice]\nones = \"ignore\"\n";
    let q: OddsQuery = serde_json::from_value(serde_json::json!({
        "editions": [{"id": "house", "file": "house.toml", "text": text}],
        "pool": 2, "difficulty": 6,
    }))
    .unwrap();
    let a = request::odds(&q).unwrap();
    assert!(
        (a.rows[0].p_success - 0.75).abs() < 1e-12,
        "{}",
        a.rows[0].p_success
    );
    assert_eq!(a.rows[0].edition, "house");
    // The CSV carries the same figure, under the CLI's header.
    assert!(
        a.csv
            .starts_with("edition,pool,difficulty,p_success,p_botch,mean,")
    );
    assert!(a.csv.lines().nth(1).unwrap().starts_with("house,2,6,0.75,"));
}

/// A mistake in a house rule's text is located: file, line, field.
#[test]
fn a_bad_rule_says_its_file_line_and_field() {
    let text = "name = \"bad\"\nextends = \"revised\"\n[dice]\nones = \"none\"\n";
    let q: OddsQuery = serde_json::from_value(serde_json::json!({
        "editions": [{"id": "house", "file": "house.toml", "text": text}],
        "pool": 2,
    }))
    .unwrap();
    let e = request::odds(&q).unwrap_err();
    assert_eq!(e.file.as_deref(), Some("house.toml"));
    assert_eq!(e.line, Some(4), "{}", e.message);
    assert_eq!(e.field.as_deref(), Some("dice.ones"), "{}", e.message);
    assert!(e.message.contains("house.toml:4:"), "{}", e.message);
}

/// Out-of-range requests are refused with the value's name and range.
#[test]
fn out_of_range_requests_name_the_value() {
    let q: OddsQuery = query(r#"{"editions": ["revised"], "pool": 0}"#);
    let e = request::odds(&q).unwrap_err();
    assert!(e.message.starts_with("pool: "), "{}", e.message);
    let q: OddsQuery =
        query(r#"{"editions": ["revised"], "pool": 3, "method": "mc", "trials": 0}"#);
    assert!(
        request::odds(&q)
            .unwrap_err()
            .message
            .starts_with("trials: ")
    );
    let q: OddsQuery = query(r#"{"editions": ["revised", "revised"], "pool": 3}"#);
    assert!(
        request::odds(&q)
            .unwrap_err()
            .message
            .contains("listed twice")
    );
}

/// A scenario as text, run under editions given in its place: its own
/// list (here house-rule files beside it, which a page does not have) is
/// not read; the exact figures come from the round chain, and progress
/// reaches every fight.
#[test]
fn a_scenario_runs_under_the_editions_given() {
    let q: RunQuery = serde_json::from_value(serde_json::json!({
        "scenario": shipped("police-pursuit"),
        "file": "police-pursuit.toml",
        "editions": ["fta", "hubris"],
        "trials": 2000,
    }))
    .unwrap();
    let seen = AtomicU64::new(0);
    let a = request::run(
        &q,
        &|done, total| {
            assert_eq!(total, 4000);
            seen.fetch_max(done, Ordering::Relaxed);
        },
        &|| false,
    )
    .unwrap()
    .expect("not stopped");
    assert_eq!(seen.load(Ordering::Relaxed), 4000);
    assert_eq!(a.kind, "chase");
    assert_eq!(a.results.len(), 2);
    assert_eq!(a.results[0].edition, "fta");
    // Under fta the chase has a chain: its wins sum with the draws to 1.
    let r = &a.results[0];
    let exact: f64 = r
        .sides
        .iter()
        .map(|s| s.exact_win_rate.unwrap())
        .sum::<f64>()
        + r.exact_draws.unwrap();
    assert!((exact - 1.0).abs() < 1e-9, "{exact}");
    assert_eq!(a.csv.lines().count(), 1 + 2 * 2);
}

/// A stop between batches ends the run with no result.
#[test]
fn a_stopped_run_answers_nothing() {
    let q: RunQuery = serde_json::from_value(serde_json::json!({
        "scenario": shipped("brawl"),
        "sampler": "die",
        "trials": 100000,
    }))
    .unwrap();
    let batches = AtomicU64::new(0);
    let a = request::run(
        &q,
        &|_, _| {
            batches.fetch_add(1, Ordering::Relaxed);
        },
        &|| batches.load(Ordering::Relaxed) >= 2,
    )
    .unwrap();
    assert!(a.is_none());
}

/// A stop while a round chain is built ends the run before any fight:
/// the elder's fight at the largest limit walks millions of paths through
/// revised's first round before finding it too big (seconds, in release),
/// and the stop is asked before the first state and after every 4,096
/// paths, so the third look is the one that stops it.
#[test]
fn a_run_stops_while_its_chain_is_built() {
    let q: RunQuery = serde_json::from_value(serde_json::json!({
        "scenario": shipped("elder-vs-three-ghouls"),
        "editions": ["revised"],
        "max_states": wodds_sim::conflict::MAX_STATES,
        "trials": 1,
    }))
    .unwrap();
    let (asked, played) = (AtomicU64::new(0), AtomicU64::new(0));
    let a = request::run(
        &q,
        &|n, _| {
            played.fetch_add(n, Ordering::Relaxed);
        },
        &|| asked.fetch_add(1, Ordering::Relaxed) + 1 >= 3,
    )
    .unwrap();
    assert!(a.is_none());
    assert_eq!(asked.load(Ordering::Relaxed), 3);
    assert_eq!(played.load(Ordering::Relaxed), 0);
}

/// `max_states` holds the chain as `--max-states` does (the revised
/// brawl's chain has 400 states), and says its range as the flag does.
#[test]
fn a_run_holds_its_chain_to_max_states() {
    let run = |max: usize| {
        let q: RunQuery = serde_json::from_value(serde_json::json!({
            "scenario": shipped("brawl"), "editions": ["revised"],
            "max_states": max, "trials": 10,
        }))
        .unwrap();
        request::run(&q, &|_, _| {}, &|| false).map(|a| a.expect("not stopped"))
    };
    let held = run(200).unwrap();
    let why = held.results[0].no_chain.as_deref().unwrap();
    assert!(
        why.starts_with("more than 200 states between rounds"),
        "{why}"
    );
    assert_eq!(run(400).unwrap().results[0].chain_states, Some(400));
    let e = run(0).unwrap_err();
    assert_eq!(e.message, "max_states 0: 0 is not in 1..=16777216");
}

/// A scenario that names house-rule files runs the same with their text
/// given as with the files read beside it: Uriel's escape under the two
/// shipped rules where the pursuers roll (exact chases), the same rules
/// and exact figures; the editions' names are the paths as the scenario
/// names them, not joined to a folder. A name given neither way says so.
#[test]
fn house_rules_a_scenario_names_can_be_given_as_text() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let rule = |name: &str| std::fs::read_to_string(format!("{root}/rules/{name}")).unwrap();
    let run = |extra: serde_json::Value| {
        let mut q = serde_json::json!({
            "scenario": shipped("uriel-escapes"), "file": "uriel-escapes.toml", "trials": 2000,
        });
        q.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let q: RunQuery = serde_json::from_value(q).unwrap();
        request::run(&q, &|_, _| {}, &|| false).map(|a| a.expect("not stopped"))
    };
    let read = run(serde_json::json!({ "dir": format!("{root}/scenarios") })).unwrap();
    let given = run(serde_json::json!({ "rules": {
        "../rules/revised-pursuers-roll.toml": rule("revised-pursuers-roll.toml"),
        "../rules/uwod-pursuers-roll.toml": rule("uwod-pursuers-roll.toml"),
    }}))
    .unwrap();
    let ids: Vec<&str> = given.results.iter().map(|r| r.edition.as_str()).collect();
    assert_eq!(
        ids,
        [
            "fta",
            "../rules/revised-pursuers-roll.toml",
            "../rules/uwod-pursuers-roll.toml",
            "hubris"
        ]
    );
    let figures = |a: &request::RunAnswer| {
        let mut v = serde_json::to_value(&a.results).unwrap();
        for r in v.as_array_mut().unwrap() {
            r.as_object_mut().unwrap().remove("edition");
        }
        v
    };
    assert!(given.results[1].sides[0].exact_win_rate.is_some());
    let (read, given) = (figures(&read), figures(&given));
    for (a, b) in read
        .as_array()
        .unwrap()
        .iter()
        .zip(given.as_array().unwrap())
    {
        // The exact figures and the rules' hash; an edition's stream of
        // random numbers is seeded by its name, so the estimates differ.
        for (k, v) in a.as_object().unwrap() {
            if k.starts_with("exact_") || ["rules_hash", "chain_states"].contains(&k.as_str()) {
                assert_eq!(Some(v), b.get(k), "{k}");
            }
        }
    }
    let missing = run(serde_json::json!({ "rules": {
        "../rules/revised-pursuers-roll.toml": rule("revised-pursuers-roll.toml"),
    }}))
    .unwrap_err();
    assert_eq!(missing.field.as_deref(), Some("editions"));
    assert!(
        missing.message.contains("uwod-pursuers-roll.toml"),
        "{}",
        missing.message
    );
}

/// A scenario's mistake is located in the name it was given.
#[test]
fn a_bad_scenario_says_where() {
    let text = shipped("brawl").replace("kind = \"combat\"", "kind = \"duel\"");
    let q: RunQuery = serde_json::from_value(serde_json::json!({
        "scenario": text, "file": "mine.toml",
    }))
    .unwrap();
    let e = request::run(&q, &|_, _| {}, &|| false).unwrap_err();
    assert_eq!(e.file.as_deref(), Some("mine.toml"));
    assert_eq!(e.field.as_deref(), Some("kind"));
}

/// A comparison from text: the single roll's change worked by hand (2
/// dice at 6 under revised: 0.65; with 1s that do not cancel: 0.75), and
/// the brawl compared exactly from both round chains.
#[test]
fn a_comparison_gives_the_change_worked_by_hand() {
    let rule = "name = \"no ones\"\nextends = \"revised\"\n[dice]\nones = \"ignore\"\n";
    let q: request::CompareQuery = serde_json::from_value(serde_json::json!({
        "base": "revised",
        "rule": {"id": "house", "file": "house.toml", "text": rule},
        "scenarios": [{"text": shipped("brawl"), "file": "brawl.toml"}],
    }))
    .unwrap();
    let a = request::compare(&q, &()).unwrap();
    let mut rows = ::csv::Reader::from_reader(a.csv.as_bytes());
    let head = rows.headers().unwrap().clone();
    assert_eq!(
        head.iter().collect::<Vec<_>>(),
        [
            "section", "scenario", "item", "metric", "base", "rule", "change", "low", "high",
            "method"
        ]
    );
    let rows: Vec<::csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let cell = rows
        .iter()
        .find(|r| &r[0] == "odds" && &r[2] == "pool 2, difficulty 6" && &r[3] == "p_success")
        .expect("the cell moved");
    let num = |i: usize| cell[i].parse::<f64>().unwrap();
    assert!((num(4) - 0.65).abs() < 1e-12 && (num(5) - 0.75).abs() < 1e-12);
    assert!((num(6) - 0.10).abs() < 1e-12);
    let brawl: Vec<_> = rows.iter().filter(|r| &r[1] == "brawl").collect();
    assert!(!brawl.is_empty());
    assert!(brawl.iter().all(|r| &r[9] == "exact"), "{brawl:?}");
}

/// An extended action worked by hand: one die at 6 under revised needing
/// one success, a botch failing the action. One roll: 1/2 succeed, 1/10
/// botch, the rest go on; two rolls: 1/2 + 4/10 · 1/2 = 0.7 succeed.
#[test]
fn an_extended_action_gives_the_chances_worked_by_hand() {
    let q: request::ExtendedQuery = query(
        r#"{"edition": "revised", "pool": 1, "difficulty": 6, "target": 1,
            "botch": "fail", "max_rolls": 2}"#,
    );
    let a = request::extended(&q).unwrap();
    assert!((a.rounds[0].p_win - 0.5).abs() < 1e-12);
    assert!((a.rounds[0].p_lose - 0.1).abs() < 1e-12);
    assert!((a.summary.p_win - 0.7).abs() < 1e-12, "{}", a.summary.p_win);
    assert!(
        (a.summary.p_lose - 0.14).abs() < 1e-12,
        "{}",
        a.summary.p_lose
    );
    assert!((a.summary.p_unfinished - 0.16).abs() < 1e-12);
    assert!(
        a.csv
            .starts_with("edition,roll,p_win,p_lose,p_win_within,p_lose_within,method,")
    );
    let q: request::ExtendedQuery = query(r#"{"edition": "revised", "pool": 5, "target": 201}"#);
    assert!(
        request::extended(&q)
            .unwrap_err()
            .message
            .starts_with("target 201 is outside")
    );
}

/// The other actions' setups: trying again at an unchanged difficulty is
/// an extended action needing one success (1 die at 6, a botch ending it:
/// 0.7 succeed within two tries, 0.14 fail); a team of one is that one
/// character's extended action; a contest between equal sides is even.
#[test]
fn the_actions_set_up_agree_with_what_is_known() {
    use wodds_api::Method;
    use wodds_api::action::{self, Follow, side::SideSpec};
    let rules = wodds_rules::RuleSet::load("revised").unwrap();
    let none = wodds_rules::RollOptions::default();
    let how = |horizon| Follow {
        horizon,
        method: Method::Exact,
        trials: 1,
        seed: 1,
    };

    let (retry, what) =
        action::retry(&rules, 1, Some(6), Some(0), true, &none, ["p", "d", "n"]).unwrap();
    assert!(
        what.starts_with("retry: 1 dice at difficulty 6, +0 a failure"),
        "{what}"
    );
    let f = action::follow(&rules, &what, &retry, how(2), &|_| {}, &mut |_| {});
    assert!((f.summary.p_win - 0.7).abs() < 1e-12, "{}", f.summary.p_win);
    assert!(
        (f.summary.p_lose - 0.14).abs() < 1e-12,
        "{}",
        f.summary.p_lose
    );
    assert!(
        action::retry(&rules, 1, None, Some(6), true, &none, ["penalty", "d", "n"])
            .unwrap_err()
            .message
            .starts_with("penalty 6 is outside")
    );

    let (team, what) =
        action::teamwork(&rules, &[5], Some(7), 8, None, &none, ["pools", "target"]).unwrap();
    let (one, _) = action::extended(
        &rules,
        5,
        Some(7),
        8,
        None,
        false,
        &none,
        ["pool", "target"],
    )
    .unwrap();
    let a = action::follow(&rules, &what, &team, how(100_000), &|_| {}, &mut |_| {});
    let b = action::follow(&rules, &what, &one, how(100_000), &|_| {}, &mut |_| {});
    assert_eq!(a.summary.p_win, b.summary.p_win);
    assert_eq!(a.summary.mean_rounds, b.summary.mean_rounds);

    let side: SideSpec = "5@6".parse().unwrap();
    let (contest, what) = action::contest(
        &rules,
        &side,
        &side,
        3,
        Some(wodds_rules::TallyRule::Difference),
        None,
        ["a", "b", "target"],
    )
    .unwrap();
    let f = action::follow(&rules, &what, &contest, how(100_000), &|_| {}, &mut |_| {});
    assert!((f.summary.p_win - f.summary.p_lose).abs() < 1e-12);
    assert!(f.summary.p_win > 0.49, "{}", f.summary.p_win);
    assert!("5@x".parse::<SideSpec>().is_err());
}

/// The actions of one turn: two actions from pools 3 and 4 at 6 under
/// revised lose 2 and 3 dice, so each rolls one die and succeeds half the
/// time: none, one or both succeed 1/4, 1/2, 1/4. Equal sides resisting
/// each other have a margin as likely as its opposite.
#[test]
fn the_actions_of_one_turn_agree_with_what_is_known() {
    use wodds_api::Method;
    use wodds_api::action::once;
    let rules = wodds_rules::RuleSet::load("revised").unwrap();
    let none = wodds_rules::RollOptions::default();
    let exact = (Method::Exact, 1, 1);
    let m = once::multiple(&rules, &[3, 4], &[6], &none, exact, ["pools", "d"]).unwrap();
    assert_eq!(m.rows.iter().map(|r| r.penalty).collect::<Vec<_>>(), [2, 3]);
    for (got, want) in m.count.iter().zip([0.25, 0.5, 0.25]) {
        assert!((got - want).abs() < 1e-12, "{:?}", m.count);
    }
    assert!(
        once::multiple(&rules, &[2, 2], &[], &none, exact, ["pools", "d"])
            .unwrap_err()
            .message
            .starts_with("pools: action 1 has 2 dice less 2")
    );
    let side: wodds_api::action::side::SideSpec = "4@6".parse().unwrap();
    let r = once::resisted(&rules, &side, &side, exact, ["a", "b"]).unwrap();
    let margins = r.margins();
    for &(k, p) in &margins {
        let opposite = margins.iter().find(|(j, _)| *j == -k).map_or(0.0, |m| m.1);
        assert!(
            (p - opposite).abs() < 1e-12,
            "margin {k}: {p} against {opposite}"
        );
    }
    assert!((margins.iter().map(|m| m.1).sum::<f64>() - 1.0).abs() < 1e-9);
}
