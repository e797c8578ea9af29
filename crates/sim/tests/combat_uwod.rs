//! The Ultimate WoD engine's mechanics against values worked out by hand:
//! Willpower (one point a turn, ignoring wounds), staying active while
//! Incapacitated, multiple actions, Block / Parry, range increments.
//!
//! uwod dice: a die succeeds on 7+ (0.4); a roll of n dice botches with
//! P(no 7+ and a 1) = 0.6^n - 0.5^n. Most tests play one round
//! (`max-rounds = 1`) and read the botches a fight rolls, whose mean is the
//! sum of the botch chances of the pools rolled: so they see exactly which
//! pools were rolled. Monte Carlo bounds are 4.5 standard errors, the
//! standard deviation of a count of rolls bounded by the sum of its terms'
//! (which holds whatever their dependence).

mod common;

use common::engines;

use wodds_sim::combat::{self, End, Scenario, Tally};

fn scenario(text: &str) -> Scenario {
    Scenario::parse("test.toml", text, None).unwrap()
}

/// A uwod fight of `max_rounds` between one-member sides.
fn fight(max_rounds: u32, sides: &[String]) -> Scenario {
    scenario(&format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"uwod\"]\nmax-rounds = {max_rounds}\n{}",
        sides.concat()
    ))
}

/// A side of one member called `name`, of `kind`, with the member's other
/// lines `body` (traits, weapon, armor, tactics...).
fn side(name: &str, kind: &str, body: &str) -> String {
    format!(
        "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"{kind}\"\n{body}\n"
    )
}

/// A dummy that never attacks, has no defence dice (Dexterity 1 less the
/// armour T-shirt's die) and soaks two dice of lethal (the T-shirt).
fn dummy() -> String {
    side(
        "Dummy",
        "mortal",
        "traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }\n\
         armor = \"armor-t-shirt\"\ntactics = { attack = \"none\" }",
    )
}

fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, j| acc * f64::from(n - j) / f64::from(j + 1))
}

/// P(k successes on n dice), a success on 7+.
fn binomial(n: u32, k: u32) -> f64 {
    choose(n, k) * 0.4f64.powi(k as i32) * 0.6f64.powi(n as i32 - k as i32)
}

/// P(at least k successes on n dice).
fn at_least(n: u32, k: u32) -> f64 {
    (k..=n).map(|j| binomial(n, j)).sum()
}

/// P(a roll of n dice botches): no 7+ and at least one 1.
fn botch(n: i32) -> f64 {
    if n < 1 {
        0.0
    } else {
        0.6f64.powi(n) - 0.5f64.powi(n)
    }
}

/// Asserts a per-fight mean `got` within 4.5 standard errors of `want`,
/// `sd` bounding one fight's standard deviation over `n` fights.
fn close(got: f64, want: f64, sd: f64, n: u64, what: &str) {
    let bound = 4.5 * sd / (n as f64).sqrt();
    assert!(
        (got - want).abs() <= bound,
        "{what}: {got}, want {want} (within {bound})"
    );
}

/// Asserts the botches a fight rolls average `Σ p_i` for rolls with botch
/// chances `p`.
fn botches_are(t: &Tally, p: &[f64], what: &str) {
    let want: f64 = p.iter().sum();
    let sd: f64 = p.iter().map(|p| (p * (1.0 - p)).sqrt()).sum();
    close(
        t.botches as f64 / t.fights as f64,
        want,
        sd.max(1e-9),
        t.fights,
        what,
    );
}

/// Asserts the share of fights that ended `end` within 4.5 standard errors
/// of `p`.
fn share_is(t: &Tally, end: End, p: f64, what: &str) {
    let got = t.share(end).unwrap();
    close(got, p, (p * (1.0 - p)).sqrt(), t.fights, what);
}

