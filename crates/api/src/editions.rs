//! The editions a call runs under: built-in ids, or house rules given as
//! text (a page's text box, a notebook's string) or as files.

use serde::Deserialize;
use wodds_rules::RuleSet;
use wodds_sim::conflict::{same_edition, twice_words};

use crate::error::{Error, Result};

/// An edition to run under.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Edition {
    /// A built-in id (`revised`, `fta`, `uwod`, `hubris`), or, where there
    /// are files, a house-rule file's path.
    Named(String),
    /// A house rule as text: `id` names it in outputs and `file` in errors
    /// (its `extends` may name a built-in edition; a relative path is read
    /// from the working directory, where there is one).
    Text {
        /// Its id in outputs (`house`).
        id: String,
        /// Its name in errors (`house.toml`).
        file: String,
        /// The TOML text.
        text: String,
    },
}

impl Edition {
    /// Loads it.
    pub fn load(&self) -> Result<RuleSet> {
        Ok(match self {
            Edition::Named(name) => RuleSet::load(name)?,
            Edition::Text { id, file, text } => {
                RuleSet::from_text(id, file, text, std::path::Path::new("."))?
            }
        })
    }

    /// Its name as given, for errors.
    fn name(&self) -> &str {
        match self {
            Edition::Named(name) => name,
            Edition::Text { file, .. } => file,
        }
    }
}

/// Loads every edition, in order, each once.
pub fn load_all(editions: &[Edition]) -> Result<Vec<RuleSet>> {
    let mut all: Vec<RuleSet> = Vec::new();
    for e in editions {
        let rules = e.load()?;
        if let Some(twice) = same_edition(&all, &rules) {
            return Err(Error::new(twice_words(e.name(), twice)));
        }
        all.push(rules);
    }
    Ok(all)
}

/// The built-in editions' ids, in order.
pub fn built_in() -> Vec<&'static str> {
    wodds_rules::edition_ids().collect()
}
