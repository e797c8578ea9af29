//! One attack whole (its roll, the defence it meets, damage and soak) and
//! fta's contested exchange: rolled roll by roll, or under the outcome
//! sampler drawn at once from a table of their exact joint outcome.
//!
//! The two paths share one description ([`Attack`], [`Exchange`]) and the
//! same resolution rules, written twice side by side: once over rolls
//! ([`Attack::roll`]) and once over exact distributions
//! ([`Attack::weights`]); tests hold them to each other.

use wodds_dice::Roll;

use super::fighter::Rolls;
use super::source::Roller;
use super::source::Source;
use super::tables::{Ranked, Tables};

/// What one attack did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Strike {
    /// Health levels through soak.
    pub levels: u16,
    /// Botched rolls (the attack's and the defence's).
    pub botches: u8,
    /// Whether the defence answered it (a declared defence meets any
    /// attack that did not botch: revised counts these).
    pub defended: bool,
}

/// Fewer levels through soak rank lower: the attacker's worst first.
impl Ranked for Strike {
    type Rank = (u16, bool, std::cmp::Reverse<u8>);
    fn rank(&self) -> Self::Rank {
        (self.levels, self.defended, std::cmp::Reverse(self.botches))
    }
}

/// How an attack meets its defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meet {
    /// revised: a botched attack ends there; otherwise the defence is
    /// rolled and its successes come off the attack's; damage gets a die
    /// per net success beyond the first (the edition's
    /// `extra-dice-after`).
    Subtract,
    /// fta: the same, but only an attack with successes is defended.
    SubtractHits,
    /// uwod: the defence is rolled whatever the attack; its successes less
    /// `onslaught`, plus `more`, are the attack's difficulty: a botch or
    /// fewer successes miss, and the excess (beyond `extra-dice-after`,
    /// none in uwod) adds damage dice.
    Difficulty {
        /// Successes the defence loses to earlier defences.
        onslaught: u16,
        /// Successes the attack needs beyond the defence's (range).
        more: u16,
    },
}

/// One attack, fully described.
#[derive(Debug, Clone, Copy)]
pub struct Attack<'a> {
    /// The attack's roll (at its difficulty, with or without Willpower).
    pub roller: &'a Roller,
    /// Its dice (at least 1).
    pub pool: i32,
    /// The defence's roll and dice, if one is declared (fewer than 1 die:
    /// declared but not rolled).
    pub defence: Option<(&'a Roller, i32)>,
    /// How the two meet.
    pub meet: Meet,
    /// Damage and soak rolls.
    pub rolls: &'a Rolls,
    /// Damage dice before the attack's successes add theirs.
    pub damage: i32,
    /// Automatic damage successes.
    pub potence: u16,
    /// The target's soak dice against the damage.
    pub soak: i32,
}

