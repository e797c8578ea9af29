//! The Ultimate WoD combat engine (seed 000, "Initiative and Movement" to
//! "Three-round burst", and "Willpower"); where the seed is silent the
//! choice is **assumed**:
//!
//! - Initiative is the successes of a Dexterity + Wits roll (assumed pool),
//!   less wound penalties; ties by the pool, then at random. A Willpower
//!   point spent to ignore wounds does not reach it (**assumed**: the point
//!   is spent on the member's turn, after the round's initiative is rolled,
//!   and covers its actions and defences, not the next round's initiative).
//! - An attack is Dexterity + Brawl / Melee / Firearms; its difficulty is
//!   the defender's successes on a reflexive Dexterity + Dodge; with none the
//!   attack hits unless it botches. Each further defence before the
//!   defender's next turn is at onslaught: **assumed** one success fewer per
//!   earlier defence. Successes beyond the difficulty add damage dice. The
//!   reflexive defence is not an action: no multiple-action penalty.
//! - Block / Parry merit (`defend = "block"`): the reflexive defence rolls
//!   Dexterity + Brawl (a block) or, holding a melee weapon, Dexterity +
//!   Melee (a parry) instead of Dexterity + Dodge (**assumed**: the merit
//!   rated at its cap, the Ability's dots). The seed allows them only
//!   against "Storyteller-approved attacks": a block against punches and
//!   blunt blows ("punches and thrown chairs are okay, axes and pistols
//!   ... are not": **assumed** fists and clubs, not knives, swords or guns),
//!   a parry against unarmed and melee attacks ("kicks and swords are okay
//!   ... shotguns are not"), never against guns. Against any other attack
//!   the member dodges as usual.
//! - Multiple actions (`actions = N`, seed "Multiple Actions"): N declared
//!   attacks, the first at -N dice and each later one a die more (3: -3,
//!   -4, -5); a pool at 0 or below is not attempted (the later, smaller
//!   ones neither). Rage points a Garou spends (per its tactic, while they
//!   last) give extra attacks like Celerity's (**assumed**, as revised).
//!   Celerity's extra attacks (one a dot) come on top at the
//!   full pool.
//! - Range (seed "Cover and Distance"): a gun fired from `range = "long"`,
//!   one increment beyond its range, is at +1 difficulty: one success more
//!   is needed and the excess is one smaller. The seed gives no bonus or
//!   penalty for point-blank fire or shooting in close combat: **assumed**
//!   both as `effective`. Melee weapons ignore the range.
//! - Damage is Strength (not for firearms) + the weapon + the excess, plus
//!   Potence as automatic successes; soak is Stamina + armour against
//!   bashing, armour alone against lethal and aggravated (vampires and Garou,
//!   **assumed**, soak lethal with Stamina + Fortitude as in Revised). Both
//!   unbotchable.
//! - Health: Bruised 0, Wounded -1, Wounded -1, Hurt -2, Hurt -2, Crippled
//!   -5, Incapacitated; bashing that fills Incapacitated knocks out, more
//!   bashing upgrades to lethal, lethal past it kills (and so does bashing
//!   on a track with no bashing left to upgrade, as Revised).
//! - Staying active while Incapacitated (seed "Willpower" and "Health"):
//!   "bashing that fills Incapacitated" passes out, so only a member whose
//!   Incapacitated box holds lethal or aggravated damage may try. As the
//!   worst damage sits at the top, that is a full track with no bashing box.
//!   Such a member stays in the fight (it may be attacked, and defends at
//!   -5); at the start of each of its turns it rolls its Willpower rating
//!   (no Attribute, so no wound penalty) at a difficulty of the turns since
//!   it was Incapacitated: 1 on its first turn after, then 2, 3... It acts
//!   while it passes and drops (incapacitated) on the first failure; any
//!   further damage kills it. **Assumed**: every member the rule allows
//!   tries (a designer expects characters to try), and the roll costs no
//!   Willpower point (the seed names none).
//! - Total defence: no attack, and no onslaught on its defences.
//! - Wound penalties come off initiative, attack and defence pools; not,
//!   **assumed**, off damage and soak.
//! - Willpower, one point a turn (seed "Willpower"): `when-hurt` / `always`
//!   buy one automatic success on the first attack the member makes in its
//!   turn; `ignore-wounds` spends the point at the start of its turn, once a
//!   wound penalty applies, and ignores its wound penalties until its next
//!   turn (its attacks and every defence in between).
//! - Not modelled: aim, called shots, cover, clinches, disarm, full auto,
//!   knockdown and knockback, movement, Pain Tolerance.

