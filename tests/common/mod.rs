//! Shared test helpers: the BFS oracle, the Korf instances and the trace validator, which checks
//! a trace against the rules of IDA* as the teaching text states them.

#![allow(dead_code)]

mod korf;

#[allow(unused_imports)] // not every test file uses it
pub use korf::korf;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use tilesearch::board::{neighbor, Direction};
use tilesearch::heuristic::pdb::PatternDatabases;
use tilesearch::search::Report;
use tilesearch::trace::{
    BacktrackEvent, IterationEvent, NodeInfo, PruneEvent, RaiseEvent, SolvedEvent,
};
use tilesearch::{Board, Event, Goal, HeuristicChoice};

/// The pattern databases for `goal`, built the first time a test of this binary asks (about
/// ten seconds each in release) and shared by the rest.
pub fn databases(goal: Goal) -> Arc<PatternDatabases> {
    static BUILT: [OnceLock<Arc<PatternDatabases>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = Goal::ALL.iter().position(|&g| g == goal).unwrap();
    BUILT[slot]
        .get_or_init(|| Arc::new(PatternDatabases::build(goal)))
        .clone()
}

/// Every state reachable from the goal of width 3, with its distance, by breadth-first search.
pub fn bfs_distances(goal: Goal) -> HashMap<[u8; 9], u32> {
    let start = goal.board(3).unwrap();
    let mut key = [0u8; 9];
    key.copy_from_slice(start.tiles());
    let mut dist = HashMap::with_capacity(181_440);
    dist.insert(key, 0);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&tiles9(&board)];
        for dir in Direction::ORDER {
            let mut next = board;
            if next.move_blank(dir).is_some() {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(tiles9(&next)) {
                    e.insert(d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    dist
}

/// Whether sliding `moves` (tiles) from `board` is legal and ends at `goal`.
pub fn replays(board: Board, goal: Goal, moves: &[u8]) -> bool {
    board.after(moves).is_ok_and(|b| b.is_goal(goal))
}

/// Whether the long versions run (`make test-long` sets `TILESEARCH_LONG`).
pub fn long() -> bool {
    std::env::var_os("TILESEARCH_LONG").is_some()
}

/// Runs `check(state, distance)` on every state of the oracle (`make test-long`), else on a
/// fixed thirty-second of them (5,541), split over two threads (the machine class has two
/// cores; the sweeps are the longest tests).
pub fn on_two_threads(dist: &HashMap<[u8; 9], u32>, check: impl Fn(&[u8; 9], u32) + Sync) {
    // The state as a base-9 number, Fibonacci-hashed: its top five bits pick one in 32.
    let sampled = |key: &[u8; 9]| {
        let n = key.iter().fold(0u32, |n, &t| n * 9 + u32::from(t));
        n.wrapping_mul(0x9E37_79B9) >> 27 == 0
    };
    let states: Vec<(&[u8; 9], &u32)> = dist
        .iter()
        .filter(|(key, _)| long() || sampled(key))
        .collect();
    let (first, second) = states.split_at(states.len() / 2);
    std::thread::scope(|scope| {
        for part in [first, second] {
            let check = &check;
            scope.spawn(move || {
                for &(key, &d) in part {
                    check(key, d);
                }
            });
        }
    });
}

/// A 3×3 board's tiles as a key.
pub fn tiles9(board: &Board) -> [u8; 9] {
    let mut k = [0u8; 9];
    k.copy_from_slice(board.tiles());
    k
}

/// A small deterministic random generator (xorshift), so that tests need no extra crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A board `moves` random blank moves away from the goal.
    pub fn scramble(&mut self, width: usize, goal: Goal, moves: usize) -> Board {
        let mut b = goal.board(width).unwrap();
        for _ in 0..moves {
            let dir = Direction::ORDER[self.below(4)];
            b.move_blank(dir);
        }
        b
    }
}

/// What a validated trace amounted to.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct TraceSummary {
    pub events: usize,
    pub iterations: u32,
    pub visited: u64,
    pub pruned: u64,
    pub solution: Option<Vec<u8>>,
    pub expanded: u64,
    pub generated: u64,
}

struct PathNode {
    id: u64,
    g: u32,
    board: Board,
    /// Direction index of the last child generated, for the order check.
    last_dir: Option<usize>,
    /// The tile slid to reach this node.
    tile: Option<u8>,
    children: usize,
}

/// Checks `events` against the IDA* rules; panics with the offending event on any violation.
///
/// Rules: the first threshold is h(start); f = g + h with h the heuristic's value of the node's
/// board; visited nodes have f ≤ threshold, pruned ones f > threshold; every child is the
/// parent's board with one legal slide, never the slide that undoes the parent's, generated in
/// the order left, right, up, down of the blank and all of them before the parent backtracks;
/// parents come before children and ids are unique; the goal test happens on visited nodes
/// only (the first visited goal ends the search); a raise goes to the smallest pruned f; the
/// solution replays from the start to the goal in `length` moves and its counters match.
pub fn check_ida_trace(
    start: Board,
    goal: Goal,
    kind: &HeuristicChoice,
    events: &[Event],
) -> TraceSummary {
    let w = start.width();
    let mut summary = TraceSummary::default();
    let mut ids = std::collections::HashSet::new();
    let mut threshold: Option<u32> = None;
    let mut expected_threshold = kind.estimate(&start, goal).unwrap();
    let mut path: Vec<PathNode> = Vec::new();
    let mut min_pruned = u32::MAX;
    let mut iteration_over = true;
    let mut finished = false;
    let mut goal_pending = false;
    let mut new_id = |id: u64, event: &Event| assert!(ids.insert(id), "duplicate id in {event:?}");
    // Checks one generated child of the path's top node; returns its board.
    let child =
        |path: &mut Vec<PathNode>, parent: u64, tile: u8, g: u32, h: u32, event: &Event| -> Board {
            let top = path
                .last_mut()
                .unwrap_or_else(|| panic!("child without a parent: {event:?}"));
            assert_eq!(top.id, parent, "parent is not the current node: {event:?}");
            assert_eq!(g, top.g + 1, "g is not the parent's g + 1: {event:?}");
            assert_ne!(
                top.tile,
                Some(tile),
                "the move undoes the parent's move: {event:?}"
            );
            let mut board = top.board;
            let dir = board
                .slide(tile)
                .unwrap_or_else(|_| panic!("illegal slide: {event:?}"));
            let dir_index = dir.index();
            assert!(
                top.last_dir.is_none_or(|d| d < dir_index),
                "children out of order: {event:?}"
            );
            top.last_dir = Some(dir_index);
            top.children += 1;
            assert_eq!(
                h,
                kind.estimate(&board, goal).unwrap(),
                "wrong h: {event:?}"
            );
            board
        };
    for event in events {
        assert!(!finished, "event after solved: {event:?}");
        summary.events += 1;
        match event {
            Event::Iteration(IterationEvent {
                iteration,
                threshold: t,
            }) => {
                assert!(iteration_over, "iteration inside an iteration: {event:?}");
                assert_eq!(*iteration, summary.iterations + 1, "{event:?}");
                assert_eq!(
                    *t, expected_threshold,
                    "threshold is not the raise target: {event:?}"
                );
                summary.iterations += 1;
                threshold = Some(*t);
                min_pruned = u32::MAX;
                iteration_over = false;
            }
            Event::Node(NodeInfo {
                id,
                parent,
                g,
                h,
                f,
                tile,
                blank,
            }) => {
                new_id(*id, event);
                let t = threshold.expect("node before iteration");
                assert_eq!(*f, g + h, "f != g + h: {event:?}");
                assert!(*f <= t, "visited node beyond the threshold: {event:?}");
                let board = match (parent, tile) {
                    (None, None) => {
                        assert!(path.is_empty() && *g == 0, "second root: {event:?}");
                        assert_eq!(*h, kind.estimate(&start, goal).unwrap());
                        start
                    }
                    (Some(p), Some(tile)) => child(&mut path, *p, *tile, *g, *h, event),
                    _ => panic!("parent and tile must both be null at the root only: {event:?}"),
                };
                assert_eq!(board.blank(), *blank as usize, "blank: {event:?}");
                summary.visited += 1;
                path.push(PathNode {
                    id: *id,
                    g: *g,
                    board,
                    last_dir: None,
                    tile: *tile,
                    children: 0,
                });
            }
            Event::Prune(PruneEvent {
                id,
                parent,
                g,
                h,
                f,
                threshold: t,
                tile,
            }) => {
                new_id(*id, event);
                assert_eq!(
                    Some(*t),
                    threshold,
                    "prune names another threshold: {event:?}"
                );
                assert_eq!(*f, g + h, "f != g + h: {event:?}");
                assert!(*f > *t, "pruned a node within the threshold: {event:?}");
                child(&mut path, *parent, *tile, *g, *h, event);
                min_pruned = min_pruned.min(*f);
                summary.pruned += 1;
            }
            Event::Backtrack(BacktrackEvent { id }) => {
                let node = path
                    .pop()
                    .unwrap_or_else(|| panic!("backtrack with empty path: {event:?}"));
                assert_eq!(
                    node.id, *id,
                    "backtrack from a node that is not current: {event:?}"
                );
                assert!(
                    !node.board.is_goal(goal),
                    "the goal was visited but not reported"
                );
                let expected = Direction::ORDER
                    .into_iter()
                    .filter_map(|d| neighbor(node.board.blank(), d, w))
                    .filter(|&cell| Some(node.board.tiles()[cell]) != node.tile)
                    .count();
                assert_eq!(
                    node.children, expected,
                    "backtrack before all children: {event:?}"
                );
                if path.is_empty() {
                    iteration_over = true;
                }
            }
            Event::Raise(RaiseEvent { from, to }) => {
                assert!(
                    iteration_over && path.is_empty(),
                    "raise inside an iteration: {event:?}"
                );
                assert_eq!(Some(*from), threshold, "{event:?}");
                assert_eq!(
                    *to, min_pruned,
                    "raise is not the smallest pruned f: {event:?}"
                );
                expected_threshold = *to;
            }
            Event::Solved(SolvedEvent {
                length,
                moves,
                expanded,
                generated,
            }) => {
                let top = path.last().expect("solved with an empty path");
                assert!(top.board.is_goal(goal), "solved at a non-goal");
                assert_eq!(*length as usize, path.len() - 1);
                let tiles: Vec<u8> = path.iter().skip(1).map(|n| n.tile.unwrap()).collect();
                assert_eq!(&tiles, moves, "moves are not the path");
                let mut b = start;
                for &t in moves {
                    b.slide(t).expect("solution replays");
                }
                assert!(b.is_goal(goal), "solution does not reach the goal");
                assert_eq!(
                    *generated,
                    summary.visited - u64::from(summary.iterations) + summary.pruned
                );
                assert_eq!(*expanded, summary.visited - 1);
                summary.solution = Some(moves.clone());
                summary.expanded = *expanded;
                summary.generated = *generated;
                finished = true;
            }
            other => panic!("not an IDA* event: {other:?}"),
        }
        // The goal test happens on visited nodes: a visited goal is followed by `solved`.
        assert!(
            !goal_pending || matches!(event, Event::Solved(SolvedEvent { .. })),
            "the goal was visited but the search went on: {event:?}"
        );
        goal_pending = matches!(event, Event::Node(NodeInfo { .. }))
            && path.last().is_some_and(|n| n.board.is_goal(goal));
    }
    summary
}

/// Checks that a report agrees with a validated trace.
pub fn assert_report_matches(report: &Report, trace: &TraceSummary) {
    assert_eq!(report.moves, trace.solution);
    assert_eq!(report.expanded, trace.expanded);
    assert_eq!(report.generated, trace.generated);
    assert_eq!(report.iterations().len() as u32, trace.iterations);
    let visited: u64 = report.iterations().iter().map(|i| i.visited).sum();
    let pruned: u64 = report.iterations().iter().map(|i| i.pruned).sum();
    assert_eq!(visited, trace.visited);
    assert_eq!(pruned, trace.pruned);
}

/// Starts the `tilesearch` binary with `args`, its three streams piped, and writes `stdin` to it
/// from a thread of its own, so a child that stops reading (or exits early) cannot block a test.
pub fn spawn_cli(
    args: &[&str],
    stdin: Vec<u8>,
) -> (std::process::Child, std::thread::JoinHandle<()>) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilesearch"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    (child, writer)
}
