//! Embeds the shipped scenarios (`scenarios/*.toml`) and the house-rule
//! files they may name (`rules/*.toml`, by the path a scenario names them:
//! `../rules/x.toml`) in the playground's module, so the page offers them
//! without a server to fetch them from.

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it was compiled: a compiled
    // script is reused by every checkout that shares the target folder.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../..");
    let mut out = String::new();
    embed(
        &mut out,
        &root.join("scenarios"),
        "SHIPPED",
        "The shipped scenarios: (file name, text).",
        "",
    );
    embed(
        &mut out,
        &root.join("rules"),
        "RULES",
        "The shipped house-rule files: (the path a scenario names them by, text).",
        "../rules/",
    );
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("written");
}

/// `pub const NAME: &[(&str, &str)]` of `dir`'s TOML files, each named
/// `prefix` and its file name.
fn embed(out: &mut String, dir: &Path, name: &str, doc: &str, prefix: &str) {
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("a folder of TOML files")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    writeln!(out, "/// {doc}\npub const {name}: &[(&str, &str)] = &[").expect("a string");
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
        let file = f.file_name().expect("a name").to_string_lossy();
        writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            format!("{prefix}{file}"),
            f.display().to_string()
        )
        .expect("a string");
    }
    out.push_str("];\n");
}
