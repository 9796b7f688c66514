//! How good a heuristic is: its h beside the true distance h* of every state of the 8-puzzle.
//!
//! A breadth-first search from the goal gives every one of the 181,440 solvable states its
//! distance h* (the length of its optimal solution); each heuristic's h is then taken of the
//! same states. An admissible heuristic never has h > h*; the closer its mean h is to the mean
//! h*, the fewer nodes IDA* visits. [`Quality::counts`] holds the whole joint distribution:
//! what a chart of h against h* draws.

use crate::board::{Board, Goal};
use crate::error::Error;
use crate::heuristic::{
    Hamming, Heuristic, HeuristicChoice, HeuristicKind, LinearConflict, Manhattan,
};
use serde::Serialize;
use std::collections::VecDeque;

/// The 8-puzzle's cells.
const CELLS: usize = 9;

/// 9!: the ranks of every arrangement of the 8-puzzle's tiles (half of them solvable).
const ARRANGEMENTS: usize = 362_880;

/// A heuristic measured against the true distances.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Quality {
    /// The heuristic measured.
    pub heuristic: HeuristicKind,
    /// The goal the distances lead to.
    pub goal: Goal,
    /// The board's width.
    pub width: usize,
    /// How many states were measured (every solvable one of the 8-puzzle: 181,440; Korf's
    /// 100 of the 15-puzzle).
    pub states: u64,
    /// Whether no state has h > h*.
    pub admissible: bool,
    /// The states with h > h* (none for an admissible heuristic).
    pub overestimated: u64,
    /// The mean h over the states.
    pub mean_h: f64,
    /// The mean h* over the states.
    pub mean_distance: f64,
    /// The states at which h = h*.
    pub exact: u64,
    /// The largest h*.
    pub max_distance: u32,
    /// The largest h.
    pub max_h: u32,
    /// `counts[d][h]`: how many states are at distance `d` with estimate `h`.
    pub counts: Vec<Vec<u64>>,
}

impl Quality {
    /// How many states lie at distance `d` (a row of [`Quality::counts`] summed).
    pub fn at_distance(&self, d: usize) -> u64 {
        self.counts.get(d).map_or(0, |row| row.iter().sum())
    }

    /// The mean h of the states at distance `d` (`None` where there are none).
    pub fn mean_h_at(&self, d: usize) -> Option<f64> {
        let row = self.counts.get(d)?;
        let n: u64 = row.iter().sum();
        (n > 0).then(|| {
            let total: u64 = row.iter().enumerate().map(|(h, &c)| h as u64 * c).sum();
            total as f64 / n as f64
        })
    }
}

/// The true distance to `goal` of every solvable 8-puzzle state, by breadth-first search from
/// the goal, indexed by [`rank`]; `u8::MAX` for the unsolvable half.
pub fn distances(goal: Goal) -> Vec<u8> {
    let mut distance = vec![u8::MAX; ARRANGEMENTS];
    let start: [u8; CELLS] = std::array::from_fn(|p| goal.tile_at(p, CELLS));
    distance[rank(&start)] = 0;
    let mut queue = VecDeque::with_capacity(ARRANGEMENTS / 2);
    queue.push_back(start);
    while let Some(tiles) = queue.pop_front() {
        let d = distance[rank(&tiles)];
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        for next in neighbours(blank) {
            let mut child = tiles;
            child.swap(blank, next);
            let r = rank(&child);
            if distance[r] == u8::MAX {
                distance[r] = d + 1;
                queue.push_back(child);
            }
        }
    }
    distance
}

/// The cells next to `cell` on the 3×3 board.
fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / 3, cell % 3);
    [
        (col > 0).then(|| cell - 1),
        (col < 2).then(|| cell + 1),
        (row > 0).then(|| cell - 3),
        (row < 2).then(|| cell + 3),
    ]
    .into_iter()
    .flatten()
}

/// The Lehmer rank of an arrangement of 0..9: a number below 9!, one per arrangement.
pub fn rank(tiles: &[u8; CELLS]) -> usize {
    let mut r = 0;
    let mut seen = 0u16;
    for (i, &t) in tiles.iter().enumerate() {
        // The tiles below t not placed yet: t less those below t placed already.
        let below = (1u16 << t) - 1;
        let smaller_unseen = t as usize - (seen & below).count_ones() as usize;
        r = r * (CELLS - i) + smaller_unseen;
        seen |= 1 << t;
    }
    r
}

/// The arrangement of a [`rank`].
pub fn unrank(mut r: usize) -> [u8; CELLS] {
    let mut digits = [0usize; CELLS];
    for i in (0..CELLS).rev() {
        let base = CELLS - i;
        digits[i] = r % base;
        r /= base;
    }
    let mut left: Vec<u8> = (0..CELLS as u8).collect();
    std::array::from_fn(|i| left.remove(digits[i]))
}

/// A heuristic's h of a board's tiles.
type Estimate = dyn Fn(&[u8]) -> u32;

/// `heuristic` measured on every solvable 8-puzzle state towards `goal`. The pattern
/// databases are for the 4×4 board: `pdb` is refused as a search refuses it.
pub fn quality(heuristic: HeuristicKind, goal: Goal) -> Result<Quality, Error> {
    quality_of(&distances(goal), heuristic, goal)
}

