//! IDA* (iterative deepening A*) as an explicit-stack state machine, exactly as the teaching
//! text's cheat sheet describes it:
//!
//! ```text
//! IDA*(start):                                     Phase::Begin, then Phase::Root
//!     threshold = h(start)
//!     loop:
//!         t = boundedDFS(start, g=0, threshold)
//!         if t == FOUND: return path               Phase::Solved   (event `solved`)
//!         if t == INF:   return no-solution        Phase::Done(Exhausted)
//!         threshold = t                            Phase::Raise    (event `raise`)
//!
//! boundedDFS(state, g, threshold):                 IdaStar::expand
//!     f = g + h(state)
//!     if f > threshold: return f                   a pruned child  (event `prune`)
//!     if isGoal(state): return FOUND               Phase::Visited  (event `node`)
//!     for move in moves(state) excluding reverse:  Moves, in the MoveOrder
//!         apply(move)                              slide
//!         t = boundedDFS(state, g+1, threshold)    a Frame pushed on the Path
//!         if t == FOUND: return FOUND
//!         min = min(min, t)                        next_threshold
//!         undo(move)                               slide back      (event `backtrack`)
//!     return min
//! ```
//!
//! So: the first threshold is h(start); a depth-first search visits nodes with
//! f = g + h ≤ threshold and prunes a generated child with f > threshold; the goal test happens
//! on visited nodes only; an iteration that ends without the goal raises the threshold to the
//! smallest pruned f. Children come in a fixed order of blank moves (the lecture's left, right,
//! up, down unless told otherwise), never the move that undoes the move into the node.
//!
//! There is no recursion here: the search lives in a stack of frames, so it can pause after any
//! event and resume. A run that builds no events takes the fast path ([`walk`]), which walks
//! the same states, ids and counters.

mod packets;
mod seek;
mod walk;

pub(crate) use packets::{packet_engine, PacketEngine, SubtreeEnd};

use super::parallel::{HandOver, Underway};
use super::Advance;
use super::{Algorithm, Counters, IdaProgress, IterationSummary, Progress, Report, Search, Status};
use crate::board::{
    neighbor, Board, Goal, MoveOrder, Tiles, MAX_WIDTH, MIN_WIDTH, SLOTS, SLOT_MASK,
};
use crate::error::Error;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::trace::{
    BacktrackEvent, Callback, Event, IterationEvent, NodeInfo, PruneEvent, RaiseEvent, Silent, Sink,
};

/// No move led to the root, so none is forbidden there.
const NO_MOVE: u8 = 4;

/// In [`Moves`]: the blank cannot move that way (the edge, or the move that undoes the last).
const NONE: u8 = u8::MAX;

/// `moves[cell][back][place]`: the cell the blank reaches from `cell` with the move at that
/// place of the search's order, or `NONE` when it cannot or when the place is `back` (the one undoing the
/// move into the node; `NO_MOVE` at the root). Indexed by `cell & SLOT_MASK` and `back & 7`
/// (the fast walk packs both in one word), so the search loop has one check per direction and
/// no bounds checks.
type Moves = [[[u8; 4]; 8]; SLOTS];

/// One node on the current path.
#[derive(Clone, Copy, Debug)]
struct Frame<S> {
    id: u64,
    h: u32,
    /// The heuristic's incremental state at this node.
    state: S,
    blank: u8,
    /// The tile slid to reach this node (0 at the root).
    tile: u8,
    /// Place of the move that would undo the move into this node (`NO_MOVE` at the root).
    back: u8,
    /// Place (in the search's `MoveOrder`) of the next move to try: 4 when all are done.
    next: u8,
}

/// Room for the deepest path IDA* can walk. With an admissible heuristic no threshold exceeds
/// the optimal solution length (the first pruned node on an optimal path has f ≤ optimum), and
/// g ≤ threshold on the path; optimal lengths are at most [`max_threshold`], below this.
const MAX_DEPTH: usize = 256;

