// <tile-search>'s class, TileSearchElement (tile-search.js defines the element; importing this
// module alone defines nothing and loads nothing: the wasm is fetched when a widget first connects).
// A thin facade: its attributes, properties and methods over the private controller in
// explorer.js, which owns the shadow DOM, the views, the search and the one view state.
//
// IDA* on a sliding-tile board, step by step. The core does the search (the page never
// re-implements puzzle rules or search); the element shows one moment of it: a ViewState
// (view-state.js) holds the records shown so far and the snapshot the search sent with the
// last of them (snapshot.js), and every panel renders from it. Human-speed stepping takes
// records from the element's own Solver; full-speed runs and "Next iteration" stream them from
// the page's shared Web Workers, each batch with its snapshot, and leave the own Solver behind
// until it is needed again (the core's seek catches it up). Step back, deep links and the
// `position` property seek too: the core restarts at the moment's iteration, and that
// iteration's records are replayed into the tree.
//
// API: the attributes are in attributes.js (one table: names, types, defaults, values), each
// reflected as a property; besides them:
//   state      read-only {status: "ready"|"preparing"|"running"|"paused"|"solved"|"gaveup"|"error", algorithm,
//              threshold, iteration, expanded, generated, reached, maxFrontier (graph searches, else null),
//              lastEvent, solution: {length, moves} | null, error: string | null, databases (pdb, else null),
//              tree: {iteration, nodes, drawn} (the tree panel: its nodes so far and how many are drawn),
//              position (events shown), mode ("explore" | "predict": in effect), score: {asked, correct, streak, bestStreak}}
//   position   events shown; setting the property (or the attribute, or a link's step=N) shows the
//              moment after that many events, back or forward
//   question   read-only: the question waiting in predict mode, {kind, prompt, choices} or null
//   answer(v)  answers it: returns {kind, given, correct, expected, explanation} and shows the event; with no
//              question waiting it throws an Error, a value of the wrong type a TypeError, out of range a RangeError
//   checkTrace(trace)  checks a student's IDA* trace (JSON Lines: a string or a File) in the worker; resolves to
//              the core's verdict, shown in the check card ("Check a trace…" in the Share menu) with the moment before
//              the divergence (the explorer switches to the trace's move order); the "check" event has it too
//   step()     shows one event and returns it; play(), pause(), reset(); stepBack() and nextIteration()
//              too (the Step back and Next iteration buttons), which finish asynchronously
//   solve()    Solve now: IDA* over every core (parallel-search.js: packets of subtrees in the page's workers);
//              resolves to the summary Solver.run() gives, shows the solved state (state.parallel: {workers,
//              onPage, seconds, balance}: onPage when the page itself found it, within its first 10 ms); rejects with the core's error, or an AbortError when Pause, Reset, new
//              options or removal abandon it
//   TileSearchElement.catalog()  the core's names and display names of the heuristics, algorithms, goals and move orders
//   events     "step" (detail: the trace event just shown; at full speed once per frame, the last one),
//              "check" (detail: the verdict), "question" (detail: the question), "answer" (detail: what answer() returns),
//              "solved" (detail: {length, moves, expanded, generated}), "gaveup" (detail: {reached, limit}), "optionschange" (detail:
//              {board, heuristic, goal}, for a page that keeps them in the URL), "reset": all bubbling and composed
//
// Embedding (the guide's docs/embed.md; a bad value shows a message in the widget):
//   link, copyLink()        the page's URL with board/heuristic/goal (algorithm, the widget's id) in the hash; a
//                           widget whose id the hash names takes those options when it connects
//   exportTrace(), exportTree(), exportTable()   the Download buttons' files as text: the events so far as
//                           JSON Lines (the CLI's trace schema), the drawn tree as SVG, the iterations as CSV
//   Polite: it runs only when asked (or with autoplay, unless the reader prefers reduced motion), pauses
//   while scrolled out of view or inside a `hidden` element (a slide not shown) and goes on when back; widgets share the compiled wasm module, the page's pool of
//   solver workers (worker-client.js) and its per-frame drawing budget (frame-scheduler.js), nothing else.
// Styling: it inherits the page's font; custom properties --tile-search-font, --tile-search-text,
//   --tile-search-background, --tile-search-accent, --tile-search-tile, --tile-search-tile-text,
//   --tile-search-highlight, --tile-search-solution, --tile-search-board-size, --tile-search-tree-height; parts: input,
//   controls, share, progress, board, now, frontier, tree, timeline, run, solution, compare, quality, caption, message
//   (e.g. tile-search::part(caption) { font-style: normal }).
import { Explorer } from '../app/explorer.js';
import { OBSERVED, DEFAULTS, MODES, parseAttribute } from '../model/attributes.js';
import { coreReady } from '../platform/page-core.js';
import { coreCatalog } from '../model/catalog.js';

