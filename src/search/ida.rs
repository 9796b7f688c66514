//! IDA* (iterative deepening A*) as an explicit-stack state machine, exactly as the teaching
//! text describes it:
//!
//! 1. the first threshold is h(start);
//! 2. a depth-first search visits nodes with f = g + h ≤ threshold; a generated child with
//!    f > threshold is pruned;
//! 3. the goal test happens on visited nodes only;
//! 4. when an iteration ends without the goal, the threshold rises to the smallest pruned f.
//!
//! Children are generated in the lecture's order of blank moves (left, right, up, down), never
//! the move that undoes the move into the node. There is no recursion: the search lives in a
//! stack of frames, so it can pause after any event and resume, and a run in the fast path
//! (no events built) walks the same states, ids and counters as stepping.

use super::Advance;
use super::{Algorithm, IterationSummary, Report, Search, Status};
use crate::board::{neighbor, Board, Direction, Goal, Tiles, SLOTS, SLOT_MASK};
use crate::error::Error;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::trace::{Callback, Event, Silent, Sink};

/// No move led to the root, so none is forbidden there.
const NO_MOVE: u8 = 4;

/// In [`Moves`]: the blank cannot move that way (the edge, or the move that undoes the last).
const NONE: u8 = u8::MAX;

/// `moves[cell][back][direction index]`: the cell the blank reaches from `cell` in that
/// direction, or `NONE` when it cannot or when the direction is `back` (the one undoing the
/// move into the node; `NO_MOVE` at the root). Indexed by `cell & SLOT_MASK` and `back & 7`,
/// that is by one word `cell << 3 | back` ([`node_word`]), so the search loop has one check
/// per direction and no bounds checks.
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
    /// Index of the direction that would undo the move into this node (`NO_MOVE` at the root).
    back: u8,
    /// Index (in `Direction::ORDER`) of the next direction to try: 4 when all are done.
    next: u8,
}

/// Room for the deepest path IDA* can walk. With an admissible heuristic no threshold exceeds
/// the optimal solution length (the first pruned node on an optimal path has f ≤ optimum), and
/// g ≤ threshold on the path; optimal lengths are at most 31 (8-puzzle), 80 (15-puzzle) and
/// 205 (24-puzzle, a proven upper bound), all below this.
const MAX_DEPTH: usize = 256;

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
}

