//! The Revised combat engine. Chapter Six is not among the seeds, so most
//! rules here are the well-known Revised ones, **assumed** (RULES.md);
//! seed 003 gives the multiple actions, Celerity's and Willpower's limits.
//! Every number and variant below is a setting of the rule file, read once
//! when a scenario is compiled (`[combat.revised]`, `[combat.attack]`,
//! `[combat.health]`, and the families shared with fta and uwod:
//! `[combat.soak]`, `[combat.damage]`, `[combat.powers]`,
//! `[combat.unskilled]`). What it models, with Revised's values:
//!
//! - Each turn, initiative 1d10 + Dexterity + Wits less the wound penalty
//!   (`initiative-wound-penalty`); ties by Dexterity + Wits, then at random
//!   (`initiative-ties`); the highest acts first. Once one side (or none)
//!   stands, the members still to act that turn do nothing.
//! - An attack is Dexterity + Brawl / Melee / Firearms at difficulty 6
//!   (`[combat.attack] difficulty`), with the edition's dice (1s cancel,
//!   botches). Armour's penalty comes off Dexterity pools; a pool using a
//!   Skill (`[combat.unskilled] skills`) with no dots loses
//!   `dice.unskilled`'s dice (none in Revised). Wound penalties come off
//!   initiative, attack and defence pools, not off damage, soak or
//!   Willpower rolls.
//! - Firing range: a gun fires at difficulty 4 point-blank, 6 at effective
//!   range, 8 at long range (`range-difficulty`); in the melee, **assumed**,
//!   as at effective range. Melee weapons ignore range.
//! - Multiple actions (003): a member declares `actions` attacks, plus one
//!   defence action when it dodges or blocks (split defence). With N
//!   actions declared (N >= 2) the first loses N dice and each later one a
//!   die more (3 actions: -3, -4, -5; `first-action-penalty`,
//!   `later-action-penalty`). **Assumed**: the attacks come first and the
//!   defence is the last action (`defence-last`), so one attack with a
//!   dodge is attack -2, dodge -3. A member that never attacks declares no
//!   attack: its split defence is its one action, at no penalty. An action
//!   whose pool is 0 or less (after wounds) is not attempted.
//! - Celerity (003; `[combat.powers]`: vampires and ghouls, one action a
//!   dot) gives extra attacks a turn after the declared ones, with no
//!   multiple-action penalty; they are never split. Rage (Garou): the
//!   points its tactic spends a turn, while they last, one extra attack
//!   each (`rage-actions`), like Celerity's (**assumed**). With
//!   `extra-actions-penalised` both count as declared actions instead.
//! - A split dodge (Dexterity + Dodge) answers the first attack against the
//!   member that turn, each success removing one of the attacker's, whether
//!   or not the member has acted yet. A total defender never attacks and
//!   dodges every attack, a die fewer for each earlier dodge that turn
//!   (`total-defence-penalty`). Dodges are rolled only against an attack
//!   that did not botch, at difficulty 6 (`defence-difficulty`).
//! - A block (Dexterity + Brawl) or, with a melee weapon, a parry
//!   (Dexterity + Melee) is a split defence like the dodge. **Assumed**: it
//!   cannot stop a bullet (`block-stops-bullets`); a firearms attack meets
//!   no defence from a blocker, whose block waits for the first melee
//!   attack.
//! - Abort: a member with `defend = "abort"` attacks normally (its declared
//!   actions only, no defence action); attacked in a turn before it has
//!   acted, it tries, before the attack is rolled, to abort its action to a
//!   full dodge: a point of Willpower when its Willpower tactic would spend
//!   one now (`abort-with-point`), else a Willpower roll (its permanent
//!   rating in dice, difficulty 6 (`abort-difficulty`), the edition's
//!   action roll; a botch counts as one). On success it dodges that attack
//!   and every later one that turn as a total defender and does not attack
//!   that turn (Celerity's attacks included); on failure it takes the blow
//!   undefended and keeps its action. **Assumed**: one abort try a turn;
//!   wound penalties do not touch the Willpower roll.
//! - Damage is Strength + the weapon (firearms: the weapon only) + one die
//!   per attack success beyond the first (`extra-dice-after`), plus Potence
//!   (vampires and ghouls) as automatic successes on Strength-based attacks
//!   (`potence-adds`); soak is by `[combat.soak]`: mortals soak bashing
//!   with Stamina; vampires bashing and lethal with Stamina + Fortitude,
//!   aggravated with Fortitude alone; ghouls bashing with Stamina +
//!   Fortitude, lethal and aggravated with Fortitude alone; Garou bashing
//!   and lethal with Stamina, and aggravated with Stamina too unless in
//!   their breed form (`breed-form = true`); armour adds its dice against
//!   everything. Both rolls at difficulty 6 (`damage-succeeds-on`,
//!   `soak-succeeds-on`), 1s ignored, no botch. Claws, a bite and a torch
//!   deal aggravated damage.
//! - Seven health levels, penalties 0, -1, -1, -2, -2, -5; every box filled
//!   is Incapacitated; bashing past it turns a bashing box to lethal,
//!   lethal or aggravated past it kills (`[combat.health]` overflow).
//! - Willpower: one point a turn (003, `willpower-per-turn`), on its first
//!   attack the tactic calls for (an automatic success), or on an abort
//!   instead of the roll.
//!
//! - The clinch and the hold (`attack = "grapple"`, RULES.md): the
//!   `[grapple.hold] attack-pool` against the target's defence; a hit hands
//!   the fight to the grapple ([`Flow`](super::flow::Flow)).
//!
//! Not modelled: kicks (difficulty 7, +1 damage), cover; the guard defence
//! (fta's) defends as `none`.

