// The pool's teams (worker-pool.js): a parallel search (parallel-search.js) borrows a team of
// the pool's workers; the team's first worker leads it (lead-search.js: the coordinator runs
// there) and sends the others packets of subtrees through a MessagePort to each (a line per
// pair of workers, made once), so the page only starts the search and hears its progress and
// result. The workers take turns between packets
// and streams (solver-handlers.js), so the page never runs more workers than it has cores.
import { POOL_LIMIT } from './worker-pool.js';
import { heldHere } from './pool-databases.js';

/** A job of the pool (worker-pool.js PoolJob). */
export class TeamJob {
  #pool;
  #databases;
  #solves = new Map();    // search → {slots, resolve, reject, onProgress}: searches led by a worker
  #nextSearch = 1;
  #nextLine = 1;

  /**
   * @param {import('./worker-pool.js').WorkerPool} pool
   * @param {import('./pool-databases.js').DatabaseJob} databases
   */
  constructor(pool, databases) {
    this.#pool = pool;
    this.#databases = databases;
  }

  handlers = {
    // Packets' replies go to the worker that dealt them (the leader); the page deals none, so
    // one reaching it is a worker's bug: reported, never dropped in silence.
    'packet-replies': (slot, { items }) => {
      globalThis.reportError?.(new Error(`a worker sent the page ${items.length} packet replies, but the page deals no packets`));
    },
    'lead-progress': (slot, { search, progress }) => { this.#solves.get(search)?.onProgress(progress); },
    'lead-result': (slot, { search, summary, balance, packets, seconds }) => {
      const solve = this.#solves.get(search);
      this.#solves.delete(search);
      solve?.resolve({ summary, balance, packets, seconds });
    },
    'lead-error': (slot, { search, name, message, kind }) => {
      const solve = this.#solves.get(search);
      this.#solves.delete(search);
      if (solve) raiseStop(solve);
      solve?.reject(Object.assign(new Error(message), { name }, kind ? { kind } : {}));
    },
  };

  /** The number of the line (a MessageChannel) between the workers of `a` and `b`: made and posted to both the first time. */
  #line(a, b) {
    let line = a.lines.get(b);
    if (line === undefined) {
      line = this.#nextLine++;
      const { port1, port2 } = new MessageChannel();
      this.#pool.post(a, { type: 'peer', peer: line, port: port1 }, [port1]);
      this.#pool.post(b, { type: 'peer', peer: line, port: port2 }, [port2]);
      a.lines.set(b, line);
      b.lines.set(a, line);
    }
    return line;
  }