impl Attack<'_> {
    /// The damage dice the attack adds if `hit` gets through `defence`
    /// successes (`None`: it does not): one a net success beyond the
    /// edition's `extra-dice-after`.
    #[inline]
    fn resolve(&self, hit: Roll, defence: u16) -> Option<i32> {
        let net = i32::from(hit.successes) - i32::from(defence);
        let extra = (net - self.rolls.extra_after).max(0);
        match self.meet {
            _ if hit.botch => None,
            Meet::Subtract | Meet::SubtractHits => (net > 0).then_some(extra),
            Meet::Difficulty { .. } => (net >= 0).then_some(extra),
        }
    }

    /// Whether the defence is rolled, given the attack's roll.
    #[inline]
    fn meets(&self, hit: Roll) -> bool {
        match self.meet {
            Meet::Subtract => !hit.botch,
            Meet::SubtractHits => !hit.botch && hit.successes > 0,
            Meet::Difficulty { .. } => true,
        }
    }

    /// The defence's successes that count.
    #[inline]
    fn counted(&self, defence: Roll) -> u16 {
        match self.meet {
            Meet::Difficulty { onslaught, more } => {
                defence.successes.saturating_sub(onslaught) + more
            }
            _ => defence.successes,
        }
    }

    /// Plays the attack roll by roll; `most()` is the most levels that can
    /// matter to the target (as [`Attack::strike`] asks).
    pub fn roll<D: Source>(&self, dice: &mut D, most: impl Fn() -> u16) -> Strike {
        let hit = self.roller.roll(dice, self.pool);
        let mut out = Strike {
            botches: u8::from(hit.botch),
            ..Strike::default()
        };
        // What counts when no defence is rolled (uwod's range still does).
        let mut defence = self.counted(Roll::default());
        if let Some((roller, pool)) = self.defence
            && self.meets(hit)
        {
            out.defended = !hit.botch;
            if pool >= 1 {
                let d = roller.roll(dice, pool);
                out.botches += u8::from(d.botch);
                defence = self.counted(d);
            }
        }
        if let Some(extra) = self.resolve(hit, defence) {
            out.levels = self
                .rolls
                .blow(dice, self.damage + extra, self.potence, self.soak, most)
                as u16;
        }
        out
    }

    /// Plays the attack as a grapple attack (a clinch, a hold): its roll
    /// and the defence it meets as [`Attack::roll`] does, no damage. The
    /// net successes when it gets through (uwod: the attack's successes
    /// beyond the defence's, which may be 0), and what else the attack did
    /// (its botches, whether the defence answered it; no damage). The
    /// caller reads nets of `most` or more alike (the round chain's walk
    /// takes them as one path).
    pub fn opening<D: Source>(&self, dice: &mut D, most: u16) -> (Option<i32>, Strike) {
        let rolled = self.defence.filter(|&(_, pool)| pool >= 1);
        let (hit, defence) = match rolled {
            Some((roller, pool)) => {
                // What the class depends on besides the rolls: how the
                // attack meets its defence, and `most`.
                let (kind, onslaught, more) = match self.meet {
                    Meet::Subtract => (1u64, 0, 0),
                    Meet::SubtractHits => (2, 0, 0),
                    Meet::Difficulty { onslaught, more } => (3, onslaught, more),
                };
                let id = kind << 48 | u64::from(onslaught) << 32 | u64::from(more) << 16;
                dice.rolls_alike(
                    (self.roller, self.pool),
                    (roller, pool),
                    |hit| self.meets(hit),
                    id | u64::from(most),
                    |hit, d| {
                        let (net, s) = self.settle(hit, d);
                        (net.map(|n| n.min(i32::from(most))), s)
                    },
                )
            }
            None => (self.roller.roll(dice, self.pool), None),
        };
        self.settle(hit, defence)
    }

    /// What a grapple attack's roll `hit` comes to against the defence's
    /// roll `d` (`None`: not rolled): [`Attack::opening`]'s result.
    fn settle(&self, hit: Roll, d: Option<Roll>) -> (Option<i32>, Strike) {
        let mut out = Strike {
            botches: u8::from(hit.botch),
            ..Strike::default()
        };
        let mut defence = self.counted(Roll::default());
        if self.defence.is_some() && self.meets(hit) {
            out.defended = !hit.botch;
            if let Some(d) = d {
                out.botches += u8::from(d.botch);
                defence = self.counted(d);
            }
        }
        let net = i32::from(hit.successes) - i32::from(defence);
        (self.resolve(hit, defence).map(|_| net), out)
    }

    /// The exact distribution of its outcomes (`None` if a roll is beyond
    /// the outcome sampler's tables).
    pub fn weights(&self) -> Option<Vec<(Strike, f64)>> {
        let defence = match self.defence {
            Some((roller, pool)) if pool >= 1 => Some(roller.distribution(pool)?),
            _ => None,
        };
        let mut levels: Vec<Option<Vec<f64>>> = Vec::new();
        let mut out: Vec<(Strike, f64)> = Vec::new();
        let mut push = |s: Strike, p: f64| match out.iter_mut().find(|(t, _)| *t == s) {
            Some((_, q)) => *q += p,
            None => out.push((s, p)),
        };
        for (hit, ph) in self.roller.distribution(self.pool)?.outcomes() {
            let met = self.defence.is_some() && self.meets(hit);
            let rolled: Vec<(Roll, f64)> = match defence {
                Some(d) if met => d.outcomes().collect(),
                _ => vec![(Roll::default(), 1.0)],
            };
            for (d, pd) in rolled {
                let base = Strike {
                    levels: 0,
                    botches: u8::from(hit.botch) + u8::from(d.botch),
                    defended: met && !hit.botch,
                };
                let Some(extra) = self.resolve(hit, self.counted(d)) else {
                    push(base, ph * pd);
                    continue;
                };
                let e = extra.max(0) as usize;
                if levels.len() <= e {
                    levels.resize(e + 1, None);
                }
                if levels[e].is_none() {
                    levels[e] = Some(self.rolls.levels(
                        self.damage + extra,
                        self.potence,
                        self.soak,
                    )?);
                }
                let dist = levels[e].as_ref()?;
                for (k, &pk) in dist.iter().enumerate() {
                    let s = Strike {
                        levels: k as u16,
                        ..base
                    };
                    push(s, ph * pd * pk);
                }
            }
        }
        out.retain(|&(_, p)| p > 0.0);
        Some(out)
    }

    /// The attack: drawn from `table` at `key` when there is one and the
    /// key and pools are inside it, otherwise roll by roll. The key must
    /// determine everything else about the attack. `most()` is the most
    /// levels that can matter to the target
    /// ([`Health::most`](super::health::Health::most)): the round chain's
    /// walk takes a strike of more as one of that many; no sampler asks.
    #[inline]
    pub fn strike<D: Source, const K: usize>(
        &self,
        dice: &mut D,
        table: Option<(&Tables<Strike, K>, [usize; K])>,
        most: impl Fn() -> u16,
    ) -> Strike {
        let alike = || {
            let most = most();
            let alike = move |s: Strike| Strike {
                levels: s.levels.min(most),
                ..s
            };
            (u32::from(most), alike)
        };
        let drawn = table.and_then(|(t, key)| dice.draw_alike(t, key, || self.weights(), alike));
        drawn.unwrap_or_else(|| self.roll(dice, &most))
    }
}

