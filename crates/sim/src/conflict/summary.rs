//! A scenario-edition's figures: estimated from a [`Tally`] with 95%
//! intervals, and exactly from the round chain where there is one.
//!
//! Rates carry Wilson intervals, means normal intervals (the tally keeps
//! the sums of squares), and the median and 90th percentile of the rounds
//! distribution-free intervals from the binomial order statistics. An
//! exact figure's interval is the figure itself.

use super::chain::Outcomes;
use super::tally::Tally;

/// The 97.5th percentile of the standard normal: 95% intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// One figure and its 95% interval (`low == value == high` when exact).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figure {
    /// The figure.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Figure {
    /// An exact figure.
    pub fn exact(value: f64) -> Figure {
        Figure {
            value,
            low: value,
            high: value,
        }
    }

    /// A share `k / n` with its 95% Wilson interval; `None` when `n` is 0.
    pub fn wilson(k: u64, n: u64) -> Option<Figure> {
        (n > 0).then(|| {
            let nf = n as f64;
            let p = k as f64 / nf;
            let z2 = Z95 * Z95;
            let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
            let half = Z95 / (1.0 + z2 / nf) * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
            // None seen: the bound is 0 exactly (centre - half is 0 but
            // for rounding, 1e-19); all seen: 1 exactly.
            Figure {
                value: p,
                low: if k == 0 {
                    0.0
                } else {
                    (centre - half).max(0.0)
                },
                high: if k == n {
                    1.0
                } else {
                    (centre + half).min(1.0)
                },
            }
        })
    }

    /// A mean from `n` values summing to `sum`, their squares to `sum_sq`,
    /// with its 95% normal interval; `None` when `n` is 0.
    pub fn mean(n: u64, sum: f64, sum_sq: f64) -> Option<Figure> {
        (n > 0).then(|| {
            let nf = n as f64;
            let m = sum / nf;
            let var = (sum_sq / nf - m * m).max(0.0);
            let half = Z95 * (var / nf).sqrt();
            Figure {
                value: m,
                low: m - half,
                high: m + half,
            }
        })
    }
}

/// The figures of a scenario under one edition, from fights or exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Each side's chance to win.
    pub wins: Vec<Figure>,
    /// The chance of each way a fight ends, in [`End::ALL`](super::End::ALL) order
    /// (draws last).
    pub ends: [Figure; super::End::ALL.len()],
    /// Rounds a fight lasts: mean, median and 90th percentile (`None`
    /// before any fight).
    pub rounds_mean: Option<Figure>,
    /// See [`Figures::rounds_mean`].
    pub rounds_median: Option<Figure>,
    /// See [`Figures::rounds_mean`].
    pub rounds_p90: Option<Figure>,
    /// Health levels the winning side lost, over fights someone won.
    pub winner_damage: Option<Figure>,
    /// Willpower spent a fight, all sides.
    pub willpower: Option<Figure>,
    /// Botches a fight, all sides.
    pub botches: Option<Figure>,
    /// Grapples reversed a conflict (the Victim taking hold).
    pub reversals: Option<Figure>,
    /// Health levels dealt by grapple effects a conflict.
    pub harm: Option<Figure>,
    /// `rounds[r]`: the chance a fight ends after round `r` (the last
    /// round's share includes the draws at the round limit).
    pub rounds: Vec<f64>,
    /// `damage[d]`: the chance the winning side lost `d` health levels,
    /// among fights someone won.
    pub damage: Vec<f64>,
    /// The track by round (a chase's Lead, a grapple's Control), for
    /// conflicts that keep one: a row per round some conflict survived.
    pub track: Vec<TrackRow>,
}

/// The track ([`Rounds::track`](super::Rounds::track)) after one round,
/// among the conflicts still going.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackRow {
    /// The round (from 1).
    pub round: u32,
    /// The share of conflicts still going after it.
    pub going: Figure,
    /// The mean track among them, with its 95% interval.
    pub mean: Figure,
    /// The track's 10th percentile among them.
    pub p10: i32,
    /// Its 90th percentile.
    pub p90: i32,
}

impl TrackRow {
    /// The row of round `round` from its `(value, weight)` pairs sorted by
    /// value, `total` the weight of all conflicts and `n` the number of
    /// draws behind the weights (`None` when exact); `None` when no
    /// conflict is going.
    fn of(round: u32, values: &[(i32, f64)], total: f64, n: Option<u64>) -> Option<TrackRow> {
        let going: f64 = values.iter().map(|&(_, w)| w).sum();
        if going <= 0.0 {
            return None;
        }
        let sum: f64 = values.iter().map(|&(v, w)| f64::from(v) * w).sum();
        let sq: f64 = values.iter().map(|&(v, w)| f64::from(v).powi(2) * w).sum();
        let quantile = |q: f64| {
            let mut acc = 0.0;
            for &(v, w) in values {
                acc += w;
                if acc >= q * going - 1e-12 * going {
                    return v;
                }
            }
            values.last().map_or(0, |&(v, _)| v)
        };
        let (going_figure, mean) = match n {
            None => (
                Figure::exact(going / total),
                Figure::exact(sum / going + 0.0),
            ),
            Some(_) => (
                Figure::wilson(going as u64, total as u64)?,
                Figure::mean(going as u64, sum, sq)?,
            ),
        };
        Some(TrackRow {
            round,
            going: going_figure,
            mean,
            p10: quantile(0.1),
            p90: quantile(0.9),
        })
    }
}

