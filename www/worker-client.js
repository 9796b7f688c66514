// The page's side of solver-worker.js: start a stream of trace records from an event index,
// hand each batch to the consumer, return a credit once the consumer has drawn it, stop.
import { createWorker } from './assets.js';

const CREDITS = 3;           // batches in flight: enough to hide the message latency
const BATCH_EVENTS = 16384;  // about 1 ms of search in the worker

export class WorkerClient {
  #worker = createWorker('solver');
  #session = 0;
  #handlers = null;
  #databases = new Map(); // goal → the pending request for its pattern databases
  #answered = false;      // the worker has sent a message: it started

  /** `module`: the page's compiled core (a WebAssembly.Module), instantiated by the worker. */
  constructor(module) {
    this.#worker.postMessage({ type: 'init', module });
    this.#worker.onmessage = ({ data }) => {
      this.#answered = true;
      if (data.type.startsWith('databases')) { this.#onDatabases(data); return; }
      if (data.session !== this.#session || !this.#handlers) return;
      if (data.type === 'batch') this.#handlers.onBatch(data.records, data.solution, data.finished);
      else if (data.type === 'error') this.#handlers.onError(new Error(data.message));
    };
    this.#worker.onerror = (event) => {
      const error = new Error(event.message || 'the solver worker failed');
      // A worker that fails before its first message was refused (a CSP without blob: workers, say).
      error.refused = !this.#answered;
      this.#handlers?.onError(error);
    };
  }

  /** Streams the events after the first `from` events of a search with `options`. */
  start(options, from, handlers) {
    this.stop();
    this.#session += 1;
    this.#handlers = handlers;
    this.#worker.postMessage({ type: 'start', session: this.#session, options, from,
      credits: CREDITS, batchEvents: BATCH_EVENTS });
  }

  /** The consumer has drawn one batch: the worker may produce another. */
  credit() { this.#worker.postMessage({ type: 'credit', session: this.#session }); }

  stop() {
    if (!this.#handlers) return;
    this.#worker.postMessage({ type: 'stop', session: this.#session });
    this.#handlers = null;
    this.#session += 1;
  }

  terminate() {
    this.stop();
    this.#worker.terminate();
    for (const request of this.#databases.values()) request.reject(new Error('the solver worker was stopped'));
    this.#databases.clear();
  }

  /**
   * The `pdb` pattern databases for `goal`, made in the worker (loaded from IndexedDB, else
   * built); resolves to {source: 'memory' | 'cache' | 'build', seconds, bytes} (bytes for
   * loadPatternDatabases on this thread), reporting the build's fraction done to `onProgress`.
   */
  databases(goal, onProgress) {
    let request = this.#databases.get(goal);
    if (!request) {
      request = { listeners: new Set() };
      request.promise = new Promise((resolve, reject) => Object.assign(request, { resolve, reject }));
      this.#databases.set(goal, request);
      this.#worker.postMessage({ type: 'databases', goal });
    }
    request.listeners.add(onProgress);
    return request.promise;
  }

  #onDatabases({ type, goal, progress, message, ...made }) {
    const request = this.#databases.get(goal);
    if (!request) return;
    if (type === 'databases-progress') { for (const listener of request.listeners) listener(progress); return; }
    this.#databases.delete(goal);
    if (type === 'databases') request.resolve(made); else request.reject(new Error(message));
  }
}
