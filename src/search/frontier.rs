//! The lecture's frontier searches — breadth-first, depth-first, greedy best-first and A* —
//! as graph searches with a set of reached states, each a state machine on the same event
//! stream as IDA*.
//!
//! Exactly as the lecture teaches them:
//! - the start is reached and put on the frontier (`generate`);
//! - a node taken off the frontier is goal-tested; the goal ends the search (`solved`);
//!   otherwise it is expanded (`expand`, counted in `expanded`, the lecture's "iterations");
//! - its children come in the lecture's order of blank moves (left, right, up, down); a child
//!   whose state is not reached yet is marked reached *when generated* and put on the frontier
//!   (`generate`); one already reached is not (`skip`);
//! - the frontier is a queue (BFS: take the oldest), a stack (DFS: children pushed in order,
//!   the last pushed taken first), or a priority queue: h for greedy, g + h for A*, ties broken
//!   by the smaller h, then by insertion order (older first).
//!
//! A* takes a cheaper path to a reached state when it finds one: the new path goes on the
//! frontier as a new node and the older, dearer entry is dropped when it comes off (a lazy
//! decrease-key). For a state still on the frontier that is ordinary A*; a state already
//! expanded is never re-opened with the consistent heuristics of this crate, but the same rule
//! keeps A* optimal for any admissible one.
//!
//! A memory guard stops a search that has reached `limit` states (`gaveup`), instead of
//! exhausting memory on a 15-puzzle; the guard is at most [`MAX_REACHED`]. Every array the
//! search grows (the nodes, the reached set, the frontier) grows by fallible allocation: when
//! memory runs out first, the search gives up the same way (`gaveup`, with `reached` below
//! `limit`; [`Search::out_of_memory`] says so) instead of aborting the process (or trapping in
//! wasm).
//!
//! Speed (a BFS over every 8-puzzle state is a test): `run` builds no events; nodes live in one
//! array, the BFS queue being a range of it; a child's key comes from its parent's in O(1); the
//! reached set is a bitmap of permutation ranks for 3×3 boards and an open-addressing table of
//! 8-byte keys up to 4×4; and a silent BFS, which never reads h, computes it only when a view
//! or an event asks for it.

mod queue;
mod reached;

use super::Advance;
use super::{Algorithm, Counters, FrontierProgress, Progress, Report, Search, Status};
use crate::board::{neighbor, Board, Goal, MoveOrder, Tiles, SLOTS};
use crate::error::Error;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::trace::{
    Event, ExpandEvent, GaveUpEvent, GenerateEvent, NodeInfo, Silent, Sink, SkipEvent,
};
use queue::{entry, Frontier};
use reached::{Packing, Reached};
use serde::Serialize;

/// The default memory guard: states reached before a frontier search gives up (about 80 MB for a
/// 15-puzzle BFS).
pub const DEFAULT_MAX_REACHED: u64 = 1_000_000;

/// The largest memory guard a frontier search takes: 10⁹ reached states (node indices are
/// 32-bit; a 24-puzzle BFS would need over 100 GB for them). Memory usually runs out sooner, and
/// the search then gives up cleanly (see the module docs).
pub const MAX_REACHED: u64 = 1_000_000_000;

/// Nodes a search can hold: indices are `u32`, and `u32::MAX` marks the root's parent.
const MAX_NODES: usize = u32::MAX as usize - 1;

/// A frontier entry, in the order entries will be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FrontierEntry {
    /// The node's id.
    pub id: u64,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
}

const ROOT: u32 = u32::MAX;

/// The blank's moves from one cell, in the search's order: (the move's place in the
/// [`MoveOrder`], the cell the blank moves to); a table, so that expanding a node costs
/// no division by the width and no branch per move off the board.
#[derive(Clone, Copy, Debug, Default)]
struct Moves {
    len: u8,
    to: [(u8, u8); 4],
}

