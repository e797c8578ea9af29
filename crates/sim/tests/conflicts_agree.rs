//! Grapples, chases and fights that turn into them, checked by a machine
//! and not by hand: random cases drawn from a fixed seed, played under
//! every edition by all three samplers, which must agree with each other
//! and with the round chain within 4.5 standard errors (see
//! `agree::samplers_agree`); mirrored fights with grapples must favour
//! neither side; and conflicts nobody can win must draw.
//!
//! `WODDS_PROPTEST_CASES=n` (default 48 a property) and
//! `WODDS_PROPTEST_SEED=n` draw more or other cases.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use wodds_sim::conflict::Scenario;

mod agree;
use agree::{MAX_ROUNDS, all_drawn, samplers_agree, symmetric};

fn config(default: u32) -> Config {
    let cases = std::env::var("WODDS_PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default);
    let seed = std::env::var("WODDS_PROPTEST_SEED")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(20_261_125);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A member's TOML body: creature, traits, weapon, tactics and grapple.
fn member(tactics: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    let kind = prop::sample::select(vec!["mortal", "mortal", "vampire"]);
    let attribute = 1u8..=4;
    let ability = 0u8..=3;
    let traits = (
        (attribute.clone(), attribute.clone(), attribute.clone()),
        (attribute.clone(), attribute),
        (ability.clone(), ability.clone(), ability.clone(), ability),
    );
    let weapon = prop::sample::select(vec!["fists", "fists", "knife", "club"]);
    let grapple = (
        prop::sample::select(vec!["strength", "dexterity"]),
        prop::sample::select(vec!["pin", "slam", "crack", "clinch", "throw", "hold"]),
        prop::sample::select(vec!["", "", "", "slam", "drop", "throw"]),
        prop::sample::select(vec!["resist", "reverse"]),
        0u8..=3,
        prop::sample::select(vec!["never", "never", "wounded"]),
        prop::bool::weighted(0.8),
    );
    (kind, traits, weapon, tactics, grapple).prop_map(
        |(kind, ((st, dx, sta), (wi, pe), (br, dg, at, dr)), weapon, tactics, g)| {
            let (pool, effect, single, victim, reverse_at, relent, humanoid) = g;
            let single = if single.is_empty() {
                String::new()
            } else {
                format!(", single = \"{single}\"")
            };
            format!(
                "kind = \"{kind}\"\ntraits = {{ strength = {st}, dexterity = {dx}, stamina = {sta}, wits = {wi}, perception = {pe}, brawl = {br}, dodge = {dg}, athletics = {at}, drive = {dr}, alertness = {dg}, manipulation = {wi}, subterfuge = {br} }}\n\
                 weapon = \"{weapon}\"\ntactics = {tactics}\n\
                 grapple = {{ pool = \"{pool}\", effect = \"{effect}\", victim = \"{victim}\", reverse-at = {reverse_at}, relent-at = \"{relent}\", humanoid = {humanoid}{single} }}\n"
            )
        },
    )
}

/// Fight tactics that may grapple or escape.
fn fight_tactics() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["basic", "grapple", "grapple", "none", "power"]),
        prop::sample::select(vec!["none", "dodge", "block", "escape", "grapple"]),
        prop::sample::select(vec!["never", "never", "wounded"]),
    )
        .prop_map(|(attack, defend, flee)| {
            format!("{{ attack = \"{attack}\", defend = \"{defend}\", flee-at = \"{flee}\" }}")
        })
}

/// A scenario of two members of one a side, with `top` TOML above them.
fn scenario(kind: &str, top: &str, a: &str, b: &str) -> Scenario {
    with_third_parties(kind, top, a, b, [None, None])
}

