//! A report's `manifest.json` as wodds reads it back: parsed, opened as a
//! `wodds check` baseline, and as the `--out` a report is published into
//! (with and without `--force`), beside a file of the user's that must
//! survive. Errors are fine; a panic, or the user's file gone, is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| wodds_fuzz::outputs::report_manifest(data));