/// The longest optimal solution of any board of each width, from 3 (the 8-puzzle) on: 31 and
/// 80 moves are exact (every board is solved in that many moves, and some need them all); 210
/// is a proven upper bound for the 24-puzzle (Karlemo and Östergård, 2000). Both goals put the
/// blank in a corner, where these figures hold.
const LONGEST_OPTIMAL: [u32; MAX_WIDTH - MIN_WIDTH + 1] = [31, 80, 210];

// A path of `max_threshold` moves (and its root) fits the path's frames.
const _: () = assert!(LONGEST_OPTIMAL[MAX_WIDTH - MIN_WIDTH] < MAX_DEPTH as u32);

/// The largest threshold an IDA* iteration on a `width` × `width` board can have: the longest
/// optimal solution of any such board (31 moves for the 8-puzzle, 80 for the 15-puzzle, at most
/// 210 for the 24-puzzle). With an admissible heuristic, as all of this crate's are, IDA* never
/// raises its threshold past the optimal solution's length, so no search reaches a larger one;
/// a packet search refuses it (see [`crate::search::PacketSearcher::search`]).
pub fn max_threshold(width: usize) -> u32 {
    LONGEST_OPTIMAL[width.clamp(MIN_WIDTH, MAX_WIDTH) - MIN_WIDTH]
}

/// The current path as a fixed array, indexed with a mask so the hot loop has no bounds checks.
#[derive(Clone, Debug)]
struct Path<S> {
    frames: Box<[Frame<S>; MAX_DEPTH]>,
    len: usize,
}

impl<S: Copy + Default> Path<S> {
    fn new() -> Path<S> {
        let empty = Frame {
            id: 0,
            h: 0,
            state: S::default(),
            blank: 0,
            tile: 0,
            back: NO_MOVE,
            next: 0,
        };
        Path {
            frames: Box::new([empty; MAX_DEPTH]),
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, frame: Frame<S>) {
        self.frames[self.len & (MAX_DEPTH - 1)] = frame;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Frame<S>> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.frames[self.len & (MAX_DEPTH - 1)])
    }

    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn last(&self) -> Option<&Frame<S>> {
        self.frames[..self.len].last()
    }

    fn iter(&self) -> impl Iterator<Item = &Frame<S>> {
        self.frames[..self.len].iter()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Emit the `iteration` event.
    Begin,
    /// Visit the root.
    Root,
    /// The node on top of the stack was just visited: goal test, then expand.
    Visited,
    /// Generate the next child of the node on top of the stack, or backtrack.
    Expanding,
    /// The iteration ended without the goal: emit `raise`.
    Raise,
    /// The goal was visited: emit `solved`.
    Solved,
    /// Nothing more to do.
    Done(Status),
}

/// IDA* with heuristic `H` (see the module docs for the exact rules).
#[derive(Clone, Debug)]
pub struct IdaStar<H: Heuristic> {
    heuristic: H,
    start: Board,
    goal: Goal,
    goal_tiles: Tiles,
    moves: Moves,
    order: MoveOrder,
    /// A child's `back` is the place of its move in `order` XOR this.
    opposite_xor: u8,
    root_h: u32,
    root_state: H::State,
    // The search state: everything below changes as the search runs.
    tiles: Tiles,
    /// `positions[tile]` = the tile's cell, kept only when the heuristic reads it.
    positions: Tiles,
    stack: Path<H::State>,
    phase: Phase,
    threshold: u32,
    /// Smallest f pruned in this iteration (`u32::MAX`: none yet).
    next_threshold: u32,
    iteration: u32,
    /// Children pruned in this iteration.
    pruned: u64,
    /// The id of this iteration's root: nodes of the iteration are `iteration_start..next_id`.
    iteration_start: u64,
    /// Ids handed out so far: every id is a root or a generated child.
    next_id: u64,
    /// Nodes visited in earlier iterations.
    visited_before: u64,
    finished: Vec<IterationSummary>,
    solution: Option<Vec<u8>>,
    /// The summaries of the iterations that ended in a raise, as far as this object has ever
    /// run (kept across `reset` and `seek`): where each iteration starts and with which
    /// counters, so that `seek` restarts there without running the earlier ones.
    known: Vec<IterationSummary>,
    /// Place of the move never tried from the root (`NO_MOVE`: none; a packet's root, see
    /// `packets`).
    root_back: u8,
    /// Stop after the first iteration (a packet's subtree).
    one_iteration: bool,
}

impl<H: Heuristic> IdaStar<H> {
    /// A search from `start` to `goal` in the lecture's move order; fails when the board
    /// cannot reach the goal.
    pub fn new(start: Board, goal: Goal, heuristic: H) -> Result<Self, Error> {
        IdaStar::with_order(start, goal, heuristic, MoveOrder::LECTURE)
    }

