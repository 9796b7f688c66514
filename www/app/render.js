// Every panel drawn from one moment: the store's state (what the explorer is doing, the
// solution, the check, the timeline's known iterations) and the search's view state (the
// events shown and the snapshot after them). Nothing here changes either: it only draws.
import { describeBoard, boardAfter } from '../pkg/tilesearch.js';
import { narrate } from '../model/narration.js';
import { findsShortest } from '../model/catalog.js';
import { nodeName } from '../model/tree-model.js';
import { sizeText } from '../views/frontier-view.js';
import { codeStep } from '../model/pseudo-code.js';
import { hideSmallestPruned } from '../model/predict.js';

const PREDICT_ONLY_IDA = "Predict mode asks about IDA*'s events (pruned or not, f, the next threshold): choose IDA* to use it.";
const STREAM_TREE_MS = 250;   // the timeline is redrawn at most 4 times a second while streaming

export class Renderer {
  /** @type {import('./search.js').Widget} */ #w;
  /** @type {import('./search.js').Search} */ #search;
  /** The panels of `view` (app/layout.js): only these are drawn. */
  shown = new Set();

  /**
   * @param {import('./search.js').Widget} widget
   * @param {import('./search.js').Search} search
   */
  constructor(widget, search) {
    this.#w = widget;
    this.#search = search;
  }

  get #goal() { return /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (this.#w.host.goal); }

  /** The last event in the teaching text's words (or why there is none yet). */
  narration() {
    const { store, host, views } = this.#w;
    const state = store.state;
    if (state.error) return 'Fix the board above to continue.';
    if (!this.#search.solver && this.#search.databases) return 'The pattern databases are on their way (the bar above); Step is ready once they are in.';
    if (state.phase === 'solving') return 'Solve now: IDA* searches on every core, iteration by iteration (the line above says how far); the solution shows here when it is found.';
    const view = this.#search.view;
    return narrate(state.lastEvent, { algorithm: host.algorithm, threshold: view.threshold, minPruned: view.minPruned, heuristic: host.heuristic,
      tileOf: (id) => views.tree.tileOf(id), causes: view.causes, causeCount: view.causeCount });
  }

  /**
   * While the solution plays, the moment is the solution's k-th board: its tiles, the tile
   * slid last and g, h, f there (the core's h of that board), for the board and Now alike.
   */
  #playbackMoment() {
    const playback = this.#w.store.state.playback;
    const solver = this.#search.solver;
    if (!playback || !solver) return null;
    const { moves, shown } = playback;
    const tiles = boardAfter(solver.start, moves.slice(0, shown));
    const h = describeBoard(tiles, this.#goal).h[this.#w.host.heuristic];
    return { tiles, moved: shown > 0 ? moves[shown - 1] : null, numbers: h === undefined ? { g: shown } : { g: shown, h, f: shown + h, about: 'node' } };
  }

  /** Whose g, h and f Now shows, in words: the board's node, or a child looked at and not entered. */
  #whose(numbers, event, playing) {
    if (numbers.g === undefined) return '';
    if (playing) return 'g, h, f of the board shown: the solution so far.';
    if (numbers.about !== 'child') return 'g, h, f of the board shown.';
    const name = event ? nodeName(event.id, event.tile) : '';
    const what = { prune: 'pruned', skip: 'skipped', generate: 'generated' }[event?.type] ?? 'next';
    return `g, h, f of ${what} child ${name} (the board shows its parent).`;
  }

