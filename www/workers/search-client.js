// Where a widget's long runs happen: in the page's pool of workers (worker-client.js) when a
// worker can start, else (a page whose security policy or file:// origin refuses workers) in
// time slices on the main thread. Both take the same calls and make their batches the same way
// (stream-batch.js), so the element does not know which one it drives; the page's slices are
// used only once a worker was refused.
import { Solver, checkTrace } from '../pkg/tilesearch.js';
import { WorkerClient } from './worker-client.js';
import { nextBatch } from './stream-batch.js';
import { number } from '../model/words.js';

const CREDITS = 3;
const BATCH_EVENTS = 16384;   // about 1 ms of search: one slice, far below the 50 ms long-task line
const SKIP_CHUNK = 2000000;   // events skipped per slice when resuming (about 25 ms)
// Without a worker a check runs on the page's thread in one go: only traces it checks in a
// blink (about 20,000 lines); a longer one would freeze the page.
const PAGE_CHECK_CHARS = 1 << 20;

/** A client on `module` (the page's compiled core): its own worker, or main-thread slices where workers are refused. */
export const createSearchClient = (module) => new SearchClient(module);

/** A WorkerClient that turns into a SliceClient when the worker is refused, at creation or when it fails to start. */
class SearchClient {
  #inner;

  constructor(module) {
    try {
      this.#inner = new WorkerClient(module);
    } catch {
      this.#inner = new SliceClient();
    }
  }

  start(options, from, untilRaise, handlers) {
    this.#inner.start(options, from, untilRaise, { ...handlers, onError: (error) => {
      if (!error.refused) { handlers.onError(error); return; }
      this.#inner.terminate();
      this.#inner = new SliceClient();
      this.#inner.start(options, from, untilRaise, handlers);
    } });
  }

  /** The core's verdict on a student's trace with the rows beside it (WorkerClient.check). */
  async check(options, trace) {
    try {
      return await this.#inner.check(options, trace);
    } catch (error) {
      if (!error.refused) throw error;
      this.#inner.terminate();
      this.#inner = new SliceClient();
      return this.#inner.check(options, trace);
    }
  }

  credit() { this.#inner.credit(); }
  stop() { this.#inner.stop(); }
  terminate() { this.#inner.terminate(); }

  /** The worker's pattern-database maker (the `pdb` heuristic); undefined without a worker. */
  get databases() { return 'databases' in this.#inner ? this.#inner.databases.bind(this.#inner) : undefined; }
}

/** The worker's stream, produced on the main thread one short task at a time. */
class SliceClient {
  #solver = null;
  #solverKey = '';
  #session = 0;
  #handlers = null;
  #credits = 0;
  #skipLeft = 0;
  #untilRaise = false;
  #channel = new MessageChannel();

  constructor() {
    this.#channel.port1.onmessage = ({ data }) => { if (data === this.#session) this.#slice(); };
  }

  start(options, from, untilRaise, handlers) {
    this.stop();
    this.#session += 1;
    this.#untilRaise = untilRaise;
    try {
      const key = JSON.stringify(options);
      if (key !== this.#solverKey) {
        this.#solver?.free();
        this.#solver = new Solver(options);
        this.#solverKey = key;
      }
      this.#solver.reset();
    } catch (error) {
      handlers.onError(error);
      return;
    }
    this.#handlers = handlers;
    this.#skipLeft = from;
    this.#credits = CREDITS;
    this.#schedule();
  }

  async check(options, trace) {
    const input = typeof trace === 'string' ? trace : new Uint8Array(await trace.arrayBuffer());
    if (input.length > PAGE_CHECK_CHARS) {
      const size = typeof input === 'string' ? 'characters' : 'bytes';
      throw new Error(`this page cannot start a Web Worker, and a trace of ${number(input.length)} ${size} would freeze it: ` +
        'check it with tilesearch check on the command line');
    }
    return checkTrace(options, input);
  }

  credit() {
    if (!this.#handlers) return;
    this.#credits += 1;
    this.#schedule();
  }

  stop() {
    this.#handlers = null;
    this.#session += 1;
  }

  terminate() {
    this.stop();
    this.#solver?.free();
    this.#solver = null;
    this.#solverKey = '';
    this.#channel.port1.close();
  }

  // A message, not setTimeout: no 4 ms clamp between slices, and rendering still runs between them.
  #schedule() { this.#channel.port2.postMessage(this.#session); }

  #slice() {
    if (!this.#handlers) return;
    if (this.#skipLeft > 0) {
      const skipped = this.#solver.skip(Math.min(this.#skipLeft, SKIP_CHUNK));
      this.#skipLeft = skipped > 0 ? this.#skipLeft - skipped : 0;
      this.#schedule();
      return;
    }
    if (this.#credits <= 0) return;
    this.#credits -= 1;
    const { records, snapshot, finished } = nextBatch(this.#solver, BATCH_EVENTS, this.#untilRaise);
    const handlers = this.#handlers;
    if (finished) this.#handlers = null;
    handlers.onBatch(records, snapshot, finished);
    if (!finished && this.#credits > 0) this.#schedule();
  }
}
