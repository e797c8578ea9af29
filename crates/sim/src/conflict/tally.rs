//! One fight's result, and the streaming tally of many.

/// Ways a conflict can end ([`End::ALL`]).
pub const ENDS: usize = 14;

/// How a fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// The last of the losers was knocked out or incapacitated.
    Incapacitated,
    /// The last of the losers was killed (or sent into torpor).
    Killed,
    /// The last of the losers gave up.
    Conceded,
    /// The last of the losers ran.
    Fled,
    /// Nobody won: every side fell the same turn, or the rounds ran out.
    Draw,
    /// A chase: the Prey got away.
    Escaped,
    /// A chase: the Predator caught the Prey.
    Caught,
    /// A chase: the loser's Run was up.
    RunOut,
    /// A chase: the loser failed an obstacle.
    Obstacle,
    /// A grapple ended in a pin (or, under hubris, the loser of as many
    /// contests as its Stamina gave up the struggle).
    Pinned,
    /// A grapple's Control fell to 0 (or the held member broke the hold):
    /// the Victim is free.
    Freed,
    /// The Grappler let go after spending its Control (a single-effect
    /// grapple, a throw): nobody won.
    Released,
    /// No grapple began: the grapple attack or defence failed.
    Missed,
    /// A chase: both Runs were up in the same round, and both lose
    /// (`[chase] both-runs-out = "both-lose"`): nobody won.
    BothRunOut,
}

impl End {
    /// Every way a fight ends, in [`Tally::ends`] order.
    pub const ALL: [End; ENDS] = [
        End::Incapacitated,
        End::Killed,
        End::Conceded,
        End::Fled,
        End::Draw,
        End::Escaped,
        End::Caught,
        End::RunOut,
        End::Obstacle,
        End::Pinned,
        End::Freed,
        End::Released,
        End::Missed,
        End::BothRunOut,
    ];

    /// The ways a fight (`kind = "combat"`) ends, draws last.
    pub const COMBAT: [End; 5] = [
        End::Incapacitated,
        End::Killed,
        End::Conceded,
        End::Fled,
        End::Draw,
    ];

    /// The ways a chase ends, draws last (incapacitated and killed: a
    /// party put down by shots, fta's attacks during a chase).
    pub const CHASE: [End; 8] = [
        End::Escaped,
        End::Caught,
        End::RunOut,
        End::BothRunOut,
        End::Obstacle,
        End::Incapacitated,
        End::Killed,
        End::Draw,
    ];

    /// The ways a grapple ends, draws last (a relenting Victim concedes).
    pub const GRAPPLE: [End; 8] = [
        End::Pinned,
        End::Conceded,
        End::Incapacitated,
        End::Killed,
        End::Freed,
        End::Released,
        End::Missed,
        End::Draw,
    ];

    /// Whether a conflict ending this way has no winner even though
    /// nobody drew (everyone leaves it this way).
    pub fn undecided(self) -> bool {
        matches!(self, End::Released | End::Missed | End::BothRunOut)
    }

    /// Its name in output.
    pub fn name(self) -> &'static str {
        match self {
            End::Incapacitated => "incapacitated",
            End::Killed => "killed",
            End::Conceded => "conceded",
            End::Fled => "fled",
            End::Draw => "draw",
            End::Escaped => "escaped",
            End::Caught => "caught",
            End::RunOut => "run-out",
            End::Obstacle => "obstacle",
            End::Pinned => "pinned",
            End::Freed => "freed",
            End::Released => "released",
            End::Missed => "no grapple",
            End::BothRunOut => "both run out",
        }
    }
}

/// One fight's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fight {
    /// The winning side, or `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended.
    pub end: End,
    /// Rounds played.
    pub rounds: u32,
    /// Health levels the winning side lost (0 for a draw).
    pub winner_damage: u32,
    /// Willpower points spent, all sides.
    pub willpower: u32,
    /// Botched rolls, all sides.
    pub botches: u32,
    /// Grapples reversed.
    pub reversals: u32,
    /// Health levels dealt by grapple effects.
    pub harm: u32,
}

