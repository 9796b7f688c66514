//! Parallel IDA* by a team of threads on one memory, none of them started here: native threads
//! ([`super::ida_star_parallel`]) and the browser's workers where they share their memory (the
//! module built with atomics, on a cross-origin isolated page). The leader runs the [`ParallelIda`] and searches packets too; each helper
//! calls [`Team::help`] in a loop, taking packets from a shared counter and asleep between
//! split iterations. Handing out an iteration then costs no message: a helper wakes in
//! microseconds, where a message between workers takes a tenth of a millisecond or more, so
//! much smaller iterations are worth splitting ([`WORTH_SPLITTING_TEAM`]).

use super::{PacketResult, PacketSearcher, PacketTask, ParallelIda, Searched};
use crate::error::Error;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The adaptive split's threshold for a team ([`ParallelIda::adaptive`]): an iteration
/// predicted to make this many nodes (visited + pruned), about a millisecond of search in the
/// browser, is shared (a small one in fewer packets: [`super::PACKET_NODES`]). Measured on
/// Korf's 100 with pdb on 2 workers (`node benches/per-instance.mjs --rounds 3 --split-above
/// N`, the workers alone against one sequential worker, the searches of 1–10 ms): at 131,072
/// nodes 1.09× (slower on 16 of 42), at 16,384 1.45× (slower on 2), at 8,192 1.45× (slower on
/// 5); the 10–100 ms ones 1.68×, 1.77× and 1.81×.
pub const WORTH_SPLITTING_TEAM: u64 = 1 << 14;

/// How often a leader waiting for its helpers asks its `go_on` whether to go on.
const ASK_EVERY: Duration = Duration::from_millis(50);

/// One worker's share of a team's search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TeamLoad {
    /// Packets searched to the end (an unsplit iteration is one).
    pub packets: u64,
    /// Their nodes (visited + pruned), and those of packets given up.
    pub nodes: u64,
    /// Children generated in the packets searched to the end.
    pub generated: u64,
    /// Packets given up because an earlier one had solved.
    pub abandoned: u64,
    /// Milliseconds spent searching packets (by the clock given to `lead` or `help`).
    pub busy_ms: f64,
}

/// What a team's leader did, beside the search's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeamRun {
    /// Iterations searched whole by the leader.
    pub whole: u32,
    /// Iterations split and shared.
    pub split: u32,
    /// Packets of split iterations.
    pub offered: u64,
    /// Those a worker searched to the end or gave up.
    pub taken: u64,
    /// Packets of split iterations never taken (after a solving one).
    pub skipped: u64,
    /// Each worker's share, the leader first.
    pub loads: Vec<TeamLoad>,
    /// Whether the leader's `go_on` stopped the search (its report is then the iterations
    /// completed before).
    pub stopped: bool,
}

/// Where a team's search stands, for its leader's `go_on`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeamProgress {
    /// The current iteration, 1-based.
    pub iteration: u32,
    /// Its threshold.
    pub threshold: u32,
    /// Its packets (1: searched whole).
    pub packets: u32,
    /// Those taken by a worker so far.
    pub taken: u32,
}

/// What a call of [`Team::help`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Helped {
    /// It searched packets of a split iteration.
    Worked,
    /// Nothing came within the time it waited.
    Waited,
    /// The search is over: no more help is wanted.
    Over,
}

/// What the leader and the helpers share under the lock.
#[derive(Default)]
struct State {
    /// Whether helpers may join the current split iteration (false while the leader gathers).
    open: bool,
    /// The search has ended.
    over: bool,
    /// The current split iteration's packets.
    tasks: Arc<[PacketTask]>,
    /// Helpers searching the current split iteration.
    working: u32,
    /// Their results.
    results: Vec<PacketResult>,
    /// The first failure of a helper's search.
    error: Option<Error>,
    /// Each worker's share, the leader first.
    loads: Vec<TeamLoad>,
}

/// A parallel search's team: see the module's doc.
pub struct Team {
    workers: usize,
    state: Mutex<State>,
    /// Helpers wait here for a split iteration, or the end.
    wake: Condvar,
    /// The leader waits here for the last helper to leave an iteration.
    idle: Condvar,
    /// The next packet of the current split iteration.
    next: AtomicUsize,
    /// The first packet that solved (`usize::MAX`: none).
    solved_at: AtomicUsize,
    /// Set when the leader's `go_on` said no, or a helper failed: every packet is given up.
    stop: AtomicBool,
}

