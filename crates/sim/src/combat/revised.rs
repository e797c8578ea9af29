//! The Revised combat engine. Chapter Six is not among the seeds, so every
//! rule here is the well-known Revised rule, **assumed** (RULES.md). What
//! it models:
//!
//! - Each turn, initiative 1d10 + Dexterity + Wits less the wound penalty;
//!   ties by Dexterity + Wits, then at random; the highest acts first.
//! - An attack is Dexterity + Brawl / Melee / Firearms at difficulty 6, with
//!   the edition's dice (1s cancel, botches). Armour's penalty comes off
//!   Dexterity pools. Wound penalties come off initiative, attack and
//!   defence pools, not off damage, soak or Willpower rolls.
//! - Firing range: a gun fires at difficulty 4 point-blank, 6 at effective
//!   range, 8 at long range (+2); in the melee, **assumed**, as at
//!   effective range. Melee weapons ignore range.
//! - Multiple actions: a member declares `actions` attacks, plus one
//!   defence action when it dodges or blocks (split defence). With N
//!   actions declared (N >= 2) the first loses N dice and each later one a
//!   die more (3 actions: -3, -4, -5). **Assumed**: the attacks come first
//!   and the defence is the last action, so one attack with a dodge is
//!   attack -2, dodge -3. A member that never attacks declares no attack:
//!   its split defence is its one action, at no penalty. An action whose
//!   pool is 0 or less (after wounds) is not attempted.
//! - Rage (Garou): the points its tactic spends a turn, while they last,
//!   one extra attack each, like Celerity's (**assumed**).
//! - Celerity gives as many extra attacks a turn as its dots, after the
//!   declared ones, with no multiple-action penalty; they are never split.
//! - A split dodge (Dexterity + Dodge) answers the first attack against the
//!   member that turn, each success removing one of the attacker's, whether
//!   or not the member has acted yet. A total defender never attacks and
//!   dodges every attack, a die fewer for each earlier dodge that turn.
//!   Dodges are rolled only against an attack that did not botch.
//! - A block (Dexterity + Brawl) or, with a melee weapon, a parry
//!   (Dexterity + Melee) is a split defence like the dodge, at difficulty
//!   6. **Assumed**: it cannot stop a bullet; a firearms attack meets no
//!   defence from a blocker, whose block waits for the first melee attack.
//! - Abort: a member with `defend = "abort"` attacks normally (its declared
//!   actions only, no defence action); attacked in a turn before it has
//!   acted, it tries, before the attack is rolled, to abort its action to a
//!   full dodge: a point of Willpower when its Willpower tactic would spend
//!   one now, else a Willpower roll (its permanent rating in dice,
//!   difficulty 6, the edition's action roll; a botch counts as one). On
//!   success it dodges that attack and every later one that turn as a total
//!   defender and does not attack that turn (Celerity's attacks included);
//!   on failure it takes the blow undefended and keeps its action.
//!   **Assumed**: one abort try a turn; wound penalties do not touch the
//!   Willpower roll.
//! - Damage is Strength + the weapon (firearms: the weapon only) + one die
//!   per attack success beyond the first, plus Potence as automatic
//!   successes on Strength-based attacks; soak is Stamina (+ Fortitude) +
//!   armour; both at difficulty 6, 1s ignored, no botch. Mortals soak only
//!   bashing with Stamina, vampires bashing and lethal (aggravated with
//!   Fortitude only), ghouls add Fortitude to all, Garou soak everything.
//! - Seven health levels, penalties 0, -1, -1, -2, -2, -5; every box filled
//!   is Incapacitated; bashing past it turns to lethal, lethal past it kills.
//! - Willpower: one point a turn (RULES.md), on its first attack the tactic
//!   calls for (an automatic success), or on an abort instead of the roll.
//!
//! Not modelled: kicks (difficulty 7, +1 damage), cover, clinches and
//! holds; the guard defence (fta's) defends as `none`.

use wodds_rules::{RuleSet, RulesError};

use super::chain::Rounds;
use super::fighter::{Fighter, Rolls, Sampling, fighters, hurt, max_pool};
use super::health::Health;
use super::scenario::{DefendTactic, MAX_MEMBERS, Range, Scenario};
use super::source::Source;
use super::strike::{Attack, Meet, Strike};
use super::tables::Tables;
use super::tally::End;
use super::turn::{Frame, Roster};

