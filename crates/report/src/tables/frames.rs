//! Rows to DataFrames, a column at a time in each schema's order, every
//! number tidied as it is written.

use polars::prelude::*;

use crate::compute::delta::Delta;
use crate::compute::delta::rows::{ChangeRow, rows};
use crate::compute::dots::DotRow;
use crate::compute::rows::{ActionRow, Bucket, Metric, OddsRow, WITHIN, prob, tidy};
use crate::manifest::VERSION;

/// Builds a DataFrame column by column, in a schema's order.
pub(crate) struct Frame {
    cols: Vec<Column>,
}

impl Frame {
    pub(crate) fn new() -> Self {
        Frame { cols: Vec::new() }
    }
    pub(crate) fn str<'a>(mut self, name: &str, v: impl Iterator<Item = &'a str>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<&str>>()));
        self
    }
    pub(crate) fn opt_str<'a>(
        mut self,
        name: &str,
        v: impl Iterator<Item = Option<&'a str>>,
    ) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<&str>>>()));
        self
    }
    pub(crate) fn i32(mut self, name: &str, v: impl Iterator<Item = i32>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<i32>>()));
        self
    }
    pub(crate) fn opt_i32(mut self, name: &str, v: impl Iterator<Item = Option<i32>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<i32>>>()));
        self
    }
    pub(crate) fn u32(mut self, name: &str, v: impl Iterator<Item = u32>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<u32>>()));
        self
    }
    pub(crate) fn opt_u32(mut self, name: &str, v: impl Iterator<Item = Option<u32>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<u32>>>()));
        self
    }
    pub(crate) fn u64(mut self, name: &str, v: impl Iterator<Item = u64>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<u64>>()));
        self
    }
    pub(crate) fn opt_u64(mut self, name: &str, v: impl Iterator<Item = Option<u64>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<u64>>>()));
        self
    }
    pub(crate) fn f64(mut self, name: &str, v: impl Iterator<Item = f64>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<f64>>()));
        self
    }
    pub(crate) fn opt_f64(mut self, name: &str, v: impl Iterator<Item = Option<f64>>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<Option<f64>>>()));
        self
    }
    pub(crate) fn bool(mut self, name: &str, v: impl Iterator<Item = bool>) -> Self {
        self.cols
            .push(Column::new(name.into(), v.collect::<Vec<bool>>()));
        self
    }
    pub(crate) fn finish(self, height: usize) -> PolarsResult<DataFrame> {
        DataFrame::new(height, self.cols)
    }
}

