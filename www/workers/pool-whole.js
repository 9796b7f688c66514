// The pool's whole runs and quality measures (worker-pool.js): the Whole run panel's IDA* run
// to the end, counted per iteration and depth, then A* (profile-job.js), and the Heuristic
// quality panel's h against h* (the core's heuristicQuality), each in a worker of the pool as
// Compare is (pool-compare.js), so they count in the page's budget of one worker per core, a
// stop is a message, and the page never waits for them.
import { POOL_SIZE } from './worker-pool.js';
import { PoolRequests } from './pool-requests.js';

/**
 * The counts the worker sends: the core's RunProfile ({iterations: [{iteration, threshold,
 * visited, pruned, new, nextThreshold, visitedByDepth, newByDepth, prunedByDepth}], length}).
 * @typedef {import('../pkg/tilesearch.js').RunProfile} RunProfile
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class WholeJob {
  // A* grows the worker's memory, which never shrinks: a worker left idle by a whole run that
  // reached A* goes. One stopped before (a new board, Stop) stays, with its pattern databases:
  // the next Solve now or run needs no new worker and no copy of the tables.
  #requests;

  /**
   * @param {import('./worker-pool.js').WorkerPool} pool
   * @param {import('./pool-databases.js').DatabaseJob} [databases] hands a worker the page's pattern databases
   */
  constructor(pool, databases) { this.#requests = new PoolRequests(pool, 'wholes', POOL_SIZE, (run) => run.kind === 'profile' && run.astar === true, databases); }

  handlers = {
    'profile-progress': (slot, { job, profile, nodes, seconds }) => this.#requests.get(job)?.onProgress({ profile, nodes, seconds }),
    'profile-result': (slot, { job, profile, seconds }) => {
      const run = this.#requests.get(job);
      if (!run) return;
      run.astar = true; // the worker runs A* next
      run.onResult({ profile, seconds });
    },
    'profile-astar': (slot, { type: _type, job, ...astar }) => this.#requests.end(job)?.resolve(astar),
    'profile-error': (slot, { job, name, message }) => this.#requests.end(job)?.reject(Object.assign(new Error(message), { name })),
    'quality-result': (slot, { job, quality }) => this.#requests.end(job)?.resolve(quality),
    'quality-error': (slot, { job, name, message }) => this.#requests.end(job)?.reject(Object.assign(new Error(message), { name })),
  };

  /**
   * IDA* to the end on `options` (a Solver's), counted per iteration and depth, then A* on the
   * same board. `onProgress({profile, nodes, seconds})` hears the counts so far about every
   * 250 ms, `onResult({profile, seconds})` the whole run's. Returns {done, stop}: `done`
   * resolves to A*'s `{status, expanded, reached, length}` (status "skipped" for a 24-puzzle),
   * rejects with the core's error; `stop()` abandons it (`done` then rejects with an AbortError).
   * @param {WebAssembly.Module} module
   * @param {object} options
   * @param {{onProgress?: (progress: {profile: RunProfile, nodes: number, seconds: number}) => void,
   *   onResult?: (result: {profile: RunProfile, seconds: number}) => void}} [listeners]
   * @returns {{done: Promise<{status: string, expanded: number, reached: number | null, length: number | null}>, stop: () => void}}
   */
  profile(module, options, { onProgress = () => {}, onResult = () => {} } = {}) {
    const { job, done } = this.#requests.start(module, options, { type: 'profile', options }, { onProgress, onResult });
    return { done, stop: () => this.#requests.stop(job, 'profile-stop', 'the whole run was stopped') };
  }

  /**
   * The core's heuristicQuality(options) ({heuristic, goal, width, board?}) computed in a
   * worker: a promise of the measure.
   * @returns {Promise<import('../pkg/tilesearch.js').HeuristicQuality>}
   */
  quality(module, options) {
    return this.#requests.start(module, options, { type: 'quality', options }).done;
  }

  weight(slot) { return this.#requests.weight(slot); }
  busy(slot) { return this.#requests.busy(slot); }
  lost(slot, error) { this.#requests.lost(slot, error); }
  refusedRequest(error) { return this.#requests.refusedRequest(error); }
}
