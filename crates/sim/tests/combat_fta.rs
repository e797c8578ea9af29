//! The From the Ashes engine's block, guard, abort, split actions and
//! firefight difficulties against values worked out by hand (seed 004),
//! with every sampler.
//!
//! Most cases are one-round fights between one-die fighters: a mortal of
//! Stamina 1 cannot soak lethal damage, so a blow kills (seven levels) with
//! the chance its damage dice give seven successes or more at difficulty 6:
//! a Strength 10 sword's twelve dice `Q12 = 1586 / 4096`, a rifle's eight
//! `Q8 = 9 / 256`. One d10 succeeds at difficulty d with (11 - d) / 10.

mod common;

use common::engines;

use wodds_sim::combat::{self, Scenario, Tally};

/// P(12 dice at 6 give 7 or more) = (C(12,7) + ... + C(12,12)) / 2^12.
const Q12: f64 = 1586.0 / 4096.0;
/// P(8 dice at 6 give 7 or more) = (C(8,7) + C(8,8)) / 2^8.
const Q8: f64 = 9.0 / 256.0;

/// A Strength 10, Dexterity 1 swordsman: one attack die, twelve damage dice.
const SWORDSMAN: &str = "strength = 10, dexterity = 1, stamina = 1, wits = 1, melee = 0";
/// Dexterity 1, Stamina 1: one die for every Dexterity pool.
const WEAK: &str = "strength = 1, dexterity = 1, stamina = 1, wits = 1";

fn member(name: &str, traits: &str, rest: &str) -> String {
    format!(
        "[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\ntraits = {{ {traits} }}\n{rest}\n"
    )
}

fn side(name: &str, members: &[String]) -> String {
    format!("[[side]]\nname = \"{name}\"\n{}", members.concat())
}

fn scenario(max_rounds: u32, sides: &[String]) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\nmax-rounds = {max_rounds}\n{}",
        sides.concat()
    );
    Scenario::parse("test.toml", &text, None).unwrap()
}

/// `n` fights with each sampler.
fn tallies(s: &Scenario, n: u64, seed: u64) -> [Tally; 3] {
    engines(s).map(|e| combat::run(&e, "fta", n, seed, &|_| {}))
}

/// Asserts side `side` won a share of the `n` fights within 4.5 standard
/// errors of `p`.
fn wins_near(t: &Tally, side: usize, p: f64, what: &str) {
    let n: u64 = t.rounds.iter().sum();
    let share = t.wins[side] as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt();
    assert!(
        (share - p).abs() < 4.5 * se,
        "{what}: side {side} wins {share}, want {p}"
    );
}

/// Block (pure: the blocker never attacks, so nothing is split). A one-die
/// sword attack hits with 0.5; the one-die block at difficulty 4 (the same
/// Ability, Melee against a sword's parry) fails with 0.3, at 5 (a Brawl
/// block against the sword) with 0.4. A rifle (one die) at effective range
/// hits with 0.5 and a block against gunfire (5 + 4 = 9) fails with 0.8;
/// in the melee the rifle is at 8 (0.3) and the block at 5 (mismatched
/// methods: 0.4).
#[test]
fn block_by_hand() {
    let blocker = |weapon: &str| {
        side(
            "Blocker",
            &[member(
                "B",
                WEAK,
                &format!(
                    "weapon = \"{weapon}\"\ntactics = {{ attack = \"none\", defend = \"block\" }}"
                ),
            )],
        )
    };
    let sword = side("Sword", &[member("A", SWORDSMAN, "weapon = \"sword\"")]);
    let rifle = |range: &str| {
        side(
            "Rifle",
            &[member(
                "R",
                WEAK,
                &format!("weapon = \"rifle\"\nrange = \"{range}\""),
            )],
        )
    };
    let cases = [
        (
            sword.clone(),
            blocker("sword"),
            0.5 * 0.3 * Q12,
            "sword on a parry",
        ),
        (
            sword,
            blocker("fists"),
            0.5 * 0.4 * Q12,
            "sword on a Brawl block",
        ),
        (
            rifle("effective"),
            blocker("fists"),
            0.5 * 0.8 * Q8,
            "gunfire",
        ),
        (
            rifle("melee"),
            blocker("fists"),
            0.3 * 0.4 * Q8,
            "rifle in the melee",
        ),
    ];
    for (seed, (a, b, p, what)) in cases.into_iter().enumerate() {
        for t in tallies(&scenario(1, &[a.clone(), b]), 400_000, 20 + seed as u64) {
            wins_near(&t, 0, p, what);
            assert_eq!(t.wins[1], 0, "{what}: the blocker never attacks");
        }
    }
}

