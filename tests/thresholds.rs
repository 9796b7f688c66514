//! The thresholds a packet search takes: any `u32` reaches `PacketSearcher::search` (the wasm
//! API takes 0 to 4,294,967,295). Near every boundary (0, the packet node's own f, the real
//! thresholds of the sequential search, the longest optimal solution of the board's size and
//! one past it, the depth where the path's frames end, where a recursion would overflow a
//! stack, where `i32` wraps, and `u32::MAX - 300` to `u32::MAX`) a search either gives what the
//! sequential search's iteration at that threshold gives in the packet's subtree, or refuses
//! with its specific error; and the searcher goes on to answer the next good call correctly.
//! The coordinator refuses results whose next threshold no subtree can have.

mod common;

use common::Rng;
use proptest::prelude::*;
use tilesearch::board::Direction;
use tilesearch::search::parallel::{Packet, PacketResult, PacketTask};
use tilesearch::search::{max_threshold, PacketSearcher, ParallelIda};
use tilesearch::{ida_star_in_order, Board, Goal, HeuristicChoice, MoveOrder};

/// The heuristics a packet search takes without pattern databases.
const HEURISTICS: [HeuristicChoice; 3] = [
    HeuristicChoice::Hamming,
    HeuristicChoice::Manhattan,
    HeuristicChoice::LinearConflict,
];

/// The teaching text's boundedDFS, written plainly (recursion, h from scratch) as an oracle
/// for one iteration in the subtree of a packet's node.
struct Reference<'a> {
    heuristic: &'a HeuristicChoice,
    goal: Goal,
    order: MoveOrder,
    threshold: u32,
    visited: u64,
    pruned: u64,
    next: Option<u32>,
    moves: Vec<u8>,
}

impl Reference<'_> {
    fn h(&self, board: &Board) -> u32 {
        self.heuristic.estimate(board, self.goal).unwrap()
    }

    /// Visits `board` (f ≤ threshold) at depth `g`, reached by the blank's move `last`;
    /// true when the goal was visited.
    fn visit(&mut self, board: Board, g: u32, last: Option<Direction>) -> bool {
        self.visited += 1;
        if board.is_goal(self.goal) {
            return true;
        }
        for dir in self.order.directions() {
            if last.is_some_and(|l| l.opposite() == dir) {
                continue;
            }
            let mut child = board;
            let Some(tile) = child.move_blank(dir) else {
                continue;
            };
            let f = g + 1 + self.h(&child);
            if f > self.threshold {
                self.pruned += 1;
                self.next = Some(self.next.map_or(f, |n| n.min(f)));
                continue;
            }
            self.moves.push(tile);
            if self.visit(child, g + 1, Some(dir)) {
                return true;
            }
            self.moves.pop();
        }
        false
    }
}

/// What the sequential search's iteration at `threshold` counts in the subtree of the node
/// `path` leads to from `start` (whose f must not exceed the threshold).
fn expected(
    start: Board,
    goal: Goal,
    heuristic: &HeuristicChoice,
    order: MoveOrder,
    path: &[u8],
    threshold: u32,
) -> PacketResult {
    let mut node = start;
    let mut last = None;
    for &tile in path {
        last = Some(node.slide(tile).unwrap());
    }
    let mut reference = Reference {
        heuristic,
        goal,
        order,
        threshold,
        visited: 0,
        pruned: 0,
        next: None,
        moves: path.to_vec(),
    };
    assert!(path.len() as u32 + reference.h(&node) <= threshold);
    let solved = reference.visit(node, path.len() as u32, last);
    PacketResult {
        iteration: 1,
        index: 0,
        visited: reference.visited,
        pruned: reference.pruned,
        next_threshold: if solved { None } else { reference.next },
        solution: solved.then_some(reference.moves),
        generated: reference.visited - 1 + reference.pruned,
    }
}

fn task(path: &[u8], threshold: u32) -> PacketTask {
    PacketTask {
        iteration: 1,
        threshold,
        packet: Packet {
            index: 0,
            path: path.to_vec(),
        },
    }
}

/// A walk from `start` that never undoes a move, as long as it can go while its node's f stays
/// at most `target` (f never falls along a walk: it rises by 0, 1 or 2 per move).
fn walk(
    start: Board,
    goal: Goal,
    heuristic: &HeuristicChoice,
    target: u32,
    rng: &mut Rng,
) -> Vec<u8> {
    let (mut board, mut path, mut last) = (start, Vec::new(), None::<Direction>);
    for _ in 0..1000 {
        let dirs: Vec<Direction> = Direction::ORDER
            .into_iter()
            .filter(|&d| board.tile_towards(d).is_some() && last.is_none_or(|l| l.opposite() != d))
            .collect();
        let dir = dirs[rng.below(dirs.len())];
        let mut next = board;
        let tile = next.move_blank(dir).unwrap();
        if path.len() as u32 + 1 + heuristic.estimate(&next, goal).unwrap() > target {
            // Another direction may still fit; a few tries, then stop.
            if rng.below(4) == 0 {
                break;
            }
            continue;
        }
        (board, last) = (next, Some(dir));
        path.push(tile);
    }
    path
}

