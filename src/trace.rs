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

/// What every node-like event says of its node: a `node` event is just this, and the `expand`,
/// `generate` and `skip` events extend it.
// The declarations call it `NodeEvent`: fields that flatten it are typed with that alias so
// that `extends NodeEvent` names a declared interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "NodeEvent", missing_as_null)
)]
pub struct NodeInfo {
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

/// A `node` event: a node is visited, its f within the threshold. The name the TypeScript
/// declarations give [`NodeInfo`].
pub type NodeEvent = NodeInfo;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ExpandEvent {
    /// The node (its parent `None` for the root).
    #[serde(flatten)]
    pub node: NodeEvent,
    /// Frontier size after taking it off.
    pub frontier: u64,
}

/// A frontier search generated a new state and put it on the frontier (the root too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct GenerateEvent {
    /// The new node (its parent, the node expanded, `None` for the root).
    #[serde(flatten)]
    pub node: NodeEvent,
    /// Frontier size after adding it.
    pub frontier: u64,
}

/// A frontier search generated a child whose state was reached already; it is not added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SkipEvent {
    /// The child (an id of its own, not kept); its parent, the node expanded, is never `None`.
    #[serde(flatten)]
    pub node: NodeEvent,
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

    /// The event's kind, as packed records code it.
    pub fn code(&self) -> EventKind {
        match self {
            Event::Iteration(_) => EventKind::Iteration,
            Event::Node(_) => EventKind::Node,
            Event::Prune(_) => EventKind::Prune,
            Event::Backtrack(_) => EventKind::Backtrack,
            Event::Raise(_) => EventKind::Raise,
            Event::Solved(_) => EventKind::Solved,
            Event::Expand(_) => EventKind::Expand,
            Event::Generate(_) => EventKind::Generate,
            Event::Skip(_) => EventKind::Skip,
            Event::GaveUp(_) => EventKind::GaveUp,
        }
    }

    /// The `type` field: `iteration`, `node`, `prune`, `backtrack`, `raise`, `solved`,
    /// `expand`, `generate`, `skip` or `gaveup`.
    pub fn kind(&self) -> &'static str {
        self.code().name()
    }

    /// The event as one line of JSON (the CLI's `trace` format).
    pub fn to_json(&self) -> String {
        // Serialising these plain fields cannot fail; an empty line would show it if it did.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Words per event in the packed batch layout (see [`pack`]).
pub const RECORD_WORDS: usize = 8;

/// `u32::MAX` in a packed record: no value (the root's parent).
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

impl EventKind {
    /// Every kind, in code order.
    pub const ALL: [EventKind; 10] = [
        EventKind::Iteration,
        EventKind::Node,
        EventKind::Prune,
        EventKind::Backtrack,
        EventKind::Raise,
        EventKind::Solved,
        EventKind::Expand,
        EventKind::Generate,
        EventKind::Skip,
        EventKind::GaveUp,
    ];

    /// Whether a record of this kind keeps its parent in one word ([`word::PARENT`]): the
    /// frontier searches' node records, whose ids fit 32 bits.
    pub fn narrow_parent(self) -> bool {
        matches!(
            self,
            EventKind::Expand | EventKind::Generate | EventKind::Skip
        )
    }

    /// The event's `type` in JSON.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Iteration => "iteration",
            EventKind::Node => "node",
            EventKind::Prune => "prune",
            EventKind::Backtrack => "backtrack",
            EventKind::Raise => "raise",
            EventKind::Solved => "solved",
            EventKind::Expand => "expand",
            EventKind::Generate => "generate",
            EventKind::Skip => "skip",
            EventKind::GaveUp => "gaveup",
        }
    }
}

/// Where each field sits in a packed record: word offsets, written once here and exported to
/// the page as `www/model/record-layout.js` ([`layout_js`]; a test keeps the file equal to it).
/// 64-bit values take two words, low first.
pub mod word {
    /// Every record: its [`super::EventKind`].
    pub const KIND: usize = 0;
    /// Node-like records (node, prune, expand, generate, skip) and backtrack: the id (2 words).
    pub const ID: usize = 1;
    /// Node-like records: the parent (node and prune: 2 words, both `NONE32` at the root;
    /// expand, generate, skip: 1 word, `NONE32` at the root).
    pub const PARENT: usize = 3;
    /// Expand and generate: the frontier size after the event, in the parent's high word
    /// (a frontier search's ids and frontier fit 32 bits: see [`super::pack`]).
    pub const FRONTIER: usize = 4;
    /// Node-like records: g.
    pub const G: usize = 5;
    /// Node-like records: h (f = g + h).
    pub const H: usize = 6;
    /// Node-like records: the tile (bits 0–7, `NO_TILE` at the root), the blank's cell (bits
    /// 8–15, not for prune) and a prune's threshold (bits 16–31).
    pub const MOVE: usize = 7;
    /// Iteration: its number.
    pub const ITERATION: usize = 1;
    /// Iteration: its threshold.
    pub const THRESHOLD: usize = 2;
    /// Raise: the old threshold.
    pub const FROM: usize = 1;
    /// Raise: the new threshold.
    pub const TO: usize = 2;
    /// Solved: the solution's length (its moves are read from the solver once).
    pub const LENGTH: usize = 1;
    /// Solved: nodes expanded (2 words).
    pub const EXPANDED: usize = 3;
    /// Solved: children generated (2 words).
    pub const GENERATED: usize = 5;
    /// Gave up: states reached (low 32 bits).
    pub const REACHED: usize = 1;
    /// Gave up: the guard (low 32 bits).
    pub const LIMIT: usize = 2;
}

