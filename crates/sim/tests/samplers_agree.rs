//! Samplers agree, found by a machine and not by hand: random small fights
//! (one or two members a side, and sides of three and four members in
//! all, random creatures, traits, weapons, armour
//! and tactics) are played under every edition by all three samplers (die
//! by die, whole attacks from the outcome tables, whole rounds from the
//! round chain), which must agree with each other, and with the chain's
//! exact odds where there is one, within 4.5 standard errors (and three
//! fights' worth, for ends too rare to be normal: see `agree`); and a
//! fight between a side and its mirror image must favour neither.
//!
//! The cases are drawn from a fixed seed, so a run is repeatable: 200 cases
//! in the ordinary test run (a few minutes); `WODDS_PROPTEST_CASES=2000`
//! (and `WODDS_PROPTEST_SEED=n` for another draw) for a larger one. With
//! about 30 comparisons a case at 4.5 standard errors (a false alarm
//! 6.8e-6 each), 200 cases raise a false alarm about 4% of the seeds; the
//! fixed seed was checked to pass, so a failure means a change moved a
//! sampler.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use wodds_sim::conflict::{Armor, EditionEngine, Sampling, Scenario, Weapon};

mod agree;
use agree::{LIMIT, MAX_ROUNDS, samplers_agree, symmetric};

