//! Multi-roll actions against values worked out by hand or by a second
//! method, and the Monte Carlo runner against the exact solver.

use wodds_dice::{RollRules, RollSpec, exact};
use wodds_rules::{BotchEffect, GroupRule, ResistedRule, RollOptions, RuleSet, TallyRule, TieRule};
use wodds_sim::{
    Contest, Extended, Process, Prolonged, Retry, Schedule, Throw, Timeline, resisted_exact,
    resisted_sample, simulate, solve, solve_with,
};

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "got {got}, want {want} (tolerance {tol})"
    );
}

/// Revised: `pool` dice at `difficulty`.
fn revised(pool: i32, difficulty: u8) -> Throw {
    Throw::single(RollSpec::new(pool, RollRules::classic(difficulty)).unwrap())
}

fn one_round(throws: Vec<Throw>) -> Schedule {
    Schedule::new(vec![throws])
}

const HORIZON: usize = 100_000;

#[test]
fn extended_one_die_target_two_by_hand() {
    // One die at 6: success 0.5 (6..10), plain failure 0.4, botch 0.1 (a 1).
    let action = Extended {
        schedule: one_round(vec![revised(1, 6)]),
        target: 2,
        botch: BotchEffect::Wipe,
        free_botches: 0,
    };
    let t = solve(&action, HORIZON);
    close(t.win[0], 0.0, 0.0);
    close(t.win[1], 0.25, 1e-15);
    // Done at roll 3: (F or B, S, S) = 0.5 * 0.25, or (S, F, S) = 0.1;
    // (S, B, S) is wiped back to 1.
    close(t.win[2], 0.225, 1e-15);
    close(t.p_win(), 1.0, 1e-12);
    // A botch that fails the action: it ends on the first botch before two successes.
    let fail = Extended {
        botch: BotchEffect::Fail,
        ..action
    };
    let t = solve(&fail, HORIZON);
    close(t.lose[0], 0.1, 1e-15);
    // Roll 2 fails: (F, B) or (S, B) = 0.9 * 0.1.
    close(t.lose[1], 0.09, 1e-15);
}

/// The worked example of Chapter Five: Veronica's Wits 3 + Finance 4, seven
/// dice at difficulty 7, 18 successes, a roll a night, a botch starting her
/// over. Within three nights she must roll 18 in three rolls without a
/// botch (seven dice give at most seven): a triple convolution of the
/// single-roll distribution, independent of the Markov chain.
#[test]
fn veronica_within_three_nights_by_convolution() {
    let spec = RollSpec::new(7, RollRules::classic(7)).unwrap();
    let d = exact(&spec);
    let mut by_three = 0.0;
    for a in 0..=7 {
        for b in 0..=7 {
            for c in 0..=7 {
                if a + b + c >= 18 {
                    by_three += d.p(a, false) * d.p(b, false) * d.p(c, false);
                }
            }
        }
    }
    assert!(by_three > 0.0);
    let action = Extended {
        schedule: one_round(vec![Throw::single(spec)]),
        target: 18,
        botch: BotchEffect::Wipe,
        free_botches: 0,
    };
    let t = solve(&action, 10);
    close(t.p_win_within(3), by_three, 1e-15);
    // Within five and ten nights: more, and less than certain.
    assert!(t.p_win_within(5) > t.p_win_within(3) && t.p_win_within(10) < 1.0);
}

