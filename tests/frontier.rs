//! The lecture's frontier searches: BFS and A* are optimal on every 8-puzzle state, DFS and
//! greedy find valid solutions, counters are pinned on the lecture's two cases, traces follow
//! the graph-search rules, stepping equals running (interleaved with silent slices too), and
//! the memory guard stops a 15-puzzle BFS.

mod common;

use common::{bfs_distances, korf, on_two_threads, replays, Rng};
use std::collections::{HashMap, HashSet};
use tilesearch::trace::{
    ExpandEvent, GaveUpEvent, GenerateEvent, NodeInfo, SkipEvent, SolvedEvent,
};
use tilesearch::{new_search, Algorithm, Board, Event, Goal, HeuristicChoice, Search, Status};

fn search(board: Board, algorithm: Algorithm) -> Box<dyn Search> {
    new_search(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        algorithm,
        None,
    )
    .unwrap()
}

/// The frontier searches (every algorithm but IDA*).
const FRONTIER: [Algorithm; 4] = [
    Algorithm::Bfs,
    Algorithm::Dfs,
    Algorithm::Greedy,
    Algorithm::Astar,
];

/// What `finds_shortest` says (the page takes such a solution's length as h*): BFS, A* and IDA*
/// do; DFS and greedy best-first do not, and on the lecture's challenging case they miss it.
#[test]
fn finds_shortest_is_what_the_searches_do() {
    let shortest: Vec<_> = Algorithm::ALL
        .into_iter()
        .filter(|a| a.finds_shortest())
        .collect();
    assert_eq!(shortest, [Algorithm::Bfs, Algorithm::Astar, Algorithm::Ida]);
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let length = |algorithm| {
        let mut s = search(board, algorithm);
        assert_eq!(s.run(None), Status::Solved, "{algorithm}");
        s.report().length.unwrap()
    };
    let optimal = length(Algorithm::Ida);
    for algorithm in Algorithm::ALL {
        assert_eq!(
            length(algorithm) == optimal,
            algorithm.finds_shortest(),
            "{algorithm}"
        );
    }
}

/// BFS and A* (the frontier searches that find a shortest solution) on all 181,440 solvable
/// states, through `run` as users call it, against the BFS oracle, on two threads like the
/// IDA* sweeps of tests/oracle.rs: each returns the optimal
/// length and a solution that replays. (Minutes in release mode: `make test-long` runs all the
/// states, `make test` a fixed thirty-second of them.)
#[test]
fn bfs_and_astar_are_optimal_on_every_8_puzzle_state() {
    on_two_threads(&bfs_distances(Goal::BlankLast), |key, d| {
        let board = Board::from_tiles(key).unwrap();
        for algorithm in FRONTIER.into_iter().filter(|a| a.finds_shortest()) {
            let mut s = search(board, algorithm);
            assert_eq!(s.run(None), Status::Solved, "{algorithm} on {board:?}");
            let r = s.report();
            assert_eq!(r.length, Some(d), "{algorithm} on {board:?}");
            let moves = r.moves.as_ref().unwrap();
            assert!(
                replays(board, Goal::BlankLast, moves),
                "{algorithm} on {board:?}"
            );
        }
    });
}

#[test]
fn dfs_and_greedy_find_valid_solutions() {
    let mut rng = Rng(5);
    for _ in 0..100 {
        let board = rng.scramble(3, Goal::BlankLast, 80);
        for algorithm in [Algorithm::Dfs, Algorithm::Greedy] {
            let mut s = search(board, algorithm);
            assert_eq!(s.run(None), Status::Solved);
            let r = s.report();
            assert!(
                replays(board, Goal::BlankLast, r.moves.as_ref().unwrap()),
                "{algorithm} on {board:?}"
            );
        }
    }
}

/// (algorithm, length, expanded, generated, largest frontier, reached) on the lecture's cases,
/// computed with this implementation. The simple case checked by hand: BFS expands the start,
/// its 4 children and the 7 depth-2 nodes generated before the goal (the right child of the
/// "blank down" node): 12.
const SIMPLE: [(Algorithm, u32, u64, u64, u64, u64); 5] = [
    (Algorithm::Bfs, 2, 12, 30, 8, 20),
    (Algorithm::Dfs, 2, 2, 7, 5, 7),
    (Algorithm::Greedy, 2, 2, 7, 5, 7),
    (Algorithm::Astar, 2, 2, 7, 5, 7),
    (Algorithm::Ida, 2, 2, 6, 0, 0),
];
const CHALLENGING: [(Algorithm, u32, u64, u64, u64, u64); 5] = [
    (Algorithm::Bfs, 25, 145_605, 392_164, 25_136, 163_330),
    (Algorithm::Dfs, 1157, 1187, 3358, 931, 2118),
    (Algorithm::Greedy, 45, 117, 322, 86, 203),
    (Algorithm::Astar, 25, 1075, 2864, 648, 1702),
    (Algorithm::Ida, 25, 1571, 2576, 0, 0),
];

