//! Traces follow the IDA* rules; stepping, running and running with budgets agree exactly.

mod common;

use common::{assert_report_matches, check_ida_trace, korf, Rng};
use tilesearch::trace::{IterationEvent, NodeInfo, RaiseEvent, SolvedEvent};
use tilesearch::{ida_star, Board, Event, Goal, HeuristicChoice, Search, Status};

fn step_all(search: &mut dyn Search) -> Vec<Event> {
    std::iter::from_fn(|| search.step()).collect()
}

fn boards() -> Vec<(Board, Goal)> {
    let mut rng = Rng(42);
    let mut list = vec![
        (Board::parse("6 4 5 8 2 7 1 0 3").unwrap(), Goal::BlankLast),
        (Board::parse("1 2 3 4 0 6 7 5 8").unwrap(), Goal::BlankLast),
        (Board::parse("1 2 3 4 5 6 7 8 0").unwrap(), Goal::BlankLast),
        (Board::parse("8 6 7 2 5 4 3 0 1").unwrap(), Goal::BlankLast),
    ];
    for i in 0..40 {
        let goal = Goal::ALL[i % 2];
        list.push((rng.scramble(3, goal, 60), goal));
        list.push((rng.scramble(4, goal, 30), goal));
    }
    list.push((rng.scramble(5, Goal::BlankLast, 24), Goal::BlankLast));
    list
}

#[test]
fn traces_follow_the_rules_and_match_the_report() {
    for (board, goal) in boards() {
        for kind in HeuristicChoice::ALL {
            let mut search = ida_star(board, goal, kind.clone()).unwrap();
            let events = step_all(search.as_mut());
            let summary = check_ida_trace(board, goal, &kind, &events);
            assert!(summary.solution.is_some(), "{kind} {board:?}");
            assert_eq!(search.status(), Status::Solved);
            assert_report_matches(&search.report(), &summary);
            assert_eq!(search.step(), None, "nothing after the end");
        }
    }
}

#[test]
fn the_first_threshold_is_h_of_the_start_and_the_lecture_case_solves_in_25() {
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
    assert_eq!(
        search.step(),
        Some(Event::Iteration(IterationEvent {
            iteration: 1,
            threshold: 17
        }))
    );
    let events = step_all(search.as_mut());
    let Some(Event::Solved(SolvedEvent { length, .. })) = events.last() else {
        panic!("no solved event")
    };
    assert_eq!(*length, 25);
    let raises: Vec<(u32, u32)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Raise(RaiseEvent { from, to }) => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(raises, [(17, 19), (19, 21), (21, 23), (23, 25)]);
}

#[test]
fn an_already_solved_board_visits_the_root_and_stops() {
    let board = Goal::BlankLast.board(4).unwrap();
    let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
    let events = step_all(search.as_mut());
    assert_eq!(
        events,
        [
            Event::Iteration(IterationEvent {
                iteration: 1,
                threshold: 0
            }),
            Event::Node(NodeInfo {
                id: 0,
                parent: None,
                g: 0,
                h: 0,
                f: 0,
                tile: None,
                blank: 15
            }),
            Event::Solved(SolvedEvent {
                length: 0,
                moves: vec![],
                expanded: 0,
                generated: 0
            }),
        ]
    );
}

#[test]
fn run_and_stepping_give_the_same_solution_and_counters() {
    for (board, goal) in boards() {
        for kind in HeuristicChoice::ALL {
            let mut stepped = ida_star(board, goal, kind.clone()).unwrap();
            step_all(stepped.as_mut());
            let mut ran = ida_star(board, goal, kind.clone()).unwrap();
            assert_eq!(ran.run(None), Status::Solved);
            assert_eq!(ran.report(), stepped.report(), "{kind} {board:?}");
            assert_eq!(ran.step(), None);
        }
    }
}

