// The pool's comparisons (worker-pool.js): Compare runs every algorithm on one board in a
// worker of the pool, in turns beside the streams and packets there (compare-job.js), so it
// counts in the page's budget of one worker per core like every other job, and Stop is a
// message, not a worker ended. A comparison may start a worker on any free core (the streams
// leave one to the page), and that worker is ended when the comparison ends and nothing else
// uses it: the graph searches grow its wasm memory, which never shrinks.
import { POOL_LIMIT } from './worker-pool.js';
import { PoolRequests } from './pool-requests.js';

/**
 * One algorithm's result, as the worker sends it (protocol.js compare-result).
 * @typedef {Omit<import('./protocol-types').CompareResultReply, 'type' | 'job'>} CompareResult
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class CompareJob {
  // Every comparison ends a worker it leaves idle: the graph searches grow its wasm memory.
  #requests;

  /**
   * @param {import('./worker-pool.js').WorkerPool} pool
   * @param {import('./pool-databases.js').DatabaseJob} [databases] hands a worker the page's pattern databases
   */
  constructor(pool, databases) { this.#requests = new PoolRequests(pool, 'compares', POOL_LIMIT, () => true, databases); }

  handlers = {
    'compare-progress': (slot, { job, algorithm, nodes, seconds }) => this.#requests.get(job)?.onProgress({ algorithm, nodes, seconds }),
    'compare-result': (slot, { type: _type, job, ...result }) => this.#requests.get(job)?.onResult(result),
    'compare-done': (slot, { job }) => this.#requests.end(job)?.resolve(),
    'compare-error': (slot, { job, name, message }) => this.#requests.end(job)?.reject(Object.assign(new Error(message), { name })),
  };

  /**
   * Runs `algorithms` one after another on `options` (a Solver's, but the algorithm) in a
   * worker of the pool; `module` is the page's compiled core, for a worker started now.
   * `onProgress({algorithm, nodes, seconds})` hears the search under way about every 100 ms,
   * `onResult(result)` each algorithm's counts as it ends. Returns {done, stop}: `done`
   * resolves when every algorithm has run, rejects with the core's error (or `refused: true`
   * where no worker can start); `stop()` abandons it (`done` then rejects with an AbortError).
   * @param {WebAssembly.Module} module
   * @param {object} options
   * @param {string[]} algorithms
   * @param {{onProgress?: (progress: {algorithm: string, nodes: number, seconds: number}) => void,
   *   onResult?: (result: CompareResult) => void}} [listeners]
   * @returns {{done: Promise<void>, stop: () => void}}
   */
  compare(module, options, algorithms, { onProgress = () => {}, onResult = () => {} } = {}) {
    const { job, done } = this.#requests.start(module, options, { type: 'compare', options, algorithms }, { onProgress, onResult });
    return { done, stop: () => this.#requests.stop(job, 'compare-stop', 'the comparison was stopped') };
  }

  weight(slot) { return this.#requests.weight(slot); }
  busy(slot) { return this.#requests.busy(slot); }
  lost(slot, error) { this.#requests.lost(slot, error); }
  refusedRequest(error) { return this.#requests.refusedRequest(error); }
}