/// Counts and histograms of many fights: mergeable, and of a fixed size
/// whatever the number of fights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Fights.
    pub fights: u64,
    /// Wins per side.
    pub wins: Vec<u64>,
    /// Fights per [`End`], in [`End::ALL`] order.
    pub ends: [u64; ENDS],
    /// `rounds[r]`: fights that lasted `r` rounds.
    pub rounds: Vec<u64>,
    /// Health levels the winners lost, summed.
    pub winner_damage: u64,
    /// `damage[d]`: fights someone won with the winning side `d` health
    /// levels down (as long as the largest `d` seen).
    pub damage: Vec<u64>,
    /// Willpower spent, summed.
    pub willpower: u64,
    /// Willpower spent, squared per fight and summed (for its variance).
    pub willpower_sq: u64,
    /// Botches, summed.
    pub botches: u64,
    /// Botches, squared per fight and summed (for its variance).
    pub botches_sq: u64,
    /// Grapples reversed, summed, and squared per conflict and summed.
    pub reversals: [u64; 2],
    /// Health levels dealt by grapple effects, summed, and squared per
    /// conflict and summed.
    pub harm: [u64; 2],
    /// The conflict's track by round (a chase's Lead, a grapple's
    /// Control), for engines that keep one; `None` until one is counted.
    pub track: Option<TrackTally>,
}

impl Tally {
    /// An empty tally for `sides` sides and fights of at most `max_rounds`.
    pub fn new(sides: usize, max_rounds: u32) -> Self {
        Tally {
            fights: 0,
            wins: vec![0; sides],
            ends: [0; ENDS],
            rounds: vec![0; max_rounds as usize + 1],
            winner_damage: 0,
            damage: Vec::new(),
            willpower: 0,
            willpower_sq: 0,
            botches: 0,
            botches_sq: 0,
            reversals: [0; 2],
            harm: [0; 2],
            track: None,
        }
    }

    /// Counts a conflict still going after round `round` (from 1) with its
    /// track at `value`.
    #[inline]
    pub fn track_at(&mut self, round: u32, value: i32) {
        self.track
            .get_or_insert_with(TrackTally::default)
            .push(round, value);
    }

    /// Counts one fight.
    pub fn push(&mut self, f: &Fight) {
        self.fights += 1;
        if let Some(w) = f.winner {
            self.wins[w] += 1;
            let d = f.winner_damage as usize;
            if d >= self.damage.len() {
                self.damage.resize(d + 1, 0);
            }
            self.damage[d] += 1;
        }
        let e = End::ALL.iter().position(|&e| e == f.end).expect("listed");
        self.ends[e] += 1;
        let r = (f.rounds as usize).min(self.rounds.len() - 1);
        self.rounds[r] += 1;
        self.winner_damage += u64::from(f.winner_damage);
        let (w, b) = (u64::from(f.willpower), u64::from(f.botches));
        self.willpower += w;
        self.willpower_sq += w * w;
        let (r, h) = (u64::from(f.reversals), u64::from(f.harm));
        self.reversals[0] += r;
        self.reversals[1] += r * r;
        self.harm[0] += h;
        self.harm[1] += h * h;
        self.botches += b;
        self.botches_sq += b * b;
    }

    /// Adds another tally (of the same shape).
    pub fn merge(&mut self, o: &Tally) {
        self.fights += o.fights;
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        for (a, b) in self.ends.iter_mut().zip(&o.ends) {
            *a += b;
        }
        for (a, b) in self.rounds.iter_mut().zip(&o.rounds) {
            *a += b;
        }
        self.winner_damage += o.winner_damage;
        if o.damage.len() > self.damage.len() {
            self.damage.resize(o.damage.len(), 0);
        }
        for (a, b) in self.damage.iter_mut().zip(&o.damage) {
            *a += b;
        }
        self.willpower += o.willpower;
        self.willpower_sq += o.willpower_sq;
        for k in 0..2 {
            self.reversals[k] += o.reversals[k];
            self.harm[k] += o.harm[k];
        }
        self.botches += o.botches;
        self.botches_sq += o.botches_sq;
        if let Some(t) = &o.track {
            self.track.get_or_insert_with(TrackTally::default).merge(t);
        }
    }

