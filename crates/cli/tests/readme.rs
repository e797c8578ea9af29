//! The README's examples are what wodds prints: every `$ wodds ...` block
//! is run from the repository's root and its output compared line by line
//! (a command whose output ends in `...` shows only the lines before it),
//! and every TOML block labelled with a file's path holds that file. A
//! block of several `$ wodds` commands runs them in turn in a scratch
//! directory that reads like the root (they may write files there and read
//! each other's); such a block may also `$ cp FILE NAME` a file into the
//! scratch directory (a house rule edited between two commands), which
//! prints nothing.
//!
//! `UPDATE_README=1 cargo test -p wodds --test readme` writes the outputs
//! wodds prints now into the README instead of comparing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What `wodds args` prints (stdout, then stderr) from `dir`.
fn wodds(args: &str, dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds");
    let mut text = String::from_utf8(out.stdout).unwrap();
    text.push_str(&String::from_utf8(out.stderr).unwrap());
    text
}

/// A scratch directory that reads like the repository's root (its
/// `scenarios` and `docs` linked in), for a block of several commands that
/// write files (parts, reports) and read each other's.
#[cfg(unix)]
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["scenarios", "docs"] {
        std::os::unix::fs::symlink(
            root().join(name).canonicalize().unwrap(),
            dir.path().join(name),
        )
        .unwrap();
    }
    dir
}

/// `$ cp FILE NAME` in a scratch block: `FILE` (read through the
/// scratch directory's links) copied to `NAME`, a plain name in the
/// scratch directory itself, so nothing in the repository is written.
fn copy(files: &str, dir: &Path) {
    let (from, to) = files
        .split_once(' ')
        .unwrap_or_else(|| panic!("`$ cp {files}`: cp FILE NAME"));
    let to = Path::new(to.trim());
    assert!(
        to.components().count() == 1 && to.file_name().is_some(),
        "`$ cp {files}`: the copy must be a plain name in the scratch directory"
    );
    std::fs::copy(dir.join(from), dir.join(to)).unwrap_or_else(|e| panic!("`$ cp {files}`: {e}"));
}

/// The fenced blocks of `lang` in `text`: each block's byte range (of its
/// body) and body.
fn blocks<'a>(text: &'a str, lang: &str) -> Vec<(std::ops::Range<usize>, &'a str)> {
    let open = format!("```{lang}\n");
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = text[at..].find(&open) {
        let start = at + i + open.len();
        let end = start + text[start..].find("```").expect("a closed block");
        out.push((start..end, &text[start..end]));
        at = end + 3;
    }
    out
}

#[test]
fn readme_examples_are_what_wodds_prints() {
    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let update = std::env::var_os("UPDATE_README").is_some();
    let mut updated = readme.clone();
    let mut commands = 0;
    // From the last block back, so earlier ranges stay valid as blocks
    // are rewritten.
    for (range, body) in blocks(&readme, "sh").into_iter().rev() {
        if !body.starts_with("$ ") || !body.contains("$ wodds ") {
            continue;
        }
        // Each `$ wodds` (or `$ cp`) line and the lines it prints; a block
        // of several runs them in turn in a scratch directory.
        let mut segments: Vec<(&str, Vec<&str>)> = Vec::new();
        for line in body.lines() {
            match line.strip_prefix("$ ") {
                Some(command) => segments.push((command, Vec::new())),
                None => segments.last_mut().expect("a command first").1.push(line),
            }
        }
        let dir = (segments.len() > 1).then(scratch);
        let cwd = dir.as_ref().map_or(root(), |d| d.path().to_path_buf());
        let mut block = String::new();
        for (command, shown) in &segments {
            if let Some(files) = command.strip_prefix("cp ") {
                assert!(dir.is_some(), "`$ {command}` outside a scratch block");
                copy(files, &cwd);
                assert!(shown.is_empty(), "`$ {command}` prints nothing");
                if update {
                    block.push_str(&format!("$ {command}\n"));
                }
                continue;
            }
            let args = command
                .strip_prefix("wodds ")
                .unwrap_or_else(|| panic!("README block: `$ {command}` is not wodds or cp"));
            commands += 1;
            let cut = shown.last() == Some(&"...");
            let printed = wodds(args, &cwd);
            let mut lines: Vec<&str> = printed.lines().collect();
            if cut {
                lines.truncate(shown.len() - 1);
                lines.push("...");
            }
            if update {
                block.push_str(&format!("$ wodds {args}\n"));
                for l in &lines {
                    block.push_str(l);
                    block.push('\n');
                }
            } else {
                assert_eq!(
                    shown.join("\n"),
                    lines.join("\n"),
                    "README block `$ wodds {args}` is not what wodds prints \
                     (UPDATE_README=1 rewrites it)"
                );
            }
        }
        if update {
            updated.replace_range(range, &block);
        }
    }
    assert!(commands >= 10, "{commands} examples");
    if update && updated != readme {
        std::fs::write(&path, updated).unwrap();
    }
}

#[test]
fn readme_files_are_the_files() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut files = 0;
    for (_, body) in blocks(&readme, "toml") {
        let Some(label) = body.lines().next().and_then(|l| l.strip_prefix("# ")) else {
            continue;
        };
        let file = root().join(label);
        if !label.ends_with(".toml") || !file.exists() {
            continue;
        }
        let shown: Vec<&str> = body.lines().skip(1).collect();
        let text = std::fs::read_to_string(&file).unwrap();
        // The `#:schema` line is for editors; the README leaves it out.
        let text = match text.split_once('\n') {
            Some((first, rest)) if first.starts_with("#:schema ") => rest,
            _ => &text,
        };
        assert_eq!(shown.join("\n"), text.trim_end(), "{label}");
        files += 1;
    }
    assert!(files >= 1, "{files} files shown");
}
