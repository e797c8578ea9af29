//! A problem found in a rule family's settings (the settings involved and
//! what is wrong), and the range check every family makes. Below the
//! families that report problems (`[chase]`, `[grapple]`, `[combat.fta]`)
//! and the checks across families in `validate.rs`.

/// A problem: the settings involved (the first one this file sets is
/// blamed) and what is wrong.
pub(crate) type Problem = (Vec<&'static str>, String);

/// Fails with `message`, blaming `keys`.
pub(crate) fn fail(keys: &[&'static str], message: String) -> Result<(), Problem> {
    Err((keys.to_vec(), message))
}

/// `value` must lie in `range` (inclusive).
pub(crate) fn within(key: &'static str, value: i64, lo: i64, hi: i64) -> Result<(), Problem> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        fail(&[key], format!("{value} is outside {lo}..={hi}"))
    }
}
