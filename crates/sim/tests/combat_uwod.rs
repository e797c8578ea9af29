//! The Ultimate WoD engine's mechanics against values worked out by hand:
//! Willpower (one point a turn, ignoring wounds), staying active while
//! Incapacitated, multiple actions, Block / Parry, range increments, the
//! onslaught and total defence, the unskilled die (defect 10), the round
//! that stops once a side is out (defect 6); and the `[combat.uwod]`
//! settings, each moved by a house rule.
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

use wodds_sim::conflict::{self, End, Scenario, Tally};

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
            let t = conflict::run(&engine, "uwod", n, 21, &|_| {});
            assert_eq!(t.share(End::Draw), Some(1.0), "the dummy stands");
            if pools.is_empty() {
                assert_eq!(t.botches, 0, "{actions} actions: nothing rolled");
            }
            botches_are(&t, &pools, &format!("{kind}, {actions} actions"));
        }
    }
}

/// Block / Parry. An attacker with one attack die (Dexterity 1 + Brawl 0
/// with fists; Dexterity 2 + the Skill 0, less the unskilled die, with a
/// weapon; a botch 0.1) against a defender with Dexterity 1,
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
        let dexterity = if weapon == "fists" { 1 } else { 2 };
        side(
            "A",
            "mortal",
            &format!("traits = {{ strength = 1, dexterity = {dexterity} }}\nweapon = \"{weapon}\""),
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
            let t = conflict::run(&engine, "uwod", n, 22, &|_| {});
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
            let t = conflict::run(&engine, "uwod", n, 23, &|_| {});
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
        let t = conflict::run(&engine, "uwod", n, 24, &|_| {});
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
        let t = conflict::run(&engine, "uwod", n, 24, &|_| {});
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
        let t = conflict::run(&engine, "uwod", n, 25, &|_| {});
        assert_eq!(t.willpower, n);
    }
}

/// Staying active while Incapacitated. A shooter A (one die: Dexterity 2 +
/// Firearms 0, less the unskilled die; a pistol: 4 lethal dice; Wits 1:
/// always first, the target's initiative pool being 0)
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
    let (direct, stays) = shot_until_incapacitated();
    let killed = direct + stays;
    for engine in engines(&shooting(None)) {
        let n = 200_000;
        let t = conflict::run(&engine, "uwod", n, 26, &|_| {});
        share_is(&t, End::Killed, killed, "killed");
        share_is(&t, End::Incapacitated, 1.0 - killed, "incapacitated");
    }
}

/// The fight above (under the house rules `rules`, in a temporary
/// directory, if any).
fn shooting(rules: Option<(&std::path::Path, &str)>) -> Scenario {
    let a = side(
        "A",
        "mortal",
        "traits = { dexterity = 2, wits = 1 }\nweapon = \"pistol\"",
    );
    let b = side(
        "B",
        "mortal",
        "traits = { dexterity = 1, wits = 1, willpower = 3 }\narmor = \"flak-jacket\"\n\
         tactics = { attack = \"none\" }",
    );
    match rules {
        None => fight(1000, &[a, b]),
        Some((dir, name)) => Scenario::parse(
            "test.toml",
            &format!(
                "name = \"t\"\nkind = \"combat\"\neditions = [\"{name}\"]\nmax-rounds = 1000\n{a}{b}"
            ),
            Some(dir),
        )
        .unwrap(),
    }
}

/// The fight above by hand: the chance B is killed outright (K0), and the
/// chance it reaches exactly seven lethal and is killed while it stays
/// active (f[7] P(killed | 7)).
fn shot_until_incapacitated() -> (f64, f64) {
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
    (direct, f[7] * after)
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
        let t = conflict::run(&engine, "uwod", n, 27, &|_| {});
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
        let t = conflict::run(&engine, "uwod", n, 27, &|_| {});
        assert_eq!(t.willpower, 2 * n, "A's point a turn");
        let unwounded = botch(1) * (1.0 - q);
        botches_are(
            &t,
            &[botch(1), botch(1), unwounded, unwounded],
            "feeling the wounds",
        );
    }
}

