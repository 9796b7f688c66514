//! A team on one memory (the browser's workers where they share it): the leader's report
//! equals the sequential search's whatever helpers join, early, late or never; every packet's
//! work is counted to one worker; a stop gives the finished iterations; helpers hear the end.

mod common;

use common::{databases, korf, Rng};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};
use tilesearch::search::parallel::{
    Helped, Leading, Team, TeamProgress, TeamRun, WORTH_SPLITTING_TEAM,
};
use tilesearch::search::{PacketSearcher, ParallelIda, Report};
use tilesearch::{ida_star_in_order, Board, Goal, HeuristicChoice, MoveOrder, Status};

fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

fn sequential(board: Board, goal: Goal, heuristic: &HeuristicChoice, order: MoveOrder) -> Report {
    let mut search = ida_star_in_order(board, goal, heuristic.clone(), order).unwrap();
    search.run(None);
    search.report()
}

/// What a helper saw: how many calls worked, and the end.
#[derive(Debug, Default)]
struct Helping {
    worked: u32,
    over: bool,
}

/// Helper `worker` of `team`, joining after `delay`, until the team is over.
fn help(
    team: &Team,
    worker: u32,
    delay: Duration,
    (board, goal, heuristic, order): (Board, Goal, &HeuristicChoice, MoveOrder),
    worked: &AtomicU32,
) -> Helping {
    thread::sleep(delay);
    let mut searcher = PacketSearcher::new(board, goal, heuristic.clone(), order).unwrap();
    let mut helping = Helping::default();
    loop {
        match team.help(worker, &mut searcher, 3.0, now).unwrap() {
            Helped::Worked => {
                helping.worked += 1;
                worked.fetch_add(1, Ordering::SeqCst);
            }
            Helped::Waited => {}
            Helped::Over => {
                helping.over = true;
                return helping;
            }
        }
    }
}

/// The search led by this thread with `workers − 1` helpers joining after `delays`; the
/// report, the run and what each helper saw.
fn team_search(
    (board, goal, heuristic, order): (Board, Goal, &HeuristicChoice, MoveOrder),
    split_above: u64,
    delays: &[Duration],
    go_on: &mut dyn FnMut(&TeamProgress) -> bool,
    worked: &AtomicU32,
) -> (Report, TeamRun, Vec<Helping>, u64) {
    let workers = delays.len() as u32 + 1;
    let team = Team::new(workers).unwrap();
    let search =
        ParallelIda::adaptive(board, goal, heuristic.clone(), order, workers, split_above).unwrap();
    let searcher = PacketSearcher::new(board, goal, heuristic.clone(), order).unwrap();
    let mut leading = Leading::new(search, searcher);
    thread::scope(|scope| {
        let helpers: Vec<_> = delays
            .iter()
            .enumerate()
            .map(|(i, &delay)| {
                let team = &team;
                scope.spawn(move || {
                    help(
                        team,
                        i as u32 + 1,
                        delay,
                        (board, goal, heuristic, order),
                        worked,
                    )
                })
            })
            .collect();
        let run = team.lead(&mut leading, go_on, now).unwrap();
        let helped = helpers.into_iter().map(|h| h.join().unwrap()).collect();
        let search = leading.search();
        (search.report(), run, helped, search.split_nodes())
    })
}

