//! Heuristics: admissible estimates h of the moves left, each updated in O(1) per move.
//!
//! Every heuristic here is admissible (never above the true distance), consistent (changes by
//! at most 1 per move) and 0 exactly at the goal. IDA* relies on the last property for a cheap
//! goal test: it compares the board with the goal only where h = 0.

mod hamming;
mod linear_conflict;
mod manhattan;

pub use hamming::Hamming;
pub use linear_conflict::{Conflict, LinearConflict};
pub use manhattan::Manhattan;

use crate::board::{Board, Goal, Tiles};
use crate::error::Error;
use std::fmt;
use std::str::FromStr;

/// An admissible, consistent estimate of the moves left, built for one width and goal.
pub trait Heuristic: Clone {
    /// The kind, for reports.
    fn kind(&self) -> HeuristicKind;

    /// h of a whole board, from scratch.
    fn estimate(&self, tiles: &[u8]) -> u32;

    /// h after sliding `tile` from cell `from` into the blank at cell `to`, given the parent's
    /// `h` and the parent's board `tiles` (before the move). O(1) for a fixed width.
    fn after_slide(&self, h: u32, tiles: &Tiles, tile: u8, from: usize, to: usize) -> u32;
}

/// The heuristics by name, as the CLI, the wasm options and the page choose them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// Misplaced tiles, never counting the blank.
    Hamming,
    /// Sum of every tile's row and column distance to its goal cell (the default).
    #[default]
    Manhattan,
    /// Manhattan plus two moves for every tile that must leave its goal line to let another pass.
    LinearConflict,
}

impl HeuristicKind {
    /// All kinds, weakest first.
    pub const ALL: [HeuristicKind; 3] = [
        HeuristicKind::Hamming,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
    ];

    /// The name used by the CLI, the wasm options and the page.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Hamming => "hamming",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
        }
    }

    /// h of `board` for `goal` with this heuristic.
    pub fn estimate(self, board: &Board, goal: Goal) -> u32 {
        let (w, t) = (board.width(), board.tiles());
        match self {
            HeuristicKind::Hamming => Hamming::new(w, goal).estimate(t),
            HeuristicKind::Manhattan => Manhattan::new(w, goal).estimate(t),
            HeuristicKind::LinearConflict => LinearConflict::new(w, goal).estimate(t),
        }
    }
}

impl FromStr for HeuristicKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        HeuristicKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| Error::UnknownHeuristic(s.to_string()))
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
