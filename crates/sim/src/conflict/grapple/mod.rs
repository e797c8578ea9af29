//! Grapples (`kind = "grapple"` scenarios): two members, one grappling the
//! other, under the edition's `[grapple]` mechanism.
//!
//! - `control` (fta, seed 004 "Grappling"): the opening grapple attack or
//!   grapple defence gives the Grappler a Control of its successes minus
//!   the other's; each later round both roll their grapple pools, the net
//!   going to whoever rolled more: the Grappler adds it to Control and may
//!   buy one effect (Pin ends it; Slam, Clinch and Crack hurt), the Victim
//!   resisting takes it off Control, reversing (net at least twice the
//!   Control) swaps the roles with Control + the excess; Control falls by
//!   `decay` at the end of every sustained round, and at 0 the Victim is
//!   free. The Victim may relent instead.
//! - `hold` (revised, uwod): a clinch attack that grapples; then each round
//!   the held member tries a resisted roll to break free, and the holder,
//!   keeping the hold, deals Strength damage (a clinch) or not (a hold).
//! - `contest` (hubris): a prolonged physical contest, a roll-off a round;
//!   the side that has lost as many as its Stamina is pinned.
//!
//! A grapple is a [`Rounds`](super::Rounds) engine like the fights: every
//! random thing is drawn through a `Source`, so its round chain gives exact
//! odds. One engine, [`Grapple`], compiled in `engine.rs` (with the opening
//! and the grab every mechanism shares), hands each round to its
//! mechanism's file: `control.rs`, `hold.rs`, `contest.rs`. Fights turn
//! into grapples through [`Flow`](super::combat::flow::Flow); a grapple
//! knows nothing of fights. The `[grapple]` table and the members' grapple
//! tactics are the scenario's, re-exported here.

mod contest;
mod control;
mod engine;
mod hold;

pub use super::scenario::{
    Effect, GrapplePool, GrappleSetup, GrappleStart, GrappleTactics, RawGrapple, Single,
    ThirdParty, VictimTactic,
};
pub use engine::{Grapple, State};
