//! Where output goes: stdout, or a file written whole or not at all.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;

/// Writes what `write` produces to `path` (via a temporary file in the same
/// folder, renamed into place only on success) or to stdout.
pub fn emit(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> anyhow::Result<()> {
    match path {
        None => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            write(&mut out)?;
            out.flush()?;
        }
        Some(path) => {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            let mut tmp = tempfile::NamedTempFile::new_in(dir).with_context(|| {
                format!("--output {}: cannot create a file there", path.display())
            })?;
            {
                let mut out = io::BufWriter::new(tmp.as_file_mut());
                write(&mut out)?;
                out.flush()?;
            }
            tmp.persist(path)
                .with_context(|| format!("--output {}: cannot write it", path.display()))?;
        }
    }
    Ok(())
}

/// Whether the error is a closed pipe (`wodds ... | head`), which is not a failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// `x` rounded to 12 significant digits, so that sums like 0.1 + 0.2 print
/// as 0.3 and not 0.30000000000000004 (far inside the engine's 1e-12).
pub fn tidy(x: f64) -> f64 {
    format!("{x:.11e}").parse().unwrap_or(x)
}
