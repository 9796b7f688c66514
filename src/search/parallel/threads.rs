//! The native driver of [`ParallelIda`]: threads that take an iteration's packets in order
//! from a shared counter, each with its own [`PacketSearcher`] (the pattern databases are
//! shared through their `Arc`).

use super::{check_workers, PacketResult, PacketSearcher, PacketTask, ParallelIda, Searched};
use crate::board::{Board, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::HeuristicChoice;
use crate::search::{Report, Status};
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// [`ida_star_parallel`], asking `go_on` on every thread every million nodes or so whether
/// to go on: once it says no, the threads give up their packets and the report returned is
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
    let mut search = ParallelIda::new(board, goal, heuristic.clone(), order, threads)?;
    // One searcher per thread for the whole run.
    let mut searchers = (0..threads)
        .map(|_| PacketSearcher::new(board, goal, heuristic.clone(), order))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut balance = Balance {
        workers: vec![WorkerLoad::default(); threads as usize],
        ..Balance::default()
    };
    while let Some(iteration) = search.iteration() {
        let tasks: Vec<PacketTask> = iteration.tasks().collect();
        balance.packets += tasks.len() as u64;
        let shared = Shared {
            tasks: &tasks,
            next: AtomicUsize::new(0),
            solved_at: AtomicUsize::new(usize::MAX),
            go_on,
        };
        let mut workers = searchers.iter_mut().zip(balance.workers.iter_mut());
        let Some((first, first_load)) = workers.next() else {
            break;
        };
        let results = std::thread::scope(|scope| {
            let handles: Vec<_> = workers
                .filter_map(|(searcher, load)| {
                    let shared = &shared;
                    // A thread that cannot start (no memory for its stack, say) leaves its
                    // packets to the others: the shared counter hands every one out anyway.
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || shared.work(searcher, load))
                        .ok()
                })
                .collect();
            // The calling thread is the first worker.
            let mut results = vec![shared.work(first, first_load)];
            for handle in handles {
                match handle.join() {
                    Ok(r) => results.push(r),
                    // A bug, not bad input: let it surface as it is.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            results
        });
        let results = results
            .into_iter()
            .collect::<Result<Vec<_>, Error>>()?
            .concat();
        if !go_on() {
            // The iteration's packets are partly abandoned: report the iterations before it.
            let mut report = search.report();
            report.status = Status::Running;
            balance.split_nodes = search.split_nodes();
            return Ok((report, balance));
        }
        search.accept_iteration(results)?;
    }
    balance.split_nodes = search.split_nodes();
    Ok((search.report(), balance))
}

/// What the threads of one iteration share.
struct Shared<'a> {
    tasks: &'a [PacketTask],
    /// The next packet to hand out.
    next: AtomicUsize,
    /// The first packet that solved so far (`usize::MAX`: none).
    solved_at: AtomicUsize,
    /// The caller's stop: false gives up every packet.
    go_on: &'a (dyn Fn() -> bool + Sync),
}

impl Shared<'_> {
    /// One thread's loop: packets in order until none is left or needed.
    fn work(
        &self,
        searcher: &mut PacketSearcher,
        load: &mut WorkerLoad,
    ) -> Result<Vec<PacketResult>, Error> {
        let mut results = Vec::new();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            // Packets after a solving one are not needed, and neither are those after them.
            if i >= self.tasks.len()
                || i > self.solved_at.load(Ordering::Relaxed)
                || !(self.go_on)()
            {
                return Ok(results);
            }
            let clock = Instant::now();
            let searched = searcher.search_while(&self.tasks[i], || {
                i < self.solved_at.load(Ordering::Relaxed) && (self.go_on)()
            })?;
            load.busy += clock.elapsed();
            match searched {
                Searched::Done(result) => {
                    if result.solution.is_some() {
                        self.solved_at.fetch_min(i, Ordering::Relaxed);
                    }
                    load.nodes += result.visited + result.pruned;
                    load.packets += 1;
                    results.push(result);
                }
                Searched::Abandoned { nodes } => {
                    load.nodes += nodes;
                    load.abandoned += 1;
                }
            }
        }
    }
}
