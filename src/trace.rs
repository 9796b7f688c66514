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

use serde::{Deserialize, Serialize};

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A frontier search took a node off the frontier and expanded it (the goal test failed).
    Expand {
        /// The node.
        id: u64,
        /// Its parent (`None` for the root).
        parent: Option<u64>,
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// g + h.
        f: u32,
        /// The tile slid to reach it (`None` at the root).
        tile: Option<u8>,
        /// The blank's cell.
        blank: u8,
        /// Frontier size after taking it off.
        frontier: u64,
    },
    /// A frontier search generated a new state and put it on the frontier (the root too).
    Generate {
        /// The new node.
        id: u64,
        /// The node expanded (`None` for the root).
        parent: Option<u64>,
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// g + h.
        f: u32,
        /// The tile slid (`None` at the root).
        tile: Option<u8>,
        /// The blank's cell.
        blank: u8,
        /// Frontier size after adding it.
        frontier: u64,
    },
    /// A frontier search generated a child whose state was reached already; it is not added.
    Skip {
        /// The child (an id of its own, not kept).
        id: u64,
        /// The node expanded.
        parent: u64,
        /// Moves from the start.
        g: u32,
        /// The heuristic's estimate.
        h: u32,
        /// g + h.
        f: u32,
        /// The tile slid.
        tile: u8,
        /// The blank's cell.
        blank: u8,
    },
    /// A frontier search hit its memory guard.
    GaveUp {
        /// States reached.
        reached: u64,
        /// The guard.
        limit: u64,
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
            Event::Expand { .. } => "expand",
            Event::Generate { .. } => "generate",
            Event::Skip { .. } => "skip",
            Event::GaveUp { .. } => "gaveup",
        }
    }

    /// The event as one line of JSON (the CLI's `trace` format).
    pub fn to_json(&self) -> String {
        // Serialising these plain fields cannot fail; an empty line would show it if it did.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Words per event in the packed batch layout (see [`pack`]).
pub const RECORD_WORDS: usize = 8;

/// `u32::MAX` in a packed record: no value (the root's parent and tile).
pub const NONE32: u32 = u32::MAX;

/// Event kinds in word 0 of a packed record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum EventKind {
    /// `iteration`
    Iteration = 0,
    /// `node`
    Node = 1,
    /// `prune`
    Prune = 2,
    /// `backtrack`
    Backtrack = 3,
    /// `raise`
    Raise = 4,
    /// `solved`
    Solved = 5,
    /// `expand`
    Expand = 6,
    /// `generate`
    Generate = 7,
    /// `skip`
    Skip = 8,
    /// `gaveup`
    GaveUp = 9,
}

/// Appends `event` as one record of [`RECORD_WORDS`] `u32` words, for views that need many
/// events fast (one typed array instead of one object per event):
///
/// | word | iteration | node / prune | backtrack | raise | solved |
/// |---|---|---|---|---|---|
/// | 0 | 0 | 1 / 2 | 3 | 4 | 5 |
/// | 1 | iteration | id, low 32 bits | id, low | from | length |
/// | 2 | threshold | id, high 32 bits | id, high | to | 0 |
/// | 3 | 0 | parent, low (`u32::MAX` at the root) | 0 | 0 | expanded, low |
/// | 4 | 0 | parent, high (`u32::MAX` at the root) | 0 | 0 | expanded, high |
/// | 5 | 0 | g | 0 | 0 | generated, low |
/// | 6 | 0 | h | 0 | 0 | generated, high |
/// | 7 | 0 | tile (bits 0–7, 255 at the root), blank (bits 8–15), threshold of a prune (bits 16–31) | 0 | 0 | 0 |
///
/// Frontier searches' `expand`, `generate` and `skip` records are laid out like `node` (kinds 6,
/// 7, 8; the frontier size is not packed: read it from the solver); `gaveup` (9) has reached and
/// limit (low 32 bits) in words 1 and 2.
///
/// f = g + h; a solution's moves are read from the solver, not from the record.
pub fn pack(event: &Event, out: &mut Vec<u32>) {
    let split = |v: u64| [v as u32, (v >> 32) as u32];
    let record: [u32; RECORD_WORDS] = match *event {
        Event::Iteration {
            iteration,
            threshold,
        } => [
            EventKind::Iteration as u32,
            iteration,
            threshold,
            0,
            0,
            0,
            0,
            0,
        ],
        Event::Node {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        } => {
            let [il, ih] = split(id);
            let [pl, ph] = parent.map_or([NONE32, NONE32], split);
            let tile = tile.map_or(0xff, u32::from);
            let last = tile | u32::from(blank) << 8;
            [EventKind::Node as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Prune {
            id,
            parent,
            g,
            h,
            threshold,
            tile,
            ..
        } => {
            let [il, ih] = split(id);
            let [pl, ph] = split(parent);
            let last = u32::from(tile) | (threshold.min(0xffff)) << 16;
            [EventKind::Prune as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Backtrack { id } => {
            let [il, ih] = split(id);
            [EventKind::Backtrack as u32, il, ih, 0, 0, 0, 0, 0]
        }
        Event::Raise { from, to } => [EventKind::Raise as u32, from, to, 0, 0, 0, 0, 0],
        Event::Expand {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        }
        | Event::Generate {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        } => {
            let kind = if matches!(event, Event::Expand { .. }) {
                EventKind::Expand
            } else {
                EventKind::Generate
            };
            let [il, ih] = split(id);
            let [pl, ph] = parent.map_or([NONE32, NONE32], split);
            let last = tile.map_or(0xff, u32::from) | u32::from(blank) << 8;
            [kind as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Skip {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        } => {
            let [il, ih] = split(id);
            let [pl, ph] = split(parent);
            let last = u32::from(tile) | u32::from(blank) << 8;
            [EventKind::Skip as u32, il, ih, pl, ph, g, h, last]
        }
        Event::GaveUp { reached, limit } => [
            EventKind::GaveUp as u32,
            reached as u32,
            limit as u32,
            0,
            0,
            0,
            0,
            0,
        ],
        Event::Solved {
            length,
            expanded,
            generated,
            ..
        } => {
            let [el, eh] = split(expanded);
            let [gl, gh] = split(generated);
            [EventKind::Solved as u32, length, 0, el, eh, gl, gh, 0]
        }
    };
    out.extend_from_slice(&record);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_records_carry_every_field() {
        let mut out = Vec::new();
        pack(
            &Event::Node {
                id: (7 << 32) | 5,
                parent: None,
                g: 0,
                h: 17,
                f: 17,
                tile: None,
                blank: 7,
            },
            &mut out,
        );
        pack(
            &Event::Prune {
                id: 9,
                parent: 5,
                g: 1,
                h: 18,
                f: 19,
                threshold: 17,
                tile: 3,
            },
            &mut out,
        );
        assert_eq!(out.len(), 2 * RECORD_WORDS);
        assert_eq!(&out[..8], &[1, 5, 7, NONE32, NONE32, 0, 17, 0xff | 7 << 8]);
        assert_eq!(&out[8..], &[2, 9, 0, 5, 0, 1, 18, 3 | 17 << 16]);
    }
}
