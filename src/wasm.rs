//! The `#[wasm_bindgen]` bindings: the JS class `Solver`. This module only converts options,
//! events and errors between JS and the core; it decides nothing about the search.
//!
//! Errors are thrown as real JS `Error`s whose `message` is the core's message and whose
//! `kind` property is the core's error kind (`duplicate-tile`, `unsolvable`, …). Every method
//! validates its arguments before touching the search, so a bad call leaves the solver usable.

use crate::board::{Board, Goal};
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::search::{new_search, Algorithm, Report, Search};
use crate::trace::{pack, Event, RECORD_WORDS};
use js_sys::{Array, Function, Object, Reflect, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A heuristic by name; "pdb" (pattern databases) is for 4×4 boards once built or loaded. */
export type Heuristic = "hamming" | "manhattan" | "linear-conflict" | "pdb";
/** The goal convention: 1 2 3 / 4 5 6 / 7 8 0 (blank-last) or 0 1 2 / 3 4 5 / 6 7 8 (blank-first). */
export type GoalConvention = "blank-last" | "blank-first";

/** Options of `new Solver(options)`; unknown keys are errors. */
export interface SolverOptions {
  /** The board as text ("6 4 5 / 8 2 7 / 1 0 3", "6,4,5,…") or an array of numbers, 0 = blank. */
  board: string | number[];
  /** Default "manhattan". */
  heuristic?: Heuristic;
  /** Default "blank-last". */
  goal?: GoalConvention;
  /** Default "ida"; the others are the lecture's graph searches. */
  algorithm?: "ida" | "bfs" | "dfs" | "greedy" | "astar";
  /** Frontier searches give up after this many reached states (default 1,000,000). */
  maxReached?: number;
}

/** An IDA* iteration starts with this threshold. */
export interface IterationEvent { type: "iteration"; iteration: number; threshold: number }
/** A node is visited (f ≤ threshold); `tile` was slid to reach it (null at the root). */
export interface NodeEvent {
  type: "node"; id: number; parent: number | null; g: number; h: number; f: number;
  tile: number | null; blank: number;
}
/** A generated child is cut off because f > threshold. */
export interface PruneEvent {
  type: "prune"; id: number; parent: number; g: number; h: number; f: number;
  threshold: number; tile: number;
}
/** All children of node `id` are done. */
export interface BacktrackEvent { type: "backtrack"; id: number }
/** The iteration ended without a solution; `to` is the smallest pruned f. */
export interface RaiseEvent { type: "raise"; from: number; to: number }
/** The goal was visited; `moves` are the tiles slid from the start. */
export interface SolvedEvent {
  type: "solved"; length: number; moves: number[]; expanded: number; generated: number;
}
/** A frontier search took a node off the frontier and expanded it. */
export interface ExpandEvent {
  type: "expand"; id: number; parent: number | null; g: number; h: number; f: number;
  tile: number | null; blank: number; frontier: number;
}
/** A frontier search put a new state on the frontier (the start too). */
export interface GenerateEvent {
  type: "generate"; id: number; parent: number | null; g: number; h: number; f: number;
  tile: number | null; blank: number; frontier: number;
}
/** A child whose state was reached already: not added. */
export interface SkipEvent {
  type: "skip"; id: number; parent: number; g: number; h: number; f: number; tile: number; blank: number;
}
/** A frontier search hit its memory guard. */
export interface GaveUpEvent { type: "gaveup"; reached: number; limit: number }
/** One step of the search: discriminated by `type`. */
export type TraceEvent =
  IterationEvent | NodeEvent | PruneEvent | BacktrackEvent | RaiseEvent | SolvedEvent |
  ExpandEvent | GenerateEvent | SkipEvent | GaveUpEvent;
/** A frontier entry, in the order entries will be taken. */
export interface FrontierEntry { id: number; g: number; h: number; f: number }

/** Options of `run(options)`; unknown keys are errors. */
export interface RunOptions {
  /** Stop after this many more nodes (visited + pruned); the search resumes exactly there. */
  maxNodes?: number;
  /** Called with every event, in order (slower: one object per event). */
  onEvent?: (event: TraceEvent) => void;
}

/** One IDA* iteration's work. */
export interface IterationSummary {
  iteration: number; threshold: number; visited: number; pruned: number;
  /** The next threshold, once the iteration ended without a solution. */
  nextThreshold: number | null;
}

/** `run(options?)`: see the method's documentation. */
export interface Solver {
  /**
   * Runs from where stepping left off to the end, or for `maxNodes` more nodes; with `onEvent`,
   * passes every event to it. After a finished run, `step()` returns `undefined`.
   */
  run(options?: RunOptions): RunSummary;
}

/** What `describeBoard` says about a board. */
export interface BoardDescription {
  tiles: number[];
  width: number;
  /** The lecture's grid print, the blank as a space. */
  grid: string;
  /** null when solvable, else the reason (inversion parity). */
  unsolvable: string | null;
  /** h of the board under each heuristic, towards the goal (pdb once its databases are loaded). */
  h: { hamming: number; manhattan: number; "linear-conflict": number; pdb?: number };
  /** Per cell: the Manhattan distance of the tile on it (0 for the blank). */
  distances: number[];
  /** Tiles that must leave their goal row or column (the linear-conflict term counts them). */
  conflicts: { tile: number; row: boolean; line: number }[];
}

/** What `run()` returns. */
export interface RunSummary {
  status: "solved" | "running" | "gaveup";
  length: number | null;
  moves: number[] | null;
  expanded: number;
  generated: number;
  /** Nodes given an id so far (visited + pruned): the unit of `maxNodes`. */
  nodes: number;
  threshold: number;
  iteration: number;
  iterations: IterationSummary[];
  /** Frontier searches: the largest frontier and the states reached (null for IDA*). */
  maxFrontier: number | null;
  reached: number | null;
}
"#;

/// Builds the JS error thrown for a core error: an `Error` with the core's message and a
/// `kind` property.
fn js_error(error: &Error) -> JsValue {
    let e = js_sys::Error::new(&error.to_string());
    e.set_name("TileSearchError");
    let _ = Reflect::set(&e, &"kind".into(), &error.kind().into());
    e.into()
}

fn invalid(message: String) -> JsValue {
    js_error(&Error::InvalidOption(message))
}

/// Serialises plain data for JS: objects (not `Map`s), numbers (not `BigInt`s), `null` for
/// missing values.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

/// The option keys of an options object, checked against the allowed ones.
fn option_keys(options: &JsValue, what: &str, allowed: &[&str]) -> Result<Option<Object>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    let Some(object) = options
        .dyn_ref::<Object>()
        .filter(|_| !options.is_function() && !Array::is_array(options))
    else {
        return Err(invalid(format!(
            "{what} must be an object like {{{}}}",
            allowed.join(", ")
        )));
    };
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !allowed.contains(&key.as_str()) {
            return Err(invalid(format!(
                "unknown option \"{key}\": {what} takes {}",
                allowed.join(", ")
            )));
        }
    }
    Ok(Some(object.clone()))
}

