// The pool's pattern databases (worker-pool.js): the `pdb` heuristic's tables are made once per
// page, in workers: loaded from IndexedDB by one, else built by two at once (each some of the
// three patterns), put together in each (the core checks the parts) and kept in IndexedDB by
// the first; other workers of a team get a copy. The page's thread gets the bytes too. Where
// the page is cross-origin isolated (crossOriginIsolated: the COOP and COEP headers, as `make
// serve` sends them) the workers run the core built with shared memory, all on one memory
// (worker-pool.js): the databases that one of them installs are every one's, and the others
// get nothing. (Isolated, with the core of its own memory, the bytes go out once in a
// SharedArrayBuffer that every worker reads, rather than a copy in every message.)
import { exportPatternDatabases, loadPatternDatabaseParts, patternDatabasesReady } from '../pkg/tilesearch.js';
import { POOL_LIMIT } from './worker-pool.js';

/** Whether this page can share memory with its workers (cross-origin isolated). */
export const canShare = () => globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';

/** Whether this thread holds the pattern databases for `goal` (false before the core is ready, and for a goal it does not know). */
export function heldHere(goal) {
  try {
    return patternDatabasesReady(goal);
  } catch {
    return false;
  }
}

/** Whether `bytes` are a view of a SharedArrayBuffer (the global is missing where the page is not isolated). */
export const isShared = (bytes) => typeof SharedArrayBuffer === 'function' && bytes.buffer instanceof SharedArrayBuffer;

