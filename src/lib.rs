//! # tilesearch
//!
//! A step-by-step IDA* for the 8-, 15- and 24-puzzle. The core models the sliding-tile board
//! ([`board`]), estimates the moves left ([`heuristic`]) and searches ([`search`]) as a state
//! machine that yields one [`trace::Event`] per step. The CLI, the wasm `Solver` and the page
//! all consume the same events; nothing outside this crate re-implements the rules.
//!
//! ```
//! use tilesearch::{board::{Board, Goal}, heuristic::HeuristicChoice, search::{ida_star, Status}};
//!
//! let board = Board::parse("6 4 5 / 8 2 7 / 1 0 3").unwrap();
//! let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
//! assert_eq!(search.run(None), Status::Solved);
//! assert_eq!(search.report().length, Some(25));
//! ```
//!
//! The core holds no global state: the `pdb` heuristic's pattern databases are built or loaded
//! by the caller ([`heuristic::pdb::PatternDatabases`]) and passed to the search as a value,
//! `HeuristicChoice::Pdb(Arc::new(databases))`.
#![deny(missing_docs)]

pub mod board;
pub mod check;
pub mod error;
pub mod exercise;
pub mod heuristic;
pub mod input;
pub mod profile;
pub mod quality;
pub mod search;
pub mod trace;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
mod python;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use board::{Board, Goal, MoveOrder};
pub use error::Error;
pub use heuristic::{HeuristicChoice, HeuristicKind};
pub use search::{
    ida_star, ida_star_in_order, new_search, new_search_in_order, Algorithm, Search, Status,
};
pub use trace::Event;
