//! One side's roll in one round: a single character's roll, or a group's
//! rolls combined (added as teamwork, or the best single roll).

use rand_core::Rng;
use wodds_dice::{CompiledRoll, D10, Distribution, Roll, RollSpec, exact};
use wodds_rules::GroupRule;

/// The outcomes of a roll as probabilities: `clean[s]` is `s` successes
/// without a botch, `botch` a botch (which has no successes).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcomes {
    /// Probability of each success count without a botch.
    pub clean: Vec<f64>,
    /// Probability of a botch.
    pub botch: f64,
}

impl Outcomes {
    /// Every outcome with non-zero probability, botch first.
    pub fn iter(&self) -> impl Iterator<Item = (Roll, f64)> + '_ {
        let botch = (self.botch > 0.0).then_some((Roll::BOTCH, self.botch));
        botch.into_iter().chain(
            self.clean
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(s, &p)| (clean(s as u16), p)),
        )
    }

    fn from_distribution(d: &Distribution) -> Self {
        Outcomes {
            clean: (0..=d.max_successes()).map(|s| d.p(s, false)).collect(),
            botch: d.p_botch(),
        }
    }

    fn add(&mut self, roll: Roll, p: f64) {
        if roll.botch {
            self.botch += p;
        } else {
            let s = roll.successes as usize;
            if self.clean.len() <= s {
                self.clean.resize(s + 1, 0.0);
            }
            self.clean[s] += p;
        }
    }
}

fn clean(successes: u16) -> Roll {
    Roll {
        successes,
        botch: false,
    }
}

/// One side's roll in one round.
#[derive(Debug, Clone)]
pub struct Throw {
    members: Vec<CompiledRoll>,
    group: GroupRule,
    spoil: bool,
    outcomes: Outcomes,
}

impl Throw {
    /// A single character's roll.
    pub fn single(spec: RollSpec) -> Self {
        Throw::group(vec![spec], GroupRule::Sum, false)
    }

    /// Several characters' rolls combined by `group`; with `spoil`, one
    /// member's botch makes the whole throw a botch (teamwork). Without it a
    /// botching member adds nothing (sum) or is simply the worst roll (best).
    pub fn group(specs: Vec<RollSpec>, group: GroupRule, spoil: bool) -> Self {
        assert!(!specs.is_empty(), "a throw needs at least one roll");
        let mut outcomes = Outcomes::from_distribution(&exact(&specs[0]));
        for spec in &specs[1..] {
            let next = Outcomes::from_distribution(&exact(spec));
            let mut combined = Outcomes {
                clean: Vec::new(),
                botch: 0.0,
            };
            for (a, p) in outcomes.iter() {
                for (b, q) in next.iter() {
                    combined.add(combine(group, spoil, a, b), p * q);
                }
            }
            outcomes = combined;
        }
        Throw {
            members: specs.iter().map(CompiledRoll::new).collect(),
            group,
            spoil,
            outcomes,
        }
    }

    /// The exact outcomes.
    pub fn outcomes(&self) -> &Outcomes {
        &self.outcomes
    }

    /// Rolls it once.
    pub fn sample<R: Rng>(&self, dice: &mut D10<R>) -> Roll {
        let mut members = self.members.iter();
        let first = dice.roll(members.next().expect("non-empty"));
        members.fold(first, |acc, m| {
            combine(self.group, self.spoil, acc, dice.roll(m))
        })
    }
}

/// Two members' results as one.
fn combine(group: GroupRule, spoil: bool, a: Roll, b: Roll) -> Roll {
    match group {
        GroupRule::Best => {
            if b.botch || (!a.botch && a.successes >= b.successes) {
                a
            } else {
                b
            }
        }
        GroupRule::Sum if spoil && (a.botch || b.botch) => Roll::BOTCH,
        // Without spoiling, a group botches only if every member does.
        GroupRule::Sum if a.botch && b.botch => Roll::BOTCH,
        GroupRule::Sum => clean(a.successes + b.successes),
    }
}
