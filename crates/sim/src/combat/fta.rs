//! The From the Ashes combat engine (seed 004), on Revised's dice, health
//! and soak. What it models:
//!
//! - Initiative 1d10 + Wits + Dexterity, ties by the unrolled part, then at
//!   random; actions resolve high to low. A main phase, then one haste phase
//!   per dot of Celerity and per Rage point a Garou declares (seed: "spend
//!   two Rage points for an additional haste action each"; how many a round
//!   is its tactic, while they last), each a further basic attack (never
//!   split, never contested).
//! - Declaration at the start of a round: each member's attacks, its split
//!   penalty and how it defends. Split actions: N actions (attacks plus a
//!   split dodge or block) each lose 2 + (N - 1) dice (the seed's Toni
//!   example: two actions -3 each, three -4); at most Wits actions; never two
//!   attacks on one target, so `actions` beyond the standing enemies are not
//!   declared (nor penalised); a member attacks the first standing enemies.
//! - Melee attack against attack is contested: when the target attacks the
//!   attacker back in the same phase, both roll, the lower total comes off
//!   the higher and only the winner lands; it spends the target's attack on
//!   the attacker. A gun fired in the melee (`range = "melee"`) is contested
//!   like a blow ("he can deflect the gun and punch you in the face").
//! - Any other attack meets the target's defence, successes off the
//!   attack's: a dodge (Dexterity + Athletics, 5 hand to hand, 6 against
//!   gunfire from afar) or a block (Dexterity + Brawl, or + Melee with a
//!   melee weapon: 4 against an attack with the same Ability, 5 otherwise
//!   and against a gun in the melee, 9 against gunfire from afar), each a
//!   die fewer per earlier attack on it this round and by its split
//!   penalty; a member carrying on an offence answers hand-to-hand attacks
//!   with its attack pool at 6, two dice fewer per earlier attack (piling
//!   on), and gunfire from afar not at all. Haste attacks count as later
//!   attackers.
//! - Firefights: guns are not contested from afar; difficulty 6 at effective
//!   range, 8 one increment beyond (`long`), 4 within five yards
//!   (`point-blank`); in the melee a pistol 4, an SMG 6, a long gun (any
//!   other gun) 8, and any gun 4 against a target with no defence roll
//!   (uncontested attacks count as point-blank fire).
//! - Attack styles: power (+1 difficulty, +2 damage dice), feint (-1, -2),
//!   committed (no defence at all that round; every defence against it at
//!   +2 difficulty, unless the target aborted to it); haste actions are
//!   basic. Defence-only members (`total`, or `dodge` / `block` with
//!   `attack = "none"`) defend without a split.
//! - Guard: declares no attack; the first attack on it in the main phase
//!   turns its action into an attack on that attacker: a contested exchange
//!   hand to hand, else its own attack right after the incoming one (if both
//!   still stand). Never attacked, it does nothing; afterwards it defends as
//!   a member carrying on an offence.
//! - Abort: attacked before its main-phase turn, it rolls its Willpower
//!   rating at 8 (once a round; no Willpower point bought, no wound
//!   penalty); against a committed attack it aborts without a roll. Aborted,
//!   it makes no attack this round and dodges as a pure defender.
//! - Escape: on its turn, Dexterity + Athletics at 6; a success ends its
//!   part in the fight as a flight (the chase that follows is not modelled).
//! - Damage: Strength (not for guns) + the weapon + one die per net success
//!   beyond the first, difficulty 6; soak Stamina (+ Fortitude) + armour,
//!   difficulty 6, by creature as Revised. Difficulties past 10 are rolled
//!   at 10.
//! - Willpower (Revised's dice): one point a round, an automatic success on
//!   the first attack roll its tactic calls for.
//!
//! Assumed where the seed is silent: a split dodge or block is one of the
//! Wits actions (a Wits 1 member that would split only attacks); a guard
//! guards only the main phase (its haste actions are basic attacks); an
//! aborted member makes no haste attack either; a member that contested
//! its only attack has spent its turn; the abort's Willpower roll ignores
//! wound penalties.
//!
//! Not modelled yet (issue 4): grapple attacks and defences; launched
//! projectiles (no thrown weapons: their block +2); cover for ranged
//! dodges and one dodge roll answering a group of shooters; aborting when
//! an action becomes void (its split penalties); the chase after an escape.

