//! The per-die sampler's way for rolls whose outcome reads their 10s,
//! which the packed tables of `sample.rs` do not count: every face looked
//! up on its own in what a face table says of it (successes, a 1, a 10,
//! rolled again), the roll settled from its counts by
//! [`RollSpec::settle_counts`]. Out of line and cold: no shipped edition
//! takes it.

use crate::lanes::{Words, code};
use crate::spec::{FaceRule, Roll, RollSpec};

/// What each face counts on a first die, a chance die and a die rolled
/// again: the face-by-face count of rolls whose outcome reads their 10s.
#[derive(Debug, Clone)]
pub(crate) struct FaceRows {
    first: [FaceRule; 10],
    chance: [FaceRule; 10],
    reroll: [FaceRule; 10],
}

impl FaceRows {
    pub(crate) fn new(spec: &RollSpec) -> FaceRows {
        let row = |s: &RollSpec, reroll: bool| std::array::from_fn(|f| s.face(f as u8 + 1, reroll));
        FaceRows {
            first: row(&spec.with_pool(1), false),
            chance: row(&spec.with_pool(0), false),
            reroll: row(spec, true),
        }
    }
}

/// Counts of faces rolled one at a time: successes, 1s, 10s, faces to
/// roll again, first faces that failed.
#[derive(Debug, Clone, Copy, Default)]
struct FaceCounts {
    successes: u32,
    ones: u32,
    tens: u32,
    again: u32,
    failed: u32,
}

impl Words {
    /// Counts `n` faces of `row`, three to a word.
    #[inline(never)]
    fn count_faces(&mut self, n: u32, row: &[FaceRule; 10]) -> FaceCounts {
        let mut counts = FaceCounts::default();
        let mut left = n;
        while left > 0 {
            let code = code(self.next());
            let digits = [code / 100, code / 10 % 10, code % 10];
            for &d in digits.iter().take(left.min(3) as usize) {
                let f = row[d];
                counts.successes += u32::from(f.successes);
                counts.ones += u32::from(f.one);
                counts.tens += u32::from(f.ten);
                counts.again += u32::from(f.again);
                counts.failed += u32::from(f.successes == 0);
            }
            left -= left.min(3);
        }
        counts
    }

    /// Rolls `spec` face by face (its outcome reads its 10s): the first
    /// faces, their re-rolls `depth` rounds deep at most (`u32::MAX`:
    /// without bound), then rote.
    #[cold]
    #[inline(never)]
    pub(crate) fn roll_faces(&mut self, depth: u32, rows: &FaceRows, spec: &RollSpec) -> Roll {
        let first = if spec.is_chance_die() {
            &rows.chance
        } else {
            &rows.first
        };
        let mut total = self.count_faces(spec.dice(), first);
        let failed = total.failed;
        let mut again = total.again;
        let mut round = 1;
        while again > 0 && round <= depth {
            let more = self.count_faces(again, &rows.reroll);
            total.successes += more.successes;
            total.ones += more.ones;
            total.tens += more.tens;
            again = more.again;
            round += 1;
        }
        let roll = spec.settle_counts(
            i64::from(total.successes),
            i64::from(total.ones),
            i64::from(total.tens),
        );
        // The second roll of a rote (`reroll_of`) is not rote itself.
        if !spec.rules().rote || failed == 0 {
            return roll;
        }
        roll.better(self.roll_faces(depth, rows, &spec.reroll_of(failed)))
    }
}
