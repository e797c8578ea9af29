//! `watching_chains`: a page's progress while round chains are built on
//! its one thread is told of every state built, and of nothing once the
//! watch is over.

use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;

use wodds_rules::RuleSet;
use wodds_sim::conflict::{EditionEngine, Sampling, Scenario, watching_chains};

#[test]
fn every_state_built_is_told() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/brawl.toml");
    let scenario = Scenario::load(&path).unwrap();
    let told = Rc::new(Cell::new(0u64));
    let last = Rc::new(Cell::new((0u64, 0u64)));
    let (t, l) = (told.clone(), last.clone());
    let engines: Vec<EditionEngine> = watching_chains(
        Box::new(move |states, paths| {
            t.set(t.get() + 1);
            // The counts only grow.
            assert!(states > l.get().0 && paths >= l.get().1);
            l.set((states, paths));
        }),
        || {
            ["revised", "fta"]
                .iter()
                .map(|e| EditionEngine::new(&scenario, &RuleSet::load(e).unwrap(), Sampling::Round))
                .collect::<Result<_, _>>()
                .unwrap()
        },
    );
    let states: usize = engines
        .iter()
        .map(|e| e.chain().expect("a chain").states())
        .sum();
    assert_eq!(told.get(), states as u64, "one call a state built");
    // The watch is over: a chain built now is not told.
    let before = told.get();
    EditionEngine::new(&scenario, &RuleSet::load("uwod").unwrap(), Sampling::Round).unwrap();
    assert_eq!(told.get(), before);
}
