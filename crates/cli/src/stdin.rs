//! `-` for a scenario or rule file: read from standard input, once.
//!
//! `wodds run - --editions revised < brawl.toml`, `cat ours.toml | wodds
//! rules show -`, `wodds odds -e - --pool 5 < ours.toml`. The text is
//! named `<stdin>` in errors; a rule read so is the edition `stdin`, and
//! any relative path in it (`extends`, a scenario's editions) is read from
//! the working directory.

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};
use wodds_rules::RuleSet;
use wodds_sim::conflict::Scenario;

/// What `-` names.
pub const DASH: &str = "-";

/// Whether standard input has been read.
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The whole of standard input; an error the second time.
fn read() -> anyhow::Result<String> {
    if TAKEN.swap(true, Ordering::SeqCst) {
        bail!("-: standard input can be read once; give `-` for one file only");
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("-: cannot read standard input as UTF-8 text")?;
    Ok(text)
}

/// The edition `spec` names: a built-in id, a house-rule file, or `-`.
pub fn rules(spec: &str) -> anyhow::Result<RuleSet> {
    if spec == DASH {
        let text = read()?;
        return Ok(RuleSet::from_text(
            "stdin",
            "<stdin>",
            &text,
            Path::new("."),
        )?);
    }
    Ok(RuleSet::load(spec)?)
}

/// The scenario at `path`, or on standard input for `-`.
pub fn scenario(path: &Path) -> anyhow::Result<Scenario> {
    if path == Path::new(DASH) {
        let text = read()?;
        return Ok(Scenario::parse("<stdin>", &text, Some(Path::new(".")))?);
    }
    Ok(Scenario::load(path)?)
}
