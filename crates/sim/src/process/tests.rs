//! The solver against a plain reference, on the actions as processes.

use proptest::prelude::*;
use wodds_dice::{RollRules, RollSpec};
use wodds_rules::{BotchEffect, TallyRule, TieRule};

use super::*;
use crate::{Contest, Extended, Prolonged, Retry, Schedule};

/// The solver as it was: a map of states, every combination of the
/// throws' outcomes enumerated for every state every round. Slow, but
/// plainly right; the yardstick of the fast one.
fn reference<P: Process>(p: &P, horizon: usize) -> Timeline {
    let mut states: BTreeMap<P::State, f64> = BTreeMap::from([(p.start(), 1.0)]);
    let mut t = Timeline {
        win: Vec::new(),
        lose: Vec::new(),
        unfinished: 0.0,
        trials: None,
    };
    let mut rolls = Vec::new();
    for round in 0..horizon {
        let throws = p.throws(round);
        let (mut win, mut lose) = (0.0, 0.0);
        let mut next: BTreeMap<P::State, f64> = BTreeMap::new();
        for (&state, &mass) in &states {
            each_combination(
                throws,
                &mut rolls,
                mass,
                &mut |rolls, q| match p.next(state, rolls) {
                    Next::Continue(s) => *next.entry(s).or_insert(0.0) += q,
                    Next::Win => win += q,
                    Next::Lose => lose += q,
                },
            );
        }
        t.win.push(win);
        t.lose.push(lose);
        states = next;
        if states.values().sum::<f64>() < NEGLIGIBLE {
            break;
        }
    }
    t.unfinished = states.values().sum();
    t
}

/// Every figure of `got` within `tol` of `want`'s (a round one of them
/// did not reach counts as 0).
fn same(got: &Timeline, want: &Timeline, tol: f64) -> Result<(), TestCaseError> {
    let rounds = got.rounds().max(want.rounds());
    let at = |v: &[f64], k: usize| v.get(k).copied().unwrap_or(0.0);
    let (mut gw, mut ww, mut gl, mut wl) = (0.0, 0.0, 0.0, 0.0);
    for k in 0..rounds {
        for (name, g, w) in [
            ("win", at(&got.win, k), at(&want.win, k)),
            ("lose", at(&got.lose, k), at(&want.lose, k)),
        ] {
            prop_assert!((g - w).abs() <= tol, "{name}[{k}]: {g} against {w}");
        }
        gw += at(&got.win, k);
        ww += at(&want.win, k);
        gl += at(&got.lose, k);
        wl += at(&want.lose, k);
        prop_assert!(
            (gw - ww).abs() <= tol,
            "win within {}: {gw} against {ww}",
            k + 1
        );
        prop_assert!(
            (gl - wl).abs() <= tol,
            "lose within {}: {gl} against {wl}",
            k + 1
        );
    }
    prop_assert!(
        (got.unfinished - want.unfinished).abs() <= tol,
        "unfinished {} against {}",
        got.unfinished,
        want.unfinished
    );
    Ok(())
}

fn revised(pool: i32, difficulty: u8) -> Throw {
    Throw::single(RollSpec::new(pool, RollRules::classic(difficulty)).unwrap())
}

fn botch() -> impl Strategy<Value = BotchEffect> {
    prop_oneof![
        Just(BotchEffect::Wipe),
        Just(BotchEffect::Fail),
        Just(BotchEffect::Ignore)
    ]
}

