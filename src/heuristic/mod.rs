//! Heuristics: admissible estimates h of the moves left, each updated in O(1) per move.
//!
//! Every heuristic here is admissible (never above the true distance), consistent (changes by
//! at most 1 per move) and 0 exactly at the goal. IDA* relies on the last property for a cheap
//! goal test: it compares the board with the goal only where h = 0.

mod hamming;
mod linear_conflict;
mod manhattan;
pub mod pdb;

pub use hamming::Hamming;
pub use linear_conflict::{Conflict, LinearConflict};
pub use manhattan::Manhattan;
pub use pdb::Pdb;

use crate::board::{neighbor, Board, Direction, Goal, Tiles, SLOT_MASK};
use crate::error::Error;
use pdb::PatternDatabases;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// An admissible, consistent estimate of the moves left, built for one width and goal. `Send`
/// with its state, as the searches built on it are.
pub trait Heuristic: Clone + Send {
    /// What the heuristic keeps per node to update h incrementally (`()` for most; the
    /// pattern databases keep one value per pattern).
    type State: Copy + Default + fmt::Debug + Send;

    /// Whether [`Heuristic::after_slide`] reads `positions`; the search maintains that array
    /// only for heuristics that do.
    const USES_POSITIONS: bool = false;

    /// The kind, for reports.
    fn kind(&self) -> HeuristicKind;

    /// h of a whole board, from scratch.
    fn estimate(&self, tiles: &[u8]) -> u32 {
        self.start(tiles).0
    }

    /// h and the per-node state of a whole board, from scratch.
    fn start(&self, tiles: &[u8]) -> (u32, Self::State);

    /// h (and state) after sliding `tile` from cell `from` into the blank at cell `to`, given
    /// the parent's `h` and `state`, the parent's board `tiles` (before the move) and, when
    /// [`Heuristic::USES_POSITIONS`], `positions[tile]` = its cell. O(1) for a fixed width.
    #[allow(clippy::too_many_arguments)]
    fn after_slide(
        &self,
        h: u32,
        state: &Self::State,
        tiles: &Tiles,
        positions: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, Self::State);

    /// Whether IDA*'s fast walk should look up all of a node's children at once
    /// ([`Heuristic::after_slides`]) before it visits the first: worth it for a heuristic whose
    /// lookups miss the cache, since the misses then overlap.
    const BATCHED: bool = false;

    /// [`Heuristic::after_slide`] for each child of a node at once: `froms[i]` is the cell of
    /// the i-th child's tile ([`NO_CHILD`] where there is none), `to` the blank's cell. Where
    /// a child's h exceeds `enough`, the h returned may be any value in `enough + 1 ..= h` and
    /// its state anything (the search prunes it and reads neither beyond that); elsewhere both
    /// are exact.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn after_slides(
        &self,
        h: u32,
        state: &Self::State,
        tiles: &Tiles,
        positions: &Tiles,
        froms: [u8; 4],
        to: usize,
        enough: u32,
    ) -> [(u32, Self::State); 4] {
        let _ = enough;
        let mut out = [(0, *state); 4];
        for (child, &from) in out.iter_mut().zip(&froms) {
            if from != NO_CHILD {
                let from = from as usize & crate::board::SLOT_MASK;
                *child = self.after_slide(h, state, tiles, positions, tiles[from], from, to);
            }
        }
        out
    }
}

/// In [`Heuristic::after_slides`]: no child in this direction.
pub const NO_CHILD: u8 = u8::MAX;

/// Any heuristic chosen at run time, for the searches where dispatching per call costs nothing
/// that matters (the frontier searches spend their time in the frontier and the reached set);
/// one engine then serves every heuristic, which keeps the wasm module small.
#[derive(Clone, Debug)]
// One value per search, never in a collection: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum AnyHeuristic {
    /// See [`Hamming`].
    Hamming(Hamming),
    /// See [`Manhattan`].
    Manhattan(Manhattan),
    /// See [`LinearConflict`].
    LinearConflict(LinearConflict),
    /// See [`Pdb`].
    Pdb(Pdb),
}

