//! `seek(position)` lands exactly where stepping does: on one search object, seeks forwards
//! and backwards in random order (iteration starts, around raises, the last event, past the
//! end) are compared with a fresh search stepped to the same position: the next events, the
//! report, the path and the board, and the runs that resume from there.

mod common;

use common::{korf, Rng};
use proptest::prelude::*;
use tilesearch::trace::IterationEvent;
use tilesearch::{new_search, Algorithm, Board, Event, Goal, HeuristicChoice, Search, Status};

type Make = Box<dyn Fn() -> Box<dyn Search>>;

fn maker(board: Board, goal: Goal, heuristic: HeuristicChoice, algorithm: Algorithm) -> Make {
    Box::new(move || new_search(board, goal, heuristic.clone(), algorithm, None).unwrap())
}

/// The lecture's challenging case under IDA* with Manhattan distance.
fn lecture() -> Make {
    maker(
        board("6 4 5 8 2 7 1 0 3"),
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Ida,
    )
}

/// A fresh search stepped `n` events (fewer if it ends first), and how many it took.
fn stepped(make: &Make, n: u64) -> (Box<dyn Search>, u64) {
    let mut search = make();
    let mut count = 0;
    if n > 0 {
        search.run_traced(None, &mut |_| {
            count += 1;
            count >= n
        });
    }
    (search, count)
}

/// The positions worth seeking to in the first `limit` events (all of them when the run is
/// shorter): every iteration start, the events around each raise, the last event and past the
/// end, plus `random` random ones; shuffled.
fn positions(make: &Make, limit: u64, random: usize, rng: &mut Rng) -> Vec<u64> {
    let mut search = make();
    let mut list = vec![0, 1, 2];
    let mut count = 0u64;
    search.run_traced(None, &mut |event| {
        count += 1;
        match event {
            // After `count` events the next one is event count + 1: these are the positions
            // just before, at and just after the event.
            Event::Iteration(_) | Event::Raise(_) | Event::Solved(_) => {
                list.extend([count - 1, count, count + 1]);
            }
            _ => {}
        }
        count >= limit
    });
    let total = count;
    if search.status() != Status::Running {
        list.extend([total - 1, total, total + 1, total + 1000]);
    }
    for _ in 0..random {
        list.push(rng.next() % (total + 1));
    }
    for i in (1..list.len()).rev() {
        list.swap(i, rng.below(i + 1));
    }
    list
}

/// Compares `search` with `fresh`: status, report, counters, path, board and the next `k`
/// events (after which both stand at the same place again).
fn assert_same(search: &mut dyn Search, fresh: &mut dyn Search, k: usize, context: &str) {
    assert_eq!(search.status(), fresh.status(), "{context}: status");
    assert_eq!(search.report(), fresh.report(), "{context}: report");
    assert_eq!(search.counters(), fresh.counters(), "{context}: counters");
    assert_eq!(search.path(), fresh.path(), "{context}: path");
    assert_eq!(search.board(), fresh.board(), "{context}: board");
    for i in 0..k {
        assert_eq!(
            search.step(),
            fresh.step(),
            "{context}: event {i} after the seek"
        );
    }
    assert_eq!(
        search.report(),
        fresh.report(),
        "{context}: report after stepping"
    );
}

