// Which queued work a solver worker (solver-handlers.js) takes its next turn on. Pure: no
// worker, no wasm (tests/js/turn-order.test.mjs).
// - A widget's stream goes first: its credits hold it to a few batches ahead of what the
//   widget draws, so it never takes much.
// - While the worker takes part in a parallel search (Solve now: a student waits for it), that
//   search's packets come next, and the background work (a comparison, the whole run and its
//   A*) waits until the search is over. Taking turns with it, the
//   packets got half of their worker, and Solve now in the explorer ran no faster than one
//   worker while the Whole run panel computed the same board.
// - Else, in the order queued.

/** Work that waits while this worker takes part in a parallel search. */
export const BACKGROUND = new Set(['compare', 'profile']);

/**
 * The index in `queue` of the item to take a turn on, or -1 when none may run now.
 * @param {{kind: string}[]} queue the worker's queued items, in turn order
 * @param {boolean} searching whether a parallel search has this worker (it leads it, or holds packets of it)
 * @returns {number}
 */
export function nextTurn(queue, searching) {
  const stream = queue.findIndex((item) => item.kind === 'stream');
  if (stream >= 0) return stream;
  if (!searching) return queue.length > 0 ? 0 : -1;
  return queue.findIndex((item) => !BACKGROUND.has(item.kind));
}
