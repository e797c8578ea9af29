//! The combat runner and the Revised engine against values worked out by
//! hand, symmetry, and determinism; scenario files' errors.

mod common;

use common::{SAMPLERS, engines};

use wodds_rules::RulesError;
use wodds_sim::conflict::{self, EditionEngine, End, Sampling, Scenario};

fn scenario(text: &str) -> Scenario {
    Scenario::parse("test.toml", text, None).unwrap()
}

fn error(text: &str) -> (usize, String, String) {
    match Scenario::parse("test.toml", text, None) {
        Err(RulesError::File {
            line,
            field,
            message,
            ..
        }) => (line, field, message),
        other => panic!("expected a file error, got {other:?}"),
    }
}

const HEAD: &str = "name = \"t\"\nkind = \"combat\"\neditions = [\"revised\"]\n";

/// A one-die puncher against a dummy that never attacks: a round does a
/// level with 0.5 (hit on one die at 6) * 0.5 (one damage die) * 0.5 (the
/// one soak die fails) = 0.125, so the seven levels take a negative
/// binomial number of rounds: mean 7 / 0.125 = 56.
const PUNCHER: &str = r#"
max-rounds = 1000
[[side]]
name = "Puncher"
[[side.member]]
name = "Puncher"
kind = "mortal"
traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 0 }
[[side]]
name = "Dummy"
[[side.member]]
name = "Dummy"
kind = "mortal"
traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1 }
tactics = { attack = "none" }
"#;

#[test]
fn a_dummy_falls_after_a_negative_binomial_number_of_rounds() {
    let s = scenario(&format!("{HEAD}{PUNCHER}"));
    for engine in engines(&s) {
        let n = 200_000;
        let t = conflict::run(&engine, "revised", n, 5, &|_| {});
        assert_eq!(t.wins[0], n);
        assert_eq!(
            t.ends[0], n,
            "every fight ends with the dummy incapacitated"
        );
        // Mean rounds: 56, standard deviation sqrt(7 * 0.875) / 0.125.
        let sd = (7.0f64 * 0.875).sqrt() / 0.125;
        let mean = t.mean_rounds().unwrap();
        assert!(
            (mean - 56.0).abs() < 4.5 * sd / (n as f64).sqrt(),
            "mean {mean}"
        );
        // Chance it is over within 40 rounds: the negative binomial CDF.
        let (p, r) = (0.125f64, 7);
        let mut cdf = 0.0;
        for k in r..=40 {
            // P(7th level at round k) = C(k-1, 6) p^7 (1-p)^(k-7)
            let c = (0..6).fold(1.0, |acc, j| acc * (k - 1 - j) as f64 / (j + 1) as f64);
            cdf += c * p.powi(7) * (1.0 - p).powi(k - 7);
        }
        let within: u64 = t.rounds[..=40].iter().sum();
        let share = within as f64 / n as f64;
        let se = (cdf * (1.0 - cdf) / n as f64).sqrt();
        assert!(
            (share - cdf).abs() < 4.5 * se,
            "within 40: {share} vs {cdf}"
        );
    }
}

/// The puncher's fight as a round chain: the puncher never changes, so
/// its states are the dummy's seven levels before the last (0..=6 filled),
/// and its exact odds are the negative binomial's, round by round.
#[test]
fn the_punchers_round_chain_is_the_negative_binomial() {
    let s = scenario(&format!("{HEAD}{PUNCHER}"));
    let engine = EditionEngine::new(&s, &s.editions[0], Sampling::Round).unwrap();
    let chain = engine.chain().expect("a small fight has a chain");
    assert_eq!(chain.states(), 7);
    let odds = chain.odds();
    assert!((odds.wins[0] - 1.0).abs() < 1e-12 && odds.wins[1] == 0.0);
    // 7 / 0.125 (the 1000-round limit cuts off a tail far below 1e-9).
    assert!(
        (odds.mean_rounds() - 56.0).abs() < 1e-9,
        "{}",
        odds.mean_rounds()
    );
    let p = 0.125f64;
    for k in 1..=100 {
        // P(7th level at round k) = C(k-1, 6) p^7 (1-p)^(k-7)
        let want = if k < 7 {
            0.0
        } else {
            let c = (0..6).fold(1.0, |acc, j| acc * (k - 1 - j) as f64 / (j + 1) as f64);
            c * p.powi(7) * (1.0 - p).powi(k - 7)
        };
        assert!(
            (odds.ended[k as usize] - want).abs() < 1e-12,
            "round {k}: {} vs {want}",
            odds.ended[k as usize]
        );
    }
}