/// Seeks one search object to each position and compares it with a fresh stepped search;
/// every few seeks it also resumes with a budgeted run or a traced run on both.
fn check(name: &str, make: &Make, limit: u64, random: usize, seed: u64) {
    let mut rng = Rng(seed);
    let list = positions(make, limit, random, &mut rng);
    let mut search = make();
    for (i, &target) in list.iter().enumerate() {
        let reached = search.seek(target);
        let (mut fresh, expected) = stepped(make, target);
        let context = format!("{name}: seek({target}) #{i}");
        assert_eq!(reached, expected, "{context}: position reached");
        assert_same(search.as_mut(), fresh.as_mut(), 5, &context);
        match i % 4 {
            1 => {
                let budget = rng.next() % 5000;
                assert_eq!(
                    search.run(Some(budget)),
                    fresh.run(Some(budget)),
                    "{context}"
                );
                assert_same(search.as_mut(), fresh.as_mut(), 3, &context);
            }
            2 => {
                let pause = 1 + rng.next() % 3000;
                let (mut a, mut b) = (Vec::new(), Vec::new());
                search.run_traced(None, &mut |e| {
                    a.push(e);
                    a.len() as u64 >= pause
                });
                fresh.run_traced(None, &mut |e| {
                    b.push(e);
                    b.len() as u64 >= pause
                });
                assert_eq!(a, b, "{context}: traced run after the seek");
                assert_same(search.as_mut(), fresh.as_mut(), 3, &context);
            }
            _ => {}
        }
        // Seeking where it stands changes nothing.
        let here = search.seek(target.min(expected) + 5);
        assert_eq!(
            search.seek(here),
            here,
            "{context}: seek to the current position"
        );
    }
}

fn board(text: &str) -> Board {
    Board::parse(text).unwrap()
}

#[test]
fn the_lecture_8_puzzles() {
    for text in ["6 4 5 8 2 7 1 0 3", "8 6 7 2 5 4 3 0 1"] {
        for heuristic in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
            for goal in Goal::ALL {
                let b = board(text);
                if b.check_solvable(goal).is_err() {
                    continue;
                }
                let name = format!("{text} {heuristic} {goal}");
                let make = maker(b, goal, heuristic.clone(), Algorithm::Ida);
                check(&name, &make, u64::MAX, 30, 7);
            }
        }
    }
}

#[test]
fn a_korf_prefix_both_heuristics_both_goals() {
    for goal in Goal::ALL {
        let (_, b) = korf(goal)[0];
        for heuristic in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
            let name = format!("Korf #1 {heuristic} {goal}");
            let make = maker(b, goal, heuristic.clone(), Algorithm::Ida);
            check(&name, &make, 300_000, 25, 11);
        }
    }
}

#[test]
fn a_korf_instance_to_its_end() {
    // Korf #79 is short: seeks into its solved iteration and past its end.
    let (_, b) = korf(Goal::BlankLast)[78];
    let make = maker(
        b,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Ida,
    );
    check("Korf #79 manhattan", &make, u64::MAX, 20, 13);
}

#[test]
fn frontier_searches_replay() {
    let b = board("6 4 5 8 2 7 1 0 3");
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Greedy,
        Algorithm::Dfs,
    ] {
        let make = maker(b, Goal::BlankLast, HeuristicChoice::Manhattan, algorithm);
        check(&format!("{algorithm}"), &make, u64::MAX, 10, 17);
    }
}

