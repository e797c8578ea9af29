//! `[grapple]`: how an edition resolves a grapple (`kind = "grapple"`
//! scenarios), each rule a setting a house rule may change.
//!
//! Three mechanisms, one a family:
//! - `control` (fta, seed 004 "Grappling"): a Control track the Grappler
//!   builds and spends on effects, `[grapple.fta]`;
//! - `hold` (revised, uwod: the clinch and the hold): a held member tries
//!   a resisted Strength + Brawl roll to break free, the holder deals
//!   Strength damage, `[grapple.hold]`;
//! - `contest` (hubris, seed 001 "Prolonging a Conflict"): a prolonged
//!   physical contest, the side that loses as many contests as its Stamina
//!   is pinned, `[grapple.contest]`.
//!
//! ```toml
//! extends = "fta"
//!
//! [grapple.fta]
//! decay = 0   # Control does not fall at the end of a round (004's example)
//! ```

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::pools::Terms;
use crate::problem::{Problem, within};

/// Which mechanism resolves an edition's grapples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GrappleEngine {
    /// fta's Control track (`[grapple.fta]`).
    Control,
    /// The clinch and the hold (`[grapple.hold]`).
    Hold,
    /// A prolonged physical contest (`[grapple.contest]`).
    Contest,
}

impl GrappleEngine {
    /// Its name in rule files.
    pub fn name(self) -> &'static str {
        match self {
            GrappleEngine::Control => "control",
            GrappleEngine::Hold => "hold",
            GrappleEngine::Contest => "contest",
        }
    }

    /// The engine a rule file calls `name`.
    pub fn named(name: &str) -> Option<GrappleEngine> {
        [
            GrappleEngine::Control,
            GrappleEngine::Hold,
            GrappleEngine::Contest,
        ]
        .into_iter()
        .find(|e| e.name() == name)
    }

    /// The family of `[grapple]` it reads.
    pub fn family(self) -> &'static str {
        match self {
            GrappleEngine::Control => "fta",
            GrappleEngine::Hold => "hold",
            GrappleEngine::Contest => "contest",
        }
    }
}

/// Every family of `[grapple]`.
pub const GRAPPLE_FAMILIES: [&str; 3] = ["fta", "hold", "contest"];

/// `[grapple]`: the mechanism, and its family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GrappleRules {
    /// The mechanism that resolves grapples.
    pub engine: GrappleEngine,
    /// `[grapple.fta]` (engine `control`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fta: Option<FtaGrapple>,
    /// `[grapple.hold]` (engine `hold`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<HoldGrapple>,
    /// `[grapple.contest]` (engine `contest`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contest: Option<ContestGrapple>,
}

/// How half of the remaining Control is rounded (Clinch and Crack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// Down (3 gives 1).
    Down,
    /// Up (3 gives 2).
    Up,
}

impl Rounding {
    /// Half of `n` rounded this way.
    pub fn half(self, n: i32) -> i32 {
        match self {
            Rounding::Down => n.div_euclid(2),
            Rounding::Up => (n + 1).div_euclid(2),
        }
    }
}

/// `[grapple.fta]`: seed 004's grapple (Control, effects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaGrapple {
    /// The Strength-based grapple pool.
    pub strength_pool: Terms,
    /// The Dexterity-based grapple pool.
    pub dexterity_pool: Terms,
    /// The difficulty of every grapple roll (the attack, the defence and
    /// each round's roll-off).
    pub difficulty: i32,
    /// Difficulty added to a grapple on a non-humanoid when the scenario
    /// does not say how much (004: +1 to +3).
    pub non_humanoid: i32,
    /// Whether the non-humanoid penalty also hits Strength-based grapples
    /// (else only Dexterity-based ones).
    pub non_humanoid_strength: bool,
    /// Control lost at the end of every sustained round.
    pub decay: i32,
    /// A reversal needs the Victim's remaining successes at least this
    /// many times the Control.
    pub reverse_factor: i32,
    /// How half the remaining Control is rounded.
    pub half: Rounding,
    /// A third party adds (or takes off) 1 Control for every this many
    /// successes on its grapple roll.
    pub assist_successes: i32,
    /// Dice a Victim on the ground (dropped, slammed) loses from its
    /// grapple rolls.
    pub prone_dice: i32,
    /// The defence roll a Shrug Off makes against a third party's attack
    /// (a Hostage Block blocks).
    pub shrug_off_defence: ThirdPartyDefence,
    /// Whether a single-effect grapple spends all the Control it gained
    /// (its damage counting no Remaining Control), or only the effect's
    /// cost (the rest adding as in a sustained grapple).
    pub single_spends_all: bool,
    /// `[grapple.fta.effects]`: what each effect costs.
    pub effects: FtaEffects,
}

