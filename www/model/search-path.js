// IDA*'s open path (the nodes visited and not yet backtracked), kept once: the tree model
// writes it as the events come (with where each node is drawn) and the view state reads g and
// h of the node the board shows from it. Pure: no DOM.

/** A stack of the path's nodes: id, g, h, the drawn node's index (-1: counted only) and the nearest drawn one's. */
export class SearchPath {
  depth = 0;
  ids = new Float64Array(64);
  gs = new Uint32Array(64);
  hs = new Uint32Array(64);
  index = new Int32Array(64);
  shown = new Int32Array(64);

  /** Empty: before an iteration's start. */
  clear() { this.depth = 0; }

  push(id, g, h, index, shown) {
    if (this.depth === this.ids.length) {
      const grow = (old) => { const a = new /** @type {any} */ (old.constructor)(old.length * 2); a.set(old); return a; };
      this.ids = grow(this.ids); this.gs = grow(this.gs); this.hs = grow(this.hs);
      this.index = grow(this.index); this.shown = grow(this.shown);
    }
    const k = this.depth;
    this.ids[k] = id; this.gs[k] = g; this.hs[k] = h; this.index[k] = index; this.shown[k] = shown;
    this.depth = k + 1;
  }

  /** Takes the top node off; returns its drawn index (-1: counted only). */
  pop() {
    this.depth -= 1;
    return this.index[this.depth];
  }

  /** g and h of the top node (the one the board shows), or null on an empty path. */
  top() {
    const k = this.depth - 1;
    return k >= 0 ? { g: this.gs[k], h: this.hs[k] } : null;
  }
}
