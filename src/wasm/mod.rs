//! The `#[wasm_bindgen]` bindings: the JS classes `Solver` and `PatternDatabaseBuilder` and
//! the board helpers. This module only converts options, events and errors between JS and the
//! core; it decides nothing about the search.
//!
//! Errors are thrown as real JS `Error`s named `TileSearchError` whose `message` is the core's
//! message and whose `kind` property is the core's error kind (`duplicate-tile`, `unsolvable`,
//! …). Every method validates its arguments before touching the search, so a bad call leaves
//! the object usable. Every parameter is taken as a `JsValue` and checked here (the generated
//! glue would coerce `"5"` to 5 or `-251` to tile 5), and every read of a caller's value goes
//! through [`js`], so that no JS exception ever unwinds through a Rust frame. Calls on a freed
//! or busy object are stopped before they enter wasm, by the guard the build puts over the
//! generated glue (`scripts/patch-pkg.mjs`), with the messages of [`guard_error`].

mod js;

use crate::board::Goal;
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::search::{new_search, Algorithm, Report, Search};
use crate::trace::{pack, Event, RECORD_WORDS};
use js::{describe, whole};
use js_sys::{Array, Reflect, Uint32Array};
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

/// Builds the JS error thrown for a core error: an `Error` named `TileSearchError` with the
/// core's message and a `kind` property.
fn js_error(error: &Error) -> JsValue {
    let e = js_sys::Error::new(&error.to_string());
    e.set_name("TileSearchError");
    let _ = Reflect::set(&e, &"kind".into(), &error.kind().into());
    e.into()
}

fn invalid(message: String) -> JsValue {
    js_error(&Error::InvalidOption(message))
}

/// The error the guard over the generated glue throws, before entering wasm, for a call on a
/// freed object (`kind` "freed"), on an object still in another call ("busy", from its own
/// `onEvent` or option getters) or on something that is not an object of the class
/// ("wrong-this"), or for a call that a JS exception unwound through ("interrupted", `running`
/// is then the thrown value). Not part of the public API: the guard calls it so that these messages are
/// written once, here.
#[wasm_bindgen(js_name = __tilesearchGuardError, skip_typescript)]
pub fn guard_error(kind: JsValue, class: JsValue, member: JsValue, running: JsValue) -> JsValue {
    let text = |v: &JsValue| js::short_string(v, 100).unwrap_or_default();
    let (class, member, running) = (text(&class), text(&member), text(&running));
    let error = match text(&kind).as_str() {
        "freed" => Error::Freed { class },
        "busy" => Error::Busy {
            class,
            member,
            running,
        },
        "interrupted" => Error::Interrupted {
            class,
            member,
            thrown: running,
        },
        _ => Error::WrongThis { class, member },
    };
    js_error(&error)
}

/// Serialises plain data for JS: objects (not `Map`s), numbers (not `BigInt`s), `null` for
/// missing values.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

/// A goal, heuristic or algorithm by name, or its default when absent.
fn named<T: std::str::FromStr<Err = Error> + Default>(name: Option<String>) -> Result<T, Error> {
    match name {
        Some(name) => name.parse(),
        None => Ok(T::default()),
    }
}

/// Parses a board (text or an array of numbers) without solving it; throws a
/// `TileSearchError` naming the problem. Returns the tiles in row-major order.
#[wasm_bindgen(js_name = parseBoard, unchecked_return_type = "number[]")]
pub fn parse_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
) -> Result<Array, JsValue> {
    Ok(numbers(
        js::board(&board).map_err(|e| js_error(&e))?.tiles(),
    ))
}