fn get(object: &Object, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// A string option, or its default when absent.
fn string_option(object: &Object, key: &str) -> Result<Option<String>, JsValue> {
    let value = get(object, key);
    if value.is_undefined() {
        return Ok(None);
    }
    value
        .as_string()
        .map(Some)
        .ok_or_else(|| invalid(format!("{key} must be a string")))
}

/// The board from text or from an array of numbers.
fn board_option(object: &Object) -> Result<Board, JsValue> {
    let value = get(object, "board");
    if let Some(text) = value.as_string() {
        return Board::parse(&text).map_err(|e| js_error(&e));
    }
    if Array::is_array(&value) {
        let mut numbers = Vec::new();
        for (i, item) in Array::from(&value).iter().enumerate() {
            match item.as_f64() {
                Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => numbers.push(n as i64),
                _ => {
                    return Err(js_error(&Error::NotAWholeNumber {
                        index: i + 1,
                        value: describe(&item),
                    }));
                }
            }
        }
        return Board::from_numbers(&numbers).map_err(|e| js_error(&e));
    }
    if value.is_undefined() {
        return Err(invalid(
            "the board is missing: new Solver({board: \"6 4 5 / 8 2 7 / 1 0 3\"})".into(),
        ));
    }
    Err(invalid(
        "board must be text (\"6 4 5 / 8 2 7 / 1 0 3\") or an array of numbers".into(),
    ))
}

/// Parses a board (text or an array of numbers) without solving it; throws a
/// `TileSearchError` naming the problem. Returns the tiles in row-major order.
#[wasm_bindgen(js_name = parseBoard, unchecked_return_type = "number[]")]
pub fn parse_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
) -> Result<Array, JsValue> {
    Ok(numbers(board_value(&board)?.tiles()))
}

