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
//! exhausting memory on a 15-puzzle.

use super::Advance;
use super::{Algorithm, Report, Search, Status};
use crate::board::{neighbor, Board, Direction, Goal, Tiles, SLOTS};
use crate::error::Error;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::trace::{Callback, Event, Sink};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The default memory guard: states reached before a frontier search gives up (about 100 MB).
pub const DEFAULT_MAX_REACHED: u64 = 1_000_000;

/// How the frontier orders its nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A queue: breadth-first search.
    BreadthFirst,
    /// A stack: depth-first search.
    DepthFirst,
    /// A priority queue on h: greedy best-first search.
    Greedy,
    /// A priority queue on g + h: A*.
    AStar,
}

/// A frontier entry as views list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
}

#[derive(Clone, Debug)]
enum Frontier {
    Queue(VecDeque<u32>),
    Stack(Vec<u32>),
    /// (priority, h, insertion number, node index): the first is taken first.
    Priority(BTreeSet<(u32, u32, u64, u32)>),
}

impl Frontier {
    fn new(strategy: Strategy) -> Frontier {
        match strategy {
            Strategy::BreadthFirst => Frontier::Queue(VecDeque::new()),
            Strategy::DepthFirst => Frontier::Stack(Vec::new()),
            Strategy::Greedy | Strategy::AStar => Frontier::Priority(BTreeSet::new()),
        }
    }

    fn len(&self) -> usize {
        match self {
            Frontier::Queue(q) => q.len(),
            Frontier::Stack(s) => s.len(),
            Frontier::Priority(p) => p.len(),
        }
    }

    fn take(&mut self) -> Option<u32> {
        match self {
            Frontier::Queue(q) => q.pop_front(),
            Frontier::Stack(s) => s.pop(),
            Frontier::Priority(p) => p.pop_first().map(|e| e.3),
        }
    }

