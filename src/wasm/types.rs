//! The TypeScript declarations that no Rust type stands for; wasm-bindgen puts them into
//! tilesearch.d.ts. Everything else there is generated from the Rust types (tsify): the events
//! (`crate::trace`), `Heuristic` and `GoalConvention` (`HeuristicKind`, `Goal`), `SearchStatus`,
//! `RunSummary` and `IterationSummary` (`crate::search`), the parallel search's `Packet`,
//! `PacketTask`, `ParallelIteration` and `PacketResult` (`crate::search::parallel`), `FrontierEntry`, `BoardDescription`
//! with `HeuristicEstimates` and `Conflict`.
//!
//! Hand-written here: `Catalog` (`catalog()` returns it as JSON text, so no Rust type stands for it), `WholeSearched`, `AheadSearched`, `TeamResult`
//! (set key by key: a serialiser of its own would cost the module a kilobyte), the options objects (the parallel search's too), which `solver.rs` reads key by key from JS (no Rust
//! struct; `RunOptions` holds a JS callback), and the `run` overload with its optional
//! parameter, which the generated signature cannot say. The algorithm names stay a literal
//! union: a generated `Algorithm` would shadow the element's own in the npm package.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
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
  /** The order the blank's moves are tried in: l, r, u, d once each (default "lrud"). */
  order?: string;
}

/** Options of `new ParallelSearch(options)`: `new Solver`'s for IDA*; unknown keys are errors. */
export interface ParallelSearchOptions {
  /** The board as text ("6 4 5 / 8 2 7 / 1 0 3", "6,4,5,…") or an array of numbers, 0 = blank. */
  board: string | number[];
  /** Default "manhattan"; "pdb" uses the databases installed in this instance. */
  heuristic?: Heuristic;
  /** Default "blank-last". */
  goal?: GoalConvention;
  /** The order the blank's moves are tried in: l, r, u, d once each (default "lrud"). */
  order?: string;
  /** The pool's workers (1 to 256, default 1): sizes the packets, 64 per worker. */
  workers?: number;
  /**
   * Nodes (visited + pruned) an iteration must be predicted to make to be split (default 0:
   * every iteration is); smaller ones, and all with one worker, are one packet, the start.
   * `parallelSplitAbove()` suits a pool of browser workers.
   */
  splitAbove?: number;
  /**
   * Where a sequential search of the same options stands (`Solver.handOver()`): the
   * parallel search goes on from there, its counts added, and ends as that search would.
   */
  handOver?: Float64Array | null;
}

/** What `ParallelSearch.searchWhole(searcher)` searched. */
export interface WholeSearched {
  /** The unsplit iterations searched (0: the current one is split, or the search has finished). */
  iterations: number;
  /** The last one's threshold (0 when none). */
  threshold: number;
  /** Their nodes, visited and pruned. */
  nodes: number;
  /** The children they generated. */
  generated: number;
}

/** What `teamLead(team, goOn, ms)` searched. */
export interface TeamResult {
  /** What a `Solver`'s `run()` would give (of the iterations finished, when stopped). */
  summary: RunSummary;
  /** Whether `goOn` stopped it. */
  stopped: boolean;
  /** Iterations searched whole by the leader, and split among the team. */
  whole: number;
  split: number;
  /** Packets of split iterations taken by a worker, and never taken (after a solving one). */
  taken: number;
  skipped: number;
  /** Each worker's share, the leader first: packets searched to the end, their nodes and
   * children, packets given up, seconds busy. */
  workers: { packets: number; nodes: number; generated: number; abandoned: number; busy: number }[];
}

/** What `ParallelSearch.searchAhead(searcher, nodes)` searched of the current iteration. */
export interface AheadSearched {
  /** Packets searched, in order, each taken as `accept` takes a result. */
  packets: number;
  /** Their nodes, visited and pruned. */
  nodes: number;
  /** The children they generated. */
  generated: number;
  /** The index after the last packet searched: the rest go out from here. */
  next: number;
  /** Whether that completed the iteration (`iteration()` gives the next one, or null). */
  complete: boolean;
}

