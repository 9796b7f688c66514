//! Parallel IDA* (work packets): its report equals the sequential search's (the solution, the
//! first in move order, and every iteration's counts) on 1 to 4 threads, for any split, move
//! order, goal convention and heuristic; the goal found in the split itself; the coordinator
//! takes results in any order, refuses those that do not belong and skips the packets it no
//! longer needs.

mod common;

use common::{databases, korf, Rng};
use std::sync::atomic::{AtomicU64, Ordering};
use tilesearch::search::parallel::{
    PacketResult, PacketTask, Searched, MAX_SPLIT_DEPTH, MAX_WORKERS, NEEDED_EVERY,
};
use tilesearch::search::{
    ida_star_parallel, ida_star_parallel_while, PacketSearcher, ParallelIda, Report,
};
use tilesearch::{ida_star_in_order, Board, Goal, HeuristicChoice, MoveOrder, Status};

/// The sequential search's report.
fn sequential(board: Board, goal: Goal, heuristic: &HeuristicChoice, order: MoveOrder) -> Report {
    let mut search = ida_star_in_order(board, goal, heuristic.clone(), order).unwrap();
    search.run(None);
    search.report()
}

/// Runs `run` to the end in this thread: each iteration's tasks searched by `searchers`
/// round-robin, the results accepted in the order `arrange` puts them in. Returns the report
/// and how many results were accepted (every needed one, and no unneeded one).
fn drive(
    run: &mut ParallelIda,
    searchers: &mut [PacketSearcher],
    arrange: &mut dyn FnMut(&mut Vec<PacketResult>),
) -> (Report, u64) {
    let mut accepted = 0;
    while let Some(iteration) = run.iteration() {
        let tasks: Vec<PacketTask> = iteration.tasks().collect();
        assert!(
            !tasks.is_empty(),
            "an iteration without packets is never given"
        );
        let mut results: Vec<PacketResult> = tasks
            .iter()
            .enumerate()
            .map(|(i, task)| searchers[i % searchers.len()].search(task).unwrap())
            .collect();
        arrange(&mut results);
        let mut complete = false;
        for result in results {
            if complete {
                break;
            }
            if !run.needed(result.index) {
                // After a solving packet: skipped, as a pool would.
                continue;
            }
            complete = run.accept(result).unwrap();
            accepted += 1;
        }
        assert!(complete, "iteration {} complete", iteration.iteration);
    }
    (run.report(), accepted)
}

fn searchers(
    board: Board,
    goal: Goal,
    heuristic: &HeuristicChoice,
    order: MoveOrder,
    n: usize,
) -> Vec<PacketSearcher> {
    (0..n)
        .map(|_| PacketSearcher::new(board, goal, heuristic.clone(), order).unwrap())
        .collect()
}

/// Every driver agrees with the sequential search on `board`: the threads (1 to 4), and the
/// coordinator driven here with results in order and in reverse, for `splits` depths.
fn agrees(board: Board, goal: Goal, heuristic: &HeuristicChoice, order: MoveOrder, splits: &[u32]) {
    let expected = sequential(board, goal, heuristic, order);
    let what = format!("{board:?} {goal} {heuristic} {order}");
    for threads in 1..=4 {
        let (report, balance) =
            ida_star_parallel(board, goal, heuristic.clone(), order, threads).unwrap();
        assert_eq!(report, expected, "{what}, {threads} threads");
        assert_eq!(balance.workers.len(), threads as usize);
    }
    for &depth in splits {
        let mut run =
            ParallelIda::with_split_depth(board, goal, heuristic.clone(), order, depth).unwrap();
        let mut two = searchers(board, goal, heuristic, order, 2);
        let (report, _) = drive(&mut run, &mut two, &mut |r| r.reverse());
        assert_eq!(report, expected, "{what}, split depth {depth}, reversed");
    }
}

#[test]
fn random_eight_puzzles_equal_the_sequential_search() {
    for seed in 0..60 {
        for goal in Goal::ALL {
            let board = Board::random(3, goal, seed).unwrap();
            let splits: &[u32] = if seed % 10 == 0 { &[1, 2, 5, 9] } else { &[3] };
            agrees(
                board,
                goal,
                &HeuristicChoice::Manhattan,
                MoveOrder::LECTURE,
                splits,
            );
        }
    }
}

#[test]
fn every_move_order_and_heuristic() {
    let mut rng = Rng(0x5eed_0f0d_de75);
    for (k, order) in MoveOrder::all().into_iter().enumerate() {
        let board = Board::random(3, Goal::BlankLast, 1000 + k as u64).unwrap();
        let heuristic = &HeuristicChoice::ALL[k % 3];
        let depth = 1 + rng.below(8) as u32;
        agrees(board, Goal::BlankLast, heuristic, order, &[depth]);
    }
}

