// The search tree's model, without the DOM: the trace events of one IDA* iteration (or of a
// whole frontier search) become nodes with parent/child links, kinds, the current path, layout
// positions and counts; it answers the view's questions (what is in this rectangle, what is
// under this point, which node is next to this one) and writes the tree as SVG text.
//
// Nodes live in typed arrays indexed by arrival order (a million events a second must not make
// garbage); ids are contiguous within an iteration (the core numbers nodes and prunes in one
// sequence, and a frontier search's generated and skipped nodes likewise), so a node's index is
// its id minus the first id. The first `limit` nodes are drawn; the rest are counted only, on
// their nearest drawn ancestor when it is known.
//
// Layout (x in slots, y in levels): a depth-first trace adds nodes left to right, so a node takes
// the next free slot of its depth, never left of its parent; a parent is centred over its first
// and last child when the search leaves it. Until then it is on the current path and the
// rightmost node of its depth, so it moves right only, over nothing: O(1) amortised per event,
// and finished nodes never move. A frontier search adds nodes level by level in another order:
// its layout replays the same rule over the whole tree in depth-first order, O(n), when asked
// after a change (the view asks at most once per render).
//
// Folding (IDA*, `folding` on, once an iteration has more than FOLD_FROM nodes): a run of pruned
// siblings takes one slot, drawn as one mark ("✂ 3 pruned", their f values): the run's first
// node is its head, and the others join it without a slot of their own (they are not in byDepth,
// so nothing draws or hits them). Pruned leaves are much of an IDA* iteration's width, so
// folding keeps more of it readable; a small iteration keeps a box for every pruned child (each
// one is the lesson there). The layout is replayed once when an iteration crosses FOLD_FROM, and
// open(head) lays a run out node by node (a full relayout, as a frontier search's).

/** Nodes drawn at most per iteration (per frontier search); beyond it nodes are counted only. */
import { SearchPath } from './search-path.js';
import { number } from './words.js';

export const DRAW_LIMIT = 50000;
/** Nodes an iteration has before runs of pruned siblings fold (see the file's head). */
export const FOLD_FROM = 64;
/** Layout units (CSS pixels at zoom 1): a node's box, the distance between slots and levels. */
export const NODE_W = 96, NODE_H = 40, SLOT_W = 106, LEVEL_H = 72;
/**
 * The two geometries (layout units): labelled boxes with the node's id and its g, h and f on
 * two lines, and compact boxes with g, h and f stacked, a third of the width, for a whole
 * iteration on screen with its labels readable (the view chooses; the layout in slots and
 * levels is the same).
 */
/** @typedef {{nodeW: number, nodeH: number, slotW: number, levelH: number, compact: boolean}} Geometry */
/** @type {{normal: Readonly<Geometry>, compact: Readonly<Geometry>}} */
export const GEOMETRY = Object.freeze({
  normal: Object.freeze({ nodeW: NODE_W, nodeH: NODE_H, slotW: SLOT_W, levelH: LEVEL_H, compact: false }),
  compact: Object.freeze({ nodeW: 36, nodeH: 46, slotW: 40, levelH: 70, compact: true }),
});

/** Node kinds, by their code in the model. */
export const KINDS = Object.freeze(['node', 'prune', 'frontier', 'expanded', 'skip']);
const NODE = 0, PRUNE = 1, FRONTIER = 2, EXPANDED = 3, SKIP = 4;
const GHOST = (kind) => kind === PRUNE || kind === SKIP;


/**
 * One iteration's search tree (or a frontier search's), fed trace events in order.
 */
/**
 * A node as the tree labels it and the frontier panel lists it: its id (null: none) and the
 * tile slid to reach it ("#12 slid 4", "#0 start"; undefined: not known).
 * @param {number | null} id
 * @param {number | null | undefined} tile
 */
export const nodeName = (id, tile) => [id === null ? '' : `#${id}`, tile === undefined ? '' : tile === null ? 'start' : `slid ${tile}`]
  .filter(Boolean).join(' ');

/** "All 22 nodes drawn.", in English for one node too. */
const allDrawn = (n) => (n === 1 ? 'Its one node is drawn.' : `All ${number(n)} nodes drawn.`);

export class TreeModel {
  // The open path's shallowest and deepest depth since the last sample (sampleDepth).
  #low = 0; #high = 0;