/// A chain past its limit is not built, says so, and the round sampler
/// then draws exactly what the outcome sampler draws.
#[test]
fn past_its_limit_a_fight_is_drawn_attack_by_attack() {
    let s = Scenario::load(std::path::Path::new("../../scenarios/fair-fight.toml")).unwrap();
    for rules in &s.editions {
        let small = conflict::Limit {
            states: 1,
            ..conflict::Limit::default()
        };
        let round = EditionEngine::with_limit(&s, rules, Sampling::Round, small).unwrap();
        assert!(round.chain().is_none(), "{}", rules.id);
        // And it says why: the second state passed the limit of one.
        match round.no_chain() {
            Some(&conflict::NoChain::States {
                limit,
                bytes_per_state,
            }) => {
                assert_eq!(limit, 1, "{}", rules.id);
                assert!(bytes_per_state > 0.0, "{}", rules.id);
            }
            other => panic!("{}: {other:?}", rules.id),
        }
        let outcome = EditionEngine::new(&s, rules, Sampling::Outcome).unwrap();
        let run = |e: &EditionEngine| conflict::run(e, &rules.id, 20_000, 4, &|_| {});
        assert_eq!(run(&round), run(&outcome), "{}", rules.id);
    }
}

/// The fair fight's exact odds are even under every edition, each with a
/// round chain.
#[test]
fn the_fair_fight_is_exactly_even() {
    let s = Scenario::load(std::path::Path::new("../../scenarios/fair-fight.toml")).unwrap();
    let mut chains = 0;
    for rules in &s.editions {
        let engine = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
        if let Some(chain) = engine.chain() {
            let odds = chain.odds();
            assert!(
                (odds.wins[0] - odds.wins[1]).abs() < 1e-12,
                "{}: {:?}",
                rules.id,
                odds.wins
            );
            let total: f64 = odds.ended.iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "{}: {total}", rules.id);
            chains += 1;
        }
    }
    assert_eq!(chains, 4);
}

#[test]
fn fighters_who_never_attack_draw_at_max_rounds() {
    let text = format!(
        "{HEAD}max-rounds = 9\n{}",
        PUNCHER.replace("max-rounds = 1000\n", "").replace(
            "brawl = 0 }",
            "brawl = 0 }\ntactics = { attack = \"none\" }"
        )
    );
    let s = scenario(&text);
    for engine in engines(&s) {
        let t = conflict::run(&engine, "revised", 1000, 1, &|_| {});
        assert_eq!(t.ends[4], 1000);
        assert_eq!(t.rounds[9], 1000);
        assert_eq!(t.share(End::Draw), Some(1.0));
    }
}

#[test]
fn the_fair_fight_is_even_within_its_interval_under_every_edition() {
    let s = Scenario::load(std::path::Path::new("../../scenarios/fair-fight.toml")).unwrap();
    assert_eq!(s.editions.len(), 4);
    for rules in &s.editions {
        for sampling in SAMPLERS {
            let engine = EditionEngine::new(&s, rules, sampling).unwrap();
            let t = conflict::run(&engine, &rules.id, 100_000, 3, &|_| {});
            let decided = (t.wins[0] + t.wins[1]) as f64;
            let share = t.wins[0] as f64 / decided;
            assert!(
                (share - 0.5).abs() < 4.5 * (0.25 / decided).sqrt(),
                "{}: Red wins {share} of decided fights",
                rules.id
            );
        }
    }
}

