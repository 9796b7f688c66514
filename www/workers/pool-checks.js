// The pool's trace checks (worker-pool.js): "Check my IDA*" runs the core's checker in a
// worker, on the one that holds the widget's search (else the least busy), so a trace of any
// size (a string, or a File read there) never blocks the page.

/** A job of the pool (worker-pool.js PoolJob). */
export class CheckJob {
  #pool;
  #streams;
  #checks = new Map();  // request number → {client, slot, resolve, reject}
  #next = 1;

  /**
   * @param {import('./worker-pool.js').WorkerPool} pool
   * @param {import('./pool-streams.js').StreamJob} streams where a client's search is
   */
  constructor(pool, streams) {
    this.#pool = pool;
    this.#streams = streams;
  }

  handlers = {
    checked: (slot, { request, verdict }) => this.#settle(request)?.resolve(verdict),
    'check-error': (slot, { request, name, message }) => this.#settle(request)?.reject(Object.assign(new Error(message), { name })),
  };

  #settle(request) {
    const check = this.#checks.get(request);
    this.#checks.delete(request);
    return check;
  }

  /**
   * Checks `trace` (a string or a Blob, read in the worker) against IDA* with `options` for
   * client `id`: resolves to the core's verdict, rejects with its error (bad options), or with
   * `refused: true` where no worker can start.
   */
  check(id, options, trace) {
    return new Promise((resolve, reject) => {
      let slot = this.#streams.home(id);
      try {
        slot ??= this.#pool.pick(options);
      } catch (error) {
        reject(Object.assign(error, { refused: true }));
        return;
      }
      const request = this.#next++;
      this.#checks.set(request, { client: id, slot, resolve, reject });
      this.#pool.post(slot, { type: 'check', client: id, request, options, trace });
    });
  }

  busy(slot) { return [...this.#checks.values()].some((c) => c.slot === slot); }

  left(id) {
    for (const [request, check] of this.#checks) {
      if (check.client === id) { this.#checks.delete(request); check.reject(new Error('the solver worker was stopped')); }
    }
  }

  lost(slot, error) {
    for (const [request, check] of this.#checks) {
      if (check.slot === slot) { this.#checks.delete(request); check.reject(error); }
    }
  }

  refusedRequest(error) {
    const check = error.address.request !== undefined && this.#settle(error.address.request);
    check?.reject(error);
    return Boolean(check);
  }
}
