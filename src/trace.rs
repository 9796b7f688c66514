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

/// One step of a search: one of the node-like and bookkeeping events below, told apart by `type`.
/// The TypeScript declarations (`TraceEvent` and one interface per event) are generated from
/// these types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "TraceEvent")
)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Event {
    /// An IDA* iteration starts with this threshold.
    Iteration(IterationEvent),
    /// A node is visited: its f is within the threshold.
    Node(NodeEvent),
    /// A generated child is cut off because f > threshold (the tree shows it as a ghost leaf).
    Prune(PruneEvent),
    /// All children of this node are done; the search returns to its parent.
    Backtrack(BacktrackEvent),
    /// The iteration ended without a solution; the threshold rises to the smallest pruned f.
    Raise(RaiseEvent),
    /// A frontier search took a node off the frontier and expanded it (the goal test failed).
    Expand(ExpandEvent),
    /// A frontier search generated a new state and put it on the frontier (the root too).
    Generate(GenerateEvent),
    /// A frontier search generated a child whose state was reached already; it is not added.
    Skip(SkipEvent),
    /// A frontier search hit its memory guard.
    GaveUp(GaveUpEvent),
    /// The goal was visited.
    Solved(SolvedEvent),
}

/// An IDA* iteration starts with this threshold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct IterationEvent {
    /// 1-based iteration number.
    pub iteration: u32,
    /// The f bound of this iteration.
    pub threshold: u32,
}

/// A node is visited: its f is within the threshold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct NodeEvent {
    /// Unique within the run.
    pub id: u64,
    /// The parent's id; `None` for the root.
    pub parent: Option<u64>,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// The tile slid to reach this node (`None` at the root).
    pub tile: Option<u8>,
    /// The blank's cell after the move.
    pub blank: u8,
}

/// A generated child is cut off because f > threshold (the tree shows it as a ghost leaf).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct PruneEvent {
    /// Unique within the run.
    pub id: u64,
    /// The visited node it was generated from.
    pub parent: u64,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h, above the threshold.
    pub f: u32,
    /// The threshold it exceeded.
    pub threshold: u32,
    /// The tile that would have slid.
    pub tile: u8,
}

/// All children of this node are done; the search returns to its parent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct BacktrackEvent {
    /// The node left.
    pub id: u64,
}

/// The iteration ended without a solution; the threshold rises to the smallest pruned f.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct RaiseEvent {
    /// The old threshold.
    pub from: u32,
    /// The new threshold.
    pub to: u32,
}

/// A frontier search took a node off the frontier and expanded it (the goal test failed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ExpandEvent {
    /// The node.
    pub id: u64,
    /// Its parent (`None` for the root).
    pub parent: Option<u64>,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// The tile slid to reach it (`None` at the root).
    pub tile: Option<u8>,
    /// The blank's cell.
    pub blank: u8,
    /// Frontier size after taking it off.
    pub frontier: u64,
}

/// A frontier search generated a new state and put it on the frontier (the root too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct GenerateEvent {
    /// The new node.
    pub id: u64,
    /// The node expanded (`None` for the root).
    pub parent: Option<u64>,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// The tile slid (`None` at the root).
    pub tile: Option<u8>,
    /// The blank's cell.
    pub blank: u8,
    /// Frontier size after adding it.
    pub frontier: u64,
}

/// A frontier search generated a child whose state was reached already; it is not added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SkipEvent {
    /// The child (an id of its own, not kept).
    pub id: u64,
    /// The node expanded.
    pub parent: u64,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// The tile slid.
    pub tile: u8,
    /// The blank's cell.
    pub blank: u8,
}

/// A frontier search hit its memory guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct GaveUpEvent {
    /// States reached.
    pub reached: u64,
    /// The guard.
    pub limit: u64,
}

/// The goal was visited.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SolvedEvent {
    /// Number of moves.
    pub length: u32,
    /// Tiles slid, in order, from the start.
    pub moves: Vec<u8>,
    /// Nodes whose children were generated, over all iterations.
    pub expanded: u64,
    /// Children generated (pruned ones included), over all iterations.
    pub generated: u64,
}