#[test]
fn results_are_the_same_whatever_the_thread_count() {
    // Every edition, every sampler, on a fight with round chains (the fair
    // fight) and one without (three members, too many states): the outcome
    // sampler's tables are built lazily by whichever thread needs them
    // first, so this also holds them to being the same whoever builds
    // them.
    for name in ["fair-fight", "neonate-vs-two-thugs"] {
        let path = format!("../../scenarios/{name}.toml");
        let s = Scenario::load(std::path::Path::new(&path)).unwrap();
        for rules in &s.editions {
            for sampling in SAMPLERS {
                let run = |threads| {
                    let engine = EditionEngine::new(&s, rules, sampling).unwrap();
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap()
                        .install(|| conflict::run(&engine, &rules.id, 45_000, 9, &|_| {}))
                };
                let one = run(1);
                assert_eq!(one, run(2), "{name} {} {sampling:?}", rules.id);
                assert_eq!(one, run(3), "{name} {} {sampling:?}", rules.id);
            }
        }
    }
}

#[test]
fn scenario_errors_name_line_and_field() {
    let member = "[[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n";
    let b = "[[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n";
    let (line, field, message) = error(&format!("{HEAD}{member}traits = {{ brwal = 2 }}\n{b}"));
    assert_eq!((line, field.as_str()), (9, "traits"));
    assert!(message.contains("unknown trait `brwal`"), "{message}");
    let (line, field, _) = error(&format!("{HEAD}{member}traits = {{ dexterity = 11 }}\n{b}"));
    assert_eq!((line, field.as_str()), (9, "traits.dexterity"));
    let (line, field, message) = error(&format!("{HEAD}{member}weapon = \"bazooka\"\n{b}"));
    assert_eq!((line, field.as_str()), (9, "weapon"));
    assert!(message.contains("pistol"), "{message}");
    let (line, field, _) = error(&format!(
        "{HEAD}{member}tactics = {{ attack = \"berserk\" }}\n{b}"
    ));
    assert_eq!((line, field.as_str()), (9, "side.member.tactics"));
    let (line, field, message) = error(&format!("{HEAD}{member}tactics = {{ actions = 6 }}\n{b}"));
    assert_eq!((line, field.as_str()), (9, "tactics.actions"));
    assert!(message.contains("outside 1..=5"), "{message}");
    let (line, field, message) = error(&format!("{HEAD}{member}traits = {{ rage = 3 }}\n{b}"));
    assert_eq!((line, field.as_str()), (9, "traits.rage"));
    assert!(message.contains("only garou"), "{message}");
    let (line, field, _) = error(&format!("{HEAD}{member}range = \"far\"\n{b}"));
    assert_eq!((line, field.as_str()), (9, "side.member.range"));
    let (line, field, _) = error(&format!("{HEAD}{member}[[side]]\nname = \"Empty\"\n"));
    assert_eq!((line, field.as_str()), (10, "side.member"));
    let (line, field, _) = error(&format!("{HEAD}{member}"));
    assert_eq!((line, field.as_str()), (1, "side"));
    let (line, field, message) = error(&format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"revised\", \"vtm\"]\n{member}{b}"
    ));
    assert_eq!((line, field.as_str()), (3, "editions"));
    assert!(message.contains("unknown edition"), "{message}");
}