/**
 * The `<tile-search>` element: IDA* (and the lecture's graph searches) on a sliding-tile board, step by step.
 * @tagname tile-search
 * @attr {string} board - the board as text (the CLI's forms); default the lecture's challenging case 6 4 5 8 2 7 1 0 3
 * @attr {"manhattan"|"linear-conflict"|"hamming"|"pdb"} heuristic - default manhattan; pdb is for 4×4 boards
 * @attr {"blank-last"|"blank-first"} goal - default blank-last
 * @attr {"ida"|"bfs"|"dfs"|"greedy"|"astar"} algorithm - default ida
 * @attr {string} order - the blank's moves in the order tried: l, r, u, d once each; default lrud
 * @attr {string} max-reached - the graph searches' memory guard, in reached states
 * @attr {string} speed - events per second (1 to 1000) or max; default 4
 * @attr {boolean} autoplay - run once in view (not for readers who prefer reduced motion)
 * @attr {boolean} loop - start again 3 s after the solution
 * @attr {string} view - the panels: any of input board now code frontier tree timeline run solution compare quality glossary (default all)
 * @attr {string} controls - any of step step-back next-iteration run reset solve-now play-solution speed overlay copy-link download-trace download-tree download-table check-trace, or none
 * @attr {string} height - a fixed height: pixels or a CSS length
 * @attr {string} caption - a caption under the widget (its accessible name unless aria-label is set)
 * @attr {"light"|"dark"} theme - default the page's color-scheme
 * @attr {string} position - events to show once the search exists (a deep link's step); the property reads and sets the moment shown
 * @attr {"explore"|"predict"} mode - predict: before an event is shown, a question about it (IDA* only); default explore
 * @fires {CustomEvent} step - the trace event just shown (detail: a TraceEvent)
 * @fires {CustomEvent} question - predict mode asks about the next event (detail: {kind, prompt, choices})
 * @fires {CustomEvent} check - checkTrace's verdict (detail: {ok, line, kind, message, expected, got, position, order, summary})
 * @fires {CustomEvent} answer - detail {kind, given, correct, expected, explanation}; the event is shown next
 * @fires {CustomEvent} solved - detail {length, moves, expanded, generated}
 * @fires {CustomEvent} gaveup - detail {reached, limit}: a graph search hit its memory guard
 * @fires {CustomEvent} optionschange - detail {board, heuristic, goal}
 * @fires {CustomEvent} reset - back to the start (Reset, R or reset())
 * @csspart input
 * @csspart controls
 * @csspart predict
 * @csspart check
 * @csspart share
 * @csspart progress
 * @csspart board
 * @csspart now
 * @csspart code
 * @csspart frontier
 * @csspart tree
 * @csspart timeline
 * @csspart run
 * @csspart solution
 * @csspart compare
 * @csspart quality
 * @csspart glossary
 * @csspart caption
 * @csspart message
 * @cssprop --tile-search-font - font family (default the page's)
 * @cssprop --tile-search-text - text colour
 * @cssprop --tile-search-background - the widget's background
 * @cssprop --tile-search-accent - buttons, outlines, chart bars
 * @cssprop --tile-search-tile - the tiles
 * @cssprop --tile-search-tile-text - the tiles' numbers
 * @cssprop --tile-search-highlight - the tile just slid, the current path
 * @cssprop --tile-search-solution - the solution path
 * @cssprop --tile-search-board-size - the board's width and height (default 15rem)
 * @cssprop --tile-search-tree-height - the tree's height (default 24rem)
 */