#[derive(Clone, Copy, Debug)]
struct Node<S> {
    key: u128,
    id: u64,
    /// Index of the parent node (`ROOT` for the start).
    parent: u32,
    g: u32,
    h: u32,
    state: S,
    tile: u8,
    blank: u8,
    /// A* found a cheaper path to this state later: the node is dropped when taken.
    dropped: bool,
    /// Whether `h` and `state` are set: a silent BFS, which never reads them, leaves them to
    /// [`FrontierSearch::score`].
    scored: bool,
}

/// Where a frontier search's events go, chosen at run time so that one instance of the engine
/// serves `run`, `run_traced` and `step` (the wasm module stays small); a silent BFS still gets
/// a loop of its own (see [`FrontierSearch::expand`]).
enum Events<'a> {
    /// `run`: no event is built.
    Dropped,
    /// Each event to the callback, which returns true to pause.
    To(&'a mut dyn FnMut(Event) -> bool),
}

impl Events<'_> {
    #[inline(always)]
    fn tracing(&self) -> bool {
        matches!(self, Events::To(_))
    }
}

impl Sink for Events<'_> {
    const TRACING: bool = true;
    #[inline(always)]
    fn emit(&mut self, event: impl FnOnce() -> Event) -> bool {
        match self {
            Events::Dropped => false,
            Events::To(f) => f(event()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Put the start on the frontier.
    Start,
    /// Take the next node off the frontier.
    Take,
    /// Generate the children of `node` from direction index `dir` on.
    Expanding { node: u32, dir: u8 },
    /// The goal came off the frontier: emit `solved`.
    Solved(u32),
    /// Nothing more to do.
    Done(Status),
}

/// A frontier search with heuristic `H` (see the module docs).
#[derive(Clone, Debug)]
pub struct FrontierSearch<H: Heuristic> {
    heuristic: H,
    start: Board,
    goal: Goal,
    goal_key: u128,
    packing: Packing,
    /// BFS, DFS, greedy or A*: how the frontier orders its nodes (never IDA*: `new` refuses it).
    algorithm: Algorithm,
    limit: u64,
    /// The blank's moves from each cell.
    moves: [Moves; SLOTS],
    order: MoveOrder,
    nodes: Vec<Node<H::State>>,
    /// Reached states: the node with the cheapest path found so far.
    reached: Reached,
    frontier: Frontier,
    next_id: u64,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
    phase: Phase,
    /// The node taken off the frontier last.
    current: Option<u32>,
    solution: Option<Vec<u8>>,
    /// The search gave up because memory ran out (before the guard).
    out_of_memory: bool,
}

/// The blank's moves from each cell of `board`'s width, in `order`.
fn moves_table(board: &Board, order: MoveOrder) -> [Moves; SLOTS] {
    let mut moves = [Moves::default(); SLOTS];
    for (cell, m) in moves.iter_mut().enumerate().take(board.cells()) {
        for (place, dir) in order.directions().into_iter().enumerate() {
            if let Some(next) = neighbor(cell, dir, board.width()) {
                m.to[m.len as usize] = (place as u8, next as u8);
                m.len += 1;
            }
        }
    }
    moves
}

impl<H: Heuristic> FrontierSearch<H> {
    /// The same search trying the blank's moves in `order` (before its first step).
    #[must_use]
    pub fn in_order(mut self, order: MoveOrder) -> Self {
        self.moves = moves_table(&self.start, order);
        self.order = order;
        self
    }

    /// A search from `start` to `goal` by `algorithm` (BFS, DFS, greedy or A*); fails when the
    /// board cannot reach the goal, and for [`Algorithm::Ida`], which is no frontier search
    /// ([`super::new_search`] never asks for it).
    pub fn new(
        start: Board,
        goal: Goal,
        heuristic: H,
        algorithm: Algorithm,
        limit: u64,
    ) -> Result<Self, Error> {
        let Some(frontier) = Frontier::new(algorithm) else {
            return Err(Error::InvalidOption(
                "IDA* is not a frontier search (new_search runs it)".into(),
            ));
        };
        start.check_solvable(goal)?;
        if limit == 0 {
            return Err(Error::InvalidOption(
                "the memory guard (maxReached) must allow at least 1 reached state".into(),
            ));
        }
        if limit > MAX_REACHED {
            return Err(Error::InvalidOption(format!(
                "the memory guard (maxReached) allows at most {MAX_REACHED} reached states, got {limit}"
            )));
        }
        let packing = Packing::for_cells(start.cells());
        let goal_key = packing.key_of(goal.board(start.width())?.tiles());
        let moves = moves_table(&start, MoveOrder::LECTURE);
        Ok(FrontierSearch {
            heuristic,
            start,
            goal,
            goal_key,
            packing,
            algorithm,
            limit,
            moves,
            order: MoveOrder::LECTURE,
            nodes: Vec::new(),
            reached: Reached::new(start.cells(), algorithm == Algorithm::Astar),
            frontier,
            next_id: 0,
            expanded: 0,
            generated: 0,
            max_frontier: 0,
            phase: Phase::Start,
            current: None,
            solution: None,
            out_of_memory: false,
        })
    }

    /// Room for one more node and frontier entry (the common case: no allocation); false when
    /// memory for it ran out or the node indices are used up.
    #[inline(always)]
    fn room_for_node(&mut self) -> bool {
        let full = self.nodes.len() == self.nodes.capacity() || self.frontier.is_full();
        !full || self.make_room_for_node()
    }

    #[cold]
    fn make_room_for_node(&mut self) -> bool {
        if self.nodes.len() >= MAX_NODES {
            return false;
        }
        self.nodes.try_reserve(1).is_ok() && self.frontier.try_reserve_one().is_ok()
    }

    /// Gives up because memory ran out at the current count of reached states.
    #[cold]
    fn give_up_out_of_memory<S: Sink>(&mut self, sink: &mut S) -> Status {
        self.phase = Phase::Done(Status::GaveUp);
        self.out_of_memory = true;
        let (reached, limit) = (self.reached.len() as u64, self.limit);
        sink.emit(|| Event::GaveUp(GaveUpEvent { reached, limit }));
        Status::GaveUp
    }

    fn frontier_len(&self) -> usize {
        self.frontier.len(self.nodes.len())
    }

    /// Puts the node just made, `index`, on the frontier.
    #[inline(always)]
    fn push(&mut self, index: u32) {
        let node = &self.nodes[index as usize];
        match &mut self.frontier {
            Frontier::Queue { .. } => {}
            Frontier::Stack(s) => s.push(index),
            Frontier::Priority(p) => {
                let priority = match self.algorithm {
                    Algorithm::Greedy => node.h,
                    _ => node.g + node.h,
                };
                p.push(entry(priority, node.h, index));
            }
        }
        self.max_frontier = self.max_frontier.max(self.frontier_len() as u64);
    }

    fn path_to(&self, mut index: u32) -> Vec<u8> {
        let mut moves = Vec::new();
        while index != ROOT {
            let node = &self.nodes[index as usize];
            if node.parent == ROOT {
                break;
            }
            moves.push(node.tile);
            index = node.parent;
        }
        moves.reverse();
        moves
    }

    fn node_event(&self, index: u32, expand: bool) -> Event {
        let n = &self.nodes[index as usize];
        debug_assert!(n.scored, "events carry h");
        let parent = (n.parent != ROOT).then(|| self.nodes[n.parent as usize].id);
        let tile = (n.parent != ROOT).then_some(n.tile);
        let frontier = self.frontier_len() as u64;
        let node = NodeInfo {
            id: n.id,
            parent,
            g: n.g,
            h: n.h,
            f: n.g + n.h,
            tile,
            blank: n.blank,
        };
        if expand {
            Event::Expand(ExpandEvent { node, frontier })
        } else {
            Event::Generate(GenerateEvent { node, frontier })
        }
    }

    /// h and state of the child of `parent` where `tile` slid from `from` into the blank.
    fn child_score(&self, parent: &Node<H::State>, tile: u8, from: usize) -> (u32, H::State) {
        let (mut tiles, mut positions): (Tiles, Tiles) = ([0; SLOTS], [0; SLOTS]);
        let cells = self.start.cells();
        self.packing
            .unpack(parent.key, cells, &mut tiles, &mut positions);
        let to = parent.blank as usize;
        self.heuristic
            .after_slide(parent.h, &parent.state, &tiles, &positions, tile, from, to)
    }

    /// Unscored nodes from `index` up to (not including) its nearest scored ancestor, which
    /// exists: the start is scored.
    fn unscored_chain(&self, mut index: u32) -> Vec<u32> {
        let mut chain = Vec::new();
        while !self.nodes[index as usize].scored {
            chain.push(index);
            index = self.nodes[index as usize].parent;
        }
        chain
    }

    /// h and state of node `index`; for an unscored node, by the same incremental steps from
    /// its nearest scored ancestor down that scoring as it went would have taken.
    fn score(&self, index: u32) -> (u32, H::State) {
        let chain = self.unscored_chain(index);
        let top = chain
            .last()
            .map_or(index, |&i| self.nodes[i as usize].parent);
        let mut node = self.nodes[top as usize];
        for &i in chain.iter().rev() {
            let parent = node;
            node = self.nodes[i as usize];
            (node.h, node.state) = self.child_score(&parent, node.tile, node.blank as usize);
        }
        (node.h, node.state)
    }

    /// Scores node `index` and its unscored ancestors, for good.
    fn keep_score(&mut self, index: u32) {
        if self.nodes[index as usize].scored {
            return;
        }
        for i in self.unscored_chain(index).into_iter().rev() {
            let node = self.nodes[i as usize];
            let parent = self.nodes[node.parent as usize];
            let (h, state) = self.child_score(&parent, node.tile, node.blank as usize);
            let node = &mut self.nodes[i as usize];
            (node.h, node.state, node.scored) = (h, state, true);
        }
    }

    /// The one engine behind `step`, `run` and `run_traced` (see [`Advance`]).
    fn advance_impl(&mut self, sink: &mut Events, max_nodes: Option<u64>) -> Status {
        let limit = max_nodes.map_or(u64::MAX, |n| self.next_id.saturating_add(n));
        loop {
            match self.phase {
                Phase::Start => {
                    if self.next_id >= limit {
                        return Status::Running;
                    }
                    if !self.room_for_node() {
                        return self.give_up_out_of_memory(sink);
                    }
                    let (h, state) = self.heuristic.start(self.start.tiles());
                    let key = self.packing.key_of(self.start.tiles());
                    self.nodes.push(Node {
                        key,
                        id: self.next_id,
                        parent: ROOT,
                        g: 0,
                        h,
                        state,
                        tile: 0,
                        blank: self.start.blank() as u8,
                        dropped: false,
                        scored: true,
                    });
                    self.next_id += 1;
                    if let Err(slot) = self.reached.find(key) {
                        if self.reached.insert(slot, key, 0).is_err() {
                            return self.give_up_out_of_memory(sink);
                        }
                    }
                    self.push(0);
                    self.phase = Phase::Take;
                    if sink.emit(|| self.node_event(0, false)) {
                        return Status::Running;
                    }
                }
                Phase::Take => {
                    let Some(index) = self.frontier.take(self.nodes.len()) else {
                        self.phase = Phase::Done(Status::Exhausted);
                        continue;
                    };
                    let node = &self.nodes[index as usize];
                    if node.dropped {
                        continue;
                    }
                    self.current = Some(index);
                    if node.key == self.goal_key {
                        self.phase = Phase::Solved(index);
                        continue;
                    }
                    self.expanded += 1;
                    self.phase = Phase::Expanding {
                        node: index,
                        dir: 0,
                    };
                    if sink.tracing() {
                        self.keep_score(index);
                    }
                    if sink.emit(|| self.node_event(index, true)) {
                        return Status::Running;
                    }
                }
                Phase::Expanding { node, dir } => {
                    if let Some(status) = self.expand(sink, limit, node, dir) {
                        return status;
                    }
                }
                Phase::Solved(index) => {
                    let moves = self.path_to(index);
                    self.solution = Some(moves.clone());
                    self.phase = Phase::Done(Status::Solved);
                    let (expanded, generated) = (self.expanded, self.generated);
                    sink.emit(|| Event::solved(moves, expanded, generated));
                    return Status::Solved;
                }
                Phase::Done(status) => return status,
            }
        }
    }

    /// Generates the children of node `index` from direction index `dir` on, in one loop
    /// that keeps the parent in registers. Returns the status to stop with (the phase says
    /// where to resume), or `None` once every child is done (the phase is then `Take`).
    #[inline(always)]
    fn expand(&mut self, sink: &mut Events, limit: u64, index: u32, dir: u8) -> Option<Status> {
        let tracing = sink.tracing();
        if tracing || self.algorithm != Algorithm::Bfs {
            self.keep_score(index);
            self.expand_with::<Events, true>(sink, tracing, limit, index, dir)
        } else {
            // Only events and the priority queues read h: a silent BFS leaves it for later, in
            // a loop of its own without the heuristic's or the events' code.
            self.expand_with::<Silent, false>(&mut Silent, false, limit, index, dir)
        }
    }

    /// [`FrontierSearch::expand`] into `sink` (events built only when `tracing`), scoring the
    /// children or not.
    #[inline(always)]
    fn expand_with<S: Sink, const SCORING: bool>(
        &mut self,
        sink: &mut S,
        tracing: bool,
        limit: u64,
        index: u32,
        dir: u8,
    ) -> Option<Status> {
        let parent = self.nodes[index as usize];
        let (packing, to) = (self.packing, parent.blank as usize);
        let moves = self.moves[to & (SLOTS - 1)];
        let moves = &moves.to[..(moves.len as usize).min(4)];
        // Where a paused expansion resumes.
        let first = moves.iter().take_while(|m| m.0 < dir).count();
        // The parent's board, unpacked for the heuristic once some child needs its h.
        let (mut tiles, mut positions): (Tiles, Tiles) = ([0; SLOTS], [0; SLOTS]);
        let mut unpacked = false;
        let mut h_of = |this: &Self, tile: u8, from: usize| {
            if !unpacked {
                packing.unpack(parent.key, this.start.cells(), &mut tiles, &mut positions);
                unpacked = true;
            }
            this.heuristic
                .after_slide(parent.h, &parent.state, &tiles, &positions, tile, from, to)
        };
        for &(d, from) in &moves[first..] {
            let from = from as usize;
            let resume = Phase::Expanding {
                node: index,
                dir: d + 1,
            };
            if self.next_id >= limit {
                self.phase = Phase::Expanding {
                    node: index,
                    dir: d,
                };
                return Some(Status::Running);
            }
            let tile = packing.cell(parent.key, from);
            let key = packing.slide(parent.key, tile, from, to);
            let g = parent.g + 1;
            let id = self.next_id;
            self.next_id += 1;
            self.generated += 1;
            let child = self.nodes.len() as u32;
            // `None`: skipped; `Some(old)`: added, in place of A*'s dearer node `old` if any.
            let added: Option<Option<u32>> = if tile == parent.tile {
                // Sliding the parent's tile back gives the grandparent's state, reached with
                // g − 2 or less: every algorithm skips it, no look-up needed.
                None
            } else {
                match self.reached.find(key) {
                    Err(slot) => {
                        let reached = self.reached.len() as u64;
                        if reached >= self.limit {
                            self.phase = Phase::Done(Status::GaveUp);
                            let limit = self.limit;
                            sink.emit(|| Event::GaveUp(GaveUpEvent { reached, limit }));
                            return Some(Status::GaveUp);
                        }
                        if !self.room_for_node() || self.reached.insert(slot, key, child).is_err() {
                            return Some(self.give_up_out_of_memory(sink));
                        }
                        Some(None)
                    }
                    Ok(slot) if self.algorithm == Algorithm::Astar => {
                        let old = self.reached.index(slot);
                        if g < self.nodes[old as usize].g {
                            if !self.room_for_node() {
                                return Some(self.give_up_out_of_memory(sink));
                            }
                            self.reached.set_index(slot, child);
                            Some(Some(old))
                        } else {
                            None
                        }
                    }
                    Ok(_) => None,
                }
            };
            let Some(replaced) = added else {
                if tracing {
                    let (h, _) = h_of(self, tile, from);
                    let parent = parent.id;
                    let skip = || {
                        Event::Skip(SkipEvent {
                            node: NodeInfo {
                                id,
                                parent: Some(parent),
                                g,
                                h,
                                f: g + h,
                                tile: Some(tile),
                                blank: from as u8,
                            },
                        })
                    };
                    if sink.emit(skip) {
                        self.phase = resume;
                        return Some(Status::Running);
                    }
                }
                continue;
            };
            let (h, state) = if SCORING {
                h_of(self, tile, from)
            } else {
                (0, H::State::default())
            };
            if let Some(old) = replaced {
                self.nodes[old as usize].dropped = true;
            }
            self.nodes.push(Node {
                key,
                id,
                parent: index,
                g,
                h,
                state,
                tile,
                blank: from as u8,
                dropped: false,
                scored: SCORING,
            });
            self.push(child);
            if sink.emit(|| self.node_event(child, false)) {
                self.phase = resume;
                return Some(Status::Running);
            }
        }
        self.phase = Phase::Take;
        None
    }
}

impl<H: Heuristic> Advance for FrontierSearch<H> {
    fn advance<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status {
        if S::TRACING {
            self.advance_impl(&mut Events::To(&mut |e| sink.emit(|| e)), max_nodes)
        } else {
            self.advance_impl(&mut Events::Dropped, max_nodes)
        }
    }
}

impl<H: Heuristic> Search for FrontierSearch<H> {
    fn step(&mut self) -> Option<Event> {
        self.step_one()
    }

    fn run(&mut self, max_nodes: Option<u64>) -> Status {
        self.advance_impl(&mut Events::Dropped, max_nodes)
    }

    fn run_traced(
        &mut self,
        max_nodes: Option<u64>,
        on_event: &mut dyn FnMut(Event) -> bool,
    ) -> Status {
        self.advance_impl(&mut Events::To(on_event), max_nodes)
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Done(status) => status,
            _ => Status::Running,
        }
    }

    fn report(&self) -> Report {
        Report {
            status: self.status(),
            length: self.solution.as_ref().map(|m| m.len() as u32),
            moves: self.solution.clone(),
            expanded: self.expanded,
            generated: self.generated,
            nodes: self.next_id,
            progress: Progress::Frontier(FrontierProgress {
                max_frontier: self.max_frontier,
                reached: self.reached.len() as u64,
            }),
        }
    }

    fn counters(&self) -> Counters {
        Counters {
            expanded: self.expanded,
            generated: self.generated,
            nodes: self.next_id,
            threshold: 0,
            iteration: 0,
        }
    }

    fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.reached.clear();
        self.frontier.clear();
        self.next_id = 0;
        self.expanded = 0;
        self.generated = 0;
        self.max_frontier = 0;
        self.phase = Phase::Start;
        self.current = None;
        self.solution = None;
        self.out_of_memory = false;
    }

    fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    fn path(&self) -> Vec<u8> {
        self.current.map_or_else(Vec::new, |i| self.path_to(i))
    }

    fn board(&self) -> Board {
        match self.current {
            Some(i) => Board::trusted(
                self.start.width(),
                self.packing
                    .tiles_of(self.nodes[i as usize].key, self.start.cells()),
            ),
            None => self.start,
        }
    }

    fn start(&self) -> Board {
        self.start
    }

    fn goal(&self) -> Goal {
        self.goal
    }

    fn heuristic(&self) -> HeuristicKind {
        self.heuristic.kind()
    }

    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    fn order(&self) -> MoveOrder {
        self.order
    }

    fn frontier_size(&self) -> u64 {
        self.frontier_len() as u64
    }

    fn frontier(&self, limit: usize) -> Vec<FrontierEntry> {
        self.frontier
            .ordered(limit, self.nodes.len())
            .into_iter()
            .map(|i| {
                let n = &self.nodes[i as usize];
                let (h, _) = self.score(i);
                FrontierEntry {
                    id: n.id,
                    g: n.g,
                    h,
                    f: n.g + h,
                }
            })
            .collect()
    }
}
