//! A sequential IDA* handed over to a parallel search mid-way (`Search::hand_over`,
//! `ParallelIda::resumed`): wherever the sequential search stands (a budget of nodes, or any
//! number of steps), the parallel search that goes on from there ends with the report of the
//! sequential search run to its end, driven here or by a team of threads; a hand-over that no
//! such search leaves is refused with what is wrong.

mod common;

use common::{databases, korf, Rng};
use std::thread;
use std::time::Instant;
use tilesearch::search::parallel::{
    HandOver, Helped, Leading, PacketResult, PacketTask, Team, Underway,
};
use tilesearch::search::{PacketSearcher, ParallelIda, Report};
use tilesearch::{ida_star_in_order, Board, Error, Goal, HeuristicChoice, MoveOrder, Status};

type Options<'a> = (Board, Goal, &'a HeuristicChoice, MoveOrder);

/// A `split_above` no iteration reaches: every iteration after the one handed over runs whole.
const NEVER: u64 = u64::MAX;

fn sequential((board, goal, heuristic, order): Options) -> Report {
    let mut search = ida_star_in_order(board, goal, heuristic.clone(), order).unwrap();
    search.run(None);
    search.report()
}

/// The hand-over of the sequential search after `nodes` nodes (None: it finished by then).
fn after_nodes((board, goal, heuristic, order): Options, nodes: u64) -> Option<HandOver> {
    let mut search = ida_star_in_order(board, goal, heuristic.clone(), order).unwrap();
    if search.run(Some(nodes)) != Status::Running {
        assert!(
            search.hand_over().is_err(),
            "a finished search hands nothing over"
        );
        return None;
    }
    Some(search.hand_over().unwrap())
}

/// The resumed search run to its end in this thread, each iteration's packets searched in
/// order and their results taken in order, or in reverse.
fn drive(
    (board, goal, heuristic, order): Options,
    hand_over: &HandOver,
    split_above: u64,
    reverse: bool,
) -> Report {
    let mut run = ParallelIda::resumed(
        board,
        goal,
        heuristic.clone(),
        order,
        2,
        split_above,
        hand_over,
    )
    .unwrap();
    let mut searcher = PacketSearcher::new(board, goal, heuristic.clone(), order).unwrap();
    while let Some(iteration) = run.iteration() {
        let tasks: Vec<PacketTask> = iteration.tasks().collect();
        assert!(
            !tasks.is_empty(),
            "an iteration without packets is never given"
        );
        let mut results: Vec<PacketResult> =
            tasks.iter().map(|t| searcher.search(t).unwrap()).collect();
        if reverse {
            results.reverse();
        }
        let mut complete = false;
        for result in results {
            if complete {
                break;
            }
            if run.needed(result.index) {
                complete = run.accept(result).unwrap();
            }
        }
        assert!(complete, "iteration {} complete", iteration.iteration);
    }
    run.report()
}

/// Every hand-over of the search of `options` after each of `budgets` nodes goes on to the
/// sequential report, split everywhere or adaptively, its results in order or reversed.
fn agrees(options: Options, budgets: &[u64]) {
    let expected = sequential(options);
    for &nodes in budgets {
        let Some(hand_over) = after_nodes(options, nodes) else {
            continue;
        };
        // The iterations after the rest: whole, split, or as predicted.
        for (split_above, reverse) in [(NEVER, false), (NEVER, true), (0, true), (1 << 10, false)] {
            let report = drive(options, &hand_over, split_above, reverse);
            assert_eq!(
                report, expected,
                "{:?} after {nodes} nodes, split above {split_above}, reversed {reverse}",
                options.0
            );
        }
    }
}

#[test]
fn eight_puzzles_handed_over_after_any_budget_end_as_the_sequential_search() {
    let h = HeuristicChoice::Manhattan;
    let mut rng = Rng(0x5eed_1234);
    for seed in 0..40 {
        for goal in Goal::ALL {
            let board = Board::random(3, goal, seed).unwrap();
            let order = MoveOrder::all()[seed as usize % MoveOrder::all().len()];
            let total = sequential((board, goal, &h, order)).nodes;
            let mut budgets = vec![
                1,
                2,
                3,
                5,
                total / 7,
                total / 3,
                total / 2,
                total.saturating_sub(2),
            ];
            budgets.extend((0..4).map(|_| 1 + rng.below(total as usize) as u64));
            agrees((board, goal, &h, order), &budgets);
        }
    }
}