#[test]
fn a_team_finds_the_sequential_search_whoever_joins() {
    let goal = Goal::BlankLast;
    let instances = korf(goal);
    let none = Duration::ZERO;
    let late = Duration::from_millis(5);
    for (k, n) in [12, 42, 55, 19].into_iter().enumerate() {
        let (optimal, board) = instances[n - 1];
        let order = MoveOrder::all()[k * 5];
        let h = &HeuristicChoice::Manhattan;
        let expected = sequential(board, goal, h, order);
        assert_eq!(expected.length, Some(optimal));
        for delays in [&[][..], &[none], &[late], &[none, late, none]] {
            for split_above in [0, WORTH_SPLITTING_TEAM] {
                let (report, run, helped, split) = team_search(
                    (board, goal, h, order),
                    split_above,
                    delays,
                    &mut |_| true,
                    &AtomicU32::new(0),
                );
                let what = format!(
                    "Korf #{n}, {} helpers, split above {split_above}",
                    delays.len()
                );
                assert_eq!(report, expected, "{what}");
                assert!(!run.stopped, "{what}");
                assert!(
                    helped.iter().all(|h| h.over),
                    "{what}: every helper heard the end"
                );
                assert_eq!(run.loads.len(), delays.len() + 1);
                // Every node the report counts, less the splits', was some worker's (and
                // packets after a solving one may have been searched too).
                let nodes: u64 = run.loads.iter().map(|l| l.nodes).sum();
                let total: u64 = report
                    .iterations()
                    .iter()
                    .map(|i| i.visited + i.pruned)
                    .sum();
                assert!(
                    nodes + split >= total && nodes > 0,
                    "{what}: {nodes} + {split} of {total}"
                );
                let searched: u64 = run.loads.iter().map(|l| l.packets + l.abandoned).sum();
                assert_eq!(searched, run.taken + u64::from(run.whole), "{what}");
                assert_eq!(run.taken + run.skipped, run.offered, "{what}");
                if split_above == 0 {
                    assert!(run.whole + run.split <= report.iterations().len() as u32);
                    assert!(run.split > 0, "{what}");
                }
            }
        }
    }
}

#[test]
fn helpers_search_packets_when_every_iteration_is_split() {
    let goal = Goal::BlankFirst;
    let (_, board) = korf(goal)[41];
    let h = &HeuristicChoice::Manhattan;
    let order = MoveOrder::LECTURE;
    let expected = sequential(board, goal, h, order);
    // The leader takes no packet of a split iteration until a helper has worked: the first
    // split iteration is then the helpers' alone, however the threads are scheduled.
    let worked = AtomicU32::new(0);
    let mut asked = Vec::new();
    let (report, run, helped, _) = team_search(
        (board, goal, h, order),
        0,
        &[Duration::ZERO; 2],
        &mut |p| {
            asked.push(*p);
            while p.packets > 1 && worked.load(Ordering::SeqCst) == 0 {
                thread::yield_now();
            }
            true
        },
        &worked,
    );
    assert_eq!(report, expected);
    assert!(helped.iter().any(|h| h.worked > 0), "{helped:?}");
    let helpers = &run.loads[1..];
    assert!(
        helpers.iter().map(|l| l.packets).sum::<u64>() > 0,
        "{run:?}"
    );
    assert!(run.split > 0 && run.taken > 0);
    // Where the search stood, each time it was asked.
    assert!(asked
        .iter()
        .all(|p| p.iteration >= 1 && p.taken <= p.packets && p.threshold >= 30));
    assert!(asked.windows(2).all(|w| w[0].iteration <= w[1].iteration));
}

#[test]
fn pattern_databases_and_random_eight_puzzles() {
    let goal = Goal::BlankFirst;
    let heuristic = HeuristicChoice::Pdb(databases(goal));
    for n in [1, 12, 55] {
        let (optimal, board) = korf(goal)[n - 1];
        let expected = sequential(board, goal, &heuristic, MoveOrder::LECTURE);
        assert_eq!(expected.length, Some(optimal));
        let (report, ..) = team_search(
            (board, goal, &heuristic, MoveOrder::LECTURE),
            WORTH_SPLITTING_TEAM,
            &[Duration::ZERO],
            &mut |_| true,
            &AtomicU32::new(0),
        );
        assert_eq!(report, expected, "Korf #{n} pdb");
    }
    let mut rng = Rng(7);
    for seed in 0..30 {
        let goal = Goal::ALL[seed % 2];
        let board = rng.scramble(3, goal, 40);
        let h = &HeuristicChoice::Manhattan;
        let expected = sequential(board, goal, h, MoveOrder::LECTURE);
        let (report, ..) = team_search(
            (board, goal, h, MoveOrder::LECTURE),
            0,
            &[Duration::ZERO],
            &mut |_| true,
            &AtomicU32::new(0),
        );
        assert_eq!(report, expected, "{board:?}");
    }
}