/// The odds rows as a DataFrame.
pub fn odds_frame(rows: &[OddsRow]) -> PolarsResult<DataFrame> {
    let p = |f: fn(&OddsRow) -> f64| rows.iter().map(move |r| prob(f(r)));
    Frame::new()
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .i32("pool", rows.iter().map(|r| r.pool))
        .i32("difficulty", rows.iter().map(|r| r.difficulty))
        .f64("p_success", p(|r| r.stats.p_success))
        .f64("p_botch", p(|r| r.stats.p_botch))
        .f64("mean", rows.iter().map(|r| tidy(r.stats.mean)))
        .f64("p_ge_1", p(|r| r.stats.p_ge[0]))
        .f64("p_ge_2", p(|r| r.stats.p_ge[1]))
        .f64("p_ge_3", p(|r| r.stats.p_ge[2]))
        .f64("p_ge_4", p(|r| r.stats.p_ge[3]))
        .f64("p_ge_5", p(|r| r.stats.p_ge[4]))
        .str("options", rows.iter().map(|r| r.options.as_str()))
        .str("method", rows.iter().map(|_| "exact"))
        .opt_u64("trials", rows.iter().map(|_| None))
        .opt_u64("seed", rows.iter().map(|_| None))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The extended-action rows as a DataFrame.
pub fn actions_frame(rows: &[ActionRow]) -> PolarsResult<DataFrame> {
    let mut f = Frame::new()
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .i32("pool", rows.iter().map(|r| r.pool))
        .i32("difficulty", rows.iter().map(|r| r.difficulty))
        .u32("target", rows.iter().map(|r| r.target))
        .str("botch", rows.iter().map(|r| r.botch.as_str()))
        .f64("p_success", rows.iter().map(|r| prob(r.p_success)))
        .opt_f64("mean_rolls", rows.iter().map(|r| r.mean_rolls.map(tidy)))
        .opt_u32("median_rolls", rows.iter().map(|r| r.median_rolls))
        .opt_u32("p90_rolls", rows.iter().map(|r| r.p90_rolls));
    for (i, k) in WITHIN.iter().enumerate() {
        f = f.f64(
            &format!("p_within_{k}"),
            rows.iter().map(move |r| prob(r.p_within[i])),
        );
    }
    f.str("method", rows.iter().map(|_| "exact"))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The summary rows as a DataFrame.
pub fn summary_frame(rows: &[Metric]) -> PolarsResult<DataFrame> {
    Frame::new()
        .str("scenario", rows.iter().map(|r| r.scenario.as_str()))
        .str("kind", rows.iter().map(|r| r.kind.as_str()))
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .opt_str("side", rows.iter().map(|r| r.side.as_deref()))
        .str("metric", rows.iter().map(|r| r.metric.as_str()))
        .opt_u32("round", rows.iter().map(|r| r.round))
        .f64("value", rows.iter().map(|r| tidy(r.value)))
        .f64("ci_low", rows.iter().map(|r| tidy(r.ci_low)))
        .f64("ci_high", rows.iter().map(|r| tidy(r.ci_high)))
        .bool("exact", rows.iter().map(|r| r.exact))
        .opt_u64("trials", rows.iter().map(|r| r.trials))
        .opt_u64("seed", rows.iter().map(|r| r.seed))
        .str("sampler", rows.iter().map(|r| r.sampler.as_str()))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// The distribution rows as a DataFrame.
pub fn distributions_frame(rows: &[Bucket]) -> PolarsResult<DataFrame> {
    Frame::new()
        .str("scenario", rows.iter().map(|r| r.scenario.as_str()))
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .str("metric", rows.iter().map(|r| r.metric.as_str()))
        .u32("bucket", rows.iter().map(|r| r.bucket))
        .opt_i32("track", rows.iter().map(|r| r.track))
        .f64("probability", rows.iter().map(|r| prob(r.probability)))
        .bool("exact", rows.iter().map(|r| r.exact))
        .finish(rows.len())
}

/// The "What is a dot worth" rows as a DataFrame.
pub fn dots_frame(rows: &[DotRow]) -> PolarsResult<DataFrame> {
    Frame::new()
        .str("scenario", rows.iter().map(|r| r.scenario.as_str()))
        .str("edition", rows.iter().map(|r| r.edition.as_str()))
        .str("side", rows.iter().map(|r| r.side.as_str()))
        .str("trait", rows.iter().map(|r| r.trait_name.as_str()))
        .f64("win_rate", rows.iter().map(|r| tidy(r.base)))
        .f64("raised_win_rate", rows.iter().map(|r| tidy(r.raised)))
        .f64("change", rows.iter().map(|r| tidy(r.change())))
        .str("rules_hash", rows.iter().map(|r| r.rules_hash.as_str()))
        .str("wodds_version", rows.iter().map(|_| VERSION))
        .finish(rows.len())
}

/// `changes.parquet`: every figure each comparison moved ([`rows`](fn@rows)), a
/// row each, the base and rule named on every row.
pub fn changes_frame(deltas: &[Delta]) -> PolarsResult<DataFrame> {
    let all: Vec<(&Delta, ChangeRow)> = deltas
        .iter()
        .flat_map(|d| rows(d).into_iter().map(move |r| (d, r)))
        .collect();
    let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let scenario: Vec<Option<String>> = all.iter().map(|(_, r)| some(&r.scenario)).collect();
    let item: Vec<Option<String>> = all.iter().map(|(_, r)| some(&r.item)).collect();
    Frame::new()
        .str("base", all.iter().map(|(d, _)| d.base.id.as_str()))
        .str("rule", all.iter().map(|(d, _)| d.rule.id.as_str()))
        .str("section", all.iter().map(|(_, r)| r.section))
        .opt_str("scenario", scenario.iter().map(Option::as_deref))
        .opt_str("item", item.iter().map(Option::as_deref))
        .str("metric", all.iter().map(|(_, r)| r.metric.as_str()))
        .f64("base_value", all.iter().map(|(_, r)| tidy(r.shift.base)))
        .f64("rule_value", all.iter().map(|(_, r)| tidy(r.shift.rule)))
        .f64("change", all.iter().map(|(_, r)| tidy(r.shift.change)))
        .f64("ci_low", all.iter().map(|(_, r)| tidy(r.shift.low)))
        .f64("ci_high", all.iter().map(|(_, r)| tidy(r.shift.high)))
        .bool("exact", all.iter().map(|(_, r)| r.method == "exact"))
        .str("base_hash", all.iter().map(|(d, _)| d.base.hash.as_str()))
        .str("rule_hash", all.iter().map(|(d, _)| d.rule.hash.as_str()))
        .str("wodds_version", all.iter().map(|_| VERSION))
        .finish(all.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::schema::{ACTIONS, DISTRIBUTIONS, ODDS, SUMMARY, check_schema};

    #[test]
    fn each_frame_matches_its_schema() {
        let metric = Metric {
            scenario: "s".into(),
            kind: "combat".into(),
            edition: "revised".into(),
            side: None,
            metric: "draws".into(),
            round: None,
            value: 0.5,
            ci_low: 0.4,
            ci_high: 0.6,
            exact: false,
            trials: Some(10),
            seed: Some(1),
            sampler: "outcome".into(),
            rules_hash: "abc".into(),
        };
        let df = summary_frame(&[metric.clone(), metric]).unwrap();
        check_schema(&df, SUMMARY).unwrap();
        assert_eq!(df.height(), 2);
        let b = Bucket {
            scenario: "s".into(),
            edition: "revised".into(),
            metric: "rounds".into(),
            bucket: 3,
            track: None,
            probability: 0.25,
            exact: true,
        };
        check_schema(&distributions_frame(&[b]).unwrap(), DISTRIBUTIONS).unwrap();
        check_schema(&odds_frame(&[]).unwrap(), ODDS).unwrap();
        check_schema(&actions_frame(&[]).unwrap(), ACTIONS).unwrap();
    }
}
