//! `solve`, `Solver` and `SolveResult`: the core's searches, run with the GIL released in
//! slices between which Ctrl-C is seen.

use super::board::{board_arg, Board};
use super::{core_error, guarded, heuristic_for, invalid, named, panic_message, serialised, to_py};
use crate::board::{Board as CoreBoard, Goal, MoveOrder};
use crate::cli::{available_threads, outcome_json, Outcome};
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::search::parallel::MAX_WORKERS;
use crate::search::{
    ida_star_parallel_while, new_search_in_order, Algorithm, Search, Status, DEFAULT_MAX_REACHED,
    MAX_REACHED,
};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Nodes a search runs with the GIL released before it looks for signals: about 5 ms of
/// Manhattan and 50 ms of pdb search, so Ctrl-C stops a run well within a second.
const SLICE_NODES: u64 = 1 << 20;

/// How often a parallel run's caller looks for signals while the threads search.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `search` for at most `max_nodes` more nodes (`None`: to the end) in slices with the
/// GIL released; a pending signal's exception (`KeyboardInterrupt`) is raised between slices
/// and leaves the search where it stopped.
fn run_sliced(py: Python<'_>, search: &mut dyn Search, max_nodes: Option<u64>) -> PyResult<Status> {
    let mut left = max_nodes;
    loop {
        let slice = left.map_or(SLICE_NODES, |n| n.min(SLICE_NODES));
        let before = search.counters().nodes;
        let status = guarded(py, || Ok(py.detach(|| search.run(Some(slice)))))?;
        if status != Status::Running {
            return Ok(status);
        }
        if let Some(n) = left.as_mut() {
            *n = n.saturating_sub(search.counters().nodes - before);
            if *n == 0 {
                return Ok(status);
            }
        }
        py.check_signals()?;
    }
}

/// Parallel IDA* on a thread of its own while the caller waits with the GIL released, looking
/// for signals every [`SIGNAL_POLL`]: on one, the threads are told to stop, and its exception
/// is raised once they have.
fn run_parallel(
    py: Python<'_>,
    board: CoreBoard,
    goal: Goal,
    heuristic: HeuristicChoice,
    order: MoveOrder,
    threads: u32,
) -> PyResult<crate::search::Report> {
    let stop = AtomicBool::new(false);
    let go_on = || !stop.load(Ordering::Relaxed);
    let (sender, mut receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                ida_star_parallel_while(board, goal, heuristic, order, threads, &go_on)
            }));
            // The receiver waits until this is sent; it cannot have gone.
            drop(sender.send(result));
        });
        loop {
            // By `&mut`: a Receiver may move to another thread but not be shared.
            let waiting = &mut receiver;
            match py.detach(move || waiting.recv_timeout(SIGNAL_POLL)) {
                Ok(result) => {
                    drop(worker.join());
                    return match result {
                        Ok(Ok((report, _))) => Ok(report),
                        Ok(Err(error)) => Err(core_error(py, &error)),
                        Err(panic) => {
                            Err(super::raise(py, "internal", &panic_message(panic.as_ref())))
                        }
                    };
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        py.detach(|| drop(worker.join()));
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(super::raise(
                        py,
                        "internal",
                        "the parallel search ended without a result",
                    ))
                }
            }
        }
    })
}

/// The options every search takes, read and checked.
struct Options {
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    goal: Goal,
    order: MoveOrder,
    max_reached: Option<u64>,
}

impl Options {
    fn read(
        py: Python<'_>,
        algorithm: &str,
        heuristic: &str,
        goal: &str,
        order: &str,
        max_reached: Option<i64>,
    ) -> PyResult<Options> {
        let algorithm: Algorithm = named(py, algorithm)?;
        let max_reached = match max_reached {
            None => None,
            Some(_) if algorithm == Algorithm::Ida => {
                return Err(invalid(
                    py,
                    "max_reached is the memory guard of the frontier searches (bfs, dfs, greedy, astar); ida keeps only its path in memory and takes none",
                ))
            }
            Some(n) => Some(
                u64::try_from(n)
                    .ok()
                    .filter(|n| (1..=MAX_REACHED).contains(n))
                    .ok_or_else(|| {
                        invalid(py, format!("max_reached must be a whole number of states from 1 to {MAX_REACHED}, got {n}"))
                    })?,
            ),
        };
        Ok(Options {
            algorithm,
            heuristic: named(py, heuristic)?,
            goal: named(py, goal)?,
            order: named(py, order)?,
            max_reached,
        })
    }

