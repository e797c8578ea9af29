//! The exact engine against values known independently: worked by hand,
//! published, or enumerated face by face here with a plain reading of the
//! rules.

use wodds_dice::{AutoSuccesses, Botch, Ones, RollRules, RollSpec, Tens, exact};

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "got {got}, want {want} (tolerance {tol})"
    );
}

fn revised(pool: i32, difficulty: u8) -> RollSpec {
    RollSpec::new(pool, RollRules::classic(difficulty)).unwrap()
}

fn again(pool: i32, n: u8) -> RollSpec {
    let mut rules = RollRules::ten_again();
    rules.tens = Tens::Again(n);
    RollSpec::new(pool, rules).unwrap()
}

#[test]
fn revised_three_dice_at_six_succeed_074() {
    close(exact(&revised(3, 6)).p_at_least(1), 0.74, 1e-12);
}

#[test]
fn revised_five_dice_at_six_botch_002101() {
    // 0.5^5 - 0.4^5: no success, not all of them 2..5.
    close(exact(&revised(5, 6)).p_botch(), 0.02101, 1e-12);
}

#[test]
fn revised_six_dice_at_six_at_least_k() {
    let d = exact(&revised(6, 6));
    close(d.p_at_least(1), 0.87647, 1e-12);
    close(d.p_at_least(2), 0.71975, 1e-12);
    close(d.p_at_least(3), 0.494375, 1e-12);
    close(d.p_at_least(4), 0.259375, 1e-12);
}

#[test]
fn ten_again_ten_dice() {
    let d = exact(&again(10, 10));
    close(d.p_at_least(1), 0.9717524751, 1e-12);
    close(d.p_at_least(4), 0.429357996327, 1e-12);
}

#[test]
fn nine_and_eight_again_five_dice_at_least_two() {
    close(exact(&again(5, 9)).p_at_least(2), 0.54381, 1e-12);
    close(exact(&again(5, 8)).p_at_least(2), 0.579825, 1e-12);
}

#[test]
fn chance_die_by_hand() {
    // One die: 10 succeeds (and is rolled again), 1 fails dramatically.
    let d = exact(&again(0, 10));
    close(d.p_botch(), 0.1, 1e-15);
    close(d.p_at_least(1), 0.1, 1e-15);
    // Two successes: a 10 and then a 10 again... the re-roll succeeds on 8+.
    close(d.p_at_least(2), 0.1 * 0.3, 1e-15);
    close(d.p(0, false), 0.8, 1e-15);
}

#[test]
fn uwod_specialty_by_hand() {
    // One die, success on 7+, a 10 counts twice.
    let rules = RollRules {
        threshold: 7,
        ones: Ones::Ignore,
        tens: Tens::Double,
        botch: Botch::NoSuccessWithOne,
        rerolled_ones_count: false,
        chance_die: false,
        rote: false,
        auto: AutoSuccesses::default(),
    };
    let d = exact(&RollSpec::new(1, rules).unwrap());
    close(d.p(0, true), 0.1, 1e-15);
    close(d.p(0, false), 0.5, 1e-15);
    close(d.p(1, false), 0.3, 1e-15);
    close(d.p(2, false), 0.1, 1e-15);
}

#[test]
fn rote_one_die_by_hand() {
    // 10-again, 8+, rote: one die fails (0.7) and is rolled again.
    let mut rules = RollRules::ten_again();
    rules.rote = true;
    let d = exact(&RollSpec::new(1, rules).unwrap());
    close(d.p_at_least(1), 1.0 - 0.7 * 0.7, 1e-15);
    // Two or more needs a 10 then 8+ on one of the two rolls.
    let two = 0.1 * 0.3;
    close(d.p_at_least(2), two + 0.7 * two, 1e-15);
    close(d.p_botch(), 0.0, 0.0);
}

#[test]
fn willpower_success_cannot_botch_and_is_not_cancelled() {
    let mut rules = RollRules::classic(6);
    rules.auto = AutoSuccesses {
        count: 1,
        cancelled_by_ones: false,
        prevents_botch: true,
    };
    let d = exact(&RollSpec::new(1, rules).unwrap());
    // Faces 6..10 give 2, anything else 1.
    close(d.p_botch(), 0.0, 0.0);
    close(d.p(2, false), 0.5, 1e-15);
    close(d.p(1, false), 0.5, 1e-15);
}

