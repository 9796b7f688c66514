// Declarations of the <tile-search> element (the npm package's "tilesearch/element" entry). The
// trace events are the core's (trace-events.d.ts, taken from the wasm package's declarations).
import type { TraceEvent, Heuristic, GoalConvention, CheckVerdict, RunSummary, Catalog } from './trace-events.js';

export type { TraceEvent, Heuristic, GoalConvention } from './trace-events.js';
export type * from './trace-events.js';

/** The searches: IDA* and the lecture's graph searches. */
export type Algorithm = 'ida' | 'bfs' | 'dfs' | 'greedy' | 'astar';
/** The panels of `view`. */
export type Panel = 'input' | 'board' | 'now' | 'code' | 'frontier' | 'tree' | 'timeline' | 'run' | 'solution' | 'compare' | 'quality' | 'glossary';
/** The controls of `controls` (or "none"). */
export type Control = 'step' | 'step-back' | 'next-iteration' | 'run' | 'reset' | 'solve-now' | 'play-solution' | 'speed' | 'predict' | 'overlay'
  | 'copy-link' | 'download-trace' | 'download-tree' | 'download-table' | 'check-trace';
export type Status = 'ready' | 'preparing' | 'running' | 'paused' | 'solved' | 'gaveup' | 'exhausted' | 'error';

/** The pattern databases' progress (heuristic "pdb"). */
export interface DatabasesState {
  goal: GoalConvention; status: string; progress: number; source: string | null;
  seconds: number | null; loadSeconds: number | null; message: string | null;
  /** While building: how many workers build them (two at once where the page has two cores). */
  workers?: number;
  /** Built, but this browser could not store them for the next visit: the error's name (QuotaExceededError, …). */
  notKept?: string | null;
}

/** Predict mode's questions (IDA* only). */
export type QuestionKind = 'prune' | 'f' | 'next-threshold' | 'next-tile' | 'length';
/** `element.question` and the detail of `question`. `choices`: the values answer() takes (prune: "yes" | "no"; next-tile: the tiles, ascending); null: a whole number. */
export interface Question { kind: QuestionKind; prompt: string; choices: (string | number)[] | null }
/** What `answer()` returns and the detail of `answer`: the event it was about is shown next. */
export interface AnswerResult { kind: QuestionKind; given: string | number; correct: boolean; expected: string | number; explanation: string }
/** `state.score`: questions answered, answered right, right in a row now, the longest such run. */
export interface Score { asked: number; correct: number; streak: number; bestStreak: number }

/** `element.state`: a snapshot, read-only. */
export interface TileSearchState {
  /** "preparing" until the search exists (the core loading, or the pattern databases coming), then "ready" before the first event. */
  status: Status;
  algorithm: Algorithm;
  /** IDA*'s current threshold once stepping started, else null. */
  threshold: number | null;
  iteration: number;
  expanded: number;
  generated: number;
  /** Graph searches: states reached so far (else null). */
  reached: number | null;
  maxFrontier: number | null;
  /** Events shown so far (the `position` property). */
  position: number;
  lastEvent: TraceEvent | null;
  solution: { length: number; moves: number[] } | null;
  error: string | null;
  databases: DatabasesState | null;
  /** The tree panel: the shown iteration (0 for a graph search), its nodes so far (visited and
   * pruned; a graph search's generated and skipped) and how many are drawn (at most 50,000). */
  tree: TreeState;
  /** The mode in effect: "predict" only with the attribute and IDA*. */
  mode: 'explore' | 'predict';
  score: Score;
  /** The move order in effect (the `order` attribute, or "lrud" when it has none or a bad one). */
  order: string;
  /** Solved by Solve now (solve()): how many workers, the search's seconds and each worker's share; else null. */
  parallel: ParallelState | null;
  /** IDA* at a raise (the last event shown is `raise`): the thresholds and what set the new one; else null. */
  raise: RaiseState | null;
  /**
   * The whole run (the `run` panel): every IDA* iteration's counts once the core has run the
   * search to the end in a worker (the panel starts it when it comes into view); else null.
   */
  run: RunIteration[] | null;
  /** Heuristic quality (the `quality` panel) of the heuristic in effect, once measured in a worker; else null. */
  quality: QualityState | null;
}

/**
 * One iteration of `state.run`: its threshold, nodes visited and children pruned (Solver's
 * summary), and `new`: the visited nodes the iteration before did not visit (f above its
 * threshold; all of the first iteration's).
 */
export interface RunIteration { iteration: number; threshold: number; visited: number; pruned: number; new: number }

/**
 * `state.quality`: the heuristic in effect against the true distance h*, as `tilesearch quality
 * --json` gives it: on every one of the 181,440 solvable 8-puzzle states (width 3), or on Korf's
 * 100 15-puzzles (width 4); `board`: the board's h and h* (null where unknown: a 15-puzzle not
 * among Korf's, not yet solved by the search or the whole run, whose solution length is h*).
 */