#[test]
fn counters_are_pinned_on_the_lecture_cases() {
    for (text, table) in [
        ("1 2 3 4 0 6 7 5 8", SIMPLE),
        ("6 4 5 8 2 7 1 0 3", CHALLENGING),
    ] {
        let board = Board::parse(text).unwrap();
        for (algorithm, length, expanded, generated, frontier, reached) in table {
            let mut s = search(board, algorithm);
            s.run(None);
            let r = s.report();
            assert_eq!(r.length, Some(length), "{algorithm} {text}");
            assert_eq!(r.expanded, expanded, "{algorithm} {text}");
            assert_eq!(r.generated, generated, "{algorithm} {text}");
            assert_eq!(
                r.max_frontier().unwrap_or(0),
                frontier,
                "{algorithm} {text}"
            );
            assert_eq!(r.reached().unwrap_or(0), reached, "{algorithm} {text}");
        }
    }
}

/// The graph-search rules: the start is generated first; a node is expanded only once it was
/// generated, at most once, and never the goal; children follow their parent's expansion with
/// g = the parent's g + 1; a skipped child's state was reached, a generated one's was not
/// (except A*'s re-openings); BFS expands by non-decreasing g, A* by non-decreasing f; the
/// solution replays.
fn check_graph_search_trace(board: Board, algorithm: Algorithm, events: &[Event]) {
    let mut generated: HashMap<u64, (Board, u32)> = HashMap::new();
    let mut expanded = HashSet::new();
    let mut reached: HashSet<Board> = HashSet::new();
    let mut current: Option<(u64, Board, u32)> = None;
    let mut last_key = 0u32;
    let child = |current: Option<(u64, Board, u32)>, parent: u64, tile: u8, g: u32| {
        let (id, state, pg) = current.expect("a child before any expansion");
        assert_eq!(parent, id, "a child of another node than the one expanded");
        assert_eq!(g, pg + 1, "g is not the parent's g + 1");
        state.after(&[tile]).expect("a legal slide")
    };
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Generate(GenerateEvent {
                node:
                    NodeInfo {
                        id,
                        parent,
                        g,
                        tile,
                        ..
                    },
                ..
            }) => {
                let state = match (parent, tile) {
                    (None, None) => {
                        assert_eq!(i, 0, "the start comes first");
                        board
                    }
                    (Some(p), Some(t)) => child(current, *p, *t, *g),
                    _ => panic!("{event:?}"),
                };
                let new = reached.insert(state);
                assert!(
                    new || algorithm == Algorithm::Astar,
                    "a reached state generated again: {event:?}"
                );
                generated.insert(*id, (state, *g));
            }
            Event::Skip(SkipEvent {
                node: NodeInfo {
                    parent, tile, g, ..
                },
            }) => {
                let (Some(parent), Some(tile)) = (parent, tile) else {
                    panic!("a skipped child without a parent: {event:?}");
                };
                let state = child(current, *parent, *tile, *g);
                assert!(
                    reached.contains(&state),
                    "skipped a state not reached: {event:?}"
                );
            }
            Event::Expand(ExpandEvent {
                node: NodeInfo { id, g, f, .. },
                ..
            }) => {
                let (state, generated_g) = generated[id];
                assert_eq!(*g, generated_g);
                assert!(expanded.insert(*id), "expanded twice: {event:?}");
                assert!(
                    !state.is_goal(Goal::BlankLast),
                    "the goal is never expanded"
                );
                let key = match algorithm {
                    Algorithm::Bfs => *g,
                    Algorithm::Astar => *f,
                    _ => 0,
                };
                assert!(key >= last_key, "out of order: {event:?}");
                last_key = key;
                current = Some((*id, state, *g));
            }
            Event::Solved(SolvedEvent { moves, .. }) => {
                assert!(replays(board, Goal::BlankLast, moves));
            }
            other => panic!("not a frontier event: {other:?}"),
        }
    }
}

