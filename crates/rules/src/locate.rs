//! Where a mistake in a TOML file is: its kind, path, line, column and
//! field, in a designer's words.

use std::io::Read;
use std::path::Path;

use crate::RulesError;
use crate::error::FileKind;

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The name inside a table header line (`[dice.willpower]  # x`).
fn header(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix('[')?;
    Some(inner.trim_start_matches('[').split(']').next()?.trim())
}

/// The key a line assigns, if it starts with `key =`.
fn key(line: &str) -> Option<&str> {
    let (k, _) = line.split_once('=')?;
    let k = k.trim().trim_matches('"');
    let bare = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    bare.then_some(k)
}

/// The dotted name of the field at `offset`: the table header above it and
/// the key it belongs to (looking up past the lines of a multi-line array).
pub(crate) fn field_at(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if let Some(h) = header(&text[line_start..line_end]) {
        return h.to_string();
    }
    let mut table = None;
    let mut field = None;
    for line in text[..line_end].lines().rev() {
        if let Some(h) = header(line) {
            table = Some(h);
            break;
        }
        if field.is_none() {
            field = key(line);
        }
    }
    match (table, field) {
        (Some(t), Some(k)) => format!("{t}.{k}"),
        (Some(t), None) => t.to_string(),
        (None, k) => k.unwrap_or("").to_string(),
    }
}

/// The table whose header is on or above the line of `offset` (`""`: the
/// top of the file).
fn table_at(text: &str, offset: usize) -> &str {
    let offset = offset.min(text.len());
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    text[..line_end]
        .lines()
        .rev()
        .find_map(header)
        .unwrap_or("")
}

/// toml's message in a designer's words.
pub(crate) fn plain(message: &str) -> String {
    message
        .trim()
        .replace("expected u8", "expected a whole number 0..=255")
        .replace("expected u16", "expected a whole number 0..=65535")
        .replace("expected u32", "expected a whole number 0..=4294967295")
        .replace(
            "expected u64",
            "expected a whole number 0..=18446744073709551615",
        )
        .replace("expected i32", "expected a whole number")
        .replace("expected i64", "expected a whole number")
        .replace("expected a boolean", "expected true or false")
}

/// An error about `field` at byte `offset` of the TOML `text` of `file`.
pub fn located(
    kind: FileKind,
    file: &str,
    text: &str,
    offset: usize,
    field: &str,
    message: impl Into<String>,
) -> RulesError {
    let (line, column) = line_col(text, offset);
    RulesError::File {
        kind,
        file: file.to_string(),
        line,
        column,
        field: field.to_string(),
        message: message.into(),
    }
}

/// Parses TOML `text` of `file` into `T`, an error naming the file, line,
/// column and field in a designer's words.
pub fn from_toml<T: serde::de::DeserializeOwned>(
    kind: FileKind,
    file: &str,
    text: &str,
) -> Result<T, RulesError> {
    toml::from_str::<T>(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        let mut field = field_at(text, offset);
        let mut message = plain(e.message());
        // serde names a missing field only in its message: name it as the
        // field, under the table it is missing from.
        if let Some(name) = message
            .strip_prefix("missing field `")
            .and_then(|m| m.strip_suffix('`'))
        {
            field = match table_at(text, offset) {
                "" => name.to_string(),
                table => format!("{table}.{name}"),
            };
            message = "missing".to_string();
        }
        located(kind, file, text, offset, &field, message)
    })
}

/// The largest rule or scenario file read (1 MiB; the built-in editions are
/// about 4 kB). A larger file, or a device such as `/dev/zero` that never
/// ends, is refused after this many bytes instead of read until memory runs
/// out.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads the text of a `kind` file: an error that cannot be read (or is
/// larger than [`MAX_FILE_BYTES`]) names the file once, and text that is
/// not UTF-8 names the line, column and field of the first bad byte.
pub fn read_text(kind: FileKind, path: &Path) -> Result<String, RulesError> {
    let read = || -> std::io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::FileTooLarge,
                "larger than 1 MiB, too large for a rule or scenario file",
            ));
        }
        Ok(bytes)
    };
    let bytes = read().map_err(|error| RulesError::Read {
        kind,
        path: path.to_path_buf(),
        error,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let text = String::from_utf8_lossy(&bytes[..at]);
        located(
            kind,
            &path.display().to_string(),
            &text,
            at,
            &field_at(&text, at),
            format!("the file is not UTF-8 text (byte 0x{:02x})", bytes[at]),
        )
    })
}
