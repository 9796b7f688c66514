//! The `Solver` class: one search on one board, stepped, run or batched from JS.

use super::{js, js_error, named, now_ms, numbers, to_js};
use crate::board::{Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::search::{new_search_in_order, Algorithm, Search, Status};
use crate::trace::{pack, Event, RECORD_WORDS};
use js::whole;
use js_sys::{Array, Uint32Array};
use wasm_bindgen::prelude::*;

/// The largest whole number a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// `stepMany(n)` takes at most this many events per call (32 MB of records).
pub const STEP_MANY_MAX: u32 = 1_000_000;
/// The records buffer `stepMany` keeps between calls, in events (512 KiB); a larger batch's
/// buffer is given back after the call.
const STEP_MANY_KEEP: usize = 16_384;

/// IDA* on one board, driven from JS. See the TypeScript declarations for the shapes.
#[wasm_bindgen]
pub struct Solver {
    search: Box<dyn Search>,
    /// Reused buffer for `stepMany`.
    packed: Vec<u32>,
}

// The core's bound, which the `maxReached` message spells "1e9".
const _: () = assert!(crate::search::MAX_REACHED == 1_000_000_000);

/// The arguments of `new Solver(options)`, read from JS; `class` is the class constructed
/// (`RunProfiler` takes the same options).
pub(super) fn solver_options(options: &JsValue, class: &str) -> Result<Box<dyn Search>, Error> {
    let call = format!("new {class}(options)");
    let call = call.as_str();
    let Some(object) = js::options(
        options,
        call,
        &[
            "board",
            "heuristic",
            "goal",
            "algorithm",
            "maxReached",
            "order",
        ],
    )?
    else {
        return Err(Error::InvalidOption(format!(
            "new {class} needs options: new {class}({{board: \"6 4 5 / 8 2 7 / 1 0 3\"}})"
        )));
    };
    let heuristic: HeuristicKind = named(js::string_option(&object, "heuristic", call)?)?;
    let goal: Goal = named(js::string_option(&object, "goal", call)?)?;
    let algorithm: Algorithm = named(js::string_option(&object, "algorithm", call)?)?;
    let order: MoveOrder = named(js::string_option(&object, "order", call)?)?;
    let max_reached = match js::option(&object, "maxReached", call)? {
        v if v.is_undefined() => None,
        v => Some(whole(&v, 1.0, crate::search::MAX_REACHED as f64, |got| {
            format!("maxReached must be a whole number of states from 1 to 1e9, got {got}")
        })? as u64),
    };
    let board = js::board(&js::option(&object, "board", call)?)?;
    let databases = super::pdb::installed(goal);
    let heuristic = HeuristicChoice::new(heuristic, board.width(), goal, databases)?;
    new_search_in_order(board, goal, heuristic, algorithm, max_reached, order)
}

/// The options of `run(options)`: the node budget and the callback.
fn run_options(options: &JsValue) -> Result<(Option<u64>, Option<js_sys::Function>), Error> {
    const CALL: &str = "run(options)";
    let Some(object) = js::options(options, CALL, &["maxNodes", "onEvent"])? else {
        return Ok((None, None));
    };
    let max_nodes = match js::option(&object, "maxNodes", CALL)? {
        v if v.is_undefined() => None,
        v => Some(whole(&v, 0.0, MAX_SAFE_INTEGER, |got| {
            format!("maxNodes must be a whole number of nodes (0 or more), got {got}")
        })? as u64),
    };
    let on_event = js::function_option(&object, "onEvent", CALL)?;
    Ok((max_nodes, on_event))
}

#[wasm_bindgen]
impl Solver {
    /// `new Solver({board, heuristic?, goal?})`; throws a `TileSearchError` (with `kind`) for a
    /// bad board, an unsolvable board or a bad option.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SolverOptions")] options: JsValue,
    ) -> Result<Solver, JsValue> {
        let search = solver_options(&options, "Solver").map_err(|e| js_error(&e))?;
        Ok(Solver {
            search,
            packed: Vec::new(),
        })
    }

    /// The next trace event as a plain object, or `undefined` once the search has finished.
    #[wasm_bindgen(unchecked_return_type = "TraceEvent | undefined")]
    pub fn step(&mut self) -> JsValue {
        match self.search.step() {
            Some(event) => to_js(&event),
            None => JsValue::UNDEFINED,
        }
    }

    /// Runs from where stepping left off to the end, or for `maxNodes` more nodes; with
    /// `onEvent`, passes every event to it. Returns the summary. An exception thrown by
    /// `onEvent` pauses the search right after that event and is rethrown.
    // Declared in TYPES (an optional parameter), which the generated signature cannot say.
    #[wasm_bindgen(skip_typescript)]
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RunOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (max_nodes, on_event) = run_options(&options).map_err(|e| js_error(&e))?;
        match on_event {
            None => {
                self.search.run(max_nodes);
            }
            Some(callback) => {
                let mut thrown = None;
                // `call1` is a `catch` import: an exception comes back as a value.
                self.search
                    .run_traced(max_nodes, &mut |event: Event| match callback
                        .call1(&JsValue::NULL, &to_js(&event))
                    {
                        Ok(_) => false,
                        Err(e) => {
                            thrown = Some(e);
                            true
                        }
                    });
                if let Some(e) = thrown {
                    return Err(e);
                }
            }
        }
        Ok(self.summary())
    }

    /// Runs for about `ms` milliseconds of the page's or worker's clock (`performance.now()`),
    /// or until the search finishes, and returns the summary: the slice a frame or a worker
    /// message can afford, whatever the device's speed. The search runs in node-budget slices
    /// that grow while they take well under the time left, so it resumes exactly where it
    /// stopped; at least one slice runs, so every call makes progress.
    #[wasm_bindgen(js_name = runFor, unchecked_return_type = "RunSummary")]
    pub fn run_for(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ms = milliseconds(&ms, "runFor(ms)")?;
        let clock = Clock::start();
        let mut slice = FIRST_SLICE_NODES;
        loop {
            let before = clock.elapsed();
            if self.search.run(Some(slice)) != Status::Running {
                break;
            }
            let (now, took) = (clock.elapsed(), clock.elapsed() - before);
            if now >= ms {
                break;
            }
            if took * 8.0 < ms - now && slice < MAX_SLICE_NODES {
                slice *= 2;
            }
        }
        Ok(self.summary())
    }

    /// Where this IDA* stands, for a parallel search to go on from there (the `handOver`
    /// option of `new ParallelSearch` and `teamOpen`) rather than search it again: the
    /// iterations finished, and the one under way (its counts, path and the moves tried
    /// along it), as numbers a page hands a worker in a message (their layout is the core's:
    /// `HandOver::from_words` in the Rust docs). Throws a `TileSearchError` once the search
    /// has finished, when it stands on the goal not yet tested (one more step solves it), and
    /// for the other algorithms.
    #[wasm_bindgen(js_name = handOver)]
    pub fn hand_over(&self) -> Result<Vec<f64>, JsValue> {
        self.search
            .hand_over()
            .map(|h| h.to_words())
            .map_err(|e| js_error(&e))
    }

    /// Up to `n` events (at most 1,000,000 a call) packed into a `Uint32Array` of
    /// `RECORD_WORDS` words each (layout in the README and in `trace::pack`); fewer (possibly
    /// none) once the search finishes, and with `untilRaise`, the batch ends after IDA*'s
    /// next `raise` (where *Next iteration* stops).
    #[wasm_bindgen(js_name = stepMany)]
    pub fn step_many(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(js_name = untilRaise, unchecked_optional_param_type = "boolean")]
        until_raise: Option<JsValue>,
    ) -> Result<Uint32Array, JsValue> {
        let n = step_many_count(&n, "stepMany(n)")?;
        let until_raise = until_raise_flag(until_raise.as_ref(), "stepMany(n, untilRaise)")?;
        Ok(self.pack_events(n, None, until_raise))
    }

    /// Like `stepMany(n, untilRaise)`, but also stops once about `ms` milliseconds have passed
    /// (`performance.now()`, read every 1,024 events): a batch sized by time, not by a count
    /// tuned on one machine.
    #[wasm_bindgen(js_name = stepManyFor)]
    pub fn step_many_for(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(js_name = untilRaise, unchecked_optional_param_type = "boolean")]
        until_raise: Option<JsValue>,
    ) -> Result<Uint32Array, JsValue> {
        let ms = milliseconds(&ms, "stepManyFor(ms, n)")?;
        let n = step_many_count(&n, "stepManyFor(ms, n)")?;
        let until_raise = until_raise_flag(until_raise.as_ref(), "stepManyFor(ms, n, untilRaise)")?;
        Ok(self.pack_events(n, Some((Clock::start(), ms)), until_raise))
    }
}

