//! The seven health levels of Revised (and, with other penalties, uwod):
//! Bruised, Hurt, Injured, Wounded, Mauled, Crippled, Incapacitated.

use wodds_rules::{HealthRules, Overflow};

use super::gear::Damage;

/// What damage past the last box does, by kind of damage (the edition's
/// `[combat.health]` overflow settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Track {
    /// Bashing, lethal, aggravated.
    overflow: [Overflow; 3],
}

impl Track {
    /// Revised's: bashing past the track upgrades a bashing box to lethal,
    /// lethal and aggravated kill.
    pub const REVISED: Track = Track {
        overflow: [Overflow::Upgrade, Overflow::Kill, Overflow::Kill],
    };

    /// The track of an edition's `[combat.health]`.
    pub fn of(h: &HealthRules) -> Track {
        Track {
            overflow: [h.bashing_overflow, h.lethal_overflow, h.aggravated_overflow],
        }
    }
}

/// Boxes on the track.
pub const LEVELS: u8 = 7;

/// A health track: boxes filled by kind of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Health {
    /// Bashing boxes.
    pub bashing: u8,
    /// Lethal boxes.
    pub lethal: u8,
    /// Aggravated boxes.
    pub aggravated: u8,
    /// Past the last box with lethal or aggravated damage.
    pub dead: bool,
}

impl Health {
    /// Boxes filled.
    #[inline]
    pub fn filled(&self) -> u8 {
        self.bashing + self.lethal + self.aggravated
    }

    /// Whether every box is filled (Incapacitated) or the character is dead.
    #[inline]
    pub fn down(&self) -> bool {
        self.dead || self.filled() >= LEVELS
    }

    /// Takes `n` levels of `kind`; past the last box each does what
    /// `track` says: upgrades a box of its kind to the next worse (killing
    /// when there is none), kills, or nothing.
    #[inline]
    pub fn take(&mut self, kind: Damage, n: u32, track: &Track) {
        for _ in 0..n {
            if self.filled() < LEVELS {
                match kind {
                    Damage::Bashing => self.bashing += 1,
                    Damage::Lethal => self.lethal += 1,
                    Damage::Aggravated => self.aggravated += 1,
                }
                continue;
            }
            match (track.overflow[kind as usize], kind) {
                (Overflow::Ignore, _) => return,
                (Overflow::Upgrade, Damage::Bashing) if self.bashing > 0 => {
                    self.bashing -= 1;
                    self.lethal += 1;
                }
                (Overflow::Upgrade, Damage::Lethal) if self.lethal > 0 => {
                    self.lethal -= 1;
                    self.aggravated += 1;
                }
                _ => {
                    self.dead = true;
                    return;
                }
            }
        }
    }

    /// The most levels of `kind` that can matter on this track: past
    /// them, more levels change nothing (every box filled and the rest
    /// ignored, or the character dead with nothing left to upgrade). At
    /// least 1, so that a blow that lands still lands. It is a bound on
    /// this health only: damage of another kind landing first can raise
    /// it (a lethal box upgraded from bashing can be upgraded again).
    #[inline]
    pub fn most(&self, kind: Damage, track: &Track) -> u16 {
        // Levels fill the boxes left; past the last box, each upgrades a
        // box of its kind while one is left (bashing and lethal) and then
        // kills, or kills at once, or does nothing.
        let room = LEVELS.saturating_sub(self.filled());
        let (own, next) = match kind {
            Damage::Bashing => (self.bashing, true),
            Damage::Lethal => (self.lethal, true),
            Damage::Aggravated => (self.aggravated, false),
        };
        let kills = u8::from(!self.dead);
        let past = match track.overflow[kind as usize] {
            Overflow::Ignore => 0,
            Overflow::Upgrade if next => own + room + kills,
            Overflow::Upgrade | Overflow::Kill => kills,
        };
        u16::from(room + past).max(1)
    }

    /// What a chain keeps of the health of a member who is out of the
    /// fight: its boxes filled ([`Rounds::retire`]), as bashing.
    ///
    /// [`Rounds::retire`]: super::chain::Rounds::retire
    #[inline]
    pub fn retired(&self) -> Health {
        Health {
            bashing: self.filled(),
            ..Health::default()
        }
    }

