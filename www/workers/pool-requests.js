// The requests of a pool job (worker-pool.js) that sends one message to one worker and waits
// for its end: Compare's comparisons (pool-compare.js), the whole runs and quality measures
// (pool-whole.js). Each request is numbered, its replies carry the number, and it ends with a
// result, an error, a stop, or its worker's loss. The numbers are shared by every such job, so
// that a reply or a refused request is never taken for another job's.
// A pdb request sent to a worker without the pattern databases takes this thread's copy there
// first (when this thread holds them): else that worker reads IndexedDB or builds them itself,
// seconds of work on a core that Solve now and the widgets' streams need.
import { heldHere } from './pool-databases.js';
import { databasesFor } from './pdb-cache.js';

let nextNumber = 1;

/**
 * One job's requests in flight. `counter` names the slot's field that counts them (the job's
 * weight); `endsWorker(run)` says whether a worker left idle by the request is ended (the graph
 * searches grow a worker's wasm memory, which never shrinks).
 */
export class PoolRequests {
  #pool; #counter; #limit; #endsWorker; #databases;
  /** @type {Map<number, {client: number, slot: any, kind: string, resolve: (value: any) => void, reject: (error: Error) => void, [more: string]: any}>} */
  #runs = new Map();

  /**
   * @param {import('./worker-pool.js').WorkerPool} pool
   * @param {string} counter
   * @param {number} limit  the workers the pool may start for them
   * @param {(run: any) => boolean} endsWorker
   * @param {import('./pool-databases.js').DatabaseJob} [databases] the pool's databases, to hand a worker this thread's copy
   */
  constructor(pool, counter, limit, endsWorker, databases) {
    this.#pool = pool;
    this.#counter = counter;
    this.#limit = limit;
    this.#endsWorker = endsWorker;
    this.#databases = databases;
  }

  /** The request numbered `job` in flight (undefined once it ended). */
  get(job) { return this.#runs.get(job); }

  /**
   * Sends `message` (its `job` is filled in) to a worker of the pool for `options`; `fields` are
   * kept with the request. Returns {job, done}: `done` settles when the request ends, and
   * rejects with `refused: true` where no worker can start.
   */
  start(module, options, message, fields = {}) {
    const job = nextNumber++;
    const done = new Promise((resolve, reject) => {
      let client, slot;
      try {
        client = this.#pool.join(module);
        slot = this.#pool.pick(options, this.#limit);
      } catch (error) {
        if (client !== undefined) this.#pool.leave(client);
        reject(Object.assign(error, { refused: true }));
        return;
      }
      slot[this.#counter] = (slot[this.#counter] ?? 0) + 1;
      this.#runs.set(job, { ...fields, kind: message.type, client, slot, resolve, reject });
      this.#handDatabases(slot, options);
      this.#pool.post(slot, { ...message, job });
    });
    done.catch(() => {}); // whoever awaits `done` hears it; a stopped request needs no listener
    return { job, done };
  }

  /**
   * For a pdb search, this thread's pattern databases to `slot` if it has none
   * (the worker takes the message before the request's, so its search finds them in memory).
   * Where this thread has none either, the worker gets them as before (IndexedDB or a build).
   */
  #handDatabases(slot, options) {
    const goal = databasesFor(options);
    if (!this.#databases || goal === null || !heldHere(goal)) return;
    // A failure leaves the worker to make them itself (its request does), so none is reported here.
    this.#databases.handOut([slot], goal).catch(() => {});
  }

  /** Ends request `job` (nothing if it ended already); returns it, to settle its promise. */
  end(job) {
    const run = this.#runs.get(job);
    if (!run) return undefined;
    this.#runs.delete(job);
    run.slot[this.#counter] -= 1;
    // Workers on one shared memory stay until the pool ends them all: one ended alone would
    // leave its stack and whatever it held in the memory the others go on using.
    if (this.#endsWorker(run) && !this.#pool.sharesMemory && this.#pool.has(run.slot) && this.#pool.idle(run.slot)) {
      this.#pool.remove(run.slot, new Error(`the ${run.kind} request's worker was ended`));
    }
    this.#pool.leave(run.client);
    return run;
  }

  /** Stops request `job`: the worker is told (`stopType`), the promise rejects with an AbortError. */
  stop(job, stopType, why) {
    const run = this.#runs.get(job);
    if (!run) return;
    this.#pool.post(run.slot, { type: stopType, job });
    this.end(job).reject(new DOMException(why, 'AbortError'));
  }

  weight(slot) { return slot[this.#counter] ?? 0; }
  busy(slot) { return (slot[this.#counter] ?? 0) > 0; }

  /** The worker `slot` was lost: its requests reject with `error`. */
  lost(slot, error) {
    for (const [job, run] of this.#runs) if (run.slot === slot) this.end(job).reject(error);
  }

  /** A worker refused a request of this job: it rejects with `error`; false if it is not this job's. */
  refusedRequest(error) {
    const run = error.address.job !== undefined && this.#runs.has(error.address.job) && this.end(error.address.job);
    run?.reject(error);
    return Boolean(run);
  }
}