impl AnyHeuristic {
    /// `heuristic` for a `width` board towards `goal` (pdb: 4×4, databases for `goal`).
    pub fn new(
        heuristic: HeuristicChoice,
        width: usize,
        goal: Goal,
    ) -> Result<AnyHeuristic, Error> {
        Ok(match heuristic {
            HeuristicChoice::Hamming => AnyHeuristic::Hamming(Hamming::new(width, goal)),
            HeuristicChoice::Manhattan => AnyHeuristic::Manhattan(Manhattan::new(width, goal)),
            HeuristicChoice::LinearConflict => {
                AnyHeuristic::LinearConflict(LinearConflict::new(width, goal))
            }
            HeuristicChoice::Pdb(databases) => {
                AnyHeuristic::Pdb(Pdb::new(pdb::require(Some(databases), width, goal)?))
            }
        })
    }
}

/// A board slid tile by tile with its h and heuristic state kept as IDA* keeps them, one
/// update a move: a whole board's value costs the pattern databases a walk through their
/// tables to the goal. A packet's path ([`crate::search::PacketSearcher`]), the parallel
/// split's children and Solve now's path ([`along`]) are slid so.
pub struct SlidingBoard<'a, H: Heuristic> {
    heuristic: &'a H,
    board: Board,
    positions: Tiles,
    h: u32,
    state: H::State,
}

impl<'a, H: Heuristic> SlidingBoard<'a, H> {
    /// `board`, whose h and state `heuristic` gives as `(h, state)`.
    pub fn new(heuristic: &'a H, board: Board, hs: (u32, H::State)) -> SlidingBoard<'a, H> {
        SlidingBoard::resume(heuristic, board, board.positions(), hs)
    }

    /// `board` where a slide left it: its tiles' cells `positions` (as
    /// [`Board::positions`] gives them), h and state.
    pub fn resume(
        heuristic: &'a H,
        board: Board,
        positions: Tiles,
        (h, state): (u32, H::State),
    ) -> SlidingBoard<'a, H> {
        SlidingBoard {
            heuristic,
            board,
            positions,
            h,
            state,
        }
    }

    /// Slides `tile` into the blank and updates h: the blank's move, or
    /// [`Error::NotAdjacent`] (nothing changed) for a tile not next to the blank.
    pub fn slide(&mut self, tile: u8) -> Result<Direction, Error> {
        let dir = self
            .board
            .direction_of(tile)
            .ok_or(Error::NotAdjacent { tile })?;
        self.step(dir); // a tile next to the blank: always a move
        Ok(dir)
    }

    /// Moves the blank `dir` and updates h: the tile slid, or `None` (nothing changed) where
    /// the board has no such move.
    pub fn step(&mut self, dir: Direction) -> Option<u8> {
        let to = self.board.blank();
        let from = neighbor(to, dir, self.board.width())?;
        let tiles = self.board.padded();
        let tile = tiles[from];
        (self.h, self.state) = self.heuristic.after_slide(
            self.h,
            &self.state,
            &tiles,
            &self.positions,
            tile,
            from,
            to,
        );
        self.board.move_blank(dir);
        self.positions[tile as usize & SLOT_MASK] = to as u8;
        Some(tile)
    }

    /// The board reached, its h and its heuristic state.
    pub fn at(&self) -> (Board, u32, H::State) {
        (self.board, self.h, self.state)
    }

    /// The board's tiles' cells, as [`Board::positions`] gives them.
    pub fn positions(&self) -> Tiles {
        self.positions
    }
}