use wodds_rules::{RuleSet, RulesError};

use super::chain::Rounds;
use super::fighter::{Fighter, Roller, Rolls, Sampling, fighters, hurt, max_pool};
use super::gear::Skill;
use super::health::{Health, Track};
use super::scenario::{AttackTactic, DefendTactic, MAX_MEMBERS, Range, Scenario};
use super::source::Source;
use super::strike::{Attack, Clash, Exchange, Meet, Side, Strike};
use super::tables::Tables;
use super::tally::End;
use super::turn::{Frame, Roster};

/// The lowest difficulty the engine rolls at (a feint at point-blank range
/// is 3; a house rule may lower point-blank).
const LOWEST: i32 = 2;
/// The highest: 10 (a difficulty raised past 10 is treated as 10).
const HIGHEST: i32 = 10;

/// The FtA engine for one scenario under one edition.
#[derive(Debug, Clone)]
pub struct Fta {
    fighters: Vec<Fighter>,
    frame: Frame,
    /// The edition's wound penalties.
    penalties: [u8; 6],
    /// What damage past the last box does.
    track: Track,
    /// The rolls at difficulty 2, 3, ..., 10.
    rolls: Vec<Rolls>,
    /// A gun's difficulty point-blank, effective and long (seed 004: 4, 6,
    /// +2 per increment).
    range_difficulty: [i32; 3],
    /// Under the outcome sampler, uncontested attacks by attacker, target,
    /// haste, Willpower spent, attack dice, defence (0: none, else 1 + its
    /// dice) and the defence's difficulty.
    strikes: Option<Tables<Strike, 7>>,
    /// Under the outcome sampler, contested exchanges by attacker, target,
    /// and each side's Willpower spent and dice.
    clashes: Option<Tables<Clash, 6>>,
}

impl Fta {
    /// Compiles `scenario`'s members under `rules`, drawing rolls by
    /// `sampling`.
    pub fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        sampling: Sampling,
    ) -> Result<Fta, RulesError> {
        let fighters = fighters(scenario, rules);
        let max = max_pool(&fighters, 0);
        let rolls = (LOWEST..=HIGHEST)
            .map(|d| Rolls::new(rules, d, sampling, max))
            .collect::<Result<Vec<_>, _>>()?;
        let (n, pools) = (fighters.len(), max as usize + 1);
        let difficulties = (HIGHEST - LOWEST + 1) as usize;
        let outcome = sampling == Sampling::Outcome;
        let strikes = outcome
            .then(|| Tables::new([n, n, 2, 2, pools, pools + 1, difficulties]))
            .flatten();
        let clashes = outcome
            .then(|| Tables::new([n, n, 2, pools, 2, pools]))
            .flatten();
        Ok(Fta {
            range_difficulty: rules.combat.attack().range_difficulty,
            fighters,
            strikes,
            clashes,
            frame: Frame::of(scenario),
            penalties: rules.combat.health().wound_penalties,
            track: Track::of(&rules.combat.health()),
            rolls,
        })
    }
}

/// How a member meets the attacks on it this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
enum Stance {
    /// No defence roll at all.
    #[default]
    Open,
    /// Carrying on an offence: its attack pool against hand-to-hand
    /// attacks, two dice fewer per earlier attack.
    Counter,
    /// Dexterity + Athletics, a die fewer per earlier attack.
    Dodge,
    /// Its block (or parry) pool, a die fewer per earlier attack.
    Block,
}