export interface QualityState {
  heuristic: Heuristic; width: number; states: number; admissible: boolean; meanH: number; meanDistance: number;
  board: { h: number; distance: number | null } | null;
}

/** A pruned child whose f set the new threshold: its trace id, g, h, f and the tile slid to reach it. */
export interface RaiseCause { id: number; g: number; h: number; f: number; tile: number | null }
/**
 * `state.raise`: the raise from `from` to `to`, the smallest f pruned in the iteration; `causes`:
 * the children pruned with that f, in trace order (the first 50); `count`: all of them.
 */
export interface RaiseState { from: number; to: number; causes: RaiseCause[]; count: number }

/**
 * One worker's part of a parallel search: packets (subtrees) searched, their nodes (visited +
 * pruned), children generated, seconds busy, and the size of its wasm memory in bytes.
 */
export interface WorkerBalance { worker: number; packets: number; nodes: number; generated: number; busy: number; memory: number }
/**
 * `state.parallel`: the workers, whether the page found the solution itself (a search of up to
 * 10 ms: then no worker, and no part), the seconds from the page's call to the result, the
 * seconds of the search (the page's own first part, then the leading worker's from making the
 * coordinator to the result, without the messages to and from the page), the page's part
 * alone, and each worker's part.
 */
export interface ParallelState { workers: number; onPage: boolean; seconds: number; searchSeconds: number; pageSeconds: number; balance: WorkerBalance[] }

/** `state.tree`. */
export interface TreeState {
  iteration: number; nodes: number; drawn: number;
  /** The boxes drawn: labelled (id, g, h, f) or compact (g, h, f stacked, for a whole iteration across). */
  boxes: 'labelled' | 'compact';
  /** Runs of pruned siblings folded into one mark ("✂ 3"), and the nodes in them. */
  folded: { runs: number; nodes: number };
  /** The node the tree's ring marks: one clicked or reached with the keys, or Play solution's. */
  selected: { id: number; g: number; h: number } | null;
  /** While *Whole iteration* is open, what it shows; else null. */
  overview: OverviewState | null;
}

/** A screen box in client pixels, and its centre. */
export interface ScreenBox { left: number; top: number; width: number; height: number; x: number; y: number }

/** `state.tree.overview`: the whole iteration sideways, one column per depth g and one row per line. */
export interface OverviewState {
  rows: number; depths: number;
  /** Visited nodes and groups of pruned children (one per parent, unless opened). */
  items: number; groups: number;
  /** Parents whose pruned children are shown one per row. */
  opened: number;
  /** Items marked as the raise's causes (a child with f = the new threshold). */
  causes: number;
  /** Sizes in CSS pixels. */
  rowHeight: number; columnWidth: number; boxWidth: number; fontPx: number;
  /** Whether it all shows without scrolling. */
  fits: boolean;
  /** The search's current node (null: none, or out of view). */
  current: ScreenBox | null;
  /** The first group of two or more pruned children: their trace ids, and its box. */
  firstGroup: { ids: number[]; box: ScreenBox | null } | null;
}

/** The detail of `solved`. */
export interface SolvedDetail { length: number; moves: number[]; expanded: number; generated: number }
/** The detail of `gaveup`: a graph search hit its memory guard. */
export interface GaveUpDetail { reached: number; limit: number }
/** The detail of `optionschange`. */
export interface OptionsChangeDetail { board: string; heuristic: Heuristic; goal: GoalConvention }

/** The element's events: bubbling and composed. */
export interface TileSearchEventMap extends HTMLElementEventMap {
  /** The trace event just shown (at full speed once per frame, the last one). */
  step: CustomEvent<TraceEvent>;
  solved: CustomEvent<SolvedDetail>;
  gaveup: CustomEvent<GaveUpDetail>;
  optionschange: CustomEvent<OptionsChangeDetail>;
  /** Reset: back to the start, before the first event. */
  reset: CustomEvent<null>;
  /** Predict mode asks about the next event (not shown yet). */
  question: CustomEvent<Question>;
  answer: CustomEvent<AnswerResult>;
  /** A verdict of checkTrace() or of the check card. */
  check: CustomEvent<CheckVerdict>;
}

