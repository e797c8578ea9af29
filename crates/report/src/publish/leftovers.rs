//! What wodds leaves while it works, and how it is cleared: the lock file
//! beside each staging directory, the directories of this process (for
//! Ctrl-C and SIGTERM), the old directory after a swap, what a stopped run
//! left, and `wodds check`'s scratch directory.

use std::fs::{self, File};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::inventory::{Leaf, identity, inventory};
use crate::files;

/// The lock file beside a staging directory: what a later run reads to
/// clean up after a run that was stopped.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct LockNote {
    /// Always `wodds`.
    pub(super) tool: String,
    /// The output directory's name, beside it.
    pub(super) out: String,
    /// `building` (the staging directory holds only what wodds made),
    /// `swapped` (it is the old `--out`: only wodds's files and second
    /// names of the user's may go) or `scratch` (all wodds's).
    pub(super) phase: String,
}

/// A staging or scratch directory of this process, for [`interrupted`].
#[derive(Debug, Clone)]
pub(super) struct Live {
    pub(super) dir: PathBuf,
    pub(super) lock: PathBuf,
    pub(super) out: Option<PathBuf>,
    pub(super) swapped: bool,
}

/// Every staging and scratch directory of this process.
static LIVE: Mutex<Vec<Live>> = Mutex::new(Vec::new());

pub(super) fn live() -> std::sync::MutexGuard<'static, Vec<Live>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every staging and scratch directory this process has made and
/// not yet published or removed (wodds's files only, as
/// [`Staged::publish`](super::Staged::publish) would), with their lock files; the binary calls it
/// on SIGINT and SIGTERM, then exits. Returns what it removed.
pub fn interrupted() -> Vec<PathBuf> {
    let mut live = live();
    let mut removed = Vec::new();
    for l in live.drain(..) {
        clean(&l);
        removed.push(l.dir);
    }
    removed
}

/// Removes a staging or scratch directory left by `l`'s run: whole while
/// it holds only what wodds made, else only wodds's files and the user's
/// second names (see [`sweep_old`]).
pub(super) fn clean(l: &Live) {
    match (&l.out, l.swapped) {
        (Some(out), true) => {
            let _ = sweep_old(&l.dir, out, None);
        }
        _ => {
            let _ = fs::remove_dir_all(&l.dir);
        }
    }
    let _ = fs::remove_file(&l.lock);
}

/// Removes from `old` (the directory `--out` was before a swap) wodds's
/// files (`ours`, or with `None` those its manifest proves), the user's
/// entries whose other name is in `out` now, and the folders that leaves
/// empty; `old` itself if nothing is left. Returns the user's entries
/// left (they appeared in `--out` while wodds worked).
pub(super) fn sweep_old(old: &Path, out: &Path, ours: Option<&[Leaf]>) -> io::Result<Vec<PathBuf>> {
    let inv = inventory(old)?;
    let proven: Vec<Leaf> = match ours {
        Some(o) => o.to_vec(),
        None => inv.ours.clone(),
    };
    let mut left = Vec::new();
    for leaf in inv.ours.iter().chain(&inv.theirs) {
        let path = old.join(&leaf.rel);
        let mine = proven
            .iter()
            .any(|p| p.rel == leaf.rel && p.id == leaf.id && leaf.id.is_some());
        let twin = leaf.id.is_some()
            && twins(out, &leaf.rel)
                .iter()
                .any(|p| fs::symlink_metadata(p).is_ok_and(|m| identity(&m) == leaf.id));
        if mine || twin {
            if leaf.is_dir {
                fs::remove_dir(&path)?;
            } else {
                fs::remove_file(&path)?;
            }
        } else if !leaf.is_dir {
            left.push(leaf.rel.clone());
        }
    }
    remove_empty_dirs(old)?;
    Ok(left)
}

/// Where a leaf at `rel` may be in `out` after a publish: the same path,
/// or under a backup name of one of its folders or of itself.
pub(super) fn twins(out: &Path, rel: &Path) -> Vec<PathBuf> {
    let mut found = vec![out.join(rel)];
    let mut prefix = PathBuf::new();
    for c in rel.components() {
        prefix.push(c);
        let rest = rel.strip_prefix(&prefix).unwrap_or(Path::new(""));
        let name = prefix
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        for k in 1..=9 {
            let b = out.join(prefix.with_file_name(format!("{name}.~{k}~")));
            if !b.exists() {
                break;
            }
            found.push(if rest.as_os_str().is_empty() {
                b
            } else {
                b.join(rest)
            });
        }
    }
    found
}

/// Removes the empty folders under `dir`, deepest first, and `dir` itself
/// if that empties it.
pub(super) fn remove_empty_dirs(dir: &Path) -> io::Result<()> {
    for e in fs::read_dir(dir)? {
        let e = e?;
        if e.file_type()?.is_dir() {
            remove_empty_dirs(&e.path())?;
        }
    }
    if fs::read_dir(dir)?.next().is_none() {
        fs::remove_dir(dir)?;
    }
    Ok(())
}