#[test]
fn a_run_to_the_end_then_seeks_back_without_replaying() {
    // After a full run the iterations are known: seeking back lands exactly, and so does a
    // seek after a reset (the table survives it).
    let b = board("8 6 7 2 5 4 3 0 1");
    let make = maker(
        b,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Ida,
    );
    let mut search = make();
    assert_eq!(search.run(None), Status::Solved);
    let (_, total) = stepped(&make, u64::MAX);
    assert_eq!(search.seek(u64::MAX), total);
    for target in [total / 2, total - 1, 3, total / 3] {
        search.reset();
        assert_eq!(search.seek(target), target);
        let (mut fresh, _) = stepped(&make, target);
        assert_same(
            search.as_mut(),
            fresh.as_mut(),
            10,
            &format!("seek({target})"),
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random boards, heuristics and seek sequences: every seek lands where stepping does.
    #[test]
    fn seeks_match_stepping(
        seed in 1u64..u64::MAX,
        width in 3usize..=4,
        scramble in 10usize..40,
        heuristic in 0usize..3,
        goal in 0usize..2,
        targets in proptest::collection::vec(0u64..20_000, 1..8),
    ) {
        let goal = Goal::ALL[goal];
        let b = Rng(seed).scramble(width, goal, scramble);
        let heuristic = [
            HeuristicChoice::Hamming,
            HeuristicChoice::Manhattan,
            HeuristicChoice::LinearConflict,
        ][heuristic]
            .clone();
        let make = maker(b, goal, heuristic, Algorithm::Ida);
        let mut search = make();
        for target in targets {
            let reached = search.seek(target);
            let (mut fresh, expected) = stepped(&make, target);
            prop_assert_eq!(reached, expected);
            assert_same(search.as_mut(), fresh.as_mut(), 4, &format!("{b:?} seek({target})"));
        }
    }
}

#[test]
fn stepping_back_one_event_at_a_time_matches_stepping_forwards() {
    // Every position of the lecture's case, each reached by stepping back from the next:
    // whatever event precedes it (a node, a prune, a backtrack, a raise), the state is the
    // stepper's.
    let make = lecture();
    let mut forwards = make();
    let mut backwards = make();
    let mut position = 0;
    loop {
        backwards.seek(position + 1);
        assert_eq!(backwards.seek(position), position);
        let context = format!("back to {position}");
        assert_eq!(backwards.report(), forwards.report(), "{context}");
        assert_eq!(backwards.path(), forwards.path(), "{context}");
        assert_eq!(backwards.board(), forwards.board(), "{context}");
        let next = forwards.step();
        assert_eq!(backwards.step(), next, "{context}");
        if next.is_none() {
            break;
        }
        position += 1;
    }
}

#[test]
fn iteration_start_is_the_position_of_the_last_events_iteration_event() {
    // Stepping the lecture's case: after each event, the start is the position of the latest
    // `iteration` event shown (a raise still belongs to the iteration it ends), and a search
    // that seeks to any position reports the same start as the stepper there.
    let make = lecture();
    let mut stepper = make();
    let mut seeker = make();
    assert_eq!(stepper.iteration_start(), 0);
    let (mut position, mut latest, mut starts) = (0u64, 0u64, 0);
    while let Some(event) = stepper.step() {
        if matches!(event, Event::Iteration { .. }) {
            latest = position;
            starts += 1;
        }
        position += 1;
        assert_eq!(stepper.iteration_start(), latest, "after {position} events");
        seeker.seek(position);
        assert_eq!(seeker.iteration_start(), latest, "seek({position})");
    }
    assert!(starts > 3, "the lecture's case takes several iterations");
    // The frontier searches are one pass.
    let mut bfs = maker(
        board("6 4 5 8 2 7 1 0 3"),
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Bfs,
    )();
    bfs.seek(500);
    assert_eq!(bfs.iteration_start(), 0);
}

#[test]
fn iteration_position_is_where_each_known_iteration_starts() {
    // The positions of the lecture's iteration events, stepped; the search knows each once the
    // iterations before it are raised, and keeps knowing them after a reset or a seek back.
    let make = lecture();
    let mut stepper = make();
    let mut starts = Vec::new();
    let mut position = 0u64;
    assert_eq!(stepper.iteration_position(0), None);
    assert_eq!(stepper.iteration_position(1), Some(0));
    assert_eq!(
        stepper.iteration_position(2),
        None,
        "not known before iteration 1 is raised"
    );
    while let Some(event) = stepper.step() {
        if let Event::Iteration(IterationEvent { iteration, .. }) = event {
            starts.push(position);
            assert_eq!(stepper.iteration_position(iteration), Some(position));
        }
        position += 1;
    }
    assert!(starts.len() > 3);
    for (k, start) in starts.iter().enumerate() {
        let k = u32::try_from(k + 1).unwrap();
        assert_eq!(stepper.iteration_position(k), Some(*start));
    }
    let next = u32::try_from(starts.len() + 1).unwrap();
    assert_eq!(
        stepper.iteration_position(next),
        None,
        "the solving iteration raised nothing"
    );
    // A seek back to the start forgets nothing it has raised.
    stepper.seek(0);
    assert_eq!(stepper.iteration_position(3), Some(starts[2]));
    let mut bfs = maker(
        board("6 4 5 8 2 7 1 0 3"),
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        Algorithm::Bfs,
    )();
    bfs.seek(100);
    assert_eq!(bfs.iteration_position(1), None);
}