    /// Share of fights side `s` won, with its 95% Wilson interval; `None`
    /// before any fight.
    pub fn win_rate(&self, s: usize) -> Option<(f64, f64, f64)> {
        (self.fights > 0).then(|| {
            let n = self.fights as f64;
            let p = self.wins[s] as f64 / n;
            let z = 1.959_963_984_540_054_f64;
            let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
            let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
            (p, centre - half, centre + half)
        })
    }

    /// Share of fights that ended a way.
    pub fn share(&self, end: End) -> Option<f64> {
        let e = End::ALL.iter().position(|&x| x == end).expect("listed");
        (self.fights > 0).then(|| self.ends[e] as f64 / self.fights as f64)
    }

    /// Mean rounds.
    pub fn mean_rounds(&self) -> Option<f64> {
        (self.fights > 0).then(|| {
            let sum: u64 = self
                .rounds
                .iter()
                .enumerate()
                .map(|(r, &c)| r as u64 * c)
                .sum();
            sum as f64 / self.fights as f64
        })
    }

    /// The smallest round count by which a share `q` of fights had ended.
    pub fn quantile_rounds(&self, q: f64) -> Option<u32> {
        let target = q * self.fights as f64;
        let mut acc = 0u64;
        for (r, &c) in self.rounds.iter().enumerate() {
            acc += c;
            if acc as f64 >= target && acc > 0 {
                return Some(r as u32);
            }
        }
        None
    }

    /// Mean health levels the winner lost, over fights someone won.
    pub fn mean_winner_damage(&self) -> Option<f64> {
        let won: u64 = self.wins.iter().sum();
        (won > 0).then(|| self.winner_damage as f64 / won as f64)
    }

    /// Mean of a per-fight sum.
    pub fn per_fight(&self, sum: u64) -> Option<f64> {
        (self.fights > 0).then(|| sum as f64 / self.fights as f64)
    }
}

/// The lowest track value a [`TrackTally`] tells apart (lower values are
/// counted as this).
pub const TRACK_MIN: i32 = -64;
/// The highest track value a [`TrackTally`] tells apart (higher values are
/// counted as this).
pub const TRACK_MAX: i32 = 63;
const TRACK_BINS: usize = (TRACK_MAX - TRACK_MIN + 1) as usize;

/// A histogram, round by round, of a conflict's track (a chase's Lead, a
/// grapple's Control) among the conflicts still going after that round:
/// integer counts, so merging in any order gives the same figures. Values
/// outside [`TRACK_MIN`]`..=`[`TRACK_MAX`] are counted at the nearer end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrackTally {
    /// `counts[r - 1][v - TRACK_MIN]`: conflicts going after round `r`
    /// with the track at `v` (as many rounds as any conflict survived).
    counts: Vec<[u64; TRACK_BINS]>,
}

impl TrackTally {
    /// Counts one conflict going after round `round` (from 1) at `value`.
    #[inline]
    pub fn push(&mut self, round: u32, value: i32) {
        let r = round.max(1) as usize - 1;
        if r >= self.counts.len() {
            self.counts.resize(r + 1, [0; TRACK_BINS]);
        }
        self.counts[r][(value.clamp(TRACK_MIN, TRACK_MAX) - TRACK_MIN) as usize] += 1;
    }

    /// Adds another's counts.
    pub fn merge(&mut self, o: &TrackTally) {
        if o.counts.len() > self.counts.len() {
            self.counts.resize(o.counts.len(), [0; TRACK_BINS]);
        }
        for (a, b) in self.counts.iter_mut().zip(&o.counts) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    /// The last round any conflict counted here survived.
    pub fn rounds(&self) -> usize {
        self.counts.len()
    }

    /// The counts after round `round` (from 1), by value, values never
    /// seen left out.
    pub fn values(&self, round: usize) -> impl Iterator<Item = (i32, u64)> + '_ {
        let row = round
            .checked_sub(1)
            .and_then(|r| self.counts.get(r))
            .map_or(&[][..], |row| &row[..]);
        (row.iter().enumerate())
            .filter(|&(_, &c)| c > 0)
            .map(|(i, &c)| (i as i32 + TRACK_MIN, c))
    }

