//! The hubris engine against its seed (001): the regression tests of issue
//! 10's hubris defects, each quoting the seed, and a house-rule test for
//! each family of `[combat.hubris]` settings (a rule changed moves a figure
//! the way the rule implies). Expected values are worked out by hand,
//! follow from symmetry, or are the round chain's exact odds with the
//! samplers held to them within 4.5 standard errors.

mod common;

use std::path::Path;

use common::engines;

use wodds_sim::conflict::{self, EditionEngine, End, Odds, Sampling, Scenario, Tally};

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
    conflict::run(&engine, "t", n, seed, &|_| {})
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
    for t in engines(&s).map(|e| conflict::run(&e, "t", 50_000, 4, &|_| {})) {
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

// ---------------------------------------------------------------------
// House rules: each family of `[combat.hubris]` settings, changed, moves a
// figure the way the rule implies.

/// A fight of two members, `a` and `b` (traits, and their other lines)
/// under the house rule `settings` (`None`: hubris itself).
fn duel(
    dir: &Path,
    settings: Option<&str>,
    rounds: u32,
    a: (&str, &str, &str),
    b: (&str, &str, &str),
) -> Scenario {
    let edition = match settings {
        Some(text) => {
            let name = format!("h{}.toml", std::fs::read_dir(dir).unwrap().count());
            house(dir, &name, text)
        }
        None => "hubris".to_string(),
    };
    fight(
        &edition,
        rounds,
        &[member("A", a.0, a.1, a.2), member("B", b.0, b.1, b.2)],
        Some(dir),
    )
}

/// The exact share side A wins.
fn a_wins(s: &Scenario) -> f64 {
    exact(s).wins[0]
}

/// A member of `kind` with `a` traits and `a_rest` against a Brawl
/// vampire's Attributes (as a `kind`): side A's exact share under
/// `settings`.
fn edge_of(dir: &Path, settings: Option<&str>, kind: &str, a: &str, a_rest: &str) -> f64 {
    a_wins(&duel(
        dir,
        settings,
        50,
        (kind, a, a_rest),
        (kind, BRAWLER_VAMP, ""),
    ))
}

/// A vampire with nothing but its Attributes and Brawl.
const BRAWLER_VAMP: &str =
    "strength = 2, dexterity = 2, stamina = 2, wits = 2, brawl = 2, melee = 2, dodge = 1";

/// 001 has no initiative rule; it is assumed as Revised's (a d10 and
/// Dexterity and Wits, each turn). Two one-die fighters with Stamina 1 (the first
/// decided contest ends it), A quicker (Wits 3: 4 against 2). The one who
/// attacks first wins a round with w + u * l and loses it with l + u * w,
/// w = ONE_WINS + TIE_AT_A_SUCCESS, l = ONE_WINS, u = 0.49, the round
/// undecided with u^2. With `initiative = "pool"` A always goes first:
/// (w + u l) / (1 - u^2) = 0.524710. With the d10, A goes first when its
/// total is at least B's (it wins a tie on the pool): P(d_B - d_A <= 2) =
/// 0.72, so 0.72 * 0.524710 + 0.28 * 0.475290 = 0.510872.
#[test]
fn house_rule_initiative_by_the_pool_alone_favours_the_quicker() {
    let dir = tempfile::tempdir().unwrap();
    let slow = "strength = 1, dexterity = 1, stamina = 1, wits = 1";
    let quick = "strength = 1, dexterity = 1, stamina = 1, wits = 3";
    let (w, l, u) = (ONE_WINS + TIE_AT_A_SUCCESS, ONE_WINS, TIE_AT_ZERO);
    let first = (w + u * l) / (1.0 - u * u);
    let second = (l + u * w) / (1.0 - u * u);
    assert!((first - 0.524710).abs() < 1e-6, "{first}");
    for (settings, want) in [
        (None, 0.72 * first + 0.28 * second),
        (Some("[combat.hubris]\ninitiative = \"pool\""), first),
    ] {
        let s = duel(
            dir.path(),
            settings,
            1000,
            ("mortal", quick, ""),
            ("mortal", slow, ""),
        );
        let got = a_wins(&s);
        assert!(
            (got - want).abs() < 1e-12,
            "{settings:?}: {got}, want {want}"
        );
    }
}

/// Health (001: "normally the total of 5 and their Stamina rating"), the
/// last box's rules and conceding all set how long a fist fight lasts.
/// With nobody conceding, two brawlers' fight (even, by symmetry) lasts
/// longer with more boxes, shorter when a last box of bashing damage
/// knocks out at once, longer when it never does (the wound must upgrade
/// to lethal first), shorter when a won attack's damage is the attacker's
/// successes rather than the margin; conceding shortens it most.
#[test]
fn house_rules_on_health_and_damage_set_the_length_of_a_fist_fight() {
    let dir = tempfile::tempdir().unwrap();
    let rounds = |extra: &str| {
        let settings = format!("[combat.hubris]\nconcede = false\n{extra}");
        let s = duel(
            dir.path(),
            Some(&settings),
            100,
            ("mortal", BRAWLER, ""),
            ("mortal", BRAWLER, ""),
        );
        let odds = exact(&s);
        assert!(
            (odds.wins[0] - odds.wins[1]).abs() < 1e-9,
            "{extra}: {:?}",
            odds.wins
        );
        odds.mean_rounds()
    };
    let stoic = rounds("");
    let conceding = exact(&duel(
        dir.path(),
        None,
        100,
        ("mortal", BRAWLER, ""),
        ("mortal", BRAWLER, ""),
    ))
    .mean_rounds();
    assert!(conceding < stoic, "concede: {conceding} against {stoic}");
    let tough = rounds("health-base = 7");
    assert!(tough > stoic, "health-base 7: {tough} against {stoic}");
    let glass = rounds("last-box-bashing = \"incapacitated\"");
    assert!(
        glass < stoic,
        "knocked out at once: {glass} against {stoic}"
    );
    let diehard = rounds("last-box-bashing = \"fights-on\"");
    assert!(diehard > stoic, "fights on: {diehard} against {stoic}");
    let heavy = rounds("damage = \"successes\"");
    assert!(
        heavy < stoic,
        "successes as damage: {heavy} against {stoic}"
    );
}

/// Wound penalties (001: none; Chronicles of Darkness' -1, -2, -3 in the
/// last three boxes as a house rule) come off every roll: a dummy that
/// only defends loses dice as it nears the end of its track, so a puncher
/// (who never is hurt) finishes it sooner. It always wins.
#[test]
fn house_rule_wound_penalties_finish_a_defender_sooner() {
    let dir = tempfile::tempdir().unwrap();
    let puncher = "strength = 2, dexterity = 2, stamina = 2, wits = 2, brawl = 1";
    let dummy = "strength = 2, dexterity = 2, stamina = 2, wits = 2, dodge = 3";
    let mut means = Vec::new();
    for penalties in ["[0, 0, 0]", "[1, 2, 3]"] {
        let settings = format!("[combat.hubris]\nconcede = false\nwound-penalties = {penalties}");
        let s = duel(
            dir.path(),
            Some(&settings),
            300,
            ("mortal", puncher, ""),
            ("mortal", dummy, "tactics = { attack = \"none\" }"),
        );
        let odds = exact(&s);
        assert!(
            (odds.wins[0] - 1.0).abs() < 1e-9,
            "{penalties}: {:?}",
            odds.wins
        );
        means.push(odds.mean_rounds());
    }
    assert!(means[1] < means[0], "{means:?}");
}

/// What ends a knife fight (nobody conceding): a last box of lethal damage
/// incapacitates (001); as a house rule it fights on until every box is
/// aggravated and it dies (longer fights, every loser killed), or, with
/// that too changed, it is incapacitated then.
#[test]
fn house_rules_on_the_last_box_decide_how_a_knife_fight_ends() {
    let dir = tempfile::tempdir().unwrap();
    let knife = "strength = 2, dexterity = 2, stamina = 2, wits = 2, melee = 2";
    let run = |extra: &str| {
        let settings = format!("[combat.hubris]\nconcede = false\n{extra}");
        let s = duel(
            dir.path(),
            Some(&settings),
            200,
            ("mortal", knife, "weapon = \"knife\""),
            ("mortal", knife, "weapon = \"knife\""),
        );
        let t = sample(&s, Sampling::Outcome, 20_000, 2);
        (exact(&s).mean_rounds(), t)
    };
    let (book, t) = run("");
    // Incapacitated, but for the rare blow that fills every box with
    // aggravated damage at once (dead).
    assert!(t.share(End::Incapacitated).unwrap() > 0.999, "{:?}", t.ends);
    let (diehard, t) = run("last-box-lethal = \"fights-on\"");
    assert!(diehard > book, "{diehard} against {book}");
    assert_eq!(t.share(End::Killed), Some(1.0));
    let (_, t) = run("last-box-lethal = \"fights-on\"\nlast-box-aggravated = \"incapacitated\"");
    assert_eq!(t.share(End::Incapacitated), Some(1.0));
    let (deadly, t) = run("last-box-lethal = \"dead\"");
    assert!((deadly - book).abs() < 1e-9, "{deadly} against {book}");
    assert_eq!(t.share(End::Killed), Some(1.0));
}

/// A weapon's damage is an Edge (001: "the Edge a battleaxe provides in
/// melee combat"), at most `edge-cap` dice. A club (damage 2) against
/// fists, the fighters otherwise alike (Brawl = Melee): the club wins more
/// than half; with the cap at 0, or the weapon's rating counting for
/// nothing, the fight is even (symmetric: both deal bashing damage); as
/// damage added to a won attack, it helps again.
#[test]
fn house_rules_on_weapons_and_edges() {
    let dir = tempfile::tempdir().unwrap();
    let club = |settings: Option<&str>| {
        a_wins(&duel(
            dir.path(),
            settings,
            50,
            ("mortal", BRAWLER_VAMP, "weapon = \"club\""),
            ("mortal", BRAWLER_VAMP, ""),
        ))
    };
    assert!(club(None) > 0.55, "{}", club(None));
    for even in ["edge-cap = 0", "weapon = \"none\""] {
        let p = club(Some(&format!("[combat.hubris]\n{even}")));
        assert!((p - 0.5).abs() < 1e-9, "{even}: {p}");
    }
    // As damage it matters when wounds end the fight (nobody conceding; a
    // short track keeps the chain small).
    let wounds = "[combat.hubris]\nconcede = false\nhealth-base = 2\n";
    let p = club(Some(&format!("{wounds}weapon = \"damage\"")));
    assert!(p > 0.55, "as damage: {p}");
    let p = club(Some(&format!("{wounds}weapon = \"none\"")));
    assert!((p - 0.5).abs() < 1e-9, "none: {p}");
    let capped = club(Some("[combat.hubris]\nedge-cap = 1"));
    assert!(0.5 < capped && capped < club(None), "cap 1: {capped}");
}

/// Potence, Fortitude, Celerity (001 has no Disciplines: all assumed), and
/// armour as a Difficulty: a vampire with the Discipline (or a fighter in
/// armour) against one without wins more than half; with the rule's
/// setting at "none" (or 0 attacks a dot) the fight is even.
#[test]
fn house_rules_on_disciplines_and_armour() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let vamp = |more: &str| format!("{BRAWLER_VAMP}, {more}");
    // Damage changed by a rule matters when wounds end the fight: nobody
    // concedes there, on a short track (a small chain).
    let wounds = "concede = false\nhealth-base = 2\n";
    let cases: [(&str, String, &str, &[&str], &str); 4] = [
        (
            "vampire",
            vamp("potence = 2"),
            "",
            &[
                "potence = \"dice\"",
                "potence = \"edge\"",
                "concede = false\nhealth-base = 2\npotence = \"damage\"",
            ],
            "potence = \"none\"",
        ),
        (
            "vampire",
            vamp("fortitude = 2"),
            "",
            &[
                "fortitude = \"defence\"",
                "concede = false\nhealth-base = 2\nfortitude = \"damage\"",
            ],
            "fortitude = \"none\"",
        ),
        (
            "vampire",
            vamp("celerity = 1"),
            "",
            &["celerity-attacks = 1"],
            "celerity-attacks = 0",
        ),
        (
            "mortal",
            BRAWLER_VAMP.to_string(),
            "armor = \"kevlar-vest\"",
            &[
                "armor = \"difficulty\"",
                "concede = false\nhealth-base = 2\narmor = \"damage\"",
            ],
            "armor = \"none\"",
        ),
    ];
    for (kind, traits, rest, helps, even) in cases {
        for rule in helps {
            let p = edge_of(
                d,
                Some(&format!("[combat.hubris]\n{rule}")),
                kind,
                &traits,
                rest,
            );
            assert!(p > 0.55, "{rule}: {p}");
        }
        for even in [even.to_string(), format!("{wounds}{even}")] {
            let p = edge_of(
                d,
                Some(&format!("[combat.hubris]\n{even}")),
                kind,
                &traits,
                rest,
            );
            assert!((p - 0.5).abs() < 1e-9, "{even}: {p}");
        }
    }
    // Two extra attacks a dot beat one (Stamina 1 each, a small chain).
    let quick = "strength = 2, dexterity = 2, stamina = 1, wits = 2, brawl = 2, celerity = 1";
    let slow = "strength = 2, dexterity = 2, stamina = 1, wits = 2, brawl = 2";
    let celerity = |per_dot: u8| {
        a_wins(&duel(
            d,
            Some(&format!("[combat.hubris]\ncelerity-attacks = {per_dot}")),
            50,
            ("vampire", quick, ""),
            ("vampire", slow, ""),
        ))
    };
    let (none, one, two) = (celerity(0), celerity(1), celerity(2));
    assert!((none - 0.5).abs() < 1e-9, "{none}");
    assert!(0.5 < one && one < two, "{one}, {two}");
    // Potence inside a capped Edge of 1 is worth less than as dice.
    let capped = |p: &str| {
        edge_of(
            d,
            Some(&format!("[combat.hubris]\nedge-cap = 1\npotence = \"{p}\"")),
            "vampire",
            &vamp("potence = 2"),
            "",
        )
    };
    assert!(capped("dice") > capped("edge"));
}

