// IDA* on every core of the page, for "Solve now" and the benchmark page: a team of the page's
// pool of solver workers (pool-teams.js) runs it, its first worker leading (lead-search.js):
// the core's ParallelSearch there splits the iterations worth splitting into packets of
// subtrees, parallel-run.js hands them out to the team (each worker with its own
// PacketSearcher and its own copy of the pattern databases) and gives the results back. This
// thread checks the options, searches first itself for PAGE_MS (a search that short it answers
// without a worker), then hands the team where its search stands and hears the team's progress
// and result.
// The summary is the sequential Solver's: the same solution (the first in move order) and the
// same counts in every iteration.
import { ParallelSearch, Solver, parseBoard, patternDatabasesReady, loadPatternDatabases, parallelSplitAbove } from '../pkg/tilesearch.js';
import { coreReady } from '../platform/page-core.js';
import { noPackets } from '../model/parallel-run.js';
import { openTeam, keepWorkers, POOL_LIMIT } from './pool.js';
import { heldHere } from './pool-databases.js';

/** The most workers a parallel search may use on this device: one per core (navigator.hardwareConcurrency). */
export const MAX_WORKERS = POOL_LIMIT;

/** The core's `parallelSplitAbove()` for this page's module, read once. */
let splitAbove = null;

/**
 * Milliseconds this thread searches first, before any worker is asked (less than a frame at
 * 60 Hz): a search this short is answered here, without a worker's messages, and a longer one
 * is handed over to the team, which goes on from where this search stands (Solver.handOver():
 * no node is searched twice). Only one thread searches at a time until then, which matters on
 * a machine that runs short bursts of two threads on one core (this project's does, for 2 ms
 * or less: `node benches/two-threads.mjs`). The hand-over costs about a millisecond more than
 * a sequential worker's messages, so the searches just longer than this lose a little, and
 * the longer ones search their first 10 ms on one thread; a shorter wait puts that loss on
 * more searches (at 5 ms: slower by up to 29 % on searches of 5–7 ms). Measured with `node
 * benches/per-instance.mjs --rounds 5`: Speed in docs/speed.md, and the CHANGELOG for the
 * other ways tried.
 */
export const PAGE_MS = 10;

/**
 * @typedef {import('../model/parallel-run.js').WorkerBalance} WorkerBalance
 * @typedef {import('../model/parallel-run.js').SearchProgress | {phase: 'databases', progress: number}} Progress
 * @typedef {{board: string | number[], goal?: string, heuristic?: string, order?: string, algorithm?: string}} ParallelOptions
 */

/**
 * Solves `options` (as a Solver takes them; IDA* only) with IDA* over `workers` of the page's
 * workers (default one per core).
 * @param {ParallelOptions} options
 * @param {{workers?: number, onProgress?: (progress: Progress) => void, signal?: AbortSignal, onPage?: boolean}} [settings]
 *   `onProgress` hears the pattern databases' build ({phase: 'databases', progress}) and each
 *   packet counted ({phase: 'search', iteration, threshold, packets, accepted, …});
 *   aborting `signal` abandons the search (the workers drop its packets) and rejects with its reason;
 *   `onPage: false` leaves every search to the workers (tests of the pool, and its benchmark)
 * @returns {Promise<{summary: import('../pkg/tilesearch.js').RunSummary, balance: WorkerBalance[], seconds: number, searchSeconds: number, pageSeconds: number, workers: number, onPage: boolean,
 *   packets: import('../model/parallel-run.js').PacketCounts & {split: number, iterations: number},
 *   databases: {source: string, seconds: number, made: number, shared: boolean} | null}>}
 *   `summary` equals Solver.run()'s; `onPage` whether this thread found it first (within
 *   PAGE_MS: then `workers` is 0, `balance` empty and no packet counted); `balance` each worker's packets, nodes, generated,
 *   seconds busy and memory; `seconds` the search's wall time on this thread, `searchSeconds`
 *   the time spent searching: this thread's own first part (`pageSeconds`: for a search it
 *   answered, that is `seconds`; 0 where it did not search), then the leading worker's, from
 *   making its coordinator (without the messages to and from this thread); `packets` what
 *   became of the packets, with `split` the iterations split into packets of the
 *   `iterations` (the others ran whole in one worker); `databases` (pdb): where the
 *   pattern databases came from ('memory', 'cache' or 'build'), the wall time until every
 *   worker and this thread held them, the seconds the worker that made them took, and whether
 *   the workers read one copy (the page is cross-origin isolated: they share their memory)
 *   rather than a copy each
 */
