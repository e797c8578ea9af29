//! A member compiled for the Storyteller engines that share Revised's
//! pools, damage and soak (revised, fta, uwod): its pools once, before any
//! fight ([`Fighter`], [`fighters`]), and the edition's rolls once, for
//! every pool size ([`Rolls`]); a member's grapple pool and difficulty
//! ([`grapple_roll`], every edition's, read by fights and grapples alike);
//! and what a wound does to a member ([`hurt`]).

use wodds_dice::{Botch, Ones, RollSpec};
use wodds_rules::{
    CombatEngine, DamageKind, GrappleEngine, Pool, PotenceAdds, RollOptions, RuleSet, RulesError,
    Set, SoakDice, SoakRules, Terms, TraitName,
};

use super::gear::{Damage, Skill, Weapon};
use super::health::{Health, Track};
use super::scenario::{
    AttackTactic, Creature, DefendTactic, GrapplePool, MAX_MEMBERS, Range, Scenario, TRAITS, Trait,
    WillpowerTactic,
};
use super::source::{Roller, Sampling, Source};
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use super::tables::{Tables, add};
use super::tally::End;
use super::turn::Roster;

/// Dice a pool may not exceed.
const MAX_POOL: i32 = 60;

fn pool(p: i32) -> i32 {
    p.clamp(0, MAX_POOL)
}

/// A member's pools and tactics.
#[derive(Debug, Clone, Copy)]
pub struct Fighter {
    /// Its side.
    pub side: usize,
    /// Dexterity + Wits (armour's penalty off Dexterity).
    pub initiative: i32,
    /// Dexterity + Brawl / Melee / Firearms.
    pub attack: i32,
    /// Whether its weapon is a gun.
    pub ranged: bool,
    /// Dexterity + Dodge.
    pub dodge: i32,
    /// Dexterity + Athletics.
    pub athletics: i32,
    /// Dexterity + Brawl (a block), or Dexterity + Melee with a melee
    /// weapon (a parry).
    pub block: i32,
    /// Wits (fta: at most Wits split actions).
    pub wits: i32,
    /// Its weapon.
    pub weapon: Weapon,
    /// How far it fires from.
    pub range: Range,
    /// Attacks it declares a turn (multiple or split actions).
    pub actions: u8,
    /// Strength (unless a firearm) + the weapon's dice.
    pub damage: i32,
    /// Automatic damage successes (Potence, on Strength-based attacks,
    /// when it adds successes rather than dice).
    pub potence: u16,
    /// The damage its weapon deals.
    pub kind: Damage,
    /// Soak dice against bashing, lethal, aggravated.
    pub soak: [i32; 3],
    /// Willpower points.
    pub willpower: u8,
    /// Attacks a turn: 1 + Celerity's extra actions.
    pub attacks: u8,
    /// Rage points (Garou).
    pub rage: u8,
    /// Rage points it spends a turn, an extra action each.
    pub rage_spend: u8,
    /// How it attacks.
    pub tactics_attack: AttackTactic,
    /// How it defends.
    pub defend: DefendTactic,
    /// When it spends Willpower.
    pub spend: WillpowerTactic,
    /// Boxes filled at which it flees (0: never).
    pub flee_at: u8,
    /// Its grapple roll against the other member of a fight of one against
    /// one: the pool its grapple attack or defence rolls, and the
    /// difficulty (see [`grapple_roll`]).
    pub grapple: (i32, i32),
}

impl Fighter {
    /// The Rage points it spends this turn (one extra action each), with
    /// `left` points left.
    pub fn rages(&self, left: u8) -> u8 {
        self.rage_spend.min(left)
    }

    /// Whether it attacks at all.
    pub fn strikes(&self) -> bool {
        self.tactics_attack != AttackTactic::None
            && !matches!(
                self.defend,
                DefendTactic::Total | DefendTactic::Escape | DefendTactic::Grapple
            )
    }

    /// Whether it leaves the fight on its turn, before acting: it flees at
    /// its wound threshold, or (`escape`, in an edition without an escape
    /// roll) at once.
    pub fn runs(&self, filled: u8) -> bool {
        (self.flee_at > 0 && filled >= self.flee_at) || self.defend == DefendTactic::Escape
    }

