//! The publish stage: output directories (a report, a shard's part, a
//! sweep) built whole beside `--out`, then put in place replacing only
//! what wodds wrote.
//!
//! The rule: **wodds removes only files it wrote itself and can prove it
//! wrote.** Each of its directories holds a `manifest.json` that lists
//! every file written there with its size and sha256. A file is wodds's
//! when that list names it and its bytes still have that size and sha256
//! (and `manifest.json` is wodds's when it is one of wodds's manifests).
//! Everything else in the directory (a designer's notes, a notebook, a
//! sub-folder, a file of the report edited by hand) is the user's, and
//! stays.
//!
//! [`Target::prepare`], before any work:
//! - refuses an `--out` that is, holds or lies inside one of the command's
//!   inputs (a scenario, a rule file or a file it extends, a part being
//!   merged), or that is or holds the current directory;
//! - refuses a file, a directory of another kind, and a directory that is
//!   not wodds's or whose manifest is damaged, unless `force`; with
//!   `force` wodds writes into it and still removes nothing but its own;
//! - refuses a user's file where the new directory puts one of its own
//!   (an `index.html` edited by hand), unless `force`, which keeps the
//!   user's under a backup name (`index.html.~1~`, as `cp
//!   --backup=numbered` names them);
//! - removes what a wodds run that was stopped (Ctrl-C, kill -9) left
//!   beside `--out`: a staging directory whose `.lock` file beside it no
//!   running wodds holds;
//! - makes the staging directory beside `--out` (`.wodds-report-…`), with
//!   a lock file beside it, and returns it as [`Staged`].
//!
//! [`Staged::publish`] puts the finished directory in place: the user's
//! entries in `--out` are hard-linked into the staging directory (the same
//! files under a second name, nothing copied), the staging directory and
//! `--out` are swapped in one step (`renameat2(RENAME_EXCHANGE)` on Linux,
//! `RENAME_SWAP` on macOS; elsewhere, or on a file system without it, two
//! renames with an instant between them where `--out` is absent), and from
//! the old directory wodds removes its own files and the user's second
//! names (same device and inode as the entry now in `--out`). At every
//! instant `--out` is the old directory or the new one, each complete.
//!
//! On SIGINT or SIGTERM the binary calls [`interrupted`], which removes
//! the staging directories of the run (and `wodds check`'s scratch
//! directory) before it exits.

mod dest;
mod inventory;
mod leftovers;

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

pub use dest::{Dest, Kind};
pub(crate) use inventory::inside;
use inventory::{Inventory, Leaf, Moved, apart, collisions, inventory, resolve};
use leftovers::{
    LockNote, clear_stale, live, make_staging, note_lock, remove_empty_dirs, sweep_old,
};
pub use leftovers::{Scratch, interrupted};

use crate::error::ReportError;
use crate::manifest::FileEntry;

/// A directory being built beside `--out`, published by [`Staged::publish`];
/// dropped unpublished, it is removed.
#[derive(Debug)]
pub struct Staged {
    dir: PathBuf,
    lock_path: PathBuf,
    lock: File,
    shown: PathBuf,
    real: PathBuf,
    kind: Kind,
    flag: &'static str,
    force: bool,
    /// Lines to tell the user (stale directories removed).
    pub notes: Vec<String>,
    /// What was left of the old directory, if anything.
    left: Option<String>,
    /// The topmost folder made for `--out`'s parent, if any.
    made: Option<PathBuf>,
    done: bool,
}

/// What [`Staged::publish`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Published {
    /// One line each: the user's files kept, their backups, what was left.
    pub notes: Vec<String>,
}