/// Multiple actions. An attacker of Strength 1 with Dexterity 2 + Brawl 2
/// (4 dice) against the dummy, one round: N declared attacks roll 4 - N,
/// 4 - N - 1... dice, a pool at 0 or below is not rolled, so the botches
/// a fight rolls average Σ (0.6^n - 0.5^n) over the pools rolled:
/// - 1 action: 4 dice, 0.0671;
/// - 2 actions: 2 and 1 dice, 0.11 + 0.1 = 0.21;
/// - 3 actions: 1, 0, -1 dice: only the first, 0.1;
/// - 5 actions: every pool at 0 or below, no roll at all: exactly 0.
///
/// A vampire with Dexterity 1 + Brawl 2 (3 dice) and Celerity 1 declaring
/// 2 actions rolls 1 die (the second declared, at 0, is not attempted) and
/// Celerity's attack at the full 3 dice: 0.1 + 0.091 = 0.191.
///
/// The dummy cannot fall in the round: at most 5, 2 or 2 + 4 damage dice,
/// fewer than its seven levels.
#[test]
fn multiple_actions_lose_dice_by_hand() {
    let attacker = |kind: &str, traits: &str, actions: u8| {
        side(
            "A",
            kind,
            &format!("traits = {{ {traits} }}\ntactics = {{ actions = {actions} }}"),
        )
    };
    let mortal = "strength = 1, dexterity = 2, brawl = 2";
    let vampire = "strength = 1, dexterity = 1, brawl = 2, celerity = 1";
    let cases = [
        ("mortal", mortal, 1, vec![botch(4)]),
        ("mortal", mortal, 2, vec![botch(2), botch(1)]),
        ("mortal", mortal, 3, vec![botch(1)]),
        ("mortal", mortal, 5, vec![]),
        ("vampire", vampire, 2, vec![botch(1), botch(3)]),
    ];
    for (kind, traits, actions, pools) in cases {
        let s = fight(1, &[attacker(kind, traits, actions), dummy()]);
        for engine in engines(&s) {
            let n = 200_000;
            let t = combat::run(&engine, "uwod", n, 21, &|_| {});
            assert_eq!(t.share(End::Draw), Some(1.0), "the dummy stands");
            if pools.is_empty() {
                assert_eq!(t.botches, 0, "{actions} actions: nothing rolled");
            }
            botches_are(&t, &pools, &format!("{kind}, {actions} actions"));
        }
    }
}

/// Block / Parry. An attacker with one attack die (Dexterity 1, the
/// weapon's Ability 0; a botch 0.1) against a defender with Dexterity 1,
/// Dodge 0 (1 die), Brawl 3 (a block: 4 dice) and Melee 2 (a parry with a
/// club in hand: 3 dice) that defends with `block`. One round: the botches
/// average 0.1 + the defence's botch chance, 0.6^n - 0.5^n:
/// - fists or a club against a bare-handed block: 4 dice, 0.0671;
/// - a knife or a pistol against a bare-handed block (not approved: blades
///   and guns), or a pistol against a parry: it dodges, 1 die, 0.1;
/// - a knife against a parry: 3 dice, 0.091;
/// - fists against a defender that does not block: it dodges, 0.1.
///
/// The defender cannot fall: at most 5 damage dice.
#[test]
fn block_and_parry_by_hand() {
    let attacker = |weapon: &str| {
        side(
            "A",
            "mortal",
            &format!("traits = {{ strength = 1, dexterity = 1 }}\nweapon = \"{weapon}\""),
        )
    };
    let defender = |weapon: &str, defend: &str| {
        side(
            "B",
            "mortal",
            &format!(
                "traits = {{ dexterity = 1, brawl = 3, melee = 2 }}\nweapon = \"{weapon}\"\n\
                 tactics = {{ attack = \"none\", defend = \"{defend}\" }}"
            ),
        )
    };
    let cases = [
        ("fists", "fists", "block", botch(4)),
        ("club", "fists", "block", botch(4)),
        ("knife", "fists", "block", botch(1)),
        ("pistol", "fists", "block", botch(1)),
        ("pistol", "club", "block", botch(1)),
        ("knife", "club", "block", botch(3)),
        ("fists", "fists", "none", botch(1)),
    ];
    for (weapon, held, defend, p) in cases {
        let s = fight(1, &[attacker(weapon), defender(held, defend)]);
        for engine in engines(&s) {
            let n = 200_000;
            let t = combat::run(&engine, "uwod", n, 22, &|_| {});
            assert_eq!(t.share(End::Draw), Some(1.0), "the defender stands");
            botches_are(
                &t,
                &[botch(1), p],
                &format!("{weapon} against {defend} holding {held}"),
            );
        }
    }
}