export async function solveInParallel(options, { workers = MAX_WORKERS, onProgress, signal, onPage = true } = {}) {
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    const given = typeof workers === 'string' ? JSON.stringify(workers) : String(workers);
    throw new RangeError(`workers must be a whole number from 1 to ${MAX_WORKERS} (one per core of this device), not ${given}`);
  }
  if (typeof onPage !== 'boolean') throw new TypeError(`onPage must be true or false, not ${typeof onPage === 'string' ? JSON.stringify(onPage) : String(onPage)}`);
  if (options === null || typeof options !== 'object') throw new TypeError(`solveInParallel takes the options of a Solver ({board, heuristic, goal, order}), not ${options === null ? 'null' : typeof options}`);
  const { algorithm, ...searched } = options;
  if (algorithm !== undefined && algorithm !== 'ida') {
    throw new Error(`the parallel search is IDA*'s: algorithm "${algorithm}" has no parallel version (use IDA*, or run it step by step)`);
  }
  const module = await coreReady();
  signal?.throwIfAborted();
  const goal = /** @type {import('../pkg/tilesearch.js').GoalConvention} */ (searched.goal ?? 'blank-last');
  splitAbove ??= parallelSplitAbove();
  // A coordinator made and freed here throws the core's error for bad options as it is (the
  // first iteration is never split): once the leading worker has been asked, where this
  // thread's Solver refuses the options or does not search (a bad search fails in the worker
  // too; that failure is dropped).
  const check = () => new ParallelSearch(/** @type {any} */ ({ ...searched, workers, splitAbove })).free();
  let team;
  try {
    team = openTeam(module, workers);
  } catch (error) {
    // A bad option is named first (with pdb and no databases here, what the board's parsing finds).
    if (searched.heuristic === 'pdb' && !heldHere(goal)) parseBoard(/** @type {any} */ (searched.board));
    else check();
    throw new Error(`the parallel search runs in Web Workers, and this page cannot start one (${error.message})`, { cause: error });
  }
  try {
    let databases = null;
    // The pattern databases: held by this thread and every worker of the team already (then a
    // bad board is named by this thread's Solver, or the core's coordinator, once the leading
    // worker has been asked, off the search's way), else handed to the workers, loaded or built
    // (seconds), a bad board or goal named before that (the core's errors; a 3×3 board has no
    // use for them).
    const held = searched.heuristic === 'pdb' ? team.databasesHeld(goal) : null;
    if (held) {
      databases = { source: 'memory', seconds: 0, made: 0, shared: held.shared };
    } else if (searched.heuristic === 'pdb' && parseBoard(/** @type {any} */ (searched.board)).length === 16) {
      patternDatabasesReady(goal);
      const start = performance.now();
      const made = await abortable(team.databases(goal, (progress) => onProgress?.({ phase: 'databases', progress })), signal);
      if (!patternDatabasesReady(goal)) loadPatternDatabases(goal, made.bytes);
      databases = { source: made.source, seconds: (performance.now() - start) / 1000, made: made.seconds, shared: made.shared };
    }
    signal?.throwIfAborted();
    const started = performance.now();
    // This thread searches first, for at most PAGE_MS: a search that short is answered here,
    // without the messages to a worker and back, and no worker is woken. A longer one goes to
    // the team, which goes on from where this search stands (its hand-over), so no node is
    // searched twice. A Solver made from the options proves them good; else the core's
    // coordinator names what is wrong, as the leading worker would.
    let here = null;
    if (onPage) {
      try {
        here = new Solver(/** @type {any} */ (searched));
      } catch {
        // Named by the coordinator's check below, in its own words.
      }
    }
    let handOver = null;
    let pageSeconds = 0;
    if (here) {
      try {
        const first = searchFirst(here);
        pageSeconds = (performance.now() - started) / 1000;
        if (first.summary) {
          const { summary } = first;
          const seconds = (performance.now() - started) / 1000;
          return { summary, balance: [], seconds, searchSeconds: seconds, pageSeconds: seconds, workers: 0, onPage: true, databases,
            packets: { ...noPackets(), split: 0, iterations: summary.iteration } };
        }
        handOver = first.handOver;
      } finally {
        here.free();
      }
    } else {
      check();
    }
    const result = await abortable(team.solve(handOver ? { ...searched, handOver } : searched, splitAbove,
      (progress) => onProgress?.({ ...progress, phase: 'search' })), signal);
    return { ...result, seconds: (performance.now() - started) / 1000, searchSeconds: pageSeconds + result.seconds, pageSeconds, workers: team.size, onPage: false, databases };
  } finally {
    team.close();
  }
}

/**
 * Keeps the page's workers, with their wasm warmed up and their pattern databases, from one
 * parallel search to the next until the returned function is called (else the pool ends its
 * workers when no widget or search is left). Starts one worker per core, and resolves to that
 * function once each has its core up.
 * @returns {Promise<() => void>}
 */
export async function holdWorkers() {
  return keepWorkers(await coreReady());
}

/**
 * Searches with `here` for about PAGE_MS (at most one of runFor's slices more): {summary} once
 * it has found the end, else {handOver}, where it stands (Solver.handOver()).
 * @param {import('../pkg/tilesearch.js').Solver} here
 * @returns {{summary: import('../pkg/tilesearch.js').RunSummary, handOver?: undefined} | {handOver: Float64Array, summary?: undefined}}
 */
function searchFirst(here) {
  let summary = here.runFor(PAGE_MS);
  for (;;) {
    if (here.status !== 'running') return { summary };
    try {
      return { handOver: here.handOver() };
    } catch (error) {
      // It stands on the goal, not yet tested (the core's invalid-option): one more slice
      // ends the search.
      if (/** @type {any} */ (error)?.kind !== 'invalid-option') throw error;
      summary = here.runFor(0);
    }
  }
}

/** `promise`, or the signal's reason once it is aborted first. */
function abortable(promise, signal) {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