/// Rage (assumed: a point spent is an attack, `rage-attacks` each): a Garou
/// with Rage 3 spending a point a turn against one without wins more than
/// half; at 0 attacks a point it spends none and the fight is even.
#[test]
fn house_rule_rage_attacks() {
    let dir = tempfile::tempdir().unwrap();
    // Stamina 1: the first contest lost concedes (a small chain).
    let garou = "strength = 2, dexterity = 2, stamina = 1, wits = 2, brawl = 2, dodge = 1";
    let raging = format!("{garou}, rage = 3");
    let p = |settings: Option<&str>| {
        a_wins(&duel(
            dir.path(),
            settings,
            50,
            ("garou", &raging, "tactics = { rage = 1 }"),
            ("garou", garou, ""),
        ))
    };
    assert!(p(None) > 0.51, "{}", p(None));
    let even = p(Some("[combat.hubris]\nrage-attacks = 0"));
    assert!((even - 0.5).abs() < 1e-9, "{even}");
}

/// Willpower (001: "At most one Willpower point can be spent ... in any
/// turn"): a vampire with Celerity 2 and the `always` tactic, against a
/// dummy (neither can fall or concede in two rounds), spends one point a
/// round, two a round when the house rule allows two, and none at 0.
#[test]
fn house_rule_willpower_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    for (per_turn, spent) in [(0, 0), (1, 2), (2, 4)] {
        let s = duel(
            dir.path(),
            Some(&format!("[combat.hubris]\nwillpower-per-turn = {per_turn}")),
            2,
            (
                "vampire",
                "strength = 1, dexterity = 1, stamina = 10, wits = 1, celerity = 2, willpower = 5",
                "tactics = { willpower = \"always\" }",
            ),
            (
                "mortal",
                "strength = 1, dexterity = 1, stamina = 10, wits = 1",
                "tactics = { attack = \"none\" }",
            ),
        );
        for engine in engines(&s) {
            let t = conflict::run(&engine, "t", 1_000, 2, &|_| {});
            assert_eq!(t.willpower, spent * 1_000, "{per_turn} a turn");
        }
    }
}

