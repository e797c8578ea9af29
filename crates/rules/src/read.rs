//! Reading rule and scenario files, at most [`MAX_FILE_BYTES`] of them.

use std::io::{self, Read};
use std::path::Path;

use crate::RulesError;

/// The largest rule or scenario file read (1 MiB; the built-in editions are
/// about 4 kB). A larger file, or a device such as `/dev/zero` that never
/// ends, is refused after this many bytes instead of read until memory runs
/// out.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text of the rule or scenario file at `path`: a
/// [`RulesError::Read`] naming it when it cannot be read, is not UTF-8, or
/// is larger than [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<String, RulesError> {
    let read = || {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                "larger than 1 MiB, too large for a rule or scenario file",
            ));
        }
        String::from_utf8(bytes).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            )
        })
    };
    read().map_err(|source| RulesError::Read {
        path: path.to_path_buf(),
        source,
    })
}
