//! What an output directory holds, sorted into the files wodds can prove
//! it wrote and the user's; where the user's are in the way of a new
//! directory; and whether an output directory keeps clear of the inputs.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use serde::Deserialize;

use super::dest::{Dest, Kind};
use crate::error::ReportError;
use crate::files;
use crate::manifest::FileEntry;

/// The manifest's fields that say what wodds wrote (every kind has them).
#[derive(Debug, Deserialize)]
pub(super) struct Owned {
    pub(super) format: String,
    pub(super) files: Vec<FileEntry>,
}

/// An entry of a directory that is not a directory (a file, a link, a
/// device), or an empty directory.
#[derive(Debug, Clone)]
pub(super) struct Leaf {
    pub(super) rel: PathBuf,
    pub(super) is_dir: bool,
    pub(super) id: Option<(u64, u64)>,
}

/// What a directory holds, sorted into what wodds wrote and the rest.
#[derive(Debug, Default)]
pub(super) struct Inventory {
    /// wodds's files (the manifest's, checked), with their identity.
    pub(super) ours: Vec<Leaf>,
    /// Every other leaf: the user's.
    pub(super) theirs: Vec<Leaf>,
    /// The kind its manifest says, if it is wodds's.
    pub(super) kind: Option<Kind>,
    /// Why its `manifest.json` is not one of wodds's, if it has one.
    pub(super) damaged: Option<String>,
}

/// The device and inode of an entry (not followed), where the system has them.
#[cfg(unix)]
pub(super) fn identity(meta: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
pub(super) fn identity(_: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// A path a manifest lists, if it stays inside the directory.
pub(crate) fn inside(rel: &str) -> bool {
    let p = Path::new(rel);
    !rel.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)))
}

/// The manifest of `dir`, if it has one: `Ok(None)` when absent.
pub(super) fn owned(dir: &Path) -> Result<Option<Owned>, String> {
    let path = dir.join("manifest.json");
    match fs::symlink_metadata(&path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
        Ok(m) if !m.is_file() => return Err("it is not a regular file".to_string()),
        Ok(_) => {}
    }
    let text = files::read_text(&path, files::MAX_MANIFEST_BYTES).map_err(|e| e.to_string())?;
    let owned: Owned = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if Kind::from_format(&owned.format).is_none() {
        return Err(format!("its format {:?} is not wodds's", owned.format));
    }
    Ok(Some(owned))
}

/// Sorts what `dir` holds into wodds's files and the user's leaves.
pub(super) fn inventory(dir: &Path) -> io::Result<Inventory> {
    let mut inv = Inventory::default();
    let manifest = match owned(dir) {
        Ok(m) => m,
        Err(why) => {
            inv.damaged = Some(why);
            None
        }
    };
    inv.kind = manifest.as_ref().and_then(|m| Kind::from_format(&m.format));
    let listed = |rel: &Path| -> Option<&FileEntry> {
        let m = manifest.as_ref()?;
        if rel == Path::new("manifest.json") {
            return None;
        }
        m.files
            .iter()
            .find(|f| inside(&f.path) && Path::new(&f.path) == rel)
    };
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let mut entries = fs::read_dir(dir.join(&rel))?
            .map(|e| e.map(|e| e.file_name()))
            .collect::<io::Result<Vec<_>>>()?;
        entries.sort();
        if entries.is_empty() && !rel.as_os_str().is_empty() {
            inv.theirs.push(Leaf {
                id: identity(&fs::symlink_metadata(dir.join(&rel))?),
                rel,
                is_dir: true,
            });
            continue;
        }
        for name in entries {
            let rel = rel.join(name);
            let path = dir.join(&rel);
            let meta = fs::symlink_metadata(&path)?;
            if meta.is_dir() {
                stack.push(rel);
                continue;
            }
            let leaf = Leaf {
                rel: rel.clone(),
                is_dir: false,
                id: identity(&meta),
            };
            let ours = if rel == Path::new("manifest.json") {
                manifest.is_some()
            } else {
                meta.is_file()
                    && listed(&rel).is_some_and(|f| {
                        f.size.is_none_or(|s| s == meta.len())
                            && files::sha256(&path, files::MAX_DATA_BYTES)
                                .is_ok_and(|(_, sha)| sha == f.sha256)
                    })
            };
            if ours {
                inv.ours.push(leaf);
            } else {
                inv.theirs.push(leaf);
            }
        }
    }
    Ok(inv)
}