#[test]
fn quick_korf_instances_with_manhattan_in_both_conventions() {
    for goal in Goal::ALL {
        let instances = korf(goal);
        for (k, n) in [12, 42, 55, 19].into_iter().enumerate() {
            let (optimal, board) = instances[n - 1];
            let order = MoveOrder::all()[k * 5];
            let expected = sequential(board, goal, &HeuristicChoice::Manhattan, order);
            assert_eq!(expected.length, Some(optimal));
            for threads in [1, 2, 3, 4] {
                let (report, balance) =
                    ida_star_parallel(board, goal, HeuristicChoice::Manhattan, order, threads)
                        .unwrap();
                assert_eq!(
                    report, expected,
                    "Korf #{n}, {goal}, {order}, {threads} threads"
                );
                assert!(balance.packets > 0);
            }
            for workers in [1, 7, 64] {
                let mut run =
                    ParallelIda::new(board, goal, HeuristicChoice::Manhattan, order, workers)
                        .unwrap();
                let mut three = searchers(board, goal, &HeuristicChoice::Manhattan, order, 3);
                let mut rng = Rng(n as u64 * 77 + u64::from(workers));
                let (report, _) = drive(&mut run, &mut three, &mut |r| shuffle(r, &mut rng));
                assert_eq!(
                    report, expected,
                    "Korf #{n}, {goal}, {workers} workers, shuffled"
                );
            }
        }
    }
}

#[test]
fn a_run_told_to_stop_reports_its_finished_iterations_as_running() {
    let goal = Goal::BlankLast;
    let (_, board) = korf(goal)[18];
    let order = MoveOrder::LECTURE;
    let expected = sequential(board, goal, &HeuristicChoice::Manhattan, order);
    let always = || true;
    let (report, _) =
        ida_star_parallel_while(board, goal, HeuristicChoice::Manhattan, order, 2, &always)
            .unwrap();
    assert_eq!(report, expected);
    for stop_after in [0, 5, 40, 200] {
        let asked = AtomicU64::new(0);
        let go_on = || asked.fetch_add(1, Ordering::Relaxed) < stop_after;
        let (report, _) =
            ida_star_parallel_while(board, goal, HeuristicChoice::Manhattan, order, 2, &go_on)
                .unwrap();
        assert_eq!(report.status, Status::Running, "stopped after {stop_after}");
        assert_eq!((report.length, report.moves.as_deref()), (None, None));
        // Every iteration it reports finished is the sequential search's, counts and all.
        let finished: Vec<_> = report
            .iterations()
            .iter()
            .filter(|i| i.next_threshold.is_some())
            .collect();
        // Its first iterations are small enough to finish in the split, before any packet.
        assert!(!finished.is_empty() && finished.len() < expected.iterations().len());
        for (got, want) in finished.iter().zip(expected.iterations()) {
            assert_eq!(*got, want, "stopped after {stop_after}");
        }
    }
}

#[test]
fn pdb_on_korf_instances() {
    let goal = Goal::BlankFirst;
    let heuristic = HeuristicChoice::Pdb(databases(goal));
    let instances = korf(goal);
    for n in [1, 12, 42, 55] {
        let (optimal, board) = instances[n - 1];
        let expected = sequential(board, goal, &heuristic, MoveOrder::LECTURE);
        assert_eq!(expected.length, Some(optimal));
        for threads in [1, 2, 3] {
            let (report, _) =
                ida_star_parallel(board, goal, heuristic.clone(), MoveOrder::LECTURE, threads)
                    .unwrap();
            assert_eq!(report, expected, "Korf #{n} pdb, {threads} threads");
        }
    }
}

fn shuffle(results: &mut [PacketResult], rng: &mut Rng) {
    for i in (1..results.len()).rev() {
        results.swap(i, rng.below(i + 1));
    }
}

/// Every board 0 to 3 moves from the goal, so that the split itself often visits the goal.
fn near_goal(goal: Goal, width: usize) -> Vec<Board> {
    let mut boards = vec![goal.board(width).unwrap()];
    let mut frontier = boards.clone();
    for _ in 0..3 {
        let mut next = Vec::new();
        for board in &frontier {
            for dir in tilesearch::board::Direction::ORDER {
                let mut b = *board;
                if b.move_blank(dir).is_some() && !boards.contains(&b) {
                    boards.push(b);
                    next.push(b);
                }
            }
        }
        frontier = next;
    }
    boards
}

#[test]
fn the_goal_in_the_split_and_as_the_start() {
    for goal in Goal::ALL {
        for width in [3, 4] {
            for board in near_goal(goal, width) {
                for order in [MoveOrder::LECTURE, "udlr".parse().unwrap()] {
                    agrees(
                        board,
                        goal,
                        &HeuristicChoice::Manhattan,
                        order,
                        &[1, 2, 3, 4],
                    );
                }
            }
        }
        // The start is the goal: one iteration, one node, no move.
        let start = goal.board(3).unwrap();
        let run = ParallelIda::new(
            start,
            goal,
            HeuristicChoice::Manhattan,
            MoveOrder::LECTURE,
            2,
        )
        .unwrap();
        assert!(run.iteration().is_none());
        let report = run.report();
        assert_eq!(report.status, Status::Solved);
        assert_eq!(
            (report.length, report.nodes, report.expanded),
            (Some(0), 1, 0)
        );
    }
}