#[test]
fn traces_follow_the_graph_search_rules_and_running_equals_stepping() {
    let mut rng = Rng(9);
    let boards: Vec<Board> = (0..30)
        .map(|_| rng.scramble(3, Goal::BlankLast, 40))
        .collect();
    for board in boards {
        for algorithm in FRONTIER {
            let mut stepped = search(board, algorithm);
            let events: Vec<Event> = std::iter::from_fn(|| stepped.step()).collect();
            check_graph_search_trace(board, algorithm, &events);
            let mut ran = search(board, algorithm);
            while ran.run(Some(7)) == Status::Running {}
            assert_eq!(ran.report(), stepped.report(), "{algorithm} {board:?}");
        }
    }
}

fn id_of(event: &Event) -> Option<u64> {
    match event {
        Event::Generate(GenerateEvent {
            node: NodeInfo { id, .. },
            ..
        })
        | Event::Expand(ExpandEvent {
            node: NodeInfo { id, .. },
            ..
        })
        | Event::Skip(SkipEvent {
            node: NodeInfo { id, .. },
        }) => Some(*id),
        _ => None,
    }
}

/// Silent budget slices interleaved with steps and frontier listings agree with plain stepping:
/// every stepped event and every listed h is the one stepping gives (a silent BFS computes h
/// only when an event or the frontier view needs it).
#[test]
fn slices_steps_and_listings_interleaved_agree_with_stepping() {
    let mut rng = Rng(13);
    for _ in 0..10 {
        let board = rng.scramble(3, Goal::BlankLast, 40);
        for algorithm in FRONTIER {
            let mut stepped = search(board, algorithm);
            let events: Vec<Event> = std::iter::from_fn(|| stepped.step()).collect();
            let by_id: HashMap<(&str, u64), &Event> = events
                .iter()
                .filter_map(|e| id_of(e).map(|id| ((e.kind(), id), e)))
                .collect();
            let h_of: HashMap<u64, u32> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Generate(GenerateEvent {
                        node: NodeInfo { id, h, .. },
                        ..
                    }) => Some((*id, *h)),
                    _ => None,
                })
                .collect();
            let mut mixed = search(board, algorithm);
            loop {
                let status = mixed.run(Some(5));
                for entry in mixed.frontier(20) {
                    assert_eq!(entry.h, h_of[&entry.id], "{algorithm} {board:?}");
                    assert_eq!(entry.f, entry.g + entry.h);
                }
                if status != Status::Running {
                    break;
                }
                for event in std::iter::from_fn(|| mixed.step()).take(3) {
                    if let Some(id) = id_of(&event) {
                        assert_eq!(by_id[&(event.kind(), id)], &event, "{algorithm} {board:?}");
                    }
                }
            }
            assert_eq!(mixed.report(), stepped.report(), "{algorithm} {board:?}");
        }
    }
}

#[test]
fn the_memory_guard_stops_a_15_puzzle_bfs() {
    let (_, board) = korf(Goal::BlankLast)[0];
    let mut s = new_search(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Bfs,
        Some(20_000),
    )
    .unwrap();
    let mut last = None;
    s.run_traced(None, &mut |e| {
        last = Some(e);
        false
    });
    assert_eq!(s.status(), Status::GaveUp);
    assert_eq!(
        last,
        Some(Event::GaveUp(GaveUpEvent {
            reached: 20_000,
            limit: 20_000
        }))
    );
    assert_eq!(s.report().reached(), Some(20_000));
    assert!(s.step().is_none());
    // The default guard holds too (a million states), and reset starts over.
    let mut d = search(board, Algorithm::Dfs);
    assert!(matches!(d.run(None), Status::GaveUp | Status::Solved));
    d.reset();
    assert_eq!(d.report().nodes, 0);
}

#[test]
fn the_frontier_is_listed_in_taking_order() {
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    for algorithm in [Algorithm::Bfs, Algorithm::Dfs, Algorithm::Astar] {
        let mut s = search(board, algorithm);
        for _ in 0..40 {
            s.step();
        }
        let listed = s.frontier(1000);
        assert!(!listed.is_empty());
        // The next expand takes the first listed entry.
        let next = std::iter::from_fn(|| s.step())
            .find(|e| matches!(e, Event::Expand(ExpandEvent { .. })));
        let Some(Event::Expand(ExpandEvent {
            node: NodeInfo { id, .. },
            ..
        })) = next
        else {
            panic!()
        };
        assert_eq!(id, listed[0].id, "{algorithm}");
    }
    assert!(search(board, Algorithm::Ida).frontier(10).is_empty());
}
