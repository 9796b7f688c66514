// Compare in the solver worker: every algorithm on one board, one after another, in slices of
// about a turn (solver-handlers.js runs one slice per turn, after the streams' batches), so a
// comparison shares its worker with the widgets' streams and Solve now's packets, and the page's
// pool never runs more workers than cores for it. Progress goes out every PROGRESS_MS, a result
// per algorithm, then compare-done.

import { SliceClock, errorReply } from './slices.js';

const PROGRESS_MS = 100;

/** One comparison (its job number from the page), advanced by slice() until it is done. */
export class Comparison {
  kind = 'compare';
  queued = false;
  #core; #options; #algorithms; #send;
  #index = 0;
  #solver = null;
  #clock = new SliceClock();
  #reported = 0;

  /**
   * @param {typeof import('../pkg/tilesearch.js')} core the initialised core
   * @param {number} job the page's number for this comparison
   * @param {object} options a Solver's options but the algorithm
   * @param {string[]} algorithms in the order they run
   * @param {(message: import('./protocol-types').FromWorker) => void} send
   */
  constructor(core, job, options, algorithms, send) {
    this.#core = core;
    this.job = job;
    this.#options = options;
    this.#algorithms = algorithms;
    this.#send = send;
  }

  /** One slice of search; false once the comparison is over (done, or failed: both are sent). */
  slice() {
    const algorithm = this.#algorithms[this.#index];
    if (algorithm === undefined) { this.#send({ type: 'compare-done', job: this.job }); return false; }
    try {
      if (!this.#solver) {
        this.#solver = new this.#core.Solver({ ...this.#options, algorithm });
        this.#clock.restart({ seconds: true });
        this.#reported = performance.now();
      }
      const solver = this.#solver;
      const summary = this.#clock.run((nodes) => solver.run({ maxNodes: nodes }));
      if (summary.status === 'running') {
        if (performance.now() - this.#reported > PROGRESS_MS) {
          this.#reported = performance.now();
          this.#send({ type: 'compare-progress', job: this.job, algorithm, nodes: summary.nodes, seconds: this.#clock.seconds });
        }
        return true;
      }
      const { status, length, expanded, generated, maxFrontier, reached } = summary;
      this.#send({ type: 'compare-result', job: this.job, algorithm, status, length, expanded, generated, maxFrontier, reached, seconds: this.#clock.seconds });
      this.#solver.free();
      this.#solver = null;
      this.#index += 1;
      return true;
    } catch (error) {
      this.free();
      this.#send(errorReply('compare-error', this.job, error));
      return false;
    }
  }

  /** Frees the search under way (a stop, or the end). */
  free() {
    this.#solver?.free();
    this.#solver = null;
    this.#index = this.#algorithms.length + 1;
  }
}
