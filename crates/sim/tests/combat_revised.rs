//! The Revised engine's multiple actions, block, abort and firing range
//! against values worked out by hand, with every sampler; the round that
//! stops once a side is out (defect 6); and the `[combat.revised]` and
//! `[combat.attack]` settings, each moved by a house rule.
//!
//! Most tests pit one attacker against a target that never attacks back, so
//! the target's health is a Markov chain over the boxes filled: `chain`
//! gives the exact mean and variance of the rounds until all seven are
//! filled, from the chance of each number of levels a round, worked out by
//! hand in each test's doc comment. The Monte Carlo mean must fall within
//! 4.5 standard errors of it.
//!
//! One die at difficulty 6 succeeds on 6..10 (0.5) and botches on a 1
//! (0.1); at difficulty 4 it succeeds with 0.7, at 8 with 0.3. A damage or
//! soak die succeeds with 0.5. A one-die attack has at most one success, so
//! it never adds damage dice.

mod common;
mod story;

use common::engines;

use wodds_sim::conflict::{self, End, Scenario, Tally};

fn scenario(text: &str) -> Scenario {
    Scenario::parse("test.toml", text, None).unwrap()
}

/// A one-side-each Revised fight of at most `max_rounds` rounds.
fn fight(max_rounds: u32, a: &str, b: &str) -> Scenario {
    scenario(&format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"revised\"]\nmax-rounds = {max_rounds}\n{}{}",
        side("A", a),
        side("B", b)
    ))
}

/// A side of one member named `name`; `body` is its kind, traits, weapon,
/// range and tactics lines.
fn side(name: &str, body: &str) -> String {
    format!("[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\n{body}\n")
}

/// The one-die puncher: one die to hit, one damage die (Strength 1); it
/// always acts first (initiative 11 + 1d10 against at most 2 + 1d10, the
/// tie at 12 going to the higher Dexterity + Wits).
const PUNCHER: &str = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 10, brawl = 0 }";

/// A mortal that never attacks, with Stamina 1 (one soak die against
/// bashing, none against lethal).
const DUMMY: &str = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }\ntactics = { attack = \"none\" }";

/// The exact mean and variance of the rounds until seven boxes are
/// filled, when a round with `k` filled deals `j` levels with `step(k)[j]`.
fn chain(step: impl Fn(usize) -> Vec<f64>) -> (f64, f64) {
    // e[k] = E[T], m[k] = E[T^2] from k boxes filled; 0 from 7 on.
    let mut e = [0.0f64; 16];
    let mut m = [0.0f64; 16];
    for k in (0..7).rev() {
        let p = step(k);
        let stay = 1.0 - p[0];
        let later: f64 = (1..p.len()).map(|j| p[j] * e[k + j]).sum();
        e[k] = (1.0 + later) / stay;
        let first: f64 = (0..p.len()).map(|j| p[j] * (1.0 + 2.0 * e[k + j])).sum();
        let second: f64 = (1..p.len()).map(|j| p[j] * m[k + j]).sum();
        m[k] = (first + second) / stay;
    }
    (e[0], m[0] - e[0] * e[0])
}

/// A round that deals one level with `p`, else none.
fn one_level(p: f64) -> Vec<f64> {
    vec![1.0 - p, p]
}

/// A round where a one-die gun hits with `q` and its four damage dice
/// (pistol, lethal, unsoaked by a mortal) land Binomial(4, 0.5) levels.
fn pistol(q: f64) -> Vec<f64> {
    let c = [1.0, 4.0, 6.0, 4.0, 1.0];
    (0..5)
        .map(|j| q * c[j] / 16.0 + if j == 0 { 1.0 - q } else { 0.0 })
        .collect()
}

/// Side A always wins, and the mean rounds are within 4.5 standard errors
/// of `(mean, var)`.
fn assert_rounds(t: &Tally, n: u64, (mean, var): (f64, f64)) {
    assert_eq!(t.wins[0], n, "A wins every fight");
    let got = t.mean_rounds().unwrap();
    let se = (var / n as f64).sqrt();
    assert!(
        (got - mean).abs() < 4.5 * se,
        "mean rounds {got}, want {mean} (se {se})"
    );
}

/// The chain itself on the one-die puncher against the dummy (combat.rs):
/// 0.125 a round, seven levels: mean 56, variance 7 * 0.875 / 0.125^2.
#[test]
fn the_chain_gives_the_negative_binomial() {
    let (mean, var) = chain(|_| one_level(0.125));
    assert!((mean - 56.0).abs() < 1e-9, "{mean}");
    assert!((var - 392.0).abs() < 1e-9, "{var}");
}

/// Multiple actions: three declared attacks from a pool of 4 go at -3, -4,
/// -5: one die, then pools of 0 and -1 that are not attempted. So a round
/// is the one-die puncher's: a level with 0.5 (hit) * 0.5 (damage) * 0.5
/// (the soak die fails) = 0.125, mean 56 rounds. From a pool of 3 no
/// attack is ever attempted: every fight is a draw at max-rounds.
#[test]
fn three_actions_go_at_minus_three_four_five() {
    let n = 200_000;
    let three = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 3 }\ntactics = { actions = 3 }";
    for engine in engines(&fight(1000, three, DUMMY)) {
        let t = conflict::run(&engine, "revised", n, 21, &|_| {});
        assert_rounds(&t, n, chain(|_| one_level(0.125)));
    }
    let none = three.replace("brawl = 3", "brawl = 2");
    for engine in engines(&fight(20, &none, DUMMY)) {
        let t = conflict::run(&engine, "revised", 1000, 22, &|_| {});
        assert_eq!((t.share(End::Draw), t.rounds[20]), (Some(1.0), 1000));
    }
}