/// Ties to the acting side favour the side that acts more: two brawlers
/// against one (all alike, Stamina 1: a lost contest concedes) win more
/// often when the attacker wins ties (001's default) than when nobody
/// does: they make twice the attacks.
#[test]
fn house_rule_ties_to_the_acting_side_favour_the_side_with_more_attackers() {
    const BRAWLER: &str =
        "strength = 2, dexterity = 2, stamina = 1, wits = 2, brawl = 1, dodge = 1";
    let dir = tempfile::tempdir().unwrap();
    let pair = |settings: Option<&str>| {
        let edition = match settings {
            Some(text) => house(dir.path(), "tie.toml", text),
            None => "hubris".to_string(),
        };
        let text = format!(
            "[[side]]\nname = \"Pair\"\n\
             [[side.member]]\nname = \"A\"\nkind = \"mortal\"\ntraits = {{ {BRAWLER} }}\n\
             [[side.member]]\nname = \"B\"\nkind = \"mortal\"\ntraits = {{ {BRAWLER} }}\n{}",
            member("C", "mortal", BRAWLER, "")
        );
        let s = fight(&edition, 50, &[text], Some(dir.path()));
        exact(&s).wins[0]
    };
    let acting = pair(None);
    let nothing = pair(Some("[actions]\ncontest-tie = \"nothing\""));
    assert!(acting > nothing, "{acting} against {nothing}");
}