/// The most a threshold may exceed the packet node's f for the oracle to search it here: the
/// subtree grows about exponentially with the difference.
fn affordable(width: usize) -> u32 {
    if width == 5 {
        4
    } else {
        6
    }
}

/// Every threshold near a boundary, for a packet node of f = `f` on a `width` board.
fn thresholds(f: u32, width: usize) -> Vec<u32> {
    let bound = max_threshold(width);
    let mut ts = vec![0, 1, f.saturating_sub(2), f.saturating_sub(1)];
    ts.extend(f..=f + affordable(width));
    ts.extend([bound - 2, bound - 1, bound, bound + 1, bound + 2, bound + 3]);
    ts.extend([255, 256, 257, 6691, 6692, 10_000_000]);
    ts.extend([i32::MAX as u32, 1 << 31, 4_294_967_040]);
    ts.extend(u32::MAX - 300..=u32::MAX);
    ts
}

/// The message of a threshold above `max_threshold`.
fn beyond(threshold: u32, width: usize) -> String {
    let bound = max_threshold(width);
    format!(
        "the threshold {threshold} is above {bound}: every {}-puzzle is solved in at most {bound} \
         moves, and IDA* with an admissible heuristic never raises its threshold past the \
         optimal solution's length, so no iteration has this threshold",
        width * width - 1
    )
}

/// Searches `path` at `threshold` and checks the answer: the oracle's result, or the specific
/// error; a threshold too far above the node's f for the oracle is left out. Returns whether
/// the oracle's result was compared.
fn check_one(
    searcher: &mut PacketSearcher,
    (start, goal, heuristic, order): (Board, Goal, &HeuristicChoice, MoveOrder),
    path: &[u8],
    threshold: u32,
) -> Result<bool, TestCaseError> {
    let width = start.width();
    let node = start.after(path).unwrap();
    let f = path.len() as u32 + heuristic.estimate(&node, goal).unwrap();
    if f <= threshold && threshold <= max_threshold(width) && threshold - f > affordable(width) {
        // A subtree too large to search here (and for the oracle).
        return Ok(false);
    }
    let what = format!(
        "{start:?} {goal} {heuristic} {order}, path {path:?} (f {f}), threshold {threshold}"
    );
    let got = searcher.search(&task(path, threshold));
    if threshold > max_threshold(width) {
        let error = got.expect_err(&what);
        prop_assert_eq!(error.kind(), "invalid-option", "{}", what);
        prop_assert_eq!(error.to_string(), beyond(threshold, width), "{}", what);
        return Ok(false);
    }
    if f > threshold {
        let error = got.expect_err(&what);
        prop_assert_eq!(error.kind(), "invalid-option", "{}", what);
        let says = format!("is not visited at threshold {threshold}");
        prop_assert!(error.to_string().contains(&says), "{}: {}", what, error);
        return Ok(false);
    }
    let got = got.map_err(|e| TestCaseError::fail(format!("{what}: {e}")))?;
    prop_assert_eq!(
        got,
        expected(start, goal, heuristic, order, path, threshold),
        "{}",
        what
    );
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Packets of random walks, their node's f aimed low or right at the longest optimal
    /// solution, searched at every threshold near a boundary, each call followed by a good
    /// one: the searcher answers it as a new one would.
    #[test]
    fn every_threshold_gives_the_iterations_answer_or_its_error(
        seed in any::<u64>(),
        width in 3usize..=5,
        goal in 0usize..2,
        heuristic in 0usize..3,
        order in 0usize..24,
        scramble in 0usize..40,
        near_bound in any::<bool>(),
        below in 0u32..4,
    ) {
        let goal = Goal::ALL[goal];
        let heuristic = &HEURISTICS[heuristic];
        let order = MoveOrder::all()[order];
        let mut rng = Rng(seed | 1);
        let start = rng.scramble(width, goal, scramble);
        let h = heuristic.estimate(&start, goal).unwrap();
        let bound = max_threshold(width);
        let target = if near_bound { bound - below } else { (h + 2 * below).min(bound) };
        let path = walk(start, goal, heuristic, target, &mut rng);
        let mut searcher = PacketSearcher::new(start, goal, heuristic.clone(), order).unwrap();
        let case = (start, goal, heuristic, order);
        let node = start.after(&path).unwrap();
        let f = path.len() as u32 + heuristic.estimate(&node, goal).unwrap();
        let good = expected(start, goal, heuristic, order, &path, f);
        for threshold in thresholds(f, width) {
            check_one(&mut searcher, case, &path, threshold)?;
            // The next good call: the packet at its own f, as a new searcher answers it.
            prop_assert_eq!(searcher.search(&task(&path, f)).unwrap(), good.clone());
        }
    }
}