impl Figures {
    /// The chance of a draw.
    pub fn draws(&self) -> Figure {
        self.ends[super::End::ALL
            .iter()
            .position(|&e| e == super::End::Draw)
            .expect("listed")]
    }

    /// The chance of ending as `end`.
    pub fn end(&self, end: super::End) -> Figure {
        let i = super::End::ALL
            .iter()
            .position(|&e| e == end)
            .expect("listed");
        self.ends[i]
    }

    /// Estimates from a tally, with their 95% intervals.
    pub fn estimate(t: &Tally) -> Figures {
        let n = t.fights;
        let share = |k: u64| Figure::wilson(k, n).unwrap_or(Figure::exact(0.0));
        let won: u64 = t.wins.iter().sum();
        let rounds_sum: f64 = (t.rounds.iter().enumerate())
            .map(|(r, &c)| r as f64 * c as f64)
            .sum();
        let rounds_sq: f64 = (t.rounds.iter().enumerate())
            .map(|(r, &c)| (r as f64).powi(2) * c as f64)
            .sum();
        let damage_sq: f64 = (t.damage.iter().enumerate())
            .map(|(d, &c)| (d as f64).powi(2) * c as f64)
            .sum();
        let per = |counts: &[u64], total: u64| -> Vec<f64> {
            counts
                .iter()
                .map(|&c| {
                    if total == 0 {
                        0.0
                    } else {
                        c as f64 / total as f64
                    }
                })
                .collect()
        };
        Figures {
            wins: t.wins.iter().map(|&w| share(w)).collect(),
            ends: t.ends.map(share),
            rounds_mean: Figure::mean(n, rounds_sum, rounds_sq),
            rounds_median: order_interval(&t.rounds, n, 0.5),
            rounds_p90: order_interval(&t.rounds, n, 0.9),
            winner_damage: Figure::mean(won, t.winner_damage as f64, damage_sq),
            willpower: Figure::mean(n, t.willpower as f64, t.willpower_sq as f64),
            botches: Figure::mean(n, t.botches as f64, t.botches_sq as f64),
            reversals: Figure::mean(n, t.reversals[0] as f64, t.reversals[1] as f64),
            harm: Figure::mean(n, t.harm[0] as f64, t.harm[1] as f64),
            rounds: per(&t.rounds, n),
            damage: per(&t.damage, won),
            track: t.track.as_ref().map_or_else(Vec::new, |k| {
                (1..=k.rounds())
                    .filter_map(|r| {
                        let values: Vec<(i32, f64)> =
                            k.values(r).map(|(v, c)| (v, c as f64)).collect();
                        TrackRow::of(r as u32, &values, n as f64, Some(n))
                    })
                    .collect()
            }),
        }
    }

    /// The exact figures of a round chain's fights.
    pub fn exact(o: &Outcomes) -> Figures {
        let won: f64 = o.odds.wins.iter().sum();
        let quantile = |q: f64| {
            let mut acc = 0.0;
            for (r, p) in o.odds.ended.iter().enumerate() {
                acc += p;
                if acc >= q - 1e-12 {
                    return Some(Figure::exact(r as f64));
                }
            }
            None
        };
        let damage_mean = (won > 0.0).then(|| {
            let sum: f64 = (o.damage.iter().enumerate())
                .map(|(d, p)| d as f64 * p)
                .sum();
            Figure::exact(sum / won)
        });
        Figures {
            wins: o.odds.wins.iter().map(|&p| Figure::exact(p)).collect(),
            ends: o.ends.map(Figure::exact),
            rounds_mean: Some(Figure::exact(o.odds.mean_rounds())),
            rounds_median: quantile(0.5),
            rounds_p90: quantile(0.9),
            winner_damage: damage_mean,
            willpower: Some(Figure::exact(o.willpower)),
            botches: Some(Figure::exact(o.botches)),
            reversals: Some(Figure::exact(o.reversals)),
            harm: Some(Figure::exact(o.harm)),
            rounds: o.odds.ended.clone(),
            damage: o
                .damage
                .iter()
                .map(|&p| if won > 0.0 { p / won } else { 0.0 })
                .collect(),
            track: o.track.as_ref().map_or_else(Vec::new, |by| {
                (by.iter().enumerate())
                    .filter_map(|(r, values)| TrackRow::of(r as u32 + 1, values, 1.0, None))
                    .collect()
            }),
        }
    }
}

