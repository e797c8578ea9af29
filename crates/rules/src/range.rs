//! `N` or `A-B` integer ranges of pools and difficulties, as given on the
//! command line (`--pool 3-7`).

use std::ops::RangeInclusive;
use std::str::FromStr;

/// An inclusive range given as `N` or `A-B`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntRange(pub RangeInclusive<i32>);

impl FromStr for IntRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a number or a range like 3-8");
        let num = |t: &str| t.trim().parse::<i32>().map_err(|_| bad());
        match s.split_once('-') {
            Some((a, b)) if !a.trim().is_empty() => {
                let (a, b) = (num(a)?, num(b)?);
                if a > b {
                    return Err(format!("`{s}` is empty: write the smaller end first"));
                }
                Ok(IntRange(a..=b))
            }
            _ => num(s).map(|n| IntRange(n..=n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_single_values_and_ranges() {
        assert_eq!("7".parse(), Ok(IntRange(7..=7)));
        assert_eq!("1-20".parse(), Ok(IntRange(1..=20)));
        assert_eq!(" 2 - 10 ".parse(), Ok(IntRange(2..=10)));
        assert!("5-3".parse::<IntRange>().is_err());
        assert!("x".parse::<IntRange>().is_err());
        assert!("1-".parse::<IntRange>().is_err());
    }
}
