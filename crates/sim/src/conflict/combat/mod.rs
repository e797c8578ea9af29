//! Fights (`kind = "combat"`): one engine per edition's `[combat] engine`,
//! each a [`Rounds`](super::Rounds) engine over its members' states, in
//! its own file with a module doc that lists every rule it models:
//! [`revised::Revised`] (`revised.rs`), [`hubris::Hubris`] (`hubris.rs`),
//! [`uwod::Uwod`] (`uwod.rs`) and [`fta::Fta`] (`fta/`: the engine and its
//! round, an attack and what meets it, the escape). A fight that turns
//! into a grapple or a chase is a [`flow::Flow`] (`flow.rs`) around the
//! edition's engine, handing its rounds to the
//! [`Grapple`](super::grapple::Grapple) or the chase engine and back; the
//! engines implement [`flow::Body`] for it.

pub mod flow;
pub mod fta;
pub mod hubris;
pub mod revised;
pub mod uwod;
