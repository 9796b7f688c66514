//! Parallel IDA* for a pool of workers (no `SharedArrayBuffer`): `ParallelSearch`, the
//! coordinator, hands out each iteration's packets and takes their results; `PacketSearcher`
//! searches packets in a worker. Packets and results are plain objects, so they travel through
//! `postMessage`. See [`crate::search::parallel`] for the rules.

use super::{js, js_error, named, to_js};
use crate::board::{Board, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::search::parallel::{
    self, AheadSearched, HandOver, Packet, PacketResult, PacketTask, ParallelIda, WholeSearched,
    MAX_WORKERS, WORTH_SPLITTING, WORTH_SPLITTING_SHARED,
};
use crate::search::Status;
use js::whole;
use wasm_bindgen::prelude::*;

/// The largest whole number a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Longest packet path or solution taken from JS: the deepest path IDA* walks.
const MAX_PATH: u32 = 256;

/// What `{made}(options)` reads: the board, goal, heuristic and order, and for the
/// coordinator its `workers` (default 1) and `splitAbove` (None when not given: each caller
/// has its default).
#[derive(Clone)]
pub(super) struct SearchOptions {
    pub(super) board: Board,
    pub(super) goal: Goal,
    pub(super) heuristic: HeuristicChoice,
    pub(super) order: MoveOrder,
    pub(super) workers: u32,
    pub(super) split_above: Option<u64>,
    /// Where a sequential search of these options stands (`Solver.handOver()`): the
    /// coordinator goes on from there.
    pub(super) hand_over: Option<HandOver>,
}

/// The `handOver` option of `call`: the `Float64Array` of `Solver.handOver()`.
fn hand_over(value: &JsValue, call: &str) -> Result<HandOver, Error> {
    match value.dyn_ref::<js_sys::Float64Array>() {
        Some(words) if words.length() <= MOST_WORDS => HandOver::from_words(&words.to_vec()),
        _ => Err(Error::InvalidOption(format!(
            "{call}: handOver must be the Float64Array of Solver.handOver() (at most {MOST_WORDS} numbers), got {}",
            js::describe(value)
        ))),
    }
}

/// The most numbers a hand-over has: hundreds of iterations and the deepest path.
const MOST_WORDS: u32 = 4096;

/// The board, goal, heuristic and order of the options of `{made}(options)` (`made` is `new
/// ParallelSearch`, say; read as `new Solver(options)` reads them), and with `workers`, that
/// option and `splitAbove` too.
pub(super) fn search_options(
    options: &JsValue,
    made: &str,
    workers: bool,
) -> Result<SearchOptions, Error> {
    let call = &format!("{made}(options)");
    let keys: &[&str] = if workers {
        &[
            "board",
            "heuristic",
            "goal",
            "order",
            "workers",
            "splitAbove",
            "handOver",
        ]
    } else {
        &["board", "heuristic", "goal", "order"]
    };
    let Some(object) = js::options(options, call, keys)? else {
        return Err(Error::InvalidOption(format!(
            "{made} needs options: {made}({{board: \"6 4 5 / 8 2 7 / 1 0 3\"}})"
        )));
    };
    let heuristic: HeuristicKind = named(js::string_option(&object, "heuristic", call)?)?;
    let goal: Goal = named(js::string_option(&object, "goal", call)?)?;
    let order: MoveOrder = named(js::string_option(&object, "order", call)?)?;
    let count = if workers {
        match js::option(&object, "workers", call)? {
            v if v.is_undefined() => 1,
            v => whole(&v, 1.0, f64::from(MAX_WORKERS), |got| {
                format!("workers must be a whole number from 1 to {MAX_WORKERS}, got {got}")
            })? as u32,
        }
    } else {
        1
    };
    let split_above = if workers {
        match js::option(&object, "splitAbove", call)? {
            v if v.is_undefined() => None,
            v => Some(whole(&v, 0.0, MAX_SAFE_INTEGER, |got| {
                format!("splitAbove must be a whole number of nodes, 0 or more, got {got}")
            })? as u64),
        }
    } else {
        None
    };
    let hand_over = match js::option(&object, "handOver", call)? {
        v if !workers || v.is_undefined() || v.is_null() => None,
        v => Some(hand_over(&v, call)?),
    };
    let board = js::board(&js::option(&object, "board", call)?)?;
    let databases = super::pdb::installed(goal);
    let heuristic = HeuristicChoice::new(heuristic, board.width(), goal, databases)?;
    Ok(SearchOptions {
        board,
        goal,
        heuristic,
        order,
        workers: count,
        split_above,
        hand_over,
    })
}

/// A whole-number field `key` of `object` (`what` in messages) from `min` to `max`.
fn whole_field(
    object: &JsValue,
    key: &str,
    what: &str,
    call: &str,
    max: f64,
) -> Result<f64, Error> {
    let value = js::option(object, key, call)?;
    whole(&value, 0.0, max, |got| {
        format!(
            "{call}: {what}.{key} must be a whole number from 0 to {}, got {got}",
            js::js_number(max)
        )
    })
}

impl SearchOptions {
    /// The coordinator of these options (`new ParallelSearch`'s, a team leader's), its
    /// iterations split above `split_above` nodes: going on from the hand-over, if any.
    pub(super) fn coordinator(&self, split_above: u64) -> Result<ParallelIda, Error> {
        let (board, goal, heuristic, order) =
            (self.board, self.goal, self.heuristic.clone(), self.order);
        match &self.hand_over {
            Some(h) => {
                ParallelIda::resumed(board, goal, heuristic, order, self.workers, split_above, h)
            }
            None => ParallelIda::adaptive(board, goal, heuristic, order, self.workers, split_above),
        }
    }

    /// A searcher of packets of these options (a worker's own, for the packets it takes).
    pub(super) fn searcher(&self) -> Result<parallel::PacketSearcher, Error> {
        parallel::PacketSearcher::new(self.board, self.goal, self.heuristic.clone(), self.order)
    }
}

/// The task of `search(task)`.
fn task(value: &JsValue) -> Result<PacketTask, Error> {
    const CALL: &str = "search(task)";
    let Some(object) = js::options(value, CALL, &["iteration", "threshold", "packet"])? else {
        return Err(Error::InvalidOption(format!(
            "{CALL} needs a task: {{iteration, threshold, packet}} with a packet of ParallelSearch.iteration()"
        )));
    };
    let iteration = whole_field(&object, "iteration", "task", CALL, f64::from(u32::MAX))? as u32;
    let threshold = whole_field(&object, "threshold", "task", CALL, f64::from(u32::MAX))? as u32;
    let packet = js::option(&object, "packet", CALL)?;
    let Some(packet) = js::options(&packet, "task.packet", &["index", "path"])? else {
        return Err(Error::InvalidOption(format!(
            "{CALL}: task.packet must be a packet {{index, path}} of ParallelSearch.iteration(), got {}",
            js::describe(&packet)
        )));
    };
    let index = whole_field(&packet, "index", "task.packet", CALL, f64::from(u32::MAX))? as u32;
    let path = js::option(&packet, "path", CALL)?;
    let path = js::tiles(&path, CALL, "task.packet.path", (MAX_PATH, "tiles"))?;
    Ok(PacketTask {
        iteration,
        threshold,
        packet: Packet { index, path },
    })
}

/// The result of `accept(result)`.
fn result(value: &JsValue) -> Result<PacketResult, Error> {
    const CALL: &str = "accept(result)";
    let keys = [
        "iteration",
        "index",
        "visited",
        "pruned",
        "nextThreshold",
        "solution",
        "generated",
    ];
    let Some(object) = js::options(value, CALL, &keys)? else {
        return Err(Error::InvalidOption(format!(
            "{CALL} needs a result of PacketSearcher.search(task), got {}",
            js::describe(value)
        )));
    };
    let count = |key| whole_field(&object, key, "result", CALL, MAX_SAFE_INTEGER).map(|n| n as u64);
    let small =
        |key| whole_field(&object, key, "result", CALL, f64::from(u32::MAX)).map(|n| n as u32);
    let next = js::option(&object, "nextThreshold", CALL)?;
    let next_threshold = if next.is_null() || next.is_undefined() {
        None
    } else {
        Some(small("nextThreshold")?)
    };
    let solution = js::option(&object, "solution", CALL)?;
    let solution = if solution.is_null() || solution.is_undefined() {
        None
    } else {
        Some(js::tiles(
            &solution,
            CALL,
            "result.solution",
            (MAX_PATH, "moves"),
        )?)
    };
    Ok(PacketResult {
        iteration: small("iteration")?,
        index: small("index")?,
        visited: count("visited")?,
        pruned: count("pruned")?,
        next_threshold,
        solution,
        generated: count("generated")?,
    })
}

/// The `splitAbove` of `new ParallelSearch` that suits a pool of browser workers: iterations
/// predicted below this many nodes are not worth a split (its messages, and where each worker
/// has its own copy of the tables, the other worker's copy cold in the cache). About 80–150 ms
/// of search in this module; a quarter of it in the module with shared memory, whose workers
/// read one copy.
#[wasm_bindgen(js_name = parallelSplitAbove)]
pub fn parallel_split_above() -> f64 {
    let nodes = if cfg!(target_feature = "atomics") {
        WORTH_SPLITTING_SHARED
    } else {
        WORTH_SPLITTING
    };
    nodes as f64
}

/// The coordinator of a parallel IDA* for a pool of workers: each iteration's packets from
/// `iteration()`, their results (from `PacketSearcher.search`, in any order) to `accept`,
/// until `iteration()` gives null; `summary` is then a sequential `Solver`'s `run()` summary.
#[wasm_bindgen]
pub struct ParallelSearch {
    run: ParallelIda,
}

#[wasm_bindgen]
impl ParallelSearch {
    /// `new ParallelSearch({board, heuristic?, goal?, order?, workers?, splitAbove?,
    /// handOver?})`: the options of `new Solver` (IDA* only), `workers`, the pool's size (1 to
    /// 256, default 1), which sizes the packets, and `splitAbove` (default 0: every iteration
    /// is split): an iteration predicted (from the ones before) to make fewer nodes than this,
    /// and every iteration with one worker, is one packet, the start, searched whole by one
    /// worker (`parallelSplitAbove()` suits a pool of browser workers). `handOver` (a
    /// `Solver`'s `handOver()` of the same options) goes on from where that search stands: its
    /// finished iterations taken as they are, the rest of the one under way in packets. For
    /// `pdb` it uses the databases installed in this instance (or on its shared memory).
    /// Throws a `TileSearchError` as `new Solver` does, and for a hand-over no such search
    /// leaves.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ParallelSearchOptions")] options: JsValue,
    ) -> Result<ParallelSearch, JsValue> {
        let o = search_options(&options, "new ParallelSearch", true).map_err(|e| js_error(&e))?;
        let split_above = o.split_above.unwrap_or(0);
        let run = o.coordinator(split_above).map_err(|e| js_error(&e))?;
        Ok(ParallelSearch { run })
    }

    /// Iterations split into more than one packet so far (the current one included): 0 for
    /// a search that ran whole in one worker.
    #[wasm_bindgen(getter, js_name = splitIterations)]
    pub fn split_iterations(&self) -> u32 {
        self.run.split_iterations()
    }

    /// The current iteration: `{iteration, threshold, packets: [{index, path}, …]}`, the
    /// packets in depth-first order; null once the search has finished. Each packet goes to
    /// a worker as `{iteration, threshold, packet}`.
    #[wasm_bindgen(unchecked_return_type = "ParallelIteration | null")]
    pub fn iteration(&self) -> JsValue {
        match self.run.iteration() {
            Some(iteration) => to_js(&iteration),
            None => JsValue::NULL,
        }
    }

    /// Takes a result of `PacketSearcher.search`; returns true when it completed the current
    /// iteration (call `iteration()` again: the next one, or null when finished). A result of
    /// another iteration, for a packet the iteration lacks or has a result for already, or
    /// that contradicts its packet throws a `TileSearchError` of kind `unexpected-result`
    /// and changes nothing; one for a packet after a solving one is taken and ignored.
    pub fn accept(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PacketResult")] result: JsValue,
    ) -> Result<bool, JsValue> {
        let result = self::result(&result).map_err(|e| js_error(&e))?;
        self.run.accept(result).map_err(|e| js_error(&e))
    }

    /// Searches with `searcher` every iteration from the current one on that the split left
    /// whole (one packet, the start), each taken as `accept` would, until one is split or the
    /// search ends: `{iterations, threshold, nodes, generated}`, what it searched (the last
    /// one's threshold; `iterations` 0 when the current iteration is split or the search has
    /// finished). A leading worker runs a small search so in one call, with no result crossing
    /// to JS per iteration. Throws as `PacketSearcher.search` and `accept` do, and
    /// (`invalid-option`, changing nothing) for a searcher made with other options.
    #[wasm_bindgen(js_name = searchWhole, unchecked_return_type = "WholeSearched")]
    pub fn search_whole(&mut self, searcher: &mut PacketSearcher) -> Result<JsValue, JsValue> {
        let searched = self
            .run
            .search_whole(&mut searcher.searcher)
            .map_err(|e| js_error(&e))?;
        // Four numbers, set by hand: a serialiser of its own would cost the module a kilobyte.
        // Destructured whole, so a new field fails to compile here until it is set too (and
        // declared in types.rs, which tests/js/hardening.test.mjs holds to these keys).
        let WholeSearched {
            iterations,
            threshold,
            nodes,
            generated,
        } = searched;
        object(&[
            ("iterations", f64::from(iterations).into()),
            ("threshold", f64::from(threshold).into()),
            ("nodes", (nodes as f64).into()),
            ("generated", (generated as f64).into()),
        ])
    }

    /// Searches with `searcher` the current iteration's packets in order, from the first
    /// without a result, each taken as `accept` would, until the iteration is complete or
    /// about `nodes` nodes are searched (a packet begun is searched to its end): `{packets,
    /// nodes, generated, next, complete}`, with `next` the index the packets left start at.
    /// A leading worker starts a small split iteration so, as one sequential worker would.
    /// Throws as `searchWhole` does, and (`invalid-option`) for `nodes` not a whole number.
    #[wasm_bindgen(js_name = searchAhead, unchecked_return_type = "AheadSearched")]
    pub fn search_ahead(
        &mut self,
        searcher: &mut PacketSearcher,
        #[wasm_bindgen(unchecked_param_type = "number")] nodes: JsValue,
    ) -> Result<JsValue, JsValue> {
        let nodes = whole(&nodes, 0.0, MAX_SAFE_INTEGER, |got| {
            format!("searchAhead(searcher, nodes) takes a number of nodes (a whole number, 0 or more), got {got}")
        })
        .map_err(|e| js_error(&e))? as u64;
        let AheadSearched {
            packets,
            nodes,
            generated,
            next,
            complete,
        } = self
            .run
            .search_ahead(&mut searcher.searcher, nodes)
            .map_err(|e| js_error(&e))?;
        object(&[
            ("packets", packets.into()),
            ("nodes", (nodes as f64).into()),
            ("generated", (generated as f64).into()),
            ("next", next.into()),
            ("complete", complete.into()),
        ])
    }

    /// Whether packet `index` of the current iteration still needs a result: false once it
    /// has one, once an earlier packet solved (the pool skips it or stops its worker), and
    /// once the search has finished. Throws for an index the current iteration lacks.
    pub fn needed(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
    ) -> Result<bool, JsValue> {
        let index = whole(&index, 0.0, f64::from(u32::MAX), |got| {
            format!("needed(index) takes a packet's index (a whole number, 0 or more), got {got}")
        })
        .map_err(|e| js_error(&e))? as u32;
        let count = self.run.packet_count();
        if self.run.status() == Status::Running && index as usize >= count {
            return Err(js_error(&Error::InvalidOption(format!(
                "needed(index): the current iteration has {count} packets (0 to {}), got {index}",
                count as i64 - 1
            ))));
        }
        Ok(self.run.needed(index))
    }

    /// What a sequential `Solver`'s `run()` returns, equal to it once the search has
    /// finished; while it runs, the current iteration counts the packets accepted so far.
    #[wasm_bindgen(getter, unchecked_return_type = "RunSummary")]
    pub fn summary(&self) -> JsValue {
        to_js(&self.run.report().summary())
    }
}