    /// Conflicts still going after round `round` (with a track).
    pub fn going(&self, round: usize) -> u64 {
        self.values(round).map(|(_, c)| c).sum()
    }

    /// The mean track after round `round` among conflicts still going,
    /// with its standard error; `None` when none is.
    pub fn mean(&self, round: usize) -> Option<(f64, f64)> {
        let n = self.going(round);
        (n > 0).then(|| {
            let (mut sum, mut sq) = (0f64, 0f64);
            for (v, c) in self.values(round) {
                let (v, c) = (f64::from(v), c as f64);
                sum += v * c;
                sq += v * v * c;
            }
            let n = n as f64;
            let mean = sum / n;
            let var = if n > 1.0 {
                ((sq - sum * mean) / (n - 1.0)).max(0.0)
            } else {
                0.0
            };
            (mean + 0.0, (var / n).sqrt())
        })
    }

    /// The smallest value at or below which a share `q` of the conflicts
    /// going after round `round` have their track; `None` when none is.
    pub fn quantile(&self, round: usize, q: f64) -> Option<i32> {
        let target = q * self.going(round) as f64;
        let mut acc = 0u64;
        self.values(round).find_map(|(v, c)| {
            acc += c;
            (acc as f64 >= target).then_some(v)
        })
    }
}

/// A field of a [`Tally`], as a [`Cell`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// [`Tally::fights`].
    Fights,
    /// [`Tally::wins`], by side.
    Wins,
    /// [`Tally::ends`], by way of ending in [`End::ALL`] order.
    Ends,
    /// [`Tally::rounds`], by rounds.
    Rounds,
    /// [`Tally::winner_damage`].
    WinnerDamage,
    /// [`Tally::damage`], by health levels lost.
    Damage,
    /// [`Tally::willpower`].
    Willpower,
    /// [`Tally::willpower_sq`].
    WillpowerSq,
    /// [`Tally::botches`].
    Botches,
    /// [`Tally::botches_sq`].
    BotchesSq,
    /// [`Tally::reversals`]: 0 the sum, 1 the sum of squares.
    Reversals,
    /// [`Tally::harm`]: 0 the sum, 1 the sum of squares.
    Harm,
    /// [`Tally::track`]: by round (from 1) and track value.
    Track,
}

impl Field {
    /// Every field, in the order [`Tally::cells`] lists them.
    pub const ALL: [Field; 13] = [
        Field::Fights,
        Field::Wins,
        Field::Ends,
        Field::Rounds,
        Field::WinnerDamage,
        Field::Damage,
        Field::Willpower,
        Field::WillpowerSq,
        Field::Botches,
        Field::BotchesSq,
        Field::Reversals,
        Field::Harm,
        Field::Track,
    ];

    /// Its name in a part's table.
    pub fn name(self) -> &'static str {
        match self {
            Field::Fights => "fights",
            Field::Wins => "wins",
            Field::Ends => "ends",
            Field::Rounds => "rounds",
            Field::WinnerDamage => "winner_damage",
            Field::Damage => "damage",
            Field::Willpower => "willpower",
            Field::WillpowerSq => "willpower_sq",
            Field::Botches => "botches",
            Field::BotchesSq => "botches_sq",
            Field::Reversals => "reversals",
            Field::Harm => "harm",
            Field::Track => "track",
        }
    }

    /// The field named `name`.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// One count of a [`Tally`]: its field, where in the field (a side, a way
/// of ending, a number of rounds or health levels, the track's round), the
/// track's value (0 for every other field), and the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The field.
    pub field: Field,
    /// Where in it (0 for a single number).
    pub index: u32,
    /// The track's value, for [`Field::Track`]; else 0.
    pub value: i32,
    /// The count.
    pub count: u64,
}

/// The most rounds or health levels a [`Cell`] may name (a bound against
/// a damaged file, far above what a conflict reaches).
pub const MAX_CELL_INDEX: u32 = 1 << 16;