    /// Whether it spends Willpower now, wounded by `penalty` dice.
    pub fn spends(&self, willpower_left: u8, penalty: i32) -> bool {
        willpower_left > 0
            && match self.spend {
                WillpowerTactic::Never => false,
                WillpowerTactic::WhenHurt | WillpowerTactic::IgnoreWounds => penalty > 0,
                WillpowerTactic::Always => true,
            }
    }
}

/// The soak dice a member has against bashing, lethal and aggravated
/// damage: its creature's row of the soak table (`breed_form`: a Garou in
/// its breed form) picks its soak pool, its Fortitude, both or neither,
/// and armour adds its dice against the kinds of damage it soaks.
pub fn soak(
    table: &SoakRules,
    kind: Creature,
    breed_form: bool,
    pool: i32,
    fortitude: i32,
    armor: i32,
) -> [i32; 3] {
    let row = match kind {
        Creature::Mortal => &table.mortal,
        Creature::Vampire => &table.vampire,
        Creature::Ghoul => &table.ghoul,
        Creature::Garou if breed_form => &table.garou_breed_form,
        Creature::Garou => &table.garou,
    };
    [
        DamageKind::Bashing,
        DamageKind::Lethal,
        DamageKind::Aggravated,
    ]
    .map(|k| {
        let own = match row.get(k) {
            SoakDice::None => 0,
            SoakDice::Pool => pool,
            SoakDice::Fortitude => fortitude,
            SoakDice::PoolAndFortitude => pool + fortitude,
            SoakDice::PoolAndFortitudeIfFortitude if fortitude > 0 => pool + fortitude,
            SoakDice::PoolIfFortitude if fortitude > 0 => pool,
            SoakDice::PoolAndFortitudeIfFortitude | SoakDice::PoolIfFortitude => 0,
        };
        own + if table.armor.has(k as usize) {
            armor
        } else {
            0
        }
    })
}

/// Whether a pool of `terms` is rolled unskilled by a member with
/// `ratings`: one of its terms can only be a Skill (one of `skills`) and
/// the member has no dots in it. (A term with a choice, such as
/// `athletics|dodge`, is unskilled only if every choice is a Skill without
/// dots.)
fn unskilled(terms: &Terms, ratings: &[i32; TRAITS.len()], skills: &Set<TraitName>) -> bool {
    terms.0.iter().take_while(|&&mask| mask != 0).any(|&mask| {
        (0..TRAITS.len())
            .filter(|&i| mask & (1 << i) != 0)
            .all(|i| skills.has(i) && ratings[i] <= 0)
    })
}

