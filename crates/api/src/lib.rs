//! wodds as a library: the one API the command line, the browser
//! playground (`crates/web`) and the Python module (`crates/python`) call.
//! Rule files and scenarios go in as TOML text (or built-in edition ids);
//! serde structures come out, and the same CSV `wodds` writes.
//!
//! - [`editions`]: the rule sets a call runs under ([`Edition`]: a built-in
//!   id, a house rule's text, or a file).
//! - [`odds`]: a single roll's odds under each edition, exact or sampled.
//! - [`action`]: actions followed roll by roll to their end (`wodds
//!   action`), exact or sampled; [`action::extended`] sets one up.
//! - [`fight`]: a scenario's conflicts: its engines compiled (with their
//!   exact round chains where they fit), its fights played with progress
//!   and a stop, each edition's results.
//! - [`rules`]: a rule set's settings, and what two rule sets differ in.
//! - [`compare`]: what a rule changes against a base, on the roll, the
//!   actions table and each scenario (`wodds compare`).
//! - [`request`]: the same as JSON-shaped requests and answers, for the
//!   page and the Python module; [`request::actions`] the actions of
//!   `wodds action` beside `extended`, and any of the seven by its kind.
//! - [`Error`]: every failure, with the file, line, column and field when
//!   it is a mistake in a file.
//!
//! ```
//! use wodds_api::request::{OddsQuery, odds};
//!
//! let query: OddsQuery = serde_json::from_str(
//!     r#"{"editions": ["revised"], "pool": 1, "difficulty": 6}"#,
//! )
//! .unwrap();
//! let answer = odds(&query).unwrap();
//! // One die at difficulty 6: a 6-10 and no 1s wins the roll... a 1 with
//! // nothing else botches: 5/10 succeed, 1/10 botch.
//! assert!((answer.rows[0].p_success - 0.5).abs() < 1e-12);
//! assert!((answer.rows[0].p_botch - 0.1).abs() < 1e-12);
//! ```

pub mod action;
pub mod cells;
pub mod compare;
pub mod editions;
mod error;
pub mod fight;
pub mod odds;
mod provenance;
pub mod request;
pub mod rules;

pub use editions::Edition;
pub use error::{Error, Result};
pub use provenance::{MAX_TRIALS, Method, Provenance, VERSION, binomial_se};
