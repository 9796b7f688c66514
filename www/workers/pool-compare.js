// The pool's comparisons (worker-pool.js): Compare runs every algorithm on one board in a
// worker of the pool, in turns beside the streams and packets there (compare-job.js), so it
// counts in the page's budget of one worker per core like every other job, and Stop is a
// message, not a worker ended. A comparison may start a worker on any free core (the streams
// leave one to the page), and that worker is ended when the comparison ends and nothing else
// uses it: the graph searches grow its wasm memory, which never shrinks.
import { POOL_LIMIT } from './worker-pool.js';

/**
 * One algorithm's result, as the worker sends it (protocol.js compare-result).
 * @typedef {Omit<import('./protocol-types').CompareResultReply, 'type' | 'job'>} CompareResult
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class CompareJob {
  #pool;
  #runs = new Map();   // job number → {client, slot, onProgress, onResult, resolve, reject}
  #next = 1;

  /** @param {import('./worker-pool.js').WorkerPool} pool */
  constructor(pool) { this.#pool = pool; }

  handlers = {
    'compare-progress': (slot, { job, algorithm, nodes, seconds }) => this.#runs.get(job)?.onProgress({ algorithm, nodes, seconds }),
    'compare-result': (slot, { type: _type, job, ...result }) => this.#runs.get(job)?.onResult(result),
    'compare-done': (slot, { job }) => this.#end(job)?.resolve(),
    'compare-error': (slot, { job, name, message }) => this.#end(job)?.reject(Object.assign(new Error(message), { name })),
  };

  #end(job) {
    const run = this.#runs.get(job);
    if (!run) return undefined;
    this.#runs.delete(job);
    run.slot.compares -= 1;
    if (this.#pool.has(run.slot) && this.#pool.idle(run.slot)) this.#pool.remove(run.slot, new Error('the comparison\'s worker was ended'));
    this.#pool.leave(run.client);
    return run;
  }

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
    const job = this.#next++;
    let stop = () => {};
    const done = new Promise((resolve, reject) => {
      let client, slot;
      try {
        client = this.#pool.join(module);
        slot = this.#pool.pick(options, POOL_LIMIT);
      } catch (error) {
        if (client !== undefined) this.#pool.leave(client);
        reject(Object.assign(error, { refused: true }));
        return;
      }
      slot.compares += 1;
      this.#runs.set(job, { client, slot, onProgress, onResult, resolve, reject });
      this.#pool.post(slot, { type: 'compare', job, options, algorithms });
      stop = () => {
        if (!this.#runs.has(job)) return;
        this.#pool.post(slot, { type: 'compare-stop', job });
        this.#end(job).reject(new DOMException('the comparison was stopped', 'AbortError'));
      };
    });
    done.catch(() => {}); // whoever awaits `done` hears it; a stopped comparison needs no listener
    return { done, stop: () => stop() };
  }

  weight(slot) { return slot.compares; }
  busy(slot) { return slot.compares > 0; }

  lost(slot, error) {
    for (const [job, run] of this.#runs) if (run.slot === slot) this.#end(job).reject(error);
  }

  refusedRequest(error) {
    const run = error.address.job !== undefined && this.#runs.has(error.address.job) && this.#end(error.address.job);
    run?.reject(error);
    return Boolean(run);
  }
}
