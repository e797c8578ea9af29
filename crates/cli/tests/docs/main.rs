//! The README and the book (`docs/book/src`) are what wodds does:
//!
//! - Examples: every ```` ```sh ```` block that starts with `$ ` is run,
//!   each `$ wodds ...` line in turn, in a scratch directory that reads
//!   like the repository's root (its `scenarios` and `docs` linked in;
//!   the commands may write files there and read each other's), and what
//!   wodds prints is compared line by line with the lines shown under it
//!   (a command whose lines end in `...` shows only the lines before it).
//!   Such a block may also `$ cp FILE NAME` a file into the scratch
//!   directory (a house rule edited between two commands), which prints
//!   nothing.
//! - Files: every TOML block labelled `# PATH` with a file's path holds
//!   that file.
//! - Generated text: what lies between `<!-- generated: WHAT -->` and
//!   `<!-- end of generated text -->` is what the generator `WHAT` (in
//!   `generate.rs` beside this file) writes now from the program and the repository:
//!   the commands' `--help`, `wodds rules show` of each edition, the JSON
//!   Schema of scenario files.
//! - Shape: the README is at most 150 lines, every page of the book is in
//!   its `SUMMARY.md` and the other way round, every relative link and
//!   every repository path the docs name leads to a file, and the book's
//!   pictures are the committed sample report's.
//!
//! `UPDATE_DOCS=1 cargo test --workspace --test docs` (or `UPDATE_README=1`)
//! writes what wodds prints now, the generated text and the pictures
//! into the docs instead of comparing: read the diff, and commit it with
//! the change that moved them.

mod generate;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Whether the docs are to be rewritten rather than compared.
fn update() -> bool {
    std::env::var_os("UPDATE_DOCS").is_some() || std::env::var_os("UPDATE_README").is_some()
}

/// The book's sources.
fn book() -> PathBuf {
    root().join("docs/book/src")
}

/// The Markdown files under `dir`, sorted.
fn markdown(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The README and every page of the book.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md")];
    docs.extend(markdown(&book()));
    docs
}

/// `path` relative to the repository's root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Runs `wodds args` in `dir`: its stdout, then its stderr.
pub fn wodds(args: &[&str], dir: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wodds"))
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run wodds");
    let mut text = String::from_utf8(out.stdout).unwrap();
    text.push_str(&String::from_utf8(out.stderr).unwrap());
    (out.status.success(), text)
}

/// A scratch directory that reads like the repository's root (its
/// `scenarios` and `docs` linked in), for a block of commands that may
/// write files (parts, reports) and read each other's.
#[cfg(unix)]
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["scenarios", "docs"] {
        std::os::unix::fs::symlink(root().join(name), dir.path().join(name)).unwrap();
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

/// Runs the example `body` (a block of `$ ` lines and what they print)
/// and gives the block as wodds prints it now, with the number of wodds
/// commands it ran.
fn run_block(body: &str, file: &str) -> (String, usize) {
    let mut segments: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in body.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => segments.push((command, Vec::new())),
            None => segments
                .last_mut()
                .unwrap_or_else(|| panic!("{file}: a block of examples starts with `$ `"))
                .1
                .push(line),
        }
    }
    let dir = scratch();
    let mut block = String::new();
    let mut commands = 0;
    for (command, shown) in &segments {
        block.push_str(&format!("$ {command}\n"));
        if let Some(files) = command.strip_prefix("cp ") {
            copy(files, dir.path());
            assert!(shown.is_empty(), "{file}: `$ {command}` prints nothing");
            continue;
        }
        let args = command
            .strip_prefix("wodds ")
            .unwrap_or_else(|| panic!("{file}: `$ {command}` is neither wodds nor cp"));
        commands += 1;
        let (_, printed) = wodds(&args.split_whitespace().collect::<Vec<_>>(), dir.path());
        let mut lines: Vec<&str> = printed.lines().collect();
        if shown.last() == Some(&"...") {
            lines.truncate(shown.len() - 1);
            lines.push("...");
        }
        for l in lines {
            block.push_str(l);
            block.push('\n');
        }
    }
    (block, commands)
}

/// When updating, each file of the docs is read, rewritten and written
/// by one test at a time: two tests update the same page (its examples,
/// its generated text).
static EDIT: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds the docs to this test alone while it rewrites them.
fn editing() -> Option<std::sync::MutexGuard<'static, ()>> {
    update().then(|| {
        EDIT.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    })
}

