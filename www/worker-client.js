// The page's side of solver-worker.js: start a stream of trace records from an event index,
// hand each batch to the consumer, return a credit once the consumer has drawn it, stop.

const CREDITS = 3;           // batches in flight: enough to hide the message latency
const BATCH_EVENTS = 16384;  // about 1 ms of search in the worker

export class WorkerClient {
  #worker = new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
  #session = 0;
  #handlers = null;

  constructor() {
    this.#worker.onmessage = ({ data }) => {
      if (data.session !== this.#session || !this.#handlers) return;
      if (data.type === 'batch') this.#handlers.onBatch(data.records, data.solution, data.finished);
      else if (data.type === 'error') this.#handlers.onError(new Error(data.message));
    };
    this.#worker.onerror = (event) => this.#handlers?.onError(new Error(event.message || 'the solver worker failed'));
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

  terminate() { this.stop(); this.#worker.terminate(); }
}
