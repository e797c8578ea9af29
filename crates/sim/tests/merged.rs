//! The round chain walks outcomes a round's code treats alike as one path
//! (issue 26): a strike past what its target can still take, a blow
//! through soak past it. It is a tested equivalence, not an
//! approximation: every shipped scenario under every edition, and under
//! house rules that roll again, gives the same states and the same
//! figures to 1e-12 whether the chain merges them or walks every outcome
//! on a path of its own. So do rounds walked attack by attack (issue 29:
//! what follows a point where the round's state is known, walked once for
//! each distinct state), whether every round is walked so or only the
//! long ones; and a chain built only for its exact figures, which adds
//! each round up to its next states as it goes, gives them to the bit.

use std::path::{Path, PathBuf};

use wodds_rules::RuleSet;
use wodds_sim::conflict::{EditionEngine, Limit, Outcomes, Sampling, Scenario};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The largest difference between two outcomes' figures, or `None` when
/// their shapes differ.
fn farthest(a: &Outcomes, b: &Outcomes) -> Option<f64> {
    fn apart(x: &[f64], y: &[f64]) -> Option<f64> {
        (x.len() == y.len()).then(|| {
            x.iter()
                .zip(y)
                .map(|(p, q)| (p - q).abs())
                .fold(0.0, f64::max)
        })
    }
    let tracks = match (&a.track, &b.track) {
        (None, None) => 0.0,
        (Some(x), Some(y)) if x.len() == y.len() => {
            let mut most: f64 = 0.0;
            for (r, s) in x.iter().zip(y) {
                let (vr, pr): (Vec<i32>, Vec<f64>) = r.iter().copied().unzip();
                let (vs, ps): (Vec<i32>, Vec<f64>) = s.iter().copied().unzip();
                if vr != vs {
                    return None;
                }
                most = most.max(apart(&pr, &ps)?);
            }
            most
        }
        _ => return None,
    };
    // A damage list may end in a class of chance 0 on one side only.
    let (mut da, mut db) = (a.damage.clone(), b.damage.clone());
    let n = da.len().max(db.len());
    da.resize(n, 0.0);
    db.resize(n, 0.0);
    [
        apart(&a.odds.wins, &b.odds.wins)?,
        apart(&a.odds.ended, &b.odds.ended)?,
        apart(&a.ends, &b.ends)?,
        apart(&da, &db)?,
        (a.willpower - b.willpower).abs(),
        (a.botches - b.botches).abs(),
        (a.reversals - b.reversals).abs(),
        (a.harm - b.harm).abs(),
        tracks,
    ]
    .into_iter()
    .reduce(f64::max)
}

/// `scenario` under `rules`: its chain merged and whole, when both fit
/// the limit, agree; returns the states, or `None` when the whole walk
/// does not fit.
fn same_chain(scenario: &Scenario, rules: &RuleSet) -> Option<usize> {
    same_chain_within(scenario, rules, Limit::default())
}

/// [`same_chain`], the whole walk held to `limit`.
fn same_chain_within(scenario: &Scenario, rules: &RuleSet, limit: Limit) -> Option<usize> {
    let mut s = scenario.clone();
    s.editions = vec![rules.clone()];
    let whole = Limit {
        merge: false,
        ..limit
    };
    let unmerged = EditionEngine::with_limit(&s, rules, Sampling::Round, whole).unwrap();
    let whole = unmerged.chain()?;
    // Merged, with every round walked attack by attack (the default), and
    // with only rounds past 16,384 paths walked so (walked again, marked).
    let mut states = None;
    for mark_after in [limit.mark_after, 1 << 14] {
        let marked = Limit {
            mark_after,
            ..limit
        };
        let merged = EditionEngine::with_limit(&s, rules, Sampling::Round, marked).unwrap();
        let merged = merged.chain().unwrap_or_else(|| {
            panic!(
                "{} under {}: whole has a chain, merged not",
                s.name, rules.id
            )
        });
        // A member out of the fight keeps only what its side's damage
        // reads, so states that differ in nothing else are one.
        assert!(merged.states() <= whole.states(), "{} {}", s.name, rules.id);
        let apart = farthest(&merged.outcomes(), &whole.outcomes())
            .unwrap_or_else(|| panic!("{} under {}: outcomes differ in shape", s.name, rules.id));
        assert!(apart < 1e-12, "{} under {}: {apart:e}", s.name, rules.id);
        // Built only for its exact figures (each round added up to its
        // next states as it is walked), the chain gives the same figures
        // to the last bit.
        let lean = EditionEngine::exact_outcomes(&s, rules, marked).unwrap();
        assert_eq!(
            lean.as_ref().ok(),
            Some(&merged.outcomes()),
            "{} under {}: lean and whole chains differ",
            s.name,
            rules.id
        );
        assert!(states.is_none_or(|n| n == merged.states()));
        states = Some(merged.states());
    }
    states
}

