//! `--max-states`: how big a round chain may grow, a flag of every command
//! that plays conflicts.

use wodds_sim::conflict::{MAX_STATES, chain_work};

/// How big a round chain may grow: a flag of every command that plays
/// conflicts.
#[derive(Debug, clap::Args)]
pub(crate) struct ChainArgs {
    /// The most states a round chain may hold before a conflict is drawn
    /// by the outcome sampler instead (its rounds may walk 64 paths
    /// through their dice a state); where no chain is built, the output
    /// says why and which limit to try.
    #[arg(long, value_name = "STATES", default_value_t = wodds_sim::conflict::DEFAULT_STATES,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_STATES as u64))]
    max_states: usize,
}

impl ChainArgs {
    /// Makes the limit every chain this process builds is held to.
    pub(crate) fn apply(&self) {
        wodds_sim::conflict::Limit::set_default_states(self.max_states);
    }
}

/// Runs `build` (compiling engines, which builds their round chains) and,
/// once it has taken more than a second, shows on stderr how far the
/// chains have got (states built, paths walked through their dice): a
/// chain can take seconds where a house rule's dice reach far. Silent
/// with `quiet` or when stderr is not a terminal.
pub(crate) fn with_chain_progress<T: Send>(quiet: bool, build: impl FnOnce() -> T + Send) -> T {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    if quiet || !std::io::stderr().is_terminal() {
        return build();
    }
    let done = AtomicBool::new(false);
    let (states0, paths0) = chain_work();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let start = Instant::now();
            let tick = Duration::from_millis(100);
            let mut bar: Option<indicatif::ProgressBar> = None;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(tick);
                if start.elapsed() < Duration::from_secs(1) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| {
                    let b = indicatif::ProgressBar::new_spinner().with_elapsed(start.elapsed());
                    b.set_style(
                        indicatif::ProgressStyle::with_template(
                            "{spinner} building round chains: {msg} {elapsed}",
                        )
                        .expect("template"),
                    );
                    b
                });
                bar.set_message(built_since((states0, paths0)));
                bar.tick();
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        let out = build();
        done.store(true, Ordering::Relaxed);
        out
    })
}

/// How far the round chains this process builds have got since `from` (a
/// [`chain_work`] reading): "15,737 states, 4.2 million paths through
/// their dice".
pub(crate) fn built_since(from: (u64, u64)) -> String {
    let (states, paths) = chain_work();
    let words = |n: u64| wodds_sim::conflict::count_words(n as f64);
    format!(
        "{} states, {} paths through their dice",
        words(states - from.0),
        words(paths - from.1)
    )
}