    /// A search from `start` to `goal` that tries the blank's moves in `order`.
    pub fn with_order(
        start: Board,
        goal: Goal,
        heuristic: H,
        order: MoveOrder,
    ) -> Result<Self, Error> {
        start.check_solvable(goal)?;
        let (width, cells) = (start.width(), start.cells());
        let mut moves = [[[NONE; 4]; 8]; SLOTS];
        for (cell, rows) in moves.iter_mut().enumerate().take(cells) {
            for (back, row) in rows.iter_mut().enumerate() {
                for (place, dir) in order.directions().into_iter().enumerate() {
                    match neighbor(cell, dir, width) {
                        Some(n) if place != back => row[place] = n as u8,
                        _ => {}
                    }
                }
            }
        }
        let goal_tiles = goal.board(width)?.padded();
        let (root_h, root_state) = heuristic.start(start.tiles());
        Ok(IdaStar {
            heuristic,
            start,
            goal,
            goal_tiles,
            moves,
            order,
            opposite_xor: order.opposite_xor(),
            root_h,
            root_state,
            tiles: start.padded(),
            positions: start.positions(),
            stack: Path::new(),
            phase: Phase::Begin,
            threshold: root_h,
            next_threshold: u32::MAX,
            iteration: 0,
            pruned: 0,
            iteration_start: 0,
            next_id: 0,
            visited_before: 0,
            finished: Vec::new(),
            solution: None,
            known: Vec::new(),
            root_back: NO_MOVE,
            one_iteration: false,
        })
    }

    fn current_summary(&self) -> IterationSummary {
        IterationSummary {
            iteration: self.iteration,
            threshold: self.threshold,
            visited: self.visited(),
            pruned: self.pruned,
            next_threshold: None,
        }
    }

    /// Nodes visited in the current iteration.
    fn visited(&self) -> u64 {
        self.next_id - self.iteration_start - self.pruned
    }

    /// Nodes whose children were generated: every visited node but the goal.
    fn expanded(&self) -> u64 {
        let visited = self.visited_before + self.visited();
        let goal_visited = matches!(self.phase, Phase::Solved | Phase::Done(Status::Solved));
        // A node counts as expanded once its goal test failed; the node on top of the stack in
        // phase `Visited` has not been tested yet.
        let untested = matches!(self.phase, Phase::Visited);
        visited - u64::from(goal_visited) - u64::from(untested)
    }

    /// Children generated, pruned ones included: every id but the roots.
    fn generated(&self) -> u64 {
        let roots = u64::from(self.iteration) - u64::from(matches!(self.phase, Phase::Root));
        self.next_id - roots
    }

