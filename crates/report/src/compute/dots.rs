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

use std::collections::HashMap;

use rayon::prelude::*;
use wodds_rules::{Pool, RuleSet};
use wodds_sim::conflict::{ConflictKind, EditionEngine, Limit, Scenario, Skill, TRAITS};

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
    let exact = EditionEngine::exact_outcomes(scenario, rules, Limit::default()).ok()?;
    exact.ok().map(|o| o.odds.wins[0])
}

/// `scenario` with one more dot of trait `t` for each member of its first
/// side, or `None` where one is at the trait's highest.
fn raised(scenario: &Scenario, t: usize) -> Option<Scenario> {
    let mut s = scenario.clone();
    for m in &mut s.sides[0].members {
        if m.traits[t] >= TRAITS[t].2 {
            return None;
        }
        m.traits[t] += 1;
    }
    Some(s)
}

/// The raised fights (one per edition and trait, `jobs`) that need a
/// chain of their own, and which of them each job reads: a fight that
/// compiles to what the fight as it is compiles to wins as often (the
/// trait changes nothing the edition rolls), and two raised fights that
/// compile alike (two traits that only ever add to the same pools) share
/// one chain ([`EditionEngine::compiled`]).
fn distinct(scenario: &Scenario, jobs: &[(usize, usize)]) -> (Vec<(usize, Scenario)>, Vec<Reads>) {
    let compiled = |s: &Scenario, e: usize| EditionEngine::compiled(s, &scenario.editions[e]).ok();
    let bases: Vec<Option<String>> = (0..scenario.editions.len())
        .map(|e| compiled(scenario, e))
        .collect();
    let mut built: Vec<(usize, Scenario)> = Vec::new();
    let mut seen: HashMap<(usize, String), Reads> = HashMap::new();
    let reads = (jobs.iter())
        .map(|&(e, t)| {
            let Some(s) = raised(scenario, t) else {
                return Reads::Nothing;
            };
            match compiled(&s, e) {
                None => Reads::Nothing,
                Some(c) if Some(&c) == bases[e].as_ref() => Reads::Base,
                Some(c) => *seen.entry((e, c)).or_insert_with(|| {
                    built.push((e, s));
                    Reads::Built(built.len() - 1)
                }),
            }
        })
        .collect();
    (built, reads)
}

/// Which chance a raised fight's row reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Reads {
    /// None: a member is at the trait's highest, or the fight no longer
    /// compiles.
    Nothing,
    /// The fight's own, as it is.
    Base,
    /// The chain built for the raised fight at this index.
    Built(usize),
}

/// What a dot is worth in the fight `scenario` (named `slug`) under each
/// of its editions, given the first side's exact chance to win under each
/// (`bases`, from the fight's own round chain; `None` without one); and
/// what was left out, in words.
pub fn rows(slug: &str, scenario: &Scenario, bases: &[Option<f64>]) -> (Vec<DotRow>, Vec<String>) {
    let (rows, left, _) = rows_built(slug, scenario, bases);
    (rows, left)
}

/// [`rows`], and how many raised chains were built for them.
fn rows_built(
    slug: &str,
    scenario: &Scenario,
    bases: &[Option<f64>],
) -> (Vec<DotRow>, Vec<String>, usize) {
    if scenario.kind != ConflictKind::Combat {
        return (Vec::new(), Vec::new(), 0);
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
    let (build, reads) = distinct(scenario, &jobs);
    let won: Vec<Option<f64>> = build
        .par_iter()
        .map(|(e, s)| exact_win(s, &scenario.editions[*e]))
        .collect();
    let raised: Vec<Option<f64>> = (jobs.iter().zip(&reads))
        .map(|(&(e, _), read)| match *read {
            Reads::Nothing => None,
            Reads::Base => bases[e],
            Reads::Built(i) => won[i],
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
    (out, left, build.len())
}

/// A scenario's first side's exact chance to win under each of its
/// editions (`engines`: its own, as [`super::fights::engines`] builds
/// them), `None` where the fight has no round chain: all that [`all`]
/// needs of the engines, so that they can be dropped before it builds the
/// raised fights' own.
pub(crate) fn bases(engines: &[EditionEngine]) -> Vec<Option<f64>> {
    (engines.iter())
        .map(|e| e.chain().map(|c| c.odds().wins[0]))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(name: &str) -> Scenario {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        Scenario::load(&root.join(format!("{name}.toml"))).unwrap()
    }

    /// Raised fights that compile alike share a chain. In the brawl under
    /// hubris (`hubris.toml`'s `[combat.pools]`) a dot of Brawl and a dot of
    /// Strength both add only to the attack, Strength + Brawl; a dot of
    /// Athletics adds nothing, as the defence takes the better of it (0)
    /// and Dodge (1). So 27 rows take 25 chains. Every row is still the
    /// chance its own raised fight's chain gives, built apart.
    #[test]
    fn alike_raised_fights_share_one_chain() {
        let s = shipped("brawl");
        let bases: Vec<Option<f64>> = s.editions.iter().map(|r| exact_win(&s, r)).collect();
        let (rows, left, built) = rows_built("brawl", &s, &bases);
        assert!(left.is_empty(), "{left:?}");
        assert_eq!((rows.len(), built), (27, 25));
        for row in &rows {
            let e = s.editions.iter().position(|r| r.id == row.edition).unwrap();
            let t = TRAITS.iter().position(|t| t.0 == row.trait_name).unwrap();
            let apart = exact_win(&raised(&s, t).unwrap(), &s.editions[e]).unwrap();
            assert!(
                (row.raised - apart).abs() < 1e-15,
                "{} {}: {} shared, {apart} apart",
                row.edition,
                row.trait_name,
                row.raised
            );
        }
        let hubris = |t: &str| {
            rows.iter()
                .find(|r| r.edition == "hubris" && r.trait_name == t)
                .unwrap()
        };
        assert_eq!(hubris("brawl").raised, hubris("strength").raised);
        assert_eq!(hubris("athletics").raised, hubris("athletics").base);
        assert_ne!(hubris("dexterity").raised, hubris("strength").raised);
    }
}
