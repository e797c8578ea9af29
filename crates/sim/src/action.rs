//! The multi-roll actions of the Storyteller editions as [`Process`]es:
//! extended (and teamwork) actions, extended-and-resisted contests, and
//! prolonged conflicts; plus the single resisted roll.

use std::collections::HashMap;

use rand_core::Rng;
use wodds_dice::{D10, Roll};
use wodds_rules::{BotchEffect, ResistedRule, TallyRule, TieRule};

use crate::process::{Next, Process};
use crate::throw::Throw;

/// The throws of each round, the last repeating.
///
/// Stored compactly: each distinct round's throws once, and the order of
/// rounds as indices into them, with the rounds at the end that repeat the
/// last one dropped (it repeats for ever anyway). A side given 65,000
/// identical rounds keeps one.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Each distinct round's throws, once.
    distinct: Vec<Vec<Throw>>,
    /// `order[r]`: the index in `distinct` of round `r`; the last repeats.
    order: Vec<u32>,
}

impl Schedule {
    /// Builds a schedule from the throws of rounds 1, 2, ...; the last round
    /// repeats for ever. Every round must have the same number of throws.
    pub fn new(rounds: Vec<Vec<Throw>>) -> Self {
        assert!(!rounds.is_empty(), "a schedule needs at least one round");
        let mut distinct: Vec<Vec<Throw>> = Vec::new();
        let mut index: HashMap<Vec<Throw>, u32> = HashMap::new();
        let mut order: Vec<u32> = Vec::with_capacity(rounds.len());
        for round in rounds {
            let i = *index.entry(round).or_insert_with_key(|round| {
                distinct.push(round.clone());
                (distinct.len() - 1) as u32
            });
            order.push(i);
        }
        // Rounds at the end equal to the one before them add nothing.
        while order.len() > 1 && order[order.len() - 1] == order[order.len() - 2] {
            order.pop();
        }
        order.shrink_to_fit();
        Schedule { distinct, order }
    }

    /// Rounds stored: those given, less the ones at the end that repeat
    /// the round before them. Round `len() - 1` and every later round are
    /// the same.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Always false: a schedule has at least one round.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Distinct rounds stored (each round's throws are kept once however
    /// often the round comes).
    pub fn distinct_rounds(&self) -> usize {
        self.distinct.len()
    }

    /// The throws of round `r` (0-based).
    pub fn round(&self, r: usize) -> &[Throw] {
        &self.distinct[self.order[r.min(self.order.len() - 1)] as usize]
    }
}

/// An extended action: roll again and again, adding successes, until the
/// total reaches `target`. Teamwork is an extended action whose throw is a
/// group's summed roll.
#[derive(Debug, Clone)]
pub struct Extended {
    /// One throw a round.
    pub schedule: Schedule,
    /// Successes needed.
    pub target: u32,
    /// What a botch does: wipe the total, fail the action, or nothing.
    pub botch: BotchEffect,
    /// Botches that do not count (the optional "free botch" of `revised`:
    /// the first botch of a session is a plain failure).
    pub free_botches: u32,
}

impl Process for Extended {
    /// (successes so far, free botches used).
    type State = (u32, u32);

    fn start(&self) -> (u32, u32) {
        (0, 0)
    }

    fn throws(&self, round: usize) -> &[Throw] {
        self.schedule.round(round)
    }

    fn steady_from(&self) -> Option<usize> {
        Some(self.schedule.len() - 1)
    }

    fn next(&self, (total, free): (u32, u32), rolls: &[Roll]) -> Next<(u32, u32)> {
        let r = rolls[0];
        if r.botch {
            if free < self.free_botches {
                return Next::Continue((total, free + 1));
            }
            return match self.botch {
                BotchEffect::Wipe => Next::Continue((0, free)),
                BotchEffect::Fail => Next::Lose,
                BotchEffect::Ignore => Next::Continue((total, free)),
            };
        }
        let total = total + u32::from(r.successes);
        if total >= self.target {
            Next::Win
        } else {
            Next::Continue((total, free))
        }
    }
}

/// Trying an action again after failing: one roll a try, each needing its
/// own number of successes (the difficulty rising with each failure); the
/// first success ends it.
#[derive(Debug, Clone)]
pub struct Retry {
    /// One throw a try.
    pub schedule: Schedule,
    /// Successes each try needs (the last repeating); 0 means any roll
    /// that does not botch.
    pub needed: Vec<u32>,
    /// What a botch does: `Fail` ends the attempts, anything else is a
    /// failed try.
    pub botch: BotchEffect,
}

