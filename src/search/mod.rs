//! Searches: each one a state machine that yields one [`Event`] per step and can pause after
//! any event, behind one object-safe trait so that the CLI, the wasm `Solver` and the tests
//! drive every algorithm the same way.

mod frontier;
mod ida;
pub mod parallel;

pub use frontier::{FrontierEntry, FrontierSearch, DEFAULT_MAX_REACHED, MAX_REACHED};
pub use ida::{max_threshold, IdaStar};
#[cfg(not(target_arch = "wasm32"))]
pub use parallel::{ida_star_parallel, ida_star_parallel_while, Balance, WorkerLoad};
pub use parallel::{PacketSearcher, ParallelIda};

use crate::board::{Board, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::{
    pdb, AnyHeuristic, Hamming, HeuristicChoice, HeuristicKind, LinearConflict, Manhattan, Pdb,
};
use crate::trace::{Callback, Event, Sink};
use serde::Serialize;

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "SearchStatus")
)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Not finished: paused after an event or stopped by a node budget; it resumes exactly there.
    Running,
    /// The goal was reached; the solution is known.
    Solved,
    /// The search space ran out without reaching the goal (never for a solvable board).
    Exhausted,
    /// A frontier search stopped at its memory guard (too many reached states).
    GaveUp,
}

impl Status {
    /// `running`, `solved` or `exhausted`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Solved => "solved",
            Status::Exhausted => "exhausted",
            Status::GaveUp => "gaveup",
        }
    }
}

/// One IDA* iteration's work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IterationSummary {
    /// 1-based.
    pub iteration: u32,
    /// The f bound of the iteration.
    pub threshold: u32,
    /// Nodes visited (f ≤ threshold).
    pub visited: u64,
    /// Children pruned (f > threshold).
    pub pruned: u64,
    /// The next threshold (smallest pruned f) once the iteration ended without a solution.
    pub next_threshold: Option<u32>,
}

/// Counters and results of a search so far: what every search reports, then the part that
/// only IDA* or only a frontier search keeps ([`Progress`]).
///
/// JSON and JS see it flat, as [`RunSummary`] (the shape `summary()` and `run()` return).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Where the search stands.
    pub status: Status,
    /// Solution length, once solved.
    pub length: Option<u32>,
    /// Tiles slid, in order, once solved.
    pub moves: Option<Vec<u8>>,
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated, pruned ones included.
    pub generated: u64,
    /// Nodes given an id (visited and pruned): the unit of node budgets.
    pub nodes: u64,
    /// IDA*'s iterations, or a frontier search's frontier and reached states.
    pub progress: Progress,
}

/// The part of a [`Report`] that belongs to one kind of search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// IDA*: thresholds and iterations.
    Ida(IdaProgress),
    /// BFS, DFS, greedy and A*: the frontier and the reached states.
    Frontier(FrontierProgress),
}

/// IDA*'s part of a [`Report`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdaProgress {
    /// The current threshold.
    pub threshold: u32,
    /// The current iteration, 1-based (0 before the first event).
    pub iteration: u32,
    /// One entry per iteration started so far.
    pub iterations: Vec<IterationSummary>,
}

/// A frontier search's part of a [`Report`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrontierProgress {
    /// The largest frontier so far.
    pub max_frontier: u64,
    /// States reached so far: the memory the search holds.
    pub reached: u64,
}

impl Report {
    /// IDA*'s part, if this is IDA*'s report.
    pub fn ida(&self) -> Option<&IdaProgress> {
        match &self.progress {
            Progress::Ida(ida) => Some(ida),
            Progress::Frontier(_) => None,
        }
    }

    /// A frontier search's part, if this is a frontier search's report.
    pub fn frontier(&self) -> Option<FrontierProgress> {
        match self.progress {
            Progress::Frontier(frontier) => Some(frontier),
            Progress::Ida(_) => None,
        }
    }

    /// IDA*'s iterations so far; empty for a frontier search.
    pub fn iterations(&self) -> &[IterationSummary] {
        self.ida().map_or(&[], |ida| &ida.iterations)
    }