/// Every member of `scenario`, compiled with the edition's pools, soak
/// table, powers and unskilled rule (its `[combat.pools]`, `[combat.soak]`,
/// `[combat.powers]`, `[combat.unskilled]` and `dice.unskilled`).
pub fn fighters(scenario: &Scenario, rules: &RuleSet) -> Vec<Fighter> {
    let pools = &rules.combat.pools;
    let table = rules.combat.soak();
    let powers = rules.combat.powers();
    let skills = rules.combat.unskilled().skills;
    let penalty = rules.dice.unskilled[0];
    let mut out = Vec::new();
    let all: Vec<&super::scenario::Member> =
        scenario.sides.iter().flat_map(|s| &s.members).collect();
    for (side, s) in scenario.sides.iter().enumerate() {
        for m in &s.members {
            // The one it would grapple: the other member of a fight of
            // one against one (grapples are only in those).
            let other = all.iter().find(|o| o.name != m.name).copied().unwrap_or(m);
            let grapple = grapple_roll(rules, m, other);
            let t = |x: Trait| i32::from(m.get(x));
            // Armour's penalty comes off Dexterity pools.
            let ratings = m.ratings(true);
            let p = |x: Pool| {
                let terms = pools.get(x);
                let lost = if unskilled(terms, &ratings, &skills) {
                    penalty
                } else {
                    0
                };
                terms.of(&ratings) - lost
            };
            let skill = match m.weapon.skill {
                Skill::Brawl => Pool::Brawl,
                Skill::Melee => Pool::Melee,
                Skill::Firearms => Pool::Firearms,
            };
            let strength = if m.weapon.strength {
                p(Pool::Strength)
            } else {
                0
            };
            let creature = m.kind.kind() as usize;
            let potence = if m.weapon.strength && powers.potence.has(creature) {
                m.get(Trait::Potence)
            } else {
                0
            };
            let (potence, potence_dice) = match powers.potence_adds {
                PotenceAdds::AutomaticSuccesses => (potence.into(), 0),
                PotenceAdds::Dice => (0, i32::from(potence)),
            };
            let celerity = if powers.celerity.has(creature) {
                m.get(Trait::Celerity) * powers.celerity_actions
            } else {
                0
            };
            let armor = i32::from(m.armor.rating);
            // Only fta has a grapple defence: elsewhere a grapple defender
            // grapples by attacking (a clinch, a hold).
            let (attack, defend) = match m.tactics.defend {
                DefendTactic::Grapple if rules.combat.engine != CombatEngine::Fta => {
                    (AttackTactic::Grapple, DefendTactic::None)
                }
                d => (m.tactics.attack, d),
            };
            out.push(Fighter {
                side,
                initiative: p(Pool::Initiative),
                attack: pool(p(skill)),
                ranged: m.weapon.skill == Skill::Firearms,
                dodge: pool(p(Pool::Dodge)),
                athletics: pool(p(Pool::Athletics)),
                // A parry with a melee weapon in hand, else a block.
                block: pool(p(if m.weapon.skill == Skill::Melee {
                    Pool::Parry
                } else {
                    Pool::Block
                })),
                wits: t(Trait::Wits),
                weapon: m.weapon,
                range: m.range,
                actions: m.tactics.actions,
                damage: pool(strength + i32::from(m.weapon.damage) + potence_dice),
                potence,
                kind: m.weapon.kind,
                soak: soak(
                    &table,
                    m.kind,
                    m.breed_form,
                    p(Pool::Soak),
                    t(Trait::Fortitude),
                    armor,
                )
                .map(pool),
                willpower: m.get(Trait::Willpower),
                attacks: 1 + celerity,
                rage: m.get(Trait::Rage),
                rage_spend: m.tactics.rage,
                tactics_attack: attack,
                defend,
                spend: m.tactics.willpower,
                flee_at: m.tactics.flee_at.boxes(),
                grapple: (pool(grapple.0), grapple.1),
            });
        }
    }
    assert!(
        out.len() <= MAX_MEMBERS,
        "the scenario checks the member count"
    );
    out
}

/// Member `me`'s grapple roll against `other` under `rules`: the pool its
/// grapple attack (or fta grapple defence) rolls and the difficulty. fta
/// (`control`): Strength or Dexterity + Brawl by its `grapple.pool`, at
/// `[grapple.fta] difficulty`, plus the non-humanoid penalty against a
/// body that is not humanoid (for Dexterity grapples, or Strength ones
/// when `non-humanoid-strength`); the hold: `[grapple.hold] attack-pool`
/// at its difficulty; hubris's contest: `[grapple.contest] pool` at the
/// standard difficulty.
pub(super) fn grapple_roll(
    rules: &RuleSet,
    me: &super::Member,
    other: &super::Member,
) -> (i32, i32) {
    let Some(g) = rules.grapple else {
        return (0, rules.dice.standard_difficulty);
    };
    match g.engine {
        GrappleEngine::Control => {
            let f = g.fta();
            let ratings = me.ratings(true);
            let dex = me.grapple.pool == GrapplePool::Dexterity;
            let pool = if dex {
                f.dexterity_pool.of(&ratings)
            } else {
                f.strength_pool.of(&ratings)
            };
            let penalised = dex || f.non_humanoid_strength;
            let penalty = if !other.grapple.humanoid && penalised {
                me.grapple.penalty.map_or(f.non_humanoid, i32::from)
            } else {
                0
            };
            (pool.max(0), (f.difficulty + penalty).min(10))
        }
        GrappleEngine::Hold => {
            let h = g.hold();
            (h.attack_pool.of(&me.ratings(true)).max(0), h.difficulty)
        }
        GrappleEngine::Contest => (
            g.contest().pool.of(&me.ratings(false)).max(0),
            rules.dice.standard_difficulty,
        ),
    }
}

