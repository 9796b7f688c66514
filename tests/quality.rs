//! `tilesearch quality` and `tilesearch::quality` against an independent computation: a plain
//! breadth-first search over boards kept in a hash map, the distance counts of OEIS A089473
//! (tests/data/8-puzzle-distances.txt), and Hamming and Manhattan written out again here.

mod common;

use std::collections::{HashMap, VecDeque};
use std::process::Command;
use tilesearch::board::{Board, Goal};
use tilesearch::heuristic::{HeuristicChoice, HeuristicKind};
use tilesearch::quality::quality;

const BIN: &str = env!("CARGO_BIN_EXE_tilesearch");

/// Every solvable state's distance to `goal`, by a search that shares no code with the core's.
fn plain_distances(goal: [u8; 9]) -> HashMap<[u8; 9], u32> {
    let mut seen = HashMap::from([(goal, 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / 3, blank % 3);
        let mut moves = Vec::new();
        if r > 0 {
            moves.push(blank - 3);
        }
        if r < 2 {
            moves.push(blank + 3);
        }
        if c > 0 {
            moves.push(blank - 1);
        }
        if c < 2 {
            moves.push(blank + 1);
        }
        for m in moves {
            let mut next = board;
            next.swap(blank, m);
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(next) {
                e.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    seen
}

fn goal_tiles(goal: Goal) -> [u8; 9] {
    match goal {
        Goal::BlankLast => [1, 2, 3, 4, 5, 6, 7, 8, 0],
        Goal::BlankFirst => [0, 1, 2, 3, 4, 5, 6, 7, 8],
    }
}

fn plain_h(kind: HeuristicKind, board: &[u8; 9], goal: &[u8; 9]) -> u32 {
    let home = |t: u8| goal.iter().position(|&g| g == t).unwrap();
    board
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(i, &t)| {
            let g = home(t);
            match kind {
                HeuristicKind::Hamming => u32::from(i != g),
                _ => ((i / 3).abs_diff(g / 3) + (i % 3).abs_diff(g % 3)) as u32,
            }
        })
        .sum()
}

#[test]
fn the_figures_equal_an_independent_computation() {
    let published: Vec<u64> = include_str!("data/8-puzzle-distances.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    for goal in Goal::ALL {
        let target = goal_tiles(goal);
        let distances = plain_distances(target);
        assert_eq!(distances.len(), 181_440);
        for kind in [
            HeuristicKind::Hamming,
            HeuristicKind::Manhattan,
            HeuristicKind::LinearConflict,
        ] {
            let q = quality(kind, goal).unwrap();
            assert_eq!((q.states, q.width), (181_440, 3));
            let per_distance: Vec<u64> = (0..q.counts.len()).map(|d| q.at_distance(d)).collect();
            assert_eq!(per_distance, published, "{kind} {goal}");
            assert_eq!(q.max_distance, 31);
            let choice = HeuristicChoice::new(kind, 3, goal, None).unwrap();
            let (mut sum_h, mut sum_d, mut exact, mut over, mut max_h) = (0u64, 0u64, 0, 0, 0);
            let mut counts = HashMap::new();
            for (board, &d) in &distances {
                // Hamming and Manhattan written out here; linear conflict through the core's
                // estimate of a parsed Board (another path than the quality sweep's).
                let h = if kind == HeuristicKind::LinearConflict {
                    choice
                        .estimate(&Board::from_tiles(board).unwrap(), goal)
                        .unwrap()
                } else {
                    plain_h(kind, board, &target)
                };
                sum_h += u64::from(h);
                sum_d += u64::from(d);
                exact += u64::from(h == d);
                over += u64::from(h > d);
                max_h = max_h.max(h);
                *counts.entry((d as usize, h as usize)).or_insert(0u64) += 1;
            }
            assert_eq!(q.mean_h, sum_h as f64 / 181_440.0, "{kind} {goal}");
            assert_eq!(q.mean_distance, sum_d as f64 / 181_440.0);
            assert_eq!((q.exact, q.overestimated, q.max_h), (exact, over, max_h));
            assert!(q.admissible && over == 0, "{kind} is admissible");
            for (d, row) in q.counts.iter().enumerate() {
                for (h, &c) in row.iter().enumerate() {
                    assert_eq!(
                        c,
                        counts.get(&(d, h)).copied().unwrap_or(0),
                        "{kind} d {d} h {h}"
                    );
                }
            }
        }
    }
    // Each heuristic dominates the one before it: fewer nodes for IDA*.
    let means: Vec<f64> = ["hamming", "manhattan", "linear-conflict"]
        .iter()
        .map(|h| quality(h.parse().unwrap(), Goal::BlankLast).unwrap().mean_h)
        .collect();
    assert!(means[0] < means[1] && means[1] < means[2], "{means:?}");
}

#[test]
fn the_cli_prints_the_figures_and_refuses_pdb() {
    let out = Command::new(BIN)
        .args(["quality", "--heuristic", "hamming", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let q = quality(HeuristicKind::Hamming, Goal::BlankLast).unwrap();
    assert_eq!(v["heuristic"], "hamming");
    assert_eq!(v["goal"], "blank-last");
    assert_eq!(v["states"], 181_440);
    assert_eq!(v["admissible"], true);
    assert_eq!(v["meanH"].as_f64(), Some(q.mean_h));
    assert_eq!(v["meanDistance"].as_f64(), Some(q.mean_distance));
    assert_eq!(v["counts"].as_array().unwrap().len(), 32);
    let out = Command::new(BIN)
        .args(["quality", "--goal", "blank-first"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "manhattan on the 8-puzzle (goal blank-first): all 181,440 solvable states\nmean h "
    ));
    assert!(text.contains("admissible: no state has h > h*"), "{text}");
    assert!(text.contains("\n  31         2 "), "{text}");
    for (args, words) in [
        (
            vec!["quality", "--heuristic", "pdb"],
            "is for the 15-puzzle",
        ),
        (
            vec!["quality", "--heuristic", "nope"],
            "unknown heuristic \"nope\"",
        ),
        (
            vec!["quality", "--board", "1"],
            "unknown option \"--board\"",
        ),
        (vec!["quality", "--goal"], "--goal needs a value"),
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(words),
            "{args:?}"
        );
    }
}

/// The searches rely on it (a pruned child's f is at most its parent's + 2, say): h changes by
/// at most 1 per move, checked on every move between solvable 8-puzzle states.
#[test]
fn every_heuristic_is_consistent_on_the_8_puzzle() {
    for goal in Goal::ALL {
        let distances = plain_distances(goal_tiles(goal));
        for kind in [
            HeuristicKind::Hamming,
            HeuristicKind::Manhattan,
            HeuristicKind::LinearConflict,
        ] {
            let choice = HeuristicChoice::new(kind, 3, goal, None).unwrap();
            let h = |tiles: &[u8; 9]| {
                choice
                    .estimate(&Board::from_tiles(tiles).unwrap(), goal)
                    .unwrap()
            };
            let mut moves = 0u64;
            for board in distances.keys() {
                let here = h(board);
                let blank = board.iter().position(|&t| t == 0).unwrap();
                for next in [
                    blank.wrapping_sub(3),
                    blank + 3,
                    blank.wrapping_sub(1),
                    blank + 1,
                ] {
                    let same_row = next / 3 == blank / 3;
                    if next >= 9 || (next.abs_diff(blank) == 1 && !same_row) {
                        continue;
                    }
                    let mut child = *board;
                    child.swap(blank, next);
                    assert!(
                        here.abs_diff(h(&child)) <= 1,
                        "{kind} {goal}: {board:?} → {child:?}"
                    );
                    moves += 1;
                }
            }
            assert_eq!(moves, 483_840, "every move of every state");
        }
    }
}

/// The 15-puzzle's sample: Korf's 100 instances and their published optimal lengths, measured
/// here with the heuristics written out again (Hamming, Manhattan) and through the core's
/// estimate (linear conflict), and the CLI's `--width 4` prints the same.
#[test]
fn the_korf_sample_equals_an_independent_computation() {
    use tilesearch::quality::quality_sample;
    for goal in Goal::ALL {
        let instances = common::korf(goal);
        assert_eq!(instances.len(), 100);
        // The core's one embedded copy, converted for blank-last, is the test data's file.
        assert_eq!(tilesearch::quality::korf100(goal), instances, "{goal}");
        let home: Vec<usize> = (0..16)
            .map(|t| (0..16).find(|&p| goal.tile_at(p, 16) == t).unwrap())
            .collect();
        for kind in [
            HeuristicKind::Hamming,
            HeuristicKind::Manhattan,
            HeuristicKind::LinearConflict,
        ] {
            let choice = HeuristicChoice::new(kind, 4, goal, None).unwrap();
            let q = quality_sample(&choice, goal).unwrap();
            assert_eq!((q.states, q.width, q.heuristic), (100, 4, kind));
            let (mut sum_h, mut sum_d, mut exact) = (0u64, 0u64, 0u64);
            for (length, board) in &instances {
                let h = match kind {
                    HeuristicKind::LinearConflict => choice.estimate(board, goal).unwrap(),
                    _ => board
                        .tiles()
                        .iter()
                        .enumerate()
                        .filter(|&(_, &t)| t != 0)
                        .map(|(i, &t)| {
                            let g = home[t as usize];
                            if kind == HeuristicKind::Hamming {
                                u32::from(i != g)
                            } else {
                                ((i / 4).abs_diff(g / 4) + (i % 4).abs_diff(g % 4)) as u32
                            }
                        })
                        .sum(),
                };
                assert!(h <= *length, "{kind} overestimates {board:?}");
                assert!(q.counts[*length as usize][h as usize] > 0);
                sum_h += u64::from(h);
                sum_d += u64::from(*length);
                exact += u64::from(h == *length);
            }
            assert_eq!(q.mean_h, sum_h as f64 / 100.0, "{kind} {goal}");
            assert_eq!(q.mean_distance, sum_d as f64 / 100.0);
            assert_eq!(q.exact, exact);
            assert!(q.admissible);
            let total: u64 = q.counts.iter().flatten().sum();
            assert_eq!(total, 100);
        }
    }
    // Korf's published mean optimal length (53.05) and Manhattan mean h on these boards.
    let q = quality_sample(&HeuristicChoice::Manhattan, Goal::BlankLast).unwrap();
    assert_eq!(q.mean_distance, 53.05);
    let out = Command::new(BIN)
        .args([
            "quality",
            "--width",
            "4",
            "--heuristic",
            "linear-conflict",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let q = quality_sample(&HeuristicChoice::LinearConflict, Goal::BlankLast).unwrap();
    assert_eq!(
        (v["states"].as_u64(), v["width"].as_u64()),
        (Some(100), Some(4))
    );
    assert_eq!(v["meanH"].as_f64(), Some(q.mean_h));
    let out = Command::new(BIN)
        .args(["quality", "--width", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--width takes 3"));
}