/// A Korf instance's coordinator at a split with many packets, and its first iteration's tasks.
fn korf_run(workers: u32) -> (ParallelIda, Vec<PacketSearcher>, Report) {
    let goal = Goal::BlankLast;
    let (_, board) = korf(goal)[11];
    let h = HeuristicChoice::Manhattan;
    let run = ParallelIda::new(board, goal, h.clone(), MoveOrder::LECTURE, workers).unwrap();
    let expected = sequential(board, goal, &h, MoveOrder::LECTURE);
    (
        run,
        searchers(board, goal, &h, MoveOrder::LECTURE, 1),
        expected,
    )
}

#[test]
fn results_that_do_not_belong_are_refused_and_change_nothing() {
    let (mut run, mut searcher, expected) = korf_run(4);
    let iteration = run.iteration().unwrap();
    // Many packets (a small iteration's split aims at fewer than 64 per worker).
    assert!(iteration.packets.len() >= 32, "{}", iteration.packets.len());
    let tasks: Vec<PacketTask> = iteration.tasks().collect();
    let first = searcher[0].search(&tasks[0]).unwrap();
    let refused = |run: &mut ParallelIda, result: PacketResult, says: &str| {
        let before = run.report();
        let error = run.accept(result).unwrap_err();
        assert_eq!(error.kind(), "unexpected-result");
        assert!(error.to_string().contains(says), "{error} ({says})");
        assert_eq!(run.report(), before);
    };
    let wrong = |change: &dyn Fn(&mut PacketResult)| {
        let mut r = first.clone();
        change(&mut r);
        r
    };
    let n = iteration.iteration;
    refused(
        &mut run,
        wrong(&|r| r.iteration = n + 1),
        &format!("the search is at iteration {n}"),
    );
    let count = tasks.len();
    refused(
        &mut run,
        wrong(&|r| r.index = count as u32),
        &format!("iteration {n} has {count} packets (0 to {})", count - 1),
    );
    refused(&mut run, wrong(&|r| r.visited = 0), "visited 0");
    refused(&mut run, wrong(&|r| r.generated += 1), "generated");
    refused(
        &mut run,
        wrong(&|r| r.next_threshold = Some(iteration.threshold)),
        "is not above the threshold",
    );
    refused(
        &mut run,
        wrong(&|r| {
            r.next_threshold = None;
            r.solution = Some(vec![1, 2, 3]);
        }),
        "does not start with the packet's path",
    );
    refused(
        &mut run,
        wrong(&|r| r.solution = Some(vec![])),
        "a solved packet has no next",
    );
    let path = tasks[0].packet.path.clone();
    refused(
        &mut run,
        wrong(&|r| {
            r.next_threshold = None;
            r.solution = Some(path.clone());
        }),
        "does not reach the goal",
    );
    assert!(run.needed(0));
    assert!(!run.accept(first.clone()).unwrap());
    assert!(!run.needed(0));
    refused(&mut run, first.clone(), "it was taken already");
    // The rest, in reverse; the report is still the sequential one.
    let (report, _) = drive(&mut run, &mut searcher, &mut |r| r.reverse());
    assert_eq!(report, expected);
    refused(&mut run, first, "the search has finished");
    assert!(!run.needed(0));
}

#[test]
fn packets_after_a_solving_one_are_not_needed() {
    // A fixed split of an 8-puzzle, deep enough that the last iteration has packets after the
    // solving one.
    let goal = Goal::BlankLast;
    let h = HeuristicChoice::Manhattan;
    let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let expected = sequential(board, goal, &h, MoveOrder::LECTURE);
    let mut run =
        ParallelIda::with_split_depth(board, goal, h.clone(), MoveOrder::LECTURE, 6).unwrap();
    let mut searcher = searchers(board, goal, &h, MoveOrder::LECTURE, 1);
    let last = expected.iterations().len() as u32;
    while run.iteration().unwrap().iteration < last {
        let tasks: Vec<PacketTask> = run.iteration().unwrap().tasks().collect();
        for task in &tasks {
            run.accept(searcher[0].search(task).unwrap()).unwrap();
        }
    }
    let tasks: Vec<PacketTask> = run.iteration().unwrap().tasks().collect();
    let results: Vec<PacketResult> = tasks
        .iter()
        .map(|t| searcher[0].search(t).unwrap())
        .collect();
    let s = results.iter().position(|r| r.solution.is_some()).unwrap();
    assert!(s + 1 < tasks.len(), "packets after the solving one");
    // A later packet first (taken and ignored), then the solving one: everything after it is
    // no longer needed, everything before it still is.
    assert!(!run.accept(results[s + 1].clone()).unwrap());
    assert!(!run.accept(results[s].clone()).unwrap());
    assert!((s + 1..tasks.len()).all(|i| !run.needed(i as u32)));
    assert!((0..s).all(|i| run.needed(i as u32)));
    let mut complete = false;
    for r in results[..s].iter().rev() {
        assert!(!complete);
        complete = run.accept(r.clone()).unwrap();
    }
    assert!(complete);
    assert!(run.iteration().is_none());
    assert_eq!(run.report(), expected);
}

