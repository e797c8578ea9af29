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

/// One die against one die, 8+ and 10-again: 0 successes 0.7, k >= 1
/// successes 0.27 * 0.1^(k-1) (8 or 9, or a 10 and then k - 1 more 10s
/// and a failure). Ties: 0.49 at 0 and sum 0.27^2 * 0.01^(k-1) =
/// 0.0729 / 0.99 at a success; each side wins the rest alike.
const TIE_AT_ZERO: f64 = 0.49;
const TIE_AT_A_SUCCESS: f64 = 0.0729 / 0.99;
const ONE_WINS: f64 = (1.0 - TIE_AT_ZERO - TIE_AT_A_SUCCESS) / 2.0;

/// A one-die puncher against a one-die dummy that only defends, both with
/// Stamina 1: whoever loses the first decided contest concedes.
fn puncher(edition: &str, dir: Option<&Path>) -> Scenario {
    let traits = "strength = 1, dexterity = 1, stamina = 1, wits = 1";
    fight(
        edition,
        1000,
        &[
            member("Puncher", "mortal", traits, ""),
            member("Dummy", "mortal", traits, "tactics = { attack = \"none\" }"),
        ],
        dir,
    )
}

/// Defect 7. 001 "Opposed Actions and Difficulties": "Opposition by
/// another translates by default into a success total to match or beat":
/// the attacker wins a tie in which it rolled a success (a tie at no
/// successes is nobody's; even a static obstacle needs one success). The
/// one-die puncher then wins a contest with ONE_WINS + TIE_AT_A_SUCCESS
/// and loses one with ONE_WINS, so it wins the fight with
/// (0.218182 + 0.073636) / (2 * 0.218182 + 0.073636) = 0.572193, after a
/// geometric number of rounds of mean 1 / 0.51. Today a tie was won by
/// nobody: 0.5.
#[test]
fn hubris_tie_goes_to_the_attacker_with_a_success() {
    let s = puncher("hubris", None);
    let decided = 2.0 * ONE_WINS + TIE_AT_A_SUCCESS;
    let win = (ONE_WINS + TIE_AT_A_SUCCESS) / decided;
    assert!((win - 0.572193).abs() < 1e-6, "{win}");
    let odds = exact(&s);
    assert!((odds.wins[0] - win).abs() < 1e-12, "{:?}", odds.wins);
    assert!((odds.mean_rounds() - 1.0 / decided).abs() < 1e-9);
    for sampling in [Sampling::PerDie, Sampling::Outcome] {
        let t = sample(&s, sampling, 200_000, 5);
        wins_near(&t, 0, win, &format!("{sampling:?}"));
        rounds_near(&t, 1.0 / decided, &format!("{sampling:?}"));
    }
}

/// Every tie rule (`[actions] contest-tie`) by hand on the one-die
/// puncher: "nothing" 0.5 (the contest is symmetric once decided), mean
/// rounds 1 / (2 * ONE_WINS); "defender" the puncher wins only outright,
/// in the first round: ONE_WINS, 1 round; "re-roll" 0.5, every fight over
/// in one round; "acting" as above. Every sampler agrees.
#[test]
fn hubris_tie_rules_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let decided = 2.0 * ONE_WINS + TIE_AT_A_SUCCESS;
    for (tie, win, rounds) in [
        ("nothing", 0.5, 1.0 / (2.0 * ONE_WINS)),
        ("defender", ONE_WINS, 1.0),
        ("re-roll", 0.5, 1.0),
        (
            "acting",
            (ONE_WINS + TIE_AT_A_SUCCESS) / decided,
            1.0 / decided,
        ),
    ] {
        let file = house(
            dir.path(),
            &format!("{tie}.toml"),
            &format!("[actions]\ncontest-tie = \"{tie}\""),
        );
        let s = puncher(&file, Some(dir.path()));
        let odds = exact(&s);
        assert!((odds.wins[0] - win).abs() < 1e-12, "{tie}: {:?}", odds.wins);
        assert!(
            (odds.mean_rounds() - rounds).abs() < 1e-9,
            "{tie}: {}",
            odds.mean_rounds()
        );
        for sampling in [Sampling::PerDie, Sampling::Outcome] {
            let t = sample(&s, sampling, 100_000, 6);
            wins_near(&t, 0, win, &format!("{tie}, {sampling:?}"));
            if rounds == 1.0 {
                assert_eq!(t.rounds[1], t.fights, "{tie}, {sampling:?}");
            } else {
                rounds_near(&t, rounds, &format!("{tie}, {sampling:?}"));
            }
        }
    }
}
