// The explorer behind <tile-search>: the element (tile-search-element.js) is a thin facade of
// attributes, properties and methods over this private controller, which owns the widget's
// shadow DOM, its views, the search and the one view state every panel renders from.
import { Solver, describeBoard, boardAfter, parseBoard, patternDatabasesReady, loadPatternDatabases } from '../pkg/tilesearch.js';
import { BoardView } from '../views/board-view.js';
import { TreeView, NODE_BUDGET } from '../views/tree-view.js';
import { nodeName } from '../model/tree-model.js';
import { TimelineView } from '../views/timeline-view.js';
import { NowPanel, narrate, FRONTIER_SEARCHES } from '../views/now-panel.js';
import { FrontierView, sizeText } from '../views/frontier-view.js';
import { DatabasesView } from '../views/databases-view.js';
import { CompareView } from '../views/compare-view.js';
import { SolutionView } from '../views/solution-view.js';
import { Controls, speedLabel } from '../views/controls.js';
import { InputView } from '../views/input-view.js';
import { createSearchClient } from '../workers/search-client.js';
import { ShareView, SHARE_BUTTONS } from '../views/share-view.js';
import { shareLink, optionsFromHash, traceJsonLines, iterationsCsv, treeSvg, download } from '../model/export.js';
import { stylesheet } from '../element/assets.js';
import { coreReady } from './page-core.js';
import {
  KIND, RECORD_WORDS, decodeRecord, recordG, recordH, recordId, recordKind, recordParent, recordPruneThreshold, recordTile,
} from '../model/trace-records.js';
import { draw, cancelDraw, addFeed, removeFeed } from './frame-scheduler.js';
import { Announcer } from '../views/announcer.js';
import { CodeView } from '../views/code-view.js';
import { codeStep } from '../model/pseudo-code.js';
import { ViewState } from '../model/view-state.js';
import { GLOSSARY, count } from '../model/words.js';
import { snapshotOf } from '../model/snapshot.js';
import { Quiz, hideSmallestPruned } from '../model/predict.js';
import { PredictView, feedbackText } from '../views/predict-view.js';
import { CheckView } from '../views/check-view.js';
import { alignRows, announcement, orderWords } from '../model/check-report.js';
import { solveInParallel, MAX_WORKERS } from '../workers/parallel-search.js';
import { balanceText } from '../model/parallel-run.js';

/** The core, compiled and instantiated once per page, when the first widget connects. */
const wasmReady = coreReady;
const DEFAULTS = { board: '6 4 5 8 2 7 1 0 3', heuristic: 'manhattan', goal: 'blank-last', algorithm: 'ida', speed: 4, order: 'lrud' };
const REPLAY_CHUNK = 20000;   // events fed at a time when a seek redraws an iteration
const REPLAY_MS = 12;         // and for about this long per frame (the page keeps drawing)
const CATCH_UP_CHUNK = 300000; // events the own Solver skips per frame after a stream (a few ms)
const STREAM_TREE_MS = 250;  // tree and timeline are redrawn at most 4 times a second while streaming
const ANNOUNCE_MS = 1500;     // at most one live-region announcement per this interval
const REDUCED_MOTION = matchMedia('(prefers-reduced-motion: reduce)');
const PRINT = matchMedia('print');
/** Printing, or reveal.js's print view (`?print-pdf`: every slide laid out as a page, for Save as PDF). */
const printView = () => PRINT.matches || document.documentElement.classList.contains('print-pdf');
const LOOP_DELAY_MS = 3000;   // loop: the solved board stays this long before the search starts again
const LAYOUT_ATTRIBUTES = ['view', 'controls', 'height', 'caption', 'theme'];
const MODES = ['explore', 'predict'];
const PREDICT_ONLY_IDA = "Predict mode asks about IDA*'s events (pruned or not, f, the next threshold): choose IDA* to use it.";
const THEMES = ['light', 'dark']; // styles.css: :host([theme="…"])
/** `view` tokens → their panels; `controls` tokens → Controls keys (Run comes with Pause). */
const PANELS = { input: '.input', board: '.board-panel', now: '.now-panel', code: '.code-panel', frontier: '.frontier-panel', tree: '.tree-panel',
  timeline: '.timeline-panel', solution: '.solution-panel', compare: '.compare-panel', glossary: '.glossary-panel' };
const CONTROL_KEYS = { step: ['step'], 'step-back': ['stepBack'], 'next-iteration': ['nextIteration'], run: ['run', 'pause'],
  reset: ['reset'], 'solve-now': ['solveNow'], 'play-solution': ['playSolution'], speed: ['speed'], predict: ['predict'] };
const SHARE_KEYS = SHARE_BUTTONS.map(([key]) => key);
const PARTS = { predict: '.predict-panel', check: '.check-panel', controls: '.controls', share: '.share', progress: '.progress', caption: '.caption', message: '.message', ...PANELS };

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
/** The speed attribute's events per second (Infinity: full speed); null for a value it does not accept. */
const speedOf = (text) => {
  if (text === 'max' || text === 'full') return Infinity;
  const value = text.trim() === '' ? NaN : Number(text);
  return value >= 1 && value <= 1000 ? value : null;
};
/** The position attribute's events, or null for a value that is not a whole number. */
/** A position (events shown) from the attribute's text or the property's number; null if it is not a whole number of events. */
const positionOf = (value) => {
  const number = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : NaN) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};
