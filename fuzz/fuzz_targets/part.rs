//! A shard's part (`manifest.json`, a NUL, then `tallies.parquet`) as
//! `wodds merge` reads it: checked, and its tallies added up. Errors are
//! fine; a panic, or a win rate outside 0..=1, is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| wodds_fuzz::outputs::part(data));
