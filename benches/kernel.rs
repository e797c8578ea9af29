//! Rolls one edition's standard roll the way the `kernel` bench does, on
//! one thread, for instruction counts that do not move with the machine's
//! noise: `roll_into` 4,096 rolls at a time (`into`), or `roll_pool` one
//! roll at a time (`pool`, the per-die sampler of a fight):
//!
//! ```sh
//! cargo build --release -p wodds-benches --bin kernel
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/kernel revised 10 into 1000000
//! ```
//!
//! Instructions a roll: the count at 1,000,000 rolls less the count at
//! 200,000, over 800,000. Prints the successes and botches rolled, so two
//! builds can be checked to roll the same dice.

use std::process::ExitCode;

use wodds_dice::{CompiledRoll, D10, Roll};
use wodds_rules::{RollOptions, RuleSet};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [edition, pool, how, rolls] = args.as_slice() else {
        eprintln!("usage: kernel <edition> <pool> <into|pool> <rolls>");
        return ExitCode::from(2);
    };
    match roll(edition, pool, how, rolls) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kernel: {e}");
            ExitCode::from(2)
        }
    }
}

fn roll(edition: &str, pool: &str, how: &str, rolls: &str) -> Result<String, String> {
    let rules = RuleSet::load(edition).map_err(|e| e.to_string())?;
    let pool: i32 = pool.parse().map_err(|_| format!("pool {pool:?}"))?;
    let n: u64 = rolls.parse().map_err(|_| format!("rolls {rolls:?}"))?;
    let roll = rules
        .roll(
            pool,
            rules.dice.standard_difficulty,
            &RollOptions::default(),
        )
        .map_err(|e| e.to_string())?;
    let compiled = CompiledRoll::new(&roll.spec);
    let mut dice = D10::seeded(7);
    let (mut successes, mut botches) = (0u64, 0u64);
    let mut count = |r: &Roll| {
        successes += u64::from(r.successes);
        botches += u64::from(r.botch);
    };
    match how {
        "into" => {
            let mut buf = vec![Roll::default(); 4096];
            let mut left = n;
            while left > 0 {
                let k = left.min(buf.len() as u64) as usize;
                dice.roll_into(&compiled, &mut buf[..k]);
                buf[..k].iter().for_each(&mut count);
                left -= k as u64;
            }
        }
        "pool" => {
            for _ in 0..n {
                count(&dice.roll_pool(&compiled, pool));
            }
        }
        other => return Err(format!("{other:?}: into or pool")),
    }
    Ok(format!("successes {successes}, botches {botches}"))
}