    /// The one engine behind `step`, `run` and `run_traced` (see [`Advance`]).
    fn advance_impl<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status {
        let limit = max_nodes.map_or(u64::MAX, |n| self.next_id.saturating_add(n));
        loop {
            match self.phase {
                Phase::Begin => {
                    if self.iteration > 0 {
                        self.visited_before += self.visited();
                    }
                    self.iteration += 1;
                    self.iteration_start = self.next_id;
                    self.pruned = 0;
                    self.next_threshold = u32::MAX;
                    self.phase = Phase::Root;
                    let (iteration, threshold) = (self.iteration, self.threshold);
                    if sink.emit(|| {
                        Event::Iteration(IterationEvent {
                            iteration,
                            threshold,
                        })
                    }) {
                        return Status::Running;
                    }
                }
                Phase::Root => {
                    if self.next_id >= limit {
                        return Status::Running;
                    }
                    let id = self.next_id;
                    self.next_id += 1;
                    self.tiles = self.start.padded();
                    self.positions = self.start.positions();
                    self.stack.clear();
                    let (h, blank) = (self.root_h, self.start.blank() as u8);
                    self.stack.push(Frame {
                        id,
                        h,
                        state: self.root_state,
                        blank,
                        tile: 0,
                        back: self.root_back,
                        next: 0,
                    });
                    self.phase = Phase::Visited;
                    if sink.emit(|| {
                        Event::Node(NodeInfo {
                            id,
                            parent: None,
                            g: 0,
                            h,
                            f: h,
                            tile: None,
                            blank,
                        })
                    }) {
                        return Status::Running;
                    }
                }
                Phase::Visited => {
                    let h = self.stack.last().map_or(u32::MAX, |f| f.h);
                    self.phase = if h == 0 && self.tiles == self.goal_tiles {
                        Phase::Solved
                    } else {
                        Phase::Expanding
                    };
                }
                Phase::Expanding => {
                    let paused = if S::TRACING {
                        self.expand(sink, limit)
                    } else {
                        self.expand_silently(limit)
                    };
                    if paused {
                        return Status::Running;
                    }
                }
                Phase::Raise => {
                    let (from, to) = (self.threshold, self.next_threshold);
                    self.finished.push(IterationSummary {
                        next_threshold: (to != u32::MAX).then_some(to),
                        ..self.current_summary()
                    });
                    if to == u32::MAX || self.one_iteration {
                        self.phase = Phase::Done(Status::Exhausted);
                        continue;
                    }
                    self.threshold = to;
                    self.phase = Phase::Begin;
                    if sink.emit(|| Event::Raise(RaiseEvent { from, to })) {
                        return Status::Running;
                    }
                }
                Phase::Solved => {
                    let moves = self.path();
                    self.finished.push(self.current_summary());
                    self.solution = Some(moves.clone());
                    self.phase = Phase::Done(Status::Solved);
                    let (expanded, generated) = (self.expanded(), self.generated());
                    sink.emit(|| Event::solved(moves, expanded, generated));
                    return Status::Solved;
                }
                Phase::Done(status) => return status,
            }
        }
    }

