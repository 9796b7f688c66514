// Which queued work a solver worker (solver-handlers.js) takes its next turn on. Pure: no
// worker, no wasm (tests/js/turn-order.test.mjs).
// - A widget's stream goes first: its credits hold it to a few batches ahead of what the
//   widget draws, so it never takes much.
// - While the worker takes part in a parallel search (Solve now: a student waits for it), that
//   search's packets come next. The background work (a comparison, the whole run and its A*)
//   gets one turn in BACKGROUND_SHARE while packets wait, so a long Solve now never freezes it,
//   and every turn while none waits (the worker would idle). Taking every other turn, it left
//   the packets half their worker, and Solve now ran no faster than one worker beside a whole
//   run of the explorer.
// - Else, in the order queued.

/** Work that gives way to a parallel search's packets. */
export const BACKGROUND = new Set(['compare', 'profile']);

/** While packets wait, the background work gets one turn in this many. */
export const BACKGROUND_SHARE = 8;

/**
 * The index in `queue` of the item to take a turn on, or -1 when the queue is empty.
 * @param {{kind: string}[]} queue the worker's queued items, in turn order
 * @param {boolean} searching whether a parallel search has this worker (it leads it, or holds packets of it)
 * @param {number} [waited] the turns the background work has waited for packets since its last
 * @returns {number}
 */
export function nextTurn(queue, searching, waited = 0) {
  const stream = queue.findIndex((item) => item.kind === 'stream');
  if (stream >= 0) return stream;
  if (queue.length === 0) return -1;
  if (!searching) return 0;
  const packets = queue.findIndex((item) => !BACKGROUND.has(item.kind));
  if (packets < 0) return 0;
  if (waited < BACKGROUND_SHARE - 1) return packets;
  const background = queue.findIndex((item) => BACKGROUND.has(item.kind));
  return background >= 0 ? background : packets;
}
