//! Reading files with a bound, and writing the files of a directory being
//! built. Reading with a bound: a manifest, a Parquet table or any file a
//! report lists is read only if it is a regular file, and only up to a
//! size, so that a link to `/dev/zero` or a FIFO fails at once, naming
//! the file, instead of filling memory or blocking.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::error::ReportError;

/// The largest `manifest.json` read (a report's lists every file with its
/// sha256: about 200 bytes a file).
pub const MAX_MANIFEST_BYTES: u64 = 16 << 20;

/// The largest table or chart read (a report's largest table is a few
/// hundred kB; a part's tallies are a row per count that is not 0).
pub const MAX_DATA_BYTES: u64 = 1 << 30;

/// Opens `path` for reading if it is a regular file (a symlink to one is
/// followed) of at most `max` bytes.
fn open(path: &Path, max: u64) -> io::Result<(File, u64)> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > max {
        return Err(too_large(max));
    }
    Ok((File::open(path)?, meta.len()))
}

fn too_large(max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("larger than {}, too large to be wodds's", size(max)),
    )
}

/// `n` bytes in words: `16 MiB`.
fn size(n: u64) -> String {
    match n {
        n if n >= 1 << 30 && n % (1 << 30) == 0 => format!("{} GiB", n >> 30),
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n => format!("{n} bytes"),
    }
}

/// The bytes of `path`, a regular file of at most `max` bytes (one that
/// grows while read is cut at `max` and refused).
pub fn read(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let (file, len) = open(path, max)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

/// The text of `path`, a regular file of at most `max` bytes.
pub fn read_text(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read(path, max)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The size and sha256 (hex) of `path`, a regular file of at most `max`
/// bytes, read in pieces.
pub fn sha256(path: &Path, max: u64) -> io::Result<(u64, String)> {
    let (file, _) = open(path, max)?;
    let mut hasher = Sha256::new();
    let mut reader = file.take(max + 1);
    let mut buf = vec![0u8; 64 << 10];
    let mut total = 0u64;
    loop {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        hasher.update(&buf[..n]);
    }
    if total > max {
        return Err(too_large(max));
    }
    let hex = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok((total, hex))
}

/// Writes `bytes` to a new file at `path`, in a directory being built
/// (a report, part or sweep's staging directory, which is put in place
/// whole): the mode a plain `File::create` gives, 0666 less the umask.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    std::fs::write(path, bytes).map_err(ReportError::io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHA-256 of "abc" (FIPS 180-2's example), read from a file.
    #[test]
    fn sha256_of_a_file_of_abc() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("abc");
        std::fs::write(&p, b"abc").unwrap();
        let (n, hex) = sha256(&p, 10).unwrap();
        assert_eq!(n, 3);
        assert_eq!(
            hex,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(read(&p, 3).unwrap(), b"abc");
        assert_eq!(read(&p, 2).unwrap_err().kind(), io::ErrorKind::FileTooLarge);
    }

    /// A link to `/dev/zero` is refused at once, not read until memory
    /// runs out (issue 22, item 7).
    #[cfg(unix)]
    #[test]
    fn a_link_to_dev_zero_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("manifest.json");
        std::os::unix::fs::symlink("/dev/zero", &p).unwrap();
        let e = read(&p, MAX_MANIFEST_BYTES).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file");
        assert!(sha256(&p, MAX_DATA_BYTES).is_err());
    }
}
