//! The progress bar of the commands that build a report (`report`,
//! `merge`, `check`, `compare`): how far the report has got and, while
//! round chains are being built, how far they have got, as `wodds run`'s
//! spinner says it. Hidden with `--quiet` or when stderr is not a
//! terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use wodds_sim::conflict::chain_work;

use crate::chain::built_since;

/// A report's progress on stderr.
pub struct Bar {
    bar: ProgressBar,
    said: Arc<Said>,
    /// Redraws the bar and tells how the chains are getting on; `None`
    /// for a hidden bar.
    ticker: Option<JoinHandle<()>>,
}

/// What the report last said it was doing, and the chains' counters
/// ([`chain_work`]) then.
#[derive(Default)]
struct Said {
    message: Mutex<(String, (u64, u64))>,
    done: AtomicBool,
}

impl Bar {
    /// The bar of `what` (the command's name), hidden with `quiet` or when
    /// stderr is not a terminal: one line for the bar, and one below it
    /// for what is being done, which a terminal's width would not leave
    /// room for beside it.
    pub fn new(what: &str, quiet: bool) -> Bar {
        let bar = if quiet || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template(&format!(
                    "{{spinner}} {what} [{{bar:30}}] {{percent:>3}}% {{elapsed}} (eta {{eta}})\n  {{wide_msg}}"
                ))
                .expect("template")
                .progress_chars("=> "),
            );
            bar
        };
        let said = Arc::new(Said::default());
        let ticker = (!bar.is_hidden()).then(|| {
            let (bar, said) = (bar.clone(), Arc::clone(&said));
            std::thread::spawn(move || tick(&bar, &said))
        });
        Bar { bar, said, ticker }
    }

    /// Takes the bar off the screen.
    pub fn finish_and_clear(mut self) {
        self.stop();
        self.bar.finish_and_clear();
    }

    fn stop(&mut self) {
        self.said.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            // A ticker that panicked has nothing left to say.
            let _ = ticker.join();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Every tenth of a second until the bar is done: the bar redrawn (its
/// spinner, elapsed time and eta move on while a long step runs), and
/// while the chains' counters move, what the report is doing followed by
/// how far the chains have got since it said so.
fn tick(bar: &ProgressBar, said: &Said) {
    let mut last = chain_work();
    while !said.done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let now = chain_work();
        if now != last {
            let (what, from) = said.message.lock().map(|m| m.clone()).unwrap_or_default();
            // Chains built since the report said what it is doing.
            if now.0 > from.0 {
                bar.set_message(format!("{what}: {}", built_since(from)));
            }
            last = now;
        }
        bar.tick();
    }
}

impl wodds_report::Progress for Bar {
    fn start(&self, total: u64) {
        self.bar.set_length(total);
    }
    fn advance(&self, n: u64) {
        self.bar.inc(n);
    }
    fn message(&self, what: &str) {
        if let Ok(mut m) = self.said.message.lock() {
            *m = (what.to_string(), chain_work());
        }
        self.bar.set_message(what.to_string());
    }
}
