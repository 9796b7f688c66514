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
//!
//! With `--threads N` or a list `--threads 1,2` it runs the parallel IDA* (work packets) on that
//! many threads instead: per instance the time on each thread count and the generated nodes
//! (the same on every count, as the lengths and every count of the reports are); then for each
//! thread count the total time, nodes per second, the median and worst time per instance, the
//! speed-up against 1 thread (when the list has 1) and the per-thread balance (each thread's
//! share of the packets' nodes, smallest and largest, and of the busy time).
//!
//! With `--ideal 2,4,8` it measures how the packets divide the work for that many workers,
//! whatever the machine's cores: each instance's packets (sized for k workers) are searched on
//! one thread, and their node counts handed out in order to the first free of k workers, each
//! iteration ending when the packets it needs are done. Reports the ideal speed-up (all nodes
//! over the sum of those makespans), the same on the ten instances with the most nodes, and the
//! workers' smallest and largest share of the nodes. With `--adaptive` the packets are dealt as
//! the browser's pool deals them: an iteration predicted under `WORTH_SPLITTING` nodes is one
//! packet, its start, searched whole by one worker. With `--overlap` an iteration's packets
//! may start before the iteration before it is complete (every worker takes the next packet
//! of the search as soon as it is free): the bound of a search that overlaps its iterations,
//! which IDA* allows where the next threshold is known in advance (see `ideal_figures`).

#[path = "../tests/common/korf.rs"]
mod korf;

use std::process::exit;
use std::sync::Arc;
use std::time::Instant;
use tilesearch::heuristic::pdb::PatternDatabases;
use tilesearch::search::parallel::{MAX_WORKERS, WORTH_SPLITTING};
use tilesearch::search::{ida_star_parallel, Balance, PacketSearcher, ParallelIda};
use tilesearch::{
    ida_star, Board, Goal, HeuristicChoice, HeuristicKind, MoveOrder, Search, Status,
};