/// Runs every example of `path`; rewrites the file when updating.
/// Returns the number of wodds commands run.
fn check_examples(path: &Path) -> usize {
    let _edit = editing();
    let text = std::fs::read_to_string(path).unwrap();
    let file = shown(path);
    let mut updated = text.clone();
    let mut commands = 0;
    // From the last block back, so earlier ranges stay valid as blocks
    // are rewritten.
    for (range, body) in blocks(&text, "sh").into_iter().rev() {
        if !body.starts_with("$ ") {
            continue;
        }
        let (block, n) = run_block(body, &file);
        commands += n;
        if update() {
            updated.replace_range(range, &block);
        } else if block != body {
            let first = body.lines().next().unwrap_or("");
            let (want, got): (Vec<_>, Vec<_>) = (body.lines().collect(), block.lines().collect());
            assert_eq!(
                want.join("\n"),
                got.join("\n"),
                "{file}: the example `{first}` is not what wodds prints \
                 (UPDATE_DOCS=1 rewrites it)"
            );
        }
    }
    if update() && updated != text {
        std::fs::write(path, updated).unwrap();
    }
    commands
}

#[test]
fn readme_examples_are_what_wodds_prints() {
    let n = check_examples(&root().join("README.md"));
    assert!(n >= 3, "the README runs {n} examples");
}

#[test]
fn book_examples_are_what_wodds_prints() {
    let mut n = 0;
    let mut pages = 0;
    for page in markdown(&book()) {
        let k = check_examples(&page);
        pages += usize::from(k > 0);
        n += k;
    }
    assert!(n >= 30, "the book runs {n} examples");
    assert!(pages >= 8, "{pages} pages of the book have examples");
}

#[test]
fn files_shown_are_the_files() {
    let mut files = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for (_, body) in blocks(&text, "toml") {
            let Some(label) = body.lines().next().and_then(|l| l.strip_prefix("# ")) else {
                continue;
            };
            let label = label.split_whitespace().next().unwrap_or("");
            let file = root().join(label);
            if !label.ends_with(".toml") || !file.exists() {
                continue;
            }
            let shown_lines: Vec<&str> = body.lines().skip(1).collect();
            let text = std::fs::read_to_string(&file).unwrap();
            // The `#:schema` line is for editors; the docs leave it out.
            let text = match text.split_once('\n') {
                Some((first, rest)) if first.starts_with("#:schema ") => rest,
                _ => &text,
            };
            assert_eq!(
                shown_lines.join("\n"),
                text.trim_end(),
                "{}: the block labelled {label}",
                shown(&doc)
            );
            files += 1;
        }
    }
    assert!(files >= 5, "{files} files shown");
}

/// The markers around generated text.
const BEGIN: &str = "<!-- generated: ";
const END: &str = "<!-- end of generated text -->";

/// The lines of Markdown `text` outside fenced code blocks (the fences
/// too left out), each with its offset.
fn outside_fences(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let ticks = &line[..line.len() - line.trim_start_matches('`').len()];
        match fence {
            Some(open) if ticks.len() >= open.len() && line.trim_end() == ticks => fence = None,
            Some(_) => {}
            None if ticks.len() >= 3 => fence = Some(ticks),
            None => out.push((at, line)),
        }
        at += line.len();
    }
    out
}

/// Where the first marker of generated text in `text` begins: at the
/// start of a line, outside fenced code (a page may show a marker).
fn marker(text: &str) -> Option<usize> {
    outside_fences(text)
        .into_iter()
        .find(|(_, line)| line.starts_with(BEGIN))
        .map(|(at, _)| at)
}

#[test]
fn generated_text_is_what_the_generators_write() {
    let mut regions = 0;
    let mut seen = std::collections::BTreeSet::new();
    for page in markdown(&book()) {
        let _edit = editing();
        let text = std::fs::read_to_string(&page).unwrap();
        let mut updated = String::new();
        let mut rest = text.as_str();
        while let Some(i) = marker(rest) {
            let head_end = i + rest[i..].find("-->\n").expect("a closed marker") + 4;
            let what = rest[i + BEGIN.len()..head_end - 4].trim();
            let body_end = head_end
                + rest[head_end..]
                    .find(END)
                    .unwrap_or_else(|| panic!("{}: `{what}` has no end marker", shown(&page)));
            let generated = generate::generate(what, &root());
            if !update() {
                assert!(
                    rest[head_end..body_end] == generated,
                    "{}: the text generated by `{what}` is not what its generator writes now \
                     (UPDATE_DOCS=1 cargo test --workspace --test docs rewrites it)",
                    shown(&page)
                );
            }
            updated.push_str(&rest[..head_end]);
            updated.push_str(&generated);
            rest = &rest[body_end..];
            regions += 1;
            seen.insert(what.split_whitespace().next().unwrap_or("").to_string());
        }
        updated.push_str(rest);
        if update() && updated != text {
            std::fs::write(&page, updated).unwrap();
        }
    }
    for kind in generate::KINDS {
        assert!(seen.contains(*kind), "no page holds the generated `{kind}`");
    }
    assert!(regions >= 10, "{regions} generated regions");
}

