//! Fights (`kind = "combat"`): one engine per edition's `[combat] engine`
//! ([`revised::Revised`], [`hubris::Hubris`], [`uwod::Uwod`],
//! [`fta::Fta`]), each a [`Rounds`](super::Rounds) engine over its
//! members' states, and the [`flow::Flow`] that hands a fight over to a
//! grapple or a chase and back.

pub mod flow;
pub mod fta;
pub mod hubris;
pub mod revised;
pub mod uwod;