/// One side of a contested exchange.
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// Its attack roll.
    pub roller: &'a Roller,
    /// Its dice (fewer than 1: it cannot roll, and scores 0).
    pub pool: i32,
    /// Its damage dice before the margin adds its own (style included).
    pub damage: i32,
    /// Its automatic damage successes.
    pub potence: u16,
    /// The other side's soak dice against its damage.
    pub soak: i32,
}

/// What a contested exchange did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Clash {
    /// Levels the first side put on the second.
    pub to_b: u16,
    /// Levels the second side put on the first.
    pub to_a: u16,
    /// Botched rolls.
    pub botches: u8,
}

/// The first side's worst first: by the levels it put on the second less
/// those it took.
impl Ranked for Clash {
    type Rank = (i32, u16, std::cmp::Reverse<u8>);
    fn rank(&self) -> Self::Rank {
        let net = i32::from(self.to_b) - i32::from(self.to_a);
        (net, self.to_b, std::cmp::Reverse(self.botches))
    }
}

/// fta's attack against attack: both roll, a botch scores 0, the lower
/// score comes off the higher and only the winner lands, with a damage die
/// per point of margin beyond the first (the edition's `extra-dice-after`).
#[derive(Debug, Clone, Copy)]
pub struct Exchange<'a> {
    /// The attacker.
    pub a: Side<'a>,
    /// The member striking back.
    pub b: Side<'a>,
    /// Damage and soak rolls.
    pub rolls: &'a Rolls,
}

