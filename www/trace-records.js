// Reading the packed trace records of `Solver.stepMany` (layout: `pack` in src/trace.rs).
// Views consume the fields directly for speed; `decodeRecord` builds the same object `step()`
// returns, for the few events a person actually reads.

export const RECORD_WORDS = 8;
export const KIND = Object.freeze({ iteration: 0, node: 1, prune: 2, backtrack: 3, raise: 4, solved: 5,
  expand: 6, generate: 7, skip: 8, gaveup: 9 });
const FRONTIER_TYPES = { [KIND.expand]: 'expand', [KIND.generate]: 'generate' };
const NONE32 = 0xffffffff;
const TWO32 = 2 ** 32;

export const recordId = (w, o) => w[o + 1] + w[o + 2] * TWO32;
export const recordParent = (w, o) =>
  (w[o + 3] === NONE32 && w[o + 4] === NONE32 ? null : w[o + 3] + w[o + 4] * TWO32);
export const recordTile = (w, o) => { const t = w[o + 7] & 0xff; return t === 0xff ? null : t; };

/**
 * The record at word offset `o` as a trace event object; `moves` fills a solved event and
 * `frontier` (the frontier's size after the event, which records do not carry) an expand or
 * generate event.
 */
export function decodeRecord(w, o, moves, frontier) {
  switch (w[o]) {
    case KIND.iteration: return { type: 'iteration', iteration: w[o + 1], threshold: w[o + 2] };
    case KIND.node: {
      const g = w[o + 5], h = w[o + 6];
      return { type: 'node', id: recordId(w, o), parent: recordParent(w, o), g, h, f: g + h,
        tile: recordTile(w, o), blank: (w[o + 7] >>> 8) & 0xff };
    }
    case KIND.prune: {
      const g = w[o + 5], h = w[o + 6];
      return { type: 'prune', id: recordId(w, o), parent: recordParent(w, o), g, h, f: g + h,
        threshold: w[o + 7] >>> 16, tile: recordTile(w, o) };
    }
    case KIND.backtrack: return { type: 'backtrack', id: recordId(w, o) };
    case KIND.raise: return { type: 'raise', from: w[o + 1], to: w[o + 2] };
    case KIND.solved: return { type: 'solved', length: w[o + 1], moves: moves ?? [],
      expanded: w[o + 3] + w[o + 4] * TWO32, generated: w[o + 5] + w[o + 6] * TWO32 };
    case KIND.expand: case KIND.generate: case KIND.skip: {
      const g = w[o + 5], h = w[o + 6];
      const event = { type: FRONTIER_TYPES[w[o]] ?? 'skip', id: recordId(w, o), parent: recordParent(w, o), g, h, f: g + h,
        tile: recordTile(w, o), blank: (w[o + 7] >>> 8) & 0xff };
      if (w[o] !== KIND.skip) event.frontier = frontier;
      return event;
    }
    case KIND.gaveup: return { type: 'gaveup', reached: w[o + 1], limit: w[o + 2] };
    default: throw new Error(`unknown trace record kind ${w[o]}`);
  }
}
