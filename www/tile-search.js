// <tile-search>: IDA* on a sliding-tile board, step by step. The element owns one Solver (the
// core's search: the page never re-implements puzzle rules or search) and feeds its trace
// events to the views. Human-speed stepping takes events from that Solver; full-speed runs
// and "Next iteration" stream the same events from a Web Worker and keep the local Solver in
// step with skip(), so pausing anywhere leaves every view and the Solver at one position.
//
// API (attributes are reflected as properties):
//   board      the board as text ("6 4 5 8 2 7 1 0 3", "6,4,5,…", rows with "/"); default the lecture's challenging case
//   heuristic  "manhattan" (default) | "linear-conflict" | "hamming"
//   goal       "blank-last" (default) | "blank-first"
//              changing board, heuristic or goal resets the search; a bad value sets state.error
//   speed      events per second (1…1000), or "max" (property: Infinity) for full speed in the worker; default 4
//   autoplay   boolean, off by default: run as soon as a board is set
//   state      read-only {status: "ready"|"running"|"paused"|"solved"|"error", threshold, iteration,
//              expanded, generated, lastEvent, solution: {length, moves} | null, error: string | null}
//   step()     shows one event and returns it; play(), pause(), reset(); stepBack() and nextIteration()
//              too (the Step back and Next iteration buttons), which finish asynchronously
//   events     "step" (detail: the trace event just shown; at full speed once per frame, the last one),
//              "solved" (detail: {length, moves, expanded, generated}), "optionschange" (detail:
//              {board, heuristic, goal}, for a page that keeps them in the URL): all bubbling and composed
import init, { Solver, describeBoard, boardAfter } from './pkg/tilesearch.js';
import { BoardView } from './board-view.js';
import { TreeView, NODE_BUDGET } from './tree-view.js';
import { TimelineView } from './timeline-view.js';
import { NowPanel, narrate } from './now-panel.js';
import { Controls, speedLabel } from './controls.js';
import { InputView } from './input-view.js';
import { WorkerClient } from './worker-client.js';
import { KIND, RECORD_WORDS, decodeRecord, recordId, recordParent, recordTile } from './trace-records.js';

