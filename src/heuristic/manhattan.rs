//! Manhattan distance: the sum over tiles of |row − goal row| + |column − goal column|.
//! Admissible because a move shifts one tile by one cell; updated in O(1) per move from a table.

use super::{Heuristic, HeuristicKind};
use crate::board::{Goal, Tiles, SLOTS, SLOT_MASK};

/// Sum of tile distances to their goal cells, the blank not counted.
#[derive(Clone, Debug)]
pub struct Manhattan {
    /// `distance[tile][cell]`: moves tile needs from `cell` to its goal (0 for the blank).
    distance: [[u8; SLOTS]; SLOTS],
}

impl Manhattan {
    /// For a board of `width` and the given goal.
    pub fn new(width: usize, goal: Goal) -> Manhattan {
        let cells = width * width;
        let mut distance = [[0u8; SLOTS]; SLOTS];
        for (tile, row) in distance.iter_mut().enumerate().take(cells).skip(1) {
            let g = goal.position_of(tile as u8, cells);
            for (cell, d) in row.iter_mut().enumerate().take(cells) {
                *d =
                    ((cell / width).abs_diff(g / width) + (cell % width).abs_diff(g % width)) as u8;
            }
        }
        Manhattan { distance }
    }

    /// Distance of `tile` standing on `cell` from its goal cell.
    #[inline(always)]
    pub fn distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distance[tile as usize & SLOT_MASK][cell & SLOT_MASK])
    }
}

impl Manhattan {
    /// h after `tile` slides from `from` to `to`.
    #[inline(always)]
    pub fn slide(&self, h: u32, tile: u8, from: usize, to: usize) -> u32 {
        let row = &self.distance[tile as usize & SLOT_MASK];
        h + u32::from(row[to & SLOT_MASK]) - u32::from(row[from & SLOT_MASK])
    }

    /// Each cell's contribution to h: the distance of the tile on it (0 for the blank).
    pub fn per_cell(&self, tiles: &[u8]) -> Vec<u32> {
        tiles
            .iter()
            .enumerate()
            .map(|(cell, &t)| self.distance(t, cell))
            .collect()
    }
}

impl Heuristic for Manhattan {
    type State = ();

    fn kind(&self) -> HeuristicKind {
        HeuristicKind::Manhattan
    }

    fn start(&self, tiles: &[u8]) -> (u32, ()) {
        let sum = tiles
            .iter()
            .enumerate()
            .map(|(cell, &t)| self.distance(t, cell))
            .sum();
        (sum, ())
    }

    #[inline(always)]
    fn after_slide(
        &self,
        h: u32,
        (): &(),
        _: &Tiles,
        _: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, ()) {
        (self.slide(h, tile, from, to), ())
    }
}
