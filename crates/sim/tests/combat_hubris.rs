//! The hubris engine against its seed (001): the regression tests of issue
//! 10's hubris defects, each quoting the seed, and a house-rule test for
//! each family of `[combat.hubris]` settings (a rule changed moves a figure
//! the way the rule implies). Expected values are worked out by hand,
//! follow from symmetry, or are the round chain's exact odds with the
//! samplers held to them within 4.5 standard errors.

mod common;

use std::path::Path;

use common::engines;

use wodds_sim::combat::{self, EditionEngine, End, Odds, Sampling, Scenario, Tally};

/// A member's TOML: `kind`, traits, and any other lines (weapon, armour,
/// tactics).
fn member(name: &str, kind: &str, traits: &str, rest: &str) -> String {
    format!(
        "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"{kind}\"\n\
         traits = {{ {traits} }}\n{rest}\n"
    )
}

/// A fight under `edition` (an id or a house-rule file in `dir`) between
/// the sides `sides`, at most `rounds` rounds.
fn fight(edition: &str, rounds: u32, sides: &[String], dir: Option<&Path>) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = {rounds}\n{}",
        sides.concat()
    );
    Scenario::parse("test.toml", &text, dir).unwrap()
}

/// A house rule extending hubris with `settings` (TOML), in `dir`; returns
/// its file name.
fn house(dir: &Path, name: &str, settings: &str) -> String {
    std::fs::write(
        dir.join(name),
        format!("extends = \"hubris\"\n\n{settings}\n"),
    )
    .unwrap();
    name.to_string()
}

/// The fight's exact odds, from its round chain.
fn exact(s: &Scenario) -> Odds {
    let engine = EditionEngine::new(s, &s.editions[0], Sampling::Round).unwrap();
    engine.chain().expect("a small fight has a chain").odds()
}

/// `n` fights of `s` by `sampling`.
fn sample(s: &Scenario, sampling: Sampling, n: u64, seed: u64) -> Tally {
    let engine = EditionEngine::new(s, &s.editions[0], sampling).unwrap();
    combat::run(&engine, "t", n, seed, &|_| {})
}

/// The share of `t`'s fights side `side` won is within 4.5 standard errors
/// of `p`.
fn wins_near(t: &Tally, side: usize, p: f64, what: &str) {
    let n = t.fights as f64;
    let share = t.wins[side] as f64 / n;
    let se = (p * (1.0 - p) / n).sqrt().max(1e-12);
    assert!(
        (share - p).abs() < 4.5 * se,
        "{what}: side {side} won {share}, want {p} (4.5 se = {})",
        4.5 * se
    );
}

/// The mean rounds of `t`'s fights are within 4.5 standard errors (from the
/// fights' own spread) of `mean`.
fn rounds_near(t: &Tally, mean: f64, what: &str) {
    let n = t.fights as f64;
    let (mut m1, mut m2) = (0.0, 0.0);
    for (r, &c) in t.rounds.iter().enumerate() {
        m1 += r as f64 * c as f64 / n;
        m2 += (r * r) as f64 * c as f64 / n;
    }
    let se = ((m2 - m1 * m1) / n).sqrt().max(1e-12);
    assert!(
        (m1 - mean).abs() < 4.5 * se,
        "{what}: mean rounds {m1}, want {mean} (4.5 se = {})",
        4.5 * se
    );
}

/// Two average brawlers, fists, no Willpower.
const BRAWLER: &str =
    "strength = 2, dexterity = 2, stamina = 2, wits = 2, brawl = 1, dodge = 1, willpower = 3";

/// Defect 1. 001 "Dicepools": a Difficulty can cripple a pool "to the
/// point where a roll defaults to a chance die". Against riot gear (armour
/// 5, a Difficulty) a brawler's 3 dice are a chance die: a success only on
/// a 10. The die sampler rolled it as an ordinary 8+ die; every sampler
/// must agree with the exact chain.
#[test]
fn hubris_die_sampler_rolls_a_chance_die_against_riot_gear() {
    let s = fight(
        "hubris",
        50,
        &[
            member("Veronica", "mortal", BRAWLER, ""),
            member("Marcus", "mortal", BRAWLER, "armor = \"riot-gear\""),
        ],
        None,
    );
    let odds = exact(&s);
    assert!(
        odds.wins[1] > odds.wins[0],
        "riot gear wins a fist fight: {:?}",
        odds.wins
    );
    for sampling in [Sampling::PerDie, Sampling::Outcome] {
        let t = sample(&s, sampling, 200_000, 3);
        wins_near(&t, 0, odds.wins[0], &format!("{sampling:?}"));
        rounds_near(&t, odds.mean_rounds(), &format!("{sampling:?}"));
    }
}

/// Defect 6. A round goes on after one side is out no more: the shipped
/// fair fight (two equal fighters, one a side) can end only when one of
/// them leaves, and an attack takes out at most one member (the target by
/// wounds or conceding, or the attacker conceding), so a fight is a draw
/// only if it outlasts its 50 rounds. Each round both attack (8 dice
/// against 5, more with Willpower), and under the default tie rule a
/// contest is undecided only when neither rolls a success (0.7^13 =
/// 0.0097): a round decides nothing with a chance below 1e-4, and five
/// decided contests end any fight (a third loss concedes), so a draw has
/// a chance below 1e-100.
/// Today's engine let the survivor faint on its Stamina roll or flee after
/// the other side was out: 0.28% exact draws.
#[test]
fn hubris_round_stops_once_a_side_is_out() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/fair-fight.toml"
    ))
    .unwrap()
    .replace(
        "editions = [\"revised\", \"fta\", \"uwod\", \"hubris\"]",
        "editions = [\"hubris\"]",
    );
    let s = Scenario::parse("fair-fight.toml", &text, None).unwrap();
    let odds = exact(&s);
    assert!(odds.draws() < 1e-12, "exact draws {}", odds.draws());
    // Symmetric: an even fight.
    assert!((odds.wins[0] - 0.5).abs() < 1e-12, "{:?}", odds.wins);
    for sampling in [Sampling::PerDie, Sampling::Outcome, Sampling::Round] {
        let t = sample(&s, sampling, 100_000, 9);
        assert_eq!(t.ends[4], 0, "{sampling:?}: draws");
    }
}

/// Defect 6, conceding. 001 "Prolonging a Conflict": a character who has
/// lost contests equal to its Stamina "must accept defeat". A vampire with
/// Celerity 3 (four attacks a turn) and Stamina 1 concedes on its first
/// lost contest; today it went on attacking and could make the defender
/// (Stamina 1) concede too in the same turn: a draw. Now only one of them
/// ever leaves, and no fight of 1000 rounds is left undecided (every
/// attack is decided with a chance above 0.4), so there are no draws.
#[test]
fn hubris_a_member_who_concedes_makes_no_more_attacks() {
    let s = fight(
        "hubris",
        1000,
        &[
            member(
                "V",
                "vampire",
                "strength = 1, dexterity = 1, stamina = 1, wits = 1, celerity = 3",
                "",
            ),
            member(
                "D",
                "mortal",
                "strength = 1, dexterity = 1, stamina = 1, wits = 1",
                "tactics = { attack = \"none\" }",
            ),
        ],
        None,
    );
    assert!(exact(&s).draws() < 1e-12);
    for t in engines(&s).map(|e| combat::run(&e, "t", 50_000, 4, &|_| {})) {
        assert_eq!(t.ends[4], 0, "draws");
        assert_eq!(t.share(End::Conceded), Some(1.0));
    }
}