/// Nodes in `runFor`'s first slice, and the most in one slice.
const FIRST_SLICE_NODES: u64 = 4_096;
const MAX_SLICE_NODES: u64 = 1 << 26;

/// A duration parameter of `call`, in milliseconds.
fn milliseconds(ms: &JsValue, call: &str) -> Result<f64, JsValue> {
    match ms.as_f64() {
        Some(ms) if (0.0..=3_600_000.0).contains(&ms) => Ok(ms),
        _ => Err(js_error(&Error::InvalidOption(format!(
            "{call}: ms must be a number of milliseconds from 0 to 3600000, got {}",
            js::describe(ms)
        )))),
    }
}

/// A number of events for `call` (`skip(n)`, `seek(position)`): a whole number from 0 up to
/// the largest a JS number holds exactly.
fn event_count(value: &JsValue, call: &str) -> Result<u64, JsValue> {
    whole(value, 0.0, MAX_SAFE_INTEGER, |got| {
        format!("{call} takes a whole number of events (0 or more), got {got}")
    })
    .map(|n| n as u64)
    .map_err(|e| js_error(&e))
}

/// The `untilRaise` of `stepMany` and `stepManyFor`: true or false (undefined or null: false);
/// anything else is an error, not a truthy guess.
fn until_raise_flag(value: Option<&JsValue>, call: &str) -> Result<bool, JsValue> {
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(false);
    };
    value.as_bool().ok_or_else(|| {
        js_error(&Error::InvalidOption(format!(
            "{call}: untilRaise must be true or false, got {}",
            js::describe(value)
        )))
    })
}

