//! Scenario files: `Scenario::parse` on any UTF-8 text (editions it names
//! that are not built in are looked up in the scratch directory of house
//! rules), and `Scenario::load` on bytes that are not UTF-8. Errors are
//! fine; a panic is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;
use wodds_sim::conflict::Scenario;

fuzz_target!(|data: &[u8]| {
    let dir = wodds_fuzz::scratch();
    let result = match std::str::from_utf8(data) {
        Ok(text) => Scenario::parse("fuzz.toml", text, Some(dir)),
        Err(_) => {
            let path = dir.join("scenario.toml");
            std::fs::write(&path, data).expect("the scratch file");
            Scenario::load(&path)
        }
    };
    match result {
        Ok(s) => {
            assert!(!s.editions.is_empty() && s.sides.len() >= 2);
            for rules in &s.editions {
                let _ = rules.hash();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