/// Everything a view shows about a board before searching: tiles, grid print, solvability,
/// h under each heuristic, per-cell distances and conflict tiles. Throws for an invalid board
/// or goal; an unsolvable board is described (with the reason in `unsolvable`).
#[wasm_bindgen(js_name = describeBoard, unchecked_return_type = "BoardDescription")]
pub fn describe_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
) -> Result<JsValue, JsValue> {
    let board = board_value(&board)?;
    let goal: Goal = named(goal)?;
    let (w, tiles) = (board.width(), board.tiles());
    #[derive(Serialize)]
    struct Description {
        tiles: Vec<u8>,
        width: usize,
        grid: String,
        unsolvable: Option<String>,
        h: std::collections::BTreeMap<&'static str, u32>,
        distances: Vec<u32>,
        conflicts: Vec<crate::heuristic::Conflict>,
    }
    let description = Description {
        tiles: tiles.to_vec(),
        width: w,
        grid: board.to_string(),
        unsolvable: board.check_solvable(goal).err().map(|e| e.to_string()),
        // pdb only where it applies: a 4×4 board with its databases loaded.
        h: HeuristicKind::NAMED
            .iter()
            .filter_map(|k| Some((k.name(), k.estimate(&board, goal).ok()?)))
            .collect(),
        distances: crate::heuristic::Manhattan::new(w, goal).per_cell(tiles),
        conflicts: crate::heuristic::LinearConflict::new(w, goal).conflict_tiles(tiles),
    };
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    Ok(description
        .serialize(&serializer)
        .unwrap_or(JsValue::UNDEFINED))
}

/// The board after sliding `moves` (tiles, in order) from `start`; throws when a tile is not
/// next to the blank. Views use it to show the board of any tree node.
#[wasm_bindgen(js_name = boardAfter, unchecked_return_type = "number[]")]
pub fn board_after(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] start: JsValue,
    moves: Vec<u8>,
) -> Result<Array, JsValue> {
    let board = board_value(&start)?;
    let after = board.after(&moves).map_err(|e| js_error(&e))?;
    Ok(numbers(after.tiles()))
}

/// A random solvable board of `width` (3 to 5) for `goal`; the same `seed` gives the same
/// board.
#[wasm_bindgen(js_name = randomBoard, unchecked_return_type = "number[]")]
pub fn random_board(
    width: usize,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
    seed: f64,
) -> Result<Array, JsValue> {
    let goal: Goal = named(goal)?;
    let board = Board::random(width, goal, seed.to_bits()).map_err(|e| js_error(&e))?;
    Ok(numbers(board.tiles()))
}