/// Every sampler agrees with the exact chain under house rules that take
/// the engine's other paths: wound penalties, damage as successes, the
/// initiative pool alone, a Stamina roll for a lethal last box, Fortitude
/// as defence dice, ties rolled again.
#[test]
fn hubris_samplers_agree_under_house_rules() {
    let dir = tempfile::tempdir().unwrap();
    let settings = "[actions]\ncontest-tie = \"re-roll\"\n\n[combat.hubris]\n\
        wound-penalties = [1, 2, 3]\ndamage = \"successes\"\ninitiative = \"pool\"\n\
        last-box-lethal = \"stamina-roll\"\nfortitude = \"defence\"\nconcede = false";
    let s = duel(
        dir.path(),
        Some(settings),
        50,
        (
            "vampire",
            "strength = 2, dexterity = 2, stamina = 1, wits = 2, brawl = 1, fortitude = 1, willpower = 2",
            "tactics = { willpower = \"when-hurt\" }",
        ),
        (
            "mortal",
            "strength = 2, dexterity = 2, stamina = 2, wits = 3, melee = 2",
            "weapon = \"knife\"",
        ),
    );
    let odds = exact(&s);
    for sampling in [Sampling::PerDie, Sampling::Outcome] {
        let t = sample(&s, sampling, 200_000, 8);
        wins_near(&t, 0, odds.wins[0], &format!("{sampling:?}"));
        wins_near(&t, 1, odds.wins[1], &format!("{sampling:?}"));
        rounds_near(&t, odds.mean_rounds(), &format!("{sampling:?}"));
    }
}
