//! The seven health levels of Revised (and, with other penalties, uwod):
//! Bruised, Hurt, Injured, Wounded, Mauled, Crippled, Incapacitated.

use super::gear::Damage;

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

    /// Takes `n` levels of `kind`. Bashing past the last box turns a
    /// bashing box to lethal; lethal or aggravated past it kills.
    #[inline]
    pub fn take(&mut self, kind: Damage, n: u32) {
        for _ in 0..n {
            if self.filled() < LEVELS {
                match kind {
                    Damage::Bashing => self.bashing += 1,
                    Damage::Lethal => self.lethal += 1,
                    Damage::Aggravated => self.aggravated += 1,
                }
            } else if kind == Damage::Bashing && self.bashing > 0 {
                self.bashing -= 1;
                self.lethal += 1;
            } else {
                self.dead = true;
                return;
            }
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
        let mut h = Health::default();
        h.take(Damage::Bashing, 7);
        assert!(h.down() && !h.dead);
        h.take(Damage::Bashing, 2);
        assert_eq!((h.bashing, h.lethal), (5, 2));
        h.take(Damage::Lethal, 1);
        assert!(h.dead);
    }

    #[test]
    fn penalties_follow_the_worst_box() {
        let mut h = Health::default();
        assert_eq!(h.penalty(&REVISED_PENALTIES), 0);
        h.take(Damage::Lethal, 2);
        assert_eq!(h.penalty(&REVISED_PENALTIES), 1);
        h.take(Damage::Bashing, 4);
        assert_eq!(h.penalty(&REVISED_PENALTIES), 5);
    }
}