/// Celerity's extra attack comes with no penalty: a vampire with a
/// one-die attack pool declaring two actions (-2, -3: nothing left) still
/// makes its Celerity 1 attack with its one die, so a round is the
/// puncher's again: 0.125 a level, mean 56.
#[test]
fn celerity_attacks_take_no_multiple_action_penalty() {
    let n = 200_000;
    let fast = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, celerity = 1 }\ntactics = { actions = 2 }";
    for engine in engines(&fight(1000, fast, DUMMY)) {
        let t = conflict::run(&engine, "revised", n, 23, &|_| {});
        assert_rounds(&t, n, chain(|_| one_level(0.125)));
    }
}

/// The split dodge is the last declared action: two attacks and a dodge
/// are -3, -4 and -5 dice. The dodger (Dexterity 3, Dodge 3, Brawl 0)
/// attacks from 3 - 3 = 0 dice (never) and dodges from 6 - 5 = 1 die
/// while unhurt or Bruised, 0 once Hurt (-1). Against the one-die puncher
/// a round deals a level with 0.5 * (1 - 0.5) * 0.25 = 1/16 while it
/// dodges, 1/8 after: mean 16 + 16 + 5 * 8 = 72.
#[test]
fn a_split_dodge_is_the_last_declared_action() {
    let n = 200_000;
    let dodger = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 3, stamina = 1, wits = 1, dodge = 3 }\ntactics = { actions = 2, defend = \"dodge\" }";
    let want = chain(|k| one_level(if k < 2 { 1.0 / 16.0 } else { 0.125 }));
    assert!((want.0 - 72.0).abs() < 1e-9);
    for engine in engines(&fight(1000, PUNCHER, dodger)) {
        let t = conflict::run(&engine, "revised", n, 24, &|_| {});
        assert_rounds(&t, n, want);
    }
}

/// A block rolls Dexterity + Brawl at the split defence's -3: the blocker
/// carries a pistol it cannot use (Dexterity 1 + Firearms 0 - 2 = no die),
/// and blocks from 1 + 3 - 3 = 1 die (its Dodge pool, 1 die, would be
/// gone at -3). Against the one-die puncher: 1/16 a level while it blocks
/// (unhurt or Bruised), 1/8 once Hurt: mean 72.
#[test]
fn a_block_rolls_brawl_at_the_split_penalty() {
    let n = 200_000;
    let blocker = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 3 }\nweapon = \"pistol\"\ntactics = { defend = \"block\" }";
    let want = chain(|k| one_level(if k < 2 { 1.0 / 16.0 } else { 0.125 }));
    for engine in engines(&fight(1000, PUNCHER, blocker)) {
        let t = conflict::run(&engine, "revised", n, 25, &|_| {});
        assert_rounds(&t, n, want);
    }
}

