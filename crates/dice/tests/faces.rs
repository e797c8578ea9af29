//! Rolls described by a face table and expressions: the engine that
//! follows their counts against the classic engine (the same rules said
//! both ways), against values worked by hand, and the sampler against it.

use statrs::distribution::{ChiSquared, ContinuousCDF};
use wodds_dice::{
    AutoSuccesses, Botch, CompiledRoll, D10, DieKind, Expr, FaceRule, FaceTable, OUTCOME_NAMES,
    Ones, Roll, RollRules, RollSpec, Tens, exact,
};

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "got {got}, want {want} (tolerance {tol})"
    );
}

fn net(text: &str) -> Ones {
    Ones::Net(Expr::parse(text, &OUTCOME_NAMES[..6]).unwrap().interned())
}

fn botch(text: &str) -> Botch {
    Botch::When(Expr::parse(text, &OUTCOME_NAMES).unwrap().interned())
}

/// `rules` said as a face table and expressions: the same roll.
fn as_faces(rules: RollRules, net_text: &str, botch_text: &str) -> RollRules {
    RollRules {
        tens: Tens::Faces(FaceTable::classic(rules.tens, rules.rerolled_ones_count).interned()),
        ones: net(net_text),
        botch: botch(botch_text),
        ..rules
    }
}

fn same(a: &RollSpec, b: &RollSpec) {
    let (x, y) = (exact(a), exact(b));
    assert!(y.truncation() < 1e-15, "truncation {}", y.truncation());
    close(x.p_botch(), y.p_botch(), 1e-14);
    for s in 0..=x.max_successes().max(y.max_successes()) {
        close(x.p(s, false), y.p(s, false), 1e-14);
    }
}

/// Every classic mechanism, said again as a face table with its netting
/// and botch as expressions (and once more through an expression that
/// reads the 10s, so that the engine follows them too), gives the same
/// distribution.
#[test]
fn classic_rules_said_as_faces_give_the_same_distribution() {
    let with = |f: &dyn Fn(&mut RollRules)| {
        let mut r = RollRules::classic(6);
        f(&mut r);
        r
    };
    let cases = [
        RollRules::classic(6),
        RollRules::classic(9),
        with(&|r| r.tens = Tens::Double),
        with(&|r| r.tens = Tens::Again(9)),
        with(&|r| {
            r.tens = Tens::Again(8);
            r.rerolled_ones_count = true;
        }),
        with(&|r| r.rote = true),
        with(&|r| {
            r.auto = AutoSuccesses {
                count: 1,
                cancelled_by_ones: true,
                prevents_botch: false,
            }
        }),
        RollRules::ten_again(),
        RollRules {
            rote: true,
            tens: Tens::Again(9),
            ..RollRules::ten_again()
        },
    ];
    for rules in cases {
        let (n, b) = match (rules.ones, rules.botch) {
            (Ones::Cancel, Botch::NoSuccessWithOne) => {
                ("successes - ones", "successes == 0 && ones > 0")
            }
            (Ones::Ignore, Botch::ChanceDieOne) => {
                ("successes", "chance && successes == 0 && ones > 0")
            }
            other => panic!("no case for {other:?}"),
        };
        let tens_too = format!("{n} + tens - tens");
        let pools = if rules.chance_die { -1..=8 } else { 1..=8 };
        for pool in pools {
            let classic = RollSpec::new(pool, rules).unwrap();
            same(
                &classic,
                &RollSpec::new(pool, as_faces(rules, n, b)).unwrap(),
            );
            same(
                &classic,
                &RollSpec::new(pool, as_faces(rules, &tens_too, b)).unwrap(),
            );
        }
    }
}

fn revised_with(pool: i32, f: impl Fn(&mut RollRules)) -> RollSpec {
    let mut r = RollRules::classic(6);
    f(&mut r);
    RollSpec::new(pool, r).unwrap()
}