/// Range. A shooter with Dexterity 5 + Firearms 5 (10 dice) fires a rifle
/// (8 lethal dice) once at the dummy (no defence: difficulty 0; two soak
/// dice against lethal, its T-shirt). The dummy dies when 8 levels or more
/// get through. At difficulty r (0, or 1 at long range) the shot hits with
/// s >= r successes and no botch, adding s - r damage dice:
///
///   P(killed) = Σ_{s>=r} P'(s) Σ_y P(Bin(2) = y) P(Bin(8 + s - r) >= 8 + y)
///
/// where P'(0) = 0.5^10 (no success, no 1: a botch misses) and
/// P'(s) = P(Bin(10) = s) otherwise. Point-blank and close-combat fire are
/// as effective range. (A dummy on exactly seven lethal stays up to roll
/// Willpower, so it is not killed in the round.)
#[test]
fn long_range_needs_one_success_more_by_hand() {
    let killed = |r: u32| -> f64 {
        (r..=10)
            .map(|s| {
                let p = if s == 0 {
                    0.5f64.powi(10)
                } else {
                    binomial(10, s)
                };
                p * (0..=2)
                    .map(|y| binomial(2, y) * at_least(8 + s - r, 8 + y))
                    .sum::<f64>()
            })
            .sum()
    };
    for (range, r) in [
        ("effective", 0),
        ("point-blank", 0),
        ("melee", 0),
        ("long", 1),
    ] {
        let shooter = side(
            "A",
            "mortal",
            &format!(
                "traits = {{ dexterity = 5, firearms = 5 }}\nweapon = \"rifle\"\nrange = \"{range}\""
            ),
        );
        let s = fight(1, &[shooter, dummy()]);
        for engine in engines(&s) {
            let n = 200_000;
            let t = combat::run(&engine, "uwod", n, 23, &|_| {});
            share_is(&t, End::Killed, killed(r), range);
        }
    }
}

/// Willpower to ignore wounds. The defender B (Dexterity 1, Dodge 0: one
/// defence die; Stamina 1; Wits 10, so it always acts first, the attacker's
/// initiative pool being 0) never attacks. The attacker A (Dexterity 1 in a
/// flak jacket: -1, Brawl 3: two dice; Strength 3, fists) attacks in each
/// of two rounds. After round 1 B is wounded (two levels or more: a -1
/// penalty that leaves it no defence die) with
///
///   q = Σ_{s,d} P(A: s, no botch) P(B: d) P(max(0, Bin(3 + s - d) - Bin(1)) >= 2), s >= d,
///
/// (A's two dice: s = 0 without a botch 0.25, 1 0.48, 2 0.16; B's die: 1
/// 0.4, 0 0.6). With `ignore-wounds` B spends a point at the start of its
/// round-2 turn exactly then (q points a fight) and defends on its die: the
/// botches average 2 x 0.11 (A) + 0.1 + 0.1 (B) = 0.42. Without, it spends
/// nothing and its round-2 die is rolled only unwounded: 0.32 + 0.1 (1 - q).
/// At most 5 damage dice: B stands through round 1.
#[test]
fn willpower_ignores_wound_penalties_by_hand() {
    let a = side(
        "A",
        "mortal",
        "traits = { strength = 3, dexterity = 1, wits = 1, brawl = 3 }\narmor = \"flak-jacket\"",
    );
    let b = |willpower: &str| {
        side(
            "B",
            "mortal",
            &format!(
                "traits = {{ dexterity = 1, stamina = 1, wits = 10, willpower = 3 }}\n\
                 tactics = {{ attack = \"none\", willpower = \"{willpower}\" }}"
            ),
        )
    };
    let a_rolls = [(0u32, 0.25), (1, 0.48), (2, 0.16)];
    let q: f64 = a_rolls
        .iter()
        .flat_map(|&(s, ps)| [(1u32, 0.4), (0, 0.6)].map(move |(d, pd)| (s, d, ps * pd)))
        .filter(|&(s, d, _)| s >= d)
        .map(|(s, d, p)| {
            let dice = 3 + s - d;
            let wounded: f64 = (0..=1)
                .map(|y| binomial(1, y) * at_least(dice, 2 + y))
                .sum();
            p * wounded
        })
        .sum();
    let n = 200_000;
    for engine in engines(&fight(2, &[a.clone(), b("ignore-wounds")])) {
        let t = combat::run(&engine, "uwod", n, 24, &|_| {});
        close(
            t.willpower as f64 / n as f64,
            q,
            (q * (1.0 - q)).sqrt(),
            n,
            "points spent",
        );
        botches_are(
            &t,
            &[botch(2), botch(2), botch(1), botch(1)],
            "ignoring wounds",
        );
    }
    for engine in engines(&fight(2, &[a.clone(), b("never")])) {
        let t = combat::run(&engine, "uwod", n, 24, &|_| {});
        assert_eq!(t.willpower, 0);
        botches_are(
            &t,
            &[botch(2), botch(2), botch(1), botch(1) * (1.0 - q)],
            "feeling the wounds",
        );
    }
}

