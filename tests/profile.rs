//! The whole run's counts (`tilesearch::profile`) against an independent count from the trace
//! events: each iteration's visited nodes as a set of paths (the tiles slid from the start),
//! so that "new" is what it means — visited now and not in the iteration before — with no
//! reference to thresholds; and the per-iteration totals against the search's own summaries.

mod common;

use std::collections::{HashMap, HashSet};
use tilesearch::profile::Profiler;
use tilesearch::search::Status;
use tilesearch::{ida_star, Board, Event, Goal, HeuristicChoice};

/// Per iteration: the set of paths visited, and per depth the nodes visited and pruned.
struct Counted {
    events: u64,
    visited: Vec<HashSet<Vec<u8>>>,
    pruned_by_depth: Vec<HashMap<u32, u64>>,
}

/// Runs IDA* step by step and counts its events by their paths.
fn count_by_paths(board: Board, goal: Goal, heuristic: HeuristicChoice) -> Counted {
    let mut search = ida_star(board, goal, heuristic).unwrap();
    let mut paths: HashMap<u64, Vec<u8>> = HashMap::new();
    let mut counted = Counted {
        events: 0,
        visited: Vec::new(),
        pruned_by_depth: Vec::new(),
    };
    while let Some(event) = search.step() {
        counted.events += 1;
        match event {
            Event::Iteration(_) => {
                paths.clear();
                counted.visited.push(HashSet::new());
                counted.pruned_by_depth.push(HashMap::new());
            }
            Event::Node(node) => {
                let mut path = node.parent.map(|p| paths[&p].clone()).unwrap_or_default();
                path.extend(node.tile);
                assert_eq!(path.len() as u32, node.g);
                assert!(counted.visited.last_mut().unwrap().insert(path.clone()));
                paths.insert(node.id, path);
            }
            Event::Prune(prune) => {
                *counted
                    .pruned_by_depth
                    .last_mut()
                    .unwrap()
                    .entry(prune.g)
                    .or_default() += 1;
            }
            _ => {}
        }
    }
    counted
}

/// Boards of the 8- and 15-puzzle with each heuristic (pdb is the 15-puzzle's, built once).
fn cases() -> Vec<(Board, Goal, HeuristicChoice)> {
    let lecture = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let hard = Board::parse("8 6 7 2 5 4 3 0 1").unwrap(); // 31 moves
    let fifteen = Board::parse("5 1 3 4 9 2 7 8 13 6 11 12 0 10 14 15").unwrap();
    let mut cases = Vec::new();
    for heuristic in HeuristicChoice::ALL {
        cases.push((lecture, Goal::BlankLast, heuristic.clone()));
        cases.push((lecture, Goal::BlankFirst, heuristic.clone()));
        cases.push((fifteen, Goal::BlankLast, heuristic.clone()));
    }
    cases.push((hard, Goal::BlankLast, HeuristicChoice::Manhattan));
    cases.push((
        fifteen,
        Goal::BlankLast,
        HeuristicChoice::Pdb(common::databases(Goal::BlankLast)),
    ));
    cases
}

#[test]
fn new_nodes_are_those_the_previous_iteration_did_not_visit() {
    for (board, goal, heuristic) in cases() {
        let name = format!("{board:?} {goal} {}", heuristic.kind());
        let counted = count_by_paths(board, goal, heuristic.clone());
        let mut profiler = Profiler::new(ida_star(board, goal, heuristic).unwrap()).unwrap();
        assert_eq!(profiler.run(None), Status::Solved, "{name}");
        let profile = profiler.profile().clone();
        let report = profiler.report();
        assert_eq!(profile.iterations.len(), counted.visited.len(), "{name}");
        assert_eq!(profile.length, report.length);
        for (k, it) in profile.iterations.iter().enumerate() {
            let visited = &counted.visited[k];
            let new: Vec<&Vec<u8>> = match k {
                0 => visited.iter().collect(),
                _ => visited.difference(&counted.visited[k - 1]).collect(),
            };
            assert_eq!(it.new, new.len() as u64, "{name} iteration {}", k + 1);
            assert_eq!(it.visited, visited.len() as u64, "{name}");
            // Per depth: the paths' lengths.
            let mut by_depth = vec![0u64; it.visited_by_depth.len()];
            let mut new_by_depth = vec![0u64; it.visited_by_depth.len()];
            for path in visited {
                by_depth[path.len()] += 1;
            }
            for path in &new {
                new_by_depth[path.len()] += 1;
            }
            assert_eq!(it.visited_by_depth, by_depth, "{name}");
            assert_eq!(it.new_by_depth, new_by_depth, "{name}");
            for (g, &n) in it.pruned_by_depth.iter().enumerate() {
                let expected = counted.pruned_by_depth[k].get(&(g as u32)).copied();
                assert_eq!(n, expected.unwrap_or(0), "{name} pruned at depth {g}");
            }
            // The search's own summary of the iteration.
            let summary = report.iterations()[k];
            assert_eq!(
                (
                    it.iteration,
                    it.threshold,
                    it.visited,
                    it.pruned,
                    it.next_threshold
                ),
                (
                    summary.iteration,
                    summary.threshold,
                    summary.visited,
                    summary.pruned,
                    summary.next_threshold
                ),
                "{name}"
            );
        }
        // Each iteration ends where its events do: a raised one spans 2 + 2 × visited + pruned
        // events (iteration, node and backtrack per visited node, prune, raise).
        let mut end = 0;
        for it in &profile.iterations {
            end += 2 + 2 * it.visited + it.pruned;
            if it.next_threshold.is_some() {
                assert_eq!(it.end, end, "{name}");
            }
        }
        assert_eq!(profile.iterations.last().unwrap().end, profile.events);
        assert_eq!(profile.events, counted.events, "{name}");
        // An iteration repeats all of the one before (it finishes first): what is not new was
        // visited before.
        for k in 1..profile.iterations.len() {
            let it = &profile.iterations[k];
            assert_eq!(
                it.visited - it.new,
                counted.visited[k]
                    .intersection(&counted.visited[k - 1])
                    .count() as u64
            );
        }
    }
}

#[test]
fn a_run_in_slices_counts_what_a_whole_run_counts() {
    let board = Board::parse("8 6 7 2 5 4 3 0 1").unwrap();
    let whole = {
        let mut p = Profiler::new(
            ida_star(board, Goal::BlankLast, HeuristicChoice::LinearConflict).unwrap(),
        )
        .unwrap();
        p.run(None);
        p.profile().clone()
    };
    for slice in [1, 7, 1000] {
        let mut p = Profiler::new(
            ida_star(board, Goal::BlankLast, HeuristicChoice::LinearConflict).unwrap(),
        )
        .unwrap();
        let mut calls = 0;
        while p.run(Some(slice)) == Status::Running {
            calls += 1;
            // Mid-run, the iteration in progress counts what was visited so far.
            let so_far = p.profile();
            assert!(so_far.visited() <= whole.visited());
        }
        assert!(calls > 0);
        assert_eq!(p.profile(), &whole, "slices of {slice}");
    }
    assert!(whole.visited() > whole.iterations.last().unwrap().visited);
}

#[test]
fn only_ida_has_iterations() {
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let astar = tilesearch::new_search(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        tilesearch::Algorithm::Astar,
        None,
    )
    .unwrap();
    let error = Profiler::new(astar).err().unwrap();
    assert!(error.to_string().contains("A* has none"), "{error}");
}
