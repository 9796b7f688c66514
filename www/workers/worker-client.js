// One widget's view of the page's pool of solver workers (pool.js): a stream at a time
// (pool-streams.js), its pattern-database requests (pool-databases.js) and its trace checks
// (pool-checks.js). search-client.js wraps it with the page's fallback where no worker starts.
import { pool, jobs } from './pool.js';

/** One widget's view of the pool: a stream at a time, and its pattern-database requests. */
export class WorkerClient {
  #id;
  #session = 0;
  #handlers = null;

  /** `module`: the page's compiled core (a WebAssembly.Module), instantiated by the pool's workers. Throws where workers are refused. */
  constructor(module) {
    this.#id = pool.join(module);
  }

  /**
   * Streams the events after the first `from` events of a search with `options` (with
   * `untilRaise`, up to IDA*'s next raise); `handlers.onBatch(records, snapshot, finished)`
   * gets each batch with the moment after it (snapshot.js), `handlers.onError(error)` a failure
   * (`error.refused`: no worker could start).
   */
  start(options, from, untilRaise, handlers) {
    this.stop();
    this.#session += 1;
    this.#handlers = handlers;
    if (!jobs.streams.start(this.#id, this, this.#session, options, from, untilRaise)) {
      this.fail(Object.assign(new Error('this page refuses workers'), { refused: true }));
    }
  }

  /** The consumer has drawn one batch: the worker may produce another. */
  credit() { if (this.#handlers) jobs.streams.post(this.#id, 'credit', this.#session); }

  stop() {
    if (!this.#handlers) return;
    jobs.streams.post(this.#id, 'stop', this.#session);
    jobs.streams.ended(this.#id);
    this.#handlers = null;
    this.#session += 1;
  }

  /** Leaves the pool: the worker frees this client's search, and the last client ends the workers. */
  terminate() {
    this.stop();
    pool.leave(this.#id);
  }

  /**
   * The `pdb` pattern databases for `goal`, made in a worker (loaded from IndexedDB, else
   * built; one request per goal for the whole page); resolves to {source: 'memory' | 'cache' |
   * 'build', seconds, bytes, notKept?} (bytes for loadPatternDatabases on this thread; null: this
   * thread holds them already), reporting the build's fraction done and the workers building to
   * `onProgress(fraction, workers)`. After a build, whether IndexedDB kept them for the next
   * visit: `notKept` (null, or the error's name), or later through `onKept(notKept)`.
   */
  databases(goal, onProgress, onKept) {
    return new Promise((resolve, reject) => jobs.databases.request(this.#id, goal, { onProgress, onKept, resolve, reject }));
  }

  /**
   * The core's verdict on a student's IDA* trace (a string, or a File read in the worker) for
   * `options` {board, heuristic, goal}; resolves to the verdict, rejects with the core's error
   * for bad options.
   */
  check(options, trace) { return jobs.checks.check(this.#id, options, trace); }

  /**
   * A message from the worker about this client's stream (the pool's).
   * @param {import('./protocol-types').BatchReply | import('./protocol-types').ErrorReply} data
   */
  receive(data) {
    if (data.session !== this.#session || !this.#handlers) return;
    const handlers = this.#handlers;
    if (data.type === 'batch') {
      if (data.finished) jobs.streams.ended(this.#id);
      handlers.onBatch(data.records, data.snapshot, data.finished);
    } else {
      jobs.streams.ended(this.#id);
      handlers.onError(new Error(data.message));
    }
  }

  /** The worker failed (the pool's). */
  fail(error) {
    const handlers = this.#handlers;
    this.#handlers = null;
    this.#session += 1;
    handlers?.onError(error);
  }
}
