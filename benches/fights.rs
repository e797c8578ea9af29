//! Plays fights the way the `combat` bench does (`EditionEngine::fight` on
//! `D10::seeded`, one thread), for instruction counts that do not move
//! with the machine's noise:
//!
//! ```sh
//! cargo build --release -p wodds-benches --bin fights
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/fights scenarios/brawl.toml fta outcome 25000
//! ```
//!
//! Instructions a fight: the count at 25,000 fights less the count at
//! 5,000, over 20,000. Prints the fights each side won and the rounds
//! played, so two builds can be checked to play the same fights.
//!
//! `states` in place of the sampler counts instead the distinct states
//! between rounds that the fights (under the outcome sampler) pass
//! through, kept as a round chain keeps them: a lower bound on the states
//! the fight's chain would hold, for the fights whose chain is too big to
//! build (`EditionEngine::states_seen`):
//!
//! ```sh
//! target/release/fights scenarios/garou-vs-hunters.toml uwod states 1000000
//! ```
//!
//! `lean` builds instead the fight's round chain lean, as What is a dot
//! worth does (`EditionEngine::exact_outcomes`: next states and what they
//! count on average, not each path's steps), at the state limit given in
//! place of the fights, and prints its exact odds: the memory and time of
//! the exact figures alone.
//!
//! ```sh
//! /usr/bin/time target/release/fights scenarios/elder-vs-three-ghouls.toml uwod lean 16777216
//! ```

use std::path::Path;
use std::process::ExitCode;

use wodds_dice::D10;
use wodds_sim::conflict::{EditionEngine, Engine, Limit, Sampling, Scenario};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [scenario, edition, sampler, fights] = args.as_slice() else {
        eprintln!(
            "usage: fights <scenario.toml> <edition> <round|outcome|die|states|lean> <fights>"
        );
        return ExitCode::from(2);
    };
    match play(scenario, edition, sampler, fights) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("fights: {e}");
            ExitCode::from(2)
        }
    }
}

fn play(scenario: &str, edition: &str, sampler: &str, fights: &str) -> Result<String, String> {
    let scenario = Scenario::load(Path::new(scenario)).map_err(|e| e.to_string())?;
    let rules = wodds_rules::RuleSet::load(edition).map_err(|e| e.to_string())?;
    let sampling = match sampler {
        "round" => Sampling::Round,
        "outcome" | "states" | "lean" => Sampling::Outcome,
        "die" => Sampling::PerDie,
        other => {
            return Err(format!(
                "sampler {other:?}: one of round, outcome, die, states, lean"
            ));
        }
    };
    let n: u64 = fights
        .parse()
        .map_err(|_| format!("fights {fights:?}: a whole number"))?;
    if sampler == "lean" {
        let limit = Limit::of_states(n as usize);
        let exact = EditionEngine::exact_outcomes(&scenario, &rules, limit)
            .map_err(|e| e.to_string())?
            .map_err(|why| why.explain())?;
        return Ok(format!(
            "draws and wins by side {:?}, mean rounds {}",
            exact.odds.wins,
            exact.odds.mean_rounds()
        ));
    }
    let engine = EditionEngine::new(&scenario, &rules, sampling).map_err(|e| e.to_string())?;
    let mut dice = D10::seeded(7);
    if sampler == "states" {
        let seen = engine.states_seen(&mut dice, n);
        return Ok(format!(
            "{seen} distinct states between rounds in {n} fights"
        ));
    }
    let mut wins = vec![0u64; scenario.sides.len() + 1];
    let mut rounds = 0u64;
    for _ in 0..n {
        let f = engine.fight(&mut dice);
        wins[f.winner.map_or(0, |w| w + 1)] += 1;
        rounds += u64::from(f.rounds);
    }
    Ok(format!("draws and wins by side {wins:?}, rounds {rounds}"))
}
