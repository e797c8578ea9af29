//! `EditionEngine::states_seen` counts the distinct states between rounds
//! that sampled fights pass through, kept as the round chain keeps them:
//! a lower bound on the chain's states, which the book gives for the
//! fights whose chain is too big to build (issue 29). It never passes the
//! chain's own count, and on small fights enough draws reach every state.

use std::path::Path;

use wodds_dice::D10;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{EditionEngine, Sampling, Scenario};

/// The states seen in `fights` fights of a shipped scenario under an
/// edition (the outcome sampler, seed 7), and its chain's states.
fn seen_and_chain(scenario: &str, edition: &str, fights: u64) -> (usize, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(format!("{scenario}.toml"));
    let s = Scenario::load(&path).unwrap();
    let rules = RuleSet::load(edition).unwrap();
    let chain = EditionEngine::new(&s, &rules, Sampling::Round).unwrap();
    let states = chain
        .chain()
        .unwrap_or_else(|| panic!("{scenario} under {edition} has a chain"))
        .states();
    let sampled = EditionEngine::new(&s, &rules, Sampling::Outcome).unwrap();
    (sampled.states_seen(&mut D10::seeded(7), fights), states)
}

#[test]
fn sampled_fights_see_no_state_the_chain_does_not_hold() {
    for scenario in [
        "knife-vs-fists",
        "wrestler-vs-boxer",
        "rush-hour-getaway",
        "ted-grapples-peter",
        "uriel-escapes",
    ] {
        for edition in ["revised", "fta", "uwod", "hubris"] {
            let (seen, states) = seen_and_chain(scenario, edition, 20_000);
            assert!(
                (1..=states).contains(&seen),
                "{scenario} under {edition}: {seen} states seen, the chain holds {states}"
            );
        }
    }
}

/// Chains of 48 and 98 states, every one reached in 20,000 fights.
#[test]
fn enough_fights_reach_every_state_of_a_small_chain() {
    for (scenario, edition, states) in [
        ("knife-vs-fists", "revised", 48),
        ("knife-vs-fists", "fta", 48),
        ("wrestler-vs-boxer", "revised", 98),
    ] {
        assert_eq!(
            seen_and_chain(scenario, edition, 20_000),
            (states, states),
            "{scenario} under {edition}"
        );
    }
}
