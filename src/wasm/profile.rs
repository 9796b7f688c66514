//! The whole run and the heuristic's quality for the page: `RunProfiler` (IDA*'s iterations
//! counted per depth, see [`crate::profile`]) and `heuristicQuality` (h against the true
//! distance h*, see [`crate::quality`]). Both are meant for a worker: a whole run or a
//! breadth-first search over the 8-puzzle's 181,440 states takes longer than a frame.

use super::{js, js_error, named, solver::solver_options, to_js};
use crate::board::Goal;
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::profile::Profiler;
use crate::quality::{distances, quality_of, quality_sample, rank, Quality};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// IDA* run to the end in slices while its iterations are counted per depth: how many nodes
/// each visited and pruned at each depth, and how many it visited that the iteration before
/// did not (f above that one's threshold). Counts, not nodes: a run of millions of nodes keeps
/// a few hundred numbers.
#[wasm_bindgen]
pub struct RunProfiler {
    profiler: Profiler,
}

#[wasm_bindgen]
impl RunProfiler {
    /// `new RunProfiler(options)` takes `new Solver`'s options; the algorithm must be IDA*
    /// (the default). Throws a `TileSearchError` as `new Solver` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SolverOptions")] options: JsValue,
    ) -> Result<RunProfiler, JsValue> {
        let profiler = solver_options(&options, "RunProfiler")
            .and_then(Profiler::new)
            .map_err(|e| js_error(&e))?;
        Ok(RunProfiler { profiler })
    }

    /// Runs for `maxNodes` more nodes (visited and pruned), or to the end; it resumes exactly
    /// there. Returns the status: "running" while there is more to do.
    #[wasm_bindgen(unchecked_return_type = "SearchStatus")]
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_nodes: JsValue,
    ) -> Result<JsValue, JsValue> {
        let max_nodes = js::whole(&max_nodes, 1.0, 9_007_199_254_740_991.0, |got| {
            format!(
                "run(maxNodes): maxNodes must be a whole number of nodes (1 or more), got {got}"
            )
        })
        .map_err(|e| js_error(&e))? as u64;
        Ok(self.profiler.run(Some(max_nodes)).name().into())
    }

    /// The iterations so far, in counts (the last one may be in progress), and the
    /// solution's length once found.
    #[wasm_bindgen(unchecked_return_type = "RunProfile")]
    pub fn profile(&self) -> JsValue {
        to_js(self.profiler.profile())
    }
}

thread_local! {
    /// The 8-puzzle's distances to each goal (blank-last, blank-first), searched once per
    /// instance: switching the heuristic then costs one pass over the states.
    static DISTANCES: RefCell<[Option<Vec<u8>>; 2]> = const { RefCell::new([None, None]) };
}

/// A measure's width, goal and heuristic.
type MeasureKey = (usize, Goal, HeuristicKind);

thread_local! {
    /// Each measure made: the page asks again for every new board (only its cell differs),
    /// which then costs one estimate, not a pass over the 181,440 states. At most 16: two
    /// widths, two goals, four heuristics.
    static MEASURES: RefCell<Vec<(MeasureKey, Quality)>> = const { RefCell::new(Vec::new()) };
}

/// The measure kept for `key`, if made before, as sent to JS (a new object each time).
fn kept(key: MeasureKey) -> Option<JsValue> {
    MEASURES.with(|m| {
        m.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, q)| to_js(q))
    })
}

/// Keeps `quality` as the measure for `key`; returns it as sent to JS.
fn keep(key: MeasureKey, quality: Result<Quality, Error>) -> Result<JsValue, Error> {
    let quality = quality?;
    let value = to_js(&quality);
    MEASURES.with(|m| m.borrow_mut().push((key, quality)));
    Ok(value)
}