use wodds_rules::{GrappleEngine, InitiativeTies, RevisedRules, RuleSet, RulesError};

use crate::conflict::chain::Rounds;
use crate::conflict::fighter::{Fighter, Rolls, damage_dice_added, fighters, hurt, max_pool};
use crate::conflict::health::{Health, Track};
use crate::conflict::marks::Midway;
use crate::conflict::scenario::{AttackTactic, DefendTactic, MAX_MEMBERS, Range, Scenario};
use crate::conflict::source::Sampling;
use crate::conflict::source::Source;
use crate::conflict::strike::{Attack, Meet, Strike};
use crate::conflict::tables::Tables;
use crate::conflict::turn::{Frame, Roster};

/// The Revised engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Revised {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// What damage past the last box does.
    track: Track,
    /// The rolls at difficulty 2, 3, ..., 10.
    rolls: Vec<Rolls>,
    /// A punch's or a hand-held weapon's difficulty.
    difficulty: i32,
    /// A gun's difficulty point-blank, effective and long.
    range_difficulty: [i32; 3],
    /// `[combat.revised]`.
    rules: RevisedRules,
    /// Under the outcome sampler, whole attacks by attacker, target,
    /// Willpower spent, attack dice and defence (see [`defence_key`]).
    strikes: Option<Tables<Strike, 5>>,
    /// The most Control a clinch's net successes can give that the
    /// grapple reads: only whether it lands, unless the grapple is fta's
    /// Control (then up to the most Control there is).
    grab_most: u16,
}

impl Revised {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Revised, RulesError> {
        let fighters = fighters(scenario, rules);
        let max = max_pool(&fighters, 0, damage_dice_added(rules));
        let n = fighters.len();
        let pools = max as usize + 1;
        let strikes = Tables::new([n, n, 2, pools, pools + 1], sampling);
        let health = rules.combat.health();
        let attack = rules.combat.attack();
        Ok(Revised {
            fighters,
            frame: Frame::of(scenario),
            penalties: health.wound_penalties,
            track: Track::of(&health),
            strikes,
            rolls: (2..=10)
                .map(|d| Rolls::new(rules, d, sampling, max))
                .collect::<Result<_, _>>()?,
            difficulty: attack.difficulty,
            range_difficulty: attack.range_difficulty,
            rules: rules.combat.revised(),
            grab_most: match rules.grapple {
                Some(g) if g.engine == GrappleEngine::Control => 127,
                _ => 1,
            },
        })
    }