#[test]
fn a_search_handed_over_after_any_step_ends_as_the_sequential_search() {
    let h = HeuristicChoice::Manhattan;
    for seed in [3, 11, 29] {
        let goal = Goal::BlankLast;
        let board = Board::random(3, goal, seed).unwrap();
        let options = (board, goal, &h, MoveOrder::LECTURE);
        let expected = sequential(options);
        let mut search = ida_star_in_order(board, goal, h.clone(), MoveOrder::LECTURE).unwrap();
        // Every phase the stepper stands in: before an iteration, at its root, on a node
        // visited and not yet tested, expanding, after the last child (a raise to come).
        let mut handed = 0;
        for step in 0.. {
            match search.hand_over() {
                Ok(hand_over) => {
                    handed += 1;
                    assert_eq!(
                        drive(options, &hand_over, NEVER, step % 2 == 1),
                        expected,
                        "seed {seed}, step {step}"
                    );
                }
                Err(Error::InvalidOption(why)) => {
                    assert!(why.contains("finished") || why.contains("goal"), "{why}");
                }
                Err(other) => panic!("{other}"),
            }
            if search.step().is_none() {
                break;
            }
        }
        assert!(handed > 20, "seed {seed}: handed over at {handed} steps");
    }
}

#[test]
fn korf_instances_with_manhattan_and_pdb_handed_over_mid_iteration() {
    for goal in Goal::ALL {
        databases(goal);
        let pdb = HeuristicChoice::new(
            tilesearch::HeuristicKind::Pdb,
            4,
            goal,
            Some(databases(goal)),
        )
        .unwrap();
        let instances = korf(goal);
        for (n, h) in [
            (12, &HeuristicChoice::Manhattan),
            (42, &pdb),
            (55, &pdb),
            (79, &pdb),
        ] {
            let board = instances[n - 1].1;
            let options = (board, goal, h, MoveOrder::LECTURE);
            let total = sequential(options).nodes;
            agrees(options, &[total / 10, total / 2, total - total / 5]);
        }
    }
}

fn now() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

#[test]
fn a_team_of_threads_goes_on_from_a_hand_over() {
    let goal = Goal::BlankLast;
    let instances = korf(goal);
    let h = HeuristicChoice::Manhattan;
    for n in [12, 42, 55] {
        let board = instances[n - 1].1;
        let options = (board, goal, &h, MoveOrder::LECTURE);
        let expected = sequential(options);
        for (fraction, split_above) in [(5, 0), (2, 0), (5, NEVER), (3, 1 << 12)] {
            let hand_over = after_nodes(options, expected.nodes / fraction).unwrap();
            let team = Team::new(2).unwrap();
            let (o, a) = (MoveOrder::LECTURE, split_above);
            let search = ParallelIda::resumed(board, goal, h.clone(), o, 2, a, &hand_over).unwrap();
            let mut leading = Leading::new(
                search,
                PacketSearcher::new(board, goal, h.clone(), MoveOrder::LECTURE).unwrap(),
            );
            thread::scope(|scope| {
                scope.spawn(|| {
                    let mut searcher =
                        PacketSearcher::new(board, goal, h.clone(), MoveOrder::LECTURE).unwrap();
                    loop {
                        match team.help(1, &mut searcher, 3.0, now).unwrap() {
                            Helped::Worked | Helped::Waited => {}
                            Helped::Over => return,
                        }
                    }
                });
                let run = team.lead(&mut leading, &mut |_| true, now).unwrap();
                assert!(!run.stopped);
            });
            assert_eq!(
                leading.search().report(),
                expected,
                "#{n} after 1/{fraction} of its nodes, split above {split_above}"
            );
        }
    }
}

/// A random 8-puzzle (Manhattan, the lecture's order), its options, and the nodes of its
/// sequential search.
fn eight_puzzle(seed: u64) -> (Board, Options<'static>, u64) {
    let board = Board::random(3, Goal::BlankLast, seed).unwrap();
    let options = (
        board,
        Goal::BlankLast,
        &HeuristicChoice::Manhattan,
        MoveOrder::LECTURE,
    );
    (board, options, sequential(options).nodes)
}

/// The search resumed from `hand_over` on `board` (Manhattan, the lecture's order, 2 workers).
fn resumed(board: Board, hand_over: &HandOver) -> Result<ParallelIda, Error> {
    let (h, o) = (HeuristicChoice::Manhattan, MoveOrder::LECTURE);
    ParallelIda::resumed(board, Goal::BlankLast, h, o, 2, NEVER, hand_over)
}

/// The error `resumed` gives for `hand_over` on `board`.
fn refusal(board: Board, hand_over: &HandOver) -> String {
    match resumed(board, hand_over) {
        Err(Error::InvalidOption(why)) => why,
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("{hand_over:?} was taken"),
    }
}

