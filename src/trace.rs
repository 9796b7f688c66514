//! Trace events: the contract shared by the CLI (`tilesearch trace`), the wasm `Solver` and the
//! page. A search yields exactly one event per step; views only consume them.
//!
//! JSON form (one object per event, `type` first):
//! - `{"type":"iteration","iteration":k,"threshold":t}`: an iteration starts with this bound;
//! - `{"type":"node","id":i,"parent":p|null,"g":g,"h":h,"f":f,"tile":t|null,"blank":b}`: a node
//!   is visited (f ≤ threshold); `tile` is the tile slid to reach it, `blank` the blank's cell;
//! - `{"type":"prune","id":i,"parent":p,"g":g,"h":h,"f":f,"threshold":t,"tile":t}`: a generated
//!   child is cut off because f > threshold;
//! - `{"type":"backtrack","id":i}`: all children of node i are done;
//! - `{"type":"raise","from":t,"to":t2}`: the iteration ended without a solution; t2 is the
//!   smallest pruned f;
//! - `{"type":"solved","length":n,"moves":[…],"expanded":e,"generated":g}`: the goal was visited.

use serde::Serialize;

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Event {
    /// An IDA* iteration starts with this threshold.
    Iteration {
        /// 1-based iteration number.
        iteration: u32,
        /// The f bound of this iteration.
        threshold: u32,
    },
    /// A node is visited: its f is within the threshold.
    Node {
        /// Unique within the run.
        id: u64,
        /// The parent's id; `None` for the root.
        parent: Option<u64>,
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// g + h.
        f: u32,
        /// The tile slid to reach this node (`None` at the root).
        tile: Option<u8>,
        /// The blank's cell after the move.
        blank: u8,
    },
    /// A generated child is cut off because f > threshold (the tree shows it as a ghost leaf).
    Prune {
        /// Unique within the run.
        id: u64,
        /// The visited node it was generated from.
        parent: u64,
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// g + h, above the threshold.
        f: u32,
        /// The threshold it exceeded.
        threshold: u32,
        /// The tile that would have slid.
        tile: u8,
    },
    /// All children of this node are done; the search returns to its parent.
    Backtrack {
        /// The node left.
        id: u64,
    },
    /// The iteration ended without a solution; the threshold rises to the smallest pruned f.
    Raise {
        /// The old threshold.
        from: u32,
        /// The new threshold.
        to: u32,
    },
    /// The goal was visited.
    Solved {
        /// Number of moves.
        length: u32,
        /// Tiles slid, in order, from the start.
        moves: Vec<u8>,
        /// Nodes whose children were generated, over all iterations.
        expanded: u64,
        /// Children generated (pruned ones included), over all iterations.
        generated: u64,
    },
}

impl Event {
    /// The `type` field: `iteration`, `node`, `prune`, `backtrack`, `raise` or `solved`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Iteration { .. } => "iteration",
            Event::Node { .. } => "node",
            Event::Prune { .. } => "prune",
            Event::Backtrack { .. } => "backtrack",
            Event::Raise { .. } => "raise",
            Event::Solved { .. } => "solved",
        }
    }

    /// The event as one line of JSON (the CLI's `trace` format).
    pub fn to_json(&self) -> String {
        // Serialising these plain fields cannot fail; an empty line would show it if it did.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Where a search sends its events. The search builds an event only when the sink asks for it,
/// so the silent sink compiles to the plain search loop.
pub trait Sink {
    /// Whether events are wanted at all; when false, `emit` is never given a closure to call.
    const TRACING: bool;

    /// Receives one event; returns true to pause the search right after it.
    fn emit(&mut self, event: impl FnOnce() -> Event) -> bool;
}

/// Discards events: the fast path.
pub struct Silent;

impl Sink for Silent {
    const TRACING: bool = false;
    #[inline(always)]
    fn emit(&mut self, _event: impl FnOnce() -> Event) -> bool {
        false
    }
}

/// Passes each event to a callback; the callback returns true to pause after that event.
pub struct Callback<'a>(pub &'a mut dyn FnMut(Event) -> bool);

impl Sink for Callback<'_> {
    const TRACING: bool = true;
    #[inline]
    fn emit(&mut self, event: impl FnOnce() -> Event) -> bool {
        (self.0)(event())
    }
}