fn scenarios() -> Vec<Scenario> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.iter().map(|p| Scenario::load(p).unwrap()).collect()
}

/// Every shipped scenario under its editions: merged and whole agree.
#[test]
fn every_shipped_chain_is_the_same_merged_and_whole() {
    let mut compared = 0;
    for s in scenarios() {
        for rules in &s.editions {
            compared += usize::from(same_chain(&s, rules).is_some());
        }
    }
    // 69 of the 84 pairs have a chain under the default limit.
    assert!(compared >= 60, "{compared} compared");
}

/// House rules whose dice roll again or count a 10 twice, where strikes
/// reach far past a health track: merged and whole agree wherever the
/// whole walk fits.
#[test]
fn house_rules_that_roll_again_give_the_same_chain_merged_and_whole() {
    let dir = root().join("docs/examples/house-rules");
    let mut compared = 0;
    for rule in ["ten-again", "tens-count-two", "ten-again-uncancellable"] {
        let path = dir.join(format!("{rule}.toml"));
        let rules = RuleSet::load(&path.display().to_string()).unwrap();
        for name in [
            "brawl",
            "knife-vs-fists",
            "block-or-dodge",
            "wrestler-vs-boxer",
            "shots-in-the-chase",
        ] {
            let s = Scenario::load(&root().join("scenarios").join(format!("{name}.toml"))).unwrap();
            compared += usize::from(same_chain(&s, &rules).is_some());
        }
    }
    assert!(compared >= 10, "{compared} compared");
}

/// A round of many attacks (Celerity's, Rage's, a side of several) is
/// walked attack by attack: what follows each attack is walked once for
/// every distinct way the attacks before it left the fight, and every
/// other path to that point ends there with its result (issue 29). It is
/// a tested equivalence: fights small enough for the whole walk, under
/// every edition, give the same states and figures to 1e-12 either way.
#[test]
fn rounds_walked_attack_by_attack_give_the_same_chain_as_the_whole_walk() {
    // A vampire of `celerity` against `thugs` (the second has a knife).
    let text = |celerity: u8, thugs: usize| {
        let mut t = format!(
            r#"
name = "Celerity against thugs"
kind = "combat"
editions = ["revised", "fta", "uwod", "hubris"]
trials = 1000
max-rounds = 6

[[side]]
name = "Vampire"
[[side.member]]
name = "Vampire"
kind = "vampire"
traits = {{ strength = 3, dexterity = 3, stamina = 2, wits = 2, brawl = 2, dodge = 2, celerity = {celerity}, willpower = 2 }}
weapon = "fists"
tactics = {{ defend = "dodge", willpower = "when-hurt" }}

[[side]]
name = "Thugs"
"#
        );
        for (k, weapon) in ["fists", "knife"].iter().enumerate().take(thugs) {
            t += &format!(
                r#"
[[side.member]]
name = "Thug {k}"
kind = "mortal"
traits = {{ strength = 2, dexterity = 2, stamina = 1, wits = 1, brawl = 1, melee = 1, willpower = 1 }}
weapon = "{weapon}"
"#
            );
        }
        t
    };
    let mut compared = Vec::new();
    for (celerity, thugs) in [(1, 2), (2, 1)] {
        let s = Scenario::parse("t.toml", &text(celerity, thugs), None).unwrap();
        for rules in &s.editions {
            if same_chain_within(&s, rules, Limit::of_states(1 << 22)).is_some() {
                compared.push((celerity, rules.id.clone()));
            }
        }
    }
    // All but one: uwod's whole walk of one against two takes more than
    // the 4.2 million paths a round this limit allows.
    assert_eq!(compared.len(), 7, "{compared:?}");
}
