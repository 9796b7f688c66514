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

/**
 * One record's fields, read once from the packed words and handed to every sink (the view
 * state, the tree): a reused object, so a full-speed stream allocates nothing per event.
 * Fields a kind does not have keep their last value; read only those of `kind`.
 */
export class RecordCursor {
  kind = -1;
  /** Node records: the node, its parent (null for the start), g, h, the tile slid to reach it. */
  id = 0; /** @type {number | null} */ parent = null; g = 0; h = 0; /** @type {number | null} */ tile = null;
  /** Prune: the threshold it exceeded; iteration: its threshold. */
  threshold = 0;
  /** Iteration: its number; raise: the new threshold. */
  iteration = 0; to = 0;
  /** @type {Uint32Array} */ words = new Uint32Array(RECORD_WORDS);
  offset = 0;

  /** Reads the record at word offset `o` of `w`; returns this cursor. */
  read(w, o) {
    const kind = w[o + WORD.kind];
    this.kind = kind;
    this.words = w;
    this.offset = o;
    if (isNodeRecord(kind)) {
      this.id = recordId(w, o);
      this.parent = recordParent(w, o);
      this.g = w[o + WORD.g];
      this.h = w[o + WORD.h];
      this.tile = recordTile(w, o);
      if (kind === KIND.prune) this.threshold = recordPruneThreshold(w, o);
    } else if (kind === KIND.iteration) {
      this.iteration = w[o + WORD.iteration];
      this.threshold = w[o + WORD.threshold];
    } else if (kind === KIND.backtrack) {
      this.id = recordId(w, o);
    } else if (kind === KIND.raise) {
      this.threshold = w[o + WORD.from];
      this.to = w[o + WORD.to];
    }
    return this;
  }
}

/**
 * Feeds the first `count` records of `words` to each sink in turn (`sink(cursor)`), every record
 * decoded once; returns `count`.
 * @param {Uint32Array} words
 * @param {number} count
 * @param {((record: RecordCursor) => void)[]} sinks
 */
export function dispatchRecords(words, count, sinks, cursor = new RecordCursor()) {
  for (let i = 0, o = 0; i < count; i += 1, o += RECORD_WORDS) {
    cursor.read(words, o);
    for (const sink of sinks) sink(cursor);
  }
  return count;
}
