// Solve now: the optimal solution at once, IDA* split into packets over a team of the page's
// workers (workers/parallel-search.js), the same solution and counts as stepping to the end.
// The solved moment is shown with one set of numbers: the goal board, the counters and every
// iteration (the core's summary), and in the tree the solution's path of the last iteration.
import { boardAfter, heuristicsAlong } from '../pkg/tilesearch.js';
import { FRONTIER_SEARCHES } from '../model/narration.js';
import { count, number, duration } from '../model/words.js';
import { solveInParallel, MAX_WORKERS } from '../workers/parallel-search.js';


/**
 * Resolves to the summary (Solver.run()'s shape); rejects with the core's error for options it
 * cannot search, and with an AbortError when Pause, Reset, new options or the widget's removal
 * abandon it.
 * @param {import('./search.js').Widget} w
 * @param {import('./search.js').Search} search
 */
export async function solveNow(w, search) {
  const host = w.host;
  if (host.algorithm !== 'ida') {
    throw new Error(`Solve now runs IDA* on every core: the ${FRONTIER_SEARCHES[host.algorithm]?.name ?? host.algorithm} search has no parallel version. Choose IDA*, or Run it.`);
  }
  search.stop('Solve now was pressed again');
  const controller = new AbortController();
  search.solving = controller;
  const workers = MAX_WORKERS;
  const store = w.store;
  store.apply('solveStarted', { progress: `Solving now on ${count(workers, 'worker')}…` });
  const task = store.task;
  const options = { board: host.board, heuristic: host.heuristic, goal: host.goal, order: search.solver ? store.state.order : host.order };
  const started = performance.now();
  const onProgress = (progress) => {
    if (!store.current(task)) return;
    store.apply('progressed', { progress: progress.phase === 'databases'
      ? `Solving now on ${count(workers, 'worker')}: the pattern databases first (${Math.round(progress.progress * 100)} %)…`
      : `Solving now on ${count(progress.workers, 'worker')}: iteration ${progress.iteration}, threshold ${progress.threshold}, ` +
        `${progress.accepted + progress.skipped} of ${count(progress.packets, 'packet')} done, ${((performance.now() - started) / 1000).toFixed(1)} s.` });
  };
  let result;
  try {
    result = await solveInParallel(options, { workers, onProgress, signal: controller.signal });
  } catch (error) {
    if (store.current(task)) {
      search.solving = null;
      store.apply('solveFailed', { progress: `Solve now failed: ${error.message}` });
      w.announce(store.state.progress, true);
    }
    throw error;
  }
  if (!store.current(task)) return result.summary;
  search.solving = null;
  if (!search.solver) { store.apply('finished', { progress: '' }); return result.summary; }
  showSolved(w, search, result);
  return result.summary;
}

/**
 * The solved moment of a parallel search: position 0 (no events were shown), the goal board,
 * the counters and every iteration (the core's summary), the solution for Play solution, and
 * the path of the last iteration in the tree.
 */
function showSolved(w, search, { summary, workers, seconds, searchSeconds, pageSeconds, balance, packets, onPage }) {
  const host = w.host;
  const solver = search.solver;
  solver.reset();
  search.solverAt = 0;
  search.view.clear();
  const moves = [...summary.moves];
  const goal = /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (host.goal);
  // h of every board on the solution's path, the start's first (the core's, in one call).
  let along = [];
  try {
    along = heuristicsAlong(solver.start, moves, goal, /** @type {any} */ (host.heuristic));
  } catch {
    // No h to show (pdb's databases gone from this thread): the path is drawn with g alone.
  }
  search.view.snapshot = { ...summary, iterationStarts: [], board: boardAfter(solver.start, moves), frontierSize: null, frontier: null };
  // Now shows the goal's g, h and f, as after the last step (h of the goal board, the core's).
  const h = along[moves.length];
  const numbers = h === undefined ? { g: summary.length } : { g: summary.length, h, f: summary.length + h, about: 'node' };
  // The packets the workers searched: their balance adds up to this (others sent were still in
  // flight when the solution was found, and went unused).
  const searched = balance.reduce((sum, b) => sum + b.packets, 0);
  const parallel = { workers, onPage, seconds, searchSeconds, pageSeconds, balance, packets, numbers, searched, threshold: summary.threshold, iteration: summary.iteration };
  const solved = { type: 'solved', length: summary.length, moves, expanded: summary.expanded, generated: summary.generated };
  // A search of up to 10 ms (PAGE_MS): this page found it before asking a worker.
  const where = onPage ? 'on this page' : `on ${count(workers, 'worker')}`;
  const progress = `Solved now ${where} in ${duration(seconds)}: ${count(summary.length, 'move')} after ${count(summary.nodes, 'node')} ` +
    `(${number(summary.expanded)} expanded, ${number(summary.generated)} generated) in ${count(summary.iteration, 'iteration')}.`;
  // The path the last iteration walked to the goal, with g and h of each board on it: in the
  // tree before the solved moment is applied, which draws every panel once.
  const steps = [{ tile: null, g: 0, h: along[0] ?? 0 }];
  for (let k = 1; k <= moves.length; k += 1) steps.push({ tile: moves[k - 1], g: k, h: along[k] ?? 0 });
  const perWorker = balance.map((b) => `worker ${b.worker}: ${number(b.packets)}`).join(', ');
  w.views.tree.solutionPath(summary.iteration, summary.threshold, steps,
    `Solved at once by Solve now: the solution's path in iteration ${summary.iteration} (threshold ${summary.threshold}). ` +
    (onPage ? `This page found it in ${duration(seconds)}, sooner than a worker could answer. `
      : (pageSeconds > 0 ? `This page searched for ${duration(pageSeconds)}, then ${count(workers, 'worker')} went on from where it stood: ` : `${count(workers, 'worker')} searched `) +
        `${count(searched, 'packet')} (${perWorker}), ${duration(seconds)} in all. `) +
    'The rest of the tree is not drawn: Reset, then Step or Run, to watch the search.');
  w.store.apply('solvedNow', { solved, parallel, progress, iterations: summary.iterations });
  w.announce(`${progress} ${w.narration()}`, true);
  w.emit('solved', { length: summary.length, moves: [...moves], expanded: summary.expanded, generated: summary.generated });
}
