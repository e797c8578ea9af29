//! House rules keep a fight exact (issue 26): a roll that rolls again
//! without bound (10-again, 9-again, 8-again, a 10 that cannot be
//! cancelled), counts a 10 twice or is settled by expressions has an exact
//! distribution, and the round chain takes it, so a fight exact under the
//! edition a house rule extends stays exact under the house rule. The
//! chain's figures are held to the die-by-die sampler (which rolls every
//! re-rolled 10 face by face, and shares no code with the exact
//! distributions) and to the symmetry of a fight between equals.

use std::path::{Path, PathBuf};

use wodds_rules::RuleSet;
use wodds_sim::conflict::{self, EditionEngine, Sampling, Scenario};

mod agree;
use agree::{BOUND, SLACK};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `scenario` played under `rules` alone.
fn under(scenario: &str, rules: &RuleSet) -> Scenario {
    let mut s = Scenario::load(&root().join("scenarios").join(scenario)).unwrap();
    s.editions = vec![rules.clone()];
    s
}

fn house_rule(name: &str) -> RuleSet {
    let path = root().join("docs/examples/house-rules").join(name);
    RuleSet::load(&path.display().to_string()).unwrap()
}

/// The corpus, every rule file in it.
fn corpus() -> Vec<RuleSet> {
    let dir = root().join("docs/examples/house-rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 17, "{} corpus rules", files.len());
    files
        .iter()
        .map(|p| RuleSet::load(&p.display().to_string()).unwrap())
        .collect()
}

#[test]
fn every_corpus_rule_plays_the_brawl_from_its_round_chain() {
    for rules in corpus() {
        let s = under("brawl.toml", &rules);
        let e = EditionEngine::new(&s, &rules, Sampling::Round).unwrap();
        assert!(
            e.chain().is_some(),
            "{}: {}",
            rules.id,
            e.no_chain().map(ToString::to_string).unwrap_or_default()
        );
    }
}

/// Under `rules`, `scenario` has a round chain; the chances it ends after
/// each round add up to 1 (the mass the re-roll chains' cut drops is far
/// below 1e-12); and
/// `fights` die-by-die fights land within [`BOUND`] standard errors of
/// each side's exact chance. Returns the exact wins.
fn exact_and_rolled(scenario: &str, rules: &RuleSet, fights: u64) -> Vec<f64> {
    let s = under(scenario, rules);
    let round = EditionEngine::new(&s, rules, Sampling::Round).unwrap();
    let chain = round
        .chain()
        .unwrap_or_else(|| panic!("{scenario} under {}: {:?}", rules.id, round.no_chain()));
    let odds = chain.odds();
    let total: f64 = odds.ended.iter().sum();
    assert!((total - 1.0).abs() < 1e-12, "{scenario}: total {total}");
    let per_die = EditionEngine::new(&s, rules, Sampling::PerDie).unwrap();
    let t = conflict::run(&per_die, &rules.id, fights, 26, &|_| {});
    let n = t.fights as f64;
    for (side, (&won, &p)) in t.wins.iter().zip(&odds.wins).enumerate() {
        let got = won as f64 / n;
        let se = (p * (1.0 - p) / n).sqrt();
        assert!(
            (got - p).abs() <= BOUND * se + SLACK / n,
            "{scenario} under {}, side {side}: rolled {got}, exactly {p} ({:.1} se)",
            rules.id,
            (got - p).abs() / se
        );
    }
    odds.wins.clone()
}

/// `scenario` is exact under revised: the base its house rules extend.
fn assert_exact_under_revised(scenario: &str) {
    let revised = RuleSet::load("revised").unwrap();
    let base = under(scenario, &revised);
    let engine = EditionEngine::new(&base, &revised, Sampling::Round).unwrap();
    assert!(engine.chain().is_some(), "{scenario} exact under revised");
}

#[test]
fn ten_again_keeps_the_brawl_and_the_knife_fight_exact() {
    let ten = house_rule("ten-again.toml");
    for scenario in ["brawl.toml", "knife-vs-fists.toml"] {
        assert_exact_under_revised(scenario);
        let wins = exact_and_rolled(scenario, &ten, 20_000);
        if scenario == "brawl.toml" {
            // Two equal mortals: even, exactly.
            assert!((wins[0] - wins[1]).abs() < 1e-12, "{wins:?}");
        }
    }
}

#[test]
fn other_re_rolls_and_double_tens_keep_the_knife_fight_exact() {
    for rule in [
        "nine-again.toml",
        "eight-again.toml",
        "ten-again-uncancellable.toml",
        "tens-count-two.toml",
    ] {
        exact_and_rolled("knife-vs-fists.toml", &house_rule(rule), 20_000);
    }
}

/// Every shipped fight with more than a punch traded (two against one, an
/// abort to a dodge, a grapple inside a fight) that is exact under revised
/// stays exact under revised + 10-again and 8-again, at the default state
/// limit: strikes past what a target can still take, abort rolls past a
/// success and clinches past what the grapple reads are one path each.
/// The chain's wins are held to die-by-die fights.
#[test]
fn re_rolls_keep_the_shipped_multi_member_and_grapple_fights_exact() {
    for rule in ["ten-again.toml", "eight-again.toml"] {
        let rules = house_rule(rule);
        for scenario in [
            "neonate-vs-two-thugs.toml",
            "bodyguard-aborts.toml",
            "wrestler-vs-boxer.toml",
            "aikido-master-vs-brawler.toml",
        ] {
            assert_exact_under_revised(scenario);
            exact_and_rolled(scenario, &rules, 4_000);
        }
    }
}