/// The same, each side with a third party of its own when given.
fn with_third_parties(
    kind: &str,
    top: &str,
    a: &str,
    b: &str,
    third: [Option<&str>; 2],
) -> Scenario {
    let extra = |k: usize| {
        third[k].map_or(String::new(), |t| {
            format!("[[side.member]]\nname = \"t{k}\"\n{t}\n")
        })
    };
    let text = format!(
        "name = \"random\"\nkind = \"{kind}\"\neditions = [\"revised\", \"fta\", \"uwod\", \"hubris\"]\nmax-rounds = {MAX_ROUNDS}\n{top}\n\
         [[side]]\nname = \"side 0\"\n[[side.member]]\nname = \"m0\"\n{a}\n{}\
         [[side]]\nname = \"side 1\"\n[[side.member]]\nname = \"m1\"\n{b}\n{}",
        extra(0),
        extra(1)
    );
    Scenario::parse("random.toml", &text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn every_edition(
    s: &Scenario,
    seed: u64,
    check: fn(&Scenario, usize, u64) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for edition in 0..s.editions.len() {
        check(s, edition, seed)?;
    }
    Ok(())
}

/// A fight's `[chase]` for side 0's flights, or none.
fn pursuit() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "",
        "[chase]\nprey = \"side 0\"\n",
        "[chase]\nprey = \"side 0\"\ncaught = \"lost\"\n",
        "[chase]\nprey = \"side 0\"\nby = \"car\"\ncourse = \"rush-hour\"\npredator-run = 4\n",
    ])
    .prop_map(str::to_string)
}

#[test]
fn fights_that_turn_agree_with_their_chains() {
    let mut runner = TestRunner::new(config(48));
    let case = (
        member(fight_tactics()),
        member(fight_tactics()),
        pursuit(),
        any::<u64>(),
    );
    runner
        .run(&case, |(a, b, top, seed)| {
            let s = scenario("combat", &top, &a, &b);
            every_edition(&s, seed, samplers_agree)
        })
        .unwrap();
}

#[test]
fn mirrored_fights_with_grapples_favour_neither_side() {
    let mut runner = TestRunner::new(config(24));
    runner
        .run(&(member(fight_tactics()), any::<u64>()), |(m, seed)| {
            let s = scenario("combat", "", &m, &m);
            every_edition(&s, seed, symmetric)
        })
        .unwrap();
}

/// A grapple scenario's `[grapple]` table.
fn grapple_top() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["m0", "m1"]),
        prop::sample::select(vec!["attack", "defence", "held"]),
        1u8..=6,
    )
        .prop_map(|(g, start, control)| {
            let c = if start == "held" {
                format!("control = {control}\n")
            } else {
                String::new()
            };
            format!("[grapple]\ngrappler = \"{g}\"\nstart = \"{start}\"\n{c}")
        })
}

#[test]
fn grapples_agree_with_their_chains() {
    let mut runner = TestRunner::new(config(48));
    let tactics = prop::sample::select(vec![
        "{ defend = \"none\" }",
        "{ defend = \"dodge\" }",
        "{ defend = \"block\" }",
    ])
    .prop_map(str::to_string);
    // Third parties assist (`grapple`) or attack, plainly or with a
    // Power Attack (its difficulty and damage dice).
    let third = prop::sample::select(vec![
        "{ attack = \"grapple\" }",
        "{ attack = \"basic\" }",
        "{ attack = \"power\" }",
    ])
    .prop_map(str::to_string);
    let case = (
        member(tactics.clone()),
        member(tactics),
        grapple_top(),
        (
            prop::option::weighted(0.3, member(third.clone())),
            prop::option::weighted(0.3, member(third)),
        ),
        any::<u64>(),
    );
    runner
        .run(&case, |(a, b, top, (ta, tb), seed)| {
            let s = with_third_parties("grapple", &top, &a, &b, [ta.as_deref(), tb.as_deref()]);
            every_edition(&s, seed, samplers_agree)
        })
        .unwrap();
}