impl std::fmt::Debug for Team {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Team")
            .field("workers", &self.workers)
            .finish_non_exhaustive()
    }
}

/// Nodes an unsplit iteration is searched by, between two looks at the clock and `go_on`.
const SLICE: u64 = 1 << 16;

/// A team leader's search between calls of [`Team::lead_for`].
pub struct Leading {
    search: ParallelIda,
    searcher: PacketSearcher,
    run: TeamRun,
    /// The leader's own share.
    load: TeamLoad,
    step: Step,
}

/// Where a leader's search stands.
enum Step {
    /// Between iterations.
    Next,
    /// An iteration of one packet, begun in the leader's searcher.
    Whole,
    /// A split iteration handed out, with the leader's results so far; `gathering` once no
    /// packet is left to take (the helpers' results are then waited for).
    Split {
        tasks: Arc<[PacketTask]>,
        own: Vec<PacketResult>,
        gathering: bool,
    },
}

impl std::fmt::Debug for Leading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Leading").finish_non_exhaustive()
    }
}

impl Leading {
    /// The leader's part of `search`, searching with `searcher` (made for the same search).
    pub fn new(search: ParallelIda, searcher: PacketSearcher) -> Leading {
        Leading {
            search,
            searcher,
            run: TeamRun::default(),
            load: TeamLoad::default(),
            step: Step::Next,
        }
    }

