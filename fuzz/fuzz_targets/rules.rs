//! House-rule files and their `extends` chains: the input is written as
//! `input.toml` into the scratch directory beside `base.toml` (extends
//! `revised`), `deep.toml` (extends `base.toml`) and `loop.toml` (extends
//! itself), and loaded with `RuleSet::load`. A file that loads is hashed and
//! rolled at the ends and the middle of its pool and difficulty ranges under
//! each option (and its smallest pool at its standard difficulty enumerated exactly
//! when that is at most three dice). Errors are fine; a panic is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| wodds_fuzz::load_and_roll(data));