/// uwod: the one-die puncher against a dummy in an armour T-shirt (soak 2,
/// -1 Dexterity: no defence die left, so every attack is at difficulty 0).
/// A die succeeds on 7+ (0.4) and botches alone on a 1 (0.1): a success
/// hits with one excess success (two damage dice), a plain failure hits with
/// one die, a botch misses; three soak dice (Stamina 1 + armour 2). Expected
/// rounds to the seventh level, by the chain over levels taken.
#[test]
fn uwod_dummy_by_hand() {
    let text = format!("{HEAD}{PUNCHER}")
        .replace("editions = [\"revised\"]", "editions = [\"uwod\"]")
        .replace(
            "tactics = { attack = \"none\" }",
            "armor = \"armor-t-shirt\"\ntactics = { attack = \"none\" }",
        );
    let s = scenario(&text);
    for engine in engines(&s) {
        let binomial = |n: u32, k: u32| -> f64 {
            let c = (0..k).fold(1.0, |acc, j| acc * f64::from(n - j) / f64::from(j + 1));
            c * 0.4f64.powi(k as i32) * 0.6f64.powi((n - k) as i32)
        };
        // Levels after soak from `dice` damage dice.
        let levels = |dice: u32| -> [f64; 3] {
            let mut p = [0.0; 3];
            for d in 0..=dice {
                for s in 0..=3 {
                    p[d.saturating_sub(s) as usize] += binomial(dice, d) * binomial(3, s);
                }
            }
            p
        };
        let (two, one) = (levels(2), levels(1));
        let p: Vec<f64> = (0..3)
            .map(|k| 0.4 * two[k] + 0.5 * one[k] + if k == 0 { 0.1 } else { 0.0 })
            .collect();
        // E[k]: expected rounds from k levels to 7.
        let mut e = [0.0f64; 9];
        for k in (0..7).rev() {
            e[k] = (1.0 + p[1] * e[k + 1] + p[2] * e[k + 2]) / (1.0 - p[0]);
        }
        let n = 200_000;
        let t = conflict::run(&engine, "uwod", n, 4, &|_| {});
        assert_eq!(t.wins[0], n);
        let mean = t.mean_rounds().unwrap();
        // A generous bound on the rounds' standard deviation: the mean itself.
        let sd = e[0];
        assert!(
            (mean - e[0]).abs() < 4.5 * sd / (n as f64).sqrt(),
            "mean {mean}, want {}",
            e[0]
        );
    }
}

/// fta: melee attack against attack is contested, and only the winner
/// lands. Two one-die swordsmen of Strength 10 (twelve lethal damage dice,
/// which a mortal cannot soak): in the one round allowed, A wins the
/// exchange with 0.25 (a net success against none) and then drops B with
/// P(12 dice at 6 give 7 or more) = 0.387207..., and the same for B; in
/// every other fight both stand.
#[test]
fn fta_contested_exchange_by_hand() {
    let swordsman = |name: &str| {
        format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n\
             traits = {{ strength = 10, dexterity = 1, stamina = 1, wits = 1, melee = 0 }}\nweapon = \"sword\"\n"
        )
    };
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\nmax-rounds = 1\n{}{}",
        swordsman("A"),
        swordsman("B")
    );
    let s = scenario(&text);
    for engine in engines(&s) {
        let seven_of_twelve: f64 = (7..=12u32)
            .map(|k| (0..k).fold(1.0, |acc, j| acc * f64::from(12 - j) / f64::from(j + 1)) / 4096.0)
            .sum();
        let p = 0.25 * seven_of_twelve;
        let n = 400_000;
        let t = conflict::run(&engine, "fta", n, 12, &|_| {});
        let se = (p * (1.0 - p) / n as f64).sqrt();
        for side in 0..2 {
            let share = t.wins[side] as f64 / n as f64;
            assert!(
                (share - p).abs() < 4.5 * se,
                "side {side} wins {share}, want {p}"
            );
        }
    }
}