impl<H: Heuristic> IdaStar<H> {
    /// A search from `start` to `goal`; fails when the board cannot reach the goal.
    pub fn new(start: Board, goal: Goal, heuristic: H) -> Result<Self, Error> {
        start.check_solvable(goal)?;
        let (width, cells) = (start.width(), start.cells());
        let mut moves = [[[NONE; 4]; 8]; SLOTS];
        for (cell, rows) in moves.iter_mut().enumerate().take(cells) {
            for (back, row) in rows.iter_mut().enumerate() {
                for dir in Direction::ORDER {
                    match neighbor(cell, dir, width) {
                        Some(n) if dir.index() != back => row[dir.index()] = n as u8,
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
            root_h,
            root_state,
            tiles: start.padded(),
            positions: positions_of(&start),
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
        visited - goal_visited as u64 - untested as u64
    }

    /// Children generated, pruned ones included: every id but the roots.
    fn generated(&self) -> u64 {
        let roots = self.iteration as u64 - matches!(self.phase, Phase::Root) as u64;
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
                    if sink.emit(|| Event::Iteration {
                        iteration,
                        threshold,
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
                    self.positions = positions_of(&self.start);
                    self.stack.clear();
                    let (h, blank) = (self.root_h, self.start.blank() as u8);
                    self.stack.push(Frame {
                        id,
                        h,
                        state: self.root_state,
                        blank,
                        tile: 0,
                        back: NO_MOVE,
                        next: 0,
                    });
                    self.phase = Phase::Visited;
                    if sink.emit(|| Event::Node {
                        id,
                        parent: None,
                        g: 0,
                        h,
                        f: h,
                        tile: None,
                        blank,
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
                    if to == u32::MAX {
                        self.phase = Phase::Done(Status::Exhausted);
                        continue;
                    }
                    self.threshold = to;
                    self.phase = Phase::Begin;
                    if sink.emit(|| Event::Raise { from, to }) {
                        return Status::Running;
                    }
                }
                Phase::Solved => {
                    let moves = self.path();
                    self.finished.push(self.current_summary());
                    self.solution = Some(moves.clone());
                    self.phase = Phase::Done(Status::Solved);
                    let (expanded, generated) = (self.expanded(), self.generated());
                    sink.emit(|| Event::Solved {
                        length: moves.len() as u32,
                        moves,
                        expanded,
                        generated,
                    });
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
            let cells = &moves[node.blank as usize & SLOT_MASK][node.back as usize & 7];
            while node.next < 4 && cells[node.next as usize] == NONE {
                node.next += 1;
            }
            if node.next >= 4 {
                let id = node.id;
                match stack.pop() {
                    None => {
                        phase = Phase::Raise;
                        if sink.emit(|| Event::Backtrack { id }) {
                            break true;
                        }
                        break false;
                    }
                    Some(parent) => {
                        // Undo the move into `node`: its tile slides back where the blank is.
                        tiles[node.blank as usize & SLOT_MASK] = node.tile;
                        tiles[parent.blank as usize & SLOT_MASK] = 0;
                        if H::USES_POSITIONS {
                            positions[node.tile as usize & SLOT_MASK] = node.blank;
                        }
                        node = parent;
                        if sink.emit(|| Event::Backtrack { id }) {
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
            let (h, state) =
                heuristic.after_slide(node.h, &node.state, &tiles, &positions, tile, from, to);
            let g = stack.len() as u32 + 1;
            let f = g + h;
            if f > threshold {
                pruned += 1;
                next_threshold = next_threshold.min(f);
                let parent = node.id;
                if sink.emit(|| Event::Prune {
                    id,
                    parent,
                    g,
                    h,
                    f,
                    threshold,
                    tile,
                }) {
                    break true;
                }
                continue;
            }
            tiles[to] = tile;
            tiles[from] = 0;
            if H::USES_POSITIONS {
                positions[tile as usize & SLOT_MASK] = to as u8;
            }
            let parent = node.id;
            stack.push(node);
            node = Frame {
                id,
                h,
                state,
                blank: from as u8,
                tile,
                // Left/right and up/down are neighbours in `Direction::ORDER`.
                back: dir ^ 1,
                next: 0,
            };
            if S::TRACING {
                phase = Phase::Visited;
                if sink.emit(|| Event::Node {
                    id,
                    parent: Some(parent),
                    g,
                    h,
                    f,
                    tile: Some(tile),
                    blank: from as u8,
                }) {
                    break true;
                }
                phase = Phase::Expanding;
            }
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

    /// The fast path of [`IdaStar::expand`] when no events are wanted: the same depth-first
    /// walk over the same explicit path (same children, order, ids and counters; the tests
    /// compare both), written as a recursion over the path's frames so that the hot state
    /// stays in registers. It resumes from any state the stepping engine leaves, and leaves the
    /// path exactly resumable when the budget stops it.
    fn expand_silently(&mut self, limit: u64) -> bool {
        loop {
            // The walk counts its budget down in the high bits of a word (see `Walk::children`).
            let end = limit.min(self.next_id + MAX_WALK);
            let mut walk = Walk {
                heuristic: &self.heuristic,
                moves: &self.moves,
                goal_tiles: &self.goal_tiles,
                frames: &mut self.stack.frames,
                tiles: self.tiles,
                positions: self.positions,
                threshold: self.threshold,
                end,
                pruned: self.pruned,
                next_threshold: self.next_threshold,
                depth_reached: 0,
            };
            let (outcome, next_id) = walk.resume(0, self.stack.len, (end - self.next_id) as u32);
            let depth_reached = walk.depth_reached;
            self.tiles = walk.tiles;
            self.positions = walk.positions;
            self.next_id = next_id;
            self.pruned = walk.pruned;
            self.next_threshold = walk.next_threshold;
            match outcome {
                Outcome::Done => {
                    self.stack.clear();
                    self.phase = Phase::Raise;
                    return false;
                }
                Outcome::Solved => {
                    self.stack.len = depth_reached + 1;
                    self.phase = Phase::Solved;
                    return false;
                }
                Outcome::Paused => {
                    self.stack.len = depth_reached + 1;
                    if next_id >= limit {
                        return true;
                    }
                }
            }
        }
    }
}

/// `positions[tile]` = the tile's cell.
fn positions_of(board: &Board) -> Tiles {
    let mut positions: Tiles = [0; SLOTS];
    for (cell, &tile) in board.tiles().iter().enumerate() {
        positions[tile as usize] = cell as u8;
    }
    positions
}

/// The most nodes one silent walk generates before it returns to [`IdaStar::expand_silently`]
/// (which resumes it in another, at the cost of one pause): the ids left, the children pruned
/// and the outcome share one `u64` (see [`Walk::children`]).
const MAX_WALK: u64 = 1 << 29;

/// In the count word (see [`Walk::children`]): one id of the budget (bits 2..32, above the
/// outcome's two bits) ...
const ONE_ID: u64 = 1 << 2;
/// ... and one child pruned (bits 32..64).
const ONE_PRUNED: u64 = 1 << 32;

/// The count word of a walk with `ids` left and nothing pruned yet.
#[inline(always)]
fn count_word(ids: u32) -> u64 {
    ids as u64 * ONE_ID
}

/// The ids left in a count word.
#[inline(always)]
fn ids_left(count: u64) -> u64 {
    (count as u32 / ONE_ID as u32) as u64
}

/// How a subtree of the silent walk ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// All children done.
    Done,
    /// The goal was visited; `depth_reached` is its depth.
    Solved,
    /// The node budget ran out; `depth_reached` is the depth of the deepest frame kept.
    Paused,
}

/// The state of one silent walk (see [`IdaStar::expand_silently`]).
struct Walk<'a, H: Heuristic> {
    heuristic: &'a H,
    moves: &'a Moves,
    goal_tiles: &'a Tiles,
    frames: &'a mut [Frame<H::State>; MAX_DEPTH],
    tiles: Tiles,
    positions: Tiles,
    threshold: u32,
    /// The id after the last one this walk may hand out: `end - remaining` is the next id.
    end: u64,
    pruned: u64,
    next_threshold: u32,
    depth_reached: usize,
}

impl<H: Heuristic> Walk<'_, H> {
    /// Continues the path `frames[depth..len]`: first the child in progress (if any), then the
    /// rest of `frames[depth]`'s children. Returns how it ended and the next id.
    fn resume(&mut self, depth: usize, len: usize, remaining: u32) -> (Outcome, u64) {
        let mut remaining = remaining;
        if depth + 1 < len {
            let (outcome, next_id) = self.resume(depth + 1, len, remaining);
            if outcome != Outcome::Done {
                return (outcome, next_id);
            }
            self.undo(depth);
            remaining = (self.end - next_id) as u32;
        }
        let n = self.frames[depth & (MAX_DEPTH - 1)];
        let slack = self.threshold as i32 - depth as i32 - 1;
        let node = node_word(n.blank, n.back);
        let word = self.children::<true>(n.h, n.state, node, slack, count_word(remaining), n.next);
        self.pruned += word / ONE_PRUNED;
        let left = ids_left(word);
        let outcome = match word & 3 {
            0 => return (Outcome::Done, self.end - left),
            1 => Outcome::Solved,
            _ => Outcome::Paused,
        };
        // The frames the walk wrote below this node lack the tile slid into each (cheaper
        // than passing it down): undo their moves from the deepest, where the board is now.
        let mut board = self.tiles;
        for d in (depth + 1..=self.depth_reached).rev() {
            let (blank, above) = (self.frames[d].blank, self.frames[d - 1].blank);
            let tile = board[above as usize & SLOT_MASK];
            self.frames[d].tile = tile;
            board[blank as usize & SLOT_MASK] = tile;
            board[above as usize & SLOT_MASK] = 0;
        }
        (outcome, self.end - left)
    }

    /// Slides the tile of `frames[depth + 1]` back: the board returns to `frames[depth]`.
    #[inline(always)]
    fn undo(&mut self, depth: usize) {
        let child = self.frames[(depth + 1) & (MAX_DEPTH - 1)];
        let blank = self.frames[depth & (MAX_DEPTH - 1)].blank;
        self.tiles[child.blank as usize & SLOT_MASK] = child.tile;
        self.tiles[blank as usize & SLOT_MASK] = 0;
        if H::USES_POSITIONS {
            self.positions[child.tile as usize & SLOT_MASK] = child.blank;
        }
    }

    /// The depth of a node whose children have `slack` (see [`Walk::children`]).
    #[inline(always)]
    fn depth(&self, slack: i32) -> usize {
        (self.threshold as i32 - slack - 1) as usize & (MAX_DEPTH - 1)
    }

    /// The children of a visited node: its h, heuristic state, and `node` (its blank and
    /// back, see [`node_word`]); from direction `next` on when `RESUMING`, from the first
    /// otherwise (every node the walk itself visits). `slack` = threshold − the children's g:
    /// a child is pruned when its h exceeds it. `count` = the children pruned so far in this
    /// walk, shifted left by 32, plus the ids left in the budget, shifted left by two. Returns
    /// the count after this node's subtree, with how the walk ended in the low bits (0 done,
    /// 1 goal, 2 paused).
    ///
    /// Everything travels as few scalars as possible (the depth and the ids are derived from
    /// `slack` and `count`, the node's tile from the board), so that native code and wasm
    /// (whose ABI passes structs through memory) keep the hot state in registers: a pruned
    /// child costs one addition to `count` (one more pruned, one id fewer), not a counter in
    /// memory, which made wasm about 7 % faster. The node's frame is written only when the
    /// walk stops inside it, since a finished node is discarded by its parent.
    fn children<const RESUMING: bool>(
        &mut self,
        h: u32,
        state: H::State,
        node: u32,
        slack: i32,
        mut count: u64,
        next: u8,
    ) -> u64 {
        let to = (node >> 3) as usize & SLOT_MASK;
        let cells = self.moves[to][node as usize & 7];
        let mut stop = 0;
        if RESUMING {
            // Once per resumed node: a loop keeps the module small.
            for dir in next as usize..4 {
                stop = self.child(dir, cells, h, &state, to, slack, &mut count);
                if stop != 0 {
                    break;
                }
            }
        } else {
            // The four directions written out: when the compiler keeps them as a loop, wasm
            // runs at about half its speed.
            stop = self.child(0, cells, h, &state, to, slack, &mut count);
            if stop == 0 {
                stop = self.child(1, cells, h, &state, to, slack, &mut count);
            }
            if stop == 0 {
                stop = self.child(2, cells, h, &state, to, slack, &mut count);
            }
            if stop == 0 {
                stop = self.child(3, cells, h, &state, to, slack, &mut count);
            }
        }
        let (ended, stopped_at) = (stop & 3, stop >> 2);
        if ended == 0 {
            return count;
        }
        // The id stays: the parent writes it (or it was there when the walk resumed this node).
        let back = node as usize & 7;
        let depth = self.depth(slack);
        // So does the tile: `Walk::resume` recovers it.
        let frame = &mut self.frames[depth];
        frame.h = h;
        frame.state = state;
        frame.blank = to as u8;
        frame.back = back as u8;
        frame.next = stopped_at as u8;
        count | ended as u64
    }

    /// The child of a node (see [`Walk::children`]) in direction `dir`, its cell `cells[dir]`:
    /// generated, pruned or visited. Returns 0 to go on with the next direction, otherwise
    /// where to resume the node shifted left by two, with how the walk ended (1 goal, 2 paused).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child(
        &mut self,
        dir: usize,
        cells: [u8; 4],
        h: u32,
        state: &H::State,
        to: usize,
        slack: i32,
        count: &mut u64,
    ) -> u32 {
        let from = cells[dir];
        if from == NONE {
            return 0;
        }
        if ids_left(*count) == 0 {
            self.depth_reached = self.depth(slack);
            return (dir as u32) << 2 | 2;
        }
        *count -= ONE_ID;
        let from = from as usize & SLOT_MASK;
        let tile = self.tiles[from];
        let (child_h, child_state) =
            self.heuristic
                .after_slide(h, state, &self.tiles, &self.positions, tile, from, to);
        if child_h as i32 > slack {
            *count += ONE_PRUNED;
            let f = (self.threshold as i32 - slack) as u32 + child_h;
            if f < self.next_threshold {
                self.next_threshold = f;
            }
            return 0;
        }
        self.tiles[to] = tile;
        self.tiles[from] = 0;
        if H::USES_POSITIONS {
            self.positions[tile as usize & SLOT_MASK] = to as u8;
        }
        // Left/right and up/down are neighbours in `Direction::ORDER`.
        let child_back = dir as u8 ^ 1;
        let child = (self.depth(slack) + 1) & (MAX_DEPTH - 1);
        let child_ended = if child_h == 0 && self.tiles == *self.goal_tiles {
            self.frames[child] = Frame {
                id: self.end - ids_left(*count) - 1,
                h: child_h,
                state: child_state,
                blank: from as u8,
                tile,
                back: child_back,
                next: 0,
            };
            self.depth_reached = child;
            1
        } else {
            let child_node = node_word(from as u8, child_back);
            let before = *count;
            let r = self.children::<false>(child_h, child_state, child_node, slack - 1, before, 0);
            *count = r & !3;
            if r & 3 != 0 {
                // The child wrote its frame but only its parent knows its id.
                self.frames[child].id = self.end - ids_left(before) - 1;
            }
            (r & 3) as u32
        };
        if child_ended != 0 {
            return (dir as u32 + 1) << 2 | child_ended;
        }
        // Read back rather than kept across the call: the tile is where the blank was.
        let from = cells[dir] as usize & SLOT_MASK;
        let tile = self.tiles[to];
        self.tiles[from] = tile;
        self.tiles[to] = 0;
        if H::USES_POSITIONS {
            self.positions[tile as usize & SLOT_MASK] = from as u8;
        }
        0
    }
}

/// A node's blank cell and back direction in one word, the index of its row of [`Moves`].
#[inline(always)]
fn node_word(blank: u8, back: u8) -> u32 {
    (blank as u32) << 3 | back as u32
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
            threshold: self.threshold,
            iteration: self.iteration,
            iterations,
            max_frontier: None,
            reached: None,
        }
    }

    fn reset(&mut self) {
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

    fn path(&self) -> Vec<u8> {
        self.stack.iter().skip(1).map(|f| f.tile).collect()
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
}