  /**
   * Parallel search `search` on `slots`, led by the first (lead-search.js), which reaches each
   * of the others through their line. Resolves to the leader's {summary, balance, packets,
   * seconds}; `onProgress` hears its progress (every 100 ms).
   */
  solve(slots, search, options, splitAbove, onProgress) {
    return new Promise((resolve, reject) => {
      if (!slots.every((slot) => this.#pool.has(slot))) { reject(new Error('the solver worker was stopped')); return; }
      // Workers on one memory search as one team, in one call that no message reaches: the
      // page stops it with a flag they see.
      const stop = slots.length > 1 && this.#pool.sharesMemory ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
      this.#solves.set(search, { slots, resolve, reject, onProgress, stop });
      const peers = slots.slice(1).map((helper) => this.#line(slots[0], helper));
      this.#pool.post(slots[0], { type: 'lead', search, options, workers: slots.length, splitAbove, peers, ...(stop ? { stop } : {}) });
    });
  }

  /**
   * A team of `count` workers (fewer when the page has fewer cores) for one parallel search:
   * workers are started up to POOL_LIMIT, and the least busy are lent. Throws (with `refused:
   * true`) where the page cannot start a worker.
   */
  team(count, module) {
    const pool = this.#pool;
    const id = pool.join(module);
    const want = Math.max(1, Math.min(count, POOL_LIMIT));
    pool.grow(want);
    const slots = pool.slots.sort((a, b) => (a.teams - b.teams) || (pool.load(a) - pool.load(b))).slice(0, want);
    for (const slot of slots) slot.teams += 1;
    return new Team(this, this.#databases, id, this.#nextSearch++, slots);
  }

  /**
   * Team `id` (search `search`) ends, and leaves the pool. A leader still searching is told to
   * stop; a leader that has ended (its result or error came) has told the team's others itself,
   * so a search that ran to its end costs the page no message here.
   */
  release(id, search, slots) {
    for (const slot of slots) slot.teams -= 1;
    const solve = this.#solves.get(search);
    if (solve) {
      raiseStop(solve);
      this.#pool.post(slots[0], { type: 'packets-close', search });
      this.#solves.delete(search);
      solve.reject(new Error('the parallel search was closed'));
    }
    this.#pool.leave(id);
  }

  weight(slot) { return slot.teams; }
  busy(slot) {
    return slot.teams > 0 || [...this.#solves.values()].some((s) => s.slots.includes(slot));
  }

  lost(slot, error) {
    for (const [search, solve] of this.#solves) {
      if (!solve.slots.includes(slot)) continue;
      this.#solves.delete(search);
      raiseStop(solve);
      // The leader (or the line to it) is gone: the others hear it from the page.
      for (const other of solve.slots) if (other !== slot) this.#pool.post(other, { type: 'packets-close', search });
      solve.reject(error);
    }
  }
}

/**
 * A search that failed or was closed: its workers on one memory stop (the leader reads `stop`
 * between packets and within them; nothing waits on it).
 */
function raiseStop({ stop }) {
  if (stop) Atomics.store(stop, 0, 1);
}

/**
 * The workers lent to one parallel search (parallel-search.js drives it): `size` workers, the
 * first leading it (solve()), each keeping one PacketSearcher for this search (its own wasm
 * instance, with its own copy of the pattern databases).
 */
export class Team {
  #teams; #databases; #id; #slots; #closed = false;
  /** The search's number in the pool (the workers' key for its PacketSearcher). */
  search;

  constructor(teams, databases, id, search, slots) {
    this.#teams = teams;
    this.#databases = databases;
    this.#id = id;
    this.search = search;
    this.#slots = slots;
  }

  /** Workers in the team. */
  get size() { return this.#slots.length; }

  /**
   * The whole search, led by the team's first worker (the coordinator runs there, not on the
   * page): `options` as a Solver takes them, `splitAbove` the core's adaptive split (nodes an
   * iteration must be predicted to make to be split). Resolves to {summary, balance, packets,
   * seconds}; rejects with the worker's error, or when the team is closed. `options` may
   * carry a `handOver` (this thread's own search, stopped: Solver.handOver()), which the team
   * goes on from.
   */
  solve(options, splitAbove, onProgress = () => {}) {
    if (this.#closed) return Promise.reject(new Error('the parallel search was closed'));
    return this.#teams.solve(this.#slots, this.search, options, splitAbove, onProgress);
  }

  /**
   * Whether this thread and every worker of the team hold the pattern databases for `goal`
   * already (or have them on their way: their message comes before any search's), so that
   * databases() has nothing to do: {shared} (as databases() says it), else null.
   * @returns {{shared: boolean} | null}
   */
  databasesHeld(goal) {
    if (!heldHere(goal) || !this.#slots.every((slot) => this.#databases.holds(slot, goal))) return null;
    return { shared: this.#databases.sharedBy(this.#slots) };
  }

  /**
   * Every worker of the team holds the pattern databases for `goal`: where this thread holds
   * them (a widget's), each worker without them gets a copy; else one worker of the page
   * loads them from IndexedDB, else the team's workers build them together (once per page;
   * `onProgress` gets the build's fraction done); the others get a copy (where the page is
   * cross-origin isolated, none: the workers share the memory they are in). Resolves to the
   * pool's answer {source, seconds, bytes, shared} (bytes for this thread's
   * loadPatternDatabases, or null: this thread holds them already; shared: whether the
   * workers read one copy rather than a copy each).
   */
  async databases(goal, onProgress = () => {}) {
    if (heldHere(goal)) {
      // This thread holds them (a widget's): a copy for each worker without them, rather than
      // a read of IndexedDB or a build (seconds) where the worker that made them has gone.
      const start = performance.now();
      await this.#databases.handOut(this.#slots, goal);
      return { source: 'memory', seconds: (performance.now() - start) / 1000, bytes: null, shared: this.#databases.sharedBy(this.#slots) };
    }
    const made = await new Promise((resolve, reject) => this.#databases.inParallel(this.#id, goal, this.#slots, { onProgress, resolve, reject }));
    // A widget's request (which this joined) left them in one worker and this thread: the others get a copy.
    await this.#databases.handOut(this.#slots, goal, made.bytes);
    return { ...made, shared: this.#databases.sharedBy(this.#slots) };
  }

  /**
   * The search is over or abandoned: the workers free its PacketSearcher and drop its packets
   * (the leader tells the others, once it has stopped).
   */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#teams.release(this.#id, this.search, this.#slots);
  }
}