use wodds_rules::{RuleSet, RulesError};

use super::chain::Rounds;
use super::fighter::{Fighter, Rolls, Sampling, fighters, max_pool};
use super::gear::{Damage, Skill};
use super::health::{Health, LEVELS};
use super::scenario::{DefendTactic, MAX_MEMBERS, Range, Scenario, WillpowerTactic};
use super::source::Source;
use super::strike::{Attack, Meet, Strike};
use super::tables::Tables;
use super::tally::End;
use super::turn::{Frame, Roster};

/// The uwod engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Uwod {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// Successes a defence loses per earlier one (the onslaught).
    onslaught: u16,
    rolls: Rolls,
    /// Under the outcome sampler, whole attacks by attacker, target,
    /// Willpower spent, attack dice, defence dice and onslaught.
    strikes: Option<Tables<Strike, 6>>,
}

impl Uwod {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Uwod, RulesError> {
        let fighters = fighters(scenario, &rules.combat.pools);
        let max = max_pool(&fighters, 0);
        let (n, pools) = (fighters.len(), max as usize + 1);
        let strikes = (sampling == Sampling::Outcome)
            .then(|| Tables::new([n, n, 2, pools, pools, ONSLAUGHTS]))
            .flatten();
        Ok(Uwod {
            fighters,
            strikes,
            frame: Frame::of(scenario),
            penalties: rules.combat.health().wound_penalties,
            onslaught: rules.combat.uwod().onslaught,
            rolls: Rolls::new(rules, rules.dice.standard_difficulty, sampling, max)?,
        })
    }

    /// Whether `defender`'s Block / Parry merit may answer `attacker`'s
    /// attack (seed 000, Merits): a parry (a melee weapon in hand) meets
    /// unarmed and melee attacks, a block (bare hands) unarmed and blunt
    /// ones; neither meets a gun.
    fn blocks(defender: &Fighter, attacker: &Fighter) -> bool {
        match attacker.weapon.skill {
            Skill::Firearms => false,
            Skill::Brawl => true,
            Skill::Melee => {
                defender.weapon.skill == Skill::Melee || attacker.kind == Damage::Bashing
            }
        }
    }

    /// Member `target` takes `levels` of `kind`: killed past the track;
    /// knocked out when the track is full and holds bashing; a full track
    /// of lethal or aggravated leaves it standing, to roll Willpower on its
    /// turn.
    fn hurt(kind: Damage, levels: u16, target: usize, health: &mut Health, roster: &mut Roster) {
        health.take(kind, u32::from(levels));
        if health.dead {
            roster.knock_out(target, End::Killed);
        } else if health.filled() >= LEVELS && health.bashing > 0 {
            roster.knock_out(target, End::Incapacitated);
        }
    }
}

/// Onslaughts the strike tables cover (0..4 earlier defences; more are
/// rolled).
const ONSLAUGHTS: usize = 4;

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct State {
    health: Health,
    willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    /// Defences since its last turn (the onslaught).
    defences: u16,
    /// It spent Willpower to ignore its wounds until its next turn.
    ignoring: bool,
    /// Its turns begun since it was Incapacitated (and stayed active).
    incapacitated: u16,
}

impl State {
    /// The wound penalty its pools take under `table` (none while it
    /// ignores wounds).
    fn penalty(&self, table: &[u8; 6]) -> i32 {
        if self.ignoring { 0 } else { self.wounds(table) }
    }

    /// The wound penalty of its health track under `table`.
    fn wounds(&self, table: &[u8; 6]) -> i32 {
        i32::from(self.health.penalty(table))
    }
}

impl Rounds for Uwod {
    type State = State;

    fn frame(&self) -> Frame {
        self.frame
    }

    fn sides(&self) -> impl Iterator<Item = usize> {
        self.fighters.iter().map(|f| f.side)
    }

    fn start(&self, i: usize) -> State {
        let f = &self.fighters[i];
        State {
            willpower: f.willpower,
            rage: f.rage,
            ..State::default()
        }
    }