/// Writes house rules `text` (extending uwod) to `dir/name`, and returns a
/// fight of `max_rounds` between `sides` under them.
fn under(
    dir: &std::path::Path,
    name: &str,
    text: &str,
    max_rounds: u32,
    sides: &[String],
) -> Scenario {
    std::fs::write(dir.join(name), format!("extends = \"uwod\"\n\n{text}\n")).unwrap();
    Scenario::parse(
        "test.toml",
        &format!(
            "name = \"t\"\nkind = \"combat\"\neditions = [\"{name}\"]\nmax-rounds = {max_rounds}\n{}",
            sides.concat()
        ),
        Some(dir),
    )
    .unwrap()
}

/// Defect 6: the round stops once one side is out. Two mortals who both
/// flee on their first turn (uwod has no escape roll): the first to act
/// leaves and the other wins without acting (it used to flee too, and every
/// fight was a draw). They are alike: each wins half the fights.
#[test]
fn uwod_a_flight_after_the_other_side_is_out_is_no_draw() {
    let runner = |name: &str| {
        side(
            name,
            "mortal",
            "traits = { dexterity = 1, wits = 1 }\ntactics = { defend = \"escape\" }",
        )
    };
    let n = 100_000;
    for engine in engines(&fight(5, &[runner("A"), runner("B")])) {
        let t = conflict::run(&engine, "uwod", n, 28, &|_| {});
        assert_eq!(t.share(End::Draw), Some(0.0), "no draw");
        assert_eq!(t.share(End::Fled), Some(1.0));
        close(t.wins[0] as f64 / n as f64, 0.5, 0.5, n, "A wins");
    }
}

/// Defect 10. 000 "Abilities": "you lose one die on rolls involving a
/// Skill in which you have no dots and two dice on Knowledges in which you
/// have no dots"; Melee and Firearms are among 000's Skills, Brawl among
/// its Talents. One round against the dummy (no defence dice: its dodge is
/// not rolled): Dexterity 1 + Brawl 0 punches with one die (a botch 0.1);
/// Dexterity 1 + Melee 0 with a knife, or + Firearms 0 with a pistol, has
/// no die left and never attacks (no roll at all: the engine used to roll
/// one die); with Dexterity 2 it keeps one.
#[test]
fn uwod_an_unskilled_attack_loses_a_die() {
    let n = 100_000;
    for (weapon, dexterity, p) in [
        ("fists", 1, botch(1)),
        ("knife", 1, 0.0),
        ("pistol", 1, 0.0),
        ("knife", 2, botch(1)),
        ("pistol", 2, botch(1)),
    ] {
        let a = side(
            "A",
            "mortal",
            &format!("traits = {{ strength = 1, dexterity = {dexterity} }}\nweapon = \"{weapon}\""),
        );
        for engine in engines(&fight(1, &[a, dummy()])) {
            let t = conflict::run(&engine, "uwod", n, 29, &|_| {});
            let what = format!("{weapon}, Dexterity {dexterity}");
            if p == 0.0 {
                assert_eq!(t.botches, 0, "{what}: no roll at all");
                assert_eq!(t.share(End::Draw), Some(1.0), "{what}");
            } else {
                botches_are(&t, &[p], &what);
            }
        }
    }
}

/// `[combat.uwod] block-meets` and `parry-meets`: the Block / Parry cases
/// above under a house rule where a bare-handed block also meets blades
/// and a parry meets only unarmed blows: a knife against a bare-handed
/// block now meets its 4 dice, and against a parry the defender dodges (1
/// die).
#[test]
fn what_block_and_parry_meet_follows_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let knife = side(
        "A",
        "mortal",
        "traits = { strength = 1, dexterity = 2 }\nweapon = \"knife\"",
    );
    let defender = |weapon: &str| {
        side(
            "B",
            "mortal",
            &format!(
                "traits = {{ dexterity = 1, brawl = 3, melee = 2 }}\nweapon = \"{weapon}\"\n\
                 tactics = {{ attack = \"none\", defend = \"block\" }}"
            ),
        )
    };
    let rule = "[combat.uwod]\nblock-meets = [\"unarmed\", \"blunt\", \"edged\"]\nparry-meets = [\"unarmed\"]";
    for (held, p) in [("fists", botch(4)), ("club", botch(1))] {
        let s = under(
            dir.path(),
            "merits.toml",
            rule,
            1,
            &[knife.clone(), defender(held)],
        );
        for engine in engines(&s) {
            let t = conflict::run(&engine, "merits", 200_000, 30, &|_| {});
            botches_are(&t, &[botch(1), p], &format!("knife against {held}"));
        }
    }
}

