// The page's pool of solver workers: the workers themselves (started as jobs need them, ended
// when no client is left), who uses the pool (clients join and leave), which worker a new job
// goes to, and the messages coming back, checked against the protocol (protocol.js) and handed
// to the job that handles their type. The jobs are modules of their own: streams
// (pool-streams.js), pattern databases (pool-databases.js), parallel searches' teams
// (pool-teams.js), trace checks (pool-checks.js), comparisons (pool-compare.js), whole runs and
// quality measures (pool-whole.js); pool.js
// puts them together. The page never runs more workers than it has cores, whatever its widgets
// and searches do: every job runs on the pool's workers, in turns (solver-handlers.js).
import { createWorker } from '../platform/assets.js';
import { checkMessage, checkHandlers } from './protocol.js';
import { coreMemory } from '../platform/shared-memory.js';

const CORES = Math.max(1, globalThis.navigator?.hardwareConcurrency || 2);

/**
 * The most workers the page ever runs: one per core. A parallel search uses all of them: its
 * coordinator on the page's main thread only hands out packets and adds up their counts (a few
 * microseconds a packet), so that core would otherwise idle while the search runs.
 */
export const POOL_LIMIT = CORES;

/**
 * Workers that streams alone start. One core stays the page's: its main thread draws every
 * widget and must keep its frame rate, so more streaming workers than the other cores only
 * compete with it. At most 4: the page draws a bounded number of events per frame in all
 * (frame-scheduler.js), so further workers would add memory (each instantiates the core and
 * may hold the pattern databases), not visible speed. Streams also use workers a parallel
 * search started.
 */
export const POOL_SIZE = Math.max(1, Math.min(4, CORES - 1));

/**
 * A job of the pool (pool-streams.js and the others): the handlers of the worker's messages it
 * answers, and what the pool asks it about its workers.
 * @typedef {object} PoolJob
 * @property {{[type: string]: (slot: Slot, data: any) => void}} handlers by message type (protocol.js FROM_WORKER)
 * @property {(slot: Slot) => number} [weight] how busy it keeps `slot` (a stream, a team, a comparison count one each)
 * @property {(slot: Slot) => boolean} [busy] whether it waits for `slot` (an idle worker may be ended)
 * @property {(slot: Slot, error: Error) => void} [lost] `slot` is gone: whatever waited for it fails with `error`
 * @property {(client: number) => void} [left] client `client` left the pool: its requests fail
 * @property {(error: Error & {address: any}) => boolean} [refusedRequest]
 *   the worker refused a request of this job as malformed: true if the job failed the request it was
 */

/**
 * One worker of the pool and what the jobs keep about it; `up` resolves once its core is
 * instantiated (its ready message) or it is gone.
 * @typedef {{worker: Worker, answered: boolean, up: Promise<void>, started: () => void, streams: Set<number>, goals: Set<string>, teams: number, compares: number, wholes: number,
 *   loads: Map<string, any>, keeping: Map<string, any[]>, lines: Map<Slot, number>}} Slot
 */

/** The page's solver workers and the jobs they run. */
export class WorkerPool {
  /** @type {Slot[]} */
  #slots = [];
  #clients = new Set();
  #nextId = 1;
  #module = null;
  /** The memory every worker's instance shares (the core built with shared memory), or null: each its own. */
  #memory = null;
  /** @type {PoolJob[]} */
  #jobs = [];
  #handlers = {};
  /** A worker failed before its first message (a CSP without blob: workers, say): every client then works on the page. */
  refused = false;

