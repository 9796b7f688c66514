//! Hamming distance: the number of misplaced tiles. Admissible because every misplaced tile
//! needs at least one move; the blank is never counted.

use super::{Heuristic, HeuristicKind};
use crate::board::{Goal, Tiles, SLOTS, SLOT_MASK};

/// Misplaced tiles, the blank not counted.
#[derive(Clone, Debug)]
pub struct Hamming {
    /// `goal_of[tile]` = the tile's goal cell.
    goal_of: [u8; SLOTS],
}

impl Hamming {
    /// For a board of `width` and the given goal.
    pub fn new(width: usize, goal: Goal) -> Hamming {
        let cells = width * width;
        let mut goal_of = [0u8; SLOTS];
        for (tile, cell) in goal_of.iter_mut().enumerate().take(cells) {
            *cell = goal.position_of(tile as u8, cells) as u8;
        }
        Hamming { goal_of }
    }
}

impl Heuristic for Hamming {
    type State = ();

    fn kind(&self) -> HeuristicKind {
        HeuristicKind::Hamming
    }

    fn start(&self, tiles: &[u8]) -> (u32, ()) {
        let misplaced = tiles
            .iter()
            .enumerate()
            .filter(|&(pos, &t)| t != 0 && self.goal_of[t as usize] as usize != pos)
            .count();
        (misplaced as u32, ())
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
        let goal = self.goal_of[tile as usize & SLOT_MASK] as usize;
        (h + u32::from(goal == from) - u32::from(goal == to), ())
    }
}