/// `[combat.uwod] range-increment`: the rifle shot above at long range
/// under a house rule where an increment costs two successes: killed with
/// the same sum at r = 2.
#[test]
fn the_range_increment_follows_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let killed: f64 = (2..=10u32)
        .map(|s| {
            binomial(10, s)
                * (0..=2)
                    .map(|y| binomial(2, y) * at_least(8 + s - 2, 8 + y))
                    .sum::<f64>()
        })
        .sum();
    let shooter = side(
        "A",
        "mortal",
        "traits = { dexterity = 5, firearms = 5 }\nweapon = \"rifle\"\nrange = \"long\"",
    );
    let s = under(
        dir.path(),
        "far.toml",
        "[combat.uwod]\nrange-increment = 2",
        1,
        &[shooter, dummy()],
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "far", 200_000, 31, &|_| {});
        share_is(&t, End::Killed, killed, "two successes more");
    }
}

/// `[combat.uwod] stay-active`: the shooting above under a house rule where
/// nobody stays active while Incapacitated: B drops at exactly seven
/// lethal, so it is killed only outright (K0).
#[test]
fn staying_active_is_a_rule_setting() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("frail.toml"),
        "extends = \"uwod\"\n\n[combat.uwod]\nstay-active = false\n",
    )
    .unwrap();
    let (direct, stays) = shot_until_incapacitated();
    assert!(stays > 0.01, "{stays}");
    for engine in engines(&shooting(Some((dir.path(), "frail.toml")))) {
        let n = 200_000;
        let t = conflict::run(&engine, "frail", n, 26, &|_| {});
        share_is(&t, End::Killed, direct, "killed");
        share_is(&t, End::Incapacitated, 1.0 - direct, "incapacitated");
    }
}

/// `[combat.uwod]` Willpower and multiple actions. Under `ignore-wounds =
/// false` a member whose tactic is `ignore-wounds` spends as `when-hurt`:
/// B above, which never attacks, spends nothing and feels its wounds (its
/// round-2 die rolled only unwounded). Under `willpower-per-turn = 2` a
/// vampire with Celerity 1 and the `always` tactic spends two points in
/// its one round. Under `later-action-penalty = 0` three declared attacks
/// from 4 dice all lose 3: three one-die attacks, 0.3 botches a fight.
#[test]
fn willpower_and_multiple_actions_follow_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let a = side(
        "A",
        "mortal",
        "traits = { strength = 3, dexterity = 1, wits = 1, brawl = 3 }\narmor = \"flak-jacket\"",
    );
    let b = side(
        "B",
        "mortal",
        "traits = { dexterity = 1, stamina = 1, wits = 10, willpower = 3 }\n\
         tactics = { attack = \"none\", willpower = \"ignore-wounds\" }",
    );
    let s = under(
        dir.path(),
        "stoic.toml",
        "[combat.uwod]\nignore-wounds = false",
        2,
        &[a, b],
    );
    // Drawn from the same streams (the same edition key), it rolls
    // exactly what the `never` tactic rolls under uwod's own rules.
    let stoic: Vec<Tally> = engines(&s)
        .iter()
        .map(|e| conflict::run(e, "k", 50_000, 24, &|_| {}))
        .collect();
    let a = side(
        "A",
        "mortal",
        "traits = { strength = 3, dexterity = 1, wits = 1, brawl = 3 }\narmor = \"flak-jacket\"",
    );
    let b = side(
        "B",
        "mortal",
        "traits = { dexterity = 1, stamina = 1, wits = 10, willpower = 3 }\n\
         tactics = { attack = \"none\", willpower = \"never\" }",
    );
    for (engine, t) in engines(&fight(2, &[a, b])).iter().zip(&stoic) {
        let never = conflict::run(engine, "k", 50_000, 24, &|_| {});
        assert_eq!(t.willpower, 0);
        assert_eq!((t.botches, &t.ends), (never.botches, &never.ends));
    }
    let spender = side(
        "A",
        "vampire",
        "traits = { strength = 1, dexterity = 1, celerity = 1, willpower = 10 }\n\
         tactics = { willpower = \"always\" }",
    );
    let s = under(
        dir.path(),
        "willful.toml",
        "[combat.uwod]\nwillpower-per-turn = 2",
        1,
        &[spender, dummy()],
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "willful", 10_000, 25, &|_| {});
        assert_eq!(t.willpower, 20_000);
    }
    let three = side(
        "A",
        "mortal",
        "traits = { strength = 1, dexterity = 2, brawl = 2 }\ntactics = { actions = 3 }",
    );
    let s = under(
        dir.path(),
        "flat.toml",
        "[combat.uwod]\nlater-action-penalty = 0",
        1,
        &[three, dummy()],
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "flat", 200_000, 21, &|_| {});
        botches_are(&t, &[botch(1); 3], "three at -3");
    }
}