#[test]
fn a_stopped_team_reports_its_finished_iterations_as_running() {
    let goal = Goal::BlankLast;
    let (_, board) = korf(goal)[18];
    let h = &HeuristicChoice::Manhattan;
    let order = MoveOrder::LECTURE;
    let expected = sequential(board, goal, h, order);
    for stop_after in [0, 5, 40, 200] {
        let mut asked = 0;
        let (report, run, helped, _) = team_search(
            (board, goal, h, order),
            0,
            &[Duration::ZERO],
            &mut |_| {
                asked += 1;
                asked <= stop_after
            },
            &AtomicU32::new(0),
        );
        assert!(run.stopped, "stopped after {stop_after}");
        assert!(helped.iter().all(|h| h.over));
        assert_eq!(report.status, Status::Running, "stopped after {stop_after}");
        assert_eq!(report.length, None);
        let finished: Vec<_> = report
            .iterations()
            .iter()
            .filter(|i| i.next_threshold.is_some())
            .collect();
        assert!(finished.len() < expected.iterations().len());
        for (got, want) in finished.iter().zip(expected.iterations()) {
            assert_eq!(*got, want, "stopped after {stop_after}");
        }
    }
}

#[test]
fn a_helper_out_of_range_is_refused_and_one_after_the_end_hears_it() {
    let goal = Goal::BlankLast;
    let board = Board::random(3, goal, 3).unwrap();
    let h = HeuristicChoice::Manhattan;
    let order = MoveOrder::LECTURE;
    let team = Team::new(2).unwrap();
    assert_eq!(team.workers(), 2);
    assert!(Team::new(0).is_err());
    let mut searcher = PacketSearcher::new(board, goal, h.clone(), order).unwrap();
    for worker in [0, 2, 9] {
        let error = team.help(worker, &mut searcher, 0.0, now).unwrap_err();
        assert!(error.to_string().contains("worker 1 to 1"), "{error}");
    }
    // Nothing handed out yet: a helper waits, and hears nothing.
    let waited = team.help(1, &mut searcher, 1.0, now);
    assert_eq!(waited.unwrap(), Helped::Waited);
    let search = ParallelIda::adaptive(board, goal, h.clone(), order, 2, 0).unwrap();
    let leader = PacketSearcher::new(board, goal, h.clone(), order).unwrap();
    let mut leading = Leading::new(search, leader);
    let run = team.lead(&mut leading, &mut |_| true, now).unwrap();
    assert_eq!(
        leading.search().report(),
        sequential(board, goal, &h, order)
    );
    assert_eq!(run.loads[1].packets, 0, "the helper never came");
    assert_eq!(
        team.help(1, &mut searcher, 60_000.0, now).unwrap(),
        Helped::Over
    );
}

#[test]
fn a_leader_called_in_slices_finds_the_sequential_search() {
    // Called again and again with no time at all, as a worker between its other work would
    // with a little: every call makes some progress, and ends one split iteration at most (so
    // there are more calls than split iterations, however fast the helper), and the report is
    // the same.
    let goal = Goal::BlankLast;
    let h = HeuristicChoice::Manhattan;
    let order = MoveOrder::LECTURE;
    for (n, split_above) in [(12, 0), (55, WORTH_SPLITTING_TEAM), (19, 0)] {
        let (_, board) = korf(goal)[n - 1];
        let expected = sequential(board, goal, &h, order);
        let team = Team::new(2).unwrap();
        let search = ParallelIda::adaptive(board, goal, h.clone(), order, 2, split_above).unwrap();
        let searcher = PacketSearcher::new(board, goal, h.clone(), order).unwrap();
        let mut leading = Leading::new(search, searcher);
        let worked = AtomicU32::new(0);
        let (run, calls) = thread::scope(|scope| {
            let team = &team;
            let worked = &worked;
            let h = &h;
            let helper =
                scope.spawn(move || help(team, 1, Duration::ZERO, (board, goal, h, order), worked));
            let mut calls = 0;
            let run = loop {
                calls += 1;
                if let Some(run) = team
                    .lead_for(&mut leading, &mut |_| true, 0.0, now)
                    .unwrap()
                {
                    break run;
                }
            };
            assert!(helper.join().unwrap().over);
            (run, calls)
        });
        assert_eq!(leading.search().report(), expected, "Korf #{n}");
        assert!(!run.stopped);
        assert!(run.split > 1, "Korf #{n}: {} iterations split", run.split);
        assert!(
            calls > run.split as usize,
            "Korf #{n}: {calls} calls for {} split iterations",
            run.split
        );
        let searched: u64 = run.loads.iter().map(|l| l.packets + l.abandoned).sum();
        assert_eq!(searched, run.taken + u64::from(run.whole));
    }
}