const USAGE: &str = "usage: cargo bench --bench nodes_per_second -- \
[--heuristic manhattan|linear-conflict|hamming|pdb] [--goal blank-last|blank-first] \
[--all | --instances 1,2,3] [--traced] [--seek [POSITION]] [--threads 1,2 | --ideal 2,4,8 [--adaptive] [--overlap]]";

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
    let mut threads: Vec<u32> = Vec::new();
    let mut ideal = false;
    let mut adaptive = false;
    let mut overlap = false;
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
            "--adaptive" => adaptive = true,
            "--overlap" => overlap = true,
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
            "--threads" | "--ideal" => {
                ideal = arg == "--ideal";
                threads = it
                    .next()
                    .unwrap_or_else(|| usage("--threads needs a count or a list like 1,2"))
                    .split(',')
                    .map(|n| match n.trim().parse() {
                        Ok(k @ 1..=MAX_WORKERS) => k,
                        _ => usage(&format!("{n:?} is not a thread count (1 to {MAX_WORKERS})")),
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
    if (adaptive || overlap) && !ideal {
        usage("--adaptive and --overlap deal the packets of --ideal: give --ideal 2,4,8 with them");
    }
    if !threads.is_empty() {
        if traced || seek.is_some() {
            usage("--threads and --ideal measure the parallel search alone: leave out --traced and --seek");
        }
        if ideal {
            let split_above = if adaptive { WORTH_SPLITTING } else { 0 };
            ideal_figures(
                &instances,
                &chosen,
                goal,
                &choice,
                &threads,
                split_above,
                overlap,
            );
        } else {
            parallel_figures(&instances, &chosen, goal, &choice, &threads);
        }
        return;
    }
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

/// One thread count's figures over the chosen instances.
#[derive(Default)]
struct Column {
    seconds: Vec<f64>,
    generated: u64,
    balance: Balance,
}

/// `--threads`: the parallel search on each thread count of `threads`, instance by instance.
fn parallel_figures(
    instances: &[(u32, Board)],
    chosen: &[usize],
    goal: Goal,
    choice: &HeuristicChoice,
    threads: &[u32],
) {
    println!(
        "parallel IDA* (work packets) {}, goal {goal}, threads {}",
        choice.kind(),
        threads
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    print!("{:>4} {:>4} {:>15}", "#", "len", "generated");
    for t in threads {
        print!(" {:>12}", format!("{t} thr. s"));
    }
    println!();
    let mut columns: Vec<Column> = threads.iter().map(|_| Column::default()).collect();
    for &n in chosen {
        let (optimal, board) = instances[n - 1];
        let mut generated = None;
        let mut row = Vec::new();
        for (column, &t) in columns.iter_mut().zip(threads) {
            let clock = Instant::now();
            let (report, balance) =
                ida_star_parallel(board, goal, choice.clone(), MoveOrder::LECTURE, t)
                    .expect("solvable");
            let seconds = clock.elapsed().as_secs_f64();
            assert_eq!(report.length, Some(optimal), "instance {n}, {t} threads");
            // Every thread count searches the same nodes.
            assert_eq!(*generated.get_or_insert(report.generated), report.generated);
            column.seconds.push(seconds);
            column.generated += report.generated;
            add_balance(&mut column.balance, &balance);
            row.push(format!(" {seconds:>12.3}"));
        }
        println!(
            "{n:>4} {optimal:>4} {:>15}{}",
            generated.unwrap_or_default(),
            row.concat()
        );
    }
    let one = threads
        .iter()
        .position(|&t| t == 1)
        .map(|i| columns[i].seconds.iter().sum::<f64>());
    for (column, &t) in columns.iter().zip(threads) {
        let total: f64 = column.seconds.iter().sum();
        let mut sorted = column.seconds.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[sorted.len() / 2];
        let worst = sorted.last().copied().unwrap_or_default();
        let speed_up = one.map_or(String::new(), |one| {
            format!(", speed-up {:.2}× against 1 thread", one / total)
        });
        println!(
            "{t} threads: {} instances, {total:.2} s, {:.1} M generated nodes/s, median {median:.3} s, worst {worst:.3} s per instance{speed_up}",
            chosen.len(),
            column.generated as f64 / total / 1e6,
        );
        let b = &column.balance;
        let nodes = b.packet_nodes().max(1) as f64;
        let shares: Vec<f64> = b.workers.iter().map(|w| w.nodes as f64 / nodes).collect();
        let busy: Vec<f64> = b.workers.iter().map(|w| w.busy.as_secs_f64()).collect();
        let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
        println!(
            "  balance: {} packets ({} abandoned); share of the packets' nodes per thread {}, min {:.1} %, max {:.1} %; busy {:.2}–{:.2} s of {total:.2} s; split {:.3} % of the nodes",
            b.packets,
            b.workers.iter().map(|w| w.abandoned).sum::<u64>(),
            shares
                .iter()
                .map(|s| format!("{:.1} %", s * 100.0))
                .collect::<Vec<_>>()
                .join(" / "),
            min(&shares) * 100.0,
            max(&shares) * 100.0,
            min(&busy),
            max(&busy),
            b.split_nodes as f64 / (b.split_nodes as f64 + nodes) * 100.0
        );
    }
}

/// Adds one run's balance to the column's, thread by thread.
fn add_balance(total: &mut Balance, run: &Balance) {
    if total.workers.len() < run.workers.len() {
        total.workers.resize(run.workers.len(), Default::default());
    }
    for (sum, w) in total.workers.iter_mut().zip(&run.workers) {
        sum.nodes += w.nodes;
        sum.packets += w.packets;
        sum.abandoned += w.abandoned;
        sum.busy += w.busy;
    }
    total.split_nodes += run.split_nodes;
    total.packets += run.packets;
}

/// `--ideal`: how the packets divide the work for each worker count (see the module docs);
/// `split_above` as [`ParallelIda::adaptive`] takes it (0: every iteration split). With
/// `overlap`, a worker free before the iteration is complete takes the next iteration's first
/// packets: the schedule of a search that knows each next threshold in advance (with pdb and
/// Manhattan on the 15-puzzle it is the threshold + 2: every child's f is its parent's or
/// that + 2), counted as if no speculative packet were ever wasted but past the solution.
fn ideal_figures(
    instances: &[(u32, Board)],
    chosen: &[usize],
    goal: Goal,
    choice: &HeuristicChoice,
    workers: &[u32],
    split_above: u64,
    overlap: bool,
) {
    println!(
        "parallel IDA* (work packets) {}, goal {goal}: the packets' node counts handed out in order to k workers{}{}",
        choice.kind(),
        if split_above > 0 {
            format!(", iterations predicted under {split_above} nodes searched whole")
        } else {
            String::new()
        },
        if overlap { ", iterations overlapped" } else { "" }
    );
    for &k in workers {
        // Per instance: its nodes and the sum of its iterations' makespans.
        let mut figures: Vec<(u64, u64)> = Vec::new();
        let mut loads = vec![0u64; k as usize];
        let mut packets = 0;
        for &n in chosen {
            let (mut nodes, mut makespan) = (0u64, 0u64);
            let (optimal, board) = instances[n - 1];
            let order = MoveOrder::LECTURE;
            let mut run = ParallelIda::adaptive(board, goal, choice.clone(), order, k, split_above)
                .expect("solvable");
            let mut searcher =
                PacketSearcher::new(board, goal, choice.clone(), order).expect("solvable");
            // The split's nodes are the coordinator's, between iterations.
            nodes += run.split_nodes();
            makespan += run.split_nodes();
            // Overlapped, the workers' clocks run on from one iteration to the next.
            let mut free = vec![if overlap { run.split_nodes() } else { 0 }; k as usize];
            while let Some(iteration) = run.iteration() {
                if !overlap {
                    free.iter_mut().for_each(|f| *f = 0);
                }
                let mut end = 0;
                let before = run.split_nodes();
                for task in iteration.tasks() {
                    let result = searcher.search(&task).expect("a packet of the run");
                    let cost = result.visited + result.pruned;
                    let first_free = (0..free.len()).min_by_key(|&w| free[w]).unwrap_or(0);
                    free[first_free] += cost;
                    loads[first_free] += cost;
                    end = end.max(free[first_free]);
                    nodes += cost;
                    packets += 1;
                    // In order, the iteration is complete at its last packet or a solving one.
                    if run.accept(result).expect("a result of the run") {
                        break;
                    }
                }
                let split = run.split_nodes() - before;
                nodes += split;
                if overlap {
                    // The coordinator's split delays every worker.
                    free.iter_mut().for_each(|f| *f += split);
                    makespan = makespan.max(end + split);
                } else {
                    makespan += end + split;
                }
            }
            assert_eq!(run.report().length, Some(optimal), "instance {n}");
            figures.push((nodes, makespan));
        }
        let speed_up = |figures: &[(u64, u64)]| {
            let (nodes, makespan) = figures
                .iter()
                .fold((0u64, 0u64), |(n, m), &(a, b)| (n + a, m + b));
            nodes as f64 / makespan.max(1) as f64
        };
        let mut largest = figures.clone();
        largest.sort_by_key(|&(nodes, _)| std::cmp::Reverse(nodes));
        largest.truncate(10);
        let total: u64 = loads.iter().sum();
        let share = |load: &u64| *load as f64 / total.max(1) as f64 * 100.0;
        println!(
            "{k} workers: {packets} packets, ideal speed-up {:.2}× ({:.2}× on the {} instances with the most nodes); share of the packets' nodes per worker min {:.1} %, max {:.1} %",
            speed_up(&figures),
            speed_up(&largest),
            largest.len(),
            loads.iter().map(share).fold(f64::INFINITY, f64::min),
            loads.iter().map(share).fold(0.0, f64::max),
        );
    }
}