/// A resumable build of the 15-puzzle's pattern databases (the `pdb` heuristic), to run in a
/// worker in slices with a progress bar: `work(budget)` until it returns true, then
/// `install()`. About 29 MB; `exportPatternDatabases` gives the bytes to cache (IndexedDB).
#[wasm_bindgen(js_name = PatternDatabaseBuilder)]
pub struct PatternDatabaseBuilder {
    builder: Option<crate::heuristic::pdb::PdbBuilder>,
}

#[wasm_bindgen(js_class = PatternDatabaseBuilder)]
impl PatternDatabaseBuilder {
    /// A build for `goal` (default blank-last).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
    ) -> Result<PatternDatabaseBuilder, JsValue> {
        let goal = named::<Goal>(goal)?;
        Ok(PatternDatabaseBuilder {
            builder: Some(crate::heuristic::pdb::PdbBuilder::new(goal)),
        })
    }

    /// Does about `budget` units of work (a unit is well under a microsecond); returns true
    /// once the build is complete.
    pub fn work(&mut self, budget: f64) -> Result<bool, JsValue> {
        if !(budget.fract() == 0.0 && (1.0..=1e9).contains(&budget)) {
            return Err(invalid(format!(
                "work(budget) takes a whole number from 1 to 1e9, got {}",
                js_number(budget)
            )));
        }
        match &mut self.builder {
            Some(b) => Ok(b.work(budget as usize)),
            None => Err(invalid("this build was installed already".into())),
        }
    }

    /// Fraction done, 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.builder.as_ref().map_or(1.0, |b| b.progress())
    }

    /// Makes the finished databases the ones `pdb` solvers use; throws before the build is
    /// complete.
    pub fn install(&mut self) -> Result<(), JsValue> {
        match self.builder.take() {
            Some(b) if b.done() => {
                if let Some(databases) = b.finish() {
                    crate::heuristic::pdb::install(databases);
                }
                Ok(())
            }
            Some(b) => {
                let progress = b.progress();
                self.builder = Some(b);
                // A whole percentage, written as an integer (no float formatting in the module).
                Err(invalid(format!(
                    "the build is not finished ({} % done): call work() until it returns true",
                    (progress * 100.0).round() as u32
                )))
            }
            None => Err(invalid("this build was installed already".into())),
        }
    }
}

/// A goal, heuristic or algorithm by name, or its default when absent.
fn named<T: std::str::FromStr<Err = Error> + Default>(name: Option<String>) -> Result<T, JsValue> {
    match name {
        Some(name) => name.parse().map_err(|e| js_error(&e)),
        None => Ok(T::default()),
    }
}

/// A board given directly (text or an array of numbers), checked like `options.board`.
fn board_value(board: &JsValue) -> Result<Board, JsValue> {
    let holder = Object::new();
    let _ = Reflect::set(&holder, &"board".into(), board);
    board_option(&holder)
}

/// Whether the pattern databases for `goal` are installed (so `pdb` solvers can be created).
#[wasm_bindgen(js_name = patternDatabasesReady)]
pub fn pattern_databases_ready(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
) -> Result<bool, JsValue> {
    Ok(crate::heuristic::pdb::installed(named::<Goal>(goal)?).is_some())
}

/// The installed databases for `goal` as bytes (with a checksum), for a cache.
#[wasm_bindgen(js_name = exportPatternDatabases)]
pub fn export_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
) -> Result<js_sys::Uint8Array, JsValue> {
    let goal = named::<Goal>(goal)?;
    let databases = crate::heuristic::pdb::require(4, goal).map_err(|e| js_error(&e))?;
    Ok(js_sys::Uint8Array::from(&databases.to_bytes()[..]))
}

/// Installs databases from `exportPatternDatabases` bytes; throws (install nothing) when the
/// bytes are damaged, from another version or for the other goal, so the caller rebuilds.
#[wasm_bindgen(js_name = loadPatternDatabases)]
pub fn load_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: Option<String>,
    bytes: &[u8],
) -> Result<(), JsValue> {
    let goal = named::<Goal>(goal)?;
    let databases = crate::heuristic::pdb::PatternDatabases::from_bytes(goal, bytes)
        .map_err(|e| js_error(&e))?;
    crate::heuristic::pdb::install(databases);
    Ok(())
}

