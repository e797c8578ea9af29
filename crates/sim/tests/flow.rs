//! Fights that turn into grapples and chases (`Flow`), worked by hand on
//! one-die pools, and every sampler held to the round chain on the shipped
//! fights that turn.
//!
//! One die at difficulty 6 under Revised's dice (fta's too): a success on
//! 6-10 (1/2), a botch on a lone 1 (1/10), nothing on 2-5; so one success
//! with chance 1/2 and none with 1/2 whatever a botch does. Damage and
//! soak dice ignore 1s: a success with chance 1/2.

use std::path::Path;

use wodds_sim::conflict::{self, ConflictKind, EditionEngine, End, Outcomes, Sampling, Scenario};

mod agree;

/// A fight of `a` against `b` (member TOML bodies), with `extra` TOML at
/// the top level (a `[chase]`), under `editions`.
fn fight(editions: &str, max_rounds: u32, extra: &str, a: &str, b: &str) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [{editions}]\nmax-rounds = {max_rounds}\n{extra}\n\
         [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n{a}\n\
         [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n{b}\n"
    );
    let dir = std::env::temp_dir();
    Scenario::parse("t.toml", &text, Some(&dir)).unwrap_or_else(|e| panic!("{e}\n{text}"))
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

/// A house rule file extending `base` with `body`.
fn house(name: &str, base: &str, body: &str) -> String {
    let path = house_path(name);
    std::fs::write(&path, format!("extends = \"{base}\"\n{body}")).unwrap();
    format!("\"{}\"", path.display())
}

fn exact(s: &Scenario) -> Outcomes {
    let e = EditionEngine::new(s, &s.editions[0], Sampling::Round).unwrap();
    e.chain().expect("a chain").outcomes()
}

fn share(o: &Outcomes, end: End) -> f64 {
    o.ends[End::ALL.iter().position(|&e| e == end).unwrap()]
}

/// One die a pool: Strength 1, Dexterity 1, every Ability 0.
const ONE_DIE: &str = "traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }";
/// Does nothing at all.
const IDLE: &str = "tactics = { attack = \"none\", defend = \"none\" }";

/// fta, with a pin costing 1 Control (a house rule): A's grapple attack
/// (1 die) against B, who neither defends nor attacks, begins a grapple
/// with chance 1/2, gaining Control 1, enough to pin at once (004: the
/// grapple ends when the Grappler "gains enough Control to choose to
/// Pin"); missed, A attacks again in round 2. Two rounds: pinned
/// 1/2 + 1/2 x 1/2 = 3/4 exactly, the rest drawn.
#[test]
fn an_fta_grapple_attack_then_a_pin() {
    let rules = house("pin-1", "fta", "[grapple.fta.effects]\npin = 1\n");
    let s = fight(
        &rules,
        2,
        "",
        &format!("{ONE_DIE}\ntactics = {{ attack = \"grapple\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    assert!(s.turns() && s.grapples());
    let o = exact(&s);
    assert!((share(&o, End::Pinned) - 0.75).abs() < 1e-12, "{o:?}");
    assert!((o.odds.wins[0] - 0.75).abs() < 1e-12);
    assert!((share(&o, End::Draw) - 0.25).abs() < 1e-12);
}

/// The same under the rule text's Pin (10 Control): no pin in two rounds,
/// and B, resisting, frees itself in round 2 when it out-rolls A (1/4) or
/// ties (1/2: the Control of 1 falls to 0): freed, the fight goes on; but
/// nobody can harm anybody, so every fight is drawn.
#[test]
fn a_grapple_that_ends_in_freedom_goes_back_to_the_fight() {
    let s = fight(
        "\"fta\"",
        6,
        "",
        &format!("{ONE_DIE}\ntactics = {{ attack = \"grapple\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    let o = exact(&s);
    assert!((share(&o, End::Draw) - 1.0).abs() < 1e-12, "{o:?}");
}

/// revised's clinch in a fight (RULES.md: "on a hit, Strength damage and
/// both are held"): A's Strength + Brawl attack (1 die) hits with chance
/// 1/2; its clinch deals Strength (1 die) against B's Stamina soak (1
/// die): a level with chance 1/4. In one round the grapple effects deal
/// 1/2 x 1/4 = 1/8 of a level on average.
#[test]
fn the_revised_clinch_hurts_on_the_grab() {
    let s = fight(
        "\"revised\"",
        1,
        "",
        &format!(
            "{ONE_DIE}\ntactics = {{ attack = \"grapple\" }}\ngrapple = {{ effect = \"clinch\" }}"
        ),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    let o = exact(&s);
    assert!((o.harm - 0.125).abs() < 1e-12, "{}", o.harm);
    // A hold instead of a clinch deals nothing.
    let s = fight(
        "\"revised\"",
        1,
        "",
        &format!(
            "{ONE_DIE}\ntactics = {{ attack = \"grapple\" }}\ngrapple = {{ effect = \"hold\" }}"
        ),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    assert_eq!(exact(&s).harm, 0.0);
}

/// fta's grapple defence (004: "The Defense variant only begins the
/// grapple if one is attacked"): B punches (1 die), A answers with its
/// grapple pool (1 die). A grapples when it out-rolls the punch (1/4),
/// the punch lands when B out-rolls A (1/4): Strength 1 + 0 extra dice
/// against Stamina 1, a level with chance 1/4 (a Bruised level costs no
/// dice). With a pin at 1 Control, the grapple's Control of 1 pins at
/// once; otherwise round 2 is the same again: two rounds pin
/// 1/4 + 3/4 x 1/4 = 7/16 of the fights.
#[test]
fn the_grapple_defence_grapples_the_attacker() {
    let rules = house("pin-1-defence", "fta", "[grapple.fta.effects]\npin = 1\n");
    let s = fight(
        &rules,
        2,
        "",
        &format!("{ONE_DIE}\ntactics = {{ attack = \"none\", defend = \"grapple\" }}"),
        ONE_DIE,
    );
    let o = exact(&s);
    assert!((share(&o, End::Pinned) - 7.0 / 16.0).abs() < 1e-12, "{o:?}");
    assert!((o.odds.wins[0] - 7.0 / 16.0).abs() < 1e-12);
}

/// fta's escape into a chase: B does nothing, so A's escape roll comes at
/// the round's end (1 die: a success with chance 1/2), and no attack
/// comes off it: a head start of 1. The chase on foot (Dexterity +
/// Athletics, 1 die each, at 6) moves the Lead by -1, 0, +1 with 1/4,
/// 1/2, 1/4. Caught (Lead 0) with chance 1/4 in the chase's first round:
/// with `caught = "lost"` B wins 1/2 x 1/4 = 1/8 of two-round fights.
/// With escape at a Lead of 1 (a house rule), A escapes by winning that
/// round: 1/8 too.
#[test]
fn an_escape_starts_a_chase_with_its_head_start() {
    let caught = fight(
        "\"fta\"",
        2,
        "[chase]\nprey = \"A\"\ncaught = \"lost\"",
        &format!("{ONE_DIE}\ntactics = {{ defend = \"escape\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    let o = exact(&caught);
    assert!((share(&o, End::Caught) - 0.125).abs() < 1e-12, "{o:?}");
    assert!((o.odds.wins[1] - 0.125).abs() < 1e-12);
    assert_eq!(share(&o, End::Escaped), 0.0);
    // Caught, the fight goes on (the default): nobody can hurt anybody.
    let again = fight(
        "\"fta\"",
        2,
        "[chase]\nprey = \"A\"",
        &format!("{ONE_DIE}\ntactics = {{ defend = \"escape\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    assert!((share(&exact(&again), End::Draw) - 1.0).abs() < 1e-12);
    let near = house("escape-1", "fta", "[chase.fta]\nescape-lead = 1\n");
    let s = fight(
        &near,
        2,
        "[chase]\nprey = \"A\"",
        &format!("{ONE_DIE}\ntactics = {{ defend = \"escape\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    let o = exact(&s);
    assert!((share(&o, End::Escaped) - 0.125).abs() < 1e-12, "{o:?}");
    assert!(
        (o.odds.wins[0] - 0.125).abs() < 1e-12,
        "the Prey's side wins"
    );
}

/// Without a `[chase]` the same escape is a flight: A's side leaves with
/// chance 1/2 in the first round, and again in the second.
#[test]
fn an_escape_nobody_pursues_is_a_flight() {
    let s = fight(
        "\"fta\"",
        2,
        "",
        &format!("{ONE_DIE}\ntactics = {{ defend = \"escape\" }}"),
        &format!("{ONE_DIE}\n{IDLE}"),
    );
    let o = exact(&s);
    assert!((share(&o, End::Fled) - 0.75).abs() < 1e-12, "{o:?}");
    assert!(!s.turns());
}

/// The shipped fights that turn into grapples or chases: every sampler
/// within 4.5 standard errors of the chain's win chances, draws and ends,
/// under every edition.
#[test]
fn every_sampler_agrees_with_the_chain_on_shipped_fights_that_turn() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut seen = 0;
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let s = Scenario::load(&path).unwrap();
        if s.kind != ConflictKind::Combat || !s.turns() {
            continue;
        }
        for rules in &s.editions {
            let chain = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
            let o = chain.chain().expect("a chain").outcomes();
            seen += 1;
            for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
                let e = EditionEngine::new(&s, rules, sampling).unwrap();
                let n = 20_000;
                let t = conflict::run(&e, &rules.id, n, 5, &|_| {});
                let what = format!("{} {} {sampling:?}", path.display(), rules.id);
                for (k, &p) in o.odds.wins.iter().enumerate() {
                    agree::share(&what, t.wins[k], n, p);
                }
                for end in s.ends() {
                    let i = End::ALL.iter().position(|&e| e == end).unwrap();
                    agree::share(&format!("{what} {}", end.name()), t.ends[i], n, o.ends[i]);
                }
            }
        }
    }
    assert!(seen >= 8, "{seen} editions of shipped fights that turn");
}

/// A fight that turns must be of one against one.
#[test]
fn a_grapple_in_a_bigger_fight_is_refused() {
    let text = "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\n\
        [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\ntactics = { attack = \"grapple\" }\n\
        [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n[[side.member]]\nname = \"C\"\nkind = \"mortal\"\n";
    let e = Scenario::parse("t.toml", text, None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("t.toml:9") && e.contains("tactics") && e.contains("one against one"),
        "{e}"
    );
    let text = "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\n[chase]\nprey = \"A\"\n\
        [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n[[side.member]]\nname = \"D\"\nkind = \"mortal\"\n\
        [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n";
    let e = Scenario::parse("t.toml", text, None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("t.toml:4") && e.contains("one against one"),
        "{e}"
    );
    let text = "name = \"t\"\nkind = \"chase\"\neditions = [\"fta\"]\n[chase]\nprey = \"A\"\ncaught = \"lost\"\n\
        [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n\
        [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n";
    let e = Scenario::parse("t.toml", text, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("t.toml:6") && e.contains("chase.caught"), "{e}");
}