/// The edition's rolls a fight needs, ready for every pool size.
#[derive(Debug, Clone)]
pub struct Rolls {
    /// An action at `difficulty`.
    pub action: Roller,
    /// The same with a Willpower point spent.
    pub willpower: Roller,
    /// Damage: the same dice with 1s ignored and no botch (or, under the
    /// edition's `[combat.damage]`, at its own face and 1s).
    pub damage: Roller,
    /// Soak: the same as damage, at `[combat.damage]`'s soak face.
    pub soak: Roller,
    /// Net attack successes that add no damage die (`[combat.damage]`
    /// `extra-dice-after`; 1 without it).
    pub extra_after: i32,
    /// Damage against soak in one draw (the outcome sampler only), by
    /// damage pool, Potence and soak pool: filled on first use, and shared
    /// by every engine compiled under the same rules (see [`Rolls::new`]).
    wounds: Option<Arc<Tables<u16, 3>>>,
}

/// The rolls compiled so far, by rules hash, difficulty, sampler and
/// largest pool: equal hashes are equal rules, so the same rolls and the
/// same wound tables, and engines compiled again under them (a sweep's
/// points, a report's raised fights, `wodds run`'s editions side by side)
/// take them from here, their wound tables' filled slots included.
static COMPILED: Mutex<Option<HashMap<RollsKey, Rolls>>> = Mutex::new(None);