/// fta attack styles in the contested exchange: a feint (difficulty 5, two
/// damage dice fewer) against a power attack (difficulty 7, two more). One
/// die each: A scores with 0.6, B with 0.4; A wins the exchange with
/// 0.6 * 0.6 and drops B with P(10 dice give 7+) = 176/1024; B wins it with
/// 0.4 * 0.4 and drops A with P(14 dice give 7+) = 9908/16384.
#[test]
fn fta_feint_against_power_by_hand() {
    let swordsman = |name: &str, attack: &str| {
        format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n\
             traits = {{ strength = 10, dexterity = 1, stamina = 1, wits = 1, melee = 0 }}\nweapon = \"sword\"\n\
             tactics = {{ attack = \"{attack}\" }}\n"
        )
    };
    let text = format!(
        "name = \"t\"\nkind = \"combat\"\neditions = [\"fta\"]\nmax-rounds = 1\n{}{}",
        swordsman("A", "feint"),
        swordsman("B", "power")
    );
    let s = scenario(&text);
    let want = [0.36 * 176.0 / 1024.0, 0.16 * 9908.0 / 16384.0];
    for engine in engines(&s) {
        let n = 400_000;
        let t = conflict::run(&engine, "fta", n, 13, &|_| {});
        for (side, p) in want.iter().enumerate() {
            let share = t.wins[side] as f64 / n as f64;
            let se = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (share - p).abs() < 4.5 * se,
                "side {side} wins {share}, want {p}"
            );
        }
    }
}

/// Escape: under fta a one-die escaper gets away on its turn with 0.5 (a 6+
/// on one die; a 1 botches, no escape), so the fight lasts a geometric
/// number of rounds with mean 2; editions without an escape roll flee at
/// once.
#[test]
fn escaping_by_hand() {
    let member = |name: &str, tactics: &str| {
        format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n\
             traits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1 }}\ntactics = {tactics}\n"
        )
    };
    let text = |edition: &str| {
        format!(
            "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = 1000\n{}{}",
            member("Runner", "{ attack = \"none\", defend = \"escape\" }"),
            member("Watcher", "{ attack = \"none\" }")
        )
    };
    let n = 200_000u64;
    for engine in engines(&scenario(&text("fta"))) {
        let t = conflict::run(&engine, "fta", n, 14, &|_| {});
        assert_eq!((t.wins[1], t.share(End::Fled)), (n, Some(1.0)));
        let mean = t.mean_rounds().unwrap();
        assert!(
            (mean - 2.0).abs() < 4.5 * 0.5f64.sqrt() / 0.5 / (n as f64).sqrt(),
            "mean {mean}"
        );
    }
    for engine in engines(&scenario(&text("revised"))) {
        let t = conflict::run(&engine, "revised", 1000, 14, &|_| {});
        assert_eq!((t.wins[1], t.rounds[1]), (1000, 1000));
    }
}