/// The Revised engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Revised {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// The rolls at difficulty 2, 3, ..., 10.
    rolls: Vec<Rolls>,
    /// A gun's difficulty point-blank, effective and long.
    range_difficulty: [i32; 3],
    /// Under the outcome sampler, whole attacks by attacker, target,
    /// Willpower spent, attack dice and defence (see [`defence_key`]).
    strikes: Option<Tables<Strike, 5>>,
}

impl Revised {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Revised, RulesError> {
        let fighters = fighters(scenario, &rules.combat.pools);
        let max = max_pool(&fighters, 0);
        let n = fighters.len();
        let pools = max as usize + 1;
        let strikes = (sampling == Sampling::Outcome)
            .then(|| Tables::new([n, n, 2, pools, pools + 1]))
            .flatten();
        Ok(Revised {
            fighters,
            frame: Frame::of(scenario),
            penalties: rules.combat.health().wound_penalties,
            strikes,
            rolls: (2..=10)
                .map(|d| Rolls::new(rules, d, sampling, max))
                .collect::<Result<_, _>>()?,
            range_difficulty: rules.combat.attack().range_difficulty,
        })
    }

    /// The rolls at difficulty `d` (2..=10).
    fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(2, 10) - 2) as usize]
    }

    /// The difficulty of `f`'s attack: a gun's by its range (the rule
    /// file's `range-difficulty`; in the melee as at effective range);
    /// anything else 6.
    fn difficulty(&self, f: &Fighter) -> i32 {
        let [point_blank, effective, long] = self.range_difficulty;
        match f.range {
            _ if !f.ranged => 6,
            Range::PointBlank => point_blank,
            Range::Long => long,
            Range::Effective | Range::Melee => effective,
        }
    }
}

/// Where a member stands with its abort this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
enum Abort {
    /// It has not tried.
    #[default]
    Untried,
    /// It tried and failed: it keeps its action.
    Failed,
    /// It aborted: it dodges every attack this turn and does not attack.
    Dodging,
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct State {
    health: Health,
    willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    /// It spent its Willpower point of this turn.
    spent: bool,
    /// Defences rolled (or spent, for a split one) this turn.
    dodged: u8,
    /// Its place in this turn's order has come.
    acted: bool,
    /// Its abort this turn.
    abort: Abort,
}

/// Whether `f` splits its turn with a defence action.
fn split_defence(f: &Fighter) -> bool {
    matches!(f.defend, DefendTactic::Dodge | DefendTactic::Block)
}

/// Attacks `f` declares a turn (Celerity's come on top).
fn declared_attacks(f: &Fighter) -> i32 {
    if f.strikes() { i32::from(f.actions) } else { 0 }
}

/// Actions `f` declares a turn: its attacks, and its split defence.
fn declared(f: &Fighter) -> i32 {
    declared_attacks(f) + i32::from(split_defence(f))
}

/// The multiple-action penalty of `f`'s `k`-th declared action (from 0):
/// none for a single action, else the number declared plus `k`.
fn action_penalty(f: &Fighter, k: i32) -> i32 {
    match declared(f) {
        n if n <= 1 => 0,
        n => n + k,
    }
}

impl Revised {
    /// The wound penalty `st`'s pools take (the edition's table).
    fn penalty(&self, st: &State) -> i32 {
        i32::from(st.health.penalty(&self.penalties))
    }

    /// Member `t`, attacked before it has acted this turn with an abort
    /// tactic, tries to abort to a full dodge: a Willpower point if its
    /// tactic spends one now, else a Willpower roll at difficulty 6.
    fn try_abort<D: Source>(
        &self,
        t: usize,
        st: &mut State,
        roster: &mut Roster,
        dice: &mut D,
    ) -> Abort {
        let f = &self.fighters[t];
        if !st.spent && f.spends(st.willpower, self.penalty(st)) {
            st.willpower -= 1;
            st.spent = true;
            roster.willpower += 1;
            return Abort::Dodging;
        }
        let r = self.at(6).action.roll(dice, i32::from(f.willpower));
        roster.botches += u32::from(r.botch);
        if r.successes > 0 {
            Abort::Dodging
        } else {
            Abort::Failed
        }
    }

