//! The sides of a resisted roll, a contest and a prolonged contest (`--a`,
//! `--b` on the command line: rounds of `POOL[@DIFFICULTY]` members), and
//! the throws of pools under an edition: one character's, a group's, a
//! team's, and two sides' rounds as one schedule.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::str::FromStr;

use wodds_rules::{GroupRule, RollOptions, RuleSet};
use wodds_sim::{Schedule, Throw};

use crate::error::{Error, Result};

/// A side's rolls: rounds (comma-separated), each one or more members
/// (`+`-joined) of `POOL[@DIFFICULTY]`.
#[derive(Debug, Clone)]
pub struct SideSpec(pub Vec<Vec<Member>>);

/// One member of a side's round: pool and difficulty, if given.
pub type Member = (i32, Option<i32>);

impl FromStr for SideSpec {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        let bad = |part: &str| {
            format!(
                "`{part}` is not POOL or POOL@DIFFICULTY (like 6 or 6@7); rounds are separated by commas, group members by +"
            )
        };
        let member = |m: &str| -> std::result::Result<Member, String> {
            let num = |t: &str| t.trim().parse::<i32>().map_err(|_| bad(m));
            match m.split_once('@') {
                Some((p, d)) => Ok((num(p)?, Some(num(d)?))),
                None => Ok((num(m)?, None)),
            }
        };
        let rounds = s
            .split(',')
            .map(|round| {
                round
                    .split('+')
                    .map(member)
                    .collect::<std::result::Result<Vec<_>, _>>()
            })
            .collect::<std::result::Result<Vec<_>, _>>()?;
        Ok(SideSpec(rounds))
    }
}

impl SideSpec {
    /// The side as the command line writes it (`5@6,6@6+4`).
    pub fn describe(&self) -> String {
        self.0
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|(p, d)| match d {
                        Some(d) => format!("{p}@{d}"),
                        None => p.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The throw of one or more characters under `rules`; `teamwork` adds
/// them with the edition's teamwork botch rule, otherwise the edition's
/// group rule applies.
pub fn throw_of(
    rules: &RuleSet,
    members: &[(i32, Option<i32>)],
    options: &RollOptions,
    flag: &str,
    teamwork: bool,
) -> Result<Throw> {
    let specs = members
        .iter()
        .map(|&(pool, d)| {
            let d = d.unwrap_or(rules.dice.standard_difficulty);
            rules
                .roll(pool, d, options)
                .map(|r| r.spec)
                .map_err(|e| Error::from(e).context(flag))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(if teamwork {
        Throw::group(specs, GroupRule::Sum, rules.actions.teamwork_botch_spoils)
    } else if specs.len() == 1 {
        Throw::single(specs[0])
    } else {
        Throw::group(specs, rules.actions.group, false)
    })
}

/// The schedule of two sides' rounds (the shorter side repeats its last).
/// Each distinct POOL@DIFFICULTY list is made into a throw once and shared
/// by every round that names it: a side of 65,000 rounds costs 65,000
/// references, not 65,000 throws (about 12 KB of sampler tables each).
/// `names` are the sides' names in errors (`--a`, `--b`).
pub fn two_sides(
    rules: &RuleSet,
    a: &SideSpec,
    b: &SideSpec,
    names: [&str; 2],
) -> Result<Schedule> {
    let rounds = a.0.len().max(b.0.len());
    let mut made: HashMap<(&[Member], &str), Throw> = HashMap::new();
    let mut schedule = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let mut throws = Vec::with_capacity(2);
        for (side, flag) in [(a, names[0]), (b, names[1])] {
            let members = side.0[r.min(side.0.len() - 1)].as_slice();
            let throw = match made.entry((members, flag)) {
                Entry::Occupied(e) => e.get().clone(),
                Entry::Vacant(e) => e
                    .insert(throw_of(
                        rules,
                        members,
                        &RollOptions::default(),
                        flag,
                        false,
                    )?)
                    .clone(),
            };
            throws.push(throw);
        }
        schedule.push(throws);
    }
    Ok(Schedule::new(schedule))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--a` of 65,000 comma-separated pools: one throw made, one round
    /// stored, not 65,000 of each (they cost 1.66 GB).
    #[test]
    fn a_long_repeated_side_is_stored_once() {
        let rules = RuleSet::load("revised").unwrap();
        let long: SideSpec = vec!["5@6"; 65_000].join(",").parse().unwrap();
        let one: SideSpec = "5@6".parse().unwrap();
        let schedule = two_sides(&rules, &long, &one, ["a", "b"]).unwrap();
        assert_eq!(schedule.len(), 1);
        assert_eq!(schedule.distinct_rounds(), 1);
        // Alternating pools: two rounds stored, each throw made once and
        // shared by every round that rolls it.
        let alternating: SideSpec = vec!["5@6,6@6"; 32_500].join(",").parse().unwrap();
        let schedule = two_sides(&rules, &alternating, &one, ["a", "b"]).unwrap();
        assert_eq!(schedule.len(), 65_000);
        assert_eq!(schedule.distinct_rounds(), 2);
        assert!(schedule.round(0)[0].shares(&schedule.round(64_998)[0]));
        assert!(schedule.round(1)[1].shares(&schedule.round(64_999)[1]));
    }
}