/// A member during a fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct State {
    health: Health,
    willpower: u8,
    /// Rage points left (Garou).
    rage: u8,
    /// It spent its Willpower point of this round.
    spent: bool,
    /// Its phases this round: the main one, then a haste phase per dot of
    /// Celerity and per Rage point spent.
    phases: u8,
    /// Attacks against it this round.
    attacked: u8,
    /// Attacks it declared for the main phase this round.
    attacks: u8,
    /// Dice off each of its main-phase pools this round (split actions).
    split: i32,
    /// How it defends this round.
    stance: Stance,
    /// Its main-phase turn has come this round.
    turned: bool,
    /// It tried to abort this round.
    tried: bool,
    /// It aborted to a defence this round: a pure dodge, no attack.
    aborted: bool,
    /// Its guard turned into an attack this round.
    guarded: bool,
    /// Its turn of this phase has come.
    acted: bool,
    /// The members it attacked this phase (bit j: member j).
    struck: u16,
}

/// An attack's difficulty change and damage dice added, by style (haste
/// actions are always basic).
fn style(f: &Fighter, haste: bool) -> (i32, i32) {
    match f.tactics_attack {
        AttackTactic::Power if !haste => (1, 2),
        AttackTactic::Feint if !haste => (-1, -2),
        _ => (0, 0),
    }
}

/// Whether `f` fights hand to hand: a melee weapon or fists, or a gun fired
/// in the melee.
fn close(f: &Fighter) -> bool {
    !f.ranged || f.range == Range::Melee
}

/// The difficulty of `t`'s block against `f`'s attack: 4 when both use the
/// same Ability (Brawl against Brawl, Melee against Melee), 5 otherwise,
/// including a gun in the melee; gunfire from further away 5 + 4.
fn block_difficulty(f: &Fighter, t: &Fighter) -> i32 {
    let blocks_with = if t.weapon.skill == Skill::Melee {
        Skill::Melee
    } else {
        Skill::Brawl
    };
    if !close(f) {
        9
    } else if f.weapon.skill == blocks_with {
        4
    } else {
        5
    }
}

/// `x`'s side of an exchange with `y`: its readied attack (or none: it
/// scores 0, and `idle` stands in for its roll), its damage with its style's
/// `bonus` dice, against `y`'s soak.
fn side<'a>(
    armed: Option<(&'a Roller, i32, bool)>,
    idle: &'a Roller,
    x: &Fighter,
    bonus: i32,
    y: &Fighter,
) -> Side<'a> {
    let (roller, pool, _) = armed.unwrap_or((idle, 0, false));
    Side {
        roller,
        pool,
        damage: x.damage + bonus,
        potence: x.potence,
        soak: y.soak[x.kind as usize],
    }
}

impl Fta {
    /// `f`'s attack difficulty before its style: 6 hand to hand; a gun by
    /// the rule file's `range-difficulty` (seed 004: 4 within five yards, 6
    /// at effective range, 8 one increment beyond), and in the melee a
    /// pistol 4, an SMG 6, a long gun 8, or 4 against a target with no
    /// defence roll (`open`).
    fn base_difficulty(&self, f: &Fighter, open: bool) -> i32 {
        let [point_blank, effective, long] = self.range_difficulty;
        if !f.ranged {
            return 6;
        }
        match f.range {
            Range::Melee if open => 4,
            Range::Melee => match f.weapon.name {
                "pistol" => 4,
                "smg" => 6,
                _ => 8,
            },
            Range::PointBlank => point_blank,
            Range::Effective => effective,
            Range::Long => long,
        }
    }

    /// The rolls at difficulty `d` (clamped to 2..=10).
    fn at(&self, d: i32) -> &Rolls {
        &self.rolls[(d.clamp(LOWEST, HIGHEST) - LOWEST) as usize]
    }

    /// The wound penalty `st`'s pools take (the edition's table).
    fn penalty(&self, st: &State) -> i32 {
        i32::from(st.health.penalty(&self.penalties))
    }

    /// Whether `j` is on another side than `i` and still fights.
    fn enemy(&self, i: usize, j: usize, roster: &Roster) -> bool {
        self.fighters[j].side != self.fighters[i].side && roster.standing(j)
    }

    /// The members `i` attacks this main phase: the first `attacks`
    /// standing members of other sides (never two attacks on one target),
    /// as a bit set.
    fn aims(&self, i: usize, attacks: u8, roster: &Roster) -> u16 {
        let mut set = 0u16;
        let mut left = attacks;
        for j in 0..self.fighters.len() {
            if left == 0 {
                break;
            }
            if self.enemy(i, j, roster) {
                set |= 1 << j;
                left -= 1;
            }
        }
        set
    }