/// One member of a random scenario, as scenario-file TOML.
#[derive(Debug, Clone)]
struct Member {
    kind: &'static str,
    traits: Vec<(&'static str, u8)>,
    weapon: String,
    armor: String,
    range: &'static str,
    tactics: String,
}

impl Member {
    fn toml(&self, name: &str) -> String {
        let traits: Vec<String> = self
            .traits
            .iter()
            .map(|(t, v)| format!("{t} = {v}"))
            .collect();
        format!(
            "[[side.member]]\nname = \"{name}\"\nkind = \"{}\"\ntraits = {{ {} }}\nweapon = \"{}\"\narmor = \"{}\"\nrange = \"{}\"\ntactics = {}\n",
            self.kind,
            traits.join(", "),
            self.weapon,
            self.armor,
            self.range,
            self.tactics
        )
    }
}

fn member() -> impl Strategy<Value = Member> {
    let kind = prop::sample::select(vec!["mortal", "vampire", "ghoul", "garou"]);
    let attribute = 1u8..=5;
    let ability = 0u8..=5;
    let attributes = (
        attribute.clone(),
        attribute.clone(),
        attribute.clone(),
        attribute,
    );
    let abilities = (
        ability.clone(),
        ability.clone(),
        ability.clone(),
        ability.clone(),
        ability,
    );
    let powers = (0u8..=2, 0u8..=2, 0u8..=2, 1u8..=5);
    let weapon = prop::sample::select(Weapon::names());
    let armor = prop::sample::select(Armor::names());
    let range = prop::sample::select(vec!["melee", "point-blank", "effective", "long"]);
    let attack = prop::sample::select(vec!["basic", "power", "feint", "committed", "none"]);
    let defend = prop::sample::select(vec![
        "none", "dodge", "total", "escape", "block", "guard", "abort",
    ]);
    let willpower = prop::sample::select(vec!["never", "when-hurt", "always", "ignore-wounds"]);
    let flee = prop::sample::select(vec!["never", "never", "wounded", "mauled", "crippled"]);
    let tactics = (attack, defend, willpower, flee, 1u8..=2, 0u8..=1);
    (kind, attributes, abilities, powers, weapon, armor, range, tactics).prop_map(
        |(kind, (st, dx, sta, wi), (br, me, fi, dg, at), (fo, ce, po, wp), weapon, armor, range, t)| {
            let mut traits = vec![
                ("strength", st),
                ("dexterity", dx),
                ("stamina", sta),
                ("wits", wi),
                ("brawl", br),
                ("melee", me),
                ("firearms", fi),
                ("dodge", dg),
                ("athletics", at),
                ("willpower", wp),
            ];
            if matches!(kind, "vampire" | "ghoul") {
                traits.extend([("fortitude", fo), ("celerity", ce), ("potence", po)]);
            }
            if kind == "garou" {
                traits.push(("rage", ce));
            }
            let (attack, defend, willpower, flee, actions, rage) = t;
            Member {
                kind,
                traits,
                weapon: weapon.to_string(),
                armor: armor.to_string(),
                range,
                tactics: format!(
                    "{{ attack = \"{attack}\", defend = \"{defend}\", willpower = \"{willpower}\", flee-at = \"{flee}\", actions = {actions}, rage = {rage} }}"
                ),
            }
        },
    )
}

/// A scenario of the sides given, under every edition.
fn scenario(sides: &[Vec<Member>]) -> Scenario {
    let mut text = format!(
        "name = \"random\"\nkind = \"combat\"\neditions = [\"revised\", \"fta\", \"uwod\", \"hubris\"]\nmax-rounds = {MAX_ROUNDS}\n",
    );
    for (s, members) in sides.iter().enumerate() {
        text.push_str(&format!("[[side]]\nname = \"side {s}\"\n"));
        for (m, member) in members.iter().enumerate() {
            text.push_str(&member.toml(&format!("m{s}{m}")));
        }
    }
    Scenario::parse("random.toml", &text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn config() -> Config {
    let cases = std::env::var("WODDS_PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(200);
    let seed = std::env::var("WODDS_PROPTEST_SEED")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(20_261_123);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

#[test]
fn every_sampler_agrees_with_the_others_and_with_the_chain() {
    let mut runner = TestRunner::new(config());
    let sides = (
        prop::collection::vec(member(), 1..=2),
        prop::collection::vec(member(), 1..=1),
        any::<u64>(),
    );
    runner
        .run(&sides, |(a, b, seed)| {
            let s = scenario(&[a, b]);
            for edition in 0..s.editions.len() {
                samplers_agree(&s, edition, seed)?;
            }
            Ok(())
        })
        .unwrap();
}

/// Three and four members (issue 29): a side of two or three against one
/// or two, whose rounds the chain walks attack by attack. Fewer cases,
/// as each takes longer; `WODDS_PROPTEST_CASES` scales them too (an
/// eighth of it).
#[test]
fn every_sampler_agrees_with_the_chain_of_three_and_four_members() {
    let mut config = config();
    config.cases = (config.cases / 8).max(1);
    let mut runner = TestRunner::new(config);
    let sides = (
        prop::collection::vec(member(), 2..=3),
        prop::collection::vec(member(), 1..=2),
        any::<u64>(),
    )
        .prop_filter("at most four members", |(a, b, _)| a.len() + b.len() <= 4);
    // The pairs held to a chain (the others, past the test's limit, only
    // to each other).
    let chained = std::cell::Cell::new(0);
    runner
        .run(&sides, |(a, b, seed)| {
            let s = scenario(&[a, b]);
            for (edition, rules) in s.editions.iter().enumerate() {
                let round = EditionEngine::with_limit(&s, rules, Sampling::Round, LIMIT).unwrap();
                chained.set(chained.get() + usize::from(round.chain().is_some()));
                samplers_agree(&s, edition, seed)?;
            }
            Ok(())
        })
        .unwrap();
    eprintln!("{} of the pairs held to a chain", chained.get());
    assert!(chained.get() >= 20, "{} pairs chained", chained.get());
}

#[test]
fn no_side_is_favoured_in_a_mirrored_fight() {
    let mut config = config();
    config.cases = config.cases.div_ceil(2);
    let mut runner = TestRunner::new(config);
    runner
        .run(&(member(), any::<u64>()), |(m, seed)| {
            let s = scenario(&[vec![m.clone()], vec![m]]);
            for edition in 0..s.editions.len() {
                symmetric(&s, edition, seed)?;
            }
            Ok(())
        })
        .unwrap();
}