/// On every shipped scenario (all of them under all four editions) each
/// table-drawing sampler against the die-by-die kernel: the outcome
/// sampler's tables (whole attacks and exchanges drawn from their exact
/// distributions) and the round chain (whole rounds) give the same first
/// side's win rate and mean rounds, within 4.5 standard errors of the
/// difference between two independent estimates.
#[test]
fn samplers_agree_on_every_shipped_scenario() {
    let n = 20_000u64;
    let mut checked = 0;
    let mut chains = 0;
    for entry in std::fs::read_dir("../../scenarios").unwrap() {
        let path = entry.unwrap().path();
        let s = Scenario::load(&path).unwrap();
        for rules in &s.editions {
            let [per_die, outcome, round] = SAMPLERS.map(|m| {
                let engine = EditionEngine::new(&s, rules, m).unwrap();
                conflict::run(&engine, &rules.id, n, 17, &|_| {})
            });
            for (by, t) in [("outcome", &outcome), ("round", &round)] {
                let what = format!("{} {} by {by}", path.display(), rules.id);
                agree(&per_die, t, n, &what);
            }
            // Where the fight has a round chain, its exact odds against the
            // die-by-die estimate.
            let engine = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
            if let Some(chain) = engine.chain() {
                chains += 1;
                let odds = chain.odds();
                let exact = odds.wins[0];
                let got = per_die.wins[0] as f64 / n as f64;
                let se = (exact * (1.0 - exact) / n as f64).sqrt().max(1e-9);
                assert!(
                    (got - exact).abs() < 4.5 * se,
                    "{} {}: wins {got} per die, exactly {exact}",
                    path.display(),
                    rules.id
                );
                let (got, exact) = (per_die.mean_rounds().unwrap(), odds.mean_rounds());
                let se = (rounds_variance(&per_die) / n as f64).sqrt().max(1e-9);
                assert!(
                    (got - exact).abs() < 4.5 * se,
                    "{} {}: mean rounds {got} per die, exactly {exact}",
                    path.display(),
                    rules.id
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 36, "{checked} scenario-editions");
    assert!(chains >= 27, "{chains} round chains");
}

/// The variance of a tally's rounds.
fn rounds_variance(t: &conflict::Tally) -> f64 {
    let m = t.mean_rounds().unwrap();
    let sq: f64 = (t.rounds.iter().enumerate())
        .map(|(r, &c)| c as f64 * (r as f64 - m).powi(2))
        .sum();
    sq / t.fights as f64
}

/// Asserts two independent tallies of `n` fights agree on the first side's
/// win rate and on mean rounds within 4.5 standard errors.
fn agree(a: &conflict::Tally, b: &conflict::Tally, n: u64, what: &str) {
    let p = |t: &conflict::Tally| t.wins[0] as f64 / n as f64;
    let pooled = (p(a) + p(b)) / 2.0;
    let se = (pooled * (1.0 - pooled) * 2.0 / n as f64).sqrt().max(1e-9);
    assert!(
        (p(a) - p(b)).abs() < 4.5 * se,
        "{what}: wins {} per die, {}",
        p(a),
        p(b)
    );
    let se = ((rounds_variance(a) + rounds_variance(b)) / n as f64)
        .sqrt()
        .max(1e-9);
    let (x, y) = (a.mean_rounds().unwrap(), b.mean_rounds().unwrap());
    assert!(
        (x - y).abs() < 4.5 * se,
        "{what}: mean rounds {x} per die, {y}"
    );
}

/// A house rule's pools reach the fight: soaking with Perception (2 dots,
/// the default) instead of Stamina (1) gives the dummy two soak dice, so a
/// round does a level with 0.5 (hit) * 0.5 (damage die) * 0.25 (both soak
/// dice fail) = 1/16, and the seven levels take 7 * 16 = 112 rounds on
/// average (negative binomial, standard deviation sqrt(7 * 15/16) * 16).
#[test]
fn a_house_rule_pool_changes_the_fight() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("perceptive.toml"),
        "extends = \"revised\"\n\n[combat.pools]\nsoak = [\"perception\"]\n",
    )
    .unwrap();
    let text =
        format!("name = \"t\"\nkind = \"combat\"\neditions = [\"perceptive.toml\"]\n{PUNCHER}");
    let s = Scenario::parse("test.toml", &text, Some(dir.path())).unwrap();
    for engine in engines(&s) {
        let n = 50_000;
        let t = conflict::run(&engine, "perceptive", n, 8, &|_| {});
        assert_eq!(t.wins[0], n);
        let sd = (7.0f64 * 15.0 / 16.0).sqrt() * 16.0;
        let mean = t.mean_rounds().unwrap();
        assert!(
            (mean - 112.0).abs() < 4.5 * sd / (n as f64).sqrt(),
            "mean {mean}"
        );
    }
}

/// A Garou with 2 Rage spending one a turn, a one-die puncher, against a
/// dummy that never attacks, over three rounds: 2, 2, then 1 attack (the
/// Rage runs out), 5 in all. A one-die attack botches on a 1 (1/10), so a
/// fight averages 0.5 botches under revised and fta; uwod's dummy also
/// rolls its one-die reflexive dodge against each attack, 1.0 in all.
/// Spending two a turn: 3 attacks, then 1 and 1: the same 5.
#[test]
fn rage_buys_extra_attacks_while_it_lasts() {
    // Rolls that may botch per attack: the attack, and uwod's dodge.
    for (edition, rolls) in [("revised", 1.0), ("fta", 1.0), ("uwod", 2.0)] {
        for spend in [1, 2] {
            let text = format!(
                "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = 3\n\
                 [[side]]\nname = \"W\"\n[[side.member]]\nname = \"W\"\nkind = \"garou\"\n\
                 traits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1, rage = 2 }}\n\
                 tactics = {{ rage = {spend} }}\n\
                 [[side]]\nname = \"D\"\n[[side.member]]\nname = \"D\"\nkind = \"mortal\"\n\
                 traits = {{ strength = 1, dexterity = 1, stamina = 10, wits = 1, dodge = 0 }}\n\
                 tactics = {{ attack = \"none\" }}\n"
            );
            let s = scenario(&text);
            for engine in engines(&s) {
                let n = 100_000u64;
                let t = conflict::run(&engine, edition, n, 4, &|_| {});
                assert_eq!(t.ends[4], n, "every fight runs its three rounds");
                let expected = 5.0 * rolls * 0.1;
                let got = t.botches as f64 / n as f64;
                // Botches a fight: a sum of 5 (or 10) Bernoulli(1/10) draws.
                let var = 5.0 * rolls * 0.1 * 0.9;
                let se = (var / n as f64).sqrt();
                assert!(
                    (got - expected).abs() < 4.5 * se,
                    "{edition}, {spend} a turn: {got} botches a fight"
                );
            }
        }
    }
}

/// Willpower is one point a turn: a vampire with Celerity 2 and the
/// `always` tactic, against a dummy (both too tough to fall or, under
/// hubris, concede in two rounds), spends exactly one point a round
/// (two over two rounds), not one per attack, under revised, fta and
/// hubris.
#[test]
fn willpower_is_one_point_a_turn() {
    for edition in ["revised", "fta", "hubris"] {
        let text = format!(
            "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = 2\n\
             [[side]]\nname = \"V\"\n[[side.member]]\nname = \"V\"\nkind = \"vampire\"\n\
             traits = {{ strength = 1, dexterity = 1, stamina = 10, wits = 1, celerity = 2, willpower = 5 }}\n\
             tactics = {{ willpower = \"always\" }}\n\
             [[side]]\nname = \"D\"\n[[side.member]]\nname = \"D\"\nkind = \"mortal\"\n\
             traits = {{ strength = 1, dexterity = 1, stamina = 10, wits = 1 }}\n\
             tactics = {{ attack = \"none\" }}\n"
        );
        let s = scenario(&text);
        for engine in engines(&s) {
            let t = conflict::run(&engine, edition, 1_000, 2, &|_| {});
            assert_eq!(t.willpower, 2_000, "{edition}");
        }
    }
}

/// The rule file's wound penalties reach the fight. Two one-die punchers
/// under a house rule where every wounded box costs 10 dice: whoever takes
/// the first level can never attack again, so every fight is won by a side
/// that was never hurt (winner's damage exactly 0). Under Revised's own
/// table the first box costs nothing, and some winners are hurt.
#[test]
fn wound_penalties_come_from_the_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("crippling.toml"),
        "extends = \"revised\"\n\n[combat.health]\nwound-penalties = [10, 10, 10, 10, 10, 10]\n",
    )
    .unwrap();
    let puncher = |name: &str| {
        format!(
            "[[side]]\nname = \"{name}\"\n[[side.member]]\nname = \"{name}\"\nkind = \"mortal\"\n\
             traits = {{ strength = 1, dexterity = 1, stamina = 1, wits = 1 }}\n"
        )
    };
    for (edition, hurt_winners) in [("crippling.toml", false), ("revised", true)] {
        let text = format!(
            "name = \"t\"\nkind = \"combat\"\neditions = [\"{edition}\"]\nmax-rounds = 1000\n{}{}",
            puncher("A"),
            puncher("B")
        );
        let s = Scenario::parse("test.toml", &text, Some(dir.path())).unwrap();
        for engine in engines(&s) {
            let t = conflict::run(&engine, "t", 20_000, 6, &|_| {});
            assert_eq!(t.ends[4], 0, "{edition}: no draws");
            assert_eq!(t.winner_damage > 0, hurt_winners, "{edition}");
        }
    }
}

