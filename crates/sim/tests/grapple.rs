//! Grapples (`kind = "grapple"`): exact odds worked out by hand, house
//! rules moving them, every sampler held to the round chain on every
//! shipped grapple scenario, and bad input refused with its line and field.

use std::path::{Path, PathBuf};

use wodds_sim::conflict::{self, EditionEngine, End, Sampling, Scenario, Tally};

/// Standard errors an estimate may stray from the exact value.
const BOUND: f64 = 4.5;

fn end_index(e: End) -> usize {
    End::ALL.iter().position(|&x| x == e).unwrap()
}

/// A grapple scenario under `editions`, the two members given as TOML.
fn scenario(editions: &str, grapple: &str, max_rounds: u32, a: &str, b: &str) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"grapple\"\neditions = [{editions}]\nmax-rounds = {max_rounds}\n\
         [grapple]\n{grapple}\n\
         [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n{a}\n\
         [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n{b}\n"
    );
    Scenario::parse("t.toml", &text, Some(&std::env::temp_dir())).unwrap()
}

thread_local! {
    /// This test's house-rule files: a temporary folder, removed with
    /// everything in it when the test's thread ends.
    static HOUSES: tempfile::TempDir = tempfile::tempdir().expect("a temporary folder");
}

/// The path of house-rule file `name` in this test's folder.
fn house_path(name: &str) -> std::path::PathBuf {
    HOUSES.with(|dir| dir.path().join(format!("{name}.toml")))
}

/// A house-rule file extending fta with `body`, in a temporary directory.
fn house(name: &str, body: &str) -> String {
    let path = house_path(name);
    std::fs::write(&path, format!("extends = \"fta\"\n{body}")).unwrap();
    format!("\"{}\"", path.display())
}

/// One die each (Strength 1, Brawl 0): under fta's dice a die at
/// difficulty 6 gives a success with probability 1/2 (faces 6-10), else
/// none (a 1 botches, with no success). A held Control of 1 with the
/// rule text's fall of 1 a round: the Grappler winning the roll-off (1/4)
/// takes Control to 2 and the fall back to 1; a tie (1/2) leaves 1 and the
/// fall takes it to 0; the Victim winning (1/4) takes it to 0. So the
/// grapple goes on with probability 1/4 a round and the Victim is free
/// otherwise: over 3 rounds it is free with 1 - (1/4)^3 = 63/64, a draw
/// 1/64, and it lasts 1(3/4) + 2(3/16) + 3(1/16) = 1.3125 rounds on
/// average (the draws counting all three).
#[test]
fn one_die_each_by_hand() {
    let one = "traits = { strength = 1, brawl = 0 }";
    let s = scenario(
        "\"fta\"",
        "grappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        3,
        one,
        one,
    );
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let o = e.chain().expect("a chain").outcomes();
    assert!((o.odds.wins[1] - 63.0 / 64.0).abs() < 1e-12, "{:?}", o.odds);
    assert!(o.odds.wins[0].abs() < 1e-12);
    assert!((o.ends[end_index(End::Freed)] - 63.0 / 64.0).abs() < 1e-12);
    assert!((o.ends[end_index(End::Draw)] - 1.0 / 64.0).abs() < 1e-12);
    assert!((o.odds.mean_rounds() - 1.3125).abs() < 1e-12);
}

/// The same one die each as a house rule without the fall (`decay = 0`,
/// 004's example) and a pin for 2 Control: from Control 1 the Grappler
/// winning (1/4) pins, the Victim winning (1/4) is free, a tie (1/2) leaves
/// Control 1. Over 3 rounds each side wins with (1/4)(1 + 1/2 + 1/4) =
/// 7/16, and 1/8 is a draw: symmetric, as the rules are from Control 1.
/// Under the rule text (the fall on) the Grappler never pins: the fall
/// moves the odds the Victim's way.
#[test]
fn house_rule_without_the_fall() {
    let one = "traits = { strength = 1, brawl = 0 }";
    let rules = house(
        "no-fall-pin-2",
        "[grapple.fta]\ndecay = 0\n[grapple.fta.effects]\npin = 2\n",
    );
    let s = scenario(
        &rules,
        "grappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        3,
        one,
        one,
    );
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let o = e.chain().expect("a chain").outcomes();
    for side in 0..2 {
        assert!(
            (o.odds.wins[side] - 7.0 / 16.0).abs() < 1e-12,
            "{:?}",
            o.odds
        );
    }
    assert!((o.ends[end_index(End::Pinned)] - 7.0 / 16.0).abs() < 1e-12);
    assert!((o.ends[end_index(End::Draw)] - 1.0 / 8.0).abs() < 1e-12);
    let rule_text = house("pin-2", "[grapple.fta.effects]\npin = 2\n");
    let s = scenario(
        &rule_text,
        "grappler = \"A\"\nstart = \"held\"\ncontrol = 1",
        3,
        one,
        one,
    );
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let o = e.chain().expect("a chain").outcomes();
    // With the fall a won round still pins (Control 2 reaches the pin
    // before the fall), but a tie now ends at 0: pin 1/4, free 3/4, all in
    // the first round.
    assert!((o.odds.wins[0] - 0.25).abs() < 1e-12, "{:?}", o.odds);
    assert!((o.odds.wins[1] - 0.75).abs() < 1e-12, "{:?}", o.odds);
}