    /// The inner loop: generate children of the top node, visit or prune them, backtrack when
    /// a node's children are done. Returns true when it stopped to pause (sink or budget),
    /// false when the phase moved on (iteration over, or goal visited).
    ///
    /// The node on top of the stack lives in a local (`node`) and the hot counters in locals
    /// for the duration of the loop; all are written back at every exit, so that pausing
    /// anywhere leaves `self` exactly resumable.
    #[inline(always)]
    fn expand<S: Sink>(&mut self, sink: &mut S, limit: u64) -> bool {
        let threshold = self.threshold;
        let heuristic = &self.heuristic;
        let moves = &self.moves;
        let opposite_xor = self.opposite_xor;
        let goal_tiles = &self.goal_tiles;
        let stack = &mut self.stack;
        let Some(mut node) = stack.pop() else {
            self.phase = Phase::Raise;
            return false;
        };
        let mut tiles = self.tiles;
        let mut positions = self.positions;
        let mut next_id = self.next_id;
        let mut pruned = self.pruned;
        let mut next_threshold = self.next_threshold;
        let mut phase = Phase::Expanding;
        let paused = loop {
            // for move in moves(state) excluding reverse:
            let cells = &moves[node.blank as usize & SLOT_MASK][node.back as usize & 7];
            while node.next < 4 && cells[node.next as usize] == NONE {
                node.next += 1;
            }
            if node.next >= 4 {
                // return min: this node's children are done.
                let id = node.id;
                match stack.pop() {
                    None => {
                        phase = Phase::Raise;
                        if sink.emit(|| Event::Backtrack(BacktrackEvent { id })) {
                            break true;
                        }
                        break false;
                    }
                    Some(parent) => {
                        // undo(move): the node's tile slides back where its blank is.
                        let (from, to) = (parent.blank as usize, node.blank as usize);
                        slide::<H>(&mut tiles, &mut positions, node.tile, from, to);
                        node = parent;
                        if sink.emit(|| Event::Backtrack(BacktrackEvent { id })) {
                            break true;
                        }
                        continue;
                    }
                }
            }
            if next_id >= limit {
                break true;
            }
            let dir = node.next;
            let from = cells[dir as usize & 3];
            node.next += 1;
            let id = next_id;
            next_id += 1;
            let (from, to) = (from as usize & SLOT_MASK, node.blank as usize & SLOT_MASK);
            let tile = tiles[from];
            // f = g + h(state), for the child, before its move is applied.
            let (h, state) =
                heuristic.after_slide(node.h, &node.state, &tiles, &positions, tile, from, to);
            let g = stack.len() as u32 + 1;
            let f = g + h;
            if f > threshold {
                // if f > threshold: return f (kept as min = min(min, t)).
                pruned += 1;
                next_threshold = next_threshold.min(f);
                let parent = node.id;
                if sink.emit(|| {
                    Event::Prune(PruneEvent {
                        id,
                        parent,
                        g,
                        h,
                        f,
                        threshold,
                        tile,
                    })
                }) {
                    break true;
                }
                continue;
            }
            // apply(move); boundedDFS(state, g + 1, threshold): the child goes on the path.
            slide::<H>(&mut tiles, &mut positions, tile, from, to);
            let parent = node.id;
            stack.push(node);
            node = Frame {
                id,
                h,
                state,
                blank: from as u8,
                tile,
                back: dir ^ opposite_xor,
                next: 0,
            };
            if S::TRACING {
                phase = Phase::Visited;
                if sink.emit(|| {
                    Event::Node(NodeInfo {
                        id,
                        parent: Some(parent),
                        g,
                        h,
                        f,
                        tile: Some(tile),
                        blank: from as u8,
                    })
                }) {
                    break true;
                }
                phase = Phase::Expanding;
            }
            // if isGoal(state): return FOUND
            if h == 0 && tiles == *goal_tiles {
                phase = Phase::Solved;
                break false;
            }
        };
        if phase != Phase::Raise {
            stack.push(node);
        }
        self.tiles = tiles;
        self.positions = positions;
        self.next_id = next_id;
        self.pruned = pruned;
        self.next_threshold = next_threshold;
        self.phase = phase;
        paused
    }
}

/// Slides `tile` from cell `from` into the blank on `to`: the one board move of both the
/// stepper and the fast walk, forwards into a child and, with the cells swapped, back to the
/// parent. `positions` follows only when the heuristic reads it. Always inlined: in the fast
/// walk's hot loop, a call would cost more than the three stores.
#[inline(always)]
fn slide<H: Heuristic>(tiles: &mut Tiles, positions: &mut Tiles, tile: u8, from: usize, to: usize) {
    tiles[to & SLOT_MASK] = tile;
    tiles[from & SLOT_MASK] = 0;
    if H::USES_POSITIONS {
        positions[tile as usize & SLOT_MASK] = to as u8;
    }
}

impl<H: Heuristic> IdaStar<H> {
    /// The search state as a new search from `start` has it (the first threshold `root_h`);
    /// what it learnt of earlier runs (`known`) stays.
    pub(super) fn start_over(&mut self) {
        self.tiles = self.start.padded();
        self.stack.clear();
        self.phase = Phase::Begin;
        self.threshold = self.root_h;
        self.next_threshold = u32::MAX;
        self.iteration = 0;
        self.pruned = 0;
        self.iteration_start = 0;
        self.next_id = 0;
        self.visited_before = 0;
        self.finished.clear();
        self.solution = None;
    }
}

impl<H: Heuristic> Advance for IdaStar<H> {
    fn advance<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status {
        self.advance_impl(sink, max_nodes)
    }
}

impl<H: Heuristic> Search for IdaStar<H> {
    fn step(&mut self) -> Option<Event> {
        self.step_one()
    }