/// The onslaught, and total defence without it (000: "each successive
/// defense roll incurs a cumulative +1 difficulty onslaught penalty until
/// your next turn"; in total defence "You don't incur the onslaught
/// penalty"). A vampire of Strength 10 with Celerity 1 punches twice in one
/// round with one die (Dexterity 1 + Brawl 0: s = 1 with 0.4, 0 with 0.5,
/// a botch 0.1 misses) at a mortal (Stamina 1, one soak die) that dodges
/// with one die (d = 1 with 0.4). A blow needs s >= c, c = max(0, d - o),
/// o the successes the onslaught takes (0 on the first defence; on the
/// second 1 for a member that defends as usual, 0 in total defence), and
/// rolls 10 + s - c bashing dice against the soak die. The mortal drops in
/// the round (A wins) when the two blows deal 7 levels or more. The fights are
/// played under a house rule without wound penalties, so that the first
/// blow leaves the dodge its die. Under a house rule where total defence
/// suffers the onslaught too, the total defender falls as often as the
/// other.
#[test]
fn the_onslaught_and_total_defence_by_hand() {
    let blow = |o: u32| -> Vec<f64> {
        let mut p = vec![0.1];
        for (s, ps) in [(1u32, 0.4), (0, 0.5)] {
            for (d, pd) in [(1u32, 0.4), (0, 0.6)] {
                let c = d.saturating_sub(o);
                if s < c {
                    p[0] += ps * pd;
                    continue;
                }
                let dice = 10 + s - c;
                for x in 0..=dice {
                    for y in 0..=1 {
                        let k = x.saturating_sub(y) as usize;
                        if p.len() <= k {
                            p.resize(k + 1, 0.0);
                        }
                        p[k] += ps * pd * binomial(dice, x) * binomial(1, y);
                    }
                }
            }
        }
        p
    };
    let drops = |o: u32| -> f64 {
        let (a, b) = (blow(0), blow(o));
        let mut p = 0.0;
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                if i + j >= 7 {
                    p += x * y;
                }
            }
        }
        p
    };
    let (with, without) = (drops(1), drops(0));
    assert!(with > without + 0.02, "{with} against {without}");
    let fast = side(
        "A",
        "vampire",
        "traits = { strength = 10, dexterity = 1, stamina = 10, wits = 1, celerity = 1 }",
    );
    let target = |defend: &str| {
        side(
            "B",
            "mortal",
            &format!(
                "traits = {{ dexterity = 1, stamina = 1, wits = 1 }}\n\
                 tactics = {{ attack = \"none\", defend = \"{defend}\" }}"
            ),
        )
    };
    let n = 200_000;
    let dir = tempfile::tempdir().unwrap();
    let painless = "[combat.health]\nwound-penalties = [0, 0, 0, 0, 0, 0]";
    for (defend, p) in [("none", with), ("total", without)] {
        let s = under(
            dir.path(),
            "painless.toml",
            painless,
            1,
            &[fast.clone(), target(defend)],
        );
        for engine in engines(&s) {
            let t = conflict::run(&engine, "painless", n, 32, &|_| {});
            let won = t.wins[0] as f64 / n as f64;
            close(won, p, (p * (1.0 - p)).sqrt(), n, defend);
        }
    }
    let s = under(
        dir.path(),
        "relentless.toml",
        &format!("{painless}\n\n[combat.uwod]\ntotal-defence-onslaught = 1"),
        1,
        &[fast.clone(), target("total")],
    );
    for engine in engines(&s) {
        let t = conflict::run(&engine, "relentless", n, 32, &|_| {});
        let won = t.wins[0] as f64 / n as f64;
        close(
            won,
            with,
            (with * (1.0 - with)).sqrt(),
            n,
            "total, house rule",
        );
    }
}