/// A gun cannot be blocked: a blocker that never attacks (so its block is
/// its one action, six dice of Dexterity 1 + Brawl 5) is shot by a one-die
/// pistol at effective range as if it had no defence: a hit with 0.5, then
/// Binomial(4, 0.5) lethal levels a mortal cannot soak.
#[test]
fn a_gun_cannot_be_blocked() {
    let n = 200_000;
    let gun = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 10 }\nweapon = \"pistol\"\nrange = \"effective\"";
    let blocker = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 5 }\ntactics = { attack = \"none\", defend = \"block\" }";
    for engine in engines(&fight(1000, gun, blocker)) {
        let t = conflict::run(&engine, "revised", n, 26, &|_| {});
        assert_rounds(&t, n, chain(|_| pistol(0.5)));
    }
}

/// Firing range sets a gun's difficulty: one die hits with 0.7 at
/// point-blank (difficulty 4), 0.5 in the melee (as effective range, 6)
/// and 0.3 at long range (8); the pistol then lands Binomial(4, 0.5)
/// lethal levels on the dummy. A punch ignores range: the one-die puncher
/// at "long" range is still 0.125 a level.
#[test]
fn range_sets_a_guns_difficulty() {
    let n = 200_000;
    let gun = |range: &str| {
        format!(
            "kind = \"mortal\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 10 }}\nweapon = \"pistol\"\nrange = \"{range}\""
        )
    };
    for (range, q) in [("point-blank", 0.7), ("melee", 0.5), ("long", 0.3)] {
        for engine in engines(&fight(1000, &gun(range), DUMMY)) {
            let t = conflict::run(&engine, "revised", n, 27, &|_| {});
            assert_rounds(&t, n, chain(|_| pistol(q)));
        }
    }
    let far = format!("{PUNCHER}\nrange = \"long\"");
    for engine in engines(&fight(1000, &far, DUMMY)) {
        let t = conflict::run(&engine, "revised", n, 28, &|_| {});
        assert_rounds(&t, n, chain(|_| one_level(0.125)));
    }
}

/// Abort, one round (nobody can fall in it). The aborter (Willpower 1,
/// Dodge pool 1, a one-die attack) is attacked before it acts: it rolls
/// one Willpower die (success 0.5, botch 0.1, counted), then the puncher's
/// die (botch 0.1). Aborted, it dodges with one die (botch 0.1) unless the
/// attack botched, and does not attack; otherwise it attacks with one die
/// (botch 0.1). Botches a fight: 0.1 + 0.1 + 0.5 * 0.9 * 0.1 + 0.5 * 0.1 =
/// 0.295, no Willpower spent. With a Willpower point to spend (tactic
/// `always`) the abort always succeeds: exactly one point a fight, and
/// 0.1 + 0.9 * 0.1 = 0.19 botches. At most three botches a fight, so the
/// variance is at most E[X^2] <= 3 E[X].
#[test]
fn abort_trades_the_attack_for_a_dodge() {
    let n = 400_000;
    let aborter = |willpower: &str| {
        format!(
            "kind = \"mortal\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1, willpower = 1 }}\ntactics = {{ defend = \"abort\", willpower = \"{willpower}\" }}"
        )
    };
    for (tactic, spent, botches) in [("never", 0, 0.295), ("always", n, 0.19)] {
        for engine in engines(&fight(1, PUNCHER, &aborter(tactic))) {
            let t = conflict::run(&engine, "revised", n, 29, &|_| {});
            assert_eq!((t.share(End::Draw), t.willpower), (Some(1.0), spent));
            let got = t.per_fight(t.botches).unwrap();
            let se = (3.0 * botches / n as f64).sqrt();
            assert!(
                (got - botches).abs() < 4.5 * se,
                "{tactic}: {got} botches a fight, want {botches}"
            );
        }
    }
}

/// The abort roll's success rate: two Willpower dice at 6 give a net
/// success with 2 * 0.5 * 0.4 + 0.5^2 = 0.65 (one success and a 2..5, or
/// two successes). Aborted, the dummy-like aborter dodges the one-die
/// puncher with one die while unhurt or Bruised (0 dice once Hurt), so a
/// round deals a level with 0.5 * (1 - 0.65 * 0.5) * 0.25 = 0.084375, then
/// 0.125: mean 2 / 0.084375 + 40 = 63.70.
#[test]
fn abort_succeeds_on_a_willpower_roll() {
    let n = 200_000;
    let aborter = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, willpower = 2 }\ntactics = { attack = \"none\", defend = \"abort\" }";
    let want = chain(|k| one_level(if k < 2 { 0.084375 } else { 0.125 }));
    assert!((want.0 - (2.0 / 0.084375 + 40.0)).abs() < 1e-9);
    for engine in engines(&fight(1000, PUNCHER, aborter)) {
        let t = conflict::run(&engine, "revised", n, 30, &|_| {});
        assert_rounds(&t, n, want);
    }
}