/// h of `start` and of each board after it along `moves` (tiles slid in order, each next to
/// the blank), as a [`SlidingBoard`] keeps it (Solve now's path of 45 moves with pdb in Chromium:
/// 0.33 ms board by board from scratch, 0.07 ms so). Fails, before any h, for a tile not next
/// to the blank.
pub fn along<H: Heuristic>(heuristic: &H, start: Board, moves: &[u8]) -> Result<Vec<u32>, Error> {
    start.after(moves)?;
    let mut board = SlidingBoard::new(heuristic, start, heuristic.start(start.tiles()));
    let mut along = Vec::with_capacity(moves.len() + 1);
    along.push(board.h);
    for &tile in moves {
        board.slide(tile)?;
        along.push(board.h);
    }
    Ok(along)
}

impl Heuristic for AnyHeuristic {
    /// Big enough for every heuristic's state (only the pattern databases keep one).
    type State = pdb::PdbValues;
    const USES_POSITIONS: bool = true;

    fn kind(&self) -> HeuristicKind {
        match self {
            AnyHeuristic::Hamming(h) => h.kind(),
            AnyHeuristic::Manhattan(h) => h.kind(),
            AnyHeuristic::LinearConflict(h) => h.kind(),
            AnyHeuristic::Pdb(h) => h.kind(),
        }
    }

    fn start(&self, tiles: &[u8]) -> (u32, pdb::PdbValues) {
        match self {
            AnyHeuristic::Hamming(h) => (h.start(tiles).0, Default::default()),
            AnyHeuristic::Manhattan(h) => (h.start(tiles).0, Default::default()),
            AnyHeuristic::LinearConflict(h) => (h.start(tiles).0, Default::default()),
            AnyHeuristic::Pdb(h) => h.start_values(tiles),
        }
    }

    fn after_slide(
        &self,
        h: u32,
        state: &pdb::PdbValues,
        tiles: &Tiles,
        positions: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, pdb::PdbValues) {
        let stateless = |(h, ()): (u32, ())| (h, *state);
        match self {
            AnyHeuristic::Hamming(x) => {
                stateless(x.after_slide(h, &(), tiles, positions, tile, from, to))
            }
            AnyHeuristic::Manhattan(x) => {
                stateless(x.after_slide(h, &(), tiles, positions, tile, from, to))
            }
            AnyHeuristic::LinearConflict(x) => {
                stateless(x.after_slide(h, &(), tiles, positions, tile, from, to))
            }
            AnyHeuristic::Pdb(x) => x.after_slide_values(*state, positions, tile, from, to),
        }
    }
}

/// A heuristic by name, as the CLI, the wasm options and the page choose it; "pdb" (pattern
/// databases) is for 4×4 boards once built or loaded. [`HeuristicChoice::new`] makes one ready
/// to search with.
// The serde names are the CLI's (`name`); the TypeScript `Heuristic` is generated from them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "Heuristic")
)]
#[serde(rename_all = "kebab-case")]
pub enum HeuristicKind {
    /// Misplaced tiles, never counting the blank.
    Hamming,
    /// Sum of every tile's row and column distance to its goal cell (the default).
    #[default]
    Manhattan,
    /// Manhattan plus two moves for every tile that must leave its goal line to let another pass.
    LinearConflict,
    /// Additive 6-6-3 pattern databases, maxed with the diagonal reflection (4×4 only; see
    /// [`pdb`]).
    Pdb,
}

impl HeuristicKind {
    /// The heuristics for every width, weakest first (`Pdb`, for 4×4 only, is not among them).
    pub const ALL: [HeuristicKind; 3] = [
        HeuristicKind::Hamming,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
    ];

    /// Every heuristic, by name.
    pub const NAMED: [HeuristicKind; 4] = [
        HeuristicKind::Hamming,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::Pdb,
    ];