impl Exchange<'_> {
    /// Plays the exchange roll by roll; `most` is the most levels that can
    /// matter to each side's target (as [`Exchange::clash`] asks).
    pub fn roll<D: Source>(
        &self,
        dice: &mut D,
        most: (impl Fn() -> u16, impl Fn() -> u16),
    ) -> Clash {
        let mut out = Clash::default();
        let mut score = |side: &Side, dice: &mut D| {
            if side.pool < 1 {
                return 0;
            }
            let r = side.roller.roll(dice, side.pool);
            out.botches += u8::from(r.botch);
            if r.botch { 0 } else { i32::from(r.successes) }
        };
        let margin = score(&self.a, dice) - score(&self.b, dice);
        let extra = |margin: i32| (margin - self.rolls.extra_after).max(0);
        let blow = |side: &Side, margin: i32, dice: &mut D, most: &dyn Fn() -> u16| {
            let pool = side.damage + extra(margin);
            let levels = self.rolls.blow(dice, pool, side.potence, side.soak, most);
            levels as u16
        };
        if margin > 0 {
            out.to_b = blow(&self.a, margin, dice, &most.0);
        } else if margin < 0 {
            out.to_a = blow(&self.b, -margin, dice, &most.1);
        }
        out
    }

    /// The exact distribution of its outcomes (`None` if a roll is beyond
    /// the outcome sampler's tables).
    pub fn weights(&self) -> Option<Vec<(Clash, f64)>> {
        // Each side's score and whether it botched.
        let scores = |side: &Side| -> Option<Vec<(i32, bool, f64)>> {
            if side.pool < 1 {
                return Some(vec![(0, false, 1.0)]);
            }
            let d = side.roller.distribution(side.pool)?;
            Some(
                d.outcomes()
                    .map(|(r, p)| (if r.botch { 0 } else { i32::from(r.successes) }, r.botch, p))
                    .collect(),
            )
        };
        let (a, b) = (scores(&self.a)?, scores(&self.b)?);
        let mut out: Vec<(Clash, f64)> = Vec::new();
        let mut push = |c: Clash, p: f64| match out.iter_mut().find(|(t, _)| *t == c) {
            Some((_, q)) => *q += p,
            None => out.push((c, p)),
        };
        for &(sa, ba, pa) in &a {
            for &(sb, bb, pb) in &b {
                let base = Clash {
                    botches: u8::from(ba) + u8::from(bb),
                    ..Clash::default()
                };
                let margin = sa - sb;
                let (side, m) = match margin {
                    0 => {
                        push(base, pa * pb);
                        continue;
                    }
                    m if m > 0 => (&self.a, m),
                    m => (&self.b, -m),
                };
                let extra = (m - self.rolls.extra_after).max(0);
                let levels = self
                    .rolls
                    .levels(side.damage + extra, side.potence, side.soak)?;
                for (k, &pk) in levels.iter().enumerate() {
                    let c = if margin > 0 {
                        Clash {
                            to_b: k as u16,
                            ..base
                        }
                    } else {
                        Clash {
                            to_a: k as u16,
                            ..base
                        }
                    };
                    push(c, pa * pb * pk);
                }
            }
        }
        out.retain(|&(_, p)| p > 0.0);
        Some(out)
    }

    /// The exchange: drawn from `table` at `key` when there is one and the
    /// key and pools are inside it, otherwise roll by roll. The key must
    /// determine everything else about the exchange.
    #[inline]
    pub fn clash<D: Source, const K: usize>(
        &self,
        dice: &mut D,
        table: Option<(&Tables<Clash, K>, [usize; K])>,
        most: (impl Fn() -> u16, impl Fn() -> u16),
    ) -> Clash {
        let alike = || {
            let (to_b, to_a) = (most.0(), most.1());
            let alike = move |c: Clash| Clash {
                to_b: c.to_b.min(to_b),
                to_a: c.to_a.min(to_a),
                ..c
            };
            (u32::from(to_b) << 16 | u32::from(to_a), alike)
        };
        let drawn = table.and_then(|(t, key)| dice.draw_alike(t, key, || self.weights(), alike));
        drawn.unwrap_or_else(|| self.roll(dice, (&most.0, &most.1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflict::source::Sampling;
    use wodds_dice::D10;
    use wodds_rules::RuleSet;

    fn rolls(edition: &str) -> Rolls {
        let rules = RuleSet::load(edition).unwrap();
        Rolls::new(
            &rules,
            rules.dice.standard_difficulty,
            Sampling::Outcome,
            12,
        )
        .unwrap()
    }

    /// Draws `n` strikes roll by roll and checks every outcome's frequency
    /// against the exact weights within 5 standard errors, and that the
    /// weights sum to 1.
    fn agree(a: &Attack, n: u32) {
        let w = a.weights().unwrap();
        let total: f64 = w.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9, "total {total}");
        let mut dice = D10::seeded(11);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..n {
            *seen.entry(a.roll(&mut dice, || u16::MAX)).or_insert(0u32) += 1;
        }
        for s in seen.keys() {
            assert!(
                w.iter().any(|(t, _)| t == s),
                "{s:?} drawn, not in the weights"
            );
        }
        for (s, p) in &w {
            let got = f64::from(*seen.get(s).unwrap_or(&0)) / f64::from(n);
            let se = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-9);
            assert!((got - p).abs() < 5.0 * se + 1e-9, "{s:?}: {got} vs {p}");
        }
    }

    /// Revised: one die against no defence, 1 damage die, no soak. The
    /// attack (6+ succeeds, a 1 alone botches) hits with 1/2, botches with
    /// 1/10; a hit's die lands a level with 1/2 (10s are single).
    #[test]
    fn one_die_by_hand() {
        let r = rolls("revised");
        let a = Attack {
            roller: &r.action,
            pool: 1,
            defence: None,
            meet: Meet::Subtract,
            rolls: &r,
            damage: 1,
            potence: 0,
            soak: 0,
        };
        let w = a.weights().unwrap();
        let p = |levels, botches| {
            w.iter()
                .find(|(s, _)| s.levels == levels && s.botches == botches)
                .map_or(0.0, |(_, p)| *p)
        };
        assert!((p(1, 0) - 0.25).abs() < 1e-12);
        assert!((p(0, 1) - 0.1).abs() < 1e-12);
        assert!((p(0, 0) - 0.65).abs() < 1e-12);
    }

    /// Every kind of meeting agrees with the roll-by-roll path.
    #[test]
    fn weights_agree_with_the_rolls() {
        for (edition, meet) in [
            ("revised", Meet::Subtract),
            ("fta", Meet::SubtractHits),
            (
                "uwod",
                Meet::Difficulty {
                    onslaught: 0,
                    more: 0,
                },
            ),
            (
                "uwod",
                Meet::Difficulty {
                    onslaught: 1,
                    more: 1,
                },
            ),
        ] {
            let r = rolls(edition);
            for defence in [None, Some((&r.action, 0)), Some((&r.action, 3))] {
                let a = Attack {
                    roller: &r.action,
                    pool: 4,
                    defence,
                    meet,
                    rolls: &r,
                    damage: 2,
                    potence: 1,
                    soak: 2,
                };
                agree(&a, 200_000);
            }
        }
    }

    /// The exchange's weights agree with the roll-by-roll path, and by
    /// hand: one die each at 6 (success 1/2, botch 1/10), one damage die
    /// and no soak. The attacker lands when it scores 1 and the other 0
    /// (1/2 * 1/2), then its die hits with 1/2: 1/8.
    #[test]
    fn exchange_by_hand_and_against_the_rolls() {
        let r = rolls("fta");
        let side = Side {
            roller: &r.action,
            pool: 1,
            damage: 1,
            potence: 0,
            soak: 0,
        };
        let e = Exchange {
            a: side,
            b: side,
            rolls: &r,
        };
        let w = e.weights().unwrap();
        let to_b: f64 = w.iter().filter(|(c, _)| c.to_b == 1).map(|(_, p)| p).sum();
        assert!((to_b - 0.125).abs() < 1e-12, "{to_b}");
        let both_botch: f64 = w
            .iter()
            .filter(|(c, _)| c.botches == 2)
            .map(|(_, p)| p)
            .sum();
        assert!((both_botch - 0.01).abs() < 1e-12, "{both_botch}");
        let bigger = Exchange {
            a: Side {
                pool: 4,
                damage: 3,
                potence: 1,
                soak: 2,
                ..side
            },
            b: Side {
                pool: 3,
                damage: 2,
                soak: 3,
                ..side
            },
            rolls: &r,
        };
        let w = bigger.weights().unwrap();
        let total: f64 = w.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let n = 200_000u32;
        let mut dice = D10::seeded(5);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..n {
            let most = (|| u16::MAX, || u16::MAX);
            *seen.entry(bigger.roll(&mut dice, most)).or_insert(0u32) += 1;
        }
        for c in seen.keys() {
            assert!(
                w.iter().any(|(t, _)| t == c),
                "{c:?} drawn, not in the weights"
            );
        }
        for (c, p) in &w {
            let got = f64::from(*seen.get(c).unwrap_or(&0)) / f64::from(n);
            let se = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-9);
            assert!((got - p).abs() < 5.0 * se + 1e-9, "{c:?}: {got} vs {p}");
        }
    }

    /// A blow whose damage pool is beyond the exact tables has no weights
    /// (rather than a clamped, wrong table), so it is rolled instead, and a
    /// table slot refused once stays refused.
    #[test]
    fn beyond_the_tables_it_rolls() {
        let r = rolls("revised");
        let a = Attack {
            roller: &r.action,
            pool: 3,
            defence: None,
            meet: Meet::Subtract,
            rolls: &r,
            damage: 20,
            potence: 0,
            soak: 1,
        };
        assert!(a.weights().is_none());
        let t: Tables<Strike, 1> = Tables::new([1], Sampling::Outcome).unwrap();
        let mut dice = D10::seeded(3);
        let mut landed = 0u32;
        for _ in 0..1000 {
            landed += u32::from(a.strike(&mut dice, Some((&t, [0])), || u16::MAX).levels);
        }
        // 20+ damage dice at 6 against one soak die: about 10 levels a hit,
        // and 3 dice hit with 1 - 0.5^3 at least: far above a table's worth
        // of nothing.
        assert!(landed > 5_000, "{landed}");
    }
}