/// A grapple nobody can end draws: a Grappler that only holds (never
/// pins), the fall off, and a Control of 30 that a Victim of one die
/// (a net of at most 1 a round) cannot wear down in three rounds.
#[test]
fn grapple_nobody_can_end_draws() {
    let one = "traits = { strength = 1, brawl = 0 }\ngrapple = { effect = \"hold\" }";
    let rules = house("hold-no-fall", "[grapple.fta]\ndecay = 0\n");
    let s = scenario(
        &rules,
        "grappler = \"A\"\nstart = \"held\"\ncontrol = 30",
        3,
        one,
        one,
    );
    let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let o = e.chain().expect("a chain").outcomes();
    assert!(
        (o.ends[end_index(End::Draw)] - 1.0).abs() < 1e-12,
        "{:?}",
        o.ends
    );
}

/// 004: "Grappling non-humanoids adds +1-3 to the difficulty". One die
/// each from a held Control of 1, one round: the Grappler keeps the grapple
/// only by winning the roll-off (a success against the Victim's none, at
/// 6 a die succeeds 1/2). A Dexterity grapple on a non-humanoid at the
/// edition's +2 (difficulty 8: faces 8-10, 3/10) keeps it 3/10 x 1/2 =
/// 0.15, so the Victim is free 0.85; at the scenario's +1 (7: 4/10) 0.8;
/// a Strength grapple takes no penalty (`non-humanoid-strength = false`):
/// 0.75, as against a humanoid.
#[test]
fn non_humanoid_penalty() {
    let free = |grappler: &str| {
        let victim = "traits = { strength = 1, brawl = 0 }\ngrapple = { humanoid = false }";
        let s = scenario(
            "\"fta\"",
            "grappler = \"A\"\nstart = \"held\"\ncontrol = 1",
            1,
            grappler,
            victim,
        );
        let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
        e.chain().expect("a chain").outcomes().odds.wins[1]
    };
    let dex = "traits = { dexterity = 1, brawl = 0 }\ngrapple = { pool = \"dexterity\" }";
    assert!((free(dex) - 0.85).abs() < 1e-12, "{}", free(dex));
    let familiar =
        "traits = { dexterity = 1, brawl = 0 }\ngrapple = { pool = \"dexterity\", penalty = 1 }";
    assert!((free(familiar) - 0.8).abs() < 1e-12, "{}", free(familiar));
    let strength = "traits = { strength = 1, brawl = 0 }";
    assert!((free(strength) - 0.75).abs() < 1e-12, "{}", free(strength));
}

/// House rules on the other editions' families move their figures: a
/// harder clinch attack (`[grapple.hold] difficulty = 8`, revised) leaves
/// more grapples never begun; one contest more to lose before the pin
/// (`[grapple.contest] losses = ["stamina", "brawl"]`, hubris, Brawl 1)
/// makes the contest last longer.
#[test]
fn house_rules_on_hold_and_contest() {
    let path = |name: &str, body: &str| {
        let p = house_path(name);
        std::fs::write(&p, body).unwrap();
        format!("\"{}\"", p.display())
    };
    let a = "traits = { strength = 3, brawl = 1, stamina = 2 }";
    let b = "traits = { strength = 3, brawl = 1, stamina = 2 }";
    let exact = |editions: &str| {
        let s = scenario(editions, "grappler = \"A\"\nstart = \"attack\"", 10, a, b);
        let e = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
        e.chain().expect("a chain").outcomes()
    };
    let hard = path(
        "hard-clinch",
        "extends = \"revised\"\n[grapple.hold]\ndifficulty = 8\n",
    );
    let (plain, harder) = (exact("\"revised\""), exact(&hard));
    let missed = end_index(End::Missed);
    assert!(
        harder.ends[missed] > plain.ends[missed] + 0.05,
        "{} vs {}",
        harder.ends[missed],
        plain.ends[missed]
    );
    let longer = path(
        "longer-contest",
        "extends = \"hubris\"\n[grapple.contest]\nlosses = [\"stamina\", \"brawl\"]\n",
    );
    let (plain, longer) = (exact("\"hubris\""), exact(&longer));
    assert!(
        longer.odds.mean_rounds() > plain.odds.mean_rounds() + 0.5,
        "{} vs {}",
        longer.odds.mean_rounds(),
        plain.odds.mean_rounds()
    );
}

/// The shipped grapple scenarios.
fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            std::fs::read_to_string(p)
                .map(|t| t.contains("kind = \"grapple\""))
                .unwrap_or(false)
        })
        .collect();
    out.sort();
    out
}