    /// The name used by the CLI, the wasm options and the page.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Hamming => "hamming",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::Pdb => "pdb",
        }
    }

    /// Its name in a sentence ("IDA* with Manhattan distance"), as menus and titles show it.
    pub fn title(self) -> &'static str {
        match self {
            HeuristicKind::Hamming => "Hamming distance",
            HeuristicKind::Manhattan => "Manhattan distance",
            HeuristicKind::LinearConflict => "linear conflict",
            HeuristicKind::Pdb => "pattern databases",
        }
    }

    /// Its short name, as a menu lists it.
    pub fn label(self) -> &'static str {
        match self {
            HeuristicKind::Hamming => "Hamming",
            HeuristicKind::Manhattan => "Manhattan",
            HeuristicKind::LinearConflict => "Linear conflict",
            HeuristicKind::Pdb => "Pattern databases (pdb)",
        }
    }
}

impl FromStr for HeuristicKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        HeuristicKind::NAMED
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

/// A heuristic ready to search with: the kind, and for `pdb` the databases it reads, passed as
/// a value so that the core keeps no registry of its own (the CLI and the wasm bindings each
/// keep theirs and hand them in here).
#[derive(Clone, Debug)]
pub enum HeuristicChoice {
    /// See [`Hamming`].
    Hamming,
    /// See [`Manhattan`].
    Manhattan,
    /// See [`LinearConflict`].
    LinearConflict,
    /// See [`Pdb`]: these databases, which must be for the search's goal (4×4 boards only).
    Pdb(Arc<PatternDatabases>),
}

impl HeuristicChoice {
    /// The choices that need nothing but their name, for every width, weakest first (as
    /// [`HeuristicKind::ALL`]).
    pub const ALL: [HeuristicChoice; 3] = [
        HeuristicChoice::Hamming,
        HeuristicChoice::Manhattan,
        HeuristicChoice::LinearConflict,
    ];

    /// `kind` for a `width` board towards `goal`, `databases` being the pattern databases at
    /// hand for `goal` (read for `pdb` only). Fails as a pdb search would: not 4×4
    /// ([`Error::PdbWidth`], checked first), else no databases for `goal`
    /// ([`Error::PdbMissing`]).
    pub fn new(
        kind: HeuristicKind,
        width: usize,
        goal: Goal,
        databases: Option<Arc<PatternDatabases>>,
    ) -> Result<HeuristicChoice, Error> {
        Ok(match kind {
            HeuristicKind::Hamming => HeuristicChoice::Hamming,
            HeuristicKind::Manhattan => HeuristicChoice::Manhattan,
            HeuristicKind::LinearConflict => HeuristicChoice::LinearConflict,
            HeuristicKind::Pdb => HeuristicChoice::Pdb(pdb::require(databases, width, goal)?),
        })
    }

    /// The heuristic's name.
    pub fn kind(&self) -> HeuristicKind {
        match self {
            HeuristicChoice::Hamming => HeuristicKind::Hamming,
            HeuristicChoice::Manhattan => HeuristicKind::Manhattan,
            HeuristicChoice::LinearConflict => HeuristicKind::LinearConflict,
            HeuristicChoice::Pdb(_) => HeuristicKind::Pdb,
        }
    }

    /// h of `board` for `goal` with this heuristic; for `Pdb`, the board must be 4×4 and the
    /// databases for `goal`.
    pub fn estimate(&self, board: &Board, goal: Goal) -> Result<u32, Error> {
        let (w, t) = (board.width(), board.tiles());
        Ok(match self {
            HeuristicChoice::Hamming => Hamming::new(w, goal).estimate(t),
            HeuristicChoice::Manhattan => Manhattan::new(w, goal).estimate(t),
            HeuristicChoice::LinearConflict => LinearConflict::new(w, goal).estimate(t),
            HeuristicChoice::Pdb(databases) => {
                Pdb::new(pdb::require(Some(databases.clone()), w, goal)?).estimate(t)
            }
        })
    }
}

impl fmt::Display for HeuristicChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())
    }
}

#[cfg(test)]
mod tests {
    use super::HeuristicKind;

    /// The TypeScript `Heuristic` is generated from the serde names: they must be the CLI's.
    #[test]
    fn serde_names_are_the_cli_names() {
        for kind in HeuristicKind::NAMED {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        }
    }
}