const wasmReady = init();
const DEFAULTS = { board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan', goal: 'blank-last', speed: 4 };
const FRAME_BUDGET_MS = 6;    // events drawn per frame while streaming: leaves room for rendering and GC under 50 ms
const REPLAY_CHUNK = 20000;   // events replayed per frame by Step back (about 15 ms)
const SKIP_CHUNK = 2000000;   // events skipped per frame by Step back (skip runs at ~80 M/s)
const STREAM_NODE_BUDGET = 120; // drawn tree nodes while streaming (NODE_BUDGET while stepping)
const STREAM_TREE_MS = 250;  // tree and timeline are redrawn at most 4 times a second while streaming
const ANNOUNCE_MS = 1500;     // at most one live-region announcement per this interval

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const parseSpeed = (text) => {
  if (text === null) return DEFAULTS.speed;
  if (text === 'max' || text === 'full') return Infinity;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : DEFAULTS.speed;
};

class TileSearchElement extends HTMLElement {
  static observedAttributes = ['board', 'heuristic', 'goal', 'speed', 'autoplay'];

  #ready = false;
  #solver = null;
  #error = null;
  #described = null;       // describeBoard of the board, when it parses
  #index = 0;              // trace events shown so far
  #iterationStarts = [];   // event index of each iteration event: Step back replays from there
  #lastRecord = null;      // the last event shown, as one packed record
  #lastEvent = null;
  #numbers = {};           // g, h, f of the last visited or pruned node
  #minPruned = Infinity;
  #solved = null;          // {length, moves, expanded, generated}
  #mode = 'idle';          // idle | run | stream | replay | playback
  #loop = 0;
  #generation = 0;         // bumps cancel async work (replays, streams, playback)
  #client = null;
  #progress = '';
  #playback = null;        // {moves, shown, interval}: the solution being played
  #overlay = false;
  #streamingRun = false;   // the stream is a full-speed Run (not Next iteration)
  #channel = new MessageChannel();
  #timelineAt = 0;         // when the timeline was last drawn (throttled while streaming)
  #lastNodeAt = null;      // offset of the last node/prune record of a #feed call
  #renderQueued = false;
  #announced = 0; #announceTimer = 0; #pendingAnnouncement = '';
  #views;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `
      <link rel="stylesheet" href="${new URL('./styles.css', import.meta.url)}">
      <div class="explorer">
        <section class="input" aria-label="Board and options"></section>
        <section class="controls" aria-label="Search controls"></section>
        <p class="progress"></p>
        <div class="row">
          <section class="board-panel" aria-label="Board">
            <div class="board-host"></div>
            <label class="overlay"><input type="checkbox"> Show each tile's share of h (its Manhattan distance; +c: in a linear conflict)</label>
            <p class="playback"></p>
          </section>
          <section class="now-panel" aria-label="Now"></section>
        </div>
        <section class="tree-panel" aria-label="Search tree">
          <h2>Search tree of the current iteration</h2>
          <div class="tree-host"></div>
          <div class="selection" hidden><h3>Selected node</h3><p></p><div class="selected-board"></div></div>
        </section>
        <section class="timeline-panel" aria-label="Iterations"></section>
        <div class="live" aria-live="polite"></div>
      </div>`;
    const $ = (selector) => root.querySelector(selector);
    this.#views = {
      input: new InputView($('.input'), (choice) => this.#choose(choice)),
      controls: new Controls($('.controls'), {
        step: () => this.step(), stepBack: () => this.stepBack(), nextIteration: () => this.nextIteration(),
        run: () => this.play(), pause: () => this.pause(), reset: () => this.reset(),
        playSolution: () => this.#playSolution(),
      }, (speed) => { this.speed = speed; }),
      board: new BoardView($('.board-host'), { label: 'Board' }),
      now: new NowPanel($('.now-panel')),
      tree: new TreeView($('.tree-host'), { onSelect: (node) => this.#showSelected(node) }),
      timeline: new TimelineView($('.timeline-panel')),
      selectedBoard: new BoardView($('.selected-board'), { label: 'Board of the selected node', small: true }),
      progress: $('.progress'), playback: $('.playback'), live: $('.live'),
      selection: $('.selection'),
    };
    $('.overlay input').addEventListener('change', (event) => { this.#overlay = event.target.checked; this.#render(); });
    this.addEventListener('keydown', (event) => this.#onKey(event));
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('aria-label')) this.setAttribute('aria-label', 'IDA* explorer');
    this.#views.controls.setSpeed(this.speed);
    wasmReady.then(() => {
      if (!this.isConnected) return;
      this.#ready = true;
      this.#configure();
    }, (error) => { this.#error = `The WebAssembly core failed to load: ${error.message}`; this.#render(); });
  }

  disconnectedCallback() {
    this.#cancel();
    clearTimeout(this.#announceTimer);
    this.#announceTimer = 0;
    this.#client?.terminate();
    this.#client = null;
    this.#views.tree.disconnect();
    this.#solver?.free();
    this.#solver = null;
    this.#ready = false;
  }

  attributeChangedCallback(name, oldValue, value) {
    if (name === 'speed') {
      this.#views.controls.setSpeed(this.speed);
      if (this.#mode === 'run' && this.speed === Infinity) { this.#cancel(); this.#stream(false); }
      else if (this.#mode === 'stream' && this.#streamingRun && this.speed !== Infinity) { this.#cancel(); this.#runAtSpeed(); }
      return;
    }
    if (name === 'autoplay' || !this.#ready || oldValue === value) return;
    this.#configure();
  }

  get board() { return this.getAttribute('board') ?? DEFAULTS.board; }
  set board(value) { this.setAttribute('board', Array.isArray(value) ? value.join(' ') : String(value)); }
  get heuristic() { return this.getAttribute('heuristic') ?? DEFAULTS.heuristic; }
  set heuristic(value) { this.setAttribute('heuristic', value); }
  get goal() { return this.getAttribute('goal') ?? DEFAULTS.goal; }
  set goal(value) { this.setAttribute('goal', value); }
  /** Events per second; Infinity (attribute "max") is full speed. */
  get speed() { return parseSpeed(this.getAttribute('speed')); }
  set speed(value) { this.setAttribute('speed', value === Infinity || value === 'max' ? 'max' : String(Number(value))); }
  get autoplay() { return this.hasAttribute('autoplay'); }
  set autoplay(value) { this.toggleAttribute('autoplay', Boolean(value)); }

  get state() {
    const solver = this.#solver;
    let status = 'ready';
    if (this.#error) status = 'error';
    else if (this.#solved) status = 'solved';
    else if (this.#mode === 'run' || this.#mode === 'stream') status = 'running';
    else if (this.#index > 0) status = 'paused';
    return {
      status,
      threshold: solver && this.#index > 0 ? solver.threshold : null,
      iteration: solver ? solver.iteration : 0,
      expanded: solver ? solver.expanded : 0,
      generated: solver ? solver.generated : 0,
      lastEvent: this.#lastEvent,
      solution: this.#solved ? { length: this.#solved.length, moves: [...this.#solved.moves] } : null,
      error: this.#error,
    };
  }

  /** Shows one more event; returns it (undefined at the end or on an invalid board). */
  step() {
    if (!this.#solver || this.#solved) return undefined;
    this.#cancel();
    this.#take(this.#solver.stepMany(1));
    this.#render();
    return this.#lastEvent;
  }

  /** Back one event, deterministically: replays from the start of its iteration. */
  stepBack() {
    if (!this.#solver || this.#index === 0) return Promise.resolve();
    return this.#seek(this.#index - 1);
  }

  /** Runs to the end of the current iteration (its raise) or to the solution, in the worker. */
  nextIteration() {
    if (!this.#solver || this.#solved) return;
    this.#cancel();
    this.#stream(true);
  }

  /** Runs at `speed`; at full speed in the worker. */
  play() {
    if (!this.#solver || this.#solved || this.#mode === 'run' || this.#mode === 'stream') return;
    this.#cancel();
    if (this.speed === Infinity) this.#stream(false); else this.#runAtSpeed();
  }

  pause() {
    if (this.#mode === 'idle') return;
    this.#cancel();
    this.#render();
  }

  reset() {
    if (!this.#solver) return;
    this.#cancel();
    this.#solver.reset();
    this.#clearTrace();
    this.#render();
  }

  // --- configuration ------------------------------------------------------------------------

  #choose({ board, heuristic, goal }) {
    if (board !== undefined) this.board = board;
    if (heuristic !== undefined) this.heuristic = heuristic;
    if (goal !== undefined) this.goal = goal;
  }

  #configure() {
    this.#cancel();
    this.#solver?.free();
    this.#solver = null;
    const options = this.#options();
    try {
      this.#solver = new Solver(options);
      this.#error = null;
    } catch (error) {
      this.#error = error.message;
    }
    try {
      this.#described = describeBoard(options.board, options.goal);
    } catch {
      // A malformed board: the last board that parsed stays drawn (dimmed) beside the alert.
    }
    this.#clearTrace();
    this.#render();
    this.dispatchEvent(new CustomEvent('optionschange', { bubbles: true, composed: true, detail: options }));
    if (this.autoplay && this.#solver) this.play();
  }

  #options() { return { board: this.board, heuristic: this.heuristic, goal: this.goal }; }

  #clearTrace() {
    this.#index = 0;
    this.#iterationStarts = [];
    this.#lastRecord = this.#lastEvent = null;
    this.#numbers = {};
    this.#minPruned = Infinity;
    this.#solved = null;
    this.#playback = null;
    this.#progress = '';
    this.#views.tree.clear();
    this.#views.selection.hidden = true;
  }

  // --- consuming trace records --------------------------------------------------------------

  /**
   * Feeds `count` records of `words` to the views; with `untilRaise`, stops after a raise or
   * the solution. Returns how many records were consumed.
   */
  #feed(words, count, untilRaise = false) {
    const tree = this.#views.tree;
    let consumed = 0;
    for (let o = 0; consumed < count; o += RECORD_WORDS) {
      const kind = words[o];
      if (kind === KIND.node) {
        tree.node(recordId(words, o), recordParent(words, o), words[o + 5], words[o + 6], recordTile(words, o));
      } else if (kind === KIND.prune) {
        const f = words[o + 5] + words[o + 6];
        tree.prune(recordId(words, o), recordParent(words, o), words[o + 5], words[o + 6], words[o + 7] >>> 16, recordTile(words, o));
        if (f < this.#minPruned) this.#minPruned = f;
      } else if (kind === KIND.backtrack) {
        tree.backtrack(recordId(words, o));
      } else if (kind === KIND.iteration) {
        tree.startIteration(words[o + 1], words[o + 2]);
        this.#minPruned = Infinity;
        this.#iterationStarts.push(this.#index);
      } else if (kind === KIND.solved) {
        tree.solved();
      }
      this.#index += 1;
      consumed += 1;
      if (kind === KIND.node || kind === KIND.prune) this.#lastNodeAt = o;
      if (untilRaise && (kind === KIND.raise || kind === KIND.solved)) break;
    }
    if (consumed > 0) {
      const last = (consumed - 1) * RECORD_WORDS;
      if (this.#lastNodeAt !== null) {
        const o = this.#lastNodeAt;
        this.#numbers = { g: words[o + 5], h: words[o + 6], f: words[o + 5] + words[o + 6] };
      }
      this.#lastNodeAt = null;
      this.#lastRecord = words.slice(last, last + RECORD_WORDS);
    }
    return consumed;
  }

  /** Shows the records of one stepMany call. */
  #take(words) {
    if (this.#feed(words, words.length / RECORD_WORDS) > 0) this.#afterEvents();
  }

  /** After new events were fed: the last event, the solution, the `step` and `solved` events. */
  #afterEvents() {
    if (!this.#lastRecord) return;
    const solvedNow = this.#lastRecord[0] === KIND.solved && !this.#solved;
    this.#lastEvent = decodeRecord(this.#lastRecord, 0, solvedNow ? Array.from(this.#solver.solution) : undefined);
    this.dispatchEvent(new CustomEvent('step', { bubbles: true, composed: true, detail: this.#lastEvent }));
    if (solvedNow) {
      this.#solved = this.#lastEvent;
      this.#mode = 'idle';
      this.dispatchEvent(new CustomEvent('solved', { bubbles: true, composed: true,
        detail: { length: this.#solved.length, moves: [...this.#solved.moves], expanded: this.#solved.expanded, generated: this.#solved.generated } }));
    }
    this.#announce(this.#narration());
    this.#scheduleRender();
  }

  // --- running ------------------------------------------------------------------------------

  #cancel() {
    this.#generation += 1;
    cancelAnimationFrame(this.#loop);
    clearTimeout(this.#loop);
    this.#client?.stop();
    this.#views.tree.pace(0, NODE_BUDGET);
    this.#playback = null;
    if (this.#mode === 'run' || this.#mode === 'stream') this.#progress = `Paused after ${this.#solver?.nodes.toLocaleString('en')} nodes.`;
    this.#mode = 'idle';
  }

  /** Human-speed Run: events from the local Solver, paced by the speed slider. */
  #runAtSpeed() {
    this.#mode = 'run';
    const generation = this.#generation;
    const started = { time: performance.now(), nodes: this.#solver.nodes };
    let last = performance.now(), credit = 1;
    const tick = (now) => {
      if (generation !== this.#generation) return;
      credit += ((now - last) / 1000) * this.speed;
      last = now;
      const n = Math.min(Math.floor(credit), 5000);
      if (n > 0) {
        credit -= n;
        this.#take(this.#solver.stepMany(n));
      }
      this.#progress = this.#progressLine(started, speedLabel(this.speed));
      if (this.#solved) { this.#progress = this.#doneLine(); this.#render(); return; }
      this.#scheduleRender();
      this.#loop = requestAnimationFrame(tick);
    };
    this.#loop = requestAnimationFrame(tick);
    this.#render();
  }

  /** Full-speed Run (or Next iteration): records streamed from the worker, drawn per frame. */
  #stream(untilRaise) {
    this.#mode = 'stream';
    this.#views.tree.pace(STREAM_TREE_MS, STREAM_NODE_BUDGET);
    this.#streamingRun = !untilRaise;
    const generation = this.#generation;
    const started = { time: performance.now(), nodes: this.#solver.nodes };
    const queue = [];
    let offset = 0;
    this.#client ??= new WorkerClient();
    this.#client.start(this.#options(), this.#index, {
      onBatch: (records) => queue.push(records),
      onError: (error) => { this.#cancel(); this.#progress = `The worker failed: ${error.message}`; this.#render(); },
    });
    const tick = () => {
      if (generation !== this.#generation) return;
      const deadline = performance.now() + FRAME_BUDGET_MS;
      let stopped = false, fed = 0;
      while (queue.length && !stopped && performance.now() < deadline) {
        const batch = queue[0];
        const total = batch.length / RECORD_WORDS;
        const n = Math.min(total - offset, 1024); // small chunks: the deadline is checked often
        const chunk = batch.subarray(offset * RECORD_WORDS, (offset + n) * RECORD_WORDS);
        const consumed = this.#feed(chunk, n, untilRaise);
        this.#solver.skip(consumed);
        offset += consumed;
        fed += consumed;
        stopped = untilRaise && consumed > 0 && this.#isStop(chunk, consumed);
        if (offset === total) { queue.shift(); offset = 0; this.#client.credit(); }
      }
      if (fed > 0) this.#afterEvents();
      this.#progress = this.#progressLine(started, 'full speed, in a worker');
      if (this.#solved || stopped) {
        this.#client.stop();
        this.#mode = 'idle';
        this.#views.tree.pace(0, NODE_BUDGET);
        this.#progress = this.#solved ? this.#doneLine() : `Iteration ${this.#solver.iteration} done: threshold raised to ${this.#solver.threshold}.`;
        this.#render();
        return;
      }
      this.#scheduleRender();
      this.#loop = requestAnimationFrame(afterFrame);
    };
    // Drawing events runs in its own task right after each frame, not inside the frame's
    // rendering task: neither grows near the 50 ms long-task line.
    const afterFrame = () => this.#channel.port1.postMessage(generation);
    this.#channel.port2.onmessage = ({ data }) => { if (data === this.#generation) tick(); };
    this.#loop = requestAnimationFrame(afterFrame);
    this.#render();
  }

  #isStop(chunk, consumed) {
    const kind = chunk[(consumed - 1) * RECORD_WORDS];
    return kind === KIND.raise || kind === KIND.solved;
  }

  #progressLine(started, how) {
    const solver = this.#solver;
    const seconds = (performance.now() - started.time) / 1000;
    const rate = seconds > 0.2 ? Math.round((solver.nodes - started.nodes) / seconds) : null;
    return `Running (${how}): threshold ${solver.threshold}, iteration ${solver.iteration}, ` +
      `${solver.nodes.toLocaleString('en')} nodes${rate === null ? '' : `, ${rate.toLocaleString('en')} nodes/s`}.`;
  }

  #doneLine() {
    return `Solved: ${this.#solved.length} moves after ${this.#solver.nodes.toLocaleString('en')} nodes ` +
      `(${this.#solved.expanded.toLocaleString('en')} expanded) in ${this.#solver.iteration} iterations.`;
  }

  /** Replays to event `target`: from the last iteration start before it, in frame-sized chunks. */
  async #seek(target) {
    this.#cancel();
    const generation = this.#generation;
    const start = this.#iterationStarts.filter((s) => s < target).pop() ?? 0;
    const starts = this.#iterationStarts.filter((s) => s < start);
    this.#solver.reset();
    this.#clearTrace();
    this.#iterationStarts = starts;
    this.#mode = 'replay';
    for (let left = start; left > 0;) {
      left -= this.#solver.skip(Math.min(left, SKIP_CHUNK));
      if (left > 0) { await nextFrame(); if (generation !== this.#generation) return; }
    }
    this.#index = start;
    for (let left = target - start; left > 0;) {
      const words = this.#solver.stepMany(Math.min(left, REPLAY_CHUNK));
      left -= this.#feed(words, words.length / RECORD_WORDS);
      if (left > 0) {
        this.#progress = `Stepping back: replaying this iteration from its start, ${left.toLocaleString('en')} events to go.`;
        this.#scheduleRender();
        await nextFrame();
        if (generation !== this.#generation) return;
      }
    }
    this.#progress = '';
    this.#mode = 'idle';
    this.#afterEvents();
    this.#render();
  }

  #playSolution() {
    if (!this.#solved) return;
    this.#cancel();
    const moves = this.#solved.moves;
    this.#mode = 'playback';
    const interval = Math.min(800, Math.max(120, 1000 / this.speed));
    this.#playback = { moves, shown: 0, interval };
    const generation = this.#generation;
    const next = () => {
      if (generation !== this.#generation) return;
      this.#playback.shown += 1;
      const done = this.#playback.shown >= moves.length;
      if (done) this.#mode = 'idle';
      this.#announce(this.#playbackText());
      this.#render();
      if (!done) this.#loop = setTimeout(next, interval);
    };
    this.#render();
    this.#loop = setTimeout(next, interval);
  }

  #playbackText() {
    const { moves, shown } = this.#playback;
    if (shown === 0) return `Playing the solution: ${moves.length} moves from the start.`;
    return `Solution move ${shown} of ${moves.length}: slide ${moves[shown - 1]}${shown === moves.length ? ': the goal.' : '.'}`;
  }

  // --- drawing ------------------------------------------------------------------------------

  #narration() {
    if (this.#error) return 'Fix the board above to continue.';
    return narrate(this.#lastEvent, { threshold: this.#solver?.threshold, minPruned: this.#minPruned, heuristic: this.heuristic,
      tileOf: (id) => this.#views.tree.tileOf(id) });
  }

  #scheduleRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    requestAnimationFrame(() => { this.#renderQueued = false; this.#render(); });
  }

  #render() {
    const v = this.#views;
    const solver = this.#solver;
    const tiles = this.#described?.tiles;
    const width = this.#described?.width;
    v.input.render({ board: this.board, tiles: tiles?.join(' '), heuristic: this.heuristic, goal: this.goal, width, error: this.#error });
    this.#renderBoard();
    v.now.render(solver ? {
      iteration: solver.iteration || null, threshold: this.#index > 0 ? solver.threshold : null,
      ...this.#numbers, minPruned: this.#minPruned, expanded: solver.expanded, generated: solver.generated,
    } : {}, this.#narration());
    if (this.#mode !== 'stream' || performance.now() - this.#timelineAt > STREAM_TREE_MS) {
      this.#timelineAt = performance.now();
      const iterations = solver ? solver.summary().iterations : [];
      v.timeline.render(iterations, !this.#solved && iterations.length > 0 && iterations.at(-1).nextThreshold === null);
    }
    v.progress.textContent = this.#progress;
    v.playback.textContent = this.#playback ? this.#playbackText() : '';
    const running = this.#mode === 'run' || this.#mode === 'stream';
    const can = Boolean(solver) && this.#mode !== 'replay';
    v.controls.update({
      step: can && !this.#solved, stepBack: can && this.#index > 0, nextIteration: can && !this.#solved,
      run: can && !this.#solved && !running, pause: this.#mode !== 'idle' && this.#mode !== 'replay',
      reset: can, playSolution: can && Boolean(this.#solved) && this.#mode !== 'playback',
    });
    // A button that just became disabled must not take the keyboard focus away from the widget.
    if (this.shadowRoot.activeElement?.disabled) this.focus();
    this.toggleAttribute('data-error', Boolean(this.#error));
  }

  #renderBoard() {
    if (!this.#described) return;
    const width = this.#described.width;
    let tiles, moved = null, candidate = null;
    if (this.#playback) {
      const { moves, shown } = this.#playback;
      tiles = boardAfter(this.#solver.start, moves.slice(0, shown));
      moved = shown > 0 ? moves[shown - 1] : null;
    } else if (this.#solver) {
      tiles = this.#solver.board;
      const event = this.#lastEvent;
      if (event?.type === 'node') moved = event.tile;
      if (event?.type === 'prune') candidate = event.tile;
    } else {
      tiles = this.#described.tiles;
    }
    const overlay = this.#overlay ? describeBoard(tiles, this.goal) : null;
    const speed = this.speed;
    const duration = this.#playback ? Math.min(220, this.#playback.interval * 0.8) : speed === Infinity ? 0 : Math.min(220, 700 / speed);
    this.#views.board.render({ tiles, width, moved, candidate, overlay: Boolean(overlay), distances: overlay?.distances,
      conflicts: overlay?.conflicts ?? [], duration });
  }

  /** The board and numbers of a clicked tree node; null hides them (its iteration is over). */
  #showSelected(node) {
    const v = this.#views;
    v.selection.hidden = node === null;
    if (node === null) return;
    const text = v.selection.querySelector('p');
    const boardHost = v.selection.querySelector('.selected-board');
    if (node.kind === 'collapsed') {
      text.textContent = `A finished subtree, collapsed: ${node.visited} visited and ${node.pruned} pruned nodes.`;
      boardHost.hidden = true;
      return;
    }
    const moves = v.tree.movesTo(node);
    const f = node.g + node.h;
    text.textContent = node.kind === 'prune'
      ? `Node ${node.id}, pruned: g ${node.g}, h ${node.h}, f ${f} > threshold ${node.threshold}. Moves from the start: ${moves.join(' ') || 'none'}.`
      : `Node ${node.id}, visited: g ${node.g}, h ${node.h}, f ${f}. Moves from the start: ${moves.join(' ') || 'none'}.`;
    boardHost.hidden = false;
    v.selectedBoard.render({ tiles: boardAfter(this.#solver.start, moves), width: this.#solver.width,
      moved: moves.at(-1) ?? null, duration: 0 });
  }

  #announce(text) {
    const now = performance.now();
    this.#pendingAnnouncement = text;
    if (now - this.#announced >= ANNOUNCE_MS) {
      this.#announced = now;
      this.#views.live.textContent = text;
    } else if (!this.#announceTimer) {
      this.#announceTimer = setTimeout(() => {
        this.#announceTimer = 0;
        this.#announced = performance.now();
        this.#views.live.textContent = this.#pendingAnnouncement;
      }, ANNOUNCE_MS - (now - this.#announced));
    }
  }

  #onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    if (target.closest?.('input, select, textarea')) return;
    if (target.tagName === 'BUTTON' && (event.key === ' ' || event.key === 'Enter')) return;
    const actions = {
      ArrowRight: () => this.step(), ArrowLeft: () => this.stepBack(), n: () => this.nextIteration(),
      ' ': () => (this.#mode === 'run' || this.#mode === 'stream' ? this.pause() : this.play()), r: () => this.reset(),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }
}

if (!customElements.get('tile-search')) customElements.define('tile-search', TileSearchElement);