/// In word [`word::MOVE`]: the tile's mask, and the tile value that means "no tile" (the root).
pub const NO_TILE: u32 = 0xff;
/// In word [`word::MOVE`]: where the blank's cell starts.
pub const BLANK_SHIFT: u32 = 8;
/// In word [`word::MOVE`]: where a prune's threshold starts (16 bits, saturating).
pub const THRESHOLD_SHIFT: u32 = 16;

// A frontier search expands each reached state at most once and gives every generated child an
// id, at most four per expansion, so its ids, parents and frontier sizes stay below `NONE32`.
const _: () = assert!(4 * crate::search::MAX_REACHED + 1 < NONE32 as u64);

/// Appends `event` as one record of [`RECORD_WORDS`] `u32` words, for views that need many
/// events fast (one typed array instead of one object per event):
///
/// | word | iteration | node / prune | expand / generate / skip | backtrack | raise | solved | gaveup |
/// |---|---|---|---|---|---|---|---|
/// | 0 | 0 | 1 / 2 | 6 / 7 / 8 | 3 | 4 | 5 | 9 |
/// | 1 | iteration | id, low 32 bits | id, low | id, low | from | length | reached |
/// | 2 | threshold | id, high 32 bits | id, high (0) | id, high | to | 0 | limit |
/// | 3 | 0 | parent, low (`NONE32` at the root) | parent (`NONE32` at the root) | 0 | 0 | expanded, low | 0 |
/// | 4 | 0 | parent, high (`NONE32` at the root) | frontier size (skip: 0) | 0 | 0 | expanded, high | 0 |
/// | 5 | 0 | g | g | 0 | 0 | generated, low | 0 |
/// | 6 | 0 | h | h | 0 | 0 | generated, high | 0 |
/// | 7 | 0 | tile (bits 0–7, 255 at the root), blank (bits 8–15, node only), threshold of a prune (bits 16–31) | tile, blank | 0 | 0 | 0 | 0 |
///
/// f = g + h; a solution's moves are read from the solver, not from the record.
pub fn pack(event: &Event, out: &mut Vec<u32>) {
    let split = |v: u64| [v as u32, (v >> 32) as u32];
    let mut r = [0u32; RECORD_WORDS];
    // The node-like part: id, parent, g, h, tile and blank; a wide parent keeps its
    // high word (IDA*'s ids grow past 32 bits), else it is left for the frontier size.
    let mut node = |kind: EventKind, n: &NodeInfo| {
        let wide_parent = !kind.narrow_parent();
        r[word::KIND] = kind as u32;
        [r[word::ID], r[word::ID + 1]] = split(n.id);
        match n.parent {
            Some(p) if wide_parent => [r[word::PARENT], r[word::PARENT + 1]] = split(p),
            Some(p) => r[word::PARENT] = p as u32,
            None if wide_parent => [r[word::PARENT], r[word::PARENT + 1]] = [NONE32, NONE32],
            None => r[word::PARENT] = NONE32,
        }
        r[word::G] = n.g;
        r[word::H] = n.h;
        r[word::MOVE] = n.tile.map_or(NO_TILE, u32::from) | u32::from(n.blank) << BLANK_SHIFT;
    };
    match *event {
        Event::Iteration(IterationEvent {
            iteration,
            threshold,
        }) => {
            r[word::KIND] = EventKind::Iteration as u32;
            r[word::ITERATION] = iteration;
            r[word::THRESHOLD] = threshold;
        }
        Event::Node(ref n) => node(EventKind::Node, n),
        Event::Prune(PruneEvent {
            id,
            parent,
            g,
            h,
            f,
            threshold,
            tile,
        }) => {
            let info = NodeInfo {
                id,
                parent: Some(parent),
                g,
                h,
                f,
                tile: Some(tile),
                blank: 0,
            };
            node(EventKind::Prune, &info);
            r[word::MOVE] |= threshold.min(0xffff) << THRESHOLD_SHIFT;
        }
        Event::Expand(ExpandEvent {
            node: ref n,
            frontier,
        }) => {
            node(EventKind::Expand, n);
            r[word::FRONTIER] = frontier as u32;
        }
        Event::Generate(GenerateEvent {
            node: ref n,
            frontier,
        }) => {
            node(EventKind::Generate, n);
            r[word::FRONTIER] = frontier as u32;
        }
        Event::Skip(SkipEvent { node: ref n }) => node(EventKind::Skip, n),
        Event::Backtrack(BacktrackEvent { id }) => {
            r[word::KIND] = EventKind::Backtrack as u32;
            [r[word::ID], r[word::ID + 1]] = split(id);
        }
        Event::Raise(RaiseEvent { from, to }) => {
            r[word::KIND] = EventKind::Raise as u32;
            r[word::FROM] = from;
            r[word::TO] = to;
        }
        Event::GaveUp(GaveUpEvent { reached, limit }) => {
            r[word::KIND] = EventKind::GaveUp as u32;
            r[word::REACHED] = reached as u32;
            r[word::LIMIT] = limit as u32;
        }
        Event::Solved(SolvedEvent {
            length,
            expanded,
            generated,
            ..
        }) => {
            r[word::KIND] = EventKind::Solved as u32;
            r[word::LENGTH] = length;
            [r[word::EXPANDED], r[word::EXPANDED + 1]] = split(expanded);
            [r[word::GENERATED], r[word::GENERATED + 1]] = split(generated);
        }
    }
    out.extend_from_slice(&r);
}

