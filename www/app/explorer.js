// The explorer behind <tile-search>: the element (element/tile-search-element.js) is a thin
// facade of attributes, properties and methods over this private controller. The controller
// wires: it builds the views, the store (app/store.js), the search (app/search.js) and the
// flows (predict, check, Solve now), and renders every panel from the store after each
// transition (app/render.js). It computes nothing of the search itself.
import { BoardView } from '../views/board-view.js';
import { TreeView } from '../views/tree-view.js';
import { TimelineView } from '../views/timeline-view.js';
import { NowPanel } from '../views/now-panel.js';
import { FrontierView } from '../views/frontier-view.js';
import { DatabasesView } from '../views/databases-view.js';
import { CompareView } from '../views/compare-view.js';
import { RunView } from '../views/run-view.js';
import { QualityView } from '../views/quality-view.js';
import { SolutionView } from '../views/solution-view.js';
import { Controls } from '../views/controls.js';
import { InputView } from '../views/input-view.js';
import { ShareView } from '../views/share-view.js';
import { PredictView } from '../views/predict-view.js';
import { CheckView } from '../views/check-view.js';
import { CodeView } from '../views/code-view.js';
import { Announcer } from '../views/announcer.js';
import { FRONTIER_SEARCHES } from '../model/narration.js';
import { shareLink, optionsFromHash, traceJsonLines, iterationsCsv, treeSvg, download } from '../model/export.js';
import { count } from '../model/words.js';
import { coreReady } from '../platform/page-core.js';
import { draw, cancelDraw } from '../platform/frame-scheduler.js';
import { markup, PARTS } from './template.js';
import { Store, initialState } from './store.js';
import { Search } from './search.js';
import { PredictFlow } from './predict-flow.js';
import { CheckFlow, checkKey } from './check-flow.js';
import { solveNow } from './solve-now.js';
import { Renderer } from './render.js';
import { readLayout, applyLayout } from './layout.js';
import { positionOf, DEFAULTS } from '../model/attributes.js';
import { controlFor, inModal, ownedByTarget } from './keys.js';
import { Visibility, printView, observeInView } from './visibility.js';
import { MAX_WORKERS } from '../workers/parallel-search.js';

const ANNOUNCE_MS = 1500;     // at most one live-region announcement per this interval
/**
 * While Solve now searches, its "Solving now…" line and progress are drawn this long after the
 * last drawing at the soonest: most searches end sooner and show their solution without it
 * (under a tenth of a second feels immediate), and every drawing in between (the page's
 * panels, its layout and paint) takes a core from the workers on a 2-core machine (`node
 * benches/solve-now.mjs`: Speed in docs/speed.md).
 */
const SOLVING_DRAW_MS = 100;
const LAYOUT_ATTRIBUTES = ['view', 'controls', 'height', 'caption', 'theme'];
/** The store's transitions drawn at once: the moments a reader (or a page's script) waits for (not
 * 'stopped': it comes first in a change of options, before the new search exists; not
 * 'solveStarted': most Solve nows end within a frame, and their "Solving now…" would be drawn
 * for nobody, at the cost of a render per solve). */
const AT_ONCE = new Set(['finished', 'solved', 'gaveUp', 'seekEnded', 'solveFailed', 'solvedNow',
  'runStarted', 'streamStarted', 'playbackStarted', 'playbackMoved', 'asked', 'answered', 'checked', 'failed']);

class Explorer {
  #host;
  #root;
  #store = new Store(initialState(/** @type {string} */ (DEFAULTS.order)));
  #views;
  #search;
  #predict;
  #check;
  #renderer;
  #visibility;
  #module = null;          // the page's compiled core, for this widget's workers
  #layout = null;          // the layout attributes as read (app/layout.js)
  #renderQueued = false;
  #drawQueued = () => { this.#renderQueued = false; this.#renderer.render(); };
  #solvingDraw = 0;        // the timer of the next drawing while Solve now searches (SOLVING_DRAW_MS)
  #announcer;
  /** What the search and the flows need of the widget. @type {import('./search.js').Widget} */
  #widget;