#[test]
fn traced_runs_emit_the_stepped_events() {
    let board = Board::parse("8 6 7 2 5 4 3 0 1").unwrap();
    let mut stepped = ida_star(board, Goal::BlankLast, HeuristicChoice::LinearConflict).unwrap();
    let expected = step_all(stepped.as_mut());
    let mut traced = ida_star(board, Goal::BlankLast, HeuristicChoice::LinearConflict).unwrap();
    let mut events = Vec::new();
    traced.run_traced(None, &mut |e| {
        events.push(e);
        false
    });
    assert_eq!(events, expected);
}

#[test]
fn budgets_pause_and_resume_exactly() {
    for (board, goal) in boards().into_iter().take(30) {
        let kind = HeuristicChoice::Manhattan;
        let mut whole = ida_star(board, goal, kind.clone()).unwrap();
        whole.run(None);
        for budget in [1u64, 2, 3, 7, 50] {
            let mut sliced = ida_star(board, goal, kind.clone()).unwrap();
            let mut last_nodes = 0;
            let mut calls = 0;
            while sliced.run(Some(budget)) == Status::Running {
                let nodes = sliced.report().nodes;
                assert!(
                    nodes - last_nodes <= budget,
                    "a slice created more nodes than its budget"
                );
                last_nodes = nodes;
                calls += 1;
                assert!(calls < 10_000_000);
            }
            assert_eq!(
                sliced.report(),
                whole.report(),
                "budget {budget} on {board:?}"
            );
        }
    }
}

#[test]
fn stepping_runs_and_budgets_interleave_to_the_same_trace() {
    // Step a few events, run silently with a budget, step again...: the events stepped must
    // be exactly the events at those positions of the full trace (ids included).
    for ((board, goal), kind) in boards().into_iter().take(20).zip(
        [HeuristicChoice::LinearConflict, HeuristicChoice::Manhattan]
            .into_iter()
            .cycle(),
    ) {
        let mut reference = ida_star(board, goal, kind.clone()).unwrap();
        let all = step_all(reference.as_mut());
        let mut mixed = ida_star(board, goal, kind).unwrap();
        let mut rng = Rng(7);
        let mut seen = Vec::new();
        loop {
            for _ in 0..rng.below(5) {
                if let Some(e) = mixed.step() {
                    seen.push(e);
                }
            }
            if mixed.status() != Status::Running {
                break;
            }
            // Tiny budgets pause next to the stepped node; larger ones deep inside the silent
            // walk, whose frames (ids included) must then be exactly the stepping engine's.
            let budget = if rng.below(2) == 0 {
                rng.below(4)
            } else {
                rng.below(400)
            };
            mixed.run(Some(budget as u64));
        }
        // Every stepped event occurs in the full trace, in order.
        let mut it = all.iter();
        for e in &seen {
            assert!(
                it.any(|x| x == e),
                "{e:?} is not in the full trace (or out of order)"
            );
        }
        assert_eq!(mixed.report(), reference.report());
    }
}

#[test]
fn reset_starts_over() {
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
    let first = step_all(search.as_mut());
    search.reset();
    assert_eq!(search.status(), Status::Running);
    assert_eq!(search.report().nodes, 0);
    assert_eq!(step_all(search.as_mut()), first);
    search.reset();
    for _ in 0..100 {
        search.step();
    }
    search.reset();
    search.run(None);
    assert_eq!(search.report().length, Some(25));
}

#[test]
fn path_and_board_follow_the_search() {
    let board = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
    let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
    for _ in 0..500 {
        let Some(event) = search.step() else { break };
        let mut b = board;
        for t in search.path() {
            b.slide(t).unwrap();
        }
        assert_eq!(b, search.board(), "after {event:?}");
    }
}

#[test]
fn korf_instances_trace_correctly_for_a_while() {
    // The first 200,000 events of a real 15-puzzle search obey the rules.
    let (_, board) = korf(Goal::BlankLast)[0];
    let mut search = ida_star(board, Goal::BlankLast, HeuristicChoice::Manhattan).unwrap();
    let events: Vec<Event> = (0..200_000).map_while(|_| search.step()).collect();
    let summary = check_ida_trace(board, Goal::BlankLast, &HeuristicChoice::Manhattan, &events);
    assert!(summary.iterations >= 1 && summary.solution.is_none());
}