/// The rules read plainly, one face sequence at a time.
fn brute(spec: &RollSpec) -> (Vec<f64>, f64) {
    let rules = *spec.rules();
    let chance = spec.pool() < 1;
    let again_at = match rules.tens {
        Tens::Again(n) => Some(n),
        _ => None,
    };
    // A chance die succeeds and rolls again only on 10; its re-rolls are
    // ordinary dice.
    let (first_threshold, first_again) = if chance {
        (10, again_at.map(|_| 10))
    } else {
        (rules.threshold, again_at)
    };
    // Outcome of one die, re-rolls followed to depth 12: (successes, a 1, p),
    // equal outcomes merged.
    type Die = Vec<(u32, bool, f64)>;
    fn die(
        first: (u8, Option<u8>, bool),
        later: (u8, Option<u8>, bool),
        double: bool,
        depth: u32,
    ) -> Die {
        let mut out: Die = Vec::new();
        let mut add =
            |s: u32, one: bool, p: f64| match out.iter_mut().find(|o| o.0 == s && o.1 == one) {
                Some(o) => o.2 += p,
                None => out.push((s, one, p)),
            };
        for face in 1..=10u8 {
            let s = if face >= first.0 {
                if double && face == 10 { 2 } else { 1 }
            } else {
                0
            };
            if first.1.is_some_and(|n| face >= n) {
                if depth > 0 {
                    for (s2, one, p) in die(later, later, double, depth - 1) {
                        add(s + s2, one, 0.1 * p);
                    }
                }
            } else {
                add(s, face == 1 && first.2, 0.1);
            }
        }
        out
    }
    let double = rules.tens == Tens::Double;
    // (threshold, rolls again from, its 1s count)
    let first = (first_threshold, first_again, true);
    let later = (rules.threshold, again_at, rules.rerolled_ones_count);
    let one_die = die(first, later, double, 12);
    let n = if chance { 1 } else { spec.pool() as usize };
    // All combinations of n die outcomes.
    let mut states: Vec<(u32, u32, f64)> = vec![(0, 0, 1.0)];
    for _ in 0..n {
        let mut next = Vec::new();
        for &(s, o, p) in &states {
            for &(s2, one, q) in &one_die {
                next.push((s + s2, o + u32::from(one), p * q));
            }
        }
        states = next;
    }
    let mut clean = vec![0.0; 64];
    let mut botch = 0.0;
    for (s, o, p) in states {
        let is_botch = match rules.botch {
            Botch::Never => false,
            Botch::NoSuccessWithOne => s == 0 && o > 0,
            Botch::ChanceDieOne => chance && s == 0 && o > 0,
            Botch::When(_) => unreachable!("classic rules only"),
        };
        let auto = rules.auto;
        if is_botch && !(auto.count > 0 && auto.prevents_botch) {
            botch += p;
            continue;
        }
        let (s, o, a) = (s as i64, o as i64, auto.count as i64);
        let total = match rules.ones {
            Ones::Ignore => s + a,
            Ones::Cancel if auto.cancelled_by_ones => (s + a - o).max(0),
            Ones::Cancel => (s - o).max(0) + a,
            Ones::Net(_) => unreachable!("classic rules only"),
        };
        clean[total as usize] += p;
    }
    (clean, botch)
}

#[test]
fn matches_face_by_face_enumeration_for_small_pools() {
    let mut cases = Vec::new();
    for threshold in [2, 4, 6, 7, 8, 10] {
        for ones in [Ones::Cancel, Ones::Ignore] {
            for tens in [Tens::Single, Tens::Double, Tens::Again(9)] {
                for botch in [Botch::Never, Botch::NoSuccessWithOne, Botch::ChanceDieOne] {
                    for auto in [
                        AutoSuccesses::default(),
                        AutoSuccesses {
                            count: 1,
                            cancelled_by_ones: true,
                            prevents_botch: false,
                        },
                        AutoSuccesses {
                            count: 2,
                            cancelled_by_ones: false,
                            prevents_botch: true,
                        },
                    ] {
                        for rerolled_ones_count in [false, true] {
                            let rules = RollRules {
                                threshold,
                                ones,
                                tens,
                                botch,
                                rerolled_ones_count,
                                chance_die: true,
                                rote: false,
                                auto,
                            };
                            for pool in [0, 1, 2, 3] {
                                cases.push(RollSpec::new(pool, rules).unwrap());
                            }
                        }
                    }
                }
            }
        }
    }
    for spec in cases {
        let d = exact(&spec);
        let (clean, botch) = brute(&spec);
        // Depth-12 brute force with 9-again misses 0.2^13 (1e-9) per die.
        let tol = if matches!(spec.rules().tens, Tens::Again(_)) {
            1e-8
        } else {
            1e-13
        };
        close(d.p_botch(), botch, tol);
        for (s, &p) in clean.iter().enumerate() {
            assert!(
                (d.p(s as u32, false) - p).abs() <= tol,
                "{spec:?}: P({s}) exact {} brute {p}",
                d.p(s as u32, false)
            );
        }
    }
}

#[test]
fn probabilities_sum_to_one_up_to_sixty_dice() {
    for pool in [1, 10, 30, 60] {
        for tens in [Tens::Single, Tens::Double, Tens::Again(10), Tens::Again(8)] {
            for rote in [false, true] {
                let mut rules = RollRules::classic(6);
                rules.tens = tens;
                rules.rote = rote;
                let d = exact(&RollSpec::new(pool, rules).unwrap());
                assert!(d.truncation() < 1e-15, "truncation {}", d.truncation());
                close(d.total(), 1.0, 1e-12);
            }
        }
    }
}

#[test]
fn automatic_successes_without_a_roll() {
    // Pool 0 with two automatic successes: exactly two, never a botch.
    let mut rules = RollRules::classic(6);
    rules.auto.count = 2;
    let d = exact(&RollSpec::new(0, rules).unwrap());
    close(d.p(2, false), 1.0, 0.0);
    assert!(RollSpec::new(-1, rules).is_err());
}

#[test]
fn invalid_specs_are_refused_not_panicked() {
    assert!(RollSpec::new(0, RollRules::classic(6)).is_err());
    assert!(RollSpec::new(5, RollRules::classic(1)).is_err());
    assert!(RollSpec::new(5, RollRules::classic(11)).is_err());
    assert!(RollSpec::new(1000, RollRules::classic(6)).is_err());
    let mut rules = RollRules::ten_again();
    rules.tens = Tens::Again(7);
    assert!(RollSpec::new(5, rules).is_err());
    assert!(RollSpec::new(-3, RollRules::ten_again()).is_ok());
}