    /// The board, checked solvable, and its heuristic (pdb's databases loaded).
    fn prepare(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
    ) -> PyResult<(CoreBoard, HeuristicChoice)> {
        let board = board_arg(py, board)?;
        board
            .check_solvable(self.goal)
            .map_err(|e| core_error(py, &e))?;
        let heuristic = heuristic_for(py, self.heuristic, &board, self.goal)?;
        Ok((board, heuristic))
    }

    fn search(
        &self,
        py: Python<'_>,
        board: CoreBoard,
        heuristic: HeuristicChoice,
    ) -> PyResult<Box<dyn Search>> {
        new_search_in_order(
            board,
            self.goal,
            heuristic,
            self.algorithm,
            self.max_reached,
            self.order,
        )
        .map_err(|e| core_error(py, &e))
    }
}

/// A node budget: a whole number, 0 or more.
fn node_budget(py: Python<'_>, max_nodes: Option<i64>) -> PyResult<Option<u64>> {
    max_nodes
        .map(|n| {
            u64::try_from(n).map_err(|_| {
                invalid(
                    py,
                    format!("max_nodes must be a whole number of nodes (0 or more), got {n}"),
                )
            })
        })
        .transpose()
}

/// `solve(board, *, algorithm="ida", heuristic="manhattan", goal="blank-last", order="lrud",
/// max_nodes=None, max_reached=None, threads=None)`: the board solved as `tilesearch solve`
/// solves it, returning what `solve --json` prints. IDA* runs on `threads` threads (default:
/// every core the process may use, as the CLI), the same result whatever the number; with
/// `max_nodes` it runs the sequential search, which the budget counts.
#[pyfunction]
#[pyo3(signature = (board, *, algorithm="ida", heuristic="manhattan", goal="blank-last", order="lrud", max_nodes=None, max_reached=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    algorithm: &str,
    heuristic: &str,
    goal: &str,
    order: &str,
    max_nodes: Option<i64>,
    max_reached: Option<i64>,
    threads: Option<i64>,
) -> PyResult<SolveResult> {
    let options = Options::read(py, algorithm, heuristic, goal, order, max_reached)?;
    let max_nodes = node_budget(py, max_nodes)?;
    let threads = match threads {
        None if options.algorithm == Algorithm::Ida && max_nodes.is_none() => available_threads(),
        None => 1,
        Some(n) => {
            let n = u32::try_from(n)
                .ok()
                .filter(|n| (1..=MAX_WORKERS).contains(n))
                .ok_or_else(|| {
                    invalid(
                        py,
                        format!("threads must be a whole number from 1 to {MAX_WORKERS}, got {n}"),
                    )
                })?;
            if options.algorithm != Algorithm::Ida {
                return Err(invalid(
                    py,
                    format!(
                        "threads runs IDA* on several threads; {} runs on one: leave threads out, or solve with algorithm=\"ida\"",
                        options.algorithm
                    ),
                ));
            }
            if max_nodes.is_some() && n > 1 {
                return Err(invalid(py, "max_nodes stops the search on one thread; on several it runs to the end: leave out max_nodes or threads"));
            }
            n
        }
    };
    let (board, heuristic) = options.prepare(py, board)?;
    let clock = Instant::now();
    let (report, out_of_memory) = if threads > 1 {
        let report = run_parallel(py, board, options.goal, heuristic, options.order, threads)?;
        (report, false)
    } else {
        let mut search = options.search(py, board, heuristic)?;
        run_sliced(py, &mut *search, max_nodes)?;
        (search.report(), search.out_of_memory())
    };
    let outcome = Outcome {
        board,
        algorithm: options.algorithm,
        report,
        seconds: clock.elapsed().as_secs_f64(),
        out_of_memory,
        max_reached: options.max_reached.unwrap_or(DEFAULT_MAX_REACHED),
    };
    Ok(SolveResult::new(&outcome, options.heuristic, options.goal))
}

/// A search's outcome: the object `tilesearch solve --json` prints, as attributes.
#[pyclass(module = "tilesearch", name = "SolveResult", frozen)]
pub struct SolveResult {
    json: Value,
    board: CoreBoard,
    seconds: f64,
}

impl SolveResult {
    fn new(outcome: &Outcome, heuristic: HeuristicKind, goal: Goal) -> SolveResult {
        SolveResult {
            json: outcome_json(outcome, heuristic, goal),
            board: outcome.board,
            seconds: outcome.seconds,
        }
    }

    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.json.get(name).unwrap_or(&Value::Null))
    }
}

