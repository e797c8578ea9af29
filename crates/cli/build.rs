//! Records the commit wodds is built from, for `wodds --version`: the
//! `WODDS_COMMIT` environment variable when set (a release build from a
//! tarball), else `git rev-parse` of the checkout, else `unknown` (a crate
//! built from crates.io).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=WODDS_COMMIT");
    // Rebuilt when the checkout moves to another commit (HEAD, the branch
    // it names, or the packed refs change).
    let mut watch = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch.push(head);
    }
    for f in watch {
        // Only files that exist: cargo reruns the script every build for
        // one that does not.
        if let Some(path) = git(&["rev-parse", "--git-path", &f])
            && std::path::Path::new(&path).exists()
        {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    let commit = std::env::var("WODDS_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| git(&["rev-parse", "--short=12", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=WODDS_COMMIT={commit}");
}