/// An aborted member dodges every later attack that turn as a total
/// defender, a die fewer per earlier dodge. One round: a vampire puncher
/// with Celerity 1 (two one-die attacks, botch 0.1 each) against an
/// aborter that spends its one Willpower point (so it always aborts) and
/// dodges from 3 dice (Dexterity 1 + Dodge 2; one level at most from the
/// first blow leaves it Bruised, no penalty). Dodges are rolled against
/// attacks that did not botch; n dice botch with 0.5^n - 0.4^n: 3 dice
/// 0.061, 2 dice 0.09. Botches a fight: the two attacks' 0.1 each, plus
/// 0.9 * 0.061 for the first dodge, plus 0.9 * (0.9 * 0.09 + 0.1 * 0.061)
/// for the second (at 2 dice after a first dodge, else 3): 0.3332..; at
/// most four botches, so the variance is at most 4 E[X].
#[test]
fn an_aborted_member_dodges_every_later_attack() {
    let n = 400_000;
    let fast = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 10, celerity = 1 }";
    let aborter = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, dodge = 2, willpower = 1 }\ntactics = { defend = \"abort\", willpower = \"always\" }";
    let botch = |d: i32| 0.5f64.powi(d) - 0.4f64.powi(d);
    let want = 0.1 + 0.9 * botch(3) + 0.1 + 0.9 * (0.9 * botch(2) + 0.1 * botch(3));
    for engine in engines(&fight(1, fast, aborter)) {
        let t = conflict::run(&engine, "revised", n, 31, &|_| {});
        assert_eq!((t.share(End::Draw), t.willpower), (Some(1.0), n));
        let got = t.per_fight(t.botches).unwrap();
        let se = (4.0 * want / n as f64).sqrt();
        assert!(
            (got - want).abs() < 4.5 * se,
            "{got} botches a fight, want {want}"
        );
    }
}

/// The rule file's `range-difficulty` sets a gun's difficulty: a house rule
/// of point-blank 2 and long 10 makes one die hit with 0.9 (2..10) and 0.1
/// (a 10) before the pistol's Binomial(4, 0.5) lethal levels.
#[test]
fn a_house_rule_sets_range_difficulties() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("ranges.toml"),
        "extends = \"revised\"\n\n[combat.attack]\nrange-difficulty = [2, 6, 10]\n",
    )
    .unwrap();
    let n = 200_000;
    for (range, q) in [("point-blank", 0.9), ("long", 0.1)] {
        let gun = format!(
            "kind = \"mortal\"\ntraits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 10 }}\nweapon = \"pistol\"\nrange = \"{range}\""
        );
        let text = format!(
            "name = \"t\"\nkind = \"combat\"\neditions = [\"ranges.toml\"]\nmax-rounds = 1000\n{}{}",
            side("A", &gun),
            side("B", DUMMY)
        );
        let s = Scenario::parse("test.toml", &text, Some(dir.path())).unwrap();
        for engine in engines(&s) {
            let t = conflict::run(&engine, "ranges", n, 31, &|_| {});
            assert_rounds(&t, n, chain(|_| pistol(q)));
        }
    }
}

/// Writes house rules `text` (extending revised) to `dir/name`, and
/// returns a one-side-each fight between `a` and `b` under them.
fn under(
    dir: &std::path::Path,
    name: &str,
    text: &str,
    max_rounds: u32,
    a: &str,
    b: &str,
) -> Scenario {
    std::fs::write(dir.join(name), format!("extends = \"revised\"\n\n{text}\n")).unwrap();
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"{name}\"]\nmax-rounds = {max_rounds}\n{}{}",
        side("A", a),
        side("B", b)
    );
    Scenario::parse("test.toml", &text, Some(dir)).unwrap()
}

