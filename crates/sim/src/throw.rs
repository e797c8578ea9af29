//! One side's roll in one round: a single character's roll, or a group's
//! rolls combined (added as teamwork, or the best single roll).

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rand_core::Rng;
use wodds_dice::{CompiledRoll, D10, Distribution, Roll, RollSpec, exact};
use wodds_rules::GroupRule;

fn clean(successes: u16) -> Roll {
    Roll {
        successes,
        botch: false,
    }
}

/// One side's roll in one round.
///
/// A throw carries the sampler's lookup tables (about 12 KB a member) and
/// its exact distribution, so it is shared, not copied: a clone is a
/// reference to the same data. Two throws are equal when they are built
/// from the same rolls combined the same way (and so have the same
/// distribution).
#[derive(Debug, Clone)]
pub struct Throw(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    specs: Vec<RollSpec>,
    members: Vec<CompiledRoll>,
    group: GroupRule,
    spoil: bool,
    outcomes: Distribution,
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
        let mut outcomes = exact(&specs[0]);
        for spec in &specs[1..] {
            let next = exact(spec);
            let pairs = outcomes.outcomes().flat_map(|(a, p)| {
                next.outcomes()
                    .map(move |(b, q)| (combine(group, spoil, a, b), p * q))
            });
            let truncation = outcomes.truncation() + next.truncation();
            outcomes = Distribution::from_outcomes(pairs.collect::<Vec<_>>(), truncation);
        }
        Throw(Arc::new(Inner {
            members: specs.iter().map(CompiledRoll::new).collect(),
            specs,
            group,
            spoil,
            outcomes,
        }))
    }

    /// The exact distribution of its result.
    pub fn distribution(&self) -> &Distribution {
        &self.0.outcomes
    }

    /// Whether `self` and `other` are one throw held twice (not merely
    /// equal): what tells shared storage from copies.
    pub fn shares(&self, other: &Throw) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Rolls it once.
    pub fn sample<R: Rng>(&self, dice: &mut D10<R>) -> Roll {
        let t = &*self.0;
        let mut members = t.members.iter();
        let first = dice.roll(members.next().expect("non-empty"));
        members.fold(first, |acc, m| combine(t.group, t.spoil, acc, dice.roll(m)))
    }
}

impl PartialEq for Throw {
    fn eq(&self, other: &Self) -> bool {
        self.shares(other)
            || (self.0.specs == other.0.specs
                && self.0.group == other.0.group
                && self.0.spoil == other.0.spoil)
    }
}

impl Eq for Throw {}

impl Hash for Throw {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.specs.hash(state);
        matches!(self.0.group, GroupRule::Best).hash(state);
        self.0.spoil.hash(state);
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