/// `f` with the distances to `goal` of every 8-puzzle state.
fn with_distances<T>(goal: Goal, f: impl FnOnce(&[u8]) -> T) -> T {
    DISTANCES.with(|cell| {
        let mut cache = cell.borrow_mut();
        let slot = &mut cache[usize::from(goal == Goal::BlankFirst)];
        f(slot.get_or_insert_with(|| distances(goal)))
    })
}

/// How good a heuristic is: `{heuristic, goal, width, states, admissible, overestimated,
/// meanH, meanDistance, exact, maxDistance, maxH, counts}` as `tilesearch quality --json`
/// prints it (`counts[h*][h]`: the states at distance h* with estimate h), plus `board`: the
/// given board's `{h, distance}` (`distance` null where unknown). Width 3 measures every one of
/// the 8-puzzle's 181,440 states (their distances by a breadth-first search from the goal, kept
/// for the next call); width 4 Korf's 100 15-puzzles, whose optimal lengths are known (`pdb`
/// with the databases installed). Each measure is kept as well: asking again for another board
/// costs that board's estimate. Options `{heuristic?, goal?, width?, board?}`.
#[wasm_bindgen(js_name = heuristicQuality, unchecked_return_type = "HeuristicQuality")]
pub fn heuristic_quality(
    #[wasm_bindgen(unchecked_param_type = "QualityOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    measured(&options).map_err(|e| js_error(&e))
}

/// The board's cell of the chart: its h, and its h* where known.
#[derive(serde::Serialize)]
struct BoardCell {
    h: u32,
    distance: Option<u32>,
}

fn measured(options: &JsValue) -> Result<JsValue, Error> {
    const CALL: &str = "heuristicQuality(options)";
    let object = js::options(options, CALL, &["heuristic", "goal", "width", "board"])?
        .unwrap_or_else(|| js_sys::Object::new().into());
    let heuristic: HeuristicKind = named(js::string_option(&object, "heuristic", CALL)?)?;
    let goal: Goal = named(js::string_option(&object, "goal", CALL)?)?;
    let width = match js::option(&object, "width", CALL)? {
        v if v.is_undefined() => 3,
        v => js::whole(&v, 3.0, 4.0, |got| {
            format!("{CALL}: width must be 3 (every 8-puzzle state) or 4 (Korf's 100 15-puzzles), got {got}")
        })? as usize,
    };
    let board = match js::option(&object, "board", CALL)? {
        v if v.is_undefined() || v.is_null() => None,
        v => Some(js::board(&v)?),
    };
    if let Some(board) = &board {
        if board.width() != width {
            return Err(Error::InvalidOption(format!(
                "{CALL}: the board is {0}×{0}, the measure {width}×{width}",
                board.width()
            )));
        }
    }
    let choice = HeuristicChoice::new(heuristic, width, goal, super::pdb::installed(goal))?;
    let key = (width, goal, heuristic);
    let (quality, distance) = if width == 3 {
        with_distances(goal, |distance| {
            let known = board.and_then(|b| {
                let tiles: [u8; 9] = b.tiles().try_into().ok()?;
                Some(u32::from(distance[rank(&tiles)]))
            });
            let measure =
                kept(key).map_or_else(|| keep(key, quality_of(distance, heuristic, goal)), Ok);
            (measure, known)
        })
    } else {
        // A board of Korf's 100 has its distance in the sample.
        let known = board.and_then(|b| {
            crate::quality::korf100(goal)
                .into_iter()
                .find(|(_, k)| k.tiles() == b.tiles())
                .map(|(length, _)| length)
        });
        let measure = kept(key).map_or_else(|| keep(key, quality_sample(&choice, goal)), Ok);
        (measure, known)
    };
    let value = quality?;
    let cell = match board {
        Some(board) => {
            let h = choice.estimate(&board, goal)?;
            to_js(&BoardCell { h, distance })
        }
        None => JsValue::NULL,
    };
    js_sys::Reflect::set(&value, &"board".into(), &cell)
        .map_err(|e| js::threw("writing heuristicQuality's board", &e))?;
    Ok(value)
}
