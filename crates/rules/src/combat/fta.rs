//! `[combat.fta]`: the rules of From the Ashes' combat engine (seed 004)
//! that Revised does not have, each a setting a house rule may change.
//!
//! ```toml
//! extends = "fta"
//!
//! [combat.fta]
//! piling-on = { attacking = 1 }   # a die per later attack, not two
//! ```

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::problem::{Problem, within};

/// `[combat.fta]`: every rule the fta engine reads beyond Revised's dice,
/// health and soak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaRules {
    /// A hand-to-hand attack's difficulty before its style.
    pub attack_difficulty: i32,
    /// How a member carrying on an offence defends against hand-to-hand
    /// attacks that are not contested.
    pub attacker_defence: AttackerDefence,
    /// The difficulty of the counter ([`AttackerDefence::Counter`]).
    pub counter_difficulty: i32,
    /// `[combat.fta.initiative]`.
    pub initiative: FtaInitiative,
    /// `[combat.fta.power-attack]`.
    pub power_attack: AttackStyle,
    /// `[combat.fta.feint]`.
    pub feint: AttackStyle,
    /// `[combat.fta.committed]`.
    pub committed: Committed,
    /// `[combat.fta.haste]`.
    pub haste: Haste,
    /// `[combat.fta.dodge]`.
    pub dodge: FtaDodge,
    /// `[combat.fta.block]`.
    pub block: FtaBlock,
    /// `[combat.fta.piling-on]`.
    pub piling_on: PilingOn,
    /// `[combat.fta.split-actions]`.
    pub split_actions: SplitActions,
    /// `[combat.fta.abort]`.
    pub abort: FtaAbort,
    /// `[combat.fta.escape]`.
    pub escape: Escape,
    /// `[combat.fta.guns-in-melee]`.
    pub guns_in_melee: GunsInMelee,
}

/// How a member that attacks this round meets a hand-to-hand attack it does
/// not answer with an attack of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttackerDefence {
    /// A block or a dodge (its tactic's, else the better of the two), with
    /// no split: 004 "He defends with his choice of a Block or Dodge".
    BlockOrDodge,
    /// Its attack pool at [`FtaRules::counter_difficulty`].
    Counter,
}

/// What happens when members tie on initiative and on its unrolled part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeTies {
    /// They act at once: each acts on the fight as it stood before any of
    /// them, and the damage they deal lands after all of them resolve.
    Simultaneous,
    /// One of them first, at random.
    Random,
}

/// `[combat.fta.initiative]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaInitiative {
    /// Whether the wound penalty comes off the initiative total.
    pub wound_penalty: bool,
    /// Whether equal totals go to the higher unrolled part first.
    pub ties_by_unrolled: bool,
    /// What a tie left after that means.
    pub ties: InitiativeTies,
}

/// An attack style's difficulty change and damage dice added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AttackStyle {
    /// Added to the attack's difficulty.
    pub difficulty: i32,
    /// Added to its damage pool.
    pub damage_dice: i32,
}

/// `[combat.fta.committed]`: the committed attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Committed {
    /// Added to the difficulty of the target's defence (or of its attack,
    /// when it strikes back).
    pub defence_difficulty: i32,
    /// Whether the target aborts to a defence without a Willpower roll.
    pub free_abort: bool,
    /// Whether a committed attacker's haste actions are committed too.
    pub in_haste: bool,
    /// Whether a committed attacker attacked by the member it declared its
    /// attack on meets that attack in a contested exchange (else it takes
    /// the blow, having no defence, and attacks on its own turn).
    pub strikes_back: bool,
}

/// `[combat.fta.haste]`: haste actions (Celerity, Rage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Haste {
    /// Rage points a Garou spends for one haste action.
    pub rage_per_action: u8,
    /// Whether haste attacks count as later attackers for piling on.
    pub later_attackers: bool,
    /// Whether two members attacking each other in the same haste phase
    /// contest, as in the main phase.
    pub contested: bool,
    /// Whether power and feint attacks keep their style in haste phases.
    pub styles: bool,
}

/// `[combat.fta.dodge]`: the dodge's difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaDodge {
    /// Against a hand-to-hand attack (a gun fired in the melee included).
    pub hand_to_hand: i32,
    /// Against gunfire from further away.
    pub ranged: i32,
}

/// `[combat.fta.block]`: the block's difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaBlock {
    /// Blocking with the attack's own Ability (Brawl against Brawl, Melee
    /// against Melee).
    pub same_ability: i32,
    /// Blocking with another.
    pub other_ability: i32,
    /// Added against gunfire from further away than the melee.
    pub gunfire: i32,
}