    /// The largest frontier so far; `None` for IDA*.
    pub fn max_frontier(&self) -> Option<u64> {
        self.frontier().map(|f| f.max_frontier)
    }

    /// States reached so far; `None` for IDA*.
    pub fn reached(&self) -> Option<u64> {
        self.frontier().map(|f| f.reached)
    }

    /// The flat form JSON and JS see.
    pub fn summary(&self) -> RunSummary<'_> {
        let ida = self.ida();
        RunSummary {
            status: self.status,
            length: self.length,
            moves: self.moves.as_deref(),
            expanded: self.expanded,
            generated: self.generated,
            nodes: self.nodes,
            threshold: ida.map_or(0, |ida| ida.threshold),
            iteration: ida.map_or(0, |ida| ida.iteration),
            iterations: self.iterations(),
            max_frontier: self.max_frontier(),
            reached: self.reached(),
        }
    }
}

/// Serialised as its flat [`RunSummary`].
impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.summary().serialize(serializer)
    }
}

/// What `run()` returns: a search's counters and results, every member for every algorithm.
// The flat form of a Report, and the TypeScript RunSummary (tsify). One shape for every
// algorithm, so that a page reads any summary the same way: IDA*'s part of a frontier search's
// report is 0 and empty, a frontier search's part of IDA*'s null.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RunSummary<'a> {
    /// "exhausted": the search space ran out without the goal (never for a solvable board).
    // Status is declared as SearchStatus: tsify names a field's type by its Rust name.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "SearchStatus"))]
    pub status: Status,
    /// The solution's length, once solved.
    pub length: Option<u32>,
    /// The tiles slid, in order, once solved.
    pub moves: Option<&'a [u8]>,
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated, pruned ones included.
    pub generated: u64,
    /// Nodes given an id so far (visited + pruned): the unit of `maxNodes`.
    pub nodes: u64,
    /// IDA*'s current threshold (0 for the frontier searches).
    pub threshold: u32,
    /// IDA*'s current iteration, 1-based (0 before the first event, and for the frontier
    /// searches).
    pub iteration: u32,
    /// One entry per IDA* iteration started so far (empty for the frontier searches).
    pub iterations: &'a [IterationSummary],
    /// Frontier searches: the largest frontier so far (null for IDA*).
    pub max_frontier: Option<u64>,
    /// Frontier searches: the states reached so far (null for IDA*).
    pub reached: Option<u64>,
}

/// Counters a view reads often, copied out without building a [`Report`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated, pruned ones included.
    pub generated: u64,
    /// Nodes given an id (visited and pruned).
    pub nodes: u64,
    /// IDA*'s current threshold (0 for the frontier searches).
    pub threshold: u32,
    /// IDA*'s current iteration (0 before the first event, and for the frontier searches).
    pub iteration: u32,
}

/// The engine behind each [`Search`]: one `advance`, generic over where events go, so that
/// stepping, silent runs and traced runs are the same code.
pub(crate) trait Advance {
    /// Advances until `sink` asks to pause, `max_nodes` more nodes were created or the search
    /// finishes.
    fn advance<S: Sink>(&mut self, sink: &mut S, max_nodes: Option<u64>) -> Status;

    /// One event: [`Search::step`] of every engine.
    fn step_one(&mut self) -> Option<Event> {
        let mut event = None;
        self.advance(
            &mut Callback(&mut |e| {
                event = Some(e);
                true
            }),
            None,
        );
        event
    }
}

/// A steppable search. Stepping to the end and running to the end give the same solution and
/// the same counters; a budget stops a run where it can resume exactly. `Send`, so that a
/// host (the Python module) may run it on another thread than the one that made it.
pub trait Search: Send {
    /// The next event, or `None` once the search has finished.
    fn step(&mut self) -> Option<Event>;

    /// Runs without building events (the fast path) until the search finishes or `max_nodes`
    /// more nodes have been created.
    fn run(&mut self, max_nodes: Option<u64>) -> Status;