    /// `i`'s declaration at the start of a round: its main-phase attacks,
    /// the dice each of its pools loses to split actions, and its stance.
    fn declare(&self, i: usize, roster: &Roster) -> (u8, i32, Stance) {
        let f = &self.fighters[i];
        let enemies = (0..self.fighters.len())
            .filter(|&j| self.enemy(i, j, roster))
            .count();
        let committed = f.strikes() && f.tactics_attack == AttackTactic::Committed;
        let open = |s: Stance| if committed { Stance::Open } else { s };
        match f.defend {
            DefendTactic::Total => (0, 0, Stance::Dodge),
            DefendTactic::Escape => (0, 0, Stance::Open),
            // A guard declares no attack: it turns into one when attacked.
            DefendTactic::Guard => (0, 0, open(Stance::Counter)),
            DefendTactic::Dodge | DefendTactic::Block => {
                let stance = if f.defend == DefendTactic::Dodge {
                    Stance::Dodge
                } else {
                    Stance::Block
                };
                if !f.strikes() {
                    // A pure defender: no split.
                    return (0, 0, stance);
                }
                // At most Wits actions, the defence one of them; with
                // Wits 1 it cannot split and only attacks.
                let room = f.wits - 1;
                if room < 1 {
                    return (1, 0, open(Stance::Counter));
                }
                let attacks = i32::from(f.actions).min(room).min(enemies as i32).max(1);
                let actions = attacks + 1;
                (attacks as u8, actions + 1, open(stance))
            }
            DefendTactic::None | DefendTactic::Abort => {
                if !f.strikes() {
                    return (0, 0, Stance::Open);
                }
                let attacks = i32::from(f.actions)
                    .min(f.wits.max(1))
                    .min(enemies as i32)
                    .max(1);
                let split = if attacks >= 2 { attacks + 1 } else { 0 };
                (attacks as u8, split, open(Stance::Counter))
            }
        }
    }

    /// Readies `i`'s attack at `difficulty`, less `minus` dice: its roll
    /// (with Willpower per its tactic, the point spent), its dice, and
    /// whether it spent; `None` if it has no dice left.
    fn arm(
        &self,
        i: usize,
        difficulty: i32,
        minus: i32,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
    ) -> Option<(&Roller, i32, bool)> {
        let f = &self.fighters[i];
        let pool = f.attack - self.penalty(&st[i]) - minus;
        if pool < 1 {
            return None;
        }
        let rolls = self.at(difficulty);
        // One point a round (as Revised).
        let spend = !st[i].spent && f.spends(st[i].willpower, self.penalty(&st[i]));
        if spend {
            st[i].spent = true;
            st[i].willpower -= 1;
            roster.willpower += 1;
        }
        let roller = if spend {
            &rolls.willpower
        } else {
            &rolls.action
        };
        Some((roller, pool, spend))
    }

    /// `t`, attacked by a committed attack or not, tries to abort to a
    /// defence if its tactic says so and it has not acted yet this round:
    /// free against a committed attack, else a Willpower roll (its rating)
    /// at difficulty 8, once a round.
    fn abort<D: Source>(
        &self,
        t: usize,
        committed: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let s = &st[t];
        if self.fighters[t].defend != DefendTactic::Abort
            || s.turned
            || s.aborted
            || (s.tried && !committed)
            || s.attacks == 0
        {
            return;
        }
        let aborted = committed || {
            st[t].tried = true;
            let r = self
                .at(8)
                .action
                .roll(dice, i32::from(self.fighters[t].willpower));
            roster.botches += u32::from(r.botch);
            !r.botch && r.successes > 0
        };
        if aborted {
            st[t].aborted = true;
            st[t].stance = Stance::Dodge;
            st[t].split = 0;
        }
    }