#[test]
fn readme_is_one_screen_or_two() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 150, "README.md has {lines} lines (at most 150)");
}

#[test]
fn every_page_is_in_the_summary_and_every_chapter_a_page() {
    let summary = std::fs::read_to_string(book().join("SUMMARY.md")).unwrap();
    let mut listed = Vec::new();
    for line in summary.lines() {
        if let Some(target) = line.split("](").nth(1).and_then(|t| t.split(')').next()) {
            assert!(
                book().join(target).is_file(),
                "SUMMARY.md lists {target}, which is not a page"
            );
            listed.push(book().join(target));
        }
    }
    for page in markdown(&book()) {
        if page.ends_with("SUMMARY.md") {
            continue;
        }
        assert!(
            listed.contains(&page),
            "{} is not in SUMMARY.md",
            shown(&page)
        );
    }
    assert!(listed.len() >= 20, "{} chapters", listed.len());
}

/// The relative link targets of Markdown `text`: `[..](target)` and
/// `![..](target)`, without their `#fragment`.
fn links(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            out.push(target);
        }
    }
    out
}

/// Backticked words of `text` that name a file or folder of the
/// repository (`crates/...`, `docs/...`, `scenarios/...` and the like),
/// without placeholders or globs.
fn repository_paths(text: &str) -> Vec<&str> {
    const TOP: &[&str] = &[
        "crates/",
        "docs/",
        "scenarios/",
        "scripts/",
        "benches/",
        "notebooks/",
        "reports/sample",
        ".ci/",
    ];
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| TOP.iter().any(|t| w.starts_with(t)))
        .filter(|w| !w.contains([' ', '<', '*', '{', '$', '[', '|']) && !w.contains("..."))
        // What `mdbook build docs/book` writes is not in the repository.
        .filter(|w| !w.starts_with("docs/book/book"))
        .map(|w| w.trim_end_matches(['.', ',', ':']))
        .collect()
}

/// `text` without its fenced code blocks (commands, files, output).
fn prose(text: &str) -> String {
    outside_fences(text).into_iter().map(|(_, l)| l).collect()
}

#[test]
fn every_link_and_path_the_docs_name_exists() {
    let mut checked = 0;
    for doc in documents() {
        let text = prose(&std::fs::read_to_string(&doc).unwrap());
        let dir = doc.parent().unwrap();
        for target in links(&text) {
            assert!(
                dir.join(target).exists(),
                "{}: the link {target} leads nowhere",
                shown(&doc)
            );
            checked += 1;
        }
        for path in repository_paths(&text) {
            // A path with a line number (`file.rs:12`) names the file.
            let file = path.split(':').next().unwrap_or(path);
            assert!(
                root().join(file).exists(),
                "{}: `{path}` is not in the repository",
                shown(&doc)
            );
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked} links and paths");
}

/// The pictures the book shows, each a copy of the committed sample
/// report's (the book's HTML cannot reach outside its sources).
const PICTURES: &[&str] = &[
    "charts/success-vs-pool.png",
    "charts/dots.png",
    "neonate-vs-two-thugs/win-rates.png",
    "brawl/rounds.png",
];

#[test]
fn the_book_s_pictures_are_the_sample_report_s() {
    for picture in PICTURES {
        let sample = std::fs::read(root().join("reports/sample").join(picture)).unwrap();
        let copy = book().join("images").join(picture.replace('/', "-"));
        if update() {
            std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
            std::fs::write(&copy, &sample).unwrap();
        }
        let held = std::fs::read(&copy).unwrap_or_default();
        assert!(
            held == sample,
            "{} is not reports/sample/{picture} (UPDATE_DOCS=1 copies it)",
            shown(&copy)
        );
    }
}