/// Empties the process-wide cache of compiled rolls (`Rolls::new`'s): the
/// rolls and wound tables of every engine built so far are freed once
/// those engines are (a report calls it between
/// scenarios, whose pools rarely match). Engines built after compile their
/// rolls afresh, the same tables to the bit (their filling is
/// deterministic).
pub fn forget_compiled_rolls() {
    *COMPILED.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// What [`COMPILED`] keys its rolls by: rules hash, difficulty, sampler
/// and largest pool.
type RollsKey = (String, i32, Sampling, i32);

/// The most Potence a wound table covers (the trait's range).
const MAX_POTENCE: usize = 10;

impl Rolls {
    /// The rolls of `rules` at `difficulty` (the edition's own notion, or
    /// a target number the dice have no such difficulty for: see
    /// [`RuleSet::conflict_difficulty`]), for pools up to `max_pool`.
    pub fn new(
        rules: &RuleSet,
        difficulty: i32,
        sampling: Sampling,
        max_pool: i32,
    ) -> Result<Rolls, RulesError> {
        let difficulty = rules.conflict_difficulty(difficulty);
        let key = (rules.hash().to_string(), difficulty, sampling, max_pool);
        if let Some(r) = COMPILED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .and_then(|m| m.get(&key))
        {
            return Ok(r.clone());
        }
        let rolls = Rolls::compile(rules, difficulty, sampling, max_pool)?;
        let mut compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
        let map = compiled.get_or_insert_with(HashMap::default);
        // Bounded: a process compiling under many rules (a property test)
        // starts over past 256 of them.
        if map.len() >= 256 {
            map.clear();
        }
        Ok(map.entry(key).or_insert(rolls).clone())
    }

    /// Compiles the rolls of [`Rolls::new`].
    fn compile(
        rules: &RuleSet,
        difficulty: i32,
        sampling: Sampling,
        max_pool: i32,
    ) -> Result<Rolls, RulesError> {
        let roll = |options: &RollOptions| rules.roll(1, difficulty, options).map(|r| r.spec);
        let action = roll(&RollOptions::default())?;
        let willpower = roll(&RollOptions {
            willpower: true,
            ..RollOptions::default()
        })?;
        let mut damage = *action.rules();
        damage.ones = Ones::Ignore;
        damage.botch = Botch::Never;
        let mut soak = damage;
        let mut extra_after = 1;
        if let Some(d) = &rules.combat.damage {
            damage.threshold = d.damage_succeeds_on;
            soak.threshold = d.soak_succeeds_on;
            if d.ones_cancel {
                damage.ones = Ones::Cancel;
                soak.ones = Ones::Cancel;
            }
            extra_after = i32::from(d.extra_dice_after);
        }
        let spec = |r| {
            RollSpec::new(1, r).map_err(|e| RulesError::Spec {
                edition: rules.id.clone(),
                message: e.to_string(),
            })
        };
        let damage = Roller::new(&spec(damage)?, sampling, max_pool);
        let soak = Roller::new(&spec(soak)?, sampling, max_pool);
        let wounds = damage.outcome.as_ref().and_then(|o| {
            let pools = o.max_pool() as usize + 1;
            Tables::new([pools, MAX_POTENCE + 1, pools], sampling).map(Arc::new)
        });
        Ok(Rolls {
            action: Roller::new(&action, sampling, max_pool),
            willpower: Roller::new(&willpower, sampling, max_pool),
            damage,
            soak,
            extra_after,
            wounds,
        })
    }
}

impl Rolls {
    /// The exact distribution of the health levels a blow of `pool` damage
    /// dice and `potence` automatic successes puts through `soak` dice:
    /// `p[k]` for `max(0, damage + potence - soak) = k`; `None` under the
    /// per-die sampler, or for a pool beyond the outcome sampler's tables.
    pub fn levels(&self, pool: i32, potence: u16, soak: i32) -> Option<Vec<f64>> {
        let soaked = match soak {
            s if s <= 0 => None,
            s => Some(self.soak.distribution(s)?),
        };
        let mut p = Vec::new();
        for (hit, ph) in self.damage.distribution(pool)?.outcomes() {
            let raw = u32::from(hit.successes) + u32::from(potence);
            // No soak dice: nothing soaked (as the die-by-die path).
            let Some(soaked) = soaked else {
                add(&mut p, raw as usize, ph);
                continue;
            };
            for (s, ps) in soaked.outcomes() {
                add(
                    &mut p,
                    raw.saturating_sub(u32::from(s.successes)) as usize,
                    ph * ps,
                );
            }
        }
        Some(p)
    }

    /// The health levels a blow of `pool` damage dice and `potence`
    /// automatic successes puts through `soak` dice: one draw from the
    /// wound table, or (per die, or beyond the tables) both rolls. Levels
    /// past `most()` matter no more to the target (the round chain's walk
    /// takes them as that many, [`Source::draw_alike`]; no sampler asks).
    #[inline]
    pub fn blow<D: Source>(
        &self,
        dice: &mut D,
        pool: i32,
        potence: u16,
        soak: i32,
        most: impl FnOnce() -> u16,
    ) -> u32 {
        let tabled = self.wounds.as_ref().and_then(|w| {
            let key = [pool.max(0) as usize, potence.into(), soak.max(0) as usize];
            let weights = || {
                let p = self.levels(pool, potence, soak)?;
                Some(
                    p.into_iter()
                        .enumerate()
                        .map(|(k, q)| (k as u16, q))
                        .collect(),
                )
            };
            let alike = || {
                let most = most();
                (u32::from(most), move |k: u16| k.min(most))
            };
            dice.draw_alike(w, key, weights, alike)
        });
        tabled.map(u32::from).unwrap_or_else(|| {
            let raw = self.damage.roll(dice, pool).successes + potence;
            let soaked = if soak > 0 {
                self.soak.roll(dice, soak).successes
            } else {
                0
            };
            u32::from(raw.saturating_sub(soaked))
        })
    }
}

/// Member `target` takes `levels` of `kind` on `health` (past its last
/// box as `track` says), and leaves the fight if it falls.
#[inline]
pub fn hurt(
    track: &Track,
    kind: Damage,
    levels: u32,
    health: &mut Health,
    roster: &mut Roster,
    target: usize,
) {
    health.take(kind, levels, track);
    if health.dead {
        roster.knock_out(target, End::Killed);
    } else if health.down() {
        roster.knock_out(target, End::Incapacitated);
    }
}

/// The most damage dice an attack of `pool` dice adds under `rules`, for
/// [`max_pool`]: one a die, as the shipped editions' dice give at most one
/// success each (Willpower's success and a power attack's two dice are
/// `max_pool`'s slack); where the rules let the dice show more successes
/// than there are dice (a 10 counting two, a 10 rolled again), the most
/// net successes beyond `extra-dice-after` that the exact distribution of
/// the roll with a Willpower point spent shows at the rules' easiest
/// difficulty, so that a round chain finds a table for every damage pool
/// an attack can give (issue 26).
pub fn damage_dice_added(rules: &RuleSet) -> impl Fn(i32) -> i32 + '_ {
    let extra_after = rules
        .combat
        .damage
        .as_ref()
        .map_or(1, |d| i32::from(d.extra_dice_after));
    let easiest = rules.dice.difficulty_range[0];
    let most = move |pool: i32, willpower: bool| {
        let options = RollOptions {
            willpower,
            ..RollOptions::default()
        };
        (rules.roll(pool.max(1), easiest, &options).ok())
            .map(|r| wodds_dice::exact(&r.spec).max_successes() as i32)
    };
    move |pool| match most(pool, false) {
        Some(m) if m > pool => {
            let most = most(pool, true).unwrap_or(m + 1);
            (most - extra_after).max(pool)
        }
        _ => pool,
    }
}

