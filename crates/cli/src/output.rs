//! Where output goes: stdout, or a file written whole or not at all.
//!
//! `--output PATH` is checked before any work ([`Output::prepare`]), so a
//! long run never ends in "cannot write there":
//! - a path that exists and is not a regular file (a device such as
//!   `/dev/null`, a FIFO) is written *through*: opened and written, never
//!   replaced;
//! - a symlink is followed, and its target replaced;
//! - a regular file, or a new one, is replaced atomically: the output goes
//!   to a temporary file beside it, created up front (which proves the
//!   folder is writable) and renamed over it once complete. A new file gets
//!   the mode a plain `File::create` gives it (0666 less the umask), an
//!   existing one keeps its mode;
//! - a path that is one of the command's input files is refused.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
pub use wodds_api::cells::{Cell, csv_writer, opt, tidy};

/// Symlinks followed at most before giving up (as the kernel's ELOOP).
const MAX_LINKS: usize = 40;

/// A prepared destination for a command's output.
#[derive(Debug)]
pub struct Output {
    to: To,
    /// The flag that named it, for errors (`--output`).
    flag: &'static str,
}

#[derive(Debug)]
enum To {
    Stdout,
    /// A device, FIFO or socket, written through.
    Through {
        shown: PathBuf,
        target: PathBuf,
    },
    /// A regular file replaced by renaming `tmp` over `target`.
    Replace {
        shown: PathBuf,
        target: PathBuf,
        tmp: tempfile::NamedTempFile,
    },
}

impl Output {
    /// Checks `--output` (when given) before any work: its folder exists and
    /// takes a new file, it is not a folder, and it is none of `inputs`.
    pub fn prepare(path: Option<&Path>, inputs: &[PathBuf]) -> anyhow::Result<Output> {
        Output::prepare_as("--output", path, inputs)
    }

    /// [`Output::prepare`] for a file named by another flag (`--summary`).
    pub fn prepare_as(
        flag: &'static str,
        path: Option<&Path>,
        inputs: &[PathBuf],
    ) -> anyhow::Result<Output> {
        let Some(shown) = path else {
            return Ok(Output {
                to: To::Stdout,
                flag,
            });
        };
        let fail = |what: String| anyhow!("{flag} {}: {what}", shown.display());
        let target = follow_links(shown).map_err(|e| fail(e.to_string()))?;
        // Absolute, so that the output lands where it was named even if the
        // command changes its directory (`wodds check` runs from the
        // baseline's project).
        let target = std::path::absolute(&target).map_err(|e| fail(e.to_string()))?;
        if let Ok(meta) = fs::metadata(&target) {
            for input in inputs {
                if fs::metadata(input).is_ok_and(|m| same_file(&m, &meta)) {
                    bail!(fail(format!(
                        "is the input file {}; give another path",
                        input.display()
                    )));
                }
            }
            if meta.is_dir() {
                bail!(fail("is a folder; give a file's path".into()));
            }
            if !meta.is_file() {
                return Ok(Output {
                    to: To::Through {
                        shown: shown.to_path_buf(),
                        target,
                    },
                    flag,
                });
            }
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        match fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => bail!(fail(format!("{} is not a folder", dir.display()))),
            Err(_) => bail!(fail(format!("the folder {} does not exist", dir.display()))),
        }
        let mut builder = tempfile::Builder::new();
        builder.prefix(".wodds-").suffix(".tmp");
        // The mode a plain `File::create` gives: a new file 0666 less the
        // umask (the kernel applies it at creation), an existing one keeps
        // its own.
        if let Some(perms) = new_file_permissions() {
            builder.permissions(perms);
        }
        let tmp = builder
            .tempfile_in(dir)
            .map_err(|e| fail(format!("cannot create a file in {}: {e}", dir.display())))?;
        if let Ok(existing) = fs::metadata(&target) {
            tmp.as_file()
                .set_permissions(existing.permissions())
                .map_err(|e| fail(format!("cannot give it the old file's mode: {e}")))?;
        }
        Ok(Output {
            to: To::Replace {
                shown: shown.to_path_buf(),
                target,
                tmp,
            },
            flag,
        })
    }

    /// Writes what `write` produces, whole or not at all.
    pub fn write(self, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> anyhow::Result<()> {
        let flag = self.flag;
        match self.to {
            To::Stdout => {
                let stdout = io::stdout();
                let mut out = io::BufWriter::new(stdout.lock());
                write(&mut out)?;
                out.flush()?;
            }
            To::Through { shown, target } => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .with_context(|| format!("{flag} {}: cannot open it", shown.display()))?;
                let mut out = io::BufWriter::new(file);
                write(&mut out)
                    .and_then(|()| out.flush())
                    .with_context(|| format!("{flag} {}: cannot write it", shown.display()))?;
            }
            To::Replace {
                shown,
                target,
                mut tmp,
            } => {
                {
                    let mut out = io::BufWriter::new(tmp.as_file_mut());
                    write(&mut out)
                        .and_then(|()| out.flush())
                        .with_context(|| format!("{flag} {}: cannot write it", shown.display()))?;
                }
                tmp.persist(&target).map_err(|e| {
                    anyhow!("{flag} {}: cannot write it: {}", shown.display(), e.error)
                })?;
            }
        }
        Ok(())
    }
}

/// `path` with every symlink along its last component followed (the target
/// need not exist yet: a dangling link names the file to create).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// The mode asked for a new file (the kernel takes the umask off it).
#[cfg(unix)]
fn new_file_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(fs::Permissions::from_mode(0o666))
}

#[cfg(not(unix))]
fn new_file_permissions() -> Option<fs::Permissions> {
    None
}

/// Whether the error is a closed pipe (`wodds ... | head`), which is not a failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Checks `--output` before any work (see [`Output::prepare`]); the file is
/// written later by [`emit`].
pub fn check(path: Option<&Path>, inputs: &[PathBuf]) -> anyhow::Result<()> {
    Output::prepare(path, inputs).map(drop)
}

/// Writes what `write` produces to `path` (whole or not at all, as
/// [`Output::prepare`] says) or to stdout.
pub fn emit(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> anyhow::Result<()> {
    Output::prepare(path, &[])?.write(write)
}