    /// One attack of `i` on `target` in a phase (`haste`: a haste action,
    /// never contested, never split).
    fn attack<D: Source>(
        &self,
        i: usize,
        target: usize,
        haste: bool,
        st: &mut [State; MAX_MEMBERS],
        roster: &mut Roster,
        dice: &mut D,
    ) {
        let f = &self.fighters[i];
        let t = &self.fighters[target];
        st[i].struck |= 1 << target;
        let earlier = i32::from(st[target].attacked);
        st[target].attacked += 1;
        let (delta, bonus) = style(f, haste);
        let committed = !haste && f.tactics_attack == AttackTactic::Committed;
        self.abort(target, committed, st, roster, dice);
        // Against a committed attack every defence is at +2 difficulty,
        // unless the target aborted to it.
        let harder = if committed && !st[target].aborted {
            2
        } else {
            0
        };
        let split = if haste { 0 } else { st[i].split };
        // A guard turns into an attack on the first member to attack it.
        let guard = !haste
            && t.defend == DefendTactic::Guard
            && t.strikes()
            && !st[target].guarded
            && st[target].attacked == 1;
        if guard {
            // Its action is spent on the answer.
            let s = &mut st[target];
            (s.guarded, s.acted, s.turned) = (true, true, true);
        }
        // Attack against attack: the target strikes back at `i` this phase
        // (its guard, or its declared attack on `i` not yet made).
        let t_aims = self.aims(target, st[target].attacks, roster);
        let strikes_back = guard
            || (!st[target].acted
                && !st[target].aborted
                && st[target].stance == Stance::Counter
                && st[target].attacks > 0
                && t_aims & (1 << i) != 0
                && st[target].struck & (1 << i) == 0);
        if strikes_back && !haste && close(f) && close(t) {
            st[target].struck |= 1 << i;
            // Its turn is spent once no declared attack is left to make.
            if st[target].struck & t_aims == t_aims {
                (st[target].acted, st[target].turned) = (true, true);
            }
            let (t_delta, t_bonus) = style(t, false);
            let a = self.arm(i, self.base_difficulty(f, false) + delta, split, st, roster);
            let t_minus = st[target].split + 2 * earlier;
            let b = self.arm(
                target,
                self.base_difficulty(t, false) + t_delta,
                t_minus,
                st,
                roster,
            );
            let rolls = self.at(6);
            let exchange = Exchange {
                a: side(a, &rolls.action, f, bonus, t),
                b: side(b, &rolls.action, t, t_bonus, f),
                rolls,
            };
            // The pair fixes the difficulties, styles, damage and soak.
            let key = |armed: Option<(&Roller, i32, bool)>| {
                armed.map_or((0, 0), |(_, pool, spend)| {
                    (usize::from(spend), pool as usize)
                })
            };
            let ((wa, pa), (wb, pb)) = (key(a), key(b));
            let key = [i, target, wa, pa, wb, pb];
            let c = exchange.clash(dice, self.clashes.as_ref().map(|t| (t, key)));
            roster.botches += u32::from(c.botches);
            if c.to_b > 0 {
                hurt(
                    &self.track,
                    f.kind,
                    c.to_b.into(),
                    &mut st[target].health,
                    roster,
                    target,
                );
            } else if c.to_a > 0 {
                hurt(
                    &self.track,
                    t.kind,
                    c.to_a.into(),
                    &mut st[i].health,
                    roster,
                    i,
                );
            }
            return;
        }
        // Not contested: the target's defence roll, if any.
        let penalty = self.penalty(&st[target]);
        let s = &st[target];
        let (pool, difficulty) = match s.stance {
            Stance::Open => (0, 0),
            // Dodge: 5 hand to hand, 6 against gunfire (no cover).
            // fta's dodge pool is Dexterity + Athletics.
            Stance::Dodge => (
                t.dodge - penalty - s.split - earlier,
                if close(f) { 5 } else { 6 },
            ),
            Stance::Block => (
                t.block - penalty - s.split - earlier,
                block_difficulty(f, t),
            ),
            // Only dodges and blocks answer gunfire from afar.
            Stance::Counter if close(f) => (t.attack - penalty - s.split - 2 * earlier, 6),
            Stance::Counter => (0, 0),
        };
        let open = pool < 1;
        let attack_difficulty = self.base_difficulty(f, open) + delta;
        if let Some((roller, dice_left, spend)) = self.arm(i, attack_difficulty, split, st, roster)
        {
            let defence_difficulty = difficulty + harder;
            let attack = Attack {
                roller,
                pool: dice_left,
                defence: (!open).then(|| (&self.at(defence_difficulty).action, pool)),
                meet: Meet::SubtractHits,
                rolls: self.at(6),
                damage: f.damage + bonus,
                potence: f.potence,
                soak: t.soak[f.kind as usize],
            };
            // The attacker, haste and openness fix the attack's difficulty
            // and style; the pair fixes damage and soak.
            let key = [
                i,
                target,
                usize::from(haste),
                usize::from(spend),
                dice_left as usize,
                if open { 0 } else { 1 + pool as usize },
                (defence_difficulty.clamp(LOWEST, HIGHEST) - LOWEST) as usize,
            ];
            let s = attack.strike(dice, self.strikes.as_ref().map(|t| (t, key)));
            roster.botches += u32::from(s.botches);
            if s.levels > 0 {
                hurt(
                    &self.track,
                    f.kind,
                    s.levels.into(),
                    &mut st[target].health,
                    roster,
                    target,
                );
            }
        }
        // A guard firing at range answers after the attack, if still up.
        if guard && roster.standing(target) && roster.standing(i) {
            self.attack(target, i, false, st, roster, dice);
        }
    }
}

