//! Samplers agree, found by a machine and not by hand: random small fights
//! (one or two members a side, random creatures, traits, weapons, armour
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
use wodds_sim::combat::{
    self, Armor, EditionEngine, End, Limit, Sampling, Scenario, Tally, Weapon,
};

/// Fights each sampler plays a case.
const FIGHTS: u64 = 3000;
/// Standard errors two estimates may differ by.
const BOUND: f64 = 4.5;
/// Fights' worth two estimates may differ by besides (see [`agree`]).
const SLACK: f64 = 3.0;
/// The round limit of every case.
const MAX_ROUNDS: u32 = 30;

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

/// Each side's share of wins and the draws, and the mean and variance of
/// the rounds, from a tally.
struct Shares {
    n: f64,
    p: Vec<f64>,
    mean: f64,
    var: f64,
}

fn shares(t: &Tally) -> Shares {
    let n = t.fights as f64;
    let mut p: Vec<f64> = t.wins.iter().map(|&w| w as f64 / n).collect();
    let draws = t.ends[End::ALL.iter().position(|&e| e == End::Draw).unwrap()];
    p.push(draws as f64 / n);
    let mean = t.mean_rounds().unwrap();
    let var = t
        .rounds
        .iter()
        .enumerate()
        .map(|(r, &c)| c as f64 * (r as f64 - mean).powi(2))
        .sum::<f64>()
        / n;
    Shares { n, p, mean, var }
}

/// `a` and `b` agree within [`BOUND`] standard errors of the difference
/// (two estimates) or of `a` (when `b` is exact, `vb` 0), give or take
/// [`SLACK`] fights of `unit` each (what one fight moves the estimate by:
/// 1 / n for a share, the round limit / n for the mean rounds). Rare ends
/// (a fight that ends early once in 10^5) are counted, not normal: the
/// slack keeps one or two of them in 3000 fights from reading as a
/// disagreement, and the 1e-9 the chain's floating-point sums.
fn agree(what: &str, a: f64, va: f64, b: f64, vb: f64, unit: f64) -> Result<(), TestCaseError> {
    let se = (va + vb).sqrt();
    let ok = (a - b).abs() <= BOUND * se + SLACK * unit + 1e-9;
    prop_assert!(
        ok,
        "{what}: {a} against {b}, {:.1} standard errors",
        (a - b).abs() / se
    );
    Ok(())
}

/// The samplers of one edition agree with each other and with the chain.
fn samplers_agree(s: &Scenario, edition: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = &s.editions[edition];
    let limit = Limit {
        states: 4096,
        paths: 1 << 20,
    };
    let engine = |m| EditionEngine::with_limit(s, rules, m, limit).unwrap();
    let round = engine(Sampling::Round);
    let estimates: Vec<(Sampling, Shares)> = [Sampling::PerDie, Sampling::Outcome, Sampling::Round]
        .into_iter()
        .map(|m| {
            let e = if m == Sampling::Round {
                round.clone()
            } else {
                engine(m)
            };
            (
                m,
                shares(&combat::run(&e, &rules.id, FIGHTS, seed, &|_| {})),
            )
        })
        .collect();
    let name = |m: Sampling, k: usize| format!("{} {m:?} outcome {k}", rules.id);
    for (i, (ma, a)) in estimates.iter().enumerate() {
        for (mb, b) in &estimates[i + 1..] {
            for k in 0..a.p.len() {
                let v = |x: &Shares| x.p[k] * (1.0 - x.p[k]) / x.n;
                agree(
                    &format!("{} vs {mb:?}", name(*ma, k)),
                    a.p[k],
                    v(a),
                    b.p[k],
                    v(b),
                    1.0 / a.n,
                )?;
            }
            agree(
                &format!("{} {ma:?} vs {mb:?} mean rounds", rules.id),
                a.mean,
                a.var / a.n,
                b.mean,
                b.var / b.n,
                f64::from(MAX_ROUNDS) / a.n,
            )?;
        }
    }
    if let Some(chain) = round.chain() {
        let odds = chain.odds();
        // Shares summed in floating point may pass 1 by a rounding error.
        let mut exact: Vec<f64> = odds.wins.iter().map(|p| p.clamp(0.0, 1.0)).collect();
        exact.push(odds.draws());
        let chain_mean = odds.mean_rounds();
        let chain_var = (odds.ended.iter().enumerate())
            .map(|(r, p)| p * (r as f64 - chain_mean).powi(2))
            .sum::<f64>();
        for (m, a) in &estimates {
            for (k, &p) in exact.iter().enumerate() {
                agree(
                    &format!("{} vs the chain", name(*m, k)),
                    a.p[k],
                    p * (1.0 - p) / a.n,
                    p,
                    0.0,
                    1.0 / a.n,
                )?;
            }
            // The standard error from the chain's own variance of the
            // rounds: a sample of identical fights has none of its own.
            agree(
                &format!("{} {m:?} mean rounds vs the chain", rules.id),
                a.mean,
                chain_var / a.n,
                chain_mean,
                0.0,
                f64::from(MAX_ROUNDS) / a.n,
            )?;
        }
    }
    Ok(())
}

/// A side and its mirror image: exactly even where there is a chain, else
/// within [`BOUND`] standard errors by every sampler.
fn symmetric(s: &Scenario, edition: usize, seed: u64) -> Result<(), TestCaseError> {
    let rules = &s.editions[edition];
    let round = EditionEngine::with_limit(
        s,
        rules,
        Sampling::Round,
        Limit {
            states: 4096,
            paths: 1 << 20,
        },
    )
    .unwrap();
    if let Some(chain) = round.chain() {
        let w = chain.odds().wins;
        prop_assert!(
            (w[0] - w[1]).abs() < 1e-9,
            "{}: exact {} against {}",
            rules.id,
            w[0],
            w[1]
        );
    }
    for m in [Sampling::PerDie, Sampling::Outcome] {
        let e = EditionEngine::new(s, rules, m).unwrap();
        let t = shares(&combat::run(&e, &rules.id, FIGHTS, seed, &|_| {}));
        // The two shares come from the same fights: the variance of their
        // difference is (p0 + p1 - (p0 - p1)^2) / n.
        let (p0, p1) = (t.p[0], t.p[1]);
        let var = (p0 + p1 - (p0 - p1).powi(2)) / t.n;
        agree(
            &format!("{} {m:?}: side 0 vs side 1", rules.id),
            p0,
            var,
            p1,
            0.0,
            1.0 / t.n,
        )?;
    }
    Ok(())
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