#[test]
fn bad_boards_and_options_fail_as_the_sequential_search_does() {
    let goal = Goal::BlankLast;
    let order = MoveOrder::LECTURE;
    let unsolvable: Board = "2 1 3 4 5 6 7 8 0".parse().unwrap();
    let sequential_error = ida_star_in_order(unsolvable, goal, HeuristicChoice::Manhattan, order)
        .err()
        .unwrap();
    let parallel = ParallelIda::new(unsolvable, goal, HeuristicChoice::Manhattan, order, 2);
    assert_eq!(parallel.err().unwrap(), sequential_error);
    let threads = ida_star_parallel(unsolvable, goal, HeuristicChoice::Manhattan, order, 2);
    assert_eq!(threads.err().unwrap(), sequential_error);
    let searcher = PacketSearcher::new(unsolvable, goal, HeuristicChoice::Manhattan, order);
    assert_eq!(searcher.err().unwrap(), sequential_error);
    // pdb on a 3×3 board: the width error, before solvability, as sequentially.
    let pdb = HeuristicChoice::Pdb(databases(Goal::BlankFirst));
    let sequential_error = ida_star_in_order(unsolvable, goal, pdb.clone(), order)
        .err()
        .unwrap();
    assert_eq!(sequential_error.kind(), "pdb-width");
    let parallel = ParallelIda::new(unsolvable, goal, pdb, order, 2);
    assert_eq!(parallel.err().unwrap(), sequential_error);
    // Worker counts and split depths out of range.
    let board = Board::random(3, goal, 1).unwrap();
    for workers in [0, MAX_WORKERS + 1] {
        let e = ParallelIda::new(board, goal, HeuristicChoice::Manhattan, order, workers);
        assert_eq!(e.err().unwrap().kind(), "invalid-option");
        let e = ida_star_parallel(board, goal, HeuristicChoice::Manhattan, order, workers);
        assert!(e
            .err()
            .unwrap()
            .to_string()
            .contains("workers must be a whole number"));
    }
    for depth in [0, MAX_SPLIT_DEPTH + 1] {
        let e =
            ParallelIda::with_split_depth(board, goal, HeuristicChoice::Manhattan, order, depth);
        assert_eq!(e.err().unwrap().kind(), "invalid-option");
    }
}

#[test]
fn a_searcher_refuses_packets_that_are_not_nodes_of_the_iteration() {
    let goal = Goal::BlankLast;
    let board: Board = "6 4 5 8 2 7 1 0 3".parse().unwrap();
    let mut searcher =
        PacketSearcher::new(board, goal, HeuristicChoice::Manhattan, MoveOrder::LECTURE).unwrap();
    let task = |path: Vec<u8>, threshold| PacketTask {
        iteration: 1,
        threshold,
        packet: tilesearch::search::parallel::Packet { index: 0, path },
    };
    // 6 4 5 / 8 2 7 / 1 _ 3: tile 1 and tile 3 are next to the blank, tile 6 is not.
    let e = searcher.search(&task(vec![6], 30)).unwrap_err();
    assert_eq!(e.kind(), "not-adjacent");
    let e = searcher.search(&task(vec![1, 1], 30)).unwrap_err();
    assert!(
        e.to_string().contains("slides tile 1 back at step 2"),
        "{e}"
    );
    let e = searcher.search(&task(vec![1], 5)).unwrap_err();
    assert!(
        e.to_string().contains("is not visited at threshold 5"),
        "{e}"
    );
    // The root as a packet: the whole iteration.
    let whole = searcher.search(&task(vec![], 25)).unwrap();
    assert_eq!(whole.solution.as_ref().map(Vec::len), Some(25));
    assert_eq!(whole.generated, whole.visited - 1 + whole.pruned);
}