/// The `n` of `stepMany(n)` and `stepManyFor(ms, n)`.
fn step_many_count(n: &JsValue, call: &str) -> Result<usize, JsValue> {
    whole(n, 0.0, f64::from(STEP_MANY_MAX), |got| {
        format!("{call} takes a whole number of events from 0 to {STEP_MANY_MAX}, got {got}")
    })
    .map(|n| n as usize)
    .map_err(|e| js_error(&e))
}

/// Milliseconds on the page's or worker's clock since it was started.
struct Clock {
    start: f64,
}

impl Clock {
    fn start() -> Clock {
        Clock { start: now_ms() }
    }

    /// Milliseconds since [`Clock::start`].
    fn elapsed(&self) -> f64 {
        now_ms() - self.start
    }
}

impl Solver {
    /// Packs up to `n` events (stopping early once `deadline`'s milliseconds have passed).
    fn pack_events(
        &mut self,
        n: usize,
        deadline: Option<(Clock, f64)>,
        until_raise: bool,
    ) -> Uint32Array {
        let packed = &mut self.packed;
        packed.clear();
        // Room for what a usual batch produces; a larger one grows with the events it finds
        // (a search may end long before n).
        packed.reserve(n.min(STEP_MANY_KEEP) * RECORD_WORDS);
        if n > 0 {
            let mut count = 0;
            self.search.run_traced(None, &mut |event| {
                pack(&event, packed);
                count += 1;
                count >= n
                    || until_raise && matches!(event, Event::Raise { .. })
                    || count % 1024 == 0
                        && deadline
                            .as_ref()
                            .is_some_and(|(clock, ms)| clock.elapsed() >= *ms)
            });
        }
        let records = Uint32Array::from(&packed[..]);
        if packed.capacity() > STEP_MANY_KEEP * RECORD_WORDS {
            packed.clear();
            packed.shrink_to(STEP_MANY_KEEP * RECORD_WORDS);
        }
        records
    }
}

