//! Embeds the shipped scenarios (`scenarios/*.toml`) in the playground's
//! module, so the page offers them without a server to fetch them from.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut out = String::from(
        "/// The shipped scenarios: (file name, text).\npub const SHIPPED: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
        let name = f.file_name().expect("a name").to_string_lossy();
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            f.display().to_string()
        )
        .expect("a string");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("written");
}
