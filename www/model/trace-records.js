// Reading the packed trace records of `Solver.stepMany`. The layout is the core's
// (`./record-layout.js`, generated from src/trace.rs); views read fields through these accessors
// only, never by raw word offsets. `decodeRecord` builds the same object `step()` returns, for
// the few events a person actually reads.
import { RECORD_WORDS, NONE32, KIND, WORD, MOVE_BITS, NARROW_PARENT } from './record-layout.js';

export { RECORD_WORDS, KIND };

const TWO32 = 2 ** 32;
const TYPES = Object.freeze(Object.fromEntries(Object.entries(KIND).map(([type, code]) => [code, type])));
/** Kinds whose parent takes one word (a frontier search's ids fit 32 bits). */
const narrow = (kind) => NARROW_PARENT.includes(kind);
const wide = (w, at) => w[at] + w[at + 1] * TWO32;

/** The kind (a `KIND` value) of the record at word offset `o`. */
export const recordKind = (w, o) => w[o + WORD.kind];
/** Whether the record is about one node: node, prune, expand, generate or skip. */
export const isNodeRecord = (kind) => kind === KIND.node || kind === KIND.prune || narrow(kind);
export const recordId = (w, o) => wide(w, o + WORD.id);
export function recordParent(w, o) {
  const at = o + WORD.parent;
  if (narrow(w[o + WORD.kind])) return w[at] === NONE32 ? null : w[at];
  return w[at] === NONE32 && w[at + 1] === NONE32 ? null : wide(w, at);
}
export const recordG = (w, o) => w[o + WORD.g];
export const recordH = (w, o) => w[o + WORD.h];
export const recordTile = (w, o) => { const t = w[o + WORD.move] & MOVE_BITS.noTile; return t === MOVE_BITS.noTile ? null : t; };
export const recordBlank = (w, o) => (w[o + WORD.move] >>> MOVE_BITS.blankShift) & 0xff;
/** A prune's threshold. */
export const recordPruneThreshold = (w, o) => w[o + WORD.move] >>> MOVE_BITS.thresholdShift;
/** An expand or generate record's frontier size after the event. */
export const recordFrontier = (w, o) => w[o + WORD.frontier];
/** An iteration record's number and threshold. */
export const recordIteration = (w, o) => ({ iteration: w[o + WORD.iteration], threshold: w[o + WORD.threshold] });

/**
 * The record at word offset `o` as a trace event object; `moves` fills a solved event.
 * @param {Uint32Array} w
 * @param {number} o
 * @param {number[]} [moves]
 * @returns {import('../pkg/tilesearch.js').TraceEvent}
 */
export function decodeRecord(w, o, moves) {
  return /** @type {import('../pkg/tilesearch.js').TraceEvent} */ (decode(w, o, moves));
}

function decode(w, o, moves) {
  const kind = w[o + WORD.kind];
  if (isNodeRecord(kind)) {
    const g = recordG(w, o), h = recordH(w, o);
    const node = { type: TYPES[kind], id: recordId(w, o), parent: recordParent(w, o), g, h, f: g + h };
    if (kind === KIND.prune) return { ...node, threshold: recordPruneThreshold(w, o), tile: recordTile(w, o) };
    Object.assign(node, { tile: recordTile(w, o), blank: recordBlank(w, o) });
    if (kind === KIND.expand || kind === KIND.generate) node.frontier = recordFrontier(w, o);
    return node;
  }
  switch (kind) {
    case KIND.iteration: return { type: 'iteration', ...recordIteration(w, o) };
    case KIND.backtrack: return { type: 'backtrack', id: recordId(w, o) };
    case KIND.raise: return { type: 'raise', from: w[o + WORD.from], to: w[o + WORD.to] };
    case KIND.solved: return { type: 'solved', length: w[o + WORD.length], moves: moves ?? [],
      expanded: wide(w, o + WORD.expanded), generated: wide(w, o + WORD.generated) };
    case KIND.gaveup: return { type: 'gaveup', reached: w[o + WORD.reached], limit: w[o + WORD.limit] };
    default: throw new Error(`unknown trace record kind ${kind}`);
  }
}
