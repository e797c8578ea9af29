//! What a scenario is, and how large it may be: its kind of conflict
//! ([`ConflictKind`]) and the limits on its trials, rounds and members.

/// What kind of conflict a scenario is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConflictKind {
    /// A fight (`kind = "combat"`).
    Combat,
    /// A chase: a Prey flees, a Predator pursues (`kind = "chase"`).
    Chase,
    /// A grapple between two members (`kind = "grapple"`).
    Grapple,
}

impl ConflictKind {
    /// The name of the track its engines keep by round (a chase's Lead, a
    /// grapple's Control), or `None` for a fight.
    pub fn track_name(self) -> Option<&'static str> {
        match self {
            ConflictKind::Combat => None,
            ConflictKind::Chase => Some("lead"),
            ConflictKind::Grapple => Some("control"),
        }
    }
}

/// Most fights a scenario may ask for.
pub const MAX_TRIALS: u64 = 1_000_000_000;
/// Most rounds a fight may last.
pub const MAX_ROUNDS: u32 = 1000;
/// Most members in a fight.
pub const MAX_MEMBERS: usize = 8;