/// IDA* on one board, driven from JS. See the TypeScript declarations for the shapes.
#[wasm_bindgen]
pub struct Solver {
    search: Box<dyn Search>,
    /// Reused buffer for `stepMany`.
    packed: Vec<u32>,
}

#[wasm_bindgen]
impl Solver {
    /// `new Solver({board, heuristic?, goal?})`; throws a `TileSearchError` (with `kind`) for a
    /// bad board, an unsolvable board or a bad option.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SolverOptions")] options: JsValue,
    ) -> Result<Solver, JsValue> {
        let Some(object) = option_keys(
            &options,
            "new Solver(options)",
            &["board", "heuristic", "goal", "algorithm", "maxReached"],
        )?
        else {
            return Err(invalid(
                "new Solver needs options: new Solver({board: \"6 4 5 / 8 2 7 / 1 0 3\"})".into(),
            ));
        };
        let heuristic: HeuristicKind = named(string_option(&object, "heuristic")?)?;
        let goal: Goal = named(string_option(&object, "goal")?)?;
        let algorithm: Algorithm = named(string_option(&object, "algorithm")?)?;
        let max_reached = match get(&object, "maxReached") {
            v if v.is_undefined() => None,
            v => match v.as_f64() {
                Some(n) if n.fract() == 0.0 && (1.0..=1e9).contains(&n) => Some(n as u64),
                _ => {
                    return Err(invalid(format!(
                        "maxReached must be a whole number of states from 1 to 1e9, got {}",
                        describe(&v)
                    )))
                }
            },
        };
        let board = board_option(&object)?;
        let search =
            new_search(board, goal, heuristic, algorithm, max_reached).map_err(|e| js_error(&e))?;
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
        #[wasm_bindgen(unchecked_param_type = "RunOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let object = option_keys(&options, "run(options)", &["maxNodes", "onEvent"])?;
        let (max_nodes, on_event) = match &object {
            None => (None, None),
            Some(o) => (max_nodes_option(o)?, on_event_option(o)?),
        };
        match on_event {
            None => {
                self.search.run(max_nodes);
            }
            Some(callback) => {
                let mut thrown = None;
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

    /// Up to `n` events packed into a `Uint32Array` of `RECORD_WORDS` words each (layout in the
    /// README and in `trace::pack`); fewer (possibly none) once the search finishes.
    #[wasm_bindgen(js_name = stepMany)]
    pub fn step_many(&mut self, n: f64) -> Result<Uint32Array, JsValue> {
        const LIMIT: f64 = 10_000_000.0;
        if !(n.fract() == 0.0 && (0.0..=LIMIT).contains(&n)) {
            return Err(invalid(format!(
                "stepMany(n) takes a whole number of events from 0 to {}, got {}",
                LIMIT as u32,
                js_number(n)
            )));
        }
        let n = n as usize;
        let packed = &mut self.packed;
        packed.clear();
        packed.reserve(n * RECORD_WORDS);
        if n > 0 {
            let mut count = 0;
            self.search.run_traced(None, &mut |event| {
                pack(&event, packed);
                count += 1;
                count >= n
            });
        }
        Ok(Uint32Array::from(&packed[..]))
    }

    /// Words per record of `stepMany` (8).
    #[wasm_bindgen(getter, js_name = recordWords)]
    pub fn record_words(&self) -> usize {
        RECORD_WORDS
    }

    /// Advances `n` events without returning them (for replaying to a position, e.g. `Step
    /// back`); returns how many events were advanced (fewer once the search finishes).
    pub fn skip(&mut self, n: f64) -> Result<f64, JsValue> {
        if !(n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n)) {
            return Err(invalid(format!(
                "skip(n) takes a whole number of events (0 or more), got {}",
                js_number(n)
            )));
        }
        let (n, mut count) = (n as u64, 0u64);
        if n > 0 {
            self.search.run_traced(None, &mut |_| {
                count += 1;
                count >= n
            });
        }
        Ok(count as f64)
    }

    /// Back to the state before the first event (same board and options).
    pub fn reset(&mut self) {
        self.search.reset();
    }

    /// `"running"` until the search finishes, then `"solved"` (or `"gaveup"` at a frontier
    /// search's memory guard).
    #[wasm_bindgen(
        getter,
        unchecked_return_type = "\"running\" | \"solved\" | \"gaveup\""
    )]
    pub fn status(&self) -> String {
        self.search.status().name().to_string()
    }

    /// The current threshold.
    #[wasm_bindgen(getter)]
    pub fn threshold(&self) -> u32 {
        self.search.report().threshold
    }

    /// The current iteration (1-based; 0 before the first event).
    #[wasm_bindgen(getter)]
    pub fn iteration(&self) -> u32 {
        self.search.report().iteration
    }

    /// Nodes whose children were generated.
    #[wasm_bindgen(getter)]
    pub fn expanded(&self) -> f64 {
        self.search.report().expanded as f64
    }

    /// Children generated, pruned ones included.
    #[wasm_bindgen(getter)]
    pub fn generated(&self) -> f64 {
        self.search.report().generated as f64
    }

    /// Nodes given an id so far (visited + pruned).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.search.report().nodes as f64
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

    /// The algorithm's name.
    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.search.algorithm().name().to_string()
    }

    /// The frontier's first `limit` entries (at most 1000) in the order they will be taken:
    /// queue front first (BFS), stack top first (DFS), best priority first (greedy, A*).
    /// Empty for IDA*, whose memory is its path.
    #[wasm_bindgen(unchecked_return_type = "FrontierEntry[]")]
    pub fn frontier(&self, limit: f64) -> Result<JsValue, JsValue> {
        if !(limit.fract() == 0.0 && (0.0..=1000.0).contains(&limit)) {
            return Err(invalid(format!(
                "frontier(limit) takes a whole number from 0 to 1000, got {}",
                js_number(limit)
            )));
        }
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
        match self.search.report().moves {
            Some(moves) => numbers(&moves).into(),
            None => JsValue::UNDEFINED,
        }
    }

    /// The summary `run()` returns, without running.
    #[wasm_bindgen(unchecked_return_type = "RunSummary")]
    pub fn summary(&self) -> JsValue {
        let report: Report = self.search.report();
        to_js(&report)
    }
}