/// The defence a Grappler's Shrug Off rolls against a third party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ThirdPartyDefence {
    /// Its dodge (fta: Dexterity + Athletics).
    Dodge,
    /// Its block (Dexterity + Brawl).
    Block,
}

/// `[grapple.fta.effects]`: the Control each effect costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaEffects {
    /// Ends the grapple in a pin.
    pub pin: i32,
    /// Takes an object from the Victim's hands.
    pub disarm: i32,
    /// A defence roll against a third party's attack.
    pub shrug_off: i32,
    /// The same, the Victim taking the attack's base damage.
    pub hostage_block: i32,
    /// The Victim is put on the ground.
    pub drop: i32,
    /// As drop, plus Strength + remaining Control bashing.
    pub slam: i32,
    /// The Victim is forced to stand.
    pub prop: i32,
    /// Strength + half the remaining Control bashing.
    pub clinch: i32,
    /// Strength + half the remaining Control lethal.
    pub crack: i32,
}

/// `[grapple.hold]`: the clinch and the hold (revised, uwod).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HoldGrapple {
    /// The attack that starts it (a grapple instead of harm).
    pub attack_pool: Terms,
    /// The pool rolled, opposed, to keep the hold or break free.
    pub hold_pool: Terms,
    /// The damage pool of a clinch while held (Strength), soaked as the
    /// edition soaks bashing.
    pub damage_pool: Terms,
    /// The difficulty of the attack and the opposed rolls (a target
    /// number, or successes needed for an unopposed roll).
    pub difficulty: i32,
    /// Whether a clinch deals its damage on the turn it lands too.
    pub damage_on_grab: bool,
    /// Whether the victim of the clinch attack always rolls its dodge
    /// (Dexterity and Dodge) against it, uwod's reflexive defence, or only
    /// when its tactics defend (revised's dodge, an action).
    pub reflexive_defence: bool,
}

/// `[grapple.contest]`: a prolonged physical contest (hubris).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ContestGrapple {
    /// The pool each side rolls.
    pub pool: Terms,
    /// The trait whose rating is the contests a side may lose before it
    /// is pinned.
    pub losses: Terms,
}

impl GrappleRules {
    /// `[grapple.fta]`, present when the engine is `control`.
    pub fn fta(&self) -> FtaGrapple {
        self.fta.expect("[grapple.fta] is checked present")
    }

    /// `[grapple.hold]`, present when the engine is `hold`.
    pub fn hold(&self) -> HoldGrapple {
        self.hold.expect("[grapple.hold] is checked present")
    }

    /// `[grapple.contest]`, present when the engine is `contest`.
    pub fn contest(&self) -> ContestGrapple {
        self.contest.expect("[grapple.contest] is checked present")
    }

    /// Checks ranges, and that the engine's family is there.
    pub(crate) fn check(&self) -> Result<(), Problem> {
        let present = match self.engine {
            GrappleEngine::Control => self.fta.is_some(),
            GrappleEngine::Hold => self.hold.is_some(),
            GrappleEngine::Contest => self.contest.is_some(),
        };
        if !present {
            return Err((
                vec!["grapple.engine"],
                format!(
                    "the `{}` grapple engine reads [grapple.{}], which is missing",
                    self.engine.name(),
                    self.engine.family()
                ),
            ));
        }
        if let Some(f) = &self.fta {
            within("grapple.fta.difficulty", f.difficulty.into(), 2, 10)?;
            within("grapple.fta.non-humanoid", f.non_humanoid.into(), 0, 5)?;
            within("grapple.fta.decay", f.decay.into(), 0, 5)?;
            within("grapple.fta.reverse-factor", f.reverse_factor.into(), 1, 5)?;
            within(
                "grapple.fta.assist-successes",
                f.assist_successes.into(),
                1,
                10,
            )?;
            within("grapple.fta.prone-dice", f.prone_dice.into(), 0, 10)?;
            let e = &f.effects;
            for (key, v) in [
                ("grapple.fta.effects.pin", e.pin),
                ("grapple.fta.effects.disarm", e.disarm),
                ("grapple.fta.effects.shrug-off", e.shrug_off),
                ("grapple.fta.effects.hostage-block", e.hostage_block),
                ("grapple.fta.effects.drop", e.drop),
                ("grapple.fta.effects.slam", e.slam),
                ("grapple.fta.effects.prop", e.prop),
                ("grapple.fta.effects.clinch", e.clinch),
                ("grapple.fta.effects.crack", e.crack),
            ] {
                within(key, v.into(), 1, 30)?;
            }
        }
        if let Some(h) = &self.hold {
            within("grapple.hold.difficulty", h.difficulty.into(), 0, 10)?;
        }
        Ok(())
    }
}
