//! A table as CSV, beside its Parquet file, for a spreadsheet: the same
//! columns in the same order, a header row, one line per row.
//!
//! polars can write CSV itself, but only with a feature that rebuilds
//! polars' core; the report's tables hold six column types, written
//! here cell by cell and quoted by the `csv` crate. Floats are written
//! as Rust's shortest text that reads back as the same number (`0.5`,
//! `1e-7`), so a CSV reads back to its Parquet's values bit for bit; a
//! null is an empty field.

use polars::prelude::{Column, DataFrame, DataType, PolarsError, PolarsResult};

/// A CSV writer's error as polars'.
fn failed(e: impl ToString) -> PolarsError {
    PolarsError::ComputeError(e.to_string().into())
}

/// A column's cells as text.
fn cells(col: &Column) -> PolarsResult<Vec<String>> {
    fn text<T: ToString>(v: impl Iterator<Item = Option<T>>) -> Vec<String> {
        v.map(|x| x.map_or(String::new(), |x| x.to_string()))
            .collect()
    }
    Ok(match col.dtype() {
        DataType::Float64 => col
            .f64()?
            .iter()
            .map(|x| x.map_or(String::new(), |x| format!("{:?}", x + 0.0)))
            .collect(),
        DataType::Int32 => text(col.i32()?.iter()),
        DataType::UInt32 => text(col.u32()?.iter()),
        DataType::UInt64 => text(col.u64()?.iter()),
        DataType::Boolean => text(col.bool()?.iter()),
        _ => text(col.str()?.iter()),
    })
}

/// `df` as CSV bytes: a header of its column names, then its rows.
pub fn csv_bytes(df: &DataFrame) -> PolarsResult<Vec<u8>> {
    let columns: Vec<Vec<String>> = df
        .columns()
        .iter()
        .map(cells)
        .collect::<PolarsResult<_>>()?;
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(df.get_column_names().iter().map(|n| n.as_str()))
        .map_err(failed)?;
    for i in 0..df.height() {
        w.write_record(columns.iter().map(|c| c[i].as_str()))
            .map_err(failed)?;
    }
    w.into_inner().map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Frame;

    /// Every type a report's table holds, a null, a comma and a quote in
    /// text, and floats that must read back exactly.
    #[test]
    fn csv_holds_every_cell_as_written() {
        let df = Frame::new()
            .str("edition", ["revised", "a, \"b\""].into_iter())
            .opt_i32("track", [Some(-3), None].into_iter())
            .u32("bucket", [1, 2].into_iter())
            .opt_u64("seed", [Some(u64::MAX), None].into_iter())
            .f64("p", [0.1 + 0.2, 1e-7].into_iter())
            .bool("exact", [true, false].into_iter())
            .finish(2)
            .unwrap();
        let text = String::from_utf8(csv_bytes(&df).unwrap()).unwrap();
        assert_eq!(
            text,
            "edition,track,bucket,seed,p,exact\n\
             revised,-3,1,18446744073709551615,0.30000000000000004,true\n\
             \"a, \"\"b\"\"\",,2,,1e-7,false\n"
        );
        let back: f64 = "0.30000000000000004".parse().unwrap();
        assert_eq!(back.to_bits(), (0.1f64 + 0.2).to_bits());
    }

    /// -0.0 is written 0.0: no negative zero in any output.
    #[test]
    fn csv_writes_no_negative_zero() {
        let df = Frame::new().f64("v", [-0.0].into_iter()).finish(1).unwrap();
        assert_eq!(csv_bytes(&df).unwrap(), b"v\n0.0\n");
    }
}
