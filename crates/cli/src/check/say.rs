//! How `wodds check` says things in every format: a figure (a share in
//! percent, as many decimals as tell two apart, never -0), a difference,
//! a p-value, how a figure was compared, a setting's value, the verdict.

use wodds_report::check::Checked;
use wodds_report::compare::Change;

/// `1 figure`, `2 figures`.
pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The one-line verdict (the table prints it after `verdict: `).
pub(super) fn verdict(c: &Checked) -> String {
    let cmp = &c.comparison;
    let t = &cmp.thresholds;
    let level = format!(
        "alpha {} with Holm's correction, min effect {}",
        t.alpha, t.min_effect
    );
    let mut v = if cmp.is_clean() {
        format!(
            "nothing moved: {} equal to 1e-9, {} within noise ({level})",
            plural(cmp.exact, "exact figure", "exact figures"),
            plural(cmp.tested, "estimate", "estimates"),
        )
    } else {
        let exact = cmp.moved.iter().filter(|m| m.is_exact()).count();
        let estimated = cmp.moved.len() - exact;
        format!(
            "{} moved ({exact} exact, {estimated} estimated) of {} and {} tested ({level})",
            plural(cmp.moved.len(), "metric", "metrics"),
            plural(cmp.exact, "exact figure", "exact figures"),
            plural(cmp.tested, "estimate", "estimates"),
        )
    };
    if c.identical == Some(true) {
        v.push_str("; the new report is byte for byte the baseline");
    }
    if c.updated {
        v.push_str(&format!("; baseline {} updated", c.baseline.display()));
    }
    v
}

/// A figure as shown: a share in percent.
pub(super) fn shown(x: f64, share: bool) -> f64 {
    if share { 100.0 * x } else { x }
}

/// Decimals enough to tell the shown `a` from `b` (2 at least, 12 at most).
pub(super) fn decimals(a: Option<f64>, b: Option<f64>, share: bool) -> usize {
    let (Some(a), Some(b)) = (a, b) else {
        return 2;
    };
    let (a, b) = (shown(a, share), shown(b, share));
    (2..=12)
        .find(|&d| format!("{a:.d$}") != format!("{b:.d$}"))
        .unwrap_or(12)
}

/// `x` with `d` decimals, never `-0`.
fn fixed(x: f64, d: usize) -> String {
    let s = format!("{:.d$}", x + 0.0);
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

pub(super) fn number(v: Option<f64>, share: bool, d: usize) -> String {
    match v {
        None => "-".to_string(),
        Some(x) if share => format!("{}%", fixed(shown(x, true), d)),
        Some(x) => fixed(x, d),
    }
}

/// A difference with at least `d` decimals, and more where it would show
/// as 0 (two figures that round apart by less than a unit of the last
/// decimal shown); signed.
pub(super) fn difference(v: Option<f64>, share: bool, d: usize) -> String {
    let Some(x) = v else {
        return "-".to_string();
    };
    let x = shown(x, share);
    let nonzero = |d: usize| {
        format!("{:.d$}", x.abs())
            .bytes()
            .any(|c| (b'1'..=b'9').contains(&c))
    };
    let d = if x == 0.0 {
        d
    } else {
        (d..=12).find(|&d| nonzero(d)).unwrap_or(12)
    };
    let s = fixed(x, d);
    let signed = if s.starts_with('-') || s.bytes().all(|c| c == b'0' || c == b'.') {
        s
    } else {
        format!("+{s}")
    };
    if share {
        format!("{signed} pts")
    } else {
        signed
    }
}

pub(super) fn p_value(p: Option<f64>) -> String {
    match p {
        None => "-".to_string(),
        Some(p) if p < 1e-16 => "<1e-16".to_string(),
        Some(p) => format!("{p:.1e}"),
    }
}

pub(super) fn how(c: &Change) -> String {
    match c.test {
        "exact" | "added" | "removed" => c.test.to_string(),
        t => format!("estimate ({t})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figures show as many decimals as tell them apart, in percent for a
    /// share; a difference never reads 0 or -0 when the figures differ.
    #[test]
    fn figures_show_what_moved_and_never_minus_zero() {
        let (a, b) = (Some(0.499_34), Some(0.499_53));
        let d = decimals(a, b, true);
        assert_eq!(d, 2);
        assert_eq!(
            (number(a, true, d), number(b, true, d)),
            ("49.93%".to_string(), "49.95%".to_string())
        );
        assert_eq!(difference(Some(0.000_19), true, d), "+0.02 pts");
        // 0.12344999 and 0.12345001 part at the fourth decimal, but their
        // difference is 2e-8.
        let d = decimals(Some(0.123_449_99), Some(0.123_450_01), false);
        assert_eq!(d, 4);
        assert_eq!(difference(Some(-2e-8), false, d), "-0.00000002");
        assert_eq!(difference(Some(2e-8), false, d), "+0.00000002");
        assert_eq!(number(Some(-0.0), false, 2), "0.00");
        assert_eq!(number(Some(-1e-9), false, 2), "0.00");
        assert_eq!(difference(Some(0.0), false, 2), "0.00");
        assert_eq!(difference(Some(-1.31), false, 2), "-1.31");
        assert_eq!(difference(None, false, 2), "-");
        assert_eq!(p_value(Some(2.3e-5)), "2.3e-5");
        assert_eq!(p_value(Some(1e-300)), "<1e-16");
    }
}
