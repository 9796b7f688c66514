//! Linear conflict: Manhattan distance plus 2 × Σ over every row and every column of
//! (number of tiles in their goal line − length of the longest increasing subsequence of their
//! goal positions along that line).
//!
//! Tiles that sit in their goal row (or column) in the wrong order cannot pass each other inside
//! the line: all but a longest correctly ordered subsequence must leave the line and come back,
//! two moves each beyond their Manhattan distance. This exact definition is used so that values
//! are comparable across tools. Consistent: a move takes one tile into or out of one line,
//! changing that line's term by at most one while Manhattan changes by exactly one in the
//! opposite-or-same direction as needed, so |Δh| = 1.

use super::{Heuristic, HeuristicKind, Manhattan};
use crate::board::{Goal, Tiles, MAX_WIDTH, MIN_WIDTH, SLOTS, SLOT_MASK};
use std::cell::OnceCell;
use std::sync::Arc;

/// Rows and columns of the largest board, rounded up to a power of two (masked indices).
const LINES: usize = 16;

/// Manhattan distance plus twice the conflicts along rows and columns.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    width: usize,
    /// Goal row and goal column of each tile.
    goal_row: [u8; SLOTS],
    goal_col: [u8; SLOTS],
    /// `codes[line][tile]`: 1 + the tile's goal position along the line when the line (rows
    /// first, then columns) is the tile's goal line, else 0.
    codes: [[u8; SLOTS]; LINES],
    /// A line's term for every combination of its cells' codes (3 bits per cell), computed
    /// once per width and thread ([`shared_terms`]): a lookup replaces the subsequence computation in
    /// the search.
    terms: Arc<Vec<u8>>,
}

/// The line terms of a `width` board: for every combination of a line's cells' codes (3 bits
/// per cell: 0 for a tile of another line, else 1 + its goal position along the line), the
/// tiles of the line minus the longest increasing subsequence of their goal positions.
fn line_terms(width: usize) -> Vec<u8> {
    (0..1usize << (3 * width))
        .map(|index| {
            let mut goals = [0u8; MAX_WIDTH];
            let mut n = 0;
            for k in 0..width {
                let code = (index >> (3 * k) & 7) as u8;
                if code != 0 {
                    goals[n] = code - 1;
                    n += 1;
                }
            }
            (n as u32 - lis(&goals[..n])) as u8
        })
        .collect()
}

/// [`line_terms`] of `width`, made once per width and thread and shared by every
/// `LinearConflict` it makes since. They depend on the width alone, and making them is most
/// of making the heuristic (512, 4,096 and 32,768 entries: 30 µs for a 4×4 board, 0.34 ms for
/// a 5×5 one, natively), which `describeBoard` and `heuristicsAlong` do for every board they
/// are given. Per thread, so that no thread ever waits for another (in the build with shared
/// memory, the page's thread must not wait: it cannot).
fn shared_terms(width: usize) -> Arc<Vec<u8>> {
    thread_local! {
        static TERMS: [OnceCell<Arc<Vec<u8>>>; MAX_WIDTH - MIN_WIDTH + 1] =
            const { [const { OnceCell::new() }; MAX_WIDTH - MIN_WIDTH + 1] };
    }
    TERMS.with(|terms| {
        let cell = width.checked_sub(MIN_WIDTH).and_then(|i| terms.get(i));
        match cell {
            Some(cell) => cell.get_or_init(|| Arc::new(line_terms(width))).clone(),
            // Never for a board's width; made afresh rather than panic.
            None => Arc::new(line_terms(width)),
        }
    })
}

/// Length of the longest strictly increasing subsequence (at most `MAX_WIDTH` values).
fn lis(values: &[u8]) -> u32 {
    // Patience sorting: tails[k] = smallest tail of an increasing run of length k + 1.
    let mut tails = [0u8; MAX_WIDTH];
    let mut len = 0;
    for &v in values {
        let k = tails[..len].partition_point(|&t| t < v);
        tails[k] = v;
        if k == len {
            len += 1;
        }
    }
    len as u32
}

/// Indices of one longest strictly increasing subsequence (the leftmost choice).
fn lis_members(values: &[u8]) -> Vec<usize> {
    let n = values.len();
    let mut len = vec![1usize; n];
    let mut prev = vec![usize::MAX; n];
    for i in 0..n {
        for j in 0..i {
            if values[j] < values[i] && len[j] + 1 > len[i] {
                len[i] = len[j] + 1;
                prev[i] = j;
            }
        }
    }
    let Some(mut i) = (0..n).max_by_key(|&i| (len[i], std::cmp::Reverse(i))) else {
        return Vec::new();
    };
    let mut out = vec![i];
    while prev[i] != usize::MAX {
        i = prev[i];
        out.push(i);
    }
    out
}