/// The whole tree as one packet at each of the sequential search's thresholds, then at the
/// boundaries: exactly the sequential search's iterations, and the searcher unharmed by the
/// refusals.
#[test]
fn the_root_packet_at_the_real_thresholds_equals_the_sequential_iterations() {
    let mut rng = Rng(0x7e57_0f7e);
    for (k, width) in [3, 3, 3, 4, 4, 5].into_iter().enumerate() {
        for goal in Goal::ALL {
            let heuristic = &HEURISTICS[k % 3];
            let order = MoveOrder::all()[(k * 7) % 24];
            // Short scrambles on the larger boards keep the sequential search quick.
            let start = if width == 3 {
                Board::random(3, goal, k as u64).unwrap()
            } else {
                rng.scramble(width, goal, 30)
            };
            let mut sequential = ida_star_in_order(start, goal, heuristic.clone(), order).unwrap();
            sequential.run(None);
            let report = sequential.report();
            let mut searcher = PacketSearcher::new(start, goal, heuristic.clone(), order).unwrap();
            let bound = max_threshold(width);
            for summary in report.iterations() {
                let got = searcher.search(&task(&[], summary.threshold)).unwrap();
                let what = format!("{start:?} {goal} {heuristic} {order}, {summary:?}");
                assert_eq!(
                    (got.visited, got.pruned, got.next_threshold),
                    (summary.visited, summary.pruned, summary.next_threshold),
                    "{what}"
                );
                assert!(summary.threshold <= bound, "{what}");
                assert_eq!(got.solution.is_some(), summary.next_threshold.is_none());
                if got.solution.is_some() {
                    assert_eq!(got.solution.as_deref(), report.moves.as_deref(), "{what}");
                }
                for bad in [bound + 1, 6692, 10_000_000, 4_294_967_040, u32::MAX] {
                    let error = searcher.search(&task(&[], bad)).unwrap_err();
                    assert_eq!(error.to_string(), beyond(bad, width));
                }
                assert_eq!(
                    searcher.search(&task(&[], summary.threshold)).unwrap(),
                    got,
                    "{what}, after the refusals"
                );
            }
        }
    }
}

#[test]
fn the_bound_is_the_longest_optimal_solution_of_each_size() {
    assert_eq!(
        [3, 4, 5].map(max_threshold),
        [31, 80, 210],
        "the 8-puzzle's and the 15-puzzle's longest optimal solutions, and a proven bound for \
         the 24-puzzle"
    );
    // 8 6 7 / 2 5 4 / 3 _ 1 is one of the two 8-puzzles that need 31 moves.
    let hardest: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let mut search = ida_star_in_order(
        hardest,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        MoveOrder::LECTURE,
    )
    .unwrap();
    search.run(None);
    let report = search.report();
    assert_eq!(report.length, Some(max_threshold(3)));
    // Its last iteration's threshold is the bound itself: taken, and solved there.
    let mut searcher = PacketSearcher::new(
        hardest,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        MoveOrder::LECTURE,
    )
    .unwrap();
    let last = searcher.search(&task(&[], 31)).unwrap();
    assert_eq!(last.solution, report.moves);
    assert_eq!(
        searcher.search(&task(&[], 32)).unwrap_err().to_string(),
        beyond(32, 3)
    );
}

#[test]
fn the_coordinator_refuses_next_thresholds_no_subtree_has() {
    let goal = Goal::BlankLast;
    let board: Board = "6 4 5 8 2 7 1 0 3".parse().unwrap();
    let h = HeuristicChoice::Manhattan;
    let mut run = ParallelIda::new(board, goal, h.clone(), MoveOrder::LECTURE, 2).unwrap();
    let mut searcher = PacketSearcher::new(board, goal, h, MoveOrder::LECTURE).unwrap();
    let iteration = run.iteration().unwrap();
    let t = iteration.threshold;
    let tasks: Vec<PacketTask> = iteration.tasks().collect();
    let first = searcher.search(&tasks[0]).unwrap();
    assert!(first.solution.is_none());
    let before = run.report();
    let lying = [
        t + 3,
        t + 100,
        1 << 31,
        u32::MAX - 300,
        u32::MAX - 1,
        u32::MAX,
    ];
    for next in lying {
        let result = PacketResult {
            next_threshold: Some(next),
            ..first.clone()
        };
        let error = run.accept(result).unwrap_err();
        assert_eq!(error.kind(), "unexpected-result");
        assert!(
            error.to_string().contains(&format!(
                "its next threshold {next} is more than 2 above the threshold {t}"
            )),
            "{error}"
        );
        assert_eq!(run.report(), before);
    }
    // Counts that overflow when added up: refused, not wrapped.
    let huge = PacketResult {
        visited: u64::MAX,
        pruned: 2,
        generated: 0,
        ..first.clone()
    };
    let error = run.accept(huge).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("generated (0) is not visited − 1 + pruned"),
        "{error}"
    );
    // Even when generated is as large as a count can be.
    let huge = PacketResult {
        visited: u64::MAX,
        pruned: 5,
        generated: u64::MAX,
        ..first.clone()
    };
    assert_eq!(run.accept(huge).unwrap_err().kind(), "unexpected-result");
    assert_eq!(run.report(), before);
    // The real result is still taken.
    run.accept(first).unwrap();
    assert!(!run.needed(0));
}