impl Process for Retry {
    /// Tries so far.
    type State = usize;

    fn start(&self) -> usize {
        0
    }

    fn throws(&self, round: usize) -> &[Throw] {
        self.schedule.round(round)
    }

    fn steady_from(&self) -> Option<usize> {
        Some(self.schedule.len() - 1)
    }

    fn next(&self, tries: usize, rolls: &[Roll]) -> Next<usize> {
        let r = rolls[0];
        let needed = self.needed[tries.min(self.needed.len() - 1)];
        if r.botch {
            if self.botch == BotchEffect::Fail {
                return Next::Lose;
            }
        } else if u32::from(r.successes) >= needed {
            return Next::Win;
        }
        Next::Continue(tries + 1)
    }
}

/// An extended and resisted contest: both sides roll each round; the one
/// with more successes scores the difference; the first to `target` wins.
#[derive(Debug, Clone)]
pub struct Contest {
    /// Two throws a round: side A, then side B.
    pub schedule: Schedule,
    /// The score that wins.
    pub target: u32,
    /// Separate tallies, or one running difference.
    pub tally: TallyRule,
    /// What a botch does to the botching side's score.
    pub botch: BotchEffect,
}

impl Process for Contest {
    /// (A's tally, B's tally); with a running difference, A's lead in the
    /// first and 0 in the second.
    type State = (i32, i32);

    fn start(&self) -> (i32, i32) {
        (0, 0)
    }

    fn throws(&self, round: usize) -> &[Throw] {
        self.schedule.round(round)
    }

    fn steady_from(&self) -> Option<usize> {
        Some(self.schedule.len() - 1)
    }

    fn next(&self, tallies: (i32, i32), rolls: &[Roll]) -> Next<(i32, i32)> {
        contest_round(
            self.target,
            self.tally,
            self.botch,
            tallies,
            rolls[0],
            rolls[1],
        )
    }
}

/// One round of an extended and resisted contest to `target` (tallied
/// and botched by `tally` and `botch`): side A's and side B's tallies
/// `(a, b)` after A rolled `ra` and B rolled `rb`. A chase's car round
/// (seed 003) plays the same.
pub(crate) fn contest_round(
    target: u32,
    tally: TallyRule,
    botch: BotchEffect,
    (mut a, mut b): (i32, i32),
    ra: Roll,
    rb: Roll,
) -> Next<(i32, i32)> {
    match botch {
        BotchEffect::Fail if ra.botch && rb.botch => return Next::Continue((a, b)),
        BotchEffect::Fail if ra.botch => return Next::Lose,
        BotchEffect::Fail if rb.botch => return Next::Win,
        BotchEffect::Wipe => match tally {
            TallyRule::Separate => {
                if ra.botch {
                    a = 0;
                }
                if rb.botch {
                    b = 0;
                }
            }
            // A botching side loses the lead it had.
            TallyRule::Difference => {
                if ra.botch {
                    a = a.min(0);
                }
                if rb.botch {
                    a = a.max(0);
                }
            }
        },
        _ => {}
    }
    let margin = i32::from(ra.successes) - i32::from(rb.successes);
    let target = target as i32;
    match tally {
        TallyRule::Separate => {
            if margin > 0 {
                a += margin;
            } else {
                b -= margin;
            }
            if a >= target {
                Next::Win
            } else if b >= target {
                Next::Lose
            } else {
                Next::Continue((a, b))
            }
        }
        TallyRule::Difference => {
            a += margin;
            if a >= target {
                Next::Win
            } else if a <= -target {
                Next::Lose
            } else {
                Next::Continue((a, 0))
            }
        }
    }
}

/// A prolonged conflict (`hubris`): contests until one side has lost as many
/// as its Resistance attribute and gives up. Side A is the acting side (it
/// wins ties under `contest-tie = "acting"`).
#[derive(Debug, Clone)]
pub struct Prolonged {
    /// Two throws a round: side A, then side B.
    pub schedule: Schedule,
    /// Contests A can lose before giving up.
    pub a_resistance: u32,
    /// Contests B can lose before giving up.
    pub b_resistance: u32,
    /// Who wins a tied contest.
    pub tie: TieRule,
}