/// The record layout as an ES module, `www/model/record-layout.js`: the page reads records through
/// these names only. `tests/layout.rs` keeps the committed file equal to this text
/// (`make golden` rewrites it).
pub fn layout_js() -> String {
    use std::fmt::Write;
    let mut js = String::from(
        "// The packed trace-record layout of `Solver.stepMany`, generated from src/trace.rs \
         (`layout_js`);\n// tests/layout.rs keeps this file equal to it and `make golden` \
         rewrites it. Do not edit.\n",
    );
    let _ = writeln!(js, "export const RECORD_WORDS = {RECORD_WORDS};");
    let _ = writeln!(js, "export const NONE32 = 0x{NONE32:x};");
    let kinds: Vec<String> = EventKind::ALL
        .iter()
        .map(|k| format!("{}: {}", k.name(), *k as u32))
        .collect();
    let _ = writeln!(
        js,
        "export const KIND = Object.freeze({{ {} }});",
        kinds.join(", ")
    );
    let words = [
        ("kind", word::KIND),
        ("id", word::ID),
        ("parent", word::PARENT),
        ("frontier", word::FRONTIER),
        ("g", word::G),
        ("h", word::H),
        ("move", word::MOVE),
        ("iteration", word::ITERATION),
        ("threshold", word::THRESHOLD),
        ("from", word::FROM),
        ("to", word::TO),
        ("length", word::LENGTH),
        ("expanded", word::EXPANDED),
        ("generated", word::GENERATED),
        ("reached", word::REACHED),
        ("limit", word::LIMIT),
    ];
    let words: Vec<String> = words.iter().map(|(n, w)| format!("{n}: {w}")).collect();
    let _ = writeln!(
        js,
        "export const WORD = Object.freeze({{ {} }});",
        words.join(", ")
    );
    let narrow: Vec<String> = EventKind::ALL
        .iter()
        .filter(|k| k.narrow_parent())
        .map(|k| (*k as u32).to_string())
        .collect();
    let _ = writeln!(
        js,
        "export const NARROW_PARENT = Object.freeze([{}]);",
        narrow.join(", ")
    );
    let _ = writeln!(
        js,
        "export const MOVE_BITS = Object.freeze({{ noTile: 0x{NO_TILE:x}, blankShift: \
         {BLANK_SHIFT}, thresholdShift: {THRESHOLD_SHIFT} }});"
    );
    js
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
            &Event::Node(NodeInfo {
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

    #[test]
    fn frontier_records_carry_the_frontier_size() {
        let node = NodeInfo {
            id: 12,
            parent: Some(4),
            g: 2,
            h: 5,
            f: 7,
            tile: Some(6),
            blank: 3,
        };
        let mut out = Vec::new();
        pack(
            &Event::Generate(GenerateEvent { node, frontier: 9 }),
            &mut out,
        );
        let root = NodeInfo {
            parent: None,
            tile: None,
            ..node
        };
        pack(
            &Event::Expand(ExpandEvent {
                node: root,
                frontier: 0,
            }),
            &mut out,
        );
        pack(&Event::Skip(SkipEvent { node }), &mut out);
        assert_eq!(&out[..8], &[7, 12, 0, 4, 9, 2, 5, 6 | 3 << 8]);
        assert_eq!(&out[8..16], &[6, 12, 0, NONE32, 0, 2, 5, 0xff | 3 << 8]);
        assert_eq!(&out[16..], &[8, 12, 0, 4, 0, 2, 5, 6 | 3 << 8]);
    }
}