    /// The rolls at difficulty `d` (2..=10).
    fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(2, 10) - 2) as usize]
    }

    /// The difficulty of `f`'s attack: a gun's by its range (the rule
    /// file's `range-difficulty`; in the melee as at effective range);
    /// anything else the rule file's `difficulty`.
    fn difficulty(&self, f: &Fighter) -> i32 {
        let [point_blank, effective, long] = self.range_difficulty;
        match f.range {
            _ if !f.ranged => self.difficulty,
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
    /// Rage points it spends this turn (its tactic, while they last),
    /// taken from `rage` on its turn.
    raging: u8,
    /// Willpower points spent this turn.
    spent: u8,
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

/// Attacks `f` declares a turn (Celerity's and Rage's come on top).
fn declared_attacks(f: &Fighter) -> i32 {
    if f.strikes() { i32::from(f.actions) } else { 0 }
}

impl Revised {
    /// The wound penalty `st`'s pools take (the edition's table).
    fn penalty(&self, st: &State) -> i32 {
        i32::from(st.health.penalty(&self.penalties))
    }

    /// `f`'s extra attacks this turn: Celerity's, and Rage's for the
    /// points it spends.
    fn extra(&self, f: &Fighter, st: &State) -> i32 {
        if f.strikes() {
            i32::from(f.attacks) - 1 + i32::from(st.raging) * i32::from(self.rules.rage_actions)
        } else {
            0
        }
    }

    /// Actions `f` declares this turn: its attacks, its split defence, and
    /// its extra attacks when the rule file counts them.
    fn declared(&self, f: &Fighter, st: &State) -> i32 {
        let extra = if self.rules.extra_actions_penalised {
            self.extra(f, st)
        } else {
            0
        };
        declared_attacks(f) + i32::from(split_defence(f)) + extra
    }

    /// The multiple-action penalty of the action in place `k` (from 0) of
    /// `n` declared: none for a single action, else `first` dice per
    /// action declared and `later` more per earlier action.
    fn action_penalty(&self, n: i32, k: i32) -> i32 {
        if n <= 1 {
            0
        } else {
            i32::from(self.rules.first_action_penalty) * n
                + i32::from(self.rules.later_action_penalty) * k
        }
    }

    /// The place among `f`'s declared actions of its attack `k` (from 0):
    /// after its split defence when the defence comes first.
    fn attack_place(&self, f: &Fighter, k: i32) -> i32 {
        k + i32::from(split_defence(f) && !self.rules.defence_last)
    }

    /// Member `t`, attacked before it has acted this turn with an abort
    /// tactic, tries to abort to a full dodge: a Willpower point if the
    /// rule file allows it and its tactic spends one now, else a Willpower
    /// roll at the rule file's difficulty.
    fn try_abort<D: Source>(
        &self,
        t: usize,
        st: &mut State,
        roster: &mut Roster,
        dice: &mut D,
    ) -> Abort {
        let f = &self.fighters[t];
        if self.rules.abort_with_point
            && st.spent < self.rules.willpower_per_turn
            && f.spends(st.willpower, self.penalty(st))
        {
            st.willpower -= 1;
            st.spent += 1;
            roster.willpower += 1;
            return Abort::Dodging;
        }
        // A success is all it needs: one or ten, the same.
        let r =
            self.at(self.rules.abort_difficulty)
                .action
                .roll_most(dice, i32::from(f.willpower), 1);
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
        let split = || {
            let n = self.declared(f, st);
            self.action_penalty(n, if self.rules.defence_last { n - 1 } else { 0 })
        };
        let stops = !attacker.ranged || self.rules.block_stops_bullets;
        let total = || i32::from(self.rules.total_defence_penalty) * i32::from(st.dodged);
        let pool = match f.defend {
            DefendTactic::Dodge if st.dodged == 0 => f.dodge - split(),
            DefendTactic::Block if st.dodged == 0 && stops => f.block - split(),
            DefendTactic::Total => f.dodge - total(),
            DefendTactic::Abort if st.abort == Abort::Dodging => f.dodge - total(),
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

impl super::flow::Body for State {
    fn health(&mut self) -> Option<&mut Health> {
        Some(&mut self.health)
    }
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

    fn retire(s: &State) -> State {
        State {
            health: s.health.retired(),
            ..State::default()
        }
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
        // Initiative: 1d10 + Dexterity + Wits (less the wound penalty);
        // ties by Dexterity + Wits (or not), then at random.
        let wounds = self.rules.initiative_wound_penalty;
        let by_pool = self.rules.initiative_ties == InitiativeTies::PoolThenRandom;
        let turn = dice.order(
            n,
            |i, dice| {
                let hurt = if wounds { self.penalty(&st[i]) } else { 0 };
                dice.face() + self.fighters[i].initiative - hurt
            },
            |i| {
                if by_pool {
                    self.fighters[i].initiative
                } else {
                    0
                }
            },
        );
        for (f, s) in self.fighters.iter().zip(&mut st[..n]) {
            s.spent = 0;
            s.dodged = 0;
            s.acted = false;
            s.abort = Abort::Untried;
            // Rage is declared with the turn's actions.
            s.raging = f.rages(s.rage);
        }
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
            st[i].acted = true;
            if !roster.standing(i) {
                continue;
            }
            if f.runs(st[i].health.filled()) {
                roster.flee(i, None);
                continue;
            }
            if !f.strikes() || st[i].abort == Abort::Dodging || roster.idle(i) {
                continue;
            }
            // The declared attacks, then Celerity's and Rage's (no
            // penalty unless the rule file counts them).
            let declared = declared_attacks(f);
            let actions = self.declared(f, &st[i]);
            let extra = self.extra(f, &st[i]);
            st[i].rage -= st[i].raging;
            // A clinch or hold: the edition's grapple attack (`[grapple.hold]`).
            let grapples = f.tactics_attack == AttackTactic::Grapple;
            let (base, difficulty) = if grapples {
                f.grapple
            } else {
                (f.attack, self.difficulty(f))
            };
            let rolls = self.at(difficulty);
            for k in 0..declared + extra {
                // The rest of the round reads only these (and what was
                // worked out from the member's state as its turn began).
                dice.mark(roster.counts(), || {
                    Midway::new(st, roster, (turn.rest(place), k, declared, extra, actions))
                });
                let Some(target) = roster.target(i) else {
                    break;
                };
                // A grapple has begun: it takes over.
                if roster.handoff.is_some() {
                    break;
                }
                let minus = if k < declared || self.rules.extra_actions_penalised {
                    self.action_penalty(actions, self.attack_place(f, k))
                } else {
                    0
                };
                let dice_left = base - self.penalty(&st[i]) - minus;
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
                let spend = st[i].spent < self.rules.willpower_per_turn
                    && f.spends(st[i].willpower, self.penalty(&st[i]));
                let compiled = if spend {
                    st[i].spent += 1;
                    st[i].willpower -= 1;
                    roster.willpower += 1;
                    &rolls.willpower
                } else {
                    &rolls.action
                };
                let defence = self.defence(target, f, &st[target]);
                if grapples {
                    // RULES.md (revised): the clinch attack "on a hit ...
                    // both are held" (its damage on the grab is the
                    // grapple's `damage-on-grab`).
                    let attack = Attack {
                        roller: compiled,
                        pool: dice_left,
                        defence: defence
                            .map(|pool| (&self.at(self.rules.defence_difficulty).action, pool)),
                        meet: Meet::Subtract,
                        rolls: self.at(6),
                        damage: 0,
                        potence: 0,
                        soak: 0,
                    };
                    let (net, s) = attack.opening(dice, self.grab_most);
                    roster.botches += u32::from(s.botches);
                    st[target].dodged += u8::from(s.defended);
                    if let Some(net) = net {
                        roster.grapple(i, target, net.max(1));
                    }
                    continue;
                }
                let attack = Attack {
                    roller: compiled,
                    pool: dice_left,
                    defence: defence
                        .map(|pool| (&self.at(self.rules.defence_difficulty).action, pool)),
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
                let most = || st[target].health.most(f.kind, &self.track);
                let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)), most);
                roster.botches += u32::from(s.botches);
                st[target].dodged += u8::from(s.defended);
                if s.levels > 0 {
                    let health = &mut st[target].health;
                    hurt(&self.track, f.kind, s.levels.into(), health, roster, target);
                }
            }
        }
    }
}
