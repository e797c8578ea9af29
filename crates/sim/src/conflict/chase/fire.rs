//! Shots during an fta chase (seed 004 "Attacking During A Chase"),
//! compiled once ([`Fire`]): who shoots, the split, each party's attack,
//! dodge, damage and soak, and under the outcome sampler whole shots drawn
//! from tables. The [`Lead`](super::Lead) engine aims and fires them.

use wodds_rules::{LeadRules, RuleSet, RulesError};

use super::setup::{MAX_POOL, Setup, pool_of, roller};
use crate::conflict::fighter::{Fighter, Rolls, fighters};
use crate::conflict::gear::Damage;
use crate::conflict::health::Track;
use crate::conflict::scenario::{Chase, Range, Scenario};
use crate::conflict::source::{Roller, Sampling, Source};
use crate::conflict::strike::{Attack, Meet, Strike};
use crate::conflict::tables::Tables;

/// Shots during a chase (seed 004 "Attacking During A Chase"), compiled:
/// by party (the Prey, then the Predator).
#[derive(Debug, Clone)]
pub(super) struct Fire {
    /// Whether each party shoots.
    pub(super) shoots: [bool; 2],
    /// Dice the shooter's chase roll and its attack each lose in a round
    /// it shoots (split actions).
    pub(super) split: i32,
    /// Each party's attack pool (Dexterity + Firearms).
    pub(super) attack: [i32; 2],
    /// Each party's attack rolls (at its gun's difficulty at its range),
    /// damage and soak included.
    pub(super) rolls: [Rolls; 2],
    /// Each party's dodge by car, then on foot.
    pub(super) dodge: [[i32; 2]; 2],
    /// The dodge's rolls by car, then on foot.
    pub(super) dodge_rolls: [Roller; 2],
    /// Each party's gun's damage dice.
    pub(super) damage: [i32; 2],
    /// The damage each party's gun deals.
    pub(super) kind: [Damage; 2],
    /// The soak of each party's target against its gun.
    pub(super) soak: [i32; 2],
    /// What damage past the last box does.
    pub(super) track: Track,
    /// Under the outcome sampler, whole shots (attack, dodge, damage and
    /// soak) by shooter, on foot or not, attack dice and dodge dice.
    pub(super) strikes: Option<Tables<Strike, 4>>,
}

impl Fire {
    /// The shots of `chase` under `rules`, or `None` when nobody shoots.
    pub(super) fn new(
        scenario: &Scenario,
        rules: &RuleSet,
        setup: &Setup,
        chase: &Chase,
        lead: &LeadRules,
        sampling: Sampling,
    ) -> Result<Option<Fire>, RulesError> {
        if chase.attacks == [false; 2] {
            return Ok(None);
        }
        let c = &rules.combat;
        let missing = [
            ("attack", c.attack.is_some()),
            ("health", c.health.is_some()),
            ("soak", c.soak.is_some()),
            ("powers", c.powers.is_some()),
            ("unskilled", c.unskilled.is_some()),
            ("fta", c.fta.is_some()),
        ]
        .into_iter()
        .find(|(_, has)| !has);
        if let Some((family, _)) = missing {
            return Err(RulesError::Spec {
                edition: rules.id.clone(),
                message: format!(
                    "shots during a chase are the fta fight's: they need [combat.{family}]"
                ),
            });
        }
        let all = fighters(scenario, rules);
        let f = [&all[setup.prey], &all[setup.predator]];
        let split_actions = c.fta().split_actions;
        // Two actions, the chase roll and the shot.
        let split = if lead.attack_split {
            split_actions.penalty(2)
        } else {
            0
        };
        // At most Wits actions: a Wits 1 party cannot split to shoot.
        let wits = |g: &Fighter| !(lead.attack_split && split_actions.wits_limit && g.wits < 2);
        let shoots = [
            chase.attacks[0] && wits(f[0]),
            chase.attacks[1] && wits(f[1]),
        ];
        let side = |i: usize| &scenario.sides[i];
        let dodge_of = |i: usize| {
            [
                pool_of(side(i), &lead.pools.dodge_car),
                pool_of(side(i), &lead.pools.dodge),
            ]
        };
        let dodge = [dodge_of(setup.prey), dodge_of(setup.predator)];
        let [point_blank, effective, long] = c.attack().range_difficulty;
        let difficulty = |g: &Fighter| match g.range {
            Range::PointBlank => point_blank,
            Range::Long => long,
            // The scenario refuses `melee` for a shooter.
            Range::Effective | Range::Melee => effective,
        };
        let max = f
            .iter()
            .map(|g| {
                let soak = g.soak.iter().copied().max().unwrap_or(0);
                (g.attack + g.damage).max(soak)
            })
            .chain(dodge.iter().flatten().copied())
            .max()
            .unwrap_or(1)
            .clamp(1, MAX_POOL);
        let attack_rolls = |g: &Fighter| Rolls::new(rules, difficulty(g), sampling, max);
        let pools = max as usize + 1;
        Ok(Some(Fire {
            shoots,
            split,
            attack: [f[0].attack, f[1].attack],
            rolls: [attack_rolls(f[0])?, attack_rolls(f[1])?],
            dodge,
            dodge_rolls: [
                roller(rules, lead.dodge_difficulty_car, sampling, max)?,
                roller(rules, lead.dodge_difficulty, sampling, max)?,
            ],
            damage: [f[0].damage, f[1].damage],
            kind: [f[0].kind, f[1].kind],
            soak: [f[1].soak[f[0].kind as usize], f[0].soak[f[1].kind as usize]],
            track: Track::of(&c.health()),
            strikes: Tables::new([2, 2, pools, pools], sampling),
        }))
    }

    /// Party `i`'s shot at the other party with `dice` attack dice, the
    /// target dodging with `dodge` dice (`foot`: on foot), of which `most()`
    /// levels can matter to the target ([`Attack::strike`]).
    #[inline]
    pub(super) fn shot<D: Source>(
        &self,
        i: usize,
        foot: bool,
        (dice, dodge): (i32, i32),
        most: impl Fn() -> u16,
        d: &mut D,
    ) -> Strike {
        let foot = usize::from(foot);
        let rolls = &self.rolls[i];
        let attack = Attack {
            roller: &rolls.action,
            pool: dice,
            defence: (dodge >= 1).then(|| (&self.dodge_rolls[foot], dodge)),
            meet: Meet::SubtractHits,
            rolls,
            damage: self.damage[i],
            potence: 0,
            soak: self.soak[i],
        };
        let key = [i, foot, dice as usize, dodge.max(0) as usize];
        attack.strike(d, self.strikes.as_ref().map(|t| (t, key)), most)
    }
}