    /// Runs like [`Search::run`], passing every event to `on_event`; `on_event` returns true
    /// to pause right after that event.
    fn run_traced(
        &mut self,
        max_nodes: Option<u64>,
        on_event: &mut dyn FnMut(Event) -> bool,
    ) -> Status;

    /// Where the search stands.
    fn status(&self) -> Status;

    /// Whether a frontier search gave up because memory ran out before its guard (its
    /// `gaveup` event then has `reached` below `limit`); always false for IDA*, which keeps
    /// only its path.
    fn out_of_memory(&self) -> bool {
        false
    }

    /// Counters, per-iteration summaries and the solution so far (built afresh: it copies the
    /// iterations and the solution; [`Search::counters`] and [`Search::solution`] do not).
    fn report(&self) -> Report;

    /// The report's counters, cheaply.
    fn counters(&self) -> Counters;

    /// The solution's tiles once solved.
    fn solution(&self) -> Option<&[u8]>;

    /// Back to the state before the first event.
    fn reset(&mut self);

    /// Moves to `position`, the number of events already yielded (0: before the first event),
    /// forwards or backwards: the next [`Search::step`] then returns the event a fresh search
    /// returns after `position` steps, and every counter, the path and the board are that
    /// search's. Returns the position reached, less than `position` only when the search
    /// finishes first.
    ///
    /// This default resets and replays, which suits the frontier searches (their runs are
    /// short); IDA* restarts at the iteration holding `position` and skips within it.
    fn seek(&mut self, position: u64) -> u64 {
        self.reset();
        let mut count = 0;
        if position > 0 {
            self.run_traced(None, &mut |_| {
                count += 1;
                count >= position
            });
        }
        count
    }

    /// The position of the `iteration` event that began the iteration of the last event
    /// yielded (a `raise` belongs to the iteration it ends); 0 before the first event, and
    /// always 0 for the frontier searches, which are one pass. A view that draws one
    /// iteration seeks there and replays to where it stands.
    fn iteration_start(&self) -> u64 {
        0
    }

    /// The position of IDA*'s `iteration` event of iteration `iteration` (1-based), once the
    /// iterations before it are known (raised in this run or an earlier one); `None` before
    /// that, for 0, and for the frontier searches. Seeking there shows the iteration's start.
    fn iteration_position(&self, _iteration: u32) -> Option<u64> {
        None
    }

    /// The tiles slid from the start to the node the search stands at.
    fn path(&self) -> Vec<u8>;

    /// Where IDA* stands, for a parallel search to go on from there
    /// ([`ParallelIda::resumed`]) rather than search it again. Fails
    /// ([`Error::InvalidOption`]) once the search has finished, or stands on the goal not yet
    /// tested, and for the frontier searches, which have no parallel version.
    fn hand_over(&self) -> Result<parallel::HandOver, Error> {
        Err(Error::InvalidOption(format!(
            "handOver(): only IDA* hands its search over to a parallel one, not {}",
            self.algorithm().name()
        )))
    }

    /// The board at the node the search stands at.
    fn board(&self) -> Board;

    /// The start board.
    fn start(&self) -> Board;

    /// The goal convention.
    fn goal(&self) -> Goal;

    /// The heuristic.
    fn heuristic(&self) -> HeuristicKind;

    /// The algorithm.
    fn algorithm(&self) -> Algorithm;

    /// The order in which the blank's moves are tried.
    fn order(&self) -> MoveOrder;

    /// The frontier's first `limit` entries in the order they will be taken (frontier
    /// searches; empty for IDA*).
    fn frontier(&self, limit: usize) -> Vec<FrontierEntry> {
        let _ = limit;
        Vec::new()
    }

    /// The frontier's size (entries A* will drop when taken off included, as in the events'
    /// `frontier` field); 0 for IDA*.
    fn frontier_size(&self) -> u64 {
        0
    }
}

/// The searches the lecture teaches, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Algorithm {
    /// Iterative deepening A* (the default).
    #[default]
    Ida,
    /// Breadth-first graph search, as the lecture teaches it.
    Bfs,
    /// Depth-first graph search, as the lecture teaches it.
    Dfs,
    /// Greedy best-first search (priority h).
    Greedy,
    /// A* (priority g + h).
    Astar,
}

