//! What moved, named as the page names it: "Veronica's chance to win",
//! "mean rounds", "chance of success (pool 5, difficulty 6)", not the
//! tables' column keys (`win_rate`, `rounds_mean`, `p_success`).

use wodds_report::compare::Change;

/// A summary metric's words, with its side (`None` for a key wodds does
/// not know, then shown as it is).
fn summary(metric: &str, side: Option<&str>) -> Option<String> {
    let owned = |s: &str| s.to_string();
    Some(match metric {
        "win_rate" => match side {
            Some(s) => format!("{s}'s chance to win"),
            None => owned("chance to win"),
        },
        "draws" => owned("draws"),
        "going" => owned("still going"),
        "rounds_mean" => owned("mean rounds"),
        "rounds_median" => owned("median rounds"),
        "rounds_p90" => owned("rounds, 90th percentile"),
        "winner_damage" => owned("winner's damage (health levels)"),
        "willpower" => owned("Willpower spent"),
        "botches" => owned("botches"),
        m => {
            if let Some(end) = m.strip_prefix("ended_") {
                format!("ended: {}", end.replace('_', " "))
            } else if let Some(track) = m.strip_suffix("_mean") {
                format!("mean {}", track.replace('_', " "))
            } else {
                return None;
            }
        }
    })
}

/// A distribution's words (`rounds`, `winner's damage`).
fn distribution(metric: &str) -> String {
    match metric {
        "winner_damage" => "winner's damage".to_string(),
        m => m.trim_end_matches("_by_round").replace('_', " "),
    }
}

/// An exact table's column in words: `odds.parquet`'s and
/// `actions.parquet`'s.
fn column(table: &str, column: &str) -> String {
    let within = |prefix: &str| {
        column
            .strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
    };
    match (table, column) {
        ("odds", "p_success") => "chance of success".to_string(),
        ("odds", "p_botch") => "chance of a botch".to_string(),
        ("odds", "mean") => "mean successes".to_string(),
        ("odds", _) if within("p_ge_").is_some() => {
            format!("chance of {}+ successes", within("p_ge_").unwrap_or(0))
        }
        ("actions", "p_success") => "chance to reach the target".to_string(),
        ("actions", "mean_rolls") => "mean rolls".to_string(),
        ("actions", "median_rolls") => "median rolls".to_string(),
        ("actions", "p90_rolls") => "rolls, 90th percentile".to_string(),
        ("actions", _) if within("p_within_").is_some() => {
            let n = within("p_within_").unwrap_or(0);
            format!(
                "chance to reach the target within {n} roll{}",
                if n == 1 { "" } else { "s" }
            )
        }
        _ => column.replace('_', " "),
    }
}

/// A change's metric in words: what it is, where in it, and how many more
/// of its figures moved (`rounds: ended after round 7 (+48 more)`).
pub fn name(c: &Change) -> String {
    let side = c.side.as_deref();
    let mut s = match c.table {
        "summary" => summary(&c.metric, side).unwrap_or_else(|| {
            let mut raw = c.metric.clone();
            if let Some(side) = side {
                raw.push(' ');
                raw.push_str(side);
            }
            raw
        }),
        "distributions" => distribution(&c.metric),
        t => column(t, &c.metric),
    };
    if let Some(at) = &c.at {
        match c.table {
            "summary" => {
                s.push_str(", ");
                s.push_str(at);
            }
            "distributions" => {
                s.push_str(": ");
                s.push_str(at);
            }
            _ => {
                s.push_str(" (");
                s.push_str(at);
                s.push(')');
            }
        }
    }
    if c.more > 0 {
        s.push_str(&format!(" (+{} more)", c.more));
    }
    s
}

/// Where a change is: its scenario, or the table of single rolls or
/// actions.
pub fn place(c: &Change) -> String {
    match &c.scenario {
        Some(s) => s.clone(),
        None => table(c.table),
    }
}

/// An exact table's name in words: `odds` is the single roll.
pub fn table(name: &str) -> String {
    match name {
        "odds" => "single roll".to_string(),
        t => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(table: &'static str, metric: &str, side: Option<&str>, at: Option<&str>) -> Change {
        Change {
            table,
            scenario: (table == "summary" || table == "distributions").then(|| "brawl".into()),
            edition: "house.toml".into(),
            metric: metric.into(),
            side: side.map(str::to_string),
            at: at.map(str::to_string),
            more: 0,
            old: Some(0.5),
            new: Some(0.6),
            difference: Some(0.1),
            test: "exact",
            p_value: None,
            p_holm: None,
            share: true,
        }
    }

    /// The metrics of issue 27's example, named as the page names them.
    #[test]
    fn metrics_read_as_the_page_names_them() {
        let n = |t, m, side, at| name(&change(t, m, side, at));
        assert_eq!(
            n("summary", "win_rate", Some("Veronica"), None),
            "Veronica's chance to win"
        );
        assert_eq!(n("summary", "rounds_mean", None, None), "mean rounds");
        assert_eq!(
            n("summary", "ended_incapacitated", None, None),
            "ended: incapacitated"
        );
        assert_eq!(
            n("summary", "lead_mean", None, Some("round 3")),
            "mean lead, round 3"
        );
        assert_eq!(
            n("distributions", "rounds", None, Some("ended after round 7")),
            "rounds: ended after round 7"
        );
        assert_eq!(
            n(
                "odds",
                "p_success",
                None,
                Some("pool 20, difficulty 10, none")
            ),
            "chance of success (pool 20, difficulty 10, none)"
        );
        assert_eq!(n("odds", "p_ge_3", None, None), "chance of 3+ successes");
        assert_eq!(
            n("actions", "p_within_1", None, None),
            "chance to reach the target within 1 roll"
        );
        // A key wodds does not know is shown as it is.
        assert_eq!(n("summary", "new_thing", Some("A"), None), "new_thing A");
        let mut more = change("summary", "draws", None, None);
        more.more = 4;
        assert_eq!(name(&more), "draws (+4 more)");
        assert_eq!(place(&change("odds", "mean", None, None)), "single roll");
    }
}