/// The adaptive split: the same report as the sequential search whatever it splits; an
/// iteration is split only with two workers or more and when the one before, grown as the last
/// two grew, predicts at least `split_above` nodes; the first iteration never is.
#[test]
fn the_adaptive_split_splits_only_what_is_predicted_large_and_changes_nothing() {
    use tilesearch::search::parallel::{
        FEWEST_PACKETS_PER_WORKER, PACKETS_PER_WORKER, PACKET_NODES, WORTH_SPLITTING,
    };
    let h = HeuristicChoice::Manhattan;
    let nodes = |i: &tilesearch::search::IterationSummary| i.visited + i.pruned;
    for goal in Goal::ALL {
        let instances = korf(goal);
        for (k, n) in [12, 42, 55, 19].into_iter().enumerate() {
            let (_, board) = instances[n - 1];
            let order = MoveOrder::all()[k * 5];
            let expected = sequential(board, goal, &h, order);
            let iterations = expected.iterations();
            for workers in [1, 2, 3] {
                for split_above in [0, 1, 5_000, WORTH_SPLITTING, u64::MAX] {
                    let mut run =
                        ParallelIda::adaptive(board, goal, h.clone(), order, workers, split_above)
                            .unwrap();
                    let what = format!("Korf #{n}, {goal}, {workers} workers, above {split_above}");
                    let mut three = searchers(board, goal, &h, order, 3);
                    let mut split = Vec::new();
                    let mut rng = Rng(n as u64 * 31 + u64::from(workers));
                    // Driven iteration by iteration, to see which were split and what was predicted.
                    while let Some(iteration) = run.iteration() {
                        let index = iteration.iteration as usize - 1;
                        let predicted = run.predicted_nodes();
                        if index == 0 {
                            assert_eq!(predicted, None, "{what}");
                        } else if index == 1 {
                            assert_eq!(predicted, Some(nodes(&iterations[0]) * 4), "{what}");
                        } else {
                            let (a, b) =
                                (nodes(&iterations[index - 1]), nodes(&iterations[index - 2]));
                            let want = (a as f64 * (a as f64 / b as f64).max(1.0)) as u64;
                            assert_eq!(predicted, Some(want), "{what}, iteration {}", index + 1);
                        }
                        let is_split = iteration.packets.len() > 1;
                        split.push(is_split);
                        if let (true, Some(p)) = (is_split, predicted) {
                            // Sized for the prediction: the split stops at the first depth
                            // with the packets wanted, each node of the depth before having at
                            // most 4 children (3 but at the start).
                            let w = workers as usize;
                            let wanted = usize::try_from(p / PACKET_NODES)
                                .unwrap_or(usize::MAX)
                                .clamp(FEWEST_PACKETS_PER_WORKER * w, PACKETS_PER_WORKER * w);
                            assert!(
                                iteration.packets.len() < 4 * wanted,
                                "{what}, iteration {}: {} packets for {p} predicted nodes",
                                index + 1,
                                iteration.packets.len()
                            );
                        }
                        let worth = split_above == 0
                            || (workers > 1 && predicted.is_some_and(|p| p >= split_above));
                        if !worth {
                            assert_eq!(iteration.packets.len(), 1, "{what}: one packet");
                            assert!(iteration.packets[0].path.is_empty(), "{what}: the start");
                        }
                        let mut results: Vec<PacketResult> = iteration
                            .tasks()
                            .enumerate()
                            .map(|(i, task)| three[i % 3].search(&task).unwrap())
                            .collect();
                        shuffle(&mut results, &mut rng);
                        let mut complete = false;
                        for result in results {
                            if !complete && run.needed(result.index) {
                                complete = run.accept(result).unwrap();
                            }
                        }
                        assert!(complete, "{what}");
                    }
                    assert_eq!(run.report(), expected, "{what}");
                    let count = split.iter().filter(|&&s| s).count() as u32;
                    assert_eq!(run.split_iterations(), count, "{what}");
                    if split_above == u64::MAX || (workers == 1 && split_above > 0) {
                        assert_eq!(count, 0, "{what}: nothing split");
                    }
                    if split_above > 0 {
                        assert!(!split[0], "{what}: the first iteration is never split");
                    }
                    if split_above == 0 {
                        assert_eq!(run.split_iterations() as usize, split.len(), "{what}");
                    }
                    if workers > 1 && split_above == 1 && split.len() > 1 {
                        assert!(
                            split[1..].iter().all(|&s| s),
                            "{what}: all but the first split"
                        );
                    }
                }
            }
        }
    }
    // The 8-puzzle with the browser's default: never worth a split.
    for seed in 0..40 {
        let board = Board::random(3, Goal::BlankLast, seed).unwrap();
        let expected = sequential(board, Goal::BlankLast, &h, MoveOrder::LECTURE);
        let mut run = ParallelIda::adaptive(
            board,
            Goal::BlankLast,
            h.clone(),
            MoveOrder::LECTURE,
            4,
            WORTH_SPLITTING,
        )
        .unwrap();
        let mut one = searchers(board, Goal::BlankLast, &h, MoveOrder::LECTURE, 1);
        let (report, accepted) = drive(&mut run, &mut one, &mut |_| {});
        assert_eq!(report, expected, "seed {seed}");
        assert_eq!(run.split_iterations(), 0, "seed {seed}");
        assert_eq!(
            accepted,
            expected.iterations().len() as u64,
            "one packet per iteration"
        );
    }
    // The start is the goal: one packet, the start, which solves at once.
    for goal in Goal::ALL {
        let start = goal.board(4).unwrap();
        let mut run =
            ParallelIda::adaptive(start, goal, h.clone(), MoveOrder::LECTURE, 2, 1).unwrap();
        let mut one = searchers(start, goal, &h, MoveOrder::LECTURE, 1);
        let (report, _) = drive(&mut run, &mut one, &mut |_| {});
        assert_eq!(report, sequential(start, goal, &h, MoveOrder::LECTURE));
        assert_eq!((report.length, report.nodes), (Some(0), 1));
    }
}

