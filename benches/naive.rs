//! The naive roller of the whole-process comparison with `wodds odds
//! --method mc`: one `random_range(1..=10)` per die from xoshiro256++, a
//! branch per face, on one thread. Rolls revised-rules pools (successes at
//! the difficulty or more, each 1 cancels a success, a botch when nothing
//! succeeded and a 1 shows) and prints the share of rolls with at least one
//! net success, the share that botched and the mean successes. With
//! `--again N` (8, 9 or 10) each die showing N or more is rolled again,
//! without bound, the new die succeeding as any other: the straightforward
//! N-again roller, under revised rules (a 1 rolled again does not
//! cancel: revised's `rerolled-ones-count = false`; so `--again 10` is
//! revised's specialty too). With `--rote` the dice whose first faces
//! failed are rolled again as a new pool (with their own N-again) and the
//! better result kept, a botch the worst: the straightforward rote roller.
//!
//! ```sh
//! target/release/naive --pool 10 --difficulty 6 --trials 100000000
//! target/release/naive --pool 8 --difficulty 8 --again 10 --trials 100000000
//! target/release/naive --pool 10 --difficulty 6 --rote --trials 100000000
//! target/release/naive --words 1000000000
//! ```
//!
//! It also prints the dice a roll it rolled (the first faces, the dice
//! rolled again and rote's), and `--words N` sums `N` words of the bare
//! generator instead: dice a word-time is the kernel's dice a second over
//! those words a second.

use std::process::ExitCode;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The value of `--name` in `args`, parsed, or `default`.
fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a number")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--words") {
        let Some(n) = args.get(i + 1).and_then(|v| v.parse::<u64>().ok()) else {
            eprintln!("naive: --words needs a number");
            return ExitCode::from(2);
        };
        // The bare generator: `n` 64-bit words summed, the unit of "dice a
        // word-time".
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let sum = (0..n).fold(0u64, |s, _| s.wrapping_add(rng.next_u64()));
        println!("{n} words, sum {sum}");
        return ExitCode::SUCCESS;
    }
    let parsed = (|| {
        Ok::<_, String>((
            flag(&args, "--pool", 10u32)?,
            flag(&args, "--difficulty", 6u8)?,
            flag(&args, "--trials", 1_000_000u64)?,
            flag(&args, "--seed", 1u64)?,
            flag(&args, "--again", 0u8)?,
            args.iter().any(|a| a == "--rote"),
        ))
    })();
    let (pool, difficulty, trials, seed, again, rote) = match parsed {
        Ok(p)
            if (1..=100).contains(&p.0)
                && (2..=10).contains(&p.1)
                && p.2 > 0
                && (p.4 == 0 || (8..=10).contains(&p.4)) =>
        {
            p
        }
        Ok(_) => {
            eprintln!(
                "naive: --pool 1..=100, --difficulty 2..=10, --trials at least 1, --again 8..=10"
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("naive: {e}");
            return ExitCode::from(2);
        }
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut success, mut botch, mut sum) = (0u64, 0u64, 0u64);
    // Dice rolled again (N-again) and rolled anew (rote), beyond the
    // pools' first faces.
    let mut more = 0u64;
    for _ in 0..trials {
        let (mut result, failed, again_dice) = roll(&mut rng, pool, difficulty, again);
        more += u64::from(again_dice);
        if rote && failed > 0 {
            let (second, _, again_dice) = roll(&mut rng, failed, difficulty, again);
            more += u64::from(failed + again_dice);
            result = result.max(second);
        }
        match result {
            None => botch += 1,
            Some(net) => {
                success += u64::from(net > 0);
                sum += u64::from(net);
            }
        }
    }
    let n = trials as f64;
    println!(
        "pool {pool} difficulty {difficulty}: success {:.4}%, botch {:.4}%, mean {:.4} ({trials} rolls, {:.4} dice a roll)",
        100.0 * success as f64 / n,
        100.0 * botch as f64 / n,
        sum as f64 / n,
        f64::from(pool) + more as f64 / n
    );
    ExitCode::SUCCESS
}

/// Rolls `pool` dice under revised rules at `difficulty`, each die showing
/// `again` or more (0: none) rolled again without bound: the result
/// (`None` a botch, else the net successes), how many of the first `pool`
/// faces failed and how many dice were rolled again.
#[inline(always)]
fn roll(
    rng: &mut Xoshiro256PlusPlus,
    pool: u32,
    difficulty: u8,
    again: u8,
) -> (Option<u32>, u32, u32) {
    let (mut successes, mut ones, mut left) = (0u32, 0u32, 0u32);
    if again == 0 {
        for _ in 0..pool {
            let face: u8 = rng.random_range(1..=10);
            if face >= difficulty {
                successes += 1;
            } else if face == 1 {
                ones += 1;
            }
        }
    } else {
        for _ in 0..pool {
            let face: u8 = rng.random_range(1..=10);
            if face >= again {
                left += 1;
            }
            if face >= difficulty {
                successes += 1;
            } else if face == 1 {
                ones += 1;
            }
        }
    }
    let failed = pool - successes;
    // The dice rolled again: their successes count, their 1s do not
    // cancel (revised).
    let mut rolled = 0;
    while left > 0 {
        left -= 1;
        rolled += 1;
        let face: u8 = rng.random_range(1..=10);
        if face >= again {
            left += 1;
        }
        if face >= difficulty {
            successes += 1;
        }
    }
    let result = if successes == 0 && ones > 0 {
        None
    } else {
        Some(successes.saturating_sub(ones))
    };
    (result, failed, rolled)
}