/// The `q` quantile of a histogram of `n` counts (the smallest bucket by
/// which a share `q` is reached, as [`Tally::quantile_rounds`]) with a
/// distribution-free 95% interval: the order statistics at
/// `n q -/+ z sqrt(n q (1 - q))`.
fn order_interval(hist: &[u64], n: u64, q: f64) -> Option<Figure> {
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let half = Z95 * (nf * q * (1.0 - q)).sqrt();
    // The bucket holding the k-th smallest value (1-based).
    let at = |k: f64| {
        let k = k.clamp(1.0, nf);
        let mut acc = 0u64;
        for (b, &c) in hist.iter().enumerate() {
            acc += c;
            if acc as f64 >= k {
                return b as f64;
            }
        }
        (hist.len() - 1) as f64
    };
    Some(Figure {
        value: at((q * nf).max(f64::MIN_POSITIVE)),
        low: at((nf * q - half).floor()),
        high: at((nf * q + half).ceil()),
    })
}

/// How a scenario-edition's fights were drawn, and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Fights played.
    pub fights: u64,
    /// How they were drawn: `round-chain`, `outcome`, `per-die` or
    /// `coupled`.
    pub sampler: &'static str,
    /// States of the round chain, when there is one.
    pub chain_states: Option<usize>,
    /// Why the round sampler found no chain, and how to get one
    /// ([`NoChain::explain`](super::NoChain::explain)).
    pub no_chain: Option<String>,
    /// What the rules leave a side unable to do, when it shapes every
    /// figure (a Predator that never rolls).
    pub caveat: Option<&'static str>,
    /// Estimates from the fights.
    pub estimate: Figures,
    /// The exact figures, from the round chain.
    pub exact: Option<Figures>,
}

impl Summary {
    /// The summary of `tally`, the fights of `engine`.
    pub fn new(engine: &super::EditionEngine, tally: &Tally) -> Summary {
        use super::source::Sampling;
        let chain = engine.chain();
        Summary {
            fights: tally.fights,
            sampler: match (chain, engine.sampling()) {
                (Some(_), _) => "round-chain",
                (None, Sampling::PerDie) => "per-die",
                (None, Sampling::Coupled) => "coupled",
                (None, _) => "outcome",
            },
            chain_states: chain.map(|c| c.states()),
            no_chain: engine.no_chain().map(|n| n.explain()),
            caveat: engine.caveat(),
            estimate: Figures::estimate(tally),
            exact: chain.map(|c| Figures::exact(&c.outcomes())),
        }
    }

    /// The exact figures where known, else the estimates.
    pub fn best(&self) -> &Figures {
        self.exact.as_ref().unwrap_or(&self.estimate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wilson's interval for 0 of 10: [0, z^2 / (n + z^2)] = [0, 0.2775].
    #[test]
    fn wilson_of_none_in_ten() {
        let f = Figure::wilson(0, 10).unwrap();
        assert_eq!(f.value, 0.0);
        assert_eq!(f.low, 0.0);
        let z2 = Z95 * Z95;
        assert!((f.high - z2 / (10.0 + z2)).abs() < 1e-12, "{f:?}");
    }

    /// None of 100,000 seen: the lower bound is 0 exactly, not the 1e-19
    /// that centre - half leaves; all of them: the upper bound is 1.
    #[test]
    fn wilson_bounds_are_exact_at_the_ends() {
        for n in [3, 1000, 100_000, 20_000_000] {
            assert_eq!(Figure::wilson(0, n).unwrap().low.to_bits(), 0);
            assert_eq!(Figure::wilson(n, n).unwrap().high, 1.0);
        }
    }

    /// The mean of 1, 2, 3 (sum 6, squares 14): 2, variance 2/3, half
    /// width z sqrt(2/9).
    #[test]
    fn mean_of_one_two_three() {
        let f = Figure::mean(3, 6.0, 14.0).unwrap();
        assert_eq!(f.value, 2.0);
        let half = Z95 * (2.0f64 / 9.0).sqrt();
        assert!((f.high - 2.0 - half).abs() < 1e-12);
        assert!((2.0 - f.low - half).abs() < 1e-12);
    }

    /// 100 values, 10 in each of buckets 0..10: the median is bucket 4
    /// (the 50th value), its interval the 40th and 60th values
    /// (50 -/+ 1.96 * 5 = 40.2, 59.8: floor 40 -> bucket 3, ceil 60 ->
    /// bucket 5).
    #[test]
    fn median_interval_from_order_statistics() {
        let hist = [10u64; 10];
        let f = order_interval(&hist, 100, 0.5).unwrap();
        assert_eq!((f.value, f.low, f.high), (4.0, 3.0, 5.0));
    }
}
