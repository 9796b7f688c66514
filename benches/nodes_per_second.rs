//! Nodes per second of IDA* on Korf's 15-puzzle instances (`tests/data/`), tracing off.
//!
//! `cargo bench --bench nodes_per_second -- [--heuristic H] [--goal G] [--all | --instances 1,2,…]`
//! Default: the instances 1 to 10 whose Manhattan search is quick enough for a routine run.
//! Reports time, generated nodes and generated nodes per second per instance and in total; checks
//! every length against the published optimum. With `--traced`, each instance also runs with
//! events built and passed to a callback (what `tilesearch trace` and `stepMany` pay), and the
//! overhead is reported.

#[path = "../tests/common/korf.rs"]
mod korf;

use std::process::exit;
use std::sync::Arc;
use std::time::Instant;
use tilesearch::heuristic::pdb::PatternDatabases;
use tilesearch::{ida_star, Goal, HeuristicChoice, HeuristicKind, Status};

const USAGE: &str = "usage: cargo bench --bench nodes_per_second -- \
[--heuristic manhattan|linear-conflict|hamming|pdb] [--goal blank-last|blank-first] \
[--all | --instances 1,2,3] [--traced]";

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
