//! The multi-roll action family of an edition (`[actions]`): what a botch
//! does to an extended action or a contest, how a resisted roll is won,
//! how a contest keeps score and breaks ties, teamwork, groups, retries
//! and multiple actions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a botch does in a multi-roll action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BotchEffect {
    /// The botching side's total (or tally) goes back to 0.
    Wipe,
    /// The botching side fails the whole action.
    Fail,
    /// A botch counts as a roll with no successes.
    Ignore,
}

/// How a resisted roll is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ResistedRule {
    /// The opponent's successes cancel yours: you need more (`revised`).
    Margin,
    /// The opponent's successes are your difficulty: you need as many (`uwod`).
    Meet,
    /// The opponent's successes are "a success total to match or beat",
    /// and at least one success is needed (`hubris`).
    MatchOrBeat,
}

/// How an extended and resisted contest keeps score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TallyRule {
    /// Each side adds the rounds it wins by their margin to its own tally.
    Separate,
    /// One running difference; a side wins when it is ahead by the target.
    Difference,
}

/// What a tied contest does: a prolonged conflict's roll-off, and (under
/// the `hubris` engine) an attack's contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// Nobody wins the round.
    Nothing,
    /// The defender (side B; in a fight, the one attacked) wins the round.
    Defender,
    /// The acting side (side A; in a fight, the attacker) wins a tie in
    /// which it rolled at least one success: the other side's total is "a
    /// success total to match or beat" (`hubris`). A tie at no successes is
    /// won by nobody (a roll without a success fails).
    Acting,
    /// Both roll again until one has more successes (in a prolonged
    /// conflict, the same as `nothing`: the tied roll-off is played again).
    #[serde(rename = "re-roll")]
    Reroll,
}

impl TieRule {
    /// Who wins a contest in which the acting side rolled `acting`
    /// successes and the other `other`: `1` the acting side, `-1` the
    /// other, `0` nobody (a tie under `nothing`, or one to roll again).
    #[inline]
    pub fn winner(self, acting: u16, other: u16) -> i8 {
        match acting.cmp(&other) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => match self {
                TieRule::Nothing | TieRule::Reroll => 0,
                TieRule::Defender => -1,
                TieRule::Acting => i8::from(acting > 0),
            },
        }
    }
}

/// How characters working together on one task roll (teamwork).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TeamworkRule {
    /// Every character rolls separately; the successes are added.
    Sum,
    /// The first character rolls, with the others' help as an Edge: their
    /// pools added to its pool, at most `teamwork-edge-cap` dice.
    Edge,
}

/// How a group rolls together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GroupRule {
    /// Every member rolls; the successes are added (teamwork).
    Sum,
    /// Every member rolls; the best single roll counts (`hubris`).
    Best,
}

/// The multi-roll action part of an edition, fully resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActionRules {
    /// What a botch does to an extended action.
    pub extended_botch: BotchEffect,
    /// How a resisted roll is won.
    pub resisted: ResistedRule,
    /// How an extended and resisted contest keeps score.
    pub contest_tally: TallyRule,
    /// What a botch does to a side's tally in a contest.
    pub contest_botch: BotchEffect,
    /// What a tied round does.
    pub contest_tie: TieRule,
    /// How a team rolls: separate rolls added, or the helpers as an Edge.
    pub teamwork: TeamworkRule,
    /// With `teamwork = "edge"`: the most dice the helpers add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teamwork_edge_cap: Option<i32>,
    /// Whether one member's botch spoils a teamwork roll (separate rolls).
    pub teamwork_botch_spoils: bool,
    /// How several characters on one side of a contest roll.
    pub group: GroupRule,
    /// Difficulty added per earlier failure when an action is tried again.
    pub retry_penalty: i32,
    /// Whether a character may take several actions a turn, the first pool
    /// losing as many dice as actions and each later one a die more.
    pub multiple_actions: bool,
}