/// Why a [`Cell`] does not fit a [`Tally`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// Its position is outside the tally's shape.
    #[error("{field} at ({index}, {value}) is outside the tally of this scenario")]
    OutOfRange {
        /// The field's name.
        field: &'static str,
        /// Its index.
        index: u32,
        /// Its value.
        value: i32,
    },
    /// Adding it would overflow a 64-bit count.
    #[error("{field}: the counts add up to more than 2^64 - 1")]
    Overflow {
        /// The field's name.
        field: &'static str,
    },
}

impl Tally {
    /// Every count that is not 0, field by field in [`Field::ALL`] order:
    /// what a shard's part keeps. [`Tally::add_cell`] over them, from
    /// [`Tally::new`] of the same shape, gives this tally back exactly.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut put = |field, index: usize, value, count: u64| {
            if count > 0 {
                out.push(Cell {
                    field,
                    index: index as u32,
                    value,
                    count,
                });
            }
        };
        put(Field::Fights, 0, 0, self.fights);
        for (i, &c) in self.wins.iter().enumerate() {
            put(Field::Wins, i, 0, c);
        }
        for (i, &c) in self.ends.iter().enumerate() {
            put(Field::Ends, i, 0, c);
        }
        for (i, &c) in self.rounds.iter().enumerate() {
            put(Field::Rounds, i, 0, c);
        }
        put(Field::WinnerDamage, 0, 0, self.winner_damage);
        for (i, &c) in self.damage.iter().enumerate() {
            put(Field::Damage, i, 0, c);
        }
        put(Field::Willpower, 0, 0, self.willpower);
        put(Field::WillpowerSq, 0, 0, self.willpower_sq);
        put(Field::Botches, 0, 0, self.botches);
        put(Field::BotchesSq, 0, 0, self.botches_sq);
        for (i, &c) in self.reversals.iter().enumerate() {
            put(Field::Reversals, i, 0, c);
        }
        for (i, &c) in self.harm.iter().enumerate() {
            put(Field::Harm, i, 0, c);
        }
        if let Some(t) = &self.track {
            for r in 1..=t.rounds() {
                for (v, c) in t.values(r) {
                    put(Field::Track, r, v, c);
                }
            }
        }
        out
    }

    /// Adds one count to the tally (a shard's [`Tally::cells`], summed
    /// with the other shards'): the sides and rounds are the tally's own
    /// ([`Tally::new`]); the damage and the track grow as the cells need.
    /// Refuses a cell outside that shape, and a sum past `u64::MAX`.
    pub fn add_cell(&mut self, cell: &Cell) -> Result<(), CellError> {
        let field = cell.field.name();
        let out = CellError::OutOfRange {
            field,
            index: cell.index,
            value: cell.value,
        };
        let i = cell.index as usize;
        if cell.field != Field::Track && cell.value != 0 {
            return Err(out);
        }
        let slot: &mut u64 = match cell.field {
            Field::Fights
            | Field::WinnerDamage
            | Field::Willpower
            | Field::WillpowerSq
            | Field::Botches
            | Field::BotchesSq
                if i != 0 =>
            {
                return Err(out);
            }
            Field::Fights => &mut self.fights,
            Field::WinnerDamage => &mut self.winner_damage,
            Field::Willpower => &mut self.willpower,
            Field::WillpowerSq => &mut self.willpower_sq,
            Field::Botches => &mut self.botches,
            Field::BotchesSq => &mut self.botches_sq,
            Field::Wins => self.wins.get_mut(i).ok_or(out)?,
            Field::Ends => self.ends.get_mut(i).ok_or(out)?,
            Field::Rounds => self.rounds.get_mut(i).ok_or(out)?,
            Field::Reversals => self.reversals.get_mut(i).ok_or(out)?,
            Field::Harm => self.harm.get_mut(i).ok_or(out)?,
            Field::Damage => {
                if cell.index > MAX_CELL_INDEX {
                    return Err(out);
                }
                if i >= self.damage.len() {
                    self.damage.resize(i + 1, 0);
                }
                &mut self.damage[i]
            }
            Field::Track => {
                if !(1..=MAX_CELL_INDEX).contains(&cell.index)
                    || !(TRACK_MIN..=TRACK_MAX).contains(&cell.value)
                {
                    return Err(out);
                }
                let t = self.track.get_or_insert_with(TrackTally::default);
                if i > t.counts.len() {
                    t.counts.resize(i, [0; TRACK_BINS]);
                }
                &mut t.counts[i - 1][(cell.value - TRACK_MIN) as usize]
            }
        };
        *slot = slot
            .checked_add(cell.count)
            .ok_or(CellError::Overflow { field })?;
        Ok(())
    }
}