class TileSearchElement extends HTMLElement {
  static observedAttributes = [...OBSERVED];

  /**
   * The core's names of the heuristics, algorithms, goal conventions and move orders, each with
   * its display name (the wasm `catalog()`), once the core is ready: for menus and titles.
   * @returns {Promise<import('../pkg/tilesearch.js').Catalog>}
   */
  static async catalog() {
    await coreReady();
    return structuredClone(coreCatalog()); // the caller's own copy
  }

  #explorer;

  constructor() {
    super();
    this.#explorer = new Explorer(this, this.attachShadow({ mode: 'open' }));
  }

  connectedCallback() { this.#explorer.connected(); }
  disconnectedCallback() { this.#explorer.disconnected(); }
  attributeChangedCallback(name, oldValue, value) { this.#explorer.attributeChanged(name, oldValue, value); }

  // Each attribute of attributes.js as a property: its text, or its value in effect.
  /** @returns {string} */
  #text(name) { return this.getAttribute(name) ?? /** @type {string} */ (DEFAULTS[name]) ?? null; }
  #reflect(name, value) { if (value === null || value === undefined) this.removeAttribute(name); else this.setAttribute(name, String(value)); }

  get board() { return this.#text('board'); }
  set board(value) { this.setAttribute('board', Array.isArray(value) ? value.join(' ') : String(value)); }
  get heuristic() { return this.#text('heuristic'); }
  set heuristic(value) { this.setAttribute('heuristic', value); }
  get goal() { return this.#text('goal'); }
  set goal(value) { this.setAttribute('goal', value); }
  /** Events per second; Infinity (attribute "max") is full speed. @returns {number} */
  get speed() { return /** @type {number} */ (parseAttribute('speed', this.getAttribute('speed')).value); }
  /** @param {number | 'max'} value */
  set speed(value) { this.setAttribute('speed', value === Infinity || value === 'max' ? 'max' : String(Number(value))); }
  get algorithm() { return this.#text('algorithm'); }
  set algorithm(value) { this.setAttribute('algorithm', value); }
  /** The order the blank's moves are tried in: l, r, u, d once each (the attribute; default "lrud"; state.order: the one in effect). */
  get order() { return this.#text('order'); }
  set order(value) { this.setAttribute('order', value); }
  /** The graph searches' memory guard in reached states; null: the core's default. */
  get maxReached() { const text = this.getAttribute('max-reached'); return text === null ? null : Number(text); }
  set maxReached(value) { this.#reflect('max-reached', value); }
  /**
   * Events shown so far. Setting it shows the moment after that many events (fewer if the
   * search ends first), back or forward, as a deep link does; like Step back, the tree of that
   * moment's iteration is redrawn over the next frames. A value that is not a whole number of
   * events throws a RangeError and changes nothing.
   */
  get position() { return this.#explorer.position; }
  set position(value) { this.#explorer.goTo(value); }
  get autoplay() { return this.hasAttribute('autoplay'); }
  set autoplay(value) { this.toggleAttribute('autoplay', Boolean(value)); }
  /** "explore" or "predict" (the attribute; another value is named in the message line and explore stays in effect). */
  get mode() { return /** @type {'explore' | 'predict'} */ (parseAttribute('mode', this.getAttribute('mode')).value); }
  set mode(value) {
    if (!MODES.includes(value)) throw new RangeError(`mode must be "explore" or "predict", not ${JSON.stringify(value) ?? String(value)}`);
    this.setAttribute('mode', value);
  }
  get loop() { return this.hasAttribute('loop'); }
  set loop(value) { this.toggleAttribute('loop', Boolean(value)); }
  /** The panels shown, space-separated (null: all). */
  get view() { return this.getAttribute('view'); }
  set view(value) { this.#reflect('view', value); }
  /** The controls shown, space-separated, or "none" (null: all). */
  get controls() { return this.getAttribute('controls'); }
  set controls(value) { this.#reflect('controls', value); }
  /** A fixed height: pixels or a CSS length (null: the content's height). */
  get height() { return this.getAttribute('height'); }
  set height(value) { this.#reflect('height', value); }
  get caption() { return this.getAttribute('caption'); }
  set caption(value) { this.#reflect('caption', value); }
  /** "light" or "dark" (null: the page's color-scheme). */
  get theme() { return this.getAttribute('theme'); }
  set theme(value) { this.#reflect('theme', value); }

  /** Predict mode: the question about the next event, {kind, prompt, choices}, while it waits; else null. */
  get question() { return this.#explorer.question; }

  /**
   * Answers the waiting question; returns {kind, given, correct, expected, explanation}, and the
   * event it was about is shown. Throws (and changes nothing) with no question waiting (Error),
   * a value of the wrong type (TypeError) or one that cannot be an answer (RangeError).
   */
  answer(value) { return this.#explorer.answer(value); }

  /**
   * Checks a student's IDA* trace (JSON Lines, as a string or a File) for the board shown, in a
   * worker; resolves to the core's verdict {ok, line, kind, message, expected, got, position,
   * order, summary}, which the explorer then shows (the check card, and the moment before the
   * divergence in the trace's move order); rejects with the core's error for bad options.
   */
  checkTrace(trace) { return this.#explorer.checkTrace(trace); }


  /** A snapshot of what the widget shows (see the guide's docs/element.md). */
  get state() { return this.#explorer.state; }

  /** Shows one more event; returns it (undefined at the end or on an invalid board). */
  step() { return this.#explorer.step(); }

  /** Back one event: the core seeks to its iteration's start, and the iteration is redrawn to there. */
  stepBack() { return this.#explorer.stepBack(); }

  /** Runs to the end of the current iteration (its raise) or to the solution, in the worker. */
  nextIteration() { this.#explorer.nextIteration(); }

  /** Runs at `speed`; at full speed in the worker. */
  play() { this.#explorer.play(); }

  /**
   * Solve now: IDA* over every core of the page (a parallel search in the page's workers),
   * shown as the solved state (the tree is not drawn; state.parallel says how many workers
   * did it, or onPage: the page itself found it, a search of up to 10 ms). Resolves to the summary a sequential Solver's run() returns; rejects with the
   * core's error for options it cannot search, or an AbortError when Pause, Reset, new options
   * or the widget's removal abandon it.
   */
  solve() { return this.#explorer.solve(); }

  pause() { this.#explorer.pause(); }

  /** Back to the start, before the first event. */
  reset() { this.#explorer.reset(); }

  /** The page's URL with this widget's board, heuristic and goal (and its id), and the moment shown (step, iteration), in the hash. */
  get link() { return this.#explorer.link; }

  /** Copies `link` to the clipboard; resolves to the status line the Copy link button shows. */
  copyLink() { return this.#explorer.copyLink(); }

  /** The events shown so far as JSON Lines (one Solver.step() object per line, as `tilesearch trace` prints them). */
  exportTrace() { return this.#explorer.exportTrace(); }

  /** The drawn tree of the current iteration as an SVG document. */
  exportTree() { return this.#explorer.exportTree(); }

  /** The iterations table as CSV. */
  exportTable() { return this.#explorer.exportTable(); }
}

export { TileSearchElement };