/**
 * `bytes` in a SharedArrayBuffer where the page can share memory (one copy, read by every
 * worker it is posted to; no copy per message), else `bytes` themselves.
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function shareable(bytes) {
  if (!canShare() || isShared(bytes)) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/**
 * Who waits for the databases: `onProgress(fraction, workers)` hears a build, `onKept(notKept)`
 * whether IndexedDB kept them; `resolve` gets {source, seconds, bytes, notKept?}.
 * @typedef {{onProgress: (fraction: number, workers: number) => void, onKept?: (notKept: string | null) => void,
 *   resolve: (made: any) => void, reject: (error: Error) => void}} Waiting
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class DatabaseJob {
  #pool;
  #requests = new Map();  // goal → {slot, slots?, waiting: Set of Waiting & {client}, …}: databases on their way
  /** Whether the bytes last handed to workers were shared (a SharedArrayBuffer) rather than copied. */
  shared = false;

  /** @param {import('./worker-pool.js').WorkerPool} pool */
  constructor(pool) { this.#pool = pool; }

  handlers = {
    databases: (slot, { type: _type, goal, ...made }) => {
      this.#holding(slot, goal);
      this.#settle(goal)?.forEach((w) => w.resolve(made));
    },
    'databases-error': (slot, { goal, message }) => this.#settle(goal)?.forEach((w) => w.reject(new Error(message))),
    'databases-missing': (slot, { goal }) => this.#requests.get(goal)?.onMissing(),
    'databases-progress': (slot, { goal, progress }) => this.#requests.get(goal)?.waiting.forEach((w) => w.onProgress(progress, 1)),
    'databases-part': (slot, { goal, part, bytes }) => this.#requests.get(goal)?.onPart({ part, bytes }),
    'databases-part-progress': (slot, { goal, part, progress }) => this.#requests.get(goal)?.onPart({ part, progress }),
    'databases-part-error': (slot, { goal, message }) => this.#settle(goal)?.forEach((w) => w.reject(new Error(message))),
    'databases-loaded': (slot, { goal }) => {
      this.#holding(slot, goal);
      const waiting = slot.loads.get(goal);
      slot.loads.delete(goal);
      waiting?.resolve();
    },
    'databases-load-error': (slot, { goal, message }) => {
      const waiting = slot.loads.get(goal);
      slot.loads.delete(goal);
      waiting?.reject(new Error(message));
    },
    'databases-kept': (slot, { goal, notKept }) => {
      for (const waiting of slot.keeping.get(goal) ?? []) waiting.onKept?.(notKept);
      slot.keeping.delete(goal);
    },
  };

  /** The workers that hold what `slot` holds: every worker where they share one memory, else `slot` alone. */
  #sharing(slot) { return this.#pool.sharesMemory ? this.#pool.slots : [slot]; }

  /** `slot` holds the databases for `goal` now: and so does every worker on its memory. */
  #holding(slot, goal) {
    for (const s of this.#sharing(slot)) s.goals.add(goal);
  }

  /**
   * Whether the workers of `slots` read one copy of the databases (the page's workers share
   * their memory, or were handed one SharedArrayBuffer) rather than a copy each.
   */
  sharedBy(slots) {
    return slots.length > 1 && (this.#pool.sharesMemory || (canShare() && this.shared));
  }

  /** The request for `goal` is over: whoever waited for it (to resolve or reject), or undefined. */
  #settle(goal) {
    const request = this.#requests.get(goal);
    this.#requests.delete(goal);
    return request?.waiting;
  }

  /**
   * The pattern databases for `goal` for client `id`: in memory or IndexedDB, else built by
   * two workers at once where the page has two cores (inParallel), else by one.
   * @param {number} id
   * @param {string} goal
   * @param {Waiting} waiting
   */
  request(id, goal, waiting) {
    const pool = this.#pool;
    if (!this.#requests.has(goal) && POOL_LIMIT > 1 && !pool.slots.some((s) => s.goals.has(goal))) {
      const slots = pool.slots.slice(0, 2);
      try {
        while (slots.length < 2 && pool.room > 0) slots.push(pool.add());
      } catch {
        // One worker builds them all.
      }
      // Both hold them after (the builder's memory has grown past their size already): Solve
      // now's team and the work the pool sends the second need no copy then.
      if (slots.length === 2) { this.inParallel(id, goal, slots, waiting); return; }
    }
    this.#inOne(id, goal, waiting);
  }

  #inOne(id, goal, waiting) {
    let request = this.#requests.get(goal);
    if (!request) {
      let slot = this.#pool.slots.find((s) => s.goals.has(goal)) ?? this.#pool.slots[0];
      try {
        slot ??= this.#pool.add(); // after a worker failed
      } catch (error) {
        waiting.reject(error);
        return;
      }
      request = { slot, waiting: new Set() };
      this.#requests.set(goal, request);
      this.#pool.post(slot, { type: 'databases', goal });
    }
    request.waiting.add({ ...waiting, client: id });
  }

  /**
   * The pattern databases for `goal` in every worker of `slots` (a team) and on this thread:
   * from memory or IndexedDB if one worker has them, else built by all of them at once, each
   * building some of the three patterns (the two big ones take about half the time each), then
   * put together in each (the core checks the parts) and kept in IndexedDB by the first. A
   * request already on its way (a widget's) is joined instead.
   */
  inParallel(id, goal, slots, waiting, loaders = slots) {
    if (this.#requests.has(goal) || slots.length < 2) { this.#inOne(id, goal, waiting); return; }
    const started = performance.now();
    const request = { slot: slots[0], slots, waiting: new Set([{ ...waiting, client: id }]), parts: [], progress: [0, 0, 0] };
    this.#requests.set(goal, request);
    // First: memory, or the cache (one read, by one worker).
    request.onMissing = () => {
      slots.forEach((slot) => slot.loads.delete(goal));
      for (let part = 0; part < 3; part += 1) this.#pool.post(slots[part % slots.length], { type: 'databases-part', goal, part: /** @type {0 | 1 | 2} */ (part) });
    };
    request.onPart = ({ part, bytes, progress }) => {
      if (bytes === undefined) {
        request.progress[part] = progress;
        // Patterns 0 and 1 hold all but 0.04 % of the states.
        const fraction = (request.progress[0] + request.progress[1]) / 2;
        for (const w of request.waiting) w.onProgress(fraction, slots.length);
        return;
      }
      request.parts[part] = shareable(bytes);
      if (request.parts.filter(Boolean).length < 3) return;
      this.#requests.delete(goal);
      try {
        if (!patternDatabasesReady(goal)) loadPatternDatabaseParts(goal, request.parts);
      } catch (error) {
        for (const w of request.waiting) w.reject(error);
        return;
      }
      // Copies for all but the last worker, which takes the page's (its buffers move there); on
      // one shared memory, the first worker's are every one's. The first keeps them in IndexedDB
      // and says whether it could (onKept).
      const targets = this.#pool.sharesMemory ? loaders.slice(0, 1) : loaders;
      targets[0].keeping.set(goal, [...request.waiting]);
      for (const [i, slot] of targets.entries()) this.#loadParts(slot, goal, request.parts, i === 0, i === targets.length - 1);
      const made = { source: 'build', seconds: (performance.now() - started) / 1000, bytes: null };
      for (const w of request.waiting) w.resolve(made);
    };
    this.#pool.post(slots[0], { type: 'databases', goal, cacheOnly: true });
  }

  #loadParts(slot, goal, parts, store, transfer) {
    const waiting = {};
    waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
    waiting.promise.catch(() => {}); // a failure reaches whoever waits for this worker (load())
    slot.loads.set(goal, waiting);
    const shared = parts.every(isShared);
    this.shared = shared;
    this.#pool.post(slot, { type: 'databases-parts', goal, parts, store }, transfer && !shared ? parts.map((part) => /** @type {ArrayBuffer} */ (part.buffer)) : []);
  }

  /**
   * Every worker of `slots` holds the pattern databases for `goal`: those without them get a
   * copy of `bytes`, else of this thread's (one SharedArrayBuffer for all where the page is
   * isolated). Rejects as load() does where neither is there.
   */
  handOut(slots, goal, bytes = null) {
    const missing = slots.some((slot) => !this.holds(slot, goal));
    const copy = missing ? bytes ?? (heldHere(goal) ? exportPatternDatabases(goal) : null) : null;
    const handed = copy && shareable(copy);
    return Promise.all(slots.map((slot) => this.load(slot, goal, handed)));
  }

  /** Whether `slot` holds, or is being given, the pattern databases for `goal` (on a shared memory: whether any worker does). */
  holds(slot, goal) {
    return this.#sharing(slot).some((s) => s.goals.has(goal) || s.loads.has(goal));
  }

  /**
   * Makes `slot` hold the pattern databases for `goal` (a copy of `bytes`, from another worker;
   * null: they are on their way to it). On a shared memory, another worker's are its own.
   */
  load(slot, goal, bytes) {
    const sharing = this.#sharing(slot);
    if (sharing.some((s) => s.goals.has(goal))) {
      slot.goals.add(goal);
      return Promise.resolve();
    }
    let waiting = sharing.find((s) => s.loads.has(goal))?.loads.get(goal);
    if (!waiting && bytes === null) return Promise.reject(new Error('the pattern databases did not reach every worker'));
    if (!waiting) {
      waiting = {};
      waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
      slot.loads.set(goal, waiting);
      this.shared = isShared(bytes);
      this.#pool.post(slot, { type: 'databases-load', goal, bytes });
    }
    return waiting.promise;
  }

  busy(slot) { return slot.loads.size > 0 || [...this.#requests.values()].some((r) => r.slot === slot || r.slots?.includes(slot)); }

  left(id) {
    for (const request of this.#requests.values()) {
      for (const waiting of request.waiting) if (waiting.client === id) { request.waiting.delete(waiting); waiting.reject(new Error('the solver worker was stopped')); }
    }
  }

  lost(slot, error) {
    for (const waiting of slot.loads.values()) waiting.reject(error);
    slot.loads.clear();
    for (const [goal, request] of this.#requests) {
      if (request.slot !== slot && !request.slots?.includes(slot)) continue;
      this.#requests.delete(goal);
      for (const waiting of request.waiting) waiting.reject(error);
    }
  }

  refusedRequest(error) {
    const { goal } = error.address;
    if (goal === undefined) return false;
    const waiting = this.#settle(goal);
    waiting?.forEach((w) => w.reject(error));
    return Boolean(waiting);
  }
}