/// The largest pool `fighters` may roll: an attack with Willpower's dice, a
/// defence (dodge or block), a Willpower roll, a soak, or damage with every
/// damage die an attack's successes add (`added`, by the attack's pool: see
/// [`damage_dice_added`]) and a power attack's two dice. (A larger pool is
/// still rolled, die by die.)
pub fn max_pool(fighters: &[Fighter], bonus_dice: i32, added: impl Fn(i32) -> i32) -> i32 {
    fighters
        .iter()
        .map(|f| {
            let soak = f.soak.iter().copied().max().unwrap_or(0);
            (f.attack.max(f.grapple.0) + bonus_dice)
                .max(f.dodge)
                .max(f.block)
                .max(i32::from(f.willpower))
                .max(f.athletics)
                .max(f.initiative)
                .max(soak)
                .max(f.damage + added(f.attack + bonus_dice) + 2)
        })
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_POOL)
}

#[cfg(test)]
mod tests {
    use wodds_dice::D10;

    use super::*;

    /// The wound levels against every face of two damage and two soak dice
    /// under Revised (a success on 6+, 1s ignored, no botch), with one
    /// Potence success: 10^4 equally likely rolls give each level's exact
    /// probability; the composed distribution matches them to 1e-12, and
    /// 10^6 table draws land within 5 standard errors of each.
    #[test]
    fn wound_table_matches_the_faces() {
        let rules = RuleSet::load("revised").unwrap();
        let rolls = Rolls::new(&rules, 6, Sampling::Outcome, 10).unwrap();
        let mut exact = [0.0f64; 4];
        let hits = |a: u32, b: u32| u32::from(a >= 6) + u32::from(b >= 6);
        for faces in 0..10_000u32 {
            let f = |k: u32| faces / 10u32.pow(k) % 10 + 1;
            let levels = (hits(f(0), f(1)) + 1).saturating_sub(hits(f(2), f(3)));
            exact[levels as usize] += 1e-4;
        }
        let computed = rolls.levels(2, 1, 2).unwrap();
        assert_eq!(computed.len(), exact.len());
        for (k, (&c, &e)) in computed.iter().zip(&exact).enumerate() {
            assert!((c - e).abs() < 1e-12, "{k} levels: {c} vs {e}");
        }
        let mut dice = D10::seeded(7);
        let n = 1_000_000;
        let mut seen = [0u64; 4];
        for _ in 0..n {
            seen[rolls.blow(&mut dice, 2, 1, 2, || u16::MAX) as usize] += 1;
        }
        for (k, (&p, &c)) in exact.iter().zip(&seen).enumerate() {
            let se = (p * (1.0 - p) / n as f64).sqrt();
            let got = c as f64 / n as f64;
            assert!((got - p).abs() < 5.0 * se, "{k} levels: {got} vs {p}");
        }
    }
}
