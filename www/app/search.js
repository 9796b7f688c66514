// The search behind one widget: its Solver (the page's, for stepping and seeking), the view
// state of the moment shown, and the ways to move that moment: Step, Run at a speed, a stream
// from a worker at full speed, a seek, the solution's playback. Records are decoded once
// (model/trace-records.js) and fed to the view state and the tree; what the explorer is doing
// is the store's (app/store.js), changed by its named transitions.
import { Solver, describeBoard } from '../pkg/tilesearch.js';
import { awaitDatabases } from './databases.js';
import { DEFAULTS } from '../model/attributes.js';
import { progressLine, doneLine } from './progress-lines.js';
import { NODE_BUDGET } from '../views/tree-view.js';
import { FRONTIER_SEARCHES } from '../model/narration.js';
import { speedLabel } from '../views/controls.js';
import { createSearchClient } from '../workers/search-client.js';
import { KIND, RECORD_WORDS, RecordCursor, decodeRecord, dispatchRecords, recordKind } from '../model/trace-records.js';
import { addFeed, removeFeed } from '../platform/frame-scheduler.js';
import { ViewState } from '../model/view-state.js';
import { count, number } from '../model/words.js';
import { snapshotOf } from '../model/snapshot.js';

const REPLAY_CHUNK = 20000;   // events fed at a time when a seek redraws an iteration
const REPLAY_MS = 12;         // and for about this long per frame (the page keeps drawing)
const SKIP_CHUNK = 300000;    // events a seek ahead skips per frame (a few ms)
const STREAM_TREE_MS = 250;   // tree and timeline are redrawn at most 4 times a second while streaming
const LOOP_DELAY_MS = 3000;   // loop: the solved board stays this long before the search starts again

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * What the search needs of its widget (app/explorer.js builds it).
 * @typedef {object} Widget
 * @property {any} host                    the element: its options, its events
 * @property {ShadowRoot} root             its shadow root
 * @property {import('./store.js').Store} store
 * @property {any} views
 * @property {() => WebAssembly.Module} module   the page's compiled core (for the worker)
 * @property {(text: string, important?: boolean, key?: string | null) => void} announce
 * @property {() => void} scheduleRender   a redraw in a coming frame
 * @property {() => void} render           a redraw now
 * @property {(type: string, detail?: any) => boolean} emit  an event on the element; false if a listener removed it
 * @property {() => string} narration
 * @property {import('./predict-flow.js').PredictFlow} predict
 * @property {() => boolean} hidden        off-screen or on a slide not shown (autoplay waits)
 * @property {() => boolean} printing      printing, or a print view (a printout is one still frame)
 */

export class Search {
  /** @type {Widget} */ #w;
  /** The page's own Solver (null: none, the board or an option is refused). @type {any} */
  solver = null;
  /** Where the own Solver stands; a stream leaves it behind, and `local()` seeks it to the moment shown. */
  solverAt = 0;
  /** The moment shown: the events so far and the snapshot after them (IDA*'s path: the tree's). */
  view;
  /** describeBoard of the board, when it parses (the last one that did stays drawn). */
  described = null;
  /** pdb: {goal, status, progress, source, seconds, notKept, loadSeconds, message} (DatabasesView). */
  databases = null;
  /** Solve now under way: its AbortController. @type {AbortController | null} */
  solving = null;
  /** A position asked for before the search existed (the attribute, a deep link, the property). */
  pendingPosition = null;
  /** play() was called before the search existed: it runs once it does. */
  pendingPlay = false;
  /** 'play' | 'nextIteration': what leaving the view interrupted, or autoplay awaits. @type {string | null} */
  resume = null;
  /** When the timeline was last drawn while streaming (throttled). */
  timelineAt = 0;
  #client = null;
  // One id per kind: rAF and timer ids are separate counters, so clearing one kind with the
  // other's id would cancel the host page's (or another widget's) callback of that number.
  #frame = 0;
  #timer = 0;
  #loopTimer = 0;
  #streamFeed = null;
  #cursor = new RecordCursor();
  /** The sinks every record goes to, in order: the view state, then the tree and the announcer. @type {((r: RecordCursor) => void)[]} */
  #sinks;