/// Whether an estimate of `k` in `n` agrees with exact `p` within
/// [`BOUND`] standard errors (and, for ends too rare to be normal, three
/// trials' worth).
fn agrees(k: u64, n: u64, p: f64) -> bool {
    let p = p.clamp(0.0, 1.0);
    let got = k as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt();
    (got - p).abs() <= BOUND * se + 3.0 / n as f64
}

/// Every sampler (die by die, outcome tables, round chain) agrees with the
/// exact chain within 4.5 standard errors on every shipped grapple
/// scenario, every edition: wins, every way it ends, and mean rounds.
#[test]
fn samplers_agree_with_the_chain_on_shipped_grapples() {
    let files = shipped();
    assert!(files.len() >= 3, "{files:?}");
    let n = 20_000;
    for f in &files {
        let s = Scenario::load(f).unwrap();
        assert_eq!(s.editions.len(), 4, "{f:?} runs under every edition");
        for rules in &s.editions {
            let round = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
            let chain = round
                .chain()
                .unwrap_or_else(|| panic!("{f:?} {}", rules.id));
            let o = chain.outcomes();
            for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
                let e = EditionEngine::new(&s, rules, sampling).unwrap();
                let t: Tally = conflict::run(&e, &rules.id, n, 99, &|_| {});
                let what = format!("{f:?} {} {sampling:?}", rules.id);
                for side in 0..2 {
                    assert!(
                        agrees(t.wins[side], n, o.odds.wins[side]),
                        "{what}: side {side} {} vs {}",
                        t.wins[side],
                        o.odds.wins[side]
                    );
                }
                for (i, &p) in o.ends.iter().enumerate() {
                    assert!(
                        agrees(t.ends[i], n, p),
                        "{what}: {} {} vs {p}",
                        End::ALL[i].name(),
                        t.ends[i]
                    );
                }
                let mean = t.mean_rounds().unwrap();
                let var: f64 = (o.odds.ended.iter().enumerate())
                    .map(|(r, p)| p * (r as f64 - o.odds.mean_rounds()).powi(2))
                    .sum();
                let se = (var / n as f64).sqrt();
                assert!(
                    (mean - o.odds.mean_rounds()).abs() <= BOUND * se + 1e-9,
                    "{what}: rounds {mean} vs {}",
                    o.odds.mean_rounds()
                );
            }
        }
    }
}

/// The same seed gives the same tally whatever the thread count.
#[test]
fn deterministic_across_threads() {
    let f = &shipped()[0];
    let s = Scenario::load(f).unwrap();
    let rules = &s.editions[0];
    let e = EditionEngine::new(&s, rules, Sampling::Outcome).unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let a = one.install(|| conflict::run(&e, &rules.id, 30_000, 5, &|_| {}));
    let b = conflict::run(&e, &rules.id, 30_000, 5, &|_| {});
    assert_eq!(a, b);
}

/// Bad grapple input names its line and field.
#[test]
fn bad_grapple_input_names_line_and_field() {
    let base = "name = \"t\"\nkind = \"grapple\"\neditions = [\"fta\"]\n";
    let member = |n: &str| {
        format!("[[side]]\nname = \"{n}\"\n[[side.member]]\nname = \"{n}\"\nkind = \"mortal\"\n")
    };
    let two = format!("{}{}", member("A"), member("B"));
    let cases = [
        (format!("{base}{two}"), "grapple", "needs a [grapple] table"),
        (
            format!("{base}[grapple]\ngrappler = \"Z\"\nstart = \"attack\"\n{two}"),
            "grapple.grappler",
            "no side's first member is named `Z`",
        ),
        (
            format!("{base}[grapple]\ngrappler = \"A\"\nstart = \"held\"\n{two}"),
            "grapple.control",
            "needs the Control",
        ),
        (
            format!("{base}[grapple]\ngrappler = \"A\"\nstart = \"held\"\ncontrol = 40\n{two}"),
            "grapple.control",
            "40 is outside 1..=30",
        ),
        (
            format!(
                "{base}[grapple]\ngrappler = \"C\"\nstart = \"attack\"\n{}[[side.member]]\nname = \"C\"\nkind = \"mortal\"\n{}",
                member("A"),
                member("B")
            ),
            "grapple.grappler",
            "`C` is a third party",
        ),
        (
            format!(
                "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\n[grapple]\ngrappler = \"A\"\nstart = \"attack\"\n{two}"
            ),
            "grapple",
            "only for `kind = \"grapple\"`",
        ),
        (
            format!(
                "{base}[grapple]\ngrappler = \"A\"\nstart = \"attack\"\n{}[[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\ngrapple = {{ penalty = 5 }}\n",
                member("A")
            ),
            "grapple.penalty",
            "5 is outside 0..=3",
        ),
    ];
    for (text, field, says) in cases {
        let err = Scenario::parse("bad.toml", &text, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.toml:"), "{err}");
        assert!(err.contains(field), "{field}: {err}");
        assert!(err.contains(says), "{says}: {err}");
    }
}
