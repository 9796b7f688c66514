// The pool's whole runs and quality measures (worker-pool.js): the Whole run panel's IDA* run
// to the end, counted per iteration and depth, then A* (profile-job.js), and the Heuristic
// quality panel's h against h* (the core's heuristicQuality), each in a worker of the pool as
// Compare is (pool-compare.js), so they count in the page's budget of one worker per core, a
// stop is a message, and the page never waits for them.
import { POOL_SIZE } from './worker-pool.js';

/**
 * The counts the worker sends: the core's RunProfile ({iterations: [{iteration, threshold,
 * visited, pruned, new, nextThreshold, visitedByDepth, newByDepth, prunedByDepth}], length}).
 * @typedef {import('../pkg/tilesearch.js').RunProfile} RunProfile
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class WholeJob {
  #pool;
  #runs = new Map();   // job number → {client, slot, kind, listeners, resolve, reject}
  #next = 1;

  /** @param {import('./worker-pool.js').WorkerPool} pool */
  constructor(pool) { this.#pool = pool; }

  handlers = {
    'profile-progress': (slot, { job, profile, nodes, seconds }) => this.#runs.get(job)?.listeners.onProgress({ profile, nodes, seconds }),
    'profile-result': (slot, { job, profile, seconds }) => this.#runs.get(job)?.listeners.onResult({ profile, seconds }),
    'profile-astar': (slot, { type: _type, job, ...astar }) => this.#end(job)?.resolve(astar),
    'profile-error': (slot, { job, name, message }) => this.#end(job)?.reject(Object.assign(new Error(message), { name })),
    'quality-result': (slot, { job, quality }) => this.#end(job)?.resolve(quality),
    'quality-error': (slot, { job, name, message }) => this.#end(job)?.reject(Object.assign(new Error(message), { name })),
  };

  #end(job) {
    const run = this.#runs.get(job);
    if (!run) return undefined;
    this.#runs.delete(job);
    run.slot.wholes -= 1;
    // A* grows the worker's memory, which never shrinks: a worker nothing else uses goes.
    if (run.kind === 'profile' && this.#pool.has(run.slot) && this.#pool.idle(run.slot)) this.#pool.remove(run.slot, new Error('the whole run\'s worker was ended'));
    this.#pool.leave(run.client);
    return run;
  }

  /** Starts a request of `kind` in a worker: {job, done}; `done` rejects with `refused: true` where no worker can start. */
  #start(kind, module, options, listeners) {
    const job = this.#next++;
    const done = new Promise((resolve, reject) => {
      let client, slot;
      try {
        client = this.#pool.join(module);
        slot = this.#pool.pick(options, POOL_SIZE);
      } catch (error) {
        if (client !== undefined) this.#pool.leave(client);
        reject(Object.assign(error, { refused: true }));
        return;
      }
      slot.wholes += 1;
      this.#runs.set(job, { client, slot, kind, listeners, resolve, reject });
      this.#pool.post(slot, { type: kind, job, options });
    });
    done.catch(() => {}); // whoever awaits `done` hears it; a stopped run needs no listener
    return { job, done };
  }

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
    const { job, done } = this.#start('profile', module, options, { onProgress, onResult });
    const stop = () => {
      const run = this.#runs.get(job);
      if (!run) return;
      this.#pool.post(run.slot, { type: 'profile-stop', job });
      this.#end(job).reject(new DOMException('the whole run was stopped', 'AbortError'));
    };
    return { done, stop };
  }

  /**
   * The core's heuristicQuality(options) ({heuristic, goal, width, board?}) computed in a
   * worker: a promise of the measure.
   * @returns {Promise<import('../pkg/tilesearch.js').HeuristicQuality>}
   */
  quality(module, options) {
    return this.#start('quality', module, options, {}).done;
  }

  weight(slot) { return slot.wholes; }
  busy(slot) { return slot.wholes > 0; }

  lost(slot, error) {
    for (const [job, run] of this.#runs) if (run.slot === slot) this.#end(job).reject(error);
  }

  refusedRequest(error) {
    const run = error.address.job !== undefined && this.#runs.has(error.address.job) && this.#end(error.address.job);
    run?.reject(error);
    return Boolean(run);
  }
}