    fn lost(s: &State) -> u32 {
        u32::from(s.health.filled())
    }

    fn carry(s: &State) -> State {
        // Everything lasts: the onslaught and ignored wounds until its
        // next turn, the turns since it was Incapacitated.
        *s
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        // Initiative: successes of Dexterity + Wits less the wound
        // penalty (a point spent to ignore wounds does not reach it).
        let turn = dice.order(
            n,
            |i, dice| {
                let pool = self.fighters[i].initiative - st[i].wounds(&self.penalties);
                if pool < 1 {
                    0
                } else {
                    i32::from(self.rolls.damage.roll(dice, pool).successes)
                }
            },
            |i| self.fighters[i].initiative,
        );
        for i in turn.members() {
            let f = &self.fighters[i];
            if !roster.standing(i) {
                continue;
            }
            // Its turn: the onslaught against it starts over, and last
            // turn's Willpower runs out.
            st[i].defences = 0;
            st[i].ignoring = false;
            // Incapacitated with lethal: a Willpower roll to stay
            // active, at a difficulty of the turns since.
            if st[i].health.filled() >= LEVELS {
                st[i].incapacitated += 1;
                let stay = self.rolls.action.roll(dice, i32::from(f.willpower));
                roster.botches += u32::from(stay.botch);
                if stay.successes < st[i].incapacitated {
                    roster.knock_out(i, End::Incapacitated);
                    continue;
                }
            }
            if f.runs(st[i].health.filled()) {
                roster.knock_out(i, End::Fled);
                continue;
            }
            // Willpower, one point a turn.
            let mut spent = false;
            if f.spend == WillpowerTactic::IgnoreWounds
                && st[i].willpower > 0
                && st[i].wounds(&self.penalties) > 0
            {
                st[i].willpower -= 1;
                roster.willpower += 1;
                st[i].ignoring = true;
                spent = true;
            }
            if !f.strikes() {
                continue;
            }
            // Declared attacks (multiple actions), then Celerity's
            // and Rage's.
            let declared = f.actions.max(1);
            let rage = f.rages(st[i].rage);
            st[i].rage -= rage;
            for k in 0..declared + f.attacks - 1 + rage {
                let Some(target) = roster.target(i) else {
                    break;
                };
                let multiple = if declared > 1 && k < declared {
                    i32::from(declared + k)
                } else {
                    0
                };
                let dice_left = f.attack - st[i].penalty(&self.penalties) - multiple;
                if dice_left < 1 {
                    continue;
                }
                let spend = !spent
                    && f.spend != WillpowerTactic::IgnoreWounds
                    && f.spends(st[i].willpower, st[i].penalty(&self.penalties));
                let compiled = if spend {
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                    spent = true;
                    &self.rolls.willpower
                } else {
                    &self.rolls.action
                };
                // The reflexive defence, one success fewer per earlier
                // one (none for a total defender).
                let t = &self.fighters[target];
                let defence_pool = if t.defend == DefendTactic::Block && Self::blocks(t, f) {
                    t.block
                } else {
                    t.dodge
                } - st[target].penalty(&self.penalties);
                let onslaught = if t.defend == DefendTactic::Total {
                    0
                } else {
                    st[target].defences * self.onslaught
                };
                st[target].defences += 1;
                let attack = Attack {
                    roller: compiled,
                    pool: dice_left,
                    defence: Some((&self.rolls.action, defence_pool)),
                    // A range increment beyond the gun's: one success more.
                    meet: Meet::Difficulty {
                        onslaught,
                        more: u16::from(f.ranged && f.range == Range::Long),
                    },
                    rolls: &self.rolls,
                    damage: f.damage,
                    potence: f.potence,
                    soak: t.soak[f.kind as usize],
                };
                // The pair fixes the range, damage and soak.
                let key = [
                    i,
                    target,
                    usize::from(spend),
                    dice_left as usize,
                    defence_pool.max(0) as usize,
                    onslaught.into(),
                ];
                let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)));
                roster.botches += u32::from(s.botches);
                if s.levels > 0 {
                    let health = &mut st[target].health;
                    Self::hurt(f.kind, s.levels, target, health, roster);
                }
            }
        }
    }
}
