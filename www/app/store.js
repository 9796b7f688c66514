// The widget's one store: what the explorer is doing and what it shows, changed only by the
// named transitions below. Views never hold state of their own that another panel needs: the
// renderer reads this state (and the view state of the search's moment, model/view-state.js)
// after every change, so every panel shows the same moment.
//
// A transition that starts an activity (a run, a stream, a seek, Solve now, the solution's
// playback) or ends one by taking over (Pause, Reset, new options) opens a new *task*: work
// still in flight for an older task (a frame callback, a worker's reply, an awaited seek) sees
// that it is no longer current and stops. Pure: no DOM, tested in Node.

/**
 * What the explorer is doing.
 * - idle: waiting for the reader (paused, or nothing started)
 * - running: stepping at the chosen speed on the page's own Solver
 * - streaming: events streamed from a worker at full speed (a Run, or Next iteration)
 * - seeking: walking ahead to a far position (stoppable)
 * - replaying: redrawing the iteration up to the position (a few frames; the controls wait)
 * - playing: the solution's moves are played on the board
 * - solving: Solve now, on every core
 * @typedef {'idle' | 'running' | 'streaming' | 'seeking' | 'replaying' | 'playing' | 'solving'} Phase
 */

/** The phases in which Pause has something to stop. */
export const BUSY = Object.freeze(['running', 'streaming', 'seeking', 'playing', 'solving']);

/**
 * @typedef {object} IterationRow
 * @property {number} iteration
 * @property {number} threshold
 * @property {number} visited
 * @property {number} pruned
 * @property {number | null} nextThreshold
 */

/**
 * @typedef {object} State
 * @property {Phase} phase
 * @property {number} task           the current task: older work stops
 * @property {boolean} streamingRun   the stream is a full-speed Run (not Next iteration)
 * @property {boolean} ready          the core is loaded and the element in a document
 * @property {string | null} error    the board or an option the core refused
 * @property {string} progress        the progress line
 * @property {boolean} warn           the progress line reports a failure
 * @property {object | null} solved   the solved event, or Solve now's ({length, moves, expanded, generated})
 * @property {object | null} gaveup   the gaveup event (the memory guard)
 * @property {object | null} lastEvent the last event shown, decoded
 * @property {{moves: number[], shown: number, interval: number} | null} playback
 * @property {object | null} parallel Solve now's result: {workers, onPage, seconds, searchSeconds, pageSeconds, balance, packets, numbers}
 * @property {boolean} overlay        each tile's share of h is drawn
 * @property {object | null} check    the verdict in the check card: {verdict, key}
 * @property {object | null} feedback predict mode's last answer
 * @property {boolean} asking         a question waits for an answer
 * @property {string} order           the move order in effect
 * @property {string} orderProblem    why the order attribute was not taken ('' if it was)
 * @property {{iterations: IterationRow[], starts: number[], finished: boolean, furthest: number}} known
 *   every iteration computed so far in this search, where each starts, and the furthest position
 *   shown (the timeline keeps them when the reader goes back, and goes forward again)
 */

/** What a search's moment clears: the events shown and all that follows from them. */
const CLEARED = Object.freeze({
  solved: null, gaveup: null, lastEvent: null, playback: null, parallel: null, progress: '', warn: false,
  feedback: null, asking: false,
});

const NO_KNOWN = Object.freeze({ iterations: [], starts: [], finished: false, furthest: 0 });

/** Whether iterations list `a` goes further than `b`: more iterations, or more nodes in the last one. */
export const further = (a, b) => {
  if (a.length !== b.length) return a.length > b.length;
  if (a.length === 0) return false;
  const nodes = (row) => row.visited + row.pruned;
  return nodes(a.at(-1)) > nodes(b.at(-1)) || (a.at(-1).nextThreshold !== null && b.at(-1).nextThreshold === null);
};

/** @returns {State} */
export const initialState = (order = 'lrud') => ({
  phase: 'idle', task: 0, streamingRun: false, ready: false, error: null, progress: '', warn: false,
  solved: null, gaveup: null, lastEvent: null, playback: null, parallel: null, overlay: false,
  check: null, feedback: null, asking: false, order, orderProblem: '',
  known: NO_KNOWN,
});

/**
 * The transitions: each takes the state and its payload and returns the fields that change.
 * `takesOver` transitions open a new task (they stop whatever was in flight).
 * @type {Record<string, {takesOver?: boolean, apply: (state: State, payload: any) => Partial<State>}>}
 */