/// [`quality`] with the distances to `goal` given ([`distances`]), for a caller that measures
/// several heuristics and keeps them rather than search again.
pub fn quality_of(distance: &[u8], heuristic: HeuristicKind, goal: Goal) -> Result<Quality, Error> {
    let estimate: Box<Estimate> = match heuristic {
        HeuristicKind::Hamming => {
            let h = Hamming::new(3, goal);
            Box::new(move |t| h.estimate(t))
        }
        HeuristicKind::Manhattan => {
            let h = Manhattan::new(3, goal);
            Box::new(move |t| h.estimate(t))
        }
        HeuristicKind::LinearConflict => {
            let h = LinearConflict::new(3, goal);
            Box::new(move |t| h.estimate(t))
        }
        HeuristicKind::Pdb => return Err(Error::PdbWidth { width: 3 }),
    };
    let pairs = distance.iter().enumerate().filter(|&(_, &d)| d != u8::MAX);
    Ok(tally(
        heuristic,
        goal,
        3,
        pairs.map(|(r, &d)| (u32::from(d), estimate(&unrank(r)))),
    ))
}

/// Korf's 100 random 15-puzzle instances, each its optimal length then its 16 tiles, towards
/// Korf's own goal (blank first): tests/data/korf100-blank-first.txt read when compiling, so the
/// wasm holds 1,700 bytes rather than the text and a parser.
const KORF: [[u8; 17]; 100] = korf_numbers(include_str!("../tests/data/korf100-blank-first.txt"));

/// The numbers of the lines of `text` that are not comments (`#`), 17 a line; fails the build
/// unless there are exactly 100 such lines of 17 numbers.
const fn korf_numbers(text: &str) -> [[u8; 17]; 100] {
    let bytes = text.as_bytes();
    let mut out = [[0u8; 17]; 100];
    let (mut i, mut line, mut count) = (0, 0, 0);
    while i < bytes.len() {
        if bytes[i] == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if bytes[i].is_ascii_digit() {
            let mut n = 0u8;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                n = n * 10 + (bytes[i] - b'0');
                i += 1;
            }
            out[line][count] = n;
            count += 1;
        } else {
            if bytes[i] == b'\n' && count > 0 {
                assert!(count == 17, "a Korf line has a length and 16 tiles");
                line += 1;
                count = 0;
            }
            i += 1;
        }
    }
    assert!(
        line == 100 && count == 0,
        "Korf's 100 instances, one per line"
    );
    out
}

/// Korf's 100 instances towards `goal`: (optimal length, board). Towards blank-last each board
/// is turned 180 degrees and its tiles relabelled t → 16 − t, which maps Korf's goal onto the
/// blank-last one move for move (tests/data/korf100-blank-last.txt is this conversion).
pub fn korf100(goal: Goal) -> Vec<(u32, Board)> {
    KORF.iter()
        .filter_map(|line| {
            let mut tiles = line[1..].to_vec();
            if goal == Goal::BlankLast {
                tiles.reverse();
                for t in tiles.iter_mut().filter(|t| **t != 0) {
                    *t = 16 - *t;
                }
            }
            Some((u32::from(line[0]), Board::from_tiles(&tiles).ok()?))
        })
        .collect()
}

/// `heuristic` measured on Korf's 100 15-puzzle instances towards `goal`, against their known
/// optimal lengths: the 15-puzzle's sample of states with known distances. `pdb` needs its
/// databases in the choice, as a search does.
pub fn quality_sample(heuristic: &HeuristicChoice, goal: Goal) -> Result<Quality, Error> {
    let mut pairs = Vec::with_capacity(100);
    for (length, board) in korf100(goal) {
        pairs.push((length, heuristic.estimate(&board, goal)?));
    }
    Ok(tally(heuristic.kind(), goal, 4, pairs.into_iter()))
}

/// The measures of (h*, h) pairs, one per state.
fn tally(
    heuristic: HeuristicKind,
    goal: Goal,
    width: usize,
    pairs: impl Iterator<Item = (u32, u32)>,
) -> Quality {
    let mut counts: Vec<Vec<u64>> = Vec::new();
    let (mut states, mut sum_h, mut sum_d) = (0u64, 0u64, 0u64);
    let (mut overestimated, mut exact, mut max_h) = (0u64, 0u64, 0u32);
    for (d, h) in pairs {
        let d = d as usize;
        if counts.len() <= d {
            counts.resize(d + 1, Vec::new());
        }
        let row = &mut counts[d];
        if row.len() <= h as usize {
            row.resize(h as usize + 1, 0);
        }
        row[h as usize] += 1;
        states += 1;
        sum_h += u64::from(h);
        sum_d += d as u64;
        overestimated += u64::from(h as usize > d);
        exact += u64::from(h as usize == d);
        max_h = max_h.max(h);
    }
    // Every row as long as the largest h: a table with no ragged edge.
    for row in &mut counts {
        row.resize(max_h as usize + 1, 0);
    }
    let states_f = states.max(1) as f64;
    Quality {
        heuristic,
        goal,
        width,
        states,
        admissible: overestimated == 0,
        overestimated,
        mean_h: sum_h as f64 / states_f,
        mean_distance: sum_d as f64 / states_f,
        exact,
        max_distance: counts.len().saturating_sub(1) as u32,
        max_h,
        counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        for r in [0, 1, 2, 1000, 181_439, ARRANGEMENTS - 1] {
            assert_eq!(rank(&unrank(r)), r);
        }
        assert_eq!(unrank(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), ARRANGEMENTS - 1);
    }

    #[test]
    fn half_the_arrangements_are_reached() {
        let reached = distances(Goal::BlankLast)
            .iter()
            .filter(|&&d| d != u8::MAX)
            .count();
        assert_eq!(reached, ARRANGEMENTS / 2);
    }
}