#[test]
fn resisted_one_die_each_by_hand() {
    // Revised: each side nets 1 success half the time, else 0.
    let r = resisted_exact(&revised(1, 6), &revised(1, 6), ResistedRule::Margin);
    close(r.p_margin(1), 0.25, 1e-15);
    close(r.p_margin(0), 0.5, 1e-15);
    close(r.p_margin(-1), 0.25, 1e-15);
    close(r.p_success, 0.25, 1e-15);
    close(r.p_botch, 0.1, 1e-15);
    // uwod: a success on 7+ (0.4), a botch on a lone 1 (0.1); A needs to
    // meet B's successes: a success (0.4), or no success and no botch
    // against B's none (0.5 * 0.6).
    let uwod = RuleSet::load("uwod").unwrap();
    let one = Throw::single(uwod.roll(1, 1, &RollOptions::default()).unwrap().spec);
    let r = resisted_exact(&one, &one, ResistedRule::Meet);
    close(r.p_success, 0.4 + 0.5 * 0.6, 1e-15);
    // hubris: A matches or beats B's successes with at least one of its
    // own. One die: 0 successes 0.7, k >= 1 0.27 * 0.1^(k-1); A wins
    // outright (1 - 0.49 - 0.0729 / 0.99) / 2 and ties at a success
    // 0.0729 / 0.99: 0.291818 together.
    let hubris = RuleSet::load("hubris").unwrap();
    let one = Throw::single(hubris.roll(1, 0, &RollOptions::default()).unwrap().spec);
    let r = resisted_exact(&one, &one, hubris.actions.resisted);
    let want = (1.0 - 0.49 - 0.0729 / 0.99) / 2.0 + 0.0729 / 0.99;
    close(r.p_success, want, 1e-12);
    close(want, 0.291818, 1e-6);
}