/// hubris's `concede` setting: with it off, nobody concedes and the same
/// one-die fights end by wounds instead.
#[test]
fn conceding_is_a_rule_setting() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("stoic.toml"),
        "extends = \"hubris\"\n\n[combat.hubris]\nconcede = false\n",
    )
    .unwrap();
    let text = "name = \"t\"\nkind = \"combat\"\neditions = [\"stoic.toml\"]\nmax-rounds = 1000\n\
        [[side]]\nname = \"A\"\n[[side.member]]\nname = \"A\"\nkind = \"mortal\"\n\
        traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 1 }\n\
        [[side]]\nname = \"B\"\n[[side.member]]\nname = \"B\"\nkind = \"mortal\"\n\
        traits = { strength = 1, dexterity = 1, stamina = 1, wits = 1, brawl = 1 }\n";
    let s = Scenario::parse("test.toml", text, Some(dir.path())).unwrap();
    for engine in engines(&s) {
        let t = conflict::run(&engine, "stoic", 20_000, 6, &|_| {});
        assert_eq!(t.ends[2], 0, "conceded");
        assert!(t.ends[0] + t.ends[1] > 19_000, "{:?}", t.ends);
    }
}

/// A scenario file was read whole, however large, and an edition named
/// `/dev/zero` was read until memory ran out. A scenario over 1 MiB is
/// refused unread, and so is such an edition, at its line in `editions`.
#[test]
fn unbounded_read_of_a_huge_scenario_file() {
    let dir = tempfile::tempdir().unwrap();
    let fair = std::fs::read_to_string("../../scenarios/fair-fight.toml").unwrap();
    let padding = "# padding padding padding\n".repeat(80_000);
    let path = dir.path().join("huge.toml");
    std::fs::write(&path, format!("{padding}{fair}")).unwrap();
    match Scenario::load(&path) {
        Err(RulesError::Read { path: p, error, .. }) => {
            assert_eq!(p, path);
            assert!(error.to_string().contains("larger than 1 MiB"), "{error}");
        }
        other => panic!("a 2 MB scenario should be refused, got {other:?}"),
    }
    #[cfg(unix)]
    {
        let text = fair.replace(
            "editions = [\"revised\", \"fta\", \"uwod\", \"hubris\"]",
            "editions = [\"revised\",\n  \"/dev/zero\"]",
        );
        let editions = fair
            .lines()
            .position(|l| l.starts_with("editions"))
            .unwrap()
            + 1;
        assert!(text.contains("/dev/zero"));
        let (line, field, message) = error(&text);
        assert_eq!(field, "editions");
        // The line after `editions = [`.
        assert_eq!(line, editions + 1);
        assert!(
            message.starts_with("rule file /dev/zero: cannot read it: larger than 1 MiB"),
            "{message}"
        );
    }
}

/// Issue 10, defect 13: exact draws printed as -3e-15 and "-0.00%". The
/// chance of a draw is what the wins leave; three sides' wins summed in
/// floating point can pass 1 by a rounding error (0.33 + 0.56 + 0.11 is
/// 1 + 2^-52), and the draws must then be 0, not a negative probability or
/// a negative zero.
#[test]
fn exact_draws_are_never_negative() {
    let odds = conflict::Odds {
        wins: vec![0.33, 0.56, 0.11],
        ended: vec![0.0, 1.0],
    };
    assert!(odds.wins.iter().sum::<f64>() > 1.0, "the wins pass 1");
    let draws = odds.draws();
    assert!(draws == 0.0 && draws.is_sign_positive(), "{draws:e}");
}