/// `search_whole` searches the unsplit iterations in one call, exactly as accepting their
/// packets' results would: it stops at the first split iteration (the rest driven as packets
/// gives the sequential search's report), searches nothing when the current iteration is
/// split or the search has finished, and counts what it searched.
#[test]
fn search_whole_takes_the_unsplit_iterations_as_their_packets_would() {
    use tilesearch::search::parallel::{WholeSearched, WORTH_SPLITTING};
    let h = HeuristicChoice::Manhattan;
    for goal in Goal::ALL {
        let instances = korf(goal);
        for n in [12, 42, 55, 19] {
            let (_, board) = instances[n - 1];
            let order = MoveOrder::LECTURE;
            let expected = sequential(board, goal, &h, order);
            for (workers, split_above) in [
                (1, WORTH_SPLITTING),
                (2, WORTH_SPLITTING),
                (2, 5_000),
                (2, u64::MAX),
                (2, 0),
            ] {
                let what = format!("Korf #{n}, {goal}, {workers} workers, above {split_above}");
                let mut run =
                    ParallelIda::adaptive(board, goal, h.clone(), order, workers, split_above)
                        .unwrap();
                let mut one = searchers(board, goal, &h, order, 1);
                let first = run.iteration().unwrap().iteration;
                let searched = run.search_whole(&mut one[0]).unwrap();
                // Every iteration before the one it stopped at was unsplit, and it is split.
                let unsplit = expected
                    .iterations()
                    .iter()
                    .take(searched.iterations as usize);
                let (nodes, generated) = unsplit.fold((0, 0), |(n, g), i| {
                    (n + i.visited + i.pruned, g + i.visited + i.pruned - 1)
                });
                assert_eq!(
                    searched,
                    WholeSearched {
                        iterations: searched.iterations,
                        threshold: match searched.iterations {
                            0 => 0,
                            k => expected.iterations()[k as usize - 1].threshold,
                        },
                        nodes,
                        generated
                    },
                    "{what}"
                );
                match run.iteration() {
                    Some(next) => {
                        assert_eq!(next.iteration, first + searched.iterations, "{what}");
                        assert!(
                            next.packets.len() > 1 || !next.packets[0].path.is_empty(),
                            "{what}: stopped at a split one"
                        );
                        assert_eq!(
                            run.search_whole(&mut one[0]).unwrap(),
                            WholeSearched::default(),
                            "{what}"
                        );
                    }
                    None => assert_eq!(
                        searched.iterations as usize,
                        expected.iterations().len(),
                        "{what}"
                    ),
                }
                if split_above == 0 {
                    assert_eq!(searched.iterations, 0, "{what}: every iteration split");
                }
                if split_above == u64::MAX || workers == 1 {
                    assert_eq!(run.iteration(), None, "{what}: all in one call");
                }
                let (report, _) = drive(&mut run, &mut one, &mut |_| {});
                assert_eq!(report, expected, "{what}");
                assert_eq!(
                    run.search_whole(&mut one[0]).unwrap(),
                    WholeSearched::default(),
                    "{what}: finished"
                );
            }
        }
    }
}