/// A plain object of these fields, set by hand: a serialiser of its own per type would cost
/// the module a kilobyte.
pub(super) fn object(fields: &[(&str, JsValue)]) -> Result<JsValue, JsValue> {
    let object = js_sys::Object::new();
    for (key, value) in fields {
        js_sys::Reflect::set(&object, &(*key).into(), value)?;
    }
    Ok(object.into())
}

/// A worker of a parallel IDA*: searches the packets `ParallelSearch` hands out. Made with
/// the coordinator's board, goal, heuristic and order.
#[wasm_bindgen]
pub struct PacketSearcher {
    searcher: parallel::PacketSearcher,
}

#[wasm_bindgen]
impl PacketSearcher {
    /// `new PacketSearcher({board, heuristic?, goal?, order?})`: the coordinator's options
    /// without `workers`. For `pdb` it uses the databases installed in this instance (the
    /// worker's own, or its pool's on their shared memory). Throws a `TileSearchError` as
    /// `new Solver` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PacketSearcherOptions")] options: JsValue,
    ) -> Result<PacketSearcher, JsValue> {
        let o = search_options(&options, "new PacketSearcher", false).map_err(|e| js_error(&e))?;
        let searcher = o.searcher().map_err(|e| js_error(&e))?;
        Ok(PacketSearcher { searcher })
    }

    /// Searches the subtree of `task.packet` (`{iteration, threshold, packet}`) and returns
    /// `{iteration, index, visited, pruned, nextThreshold, solution, generated}` for
    /// `ParallelSearch.accept`: `solution` is the tiles slid from the start to the goal (or
    /// null), `generated` the nodes this search made below the packet's node. Throws for a
    /// threshold above the longest optimal solution of the board's size (31 moves for the
    /// 8-puzzle, 80 for the 15-puzzle, 210 for the 24-puzzle: no iteration has one) and for a
    /// packet that is not a node of the iteration (its path does not slide, undoes a move, or
    /// ends where f exceeds the threshold); the searcher stays usable.
    #[wasm_bindgen(unchecked_return_type = "PacketResult")]
    pub fn search(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PacketTask")] task: JsValue,
    ) -> Result<JsValue, JsValue> {
        let task = self::task(&task).map_err(|e| js_error(&e))?;
        let result = self.searcher.search(&task).map_err(|e| js_error(&e))?;
        Ok(to_js(&result))
    }

    /// Begins the packet of `task` (as `search(task)` takes it) without searching it: then
    /// `resume(nodes)` searches it a slice at a time, so a worker reads its messages while a
    /// long packet is searched. Replaces a packet begun and not finished. Throws as
    /// `search(task)` does; the searcher then has no packet to resume and stays usable.
    pub fn begin(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PacketTask")] task: JsValue,
    ) -> Result<(), JsValue> {
        let task = self::task(&task).map_err(|e| js_error(&e))?;
        self.searcher.begin(&task).map_err(|e| js_error(&e))
    }

    /// Searches on in the packet of `begin(task)` for about `nodes` nodes (a whole number
    /// from 1): its result (as `search(task)` returns it) once the subtree is searched, after
    /// which there is no packet to resume; undefined while it goes on. Throws a
    /// `TileSearchError` when no packet was begun, or for a count that is not a whole number
    /// from 1.
    #[wasm_bindgen(unchecked_return_type = "PacketResult | undefined")]
    pub fn resume(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] nodes: JsValue,
    ) -> Result<JsValue, JsValue> {
        let nodes = whole(&nodes, 1.0, MAX_SAFE_INTEGER, |got| {
            format!("resume(nodes) takes a number of nodes (a whole number from 1), got {got}")
        })
        .map_err(|e| js_error(&e))? as u64;
        match self.searcher.resume(nodes).map_err(|e| js_error(&e))? {
            Some(result) => Ok(to_js(&result)),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}