#[test]
fn a_botch_that_needs_two_ones_by_hand() {
    let two = |pool| revised_with(pool, |r| r.botch = botch("ones >= 2 && successes == 0"));
    close(exact(&two(1)).p_botch(), 0.0, 0.0);
    // Both dice 1.
    close(exact(&two(2)).p_botch(), 0.01, 1e-15);
    // Three dice, no success: two 1s and a 2..5 (3 ways), or three 1s.
    close(exact(&two(3)).p_botch(), 3.0 * 0.01 * 0.4 + 0.001, 1e-15);
}

#[test]
fn a_botch_when_ones_outnumber_successes_by_hand() {
    let more = |pool| revised_with(pool, |r| r.botch = botch("ones > successes"));
    close(exact(&more(1)).p_botch(), 0.1, 1e-15);
    // Two dice: both 1s, or a 1 and a 2..5 (two orders).
    close(exact(&more(2)).p_botch(), 0.01 + 2.0 * 0.1 * 0.4, 1e-15);
}

#[test]
fn ones_cancel_but_never_a_ten_by_hand() {
    let spec = revised_with(2, |r| {
        r.ones = net("tens + max(successes - tens - ones, 0)");
    });
    let d = exact(&spec);
    // Any 10 succeeds (0.19); otherwise a 6..9 beside a 6..9 or a 2..5.
    close(d.p_at_least(1), 0.19 + 0.16 + 2.0 * 0.4 * 0.4, 1e-15);
    // Revised itself: 0.65.
    close(exact(&revised_with(2, |_| {})).p_at_least(1), 0.65, 1e-15);
}

fn ten_again_depth(depth: u8) -> RollRules {
    let table = FaceTable::new(depth, |target, kind, face| FaceRule {
        successes: u8::from(face >= if kind == DieKind::Chance { 10 } else { target }),
        one: face == 1 && kind != DieKind::Rerolled,
        ten: face == 10,
        again: face == 10,
    })
    .unwrap();
    RollRules {
        tens: Tens::Faces(table.interned()),
        ..RollRules::ten_again()
    }
}

#[test]
fn ten_again_once_stops_after_one_re_roll() {
    let once = exact(&RollSpec::new(1, ten_again_depth(1)).unwrap());
    // A 10 (0.1) rolled again once: 8, 9 or 10 is a second success, and a
    // second 10 is not rolled again.
    close(once.p_at_least(2), 0.1 * 0.3, 1e-15);
    close(once.p_at_least(3), 0.0, 0.0);
    close(once.truncation(), 0.0, 0.0);
    let twice = exact(&RollSpec::new(1, ten_again_depth(2)).unwrap());
    close(twice.p_at_least(3), 0.1 * 0.1 * 0.3, 1e-15);
    close(twice.p_at_least(4), 0.0, 0.0);
    // Without bound, as the classic 10-again.
    let free = exact(&RollSpec::new(6, ten_again_depth(0)).unwrap());
    let classic = exact(&RollSpec::new(6, RollRules::ten_again()).unwrap());
    for s in 0..12 {
        close(free.p(s, false), classic.p(s, false), 1e-14);
    }
}

#[test]
fn a_face_may_not_count_three() {
    let err = FaceTable::new(0, |_, _, face| FaceRule {
        successes: if face == 10 { 3 } else { 0 },
        ..FaceRule::default()
    })
    .unwrap_err();
    assert!(err.to_string().contains("face 10 counts 3"), "{err}");
}

fn chi_square_p(observed: &[u64], expected: &[f64]) -> f64 {
    let fit = wodds_dice::chi_square(observed, expected);
    1.0 - ChiSquared::new(fit.df as f64).unwrap().cdf(fit.statistic)
}

/// The exact chances of `spec`'s results in the cells [`cell_of`] sorts
/// rolls into: a botch, 0 successes, 1, ..., and the last cell at least
/// its count.
fn expected_cells(spec: &RollSpec) -> Vec<f64> {
    let d = exact(spec);
    let cells = d.max_successes().min(12) as usize + 2;
    let mut expected = vec![d.p_botch()];
    expected.extend((0..cells - 1).map(|s| d.p(s as u32, false)));
    *expected.last_mut().unwrap() = d.p_at_least(cells as u32 - 2);
    expected
}