#[cfg(test)]
mod cell_tests {
    use super::*;
    use proptest::prelude::*;

    fn fight() -> impl Strategy<Value = (Fight, Vec<(u32, i32)>)> {
        (
            (prop::option::of(0usize..3), 0usize..ENDS, 0u32..60),
            (0u32..12, 0u32..20, 0u32..8, 0u32..3, 0u32..5),
            prop::collection::vec((1u32..40, -80i32..80), 0..5),
        )
            .prop_map(
                |((winner, end, rounds), (dmg, wp, botches, rev, harm), track)| {
                    (
                        Fight {
                            winner,
                            end: End::ALL[end],
                            rounds,
                            winner_damage: if winner.is_some() { dmg } else { 0 },
                            willpower: wp,
                            botches,
                            reversals: rev,
                            harm,
                        },
                        track,
                    )
                },
            )
    }

    fn tally_of(fights: &[(Fight, Vec<(u32, i32)>)]) -> Tally {
        let mut t = Tally::new(3, 50);
        for (f, track) in fights {
            t.push(f);
            for &(r, v) in track {
                t.track_at(r, v);
            }
        }
        t
    }

    proptest! {
        /// A tally's cells, added to an empty tally of its shape, give it
        /// back; and the cells of tallies split any way, added up in any
        /// order, give the whole one.
        #[test]
        fn cells_give_the_tally_back_and_add_up_across_splits(
            fights in prop::collection::vec(fight(), 0..60),
            cut in 0usize..60,
            reversed in any::<bool>(),
        ) {
            let whole = tally_of(&fights);
            let mut back = Tally::new(3, 50);
            for c in whole.cells() {
                back.add_cell(&c).unwrap();
            }
            prop_assert_eq!(&back, &whole);
            let cut = cut.min(fights.len());
            let mut parts = [tally_of(&fights[..cut]), tally_of(&fights[cut..])];
            if reversed {
                parts.reverse();
            }
            let mut sum = Tally::new(3, 50);
            for p in &parts {
                for c in p.cells() {
                    sum.add_cell(&c).unwrap();
                }
            }
            prop_assert_eq!(&sum, &whole);
            prop_assert!(whole.cells().iter().all(|c| c.count > 0));
        }
    }

    #[test]
    fn cells_outside_the_shape_or_overflowing_are_refused() {
        let mut t = Tally::new(2, 10);
        let cell = |field, index, value, count| Cell {
            field,
            index,
            value,
            count,
        };
        for bad in [
            cell(Field::Wins, 2, 0, 1),
            cell(Field::Ends, ENDS as u32, 0, 1),
            cell(Field::Rounds, 11, 0, 1),
            cell(Field::Fights, 1, 0, 1),
            cell(Field::Botches, 0, 3, 1),
            cell(Field::Reversals, 2, 0, 1),
            cell(Field::Track, 0, 0, 1),
            cell(Field::Track, 1, TRACK_MAX + 1, 1),
            cell(Field::Damage, MAX_CELL_INDEX + 1, 0, 1),
        ] {
            assert!(
                matches!(t.add_cell(&bad), Err(CellError::OutOfRange { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(t, Tally::new(2, 10));
        t.add_cell(&cell(Field::Fights, 0, 0, u64::MAX)).unwrap();
        assert_eq!(
            t.add_cell(&cell(Field::Fights, 0, 0, 1)),
            Err(CellError::Overflow { field: "fights" })
        );
        for f in Field::ALL {
            assert_eq!(Field::from_name(f.name()), Some(f));
        }
    }
}
