//! Numbers as every output writes them: [`tidy`] (12 significant digits,
//! never a negative zero) and [`Cell`] (a CSV field, short for tiny shares).

use std::io::{self, Write};

/// `x` rounded to 12 significant digits, so that sums like 0.1 + 0.2 print
/// as 0.3 and not 0.30000000000000004 (far inside the engine's 1e-12); a
/// negative zero, or a rounding error below zero of at most 1e-12, is 0.
pub fn tidy(x: f64) -> f64 {
    let t: f64 = format!("{x:.11e}").parse().unwrap_or(x);
    if (-1e-12..=0.0).contains(&t) { 0.0 } else { t }
}

/// A CSV writer over `out`, quoting every field that needs it; flush it
/// before returning.
pub fn csv_writer(out: &mut dyn Write) -> csv::Writer<&mut dyn Write> {
    csv::Writer::from_writer(out)
}

/// What `write` writes, as text: CSV written to memory, which cannot
/// fail, of fields that are all UTF-8.
pub fn csv_text(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).expect("writing CSV to memory");
    String::from_utf8(out).expect("CSV of UTF-8 fields")
}

/// An optional value as a CSV field: empty when absent.
pub fn opt<T: Cell>(v: Option<T>) -> String {
    v.map_or(String::new(), |v| v.cell())
}

/// A value as a CSV field.
pub trait Cell {
    /// The field's text.
    fn cell(&self) -> String;
}

/// A number as a CSV field: as Rust writes it (`0.25`, `1`), but below
/// 1e-6 in scientific notation (`3.9e-170`, as JSON writes it) rather than
/// as a fixed-point string of up to 183 characters; both read back to the
/// same number.
impl Cell for f64 {
    fn cell(&self) -> String {
        let x = *self + 0.0;
        if x != 0.0 && x.abs() < 1e-6 {
            format!("{x:e}")
        } else {
            x.to_string()
        }
    }
}

macro_rules! cells {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            fn cell(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
cells!(i32, i64, u8, u16, u32, u64, usize, bool, &str, String);

#[cfg(test)]
mod tests {
    use super::Cell;

    /// A tiny exact share is written as JSON writes it, not as 183
    /// characters of fixed point; ordinary numbers as before; every field
    /// reads back to the same number.
    #[test]
    fn numbers_are_short_fields() {
        for (x, text) in [
            (3.9e-170, "3.9e-170"),
            (1.0842021724855044e-19, "1.0842021724855044e-19"),
            (0.25, "0.25"),
            (1.0, "1"),
            (-0.0, "0"),
            (0.000001, "0.000001"),
            (-2.5e-9, "-2.5e-9"),
        ] {
            assert_eq!(x.cell(), text);
            assert_eq!(text.parse::<f64>().unwrap(), x + 0.0);
        }
    }
}