/// The cell of `r` among `cells` (see [`expected_cells`]).
fn cell_of(r: &Roll, cells: usize) -> usize {
    if r.botch {
        0
    } else {
        (r.successes as usize + 1).min(cells - 1)
    }
}

/// Samples rolls of `spec` (`roll_into`, and `roll_pool` one at a time)
/// and tests them against its exact distribution.
fn sampled_agree(spec: RollSpec, seed: u64) {
    let expected = expected_cells(&spec);
    let cells = expected.len();
    let compiled = CompiledRoll::new(&spec);
    let mut observed = vec![0u64; cells];
    let mut rolls = vec![Roll::default(); 200_000];
    D10::seeded(seed).roll_into(&compiled, &mut rolls);
    rolls.iter().for_each(|r| observed[cell_of(r, cells)] += 1);
    let p = chi_square_p(&observed, &expected);
    assert!(p > 1e-4, "{spec:?}: roll_into p = {p}");
    pooled_agree(&compiled, spec, seed + 1);
}

/// Rolls `compiled` with `roll_pool` at `spec`'s pool (its own, or
/// another: as a fight rolls a wounded fighter's smaller pool) and tests
/// the rolls against `spec`'s exact distribution.
fn pooled_agree(compiled: &CompiledRoll, spec: RollSpec, seed: u64) {
    let expected = expected_cells(&spec);
    let cells = expected.len();
    let mut observed = vec![0u64; cells];
    let mut dice = D10::seeded(seed);
    for _ in 0..100_000 {
        observed[cell_of(&dice.roll_pool(compiled, spec.pool()), cells)] += 1;
    }
    let p = chi_square_p(&observed, &expected);
    assert!(p > 1e-4, "{spec:?}: roll_pool p = {p}");
}

#[test]
fn the_sampler_rolls_faces_and_expressions_as_the_engine_counts_them() {
    let cases = [
        revised_with(4, |r| r.botch = botch("ones >= 2 && successes == 0")),
        revised_with(3, |r| r.botch = botch("ones > successes")),
        // Reads the 10s: counted face by face.
        revised_with(5, |r| {
            r.ones = net("tens + max(successes - tens - ones, 0)")
        }),
        revised_with(5, |r| {
            r.ones = net("tens + max(successes - tens - ones, 0)");
            r.tens = Tens::Again(10);
            r.rote = true;
        }),
        RollSpec::new(4, ten_again_depth(1)).unwrap(),
        RollSpec::new(0, ten_again_depth(2)).unwrap(),
        RollSpec::new(
            3,
            RollRules {
                rote: true,
                ..ten_again_depth(1)
            },
        )
        .unwrap(),
        // Reads the pool: a botch when half the dice or more show 1s.
        revised_with(4, |r| r.botch = botch("2 * ones >= pool")),
    ];
    for (i, spec) in cases.into_iter().enumerate() {
        sampled_agree(spec, 4000 + i as u64);
    }
}

/// One compiled roll serves every pool: an expression that reads the pool
/// reads the pool rolled, not the one compiled (a botch when half the dice
/// or more show 1s, whatever the rest show: with 2 dice any 1, 19%; with
/// 6, three 1s or more).
#[test]
fn roll_pool_reads_the_pool_rolled_not_the_one_compiled() {
    let half = |pool| revised_with(pool, |r| r.botch = botch("2 * ones >= pool"));
    let compiled = CompiledRoll::new(&half(4));
    // 1 - 0.9^2.
    close(exact(&half(2)).p_botch(), 0.19, 1e-15);
    // At least three 1s of six dice, whatever the others show: a 1 on k
    // dice and anything else on the rest.
    let three_or_more: f64 = (3..=6)
        .map(|k| {
            let ways = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0][k];
            ways * 0.1f64.powi(k as i32) * 0.9f64.powi(6 - k as i32)
        })
        .sum();
    close(exact(&half(6)).p_botch(), three_or_more, 1e-15);
    for (i, pool) in [2, 6, 9].into_iter().enumerate() {
        pooled_agree(&compiled, half(pool), 5000 + i as u64);
    }
}