/// A tile that must leave its goal row or column to let others pass (the linear-conflict
/// term counts them; see `LinearConflict::conflict_tiles`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Conflict {
    /// The tile.
    pub tile: u8,
    /// True for a row, false for a column.
    pub row: bool,
    /// The row or column index, 0-based.
    pub line: usize,
}

impl LinearConflict {
    /// For a board of `width` and the given goal.
    pub fn new(width: usize, goal: Goal) -> LinearConflict {
        let cells = width * width;
        let mut goal_row = [0u8; SLOTS];
        let mut goal_col = [0u8; SLOTS];
        for tile in 1..cells {
            let g = goal.position_of(tile as u8, cells);
            goal_row[tile] = (g / width) as u8;
            goal_col[tile] = (g % width) as u8;
        }
        let mut codes = [[0u8; SLOTS]; LINES];
        for tile in 1..cells {
            codes[goal_row[tile] as usize][tile] = goal_col[tile] + 1;
            codes[width + goal_col[tile] as usize][tile] = goal_row[tile] + 1;
        }
        LinearConflict {
            manhattan: Manhattan::new(width, goal),
            width,
            goal_row,
            goal_col,
            codes,
            terms: shared_terms(width),
        }
    }

    /// The conflict term of a line (row `line` when `row`, else column `line`): tiles whose
    /// goal line it is, minus the LIS of their goal positions along it. `skip` leaves one cell
    /// out; `add` puts a tile into one cell (for updates).
    #[inline(always)]
    fn line_conflict(
        &self,
        tiles: &Tiles,
        row: bool,
        line: usize,
        skip: usize,
        add: (usize, u8),
    ) -> u32 {
        let w = self.width;
        let codes = &self.codes[(if row { line } else { w + line }) & (LINES - 1)];
        let mut index = 0;
        for k in 0..w {
            let cell = if row { line * w + k } else { k * w + line };
            let t = if cell == add.0 {
                add.1
            } else if cell == skip {
                0
            } else {
                tiles[cell & SLOT_MASK]
            };
            index |= (codes[t as usize & SLOT_MASK] as usize) << (3 * k);
        }
        u32::from(self.terms.get(index).copied().unwrap_or(0))
    }

    /// The tiles that must leave their goal line: for every row and column, the tiles in
    /// their goal line that are not in one longest increasing subsequence of goal positions
    /// (the term counts exactly these). For views that mark conflicts on the board.
    pub fn conflict_tiles(&self, tiles: &[u8]) -> Vec<Conflict> {
        let w = self.width;
        let mut out = Vec::new();
        for line in 0..w {
            for is_row in [true, false] {
                let mut members: Vec<(u8, u8)> = Vec::new(); // (tile, goal position along line)
                for k in 0..w {
                    let cell = if is_row { line * w + k } else { k * w + line };
                    let t = tiles.get(cell).copied().unwrap_or(0);
                    let (goal_line, goal_pos) = if is_row {
                        (
                            self.goal_row[t as usize & SLOT_MASK],
                            self.goal_col[t as usize & SLOT_MASK],
                        )
                    } else {
                        (
                            self.goal_col[t as usize & SLOT_MASK],
                            self.goal_row[t as usize & SLOT_MASK],
                        )
                    };
                    if t != 0 && goal_line as usize == line {
                        members.push((t, goal_pos));
                    }
                }
                let keep = lis_members(&members.iter().map(|m| m.1).collect::<Vec<_>>());
                for (i, &(tile, _)) in members.iter().enumerate() {
                    if !keep.contains(&i) {
                        out.push(Conflict {
                            tile,
                            row: is_row,
                            line,
                        });
                    }
                }
            }
        }
        out
    }

    /// Σ of the conflict terms of all rows and columns (without the factor 2).
    pub fn conflicts(&self, tiles: &[u8]) -> u32 {
        let mut padded: Tiles = [0; SLOTS];
        padded[..tiles.len()].copy_from_slice(tiles);
        let tiles = &padded;
        let none = (usize::MAX, 0);
        (0..self.width)
            .map(|i| {
                self.line_conflict(tiles, true, i, usize::MAX, none)
                    + self.line_conflict(tiles, false, i, usize::MAX, none)
            })
            .sum()
    }
}

impl Heuristic for LinearConflict {
    type State = ();