/// Willpower is one point a turn: a vampire with Celerity 1 (two attacks)
/// and the `always` tactic spends exactly one point in its one round, not
/// one an attack.
#[test]
fn willpower_is_one_point_a_turn() {
    let a = side(
        "A",
        "vampire",
        "traits = { strength = 1, dexterity = 1, celerity = 1, willpower = 10 }\n\
         tactics = { willpower = \"always\" }",
    );
    let n = 10_000;
    for engine in engines(&fight(1, &[a.clone(), dummy()])) {
        let t = combat::run(&engine, "uwod", n, 25, &|_| {});
        assert_eq!(t.willpower, n);
    }
}

/// Staying active while Incapacitated. A shooter A (one die, a pistol: 4
/// lethal dice, Wits 1: always first, the target's initiative pool being 0)
/// against B in a flak jacket (no defence dice; 4 soak dice against
/// lethal; Willpower 3), which never attacks. A round deals
///
///   d = 0.1 δ0 (a botch misses) + 0.5 N(4) + 0.4 N(5) levels,
///   N(k)[m] = P(max(0, Bin(k) - Bin(4)) = m).
///
/// B passes through level j < 7 with f[0] = 1,
/// f[L] = Σ_{j<min(L,7)} f[j] d[L - j] / (1 - d[0]); it is killed outright
/// (8 or more) with K0 = Σ_{j<7} f[j] P(d >= 8 - j) / (1 - d[0]). At exactly
/// seven lethal it stays up: on its turn t after (the same round, then
/// each round after A's shot) it rolls 3 dice needing t successes (w_1 =
/// 0.784, w_2 = 0.352, w_3 = 0.064, then 0), and every shot before it fails
/// kills with k = 1 - d[0]:
///
///   P(killed | 7) = Σ_{t>=1} w_1..w_t (1 - k)^(t-1) k.
///
/// Killed: K0 + f[7] P(killed | 7); incapacitated: the rest.
#[test]
fn staying_active_while_incapacitated_by_hand() {
    let a = side(
        "A",
        "mortal",
        "traits = { dexterity = 1, wits = 1 }\nweapon = \"pistol\"",
    );
    let b = side(
        "B",
        "mortal",
        "traits = { dexterity = 1, wits = 1, willpower = 3 }\narmor = \"flak-jacket\"\n\
         tactics = { attack = \"none\" }",
    );
    let net = |k: u32| -> Vec<f64> {
        let mut p = vec![0.0; 6];
        for x in 0..=k {
            for y in 0..=4 {
                p[x.saturating_sub(y) as usize] += binomial(k, x) * binomial(4, y);
            }
        }
        p
    };
    let (four, five) = (net(4), net(5));
    let d: Vec<f64> = (0..6)
        .map(|m| 0.5 * four[m] + 0.4 * five[m] + if m == 0 { 0.1 } else { 0.0 })
        .collect();
    let moved = 1.0 - d[0];
    let mut f = [0.0f64; 8];
    f[0] = 1.0;
    for l in 1..8 {
        f[l] = (0..l.min(7))
            .filter(|&j| l - j < d.len())
            .map(|j| f[j] * d[l - j] / moved)
            .sum();
    }
    let direct: f64 = (0..7)
        .map(|j| f[j] * d.iter().skip(8 - j).sum::<f64>() / moved)
        .sum();
    let w = [at_least(3, 1), at_least(3, 2), at_least(3, 3)];
    let (mut alive, mut after) = (1.0, 0.0);
    for (t, wt) in w.iter().enumerate() {
        alive *= wt;
        after += alive * (1.0 - moved).powi(t as i32) * moved;
    }
    let killed = direct + f[7] * after;
    let s = fight(1000, &[a, b]);
    for engine in engines(&s) {
        let n = 200_000;
        let t = combat::run(&engine, "uwod", n, 26, &|_| {});
        share_is(&t, End::Killed, killed, "killed");
        share_is(&t, End::Incapacitated, 1.0 - killed, "incapacitated");
    }
}

