//! Nodes per second of IDA* on Korf's 15-puzzle instances (`tests/data/`), tracing off.
//!
//! `cargo bench --bench nodes_per_second -- [--heuristic H] [--goal G] [--all | --instances 1,2,…]`
//! Default: the instances 1 to 10 whose Manhattan search is quick enough for a routine run.
//! Reports time, generated nodes and generated nodes per second per instance and in total; checks
//! every length against the published optimum. With `--traced`, each instance also runs with
//! events built and passed to a callback (what `tilesearch trace` and `stepMany` pay), and the
//! overhead is reported.
//!
//! With `--seek [POSITION]` (default 10,000,000) it times `seek` instead, on the first chosen
//! instance: from a fresh search, back from the end of a full run, and one event back from
//! just past the position; each lands where a fresh search stepped there stands.

#[path = "../tests/common/korf.rs"]
mod korf;

use std::process::exit;
use std::sync::Arc;
use std::time::Instant;
use tilesearch::heuristic::pdb::PatternDatabases;
use tilesearch::{ida_star, Board, Goal, HeuristicChoice, HeuristicKind, Search, Status};

const USAGE: &str = "usage: cargo bench --bench nodes_per_second -- \
[--heuristic manhattan|linear-conflict|hamming|pdb] [--goal blank-last|blank-first] \
[--all | --instances 1,2,3] [--traced] [--seek [POSITION]]";

/// A bad argument: say which and how to call, exit 2 (like the CLI).
fn usage(problem: &str) -> ! {
    eprintln!("nodes_per_second: {problem}\n{USAGE}");
    exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut heuristic = HeuristicKind::Manhattan;
    let mut goal = Goal::BlankLast;
    let mut chosen: Vec<usize> = (1..=10).collect();
    let mut traced = false;
    let mut seek = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--heuristic" => {
                let name = it
                    .next()
                    .unwrap_or_else(|| usage("--heuristic needs a name"));
                heuristic = name.parse().unwrap_or_else(|e| usage(&format!("{e}")));
            }
            "--goal" => {
                let name = it.next().unwrap_or_else(|| usage("--goal needs a name"));
                goal = name.parse().unwrap_or_else(|e| usage(&format!("{e}")));
            }
            "--all" => chosen = (1..=100).collect(),
            "--traced" => traced = true,
            "--seek" => {
                let position = it
                    .clone()
                    .next()
                    .and_then(|n| n.replace('_', "").parse().ok());
                if position.is_some() {
                    it.next();
                }
                seek = Some(position.unwrap_or(10_000_000));
            }
            "--instances" => {
                chosen = it
                    .next()
                    .unwrap_or_else(|| usage("--instances needs a list like 1,2,3"))
                    .split(',')
                    .map(|n| match n.trim().parse() {
                        Ok(k @ 1..=100) => k,
                        _ => usage(&format!("{n:?} is not an instance number (1 to 100)")),
                    })
                    .collect();
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return;
            }
            other => usage(&format!("unknown argument {other:?}")),
        }
    }
    let instances = korf::korf(goal);
    let databases = (heuristic == HeuristicKind::Pdb).then(|| {
        // Built in memory here (not read from the CLI's disk cache): the build is part of the
        // figure.
        let clock = Instant::now();
        let databases = Arc::new(PatternDatabases::build(goal));
        println!(
            "pattern databases (6-6-3, {goal}): built in {:.2} s, {:.1} MB",
            clock.elapsed().as_secs_f64(),
            databases.bytes() as f64 / 1e6
        );
        databases
    });
    let choice =
        HeuristicChoice::new(heuristic, 4, goal, databases).expect("a 15-puzzle heuristic");
    if let Some(position) = seek {
        let (_, board) = instances[chosen[0] - 1];
        seek_figures(chosen[0], board, goal, &choice, position);
        return;
    }
    println!("IDA* {heuristic}, goal {goal}, tracing off");
    println!(
        "{:>4} {:>4} {:>10} {:>15} {:>15} {:>10}",
        "#", "len", "seconds", "expanded", "generated", "M nodes/s"
    );
    let (mut total_time, mut total_generated) = (0.0, 0u64);
    let (mut traced_time, mut events) = (0.0, 0u64);
    for &n in &chosen {
        let (optimal, board) = instances[n - 1];
        let mut search = ida_star(board, goal, choice.clone()).expect("solvable");
        let clock = Instant::now();
        assert_eq!(search.run(None), Status::Solved);
        let seconds = clock.elapsed().as_secs_f64();
        let report = search.report();
        assert_eq!(report.length, Some(optimal), "instance {n}");
        total_time += seconds;
        total_generated += report.generated;
        if traced {
            let mut again = ida_star(board, goal, choice.clone()).expect("solvable");
            let clock = Instant::now();
            again.run_traced(None, &mut |_| {
                events += 1;
                false
            });
            traced_time += clock.elapsed().as_secs_f64();
            assert_eq!(again.report(), report, "traced and silent runs agree");
        }
        println!(
            "{n:>4} {optimal:>4} {seconds:>10.3} {:>15} {:>15} {:>10.1}",
            report.expanded,
            report.generated,
            report.generated as f64 / seconds / 1e6
        );
    }
    println!(
        "total: {} instances, {total_time:.2} s, {total_generated} generated, {:.1} M generated nodes/s",
        chosen.len(),
        total_generated as f64 / total_time / 1e6
    );
    if traced {
        println!(
            "traced: {traced_time:.2} s for {events} events ({:.1} M events/s), {:.2}× the silent run's time",
            events as f64 / traced_time / 1e6,
            traced_time / total_time
        );
    }
}