/// `[combat.fta.piling-on]`: dice a defence loses per earlier attack on the
/// defender this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PilingOn {
    /// For a member carrying on an offence.
    pub attacking: i32,
    /// For a member that only defends.
    pub defending: i32,
    /// Whether a roll in a contested exchange, the member's defence too,
    /// loses the dice of those carrying on an offence (each side, for the
    /// attacks already on it).
    pub exchanges: bool,
}

/// `[combat.fta.split-actions]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SplitActions {
    /// Dice every action loses when a member splits.
    pub dice: i32,
    /// Further dice every action loses per action past the first.
    pub dice_per_extra_action: i32,
    /// Whether a member takes at most Wits actions.
    pub wits_limit: bool,
}

impl SplitActions {
    /// The dice each of `n` split actions (two or more) loses: 004 "each
    /// action has it's pool reduced by 2 dice, and then reduced further by
    /// one die for each action past the first".
    pub fn penalty(&self, n: i32) -> i32 {
        self.dice + self.dice_per_extra_action * (n - 1)
    }
}

/// `[combat.fta.abort]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FtaAbort {
    /// The Willpower roll's difficulty.
    pub difficulty: i32,
    /// Whether the wound penalty comes off the Willpower roll.
    pub wound_penalty: bool,
    /// The defence an aborted member turns to.
    pub to: AbortTo,
}

/// The defence an aborted member turns to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AbortTo {
    /// A dodge.
    Dodge,
    /// A block (a parry with a melee weapon).
    Block,
}

/// `[combat.fta.escape]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Escape {
    /// The escape roll's difficulty.
    pub difficulty: i32,
}

/// `[combat.fta.guns-in-melee]`: a gun's difficulty in the melee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GunsInMelee {
    /// A pistol.
    pub pistol: i32,
    /// A submachine gun.
    pub smg: i32,
    /// Any other gun (a long gun).
    pub long_gun: i32,
    /// Any gun against a target with no defence roll.
    pub uncontested: i32,
}

impl FtaRules {
    /// Checks the ranges the types cannot express.
    pub(crate) fn check(&self) -> Result<(), Problem> {
        let difficulty = |key, v: i32| within(key, v.into(), 2, 10);
        let modifier = |key, v: i32| within(key, v.into(), -5, 5);
        let dice = |key, v: i32| within(key, v.into(), 0, 5);
        difficulty("combat.fta.attack-difficulty", self.attack_difficulty)?;
        difficulty("combat.fta.counter-difficulty", self.counter_difficulty)?;
        modifier(
            "combat.fta.power-attack.difficulty",
            self.power_attack.difficulty,
        )?;
        modifier(
            "combat.fta.power-attack.damage-dice",
            self.power_attack.damage_dice,
        )?;
        modifier("combat.fta.feint.difficulty", self.feint.difficulty)?;
        modifier("combat.fta.feint.damage-dice", self.feint.damage_dice)?;
        modifier(
            "combat.fta.committed.defence-difficulty",
            self.committed.defence_difficulty,
        )?;
        within(
            "combat.fta.haste.rage-per-action",
            self.haste.rage_per_action.into(),
            1,
            5,
        )?;
        difficulty("combat.fta.dodge.hand-to-hand", self.dodge.hand_to_hand)?;
        difficulty("combat.fta.dodge.ranged", self.dodge.ranged)?;
        difficulty("combat.fta.block.same-ability", self.block.same_ability)?;
        difficulty("combat.fta.block.other-ability", self.block.other_ability)?;
        within("combat.fta.block.gunfire", self.block.gunfire.into(), 0, 8)?;
        dice("combat.fta.piling-on.attacking", self.piling_on.attacking)?;
        dice("combat.fta.piling-on.defending", self.piling_on.defending)?;
        dice("combat.fta.split-actions.dice", self.split_actions.dice)?;
        dice(
            "combat.fta.split-actions.dice-per-extra-action",
            self.split_actions.dice_per_extra_action,
        )?;
        difficulty("combat.fta.abort.difficulty", self.abort.difficulty)?;
        difficulty("combat.fta.escape.difficulty", self.escape.difficulty)?;
        difficulty("combat.fta.guns-in-melee.pistol", self.guns_in_melee.pistol)?;
        difficulty("combat.fta.guns-in-melee.smg", self.guns_in_melee.smg)?;
        difficulty(
            "combat.fta.guns-in-melee.long-gun",
            self.guns_in_melee.long_gun,
        )?;
        difficulty(
            "combat.fta.guns-in-melee.uncontested",
            self.guns_in_melee.uncontested,
        )
    }
}
