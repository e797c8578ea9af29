//! Fixtures and checks of the targets that fuzz what wodds reads back from
//! its own output directories: a report's `manifest.json` (as `--out` and
//! `wodds check` read it), a shard's part (`wodds merge`) and a baseline
//! directory (`wodds check`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use wodds_report::publish::{Dest, Kind, Target};

/// A report of the shipped brawl (revised, 200 fights), made once per
/// process: the baseline the `baseline` target damages.
pub fn baseline() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("wodds-fuzz-baseline-")
            .tempdir()
            .expect("a scratch directory");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let opts = wodds_report::Options {
            scenarios: vec![root.join("scenarios/brawl.toml")],
            out: dir.path().join("report"),
            trials: Some(200),
            seed: None,
            editions: vec!["revised".to_string()],
            force: false,
        };
        wodds_report::build(&opts, &()).expect("the fixture report");
        dir
    })
    .path()
}

/// The files of the baseline report, sorted.
pub fn baseline_files() -> &'static [PathBuf] {
    static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut out = Vec::new();
        let top = baseline().join("report");
        let mut stack = vec![top.clone()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("the fixture report") {
                let p = e.expect("an entry").path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    out.push(p.strip_prefix(&top).expect("inside").to_path_buf());
                }
            }
        }
        out.sort();
        out
    })
}

/// A scratch directory for one input, emptied first.
pub fn fresh(name: &str) -> PathBuf {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let top = DIR.get_or_init(|| {
        tempfile::Builder::new()
            .prefix("wodds-fuzz-out-")
            .tempdir()
            .expect("a scratch directory")
    });
    let dir = top.path().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The user's file every `--out` of the `report_manifest` target holds.
pub const KEEP: (&str, &[u8]) = ("keep.txt", b"the designer's notes\n");

/// `data` as the `manifest.json` of an `--out` that also holds the user's
/// [`KEEP`] file and an `index.html` of the user's; then `wodds report`'s
/// handling of that directory: parsed as a manifest, opened as a baseline,
/// and a one-file report published into it with and without `--force`.
/// The user's file must survive unless the manifest names it with its
/// own sha256 (which would make it wodds's).
pub fn report_manifest(data: &[u8]) {
    let _ = serde_json::from_slice::<wodds_report::Manifest>(data);
    for force in [false, true] {
        let out = fresh("out");
        std::fs::write(out.join("manifest.json"), data).expect("write");
        std::fs::write(out.join(KEEP.0), KEEP.1).expect("write");
        std::fs::write(out.join("index.html"), b"mine").expect("write");
        let _ = wodds_report::check::Baseline::open(&out);
        let dest = Dest {
            out: &out,
            kind: Kind::Report,
            flag: "--out",
            force,
            inputs: &[],
            planned: &[],
        };
        if let Ok(staged) = Target::prepare(&dest) {
            let page = b"<html></html>";
            std::fs::write(staged.path().join("index.html"), page).expect("write");
            let files = vec![wodds_report::manifest::FileEntry::of("index.html", page, None)];
            let manifest = serde_json::json!({"format": "wodds-report", "files": files});
            std::fs::write(
                staged.path().join("manifest.json"),
                serde_json::to_vec(&manifest).expect("json"),
            )
            .expect("write");
            let _ = staged.publish(&files);
        }
        let sha = wodds_report::manifest::sha256(KEEP.1);
        let proven = std::str::from_utf8(data).is_ok_and(|t| t.contains(&sha));
        if !proven {
            assert_eq!(
                std::fs::read(out.join(KEEP.0)).ok().as_deref(),
                Some(KEEP.1),
                "the user's file was removed or changed"
            );
        }
        let parent = out.parent().expect("a parent");
        for e in std::fs::read_dir(parent).expect("read").flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            assert!(!name.starts_with(".wodds-"), "{name} left behind");
        }
    }
}

/// `data` split at its first NUL into a part's `manifest.json` and
/// `tallies.parquet`, read as a part and, where it reads, merged into
/// tallies whose shares must stay within 0..=1.
pub fn part(data: &[u8]) {
    let (manifest, table) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let dir = fresh("part");
    std::fs::write(dir.join("manifest.json"), manifest).expect("write");
    std::fs::write(dir.join("tallies.parquet"), table).expect("write");
    let Ok(parts) = wodds_report::read_parts(std::slice::from_ref(&dir)) else {
        return;
    };
    for s in &parts.manifest.scenarios {
        for e in &s.editions {
            for (sides, rounds) in [(2, 100), (3, 1000)] {
                if let Ok(t) = parts.tally(&s.name, &e.id, sides, rounds) {
                    for side in 0..sides {
                        if let Some((p, lo, hi)) = t.win_rate(side) {
                            assert!(
                                (0.0..=1.0).contains(&p) && lo <= p && p <= hi,
                                "win rate {p} ({lo}..{hi})"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A copy of the baseline report with one file (`data[0]` picks which)
/// replaced by `data[2..]`, its sha256 in the manifest fixed when
/// `data[1]` is odd (so the damaged table is read, not refused for its
/// checksum), opened as `wodds check` opens a baseline.
pub fn baseline_damaged(data: &[u8]) {
    let (Some(&pick), Some(&fix)) = (data.first(), data.get(1)) else {
        return;
    };
    let body = &data[2.min(data.len())..];
    let files = baseline_files();
    let rel = &files[pick as usize % files.len()];
    let dir = fresh("baseline");
    for f in files {
        let to = dir.join(f);
        std::fs::create_dir_all(to.parent().expect("a parent")).expect("mkdir");
        std::fs::copy(baseline().join("report").join(f), &to).expect("copy");
    }
    std::fs::write(dir.join(rel), body).expect("write");
    if fix % 2 == 1 && rel != Path::new("manifest.json") {
        let path = dir.join("manifest.json");
        let text = std::fs::read_to_string(&path).expect("read");
        let mut m: wodds_report::Manifest = serde_json::from_str(&text).expect("the fixture");
        let key = rel.to_string_lossy().replace('\\', "/");
        for f in &mut m.files {
            if f.path == key {
                *f = wodds_report::manifest::FileEntry::of(key.clone(), body, f.rows);
            }
        }
        std::fs::write(&path, serde_json::to_vec(&m).expect("json")).expect("write");
    }
    let _ = wodds_report::check::Baseline::open(&dir);
}
