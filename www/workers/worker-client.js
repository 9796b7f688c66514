// The page's side of solver-worker.js. Every widget on the page shares one small pool of solver
// workers: a widget's client starts a stream of trace records from an event index on the least
// busy worker, hands each batch to the widget, returns a credit once the widget has drawn it,
// and stops. Each worker serves its streams in turns (solver-worker.js), so every widget
// advances; the credits keep each stream only a few batches ahead of what its widget drew.
// A parallel search (parallel-search.js) borrows a team of the same workers and sends them
// packets of subtrees; the workers take turns between packets and streams, so the page never
// runs more workers than it has cores, whatever its widgets and searches do.
import { exportPatternDatabases, loadPatternDatabaseParts, patternDatabasesReady } from '../pkg/tilesearch.js';
import { createWorker } from '../element/assets.js';

const CREDITS = 5;           // batches in flight per stream: enough to hide the message latency
// About half a millisecond of search. The page draws whole batches (each with the snapshot of
// its end), so a batch is also the most a frame may overrun its drawing budget by.
const BATCH_EVENTS = 8192;
const MIN_BATCH_EVENTS = 2048;

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

/** The page's solver workers, created as streams need them and ended when no client is left. */
class WorkerPool {
  #slots = [];            // {worker, answered, streams: Set of client ids streaming there, goals: Set, teams: teams it serves, loads: goal → load waiting}
  #clients = new Map();   // id → WorkerClient
  #homes = new Map();     // id → the slot that holds the client's Solver (its last stream's)
  #nextId = 1;
  #requests = new Map();  // goal → {slot, slots?, waiting: Set of {onProgress, resolve, reject}, …}: pattern databases on their way
  #checks = new Map();    // request number → {client, slot, resolve, reject}: traces being checked
  #nextCheck = 1;
  #jobs = new Map();      // "search/job" → {slot, search, resolve, reject}: packets a worker has
  #nextSearch = 1;
  #reserved = 0;          // workers started outside the pool on its budget (Compare's)
  #reservations = [];     // {grant}: waiting for room
  #module = null;
  refused = false;        // a worker failed before its first message (a CSP without blob: workers, say)

  /** A new client's id; throws where the page cannot start a worker (the first is started here, to know). */
  join(client, module) {
    this.#module ??= module;
    if (this.#slots.length === 0) {
      try {
        this.#add();
      } catch (error) {
        this.refused = true;
        throw error;
      }
    }
    const id = this.#nextId++;
    this.#clients.set(id, client);
    return id;
  }

