//! What a command asks of its output directory: the [`Kind`] of directory
//! and the [`Dest`] it goes to.

use std::path::{Path, PathBuf};

/// The kinds of directory wodds writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A report (`wodds report`, `wodds merge`, `wodds check --update`).
    Report,
    /// A shard's part (`--shard`).
    Part,
    /// A sweep's table and charts (`wodds sweep --out`).
    Sweep,
}

impl Kind {
    /// The `format` its manifest carries.
    pub fn format(self) -> &'static str {
        match self {
            Kind::Report => crate::manifest::FORMAT,
            Kind::Part => crate::manifest::PART_FORMAT,
            Kind::Sweep => crate::manifest::SWEEP_FORMAT,
        }
    }

    pub(crate) fn from_format(format: &str) -> Option<Kind> {
        [Kind::Report, Kind::Part, Kind::Sweep]
            .into_iter()
            .find(|k| k.format() == format)
    }

    /// What it is called in messages.
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Kind::Report => "report",
            Kind::Part => "shard's part",
            Kind::Sweep => "sweep",
        }
    }

    /// The staging directories' prefix.
    pub(super) fn prefix(self) -> &'static str {
        match self {
            Kind::Report => ".wodds-report-",
            Kind::Part => ".wodds-part-",
            Kind::Sweep => ".wodds-sweep-",
        }
    }
}

/// Where a kind of directory is written, named for errors by its flag.
#[derive(Debug, Clone)]
pub struct Dest<'a> {
    /// `--out` as given.
    pub out: &'a Path,
    /// Its kind.
    pub kind: Kind,
    /// The flag that names it (`--out`, `--output`, `--baseline`).
    pub flag: &'static str,
    /// Write into a directory that is not this kind's, or whose manifest is
    /// damaged, keeping a user's file where wodds puts one of its own under
    /// a backup name.
    pub force: bool,
    /// The command's input files and directories.
    pub inputs: &'a [PathBuf],
    /// Files the directory will surely hold (`/`-separated), checked
    /// against the user's before any work.
    pub planned: &'a [String],
}