impl Process for Prolonged {
    /// Contests lost by (A, B).
    type State = (u32, u32);

    fn start(&self) -> (u32, u32) {
        (0, 0)
    }

    fn throws(&self, round: usize) -> &[Throw] {
        self.schedule.round(round)
    }

    fn steady_from(&self) -> Option<usize> {
        Some(self.schedule.len() - 1)
    }

    fn next(&self, (la, lb): (u32, u32), rolls: &[Roll]) -> Next<(u32, u32)> {
        // A botch (dramatic failure) has no successes: it loses unless the
        // other side has none either. A tie goes as the tie rule says (under
        // `re-roll` the roll-off is played again: the same as `nothing`).
        let (sa, sb) = (rolls[0].successes, rolls[1].successes);
        let (la, lb) = match self.tie.winner(sa, sb) {
            1 => (la, lb + 1),
            -1 => (la + 1, lb),
            _ => (la, lb),
        };
        if lb >= self.b_resistance {
            Next::Win
        } else if la >= self.a_resistance {
            Next::Lose
        } else {
            Next::Continue((la, lb))
        }
    }
}

/// One resisted roll: who wins and by how much.
#[derive(Debug, Clone, PartialEq)]
pub struct Resisted {
    /// `margin[i]`: probability that A's successes less B's is `i + offset`.
    pub margin: Vec<f64>,
    /// The margin of `margin[0]`.
    pub offset: i32,
    /// Probability that A succeeds (a margin above 0, or at least 0 when
    /// the opponent's successes are only A's difficulty), without botching.
    pub p_success: f64,
    /// Probability that A botches.
    pub p_botch: f64,
    /// Monte Carlo trials behind the figures (`None`: exact).
    pub trials: Option<u64>,
}

impl Resisted {
    /// Probability of a margin of exactly `m`.
    pub fn p_margin(&self, m: i32) -> f64 {
        usize::try_from(m - self.offset)
            .ok()
            .and_then(|i| self.margin.get(i))
            .copied()
            .unwrap_or(0.0)
    }
}

fn resisted_success(rule: ResistedRule, a: Roll, b: Roll) -> bool {
    let (sa, sb) = (a.successes, b.successes);
    !a.botch
        && match rule {
            ResistedRule::Margin => sa > sb,
            ResistedRule::Meet => sa >= sb,
            ResistedRule::MatchOrBeat => sa >= sb && sa > 0,
        }
}

/// The exact result of A's throw resisted by B's.
pub fn resisted_exact(a: &Throw, b: &Throw, rule: ResistedRule) -> Resisted {
    let max_b = b.distribution().max_successes() as i32 + 1;
    let max_a = a.distribution().max_successes() as i32 + 1;
    let offset = -max_b;
    let mut r = Resisted {
        margin: vec![0.0; (max_a + max_b + 1) as usize],
        offset,
        p_success: 0.0,
        p_botch: a.distribution().p_botch(),
        trials: None,
    };
    for (ra, p) in a.distribution().outcomes() {
        for (rb, q) in b.distribution().outcomes() {
            let m = i32::from(ra.successes) - i32::from(rb.successes);
            r.margin[(m - offset) as usize] += p * q;
            if resisted_success(rule, ra, rb) {
                r.p_success += p * q;
            }
        }
    }
    r
}

/// The Monte Carlo estimate of [`resisted_exact`] from `trials` rolls.
pub fn resisted_sample<R: Rng>(
    a: &Throw,
    b: &Throw,
    rule: ResistedRule,
    trials: u64,
    dice: &mut D10<R>,
) -> Resisted {
    let exact_shape = resisted_exact(a, b, rule);
    let offset = exact_shape.offset;
    let mut counts = vec![0u64; exact_shape.margin.len()];
    let (mut success, mut botch) = (0u64, 0u64);
    for _ in 0..trials {
        let (ra, rb) = (a.sample(dice), b.sample(dice));
        let m = i32::from(ra.successes) - i32::from(rb.successes);
        let i = ((m - offset).max(0) as usize).min(counts.len() - 1);
        counts[i] += 1;
        success += u64::from(resisted_success(rule, ra, rb));
        botch += u64::from(ra.botch);
    }
    let n = trials as f64;
    Resisted {
        margin: counts.iter().map(|&c| c as f64 / n).collect(),
        offset,
        p_success: success as f64 / n,
        p_botch: botch as f64 / n,
        trials: Some(trials),
    }
}