  leave(id) {
    const client = this.#clients.get(id);
    if (!client) return;
    queueMicrotask(() => this.#grant());
    this.#clients.delete(id);
    this.#homes.get(id)?.worker.postMessage({ type: 'release', client: id });
    this.#homes.delete(id);
    for (const slot of this.#slots) slot.streams.delete(id);
    for (const request of this.#requests.values()) {
      for (const waiting of request.waiting) if (waiting.client === id) { request.waiting.delete(waiting); waiting.reject(new Error('the solver worker was stopped')); }
    }
    for (const [request, check] of this.#checks) {
      if (check.client === id) { this.#checks.delete(request); check.reject(new Error('the solver worker was stopped')); }
    }
    if (this.#clients.size === 0) this.#close();
  }

  /** Starts client `id`'s stream `session` on the least busy worker; false if workers are refused. */
  start(id, session, options, from, untilRaise) {
    if (this.refused) return false;
    let slot;
    try {
      slot = this.#pick(options);
    } catch {
      this.refused = true;
      return false;
    }
    const home = this.#homes.get(id);
    if (home && home !== slot) home.worker.postMessage({ type: 'release', client: id }); // its Solver moves with it
    this.#homes.set(id, slot);
    slot.streams.add(id);
    const streaming = this.#slots.reduce((sum, s) => sum + s.streams.size, 0);
    // Many streams at once: smaller batches, so the data in flight stays small (each widget then draws less per frame).
    const batchEvents = Math.max(MIN_BATCH_EVENTS, BATCH_EVENTS >> Math.max(0, Math.ceil(Math.log2(streaming / POOL_SIZE))));
    slot.worker.postMessage({ type: 'start', client: id, session, options, from, untilRaise, credits: CREDITS, batchEvents });
    return true;
  }

  /** A message about client `id`'s stream to the worker that serves it. */
  post(id, message) {
    const slot = this.#slots.find((s) => s.streams.has(id));
    slot?.worker.postMessage({ ...message, client: id });
  }

  /** Client `id`'s stream ended (finished, stopped or failed). */
  ended(id) {
    for (const slot of this.#slots) slot.streams.delete(id);
    if (this.#reservations.length > 0) queueMicrotask(() => this.#grant());
  }

  /** Cores left for new workers: the pool's and the reserved ones count. */
  get #room() { return POOL_LIMIT - this.#slots.length - this.#reserved; }

  /**
   * One core's worth of the page's worker budget for a worker the pool does not run (Compare's):
   * granted at once while there is room, else once an idle worker of the pool is ended for it,
   * else when one becomes idle. `ready` resolves when granted; `release()` gives it back (or
   * stops waiting).
   */
  reserve() {
    const reservation = { granted: false, released: false };
    reservation.ready = new Promise((resolve) => { reservation.grant = resolve; });
    reservation.release = () => {
      if (reservation.released) return;
      reservation.released = true;
      this.#reservations = this.#reservations.filter((r) => r !== reservation);
      if (reservation.granted) { this.#reserved -= 1; this.#grant(); }
    };
    this.#reservations.push(reservation);
    this.#grant();
    return reservation;
  }

  #grant() {
    while (this.#reservations.length > 0 && (this.#room > 0 || this.#retireIdle())) {
      const reservation = this.#reservations.shift();
      reservation.granted = true;
      this.#reserved += 1;
      reservation.grant();
    }
  }

  // Ends a worker that has nothing to do (no stream, search, databases or check), to make room.
  #retireIdle() {
    const busy = (slot) => slot.streams.size > 0 || slot.teams > 0 || slot.loads.size > 0
      || [...this.#requests.values()].some((r) => r.slot === slot || r.slots?.includes(slot))
      || [...this.#checks.values()].some((c) => c.slot === slot) || [...this.#jobs.values()].some((j) => j.slot === slot);
    const idle = this.#slots.find((slot) => !busy(slot));
    if (!idle) return false;
    this.#remove(idle, new Error('the solver worker was ended to make room'));
    return true;
  }

  /**
   * The pattern databases for `goal` for client `id` (`waiting`: {onProgress(fraction,
   * workers), onKept?(notKept), resolve, reject}): in memory or IndexedDB, else built by two
   * workers at once where the page has two cores (databasesInParallel), else by one.
   */
  databases(id, goal, waiting) {
    if (!this.#requests.has(goal) && POOL_LIMIT > 1 && !this.#slots.some((s) => s.goals.has(goal))) {
      const slots = this.#slots.slice(0, 2);
      try {
        while (slots.length < 2 && this.#room > 0) slots.push(this.#add());
      } catch {
        // One worker builds them all.
      }
      // Only the first keeps them (the widget's streams go there): the other only builds.
      if (slots.length === 2) { this.databasesInParallel(id, goal, slots, waiting, [slots[0]]); return; }
    }
    this.#databasesInOne(id, goal, waiting);
  }

  #databasesInOne(id, goal, waiting) {
    let request = this.#requests.get(goal);
    if (!request) {
      let slot = this.#slots.find((s) => s.goals.has(goal)) ?? this.#slots[0];
      try {
        slot ??= this.#add(); // after a worker failed
      } catch (error) {
        waiting.reject(error);
        return;
      }
      request = { slot, waiting: new Set() };
      this.#requests.set(goal, request);
      slot.worker.postMessage({ type: 'databases', goal });
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
  databasesInParallel(id, goal, slots, waiting, loaders = slots) {
    if (this.#requests.has(goal) || slots.length < 2) { this.#databasesInOne(id, goal, waiting); return; }
    const started = performance.now();
    const request = { slot: slots[0], slots, waiting: new Set([{ ...waiting, client: id }]), parts: [], progress: [0, 0, 0] };
    this.#requests.set(goal, request);
    // First: memory, or the cache (one read, by one worker).
    request.onMissing = () => {
      slots.forEach((slot) => slot.loads.delete(goal));
      for (let part = 0; part < 3; part += 1) slots[part % slots.length].worker.postMessage({ type: 'databases-part', goal, part });
    };
    request.onPart = ({ part, bytes, progress }) => {
      if (bytes === undefined) {
        request.progress[part] = progress;
        // Patterns 0 and 1 hold all but 0.04 % of the states.
        const fraction = (request.progress[0] + request.progress[1]) / 2;
        for (const w of request.waiting) w.onProgress(fraction, slots.length);
        return;
      }
      request.parts[part] = bytes;
      if (request.parts.filter(Boolean).length < 3) return;
      try {
        if (!patternDatabasesReady(goal)) loadPatternDatabaseParts(goal, request.parts);
      } catch (error) {
        this.#requests.delete(goal);
        for (const w of request.waiting) w.reject(error);
        return;
      }
      // Copies for all but the last worker, which takes the page's (its buffers move there). The
      // first keeps them in IndexedDB and says whether it could (onKept).
      loaders[0].keeping.set(goal, [...request.waiting]);
      for (const [i, slot] of loaders.entries()) this.#loadParts(slot, goal, request.parts, i === 0, i === loaders.length - 1);
      this.#requests.delete(goal);
      const made = { source: 'build', seconds: (performance.now() - started) / 1000, bytes: null };
      for (const w of request.waiting) w.resolve(made);
    };
    slots[0].worker.postMessage({ type: 'databases', goal, cacheOnly: true });
  }

  #loadParts(slot, goal, parts, store, transfer) {
    const waiting = {};
    waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
    waiting.promise.catch(() => {}); // a failure reaches whoever waits for this worker (load())
    slot.loads.set(goal, waiting);
    slot.worker.postMessage({ type: 'databases-parts', goal, parts, store }, transfer ? parts.map((part) => part.buffer) : []);
  }

  /**
   * Checks `trace` (a string or a Blob, read in the worker) against IDA* with `options`, on the
   * worker that holds the client's search (else the least busy): resolves to the verdict.
   */
  check(id, options, trace) {
    return new Promise((resolve, reject) => {
      let slot = this.#homes.get(id);
      try {
        slot ??= this.#pick(options);
      } catch (error) {
        reject(Object.assign(error, { refused: true }));
        return;
      }
      const request = this.#nextCheck++;
      this.#checks.set(request, { client: id, slot, resolve, reject });
      slot.worker.postMessage({ type: 'check', client: id, request, options, trace });
    });
  }

  #onCheck({ type, request, verdict, name, message }) {
    const check = this.#checks.get(request);
    if (!check) return;
    this.#checks.delete(request);
    if (type === 'checked') check.resolve(verdict);
    else check.reject(Object.assign(new Error(message), { name }));
  }

  // Fewest streams (a worker searching packets counts as one more); a new worker while every
  // one is busy and the streams' share of the pool has room; for pdb, one that has the
  // databases in memory already, among the least busy.
  #pick(options) {
    const load = (s) => s.streams.size + s.teams;
    const least = Math.min(...this.#slots.map(load));
    if (this.#slots.length === 0 || (least > 0 && this.#slots.length < POOL_SIZE && this.#room > 0)) {
      try {
        return this.#add();
      } catch (error) {
        if (this.#slots.length === 0) throw error;
      }
    }
    const idle = this.#slots.filter((s) => load(s) === least);
    return (options.heuristic === 'pdb' && idle.find((s) => s.goals.has(options.goal ?? 'blank-last'))) || idle[0];
  }

  /**
   * A team of `count` workers (fewer when the page has fewer cores) for one parallel search:
   * workers are started up to POOL_LIMIT, and the least busy are lent. Throws where the page
   * cannot start a worker. See Team.
   */
  team(count, module) {
    if (this.refused) throw Object.assign(new Error('this page refuses workers'), { refused: true });
    const client = { receive() {}, fail() {} };
    const id = this.join(client, module);
    const want = Math.max(1, Math.min(count, POOL_LIMIT));
    try {
      // Up to the cores left (Compare's worker counts); a team shares the workers there are.
      while (this.#slots.length < want && this.#room > 0) this.#add();
    } catch (error) {
      if (this.#slots.length === 0) { this.leave(id); this.refused = true; throw Object.assign(error, { refused: true }); }
    }
    const slots = [...this.#slots].sort((a, b) => (a.teams - b.teams) || (a.streams.size - b.streams.size)).slice(0, want);
    for (const slot of slots) slot.teams += 1;
    return new Team(this, id, this.#nextSearch++, slots);
  }

  /**
   * Sends packet `job` of parallel search `search` to `slot`; resolves to the worker's reply.
   * The packets sent in one task go as one message (a coordinator hands out dozens at once).
   */
  packet(slot, search, options, job, work) {
    return new Promise((resolve, reject) => {
      if (!this.#slots.includes(slot)) { reject(new Error('the solver worker was stopped')); return; }
      this.#jobs.set(`${search}/${job}`, { slot, search, resolve, reject });
      if (slot.outbox.length === 0) {
        queueMicrotask(() => {
          const items = slot.outbox;
          slot.outbox = [];
          if (this.#slots.includes(slot)) slot.worker.postMessage({ type: 'packets', items });
        });
      }
      // The options once per search and worker: the worker keeps them with its PacketSearcher.
      const first = !slot.searches.has(search);
      slot.searches.add(search);
      slot.outbox.push(first ? { search, options, job, work } : { search, job, work });
    });
  }

  /** Asks `slot` to drop the packets `jobs` of `search` it has not started (each resolves as dropped). */
  drop(slot, search, jobs) {
    if (this.#slots.includes(slot)) slot.worker.postMessage({ type: 'packets-drop', search, jobs });
  }

  /** Whether `slot` holds, or is being given, the pattern databases for `goal`. */
  holds(slot, goal) { return slot.goals.has(goal) || slot.loads.has(goal); }

  /** Makes `slot` hold the pattern databases for `goal` (a copy of `bytes`, from another worker; null: they are on their way to it). */
  load(slot, goal, bytes) {
    if (slot.goals.has(goal)) return Promise.resolve();
    let waiting = slot.loads.get(goal);
    if (!waiting && bytes === null) return Promise.reject(new Error('the pattern databases did not reach every worker'));
    if (!waiting) {
      waiting = {};
      waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
      slot.loads.set(goal, waiting);
      slot.worker.postMessage({ type: 'databases-load', goal, bytes });
    }
    return waiting.promise;
  }

  /** Team `id` (search `search`) ends: its workers forget the search, and the team leaves the pool. */
  release(id, search, slots) {
    for (const slot of slots) {
      slot.teams -= 1;
      slot.searches.delete(search);
      if (this.#slots.includes(slot)) slot.worker.postMessage({ type: 'packets-close', search });
    }
    for (const [key, job] of this.#jobs) {
      if (job.search === search) { this.#jobs.delete(key); job.reject(new Error('the parallel search was closed')); }
    }
    this.leave(id);
    this.#grant();
  }

  /** Workers started so far (for the team's balance and the tests). */
  get size() { return this.#slots.length; }

  #onPacket({ type, search, job, result, ms, memory, name, message }) {
    const key = `${search}/${job}`;
    const waiting = this.#jobs.get(key);
    if (!waiting) return;
    this.#jobs.delete(key);
    if (type === 'packet-result') waiting.resolve({ result, ms, memory });
    else if (type === 'packet-dropped') waiting.resolve({ dropped: true });
    else waiting.reject(Object.assign(new Error(message), { name }));
  }

  #add() {
    const slot = { worker: createWorker('solver'), answered: false, streams: new Set(), goals: new Set(), teams: 0, loads: new Map(), keeping: new Map(),
      outbox: [], searches: new Set() };
    slot.worker.postMessage({ type: 'init', module: this.#module });
    slot.worker.onmessage = ({ data }) => {
      slot.answered = true;
      if (data.type.startsWith('databases')) { this.#onDatabases(slot, data); return; }
      if (data.type.startsWith('check')) { this.#onCheck(data); return; }
      if (data.type === 'packet-replies') { for (const reply of data.items) this.#onPacket(reply); return; }
      this.#clients.get(data.client)?.receive(data);
    };
    slot.worker.onerror = (event) => {
      // A worker that fails before its first message was refused: every client then slices on the page.
      const error = Object.assign(new Error(event.message || 'the solver worker failed'), { refused: !slot.answered });
      if (error.refused) this.refused = true;
      const streams = [...slot.streams];
      this.#remove(slot, error);
      for (const id of streams) this.#clients.get(id)?.fail(error);
    };
    this.#slots.push(slot);
    return slot;
  }

  #onDatabases(slot, { type, goal, progress, message, ...made }) {
    if (type === 'databases-kept') {
      for (const waiting of slot.keeping.get(goal) ?? []) waiting.onKept?.(made.notKept);
      slot.keeping.delete(goal);
      return;
    }
    if (type === 'databases-loaded' || type === 'databases-load-error') {
      const waiting = slot.loads.get(goal);
      slot.loads.delete(goal);
      if (type === 'databases-loaded') { slot.goals.add(goal); waiting?.resolve(); } else waiting?.reject(new Error(message));
      return;
    }
    const request = this.#requests.get(goal);
    if (type === 'databases') slot.goals.add(goal);
    if (!request) return;
    if (type === 'databases-missing') { request.onMissing(); return; }
    if (type === 'databases-part' || type === 'databases-part-progress') { request.onPart({ progress, ...made }); return; }
    if (type === 'databases-progress') { for (const waiting of request.waiting) waiting.onProgress(progress, 1); return; }
    this.#requests.delete(goal);
    for (const waiting of request.waiting) {
      if (type === 'databases') waiting.resolve(made); else waiting.reject(new Error(message));
    }
  }

  #remove(slot, error) {
    slot.worker.terminate();
    this.#slots = this.#slots.filter((s) => s !== slot);
    for (const [id, home] of this.#homes) if (home === slot) this.#homes.delete(id);
    for (const [request, check] of this.#checks) {
      if (check.slot === slot) { this.#checks.delete(request); check.reject(error); }
    }
    for (const [key, job] of this.#jobs) {
      if (job.slot === slot) { this.#jobs.delete(key); job.reject(error); }
    }
    for (const waiting of slot.loads.values()) waiting.reject(error);
    slot.loads.clear();
    for (const [goal, request] of this.#requests) {
      if (request.slot !== slot && !request.slots?.includes(slot)) continue;
      this.#requests.delete(goal);
      for (const waiting of request.waiting) waiting.reject(error);
    }
  }

  #close() {
    for (const slot of [...this.#slots]) this.#remove(slot, new Error('the solver worker was stopped'));
  }
}

const pool = new WorkerPool();

/**
 * The workers lent to one parallel search (parallel-search.js drives it): `size` workers, each
 * keeping one PacketSearcher for this search (its own wasm instance, with its own copy of the
 * pattern databases: workers share no memory without SharedArrayBuffer).
 */
export class Team {
  #pool; #id; #slots; #closed = false;
  /** The search's number in the pool (the workers' key for its PacketSearcher). */
  search;

  constructor(pool, id, search, slots) {
    this.#pool = pool;
    this.#id = id;
    this.search = search;
    this.#slots = slots;
  }

  /** Workers in the team. */
  get size() { return this.#slots.length; }

  /**
   * Searches packet `work` ({iteration, threshold, packet}) of a search with `options` on
   * worker `worker` (0 to size − 1), after the packets sent to it before; `job` is the caller's
   * number for it. Resolves to {result, ms, memory} (PacketSearcher.search's result, the
   * worker's milliseconds on it, the size of its wasm memory in bytes) or {dropped: true};
   * rejects with the worker's error.
   */
  packet(worker, options, job, work) {
    if (this.#closed) return Promise.reject(new Error('the parallel search was closed'));
    return this.#pool.packet(this.#slots[worker], this.search, options, job, work);
  }

  /** Worker `worker` skips the packets `jobs` unless it has started them (they resolve as dropped). */
  drop(worker, jobs) {
    if (!this.#closed && jobs.length > 0) this.#pool.drop(this.#slots[worker], this.search, jobs);
  }

  /**
   * Every worker of the team holds the pattern databases for `goal`: one worker of the page
   * loads them from IndexedDB, else the team's workers build them together (once per page;
   * `onProgress` gets the build's fraction done); the others get a copy. Resolves to the
   * pool's answer {source, seconds, bytes} (bytes for this thread's loadPatternDatabases, or
   * null: this thread holds them already).
   */
  async databases(goal, onProgress = () => {}) {
    if (this.#slots.every((slot) => slot.goals.has(goal)) && patternDatabasesReady(goal)) return { source: 'memory', seconds: 0, bytes: null };
    const made = await new Promise((resolve, reject) => this.#pool.databasesInParallel(this.#id, goal, this.#slots, { onProgress, resolve, reject }));
    // A widget's request (which this joined) left them in one worker and this thread: the others get a copy of this thread's.
    const bytes = made.bytes ?? (this.#slots.some((slot) => !this.#pool.holds(slot, goal)) ? exportPatternDatabases(goal) : null);
    await Promise.all(this.#slots.map((slot) => this.#pool.load(slot, goal, bytes)));
    return made;
  }

  /** The search is over or abandoned: the workers free its PacketSearcher and drop its packets. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#pool.release(this.#id, this.search, this.#slots);
  }
}

/**
 * A team of `workers` of the page's pool for one parallel search (at most POOL_LIMIT, one per
 * core); `module` is the page's compiled core, for workers started now. Throws (with
 * `refused: true`) where the page cannot start workers.
 */
export const openTeam = (module, workers) => pool.team(workers, module);

/**
 * Keeps the page's workers (and the pattern databases they hold) between parallel searches
 * until the returned function is called: for a run of many searches, as the benchmark page
 * makes (a widget's own client keeps them while it lives). Throws where workers are refused.
 */
export function keepWorkers(module) {
  const id = pool.join({ receive() {}, fail() {} }, module);
  return () => pool.leave(id);
}

/** One core of the page's worker budget for a worker outside the pool (Compare's): {ready, release()}. */
export const reserveWorker = () => pool.reserve();

/** Workers the page's pool runs now (tests and the benchmark page read it). */
export const poolWorkers = () => pool.size;

/** One widget's view of the pool: a stream at a time, and its pattern-database requests. */
export class WorkerClient {
  #id;
  #session = 0;
  #handlers = null;

  /** `module`: the page's compiled core (a WebAssembly.Module), instantiated by the pool's workers. Throws where workers are refused. */
  constructor(module) {
    if (pool.refused) throw new Error('this page refuses workers');
    this.#id = pool.join(this, module);
  }

  /**
   * Streams the events after the first `from` events of a search with `options` (with
   * `untilRaise`, up to IDA*'s next raise); `handlers.onBatch(records, snapshot, finished)`
   * gets each batch with the moment after it (snapshot.js).
   */
  start(options, from, untilRaise, handlers) {
    this.stop();
    this.#session += 1;
    this.#handlers = handlers;
    if (!pool.start(this.#id, this.#session, options, from, untilRaise)) {
      this.fail(Object.assign(new Error('this page refuses workers'), { refused: true }));
    }
  }

  /** The consumer has drawn one batch: the worker may produce another. */
  credit() { if (this.#handlers) pool.post(this.#id, { type: 'credit', session: this.#session }); }

  stop() {
    if (!this.#handlers) return;
    pool.post(this.#id, { type: 'stop', session: this.#session });
    pool.ended(this.#id);
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
    return new Promise((resolve, reject) => pool.databases(this.#id, goal, { onProgress, onKept, resolve, reject }));
  }

  /**
   * The core's verdict on a student's IDA* trace (a string, or a File read in the worker) for
   * `options` {board, heuristic, goal}; resolves to the verdict, rejects with the core's error
   * for bad options.
   */
  check(options, trace) { return pool.check(this.#id, options, trace); }

  /** A message from the worker about this client's stream (the pool's). */
  receive(data) {
    if (data.session !== this.#session || !this.#handlers) return;
    const handlers = this.#handlers;
    if (data.type === 'batch') {
      if (data.finished) pool.ended(this.#id);
      handlers.onBatch(data.records, data.snapshot, data.finished);
    } else if (data.type === 'error') {
      pool.ended(this.#id);
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