  /** The pool's jobs, made by `makeJobs(pool)` (name → job); together they must handle every message the worker sends. */
  constructor(makeJobs) {
    this.jobs = makeJobs(this);
    this.#jobs = Object.values(this.jobs);
    for (const job of this.#jobs) Object.assign(this.#handlers, job.handlers);
    this.#handlers['protocol-error'] = (slot, data) => this.#onRefused(data);
    // A worker's core is up, or failed to start (then each request sent to it fails with that error).
    this.#handlers.ready = (slot) => slot.started();
    checkHandlers('from-worker', this.#handlers);
  }

  /** The handlers by message type (for the tests: protocol.test.mjs). */
  get handlers() { return this.#handlers; }

  /** A new client's id; throws where the page cannot start a worker (the first is started here, to know). */
  join(module) {
    this.#module ??= module;
    if (this.refused) throw Object.assign(new Error('this page refuses workers'), { refused: true });
    if (this.#slots.length === 0) {
      try {
        this.add();
      } catch (error) {
        this.refused = true;
        throw Object.assign(error, { refused: true });
      }
    }
    const id = this.#nextId++;
    this.#clients.add(id);
    return id;
  }

  /** Client `id` leaves: its requests fail, and the last client ends the workers. */
  leave(id) {
    if (!this.#clients.delete(id)) return;
    for (const job of this.#jobs) job.left?.(id);
    if (this.#clients.size === 0) for (const slot of [...this.#slots]) this.remove(slot, new Error('the solver worker was stopped'));
  }

  /** The workers there are now (a copy). */
  get slots() { return [...this.#slots]; }

  /**
   * Whether the workers share one memory (the core built with shared memory, on a cross-origin
   * isolated page): what one of them installs, the pattern databases, every one holds.
   */
  get sharesMemory() { return this.#memory !== null; }

  /** Workers started so far (for the team's balance and the tests). */
  get size() { return this.#slots.length; }

  /** Cores left for new workers. */
  get room() { return POOL_LIMIT - this.#slots.length; }

  /** Whether `slot` is still one of the pool's workers. */
  has(slot) { return this.#slots.includes(slot); }

  /** How busy `slot` is: its streams, teams and comparisons. */
  load(slot) { return this.#jobs.reduce((sum, job) => sum + (job.weight?.(slot) ?? 0), 0); }

  /** Whether no job waits for `slot` (it may be ended). */
  idle(slot) { return !this.#jobs.some((job) => job.busy?.(slot)); }

  /**
   * The worker for a new stream, check or comparison: the least busy; a new worker while every
   * one is busy and the pool has fewer than `limit` (the streams' share, POOL_SIZE, unless
   * told); for pdb, one that has the databases in memory already, among the least busy.
   * Throws where no worker can start.
   */
  pick(options, limit = POOL_SIZE) {
    const least = Math.min(...this.#slots.map((s) => this.load(s)));
    if (this.#slots.length === 0 || (least > 0 && this.#slots.length < limit && this.room > 0)) {
      try {
        return this.add();
      } catch (error) {
        if (this.#slots.length === 0) { this.refused = true; throw Object.assign(error, { refused: true }); }
      }
    }
    const idle = this.#slots.filter((s) => this.load(s) === least);
    return (options?.heuristic === 'pdb' && idle.find((s) => s.goals.has(options.goal ?? 'blank-last'))) || idle[0];
  }

  /**
   * Posts `message` to `slot`'s worker if it is still the pool's.
   * @param {Slot} slot
   * @param {import('./protocol-types').ToWorker} message
   * @param {Transferable[]} [transfer]
   */
  post(slot, message, transfer = []) {
    if (this.#slots.includes(slot)) slot.worker.postMessage(message, transfer);
  }

  /**
   * Starts workers until there are `count` (at most one per core). Where one cannot start, the
   * workers there are serve: a client's join has started the first, or thrown.
   */
  grow(count) {
    try {
      while (this.#slots.length < count && this.room > 0) this.add();
    } catch {
      // Fewer workers than asked: a team shares the workers there are.
    }
  }

  /** Starts a worker (throws where the page cannot). */
  add() {
    /** @type {() => void} */
    let started = () => {};
    /** @type {Promise<void>} */
    const up = new Promise((resolve) => { started = resolve; });
    /** @type {Slot} */
    const slot = { worker: createWorker('solver'), answered: false, up, started, streams: new Set(), goals: new Set(), teams: 0, compares: 0, wholes: 0,
      loads: new Map(), keeping: new Map(), lines: new Map() };
    this.#slots.push(slot);
    if (this.#slots.length === 1) this.#memory = coreMemory(this.#module);
    slot.worker.postMessage(this.#memory ? { type: 'init', module: this.#module, memory: this.#memory } : { type: 'init', module: this.#module });
    slot.worker.onmessage = ({ data }) => {
      slot.answered = true;
      const problem = checkMessage('from-worker', data);
      // A worker that breaks the protocol is broken: it goes, and whatever waited for it hears why.
      if (problem) { this.#fail(slot, problem); return; }
      this.#handlers[data.type](slot, data);
    };
    slot.worker.onerror = (event) => {
      // A worker that fails before its first message was refused: every client then works on the page.
      const error = Object.assign(new Error(event.message || 'the solver worker failed'), { refused: !slot.answered });
      if (error.refused) this.refused = true;
      this.#fail(slot, error);
    };
    return slot;
  }

  #fail(slot, error) {
    if (this.#slots.includes(slot)) this.remove(slot, error);
  }

  /** Ends `slot`'s worker; whatever waited for it fails with `error`. */
  remove(slot, error) {
    slot.worker.terminate();
    slot.started();
    this.#slots = this.#slots.filter((s) => s !== slot);
    // The next workers start on a memory of their own: nothing is left of this one's.
    if (this.#slots.length === 0) this.#memory = null;
    for (const job of this.#jobs) job.lost?.(slot, error);
  }

  // The worker refused a message as malformed (a bug of the page's): the request it was fails
  // with the worker's reason; one that names no request is reported, never dropped in silence.
  #onRefused({ received, message, ...address }) {
    const error = Object.assign(new Error(`the solver worker refused a ${received} message: ${message}`), { name: 'ProtocolError', address });
    if (!this.#jobs.some((job) => job.refusedRequest?.(error))) globalThis.reportError?.(error);
  }
}