    /// Node indices in the order they will be taken.
    fn ordered(&self, limit: usize) -> Vec<u32> {
        match self {
            Frontier::Queue(q) => q.iter().take(limit).copied().collect(),
            Frontier::Stack(s) => s.iter().rev().take(limit).copied().collect(),
            Frontier::Priority(p) => p.iter().take(limit).map(|e| e.3).collect(),
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
    strategy: Strategy,
    limit: u64,
    nodes: Vec<Node<H::State>>,
    /// Reached states: the node with the cheapest path found so far.
    reached: HashMap<u128, u32>,
    frontier: Frontier,
    inserted: u64,
    next_id: u64,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
    phase: Phase,
    /// The node taken off the frontier last.
    current: Option<u32>,
    solution: Option<Vec<u8>>,
}

/// Five bits per cell: any board up to 5×5 fits in 125 bits.
fn key_of(tiles: &[u8]) -> u128 {
    tiles
        .iter()
        .enumerate()
        .fold(0, |k, (i, &t)| k | (t as u128) << (5 * i))
}

fn tiles_of(key: u128, cells: usize) -> Tiles {
    let mut tiles: Tiles = [0; SLOTS];
    for (i, t) in tiles.iter_mut().enumerate().take(cells) {
        *t = (key >> (5 * i) & 31) as u8;
    }
    tiles
}

impl<H: Heuristic> FrontierSearch<H> {
    /// A search from `start` to `goal`; fails when the board cannot reach the goal.
    pub fn new(
        start: Board,
        goal: Goal,
        heuristic: H,
        strategy: Strategy,
        limit: u64,
    ) -> Result<Self, Error> {
        start.check_solvable(goal)?;
        if limit == 0 {
            return Err(Error::InvalidOption(
                "the memory guard (maxReached) must allow at least 1 reached state".into(),
            ));
        }
        let goal_key = key_of(goal.board(start.width())?.tiles());
        Ok(FrontierSearch {
            heuristic,
            start,
            goal,
            goal_key,
            strategy,
            limit,
            nodes: Vec::new(),
            reached: HashMap::new(),
            frontier: Frontier::new(strategy),
            inserted: 0,
            next_id: 0,
            expanded: 0,
            generated: 0,
            max_frontier: 0,
            phase: Phase::Start,
            current: None,
            solution: None,
        })
    }

    fn push(&mut self, index: u32) {
        let node = &self.nodes[index as usize];
        match &mut self.frontier {
            Frontier::Queue(q) => q.push_back(index),
            Frontier::Stack(s) => s.push(index),
            Frontier::Priority(p) => {
                let priority = match self.strategy {
                    Strategy::Greedy => node.h,
                    _ => node.g + node.h,
                };
                p.insert((priority, node.h, self.inserted, index));
            }
        }
        self.inserted += 1;
        self.max_frontier = self.max_frontier.max(self.frontier.len() as u64);
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
        let parent = (n.parent != ROOT).then(|| self.nodes[n.parent as usize].id);
        let tile = (n.parent != ROOT).then_some(n.tile);
        let frontier = self.frontier.len() as u64;
        let (id, g, h, f, blank) = (n.id, n.g, n.h, n.g + n.h, n.blank);
        if expand {
            Event::Expand {
                id,
                parent,
                g,
                h,
                f,
                tile,
                blank,
                frontier,
            }
        } else {
            Event::Generate {
                id,
                parent,
                g,
                h,
                f,
                tile,
                blank,
                frontier,
            }
        }
    }

    /// The one engine behind `step`, `run` and `run_traced` (see [`Advance`]).
    fn advance_impl<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status {
        let limit = max_nodes.map_or(u64::MAX, |n| self.next_id.saturating_add(n));
        let cells = self.start.cells();
        let width = self.start.width();
        loop {
            match self.phase {
                Phase::Start => {
                    if self.next_id >= limit {
                        return Status::Running;
                    }
                    let (h, state) = self.heuristic.start(self.start.tiles());
                    let key = key_of(self.start.tiles());
                    self.nodes.push(Node {
                        key,
                        id: self.next_id,
                        parent: ROOT,
                        g: 0,
                        h,
                        state,
                        tile: 0,
                        blank: self.start.blank() as u8,
                    });
                    self.next_id += 1;
                    self.reached.insert(key, 0);
                    self.push(0);
                    self.phase = Phase::Take;
                    if sink.emit(|| self.node_event(0, false)) {
                        return Status::Running;
                    }
                }
                Phase::Take => {
                    let Some(index) = self.frontier.take() else {
                        self.phase = Phase::Done(Status::Exhausted);
                        continue;
                    };
                    let node = self.nodes[index as usize];
                    if self.reached.get(&node.key) != Some(&index) {
                        // A dearer path to a state A* re-opened: dropped.
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
                    if sink.emit(|| self.node_event(index, true)) {
                        return Status::Running;
                    }
                }
                Phase::Expanding { node, dir } => {
                    if dir as usize >= Direction::ORDER.len() {
                        self.phase = Phase::Take;
                        continue;
                    }
                    let parent = self.nodes[node as usize];
                    let Some(from) =
                        neighbor(parent.blank as usize, Direction::ORDER[dir as usize], width)
                    else {
                        self.phase = Phase::Expanding { node, dir: dir + 1 };
                        continue;
                    };
                    if self.next_id >= limit {
                        return Status::Running;
                    }
                    let mut tiles = tiles_of(parent.key, cells);
                    let to = parent.blank as usize;
                    let tile = tiles[from];
                    let mut positions: Tiles = [0; SLOTS];
                    if H::USES_POSITIONS {
                        for (cell, &t) in tiles.iter().enumerate().take(cells) {
                            positions[t as usize] = cell as u8;
                        }
                    }
                    let (h, state) = self.heuristic.after_slide(
                        parent.h,
                        &parent.state,
                        &tiles,
                        &positions,
                        tile,
                        from,
                        to,
                    );
                    tiles[to] = tile;
                    tiles[from] = 0;
                    let key = key_of(&tiles[..cells]);
                    let g = parent.g + 1;
                    let id = self.next_id;
                    self.next_id += 1;
                    self.generated += 1;
                    self.phase = Phase::Expanding { node, dir: dir + 1 };
                    let known = self.reached.get(&key).copied();
                    let better = match known {
                        None => true,
                        Some(i) => self.strategy == Strategy::AStar && g < self.nodes[i as usize].g,
                    };
                    if !better {
                        let parent_id = parent.id;
                        if sink.emit(|| Event::Skip {
                            id,
                            parent: parent_id,
                            g,
                            h,
                            f: g + h,
                            tile,
                            blank: from as u8,
                        }) {
                            return Status::Running;
                        }
                        continue;
                    }
                    if known.is_none() && self.reached.len() as u64 >= self.limit {
                        self.phase = Phase::Done(Status::GaveUp);
                        let (reached, limit) = (self.reached.len() as u64, self.limit);
                        sink.emit(|| Event::GaveUp { reached, limit });
                        return Status::GaveUp;
                    }
                    let index = self.nodes.len() as u32;
                    self.nodes.push(Node {
                        key,
                        id,
                        parent: node,
                        g,
                        h,
                        state,
                        tile,
                        blank: from as u8,
                    });
                    self.reached.insert(key, index);
                    self.push(index);
                    if sink.emit(|| self.node_event(index, false)) {
                        return Status::Running;
                    }
                }
                Phase::Solved(index) => {
                    let moves = self.path_to(index);
                    self.solution = Some(moves.clone());
                    self.phase = Phase::Done(Status::Solved);
                    let (expanded, generated) = (self.expanded, self.generated);
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
}

impl<H: Heuristic> Advance for FrontierSearch<H> {
    fn advance<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status {
        self.advance_impl(sink, max_nodes)
    }
}

impl<H: Heuristic> Search for FrontierSearch<H> {
    fn step(&mut self) -> Option<Event> {
        self.step_one()
    }

    fn run(&mut self, max_nodes: Option<u64>) -> Status {
        // Events are built and dropped: frontier searches are not the fast path, and one
        // instance of the engine keeps the wasm module small.
        self.advance(&mut Callback(&mut |_| false), max_nodes)
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
        Report {
            status: self.status(),
            length: self.solution.as_ref().map(|m| m.len() as u32),
            moves: self.solution.clone(),
            expanded: self.expanded,
            generated: self.generated,
            nodes: self.next_id,
            threshold: 0,
            iteration: 0,
            iterations: Vec::new(),
            max_frontier: Some(self.max_frontier),
            reached: Some(self.reached.len() as u64),
        }
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.reached.clear();
        self.frontier = Frontier::new(self.strategy);
        self.inserted = 0;
        self.next_id = 0;
        self.expanded = 0;
        self.generated = 0;
        self.max_frontier = 0;
        self.phase = Phase::Start;
        self.current = None;
        self.solution = None;
    }

    fn path(&self) -> Vec<u8> {
        self.current.map_or_else(Vec::new, |i| self.path_to(i))
    }

    fn board(&self) -> Board {
        match self.current {
            Some(i) => Board::trusted(
                self.start.width(),
                tiles_of(self.nodes[i as usize].key, self.start.cells()),
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
        match self.strategy {
            Strategy::BreadthFirst => Algorithm::Bfs,
            Strategy::DepthFirst => Algorithm::Dfs,
            Strategy::Greedy => Algorithm::Greedy,
            Strategy::AStar => Algorithm::Astar,
        }
    }

    fn frontier_size(&self) -> u64 {
        self.frontier.len() as u64
    }

    fn frontier(&self, limit: usize) -> Vec<FrontierEntry> {
        self.frontier
            .ordered(limit)
            .into_iter()
            .map(|i| {
                let n = &self.nodes[i as usize];
                FrontierEntry {
                    id: n.id,
                    g: n.g,
                    h: n.h,
                    f: n.g + n.h,
                }
            })
            .collect()
    }
}
