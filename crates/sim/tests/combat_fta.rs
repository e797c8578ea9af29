//! The From the Ashes engine against values worked out by hand (seed 004),
//! with every sampler: its block, guard, abort, split actions and firefight
//! difficulties; the regression tests of issue 10's fta defects, each named
//! after its defect and quoting the seed; and the house-rule tests of every
//! `[combat.fta]` family, each checking that a changed setting moves a
//! figure the way the rule implies, to its hand-computed value.
//!
//! Most cases are one-round fights between one-die fighters: a mortal of
//! Stamina 1 cannot soak lethal damage, so a blow kills (seven levels) with
//! the chance its damage dice give seven successes or more at difficulty 6:
//! a Strength 10 sword's twelve dice `Q12 = 1586 / 4096`, a rifle's eight
//! `Q8 = 9 / 256`. A ghoul with Potence 8 ([`killer`]) kills a mortal or a
//! ghoul with any blow that lands (eight automatic levels of lethal damage:
//! a mortal soaks none, a ghoul of Stamina 1 at most one, 004 "Ghouls ...
//! may soak lethal"), so its attacks count as kills. One d10 succeeds at
//! difficulty d with (11 - d) / 10; [`net`] gives a pool's net successes
//! (a 1 cancels a success) from the multinomial counts of its faces.

mod common;

use std::path::Path;

use common::engines;

use wodds_sim::conflict::{self, Sampling, Scenario, Tally};

/// P(12 dice at 6 give 7 or more) = (C(12,7) + ... + C(12,12)) / 2^12.
const Q12: f64 = 1586.0 / 4096.0;
/// P(8 dice at 6 give 7 or more) = (C(8,7) + C(8,8)) / 2^8.
const Q8: f64 = 9.0 / 256.0;

/// A Strength 10, Dexterity 1 swordsman: one attack die, twelve damage dice.
const SWORDSMAN: &str = "strength = 10, dexterity = 1, stamina = 1, wits = 1, melee = 0";
/// Dexterity 1, Stamina 1: one die for every Dexterity pool.
const WEAK: &str = "strength = 1, dexterity = 1, stamina = 1, wits = 1";
fn member(name: &str, traits: &str, rest: &str) -> String {
    member_of("mortal", name, traits, rest)
}

fn member_of(kind: &str, name: &str, traits: &str, rest: &str) -> String {
    format!(
        "[[side.member]]\nname = \"{name}\"\nkind = \"{kind}\"\ntraits = {{ {traits} }}\n{rest}\n"
    )
}

/// A ghoul swordsman whose every landed blow kills, with Dexterity
/// `dexterity` (its attack dice) and Wits `wits`, `more` traits (from `, `)
/// and `tactics`: Potence 8.
fn killer(name: &str, dexterity: u8, wits: u8, more: &str, tactics: &str) -> String {
    member_of(
        "ghoul",
        name,
        &format!(
            "strength = 1, dexterity = {dexterity}, stamina = 1, wits = {wits}, melee = 0, potence = 8{more}"
        ),
        &format!("weapon = \"sword\"\ntactics = {tactics}"),
    )
}

fn side(name: &str, members: &[String]) -> String {
    format!("[[side]]\nname = \"{name}\"\n{}", members.concat())
}

fn scenario(max_rounds: u32, sides: &[String]) -> Scenario {
    scenario_under("fta", None, max_rounds, sides)
}

/// A scenario under `edition` (an id, or a rule file in `dir`).
fn scenario_under(
    edition: &str,
    dir: Option<&Path>,
    max_rounds: u32,
    sides: &[String],
) -> Scenario {
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = {max_rounds}\n{}",
        sides.concat()
    );
    Scenario::parse("test.toml", &text, dir).unwrap()
}

/// `n` fights with each sampler.
fn tallies(s: &Scenario, n: u64, seed: u64) -> [Tally; 3] {
    engines(s).map(|e| conflict::run(&e, "fta", n, seed, &|_| {}))
}

/// Asserts side `side` won a share of the `n` fights within 4.5 standard
/// errors of `p`.
fn wins_near(t: &Tally, side: usize, p: f64, what: &str) {
    share_near(t, t.wins[side], p, &format!("{what}: side {side} wins"));
}

/// Asserts `count` of `t`'s fights are a share within 4.5 standard errors
/// of `p`.
fn share_near(t: &Tally, count: u64, p: f64, what: &str) {
    let n = t.fights;
    let share = count as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    assert!((share - p).abs() < 4.5 * se, "{what} {share}, want {p}");
}

/// Draws in `t`.
fn draws(t: &Tally) -> u64 {
    t.ends[4]
}

/// The distribution of the net successes of `k` dice at difficulty `d`
/// (Revised's dice: a face of `d` or more succeeds, each 1 cancels one,
/// never below 0): `net(k, d)[s]`, from the multinomial counts of
/// successes, ones and the other faces.
fn net(k: u32, d: u32) -> Vec<f64> {
    let hit = f64::from(11 - d) / 10.0;
    let (one, blank): (f64, f64) = (0.1, 1.0 - hit - 0.1);
    let fact = |n: u32| (1..=n).map(f64::from).product::<f64>();
    let mut p = vec![0.0; k as usize + 1];
    for s in 0..=k {
        for o in 0..=k - s {
            let ways = fact(k) / (fact(s) * fact(o) * fact(k - s - o));
            let q = ways * hit.powi(s as i32) * one.powi(o as i32) * blank.powi((k - s - o) as i32);
            p[s.saturating_sub(o) as usize] += q;
        }
    }
    p
}

/// The chance `k` dice at difficulty `d` net no success (a defence that
/// stops nothing).
fn fails(k: u32, d: u32) -> f64 {
    net(k, d)[0]
}