/// Defect 6: the round stops once one side is out. Two mortals who both
/// flee on their first turn (`escape`: Revised has no escape roll): the
/// first to act leaves, and the other, whose side is then the only one
/// standing, wins without acting (it used to flee too, turning every fight
/// into a draw). The two are alike, so each wins half the fights, by
/// initiative, each win ending in a flight.
#[test]
fn revised_a_flight_after_the_other_side_is_out_is_no_draw() {
    let n = 100_000;
    let runner = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }\ntactics = { defend = \"escape\" }";
    for engine in engines(&fight(5, runner, runner)) {
        let t = conflict::run(&engine, "revised", n, 32, &|_| {});
        assert_eq!(t.share(End::Draw), Some(0.0), "no draw");
        assert_eq!(
            t.share(End::Fled),
            Some(1.0),
            "every fight ends in a flight"
        );
        assert_eq!(t.rounds[1], n, "in the first round");
        let a = t.wins[0] as f64 / n as f64;
        let se = (0.25 / n as f64).sqrt();
        assert!((a - 0.5).abs() < 4.5 * se, "A wins {a}");
    }
}

/// `[combat.attack] difficulty`: a house rule of difficulty 8 for blows
/// makes the one-die puncher hit with 0.3: a level a round with 0.3 x 0.25.
#[test]
fn a_house_rule_sets_the_attack_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let s = under(
        dir.path(),
        "hard.toml",
        "[combat.attack]\ndifficulty = 8",
        1000,
        PUNCHER,
        DUMMY,
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "hard", 200_000, 33, &|_| {});
        assert_rounds(&t, 200_000, chain(|_| one_level(0.075)));
    }
}

/// `[combat.revised]` multiple actions: with no extra penalty for later
/// actions (`later-action-penalty = 0`) three declared attacks from a pool
/// of 4 all go at -3: three one-die attacks a round, each a level with
/// 0.125 (Revised's -3, -4, -5 leaves one: see above).
#[test]
fn a_smaller_multiple_action_penalty_keeps_more_dice() {
    let dir = tempfile::tempdir().unwrap();
    let three = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 3 }\ntactics = { actions = 3 }";
    let s = under(
        dir.path(),
        "flat.toml",
        "[combat.revised]\nlater-action-penalty = 0",
        1000,
        three,
        DUMMY,
    );
    let a = one_level(0.125);
    let round = story::convolve(&story::convolve(&a, &a), &a);
    for engine in engines(&s) {
        let t = conflict::run(&engine, "flat", 200_000, 34, &|_| {});
        assert_rounds(&t, 200_000, chain(|_| round.clone()));
    }
}

/// The chance a Revised defence of `dice` dice at difficulty `d` takes
/// nothing off a one-success attack: no net success (a botch included);
/// 1 with no dice.
fn fails(dice: i32, d: u32) -> f64 {
    if dice < 1 {
        return 1.0;
    }
    let r = story::revised_roll(dice as u32, d);
    r.net[0] + r.botch
}

/// Revised's wound penalty after `k` boxes filled.
fn wounds(k: usize) -> i32 {
    [0, 0, 1, 1, 2, 2, 5][k]
}

/// `[combat.revised]` defences. The split dodger above (two attacks and a
/// dodge declared: -3, -4, -5; Dexterity 3, Dodge 3, Brawl 0) under a
/// house rule of `defence-difficulty = 4`: its one die stops the punch
/// with 0.7. With the dodge first (`defence-last = false`), the dodge goes
/// at -3: 3 dice less the wound penalty, the attacks at -4 and -5 (none).
/// A round deals a level with 0.5 x P(the dodge takes nothing) x 0.25.
#[test]
fn defence_difficulty_and_order_follow_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let dodger = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 3, stamina = 1, wits = 1, dodge = 3 }\ntactics = { actions = 2, defend = \"dodge\" }";
    // The chance the dodge takes nothing off the punch, by boxes filled.
    type Open = fn(usize) -> f64;
    let cases: [(&str, &str, Open); 2] = [
        (
            "easy.toml",
            "[combat.revised]\ndefence-difficulty = 4",
            |k| fails(1 - wounds(k), 4),
        ),
        (
            "first.toml",
            "[combat.revised]\ndefence-last = false",
            |k| fails(3 - wounds(k), 6),
        ),
    ];
    for (name, rule, open) in cases {
        let want = chain(|k| one_level(0.5 * open(k) * 0.25));
        let s = under(dir.path(), name, rule, 1000, PUNCHER, dodger);
        for engine in engines(&s) {
            let t = conflict::run(&engine, name, 200_000, 35, &|_| {});
            assert_rounds(&t, 200_000, want);
        }
    }
}