#[wasm_bindgen]
impl Solver {
    /// Words per record of `stepMany` (8).
    #[wasm_bindgen(getter, js_name = recordWords)]
    pub fn record_words(&self) -> usize {
        RECORD_WORDS
    }

    /// Advances `n` events without returning them (for replaying to a position, e.g. `Step
    /// back`); returns how many events were advanced (fewer once the search finishes).
    pub fn skip(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<f64, JsValue> {
        let (n, mut count) = (event_count(&n, "skip(n)")?, 0u64);
        if n > 0 {
            self.search.run_traced(None, &mut |_| {
                count += 1;
                count >= n
            });
        }
        Ok(count as f64)
    }

    /// Moves to `position`, the number of events already yielded (0: before the first), back
    /// or forward: the next `step()` returns the event a fresh solver returns after `position`
    /// steps. IDA* restarts at the iteration holding it and skips within it without building
    /// events; the frontier searches replay from the start. Returns the position reached (less
    /// only when the search finishes first).
    pub fn seek(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] position: JsValue,
    ) -> Result<f64, JsValue> {
        let position = event_count(&position, "seek(position)")?;
        Ok(self.search.seek(position) as f64)
    }

    /// The position of the `iteration` event that began the iteration of the last event shown
    /// (a `raise` belongs to the iteration it ends); 0 before the first event and for the
    /// frontier searches. A view that draws one iteration seeks there and replays forward.
    #[wasm_bindgen(getter, js_name = iterationStart)]
    pub fn iteration_start(&self) -> f64 {
        self.search.iteration_start() as f64
    }