/// `search_ahead` searches the current iteration's packets in order, each taken as its result
/// would be, skipping those that have one, until the iteration is complete or its budget is
/// spent (a packet begun is searched to its end): with the rest driven as packets from `next`,
/// any budget gives the sequential search's report. It counts what it searched, and searches
/// nothing with a budget of 0 or once the search has finished.
#[test]
fn search_ahead_takes_packets_in_order_as_their_results_would() {
    use tilesearch::search::parallel::AheadSearched;
    let (h, order) = (HeuristicChoice::Manhattan, MoveOrder::LECTURE);
    let mut rng = Rng(0x5eed_a4ead);
    for goal in Goal::ALL {
        let instances = korf(goal);
        for n in [12, 42, 55, 19] {
            let (_, board) = instances[n - 1];
            let expected = sequential(board, goal, &h, order);
            for kind in ["none", "one node", "random", "a packet taken first", "all"] {
                let what = format!("Korf #{n}, {goal}, budget {kind}");
                // Every iteration split, two workers' packets.
                let mut run = ParallelIda::adaptive(board, goal, h.clone(), order, 2, 0).unwrap();
                let mut ahead = searchers(board, goal, &h, order, 1);
                let mut others = searchers(board, goal, &h, order, 2);
                let mut completed = 0;
                while let Some(iteration) = run.iteration() {
                    let tasks: Vec<PacketTask> = iteration.tasks().collect();
                    let budget = match kind {
                        "none" => 0,
                        "one node" => 1,
                        "all" => u64::MAX,
                        _ => rng.below(40_000) as u64,
                    };
                    // A worker's result came first: search_ahead leaves that packet out.
                    let taken = (kind == "a packet taken first" && tasks.len() > 2).then(|| {
                        run.accept(others[1].search(&tasks[1]).unwrap()).unwrap();
                        1
                    });
                    let searched = run.search_ahead(&mut ahead[0], budget).unwrap();
                    let next = searched.next as usize;
                    let mine: Vec<PacketResult> = (0..next)
                        .filter(|&i| Some(i) != taken)
                        .map(|i| others[0].search(&tasks[i]).unwrap())
                        .collect();
                    let nodes: Vec<u64> = mine.iter().map(|r| r.visited + r.pruned).collect();
                    assert_eq!(searched.packets as usize, mine.len(), "{what}");
                    assert_eq!(searched.nodes, nodes.iter().sum::<u64>(), "{what}");
                    assert_eq!(
                        searched.generated,
                        mine.iter().map(|r| r.generated).sum::<u64>(),
                        "{what}"
                    );
                    // It began a packet only while under its budget.
                    let before_last = searched.nodes - nodes.last().copied().unwrap_or(0);
                    assert!(mine.is_empty() || before_last < budget, "{what}");
                    if budget == 0 {
                        assert_eq!(searched.packets, 0, "{what}");
                    }
                    let now = run.iteration().map(|i| i.iteration);
                    assert_eq!(
                        searched.complete,
                        now != Some(iteration.iteration),
                        "{what}"
                    );
                    if searched.complete {
                        completed += 1;
                        continue;
                    }
                    assert!(budget != u64::MAX, "{what}: an unlimited budget completes");
                    // It stopped under budget only at the iteration's end, else past it.
                    assert!(searched.nodes >= budget, "{what}");
                    // The rest as a pool would hand them out, from `next`.
                    let mut complete = false;
                    for (i, task) in tasks.iter().enumerate().skip(next) {
                        if complete || !run.needed(task.packet.index) {
                            continue;
                        }
                        complete = run.accept(others[i % 2].search(task).unwrap()).unwrap();
                    }
                    assert!(complete, "{what}: iteration {}", iteration.iteration);
                }
                assert_eq!(run.report(), expected, "{what}");
                // (An iteration the split alone completes is never handed out.)
                assert!(kind != "all" || completed > 0, "{what}");
                assert_eq!(
                    run.search_ahead(&mut ahead[0], u64::MAX).unwrap(),
                    AheadSearched::default(),
                    "{what}: finished"
                );
            }
        }
    }
}

/// `search_whole` and `search_ahead` refuse a searcher made for another board, goal, move
/// order or heuristic, naming which, and change nothing: a searcher of this search then
/// searches it all.
#[test]
fn search_whole_refuses_a_searcher_of_another_search() {
    use tilesearch::search::parallel::WORTH_SPLITTING;
    let (goal, h, order) = (
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        MoveOrder::LECTURE,
    );
    let instances = korf(goal);
    let board = instances[11].1;
    // An 8-puzzle: its tiles' order decides, so it is solvable for both goals.
    let both = Board::random(3, goal, 7).unwrap();
    let other_order = MoveOrder::all()[5];
    assert_ne!(other_order, order);
    let mut wrong = [
        (
            PacketSearcher::new(instances[41].1, goal, h.clone(), order),
            "(another board)",
        ),
        (
            PacketSearcher::new(both, Goal::BlankFirst, h.clone(), order),
            "(another goal)",
        ),
        (
            PacketSearcher::new(board, goal, h.clone(), other_order),
            "(another move order)",
        ),
        (
            PacketSearcher::new(board, goal, HeuristicChoice::Hamming, order),
            "(another heuristic)",
        ),
    ];
    for (searcher, differs) in &mut wrong {
        let searcher = searcher.as_mut().unwrap();
        let start = if *differs == "(another goal)" {
            both
        } else {
            board
        };
        let mut run =
            ParallelIda::adaptive(start, goal, h.clone(), order, 2, WORTH_SPLITTING).unwrap();
        let before = (run.report(), run.iteration());
        let error = run.search_whole(searcher).unwrap_err();
        let text = error.to_string();
        assert!(
            matches!(error, tilesearch::Error::InvalidOption(_)) && text.contains(*differs),
            "{text}"
        );
        assert!(
            text.starts_with("searchWhole(searcher): the searcher was made for another search"),
            "{text}"
        );
        assert_eq!((run.report(), run.iteration()), before, "nothing changed");
        let error = run
            .search_ahead(searcher, u64::MAX)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with(
                "searchAhead(searcher, nodes): the searcher was made for another search"
            ) && error.contains(*differs),
            "{error}"
        );
        assert_eq!((run.report(), run.iteration()), before, "nothing changed");
        let mut right = searchers(start, goal, &h, order, 1);
        assert!(run.search_whole(&mut right[0]).unwrap().iterations > 0);
    }
}