    /// The defence member `t` declares against an attack by `attacker`:
    /// its dice (fewer than 1: declared but not rolled), or `None`.
    fn defence(&self, t: usize, attacker: &Fighter, st: &State) -> Option<i32> {
        let f = &self.fighters[t];
        // The split defence is the last declared action.
        let split = action_penalty(f, declared(f) - 1);
        let pool = match f.defend {
            DefendTactic::Dodge if st.dodged == 0 => f.dodge - split,
            DefendTactic::Block if st.dodged == 0 && !attacker.ranged => f.block - split,
            DefendTactic::Total => f.dodge - i32::from(st.dodged),
            DefendTactic::Abort if st.abort == Abort::Dodging => f.dodge - i32::from(st.dodged),
            _ => return None,
        };
        Some(pool - self.penalty(st))
    }
}

/// A declared defence's place in the strike tables' last coordinate: 0
/// for none, 1 for one too small to roll, 1 + its dice otherwise.
fn defence_key(defence: Option<i32>) -> usize {
    defence.map_or(0, |pool| 1 + pool.max(0) as usize)
}

impl Rounds for Revised {
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
        State {
            health: s.health,
            willpower: s.willpower,
            rage: s.rage,
            ..State::default()
        }
    }

    fn round<D: Source>(&self, st: &mut [State; MAX_MEMBERS], roster: &mut Roster, dice: &mut D) {
        let n = self.fighters.len();
        // Initiative: 1d10 + Dexterity + Wits less the wound penalty;
        // ties by Dexterity + Wits, then at random.
        let turn = dice.order(
            n,
            |i, dice| dice.face() + self.fighters[i].initiative - self.penalty(&st[i]),
            |i| self.fighters[i].initiative,
        );
        for s in &mut st[..n] {
            s.spent = false;
            s.dodged = 0;
            s.acted = false;
            s.abort = Abort::Untried;
        }
        for i in turn.members() {
            let f = &self.fighters[i];
            st[i].acted = true;
            if !roster.standing(i) {
                continue;
            }
            if f.runs(st[i].health.filled()) {
                roster.knock_out(i, End::Fled);
                continue;
            }
            if !f.strikes() || st[i].abort == Abort::Dodging {
                continue;
            }
            // The declared attacks, then Celerity's and Rage's (no
            // penalty).
            let declared = declared_attacks(f);
            let rage = f.rages(st[i].rage);
            st[i].rage -= rage;
            let celerity = i32::from(f.attacks) - 1 + i32::from(rage);
            let rolls = self.at(self.difficulty(f));
            for k in 0..declared + celerity {
                let Some(target) = roster.target(i) else {
                    break;
                };
                let minus = if k < declared {
                    action_penalty(f, k)
                } else {
                    0
                };
                let dice_left = f.attack - self.penalty(&st[i]) - minus;
                if dice_left < 1 {
                    continue;
                }
                // Attacked before it has acted, an aborter tries to
                // abort to a dodge before the blow is rolled.
                let t = &self.fighters[target];
                if t.defend == DefendTactic::Abort
                    && !st[target].acted
                    && st[target].abort == Abort::Untried
                {
                    st[target].abort = self.try_abort(target, &mut st[target], roster, dice);
                }
                let spend = !st[i].spent && f.spends(st[i].willpower, self.penalty(&st[i]));
                st[i].spent |= spend;
                let compiled = if spend {
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                    &rolls.willpower
                } else {
                    &rolls.action
                };
                let defence = self.defence(target, f, &st[target]);
                let attack = Attack {
                    roller: compiled,
                    pool: dice_left,
                    defence: defence.map(|pool| (&self.at(6).action, pool)),
                    meet: Meet::Subtract,
                    rolls: self.at(6),
                    damage: f.damage,
                    potence: f.potence,
                    soak: t.soak[f.kind as usize],
                };
                // The key fixes everything else: the pair fixes the
                // difficulty, damage and soak.
                let key = [
                    i,
                    target,
                    usize::from(spend),
                    dice_left as usize,
                    defence_key(defence),
                ];
                let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)));
                roster.botches += u32::from(s.botches);
                st[target].dodged += u8::from(s.defended);
                if s.levels > 0 {
                    let health = &mut st[target].health;
                    hurt(f.kind, s.levels.into(), health, roster, target);
                }
            }
        }
    }
}