    fn kind(&self) -> HeuristicKind {
        HeuristicKind::LinearConflict
    }

    fn start(&self, tiles: &[u8]) -> (u32, ()) {
        (
            self.manhattan.estimate(tiles) + 2 * self.conflicts(tiles),
            (),
        )
    }

    #[inline(always)]
    fn after_slide(
        &self,
        h: u32,
        (): &(),
        tiles: &Tiles,
        _: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, ()) {
        let w = self.width;
        // h ≥ this tile's distance + 2 × this line's term, so no step below underflows.
        let h = self.manhattan.slide(h, tile, from, to);
        let none = (usize::MAX, 0);
        let t = tile as usize & SLOT_MASK;
        // Only the line the tile leaves or enters can change, and only if it is the tile's goal
        // line: a horizontal move changes the tile's column, a vertical one its row.
        let (old, new) = if from / w == to / w {
            let (cf, ct) = (from % w, to % w);
            let gc = self.goal_col[t] as usize;
            if gc == cf {
                (
                    self.line_conflict(tiles, false, cf, usize::MAX, none),
                    self.line_conflict(tiles, false, cf, from, none),
                )
            } else if gc == ct {
                (
                    self.line_conflict(tiles, false, ct, usize::MAX, none),
                    self.line_conflict(tiles, false, ct, usize::MAX, (to, tile)),
                )
            } else {
                (0, 0)
            }
        } else {
            let (rf, rt) = (from / w, to / w);
            let gr = self.goal_row[t] as usize;
            if gr == rf {
                (
                    self.line_conflict(tiles, true, rf, usize::MAX, none),
                    self.line_conflict(tiles, true, rf, from, none),
                )
            } else if gr == rt {
                (
                    self.line_conflict(tiles, true, rt, usize::MAX, none),
                    self.line_conflict(tiles, true, rt, usize::MAX, (to, tile)),
                )
            } else {
                (0, 0)
            }
        };
        (h + 2 * new - 2 * old, ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lis_of_small_lines() {
        assert_eq!(lis(&[]), 0);
        assert_eq!(lis(&[2, 1, 0]), 1);
        assert_eq!(lis(&[0, 2, 1, 3]), 3);
        assert_eq!(lis(&[1, 0]), 1);
    }

    #[test]
    fn heuristics_of_one_width_share_its_terms_made_once_per_thread() {
        for width in MIN_WIDTH..=MAX_WIDTH {
            let a = LinearConflict::new(width, Goal::BlankLast);
            let b = LinearConflict::new(width, Goal::BlankFirst);
            assert!(Arc::ptr_eq(&a.terms, &b.terms), "width {width}: one table");
            assert_eq!(
                *a.terms,
                line_terms(width),
                "width {width}: the computed terms"
            );
            assert_eq!(a.terms.len(), 1 << (3 * width));
        }
        // Each thread makes its own, equal to it.
        let tables: Vec<_> = std::thread::scope(|s| {
            let made: Vec<_> = (0..4)
                .map(|_| s.spawn(|| LinearConflict::new(4, Goal::BlankLast).terms))
                .collect();
            made.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert!(tables.iter().all(|t| **t == line_terms(4)));
    }

    #[test]
    fn conflict_tiles_are_the_term() {
        let lc = LinearConflict::new(3, Goal::BlankLast);
        let tiles = [3, 2, 1, 4, 5, 6, 7, 8, 0];
        let c = lc.conflict_tiles(&tiles);
        assert_eq!(c.len() as u32, lc.conflicts(&tiles));
        assert!(c.iter().all(|c| c.row && c.line == 0));
        assert_eq!(lis_members(&[2, 0, 1]), vec![2, 1]);
    }

    #[test]
    fn the_term_table_agrees_with_the_subsequences() {
        // conflict_tiles computes each line's subsequence directly; conflicts uses the table.
        for width in 3..=5 {
            for goal in [Goal::BlankLast, Goal::BlankFirst] {
                let lc = LinearConflict::new(width, goal);
                for seed in 0..300 {
                    let board = crate::board::Board::random(width, goal, seed).unwrap();
                    let tiles = board.tiles();
                    assert_eq!(lc.conflict_tiles(tiles).len() as u32, lc.conflicts(tiles));
                }
            }
        }
    }

    #[test]
    fn a_swapped_pair_costs_two_more_than_manhattan() {
        let lc = LinearConflict::new(3, Goal::BlankLast);
        // 2 and 1 swapped in their goal row: Manhattan 2, one conflict.
        let tiles = [2, 1, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(lc.estimate(&tiles), 4);
    }
}
