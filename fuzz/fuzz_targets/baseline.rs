//! A baseline directory as `wodds check` reads it: a real report of the
//! brawl with one file replaced by the input (its checksum fixed in the
//! manifest or not). Errors are fine; a panic is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| wodds_fuzz::outputs::baseline_damaged(data));
