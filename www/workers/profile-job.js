// The whole run in the solver worker: IDA* run to the end by the core's RunProfiler (every
// iteration counted per depth: visited, new, pruned), then A* on the same board for its
// expanded count, both in slices of about a turn (solver-handlers.js runs one per turn, after
// the streams' batches), as a comparison is (compare-job.js). The counts so far go out every
// PROGRESS_MS, so the panel fills in iteration by iteration on a long 15-puzzle run.

import { SliceClock, errorReply } from './slices.js';

const PROGRESS_MS = 250;

/** One whole run (its job number from the page), advanced by slice() until it is done. */
export class Profiling {
  kind = 'profile';
  queued = false;
  #core; #options; #send;
  #profiler = null;
  #astar = null;
  #clock = new SliceClock();
  #reported = 0;

  /**
   * @param {typeof import('../pkg/tilesearch.js')} core the initialised core
   * @param {number} job the page's number for this run
   * @param {object} options a Solver's options (IDA*)
   * @param {(message: import('./protocol-types').FromWorker) => void} send
   */
  constructor(core, job, options, send) {
    this.#core = core;
    this.job = job;
    this.#options = options;
    this.#send = send;
  }

  /** One slice; false once the run is over (done, or failed: both are sent). */
  slice() {
    try {
      return this.#astar ? this.#sliceAstar() : this.#sliceIda();
    } catch (error) {
      this.free();
      this.#send(errorReply('profile-error', this.job, error));
      return false;
    }
  }

  #sliceIda() {
    if (!this.#profiler) {
      this.#profiler = new this.#core.RunProfiler({ ...this.#options, algorithm: 'ida' });
      this.#reported = performance.now();
    }
    const profiler = this.#profiler;
    const status = this.#clock.run((nodes) => profiler.run(nodes));
    if (status === 'running') {
      if (performance.now() - this.#reported > PROGRESS_MS) {
        this.#reported = performance.now();
        const profile = profiler.profile();
        const nodes = profile.iterations.reduce((sum, it) => sum + it.visited + it.pruned, 0);
        this.#send({ type: 'profile-progress', job: this.job, profile, nodes, seconds: this.#clock.seconds });
      }
      return true;
    }
    this.#send({ type: 'profile-result', job: this.job, profile: profiler.profile(), seconds: this.#clock.seconds });
    profiler.free();
    this.#profiler = null;
    // A* holds every state it reaches: the 24-puzzle's would only meet the memory guard.
    if (this.#core.parseBoard(this.#options.board).length > 16) {
      this.#send({ type: 'profile-astar', job: this.job, status: 'skipped', expanded: 0, reached: null, length: null });
      return false;
    }
    this.#astar = new this.#core.Solver({ ...this.#options, algorithm: 'astar' });
    this.#clock.restart();
    return true;
  }

  #sliceAstar() {
    const solver = this.#astar;
    const summary = this.#clock.run((nodes) => solver.run({ maxNodes: nodes }));
    if (summary.status === 'running') return true;
    const { status, expanded, reached, length } = summary;
    this.#send({ type: 'profile-astar', job: this.job, status, expanded, reached, length });
    this.free();
    return false;
  }

  /** Frees the searches under way (a stop, or the end). */
  free() {
    this.#profiler?.free();
    this.#profiler = null;
    this.#astar?.free();
    this.#astar = null;
  }
}