/** Options of `new PacketSearcher(options)`: the coordinator's, without `workers`. */
export interface PacketSearcherOptions {
  /** The coordinator's board. */
  board: string | number[];
  /** The coordinator's heuristic; "pdb" uses the databases installed in this (worker's) instance. */
  heuristic?: Heuristic;
  /** The coordinator's goal. */
  goal?: GoalConvention;
  /** The coordinator's move order. */
  order?: string;
}

/** Options of `checkTrace(options, trace)`; unknown keys are errors. */
export interface CheckOptions {
  /** The start board of the trace. */
  board: string | number[];
  /** Default "manhattan". */
  heuristic?: Heuristic;
  /** Default "blank-last". */
  goal?: GoalConvention;
  /** The trace's move order (l, r, u, d once each); inferred from the trace when absent. */
  order?: string;
}

/** One name an option takes (`name`: "manhattan", "ida", "blank-last", "lrud"), its name in a sentence (`title`: "Manhattan distance", "breadth-first search", "left, right, up, down") and its short name for menus (`label`: "Manhattan", "BFS (breadth-first)"). */
export interface CatalogEntry { name: string; title: string; label: string }

/** An algorithm's entry: also whether the solution it finds is a shortest one (BFS, A*, IDA*). */
export interface AlgorithmEntry extends CatalogEntry { shortest: boolean }

/** `JSON.parse(catalog())`: the names each option takes, each list's default first. */
export interface Catalog {
  /** `heuristic`'s values ("pdb" is for 4×4 boards). */
  heuristics: CatalogEntry[];
  /** `algorithm`'s values: IDA* and the lecture's graph searches. */
  algorithms: AlgorithmEntry[];
  /** `goal`'s values. */
  goals: CatalogEntry[];
  /** `order`'s values: the 24 orders of the blank's moves. */
  orders: CatalogEntry[];
}

/** Options of `heuristicQuality(options)`; unknown keys are errors. */
export interface QualityOptions {
  /** Default "manhattan"; "pdb" only with width 4 and its databases installed. */
  heuristic?: Heuristic;
  /** Default "blank-last". */
  goal?: GoalConvention;
  /** 3 (default): every 8-puzzle state; 4: Korf's 100 15-puzzles. */
  width?: 3 | 4;
  /** A board of that width whose cell to give (`board` of the result). */
  board?: string | number[];
}

/** `heuristicQuality(options)`: a heuristic's h against the true distance h*, as `tilesearch quality --json` prints it. */
export interface HeuristicQuality {
  heuristic: Heuristic;
  goal: GoalConvention;
  width: number;
  /** States measured: 181,440 (every solvable 8-puzzle state) or 100 (Korf's). */
  states: number;
  /** No state has h > h*. */
  admissible: boolean;
  /** States with h > h*. */
  overestimated: number;
  meanH: number;
  meanDistance: number;
  /** States with h = h*. */
  exact: number;
  maxDistance: number;
  maxH: number;
  /** `counts[hStar][h]`: the states at distance hStar with estimate h. */
  counts: number[][];
  /** The given board's h and h* (null where unknown), or null without a board. */
  board: { h: number; distance: number | null } | null;
}

/** Options of `run(options)`; unknown keys are errors. */
export interface RunOptions {
  /** Stop after this many more nodes (visited + pruned); the search resumes exactly there. */
  maxNodes?: number;
  /** Called with every event, in order (slower: one object per event). */
  onEvent?: (event: TraceEvent) => void;
}

/** `run(options?)`: see the method's documentation. */
export interface Solver {
  /**
   * Runs from where stepping left off to the end, or for `maxNodes` more nodes; with `onEvent`,
   * passes every event to it. After a finished run, `step()` returns `undefined`.
   */
  run(options?: RunOptions): RunSummary;
}
"#;