/// `--seek`: milliseconds for `seek(position)` on instance `n`, from a fresh search, back from
/// the end of a full run, and one event back from just past `position`.
fn seek_figures(n: usize, board: Board, goal: Goal, choice: &HeuristicChoice, position: u64) {
    let make = || ida_star(board, goal, choice.clone()).expect("solvable");
    // The reference: a fresh search stepped to the position, event by event.
    let mut expected = make();
    let mut count = 0;
    let clock = Instant::now();
    expected.run_traced(None, &mut |_| {
        count += 1;
        count >= position
    });
    let replay = clock.elapsed().as_secs_f64() * 1e3;
    let check = |search: &mut Box<dyn Search>, what: &str| {
        assert_eq!(search.report(), expected.report(), "{what}: report");
        assert_eq!(search.path(), expected.path(), "{what}: path");
    };
    let time = |search: &mut Box<dyn Search>, target: u64| {
        let clock = Instant::now();
        let reached = search.seek(target);
        (reached, clock.elapsed().as_secs_f64() * 1e3)
    };
    println!(
        "seek on Korf #{n} ({}, goal {goal}) to event {position}",
        choice.kind()
    );
    println!("replaying {count} traced events from the start: {replay:.1} ms");

    let mut fresh = make();
    let (reached, ms) = time(&mut fresh, position);
    assert_eq!(reached, count);
    check(&mut fresh, "from a fresh search");
    println!("seek from a fresh search:            {ms:>8.1} ms");

    let mut ended = make();
    let clock = Instant::now();
    assert_eq!(ended.run(None), Status::Solved);
    let total = ended.seek(u64::MAX);
    println!(
        "(full run: {:.0} ms, {total} events)",
        clock.elapsed().as_secs_f64() * 1e3
    );
    let (reached, ms) = time(&mut ended, position);
    assert_eq!(reached, count);
    check(&mut ended, "back from the end");
    println!("seek back from the end of the run:   {ms:>8.1} ms");

    let mut past = make();
    past.seek(position + 1);
    let (reached, ms) = time(&mut past, position);
    assert_eq!(reached, count);
    check(&mut past, "one event back");
    println!("seek one event back (step back):     {ms:>8.1} ms");
}