#[test]
fn contest_two_dice_against_one_by_hand() {
    // Revised at 6. A (2 dice) nets 2 with 0.25, 1 with 0.4 (a success and
    // a plain failure), else 0; B (1 die) nets 1 with 0.5. A takes a round
    // with 0.25 + 0.4 * 0.5 = 0.45, B with 0.5 * 0.35 = 0.175, else a tie.
    // First to 1: A wins with 0.45 / 0.625 = 0.72.
    let action = Contest {
        schedule: one_round(vec![revised(2, 6), revised(1, 6)]),
        target: 1,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    let t = solve(&action, HORIZON);
    close(t.p_win(), 0.72, 1e-12);
    close(t.win[0], 0.45, 1e-15);
    close(t.lose[0], 0.175, 1e-15);
}

/// Equal characters: whatever the schedule, tally or botch rule, each side
/// wins half the time.
#[test]
fn the_debate_between_equal_characters_is_even() {
    // Charisma 3, Wits 2, Intelligence 3, Manipulation 4, Expression 2 each:
    // opening Charisma + Expression at the other's Wits + 3 (5 dice at 5),
    // then twice Intelligence + Expression at the other's Intelligence +
    // Expression (5 at 5), then Manipulation + Expression at the other's
    // Wits + Expression (6 at 4). A botch wipes that side's tally.
    let round = |pool, diff| vec![revised(pool, diff), revised(pool, diff)];
    let debate = Contest {
        schedule: Schedule::new(vec![round(5, 5), round(5, 5), round(5, 5), round(6, 4)]),
        target: 5,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    let t = solve(&debate, HORIZON);
    close(t.p_win(), 0.5, 1e-12);
    close(t.p_lose(), 0.5, 1e-12);
    let chase = Contest {
        schedule: one_round(vec![revised(5, 6), revised(5, 6)]),
        target: 5,
        tally: TallyRule::Difference,
        botch: BotchEffect::Ignore,
    };
    close(solve(&chase, HORIZON).p_win(), 0.5, 1e-12);
}

#[test]
fn prolonged_conflicts_by_hand() {
    // hubris, 1 die each: a contest is won by a success (8+, 0.3, plus 10s
    // again) against none; a tie (both none, or equal) is replayed. With
    // Resistance 1 each the first decided contest ends it: even.
    let hubris = RuleSet::load("hubris").unwrap();
    let die = |pool| Throw::single(hubris.roll(pool, 0, &RollOptions::default()).unwrap().spec);
    let even = Prolonged {
        schedule: one_round(vec![die(1), die(1)]),
        a_resistance: 1,
        b_resistance: 1,
        tie: TieRule::Nothing,
    };
    close(solve(&even, HORIZON).p_win(), 0.5, 1e-12);
    // Ties to the defender: A wins a contest with P(a > b) and loses it
    // otherwise, so with Resistance 1 each A wins with P(a > b).
    let d = exact(&hubris.roll(1, 0, &RollOptions::default()).unwrap().spec);
    let p_greater: f64 = (0..=d.max_successes())
        .flat_map(|a| (0..a).map(move |b| (a, b)))
        .map(|(a, b)| d.p(a, false) * d.p(b, false))
        .sum();
    let defender = Prolonged {
        tie: TieRule::Defender,
        ..even.clone()
    };
    let t = solve(&defender, HORIZON);
    close(t.p_win(), p_greater, 1e-12);
    close(t.win[0], p_greater, 1e-15);
    // Resistance 2 against 1 with ties to the defender: A loses only by
    // losing two contests before winning one: P(win) = 1 - (1 - q)^2.
    let two = Prolonged {
        a_resistance: 2,
        ..defender
    };
    close(
        solve(&two, HORIZON).p_win(),
        1.0 - (1.0 - p_greater).powi(2),
        1e-12,
    );
    // Ties to the acting side (A) when it rolled a success (hubris's rule,
    // 001: "a success total to match or beat"). One die: 0 successes 0.7,
    // k >= 1 0.27 * 0.1^(k-1); a tie at a success has 0.0729 / 0.99, each
    // side wins outright (1 - 0.49 - 0.0729 / 0.99) / 2 = 0.218182. A
    // wins the first decided contest with (0.218182 + 0.073636) / 0.51.
    let (tie, outright) = (0.0729 / 0.99, (1.0 - 0.49 - 0.0729 / 0.99) / 2.0);
    close(p_greater, outright, 1e-12);
    let acting = Prolonged {
        tie: TieRule::Acting,
        ..even.clone()
    };
    let want = (outright + tie) / (2.0 * outright + tie);
    close(solve(&acting, HORIZON).p_win(), want, 1e-12);
    close(want, 0.572193, 1e-6);
    // The tied roll-off played again: even, as `nothing`.
    let reroll = Prolonged {
        tie: TieRule::Reroll,
        ..even
    };
    close(solve(&reroll, HORIZON).p_win(), 0.5, 1e-12);
}

#[test]
fn teamwork_of_two_single_dice_by_hand() {
    // Two characters with one die each at 6; one botch spoils the team's
    // roll: a botch with 1 - 0.9^2 = 0.19; two successes 0.25; one 0.4.
    let spec = RollSpec::new(1, RollRules::classic(6)).unwrap();
    let team = Throw::group(vec![spec, spec], GroupRule::Sum, true);
    close(team.distribution().p_botch(), 0.19, 1e-15);
    close(team.distribution().p(2, false), 0.25, 1e-15);
    close(team.distribution().p(1, false), 0.4, 1e-15);
    let action = Extended {
        schedule: one_round(vec![team]),
        target: 2,
        botch: BotchEffect::Wipe,
        free_botches: 0,
    };
    close(solve(&action, HORIZON).win[0], 0.25, 1e-15);
    // The best single roll of a group: at least one success unless both miss.
    let best = Throw::group(vec![spec, spec], GroupRule::Best, false);
    close(best.distribution().p(1, false), 1.0 - 0.5 * 0.5, 1e-15);
    close(best.distribution().p_botch(), 0.01, 1e-15);
}

/// Every Monte Carlo figure within 4.5 standard errors of the exact one.
fn agrees<P: Process>(p: &P, horizon: usize, checkpoints: &[usize]) {
    let exact = solve(p, horizon);
    let mc = simulate(p, horizon, 1_000_000, 7, &|_| {});
    let within = |name: &str, e: f64, m: f64| {
        let se = (e * (1.0 - e) / 1e6).sqrt();
        assert!(
            (e - m).abs() <= 4.5 * se + 1e-12,
            "{name}: exact {e}, mc {m}, se {se}"
        );
    };
    within("p_win", exact.p_win(), mc.p_win());
    within("p_lose", exact.p_lose(), mc.p_lose());
    for &k in checkpoints {
        within(
            &format!("win within {k}"),
            exact.p_win_within(k),
            mc.p_win_within(k),
        );
        within(
            &format!("ended within {k}"),
            exact.p_ended_within(k),
            mc.p_ended_within(k),
        );
    }
}

#[test]
fn monte_carlo_agrees_with_the_exact_solver() {
    let veronica = Extended {
        schedule: one_round(vec![revised(7, 7)]),
        target: 18,
        botch: BotchEffect::Wipe,
        free_botches: 0,
    };
    agrees(&veronica, 10, &[3, 5, 8, 10]);
    let car_chase = Contest {
        schedule: one_round(vec![revised(6, 6), revised(5, 6)]),
        target: 5,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    agrees(&car_chase, 10_000, &[1, 3, 6, 10]);
    let hubris = RuleSet::load("hubris").unwrap();
    let pool = |p| Throw::single(hubris.roll(p, 0, &RollOptions::default()).unwrap().spec);
    for tie in [TieRule::Nothing, TieRule::Acting] {
        let conflict = Prolonged {
            schedule: one_round(vec![pool(5), pool(6)]),
            a_resistance: 2,
            b_resistance: 3,
            tie,
        };
        agrees(&conflict, 10_000, &[2, 3, 5]);
    }
    let spec = |p| RollSpec::new(p, RollRules::classic(6)).unwrap();
    let team = Extended {
        schedule: one_round(vec![Throw::group(
            vec![spec(4), spec(5), spec(3)],
            GroupRule::Sum,
            true,
        )]),
        target: 10,
        botch: BotchEffect::Fail,
        free_botches: 0,
    };
    agrees(&team, 10_000, &[1, 2, 4]);
    // The single resisted roll.
    let (a, b) = (revised(6, 7), revised(7, 6));
    let e = resisted_exact(&a, &b, ResistedRule::Margin);
    let mut dice = wodds_dice::D10::seeded(11);
    let m = resisted_sample(&a, &b, ResistedRule::Margin, 1_000_000, &mut dice);
    for (name, pe, pm) in [
        ("success", e.p_success, m.p_success),
        ("botch", e.p_botch, m.p_botch),
        ("margin 0", e.p_margin(0), m.p_margin(0)),
        ("margin 2", e.p_margin(2), m.p_margin(2)),
        ("margin -3", e.p_margin(-3), m.p_margin(-3)),
    ] {
        let se = (pe * (1.0 - pe) / 1e6).sqrt();
        assert!(
            (pe - pm).abs() <= 4.5 * se,
            "resisted {name}: exact {pe}, mc {pm}"
        );
    }
}

#[test]
fn monte_carlo_is_the_same_whatever_the_thread_count() {
    let action = Contest {
        schedule: one_round(vec![revised(5, 6), revised(5, 6)]),
        target: 5,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    let run = |threads| -> Timeline {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| simulate(&action, 1000, 55_555, 3, &|_| {}))
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
}

#[test]
fn trying_again_at_rising_difficulty_by_hand() {
    // Revised, one die: at 6 succeeds with 0.5, at 7 with 0.4, at 8 with
    // 0.3; a 1 botches with 0.1 at any difficulty.
    let retry = |botch| Retry {
        schedule: Schedule::new(vec![
            vec![revised(1, 6)],
            vec![revised(1, 7)],
            vec![revised(1, 8)],
        ]),
        needed: vec![1],
        botch,
    };
    let t = solve(&retry(BotchEffect::Ignore), 3);
    close(t.p_win_within(3), 1.0 - 0.5 * 0.6 * 0.7, 1e-15);
    // A botch ends it: the second try is reached with a plain failure (0.4).
    let t = solve(&retry(BotchEffect::Fail), 3);
    close(t.lose[0], 0.1, 1e-15);
    close(t.win[1], 0.4 * 0.4, 1e-15);
    close(t.lose[1], 0.4 * 0.1, 1e-15);
}

#[test]
fn a_free_botch_by_hand() {
    // One die, one success needed, a botch fails the action but the first
    // is free: it fails only if two botches (0.1 each) come before a
    // success (0.5); plain failures (0.4) just roll again. P = (1/6)^2.
    let action = Extended {
        schedule: one_round(vec![revised(1, 6)]),
        target: 1,
        botch: BotchEffect::Fail,
        free_botches: 1,
    };
    let t = solve(&action, HORIZON);
    close(t.p_lose(), 1.0 / 36.0, 1e-12);
    close(t.p_win(), 35.0 / 36.0, 1e-12);
}

/// One die at difficulty 10 with botches ignored: each roll is a success
/// with 0.1, so the k-th success comes at roll n with the negative binomial
/// chance C(n - 1, k - 1) 0.1^k 0.9^(n - k).
#[test]
fn extended_one_die_at_ten_is_negative_binomial() {
    let k = 3;
    let action = Extended {
        schedule: one_round(vec![revised(1, 10)]),
        target: k,
        botch: BotchEffect::Ignore,
        free_botches: 0,
    };
    let t = solve(&action, HORIZON);
    let mut choose = 1.0; // C(n - 1, k - 1), built up as n grows
    for n in k as usize..=300 {
        if n > k as usize {
            choose = choose * (n - 1) as f64 / (n - k as usize) as f64;
        }
        let want = choose * 0.1f64.powi(k as i32) * 0.9f64.powi(n as i32 - k as i32);
        close(t.win[n - 1], want, 1e-15);
    }
    close(t.p_win(), 1.0, 1e-12);
    assert!(t.unfinished < 1e-12);
}

/// The contest of the hardening issue: one die at 10 a side, first to 200,
/// a botch wiping a tally. A win needs 200 of A's 10s (0.1 a round) with
/// no botch of A's (0.1) between them: from any one round that has chance
/// 0.5^200, so within 100,000 rounds at most 1e5 * 0.5^200 = 6.2e-56, and
/// the same for B. The solver must say so without stepping 100,000 rounds
/// of all 40,000 tallies: it follows a few thousand states and finishes
/// the settled tail in closed form.
#[test]
fn a_contest_that_hardly_ever_ends_is_settled_not_stepped() {
    let action = Contest {
        schedule: one_round(vec![revised(1, 10), revised(1, 10)]),
        target: 200,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    let (mut stepped, mut most_states) = (0, 0);
    let t = solve_with(&action, HORIZON, &mut |s| {
        stepped += 1;
        most_states = most_states.max(s.states);
    });
    assert!(stepped < 10_000, "{stepped} rounds stepped");
    assert!(most_states < 5_000, "{most_states} states followed");
    assert_eq!(t.rounds(), HORIZON);
    let bound = 1e5 * 0.5f64.powi(200);
    assert!(t.p_win() <= bound && t.p_lose() <= bound);
    close(t.unfinished, 1.0, 1e-12);
}

/// A side given the same round 65,000 times stores it once; two rounds
/// alternating store two, the throws shared by every round that has them.
#[test]
fn a_schedule_stores_each_distinct_round_once() {
    let same = Schedule::new(vec![vec![revised(5, 6), revised(5, 6)]; 65_000]);
    assert_eq!(same.len(), 1);
    assert_eq!(same.distinct_rounds(), 1);
    assert_eq!(same.round(64_999), same.round(0));
    let (five, six) = (revised(5, 6), revised(6, 6));
    let rounds: Vec<Vec<Throw>> = (0..65_000)
        .map(|r| {
            vec![if r % 2 == 0 {
                five.clone()
            } else {
                six.clone()
            }]
        })
        .collect();
    let alternating = Schedule::new(rounds);
    assert_eq!(alternating.len(), 65_000);
    assert_eq!(alternating.distinct_rounds(), 2);
    assert!(alternating.round(64_998)[0].shares(&alternating.round(0)[0]));
    assert!(alternating.round(64_999)[0].shares(&six));
    // Past the end the last round repeats.
    assert!(alternating.round(1_000_000)[0].shares(&six));
    // A tail repeating the last round is dropped: 5, 6, 6, 6 is 5, 6.
    let tail = Schedule::new(vec![
        vec![five.clone()],
        vec![six.clone()],
        vec![six.clone()],
        vec![revised(6, 6)],
    ]);
    assert_eq!(tail.len(), 2);
}