/// P(Binomial(m, 1/2) >= 7): `m` damage dice at 6 kill a mortal who cannot
/// soak them.
fn kills(m: u32) -> f64 {
    let c = |k: u32| (0..k).fold(1.0, |c, j| c * f64::from(m - j) / f64::from(j + 1));
    (7..=m).map(c).sum::<f64>() / 2f64.powi(m as i32)
}

/// Writes a house rule extending fta with `text` into `dir` as `name`.
fn house(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), format!("extends = \"fta\"\n\n{text}")).unwrap();
}

#[test]
fn the_helpers_by_hand() {
    // One die at 6: a net success on 6..10.
    assert!((fails(1, 6) - 0.5).abs() < 1e-15);
    // Two dice at 6 net nothing unless one succeeds and the other is not a
    // 1, or both succeed: 1 - (0.25 + 2 * 0.5 * 0.4) = 0.35.
    assert!((fails(2, 6) - 0.35).abs() < 1e-15);
    assert!((net(3, 5).iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!((kills(12) - Q12).abs() < 1e-15);
    assert!((kills(8) - Q8).abs() < 1e-15);
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
/// left standing. Two declared attacks on one dummy: one attack, not
/// split (one die: 0.5 Q12). An attack and a dodge split against a gunman
/// shooting from afar (004 "Combatants may elect to attack and defend,
/// using the split-pool rules"): the attack at -3 as well (the seed's Toni
/// example), so a Dexterity 4 killer (Wits 10, first) attacks with one die
/// and kills with 0.5 times the chance the gunman's one-die dodge at 5
/// (it keeps its defence against the blow) fails, 0.4; the gunman's
/// pistol (four damage dice) cannot kill it in the one round.
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
    let dodger = side("A", &[killer("A", 4, 10, "", "{ defend = \"dodge\" }")]);
    let gunman = side(
        "Gunman",
        &[member(
            "G",
            WEAK,
            "weapon = \"pistol\"\nrange = \"effective\"",
        )],
    );
    for t in tallies(&scenario(1, &[dodger, gunman]), 400_000, 58) {
        wins_near(&t, 0, 0.5 * 0.4, "attack and dodge");
        assert_eq!(t.wins[1], 0, "a pistol cannot kill in one round");
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

// ---------------------------------------------------------------------------
// Issue 10: the fta defects, each test named after its defect.
// ---------------------------------------------------------------------------

/// Defect 2. 004 "Committed Attack": "their target must either accept the
/// full force of this attack, suffer a +2 difficulty, or abort to a
/// defense". The target striking back in the contested exchange defends
/// with its attack, so that roll is at +2. A (Wits 10, always first) makes a
/// committed one-die sword attack on B, who strikes back at 8: A scores
/// with 0.5, B with 0.3; A wins the exchange with 0.5 * 0.7 and drops B
/// with Q12, B wins it with 0.5 * 0.3 and drops A with Q12 (0.25 each
/// before the fix).
#[test]
fn fta_committed_attack_is_at_plus_two_in_the_contested_exchange() {
    let first = "strength = 10, dexterity = 1, stamina = 1, wits = 10, melee = 0";
    let a = side(
        "A",
        &[member(
            "A",
            first,
            "weapon = \"sword\"\ntactics = { attack = \"committed\" }",
        )],
    );
    let b = side("B", &[member("B", SWORDSMAN, "weapon = \"sword\"")]);
    for t in tallies(&scenario(1, &[a, b]), 400_000, 100) {
        wins_near(&t, 0, 0.35 * Q12, "committed A");
        wins_near(&t, 1, 0.15 * Q12, "B striking back at +2");
    }
}

/// The lone fighter A (a Strength 10 swordsman with Athletics 4: a dodge
/// of five dice, a parry of one) against a dummy listed first (its
/// target) and `n` killers (Wits 10, acting before it), with `tactics`.
fn lone_fighter(tactics: &str, athletics: u8, wits: u8, n: usize, gunman: bool) -> [String; 2] {
    let a = side(
        "A",
        &[member(
            "A",
            &format!(
                "strength = 10, dexterity = 1, stamina = 1, wits = {wits}, melee = 0, athletics = {athletics}"
            ),
            &format!("weapon = \"sword\"\ntactics = {tactics}"),
        )],
    );
    let mut others = vec![member("D", WEAK, "tactics = { attack = \"none\" }")];
    for k in 0..n {
        others.push(killer(&format!("X{k}"), 1, 10, "", "{}"));
    }
    if gunman {
        others.push(member(
            "G",
            WEAK,
            "weapon = \"pistol\"\nrange = \"effective\"",
        ));
    }
    [a, side("Others", &others)]
}

/// P(A falls) to killers meeting its dodges of `pools` dice at 5: each hits
/// with 0.5 and lands when the dodge nets nothing.
fn falls(pools: &[u32]) -> f64 {
    1.0 - pools
        .iter()
        .map(|&k| 1.0 - 0.5 * if k == 0 { 1.0 } else { fails(k, 5) })
        .product::<f64>()
}

/// Defect 3. 004 "Subsequent Attacks": "An attacker is NOT considered to
/// have abandoned their defense"; attacked by C while fighting B, "He
/// defends with his choice of a Block or Dodge ... but at -2 dice. If there
/// was a third attacker, D, A would block or dodge at -4 dice"; "An
/// individual engaged in a Defense suffers half the penalty".
///
/// A attacks a dummy; three killers attack A first. A keeps its better
/// defence, the dodge (five dice at 5 against a parry of one at 4): the
/// killers meet it at 5, 3 and 1 dice (the old engine answered with A's
/// one attack die at 6, then nothing). As a pure defender (`attack =
/// "none"`, `defend = "dodge"`): 5, 4 and 3 dice. Splitting a dodge off as
/// an action against a gunman shooting from afar (Athletics 6, Wits 2: a
/// dodge of seven dice, -3 for two actions), A is still carrying on an
/// offence: 4, 2 and 0 dice (the old engine: 4, 3, 2). The gunman's
/// pistol (four damage dice) cannot kill A.
#[test]
fn fta_an_attacker_keeps_its_block_or_dodge_at_minus_two_per_later_attack() {
    let cases = [
        ("{}", 4, 1, false, [5, 3, 1], "an attacker"),
        (
            "{ attack = \"none\", defend = \"dodge\" }",
            4,
            1,
            false,
            [5, 4, 3],
            "a pure defender",
        ),
        (
            "{ defend = \"dodge\" }",
            6,
            2,
            true,
            [4, 2, 0],
            "a split dodger",
        ),
    ];
    for (seed, (tactics, athletics, wits, gunman, pools, what)) in cases.into_iter().enumerate() {
        let s = scenario(1, &lone_fighter(tactics, athletics, wits, 3, gunman));
        for t in tallies(&s, 400_000, 110 + seed as u64) {
            wins_near(&t, 1, falls(&pools), what);
        }
    }
}

/// Defect 3, haste. 004: "When two individuals attack each other, the
/// attack rolls are contested"; haste actions "count as subsequent
/// attackers for purposes of piling on". Two killers with Celerity 1 and
/// three attack dice (A, Wits 10, first): the main-phase exchange, three
/// dice against three, A winning with pA (and B alike) and tying with
/// pT; then, both standing, the haste attacks on each other are contested
/// too, each side a die (three less two: the main exchange was an attack
/// on each), each landing with 0.25. So each side wins with
/// pA + pT / 4.
#[test]
fn fta_haste_attacks_are_contested_when_both_act_in_a_haste_phase() {
    let three = net(3, 6);
    let (mut win, mut tie) = (0.0, 0.0);
    for (x, px) in three.iter().enumerate() {
        for (y, py) in three.iter().enumerate() {
            if x > y {
                win += px * py;
            } else if x == y {
                tie += px * py;
            }
        }
    }
    let p = win + tie * 0.25;
    let a = side("A", &[killer("A", 3, 10, ", celerity = 1", "{}")]);
    let b = side("B", &[killer("B", 3, 1, ", celerity = 1", "{}")]);
    for t in tallies(&scenario(1, &[a, b]), 400_000, 120) {
        wins_near(&t, 0, p, "A");
        wins_near(&t, 1, p, "B");
    }
}

/// Defect 4. 004 "Escape Defense": "An individual who uses an Escape
/// defense makes ONE roll, and all attackers compare against that roll. If
/// anyone breaks the defense, those attacks land and the escape fails";
/// "Attack vs. Escape": "A successful attack has its successes reduced by
/// the escape attempt's successes".
///
/// E escapes with three dice at 6 (e net successes); two killers with one
/// and two attack dice (h1, h2) attack it first. E falls when either has
/// more successes than e, and is gone at the round's end when e >= 1 and
/// neither did. Then a Strength 10 swordsman with three dice: landing with
/// h - e successes, its damage is twelve dice plus one per success beyond
/// the first.
#[test]
fn fta_escape_is_one_roll_that_every_attack_compares_against() {
    let escaper = || {
        side(
            "E",
            &[member(
                "E",
                "strength = 1, dexterity = 1, stamina = 1, wits = 1, athletics = 2",
                "tactics = { attack = \"none\", defend = \"escape\" }",
            )],
        )
    };
    let (e, h1, h2) = (net(3, 6), net(1, 6), net(2, 6));
    let at_most = |h: &[f64], x: usize| h.iter().take(x + 1).sum::<f64>();
    let (mut fall, mut gone) = (0.0, 0.0);
    for (x, px) in e.iter().enumerate() {
        let held = at_most(&h1, x) * at_most(&h2, x);
        fall += px * (1.0 - held);
        if x >= 1 {
            gone += px * held;
        }
    }
    let killers = side(
        "X",
        &[killer("X1", 1, 10, "", "{}"), killer("X2", 2, 10, "", "{}")],
    );
    for t in tallies(&scenario(1, &[escaper(), killers]), 400_000, 130) {
        share_near(&t, t.ends[3], gone, "escaped");
        wins_near(&t, 1, fall + gone, "the killers (or the flight)");
    }
    let h = net(3, 6);
    let (mut fall, mut gone) = (0.0, 0.0);
    for (x, px) in e.iter().enumerate() {
        for (y, py) in h.iter().enumerate() {
            if y > x {
                fall += px * py * kills(12 + (y - x) as u32 - 1);
            } else if x >= 1 {
                gone += px * py;
            }
        }
    }
    let swordsman = side(
        "S",
        &[member(
            "S",
            "strength = 10, dexterity = 3, stamina = 1, wits = 10, melee = 0",
            "weapon = \"sword\"",
        )],
    );
    for t in tallies(&scenario(1, &[escaper(), swordsman]), 400_000, 131) {
        share_near(&t, t.ends[3], gone, "escaped");
        share_near(&t, t.wins[1] - t.ends[3], fall, "E falls");
    }
}

/// Defect 6: the round stops once one side is out (004's round: "Is there
/// still combat to be resolved?"). Two vampires who flee once Mauled,
/// with different unrolled initiative (so never acting at once): the first
/// to flee loses, and the other, whose side has won, does not flee after
/// it. No fight is drawn (the old engine drew those where both fled in one
/// round); the round chain's exact odds agree.
#[test]
fn fta_the_round_stops_once_one_side_is_out() {
    let vampire = |name: &str, wits: u8| {
        side(
            name,
            &[member_of(
                "vampire",
                name,
                &format!(
                    "strength = 3, dexterity = 3, stamina = 3, wits = {wits}, brawl = 3, athletics = 2, fortitude = 1, celerity = 1, potence = 1, willpower = 5"
                ),
                "tactics = { willpower = \"when-hurt\", flee-at = \"mauled\" }",
            )],
        )
    };
    let s = scenario(1000, &[vampire("A", 3), vampire("B", 2)]);
    for t in tallies(&s, 100_000, 140) {
        assert_eq!(draws(&t), 0, "{:?}", t.ends);
        assert!(t.ends[3] > 0, "some fights end in flight");
    }
    let e = conflict::EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let odds = e.chain().expect("a round chain").odds();
    assert!(odds.draws().abs() < 1e-9, "{}", odds.draws());
}

/// A house rule under which committed attackers never strike back (the
/// text has them meet each other's attack in an exchange, `strikes-back`):
/// two committed killers then attack in initiative order, which the tests
/// of initiative below need.
const APART: &str = "[combat.fta.committed]\nstrikes-back = false\n";

/// Defect 11. 004 "Initiative": when the unrolled parts tie too,
/// "combatants should declare simultaneously ... Their actions resolve
/// simultaneously as well." Two killers alike making committed attacks
/// (no defence, and under [`APART`] neither strikes back): the one first hits with 0.5 and
/// kills, else the other does with 0.5; when their dice tie (0.1) both
/// attack at once and both may fall. Each wins with 0.45 * (0.5 + 0.25) +
/// 0.1 * 0.25 = 0.3625, and 0.1 * 0.25 = 0.025 of the fights end with both
/// down, drawn, besides the 0.25 where both miss and the round limit draws
/// (the old engine broke the tie at random: 0.375 each, 0.25 drawn).
#[test]
fn fta_initiative_ties_resolve_simultaneously() {
    let duel = [
        side("A", &[killer("A", 1, 1, "", "{ attack = \"committed\" }")]),
        side("B", &[killer("B", 1, 1, "", "{ attack = \"committed\" }")]),
    ];
    let dir = tempfile::tempdir().unwrap();
    house(dir.path(), "apart.toml", APART);
    let s = scenario_under("apart.toml", Some(dir.path()), 1, &duel);
    for t in tallies(&s, 400_000, 150) {
        wins_near(&t, 0, 0.3625, "A");
        wins_near(&t, 1, 0.3625, "B");
        share_near(&t, draws(&t), 0.025 + 0.25, "draws");
    }
}

/// Defect 12. 004 "Blocking Defense": "Defending against a Brawl attack
/// uses Brawl"; "The base difficulty for blocking is 4 with same-pool". A
/// pure blocker with a sword in hand (Dexterity 1, Brawl 3, Melee 0)
/// blocks a punch with Dexterity + Brawl, four dice at 4 (the old engine:
/// its parry, one die at 5). The puncher, a ghoul with Potence 8 (eight
/// automatic bashing levels less one soak die at most: out at once), hits
/// with one die at 6 and lands when the block nets nothing.
#[test]
fn fta_block_against_a_brawl_attack_uses_brawl() {
    let blocker = side(
        "Blocker",
        &[member(
            "B",
            "strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 3, melee = 0",
            "weapon = \"sword\"\ntactics = { attack = \"none\", defend = \"block\" }",
        )],
    );
    let puncher = side(
        "Puncher",
        &[member_of(
            "ghoul",
            "P",
            "strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 0, potence = 8",
            "weapon = \"fists\"",
        )],
    );
    for t in tallies(&scenario(1, &[puncher, blocker]), 400_000, 160) {
        wins_near(&t, 0, 0.5 * fails(4, 4), "the puncher");
    }
}

// ---------------------------------------------------------------------------
// House rules: each `[combat.fta]` family changed moves a figure the way the
// rule implies, to its hand-computed value.
// ---------------------------------------------------------------------------

/// Runs `sides` for `rounds` under the default fta rules and under each
/// house rule (`name`, `text`), returning the tallies in that order.
fn under_house_rules(
    rules: &[(&str, &str)],
    rounds: u32,
    sides: &[String],
    n: u64,
    seed: u64,
) -> Vec<[Tally; 3]> {
    let dir = tempfile::tempdir().unwrap();
    let mut out = vec![tallies(&scenario(rounds, sides), n, seed)];
    for (name, text) in rules {
        house(dir.path(), name, text);
        let s = scenario_under(name, Some(dir.path()), rounds, sides);
        out.push(tallies(&s, n, seed));
    }
    out
}

/// `attack-difficulty`: a killer against a dummy (no defence roll) hits
/// with one die at 6 (0.5), or at 4 under the house rule (0.7).
#[test]
fn house_attack_difficulty() {
    let sides = [
        side("K", &[killer("K", 1, 1, "", "{}")]),
        side("D", &[member("D", WEAK, "tactics = { attack = \"none\" }")]),
    ];
    let runs = under_house_rules(
        &[("easy.toml", "[combat.fta]\nattack-difficulty = 4\n")],
        1,
        &sides,
        200_000,
        200,
    );
    for (run, p) in runs.iter().zip([0.5, 0.7]) {
        for t in run {
            wins_near(t, 0, p, "the killer");
        }
    }
}

/// `attacker-defence` and `counter-difficulty`: the lone fighter of
/// defect 3 against three killers. Keeping its block or dodge it falls
/// with [`falls`] of 5, 3 and 1 dice; with the counter (its one attack die
/// at 6, then none left after the piling on) with 1 - 0.75 * 0.5 * 0.5;
/// the counter at 4 stops the first killer with 0.7 instead of 0.5.
#[test]
fn house_attacker_defence() {
    let runs = under_house_rules(
        &[
            (
                "counter.toml",
                "[combat.fta]\nattacker-defence = \"counter\"\n",
            ),
            (
                "counter4.toml",
                "[combat.fta]\nattacker-defence = \"counter\"\ncounter-difficulty = 4\n",
            ),
        ],
        1,
        &lone_fighter("{}", 4, 1, 3, false),
        400_000,
        201,
    );
    let want = [
        falls(&[5, 3, 1]),
        1.0 - 0.75 * 0.5 * 0.5,
        1.0 - 0.85 * 0.5 * 0.5,
    ];
    for (run, p) in runs.iter().zip(want) {
        for t in run {
            wins_near(t, 1, p, "the killers");
        }
    }
}

/// `[combat.fta.initiative]`: two killers making committed attacks (as in
/// defect 11, under [`APART`]). With `ties = "random"` a tie goes to one of them at random:
/// 0.375 each and no fight ends with both down (0.25 drawn, both missing).
/// Unrolled parts 3 and 2: A goes first unless B's die beats A's by two
/// or more (0.64 by the unrolled part); with `ties-by-unrolled = false`
/// the 0.09 of equal totals act at once: A wins 0.55 * 0.5 + 0.36 * 0.25 +
/// 0.09 * 0.25 = 0.3875 instead of 0.64 * 0.5 + 0.36 * 0.25 = 0.41, and
/// 0.09 * 0.25 more fights are drawn (both down).
#[test]
fn house_initiative() {
    let duel = |wits: u8| {
        [
            side(
                "A",
                &[killer("A", 1, wits, "", "{ attack = \"committed\" }")],
            ),
            side("B", &[killer("B", 1, 1, "", "{ attack = \"committed\" }")]),
        ]
    };
    let random = under_house_rules(
        &[(
            "random.toml",
            &format!("{APART}[combat.fta.initiative]\nties = \"random\"\n"),
        )],
        1,
        &duel(1),
        400_000,
        202,
    );
    for t in &random[1] {
        wins_near(t, 0, 0.375, "A");
        wins_near(t, 1, 0.375, "B");
        share_near(t, draws(t), 0.25, "draws");
    }
    let unrolled = under_house_rules(
        &[
            ("apart.toml", APART),
            (
                "flat.toml",
                &format!("{APART}[combat.fta.initiative]\nties-by-unrolled = false\n"),
            ),
        ],
        1,
        &duel(2),
        400_000,
        203,
    );
    // The first run is fta's own, whose committed attackers meet in an
    // exchange: not a test of initiative.
    for (run, (a, drawn)) in unrolled[1..].iter().zip([(0.41, 0.25), (0.3875, 0.2725)]) {
        for t in run {
            wins_near(t, 0, a, "A");
            // B: 0.36 * 0.5 + 0.64 * 0.25 either way (a tie it shares
            // is a first place lost).
            wins_near(t, 1, 0.34, "B");
            share_near(t, draws(t), drawn, "draws");
        }
    }
}

/// `power-attack` and `feint`: one-die swordsmen in a contested exchange.
/// A power attack (at 7, fourteen damage dice) against a basic one (at 6):
/// A wins it with 0.4 * 0.5 and drops B with [`kills`]`(14)`, B with
/// 0.6 * 0.5 and Q12. A house power attack at no extra difficulty and +4 dice:
/// 0.5 * 0.5 and `kills(16)`, B 0.25. A feint (at 5, ten dice): 0.6 * 0.5
/// and `kills(10)`, B 0.4 * 0.5; a house feint at -3 with no damage lost
/// (at 3: 0.8): 0.8 * 0.5 and Q12, B 0.2 * 0.5.
#[test]
fn house_attack_styles() {
    let duel = |style: &str| {
        [
            side(
                "A",
                &[member(
                    "A",
                    SWORDSMAN,
                    &format!("weapon = \"sword\"\ntactics = {{ attack = \"{style}\" }}"),
                )],
            ),
            side("B", &[member("B", SWORDSMAN, "weapon = \"sword\"")]),
        ]
    };
    let power = under_house_rules(
        &[(
            "power.toml",
            "[combat.fta.power-attack]\ndifficulty = 0\ndamage-dice = 4\n",
        )],
        1,
        &duel("power"),
        400_000,
        204,
    );
    let want = [(0.2 * kills(14), 0.3 * Q12), (0.25 * kills(16), 0.25 * Q12)];
    for (run, (a, b)) in power.iter().zip(want) {
        for t in run {
            wins_near(t, 0, a, "power");
            wins_near(t, 1, b, "basic");
        }
    }
    let feint = under_house_rules(
        &[(
            "feint.toml",
            "[combat.fta]\nfeint = { difficulty = -3, damage-dice = 0 }\n",
        )],
        1,
        &duel("feint"),
        400_000,
        205,
    );
    let want = [(0.3 * kills(10), 0.2 * Q12), (0.4 * Q12, 0.1 * Q12)];
    for (run, (a, b)) in feint.iter().zip(want) {
        for t in run {
            wins_near(t, 0, a, "feint");
            wins_near(t, 1, b, "basic");
        }
    }
}

/// `[combat.fta.committed]`: defect 2's duel with the +2 set to 0 is an
/// even exchange (0.25 Q12 each); and abort_by_hand's X, no longer
/// aborting for free against a committed attack, rolls its Willpower 2 at
/// 8 (0.45): aborted it dodges one die at 5 (A lands with 0.5 * 0.4),
/// else it strikes back at +2 (A wins with 0.5 * 0.7, X with 0.5 * 0.3).
#[test]
fn house_committed() {
    let first = "strength = 10, dexterity = 1, stamina = 1, wits = 10, melee = 0";
    let a = side(
        "A",
        &[member(
            "A",
            first,
            "weapon = \"sword\"\ntactics = { attack = \"committed\" }",
        )],
    );
    let b = side("B", &[member("B", SWORDSMAN, "weapon = \"sword\"")]);
    let even = under_house_rules(
        &[(
            "even.toml",
            "[combat.fta.committed]\ndefence-difficulty = 0\n",
        )],
        1,
        &[a.clone(), b],
        400_000,
        206,
    );
    for (run, (pa, pb)) in even.iter().zip([(0.35, 0.15), (0.25, 0.25)]) {
        for t in run {
            wins_near(t, 0, pa * Q12, "committed A");
            wins_near(t, 1, pb * Q12, "B");
        }
    }
    let x = side(
        "X",
        &[member(
            "X",
            &format!("{SWORDSMAN}, willpower = 2"),
            "weapon = \"sword\"\ntactics = { defend = \"abort\" }",
        )],
    );
    let rolled = under_house_rules(
        &[(
            "rolled.toml",
            "[combat.fta.committed]\nfree-abort = false\n",
        )],
        1,
        &[a, x],
        400_000,
        207,
    );
    let want = [(0.2, 0.0), (0.45 * 0.2 + 0.55 * 0.35, 0.55 * 0.15)];
    for (run, (pa, px)) in rolled.iter().zip(want) {
        for t in run {
            wins_near(t, 0, pa * Q12, "committed A");
            wins_near(t, 1, px * Q12, "X");
        }
    }
}

/// `[combat.fta.haste]`.
///
/// `contested = false`: defect 3's two killers with Celerity 1; both
/// standing after the main exchange, each haste attack (three dice) meets
/// the other's kept parry, one die at 4 (three less two for the exchange),
/// landing with qa; A's comes first. A wins with pA + pT qa, B with pA +
/// pT (1 - qa) qa (contested: pA + pT / 4 each).
///
/// `later-attackers = false`: a killer with Celerity 2 against a pure
/// dodger of three dice at 5 meets dodges of 3, 2 and 1 dice; when haste
/// attacks do not count as later attackers, of 3, 2 and 2.
///
/// `styles = true`: a power-attacking killer with Celerity 1 against a
/// dummy hits at 7 (0.4) in the main phase and, keeping its style, in the
/// haste phase too: 1 - 0.6 * 0.6, not 1 - 0.6 * 0.5.
///
/// `rage-per-action = 2`: a Garou with 2 Rage buying one haste action a
/// round against a dummy attacks 2, 2, 1 times in three rounds (0.5
/// botches a fight at 0.1 an attack); at two Rage an action, 2, 1, 1 (0.4).
#[test]
fn house_haste() {
    let three = net(3, 6);
    let (mut win, mut tie) = (0.0, 0.0);
    for (x, px) in three.iter().enumerate() {
        for (y, py) in three.iter().enumerate() {
            if x > y {
                win += px * py;
            } else if x == y {
                tie += px * py;
            }
        }
    }
    let parry = net(1, 4);
    let qa: f64 = (1..three.len())
        .map(|h| three[h] * parry.iter().take(h).sum::<f64>())
        .sum();
    let duel = [
        side("A", &[killer("A", 3, 10, ", celerity = 1", "{}")]),
        side("B", &[killer("B", 3, 1, ", celerity = 1", "{}")]),
    ];
    let runs = under_house_rules(
        &[("apart.toml", "[combat.fta.haste]\ncontested = false\n")],
        1,
        &duel,
        400_000,
        208,
    );
    let want = [
        (win + tie / 4.0, win + tie / 4.0),
        (win + tie * qa, win + tie * (1.0 - qa) * qa),
    ];
    for (run, (a, b)) in runs.iter().zip(want) {
        for t in run {
            wins_near(t, 0, a, "A");
            wins_near(t, 1, b, "B");
        }
    }
    let dodger = side(
        "D",
        &[member(
            "D",
            "strength = 1, dexterity = 1, stamina = 1, wits = 1, athletics = 2",
            "tactics = { attack = \"none\", defend = \"total\" }",
        )],
    );
    let fast = side("K", &[killer("K", 1, 1, ", celerity = 2", "{}")]);
    let runs = under_house_rules(
        &[(
            "uncounted.toml",
            "[combat.fta.haste]\nlater-attackers = false\n",
        )],
        1,
        &[fast, dodger],
        400_000,
        209,
    );
    for (run, pools) in runs.iter().zip([[3, 2, 1], [3, 2, 2]]) {
        for t in run {
            wins_near(t, 0, falls(&pools), "the killer");
        }
    }
    let power = [
        side(
            "K",
            &[killer(
                "K",
                1,
                1,
                ", celerity = 1",
                "{ attack = \"power\" }",
            )],
        ),
        side("D", &[member("D", WEAK, "tactics = { attack = \"none\" }")]),
    ];
    let runs = under_house_rules(
        &[("styled.toml", "[combat.fta.haste]\nstyles = true\n")],
        1,
        &power,
        400_000,
        210,
    );
    for (run, p) in runs.iter().zip([1.0 - 0.6 * 0.5, 1.0 - 0.6 * 0.6]) {
        for t in run {
            wins_near(t, 0, p, "the power attacker");
        }
    }
    let garou = [
        side(
            "W",
            &[member_of(
                "garou",
                "W",
                "strength = 1, dexterity = 1, stamina = 1, wits = 1, rage = 2",
                "tactics = { rage = 1 }",
            )],
        ),
        side(
            "D",
            &[member(
                "D",
                "strength = 1, dexterity = 1, stamina = 10, wits = 1",
                "tactics = { attack = \"none\" }",
            )],
        ),
    ];
    let n = 200_000;
    let runs = under_house_rules(
        &[("dear.toml", "[combat.fta.haste]\nrage-per-action = 2\n")],
        3,
        &garou,
        n,
        211,
    );
    for (run, attacks) in runs.iter().zip([5.0, 4.0]) {
        for t in run {
            assert_eq!(draws(t), n, "every fight runs its three rounds");
            let got = t.botches as f64 / n as f64;
            let se = (attacks * 0.1 * 0.9 / n as f64).sqrt();
            assert!(
                (got - attacks * 0.1).abs() < 4.5 * se,
                "{attacks} attacks: {got} botches a fight"
            );
        }
    }
}

/// `[combat.fta.dodge]`: a pure one-die dodger against a killer fails at
/// 5 with 0.4, at a house 7 with 0.6; against a one-die rifle from afar
/// (eight damage dice) at 6 with 0.5, at a house 3 (cover at hand) with
/// 0.2.
#[test]
fn house_dodge() {
    let dodger = || {
        side(
            "D",
            &[member(
                "D",
                WEAK,
                "tactics = { attack = \"none\", defend = \"dodge\" }",
            )],
        )
    };
    let rules = [(
        "dodge.toml",
        "[combat.fta.dodge]\nhand-to-hand = 7\nranged = 3\n",
    )];
    let blade = [side("K", &[killer("K", 1, 1, "", "{}")]), dodger()];
    let runs = under_house_rules(&rules, 1, &blade, 400_000, 212);
    for (run, fail) in runs.iter().zip([0.4, 0.6]) {
        for t in run {
            wins_near(t, 0, 0.5 * fail, "the killer");
        }
    }
    let rifle = side(
        "R",
        &[member(
            "R",
            WEAK,
            "weapon = \"rifle\"\nrange = \"effective\"",
        )],
    );
    let runs = under_house_rules(&rules, 1, &[rifle, dodger()], 400_000, 213);
    for (run, fail) in runs.iter().zip([0.5, 0.2]) {
        for t in run {
            wins_near(t, 0, 0.5 * fail * Q8, "the rifle");
        }
    }
}

/// `[combat.fta.block]`: a pure one-die Brawl blocker against defect 12's
/// puncher fails at 4 (the same Ability) with 0.3, at a house 6 with 0.5;
/// against a one-die rifle from afar at 5 + 4 with 0.8, with no gunfire
/// penalty at 5 with 0.4.
#[test]
fn house_block() {
    let blocker = || {
        side(
            "B",
            &[member(
                "B",
                WEAK,
                "tactics = { attack = \"none\", defend = \"block\" }",
            )],
        )
    };
    let rules = [(
        "block.toml",
        "[combat.fta.block]\nsame-ability = 6\ngunfire = 0\n",
    )];
    let puncher = side(
        "P",
        &[member_of(
            "ghoul",
            "P",
            "strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 0, potence = 8",
            "weapon = \"fists\"",
        )],
    );
    let runs = under_house_rules(&rules, 1, &[puncher, blocker()], 400_000, 214);
    for (run, fail) in runs.iter().zip([0.3, 0.5]) {
        for t in run {
            wins_near(t, 0, 0.5 * fail, "the puncher");
        }
    }
    let rifle = side(
        "R",
        &[member(
            "R",
            WEAK,
            "weapon = \"rifle\"\nrange = \"effective\"",
        )],
    );
    let runs = under_house_rules(&rules, 1, &[rifle, blocker()], 400_000, 215);
    for (run, fail) in runs.iter().zip([0.8, 0.4]) {
        for t in run {
            wins_near(t, 0, 0.5 * fail * Q8, "the rifle");
        }
    }
}

/// `[combat.fta.piling-on]`: piling on 0 helps the lone fighter against
/// three (defect 3's): keeping its dodge of five dice it meets the killers
/// at 5, 3 and 1 dice; at a die an attack, 5, 4 and 3; at none, 5 each.
/// A pure dodger at none a later attack: 5 each too (at 1: 5, 4, 3). With
/// `exchanges = false` the haste exchange of defect 3's killers is three
/// dice against three again, not one against one: each wins with pA +
/// pT pA instead of pA + pT / 4.
#[test]
fn house_piling_on() {
    let runs = under_house_rules(
        &[
            ("one.toml", "[combat.fta]\npiling-on = { attacking = 1 }\n"),
            ("none.toml", "[combat.fta]\npiling-on = { attacking = 0 }\n"),
        ],
        1,
        &lone_fighter("{}", 4, 1, 3, false),
        400_000,
        216,
    );
    let want = [falls(&[5, 3, 1]), falls(&[5, 4, 3]), falls(&[5, 5, 5])];
    assert!(want[0] > want[1] && want[1] > want[2]);
    for (run, p) in runs.iter().zip(want) {
        for t in run {
            wins_near(t, 1, p, "the killers");
        }
    }
    let runs = under_house_rules(
        &[("calm.toml", "[combat.fta.piling-on]\ndefending = 0\n")],
        1,
        &lone_fighter("{ attack = \"none\", defend = \"dodge\" }", 4, 1, 3, false),
        400_000,
        217,
    );
    for (run, p) in runs.iter().zip([falls(&[5, 4, 3]), falls(&[5, 5, 5])]) {
        for t in run {
            wins_near(t, 1, p, "the killers");
        }
    }
    let three = net(3, 6);
    let (mut win, mut tie) = (0.0, 0.0);
    for (x, px) in three.iter().enumerate() {
        for (y, py) in three.iter().enumerate() {
            if x > y {
                win += px * py;
            } else if x == y {
                tie += px * py;
            }
        }
    }
    let duel = [
        side("A", &[killer("A", 3, 10, ", celerity = 1", "{}")]),
        side("B", &[killer("B", 3, 1, ", celerity = 1", "{}")]),
    ];
    let runs = under_house_rules(
        &[(
            "exchanges.toml",
            "[combat.fta.piling-on]\nexchanges = false\n",
        )],
        1,
        &duel,
        400_000,
        224,
    );
    for (run, p) in runs.iter().zip([win + tie / 4.0, win + tie * win]) {
        for t in run {
            wins_near(t, 0, p, "A");
            wins_near(t, 1, p, "B");
        }
    }
}

/// `[combat.fta.split-actions]`: a killer of four attack dice (Wits 3)
/// attacking two dummies splits them at -3 each (one die: 0.5 each, both
/// fall with 0.25); with no split penalty at four dice each (both fall
/// with (1 - P(4 dice net nothing))^2). With Wits 1 it makes one attack
/// and cannot win the round; without the Wits limit, two at -3 (0.25).
#[test]
fn house_split_actions() {
    let dummies = side(
        "Dummies",
        &[
            member("D1", WEAK, "tactics = { attack = \"none\" }"),
            member("D2", WEAK, "tactics = { attack = \"none\" }"),
        ],
    );
    let split = |wits: u8| side("K", &[killer("K", 4, wits, "", "{ actions = 2 }")]);
    let runs = under_house_rules(
        &[(
            "free.toml",
            "[combat.fta.split-actions]\ndice = 0\ndice-per-extra-action = 0\n",
        )],
        1,
        &[split(3), dummies.clone()],
        400_000,
        218,
    );
    let full = 1.0 - fails(4, 6);
    for (run, p) in runs.iter().zip([0.25, full * full]) {
        for t in run {
            wins_near(t, 0, p, "the killer");
        }
    }
    let runs = under_house_rules(
        &[(
            "witless.toml",
            "[combat.fta.split-actions]\nwits-limit = false\n",
        )],
        1,
        &[split(1), dummies],
        400_000,
        219,
    );
    for (run, p) in runs.iter().zip([0.0, 0.25]) {
        for t in run {
            wins_near(t, 0, p, "the killer");
        }
    }
}

/// `[combat.fta.abort]`: abort_by_hand's X (Willpower 2) aborts at 8 with
/// 0.45, at a house 6 with 1 - P(2 dice at 6 net nothing) = 0.65; aborted
/// to a block (its parry, one die at 4: fails 0.3) instead of a dodge (one
/// die at 5: 0.4) it stops more of A's blows.
#[test]
fn house_abort() {
    let first = "strength = 10, dexterity = 1, stamina = 1, wits = 10, melee = 0";
    let sides = [
        side("A", &[member("A", first, "weapon = \"sword\"")]),
        side(
            "X",
            &[member(
                "X",
                &format!("{SWORDSMAN}, willpower = 2"),
                "weapon = \"sword\"\ntactics = { defend = \"abort\" }",
            )],
        ),
    ];
    let runs = under_house_rules(
        &[
            ("steady.toml", "[combat.fta.abort]\ndifficulty = 6\n"),
            ("parry.toml", "[combat.fta.abort]\nto = \"block\"\n"),
        ],
        1,
        &sides,
        400_000,
        220,
    );
    let aborts = 1.0 - fails(2, 6);
    let want = [
        (0.45 * 0.5 * 0.4 + 0.55 * 0.25, 0.55 * 0.25),
        (
            aborts * 0.5 * 0.4 + (1.0 - aborts) * 0.25,
            (1.0 - aborts) * 0.25,
        ),
        (0.45 * 0.5 * 0.3 + 0.55 * 0.25, 0.55 * 0.25),
    ];
    for (run, (a, x)) in runs.iter().zip(want) {
        for t in run {
            wins_near(t, 0, a * Q12, "A");
            wins_near(t, 1, x * Q12, "X");
        }
    }
}

/// `[combat.fta.escape]`: a one-die escaper nobody attacks gets away on a
/// round with 0.5 at 6, 0.7 at a house 4: a geometric number of rounds,
/// mean 1 / p, standard deviation sqrt(1 - p) / p.
#[test]
fn house_escape() {
    let sides = [
        side(
            "Runner",
            &[member(
                "R",
                WEAK,
                "tactics = { attack = \"none\", defend = \"escape\" }",
            )],
        ),
        side(
            "Watcher",
            &[member("W", WEAK, "tactics = { attack = \"none\" }")],
        ),
    ];
    let n = 200_000;
    let runs = under_house_rules(
        &[("easy.toml", "[combat.fta.escape]\ndifficulty = 4\n")],
        1000,
        &sides,
        n,
        221,
    );
    for (run, p) in runs.iter().zip([0.5f64, 0.7]) {
        for t in run {
            assert_eq!((t.wins[1], t.ends[3]), (n, n), "every runner gets away");
            let mean = t.mean_rounds().unwrap();
            let se = (1.0 - p).sqrt() / p / (n as f64).sqrt();
            assert!((mean - 1.0 / p).abs() < 4.5 * se, "{p}: mean {mean}");
        }
    }
}

/// `[combat.fta.guns-in-melee]`: a one-die rifle in the melee against a
/// dummy (no defence roll: uncontested) hits at 4 (0.7), at a house 8
/// (0.3); against a pure one-die dodger (at 5: fails 0.4) a long gun is
/// at 8 (0.3), at a house 4 (0.7).
#[test]
fn house_guns_in_melee() {
    let rifle = || side("R", &[member("R", WEAK, "weapon = \"rifle\"")]);
    let rules = [(
        "guns.toml",
        "[combat.fta.guns-in-melee]\nuncontested = 8\nlong-gun = 4\n",
    )];
    let dummy = side("D", &[member("D", WEAK, "tactics = { attack = \"none\" }")]);
    let runs = under_house_rules(&rules, 1, &[rifle(), dummy], 400_000, 222);
    for (run, hit) in runs.iter().zip([0.7, 0.3]) {
        for t in run {
            wins_near(t, 0, hit * Q8, "the rifle");
        }
    }
    let dodger = side(
        "D",
        &[member(
            "D",
            WEAK,
            "tactics = { attack = \"none\", defend = \"total\" }",
        )],
    );
    let runs = under_house_rules(&rules, 1, &[rifle(), dodger], 400_000, 223);
    for (run, hit) in runs.iter().zip([0.3, 0.7]) {
        for t in run {
            wins_near(t, 0, hit * 0.4 * Q8, "the rifle");
        }
    }
}