/** The element's attributes, as markup takes them (for frameworks' JSX typings): those of www/element/attributes.js, and `id`. */
export interface TileSearchAttributes {
  board?: string;
  heuristic?: Heuristic;
  goal?: GoalConvention;
  algorithm?: Algorithm;
  /** The blank's moves in the order tried: l, r, u, d once each (default "lrud"). */
  order?: string;
  'max-reached'?: string | number;
  /** Events per second, 1 to 1000, or "max". */
  speed?: string | number;
  autoplay?: boolean | '';
  loop?: boolean | '';
  /** Space-separated panels. */
  view?: string;
  /** Space-separated controls, or "none". */
  controls?: string;
  /** A number of pixels or a CSS length. */
  height?: string | number;
  caption?: string;
  theme?: 'light' | 'dark';
  /** Events to show once the search exists (a deep link's step). */
  position?: string | number;
  /** "predict": a question before each event it applies to (IDA* only). */
  mode?: 'explore' | 'predict';
  id?: string;
}

/** `<tile-search>`: IDA* on a sliding-tile board, step by step. */
export declare class TileSearchElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The core's names of the heuristics, algorithms, goal conventions and move orders with their display names (each list's default first), once the core is loaded. */
  static catalog(): Promise<Catalog>;
  /** The board as text; arrays of numbers (0 = blank) are accepted too. */
  get board(): string;
  set board(value: string | number[]);
  heuristic: Heuristic;
  goal: GoalConvention;
  algorithm: Algorithm;
  /** The blank's moves in the order tried: l, r, u, d once each (default "lrud"; a bad value is named in the message line). */
  order: string;
  /** Events per second; Infinity is full speed. */
  get speed(): number;
  set speed(value: number | 'max');
  /** The graph searches' memory guard (null: the core's default). */
  maxReached: number | null;
  autoplay: boolean;
  /** After a run reaches the solution, start again 3 s later. */
  loop: boolean;
  /** The panels shown, space-separated (null: all). */
  view: string | null;
  /** The controls shown, space-separated, or "none" (null: all). */
  controls: string | null;
  /** A fixed height: pixels or a CSS length (null: the content's height). */
  height: string | null;
  /** A caption under the widget (its accessible name unless aria-label is set). */
  caption: string | null;
  /** "light" or "dark" (null: the page's color-scheme). */
  theme: string | null;
  /**
   * Events shown so far; setting it shows the moment after that many events, back or forward
   * (the tree is redrawn over the next frames); a value that is not a whole number throws a RangeError.
   */
  get position(): number;
  set position(value: number);
  readonly state: TileSearchState;
  /** "explore" (default) or "predict"; another value throws a RangeError. */
  get mode(): 'explore' | 'predict';
  set mode(value: 'explore' | 'predict');
  /** Predict mode: the question waiting for an answer, or null. */
  readonly question: Question | null;
  /**
   * Answers the waiting question and shows the event it was about. Throws an Error with no
   * question waiting, a TypeError for a value of the wrong type, a RangeError for one out of range.
   */
  answer(value: string | number | boolean): AnswerResult;
  /**
   * Checks a student's IDA* trace (JSON Lines, or a File of them) for the board shown, in a
   * worker, and shows the verdict (the check card, the moment before the divergence in the
   * trace's move order). Rejects with a TypeError for another type, with the core's
   * TileSearchError for bad options or an unsolvable board.
   */
  checkTrace(trace: string | Blob): Promise<CheckVerdict>;
  /** The page's URL with this widget's options (and id) and the moment shown (step, iteration) in the hash. */
  readonly link: string;
  /** Shows one more event and returns it (undefined at the end or on an invalid board). */
  step(): TraceEvent | undefined;
  /** Back one event (a deterministic replay). */
  stepBack(): Promise<void>;
  /** Runs to the end of the current iteration (or the solution), in a worker. */
  nextIteration(): void;
  /** Runs at the element's speed (full speed: in a worker); called while the core is still loading (status "preparing"), it runs once the search exists. */
  play(): void;
  pause(): void;
  reset(): void;
  /**
   * Solve now: IDA* over every core (a parallel search in the page's workers), shown as the
   * solved state (the tree is not drawn; `state.parallel` says how many workers did it).
   * Resolves to the summary a sequential Solver's run() returns (the same solution and
   * per-iteration counts); rejects with the core's TileSearchError for options it cannot
   * search, an Error for a graph search or a page that cannot start workers, and a
   * DOMException named AbortError when Pause, Reset, new options or removal abandon it.
   */
  solve(): Promise<RunSummary>;
  /** Copies `link`; resolves to the status line. */
  copyLink(): Promise<string>;
  /** The events shown so far as JSON Lines (the CLI's trace schema). */
  exportTrace(): Promise<string>;
  /** The drawn tree as an SVG document. */
  exportTree(): string;
  /** IDA*'s iterations as CSV. */
  exportTable(): string;

  addEventListener<K extends keyof TileSearchEventMap>(type: K, listener: (this: TileSearchElement, event: TileSearchEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof TileSearchEventMap>(type: K, listener: (this: TileSearchElement, event: TileSearchEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { 'tile-search': TileSearchElement }
}