  /** Draws every shown panel. */
  render() {
    const { host, store, views: v, root } = this.#w;
    if (!host.isConnected) return; // removed: its Solver is freed, and nobody sees it
    const state = store.state;
    const search = this.#search;
    const solver = search.solver;
    const described = search.described;
    const shown = this.shown;
    const frontierSearch = search.frontierSearch;
    if (shown.has('input')) {
      v.input.render({ board: host.board, tiles: described?.tiles?.join(' '), algorithm: host.algorithm, heuristic: host.heuristic, goal: host.goal,
        width: described?.width, error: state.error });
    }
    v.databases.render(search.databases);
    if (shown.has('compare')) v.compare.setOptions(solver ? search.options() : null);
    if (shown.has('solution')) v.solution.render(state.solved && solver && { start: solver.start, moves: state.solved.moves, goal: host.goal });
    this.#renderBoard(); // always: its tiles are the widget's first sign of life, to a page's scripts too
    const view = search.view;
    const snap = solver ? view.snapshot : null;
    const playing = this.#playbackMoment();
    const parallel = state.parallel;
    // "What is the next threshold?" waits: the smallest pruned f would be the answer, so Now
    // and the pseudo-code hide it until the student answers.
    const predict = this.#w.predict;
    const question = predict.question;
    const hiding = question?.kind === 'next-threshold';
    // One threshold and iteration for every panel: Solve now's (no events shown), else the events'.
    const threshold = parallel ? parallel.threshold : view.index === 0 ? null : view.threshold;
    if (shown.has('code')) {
      /** @type {import('../model/pseudo-code.js').CodeContext} */
      const context = { algorithm: host.algorithm, threshold: view.raisedTo ?? threshold ?? undefined, min: view.minPruned, rootId: view.rootId, heuristic: host.heuristic };
      if (snap && frontierSearch) Object.assign(context, { frontier: sizeText(snap.frontierSize), reached: snap.reached, expanded: snap.expanded });
      // Playing the solution walks the path that `return path` (a graph search: the goal test) hands back;
      // Solve now's moment is the same: the solution found.
      const found = playing ?? (parallel ? { numbers: parallel.numbers } : null);
      const step = !snap ? null : found ? {
        line: frontierSearch ? 'goal' : 'found', text: playing ? search.playbackText() : 'Solve now found the goal: its path is the solution.',
        vars: [['threshold', threshold], ...Object.entries(found.numbers).filter(([name]) => name !== 'about')].filter(([, value]) => value !== null && value !== undefined)
          .map(([name, value]) => ({ name: String(name), value: Number(value) })),
      } : codeStep(state.lastEvent, context);
      v.code.render({ algorithm: host.algorithm, step: hiding ? hideSmallestPruned(step) : step, order: state.order });
    }
    // IDA* at a raise: the pruned children whose f became the next threshold, marked in the tree
    // and listed in Now (each selects its node).
    const raise = !frontierSearch && !parallel && !playing && view.raisedTo !== null ? { to: view.raisedTo, causes: view.causes, count: view.causeCount } : null;
    v.tree.markCauses(raise ? raise.to : null);
    const numbers = playing?.numbers ?? (parallel ? parallel.numbers : view.numbers);
    const narration = playing ? search.playbackText() : this.narration();
    const whose = this.#whose(numbers, state.lastEvent, Boolean(playing));
    if (!shown.has('now') && !shown.has('frontier')) {
      // Neither panel: nothing to draw.
    } else if (snap && frontierSearch) {
      const { frontierSize, maxFrontier, reached } = snap;
      v.now.render({ ...numbers, frontier: sizeText(frontierSize), maxFrontier, reached, expanded: snap.expanded, generated: snap.generated }, narration, whose);
      // Each entry named as the tree labels its node: the id, and the tile slid to reach it.
      const name = (id) => nodeName(id, v.tree.tileOf(id));
      v.frontier.render(host.algorithm, snap.frontier, frontierSize, search.finished, name);
    } else {
      // IDA*: the iteration and threshold of the last event (after a raise: "23 → 25").
      const shownThreshold = parallel || view.raisedTo === null ? threshold : `${view.threshold} → ${view.raisedTo}`;
      v.now.render(snap ? {
        iteration: (parallel ? parallel.iteration : view.iteration) || null, threshold: shownThreshold, ...numbers,
        minPruned: hiding ? '?' : view.minPruned, expanded: snap.expanded, generated: snap.generated,
      } : {}, narration, whose, raise);
    }
    if (shown.has('timeline') && (state.phase !== 'streaming' || performance.now() - search.timelineAt > STREAM_TREE_MS)) {
      search.timelineAt = performance.now();
      // The iterations up to the moment's, as the moment has them (its row counts the nodes so far,
      // as the tree does); then those computed before the reader went back, marked as ahead.
      const known = state.known;
      const moment = snap ? snap.iterations : [];
      const rows = parallel ? known.iterations : [...moment, ...known.iterations.slice(moment.length)];
      const solvedIn = known.finished || state.solved ? rows.at(-1)?.iteration ?? null : null;
      v.timeline.render(rows, solvedIn, !parallel, parallel ? null : view.iteration || null);
    }
    // --- the whole run and the heuristic's quality (views/run-view.js, views/quality-view.js) ---
    // Each computes in the page's pool once its panel is in view; the run view marks the
    // iteration shown.
    if (shown.has('run')) {
      const { algorithm: _algorithm, maxReached: _maxReached, ...options } = search.options();
      v.run.render(solver && !frontierSearch ? options : null, parallel ? null : view.iteration || null);
    }
    if (shown.has('quality')) {
      // Once the search exists: for pdb, once the page has the databases (the worker then gets them too).
      v.quality.render(described && solver && !state.error ? { heuristic: host.heuristic, goal: host.goal, width: described.width,
        // h* of a board not measured: the shortest solution's length once a search that finds
        // one found it (the widget's own, the whole run or the comparison).
        board: described.tiles.join(' '),
        solvedLength: (findsShortest(host.algorithm) ? state.solved?.length : null) ?? v.run.length ?? v.compare.length } : null);
    }
    // --- end of the whole run and quality ---
    v.progress.textContent = state.progress;
    v.progress.classList.toggle('warn', Boolean(state.gaveup) || state.warn);
    v.playback.textContent = state.playback ? search.playbackText() : '';
    const phase = state.phase;
    const running = phase === 'running' || phase === 'streaming';
    const can = Boolean(solver) && phase !== 'replaying';
    const finished = search.finished;
    // While a question waits, Step, Run and Next iteration wait for the answer; Step back and Reset leave it.
    const asking = predict.asking;
    v.predict.render({ active: predict.active, question, feedback: state.feedback, score: predict.score });
    v.controls.setPredict(host.getAttribute('mode') === 'predict', host.algorithm === 'ida', PREDICT_ONLY_IDA);
    v.controls.update({
      step: can && !finished && !asking, stepBack: can && view.index > 0, nextIteration: can && !finished && !frontierSearch && !asking,
      run: can && !finished && !running && !asking, pause: store.busy,
      reset: can, playSolution: can && Boolean(state.solved) && phase !== 'playing',
      solveNow: can && !finished && !frontierSearch && phase !== 'solving',
    }, !finished && !frontierSearch);
    // A button that just became disabled must not take the keyboard focus away from the widget.
    if (/** @type {HTMLButtonElement | null} */ (root.activeElement)?.disabled) host.focus();
    host.toggleAttribute('data-error', Boolean(state.error));
  }