impl Rounds for Fta {
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
        let turn = dice.order(
            n,
            |i, dice| dice.face() + self.fighters[i].initiative - self.penalty(&st[i]),
            |i| self.fighters[i].initiative,
        );
        let mut phases = 1;
        for (i, s) in st[..n].iter_mut().enumerate() {
            let (attacks, split, stance) = self.declare(i, roster);
            // A Garou declares Rage points for haste actions.
            let f = &self.fighters[i];
            let rage = if roster.standing(i) && f.strikes() {
                f.rages(s.rage)
            } else {
                0
            };
            s.rage -= rage;
            s.phases = f.attacks + rage;
            s.spent = false;
            phases = phases.max(s.phases);
            s.attacked = 0;
            (s.attacks, s.split, s.stance) = (attacks, split, stance);
            (s.turned, s.tried, s.aborted, s.guarded) = (false, false, false, false);
        }
        for phase in 0..phases {
            for s in &mut st[..n] {
                s.acted = false;
                s.struck = 0;
            }
            for i in turn.members() {
                let f = &self.fighters[i];
                if !roster.standing(i) || st[i].acted || phase >= st[i].phases {
                    continue;
                }
                st[i].acted = true;
                if phase == 0 {
                    st[i].turned = true;
                }
                if phase == 0 && f.flee_at > 0 && st[i].health.filled() >= f.flee_at {
                    roster.knock_out(i, End::Fled);
                    continue;
                }
                // The escape defence: Dexterity + Athletics at 6; a
                // success ends its fight as a flight.
                if phase == 0 && f.defend == DefendTactic::Escape {
                    let pool = f.athletics - self.penalty(&st[i]);
                    if pool >= 1 {
                        let r = self.at(6).action.roll(dice, pool);
                        roster.botches += u32::from(r.botch);
                        if !r.botch && r.successes > 0 {
                            roster.knock_out(i, End::Fled);
                        }
                    }
                    continue;
                }
                if !f.strikes() || st[i].aborted {
                    continue;
                }
                if phase == 0 {
                    // Its declared attacks, each on another target.
                    let aims = self.aims(i, st[i].attacks, roster);
                    for j in 0..n {
                        if aims & (1 << j) != 0
                            && st[i].struck & (1 << j) == 0
                            && roster.standing(i)
                            && roster.standing(j)
                        {
                            self.attack(i, j, false, st, roster, dice);
                        }
                    }
                } else if let Some(j) = roster.target(i) {
                    // A haste action: one basic attack, never split.
                    self.attack(i, j, true, st, roster, dice);
                }
            }
        }
    }
}
