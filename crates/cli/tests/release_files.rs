//! The man pages and shell completions a release archive holds
//! (`crates/cli/share`, put in every archive by `include` in
//! `crates/cli/Cargo.toml`'s `[package.metadata.dist]`) are what this
//! wodds writes: `wodds man --out` and `wodds completions SHELL`. They are
//! committed because `dist` copies static files into an archive; this test
//! keeps them from drifting from the command line.
//!
//! `UPDATE_DOCS=1 cargo test -p wodds --test release_files` rewrites them.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// `crates/cli/share`.
fn share() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("share")
}

fn update() -> bool {
    std::env::var_os("UPDATE_DOCS").is_some()
}

/// wodds `args`, which must succeed: its stdout.
fn wodds(args: &[&str], cwd: &Path) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run wodds");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The completion scripts by file name, as each shell looks them up.
const COMPLETIONS: [(&str, &str); 5] = [
    ("bash", "wodds.bash"),
    ("zsh", "_wodds"),
    ("fish", "wodds.fish"),
    ("powershell", "_wodds.ps1"),
    ("elvish", "wodds.elv"),
];

/// What `share` should hold now: every file by its path under it.
fn expected() -> Vec<(String, Vec<u8>)> {
    let scratch = tempfile::tempdir().unwrap();
    let man = scratch.path().join("man/man1");
    wodds(&["man", "--out", man.to_str().unwrap()], scratch.path());
    let mut files: Vec<(String, Vec<u8>)> = common::files(scratch.path())
        .into_iter()
        .map(|(rel, bytes)| (rel.replace('\\', "/"), bytes))
        .collect();
    for (shell, name) in COMPLETIONS {
        let script = wodds(&["completions", shell], scratch.path());
        files.push((format!("completions/{name}"), script));
    }
    files.sort();
    files
}

#[test]
fn the_release_s_man_pages_and_completions_are_what_wodds_writes() {
    let want = expected();
    let share = share();
    if update() {
        if share.exists() {
            std::fs::remove_dir_all(&share).unwrap();
        }
        for (rel, bytes) in &want {
            let path = share.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        return;
    }
    let have = if share.exists() {
        common::files(&share)
    } else {
        Vec::new()
    };
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&have),
        names(&want),
        "crates/cli/share holds other files than wodds writes \
         (UPDATE_DOCS=1 cargo test -p wodds --test release_files rewrites it)"
    );
    for ((name, a), (_, b)) in have.iter().zip(&want) {
        assert!(
            a == b,
            "crates/cli/share/{name} is not what wodds writes now \
             (UPDATE_DOCS=1 cargo test -p wodds --test release_files rewrites it)"
        );
    }
    // Nothing a build stamps in: the pages name no commit, so they change
    // only with the command line.
    for (name, bytes) in &want {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains("commit"), "{name} names a commit");
    }
    assert!(want.iter().any(|(n, _)| n == "man/man1/wodds.1"));
    assert!(want.iter().any(|(n, _)| n == "man/man1/wodds-run.1"));
}

/// Every archive holds `share` (dist's `include`), and the installer test
/// looks for it there.
#[test]
fn every_release_archive_includes_share() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let doc: toml::Table = manifest.parse().unwrap();
    let include = doc["package"]["metadata"]["dist"]["include"]
        .as_array()
        .expect("[package.metadata.dist] include");
    assert!(
        include.iter().any(|p| p.as_str() == Some("share")),
        "{include:?}"
    );
    let script = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/installer-test.sh"),
    )
    .unwrap();
    assert!(script.contains("share/man/man1/wodds.1"));
}