/// Willpower to ignore wounds, on attacks too, and only one point a turn.
/// As above, but B (Strength 1) also attacks A with one die each round,
/// and A (Strength 1, Brawl 4: three dice, in a flak jacket so no defence
/// die and an initiative pool of 0) spends a point on every attack
/// (`always`): one automatic success, so A never botches and always hits
/// (s = 1 + Bin(3) against B's one die d). B stands through round 1 (at
/// most 5 damage dice) and A keeps a die (B's two blows deal at most two
/// dice each: four levels, -2). B is wounded after round 1 with
///
///   q = Σ_{s,d} P(s) P(d) P(max(0, Bin(1 + s - d) - Bin(1)) >= 2).
///
/// With `ignore-wounds` B attacks and defends with its die in both rounds
/// (four botch chances of 0.1, and no automatic success of its own: its
/// point only ignores wounds); Willpower spent: A's two points and B's q.
/// Without, its round-2 attack and defence are rolled only unwounded:
/// 0.2 + 0.2 (1 - q), and A's two points alone.
#[test]
fn ignoring_wounds_keeps_the_attack_by_hand() {
    let a = side(
        "A",
        "mortal",
        "traits = { strength = 1, dexterity = 1, wits = 1, brawl = 4, willpower = 10 }\n\
         armor = \"flak-jacket\"\ntactics = { willpower = \"always\" }",
    );
    let b = |willpower: &str| {
        side(
            "B",
            "mortal",
            &format!(
                "traits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 10, willpower = 3 }}\n\
                 tactics = {{ willpower = \"{willpower}\" }}"
            ),
        )
    };
    let q: f64 = (1..=4u32)
        .flat_map(|s| [(1u32, 0.4), (0, 0.6)].map(move |(d, pd)| (s, d, binomial(3, s - 1) * pd)))
        .map(|(s, d, p)| {
            let dice = 1 + s - d;
            p * (0..=1)
                .map(|y| binomial(1, y) * at_least(dice, 2 + y))
                .sum::<f64>()
        })
        .sum();
    let n = 200_000;
    for engine in engines(&fight(2, &[a.clone(), b("ignore-wounds")])) {
        let t = combat::run(&engine, "uwod", n, 27, &|_| {});
        close(
            t.willpower as f64 / n as f64,
            2.0 + q,
            (q * (1.0 - q)).sqrt(),
            n,
            "points spent",
        );
        botches_are(&t, &[botch(1); 4], "ignoring wounds");
    }
    for engine in engines(&fight(2, &[a.clone(), b("never")])) {
        let t = combat::run(&engine, "uwod", n, 27, &|_| {});
        assert_eq!(t.willpower, 2 * n, "A's point a turn");
        let unwounded = botch(1) * (1.0 - q);
        botches_are(
            &t,
            &[botch(1), botch(1), unwounded, unwounded],
            "feeling the wounds",
        );
    }
}
