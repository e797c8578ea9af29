//! A comparison flattened to rows, one per figure: every scenario figure
//! (each side's chance to win, each way of ending, the mean rounds, and
//! each setting's own share), and every cell of the single roll and the
//! actions table that moved. `wodds compare --format csv` prints them;
//! a report with `--against` writes them as `changes.parquet`.

use super::{Delta, Method, Shift};

/// One figure of a comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeRow {
    /// `odds`, `actions`, `scenario`, or `setting` (one setting of the
    /// rule alone on the base).
    pub section: &'static str,
    /// The scenario's name (empty for `odds` and `actions`).
    pub scenario: String,
    /// Which cell or side: `pool 5, difficulty 6`, `pool 3, target 10`, a
    /// side's name, `dice.ones: Veronica` (empty for a scenario's ends
    /// and rounds).
    pub item: String,
    /// The figure: `p_success`, `p_botch`, `mean_rolls`, `win_rate`, a
    /// way of ending as the summary names it (`ended_incapacitated`,
    /// `draws`), `rounds_mean`.
    pub metric: String,
    /// Under the base and the rule, the change and its interval.
    pub shift: Shift,
    /// `exact`, or `paired` (both played on the same random numbers).
    pub method: &'static str,
}

/// Every row of `d`, in the order the comparison has them.
pub fn rows(d: &Delta) -> Vec<ChangeRow> {
    let mut out = Vec::new();
    let mut push = |section, scenario: &str, item: String, metric: &str, s: Shift, method| {
        out.push(ChangeRow {
            section,
            scenario: scenario.to_string(),
            item,
            metric: metric.to_string(),
            shift: s,
            method,
        })
    };
    for c in &d.grid.cells {
        let item = if d.grid.alike {
            format!("pool {}, difficulty {}", c.pool, c.difficulty)
        } else {
            format!(
                "pool {}, difficulty {} / {}",
                c.pool, c.difficulty, c.rule_difficulty
            )
        };
        for (metric, s) in [("p_success", c.success), ("p_botch", c.botch)] {
            if s.moved() {
                push("odds", "", item.clone(), metric, s, "exact");
            }
        }
    }
    for a in &d.actions {
        let item = format!("pool {}, target {}", a.pool, a.target);
        if a.p_success.moved() {
            push(
                "actions",
                "",
                item.clone(),
                "p_success",
                a.p_success,
                "exact",
            );
        }
        if let Some(m) = a.mean_rolls.filter(Shift::moved) {
            push("actions", "", item, "mean_rolls", m, "exact");
        }
    }
    for s in &d.scenarios {
        let method = match s.method {
            Method::Exact => "exact",
            Method::Paired { .. } => "paired",
        };
        let name = s.scenario.as_str();
        for side in &s.sides {
            push(
                "scenario",
                name,
                side.side.clone(),
                "win_rate",
                side.win,
                method,
            );
        }
        for e in &s.ends {
            push("scenario", name, String::new(), &e.metric, e.shift, method);
        }
        push(
            "scenario",
            name,
            String::new(),
            "rounds_mean",
            s.rounds,
            method,
        );
        for e in &s.by_setting {
            for (side, &win) in s.sides.iter().zip(&e.wins) {
                let item = format!("{}: {}", e.key, side.side);
                push("setting", name, item, "win_rate", win, method);
            }
            if let Some(r) = e.rounds {
                push("setting", name, e.key.clone(), "rounds_mean", r, method);
            }
        }
    }
    out
}
