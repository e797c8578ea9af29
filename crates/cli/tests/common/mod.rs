//! What the CLI's integration tests share; each test program uses a part.
#![allow(dead_code)]

use std::path::Path;

/// Every file under `dir` and its bytes, by relative path, sorted: two
/// reports are the same bytes when these are equal.
pub fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().to_string();
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// What `wodds ARGS` (one string, as a shell reads it) shows on a
/// pseudo-terminal 200 columns wide (util-linux `script`), run from the
/// repository root: its stdout and stderr as a terminal shows them,
/// progress included.
pub fn on_a_terminal(args: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    // A terminal 200 columns wide, so that a line is not cut short.
    let command = format!(
        "stty cols 200 rows 50; {} {args}",
        env!("CARGO_BIN_EXE_wodds")
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root)
        .output()
        .expect("util-linux script runs a command on a pseudo-terminal");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}
