//! The TypeScript declarations of the shapes the bindings take and return that are not Rust
//! types (options, summaries); wasm-bindgen puts them into tilesearch.d.ts. The events'
//! declarations are generated from `crate::trace` (tsify).

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

// The events (TraceEvent and one interface per event) are generated from src/trace.rs.
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
  /** "exhausted": the search space ran out without the goal (never for a solvable board). */
  status: "solved" | "running" | "exhausted" | "gaveup";
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