/// A packet searched a slice at a time (`begin`, then `resume` until it gives the result)
/// gives what `search` gives, for every packet of every iteration and any slice; a second
/// `begin` replaces an unfinished packet; `resume` with no packet, and a `begin` that fails,
/// leave the searcher usable.
#[test]
fn a_packet_searched_in_slices_equals_one_searched_whole() {
    let goal = Goal::BlankLast;
    let heuristic = HeuristicChoice::Manhattan;
    let (_, board) = korf(goal)[11]; // instance 12: a few million nodes
    let mut run =
        ParallelIda::with_split_depth(board, goal, heuristic.clone(), MoveOrder::LECTURE, 4)
            .unwrap();
    let [mut whole, mut sliced] = [0, 1]
        .map(|_| PacketSearcher::new(board, goal, heuristic.clone(), MoveOrder::LECTURE).unwrap());
    let mut rng = Rng(12);
    let mut resumed = 0u64;
    let mut first = None;
    while let Some(iteration) = run.iteration() {
        if iteration.iteration > 4 {
            break;
        }
        first.get_or_insert(iteration.threshold);
        for task in iteration.tasks() {
            let expected = whole.search(&task).unwrap();
            // Begun, searched a little, then replaced by itself: the start over is complete.
            sliced.begin(&task).unwrap();
            let _ = sliced.resume(1).unwrap();
            sliced.begin(&task).unwrap();
            let slice = [1, 7, 100, 5_000, 1 << 20][rng.below(5)];
            let result = loop {
                resumed += 1;
                if let Some(result) = sliced.resume(slice).unwrap() {
                    break result;
                }
            };
            assert_eq!(
                result, expected,
                "packet {} of iteration {}",
                task.packet.index, task.iteration
            );
            let e = sliced.resume(10).unwrap_err();
            assert!(e.to_string().contains("begin(task) first"), "{e}");
            if run.needed(result.index) {
                run.accept(result).unwrap();
            }
        }
    }
    assert!(resumed > 1_000, "many slices: {resumed}");
    // A begin that fails leaves no packet, and the searcher searches the next one.
    let bad = PacketTask {
        iteration: 1,
        threshold: 200,
        packet: tilesearch::search::parallel::Packet {
            index: 0,
            path: vec![],
        },
    };
    assert!(sliced.begin(&bad).is_err());
    assert!(sliced.resume(10).is_err());
    let root = PacketTask {
        threshold: first.unwrap(),
        ..bad
    };
    sliced.begin(&root).unwrap();
    let mut sliced_result = None;
    while sliced_result.is_none() {
        sliced_result = sliced.resume(50_000).unwrap();
    }
    assert_eq!(sliced_result.unwrap(), whole.search(&root).unwrap());
}

/// A packet search asks whether it is still needed every `NEEDED_EVERY` nodes or so, and a no
/// gives it up there: a packet after a solving one is dropped within that many nodes, not run
/// to its end while the iteration's other workers wait for it. Yes all along gives the packet's
/// result, as `search` does.
#[test]
fn a_packet_search_asks_every_few_thousand_nodes_whether_it_is_still_needed() {
    let goal = Goal::BlankLast;
    let heuristic = HeuristicChoice::Manhattan;
    let (_, board) = korf(goal)[11]; // instance 12: split at depth 1, a few large packets
    let mut run =
        ParallelIda::with_split_depth(board, goal, heuristic.clone(), MoveOrder::LECTURE, 1)
            .unwrap();
    let mut searcher =
        PacketSearcher::new(board, goal, heuristic.clone(), MoveOrder::LECTURE).unwrap();
    let mut checked = 0;
    while let Some(iteration) = run.iteration() {
        let tasks: Vec<PacketTask> = iteration.tasks().collect();
        let results: Vec<PacketResult> =
            tasks.iter().map(|t| searcher.search(t).unwrap()).collect();
        // The iteration's largest packet.
        let (task, whole) = tasks
            .iter()
            .zip(&results)
            .max_by_key(|(_, r)| r.visited + r.pruned)
            .unwrap();
        let nodes = whole.visited + whole.pruned;
        let mut asked = 0u64;
        let searched = searcher
            .search_while(task, || {
                asked += 1;
                true
            })
            .unwrap();
        assert_eq!(searched, Searched::Done(whole.clone()));
        // Asked after each NEEDED_EVERY nodes that did not finish the packet.
        assert!(
            asked <= nodes / NEEDED_EVERY && asked + 2 >= nodes / NEEDED_EVERY,
            "asked {asked} times in {nodes} nodes"
        );
        if nodes > 4 * NEEDED_EVERY {
            let mut asked = 0;
            let given_up = searcher
                .search_while(task, || {
                    asked += 1;
                    asked < 3
                })
                .unwrap();
            let Searched::Abandoned { nodes: made } = given_up else {
                panic!("the packet was not given up: {given_up:?}");
            };
            assert!(
                (3 * NEEDED_EVERY..4 * NEEDED_EVERY).contains(&made),
                "given up after {made} nodes"
            );
            checked += 1;
        }
        for result in results {
            if run.needed(result.index) {
                run.accept(result).unwrap();
            }
        }
        if checked >= 3 {
            break;
        }
    }
    assert!(checked >= 2, "only {checked} packets large enough");
    // The searcher is left usable.
    assert!(searcher.resume(1).is_err());
}