/// `[combat.revised] block-stops-bullets`: under a house rule where a block
/// can stop a bullet, the blocker above (six dice, its one action, less its
/// wound penalty) takes the one-die pistol's success away unless its block
/// has no net success; the shot then lands Binomial(4, 0.5) levels.
#[test]
fn a_house_rule_lets_a_block_stop_bullets() {
    let dir = tempfile::tempdir().unwrap();
    let gun = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 10 }\nweapon = \"pistol\"\nrange = \"effective\"";
    let blocker = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 5 }\ntactics = { attack = \"none\", defend = \"block\" }";
    let s = under(
        dir.path(),
        "bulletproof.toml",
        "[combat.revised]\nblock-stops-bullets = true",
        1000,
        gun,
        blocker,
    );
    let want = chain(|k| pistol(0.5 * fails(6 - wounds(k), 6)));
    assert!(want.0 > chain(|_| pistol(0.5)).0 + 10.0);
    for engine in engines(&s) {
        let t = conflict::run(&engine, "bulletproof", 100_000, 36, &|_| {});
        assert_rounds(&t, 100_000, want);
    }
}

/// `[combat.revised] abort-difficulty`: the aborter above (two Willpower
/// dice) under a house rule of difficulty 4 aborts with P(a net success on
/// two dice at 4) instead of 0.65; aborted, its one dodge die stops the
/// punch with 0.5 (while unhurt or Bruised).
#[test]
fn abort_difficulty_follows_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let aborter = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, willpower = 2 }\ntactics = { attack = \"none\", defend = \"abort\" }";
    let s = under(
        dir.path(),
        "easy-abort.toml",
        "[combat.revised]\nabort-difficulty = 4",
        1000,
        PUNCHER,
        aborter,
    );
    let aborts: f64 = story::revised_roll(2, 4).net.iter().skip(1).sum();
    assert!((aborts - 0.65).abs() > 0.1, "{aborts}");
    let want = chain(|k| {
        one_level(if k < 2 {
            0.5 * (1.0 - aborts * 0.5) * 0.25
        } else {
            0.125
        })
    });
    for engine in engines(&s) {
        let t = conflict::run(&engine, "easy-abort", 200_000, 37, &|_| {});
        assert_rounds(&t, 200_000, want);
    }
}

/// `[combat.revised]` Willpower, Celerity and Rage. A vampire with Celerity
/// 2 spending Willpower on every attack it can spends two points a turn
/// under `willpower-per-turn = 2` (four over two rounds), not one. With
/// its extra actions counted as declared (`extra-actions-penalised`), a
/// one-die vampire with Celerity 1 declares two actions, -2 and -3: no
/// dice, so it never attacks and every fight is a draw. A Garou spending a
/// Rage point a turn for no extra action (`rage-actions = 0`) attacks once
/// a round: three one-die attacks in three rounds, 0.3 botches a fight
/// (Revised's rule gives five, 0.5).
#[test]
fn willpower_celerity_and_rage_follow_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let tough = "kind = \"mortal\"\ntraits = { strength = 1, dexterity = 1, stamina = 10, wits = 1 }\ntactics = { attack = \"none\" }";
    let spender = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 10, wits = 1, celerity = 2, willpower = 5 }\ntactics = { willpower = \"always\" }";
    let s = under(
        dir.path(),
        "willful.toml",
        "[combat.revised]\nwillpower-per-turn = 2",
        2,
        spender,
        tough,
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "willful", 1_000, 38, &|_| {});
        assert_eq!(t.willpower, 4_000);
    }
    let fast = "kind = \"vampire\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, celerity = 1 }";
    let s = under(
        dir.path(),
        "counted.toml",
        "[combat.revised]\nextra-actions-penalised = true",
        20,
        fast,
        DUMMY,
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "counted", 10_000, 39, &|_| {});
        assert_eq!((t.share(End::Draw), t.botches), (Some(1.0), 0));
    }
    let garou = "kind = \"garou\"\ntraits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, rage = 2 }\ntactics = { rage = 1 }";
    let s = under(
        dir.path(),
        "calm.toml",
        "[combat.revised]\nrage-actions = 0",
        3,
        garou,
        tough,
    );
    for engine in engines(&s) {
        let n = 100_000u64;
        let t = conflict::run(&engine, "calm", n, 40, &|_| {});
        assert_eq!(t.ends[4], n, "every fight runs its three rounds");
        let got = t.botches as f64 / n as f64;
        let se = (3.0 * 0.1 * 0.9 / n as f64).sqrt();
        assert!((got - 0.3).abs() < 4.5 * se, "{got} botches a fight");
    }
}
