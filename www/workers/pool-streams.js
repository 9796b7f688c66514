// The pool's streams (worker-pool.js): a widget's client streams trace records from an event
// index on the least busy worker, hands each batch to the widget, returns a credit once the
// widget has drawn it, and stops. Each worker serves its streams in turns (solver-handlers.js),
// so every widget advances; the credits keep each stream only a few batches ahead of what its
// widget drew.
import { POOL_SIZE } from './worker-pool.js';

export const CREDITS = 5;    // batches in flight per stream: enough to hide the message latency
// About half a millisecond of search. The page draws whole batches (each with the snapshot of
// its end), so a batch is also the most a frame may overrun its drawing budget by.
const BATCH_EVENTS = 8192;
const MIN_BATCH_EVENTS = 2048;

/**
 * A stream's receiver (WorkerClient): its batches and errors, by the pool.
 * @typedef {{receive(data: import('./protocol-types').BatchReply | import('./protocol-types').ErrorReply): void, fail(error: Error): void}} StreamReceiver
 */

/** A job of the pool (worker-pool.js PoolJob). */
export class StreamJob {
  #pool;
  /** @type {Map<number, StreamReceiver>} */
  #receivers = new Map();
  /** @type {Map<number, import('./worker-pool.js').Slot>} */
  #homes = new Map();   // client id → the worker that holds its Solver (its last stream's)

  /** @param {import('./worker-pool.js').WorkerPool} pool */
  constructor(pool) { this.#pool = pool; }

  handlers = {
    batch: (slot, data) => this.#receive(data),
    error: (slot, data) => this.#receive(data),
  };

  #receive(data) { this.#receivers.get(data.client)?.receive(data); }

  /** The worker that holds client `id`'s Solver, if any. */
  home(id) { return this.#homes.get(id); }

  /** Starts client `id`'s stream `session` (to `receiver`) on the least busy worker; false if workers are refused. */
  start(id, receiver, session, options, from, untilRaise) {
    if (this.#pool.refused) return false;
    let slot;
    try {
      slot = this.#pool.pick(options);
    } catch {
      return false;
    }
    this.#receivers.set(id, receiver);
    const home = this.#homes.get(id);
    if (home && home !== slot) this.#pool.post(home, { type: 'release', client: id }); // its Solver moves with it
    this.#homes.set(id, slot);
    slot.streams.add(id);
    const streaming = this.#pool.slots.reduce((sum, s) => sum + s.streams.size, 0);
    // Many streams at once: smaller batches, so the data in flight stays small (each widget then draws less per frame).
    const batchEvents = Math.max(MIN_BATCH_EVENTS, BATCH_EVENTS >> Math.max(0, Math.ceil(Math.log2(streaming / POOL_SIZE))));
    this.#pool.post(slot, { type: 'start', client: id, session, options, from, untilRaise, credits: CREDITS, batchEvents });
    return true;
  }

  /** A credit or a stop for client `id`'s stream, to the worker that serves it. */
  post(id, type, session) {
    const slot = this.#pool.slots.find((s) => s.streams.has(id));
    if (slot) this.#pool.post(slot, { type, client: id, session });
  }

  /** Client `id`'s stream ended (finished, stopped or failed). */
  ended(id) {
    for (const slot of this.#pool.slots) slot.streams.delete(id);
  }

  weight(slot) { return slot.streams.size; }
  busy(slot) { return slot.streams.size > 0; }

  left(id) {
    this.#receivers.delete(id);
    const home = this.#homes.get(id);
    if (home) this.#pool.post(home, { type: 'release', client: id });
    this.#homes.delete(id);
    this.ended(id);
  }

  lost(slot, error) {
    for (const [id, home] of this.#homes) if (home === slot) this.#homes.delete(id);
    for (const id of slot.streams) this.#receivers.get(id)?.fail(error);
    slot.streams.clear();
  }

  refusedRequest(error) {
    const { client, session } = error.address;
    if (client === undefined || session === undefined) return false;
    this.#receive({ type: 'error', client, session, message: error.message });
    return true;
  }
}
