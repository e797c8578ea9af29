//! House-rule files written from the fuzz bytes as well-formed TOML (see
//! `wodds_fuzz::structured`), so that runs reach validation and `extends` merging;
//! otherwise as the `rules` target: loaded from `input.toml` beside the
//! fixtures, and a file that loads is hashed and rolled. Errors are fine; a
//! panic is a bug.

#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = wodds_fuzz::structured::rule_file(&mut Unstructured::new(data)) else {
        return;
    };
    wodds_fuzz::load_and_roll(text.as_bytes());
});