    /// The position of IDA*'s `iteration` event of iteration `iteration` (1-based), once the
    /// iterations before it are known (raised by this solver, in this run or an earlier one);
    /// `undefined` otherwise and for the frontier searches. `seek` there to show that start.
    #[wasm_bindgen(js_name = iterationPosition)]
    pub fn iteration_position(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] iteration: JsValue,
    ) -> Result<Option<f64>, JsValue> {
        let iteration = whole(&iteration, 0.0, f64::from(u32::MAX), |got| {
            format!("iterationPosition(iteration) takes a whole number of iterations (0 or more), got {got}")
        })
        .map_err(|e| js_error(&e))? as u32;
        Ok(self.search.iteration_position(iteration).map(|p| p as f64))
    }

    /// Back to the state before the first event (same board and options).
    pub fn reset(&mut self) {
        self.search.reset();
    }

    /// `"running"` until the search finishes, then `"solved"`, `"gaveup"` (a frontier search's
    /// memory guard) or `"exhausted"` (the search space ran out: never for a solvable board).
    #[wasm_bindgen(getter, unchecked_return_type = "SearchStatus")]
    pub fn status(&self) -> String {
        self.search.status().name().to_string()
    }

    /// The current threshold.
    #[wasm_bindgen(getter)]
    pub fn threshold(&self) -> u32 {
        self.search.counters().threshold
    }

    /// The current iteration (1-based; 0 before the first event).
    #[wasm_bindgen(getter)]
    pub fn iteration(&self) -> u32 {
        self.search.counters().iteration
    }

    /// Nodes whose children were generated.
    #[wasm_bindgen(getter)]
    pub fn expanded(&self) -> f64 {
        self.search.counters().expanded as f64
    }

    /// Children generated, pruned ones included.
    #[wasm_bindgen(getter)]
    pub fn generated(&self) -> f64 {
        self.search.counters().generated as f64
    }

    /// Nodes given an id so far (visited + pruned).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.search.counters().nodes as f64
    }

    /// The tiles slid from the start to the node the search stands at.
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn path(&self) -> Array {
        numbers(&self.search.path())
    }

    /// The board at the node the search stands at (row-major, 0 = blank).
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn board(&self) -> Array {
        numbers(self.search.board().tiles())
    }

    /// The start board (row-major, 0 = blank).
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn start(&self) -> Array {
        numbers(self.search.start().tiles())
    }

    /// The board's width (3, 4 or 5).
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.search.start().width()
    }

    /// The heuristic's name.
    #[wasm_bindgen(getter, unchecked_return_type = "Heuristic")]
    pub fn heuristic(&self) -> String {
        self.search.heuristic().name().to_string()
    }

    /// The order in which the blank's moves are tried, e.g. "lrud".
    #[wasm_bindgen(getter)]
    pub fn order(&self) -> String {
        self.search.order().name()
    }

    /// The algorithm's name.
    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.search.algorithm().name().to_string()
    }

    /// The frontier's first `limit` entries (at most 1000) in the order they will be taken:
    /// queue front first (BFS), stack top first (DFS), best priority first (greedy, A*).
    /// Empty for IDA*, whose memory is its path.
    #[wasm_bindgen(unchecked_return_type = "FrontierEntry[]")]
    pub fn frontier(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] limit: JsValue,
    ) -> Result<JsValue, JsValue> {
        let limit = whole(&limit, 0.0, 1000.0, |got| {
            format!("frontier(limit) takes a whole number from 0 to 1000, got {got}")
        })
        .map_err(|e| js_error(&e))?;
        Ok(to_js(&self.search.frontier(limit as usize)))
    }

    /// The frontier's size (0 for IDA*); the events' `frontier` field gives the same number.
    #[wasm_bindgen(getter, js_name = frontierSize)]
    pub fn frontier_size(&self) -> f64 {
        self.search.frontier_size() as f64
    }

    /// The goal convention's name.
    #[wasm_bindgen(getter, unchecked_return_type = "GoalConvention")]
    pub fn goal(&self) -> String {
        self.search.goal().name().to_string()
    }

    /// The solution's tiles once solved, else `undefined`.
    #[wasm_bindgen(getter, unchecked_return_type = "number[] | undefined")]
    pub fn solution(&self) -> JsValue {
        match self.search.solution() {
            Some(moves) => numbers(moves).into(),
            None => JsValue::UNDEFINED,
        }
    }

    /// The summary `run()` returns, without running.
    #[wasm_bindgen(unchecked_return_type = "RunSummary")]
    pub fn summary(&self) -> JsValue {
        to_js(&self.search.report().summary())
    }

    /// IDA*: the tiles the node the search stands at (the last one visited and not yet
    /// backtracked; the start when the path is empty) slides to generate its children, in the
    /// order it generates them: the blank's moves left, right, up, down, never the move that
    /// undoes the move into the node. Right after a `node` event these are all its children, so
    /// a view can ask which comes first without knowing the rules. Empty for the frontier
    /// searches.
    #[wasm_bindgen(getter, js_name = childTiles, unchecked_return_type = "number[]")]
    pub fn child_tiles(&self) -> Array {
        if self.search.algorithm() != Algorithm::Ida {
            return Array::new();
        }
        let board = self.search.board();
        let into = self.search.path().last().copied();
        let tiles: Vec<u8> = crate::board::Direction::ORDER
            .into_iter()
            .filter_map(|dir| board.tile_towards(dir))
            .filter(|&tile| Some(tile) != into)
            .collect();
        numbers(&tiles)
    }
}