    /// The search: its report is the sequential search's once the team's run has ended.
    pub fn search(&self) -> &ParallelIda {
        &self.search
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Team {
    /// A team of `workers` (the leader and `workers − 1` helpers, 1 to
    /// [`super::MAX_WORKERS`]).
    pub fn new(workers: u32) -> Result<Team, Error> {
        super::check_workers(workers)?;
        let workers = workers as usize;
        Ok(Team {
            workers,
            state: Mutex::new(State {
                loads: vec![TeamLoad::default(); workers],
                tasks: Arc::from(Vec::new()),
                ..State::default()
            }),
            wake: Condvar::new(),
            idle: Condvar::new(),
            next: AtomicUsize::new(0),
            solved_at: AtomicUsize::new(usize::MAX),
            stop: AtomicBool::new(false),
        })
    }

    /// Workers in the team, the leader included.
    pub fn workers(&self) -> u32 {
        self.workers as u32
    }

    /// Runs a leader's search to its end (or until `go_on` says no) in one call:
    /// [`lead_for`](Self::lead_for) with no limit on its time. The search's report is then
    /// `leading.search().report()`, the sequential search's.
    pub fn lead(
        &self,
        leading: &mut Leading,
        go_on: &mut dyn FnMut(&TeamProgress) -> bool,
        now: fn() -> f64,
    ) -> Result<TeamRun, Error> {
        loop {
            if let Some(run) = self.lead_for(leading, go_on, f64::INFINITY, now)? {
                return Ok(run);
            }
        }
    }

    /// Leads the search of `leading` as the team's leader for about `ms` milliseconds: an
    /// iteration of one packet here alone, 65,536 nodes at a time; a split one with every
    /// helper that calls [`help`](Self::help) meanwhile, taking packets as they do until the
    /// time is up (a packet begun is searched to its end). A split iteration that ends once
    /// the time is up ends the call (the next begins at the next call), so a call with no
    /// time ends one at most. Returns what the team did once the search has ended, else
    /// `None`: call it again, free in between to do other work (the helpers go on). `go_on`
    /// is asked between packets, every 65,536 nodes of an unsplit iteration and every 4,096
    /// of a packet, with where the search stands; no stops the search (then `stopped`, and
    /// the report is of the iterations finished). `now` reads a clock in milliseconds. Fails
    /// as [`PacketSearcher::search`] and [`ParallelIda::accept`] do. Once it has returned a
    /// run or failed, the team is over: helpers return [`Helped::Over`].
    pub fn lead_for(
        &self,
        leading: &mut Leading,
        go_on: &mut dyn FnMut(&TeamProgress) -> bool,
        ms: f64,
        now: fn() -> f64,
    ) -> Result<Option<TeamRun>, Error> {
        let until = now() + ms;
        let ended = match self.advance(leading, go_on, until, now) {
            Ok(false) => return Ok(None),
            Ok(true) => Ok(()),
            Err(error) => Err(error),
        };
        let mut state = lock(&self.state);
        state.over = true;
        self.wake.notify_all();
        ended?;
        let mut run = std::mem::take(&mut leading.run);
        run.loads = state.loads.clone();
        run.loads[0].add(&leading.load);
        // Every packet taken was searched to its end or given up, by some worker.
        let searched: u64 = run.loads.iter().map(|l| l.packets + l.abandoned).sum();
        run.taken = searched - u64::from(run.whole).min(searched);
        run.skipped = run.offered.saturating_sub(run.taken);
        Ok(Some(run))
    }

    /// The leader's search until it ends (true) or the time is up (false).
    fn advance(
        &self,
        leading: &mut Leading,
        go_on: &mut dyn FnMut(&TeamProgress) -> bool,
        until: f64,
        now: fn() -> f64,
    ) -> Result<bool, Error> {
        let Leading {
            search,
            searcher,
            run,
            load,
            step,
        } = leading;
        loop {
            let progress = |packets: usize| TeamProgress {
                iteration: search.iteration_number(),
                threshold: search.threshold(),
                packets: packets as u32,
                taken: self.next.load(Ordering::Relaxed).min(packets) as u32,
            };
            let mut ask = |packets: usize| {
                let on = go_on(&progress(packets));
                if !on {
                    self.stop.store(true, Ordering::Relaxed);
                }
                on
            };
            match step {
                Step::Next => {
                    let Some(iteration) = search.iteration() else {
                        return Ok(true);
                    };
                    let tasks: Arc<[PacketTask]> = iteration.tasks().collect();
                    // The counter counts this iteration's packets taken, split or not.
                    self.next.store(0, Ordering::Relaxed);
                    if let [task] = &tasks[..] {
                        // One packet (unsplit, or a split that was the whole iteration).
                        searcher.begin(task)?;
                        run.whole += 1;
                        *step = Step::Whole;
                    } else {
                        run.split += 1;
                        run.offered += tasks.len() as u64;
                        self.solved_at.store(usize::MAX, Ordering::Relaxed);
                        {
                            let mut state = lock(&self.state);
                            state.tasks = Arc::clone(&tasks);
                            state.open = true;
                        }
                        self.wake.notify_all();
                        *step = Step::Split {
                            tasks,
                            own: Vec::new(),
                            gathering: false,
                        };
                    }
                }
                Step::Whole => {
                    let clock = now();
                    let searched = searcher.resume(SLICE)?;
                    load.busy_ms += now() - clock;
                    if let Some(result) = searched {
                        load.packets += 1;
                        load.nodes += result.visited + result.pruned;
                        load.generated += result.generated;
                        search.accept_iteration(vec![result])?;
                        *step = Step::Next;
                    } else if !ask(1) {
                        run.stopped = true;
                        return Ok(true);
                    } else if now() >= until {
                        return Ok(false);
                    }
                }
                Step::Split {
                    tasks,
                    own,
                    gathering: false,
                } => {
                    let len = tasks.len();
                    let ask = std::cell::RefCell::new(&mut ask);
                    // At least one packet a call, however short its time.
                    let mut first = true;
                    let mut more = || {
                        let time = std::mem::take(&mut first) || now() < until;
                        time && (ask.borrow_mut())(len)
                    };
                    let mut within = || (ask.borrow_mut())(len);
                    own.extend(self.work(tasks, searcher, load, (&mut more, &mut within), now)?);
                    let next = self.next.load(Ordering::Relaxed);
                    let done = self.stop.load(Ordering::Relaxed)
                        || next >= len
                        || next > self.solved_at.load(Ordering::Relaxed);
                    if !done {
                        return Ok(false);
                    }
                    *step = Step::Split {
                        tasks: Arc::clone(tasks),
                        own: std::mem::take(own),
                        gathering: true,
                    };
                }
                Step::Split {
                    tasks,
                    own,
                    gathering: true,
                } => {
                    let mut state = lock(&self.state);
                    state.open = false;
                    if state.working > 0 {
                        // Helpers still searching: waited for, asking `go_on` now and then (a
                        // helper that never ends, its worker stopped, must not keep the
                        // leader forever).
                        let wait = ASK_EVERY.min(Duration::from_micros(
                            ((until - now()).max(0.0) * 1000.0).min(1e9) as u64,
                        ));
                        let (state, _) = self
                            .idle
                            .wait_timeout(state, wait)
                            .unwrap_or_else(PoisonError::into_inner);
                        if state.working > 0 {
                            drop(state);
                            if !ask(tasks.len()) {
                                run.stopped = true;
                                return Ok(true);
                            }
                            if now() >= until {
                                return Ok(false);
                            }
                        }
                        continue;
                    }
                    let mut results = std::mem::take(&mut state.results);
                    if let Some(error) = state.error.take() {
                        return Err(error);
                    }
                    drop(state);
                    if self.stop.load(Ordering::Relaxed) {
                        run.stopped = true;
                        return Ok(true);
                    }
                    results.append(own);
                    search.accept_iteration(results)?;
                    *step = Step::Next;
                    // The next iteration waits for the next call once the time is up.
                    if now() >= until {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Helps the team's leader as worker `worker` (1 to `workers − 1`) with `searcher` (made
    /// for the leader's search): waits up to `ms` milliseconds for a split iteration with
    /// packets left, and searches them with the others, taking no new packet after `ms`
    /// milliseconds of search. A host calls it in a loop until [`Helped::Over`], free in
    /// between to do other work. Fails for a worker out of range; a failed packet search
    /// stops the whole search, and the leader fails with its error.
    pub fn help(
        &self,
        worker: u32,
        searcher: &mut PacketSearcher,
        ms: f64,
        now: fn() -> f64,
    ) -> Result<Helped, Error> {
        let worker = worker as usize;
        if worker == 0 || worker >= self.workers {
            return Err(Error::InvalidOption(format!(
                "a helper of a team of {} is worker 1 to {}, got {worker}",
                self.workers,
                self.workers - 1
            )));
        }
        // Work left: a packet not taken, and not after a solving one (else the helper would
        // return at once and be called again, spinning, while the leader finishes its packet).
        let ready = |s: &State| {
            let next = self.next.load(Ordering::Relaxed);
            s.over
                || (s.open
                    && next < s.tasks.len()
                    && next <= self.solved_at.load(Ordering::Relaxed))
        };
        let tasks = {
            let mut state = lock(&self.state);
            if !ready(&state) {
                let wait = Duration::from_micros((ms.max(0.0) * 1000.0) as u64);
                state = self
                    .wake
                    .wait_timeout(state, wait)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
            if state.over {
                return Ok(Helped::Over);
            }
            if !ready(&state) {
                return Ok(Helped::Waited);
            }
            state.working += 1;
            Arc::clone(&state.tasks)
        };
        let mut load = TeamLoad::default();
        let until = now() + ms;
        let worked = self.work(
            &tasks,
            searcher,
            &mut load,
            (&mut || now() < until, &mut || true),
            now,
        );
        let mut state = lock(&self.state);
        state.working -= 1;
        state.loads[worker].add(&load);
        match worked {
            Ok(results) => state.results.extend(results),
            Err(error) => {
                self.stop.store(true, Ordering::Relaxed);
                state.error.get_or_insert(error);
            }
        }
        if state.working == 0 {
            self.idle.notify_all();
        }
        Ok(Helped::Worked)
    }

    /// One worker's packets of a split iteration, taken in order until none is left or needed,
    /// or `more` says no (asked before each packet); `within` is asked every 4,096 nodes or
    /// so within one, and gives it up when it says no.
    fn work(
        &self,
        tasks: &[PacketTask],
        searcher: &mut PacketSearcher,
        load: &mut TeamLoad,
        (more, within): (&mut dyn FnMut() -> bool, &mut dyn FnMut() -> bool),
        now: fn() -> f64,
    ) -> Result<Vec<PacketResult>, Error> {
        let mut results = Vec::new();
        loop {
            // Packets after a solving one are not needed, and neither are those after them.
            if self.stop.load(Ordering::Relaxed)
                || self.next.load(Ordering::Relaxed) >= tasks.len()
                || !more()
            {
                return Ok(results);
            }
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() || i > self.solved_at.load(Ordering::Relaxed) {
                return Ok(results);
            }
            let clock = now();
            let searched = searcher.search_while(&tasks[i], || {
                i < self.solved_at.load(Ordering::Relaxed)
                    && !self.stop.load(Ordering::Relaxed)
                    && within()
            })?;
            load.busy_ms += now() - clock;
            match searched {
                Searched::Done(result) => {
                    if result.solution.is_some() {
                        self.solved_at.fetch_min(i, Ordering::Relaxed);
                    }
                    load.nodes += result.visited + result.pruned;
                    load.generated += result.generated;
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

impl TeamLoad {
    fn add(&mut self, other: &TeamLoad) {
        self.packets += other.packets;
        self.nodes += other.nodes;
        self.generated += other.generated;
        self.abandoned += other.abandoned;
        self.busy_ms += other.busy_ms;
    }
}
