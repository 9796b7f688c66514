// The sliced searches of the solver worker (Compare, compare-job.js; the whole run,
// profile-job.js): each runs in slices of about one turn of the worker, after the streams'
// batches (solver-handlers.js), so that it shares its worker with the widgets' streams.

const SLICE_MS = 2;          // about one turn of the worker
const FIRST_SLICE = 2000;    // nodes; then sized from the last slice's speed

/** Sizes a search's slices to about SLICE_MS whatever its speed per node, and adds up their time. */
export class SliceClock {
  /** Seconds spent in slices so far. */
  seconds = 0;
  #nodes = FIRST_SLICE;

  /** Runs `run(nodes)` as one slice; returns its result. */
  run(run) {
    const start = performance.now();
    const result = run(this.#nodes);
    const took = performance.now() - start;
    this.seconds += took / 1000;
    this.#nodes = Math.max(1000, Math.min(1e6, Math.round(this.#nodes * SLICE_MS / Math.max(took, 0.05))));
    return result;
  }

  /** A new search starts: its first slice is FIRST_SLICE nodes; `seconds` starts again if asked. */
  restart({ seconds = false } = {}) {
    this.#nodes = FIRST_SLICE;
    if (seconds) this.seconds = 0;
  }
}

/** The message of a slice that failed: the core's error, by name and message. */
export const errorReply = (type, job, error) => ({ type, job, name: error.name ?? 'Error', message: error.message ?? String(error) });
