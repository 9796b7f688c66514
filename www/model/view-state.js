// The moment the explorer shows, derived from the trace records fed so far and the snapshot
// the search sent with the last of them. Every panel renders from this one object, so that
// the board, Now, the pseudo-code, the tree and the timeline show one moment. Pure: no DOM.
import { KIND, RECORD_WORDS, RecordCursor } from './trace-records.js';
import { SearchPath } from './search-path.js';

const CURSOR = new RecordCursor();

/**
 * The raise's causes kept by id (the count goes on): a 15-puzzle iteration can prune millions
 * of children at the smallest f, and a student reads a few.
 */
export const CAUSES_KEPT = 50;

/** @typedef {{id: number, g: number, h: number, f: number, tile: number | null}} Cause */

/** What the explorer shows, event by event. */
export class ViewState {
  /** Events shown. */
  index = 0;
  /** The last event shown, one packed record (null before the first). @type {Uint32Array | null} */
  lastRecord = null;
  /** IDA*: the iteration of the last event and its threshold (a raise belongs to the iteration it ends). */
  iteration = 0;
  /** @type {number | null} */ threshold = null;
  /** IDA*: after a raise, the threshold of the next iteration. @type {number | null} */
  raisedTo = null;
  /** IDA*: the smallest f pruned so far in this iteration. */
  minPruned = Infinity;
  /**
   * IDA*: the children pruned so far in this iteration with f = minPruned, the first
   * CAUSES_KEPT of them; at a raise, the nodes that set the new threshold. @type {Cause[]}
   */
  causes = [];
  /** IDA*: how many children were pruned with f = minPruned (all of them, kept or not). */
  causeCount = 0;
  /** IDA*: the id of this iteration's start node (null before it is visited). @type {number | null} */
  rootId = null;
  /** The search's counters, board and frontier at `index` (snapshot.js). @type {import('./snapshot.js').Snapshot | null} */
  snapshot = null;
  // IDA*'s open path (visited, not yet backtracked): the tree model's, when it is given (the
  // tree writes it as it takes the same records), else one kept here.
  #path;
  #ownsPath;
  /**
   * g and h of the node the last event is about (null: none, as after a raise; 'path': the
   * path's top node, the one the board shows); `about`: see `numbers`.
   * @type {{g: number, h: number, about: 'node' | 'child'} | 'path' | null}
   */
  #current = null;

  /** @param {SearchPath} [path] the tree model's path (it writes it); without, the view state keeps its own. */
  constructor(path) {
    this.#ownsPath = !path;
    this.#path = path ?? new SearchPath();
  }

  /** Back to before the first event. */
  clear() {
    this.index = 0;
    this.lastRecord = null;
    this.iteration = 0;
    this.threshold = this.raisedTo = this.rootId = null;
    this.minPruned = Infinity;
    this.causes = [];
    this.causeCount = 0;
    if (this.#ownsPath) this.#path.clear();
    this.#current = null;
  }

  /** Takes the record at word offset `o` of `words` as the next event shown; returns its kind. */
  apply(words, o) { return this.take(CURSOR.read(words, o)); }

  /**
   * Takes the record under `record` (read once by the dispatcher, model/trace-records.js) as
   * the next event shown; returns its kind. O(1): it runs for every event of a full-speed run.
   * @param {RecordCursor} record
   */
  take(record) {
    const kind = record.kind;
    switch (kind) {
      case KIND.iteration: {
        Object.assign(this, { iteration: record.iteration, threshold: record.threshold, raisedTo: null, minPruned: Infinity, rootId: null, causes: [], causeCount: 0 });
        if (this.#ownsPath) this.#path.clear();
        this.#current = null;
        break;
      }
      case KIND.node: {
        const { id, g, h } = record;
        if (record.parent === null) this.rootId = id;
        if (this.#ownsPath) this.#path.push(id, g, h, -1, -1);
        this.#current = 'path';
        break;
      }
      case KIND.prune: {
        const { g, h } = record;
        const f = g + h;
        // A new smallest f starts the list again: the raise takes the smallest f pruned.
        if (f < this.minPruned) { this.minPruned = f; this.causes = []; this.causeCount = 0; }
        if (f === this.minPruned) {
          this.causeCount += 1;
          if (this.causes.length < CAUSES_KEPT) this.causes.push({ id: record.id, g, h, f, tile: record.tile });
        }
        this.#current = { g, h, about: 'child' };
        break;
      }
      case KIND.backtrack: {
        // Back at the parent: the board shows it, so Now does too (nothing once the start is left).
        if (this.#ownsPath) this.#path.pop();
        this.#current = 'path';
        break;
      }
      case KIND.raise:
        this.raisedTo = record.to;
        this.#current = null;
        break;
      case KIND.expand: case KIND.generate: case KIND.skip:
        this.#current = { g: record.g, h: record.h, about: kind === KIND.expand ? 'node' : 'child' };
        break;
      case KIND.solved:
        // IDA* stands on the goal (the path's top); a graph search's goal comes off the frontier
        // without an event of its own (its path is empty: nothing).
        this.#current = 'path';
        break;
      default:
        break;
    }
    this.index += 1;
    return kind;
  }

  /** Keeps the record at `o` as the last one shown (once per fed batch: it is a copy). */
  keepLast(words, o) { this.lastRecord = words.slice(o, o + RECORD_WORDS); }

  /**
   * g, h and f of the node the last event is about; empty when there is none. `about` says
   * whose they are: 'node' (the node the board shows) or 'child' (a child looked at and not
   * entered: pruned, generated or skipped; the board still shows its parent).
   */
  get numbers() {
    const c = this.#current === 'path' ? this.#path.top() : this.#current;
    return c ? { g: c.g, h: c.h, f: c.g + c.h, about: this.#current === 'path' ? 'node' : c.about } : {};
  }

  /** IDA*'s path depth: nodes visited and not yet backtracked. */
  get depth() { return this.#path.depth; }
}