  /** `host`: the element (read through its public properties); `root`: its shadow root, filled here. */
  constructor(host, root) {
    this.#host = host;
    this.#root = root;
    root.innerHTML = markup();
    const $ = (selector) => root.querySelector(selector);
    // Panels that start work when seen count as seen below the controls, which a phone keeps
    // over the top of the viewport.
    const inView = (element, onChange) => observeInView(element, $('.controls'), onChange);
    this.#announcer = new Announcer((text) => { this.#views.live.textContent = text; }, { interval: ANNOUNCE_MS });
    /** @type {import('./search.js').Widget} */
    const widget = {
      host, root, store: this.#store, views: null, module: () => this.#module,
      announce: (text, important = false, key = null) => this.#announcer.say(text, { important, key }),
      scheduleRender: () => this.#scheduleRender(),
      render: () => this.#render(),
      emit: (type, detail) => {
        host.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
        return host.isConnected;
      },
      narration: () => this.#renderer.narration(),
      predict: null,
      hidden: () => this.#visibility.waiting,
      printing: () => printView(),
    };
    this.#widget = widget;
    this.#predict = widget.predict = new PredictFlow(widget);
    this.#views = widget.views = {
      input: new InputView($('.input'), (choice) => this.#choose(choice)),
      controls: new Controls($('.controls'), {
        step: () => this.step(), stepBack: () => this.stepBack(), nextIteration: () => this.nextIteration(),
        run: () => this.play(), pause: () => this.pause(), reset: () => this.reset(),
        playSolution: () => { this.#search.playSolution(); this.#render(); }, solveNow: () => { this.solve().catch(() => {}); },
      }, (speed) => { host.speed = speed; }, (on) => { host.mode = on ? 'predict' : 'explore'; }),
      predict: new PredictView($('.predict-panel'), (value) => this.#predict.answerFromView(value)),
      check: new CheckView($('.check-panel'), {
        onCheck: (trace) => this.#check.fromView(trace), onClose: () => this.#closeCheck(), onFollow: () => this.#check.follow(),
      }),
      board: new BoardView($('.board-host'), { label: 'Board' }),
      now: new NowPanel($('.now-panel'), (id) => this.#views.tree.selectId(id)),
      code: new CodeView($('.code-panel')),
      frontier: new FrontierView($('.frontier-panel'), (id) => this.#views.tree.selectId(id)),
      databases: new DatabasesView($('.databases')),
      // The comparison's shortest solution is the quality panel's h* of a board not measured.
      compare: new CompareView($('.compare-panel'), () => this.#module, () => this.#scheduleRender()),
      // The whole run and the heuristic's quality, computed in the pool; an iteration of the
      // whole run pressed shows it whole (a seek to its last event, computed or not yet).
      run: new RunView($('.run-panel'), {
        getModule: () => this.#module, onPick: (_iteration, end) => this.#search.goTo(end), onDone: () => this.#scheduleRender(), observe: inView }),
      quality: new QualityView($('.quality-panel'), () => this.#module, inView),
      solution: new SolutionView($('.solution-panel')),
      tree: new TreeView($('.tree-host'), { onSelect: (node) => this.#renderer.showSelected(node) }),
      timeline: new TimelineView($('.timeline-panel'), (iteration) => this.#search.goToIteration(iteration)),
      selectedBoard: new BoardView($('.selected-board'), { label: 'Board of the selected node', small: true }),
      progress: $('.progress'), playback: $('.playback'), live: $('.live'),
      selection: $('.selection'),
      share: new ShareView($('.share'), {
        'copy-link': () => this.copyLink(), 'download-trace': () => this.#downloadTrace(),
        'download-tree': () => this.#downloadTree(), 'download-table': () => this.#downloadTable(),
        'check-trace': () => this.#openCheck(),
      }),
    };
    this.#search = new Search(widget);
    this.#predict.search = this.#search;
    this.#check = new CheckFlow(widget, this.#search, coreReady);
    this.#renderer = new Renderer(widget, this.#search);
    this.#visibility = new Visibility(host, (change) => this.#onVisibility(change));
    // Every transition is drawn: one that ends or starts an activity at once (a page script
    // reading the widget after it finds every panel there), the others in the next frame.
    this.#store.subscribe((state, transition) => {
      if (AT_ONCE.has(transition)) this.#render();
      else if (state.phase === 'solving') {
        // A drawing queued before (Solve now's 'stopped') waits with the others.
        if (this.#renderQueued) { cancelDraw(this.#drawQueued); this.#renderQueued = false; }
        this.#solvingDraw ||= setTimeout(() => { this.#solvingDraw = 0; this.#scheduleRender(); }, SOLVING_DRAW_MS);
      }
      else this.#scheduleRender();
    });
    for (const [part, selector] of Object.entries(PARTS)) $(selector).part.add(part);
    this.#views.controls.describeSolve(`Solve now: the optimal solution at once, IDA* on every core (${count(MAX_WORKERS, 'worker')}); the tree shows the solution's path`);
    // The canvas tree reads its colours from the stylesheet: a linked one (www/) may load after
    // the first drawing, which would keep the unstyled (black) colours.
    root.querySelector('link[rel="stylesheet"]')?.addEventListener('load', () => this.#views.tree.recolour());
    $('.overlay input').addEventListener('change', (event) => { this.#store.apply('overlayToggled', event.target.checked); this.#render(); });
    host.addEventListener('keydown', (event) => this.#onKey(event));
    // A button activates on Space's keyup: while Run is shown, Space is its key, not the button's
    // (but for the answer buttons of predict mode, which are pressed as buttons are).
    host.addEventListener('keyup', (event) => {
      const target = /** @type {HTMLElement} */ (event.composedPath()[0]);
      if (event.key === ' ' && target.tagName === 'BUTTON' && !target.closest('.predict-panel, .check-panel') && this.#layout?.keys.has('run')) {
        event.preventDefault();
        event.stopPropagation();
      }
    });
  }

  // --- lifecycle ----------------------------------------------------------------------------

  /** The element joined a document. */
  connected() {
    const host = this.#host;
    if (!host.hasAttribute('tabindex')) host.tabIndex = 0;
    if (!host.hasAttribute('aria-label')) host.setAttribute('aria-label', host.getAttribute('caption') ?? 'IDA* explorer');
    this.#views.controls.setSpeed(host.speed);
    this.#applyLayout();
    const linked = optionsFromHash(location.hash, host.id);
    for (const [name, value] of Object.entries(linked ?? {})) host.setAttribute(name, value);
    this.#visibility.connect();
    coreReady().then((module) => {
      if (!host.isConnected) return;
      this.#module = module;
      this.#store.apply('readied', true);
      this.#configure();
      if (linked) requestAnimationFrame(() => host.scrollIntoView({ block: 'start' }));
    }, (error) => { this.#store.apply('failed', `The WebAssembly core failed to load: ${error.message}`); this.#render(); });
  }

  /** The element left its document: everything stops and is freed. */
  disconnected() {
    this.#search.dispose();
    this.#visibility.disconnect();
    this.#announcer.cancel();
    this.#views.tree.disconnect();
    this.#views.compare.stop();
    this.#views.run.stop();
    // Nothing of the freed search stays to be drawn: a pending frame or a handler of the
    // widget's own events (a `solved` listener that removes it) finds an empty widget.
    cancelDraw(this.#drawQueued);
    this.#renderQueued = false;
    clearTimeout(this.#solvingDraw);
    this.#solvingDraw = 0;
    this.#store.apply('readied', false);
  }

  /** An observed attribute changed. */
  attributeChanged(name, oldValue, value) {
    const host = this.#host;
    const phase = this.#store.state.phase;
    if (name === 'speed') {
      this.#views.controls.setSpeed(host.speed);
      this.#applyLayout(); // names a value it does not take
      if (phase === 'running' && host.speed === Infinity && !this.#predict.active) { this.#search.stop(); this.#search.play(); }
      else if (phase === 'streaming' && this.#store.state.streamingRun && host.speed !== Infinity) { this.#search.stop(); this.#search.runAtSpeed(); }
      return;
    }
    if (LAYOUT_ATTRIBUTES.includes(name)) { this.#applyLayout(); return; }
    if (name === 'mode') { this.#modeChanged(); return; }
    if (name === 'position') {
      this.#applyLayout(); // names a value it does not take
      const position = positionOf(value);
      if (position !== null) this.#search.goTo(position);
      return;
    }
    if (name === 'autoplay' || !this.#store.state.ready || oldValue === value) return;
    this.#configure();
  }

  #configure() {
    const search = this.#search;
    search.configure();
    const frontierSearch = search.frontierSearch;
    const root = this.#root;
    /** @type {HTMLElement} */ (root.querySelector('.explorer')).dataset.algorithm = frontierSearch ? 'graph-search' : 'ida';
    // Short, to share its row with the zoom tools; the note under it says which iteration.
    root.querySelector('.tree-title').textContent = frontierSearch ? `Search tree of ${FRONTIER_SEARCHES[this.#host.algorithm].name}` : 'Search tree';
    this.#views.tree.setFrontierSearch(frontierSearch);
    this.#views.now.setFrontierSearch(frontierSearch);
    const options = search.options();
    // A verdict is about one board, heuristic and goal: another one leaves the card's form.
    const check = this.#store.state.check;
    if (check && check.key !== checkKey(options)) { this.#store.apply('checkCleared'); this.#views.check.reset(); }
    this.#applyLayout(); // the frontier column is the graph searches', and the order attribute may have been refused
    this.#render();
    this.#host.dispatchEvent(new CustomEvent('optionschange', { bubbles: true, composed: true, detail: options }));
    const pending = search.pendingPosition;
    const play = search.pendingPlay;
    search.pendingPosition = null;
    search.pendingPlay = false;
    if (pending !== null && pending > 0 && search.solver) search.seek(pending);
    else if (play && search.solver) search.play();
    else if (this.#host.autoplay && search.solver) search.autoplay();
  }

  #choose({ board, heuristic, goal, algorithm, order }) {
    const host = this.#host;
    if (algorithm !== undefined) host.algorithm = algorithm;
    if (board !== undefined) host.board = board;
    if (heuristic !== undefined) host.heuristic = heuristic;
    if (goal !== undefined) host.goal = goal;
    if (order !== undefined) host.order = order;
  }

  /** The mode attribute changed: predict mode on or off (a bad value is named in the message line). */
  #modeChanged() {
    this.#applyLayout();
    if (!this.#predict.active) this.#predict.drop();
    else if (this.#store.state.phase === 'running' || this.#store.state.phase === 'streaming') this.pause();
    if (this.#store.state.ready) this.#render();
  }

  // --- the element's API --------------------------------------------------------------------

  get state() {
    const search = this.#search;
    const state = this.#store.state;
    const solver = search.solver;
    const view = search.view;
    let status = 'ready';
    if (state.error) status = 'error';
    else if (state.solved) status = 'solved';
    else if (state.gaveup) status = 'gaveup';
    // No search yet: the core still loading (or compiling), or the pattern databases coming.
    else if (!solver) status = 'preparing';
    else if (state.phase === 'running' || state.phase === 'streaming' || state.phase === 'solving') status = 'running';
    else if (view.index > 0) status = 'paused';
    // The moment shown, not where a worker's search has got to.
    const snap = solver ? view.snapshot : null;
    const parallel = state.parallel;
    return {
      status,
      algorithm: this.#host.algorithm,
      threshold: parallel ? parallel.threshold : snap && view.index > 0 ? snap.threshold : null,
      iteration: snap?.iteration ?? 0,
      expanded: snap?.expanded ?? 0,
      generated: snap?.generated ?? 0,
      reached: snap?.reached ?? null,
      maxFrontier: snap?.maxFrontier ?? null,
      position: view.index,
      lastEvent: state.lastEvent,
      solution: state.solved ? { length: state.solved.length, moves: [...state.solved.moves] } : null,
      error: state.error,
      databases: search.databases && { ...search.databases },
      tree: this.#views.tree.summary(),
      mode: this.#predict.active ? 'predict' : 'explore',
      score: this.#predict.score,
      order: state.order,
      parallel: parallel && { workers: parallel.workers, onPage: parallel.onPage, seconds: parallel.seconds, searchSeconds: parallel.searchSeconds, pageSeconds: parallel.pageSeconds, balance: parallel.balance.map((b) => ({ ...b })) },
      raise: view.raisedTo === null || parallel || search.frontierSearch ? null
        : { from: view.threshold, to: view.raisedTo, causes: view.causes.map((cause) => ({ ...cause })), count: view.causeCount },
      // The whole run (every iteration's counts, once IDA* ran to the end in the pool) and the
      // heuristic's quality (h against h*), once their panels computed them.
      run: this.#views.run.state,
      quality: this.#views.quality.state,
    };
  }

  /** The question waiting for an answer (a copy), or null. */
  get question() { return this.#predict.question; }

  /** Answers the waiting question (app/predict-flow.js). */
  answer(value) { return this.#predict.answer(value); }

  /** The core's verdict on a student's IDA* trace for the board shown (checked in the worker); the explorer then shows it. */
  async checkTrace(trace) {
    if (typeof trace !== 'string' && !(trace instanceof Blob)) {
      throw new TypeError(`checkTrace takes the trace as a string of JSON lines (or a File), not ${trace === null ? 'null' : typeof trace}`);
    }
    return this.#check.run(trace, false);
  }

  /** Shows one more event; returns it (undefined at the end or on an invalid board). */
  step() {
    const event = this.#search.step();
    this.#render();
    return event;
  }

  stepBack() { return this.#search.stepBack(); }

  nextIteration() { this.#search.nextIteration(); this.#render(); }

  /** Runs; called before the search exists (the core still loading), it runs once it does. */
  play() {
    if (!this.#search.solver || !this.#store.state.ready) { this.#search.pendingPlay = true; return; }
    this.#search.play();
    this.#render();
  }

  pause() { this.#search.pendingPlay = false; this.#search.pause(); this.#render(); }

  reset() { this.#search.pendingPlay = false; this.#search.reset(); this.#render(); }

  /** Solve now (app/solve-now.js): waits for the core, then solves on every core. */
  async solve() {
    await coreReady();
    if (!this.#store.state.ready) throw new Error('the explorer is not in a document: add it to the page first');
    // No redraw here: Solve now's start is drawn in the next frame, its end at once.
    return solveNow(this.#widget, this.#search);
  }

  /** Events shown so far. */
  get position() { return this.#search.view.index; }

  /** Shows the moment after `value` events, now or once the search exists; anything but a whole number of events throws a RangeError. */
  goTo(value) {
    // The property takes a number (the attribute's text is read by attributeChanged).
    const position = typeof value === 'number' ? positionOf(value) : null;
    if (position === null) throw new RangeError(`position must be a whole number of events (0 or more), not ${String(value)}`);
    this.#search.goTo(position);
  }

  /** The page's URL with this widget's board, heuristic and goal (and its id), and the moment shown (step, iteration), in the hash. */
  get link() { return shareLink(this.#search.options(), this.#host.id, { step: this.#search.view.index, iteration: this.#search.view.iteration }); }

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
  exportTrace() { return traceJsonLines(this.#search.options(), this.#search.view.index); }

  /** The drawn tree of the current iteration as an SVG document. */
  exportTree() {
    const view = this.#search.view;
    return treeSvg(this.#views.tree.svg(
      `IDA* search tree, iteration ${view.iteration}, threshold ${view.threshold}: ${this.#host.board} (${this.#host.heuristic})`));
  }

  /** The iterations table as CSV. */
  exportTable() {
    if (this.#host.algorithm !== 'ida') throw new Error(`The iterations table is IDA*'s: ${this.#host.algorithm} has no iterations.`);
    return iterationsCsv(this.#search.solver ? this.#search.view.snapshot.iterations : [], Boolean(this.#store.state.solved));
  }

  // --- the rest of the wiring ---------------------------------------------------------------

  /** A redraw in a coming frame (the page's frame scheduler, within its budget); off-screen, once back in view. */
  #scheduleRender() {
    this.#renderQueued = true;
    // Asked again each time (the scheduler keeps one): a redraw queued is always a redraw coming.
    if (!this.#visibility.offscreen) draw(this.#drawQueued);
  }

  /** A redraw now (where a public method returns, or the page prints). */
  #render() {
    if (this.#renderQueued) { cancelDraw(this.#drawQueued); this.#renderQueued = false; }
    clearTimeout(this.#solvingDraw);
    this.#solvingDraw = 0;
    this.#renderer.render();
  }

  /** Reads and applies view, controls, height and caption; names every value not taken. */
  #applyLayout() {
    const layout = readLayout((name) => this.#host.getAttribute(name), this.#store.state);
    const before = this.#renderer.shown;
    const newlyShown = [...layout.view].some((panel) => !before.has(panel));
    this.#layout = layout;
    this.#renderer.shown = layout.view;
    this.#views.tree.offscreen = this.#visibility.offscreen || !layout.view.has('tree');
    applyLayout(this.#root, layout, this.#views, this.#search.frontierSearch);
    if (newlyShown && this.#store.state.ready) this.#render();
  }

  #onVisibility({ left, back, printingNow }) {
    const visibility = this.#visibility;
    const search = this.#search;
    this.#views.tree.offscreen = visibility.offscreen || !this.#renderer.shown.has('tree');
    if (printingNow && this.#store.state.ready) { this.#render(); this.#views.tree.flush(); }
    if (!visibility.offscreen && this.#renderQueued) draw(this.#drawQueued);
    const { phase, streamingRun } = this.#store.state;
    if (left && (phase === 'running' || phase === 'streaming')) {
      // Pauses only when the widget leaves the view (scrolled away, or its slide no longer
      // shown): one off-screen from the start (an autoplay figure further down) runs.
      const resume = phase === 'streaming' && !streamingRun ? 'nextIteration' : 'play';
      search.pause();
      search.resume = resume;
      const nodes = count(search.view.snapshot.nodes, 'node');
      this.#store.apply('progressed', { progress: visibility.hostHidden
        ? `Paused while hidden (its slide is not shown), after ${nodes}; it goes on when shown again.`
        : `Paused while scrolled out of view, after ${nodes}; it goes on when back in view.` });
      this.#render(); // off-screen, a scheduled redraw would wait until the widget is back
    } else if (back && visibility.visible && search.resume) {
      const resume = search.resume;
      search.resume = null;
      this[resume]();
    }
  }

  #onKey(event) {
    if (ownedByTarget(event)) { event.stopPropagation(); return; }
    // Keys the widget uses stop here, so a page's own shortcuts (a slide deck's arrows and Space)
    // act only while the widget does not have the focus, and for controls it does not show.
    const control = controlFor(event, this.#layout?.keys ?? new Set());
    if (!control) { if (inModal(event)) event.stopPropagation(); return; }
    event.preventDefault();
    event.stopPropagation();
    if (control === 'run') {
      const phase = this.#store.state.phase;
      if (phase === 'running' || phase === 'streaming') this.pause(); else this.play();
    } else {
      this[control]();
    }
  }

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

  #fileName(what, extension) {
    const board = (this.#search.described?.tiles ?? []).join('-');
    return `tilesearch-${board}-${this.#host.heuristic}-${what}.${extension}`;
  }

  async #downloadTrace() {
    const events = this.#search.view.index;
    const text = await this.exportTrace();
    download(this.#root, this.#fileName('trace', 'jsonl'), text, 'application/jsonl');
    return `Downloaded the trace: ${count(events, 'event')}, one JSON object per line (the schema of tilesearch trace).`;
  }

  async #downloadTree() {
    const iteration = this.#search.view.iteration;
    download(this.#root, this.#fileName(`tree-iteration-${iteration}`, 'svg'), this.exportTree(), 'image/svg+xml');
    return `Downloaded the tree of iteration ${iteration} as SVG.`;
  }

  async #downloadTable() {
    const text = this.exportTable();
    download(this.#root, this.#fileName('iterations', 'csv'), text, 'text/csv');
    return `Downloaded the iterations table as CSV (${text.trim().split('\n').length - 1} rows).`;
  }
}

export { Explorer };
