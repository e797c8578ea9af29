//! The naive roller of the whole-process comparison with `wodds odds
//! --method mc`: one `random_range(1..=10)` per die from xoshiro256++, a
//! branch per face, on one thread. Rolls revised-rules pools (successes at
//! the difficulty or more, each 1 cancels a success, a botch when nothing
//! succeeded and a 1 shows) and prints the share of rolls with at least one
//! net success, the share that botched and the mean successes. With
//! `--again N` (8, 9 or 10) each die showing N or more is rolled again,
//! without bound, the new die counting as any other: the straightforward
//! N-again roller.
//!
//! ```sh
//! target/release/naive --pool 10 --difficulty 6 --trials 100000000
//! target/release/naive --pool 8 --difficulty 8 --again 10 --trials 100000000
//! ```

use std::process::ExitCode;

use rand::{RngExt, SeedableRng};
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
    let parsed = (|| {
        Ok::<_, String>((
            flag(&args, "--pool", 10u32)?,
            flag(&args, "--difficulty", 6u8)?,
            flag(&args, "--trials", 1_000_000u64)?,
            flag(&args, "--seed", 1u64)?,
            flag(&args, "--again", 0u8)?,
        ))
    })();
    let (pool, difficulty, trials, seed, again) = match parsed {
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
    for _ in 0..trials {
        let (mut successes, mut ones) = (0i32, 0i32);
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
            let mut left = pool;
            while left > 0 {
                left -= 1;
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
        if successes == 0 && ones > 0 {
            botch += 1;
        } else {
            let net = (successes - ones).max(0) as u64;
            success += u64::from(net > 0);
            sum += net;
        }
    }
    let n = trials as f64;
    println!(
        "pool {pool} difficulty {difficulty}: success {:.4}%, botch {:.4}%, mean {:.4} ({trials} rolls)",
        100.0 * success as f64 / n,
        100.0 * botch as f64 / n,
        sum as f64 / n
    );
    ExitCode::SUCCESS
}
