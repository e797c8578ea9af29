//! What `compare`'s and `report --against`'s tests share: wodds run from
//! the repository root on two threads, and reading its JSON.

use std::process::{Command, Output};

use serde_json::Value;

/// The repository root, where the tests run wodds.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The house rule the tests compare with the books.
pub const HOUSE: &str = "docs/examples/our-table-next.toml";

/// wodds `args`, run from [`ROOT`] on two threads.
pub fn wodds(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(ROOT)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds")
}

/// The same, which must succeed.
pub fn ok(args: &[&str]) -> Output {
    let out = wodds(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A JSON number.
pub fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}
