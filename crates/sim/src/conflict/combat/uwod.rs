//! The Ultimate WoD combat engine (seed 000, "Initiative and Movement" to
//! "Three-round burst", and "Willpower"); where the seed is silent the
//! choice is **assumed**. Every number and variant below is a setting of
//! the rule file, read once when a scenario is compiled (`[combat.uwod]`,
//! `[combat.health]`, and the families shared with revised and fta:
//! `[combat.soak]`, `[combat.damage]`, `[combat.powers]`,
//! `[combat.unskilled]`). What it models, with 000's values:
//!
//! - Initiative is the successes of a Dexterity + Wits roll (assumed pool;
//!   `initiative`, or Revised's 1d10 + the pool), less wound penalties
//!   (`initiative-wound-penalty`); ties by the pool, then at random
//!   (`initiative-ties`). A Willpower point spent to ignore wounds does not
//!   reach it (**assumed**: the point is spent on the member's turn, after
//!   the round's initiative is rolled, and covers its actions and
//!   defences, not the next round's initiative). Once one side (or none)
//!   stands, the members still to act that round do nothing.
//! - An attack is Dexterity + Brawl / Melee / Firearms; its difficulty is
//!   the defender's successes on a reflexive Dexterity + Dodge; with none the
//!   attack hits unless it botches. Each further defence before the
//!   defender's next turn is at onslaught: **assumed** one success fewer per
//!   earlier defence (`onslaught`). Every success beyond the difficulty adds
//!   a damage die (`extra-dice-after = 0`). The reflexive defence is not an
//!   action: no multiple-action penalty.
//! - Unskilled (000 "Abilities"): a pool using a Skill with no dots loses a
//!   die (`dice.unskilled`; the Skills are `[combat.unskilled] skills`:
//!   Melee and Firearms, while Brawl, Dodge and Athletics are Talents), so
//!   a Dexterity 1 knife-fighter with Melee 0 cannot attack.
//! - Block / Parry merit (`defend = "block"`): the reflexive defence rolls
//!   Dexterity + Brawl (a block) or, holding a melee weapon, Dexterity +
//!   Melee (a parry) instead of Dexterity + Dodge (**assumed**: the merit
//!   rated at its cap, the Ability's dots). The seed allows them only
//!   against "Storyteller-approved attacks": a block against punches and
//!   blunt blows ("punches and thrown chairs are okay, axes and pistols
//!   and flamethrowers are not": **assumed** fists and clubs, not claws,
//!   blades, fire or guns; `block-meets`), a parry against every blow but
//!   gunfire ("kicks and swords are okay ... shotguns are not";
//!   `parry-meets`). Against any other attack the member dodges as usual.
//! - Multiple actions (`actions = N`, seed "Multiple Actions"): N declared
//!   attacks, the first at -N dice and each later one a die more (3: -3,
//!   -4, -5; `first-action-penalty`, `later-action-penalty`); a pool at 0
//!   or below is not attempted (the later, smaller ones neither). Rage
//!   points a Garou spends (per its tactic, while they last) give extra
//!   attacks like Celerity's (**assumed**, as revised; `rage-actions`).
//!   Celerity's extra attacks (vampires and ghouls, one a dot,
//!   `[combat.powers]`) come on top at the full pool.
//! - Range (seed "Cover and Distance"): a gun fired from `range = "long"`,
//!   one increment beyond its range, is at +1 difficulty: one success more
//!   is needed (`range-increment`) and the excess is one smaller. The seed
//!   gives no bonus or penalty for point-blank fire or shooting in close
//!   combat: **assumed** both as `effective`. Melee weapons ignore the
//!   range.
//! - Damage is Strength (not for firearms) + the weapon + the excess, plus
//!   Potence as automatic successes; soak is Stamina + armour against
//!   bashing, armour alone against lethal and aggravated (000: "you can
//!   only soak it with armor"), for every creature (vampires and ghouls
//!   add Fortitude to the bashing soak, **assumed**; Revised's readings
//!   are a house rule away, `[combat.soak]`). Both rolls count successes on 7+
//!   (`damage-succeeds-on`, `soak-succeeds-on`) and cannot botch.
//! - Health: Bruised 0, Wounded -1, Wounded -1, Hurt -2, Hurt -2, Crippled
//!   -5, Incapacitated; bashing that fills Incapacitated knocks out, more
//!   bashing upgrades to lethal, lethal past it kills (and so does bashing
//!   on a track with no bashing left to upgrade, as Revised;
//!   `[combat.health]` overflow).
//! - Staying active while Incapacitated (seed "Willpower" and "Health";
//!   `stay-active`): "bashing that fills Incapacitated" passes out, so only
//!   a member whose Incapacitated box holds lethal or aggravated damage may
//!   try. As the worst damage sits at the top, that is a full track with no
//!   bashing box. Such a member stays in the fight (it may be attacked, and
//!   defends at -5); at the start of each of its turns it rolls its
//!   Willpower rating (no Attribute, so no wound penalty) at a difficulty of
//!   the turns since it was Incapacitated: 1 on its first turn after, then
//!   2, 3... It acts while it passes and drops (incapacitated) on the first
//!   failure; any further damage kills it. **Assumed**: every member the
//!   rule allows tries (a designer expects characters to try), and the roll
//!   costs no Willpower point (the seed names none).
//! - Total defence: no attack, and no onslaught on its defences
//!   (`total-defence-onslaught`).
//! - Wound penalties come off initiative, attack and defence pools; not,
//!   **assumed**, off damage and soak.
//! - Willpower, one point a turn (seed "Willpower", `willpower-per-turn`):
//!   `when-hurt` / `always` buy one automatic success on the first attack
//!   the member makes in its turn; `ignore-wounds` spends the point at the
//!   start of its turn, once a wound penalty applies, and ignores its wound
//!   penalties until its next turn (its attacks and every defence in
//!   between; `ignore-wounds = false` turns that use off, and the tactic
//!   spends as `when-hurt`).
//! - The clinch (`attack = "grapple"`; 000: "a simple Dexterity + Brawl
//!   attack, but instead of doing damage you grapple your opponent"): a
//!   hit hands the fight to the grapple ([`Flow`](super::flow::Flow)).
//! - Not modelled: aim, called shots, cover, disarm (outside a grapple),
//!   full auto, knockdown and knockback, movement, Pain Tolerance.