/** What a verdict is about: the board, heuristic and goal (the move order is the trace's). */
const checkKey = ({ board, heuristic, goal }) => JSON.stringify([board, heuristic, goal]);
const sizeOf = (bytes) => (bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${(bytes / 1e6).toFixed(1)} MB`);
// A value it does not accept leaves the default in effect (and #layout names it).
const parseSpeed = (text) => (text === null ? DEFAULTS.speed : speedOf(text) ?? DEFAULTS.speed);

class Explorer {
  #host;                   // the <tile-search> element: its attributes, events and focus
  #root;                   // its shadow root
  #ready = false;
  #solver = null;
  #error = null;
  #described = null;       // describeBoard of the board, when it parses
  #view = new ViewState(); // the moment shown: events so far, the search's snapshot there (view-state.js)
  #solverAt = 0;           // where the local Solver stands (streams leave it behind; #catchUp() and #local() catch up)
  #catchUpToken = 0;       // bumps stop a background catch-up
  #lastEvent = null;
  #solved = null;          // {length, moves, expanded, generated}
  #gaveup = null;          // the gaveup event: a graph search hit its memory guard
  #databases = null;       // pdb: {goal, status, progress, source, seconds, notKept, loadSeconds, message} (DatabasesView)
  #mode = 'idle';          // idle | run | stream | seeking (walking ahead, stoppable) | replay | playback | solving (Solve now)
  // One id per kind: rAF and timer ids are separate counters, so clearing one kind with the
  // other's id would cancel the host page's (or another widget's) callback of that number.
  #frame = 0;              // the human-speed Run's animation frame
  #timer = 0;              // the solution playback's timer
  #loopTimer = 0;          // loop: the restart 3 s after the solution
  #generation = 0;         // bumps cancel async work (replays, streams, playback)
  #client = null;
  #progress = '';
  #playback = null;        // {moves, shown, interval}: the solution being played
  #overlay = false;
  #streamingRun = false;   // the stream is a full-speed Run (not Next iteration)
  #streamFeed = null;      // the stream's turn in the page's frame scheduler
  #timelineAt = 0;         // when the timeline was last drawn (throttled while streaming)
  #renderQueued = false;
  #drawQueued = () => { this.#renderQueued = false; this.#render(); };
  #announcer = new Announcer((text) => { this.#views.live.textContent = text; }, { interval: ANNOUNCE_MS });
  #views;
  #module = null;          // the page's compiled core, for this widget's worker
  #visibility = null;      // IntersectionObserver: off-screen widgets pause
  #resume = null;          // 'play' | 'nextIteration': what an off-screen pause interrupted (or autoplay awaits)
  #visible = false;        // shown: in the viewport (IntersectionObserver) and not in a hidden ancestor
  #intersecting = false;   // in the viewport (IntersectionObserver)
  #hostHidden = false;     // an ancestor has `hidden` (reveal.js's slides that are not shown; it keeps them laid out)
  #hiddenWatch = null;     // MutationObserver of the ancestors' `hidden`
  #printing = false;       // printing or a print view: everything is drawn now, nothing waits to be on screen
  #offscreen = false;      // known to be out of the viewport: frame-paced redraws wait until it is back
  #shown = new Set(Object.keys(PANELS)); // the panels of `view`: only these are drawn
  #seen = false;           // has been in the viewport
  #pendingPosition = null; // a position set before the search existed
  // Predict mode: the own Solver stands one event ahead, on the event a question is about;
  // that record is held here, unrevealed, until the answer (the Quiz keeps the expected answer).
  #quiz = new Quiz();
  #held = null;            // the held record (a Uint32Array) while a question waits
  #feedback = null;        // the last answer ({correct, given, expected, explanation}) until the next question
  #order = DEFAULTS.order; // the move order in effect (a bad order attribute leaves the default, #orderProblem says why)
  #orderProblem = '';
  #check = null;           // the verdict shown in the check card: {verdict, key} (key: the board, heuristic and goal it is about)
  #checks = 0;             // bumps: a newer check supersedes one still in the worker
  #solving = null;         // Solve now under way: its AbortController
  #parallel = null;        // solved by Solve now: {workers, seconds, balance, packets}
  #warn = false;           // the progress line reports a failure

  /** `host`: the element (read through its public properties); `root`: its shadow root, filled here. */
  constructor(host, root) {
    this.#host = host;
    this.#root = root;
    root.innerHTML = `
      ${stylesheet}
      <!-- Panels are named groups, not landmarks: a page with several widgets keeps its landmarks unique. -->
      <div class="explorer">
        <p class="message" role="alert"></p>
        <div class="input" role="group" aria-label="Board and options"></div>
        <div class="databases" role="group" aria-label="Pattern databases"></div>
        <div class="toolbar">
          <div class="controls" role="group" aria-label="Search controls"></div>
          <div class="share" role="group" aria-label="Share and export"></div>
        </div>
        <p class="progress"></p>
        <div class="stage">
          <div class="col col-left">
            <div class="board-panel" role="group" aria-label="Board">
              <div class="board-host"></div>
              <label class="overlay"><input type="checkbox"> Show each tile's share of h</label>
              <p class="playback"></p>
            </div>
            <div class="now-panel" role="group" aria-label="Now"></div>
          </div>
          <div class="predict-panel" role="group" aria-label="Predict" hidden></div>
          <div class="check-panel" role="group" aria-label="Check your IDA*" hidden></div>
          <div class="tree-panel" role="group" aria-label="Search tree">
            <h2 class="tree-title">Search tree</h2>
            <div class="tree-host"></div>
            <div class="selection" hidden><h3>Selected node</h3><p></p><div class="selected-board"></div></div>
          </div>
          <div class="col col-right">
            <div class="code-panel" role="group" aria-label="Pseudo-code"></div>
            <div class="frontier-panel" role="group" aria-label="Frontier"></div>
          </div>
        </div>
        <div class="timeline-panel" role="group" aria-label="Iterations"></div>
        <div class="solution-panel" role="group" aria-label="Solution, step by step"></div>
        <div class="compare-panel" role="group" aria-label="Compare the algorithms"></div>
        <div class="glossary-panel" role="group" aria-label="Glossary">
          <details><summary>What the words mean</summary>
            <dl class="glossary">${GLOSSARY.map(([term, meaning]) => `<div><dt>${term}</dt><dd>${meaning}</dd></div>`).join('')}</dl>
          </details>
        </div>
        <p class="caption"></p>
        <div class="live" aria-live="polite"></div>
      </div>`;
    const $ = (selector) => root.querySelector(selector);
    this.#views = {
      input: new InputView($('.input'), (choice) => this.#choose(choice)),
      controls: new Controls($('.controls'), {
        step: () => this.step(), stepBack: () => this.stepBack(), nextIteration: () => this.nextIteration(),
        run: () => this.play(), pause: () => this.pause(), reset: () => this.reset(),
        playSolution: () => this.#playSolution(), solveNow: () => this.#solveFromView(),
      }, (speed) => { this.#host.speed = speed; }, (on) => { this.#host.mode = on ? 'predict' : 'explore'; }),
      predict: new PredictView($('.predict-panel'), (value) => this.#answerFromView(value)),
      check: new CheckView($('.check-panel'), { onCheck: (trace) => this.#checkFromView(trace), onClose: () => this.#closeCheck() }),
      board: new BoardView($('.board-host'), { label: 'Board' }),
      now: new NowPanel($('.now-panel')),
      code: new CodeView($('.code-panel')),
      frontier: new FrontierView($('.frontier-panel'), (id) => this.#views.tree.selectId(id)),
      databases: new DatabasesView($('.databases')),
      compare: new CompareView($('.compare-panel'), () => this.#module),
      solution: new SolutionView($('.solution-panel')),
      tree: new TreeView($('.tree-host'), { onSelect: (node) => this.#showSelected(node) }),
      timeline: new TimelineView($('.timeline-panel'), (iteration) => this.#goToIteration(iteration)),
      selectedBoard: new BoardView($('.selected-board'), { label: 'Board of the selected node', small: true }),
      progress: $('.progress'), playback: $('.playback'), live: $('.live'),
      selection: $('.selection'),
      share: new ShareView($('.share'), {
        'copy-link': () => this.copyLink(), 'download-trace': () => this.#downloadTrace(),
        'download-tree': () => this.#downloadTree(), 'download-table': () => this.#downloadTable(),
        'check-trace': () => this.#openCheck(),
      }),
    };
    for (const [part, selector] of Object.entries(PARTS)) $(selector).part.add(part);
    this.#views.controls.describeSolve(`Solve now: the optimal solution at once, IDA* on every core (${count(MAX_WORKERS, 'worker')}); the tree is not drawn`);
    // The canvas tree reads its colours from the stylesheet: a linked one (www/) may load after
    // the first drawing, which would keep the unstyled (black) colours.
    root.querySelector('link[rel="stylesheet"]')?.addEventListener('load', () => this.#views.tree.recolour());
    $('.overlay input').addEventListener('change', (event) => { this.#overlay = event.target.checked; this.#render(); });
    this.#host.addEventListener('keydown', (event) => this.#onKey(event));
    // A button activates on Space's keyup: that one is the Run/Pause key's, not the button's
    // (but for the answer buttons of predict mode, which are pressed as buttons are).
    this.#host.addEventListener('keyup', (event) => {
      const target = /** @type {HTMLElement} */ (event.composedPath()[0]);
      if (event.key === ' ' && target.tagName === 'BUTTON' && !target.closest('.predict-panel, .check-panel')) { event.preventDefault(); event.stopPropagation(); }
    });
  }

  /** The element joined a document. */
  connected() {
    if (!this.#host.hasAttribute('tabindex')) this.#host.tabIndex = 0;
    if (!this.#host.hasAttribute('aria-label')) this.#host.setAttribute('aria-label', this.#host.getAttribute('caption') ?? 'IDA* explorer');
    this.#views.controls.setSpeed(this.#host.speed);
    this.#layout();
    const linked = optionsFromHash(location.hash, this.#host.id);
    for (const [name, value] of Object.entries(linked ?? {})) this.#host.setAttribute(name, value);
    this.#visibility = new IntersectionObserver(([entry]) => { this.#intersecting = entry.isIntersecting; this.#onVisibility(); });
    this.#visibility.observe(this.#host);
    this.#watchAncestors();
    Explorer.#watchPrint(this);
    wasmReady().then((module) => {
      if (!this.#host.isConnected) return;
      this.#module = module;
      this.#ready = true;
      this.#configure();
      if (linked) requestAnimationFrame(() => this.#host.scrollIntoView({ block: 'start' }));
    }, (error) => { this.#error = `The WebAssembly core failed to load: ${error.message}`; this.#render(); });
  }

  /** The element left its document: everything stops and is freed. */
  disconnected() {
    this.#cancel('the widget was removed from the page');
    this.#visibility.disconnect();
    this.#hiddenWatch.disconnect();
    Explorer.#connected.delete(this);
    this.#announcer.cancel();
    this.#client?.terminate();
    this.#client = null;
    this.#views.tree.disconnect();
    this.#views.compare.stop();
    this.#solver?.free();
    this.#solver = null;
    // Nothing of the freed search stays to be drawn: a pending frame or a handler of the
    // widget's own events (a `solved` listener that removes it) finds an empty widget.
    cancelDraw(this.#drawQueued);
    this.#renderQueued = false;
    this.#clearTrace();
    this.#ready = false;
  }

  /** An observed attribute changed. */
  attributeChanged(name, oldValue, value) {
    if (name === 'speed') {
      this.#views.controls.setSpeed(this.#host.speed);
      this.#layout(); // names a value it does not accept
      if (this.#mode === 'run' && this.#host.speed === Infinity && !this.#predicting) { this.#cancel(); this.#stream(false); }
      else if (this.#mode === 'stream' && this.#streamingRun && this.#host.speed !== Infinity) { this.#cancel(); this.#runAtSpeed(); }
      return;
    }
    if (LAYOUT_ATTRIBUTES.includes(name)) { this.#layout(); return; }
    if (name === 'mode') { this.#modeChanged(); return; }
    if (name === 'position') {
      this.#layout(); // names a value it does not accept
      const position = positionOf(value);
      if (position !== null) this.#goTo(position);
      return;
    }
    if (name === 'autoplay' || !this.#ready || oldValue === value) return;
    this.#configure();
  }

  get state() {
    const solver = this.#solver;
    let status = 'ready';
    if (this.#error) status = 'error';
    else if (this.#solved) status = 'solved';
    else if (this.#gaveup) status = 'gaveup';
    else if (!solver && this.#databases) status = 'preparing';
    else if (this.#mode === 'run' || this.#mode === 'stream' || this.#mode === 'solving') status = 'running';
    else if (this.#view.index > 0) status = 'paused';
    // The moment shown, not where a worker's search has got to.
    const snap = solver ? this.#view.snapshot : null;
    return {
      status,
      algorithm: this.#host.algorithm,
      threshold: snap && this.#view.index > 0 ? snap.threshold : null,
      iteration: snap?.iteration ?? 0,
      expanded: snap?.expanded ?? 0,
      generated: snap?.generated ?? 0,
      reached: snap?.reached ?? null,
      maxFrontier: snap?.maxFrontier ?? null,
      position: this.#view.index,
      lastEvent: this.#lastEvent,
      solution: this.#solved ? { length: this.#solved.length, moves: [...this.#solved.moves] } : null,
      error: this.#error,
      databases: this.#databases && { ...this.#databases },
      tree: this.#views.tree.summary(),
      mode: this.#predicting ? 'predict' : 'explore',
      score: this.#quiz.score,
      order: this.#order,
      parallel: this.#parallel && { workers: this.#parallel.workers, seconds: this.#parallel.seconds, balance: this.#parallel.balance.map((b) => ({ ...b })) },
    };
  }

  // --- predict mode -------------------------------------------------------------------------

  /** Predict mode is on (the `mode` attribute) and this search has it (IDA*'s questions). */
  get #predicting() { return this.#host.getAttribute('mode') === 'predict' && this.#host.algorithm === 'ida'; }

  /** The question waiting for an answer (a copy), or null. */
  get question() { return this.#quiz.question; }

  /**
   * Answers the waiting question: checked against the held event (the core's), scored, and
   * then that event is shown. Returns {kind, given, correct, expected, explanation}. With no
   * question waiting, or a value of the wrong type or out of range, it throws and changes nothing.
   */
  answer(value) {
    const result = this.#quiz.answer(value);
    const held = this.#held;
    this.#held = null;
    this.#feedback = result;
    this.#announce(feedbackText(result), true);
    const generation = this.#generation;
    this.#host.dispatchEvent(new CustomEvent('answer', { bubbles: true, composed: true, detail: { ...result } }));
    // A listener may have reset, moved or removed the widget: the held event is not shown then.
    if (generation !== this.#generation || !this.#host.isConnected) return result;
    const focused = this.#host.matches(':focus-within');
    this.#take(held);
    this.#render();
    // The keyboard goes on from Step: Enter asks the next question.
    if (focused) this.#views.controls.focus('step') || this.#host.focus();
    return result;
  }

  /** An answer from the card's controls: a bad one is named in the card, never thrown at the page. */
  #answerFromView(value) {
    try { this.answer(value); } catch (error) { this.#announce(error.message, true); }
  }

  /**
   * Predict mode's step: the own Solver steps one event ahead; when a question applies to that
   * event it is held unrevealed and the question asked, else it is shown. Returns the event
   * shown, or undefined (a question waits, or the search is over).
   */
  #predictStep() {
    const solver = this.#local();
    const children = solver.childTiles; // the node shown's children, read before stepping past it
    const words = solver.stepMany(1);
    if (words.length === 0) return this.#take(words);
    const next = decodeRecord(words, 0);
    const parent = next.type === 'node' || next.type === 'prune' ? next.parent : null;
    const question = this.#quiz.ask(next, {
      last: this.#lastEvent, threshold: this.#view.threshold, minPruned: this.#view.minPruned, heuristic: this.#host.heuristic, children,
      order: solver.order, parentName: parent === null ? '' : this.#nodePhrase(parent),
    });
    if (!question) return this.#take(words);
    this.#held = words;
    this.#solverAt = this.#view.index + 1;
    this.#feedback = null;
    if (this.#mode === 'run') { this.#mode = 'idle'; this.#progress = 'Paused at a question: answer it to go on.'; }
    const focused = this.#host.matches(':focus-within');
    this.#announce(question.prompt, true);
    this.#render();
    if (focused) this.#views.predict.focus();
    this.#host.dispatchEvent(new CustomEvent('question', { bubbles: true, composed: true, detail: question }));
    return undefined;
  }

  /** Node `id` in a sentence, as the tree labels it: "the start (#0)", "node #12 (slid 4)". */
  #nodePhrase(id) {
    const tile = this.#views.tree.tileOf(id);
    return tile === null ? `the start (#${id})` : tile === undefined ? `node #${id}` : `node #${id} (slid ${tile})`;
  }

  /** Forgets a waiting question unanswered (Step back, Reset, a seek, new options, predict mode off). */
  #dropQuestion() {
    if (!this.#held) return;
    this.#quiz.drop();
    this.#held = null;
  }

  /** The mode attribute changed: predict mode on or off (a bad value is named in the message line). */
  #modeChanged() {
    this.#layout();
    if (!this.#predicting) this.#dropQuestion();
    else if (this.#mode === 'run' || this.#mode === 'stream') this.pause();
    if (this.#ready) this.#render();
  }

  // --- check my IDA* --------------------------------------------------------------------------

  /** The Share menu's "Check a trace…": the card opens with the keyboard in it. */
  async #openCheck() {
    /** @type {HTMLDetailsElement} */ (this.#root.querySelector('.share details')).open = false;
    this.#views.check.show(true);
    return '';
  }

  #closeCheck() {
    this.#views.check.hide();
    const menu = /** @type {HTMLElement} */ (this.#root.querySelector('.share summary'));
    if (menu.checkVisibility()) menu.focus(); else this.#host.focus();
  }

  /** A trace from the card: a failure is named in the card, never thrown at the page. */
  async #checkFromView(trace) {
    const view = this.#views.check;
    view.busy(typeof trace === 'string' ? 'Checking your trace against IDA*…' : `Checking ${trace.name} (${sizeOf(trace.size)}) against IDA*…`);
    try {
      await this.#runCheck(trace, true);
    } catch (error) {
      view.failed(error.message);
      this.#announce(error.message, true);
    }
  }

  /**
   * The core's verdict on a student's IDA* trace for the board shown (checked in the worker);
   * the explorer then shows it: the card, and the moment before the divergence.
   */
  async checkTrace(trace) {
    if (typeof trace !== 'string' && !(trace instanceof Blob)) {
      throw new TypeError(`checkTrace takes the trace as a string of JSON lines (or a File), not ${trace === null ? 'null' : typeof trace}`);
    }
    return this.#runCheck(trace, false);
  }

  async #runCheck(trace, fromView) {
    await wasmReady();
    if (!this.#ready) throw new Error('the explorer is not in a document: add it to the page first');
    const options = { board: this.#host.board, heuristic: this.#host.heuristic, goal: this.#host.goal };
    const request = this.#checks += 1;
    this.#client ??= createSearchClient(this.#module);
    const verdict = await this.#client.check(options, trace);
    if (request !== this.#checks || !this.#ready) return verdict; // a newer check, or the widget left the page
    if (checkKey(options) !== checkKey(this.#options())) {
      if (fromView) this.#views.check.failed('The board, heuristic or goal changed while checking: check again for this one.');
      return verdict;
    }
    this.#showVerdict(verdict, options, fromView);
    this.#host.dispatchEvent(new CustomEvent('check', { bubbles: true, composed: true, detail: verdict }));
    return verdict;
  }

  /**
   * Shows a verdict: the explorer follows the student's search (IDA* in the trace's move
   * order) to the moment before the core's expected event, and the tree's ring marks that
   * event's node if drawn, else its parent (the node whose child comes next).
   */
  async #showVerdict(verdict, options, focus) {
    this.#check = { verdict, key: checkKey(options) };
    const switched = [];
    if (this.#host.algorithm !== 'ida') { switched.push('IDA*'); this.#host.algorithm = 'ida'; }
    if (this.#order !== verdict.order) { switched.push(`order ${verdict.order}`); this.#host.order = verdict.order; }
    const view = this.#views.check;
    const order = `order ${verdict.order}: ${orderWords(verdict.order)}`;
    const followed = switched.length ? ` Switched to ${switched.join(' and ')}.` : '';
    const where = verdict.ok
      ? `Shown: the end of your search (${count(verdict.position, 'event')}, ${order}).${followed}`
      : `Shown: the moment before IDA*'s event (after ${count(verdict.position, 'event')}, ${order}).${followed}`;
    view.show(false);
    view.render(verdict, alignRows(verdict), where, focus);
    this.#announce(announcement(verdict), true);
    if (!this.#solver) { this.#goTo(verdict.position); return; }
    await this.#seek(verdict.position);
    if (this.#view.index !== verdict.position || this.#check?.verdict !== verdict) return; // moved on meanwhile
    const expected = verdict.expected;
    if (expected?.type !== 'node' && expected?.type !== 'prune') return;
    const tree = this.#views.tree;
    if (tree.markId(expected.id)) {
      view.where(`${where} Ringed in the tree: node #${expected.id}, IDA*'s event.`);
    } else if (expected.parent !== null && tree.markId(expected.parent)) {
      view.where(`${where} Ringed in the tree: node #${expected.parent}, whose child ${expected.tile === null ? '' : `(tile ${expected.tile} slides) `}comes next.`);
    }
  }

  /** Solved, or given up by the memory guard: nothing more to step. */
  get #finished() { return Boolean(this.#solved || this.#gaveup); }
  get #frontierSearch() { return this.#host.algorithm in FRONTIER_SEARCHES; }

  /** Shows one more event; returns it (undefined at the end or on an invalid board). */
  step() {
    if (!this.#solver || this.#finished) return undefined;
    // A question waits: Step goes back to it (Step back, Reset or predict mode off leave it).
    if (this.#held) { this.#views.predict.focus(); return undefined; }
    this.#cancel();
    if (this.#predicting) return this.#predictStep();
    const event = this.#take(this.#local().stepMany(1));
    this.#render();
    return event;
  }

  /** Back one event: the core seeks to its iteration's start, and the iteration is redrawn to there. */
  stepBack() {
    if (!this.#solver || this.#view.index === 0) return Promise.resolve();
    return this.#seek(this.#view.index - 1);
  }

  /** Runs to the end of the current iteration (its raise) or to the solution, in the worker. */
  nextIteration() {
    if (!this.#solver || this.#finished || this.#frontierSearch || this.#held) return;
    this.#cancel();
    this.#stream(true);
  }

  /** Runs at `speed`; at full speed in the worker. */
  play() {
    if (!this.#solver || this.#finished || this.#mode === 'run' || this.#mode === 'stream' || this.#held) return;
    this.#cancel();
    // Predict mode runs on the own Solver at any speed: it stops at the next question.
    if (this.#host.speed === Infinity && !this.#predicting) this.#stream(false); else this.#runAtSpeed();
  }

  pause() {
    if (this.#mode === 'idle') return;
    this.#cancel('paused');
    this.#render();
  }

  reset() {
    if (!this.#solver) return;
    this.#cancel('reset');
    this.#solver.reset();
    this.#solverAt = 0;
    this.#catchUpToken += 1;
    this.#clearTrace();
    this.#view.snapshot = snapshotOf(this.#solver);
    this.#announce('Reset: back to the start, before the first event.', true);
    this.#render();
    this.#host.dispatchEvent(new CustomEvent('reset', { bubbles: true, composed: true }));
  }

  // --- configuration ------------------------------------------------------------------------

  #choose({ board, heuristic, goal, algorithm }) {
    if (algorithm !== undefined) this.#host.algorithm = algorithm;
    if (board !== undefined) this.#host.board = board;
    if (heuristic !== undefined) this.#host.heuristic = heuristic;
    if (goal !== undefined) this.#host.goal = goal;
  }

  #configure() {
    this.#cancel('the board or an option changed');
    this.#solver?.free();
    this.#solver = null;
    const options = this.#options();
    const frontierSearch = this.#frontierSearch;
    /** @type {HTMLElement} */ (this.#root.querySelector('.explorer')).dataset.algorithm = frontierSearch ? 'graph-search' : 'ida';
    // Short, to share its row with the zoom tools; the note under it says which iteration.
    this.#root.querySelector('.tree-title').textContent = frontierSearch ? `Search tree of ${FRONTIER_SEARCHES[this.#host.algorithm].name}` : 'Search tree';
    this.#views.tree.setFrontierSearch(frontierSearch);
    this.#views.now.setFrontierSearch(frontierSearch);
    this.#layout(); // the frontier column is the graph searches'
    this.#error = null;
    const orderProblem = this.#orderProblem;
    if (!this.#awaitDatabases(options)) {
      try {
        // Attribute text as given: the core checks every name and says what is wrong.
        this.#solver = this.#newSolver(options);
        this.#solverAt = 0;
      } catch (error) {
        this.#error = error.message;
      }
    }
    if (this.#orderProblem !== orderProblem) this.#layout();
    // A verdict is about one board, heuristic and goal: another one leaves the card's form.
    if (this.#check && this.#check.key !== checkKey(options)) { this.#check = null; this.#views.check.reset(); }
    try {
      this.#described = describeBoard(options.board, /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (options.goal));
    } catch {
      // A malformed board: the last board that parsed stays drawn (dimmed) beside the alert.
    }
    this.#clearTrace();
    this.#view.snapshot = this.#solver ? snapshotOf(this.#solver) : null;
    this.#render();
    this.#host.dispatchEvent(new CustomEvent('optionschange', { bubbles: true, composed: true, detail: options }));
    // A position asked for before the search existed (the attribute, a deep link, the property).
    const pending = this.#pendingPosition;
    this.#pendingPosition = null;
    if (pending !== null && pending > 0 && this.#solver) this.#seek(pending);
    else if (this.#host.autoplay && this.#solver) this.#autoplay();
  }

  /**
   * The Solver for `options`. A move order the core refuses leaves the default in effect and is
   * named in the message line (as a bad speed is): the search works on. Sets #order.
   */
  #newSolver(options) {
    this.#orderProblem = '';
    this.#order = options.order;
    try {
      return new Solver(/** @type {import('../pkg/tilesearch.js').SolverOptions} */ (options));
    } catch (error) {
      if (options.order === DEFAULTS.order) throw error;
      const solver = new Solver(/** @type {import('../pkg/tilesearch.js').SolverOptions} */ ({ ...options, order: DEFAULTS.order }));
      // Only the order was wrong: the core's words for it.
      this.#orderProblem = `order="${options.order}": ${error.message}.`;
      this.#order = DEFAULTS.order;
      return solver;
    }
  }

  #options() {
    const options = { board: this.#host.board, heuristic: this.#host.heuristic, goal: this.#host.goal, algorithm: this.#host.algorithm,
      order: this.#solver ? this.#order : this.#host.order };
    if (this.#host.maxReached !== null) options.maxReached = this.#host.maxReached;
    return options;
  }

  /**
   * pdb on a 4×4 board whose databases this page has not loaded yet: the worker loads them from
   * IndexedDB or builds them (never this thread: a build takes seconds) and hands over a copy;
   * then the element configures again. True while they are on their way.
   */
  #awaitDatabases({ board, heuristic, goal }) {
    if (heuristic !== 'pdb') { this.#databases = null; return false; }
    if (this.#databases?.goal !== goal) this.#databases = null;
    if (patternDatabasesReady(goal)) { this.#databases ??= { goal, status: 'ready', source: 'memory', progress: 1 }; return false; }
    let cells;
    try { cells = parseBoard(board).length; } catch { return false; } // the Solver names the problem
    if (cells !== 16) return false; // the Solver's error says pdb is for the 4×4 board
    if (this.#databases?.status === 'preparing' || this.#databases?.status === 'building') return true;
    this.#databases = { goal, status: 'preparing', progress: 0 };
    this.#client ??= createSearchClient(this.#module);
    if (!this.#client.databases) {
      this.#databases = { goal, status: 'error', progress: 0, message: 'they are made in a Web Worker, and this page cannot start one' };
      return false;
    }
    const current = () => this.#databases?.goal === goal;
    this.#client.databases(goal, (progress, workers) => {
      if (!current()) return;
      Object.assign(this.#databases, { status: 'building', progress, workers });
      this.#render();
    }, (notKept) => {
      // Built, but IndexedDB refused them: the reader learns why the next visit builds again.
      if (!notKept || !current()) return;
      this.#databases.notKept = notKept;
      this.#render();
    }).then(({ source, seconds, bytes, notKept = null }) => {
      const start = performance.now();
      if (!patternDatabasesReady(goal)) loadPatternDatabases(goal, bytes);
      const made = { goal, status: 'ready', progress: 1, source, seconds, notKept, loadSeconds: (performance.now() - start) / 1000 };
      if (!current()) return;
      this.#databases = made;
      if (this.#host.heuristic !== 'pdb' || this.#host.goal !== goal) return;
      if (this.#mode === 'solving' && !this.#solver) {
        // Solve now waited for the same databases: the widget's own Solver now, Solve now goes on.
        try {
          this.#solver = this.#newSolver(this.#options());
          this.#solverAt = 0;
          this.#view.snapshot = snapshotOf(this.#solver);
        } catch (error) {
          this.#error = error.message;
        }
        this.#render();
      } else {
        this.#configure();
      }
    }, (error) => {
      if (!current()) return;
      this.#databases = { goal, status: 'error', progress: 0, message: error.message };
      this.#render();
    });
    return true;
  }

  #clearTrace() {
    this.#dropQuestion();
    this.#feedback = null;
    this.#view.clear();
    this.#lastEvent = null;
    this.#solved = null;
    this.#gaveup = null;
    this.#playback = null;
    this.#parallel = null;
    this.#progress = '';
    this.#warn = false;
    this.#views.tree.clear();
    this.#views.selection.hidden = true;
  }

  // --- consuming trace records --------------------------------------------------------------

  /** Feeds `count` records of `words` to the view state and the tree; returns `count`. */
  #feed(words, count) {
    const tree = this.#views.tree;
    const view = this.#view;
    for (let i = 0, o = 0; i < count; i += 1, o += RECORD_WORDS) {
      const kind = view.apply(words, o);
      if (kind === KIND.node) {
        tree.node(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
      } else if (kind === KIND.prune) {
        tree.prune(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordPruneThreshold(words, o), recordTile(words, o));
      } else if (kind === KIND.generate) {
        tree.generate(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
      } else if (kind === KIND.expand) {
        tree.expand(recordId(words, o));
      } else if (kind === KIND.skip) {
        tree.skip(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
      } else if (kind === KIND.backtrack) {
        tree.backtrack(recordId(words, o));
      } else if (kind === KIND.iteration) {
        tree.startIteration(view.iteration, view.threshold);
      } else if (kind === KIND.raise) {
        // Every raise is announced, even one a batch passes in the middle; a full-speed Run,
        // which raises faster than speech, says the latest one still waiting.
        const fullSpeed = this.#mode === 'stream' && this.#streamingRun;
        this.#announce(`No goal within threshold ${view.threshold}: the threshold rises to ${view.raisedTo}, the smallest pruned f.`, true, fullSpeed ? 'raise' : null);
      } else if (kind === KIND.solved && !this.#frontierSearch) {
        tree.solved(); // a graph search's solution path is starred in #afterEvents, from the moves
      }
    }
    if (count > 0) view.keepLast(words, (count - 1) * RECORD_WORDS);
    return count;
  }

  /** The local Solver, moved to the moment shown if a stream left it behind (the core's seek). */
  #local() {
    this.#catchUpToken += 1;
    if (this.#solverAt !== this.#view.index) {
      this.#solver.seek(this.#view.index);
      this.#solverAt = this.#view.index;
    }
    return this.#solver;
  }

  /**
   * After a stream, the own Solver walks on to the moment shown in frame-sized skips, so that
   * Step, Step back and the timeline rarely find it behind (#local() seeks the rest at once).
   */
  #catchUp() {
    const token = this.#catchUpToken += 1;
    const walk = () => {
      if (token !== this.#catchUpToken || !this.#solver || this.#mode !== 'idle') return;
      const left = this.#view.index - this.#solverAt;
      if (left <= 0) return;
      const skipped = this.#solver.skip(Math.min(left, CATCH_UP_CHUNK));
      this.#solverAt += skipped;
      if (skipped > 0 && this.#solverAt < this.#view.index) requestAnimationFrame(walk);
    };
    requestAnimationFrame(walk);
  }

  /** Shows the records of one stepMany call of the local Solver; returns the last one's event. */
  #take(words) {
    const count = this.#feed(words, words.length / RECORD_WORDS);
    this.#solverAt = this.#view.index;
    this.#view.snapshot = snapshotOf(this.#solver);
    return count > 0 ? this.#afterEvents() : undefined;
  }

  /**
   * After new events were fed: the last event, the solution, the `step` and `solved` events.
   * Returns the last event. A listener may remove the widget: then nothing else happens here.
   */
  #afterEvents() {
    const record = this.#view.lastRecord;
    if (!record) return undefined;
    const solvedNow = recordKind(record, 0) === KIND.solved && !this.#solved;
    // The moves are the one thing a record cannot carry: the snapshot after the solution has them.
    const event = decodeRecord(record, 0, solvedNow ? Array.from(this.#view.snapshot.moves ?? []) : undefined);
    this.#lastEvent = event;
    this.#host.dispatchEvent(new CustomEvent('step', { bubbles: true, composed: true, detail: event }));
    if (!this.#host.isConnected) return event;
    if (event.type === 'gaveup' && !this.#gaveup) {
      this.#gaveup = event;
      this.#mode = 'idle';
      this.#host.dispatchEvent(new CustomEvent('gaveup', { bubbles: true, composed: true, detail: { reached: event.reached, limit: event.limit } }));
      if (!this.#host.isConnected) return event;
    }
    if (solvedNow && event.type === 'solved') {
      if (this.#host.hasAttribute('loop') && (this.#mode === 'run' || this.#mode === 'stream')) {
        this.#loopTimer = setTimeout(() => { this.reset(); this.#autoplay(); }, LOOP_DELAY_MS);
      }
      this.#solved = event;
      this.#mode = 'idle';
      // The goal comes off the frontier without an event of its own: no node numbers to show.
      if (this.#frontierSearch) this.#views.tree.solvedAlong(event.moves);
      this.#host.dispatchEvent(new CustomEvent('solved', { bubbles: true, composed: true,
        detail: { length: event.length, moves: [...event.moves], expanded: event.expanded, generated: event.generated } }));
      if (!this.#host.isConnected) return event;
    }
    // A raise was announced as it was fed (#feed), in the same words.
    if (event.type !== 'raise') this.#announce(this.#narration(), solvedNow || event.type === 'gaveup');
    this.#scheduleRender();
    return event;
  }

  // --- running ------------------------------------------------------------------------------

  #cancel(reason = 'another action took over') {
    this.#generation += 1;
    if (this.#solving) {
      this.#solving.abort(new DOMException(`Solve now was abandoned: ${reason}`, 'AbortError'));
      this.#solving = null;
      this.#progress = `Solve now stopped: ${reason}.`;
    }
    this.#dropQuestion();
    this.#resume = null;
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    clearTimeout(this.#loopTimer);
    this.#frame = this.#timer = this.#loopTimer = 0;
    if (this.#streamFeed) { removeFeed(this.#streamFeed); this.#streamFeed = null; }
    this.#client?.stop();
    this.#views.tree.pace(0, NODE_BUDGET);
    this.#playback = null;
    if (this.#mode === 'run' || this.#mode === 'stream') this.#progress = `Paused after ${count(this.#view.snapshot?.nodes ?? 0, 'node')}.`;
    const streamed = this.#mode === 'stream';
    if (this.#mode === 'seeking') this.#progress = '';
    this.#mode = 'idle';
    if (streamed) this.#catchUp();
  }

  /** Human-speed Run: events from the local Solver, paced by the speed slider. */
  #runAtSpeed() {
    this.#mode = 'run';
    const generation = this.#generation;
    const started = { time: performance.now(), nodes: this.#view.snapshot.nodes };
    let last = performance.now(), credit = 1;
    const tick = (now) => {
      if (generation !== this.#generation) return;
      // Full speed here is predict mode's (it stops at the next question): a frame's worth at once.
      credit = this.#host.speed === Infinity ? 5000 : credit + ((now - last) / 1000) * this.#host.speed;
      last = now;
      const n = Math.min(Math.floor(credit), 5000);
      if (n > 0) {
        credit -= n;
        if (this.#predicting) {
          for (let i = 0; i < n && !this.#finished && !this.#held; i += 1) {
            this.#predictStep();
            if (generation !== this.#generation) return;
          }
          if (this.#held) return; // stopped at a question (#predictStep paused the run)
        } else {
          this.#take(this.#local().stepMany(n));
        }
        if (generation !== this.#generation) return; // a listener paused, reset or removed the widget
      }
      this.#progress = this.#progressLine(started, speedLabel(this.#host.speed));
      if (this.#finished) { this.#progress = this.#doneLine(); this.#render(); return; }
      this.#scheduleRender();
      this.#frame = requestAnimationFrame(tick);
    };
    this.#frame = requestAnimationFrame(tick);
    this.#render();
  }

  /**
   * Full-speed Run (or Next iteration: the stream ends at the raise): records streamed from
   * the worker, drawn per frame in whole batches, each with the snapshot of the moment after
   * it, so that every panel shows where the drawing is. The local Solver is not touched.
   */
  #stream(untilRaise) {
    this.#mode = 'stream';
    this.#views.tree.pace(STREAM_TREE_MS, NODE_BUDGET);
    this.#streamingRun = !untilRaise;
    const generation = this.#generation;
    const started = { time: performance.now(), nodes: this.#view.snapshot.nodes };
    /** @type {{records: Uint32Array, snapshot: import('../model/snapshot.js').Snapshot, finished: boolean}[]} */
    const queue = [];
    this.#client ??= createSearchClient(this.#module);
    this.#client.start(this.#options(), this.#view.index, untilRaise, {
      onBatch: (records, snapshot, finished) => queue.push({ records, snapshot, finished }),
      onError: (error) => { this.#cancel(); this.#progress = `The worker failed: ${error.message}`; this.#render(); },
    });
    // The page's frame scheduler calls this right after each frame with this widget's share of
    // the page's drawing budget (every streaming widget on the page takes turns).
    const feed = (deadline) => {
      if (generation !== this.#generation) { removeFeed(feed); return; }
      let fed = 0, ended = false;
      while (queue.length && !ended && (fed === 0 || performance.now() < deadline)) {
        const { records, snapshot, finished } = queue.shift();
        fed += this.#feed(records, records.length / RECORD_WORDS);
        this.#view.snapshot = snapshot;
        ended = finished;
        if (!finished) this.#client.credit();
      }
      if (fed > 0) this.#afterEvents();
      if (generation !== this.#generation) return; // a listener paused, reset or removed the widget
      this.#progress = this.#progressLine(started, 'full speed, in a worker');
      if (this.#finished || ended) {
        removeFeed(feed);
        this.#streamFeed = null;
        this.#client.stop();
        this.#mode = 'idle';
        this.#views.tree.pace(0, NODE_BUDGET);
        this.#progress = this.#finished ? this.#doneLine() : `Iteration ${this.#view.iteration} done: threshold raised to ${this.#view.raisedTo}.`;
        this.#render();
        this.#catchUp();
        return;
      }
      if (fed > 0) this.#scheduleRender();
    };
    this.#streamFeed = feed;
    addFeed(feed);
    this.#render();
  }

  // --- Solve now: IDA* on every core ------------------------------------------------------

  /**
   * The optimal solution at once: IDA* split into packets over a team of the page's workers
   * (one per core; parallel-search.js), the same solution and counts as stepping to the end.
   * Shows the solved state without drawing the search (the tree stays empty until Reset) and
   * resolves to the summary (Solver.run()'s shape); rejects with the core's error for options
   * it cannot search, and with an AbortError when Pause, Reset, new options or the widget's
   * removal abandon it.
   */
  async solve() {
    await wasmReady();
    if (!this.#ready) throw new Error('the explorer is not in a document: add it to the page first');
    if (this.#host.algorithm !== 'ida') {
      throw new Error(`Solve now runs IDA* on every core: the ${FRONTIER_SEARCHES[this.#host.algorithm]?.name ?? this.#host.algorithm} search has no parallel version. Choose IDA*, or Run it.`);
    }
    this.#cancel('Solve now was pressed again');
    const controller = new AbortController();
    this.#solving = controller;
    this.#mode = 'solving';
    this.#warn = false;
    const generation = this.#generation;
    const options = { board: this.#host.board, heuristic: this.#host.heuristic, goal: this.#host.goal, order: this.#solver ? this.#order : this.#host.order };
    const workers = MAX_WORKERS;
    const started = performance.now();
    this.#progress = `Solving now on ${count(workers, 'worker')}…`;
    this.#render();
    const onProgress = (progress) => {
      if (generation !== this.#generation) return;
      this.#progress = progress.phase === 'databases'
        ? `Solving now on ${count(workers, 'worker')}: the pattern databases first (${Math.round(progress.progress * 100)} %)…`
        : `Solving now on ${count(progress.workers, 'worker')}: iteration ${progress.iteration}, threshold ${progress.threshold}, ` +
          `${progress.accepted + progress.skipped} of ${count(progress.packets, 'packet')} done, ${((performance.now() - started) / 1000).toFixed(1)} s.`;
      this.#scheduleRender();
    };
    let result;
    try {
      // The widget's client keeps the pool's workers (warm, with their databases) for its next Solve now.
      this.#client ??= createSearchClient(this.#module);
      result = await solveInParallel(options, { workers, onProgress, signal: controller.signal });
    } catch (error) {
      if (generation === this.#generation) {
        this.#solving = null;
        this.#mode = 'idle';
        this.#warn = true;
        this.#progress = `Solve now failed: ${error.message}`;
        this.#announce(this.#progress, true);
        this.#render();
      }
      throw error;
    }
    this.#solving = null;
    this.#mode = 'idle';
    if (generation !== this.#generation || !this.#solver) return result.summary;
    this.#showSolvedNow(result);
    return result.summary;
  }

  /** Solve now from its button: a failure is shown in the progress line, never thrown at the page. */
  #solveFromView() {
    this.solve().catch(() => {});
  }

  /**
   * The solved moment of a parallel search: the goal board, the counters and every iteration
   * (the core's summary), the solution for Play solution; no events were shown (position 0),
   * so the tree says how to watch the search instead.
   */
  #showSolvedNow({ summary, workers, seconds, balance, packets }) {
    const solver = this.#solver;
    solver.reset();
    this.#solverAt = 0;
    this.#catchUpToken += 1;
    this.#clearTrace();
    const moves = [...summary.moves];
    this.#solved = { type: 'solved', length: summary.length, moves, expanded: summary.expanded, generated: summary.generated };
    this.#lastEvent = { ...this.#solved, moves: [...moves] };
    this.#view.snapshot = { ...summary, iterationStarts: [], board: boardAfter(solver.start, moves), frontierSize: null, frontier: null };
    // Now shows the goal's g, h and f, as after the last step (h of the goal board, the core's).
    const h = describeBoard(this.#view.snapshot.board, /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (this.#host.goal)).h[this.#host.heuristic];
    const numbers = h === undefined ? { g: summary.length } : { g: summary.length, h, f: summary.length + h };
    this.#parallel = { workers, seconds, balance, packets, numbers };
    const number = (n) => n.toLocaleString('en');
    const sent = packets.sent - packets.dropped;
    this.#progress = `Solved now on ${count(workers, 'worker')} in ${seconds.toFixed(2)} s: ${count(summary.length, 'move')} after ${count(summary.nodes, 'node')} ` +
      `(${number(summary.expanded)} expanded, ${number(summary.generated)} generated) in ${count(summary.iteration, 'iteration')}.`;
    this.#views.tree.setEmptyNote(`Solved at once by Solve now: ${count(workers, 'worker')} searched ${count(sent, 'packet')} (subtrees) in ${seconds.toFixed(2)} s; ` +
      `${balanceText(balance)}. The tree is not drawn: Reset, then Step or Run, to watch the search.`);
    this.#announce(`${this.#progress} ${this.#narration()}`, true);
    this.#render();
    this.#host.dispatchEvent(new CustomEvent('solved', { bubbles: true, composed: true,
      detail: { length: summary.length, moves: [...moves], expanded: summary.expanded, generated: summary.generated } }));
  }

  #progressLine(started, how) {
    const snap = this.#view.snapshot;
    const seconds = (performance.now() - started.time) / 1000;
    const rate = seconds > 0.2 ? Math.round((snap.nodes - started.nodes) / seconds) : null;
    const perSecond = rate === null ? '' : `, ${rate.toLocaleString('en')} nodes/s`;
    if (this.#frontierSearch) {
      return `Running (${how}): ${snap.expanded.toLocaleString('en')} expanded, ${snap.generated.toLocaleString('en')} generated, ` +
        `frontier ${sizeText(snap.frontierSize)}, ${count(snap.reached, 'reached state')}${perSecond}.`;
    }
    return `Running (${how}): threshold ${snap.threshold}, iteration ${snap.iteration}, ${count(snap.nodes, 'node')} (visited + pruned)${perSecond}.`;
  }

  #doneLine() {
    const number = (n) => n.toLocaleString('en');
    const snap = this.#view.snapshot;
    if (this.#gaveup) {
      return `Gave up after ${count(this.#gaveup.reached, 'reached state')} (the memory guard, max-reached ${number(this.#gaveup.limit)}): ` +
        `${number(snap.expanded)} expanded, ${number(snap.generated)} generated, no solution found.`;
    }
    if (this.#frontierSearch) {
      return `Solved: ${count(this.#solved.length, 'move')}; ${number(this.#solved.expanded)} expanded, ${number(this.#solved.generated)} generated, ` +
        `largest frontier ${number(snap.maxFrontier)}, ${count(snap.reached, 'reached state')}.`;
    }
    return `Solved: ${count(this.#solved.length, 'move')} after ${count(snap.nodes, 'node')} ` +
      `(${number(this.#solved.expanded)} expanded) in ${count(snap.iteration, 'iteration')}.`;
  }

  /**
   * Shows the moment after `target` events (fewer if the search ends first), back or forward:
   * the core seeks to the start of that moment's iteration (IDA* restarts right there; the
   * graph searches replay, they are short) and the iteration's events up to `target` are fed
   * to the views in frame-sized chunks, so the tree shows the iteration as stepping drew it.
   */
  async #seek(target) {
    this.#cancel();
    const generation = this.#generation;
    const solver = this.#solver;
    this.#catchUpToken += 1;
    this.#mode = 'seeking';
    // Ahead of where the own Solver stands (a link may name any event of a long search), the
    // walk goes in frame-sized skips: the page keeps drawing, and Pause or Reset stop it (the
    // panels still show the moment before, and #solverAt where the Solver got to).
    while (this.#solverAt < target) {
      const skipped = solver.skip(Math.min(target - this.#solverAt, CATCH_UP_CHUNK));
      this.#solverAt += skipped;
      if (skipped === 0 || this.#solverAt >= target) break; // there, or the search ended first
      this.#progress = `Going to event ${target.toLocaleString('en')}: ${count(target - this.#solverAt, 'event')} to go.`;
      this.#scheduleRender();
      await nextFrame();
      if (generation !== this.#generation) return;
    }
    this.#mode = 'replay'; // from here on a few frames at most: the controls wait
    const reached = solver.seek(Math.min(target, this.#solverAt));
    const start = solver.iterationStart;
    solver.seek(start);
    this.#clearTrace();
    this.#view.index = start;
    for (let left = reached - start; left > 0;) {
      const frameEnd = performance.now() + REPLAY_MS;
      let fed;
      do {
        const words = solver.stepMany(Math.min(left, REPLAY_CHUNK));
        fed = this.#feed(words, words.length / RECORD_WORDS);
        left -= fed;
      } while (left > 0 && fed > 0 && performance.now() < frameEnd);
      if (fed === 0) break;
      if (left > 0) {
        this.#progress = `Drawing this iteration's tree up to event ${target.toLocaleString('en')}: ${count(left, 'event')} to go.`;
        this.#scheduleRender();
        await nextFrame();
        if (generation !== this.#generation) return;
      }
    }
    this.#solverAt = this.#view.index;
    this.#view.snapshot = snapshotOf(solver);
    this.#progress = '';
    this.#mode = 'idle';
    this.#afterEvents();
    this.#render();
  }

  /** Shows the start of IDA*'s iteration `iteration` (its `iteration` event), where the core knows it. */
  #goToIteration(iteration) {
    // Where the search that drew the timeline says it starts (the own Solver may not know yet).
    const start = this.#view.snapshot?.iterationStarts?.[iteration - 1];
    if (start !== undefined) this.#goTo(start + 1);
  }

  /** Events shown so far. */
  get position() { return this.#view.index; }

  /** Shows the moment after `value` events, now or once the search exists; anything but a whole number of events throws a RangeError. */
  goTo(value) {
    // The property takes a number (the attribute's text is read by attributeChanged).
    const position = typeof value === 'number' ? positionOf(value) : null;
    if (position === null) throw new RangeError(`position must be a whole number of events (0 or more), not ${String(value)}`);
    this.#goTo(position);
  }

  /** Shows the moment after `position` events, now or once the search exists. */
  #goTo(position) {
    if (this.#solver && this.#ready) this.#seek(position);
    else this.#pendingPosition = position;
  }

  #playSolution() {
    if (!this.#solved) return;
    this.#cancel();
    const moves = this.#solved.moves;
    this.#mode = 'playback';
    const interval = Math.min(800, Math.max(120, 1000 / this.#host.speed));
    this.#playback = { moves, shown: 0, interval };
    const generation = this.#generation;
    this.#views.tree.markOnPath(0);
    const next = () => {
      if (generation !== this.#generation) return;
      this.#playback.shown += 1;
      this.#views.tree.markOnPath(this.#playback.shown);
      const done = this.#playback.shown >= moves.length;
      if (done) this.#mode = 'idle';
      this.#announce(this.#playbackText());
      this.#render();
      if (!done) this.#timer = setTimeout(next, interval);
    };
    this.#render();
    this.#timer = setTimeout(next, interval);
  }

  #playbackText() {
    const { moves, shown } = this.#playback;
    if (shown === 0) return `Playing the solution: ${count(moves.length, 'move')} from the start.`;
    return `Solution move ${shown} of ${moves.length}: slide ${moves[shown - 1]}${shown === moves.length ? ': the goal.' : '.'}`;
  }

  // --- drawing ------------------------------------------------------------------------------

  #narration() {
    if (this.#error) return 'Fix the board above to continue.';
    if (!this.#solver && this.#databases) return 'The pattern databases are on their way (the bar above); Step is ready once they are in.';
    if (this.#mode === 'solving') return 'Solve now: IDA* searches on every core, iteration by iteration (the line above says how far); the solution shows here when it is found.';
    return narrate(this.#lastEvent, { algorithm: this.#host.algorithm, threshold: this.#view.threshold, minPruned: this.#view.minPruned, heuristic: this.#host.heuristic,
      tileOf: (id) => this.#views.tree.tileOf(id) });
  }

  /** A redraw in a coming frame (the page's frame scheduler, within its budget); off-screen, once back in view. */
  #scheduleRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    if (!this.#offscreen) draw(this.#drawQueued);
  }

  #render() {
    if (!this.#host.isConnected) return; // removed: its Solver is freed, and nobody sees it
    if (this.#renderQueued) { cancelDraw(this.#drawQueued); this.#renderQueued = false; }
    const v = this.#views;
    const solver = this.#solver;
    const tiles = this.#described?.tiles;
    const width = this.#described?.width;
    // Panels left out of `view` are not drawn (#layout draws them when they are shown).
    const shown = this.#shown;
    if (shown.has('input')) v.input.render({ board: this.#host.board, tiles: tiles?.join(' '), algorithm: this.#host.algorithm, heuristic: this.#host.heuristic, goal: this.#host.goal, width, error: this.#error });
    v.databases.render(this.#databases);
    if (shown.has('compare')) v.compare.setOptions(solver ? this.#options() : null);
    if (shown.has('solution')) v.solution.render(this.#solved && { start: solver.start, moves: this.#solved.moves, goal: this.#host.goal });
    this.#renderBoard(); // always: its tiles are the widget's first sign of life, to a page's scripts too
    // Every panel below reads the one view state: the records shown and the snapshot after them.
    const view = this.#view;
    const snap = solver ? view.snapshot : null;
    const playing = this.#playbackMoment();
    // "What is the next threshold?" waits: the smallest pruned f would be the answer, so Now
    // and the pseudo-code hide it until the student answers.
    const question = this.#quiz.question;
    const hiding = question?.kind === 'next-threshold';
    if (shown.has('code')) {
      /** @type {import('../model/pseudo-code.js').CodeContext} */
      const context = { algorithm: this.#host.algorithm, threshold: view.raisedTo ?? view.threshold ?? undefined, min: view.minPruned, rootId: view.rootId, heuristic: this.#host.heuristic };
      if (snap && this.#frontierSearch) Object.assign(context, { frontier: sizeText(snap.frontierSize), reached: snap.reached, expanded: snap.expanded });
      // Playing the solution walks the path that `return path` (a graph search: the goal test) hands back.
      const step = !snap ? null : playing ? {
        line: this.#frontierSearch ? 'goal' : 'found', text: this.#playbackText(),
        vars: [['threshold', view.threshold], ...Object.entries(playing.numbers)].filter(([, value]) => value !== null)
          .map(([name, value]) => ({ name: String(name), value: Number(value) })),
      } : codeStep(this.#lastEvent, context);
      v.code.render({ algorithm: this.#host.algorithm, step: hiding ? hideSmallestPruned(step) : step });
    }
    const numbers = playing?.numbers ?? (this.#parallel ? this.#parallel.numbers : view.numbers);
    const narration = playing ? this.#playbackText() : this.#narration();
    if (!shown.has('now') && !shown.has('frontier')) {
      // Neither panel: nothing to draw.
    } else if (snap && this.#frontierSearch) {
      const { frontierSize, maxFrontier, reached } = snap;
      v.now.render({ ...numbers, frontier: sizeText(frontierSize), maxFrontier, reached, expanded: snap.expanded, generated: snap.generated }, narration);
      // Each entry named as the tree labels its node: the id, and the tile slid to reach it.
      const name = (id) => nodeName(id, v.tree.tileOf(id));
      v.frontier.render(this.#host.algorithm, snap.frontier, frontierSize, this.#finished, name);
    } else {
      // IDA*: the iteration and threshold of the last event (after a raise: "23 → 25").
      const threshold = this.#parallel ? snap.threshold : view.index === 0 ? null : view.raisedTo === null ? view.threshold : `${view.threshold} → ${view.raisedTo}`;
      v.now.render(snap ? {
        iteration: (this.#parallel ? snap.iteration : view.iteration) || null, threshold, ...numbers, minPruned: hiding ? '?' : view.minPruned, expanded: snap.expanded, generated: snap.generated,
      } : {}, narration);
    }
    if (shown.has('timeline') && (this.#mode !== 'stream' || performance.now() - this.#timelineAt > STREAM_TREE_MS)) {
      this.#timelineAt = performance.now();
      const iterations = snap ? snap.iterations : [];
      v.timeline.render(iterations, !this.#solved && iterations.length > 0 && iterations.at(-1).nextThreshold === null, !this.#parallel);
    }
    v.progress.textContent = this.#progress;
    v.progress.classList.toggle('warn', Boolean(this.#gaveup) || this.#warn);
    v.playback.textContent = this.#playback ? this.#playbackText() : '';
    const running = this.#mode === 'run' || this.#mode === 'stream';
    const can = Boolean(solver) && this.#mode !== 'replay';
    // While a question waits, Step, Run and Next iteration wait for the answer; Step back and Reset leave it.
    const asking = Boolean(this.#held);
    v.predict.render({ active: this.#predicting, question, feedback: this.#feedback, score: this.#quiz.score });
    v.controls.setPredict(this.#host.getAttribute('mode') === 'predict', this.#host.algorithm === 'ida', PREDICT_ONLY_IDA);
    v.controls.update({
      step: can && !this.#finished && !asking, stepBack: can && view.index > 0, nextIteration: can && !this.#finished && !this.#frontierSearch && !asking,
      run: can && !this.#finished && !running && !asking, pause: this.#mode !== 'idle' && this.#mode !== 'replay',
      reset: can, playSolution: can && Boolean(this.#solved) && this.#mode !== 'playback',
      solveNow: can && !this.#finished && !this.#frontierSearch && this.#mode !== 'solving',
    }, !this.#finished && !this.#frontierSearch);
    // A button that just became disabled must not take the keyboard focus away from the widget.
    if (/** @type {HTMLButtonElement | null} */ (this.#root.activeElement)?.disabled) this.#host.focus();
    this.#host.toggleAttribute('data-error', Boolean(this.#error));
  }

  /**
   * While the solution plays, the moment is the solution's k-th board: its tiles, the tile
   * slid last and g, h, f there (the core's h of that board), for the board and Now alike.
   */
  #playbackMoment() {
    if (!this.#playback || !this.#solver) return null;
    const { moves, shown } = this.#playback;
    const tiles = boardAfter(this.#solver.start, moves.slice(0, shown));
    const h = describeBoard(tiles, /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (this.#host.goal)).h[this.#host.heuristic];
    return { tiles, moved: shown > 0 ? moves[shown - 1] : null, numbers: h === undefined ? { g: shown } : { g: shown, h, f: shown + h } };
  }

  #renderBoard() {
    if (!this.#described) return;
    const width = this.#described.width;
    let tiles, moved = null, candidate = null;
    const playing = this.#playbackMoment();
    if (playing) {
      ({ tiles, moved } = playing);
    } else if (this.#solver && this.#view.snapshot) {
      tiles = this.#view.snapshot.board;
      const event = this.#lastEvent;
      if (event?.type === 'node' || event?.type === 'expand') moved = event.tile;
      if (event?.type === 'prune') candidate = event.tile;
    } else {
      tiles = this.#described.tiles;
    }
    const overlay = this.#overlay ? describeBoard(tiles, /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (this.#host.goal)) : null;
    const speed = this.#host.speed;
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
    const moves = v.tree.movesTo(node);
    const f = node.g + node.h;
    const graphKinds = { expanded: 'expanded', frontier: 'on the frontier', skip: 'skipped (its state was reached already)' };
    text.textContent = node.kind in graphKinds
      ? `Node ${node.id}, ${graphKinds[node.kind]}: g ${node.g}, h ${node.h}, f ${f}. Moves from the start: ${moves.join(' ') || 'none'}.`
      : node.kind === 'prune'
      ? `Node ${node.id}, pruned: g ${node.g}, h ${node.h}, f ${f} > threshold ${node.threshold}. Moves from the start: ${moves.join(' ') || 'none'}.`
      : `Node ${node.id}, visited: g ${node.g}, h ${node.h}, f ${f}. Moves from the start: ${moves.join(' ') || 'none'}.`;
    boardHost.hidden = false;
    v.selectedBoard.render({ tiles: boardAfter(this.#solver.start, moves), width: this.#solver.width,
      moved: moves.at(-1) ?? null, duration: 0 });
  }

  /** Into the live region (rate-limited; `important`: Reset, a raise, the solution, never dropped). */
  #announce(text, important = false, key = null) {
    this.#announcer.say(text, { important, key });
  }

  // --- embedding, share and export ---------------------------------------------------------

  /** Applies view, controls, height and caption; a bad value of these, speed or theme is named in the message line. */
  #layout() {
    const problems = [];
    const tokens = (name, allowed, all) => {
      const text = this.#host.getAttribute(name);
      if (text === null) return new Set(all);
      const words = text.trim().split(/\s+/).filter(Boolean);
      if (name === 'controls' && words.length === 1 && words[0] === 'none') return new Set();
      const unknown = words.filter((word) => !allowed.includes(word));
      if (unknown.length > 0 || words.length === 0) {
        problems.push(`${name}="${text}": ${words.length === 0 ? 'empty' : `unknown ${unknown.map((w) => `"${w}"`).join(', ')}`}; ` +
          `use any of ${allowed.join(' ')}${name === 'controls' ? ', or none' : ''}.`);
      }
      return new Set(words.filter((word) => allowed.includes(word)));
    };
    const panels = Object.keys(PANELS);
    const view = tokens('view', panels, panels);
    const newlyShown = [...view].some((panel) => !this.#shown.has(panel));
    this.#shown = view;
    this.#views.tree.offscreen = this.#offscreen || !view.has('tree');
    const controlNames = [...Object.keys(CONTROL_KEYS), 'overlay', ...SHARE_KEYS];
    const controls = tokens('controls', controlNames, controlNames);
    if (controls.has('download-tree') && !view.has('tree')) {
      // Only a download-tree asked for by name is an error; the default set simply goes without it.
      if (this.#host.hasAttribute('controls')) problems.push('controls has download-tree but view has no tree panel: add tree to view, or remove download-tree.');
      controls.delete('download-tree');
    }
    const $ = (selector) => this.#root.querySelector(selector);
    // A class, not `hidden`: some panels hide themselves while they have nothing to show.
    for (const [name, selector] of Object.entries(PANELS)) $(selector).classList.toggle('off', !view.has(name));
    const keys = new Set([...controls].flatMap((name) => CONTROL_KEYS[name] ?? []));
    this.#views.controls.show(keys);
    $('.controls').hidden = $('.progress').hidden = keys.size === 0;
    $('.share').hidden = !this.#views.share.show(controls);
    $('.overlay').hidden = !controls.has('overlay');
    // The stage's columns: a column whose panels are all left out is not laid out (styles.css
    // picks the grid from what is there, so a board beside a tree fills the width).
    const left = view.has('board') || view.has('now');
    const right = view.has('code') || (view.has('frontier') && this.#frontierSearch);
    $('.col-left').classList.toggle('off', !left);
    $('.col-right').classList.toggle('off', !right);
    $('.stage').dataset.has = [left && 'left', view.has('tree') && 'tree', right && 'right'].filter(Boolean).join(' ');
    const height = this.#host.getAttribute('height');
    const length = height !== null && /^\d+(\.\d+)?$/.test(height.trim()) ? `${height.trim()}px` : height;
    const validHeight = length === null || CSS.supports('height', length);
    if (!validHeight) problems.push(`height="${height}": not a CSS length; use a number of pixels (360) or a length (24rem).`);
    $('.explorer').style.height = validHeight && length !== null ? length : '';
    $('.explorer').style.setProperty('--_height', validHeight && length !== null ? length : '');
    $('.explorer').classList.toggle('fixed-height', validHeight && length !== null);
    const caption = this.#host.getAttribute('caption');
    $('.caption').textContent = caption ?? '';
    $('.caption').hidden = !caption;
    const speed = this.#host.getAttribute('speed');
    if (speed !== null && speedOf(speed) === null) problems.push(`speed="${speed}": not a speed; use a number of events per second from 1 to 1000, or max.`);
    const position = this.#host.getAttribute('position');
    if (position !== null && positionOf(position) === null) problems.push(`position="${position}": not a number of events; use a whole number (0 or more).`);
    const mode = this.#host.getAttribute('mode');
    if (mode !== null && !MODES.includes(mode)) problems.push(`mode="${mode}": unknown; use explore or predict.`);
    const theme = this.#host.getAttribute('theme');
    if (theme !== null && !THEMES.includes(theme)) problems.push(`theme="${theme}": unknown; use light or dark, or leave it out to follow the page.`);
    if (this.#orderProblem) problems.push(this.#orderProblem);
    $('.message').textContent = problems.length ? `⚠ This widget's settings need a fix: ${problems.join(' ')}` : '';
    if (newlyShown && this.#ready) this.#render();
  }

  /** autoplay and loop: never for a reader who prefers reduced motion; a loop waits while the reader has scrolled away. */
  #autoplay() {
    if (REDUCED_MOTION.matches || printView()) return; // a printout is one still frame
    // On a slide not shown yet, it starts when its slide is.
    if ((this.#seen && !this.#visible) || this.#hostHidden) this.#resume = 'play'; else this.play();
  }

  // A hidden ancestor hides the widget even when the host keeps it laid out and overlapping the
  // viewport (reveal.js gives the slides it does not show `hidden`, opacity 0 and display: block,
  // so an IntersectionObserver alone sees them with a fade or no transition).
  #watchAncestors() {
    const ancestors = [];
    for (let node = this.#host.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if (node instanceof Element) ancestors.push(node);
    }
    const check = () => {
      const hidden = ancestors.some((element) => element.hasAttribute('hidden'));
      if (hidden === this.#hostHidden) return;
      this.#hostHidden = hidden;
      this.#onVisibility();
    };
    this.#hiddenWatch = new MutationObserver(check);
    for (const element of ancestors) this.#hiddenWatch.observe(element, { attributes: true, attributeFilter: ['hidden'] });
    this.#hostHidden = ancestors.some((element) => element.hasAttribute('hidden'));
  }

  static #connected = new Set();
  static #printWatch = null;
  static #beforePrint = false; // between beforeprint and afterprint (the print media may match later)

  // One watch for the page: printing (matchMedia, beforeprint) and reveal.js's print view (the
  // print-pdf class it puts on <html> once it has laid the slides out as pages).
  static #watchPrint(widget) {
    Explorer.#connected.add(widget);
    if (Explorer.#printWatch) { if (printView()) widget.#onPrint(); return; }
    const all = () => { for (const element of Explorer.#connected) element.#onPrint(); };
    PRINT.addEventListener('change', all);
    addEventListener('beforeprint', () => { Explorer.#beforePrint = true; all(); });
    addEventListener('afterprint', () => { Explorer.#beforePrint = false; all(); });
    Explorer.#printWatch = new MutationObserver(all);
    Explorer.#printWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    if (printView()) widget.#onPrint();
  }

  // Printing: every widget draws its current state now and completely, on screen or not (the
  // page is printed before any animation frame); the panels' transitions are off (styles.css).
  #onPrint() {
    const printing = printView() || Explorer.#beforePrint;
    if (printing === this.#printing && !printing) return;
    this.#printing = printing;
    this.#host.toggleAttribute('data-print', printing);
    this.#onVisibility();
    if (printing && this.#ready) { this.#render(); this.#views.tree.flush(); }
  }

  // Pauses only when the widget leaves the view (scrolled away, or its slide no longer shown):
  // one that is off-screen from the start (an autoplay figure further down) runs, as a page script
  // that starts it expects.
  #onVisibility() {
    const visible = this.#intersecting && !this.#hostHidden;
    const left = this.#visible && !visible;
    this.#visible = visible;
    this.#offscreen = !visible && !this.#printing;
    this.#views.tree.offscreen = this.#offscreen || !this.#shown.has('tree');
    if (visible) this.#seen = true;
    if (!this.#offscreen && this.#renderQueued) draw(this.#drawQueued);
    if (left && (this.#mode === 'run' || this.#mode === 'stream')) {
      const resume = this.#mode === 'stream' && !this.#streamingRun ? 'nextIteration' : 'play';
      this.pause();
      this.#resume = resume;
      this.#progress = this.#hostHidden
        ? `Paused while hidden (its slide is not shown), after ${count(this.#view.snapshot.nodes, 'node')}; it goes on when shown again.`
        : `Paused while scrolled out of view, after ${count(this.#view.snapshot.nodes, 'node')}; it goes on when back in view.`;
      this.#render();
    } else if (visible && this.#resume) {
      const resume = this.#resume;
      this.#resume = null;
      this[resume]();
    }
  }

  /** The page's URL with this widget's board, heuristic and goal (and its id), and the moment shown (step, iteration), in the hash. */
  get link() { return shareLink(this.#options(), this.#host.id, this.#moment()); }

  /** The moment shown, as links hold it: events shown and the iteration. */
  #moment() { return { step: this.#view.index, iteration: this.#view.iteration }; }

  /** Copies `link` to the clipboard; resolves to the status line the Copy link button shows. */
  async copyLink() {
    const link = this.link;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      throw new Error(`The browser did not allow copying; select and copy the link yourself: ${link}`);
    }
    return `Link copied: ${link}`;
  }

  /** The events shown so far as JSON Lines (one Solver.step() object per line, as `tilesearch trace` prints them). */
  exportTrace() { return traceJsonLines(this.#options(), this.#view.index); }

  /** The drawn tree of the current iteration as an SVG document. */
  exportTree() {
    return treeSvg(this.#views.tree.svg(
      `IDA* search tree, iteration ${this.#view.iteration}, threshold ${this.#view.threshold}: ${this.#host.board} (${this.#host.heuristic})`));
  }

  /** The iterations table as CSV. */
  exportTable() {
    if (this.#host.algorithm !== 'ida') throw new Error(`The iterations table is IDA*'s: ${this.#host.algorithm} has no iterations.`);
    return iterationsCsv(this.#solver ? this.#view.snapshot.iterations : [], Boolean(this.#solved));
  }

  #fileName(what, extension) {
    const board = (this.#described?.tiles ?? []).join('-');
    return `tilesearch-${board}-${this.#host.heuristic}-${what}.${extension}`;
  }

  async #downloadTrace() {
    const events = this.#view.index;
    const text = await this.exportTrace();
    download(this.#root, this.#fileName('trace', 'jsonl'), text, 'application/jsonl');
    return `Downloaded the trace: ${count(events, 'event')}, one JSON object per line (the schema of tilesearch trace).`;
  }

  async #downloadTree() {
    download(this.#root, this.#fileName(`tree-iteration-${this.#view.iteration}`, 'svg'), this.exportTree(), 'image/svg+xml');
    return `Downloaded the tree of iteration ${this.#view.iteration} as SVG.`;
  }

  async #downloadTable() {
    const text = this.exportTable();
    download(this.#root, this.#fileName('iterations', 'csv'), text, 'text/csv');
    return `Downloaded the iterations table as CSV (${text.trim().split('\n').length - 1} rows).`;
  }

  #onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    // Keys the widget uses stop here, so a page's own shortcuts (a slide deck's arrows and Space)
    // act only while the widget does not have the focus; the page still sees every other key.
    if (target.closest?.('input, select, textarea')) { event.stopPropagation(); return; }
    // Predict mode's answer buttons take Space and Enter as buttons do.
    if (target.closest?.('.predict-panel, .check-panel') && (event.key === ' ' || event.key === 'Enter')) { event.stopPropagation(); return; }
    // Buttons keep Enter; Space is Run/Pause anywhere in the widget (a focused Step or Reset
    // button would otherwise take it, and a student running the search presses it blindly).
    if (target.tagName === 'BUTTON' && event.key === 'Enter') { event.stopPropagation(); return; }
    if (target.closest?.('summary') && (event.key === ' ' || event.key === 'Enter')) { event.stopPropagation(); return; }
    const actions = {
      ArrowRight: () => this.step(), ArrowLeft: () => this.stepBack(), n: () => this.nextIteration(),
      ' ': () => (this.#mode === 'run' || this.#mode === 'stream' ? this.pause() : this.play()), r: () => this.reset(),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  }
}


export { Explorer, DEFAULTS, parseSpeed };
