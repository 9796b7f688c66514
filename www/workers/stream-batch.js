// One batch of a stream, the same in the solver worker and in the page's fallback
// (search-client.js): the next events as packed records, the moment after them, and whether
// the stream ends there.
import { KIND, RECORD_WORDS, recordKind } from '../model/trace-records.js';
import { snapshotOf } from '../model/snapshot.js';

/**
 * The next `events` events of `solver` (with `untilRaise`, up to IDA*'s next raise).
 * @param {import('../pkg/tilesearch.js').Solver} solver
 * @param {number} events
 * @param {boolean} untilRaise
 * @returns {{records: Uint32Array, snapshot: ReturnType<typeof snapshotOf>, finished: boolean}}
 *   `finished`: the search ended, or (untilRaise) the batch ends on the raise
 */
export function nextBatch(solver, events, untilRaise) {
  const records = solver.stepMany(events, untilRaise);
  const finished = records.length < events * RECORD_WORDS
    || (untilRaise && recordKind(records, records.length - RECORD_WORDS) === KIND.raise);
  return { records, snapshot: snapshotOf(solver), finished };
}