export const TRANSITIONS = {
  /** The core is in and the element connected (or the element left: ready false). */
  readied: { apply: (_, ready) => ({ ready }) },
  /** The board or an option changed: a new search (or an error), nothing shown. */
  configured: { takesOver: true, apply: (_, { error = null, order, orderProblem = '' }) => ({
    ...CLEARED, phase: 'idle', error, order, orderProblem, known: NO_KNOWN,
  }) },
  /** The same search, back to before its first event (the timeline keeps what was computed). */
  reset: { takesOver: true, apply: () => ({ ...CLEARED, phase: 'idle' }) },
  /** Whatever was in flight stopped (Pause, or another action about to start). */
  stopped: { takesOver: true, apply: (state, { progress } = {}) => ({
    phase: 'idle', playback: null, asking: false, progress: progress ?? state.progress,
  }) },
  /** Events were shown: the last one, and the iterations known so far (the longest list wins). */
  shown: { apply: (state, { lastEvent, iterations, starts, position = 0 }) => {
    const known = state.known;
    // A seek back shows fewer iterations than were computed: the timeline keeps them all.
    const ahead = iterations && further(iterations, known.iterations);
    if (!ahead && position <= known.furthest) return { lastEvent };
    return { lastEvent, known: { ...known, furthest: Math.max(position, known.furthest),
      ...(ahead ? { iterations, starts: starts && starts.length >= known.starts.length ? starts : known.starts } : {}) } };
  } },
  /** The search reached its goal (stepping, streaming, or Solve now). */
  solved: { apply: (state, solved) => ({ solved, phase: 'idle', known: { ...state.known, finished: true } }) },
  /** A graph search hit its memory guard. */
  gaveUp: { apply: (_, gaveup) => ({ gaveup, phase: 'idle' }) },
  /** Back to an earlier moment: the solution is no longer shown (it is found again on the way). */
  rewound: { apply: () => ({ ...CLEARED }) },
  runStarted: { takesOver: true, apply: () => ({ phase: 'running', progress: '', warn: false }) },
  streamStarted: { takesOver: true, apply: (_, { untilRaise }) => ({ phase: 'streaming', streamingRun: !untilRaise, progress: '', warn: false }) },
  /** A run or stream ended by itself (the raise, the solution): nothing to stop. */
  finished: { apply: (_, { progress }) => ({ phase: 'idle', progress }) },
  seekStarted: { takesOver: true, apply: () => ({ phase: 'seeking' }) },
  replayStarted: { apply: () => ({ phase: 'replaying' }) },
  seekEnded: { apply: () => ({ phase: 'idle', progress: '' }) },
  solveStarted: { takesOver: true, apply: (_, { progress }) => ({ phase: 'solving', progress, warn: false }) },
  solveFailed: { apply: (_, { progress }) => ({ phase: 'idle', progress, warn: true }) },
  /** Solve now's solved moment: no events shown, the counters and the solution known. */
  solvedNow: { apply: (state, { solved, parallel, progress, iterations }) => ({
    ...CLEARED, phase: 'idle', solved, lastEvent: { ...solved, moves: [...solved.moves] }, parallel, progress,
    known: { iterations, starts: [], finished: true, furthest: 0 },
  }) },
  playbackStarted: { takesOver: true, apply: (_, playback) => ({ phase: 'playing', playback }) },
  playbackMoved: { apply: (state, { shown }) => ({
    playback: { ...state.playback, shown }, phase: shown >= state.playback.moves.length ? 'idle' : 'playing',
  }) },
  progressed: { apply: (_, { progress, warn = false }) => ({ progress, warn }) },
  asked: { apply: (state) => ({ asking: true, feedback: null, phase: state.phase === 'running' ? 'idle' : state.phase,
    progress: state.phase === 'running' ? 'Paused at a question: answer it to go on.' : state.progress }) },
  answered: { apply: (_, feedback) => ({ asking: false, feedback }) },
  questionDropped: { apply: () => ({ asking: false }) },
  checked: { apply: (_, check) => ({ check }) },
  checkCleared: { apply: () => ({ check: null }) },
  overlayToggled: { apply: (_, overlay) => ({ overlay }) },
  failed: { apply: (_, error) => ({ error }) },
};

/** One widget's state and its transitions; listeners hear of every change. */
export class Store {
  /** @type {State} */
  state;
  #listeners = new Set();

  constructor(state = initialState()) { this.state = state; }

  /**
   * Applies transition `name` with `payload`; returns the new state. An unknown name is a
   * programming error and throws.
   */
  apply(name, payload) {
    const transition = TRANSITIONS[name];
    if (!transition) throw new Error(`no transition named "${name}"`);
    const change = transition.apply(this.state, payload);
    const task = transition.takesOver ? this.state.task + 1 : this.state.task;
    this.state = { ...this.state, ...change, task };
    for (const listener of this.#listeners) listener(this.state, name);
    return this.state;
  }

  /** The current task, for work that must stop when something else takes over. */
  get task() { return this.state.task; }

  /** Whether work started under `task` is still wanted. */
  current(task) { return task === this.state.task; }

  /** Calls `listener(state, transition)` after every transition; returns the unsubscribe. */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether Pause has something to stop. */
  get busy() { return BUSY.includes(this.state.phase); }
}
