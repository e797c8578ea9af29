//! "What is a dot worth": for each fight of a report, the change in the
//! first side's chance to win when every member of that side has one more
//! dot of a trait its pools use, under each edition. Exact: from the round
//! chains of the fight as it is and as raised, so a change is the
//! editions' rules and not the dice; a fight (or a raised one) whose chain
//! does not fit is left out and listed, not estimated (its estimates would
//! need as many simulated fights again for every trait, and a report made
//! in shards would have to carry them).
//!
//! The traits are those of the edition's `[combat.pools]` that the side's
//! members roll: initiative, the attack pool of each one's weapon, dodge
//! and the block or parry, soak, Strength where the weapon adds it, and
//! athletics (fta's escape, dodge).

use rayon::prelude::*;
use wodds_rules::{Pool, RuleSet};
use wodds_sim::conflict::{ConflictKind, EditionEngine, Sampling, Scenario, Skill, TRAITS};

use super::inputs::Loaded;

/// One trait of one fight under one edition.
#[derive(Debug, Clone, PartialEq)]
pub struct DotRow {
    /// The scenario's name (its file's stem).
    pub scenario: String,
    /// The edition.
    pub edition: String,
    /// The side raised (the first).
    pub side: String,
    /// The trait.
    pub trait_name: String,
    /// The side's chance to win as it is, exactly.
    pub base: f64,
    /// The same with one more dot of the trait for each of its members.
    pub raised: f64,
    /// The edition's rules hash.
    pub rules_hash: String,
}

impl DotRow {
    /// What the dot is worth: the change in the chance to win.
    pub fn change(&self) -> f64 {
        self.raised - self.base
    }
}

/// The traits (indices into [`TRAITS`]) the first side's members roll
/// under `rules`.
fn traits_used(scenario: &Scenario, rules: &RuleSet) -> Vec<usize> {
    let pools = &rules.combat.pools;
    let mut mask = 0u32;
    for m in &scenario.sides[0].members {
        let skill = match m.weapon.skill {
            Skill::Brawl => Pool::Brawl,
            Skill::Melee => Pool::Melee,
            Skill::Firearms => Pool::Firearms,
        };
        let defence = if m.weapon.skill == Skill::Melee {
            Pool::Parry
        } else {
            Pool::Block
        };
        let mut used = vec![
            Pool::Initiative,
            skill,
            Pool::Dodge,
            defence,
            Pool::Soak,
            Pool::Athletics,
        ];
        if m.weapon.strength {
            used.push(Pool::Strength);
        }
        for p in used {
            mask |= pools.get(p).0.iter().fold(0, |a, t| a | t);
        }
    }
    (0..TRAITS.len()).filter(|i| mask >> i & 1 != 0).collect()
}

/// The side's chance to win under `rules`, exactly, if the fight's round
/// chain fits.
fn exact_win(scenario: &Scenario, rules: &RuleSet) -> Option<f64> {
    let engine = EditionEngine::new(scenario, rules, Sampling::Round).ok()?;
    engine.chain().map(|c| c.odds().wins[0])
}

/// What a dot is worth in the fight `scenario` (named `slug`) under each
/// of its editions, given the first side's exact chance to win under each
/// (`bases`, from the fight's own round chain; `None` without one); and
/// what was left out, in words.
pub fn rows(slug: &str, scenario: &Scenario, bases: &[Option<f64>]) -> (Vec<DotRow>, Vec<String>) {
    if scenario.kind != ConflictKind::Combat {
        return (Vec::new(), Vec::new());
    }
    // Where an edition has no chain, no raised fight is tried (a chain is
    // given up only after some work).
    debug_assert_eq!(bases.len(), scenario.editions.len());
    let jobs: Vec<(usize, usize)> = (0..scenario.editions.len())
        .filter(|&e| bases[e].is_some())
        .flat_map(|e| {
            traits_used(scenario, &scenario.editions[e])
                .into_iter()
                .map(move |t| (e, t))
        })
        .collect();
    let raised: Vec<Option<f64>> = jobs
        .par_iter()
        .map(|&(e, t)| {
            let mut s = scenario.clone();
            for m in &mut s.sides[0].members {
                if m.traits[t] >= TRAITS[t].2 {
                    return None;
                }
                m.traits[t] += 1;
            }
            exact_win(&s, &scenario.editions[e])
        })
        .collect();
    let mut out = Vec::new();
    let mut left = Vec::new();
    for (e, rules) in scenario.editions.iter().enumerate() {
        let Some(base) = bases[e] else {
            left.push(format!("{slug} under {}: no round chain", rules.id));
            continue;
        };
        for (&(_, t), w) in jobs.iter().zip(&raised).filter(|((x, _), _)| *x == e) {
            let name = TRAITS[t].0;
            match w {
                Some(raised) => out.push(DotRow {
                    scenario: slug.to_string(),
                    edition: rules.id.clone(),
                    side: scenario.sides[0].name.clone(),
                    trait_name: name.to_string(),
                    base,
                    raised: *raised,
                    rules_hash: rules.hash().to_string(),
                }),
                None => left.push(format!(
                    "{slug} under {}: +1 {name} (at its highest, or no round chain)",
                    rules.id
                )),
            }
        }
    }
    (out, left)
}

/// Each scenario's first side's exact chance to win under each of its
/// editions (`engines`: each scenario's, as [`super::fights::engines`]
/// builds them), `None` where the fight has no round chain: all that
/// [`all`] needs of the engines, so that they can be dropped before it
/// builds the raised fights' own.
pub(crate) fn bases(engines: &[Vec<EditionEngine>]) -> Vec<Vec<Option<f64>>> {
    engines
        .iter()
        .map(|engines| {
            engines
                .iter()
                .map(|e| e.chain().map(|c| c.odds().wins[0]))
                .collect()
        })
        .collect()
}

/// What a dot is worth in every fight of the report that has a round
/// chain (`bases`: each scenario's, from [`bases`]), and what was left
/// out, in words.
pub(crate) fn all(loaded: &[Loaded], bases: &[Vec<Option<f64>>]) -> (Vec<DotRow>, Vec<String>) {
    let mut out = Vec::new();
    let mut left = Vec::new();
    for (l, bases) in loaded.iter().zip(bases) {
        let (rows, l_left) = rows(&l.slug, &l.scenario, bases);
        out.extend(rows);
        left.extend(l_left);
        // The raised fights' rolls and wound tables, shared among this
        // scenario's, are no use to the next.
        wodds_sim::conflict::forget_compiled_rolls();
    }
    (out, left)
}

/// The traits of `rows`, in [`TRAITS`] order.
pub fn traits(rows: &[DotRow]) -> Vec<String> {
    TRAITS
        .iter()
        .map(|t| t.0)
        .filter(|t| rows.iter().any(|r| r.trait_name == *t))
        .map(str::to_string)
        .collect()
}