/// Everything a view shows about a board before searching: tiles, grid print, solvability,
/// h under each heuristic, per-cell distances and conflict tiles. Throws for an invalid board
/// or goal; an unsolvable board is described (with the reason in `unsolvable`).
#[wasm_bindgen(js_name = describeBoard, unchecked_return_type = "BoardDescription")]
pub fn describe_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<JsValue, JsValue> {
    let board = js::board(&board).map_err(|e| js_error(&e))?;
    let goal = js::goal(&goal, "describeBoard(board, goal)").map_err(|e| js_error(&e))?;
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
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | number[]")] moves: JsValue,
) -> Result<Array, JsValue> {
    let board = js::board(&start).map_err(|e| js_error(&e))?;
    let moves = js::moves(&moves).map_err(|e| js_error(&e))?;
    let after = board.after(&moves).map_err(|e| js_error(&e))?;
    Ok(numbers(after.tiles()))
}

/// A random solvable board of `width` (3 to 5) for `goal`; the same `seed` gives the same
/// board.
#[wasm_bindgen(js_name = randomBoard, unchecked_return_type = "number[]")]
pub fn random_board(
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<Array, JsValue> {
    const CALL: &str = "randomBoard(width, goal, seed)";
    let Some(width) = whole(&width, 0.0, 1000.0) else {
        return Err(invalid(format!(
            "{CALL}: width must be a whole number (3, 4 or 5), got {}",
            describe(&width)
        )));
    };
    let goal = js::goal(&goal, CALL).map_err(|e| js_error(&e))?;
    let Some(seed) = seed.as_f64() else {
        return Err(invalid(format!(
            "{CALL}: seed must be a number, got {}",
            describe(&seed)
        )));
    };
    let board = crate::board::Board::random(width as usize, goal, seed.to_bits())
        .map_err(|e| js_error(&e))?;
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
        #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    ) -> Result<PatternDatabaseBuilder, JsValue> {
        let goal = js::goal(&goal, "new PatternDatabaseBuilder(goal)").map_err(|e| js_error(&e))?;
        Ok(PatternDatabaseBuilder {
            builder: Some(crate::heuristic::pdb::PdbBuilder::new(goal)),
        })
    }

    /// Does about `budget` units of work (a unit is well under a microsecond); returns true
    /// once the build is complete.
    pub fn work(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let Some(budget) = whole(&budget, 1.0, 1e9) else {
            return Err(invalid(format!(
                "work(budget) takes a whole number from 1 to 1e9, got {}",
                describe(&budget)
            )));
        };
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

/// Whether the pattern databases for `goal` are installed (so `pdb` solvers can be created).
#[wasm_bindgen(js_name = patternDatabasesReady)]
pub fn pattern_databases_ready(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<bool, JsValue> {
    let goal = js::goal(&goal, "patternDatabasesReady(goal)").map_err(|e| js_error(&e))?;
    Ok(crate::heuristic::pdb::installed(goal).is_some())
}

/// The installed databases for `goal` as bytes, for a cache (they load again only while they hash
/// to the pinned SHA-256 digest).
#[wasm_bindgen(js_name = exportPatternDatabases)]
pub fn export_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<js_sys::Uint8Array, JsValue> {
    let goal = js::goal(&goal, "exportPatternDatabases(goal)").map_err(|e| js_error(&e))?;
    let databases = crate::heuristic::pdb::require(4, goal).map_err(|e| js_error(&e))?;
    Ok(js_sys::Uint8Array::from(&databases.to_bytes()[..]))
}

/// Installs databases from `exportPatternDatabases` bytes (a `Uint8Array` or an
/// `ArrayBuffer`); throws (installs nothing) when the bytes are damaged, from another version
/// or for the other goal, so the caller rebuilds.
#[wasm_bindgen(js_name = loadPatternDatabases)]
pub fn load_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
) -> Result<(), JsValue> {
    let goal = js::goal(&goal, "loadPatternDatabases(goal, bytes)").map_err(|e| js_error(&e))?;
    let bytes = js::bytes(&bytes).map_err(|e| js_error(&e))?;
    let databases = crate::heuristic::pdb::PatternDatabases::from_bytes(goal, &bytes)
        .map_err(|e| js_error(&e))?;
    crate::heuristic::pdb::install(databases);
    Ok(())
}

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

/// The arguments of `new Solver(options)`, read from JS.
fn solver_options(options: &JsValue) -> Result<Box<dyn Search>, Error> {
    const CALL: &str = "new Solver(options)";
    let Some(object) = js::options(
        options,
        CALL,
        &["board", "heuristic", "goal", "algorithm", "maxReached"],
    )?
    else {
        return Err(Error::InvalidOption(
            "new Solver needs options: new Solver({board: \"6 4 5 / 8 2 7 / 1 0 3\"})".into(),
        ));
    };
    let heuristic: HeuristicKind = named(js::string_option(&object, "heuristic", CALL)?)?;
    let goal: Goal = named(js::string_option(&object, "goal", CALL)?)?;
    let algorithm: Algorithm = named(js::string_option(&object, "algorithm", CALL)?)?;
    // The core's bound, which the message below spells "1e9".
    const _: () = assert!(crate::search::MAX_REACHED == 1_000_000_000);
    let max_reached = match js::option(&object, "maxReached", CALL)? {
        v if v.is_undefined() => None,
        v => match whole(&v, 1.0, crate::search::MAX_REACHED as f64) {
            Some(n) => Some(n as u64),
            None => {
                return Err(Error::InvalidOption(format!(
                    "maxReached must be a whole number of states from 1 to 1e9, got {}",
                    describe(&v)
                )))
            }
        },
    };
    let board = js::board(&js::option(&object, "board", CALL)?)?;
    new_search(board, goal, heuristic, algorithm, max_reached)
}

/// The options of `run(options)`: the node budget and the callback.
fn run_options(options: &JsValue) -> Result<(Option<u64>, Option<js_sys::Function>), Error> {
    const CALL: &str = "run(options)";
    let Some(object) = js::options(options, CALL, &["maxNodes", "onEvent"])? else {
        return Ok((None, None));
    };
    let max_nodes = match js::option(&object, "maxNodes", CALL)? {
        v if v.is_undefined() => None,
        v => match whole(&v, 0.0, 9_007_199_254_740_991.0) {
            Some(n) => Some(n as u64),
            None => {
                return Err(Error::InvalidOption(format!(
                    "maxNodes must be a whole number of nodes (0 or more), got {}",
                    describe(&v)
                )))
            }
        },
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
        let search = solver_options(&options).map_err(|e| js_error(&e))?;
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

    /// Up to `n` events (at most 1,000,000 a call) packed into a `Uint32Array` of
    /// `RECORD_WORDS` words each (layout in the README and in `trace::pack`); fewer (possibly
    /// none) once the search finishes.
    #[wasm_bindgen(js_name = stepMany)]
    pub fn step_many(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let Some(n) = whole(&n, 0.0, STEP_MANY_MAX as f64) else {
            return Err(invalid(format!(
                "stepMany(n) takes a whole number of events from 0 to {STEP_MANY_MAX}, got {}",
                describe(&n)
            )));
        };
        let n = n as usize;
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
            });
        }
        let records = Uint32Array::from(&packed[..]);
        if packed.capacity() > STEP_MANY_KEEP * RECORD_WORDS {
            packed.clear();
            packed.shrink_to(STEP_MANY_KEEP * RECORD_WORDS);
        }
        Ok(records)
    }

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
        let Some(n) = whole(&n, 0.0, 9_007_199_254_740_991.0) else {
            return Err(invalid(format!(
                "skip(n) takes a whole number of events (0 or more), got {}",
                describe(&n)
            )));
        };
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
    pub fn frontier(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] limit: JsValue,
    ) -> Result<JsValue, JsValue> {
        let Some(limit) = whole(&limit, 0.0, 1000.0) else {
            return Err(invalid(format!(
                "frontier(limit) takes a whole number from 0 to 1000, got {}",
                describe(&limit)
            )));
        };
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

fn numbers(values: &[u8]) -> Array {
    values.iter().map(|&v| JsValue::from(v)).collect()
}