use wodds_dice::{Botch, Ones, RollSpec};
use wodds_rules::{InitiativeTies, RollOptions, RuleSet, RulesError, UwodInitiative, UwodRules};

use crate::conflict::chain::Rounds;
use crate::conflict::fighter::{Fighter, Rolls, damage_dice_added, fighters, max_pool};
use crate::conflict::gear::{Damage, Skill};
use crate::conflict::health::{Health, LEVELS, Track};
use crate::conflict::marks::Midway;
use crate::conflict::scenario::{
    AttackTactic, DefendTactic, MAX_MEMBERS, Range, Scenario, WillpowerTactic,
};
use crate::conflict::source::Source;
use crate::conflict::source::{Roller, Sampling};
use crate::conflict::strike::{Attack, Meet, Strike};
use crate::conflict::tables::Tables;
use crate::conflict::tally::End;
use crate::conflict::turn::{Frame, Roster};

/// The uwod engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Uwod {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// What damage past the last box does.
    track: Track,
    /// `[combat.uwod]`.
    rules: UwodRules,
    rolls: Rolls,
    /// The initiative roll: the edition's dice, successes only (1s
    /// ignored, no botch).
    initiative: Roller,
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
        let fighters = fighters(scenario, rules);
        let max = max_pool(&fighters, 0, damage_dice_added(rules));
        let (n, pools) = (fighters.len(), max as usize + 1);
        let strikes = Tables::new([n, n, 2, pools, pools, ONSLAUGHTS], sampling);
        let difficulty = rules.dice.standard_difficulty;
        let mut plain = *rules
            .roll(1, difficulty, &RollOptions::default())?
            .spec
            .rules();
        plain.ones = Ones::Ignore;
        plain.botch = Botch::Never;
        let plain = RollSpec::new(1, plain).map_err(|e| RulesError::Spec {
            edition: rules.id.clone(),
            message: e.to_string(),
        })?;
        let health = rules.combat.health();
        Ok(Uwod {
            fighters,
            strikes,
            frame: Frame::of(scenario),
            penalties: health.wound_penalties,
            track: Track::of(&health),
            rules: rules.combat.uwod(),
            rolls: Rolls::new(rules, difficulty, sampling, max)?,
            initiative: Roller::new(&plain, sampling, max),
        })
    }

    /// Whether `defender`'s Block / Parry merit may answer `attacker`'s
    /// attack (seed 000, Merits): a parry (a melee weapon in hand) meets
    /// the attacks the rule file's `parry-meets` lists, a block (bare
    /// hands) those of `block-meets`.
    fn blocks(&self, defender: &Fighter, attacker: &Fighter) -> bool {
        let meets = if defender.weapon.skill == Skill::Melee {
            self.rules.parry_meets
        } else {
            self.rules.block_meets
        };
        meets.has(attacker.weapon.class as usize)
    }

    /// Member `target` takes `levels` of `kind`: killed past the track (as
    /// the rule file's overflow says); knocked out when the track is full
    /// and holds bashing (or the rule file lets nobody stay active); a full
    /// track of lethal or aggravated leaves it standing, to roll Willpower
    /// on its turn.
    fn hurt(
        &self,
        kind: Damage,
        levels: u16,
        target: usize,
        health: &mut Health,
        roster: &mut Roster,
    ) {
        health.take(kind, u32::from(levels), &self.track);
        if health.dead {
            roster.knock_out(target, End::Killed);
        } else if health.filled() >= LEVELS && (health.bashing > 0 || !self.rules.stay_active) {
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

impl super::flow::Body for State {
    fn health(&mut self) -> Option<&mut Health> {
        Some(&mut self.health)
    }

    /// Its turns went to a grapple or a chase: the onslaught against it
    /// starts over, and Willpower spent to ignore wounds has run out (as
    /// on its turn).
    fn turn_passed(&mut self) {
        self.defences = 0;
        self.ignoring = false;
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

    fn retire(s: &State) -> State {
        State {
            health: s.health.retired(),
            ..State::default()
        }
    }

    fn carry(s: &State) -> State {
        // Everything lasts: the onslaught and ignored wounds until its
        // next turn, the turns since it was Incapacitated.
        *s
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        let rules = &self.rules;
        // Initiative: successes of Dexterity + Wits (or 1d10 + the pool),
        // less the wound penalty (a point spent to ignore wounds does not
        // reach it).
        let turn = dice.order(
            n,
            |i, dice| {
                let hurt = if rules.initiative_wound_penalty {
                    st[i].wounds(&self.penalties)
                } else {
                    0
                };
                let pool = self.fighters[i].initiative - hurt;
                match rules.initiative {
                    UwodInitiative::D10PlusPool => dice.face() + pool,
                    UwodInitiative::Successes if pool < 1 => 0,
                    UwodInitiative::Successes => {
                        i32::from(self.initiative.roll(dice, pool).successes)
                    }
                }
            },
            |i| match rules.initiative_ties {
                InitiativeTies::PoolThenRandom => self.fighters[i].initiative,
                InitiativeTies::Random => 0,
            },
        );
        for (place, i) in turn.members().enumerate() {
            // Once one side (or none) stands, nobody else acts.
            if roster.decided() {
                break;
            }
            // The rest of the round reads only these.
            dice.mark(roster.counts(), || {
                Midway::new(st, roster, turn.rest(place))
            });
            dice.act(i);
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
                // As many successes as turns since, or more: the same.
                let most = st[i].incapacitated;
                let stay = self
                    .rolls
                    .action
                    .roll_most(dice, i32::from(f.willpower), most);
                roster.botches += u32::from(stay.botch);
                if stay.successes < st[i].incapacitated {
                    roster.knock_out(i, End::Incapacitated);
                    continue;
                }
            }
            if f.runs(st[i].health.filled()) {
                roster.flee(i, None);
                continue;
            }
            // Willpower, a point or more a turn (the rule file's).
            let mut spent = 0u8;
            let ignores = rules.ignore_wounds && f.spend == WillpowerTactic::IgnoreWounds;
            if ignores
                && spent < rules.willpower_per_turn
                && st[i].willpower > 0
                && st[i].wounds(&self.penalties) > 0
            {
                st[i].willpower -= 1;
                roster.willpower += 1;
                st[i].ignoring = true;
                spent += 1;
            }
            if !f.strikes() || roster.idle(i) {
                continue;
            }
            // Declared attacks (multiple actions), then Celerity's
            // and Rage's.
            let declared = f.actions.max(1);
            let rage = f.rages(st[i].rage);
            st[i].rage -= rage;
            let extra = i32::from(f.attacks) - 1 + i32::from(rage) * i32::from(rules.rage_actions);
            // 000: "Initiating a clinch is a simple Dexterity + Brawl
            // attack, but instead of doing damage you grapple your opponent."
            let grapples = f.tactics_attack == AttackTactic::Grapple;
            let base = if grapples { f.grapple.0 } else { f.attack };
            for k in 0..i32::from(declared) + extra {
                // The rest of the round reads only these (and what was
                // worked out from the member's state as its turn began).
                dice.mark(roster.counts(), || {
                    Midway::new(st, roster, (turn.rest(place), k, extra, spent))
                });
                let Some(target) = roster.target(i) else {
                    break;
                };
                // A clinch has begun: it takes over.
                if roster.handoff.is_some() {
                    break;
                }
                let multiple = if declared > 1 && k < i32::from(declared) {
                    i32::from(rules.first_action_penalty) * i32::from(declared)
                        + i32::from(rules.later_action_penalty) * k
                } else {
                    0
                };
                let dice_left = base - st[i].penalty(&self.penalties) - multiple;
                if dice_left < 1 {
                    continue;
                }
                let spend = spent < rules.willpower_per_turn
                    && !ignores
                    && f.spends(st[i].willpower, st[i].penalty(&self.penalties));
                let compiled = if spend {
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                    spent += 1;
                    &self.rolls.willpower
                } else {
                    &self.rolls.action
                };
                // The reflexive defence, one success fewer per earlier
                // one (a total defender's as the rule file says).
                let t = &self.fighters[target];
                let defence_pool = if t.defend == DefendTactic::Block && self.blocks(t, f) {
                    t.block
                } else {
                    t.dodge
                } - st[target].penalty(&self.penalties);
                let onslaught = st[target].defences
                    * if t.defend == DefendTactic::Total {
                        rules.total_defence_onslaught
                    } else {
                        rules.onslaught
                    };
                st[target].defences += 1;
                let attack = Attack {
                    roller: compiled,
                    pool: dice_left,
                    defence: Some((&self.rolls.action, defence_pool)),
                    // A range increment beyond the gun's: successes more.
                    meet: Meet::Difficulty {
                        onslaught,
                        more: if f.ranged && f.range == Range::Long {
                            rules.range_increment
                        } else {
                            0
                        },
                    },
                    rolls: &self.rolls,
                    damage: f.damage,
                    potence: f.potence,
                    soak: t.soak[f.kind as usize],
                };
                if grapples {
                    // Only whether it lands matters (a Control of 1).
                    let (net, s) = attack.opening(dice, 0);
                    roster.botches += u32::from(s.botches);
                    if net.is_some() {
                        roster.grapple(i, target, 1);
                    }
                    continue;
                }
                // The pair fixes the range, damage and soak.
                let key = [
                    i,
                    target,
                    usize::from(spend),
                    dice_left as usize,
                    defence_pool.max(0) as usize,
                    onslaught.into(),
                ];
                let most = || st[target].health.most(f.kind, &self.track);
                let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)), most);
                roster.botches += u32::from(s.botches);
                if s.levels > 0 {
                    let health = &mut st[target].health;
                    self.hurt(f.kind, s.levels, target, health, roster);
                }
            }
        }
    }
}