    /// The dice penalty of the worst box filled, given the penalty of
    /// each of the first six boxes.
    #[inline]
    pub fn penalty(&self, table: &[u8; 6]) -> u8 {
        match self.filled() {
            0 => 0,
            n => table[(n.min(6) - 1) as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Revised's wound penalties (the built-in rule file's).
    const REVISED_PENALTIES: [u8; 6] = [0, 1, 1, 2, 2, 5];

    #[test]
    fn bashing_past_the_track_turns_lethal_then_kills() {
        let t = &Track::REVISED;
        let mut h = Health::default();
        h.take(Damage::Bashing, 7, t);
        assert!(h.down() && !h.dead);
        h.take(Damage::Bashing, 2, t);
        assert_eq!((h.bashing, h.lethal), (5, 2));
        h.take(Damage::Lethal, 1, t);
        assert!(h.dead);
        // With no bashing box left to upgrade, bashing kills too.
        let mut h = Health::default();
        h.take(Damage::Lethal, 7, t);
        h.take(Damage::Bashing, 1, t);
        assert!(h.dead);
    }

    /// The other overflows: lethal upgraded to aggravated (killing once
    /// every box is aggravated), and damage past the track ignored.
    #[test]
    fn overflow_follows_the_track() {
        let upgrade = Track {
            overflow: [Overflow::Ignore, Overflow::Upgrade, Overflow::Kill],
        };
        let mut h = Health::default();
        h.take(Damage::Lethal, 7, &upgrade);
        h.take(Damage::Lethal, 3, &upgrade);
        assert_eq!((h.lethal, h.aggravated, h.dead), (4, 3, false));
        h.take(Damage::Bashing, 5, &upgrade);
        assert_eq!((h.bashing, h.filled(), h.dead), (0, 7, false));
        h.take(Damage::Lethal, 4, &upgrade);
        assert_eq!((h.aggravated, h.dead), (7, false));
        h.take(Damage::Lethal, 1, &upgrade);
        assert!(h.dead);
        let mut h = Health::default();
        h.take(Damage::Aggravated, 7, &upgrade);
        h.take(Damage::Aggravated, 1, &upgrade);
        assert!(h.dead);
    }

    /// Every health a track can hold, under every overflow setting: taking
    /// `most` levels or any more leaves the same health, and fewer do not.
    #[test]
    fn past_the_most_levels_more_change_nothing() {
        use Overflow::{Ignore, Kill, Upgrade};
        let kinds = [Damage::Bashing, Damage::Lethal, Damage::Aggravated];
        let mut checked = 0;
        for overflow in overflows([Ignore, Upgrade, Kill]) {
            let track = Track { overflow };
            for b in 0..=LEVELS {
                for l in 0..=LEVELS - b {
                    for a in 0..=LEVELS - b - l {
                        for dead in [false, true] {
                            let h = Health {
                                bashing: b,
                                lethal: l,
                                aggravated: a,
                                dead,
                            };
                            for kind in kinds {
                                let most = h.most(kind, &track);
                                let after = |n: u32| {
                                    let mut x = h;
                                    x.take(kind, n, &track);
                                    x
                                };
                                for n in most..most + 30 {
                                    assert_eq!(after(n.into()), after(most.into()));
                                }
                                if most > 1 {
                                    assert_ne!(after(u32::from(most) - 1), after(most.into()));
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 27 * 120 * 2 * 3);
    }

    /// Every choice of one overflow for each of the three kinds.
    fn overflows(options: [Overflow; 3]) -> Vec<[Overflow; 3]> {
        let mut out = Vec::new();
        for x in options {
            for y in options {
                for z in options {
                    out.push([x, y, z]);
                }
            }
        }
        out
    }

    #[test]
    fn penalties_follow_the_worst_box() {
        let mut h = Health::default();
        assert_eq!(h.penalty(&REVISED_PENALTIES), 0);
        h.take(Damage::Lethal, 2, &Track::REVISED);
        assert_eq!(h.penalty(&REVISED_PENALTIES), 1);
        h.take(Damage::Bashing, 4, &Track::REVISED);
        assert_eq!(h.penalty(&REVISED_PENALTIES), 5);
    }
}