impl Target {
    /// Checks `dest` before any work (see the [module](self)) and makes
    /// the staging directory beside it.
    pub fn prepare(dest: &Dest) -> Result<Staged, ReportError> {
        let fail = |message: String| ReportError::Out {
            flag: dest.flag,
            path: dest.out.to_path_buf(),
            message,
        };
        let real = resolve(dest.out).map_err(|e| fail(format!("cannot resolve it: {e}")))?;
        apart(dest, &real)?;
        let parent = real
            .parent()
            .ok_or_else(|| fail("is the root of the file system".to_string()))?
            .to_path_buf();
        match fs::metadata(&real) {
            Ok(m) if m.is_dir() => {
                let inv = inventory(&real)
                    .map_err(|e| fail(format!("cannot read what it holds: {e}")))?;
                refuse_unless_forced(dest, &inv)?;
                let planned: Vec<PathBuf> = dest.planned.iter().map(PathBuf::from).collect();
                if !dest.force
                    && let Some(m) = collisions(&inv, &planned).first()
                {
                    return Err(fail(collision_message(dest.kind, m)));
                }
            }
            Ok(_) => {
                return Err(fail(
                    "is a file, not a directory; give a directory's path".to_string(),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(fail(format!("cannot write there: {e}"))),
        }
        if fs::symlink_metadata(&real).is_ok() && fs::metadata(&real).is_err() {
            return Err(fail(
                "is a symbolic link to nothing; give a directory's path".to_string(),
            ));
        }
        let notes = clear_stale(
            &parent,
            &[
                Kind::Report.prefix(),
                Kind::Part.prefix(),
                Kind::Sweep.prefix(),
            ],
        );
        // The topmost folder made for it, removed again if it never is.
        let made = parent
            .ancestors()
            .take_while(|d| !d.exists())
            .last()
            .map(Path::to_path_buf);
        fs::create_dir_all(&parent).map_err(|e| fail(format!("cannot write there: {e}")))?;
        let out_name = real
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let note = LockNote {
            tool: "wodds".to_string(),
            out: out_name,
            phase: "building".to_string(),
        };
        let (dir, lock_path, lock) =
            make_staging(&parent, dest.kind.prefix(), &note, Some(real.clone())).map_err(|e| {
                if let Some(top) = &made {
                    let _ = remove_empty_dirs(top);
                }
                fail(format!("cannot write there: {e}"))
            })?;
        Ok(Staged {
            dir,
            lock_path,
            lock,
            shown: dest.out.to_path_buf(),
            real,
            kind: dest.kind,
            flag: dest.flag,
            force: dest.force,
            notes,
            left: None,
            made,
            done: false,
        })
    }
}

/// Checks `--out` before any work: see [`Target::prepare`].
#[derive(Debug)]
pub struct Target;

/// Refuses a directory that is not this kind's unless `force`.
fn refuse_unless_forced(dest: &Dest, inv: &Inventory) -> Result<(), ReportError> {
    if dest.force || inv.kind == Some(dest.kind) {
        return Ok(());
    }
    let empty = inv.ours.is_empty() && inv.theirs.is_empty();
    if empty {
        return Ok(());
    }
    let noun = dest.kind.noun();
    let message = match (inv.kind, &inv.damaged) {
        (Some(k), _) => format!(
            "is a wodds {}, not a {noun}; give another directory (or --force to write the {noun} into it, keeping what is there)",
            k.noun()
        ),
        (None, Some(why)) => format!(
            "its manifest.json is not wodds's ({why}); give another directory (or --force to write the {noun} into it: wodds then removes nothing it cannot prove it wrote)"
        ),
        (None, None) => format!(
            "exists and is not a wodds {noun} directory (it has no manifest.json); give a new or empty directory (or --force to write the {noun} into it, keeping everything that is there)"
        ),
    };
    Err(ReportError::Out {
        flag: dest.flag,
        path: dest.out.to_path_buf(),
        message,
    })
}

fn collision_message(kind: Kind, m: &Moved) -> String {
    format!(
        "{} is not a file wodds wrote (it is not in the manifest, or was changed since), and the new {} puts one of its own there; move it away, or pass --force to keep it as {}",
        m.leaf.rel.display(),
        kind.noun(),
        m.backup.display()
    )
}

/// Swaps two directories in one step where the system can.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn swap(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

#[cfg(target_os = "macos")]
fn swap(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::SWAP).map_err(io::Error::from)
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos")))]
fn swap(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

impl Staged {
    /// The directory to write into.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    fn fail(&self, message: String) -> ReportError {
        ReportError::Out {
            flag: self.flag,
            path: self.shown.clone(),
            message,
        }
    }

    /// Puts the finished directory in place (see the [module](self)):
    /// `files` are the files written into [`Staged::path`] besides
    /// `manifest.json`, which must be there too.
    pub fn publish(mut self, files: &[FileEntry]) -> Result<Published, ReportError> {
        let mut wanted: Vec<PathBuf> = files.iter().map(|f| PathBuf::from(&f.path)).collect();
        wanted.push(PathBuf::from("manifest.json"));
        let mut published = Published::default();
        let old = match fs::metadata(&self.real) {
            Ok(m) if m.is_dir() => Some(m),
            Ok(_) => {
                return Err(self.fail("is a file now, not a directory".to_string()));
            }
            Err(_) => None,
        };
        let Some(old_meta) = old else {
            self.rename_in()?;
            return Ok(published);
        };
        let inv = inventory(&self.real)
            .map_err(|e| self.fail(format!("cannot read what it holds: {e}")))?;
        refuse_unless_forced(
            &Dest {
                out: &self.shown,
                kind: self.kind,
                flag: self.flag,
                force: self.force,
                inputs: &[],
                planned: &[],
            },
            &inv,
        )?;
        let moved = collisions(&inv, &wanted);
        if !self.force
            && let Some(m) = moved.first()
        {
            return Err(self.fail(collision_message(self.kind, m)));
        }
        // The user's entries, under a second name in the new directory.
        for leaf in &inv.theirs {
            let to = match moved.iter().find(|m| m.leaf.rel == leaf.rel) {
                Some(m) => m.to(),
                None => leaf.rel.clone(),
            };
            self.carry(leaf, &to).map_err(|e| {
                self.fail(format!(
                    "cannot keep {} in the new {}: {e}; nothing was changed",
                    leaf.rel.display(),
                    self.kind.noun()
                ))
            })?;
        }
        let mut backups: Vec<(&Path, &Path)> = Vec::new();
        for m in &moved {
            if !backups.iter().any(|(at, _)| *at == m.at) {
                backups.push((&m.at, &m.backup));
            }
        }
        for (at, backup) in backups {
            published.notes.push(format!(
                "kept {} as {} (wodds did not write it)",
                self.shown.join(at).display(),
                self.shown.join(backup).display()
            ));
        }
        let _ = fs::set_permissions(&self.dir, old_meta.permissions());
        self.swap_in(&inv)?;
        let kept: Vec<String> = inv
            .theirs
            .iter()
            .filter(|l| !moved.iter().any(|m| m.leaf.rel == l.rel))
            .map(|l| l.rel.display().to_string())
            .collect();
        if !kept.is_empty() {
            let shown: Vec<&str> = kept.iter().take(3).map(String::as_str).collect();
            published.notes.push(format!(
                "kept {} file{} in {} that wodds did not write ({}{})",
                kept.len(),
                if kept.len() == 1 { "" } else { "s" },
                self.shown.display(),
                shown.join(", "),
                if kept.len() > 3 { ", …" } else { "" }
            ));
        }
        published.notes.extend(self.left.take());
        Ok(published)
    }

    /// Links the user's `leaf` of `--out` into the new directory at `to`
    /// (an empty folder is made again, with its mode).
    fn carry(&self, leaf: &Leaf, to: &Path) -> io::Result<()> {
        let from = self.real.join(&leaf.rel);
        let dest = self.dir.join(to);
        if let Some(p) = to.parent() {
            make_dirs(&self.real, &self.dir, p)?;
        }
        if leaf.is_dir {
            fs::create_dir(&dest)?;
            fs::set_permissions(&dest, fs::symlink_metadata(&from)?.permissions())
        } else {
            fs::hard_link(&from, &dest)
        }
    }

    /// `--out` does not exist: renamed into place (never over a directory
    /// made there meanwhile).
    fn rename_in(&mut self) -> Result<(), ReportError> {
        #[cfg(any(target_os = "linux", target_os = "android", target_os = "macos"))]
        let done = {
            use rustix::fs::{CWD, RenameFlags, renameat_with};
            match renameat_with(CWD, &self.dir, CWD, &self.real, RenameFlags::NOREPLACE) {
                Ok(()) => Ok(()),
                Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => {
                    fs::rename(&self.dir, &self.real)
                }
                Err(e) => Err(io::Error::from(e)),
            }
        };
        #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos")))]
        let done = fs::rename(&self.dir, &self.real);
        done.map_err(|e| self.fail(format!("cannot put it in place: {e}")))?;
        self.finish();
        Ok(())
    }

    /// Swaps the new directory with the old `--out`, then clears the old
    /// one of wodds's files and the user's second names.
    fn swap_in(&mut self, inv: &Inventory) -> Result<(), ReportError> {
        let mut live = live();
        match swap(&self.dir, &self.real) {
            Ok(()) => {}
            Err(_) => {
                // No swap in one step here: the old directory aside, the
                // new one in (an instant without --out between them).
                fs::rename(&self.real, self.dir.with_extension("old"))
                    .and_then(|()| {
                        fs::rename(&self.dir, &self.real).inspect_err(|_| {
                            let _ = fs::rename(self.dir.with_extension("old"), &self.real);
                        })
                    })
                    .map_err(|e| self.fail(format!("cannot put it in place: {e}")))?;
                fs::rename(self.dir.with_extension("old"), &self.dir)
                    .map_err(|e| self.fail(format!("cannot clear the old one: {e}")))?;
            }
        }
        if let Some(l) = live.iter_mut().find(|l| l.dir == self.dir) {
            l.swapped = true;
        }
        let out_name = self
            .real
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let _ = note_lock(
            &mut self.lock,
            &LockNote {
                tool: "wodds".to_string(),
                out: out_name,
                phase: "swapped".to_string(),
            },
        );
        let left = sweep_old(&self.dir, &self.real, Some(&inv.ours));
        live.retain(|l| l.dir != self.dir);
        drop(live);
        match left {
            Ok(left) if left.is_empty() || !self.dir.exists() => {}
            Ok(left) => {
                let keep = self.keep_left();
                self.left = Some(format!(
                    "{} file{} appeared in {} while wodds worked and {} not in the new {}: left in {}",
                    left.len(),
                    if left.len() == 1 { "" } else { "s" },
                    self.shown.display(),
                    if left.len() == 1 { "is" } else { "are" },
                    self.kind.noun(),
                    keep.display()
                ));
            }
            Err(e) => {
                let keep = self.keep_left();
                self.left = Some(format!(
                    "the old {} could not be cleared ({e}): left in {}",
                    self.kind.noun(),
                    keep.display()
                ));
            }
        }
        self.finish();
        Ok(())
    }

    /// Gives the old directory, which still holds the user's files, a
    /// visible name beside `--out`.
    fn keep_left(&self) -> PathBuf {
        let base = self.real.as_os_str().to_string_lossy().to_string();
        for k in 1.. {
            let p = PathBuf::from(format!("{base}.wodds-left-{k}"));
            if !p.exists() && fs::rename(&self.dir, &p).is_ok() {
                return p;
            }
            if k > 1000 {
                break;
            }
        }
        self.dir.clone()
    }

    fn finish(&mut self) {
        self.done = true;
        let _ = fs::remove_file(&self.lock_path);
        live().retain(|l| l.dir != self.dir);
    }
}

/// Makes the folders of `rel` in `new`, each with the mode of the same
/// folder in `old` where it has one.
fn make_dirs(old: &Path, new: &Path, rel: &Path) -> io::Result<()> {
    let mut p = PathBuf::new();
    for c in rel.components() {
        p.push(c);
        let d = new.join(&p);
        if fs::symlink_metadata(&d).is_err() {
            fs::create_dir(&d)?;
            if let Ok(m) = fs::symlink_metadata(old.join(&p))
                && m.is_dir()
            {
                fs::set_permissions(&d, m.permissions())?;
            }
        }
    }
    Ok(())
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_dir_all(&self.dir);
            let _ = fs::remove_file(&self.lock_path);
            live().retain(|l| l.dir != self.dir);
            if let Some(top) = &self.made {
                let _ = remove_empty_dirs(top);
            }
        }
    }
}