/// `p` made absolute with every symlink followed, for a path that need not
/// exist yet: its deepest existing ancestor resolved, the rest appended
/// (`.` dropped, `..` taking off the last part).
pub(super) fn resolve(p: &Path) -> io::Result<PathBuf> {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()?.join(p)
    };
    let mut rest = Vec::new();
    let mut base = abs.as_path();
    loop {
        match fs::canonicalize(base) {
            Ok(mut real) => {
                for c in rest.iter().rev() {
                    match c {
                        Component::ParentDir => {
                            real.pop();
                        }
                        Component::Normal(n) => real.push(n),
                        _ => {}
                    }
                }
                return Ok(real);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let Some(parent) = base.parent() else {
                    return Err(e);
                };
                if let Some(last) = base.components().next_back() {
                    rest.push(last);
                }
                base = parent;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Refuses an output directory `real` that is, holds or lies inside one
/// of `inputs`, or that is or holds the current directory.
pub(super) fn apart(dest: &Dest, real: &Path) -> Result<(), ReportError> {
    let refuse = |message: String| ReportError::Out {
        flag: dest.flag,
        path: dest.out.to_path_buf(),
        message,
    };
    for input in dest.inputs {
        let Ok(i) = fs::canonicalize(input) else {
            continue;
        };
        let shown = input.display();
        if i == real {
            return Err(refuse(format!(
                "is the input {shown}: wodds never writes over its own inputs; give another directory"
            )));
        }
        if i.starts_with(real) {
            return Err(refuse(format!(
                "holds the input {shown}: wodds never writes over its own inputs; give another directory"
            )));
        }
        if real.starts_with(&i) {
            return Err(refuse(format!(
                "lies inside the input {shown}: wodds never writes into its own inputs; give another directory"
            )));
        }
    }
    if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
        && cwd.starts_with(real)
    {
        return Err(refuse(
            "is or holds the current directory; give a directory of its own".to_string(),
        ));
    }
    Ok(())
}

/// A user's leaf where the new directory puts a file (or needs a folder):
/// kept under a backup name of the path it covers.
#[derive(Debug, Clone)]
pub(super) struct Moved {
    pub(super) leaf: Leaf,
    /// The path it covers: the leaf, or a folder it is in.
    pub(super) at: PathBuf,
    /// `at`'s backup name (`index.html.~1~`).
    pub(super) backup: PathBuf,
}

impl Moved {
    /// Where the leaf goes in the new directory.
    pub(super) fn to(&self) -> PathBuf {
        let rest = self
            .leaf
            .rel
            .strip_prefix(&self.at)
            .unwrap_or(Path::new(""));
        if rest.as_os_str().is_empty() {
            self.backup.clone()
        } else {
            self.backup.join(rest)
        }
    }
}

/// The leaves of `inv` that a new directory holding `wanted` files (and
/// the folders they are in) would cover.
pub(super) fn collisions(inv: &Inventory, wanted: &[PathBuf]) -> Vec<Moved> {
    let is_file = |p: &Path| wanted.iter().any(|w| w == p);
    let is_dir = |p: &Path| wanted.iter().any(|w| w.starts_with(p) && w != p);
    let taken = |p: &Path| {
        is_file(p)
            || is_dir(p)
            || (inv.ours.iter().chain(&inv.theirs)).any(|l| l.rel.starts_with(p))
    };
    let mut out = Vec::new();
    for leaf in &inv.theirs {
        let mut prefix = PathBuf::new();
        let mut at = None;
        for c in leaf.rel.components() {
            prefix.push(c);
            if is_file(&prefix) || (prefix == leaf.rel && is_dir(&prefix)) {
                at = Some(prefix.clone());
                break;
            }
        }
        let Some(at) = at else { continue };
        let name = at
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let backup = (1..)
            .map(|k| at.with_file_name(format!("{name}.~{k}~")))
            .find(|b| !taken(b))
            .expect("a free backup name");
        out.push(Moved {
            leaf: leaf.clone(),
            at,
            backup,
        });
    }
    out
}