#[test]
fn a_hand_over_no_search_leaves_is_refused_with_what_is_wrong() {
    let (board, options, total) = eight_puzzle(7);
    // Mid-way through a later iteration, with a path of a few moves.
    let good = (total / 2..total)
        .find_map(|n| {
            after_nodes(options, n).filter(|h| {
                h.iterations.len() >= 2 && h.current.as_ref().is_some_and(|c| c.path.len() >= 3)
            })
        })
        .unwrap();
    refusal_is_none(board, &good);
    let with = |change: &dyn Fn(&mut HandOver)| {
        let mut bad = good.clone();
        change(&mut bad);
        refusal(board, &bad)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            with(&|h| h.iterations[1].iteration = 5),
            "iteration 2 (in order from 1) is numbered 5",
        ),
        (
            with(&|h| h.iterations[0].threshold += 2),
            "iteration 1 has threshold",
        ),
        (with(&|h| h.iterations[0].visited = 0), "visited no node"),
        (
            with(&|h| h.iterations[0].next_threshold = None),
            "has no next threshold",
        ),
        (
            with(&|h| h.iterations[0].next_threshold = Some(h.iterations[0].threshold + 3)),
            "is not 1 or 2 above",
        ),
        (with(&|h| under(h).tried.push(0)), "tried has"),
        (
            with(&|h| *under(h).tried.last_mut().unwrap() = 5),
            "a place in the move order is from 0 to 4",
        ),
        (with(&|h| under(h).visited = 1), "the path's"),
        (
            with(&|h| under(h).pruned = u64::MAX),
            "no search counts beyond",
        ),
        (with(&|h| under(h).path[0] = 0), "is not next to the blank"),
        (
            with(&|h| under(h).tried[0] = under(h).tried[0] % 4 + 1),
            "but the path goes on with the move at place",
        ),
        (
            with(&|h| under(h).next_threshold = Some(1)),
            "is not 1 or 2 above",
        ),
    ];
    for (got, want) in cases {
        assert!(
            got.starts_with("handOver: ") && got.contains(want),
            "{got:?} should say {want:?}"
        );
    }
    // A path that undoes its own move.
    let mut undoing = good.clone();
    let u = under(&mut undoing);
    let first = u.path[0];
    u.path = vec![first, first];
    u.tried = vec![u.tried[0], 4, 4];
    assert!(refusal(board, &undoing).contains("undoes the move before it"));
    // Thresholds beyond any search of the board.
    let mut far = good.clone();
    far.current = None;
    let mut threshold = far.iterations.last().unwrap().next_threshold.unwrap();
    for k in far.iterations.len()..40 {
        far.iterations.push(tilesearch::search::IterationSummary {
            iteration: k as u32 + 1,
            threshold,
            visited: 1,
            pruned: 0,
            next_threshold: Some(threshold + 2),
        });
        threshold += 2;
    }
    assert!(format!("{:?}", resumed(board, &far).err()).contains("above 31"));
}

fn under(hand_over: &mut HandOver) -> &mut Underway {
    hand_over.current.as_mut().unwrap()
}

fn refusal_is_none(board: Board, hand_over: &HandOver) {
    assert!(resumed(board, hand_over).is_ok());
}

/// A hand-over in the first iteration, standing one move (`tile`) from the start.
fn one_move(tile: u8, tried: Vec<u8>) -> HandOver {
    let current = Underway {
        visited: 2,
        pruned: 0,
        next_threshold: None,
        path: vec![tile],
        tried,
    };
    HandOver {
        iterations: vec![],
        current: Some(current),
    }
}

#[test]
fn a_path_over_its_threshold_or_onto_the_goal_is_refused() {
    // One move from the goal: the path onto the goal, and a path away from it beyond h(start).
    let board = Board::parse("1 2 3 / 4 5 6 / 7 0 8").unwrap();
    let onto = one_move(8, vec![2, 0]);
    let why = refusal(board, &onto);
    assert!(
        why.contains("reaches the goal") || why.contains("but the path goes on"),
        "{why}"
    );
    let away = one_move(7, vec![1, 0]);
    assert!(
        refusal(board, &away).contains("is not visited at threshold 1"),
        "{}",
        refusal(board, &away)
    );
}

#[test]
fn a_hand_over_travels_as_words_and_words_that_are_not_one_are_refused() {
    let (_, options, total) = eight_puzzle(5);
    for nodes in [1, total / 3, total / 2] {
        let hand_over = after_nodes(options, nodes).unwrap();
        assert_eq!(
            HandOver::from_words(&hand_over.to_words()).unwrap(),
            hand_over
        );
    }
    let fresh = HandOver::default();
    assert_eq!(fresh.to_words(), vec![0.0]);
    assert_eq!(HandOver::from_words(&[0.0]).unwrap(), fresh);
    let words = after_nodes(options, total / 2).unwrap().to_words();
    let refused = |words: &[f64]| match HandOver::from_words(words) {
        Err(Error::InvalidOption(why)) => why,
        other => panic!("{other:?}"),
    };
    assert!(refused(&[]).contains("the 0 words end before word 0 (the iterations finished)"));
    assert!(refused(&words[..words.len() - 1]).contains("words end before word"));
    assert!(refused(&[words.clone(), vec![1.0]].concat()).contains("of which"));
    let mut fraction = words.clone();
    fraction[1] = 1.5;
    assert!(refused(&fraction)
        .contains("word 1 (an iteration's number) is not a whole number from 0 to 4294967295"));
    let mut negative = words.clone();
    negative[3] = -1.0;
    assert!(refused(&negative).contains("word 3 (an iteration's nodes visited)"));
    assert!(refused(&[f64::NAN]).contains("word 0 (the iterations finished) is not a whole number"));
    assert!(refused(&[300.0]).contains("from 0 to 256"));
}