#[pymethods]
impl SolveResult {
    /// The start board.
    #[getter]
    fn board(&self) -> Board {
        Board(self.board)
    }

    /// `"ida"`, `"bfs"`, `"dfs"`, `"greedy"` or `"astar"`.
    #[getter]
    fn algorithm<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "algorithm")
    }

    /// The heuristic's name.
    #[getter]
    fn heuristic<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "heuristic")
    }

    /// `"blank-last"` or `"blank-first"`.
    #[getter]
    fn goal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "goal")
    }

    /// `"solved"`, `"stopped"` (by `max_nodes`), `"gaveup"` (a frontier search's memory
    /// guard) or `"exhausted"`.
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "status")
    }

    /// Whether the board was solved.
    #[getter]
    fn solved(&self) -> bool {
        self.json.get("status").and_then(Value::as_str) == Some("solved")
    }

    /// The solution's length once solved, else `None`.
    #[getter]
    fn length<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "length")
    }

    /// The tiles slid, in order (empty when not solved).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "moves")
    }

    /// Nodes whose children were generated.
    #[getter]
    fn expanded<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "expanded")
    }

    /// Children generated, pruned ones included.
    #[getter]
    fn generated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "generated")
    }

    /// IDA*'s iterations: dicts `iteration`, `threshold`, `visited`, `pruned`,
    /// `nextThreshold` (empty for the frontier searches).
    #[getter]
    fn iterations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "iterations")
    }

    /// A frontier search's largest frontier (`None` for IDA*).
    #[getter]
    fn max_frontier<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "maxFrontier")
    }

    /// A frontier search's reached states (`None` for IDA*).
    #[getter]
    fn reached<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "reached")
    }

    /// Whether a frontier search gave up because memory ran out before its guard.
    #[getter]
    fn out_of_memory(&self) -> bool {
        self.json.get("outOfMemory").is_some()
    }

    /// Seconds the search took (not counting loading the pattern databases).
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The object `tilesearch solve --json` prints, as a dict (same keys, same order).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json)
    }

    /// The line `tilesearch solve --json` prints (without its newline).
    fn to_json(&self) -> String {
        self.json.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<SolveResult>()
            .is_ok_and(|other| other.get().json == self.json)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let field =
            |name: &str| -> PyResult<String> { Ok(self.field(py, name)?.repr()?.to_string()) };
        Ok(format!(
            "SolveResult(board='{}', algorithm={}, heuristic={}, status={}, length={}, expanded={}, generated={})",
            crate::exercise::rows(&self.board),
            field("algorithm")?,
            field("heuristic")?,
            field("status")?,
            field("length")?,
            field("expanded")?,
            field("generated")?,
        ))
    }
}

/// One search on one board, stepped event by event, iterated, run or moved to a position.
#[pyclass(module = "tilesearch", name = "Solver")]
pub struct Solver {
    // A Mutex only to make the class `Sync`, as PyO3 requires: every method takes `&mut self`
    // (PyO3 refuses a second borrow), so it is never contended.
    search: Mutex<Box<dyn Search>>,
    max_reached: u64,
}

