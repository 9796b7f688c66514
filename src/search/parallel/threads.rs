//! The native driver of [`ParallelIda`]: a [`Team`] of threads, the calling thread leading it
//! and the others helping, each with its own [`PacketSearcher`] (the pattern databases are
//! shared through their `Arc`). The browser's workers on one memory run the same team.

use super::{check_workers, Helped, Leading, PacketSearcher, ParallelIda, Team};
use crate::board::{Board, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::HeuristicChoice;
use crate::search::{Report, Status};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// One thread's work in a parallel run, for the per-worker balance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkerLoad {
    /// Nodes its packet searches made (visited + pruned), abandoned ones included.
    pub nodes: u64,
    /// Packets it searched to the end.
    pub packets: u64,
    /// Packets it gave up because an earlier packet had solved.
    pub abandoned: u64,
    /// Time spent searching packets.
    pub busy: Duration,
}

/// How a parallel run's work was shared out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Balance {
    /// One entry per thread.
    pub workers: Vec<WorkerLoad>,
    /// Nodes of the splits (the top of each iteration's tree, searched by the calling thread
    /// between iterations).
    pub split_nodes: u64,
    /// Packets handed out over all iterations.
    pub packets: u64,
}

impl Balance {
    /// Nodes of all packet searches.
    pub fn packet_nodes(&self) -> u64 {
        self.workers.iter().map(|w| w.nodes).sum()
    }
}

/// IDA* on `threads` threads (1 to [`super::MAX_WORKERS`]; fewer when the system cannot
/// start them all, with the same result): the sequential search's
/// [`Report`] exactly (the same solution, the first in move order, and the same counts in
/// every iteration), with how the work was shared. Fails as [`crate::ida_star_in_order`] does,
/// and for a thread count out of range.
pub fn ida_star_parallel(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    order: MoveOrder,
    threads: u32,
) -> Result<(Report, Balance), Error> {
    ida_star_parallel_while(board, goal, heuristic, order, threads, &|| true)
}

/// [`ida_star_parallel`], asking `go_on` on the calling thread (the team's leader) between
/// packets and every 65,536 nodes or so whether to go on (within a packet: every [`NEEDED_EVERY`](super::NEEDED_EVERY)): once it
/// says no, the threads give up their packets and the report returned is
/// that of the iterations completed before, with status [`Status::Running`] (a host that
/// lets its user interrupt a search, like the Python module on Ctrl-C, stops it this way).
pub fn ida_star_parallel_while(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    order: MoveOrder,
    threads: u32,
    go_on: &(dyn Fn() -> bool + Sync),
) -> Result<(Report, Balance), Error> {
    check_workers(threads)?;
    let search = ParallelIda::new(board, goal, heuristic.clone(), order, threads)?;
    let searcher = PacketSearcher::new(board, goal, heuristic.clone(), order)?;
    let mut leading = Leading::new(search, searcher);
    let team = Team::new(threads)?;
    let run = std::thread::scope(|scope| {
        for worker in 1..threads {
            let (team, heuristic) = (&team, heuristic.clone());
            // A thread that cannot start (no memory for its stack, say) leaves its packets to
            // the others: the shared counter hands every one out anyway.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                let Ok(mut searcher) = PacketSearcher::new(board, goal, heuristic, order) else {
                    return;
                };
                while let Ok(Helped::Worked | Helped::Waited) =
                    team.help(worker, &mut searcher, HELP_MS, now)
                {}
            });
        }
        // The calling thread leads; the others are joined as the scope ends (a panic in one,
        // a bug, surfaces as it is).
        team.lead(&mut leading, &mut |_| go_on(), now)
    })?;
    let search = leading.search();
    let mut report = search.report();
    if run.stopped {
        // The iteration's packets are partly abandoned: the iterations before it.
        report.status = Status::Running;
    }
    let balance = Balance {
        workers: run
            .loads
            .iter()
            .map(|l| WorkerLoad {
                nodes: l.nodes,
                packets: l.packets,
                abandoned: l.abandoned,
                busy: Duration::from_secs_f64(l.busy_ms.max(0.0) / 1000.0),
            })
            .collect(),
        split_nodes: search.split_nodes(),
        packets: run.offered + u64::from(run.whole),
    };
    Ok((report, balance))
}

/// Milliseconds a helper thread waits for work, and searches, in one call of [`Team::help`].
const HELP_MS: f64 = 1000.0;

/// Milliseconds since the first call: the team's clock.
fn now() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}