/// A number as JS writes it (`1.5`, `1e+21`, `Infinity`): messages then read like the caller's
/// code, and the module carries no float formatting of its own.
fn js_number(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// A JS value as a message shows it: strings quoted, numbers as numbers, else its type.
fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        return format!("\"{s}\"");
    }
    if let Some(n) = value.as_f64() {
        return js_number(n);
    }
    if value.is_null() {
        return "null".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    let kind = value.js_typeof().as_string().unwrap_or_default();
    format!("a value of type {kind}")
}

fn numbers(values: &[u8]) -> Array {
    values.iter().map(|&v| JsValue::from(v)).collect()
}

fn max_nodes_option(object: &Object) -> Result<Option<u64>, JsValue> {
    let value = get(object, "maxNodes");
    if value.is_undefined() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) => {
            Ok(Some(n as u64))
        }
        _ => Err(invalid(format!(
            "maxNodes must be a whole number of nodes (0 or more), got {}",
            describe(&value)
        ))),
    }
}

fn on_event_option(object: &Object) -> Result<Option<Function>, JsValue> {
    let value = get(object, "onEvent");
    if value.is_undefined() {
        return Ok(None);
    }
    value
        .dyn_into::<Function>()
        .map(Some)
        .map_err(|_| invalid("onEvent must be a function (event) => …".into()))
}