    fn run(&mut self, max_nodes: Option<u64>) -> Status {
        self.advance(&mut Silent, max_nodes)
    }

    fn run_traced(
        &mut self,
        max_nodes: Option<u64>,
        on_event: &mut dyn FnMut(Event) -> bool,
    ) -> Status {
        self.advance(&mut Callback(on_event), max_nodes)
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Done(status) => status,
            _ => Status::Running,
        }
    }

    fn report(&self) -> Report {
        let mut iterations = self.finished.clone();
        let ended = matches!(self.phase, Phase::Done(_));
        if self.iteration > 0 && !ended && iterations.len() < self.iteration as usize {
            iterations.push(self.current_summary());
        }
        Report {
            status: self.status(),
            length: self.solution.as_ref().map(|m| m.len() as u32),
            moves: self.solution.clone(),
            expanded: self.expanded(),
            generated: self.generated(),
            nodes: self.next_id,
            progress: Progress::Ida(IdaProgress {
                threshold: self.threshold,
                iteration: self.iteration,
                iterations,
            }),
        }
    }

    fn counters(&self) -> Counters {
        Counters {
            expanded: self.expanded(),
            generated: self.generated(),
            nodes: self.next_id,
            threshold: self.threshold,
            iteration: self.iteration,
        }
    }

    fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    fn reset(&mut self) {
        self.remember();
        self.start_over();
    }

    fn seek(&mut self, position: u64) -> u64 {
        self.seek_to(position)
    }

    fn iteration_start(&self) -> u64 {
        self.last_iteration_start()
    }

    fn iteration_position(&self, iteration: u32) -> Option<u64> {
        IdaStar::iteration_position(self, iteration)
    }

    fn path(&self) -> Vec<u8> {
        self.stack.iter().skip(1).map(|f| f.tile).collect()
    }

    fn hand_over(&self) -> Result<HandOver, Error> {
        let over = |why: &str| Err(Error::InvalidOption(format!("handOver(): {why}")));
        if self.one_iteration || self.root_back != NO_MOVE {
            return over("a packet's search is not handed over");
        }
        let mut iterations = self.finished.clone();
        let current = match self.phase {
            Phase::Solved | Phase::Done(_) => {
                return over("the search has finished: nothing is left to hand over")
            }
            // The iteration has not visited its root yet.
            Phase::Begin | Phase::Root => None,
            Phase::Raise => {
                if self.next_threshold == u32::MAX {
                    return over("the search has finished: nothing is left to hand over");
                }
                iterations.push(IterationSummary {
                    next_threshold: Some(self.next_threshold),
                    ..self.current_summary()
                });
                None
            }
            Phase::Visited | Phase::Expanding => {
                let top = self.stack.last().map_or(u32::MAX, |f| f.h);
                if top == 0 && self.tiles == self.goal_tiles {
                    return over(
                        "the search stands on the goal, not yet tested: step once more to solve",
                    );
                }
                Some(Underway {
                    visited: self.visited(),
                    pruned: self.pruned,
                    next_threshold: (self.next_threshold != u32::MAX)
                        .then_some(self.next_threshold),
                    path: self.path(),
                    tried: self.stack.iter().map(|f| f.next).collect(),
                })
            }
        };
        Ok(HandOver {
            iterations,
            current,
        })
    }

    fn board(&self) -> Board {
        Board::trusted(self.start.width(), self.tiles)
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
        Algorithm::Ida
    }

    fn order(&self) -> MoveOrder {
        self.order
    }
}