/// Makes a directory `prefix` + a fresh suffix in `parent` (its mode what
/// a plain `mkdir` gives, the umask applied), and a lock file beside it,
/// locked and holding `note`; lists both for [`interrupted`] (`out`: the
/// `--out` it stages for, none for a scratch directory).
pub(super) fn make_staging(
    parent: &Path,
    prefix: &str,
    note: &LockNote,
    out: Option<PathBuf>,
) -> io::Result<(PathBuf, PathBuf, File)> {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    // Held from before the directory exists until it is listed, so that a
    // SIGINT or SIGTERM in between (whose handler takes the same lock)
    // waits and then removes it too.
    let mut live = live();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    for _ in 0..1000 {
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let salt =
            nanos ^ (u64::from(std::process::id()) << 32) ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let name = format!("{prefix}{:012x}", salt & 0xffff_ffff_ffff);
        let lock_path = parent.join(format!("{name}.lock"));
        let mut lock = match File::options()
            .write(true)
            .create_new(true)
            .open(&lock_path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let _ = lock.try_lock();
        let dir = parent.join(&name);
        let made = fs::create_dir(&dir).and_then(|()| {
            note_lock(&mut lock, note).inspect_err(|_| {
                let _ = fs::remove_dir(&dir);
            })
        });
        match made {
            Ok(()) => {
                live.push(Live {
                    dir: dir.clone(),
                    lock: lock_path.clone(),
                    out,
                    swapped: false,
                });
                return Ok((dir, lock_path, lock));
            }
            Err(e) => {
                let _ = fs::remove_file(&lock_path);
                if e.kind() != io::ErrorKind::AlreadyExists {
                    return Err(e);
                }
            }
        }
    }
    Err(io::Error::other("no free name for a temporary directory"))
}

/// Writes `note` into the lock file (it stays locked).
pub(super) fn note_lock(lock: &mut File, note: &LockNote) -> io::Result<()> {
    lock.set_len(0)?;
    lock.rewind()?;
    lock.write_all(
        serde_json::to_string(note)
            .expect("a note serializes")
            .as_bytes(),
    )?;
    lock.flush()
}

/// Removes what stopped wodds runs left in `parent` with `prefix`: each
/// directory whose lock file no running process holds. Returns one line
/// for each.
pub(super) fn clear_stale(parent: &Path, prefixes: &[&str]) -> Vec<String> {
    let mut notes = Vec::new();
    let Ok(entries) = fs::read_dir(parent) else {
        return notes;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".lock") else {
            continue;
        };
        if !prefixes.iter().any(|p| stem.starts_with(p)) {
            continue;
        }
        let lock_path = e.path();
        let Ok(lock) = File::options().read(true).write(true).open(&lock_path) else {
            continue;
        };
        if lock.try_lock().is_err() {
            continue; // a running wodds holds it
        }
        let dir = parent.join(stem);
        let note: Option<LockNote> = files::read_text(&lock_path, 1 << 16)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok());
        let note = note.filter(|n| n.tool == "wodds");
        let live = Live {
            dir: dir.clone(),
            lock: lock_path.clone(),
            out: note.as_ref().map(|n| parent.join(&n.out)),
            // Unknown or unreadable: only what can be proven goes.
            swapped: note.as_ref().is_none_or(|n| n.phase == "swapped"),
        };
        if live.swapped && live.out.is_none() {
            continue;
        }
        if dir.exists() {
            clean(&live);
            let what = if dir.exists() { "cleaned" } else { "removed" };
            notes.push(format!(
                "{what} {}, left by a wodds run that was stopped",
                dir.display()
            ));
        } else {
            let _ = fs::remove_file(&lock_path);
        }
    }
    notes
}

/// A scratch directory of wodds's own in the system's temporary directory
/// (`wodds check` makes its report there): removed when dropped, on
/// SIGINT or SIGTERM ([`interrupted`]), or by the next `wodds check` if
/// the run was killed.
#[derive(Debug)]
pub struct Scratch {
    pub(super) dir: PathBuf,
    lock_path: PathBuf,
    _lock: File,
    /// Lines to tell the user (stale scratch directories removed).
    pub notes: Vec<String>,
}

impl Scratch {
    /// The prefix of its name.
    const PREFIX: &'static str = ".wodds-check-";

    /// Makes one, after removing those that stopped runs left.
    pub fn new() -> io::Result<Scratch> {
        Scratch::new_in(&std::env::temp_dir())
    }

    fn new_in(parent: &Path) -> io::Result<Scratch> {
        let notes = clear_stale(parent, &[Scratch::PREFIX]);
        let note = LockNote {
            tool: "wodds".to_string(),
            out: String::new(),
            phase: "scratch".to_string(),
        };
        let (dir, lock_path, lock) = make_staging(parent, Scratch::PREFIX, &note, None)?;
        Ok(Scratch {
            dir,
            lock_path,
            _lock: lock,
            notes,
        })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
        let _ = fs::remove_file(&self.lock_path);
        live().retain(|l| l.dir != self.dir);
    }
}
