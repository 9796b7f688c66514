//! The 8-puzzle sweep: IDA* with every heuristic returns the breadth-first optimum for all
//! 181,440 solvable states, and every heuristic is admissible, consistent and 0 only at the
//! goal. (Run in release mode. `make test-long` sweeps all the states, `make test` a fixed
//! thirty-second of them.)

mod common;

use common::{bfs_distances, on_two_threads, replays, tiles9, Rng};
use std::collections::HashMap;
use tilesearch::board::Direction;
use tilesearch::{ida_star, Board, Goal, HeuristicChoice, Status};

/// The published distance distribution (tests/data/8-puzzle-distances.txt, OEIS A089473).
fn published_distribution() -> Vec<u64> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/8-puzzle-distances.txt"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn bfs_oracle_matches_the_published_distribution() {
    let dist = bfs_distances(Goal::BlankLast);
    assert_eq!(dist.len(), 181_440);
    let mut counts = vec![0u64; 32];
    for &d in dist.values() {
        counts[d as usize] += 1;
    }
    assert_eq!(counts, published_distribution());
}

fn board_of(key: &[u8; 9]) -> Board {
    Board::from_tiles(key).unwrap()
}

/// Solves every state in `states` and checks its length against the oracle, on two threads.
fn sweep(kind: &HeuristicChoice, goal: Goal, dist: &HashMap<[u8; 9], u32>) {
    on_two_threads(dist, |key, d| {
        let board = board_of(key);
        let mut search = ida_star(board, goal, kind.clone()).unwrap();
        assert_eq!(search.run(None), Status::Solved);
        let report = search.report();
        assert_eq!(report.length, Some(d), "{kind} on {board:?}");
        assert!(replays(board, goal, report.moves.as_ref().unwrap()));
    });
}

#[test]
fn ida_star_is_optimal_on_every_8_puzzle_state_with_manhattan() {
    sweep(
        &HeuristicChoice::Manhattan,
        Goal::BlankLast,
        &bfs_distances(Goal::BlankLast),
    );
}

#[test]
fn ida_star_is_optimal_on_every_8_puzzle_state_with_linear_conflict() {
    sweep(
        &HeuristicChoice::LinearConflict,
        Goal::BlankLast,
        &bfs_distances(Goal::BlankLast),
    );
}

#[test]
fn ida_star_is_optimal_on_every_8_puzzle_state_with_hamming() {
    sweep(
        &HeuristicChoice::Hamming,
        Goal::BlankLast,
        &bfs_distances(Goal::BlankLast),
    );
}

#[test]
fn ida_star_is_optimal_towards_the_blank_first_goal() {
    let dist = bfs_distances(Goal::BlankFirst);
    let mut rng = Rng(0x5eed);
    let keys: Vec<&[u8; 9]> = dist.keys().collect();
    for _ in 0..3000 {
        let key = keys[rng.below(keys.len())];
        for kind in HeuristicChoice::ALL {
            let mut search = ida_star(board_of(key), Goal::BlankFirst, kind.clone()).unwrap();
            search.run(None);
            assert_eq!(search.report().length, Some(dist[key]), "{kind} {key:?}");
        }
    }
}

#[test]
fn heuristics_are_admissible_consistent_and_zero_only_at_the_goal() {
    for goal in Goal::ALL {
        let dist = bfs_distances(goal);
        for (key, &d) in &dist {
            let board = board_of(key);
            let h: Vec<u32> = HeuristicChoice::ALL
                .iter()
                .map(|k| k.estimate(&board, goal).unwrap())
                .collect();
            assert!(
                h[0] <= h[1] && h[1] <= h[2],
                "hamming ≤ manhattan ≤ linear-conflict on {board:?}: {h:?}"
            );
            for (kind, &value) in HeuristicChoice::ALL.iter().zip(&h) {
                assert!(value <= d, "{kind} overestimates {board:?}: {value} > {d}");
                assert_eq!(
                    value == 0,
                    d == 0,
                    "{kind} is 0 exactly at the goal: {board:?}"
                );
            }
            for dir in Direction::ORDER {
                let mut next = board;
                if next.move_blank(dir).is_none() {
                    continue;
                }
                for (kind, &value) in HeuristicChoice::ALL.iter().zip(&h) {
                    let after = kind.estimate(&next, goal).unwrap();
                    assert!(
                        after.abs_diff(value) <= 1,
                        "{kind} jumps by more than 1: {board:?} → {next:?}"
                    );
                }
            }
            assert_eq!(tiles9(&board), *key);
        }
    }
}

#[test]
fn the_hardest_8_puzzles_take_31_moves() {
    for text in ["6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"] {
        let mut search = ida_star(
            Board::parse(text).unwrap(),
            Goal::BlankLast,
            HeuristicChoice::Manhattan,
        )
        .unwrap();
        search.run(None);
        assert_eq!(search.report().length, Some(31));
    }
}