/// Guard. Against a member that never attacks it, a guard does nothing:
/// every one-round fight is a draw (a `none` swordsman wins 0.5 * Q12).
/// Against two swordsmen it turns into an attack on the first to attack
/// it, A1 (Wits 10: initiative 11 + d10 beats the others' 2 + d10, a tie
/// broken by 11 > 2), although A2 is listed first: that exchange is
/// contested and A1 lands with 0.25 (Binomial(12, 1/2) levels); then A2
/// attacks G, whose defence (its one attack die less two for the earlier
/// attack) is gone, and lands with 0.5. Side 2 wins when G has seven
/// levels: 0.25 Q12 (A1's blow alone), plus 0.25 * 0.5 * (P24 - Q12) (both
/// blows, A1's short), plus 0.75 * 0.5 * Q12 (A2's alone), which is
/// 0.5 Q12 + 0.125 P24, with P24 = P(Binomial(24, 1/2) at least 7). (Were
/// the guard's attack on its listed target A2, A1's attack would meet its
/// defence instead.)
#[test]
fn guard_by_hand() {
    let dummy = side(
        "Dummy",
        &[member("D", WEAK, "tactics = { attack = \"none\" }")],
    );
    let guard = |defend: &str| {
        side(
            "Guard",
            &[member(
                "G",
                SWORDSMAN,
                &format!("weapon = \"sword\"\ntactics = {{ defend = \"{defend}\" }}"),
            )],
        )
    };
    for t in tallies(&scenario(1, &[guard("guard"), dummy.clone()]), 20_000, 30) {
        assert_eq!(t.wins, [0, 0], "a guard never attacked never attacks");
    }
    for t in tallies(&scenario(1, &[guard("none"), dummy]), 400_000, 31) {
        wins_near(&t, 0, 0.5 * Q12, "an ordinary attacker");
    }
    let first = "strength = 10, dexterity = 1, stamina = 1, wits = 10, melee = 0";
    let attackers = side(
        "Attackers",
        &[
            member("A2", SWORDSMAN, "weapon = \"sword\""),
            member("A1", first, "weapon = \"sword\""),
        ],
    );
    // P(Binomial(24, 1/2) >= 7) = 1 - sum over k < 7 of C(24, k) / 2^24.
    let below: f64 = (0..7u32)
        .map(|k| (0..k).fold(1.0, |c, j| c * f64::from(24 - j) / f64::from(j + 1)))
        .sum();
    let p = 0.5 * Q12 + 0.125 * (1.0 - below / 2f64.powi(24));
    for t in tallies(&scenario(1, &[guard("guard"), attackers]), 400_000, 32) {
        wins_near(&t, 1, p, "two attackers on a guard");
    }
}

/// Abort. A (Wits 10, always first) attacks X, which has not acted yet:
/// X rolls its Willpower 2 at difficulty 8 and aborts with
/// P(net successes >= 1) = 0.3^2 + 2 * 0.3 * 0.6 = 0.45 (a 1 cancels a
/// success). Aborted, X dodges purely (one die at 5 fails with 0.4) and
/// never attacks: A lands with 0.5 * 0.4. Otherwise the exchange is
/// contested: each lands with 0.25. So A wins with (0.45 * 0.2 + 0.55 *
/// 0.25) Q12 and X with 0.55 * 0.25 * Q12. Against a committed attack X
/// aborts without a roll (and dodges without the +2): A wins with
/// 0.2 * Q12, X never.
#[test]
fn abort_by_hand() {
    let first = "strength = 10, dexterity = 1, stamina = 1, wits = 10, melee = 0";
    let a = |attack: &str| {
        side(
            "A",
            &[member(
                "A",
                first,
                &format!("weapon = \"sword\"\ntactics = {{ attack = \"{attack}\" }}"),
            )],
        )
    };
    let x = side(
        "X",
        &[member(
            "X",
            &format!("{SWORDSMAN}, willpower = 2"),
            "weapon = \"sword\"\ntactics = { defend = \"abort\" }",
        )],
    );
    for t in tallies(&scenario(1, &[a("basic"), x.clone()]), 400_000, 40) {
        wins_near(&t, 0, (0.45 * 0.2 + 0.55 * 0.25) * Q12, "A");
        wins_near(&t, 1, 0.55 * 0.25 * Q12, "X");
    }
    for t in tallies(&scenario(1, &[a("committed"), x]), 400_000, 41) {
        wins_near(&t, 0, 0.2 * Q12, "committed A");
        assert_eq!(t.wins[1], 0, "an aborted X never attacks");
    }
}