  #renderBoard() {
    const search = this.#search;
    const described = search.described;
    if (!described) return;
    const state = this.#w.store.state;
    const width = described.width;
    let tiles, moved = null, candidate = null;
    const playing = this.#playbackMoment();
    if (playing) {
      ({ tiles, moved } = playing);
    } else if (search.solver && search.view.snapshot) {
      tiles = search.view.snapshot.board;
      const event = state.lastEvent;
      if (event?.type === 'node' || event?.type === 'expand') moved = event.tile;
      if (event?.type === 'prune') candidate = event.tile;
    } else {
      tiles = described.tiles;
    }
    const overlay = state.overlay ? describeBoard(tiles, this.#goal) : null;
    const speed = this.#w.host.speed;
    const duration = state.playback ? Math.min(220, state.playback.interval * 0.8) : speed === Infinity ? 0 : Math.min(220, 700 / speed);
    this.#w.views.board.render({ tiles, width, moved, candidate, overlay: Boolean(overlay), distances: overlay?.distances,
      conflicts: overlay?.conflicts ?? [], duration });
  }

  /** The board and numbers of a clicked tree node; null hides them (its iteration is over). */
  showSelected(node) {
    const v = this.#w.views;
    v.selection.hidden = node === null;
    if (node === null) return;
    const solver = this.#search.solver;
    const text = v.selection.querySelector('p');
    const moves = v.tree.movesTo(node);
    const f = node.g + node.h;
    const name = `Node ${nodeName(node.id, node.tile)}`;
    const graphKinds = { expanded: 'expanded', frontier: 'on the frontier', skip: 'skipped (its state was reached already)' };
    text.textContent = node.kind in graphKinds
      ? `${name}, ${graphKinds[node.kind]}: g ${node.g}, h ${node.h}, f ${f}. Moves from the start: ${moves.join(' ') || 'none'}.`
      : node.kind === 'prune'
      ? `${name}, pruned: g ${node.g}, h ${node.h}, f ${f} > threshold ${node.threshold}. Moves from the start: ${moves.join(' ') || 'none'}.`
      : `${name}, visited: g ${node.g}, h ${node.h}, f ${f}. Moves from the start: ${moves.join(' ') || 'none'}.`;
    v.selection.querySelector('.selected-board').hidden = false;
    v.selectedBoard.render({ tiles: boardAfter(solver.start, moves), width: solver.width, moved: moves.at(-1) ?? null, duration: 0 });
  }
}