impl Event {
    /// The `solved` event of a search that found `moves` after these counts (both engines end
    /// with it).
    pub fn solved(moves: Vec<u8>, expanded: u64, generated: u64) -> Event {
        Event::Solved(SolvedEvent {
            length: moves.len() as u32,
            moves,
            expanded,
            generated,
        })
    }

    /// The `type` field: `iteration`, `node`, `prune`, `backtrack`, `raise` or `solved`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Iteration(IterationEvent { .. }) => "iteration",
            Event::Node(NodeEvent { .. }) => "node",
            Event::Prune(PruneEvent { .. }) => "prune",
            Event::Backtrack(BacktrackEvent { .. }) => "backtrack",
            Event::Raise(RaiseEvent { .. }) => "raise",
            Event::Solved(SolvedEvent { .. }) => "solved",
            Event::Expand(ExpandEvent { .. }) => "expand",
            Event::Generate(GenerateEvent { .. }) => "generate",
            Event::Skip(SkipEvent { .. }) => "skip",
            Event::GaveUp(GaveUpEvent { .. }) => "gaveup",
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
        Event::Iteration(IterationEvent {
            iteration,
            threshold,
        }) => [
            EventKind::Iteration as u32,
            iteration,
            threshold,
            0,
            0,
            0,
            0,
            0,
        ],
        Event::Node(NodeEvent {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        }) => {
            let [il, ih] = split(id);
            let [pl, ph] = parent.map_or([NONE32, NONE32], split);
            let tile = tile.map_or(0xff, u32::from);
            let last = tile | u32::from(blank) << 8;
            [EventKind::Node as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Prune(PruneEvent {
            id,
            parent,
            g,
            h,
            threshold,
            tile,
            ..
        }) => {
            let [il, ih] = split(id);
            let [pl, ph] = split(parent);
            let last = u32::from(tile) | (threshold.min(0xffff)) << 16;
            [EventKind::Prune as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Backtrack(BacktrackEvent { id }) => {
            let [il, ih] = split(id);
            [EventKind::Backtrack as u32, il, ih, 0, 0, 0, 0, 0]
        }
        Event::Raise(RaiseEvent { from, to }) => [EventKind::Raise as u32, from, to, 0, 0, 0, 0, 0],
        Event::Expand(ExpandEvent {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        })
        | Event::Generate(GenerateEvent {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        }) => {
            let kind = if matches!(event, Event::Expand(ExpandEvent { .. })) {
                EventKind::Expand
            } else {
                EventKind::Generate
            };
            let [il, ih] = split(id);
            let [pl, ph] = parent.map_or([NONE32, NONE32], split);
            let last = tile.map_or(0xff, u32::from) | u32::from(blank) << 8;
            [kind as u32, il, ih, pl, ph, g, h, last]
        }
        Event::Skip(SkipEvent {
            id,
            parent,
            g,
            h,
            tile,
            blank,
            ..
        }) => {
            let [il, ih] = split(id);
            let [pl, ph] = split(parent);
            let last = u32::from(tile) | u32::from(blank) << 8;
            [EventKind::Skip as u32, il, ih, pl, ph, g, h, last]
        }
        Event::GaveUp(GaveUpEvent { reached, limit }) => [
            EventKind::GaveUp as u32,
            reached as u32,
            limit as u32,
            0,
            0,
            0,
            0,
            0,
        ],
        Event::Solved(SolvedEvent {
            length,
            expanded,
            generated,
            ..
        }) => {
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
            &Event::Node(NodeEvent {
                id: (7 << 32) | 5,
                parent: None,
                g: 0,
                h: 17,
                f: 17,
                tile: None,
                blank: 7,
            }),
            &mut out,
        );
        pack(
            &Event::Prune(PruneEvent {
                id: 9,
                parent: 5,
                g: 1,
                h: 18,
                f: 19,
                threshold: 17,
                tile: 3,
            }),
            &mut out,
        );
        assert_eq!(out.len(), 2 * RECORD_WORDS);
        assert_eq!(&out[..8], &[1, 5, 7, NONE32, NONE32, 0, 17, 0xff | 7 << 8]);
        assert_eq!(&out[8..], &[2, 9, 0, 5, 0, 1, 18, 3 | 17 << 16]);
    }
}