impl Solver {
    fn search(&mut self) -> &mut dyn Search {
        &mut **self
            .search
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn shared(&self) -> std::sync::MutexGuard<'_, Box<dyn Search>> {
        self.search.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl Solver {
    /// `Solver(board, *, algorithm="ida", heuristic="manhattan", goal="blank-last",
    /// order="lrud", max_reached=None)`.
    #[new]
    #[pyo3(signature = (board, *, algorithm="ida", heuristic="manhattan", goal="blank-last", order="lrud", max_reached=None))]
    fn new(
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        algorithm: &str,
        heuristic: &str,
        goal: &str,
        order: &str,
        max_reached: Option<i64>,
    ) -> PyResult<Solver> {
        let options = Options::read(py, algorithm, heuristic, goal, order, max_reached)?;
        let (board, heuristic) = options.prepare(py, board)?;
        Ok(Solver {
            search: Mutex::new(options.search(py, board, heuristic)?),
            max_reached: options.max_reached.unwrap_or(DEFAULT_MAX_REACHED),
        })
    }

    /// The next event as a dict (the fields of a `tilesearch trace` line, in its order), or
    /// `None` once the search has finished.
    fn step<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let event = guarded(py, || Ok(self.search().step()))?;
        event.map(|e| serialised(py, &e)).transpose()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.step(py)?.ok_or_else(|| PyStopIteration::new_err(()))
    }

    /// Runs from where stepping left off to the end, or for `max_nodes` more nodes, without
    /// building events; the GIL is released and Ctrl-C stops the run (the solver stays
    /// usable). Returns the outcome so far, as `solve` returns it.
    #[pyo3(signature = (max_nodes=None))]
    fn run(&mut self, py: Python<'_>, max_nodes: Option<i64>) -> PyResult<SolveResult> {
        let max_nodes = node_budget(py, max_nodes)?;
        let clock = Instant::now();
        let max_reached = self.max_reached;
        run_sliced(py, self.search(), max_nodes)?;
        let search = self.search();
        let outcome = Outcome {
            board: search.start(),
            algorithm: search.algorithm(),
            report: search.report(),
            seconds: clock.elapsed().as_secs_f64(),
            out_of_memory: search.out_of_memory(),
            max_reached,
        };
        Ok(SolveResult::new(
            &outcome,
            search.heuristic(),
            search.goal(),
        ))
    }

    /// Moves to `position`, the number of events yielded so far (0: before the first),
    /// forwards or backwards: the next `step()` returns the event a fresh solver returns after
    /// `position` steps. Returns the position reached (less only when the search ends first).
    fn seek(&mut self, py: Python<'_>, position: i64) -> PyResult<u64> {
        let position = u64::try_from(position).map_err(|_| {
            invalid(
                py,
                format!(
                    "seek(position) takes a whole number of events (0 or more), got {position}"
                ),
            )
        })?;
        let search = self.search();
        guarded(py, || Ok(py.detach(|| search.seek(position))))
    }

    /// Back to the state before the first event.
    fn reset(&mut self) {
        self.search().reset();
    }

    /// The run's counters and results so far (`status`, `length`, `moves`, `expanded`,
    /// `generated`, `nodes`, `threshold`, `iteration`, `iterations`, `maxFrontier`, `reached`),
    /// as the wasm `Solver.summary()` returns them.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let report = self.shared().report();
        serialised(py, &report)
    }

    /// `"running"` until the search finishes, then `"solved"`, `"gaveup"` or `"exhausted"`.
    #[getter]
    fn status(&self) -> &'static str {
        self.shared().status().name()
    }

    /// Nodes given an id so far (visited + pruned): the unit of `max_nodes`.
    #[getter]
    fn nodes(&self) -> u64 {
        self.shared().counters().nodes
    }

    /// Nodes whose children were generated.
    #[getter]
    fn expanded(&self) -> u64 {
        self.shared().counters().expanded
    }

    /// Children generated, pruned ones included.
    #[getter]
    fn generated(&self) -> u64 {
        self.shared().counters().generated
    }

    /// IDA*'s current threshold (0 for the frontier searches).
    #[getter]
    fn threshold(&self) -> u32 {
        self.shared().counters().threshold
    }

    /// IDA*'s current iteration, 1-based (0 before the first event).
    #[getter]
    fn iteration(&self) -> u32 {
        self.shared().counters().iteration
    }

    /// The solution's tiles once solved, else `None`.
    #[getter]
    fn solution(&self) -> Option<Vec<u32>> {
        // As `u32`s: PyO3 gives a `Vec<u8>` to Python as `bytes`.
        self.shared()
            .solution()
            .map(|moves| moves.iter().map(|&t| u32::from(t)).collect())
    }

    /// The tiles slid from the start to the node the search stands at.
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.shared().path().into_iter().map(u32::from).collect()
    }

    /// The board at the node the search stands at.
    #[getter]
    fn board(&self) -> Board {
        Board(self.shared().board())
    }

    /// The start board.
    #[getter]
    fn start(&self) -> Board {
        Board(self.shared().start())
    }

    /// The algorithm's name.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.shared().algorithm().name()
    }

    /// The heuristic's name.
    #[getter]
    fn heuristic(&self) -> &'static str {
        self.shared().heuristic().name()
    }

    /// The goal convention's name.
    #[getter]
    fn goal(&self) -> &'static str {
        self.shared().goal().name()
    }

    /// The order in which the blank's moves are tried, e.g. `"lrud"`.
    #[getter]
    fn order(&self) -> String {
        self.shared().order().name()
    }

    fn __repr__(&self) -> String {
        let search = self.shared();
        format!(
            "Solver(board='{}', algorithm='{}', heuristic='{}', goal='{}', order='{}', status='{}', nodes={})",
            crate::exercise::rows(&search.start()),
            search.algorithm().name(),
            search.heuristic().name(),
            search.goal().name(),
            search.order().name(),
            search.status().name(),
            search.counters().nodes,
        )
    }
}