/// Split actions: N actions each lose 2 + (N - 1) dice, one attack per
/// target, at most Wits actions. Dexterity 4 and two attacks on two
/// dummies: each attack at 4 - 3 = 1 die, both kill with (0.5 Q12)^2.
/// Three declared attacks on two dummies: the third has no target of its
/// own, so only two are made, at -3 (at -4 none could be rolled). With
/// Dexterity 5 and three dummies, three attacks at -4 kill all with
/// (0.5 Q12)^3; with Wits 2 only two attacks are allowed and a dummy is
/// left standing. An attack and a dodge: the attack at -3 as well (the
/// seed's Toni example), so Dexterity 4 kills a dummy with 0.5 Q12. Two
/// declared attacks on one dummy: one attack, not split (one die: 0.5
/// Q12).
#[test]
fn split_actions_by_hand() {
    let dummies = |n: usize| {
        side(
            "Dummies",
            &(0..n)
                .map(|i| member(&format!("D{i}"), WEAK, "tactics = { attack = \"none\" }"))
                .collect::<Vec<_>>(),
        )
    };
    let a = |dex: u8, wits: u8, tactics: &str| {
        side(
            "A",
            &[member(
                "A",
                &format!("strength = 10, dexterity = {dex}, stamina = 1, wits = {wits}, melee = 0"),
                &format!("weapon = \"sword\"\ntactics = {tactics}"),
            )],
        )
    };
    let h = 0.5 * Q12;
    let cases = [
        (a(4, 3, "{ actions = 2 }"), 2, h * h, "two on two"),
        (
            a(4, 3, "{ actions = 3 }"),
            2,
            h * h,
            "three declared on two",
        ),
        (a(5, 3, "{ actions = 3 }"), 3, h * h * h, "three on three"),
        (a(4, 2, "{ defend = \"dodge\" }"), 1, h, "attack and dodge"),
        (a(1, 3, "{ actions = 2 }"), 1, h, "two declared on one"),
    ];
    for (seed, (a, n, p, what)) in cases.into_iter().enumerate() {
        for t in tallies(&scenario(1, &[a, dummies(n)]), 400_000, 50 + seed as u64) {
            wins_near(&t, 0, p, what);
        }
    }
    for t in tallies(
        &scenario(1, &[a(5, 2, "{ actions = 3 }"), dummies(3)]),
        20_000,
        59,
    ) {
        assert_eq!(t.wins[0], 0, "Wits 2: only two of three dummies attacked");
    }
}

/// Firefights: a one-die rifle against a dummy with no defence: at
/// difficulty 4 within five yards (0.7), 6 at effective range (0.5), 8 one
/// increment beyond (0.3), and 4 in the melee against a target with no
/// defence roll (uncontested attacks count as point-blank fire).
#[test]
fn rifle_ranges_by_hand() {
    let dummy = side(
        "Dummy",
        &[member("D", WEAK, "tactics = { attack = \"none\" }")],
    );
    let cases = [
        ("point-blank", 0.7),
        ("effective", 0.5),
        ("long", 0.3),
        ("melee", 0.7),
    ];
    for (seed, (range, hit)) in cases.into_iter().enumerate() {
        let rifle = side(
            "Rifle",
            &[member(
                "R",
                WEAK,
                &format!("weapon = \"rifle\"\nrange = \"{range}\""),
            )],
        );
        for t in tallies(
            &scenario(1, &[rifle, dummy.clone()]),
            400_000,
            60 + seed as u64,
        ) {
            wins_near(&t, 0, hit * Q8, range);
        }
    }
}

/// Guns in the melee against a pure dodger (one die at 5, hand to hand):
/// a pistol at 4 (0.7), an SMG at 6 (0.5). Once the dodger has two levels
/// its dodge pool is gone (Hurt, -1) and every shot is uncontested, at 4.
/// A hit deals Binomial(4, 1/2) lethal levels (four damage dice, no soak).
/// Expected rounds to seven levels from k levels: e[k] = (1 + sum over
/// l >= 1 of p_k(l) e[k + l]) / (1 - p_k(0)), with p_k(l) = h_k C(4, l) /
/// 16 and h_k = hit * 0.4 for k <= 1, 0.7 after.
#[test]
fn guns_in_the_melee_by_hand() {
    let dodger = side(
        "Dodger",
        &[member(
            "D",
            WEAK,
            "tactics = { attack = \"none\", defend = \"total\" }",
        )],
    );
    for (seed, (gun, hit)) in [("pistol", 0.7), ("smg", 0.5)].into_iter().enumerate() {
        let c4 = [1.0, 4.0, 6.0, 4.0, 1.0];
        let mut e = [0.0f64; 12];
        for k in (0..7).rev() {
            let h = if k <= 1 { hit * 0.4 } else { 0.7 };
            let p0 = 1.0 - h + h / 16.0;
            let rest: f64 = (1..=4).map(|l| h * c4[l] / 16.0 * e[k + l]).sum();
            e[k] = (1.0 + rest) / (1.0 - p0);
        }
        let shooter = side("Gun", &[member("G", WEAK, &format!("weapon = \"{gun}\""))]);
        let n = 200_000;
        for t in tallies(
            &scenario(1000, &[shooter, dodger.clone()]),
            n,
            70 + seed as u64,
        ) {
            assert_eq!(t.wins[0], n);
            let mean = t.mean_rounds().unwrap();
            // A generous bound on the rounds' standard deviation: the mean.
            assert!(
                (mean - e[0]).abs() < 4.5 * e[0] / (n as f64).sqrt(),
                "{gun}: mean {mean}, want {}",
                e[0]
            );
        }
    }
}