  /** @param {{limit?: number, folding?: boolean}} [options] `limit`: nodes drawn at most (DRAW_LIMIT); `folding`: runs of pruned siblings folded. */
  constructor({ limit = DRAW_LIMIT, folding = false } = {}) {
    this.limit = limit;
    this.frontierSearch = false;
    /** IDA*: runs of pruned siblings folded into one mark each (see the file's head). */
    this.folding = folding;
    /** The boxes' geometry (GEOMETRY.normal or .compact). @type {Geometry} */
    this.geo = GEOMETRY.normal;
    /** The note while no node is drawn, in place of the usual words (null: those). @type {string | null} */
    this.emptyNote = null;
    /** IDA*'s open path: written here, read by the view state (model/search-path.js). */
    this.openPath = new SearchPath();
    this.#allocate(1024);
    this.clear();
  }

  #allocate(capacity) {
    const grow = (Type, old) => { const a = new Type(capacity); if (old) a.set(old.subarray(0, Math.min(old.length, capacity))); return a; };
    this.ids = grow(Float64Array, this.ids);
    this.parents = grow(Int32Array, this.parents);
    this.depths = grow(Uint32Array, this.depths); // a DFS may go a million levels deep
    this.kinds = grow(Uint8Array, this.kinds);
    this.gs = grow(Uint32Array, this.gs);
    this.hs = grow(Uint32Array, this.hs);
    this.tiles = grow(Int16Array, this.tiles);
    this.thresholds = grow(Uint32Array, this.thresholds);
    /** x in slots (a parent may sit between two slots). */
    this.xs = grow(Float64Array, this.xs);
    this.firstChild = grow(Int32Array, this.firstChild);
    this.lastChild = grow(Int32Array, this.lastChild);
    this.nextSibling = grow(Int32Array, this.nextSibling);
    this.prevSibling = grow(Int32Array, this.prevSibling);
    /** Position in its depth's list (byDepth), for the right neighbour. */
    this.rank = grow(Int32Array, this.rank);
    /** Folding: the head of the folded run a node joined (-1: none), and a head's run length (1: alone). */
    this.foldOf = grow(Int32Array, this.foldOf);
    this.foldSize = grow(Uint32Array, this.foldSize);
    /** Descendants counted only (beyond the limit), visited and pruned. */
    this.moreVisited = grow(Uint32Array, this.moreVisited);
    this.morePruned = grow(Uint32Array, this.morePruned);
    this.capacity = capacity;
  }

  /** An empty tree (a new board, or before the first iteration). */
  clear() {
    this.count = 0;            // drawn nodes
    this.baseId = 0;           // the id of node 0
    /** @type {number[][]} node indices per depth, in x order */
    this.byDepth = [];
    this.next = [];            // the next free slot per depth
    this.width = 0;            // slots used (the rightmost x + 1)
    this.visited = 0; this.pruned = 0;
    this.expanded = 0; this.generated = 0; this.skipped = 0;
    this.undrawn = 0;          // nodes counted only
    this.iteration = 0; this.threshold = 0;
    this.solved = false;
    this.anonymous = false;    // just a solution's path, searched elsewhere: no ids of the core's to show
    this.current = -1;         // frontier searches: the node expanded last (or the solution's end)
    this.openPath.clear();         // IDA*: the open path, drawn or not (shared with the view state)
    this.#low = this.#high = 0;
    this.layoutStale = false;
    /** Nodes whose folded runs the reader opened (their pruned children laid out one by one). @type {Set<number>} */
    this.opened = new Set();
    this.version = (this.version ?? 0) + 1; // bumped when nodes are added, move or change kind (the view's cached overview)
  }

  /** IDA* (false) or a frontier search (true): what the events mean. */
  setFrontierSearch(frontierSearch) { this.frontierSearch = frontierSearch; this.clear(); }

  startIteration(iteration, threshold) {
    this.clear();
    this.iteration = iteration;
    this.threshold = threshold;
  }

  /** Nodes of the shown iteration so far (a frontier search: of the search), drawn or not. */
  get nodes() { return this.frontierSearch ? this.generated + this.skipped : this.visited + this.pruned; }

  /** The drawn node with trace id `id`, or -1. */
  indexOf(id) {
    if (id === null || id === undefined) return -1;
    const i = id - this.baseId;
    return i >= 0 && i < this.count && this.ids[i] === id ? i : -1;
  }

  // --- IDA* events -------------------------------------------------------------------------

  node(id, parentId, g, h, tile) {
    this.visited += 1;
    const top = parentId === null ? this.#rootOfPath() : this.#popTo(parentId);
    const parent = top < 0 ? -1 : this.openPath.index[top];
    const index = (parentId === null || parent >= 0) ? this.#add(id, NODE, g, h, tile, 0, parent) : -1;
    if (index < 0) this.#countOnly(top, true);
    this.openPath.push(id, g, h, index, index >= 0 ? index : top < 0 ? -1 : this.openPath.shown[top]);
    if (this.openPath.depth > this.#high) this.#high = this.openPath.depth;
  }

  /**
   * IDA*: how deep the open path went since the last call (`low`, `high`: its fewest and most
   * nodes) and where it is now (`depth`, and `f` of its last node); what the view's live strip
   * draws once an iteration outgrows the nodes drawn.
   */
  sampleDepth() {
    const depth = this.openPath.depth;
    const top = this.openPath.top();
    const sample = { low: Math.min(this.#low, depth), high: Math.max(this.#high, depth), depth, f: top ? top.g + top.h : 0 };
    this.#low = this.#high = depth;
    return sample;
  }

  prune(id, parentId, g, h, threshold, tile) {
    this.pruned += 1;
    const top = this.#popTo(parentId);
    const parent = top < 0 ? -1 : this.openPath.index[top];
    if (parent < 0 || this.#add(id, PRUNE, g, h, tile, threshold, parent) < 0) this.#countOnly(top, false);
  }

  /** The search left node `id` (and so everything below it). */
  backtrack(id) {
    const top = this.#popTo(id);
    if (top >= 0) this.#pop();
  }

  /** IDA*'s path length: nodes visited and not yet backtracked, drawn or not. */
  get depth() { return this.openPath.depth; }

  /** The goal was visited: the current path is the solution. */
  solve() { this.solved = true; }

  #rootOfPath() {
    while (this.openPath.depth > 0) this.#pop();
    return -1;
  }

  // Pops the path down to `id` (the search backtracked from what was below it); the stack
  // position of `id`, or -1 when it is not on the path.
  #popTo(id) {
    let top = this.openPath.depth - 1;
    while (top >= 0 && this.openPath.ids[top] !== id) { this.#pop(); top -= 1; }
    return top;
  }

  #pop() {
    const index = this.openPath.pop();
    if (this.openPath.depth < this.#low) this.#low = this.openPath.depth;
    if (index >= 0) this.#finish(index);
  }

  // A node beyond the limit: counted on the nearest drawn node of the path at stack position `top`.
  #countOnly(top, visited) {
    this.undrawn += 1;
    const shown = top < 0 ? -1 : this.openPath.shown[top];
    if (shown >= 0) { if (visited) this.moreVisited[shown] += 1; else this.morePruned[shown] += 1; }
  }

  // --- frontier-search events ----------------------------------------------------------------

  generate(id, parentId, g, h, tile) {
    this.generated += 1;
    this.#addFrontier(id, parentId, FRONTIER, g, h, tile, true);
  }

  expand(id) {
    this.expanded += 1;
    const i = this.indexOf(id);
    this.current = i;
    if (i >= 0) this.kinds[i] = EXPANDED;
    this.version += 1;
  }

  skip(id, parentId, g, h, tile) {
    this.skipped += 1;
    this.#addFrontier(id, parentId, SKIP, g, h, tile, false);
  }

  #addFrontier(id, parentId, kind, g, h, tile, visited) {
    const parent = parentId === null ? -1 : this.indexOf(parentId);
    if ((parentId === null || parent >= 0) && this.#add(id, kind, g, h, tile, 0, parent) >= 0) { this.layoutStale = true; return; }
    this.undrawn += 1;
    if (parent >= 0) { if (visited) this.moreVisited[parent] += 1; else this.morePruned[parent] += 1; }
  }

  /**
   * Just the solution's path, as the last iteration of IDA* found it (Solve now searched it in
   * the workers: the rest of that tree and the core's node ids are not known here). `steps`:
   * the start and then each move, with its tile, g and h.
   * @param {number} iteration
   * @param {number} threshold
   * @param {{tile: number | null, g: number, h: number}[]} steps
   */
  solutionPath(iteration, threshold, steps) {
    this.startIteration(iteration, threshold);
    steps.forEach(({ tile, g, h }, k) => this.node(k, k === 0 ? null : k - 1, g, h, tile));
    this.anonymous = true;
    this.solved = true;
  }

  /** A frontier search took the goal off: the path of `moves` (tiles slid from the start) is the solution. */
  solvedAlong(moves) {
    let node = this.count > 0 ? 0 : -1;
    for (const tile of moves) {
      let next = -1;
      for (let c = node < 0 ? -1 : this.firstChild[node]; c >= 0; c = this.nextSibling[c]) {
        if (this.tiles[c] === tile && this.kinds[c] !== SKIP) { next = c; break; }
      }
      if (next < 0) break;
      node = next;
    }
    this.current = node;
    this.solved = true;
  }

  // --- nodes and layout ----------------------------------------------------------------------

  #add(id, kind, g, h, tile, threshold, parent) {
    const i = this.count;
    if (i >= this.limit) return -1;
    if (i === 0) this.baseId = id;
    else if (id - this.baseId !== i) return -1; // ids out of sequence: counted only (the core numbers them in order)
    if (i === this.capacity) this.#allocate(Math.min(this.capacity * 2, Math.max(this.limit, 1)));
    this.count = i + 1;
    this.ids[i] = id; this.kinds[i] = kind; this.gs[i] = g; this.hs[i] = h;
    this.tiles[i] = tile === null || tile === undefined ? -1 : tile;
    this.thresholds[i] = threshold;
    this.parents[i] = parent;
    this.firstChild[i] = this.lastChild[i] = this.nextSibling[i] = -1;
    this.moreVisited[i] = this.morePruned[i] = 0;
    this.foldOf[i] = -1; this.foldSize[i] = 1;
    const depth = parent < 0 ? 0 : this.depths[parent] + 1;
    this.depths[i] = depth;
    this.prevSibling[i] = parent < 0 ? -1 : this.lastChild[parent];
    if (parent >= 0) {
      if (this.lastChild[parent] >= 0) this.nextSibling[this.lastChild[parent]] = i; else this.firstChild[parent] = i;
      this.lastChild[parent] = i;
    }
    // The iteration crossed FOLD_FROM: its runs fold from now on, those drawn already too.
    if (!this.frontierSearch && this.folding && i === FOLD_FROM) this.#relayout();
    else if (!this.frontierSearch) this.#place(i);
    this.version += 1;
    return i;
  }

  // The next free slot of its depth, not left of its parent; or, folded, its run's slot.
  #place(i) {
    const d = this.depths[i], p = this.parents[i];
    while (this.byDepth.length <= d) { this.byDepth.push([]); this.next.push(0); }
    if (this.#joinRun(i)) return;
    const x = Math.max(this.next[d], p < 0 ? 0 : this.xs[p]);
    this.xs[i] = x;
    this.next[d] = x + 1;
    this.rank[i] = this.byDepth[d].length;
    this.byDepth[d].push(i);
    if (x + 1 > this.width) this.width = x + 1;
  }

  // A pruned node right after a pruned sibling joins that sibling's run (unless the reader
  // opened it): it takes the head's slot and is counted on the head.
  #joinRun(i) {
    const before = this.prevSibling[i];
    if (!this.folding || this.frontierSearch || this.count <= FOLD_FROM || this.kinds[i] !== PRUNE || before < 0 || this.kinds[before] !== PRUNE) return false;
    if (this.opened.has(this.parents[i])) return false;
    const head = this.foldOf[before] >= 0 ? this.foldOf[before] : before;
    this.foldOf[i] = head;
    this.foldSize[head] += 1;
    this.xs[i] = this.xs[head];
    this.rank[i] = -1;
    return true;
  }

  /** Runs folded into one mark each, and the nodes in them. */
  foldedRuns() {
    let runs = 0, nodes = 0;
    for (let i = 0; i < this.count; i += 1) if (this.foldSize[i] > 1) { runs += 1; nodes += this.foldSize[i]; }
    return { runs, nodes };
  }

  /** Whether `i` is folded into a run's mark (not drawn on its own). */
  folded(i) { return this.foldOf[i] >= 0; }

  /** The node drawn for `i`: itself, or the head of the run it is folded into. */
  shownAs(i) { return i >= 0 && this.foldOf[i] >= 0 ? this.foldOf[i] : i; }

  /** The nodes of the run headed by `head`, in order (just `head` when it heads none). */
  run(head) {
    const nodes = [head];
    for (let c = this.nextSibling[head]; c >= 0 && this.foldOf[c] === head; c = this.nextSibling[c]) nodes.push(c);
    return nodes;
  }

  /**
   * Lays out node by node the folded run that `i` heads or belongs to, and every run of its
   * parent's (those to come too); false if `i` is in none.
   */
  open(i) {
    const head = this.shownAs(i);
    if (head < 0 || head >= this.count || this.foldSize[head] < 2) return false;
    this.opened.add(this.parents[head]);
    this.#relayout();
    return true;
  }

  /** Compact boxes (true) or labelled ones; false when the geometry was that already. */
  setCompact(compact) {
    const geo = compact ? GEOMETRY.compact : GEOMETRY.normal;
    if (geo === this.geo) return false;
    this.geo = geo;
    this.version += 1;
    return true;
  }

  /** Turns folding on or off (the layout is replayed). */
  setFolding(folding) {
    if (folding === this.folding) return;
    this.folding = folding;
    if (!this.frontierSearch) this.#relayout();
  }

  // Centred over its first and last child, when that moves it right over no other node.
  #finish(i) {
    const first = this.firstChild[i];
    if (first < 0) return;
    const d = this.depths[i];
    const row = this.byDepth[d];
    const right = this.rank[i] + 1 < row.length ? this.xs[row[this.rank[i] + 1]] - 1 : Infinity;
    const x = Math.min(right, (this.xs[first] + this.xs[this.lastChild[i]]) / 2);
    if (x > this.xs[i]) {
      this.xs[i] = x;
      this.version += 1;
      if (x + 1 > this.next[d]) this.next[d] = x + 1;
    }
  }

  /**
   * Brings positions up to date for drawing: the open path's parents are centred (IDA*), or the
   * whole layout is replayed when nodes were added (a frontier search, O(n)).
   */
  layout() {
    if (this.frontierSearch) { if (this.layoutStale) this.#relayout(); return; }
    for (let k = this.openPath.depth - 1; k >= 0; k -= 1) {
      const i = this.openPath.index[k];
      if (i >= 0) this.#finish(i);
    }
  }

  #relayout() {
    this.layoutStale = false;
    this.version += 1;
    this.byDepth = []; this.next = []; this.width = 0;
    this.foldOf.fill(-1, 0, this.count); this.foldSize.fill(1, 0, this.count);
    if (this.count === 0) return;
    // Depth-first, children in generation order: place on the way down, centre on the way up.
    const stack = [0];
    const after = new Uint8Array(this.count); // 1: its children are placed, finish it
    while (stack.length) {
      const i = stack[stack.length - 1];
      if (after[i]) { stack.pop(); this.#finish(i); continue; }
      after[i] = 1;
      this.#place(i);
      for (let c = this.lastChild[i]; c >= 0; c = this.prevSibling[c]) stack.push(c);
    }
  }

  /** The current path's drawn nodes, root first (IDA*: the search's stack; else the path to the node expanded last). */
  path() {
    const path = [];
    if (this.frontierSearch) {
      for (let i = this.current; i >= 0; i = this.parents[i]) path.push(i);
      return path.reverse();
    }
    for (let k = 0; k < this.openPath.depth; k += 1) if (this.openPath.index[k] >= 0) path.push(this.openPath.index[k]);
    return path;
  }

  /** The node the search stands at, drawn (-1: none). */
  currentNode() {
    if (this.frontierSearch) return this.current;
    for (let k = this.openPath.depth - 1; k >= 0; k -= 1) if (this.openPath.shown[k] >= 0) return this.openPath.shown[k];
    return -1;
  }

  /** Whether `i` is a ghost: pruned, or skipped (reached already). */
  isGhost(i) { return GHOST(this.kinds[i]); }

  /**
   * The node at index `i` as the element reads it: id, kind, g, h, threshold, tile (null at the
   * root), index, and its descendants counted only (visited, pruned).
   */
  nodeAt(i) {
    if (i < 0 || i >= this.count) return null;
    return { index: i, id: this.ids[i], kind: KINDS[this.kinds[i]], g: this.gs[i], h: this.hs[i], threshold: this.thresholds[i],
      tile: this.tiles[i] < 0 ? null : this.tiles[i], visited: this.moreVisited[i], pruned: this.morePruned[i] };
  }

  /** The tiles slid from the root to node `i`. */
  movesTo(i) {
    const moves = [];
    for (let n = i; n >= 0 && this.tiles[n] >= 0; n = this.parents[n]) moves.push(this.tiles[n]);
    return moves.reverse();
  }

  /**
   * From node `i`, the node a key moves to: Up the parent, Down the first child, Left and Right
   * the previous and next sibling; `i` itself when there is none; -1 on an empty tree.
   */
  neighbour(i, key) {
    if (this.count === 0) return -1;
    if (i < 0 || i >= this.count) return 0;
    // Folded nodes are passed over: their run's mark stands for them.
    let right = this.nextSibling[i];
    while (right >= 0 && this.foldOf[right] >= 0) right = this.nextSibling[right];
    const to = { ArrowUp: this.parents[i], ArrowDown: this.firstChild[i], ArrowLeft: this.shownAs(this.prevSibling[i]), ArrowRight: right,
      Home: 0 }[key];
    return to === undefined || to < 0 ? i : to;
  }

  /** Node centres in layout units (x: the slot's centre, y: the level's centre). */
  cx(i) { return this.xs[i] * this.geo.slotW + this.geo.slotW / 2; }
  cy(i) { return this.depths[i] * this.geo.levelH + this.geo.nodeH / 2; }

  /** The layout's extent in layout units (with the boxes of `geo`: by default the ones in effect). */
  bounds(geo = this.geo) {
    return { width: Math.max(1, this.width) * geo.slotW, height: (this.byDepth.length > 0 ? this.byDepth.length - 1 : 0) * geo.levelH + geo.nodeH };
  }

  /** The first position in depth `d`'s list whose node's box may reach x ≥ `x0` (layout units). */
  firstAt(d, x0) {
    const row = this.byDepth[d];
    if (!row) return 0;
    let lo = 0, hi = row.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.xs[row[mid]] * this.geo.slotW + this.geo.slotW < x0) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /** The node whose box holds the point (`x`, `y`) in layout units, or -1. */
  hit(x, y) {
    const d = Math.floor(y / this.geo.levelH);
    const row = this.byDepth[d];
    if (!row || y - d * this.geo.levelH > this.geo.nodeH) return -1;
    for (let r = this.firstAt(d, x); r < row.length; r += 1) {
      const i = row[r];
      const left = this.cx(i) - this.geo.nodeW / 2;
      if (left > x) break;
      if (x <= left + this.geo.nodeW) return i;
    }
    return -1;
  }

  /** The two lines of node `i`'s label (`mark`: ▶ for the current node, ★ on the solution). */
  labels(i, mark = '') {
    const kind = this.kinds[i];
    if (this.foldSize[i] > 1) return [`${mark ? `${mark} ` : ''}✂ ${this.foldSize[i]} pruned`, `f ${this.#runFWords(i)} > ${this.thresholds[i]}`];
    const g = this.gs[i], h = this.hs[i];
    const tile = this.tiles[i] < 0 ? null : this.tiles[i];
    // Every node carries its id, as the narration, predict mode's questions and a check's
    // verdict name it ("#9"): the ids of one iteration's nodes, pruned ones included, follow on.
    const id = this.anonymous ? null : this.ids[i];
    if (kind === PRUNE) return [`${mark ? `${mark} ` : ''}✂ ${nodeName(id, tile)}`, `f ${g + h} > ${this.thresholds[i]}`];
    const name = nodeName(id, tile);
    if (kind === SKIP) return [`↺ ${name}`, 'reached'];
    const symbol = mark ? `${mark} ` : kind === EXPANDED ? '● ' : kind === FRONTIER ? '○ ' : '';
    return [`${symbol}${name}`, `g${g} h${h} f${g + h}`];
  }

  /**
   * The three lines of node `i`'s compact label: g, h and f stacked (`mark` before g); a folded
   * run's: ✂ and its count, then its least and greatest f.
   */
  compactLabels(i, mark = '') {
    const g = this.gs[i], h = this.hs[i];
    if (this.foldSize[i] > 1) {
      const fs = this.#runFs(i);
      const least = fs[0], most = fs.at(-1);
      return [`${mark}✂${this.foldSize[i]}`, `f${least}`, most > least ? `–${most}` : ''];
    }
    return [`${mark}g${g}`, `h${h}`, `f${g + h}`];
  }

  // The distinct f values of a folded run, smallest first.
  #runFs(head) {
    return [...new Set(this.run(head).map((n) => this.gs[n] + this.hs[n]))].sort((a, b) => a - b);
  }

  // Them in words: "21, 23"; "21 … 27" for more than three.
  #runFWords(head) {
    const fs = this.#runFs(head);
    return fs.length > 3 ? `${fs[0]} … ${fs.at(-1)}` : fs.join(', ');
  }

  /** One short sentence about node `i` (the live region's). */
  describe(i) {
    if (this.foldSize[i] > 1) {
      const run = this.run(i);
      return `${number(run.length)} pruned children folded, nodes ${number(this.ids[i])} to ${number(this.ids[run.at(-1)])}: ` +
        `f ${this.#runFWords(i)} > threshold ${this.thresholds[i]}. Enter opens them.`;
    }
    const kind = this.kinds[i];
    const move = this.tiles[i] < 0 ? 'the start' : `slid ${this.tiles[i]}`;
    const g = this.gs[i], h = this.hs[i];
    const what = { [NODE]: 'visited', [PRUNE]: `pruned, f > threshold ${this.thresholds[i]}`, [FRONTIER]: 'on the frontier',
      [EXPANDED]: 'expanded', [SKIP]: 'skipped, reached already' }[kind];
    const more = this.moreVisited[i] + this.morePruned[i];
    return `Node ${number(this.ids[i])}: ${move}, g ${g}, h ${h}, f ${g + h}, ${what}` +
      `${more > 0 ? `; ${number(more)} more below, counted only` : ''}.`;
  }

  /** The note under the tree's tools: what is shown, in words. */
  note() {
    if (this.frontierSearch) {
      if (this.count === 0) return 'The search tree appears here: the start goes on the frontier first.';
      // The glossary's words (words.js): generated children (the start is not one), of which
      // some reached a new state and the rest were skipped; reached states include the start.
      const children = this.generated - 1 + this.skipped;
      return `${number(this.expanded)} expanded, ${number(children)} generated: ${number(this.generated)} reached (the start included), ` +
        `${number(this.skipped)} skipped as reached already. ` +
        (this.undrawn > 0 ? `The first ${number(this.count)} nodes are drawn; the other ${number(this.undrawn)} are counted only.`
          : allDrawn(this.nodes));
    }
    if (this.count === 0) return this.emptyNote ?? 'The tree of the current iteration appears here.';
    if (this.anonymous && this.emptyNote) return this.emptyNote;
    return `Iteration ${this.iteration}, threshold ${this.threshold}: ${number(this.visited)} visited, ${number(this.pruned)} pruned. ` +
      (this.undrawn > 0 ? `The first ${number(this.count)} nodes are drawn; the other ${number(this.undrawn)} are counted only (as +N under their deepest drawn ancestor). ` +
        'Each node drawn costs the page time: Solve now, which draws none, searches many times faster.'
        : allDrawn(this.nodes));
  }

  /**
   * The drawn tree as an SVG element's text (no XML declaration): one `g.node` per node with
   * its kind and path classes, a rect and two text lines; `colours` are the view's resolved
   * colours (keys as in the view's palette); `selected`: a node index or -1.
   */
  svg({ colours: c, title = '', selected = -1, causes = new Set() }) {
    if (this.count === 0) return null;
    this.layout();
    // The export has the labelled boxes, whatever the view shows.
    const geo = this.geo;
    this.geo = GEOMETRY.normal;
    try { return this.#svg(c, title, selected, causes); } finally { this.geo = geo; }
  }

  #svg(c, title, selected, causes) {
    const margin = 12;
    const { width, height } = this.bounds();
    const path = new Set(this.path());
    const current = this.currentNode();
    const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const links = [], nodes = [];
    for (let i = 0; i < this.count; i += 1) {
      if (this.foldOf[i] >= 0) continue; // drawn as its run's mark
      const x = this.cx(i), y = this.cy(i);
      const onPath = path.has(i) && !this.isGhost(i);
      const solution = this.solved && onPath;
      const p = this.parents[i];
      if (p >= 0) {
        const x0 = this.cx(p), y0 = this.cy(p) + this.geo.nodeH / 2, y1 = y - this.geo.nodeH / 2, ym = (y0 + y1) / 2;
        const stroke = solution ? c.solution : onPath ? c.highlight : c.link;
        links.push(`<path d="M${x0},${y0}C${x0},${ym} ${x},${ym} ${x},${y1}" fill="none" stroke="${stroke}" stroke-width="${solution ? 3.5 : onPath ? 2.5 : 1.2}"` +
          `${this.isGhost(i) ? ' stroke-dasharray="4 3"' : ''}/>`);
      }
      const look = nodeLook(this, i, c, { onPath, solution, current: i === current && !this.solved, selected: i === selected, cause: causes.has(i) });
      const [first, second] = this.labels(i, solution ? '★' : look.current ? '▶' : causes.has(i) ? '▲' : '');
      const classes = `node ${KINDS[this.kinds[i]]}${this.foldSize[i] > 1 ? ' folded' : ''}${onPath ? ' path' : ''}${solution ? ' solution' : ''}${look.current ? ' current' : ''}${i === selected ? ' selected' : ''}${causes.has(i) ? ' cause' : ''}`;
      const more = this.moreVisited[i] + this.morePruned[i];
      nodes.push(`<g class="${classes}" data-id="${this.ids[i]}"${this.foldSize[i] > 1 ? ` data-folded="${this.foldSize[i]}"` : ''} transform="translate(${x},${y})">` +
        `<rect x="${-this.geo.nodeW / 2}" y="${-this.geo.nodeH / 2}" width="${this.geo.nodeW}" height="${this.geo.nodeH}" rx="${look.radius}" fill="${look.fill}" stroke="${look.stroke}" stroke-width="${look.lineWidth}"${look.dash ? ` stroke-dasharray="${look.dash.join(' ')}"` : ''}/>` +
        `<text y="-4" fill="${look.text}" font-weight="${look.bold ? 700 : 400}">${escape(first)}</text>` +
        `<text y="13" fill="${look.text}" font-weight="${look.bold ? 700 : 400}">${escape(second)}</text>` +
        (more > 0 ? `<text class="more" y="${this.geo.nodeH / 2 + 13}" fill="${c.ghostText}">+${number(more)} counted</text>` : '') + '</g>');
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin + 16}" ` +
      `width="${width + 2 * margin}" height="${height + 2 * margin + 16}" font-family="ui-monospace, monospace" font-size="13" text-anchor="middle">` +
      `<title>${escape(title)}</title><rect x="${-margin}" y="${-margin}" width="${width + 2 * margin}" height="${height + 2 * margin + 16}" fill="${c.background}"/>` +
      `<g class="links">${links.join('')}</g><g class="nodes">${nodes.join('')}</g></svg>`;
  }
}