impl Algorithm {
    /// Every algorithm, in the lecture's order of presentation.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Ida,
    ];

    /// The name used by the CLI, the wasm options and the page.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Ida => "ida",
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
        }
    }

    /// Its name in a sentence ("solved with breadth-first search"), as menus and titles show it.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Ida => "IDA*",
            Algorithm::Bfs => "breadth-first search",
            Algorithm::Dfs => "depth-first search",
            Algorithm::Greedy => "greedy best-first search",
            Algorithm::Astar => "A*",
        }
    }

    /// Whether the solution it finds is a shortest one: BFS (every move costs 1), A* and IDA*
    /// (every heuristic of this crate is admissible); DFS and greedy best-first find a solution,
    /// not the shortest. The page reads it (`catalog()`) to take a solution's length as h*.
    pub fn finds_shortest(self) -> bool {
        matches!(self, Algorithm::Ida | Algorithm::Bfs | Algorithm::Astar)
    }

    /// Its short name, as a menu lists it.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Ida => "IDA*",
            Algorithm::Bfs => "BFS (breadth-first)",
            Algorithm::Dfs => "DFS (depth-first)",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::Astar => "A*",
        }
    }
}

impl std::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| Error::UnknownAlgorithm(s.to_string()))
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Any algorithm on `board` towards `goal` with `heuristic`, in the lecture's move order.
/// `max_reached` is the frontier searches' memory guard (`None`: [`DEFAULT_MAX_REACHED`]; at
/// most [`MAX_REACHED`]); IDA* needs none.
pub fn new_search(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    algorithm: Algorithm,
    max_reached: Option<u64>,
) -> Result<Box<dyn Search>, Error> {
    new_search_in_order(
        board,
        goal,
        heuristic,
        algorithm,
        max_reached,
        MoveOrder::LECTURE,
    )
}

/// [`new_search`] trying the blank's moves in `order`.
pub fn new_search_in_order(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    algorithm: Algorithm,
    max_reached: Option<u64>,
    order: MoveOrder,
) -> Result<Box<dyn Search>, Error> {
    if algorithm == Algorithm::Ida {
        return ida_star_in_order(board, goal, heuristic, order);
    }
    let limit = max_reached.unwrap_or(DEFAULT_MAX_REACHED);
    let heuristic = AnyHeuristic::new(heuristic, board.width(), goal)?;
    Ok(Box::new(
        FrontierSearch::new(board, goal, heuristic, algorithm, limit)?.in_order(order),
    ))
}

/// IDA* on `board` towards `goal` with `heuristic`, in the lecture's move order; fails with the
/// parity explanation when the board cannot reach the goal (and, for `pdb`, when the board is
/// not 4×4 or the databases are for the other goal).
pub fn ida_star(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
) -> Result<Box<dyn Search>, Error> {
    ida_star_in_order(board, goal, heuristic, MoveOrder::LECTURE)
}

/// [`ida_star`] trying the blank's moves in `order`.
pub fn ida_star_in_order(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    order: MoveOrder,
) -> Result<Box<dyn Search>, Error> {
    let w = board.width();
    // Each heuristic its own monomorphised engine: the per-node code calls it directly.
    Ok(match heuristic {
        HeuristicChoice::Hamming => Box::new(IdaStar::with_order(
            board,
            goal,
            Hamming::new(w, goal),
            order,
        )?),
        HeuristicChoice::Manhattan => Box::new(IdaStar::with_order(
            board,
            goal,
            Manhattan::new(w, goal),
            order,
        )?),
        HeuristicChoice::LinearConflict => Box::new(IdaStar::with_order(
            board,
            goal,
            LinearConflict::new(w, goal),
            order,
        )?),
        HeuristicChoice::Pdb(databases) => {
            let databases = pdb::require(Some(databases), w, goal)?;
            Box::new(IdaStar::with_order(
                board,
                goal,
                Pdb::new(databases),
                order,
            )?)
        }
    })
}