  /** @param {Widget} widget */
  constructor(widget) {
    this.#w = widget;
    const tree = widget.views.tree;
    // One open path: the tree writes it as it takes each record, the view state reads it.
    const view = this.view = new ViewState(tree.openPath);
    this.#sinks = [
      (r) => { view.take(r); },
      (r) => {
        switch (r.kind) {
          case KIND.node: tree.node(r.id, r.parent, r.g, r.h, r.tile); break;
          case KIND.prune: tree.prune(r.id, r.parent, r.g, r.h, r.threshold, r.tile); break;
          case KIND.generate: tree.generate(r.id, r.parent, r.g, r.h, r.tile); break;
          case KIND.expand: tree.expand(r.id); break;
          case KIND.skip: tree.skip(r.id, r.parent, r.g, r.h, r.tile); break;
          case KIND.backtrack: tree.backtrack(r.id); break;
          case KIND.iteration: tree.startIteration(r.iteration, r.threshold); break;
          case KIND.raise: {
            // Every raise is announced, even one a batch passes in the middle; a full-speed Run,
            // which raises faster than speech, says the latest one still waiting.
            const { phase, streamingRun } = widget.store.state;
            widget.announce(`No goal within threshold ${r.threshold}: the threshold rises to ${r.to}, the smallest pruned f.`, true,
              phase === 'streaming' && streamingRun ? 'raise' : null);
            break;
          }
          case KIND.solved: if (!this.frontierSearch) tree.solved(); break; // a graph search's path is starred from the moves
          default: break;
        }
      },
    ];
  }

  get #host() { return this.#w.host; }
  get #store() { return this.#w.store; }

  /** Solved, or given up by the memory guard: nothing more to step. */
  get finished() { const { solved, gaveup } = this.#store.state; return Boolean(solved || gaveup); }
  get frontierSearch() { return this.#host.algorithm in FRONTIER_SEARCHES; }

  /** The options of the search shown (the order in effect, not a refused attribute's). */
  options() {
    const host = this.#host;
    const options = { board: host.board, heuristic: host.heuristic, goal: host.goal, algorithm: host.algorithm,
      order: this.solver ? this.#store.state.order : host.order };
    if (host.maxReached !== null) options.maxReached = host.maxReached;
    return options;
  }

  /** The widget's worker client (made when first needed). */
  get client() { return (this.#client ??= createSearchClient(this.#w.module())); }

  // --- configuration ------------------------------------------------------------------------

  /** A new search for the element's options (or the core's error for them). */
  configure() {
    this.stop('the board or an option changed');
    this.solver?.free();
    this.solver = null;
    const options = this.options();
    let error = null;
    let order = options.order, orderProblem = '';
    if (!awaitDatabases(this, this.#w, options)) {
      try {
        // Attribute text as given: the core checks every name and says what is wrong.
        ({ solver: this.solver, order, orderProblem } = this.newSolver(options));
        this.solverAt = 0;
      } catch (e) {
        error = e.message;
      }
    }
    try {
      this.described = describeBoard(options.board, /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (options.goal));
    } catch {
      // A malformed board: the last board that parsed stays drawn (dimmed) beside the alert.
    }
    this.#clearTrace();
    this.view.snapshot = this.solver ? snapshotOf(this.solver) : null;
    this.#store.apply('configured', { error, order, orderProblem });
  }

  /**
   * The Solver for `options`. A move order the core refuses leaves the default in effect and is
   * named in the message line (as a bad speed is): the search works on.
   */
  newSolver(options) {
    try {
      return { solver: new Solver(/** @type {import('../pkg/tilesearch.js').SolverOptions} */ (options)), order: options.order, orderProblem: '' };
    } catch (error) {
      if (options.order === DEFAULTS.order) throw error;
      const solver = new Solver(/** @type {import('../pkg/tilesearch.js').SolverOptions} */ ({ ...options, order: DEFAULTS.order }));
      // Only the order was wrong: the core's words for it.
      return { solver, order: DEFAULTS.order, orderProblem: `order="${options.order}": ${error.message}.` };
    }
  }

  /** Nothing shown: before the first event. */
  #clearTrace() {
    this.#w.predict.drop();
    this.view.clear();
    this.#w.views.tree.clear();
    this.#w.views.selection.hidden = true;
  }

  // --- consuming trace records --------------------------------------------------------------

  /** Feeds `count` records of `words` to the view state and the tree, each decoded once; returns `count`. */
  feed(words, count) {
    dispatchRecords(words, count, this.#sinks, this.#cursor);
    if (count > 0) this.view.keepLast(words, (count - 1) * RECORD_WORDS);
    return count;
  }

  /** The own Solver, moved to the moment shown if a stream left it behind (the core's seek hands over). */
  local() {
    if (this.solverAt !== this.view.index) {
      this.solver.seek(this.view.index);
      this.solverAt = this.view.index;
    }
    return this.solver;
  }

  /** Shows the records of one stepMany call of the own Solver; returns the last one's event. */
  take(words) {
    const fed = this.feed(words, words.length / RECORD_WORDS);
    this.solverAt = this.view.index;
    this.view.snapshot = snapshotOf(this.solver);
    return fed > 0 ? this.afterEvents() : undefined;
  }

  /**
   * After new events were fed: the last event, the solution, the `step` and `solved` events.
   * Returns the last event. A listener may remove the widget: then nothing else happens here.
   */
  afterEvents() {
    const record = this.view.lastRecord;
    if (!record) return undefined;
    const store = this.#store;
    const solvedNow = recordKind(record, 0) === KIND.solved && !store.state.solved;
    // The moves are the one thing a record cannot carry: the snapshot after the solution has them.
    const event = decodeRecord(record, 0, solvedNow ? Array.from(this.view.snapshot.moves ?? []) : undefined);
    const snap = this.view.snapshot;
    store.apply('shown', { lastEvent: event, iterations: snap?.iterations, starts: snap?.iterationStarts, position: this.view.index });
    if (!this.#w.emit('step', event)) return event;
    if (event.type === 'gaveup' && !store.state.gaveup) {
      store.apply('gaveUp', event);
      if (!this.#w.emit('gaveup', { reached: event.reached, limit: event.limit })) return event;
    }
    if (solvedNow && event.type === 'solved') {
      const running = store.state.phase === 'running' || store.state.phase === 'streaming';
      if (this.#host.hasAttribute('loop') && running) {
        this.#loopTimer = setTimeout(() => { this.reset(); this.autoplay(); }, LOOP_DELAY_MS);
      }
      store.apply('solved', event);
      // The goal comes off the frontier without an event of its own: no node numbers to show.
      if (this.frontierSearch) this.#w.views.tree.solvedAlong(event.moves);
      if (!this.#w.emit('solved', { length: event.length, moves: [...event.moves], expanded: event.expanded, generated: event.generated })) return event;
    }
    // A raise was announced as it was fed, in the same words.
    if (event.type !== 'raise') this.#w.announce(this.#w.narration(), solvedNow || event.type === 'gaveup');
    this.#w.scheduleRender();
    return event;
  }

  // --- moving the moment --------------------------------------------------------------------

  /**
   * Stops whatever is in flight (a run, a stream, a seek, Solve now, the playback) and opens a
   * new task: work of the old one finds it is no longer current and ends.
   */
  stop(reason = 'another action took over') {
    const { phase } = this.#store.state;
    let progress;
    if (this.solving) {
      this.solving.abort(new DOMException(`Solve now was abandoned: ${reason}`, 'AbortError'));
      this.solving = null;
      progress = `Solve now stopped: ${reason}.`;
    }
    this.#w.predict.drop();
    this.resume = null;
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    clearTimeout(this.#loopTimer);
    this.#frame = this.#timer = this.#loopTimer = 0;
    if (this.#streamFeed) { removeFeed(this.#streamFeed); this.#streamFeed = null; }
    this.#client?.stop();
    this.#w.views.tree.pace(0, NODE_BUDGET);
    if (phase === 'running' || phase === 'streaming') progress = `Paused after ${count(this.view.snapshot?.nodes ?? 0, 'node')}.`;
    if (phase === 'seeking') progress = '';
    this.#store.apply('stopped', { progress });
  }

  /** Shows one more event; returns it (undefined at the end, on an invalid board, or at a question). */
  step() {
    if (!this.solver || this.finished) return undefined;
    // A question waits: Step goes back to it (Step back, Reset or predict mode off leave it).
    if (this.#w.predict.asking) { this.#w.views.predict.focus(); return undefined; }
    this.stop();
    // The last activity's line ("Iteration 2 done") is not about the moment a step shows.
    if (this.#store.state.progress) this.#store.apply('progressed', { progress: '' });
    if (this.#w.predict.active) return this.#w.predict.step();
    return this.take(this.local().stepMany(1));
  }

  /** Back one event: the core seeks to its iteration's start, and the iteration is redrawn to there. */
  stepBack() {
    if (!this.solver || this.view.index === 0) return Promise.resolve();
    return this.seek(this.view.index - 1);
  }

  /** Runs to the end of the current iteration (its raise) or to the solution, in the worker. */
  nextIteration() {
    if (!this.solver || this.finished || this.frontierSearch || this.#w.predict.asking) return;
    this.stop();
    this.#stream(true);
  }

  /** Runs at the element's speed; at full speed in the worker. */
  play() {
    const { phase } = this.#store.state;
    if (!this.solver || this.finished || phase === 'running' || phase === 'streaming' || this.#w.predict.asking) return;
    this.stop();
    // Predict mode runs on the own Solver at any speed: it stops at the next question.
    if (this.#host.speed === Infinity && !this.#w.predict.active) this.#stream(false); else this.runAtSpeed();
  }

  pause() {
    if (this.#store.state.phase === 'idle') return;
    this.stop('paused');
  }

  /** The same search from the start; the timeline keeps the iterations computed so far. */
  reset() {
    if (!this.solver) return;
    this.stop('reset');
    this.solver.reset();
    this.solverAt = 0;
    this.#clearTrace();
    this.view.snapshot = snapshotOf(this.solver);
    this.#store.apply('reset');
    this.#w.announce('Reset: back to the start, before the first event.', true);
    this.#w.emit('reset');
  }

  /** Human-speed Run: events from the own Solver, paced by the speed. */
  runAtSpeed() {
    const store = this.#store;
    store.apply('runStarted');
    const task = store.task;
    const predict = this.#w.predict;
    const started = { time: performance.now(), nodes: this.view.snapshot.nodes };
    let last = performance.now(), credit = 1;
    const tick = (now) => {
      if (!store.current(task)) return;
      // Full speed here is predict mode's (it stops at the next question): a frame's worth at once.
      credit = this.#host.speed === Infinity ? 5000 : credit + ((now - last) / 1000) * this.#host.speed;
      last = now;
      const n = Math.min(Math.floor(credit), 5000);
      if (n > 0) {
        credit -= n;
        if (predict.active) {
          for (let i = 0; i < n && !this.finished && !predict.asking; i += 1) {
            predict.step();
            if (!store.current(task)) return;
          }
          if (predict.asking) return; // stopped at a question (the store paused the run)
        } else {
          this.take(this.local().stepMany(n));
        }
        if (!store.current(task)) return; // a listener paused, reset or removed the widget
      }
      if (this.finished) { store.apply('finished', { progress: doneLine(this.view.snapshot, this.#store.state, this.frontierSearch) }); return; }
      store.apply('progressed', { progress: progressLine(this.view.snapshot, started, speedLabel(this.#host.speed), this.frontierSearch) });
      this.#frame = requestAnimationFrame(tick);
    };
    this.#frame = requestAnimationFrame(tick);
  }

  /**
   * Full-speed Run (or Next iteration: the stream ends at the raise): records streamed from
   * the worker, drawn per frame in whole batches, each with the snapshot of the moment after
   * it, so that every panel shows where the drawing is. The own Solver is not touched: it is
   * handed the moment by seek when the reader steps from there.
   */
  #stream(untilRaise) {
    const store = this.#store;
    store.apply('streamStarted', { untilRaise });
    const task = store.task;
    this.#w.views.tree.pace(STREAM_TREE_MS, NODE_BUDGET);
    const started = { time: performance.now(), nodes: this.view.snapshot.nodes };
    /** @type {{records: Uint32Array, snapshot: import('../model/snapshot.js').Snapshot, finished: boolean}[]} */
    const queue = [];
    const client = this.client;
    client.start(this.options(), this.view.index, untilRaise, {
      onBatch: (records, snapshot, finished) => queue.push({ records, snapshot, finished }),
      onError: (error) => { this.stop(); store.apply('progressed', { progress: `The worker failed: ${error.message}`, warn: true }); },
    });
    // The page's frame scheduler calls this right after each frame with this widget's share of
    // the page's drawing budget (every streaming widget on the page takes turns).
    const feed = (deadline) => {
      if (!store.current(task)) { removeFeed(feed); return; }
      let fed = 0, ended = false;
      while (queue.length && !ended && (fed === 0 || performance.now() < deadline)) {
        const { records, snapshot, finished } = queue.shift();
        fed += this.feed(records, records.length / RECORD_WORDS);
        this.view.snapshot = snapshot;
        ended = finished;
        if (!finished) client.credit();
      }
      if (fed > 0) this.afterEvents();
      if (!store.current(task)) return; // a listener paused, reset or removed the widget
      if (this.finished || ended) {
        removeFeed(feed);
        this.#streamFeed = null;
        client.stop();
        this.#w.views.tree.pace(0, NODE_BUDGET);
        store.apply('finished', { progress: this.finished ? doneLine(this.view.snapshot, this.#store.state, this.frontierSearch)
          : `Iteration ${this.view.iteration} done: threshold raised to ${this.view.raisedTo}.` });
        return;
      }
      if (fed > 0) store.apply('progressed', { progress: progressLine(this.view.snapshot, started, 'full speed, in a worker', this.frontierSearch) });
    };
    this.#streamFeed = feed;
    addFeed(feed);
  }

  /**
   * Shows the moment after `target` events (fewer if the search ends first), back or forward:
   * the core seeks to the start of that moment's iteration (IDA* restarts right there; the
   * graph searches replay, they are short) and the iteration's events up to `target` are fed
   * to the views in frame-sized chunks, so the tree shows the iteration as stepping drew it.
   */
  async seek(target) {
    this.stop();
    const store = this.#store;
    store.apply('seekStarted');
    const task = store.task;
    const solver = this.solver;
    // Ahead of where the own Solver stands (a link may name any event of a long search), the
    // walk goes in frame-sized skips: the page keeps drawing, and Pause or Reset stop it (the
    // panels still show the moment before, and solverAt where the Solver got to).
    while (this.solverAt < target) {
      const skipped = solver.skip(Math.min(target - this.solverAt, SKIP_CHUNK));
      this.solverAt += skipped;
      if (skipped === 0 || this.solverAt >= target) break; // there, or the search ended first
      store.apply('progressed', { progress: `Going to event ${number(target)}: ${count(target - this.solverAt, 'event')} to go.` });
      await nextFrame();
      if (!store.current(task)) return;
    }
    store.apply('replayStarted'); // from here on a few frames at most: the controls wait
    const reached = solver.seek(Math.min(target, this.solverAt));
    const start = solver.iterationStart;
    solver.seek(start);
    this.#clearTrace();
    if (store.state.solved || store.state.gaveup || store.state.lastEvent) store.apply('rewound');
    this.view.index = start;
    for (let left = reached - start; left > 0;) {
      const frameEnd = performance.now() + REPLAY_MS;
      let fed;
      do {
        const words = solver.stepMany(Math.min(left, REPLAY_CHUNK));
        fed = this.feed(words, words.length / RECORD_WORDS);
        left -= fed;
      } while (left > 0 && fed > 0 && performance.now() < frameEnd);
      if (fed === 0) break;
      if (left > 0) {
        store.apply('progressed', { progress: `Drawing this iteration's tree up to event ${number(target)}: ${count(left, 'event')} to go.` });
        await nextFrame();
        if (!store.current(task)) return;
      }
    }
    this.solverAt = this.view.index;
    this.view.snapshot = snapshotOf(solver);
    store.apply('seekEnded');
    this.afterEvents();
    this.#w.render();
  }

  /** Shows the moment after `position` events, now or once the search exists. */
  goTo(position) {
    if (this.solver && this.#store.state.ready) this.seek(position);
    else this.pendingPosition = position;
  }

  /**
   * Shows iteration `iteration` as far as it was computed: a finished one whole (to its raise,
   * its tree complete), the last one to the furthest moment reached in it.
   */
  goToIteration(iteration) {
    const { starts, furthest } = this.#store.state.known;
    const start = starts[iteration - 1];
    if (start === undefined) return;
    const next = starts[iteration];
    this.goTo(next !== undefined ? next : Math.max(furthest, start + 2));
  }

  /** Plays the solution's moves on the board, one per interval. */
  playSolution() {
    const solved = this.#store.state.solved;
    if (!solved) return;
    this.stop();
    const store = this.#store;
    const moves = solved.moves;
    const interval = Math.min(800, Math.max(120, 1000 / this.#host.speed));
    store.apply('playbackStarted', { moves, shown: 0, interval });
    const task = store.task;
    const tree = this.#w.views.tree;
    tree.markOnPath(0);
    const next = () => {
      if (!store.current(task)) return;
      const shown = store.state.playback.shown + 1;
      tree.markOnPath(shown);
      store.apply('playbackMoved', { shown });
      this.#w.announce(this.playbackText());
      this.#w.render(); // the tree's mark moved now: the board and Now with it, in this task
      if (shown < moves.length) this.#timer = setTimeout(next, interval);
    };
    this.#timer = setTimeout(next, interval);
  }

  /** The playback's line: which move of how many. */
  playbackText() {
    const { moves, shown } = this.#store.state.playback;
    if (shown === 0) return `Playing the solution: ${count(moves.length, 'move')} from the start.`;
    return `Solution move ${shown} of ${moves.length}: slide ${moves[shown - 1]}${shown === moves.length ? ': the goal.' : '.'}`;
  }

  /** autoplay and loop: never for a reader who prefers reduced motion; on a slide not shown yet, once it is. */
  autoplay() {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches || this.#w.printing()) return; // a printout is one still frame
    if (this.#w.hidden()) this.resume = 'play'; else this.play();
  }

  /** The element left its document: everything stops and is freed. */
  dispose() {
    this.stop('the widget was removed from the page');
    this.#client?.terminate();
    this.#client = null;
    this.solver?.free();
    this.solver = null;
    this.#clearTrace();
  }
}