/**
 * How node `i` looks, from the palette `c` (the view's resolved colours): fill, stroke, line
 * width, dash, corner radius, text colour and weight. Shared by the canvas and the SVG export.
 */
export function nodeLook(model, i, c, { onPath = false, solution = false, current = false, selected = false, cause = false } = {}) {
  const kind = model.kinds[i];
  const look = { fill: c.nodeFill, stroke: c.accent, lineWidth: 1.2, dash: null, radius: 5, text: c.text, bold: false, current };
  if (kind === PRUNE || kind === SKIP) Object.assign(look, { fill: c.ghostFill, stroke: c.ghostStroke, dash: [4, 3], text: c.ghostText });
  else if (kind === EXPANDED) Object.assign(look, { fill: current ? c.expandedCurrent : c.expandedFill, stroke: c.expandedStroke, radius: 1 });
  else if (kind === FRONTIER) Object.assign(look, { fill: c.frontierFill, stroke: c.frontierStroke, radius: model.geo.nodeH / 2 });
  if (onPath) Object.assign(look, { stroke: c.highlight, lineWidth: 3, bold: true });
  if (current && kind === NODE) look.fill = c.currentFill;
  if (solution) Object.assign(look, { fill: c.solutionFill, stroke: c.solution, lineWidth: 3.5 });
  // A raise's cause: its f is the next threshold (solid: it is what the student looks for).
  if (cause) Object.assign(look, { stroke: c.cause, lineWidth: 3, dash: null, bold: true });
  if (selected) Object.assign(look, { stroke: c.text, lineWidth: 3, dash: null });
  return look;
}