/// A schedule of 1 to 3 rounds of `sides` throws, 1-3 dice at 4-10.
fn schedule(sides: usize) -> impl Strategy<Value = Schedule> {
    prop::collection::vec(prop::collection::vec((1..=3i32, 4..=10u8), sides), 1..=3).prop_map(
        |rounds| {
            Schedule::new(
                rounds
                    .into_iter()
                    .map(|r| r.into_iter().map(|(p, d)| revised(p, d)).collect())
                    .collect(),
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn extended_matches_the_reference(
        schedule in schedule(1),
        target in 1..=8u32,
        botch in botch(),
        free_botches in 0..=1u32,
        horizon in 1..=400usize,
    ) {
        let p = Extended { schedule, target, botch, free_botches };
        same(&solve(&p, horizon), &reference(&p, horizon), 1e-12)?;
    }

    #[test]
    fn contests_match_the_reference(
        schedule in schedule(2),
        target in 1..=5u32,
        separate in any::<bool>(),
        botch in botch(),
        horizon in 1..=400usize,
    ) {
        let tally = if separate { TallyRule::Separate } else { TallyRule::Difference };
        let p = Contest { schedule, target, tally, botch };
        same(&solve(&p, horizon), &reference(&p, horizon), 1e-12)?;
    }

    #[test]
    fn prolonged_matches_the_reference(
        schedule in schedule(2),
        a_resistance in 1..=3u32,
        b_resistance in 1..=3u32,
        defender in any::<bool>(),
        horizon in 1..=400usize,
    ) {
        let tie = if defender { TieRule::Defender } else { TieRule::Nothing };
        let p = Prolonged { schedule, a_resistance, b_resistance, tie };
        same(&solve(&p, horizon), &reference(&p, horizon), 1e-12)?;
    }

    #[test]
    fn retry_matches_the_reference(
        schedule in schedule(1),
        needed in prop::collection::vec(0..=3u32, 1..=3),
        fail in any::<bool>(),
        horizon in 1..=400usize,
    ) {
        let botch = if fail { BotchEffect::Fail } else { BotchEffect::Ignore };
        let p = Retry { schedule, needed, botch };
        same(&solve(&p, horizon), &reference(&p, horizon), 1e-12)?;
    }

    /// Slow processes, one or two dice at 9 or 10 a side, followed long
    /// enough for the tail to settle and be finished in closed form.
    #[test]
    fn settled_tails_match_the_reference(
        a in (1..=2i32, 9..=10u8),
        b in (1..=2i32, 9..=10u8),
        target in 4..=14u32,
        separate in any::<bool>(),
        wipe in any::<bool>(),
        horizon in 2_000..=4_000usize,
    ) {
        let tally = if separate { TallyRule::Separate } else { TallyRule::Difference };
        let botch = if wipe { BotchEffect::Wipe } else { BotchEffect::Ignore };
        let p = Contest {
            schedule: Schedule::new(vec![vec![revised(a.0, a.1), revised(b.0, b.1)]]),
            target,
            tally,
            botch,
        };
        same(&solve(&p, horizon), &reference(&p, horizon), 1e-12)?;
    }
}

/// A contest that ends about once in 10^6 rounds (one die at 10 each,
/// first to 16, a botch wiping a tally) settles long before its horizon:
/// the solver reports far fewer rounds stepped than the 10,000 it
/// covers, and still agrees with the reference every round.
#[test]
fn a_settled_contest_is_finished_in_closed_form() {
    let p = Contest {
        schedule: Schedule::new(vec![vec![revised(1, 10), revised(1, 10)]]),
        target: 16,
        tally: TallyRule::Separate,
        botch: BotchEffect::Wipe,
    };
    let horizon = 10_000;
    let mut calls = 0;
    let mut last = None;
    let t = solve_with(&p, horizon, &mut |s| {
        calls += 1;
        last = Some(s);
    });
    assert!(calls < horizon / 4, "{calls} rounds stepped");
    assert_eq!(last.map(|s| s.rounds), Some(horizon));
    assert_eq!(t.rounds(), horizon);
    // Something ends every round: not a trivial tail.
    assert!(
        t.win[horizon - 1] > 1e-9 && t.p_win() < 0.5,
        "{}",
        t.win[horizon - 1]
    );
    same(&t, &reference(&p, horizon), 1e-12).unwrap();
}