/// A chase scenario's `[chase]` table: how, where and how it starts, Runs
/// and maneuvers.
fn chase_top() -> impl Strategy<Value = String> {
    let start = prop::sample::select(vec![
        "start = \"cold\"".to_string(),
        "start = \"stalk\"".to_string(),
        "start = \"head-start\"\nhead-start = 3".to_string(),
        "start = \"head-start\"\nhead-start = 8".to_string(),
    ]);
    let run = |r: Option<u8>, who: &str| r.map_or(String::new(), |r| format!("{who}-run = {r}\n"));
    let prey = prop::sample::select(vec![
        "",
        "prey-tactics = [{ buy = \"bait\", lead-min = 4 }]",
        "prey-tactics = [{ buy = \"gun-it\", lead-min = 3 }, { buy = \"nope\" }]",
        "prey-tactics = [{ buy = \"never-tell-me-the-odds\", lead-min = 4 }, { buy = \"nope\", lead-min = 5 }]",
        "prey-tactics = [{ buy = \"in-there\", lead-min = 3, course = \"rush-hour\", trait = \"wits\" }]",
        "prey-tactics = [{ buy = \"quick-reverse\", lead-min = 5 }]",
    ]);
    let predator = prop::sample::select(vec![
        "",
        "predator-tactics = [{ buy = \"tail\" }]",
        "predator-tactics = [{ buy = \"head-off\", lead-max = 4 }, { buy = \"damnit\" }]",
        "predator-tactics = [{ buy = \"herd\", course = \"open-road\", trait = \"dexterity\" }]",
        "predator-tactics = [{ buy = \"predator-gun-it\", lead-max = 6 }]",
    ]);
    (
        prop::sample::select(vec!["foot", "car", "car-heavy"]),
        prop::sample::select(vec!["open-road", "streets", "rush-hour"]),
        start,
        prop::option::of(2u8..=12),
        prop::option::of(2u8..=12),
        prey,
        predator,
    )
        .prop_map(move |(by, course, start, pr, dr, prey, predator)| {
            format!(
                "[chase]\nprey = \"side 0\"\nby = \"{by}\"\ncourse = \"{course}\"\n{start}\n{}{}{prey}\n{predator}\n",
                run(pr, "prey"),
                run(dr, "predator")
            )
        })
}

#[test]
fn chases_agree_with_their_chains() {
    let mut runner = TestRunner::new(config(48));
    let plain = Just("{ attack = \"basic\" }".to_string());
    let case = (
        member(plain.clone()),
        member(plain),
        chase_top(),
        any::<u64>(),
    );
    runner
        .run(&case, |(a, b, top, seed)| {
            let s = scenario("chase", &top, &a, &b);
            every_edition(&s, seed, samplers_agree)
        })
        .unwrap();
}

/// Fights in which nobody attacks (whatever they defend with; not a
/// grapple defence, which grapples by attacking in the editions that have
/// none), and chases whose Runs both end in the first round
/// before anybody can get away or be caught (a Lead of 5 moved by at most
/// four dice, a race of four dice a side to five net successes or fifteen,
/// a contest lost only after two), must all draw.
#[test]
fn conflicts_nobody_can_win_draw() {
    let mut runner = TestRunner::new(config(24));
    let idle = prop::sample::select(vec!["none", "dodge", "block", "total", "guard", "abort"])
        .prop_map(|d| format!("{{ attack = \"none\", defend = \"{d}\" }}"));
    runner
        .run(
            &(member(idle.clone()), member(idle), any::<u64>()),
            |(a, b, seed)| {
                let s = scenario("combat", "", &a, &b);
                every_edition(&s, seed, all_drawn)
            },
        )
        .unwrap();
    let small = |name: &'static str| {
        (1u8..=2, 0u8..=2, 2u8..=4).prop_map(move |(dx, at, st)| {
            format!(
                "kind = \"mortal\"\ntraits = {{ dexterity = {dx}, athletics = {at}, drive = {at}, wits = {dx}, stamina = {st} }}\n# {name}"
            )
        })
    };
    let by = prop::sample::select(vec!["foot", "car"]);
    runner
        .run(
            &(small("prey"), small("predator"), by, any::<u64>()),
            |(a, b, by, seed)| {
                let top = format!(
                    "[chase]\nprey = \"side 0\"\nby = \"{by}\"\nstart = \"head-start\"\nhead-start = 5\nprey-run = 1\npredator-run = 1\n"
                );
                let s = scenario("chase", &top, &a, &b);
                every_edition(&s, seed, all_drawn)
            },
        )
        .unwrap();
}
