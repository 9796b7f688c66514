// The search tree of the current IDA* iteration (or of a whole frontier search: BFS, DFS,
// greedy, A*), grown event by event. The model is updated in
// O(1) per event (nodes keyed by trace id); the layout (d3-hierarchy's tidy tree) runs at most
// once per animation frame over the drawn nodes only, and the SVG is patched: elements are
// keyed by node id, created once, moved, and removed when their node is collapsed.
import { hierarchy, tree } from './vendor/d3-hierarchy.mjs';
import { draw, cancelDraw } from './frame-scheduler.js';

/** Drawn nodes at most (while stepping); beyond it, finished subtrees collapse until two thirds remain. */
export const NODE_BUDGET = 300;
const NODE_W = 70, NODE_H = 34, GAP_X = 8, GAP_Y = 24;
const MIN_SCALE = 0.75; // below it labels are unreadable: follow the current node instead
const SVG_NS = 'http://www.w3.org/2000/svg';

export class TreeView {
  #svg; #viewport; #links; #nodes; #note; #onSelect; #legend; #frontierLegend;
  #root = null;          // model root of the current iteration
  #current = null;       // the node the depth-first search stands at (null once it backtracked from the root)
  #byId = new Map();     // trace id → model node, for the drawn nodes
  #elements = new Map(); // model key → its SVG elements
  #spare = [];           // elements of nodes no longer drawn, for reuse
  #pool = [];            // model nodes collapsed away, for reuse
  #size = 0;             // model nodes (drawn after the next render)
  #visited = 0; #pruned = 0; #collapsed = false;
  #frontierSearch = false; // frontier searches: nodes are 'frontier' until expanded; 'skip' ghosts
  #expanded = 0; #generated = 0; #skipped = 0; #undrawn = 0; #mayCollapse = true;
  #iteration = 0; #threshold = 0;
  #solved = false;
  #selected = null;
  #dirty = false; #timer = 0; #renderedAt = 0;
  #offscreen = false;    // out of the viewport: renders wait until it is back
  #size2d = { width: 600, height: 300 }; // the SVG's size, from a ResizeObserver (reading it would force a layout)
  #resize;
  #minInterval = 0;
  #budget = NODE_BUDGET;
  #view = { x: 0, y: 0, k: 1, mode: 'follow' }; // follow: readable, current node in view; fit: all; manual: panned

  constructor(container, { onSelect }) {
    this.#onSelect = onSelect;
    container.innerHTML = `
      <div class="tree-tools">
        <button type="button" data-zoom="in">Zoom in</button>
        <button type="button" data-zoom="out">Zoom out</button>
        <button type="button" data-zoom="fit">Fit tree</button>
        <button type="button" data-zoom="follow">Follow search</button>
        <span class="legend frontier-legend" hidden><span class="key expanded">● g h f</span> expanded
          <span class="key frontier">○ g h f</span> on the frontier
          <span class="key ghost">↺ reached</span> skipped: reached already
          <span class="key path">▶</span> path to the node expanded last
          <span class="key solution">★</span> solution
          <span class="key collapsed">⋯</span> collapsed</span>
        <span class="legend ida-legend"><span class="key visited">g h f</span> visited
          <span class="key ghost">✂ f &gt; t</span> pruned
          <span class="key path">▶</span> current path
          <span class="key solution">★</span> solution
          <span class="key collapsed">⋯</span> collapsed</span>
      </div>
      <p class="tree-note"></p>
      <svg class="tree" role="img" aria-label="Search tree"><g class="viewport"><g class="links"></g><g class="nodes"></g></g></svg>`;
    this.#svg = container.querySelector('svg');
    this.#viewport = container.querySelector('.viewport');
    this.#links = container.querySelector('.links');
    this.#nodes = container.querySelector('.nodes');
    this.#note = container.querySelector('.tree-note');
    this.#legend = container.querySelector('.ida-legend');
    this.#frontierLegend = container.querySelector('.frontier-legend');
    container.querySelector('.tree-tools').addEventListener('click', (event) => {
      const zoom = event.target.closest('button')?.dataset.zoom;
      if (zoom === 'fit' || zoom === 'follow') { this.#view.mode = zoom; this.#scheduleRender(); }
      else if (zoom) this.#zoomBy(zoom === 'in' ? 1.25 : 0.8);
    });
    this.#enablePanZoom();
    this.#resize = new ResizeObserver(([entry]) => {
      this.#size2d = { width: entry.contentRect.width || 600, height: entry.contentRect.height || 300 };
      this.#scheduleRender();
    });
    this.#resize.observe(this.#svg);
    this.#svg.addEventListener('click', (event) => {
      const key = event.target.closest('g.node')?.dataset.key;
      const element = key && this.#elements.get(key);
      if (element && element.model.key === key) this.select(element.model); // (not a node recycled since the last render)
    });
    this.clear();
  }

  /** An empty tree (a new board, or before the first iteration). */
  clear() {
    if (this.#selected) { this.#selected = null; this.#onSelect(null); }
    this.#root = this.#current = null;
    this.#byId.clear();
    this.#size = this.#visited = this.#pruned = 0;
    this.#expanded = this.#generated = this.#skipped = this.#undrawn = 0;
    this.#collapsed = this.#solved = false;
    this.#iteration = 0;
    if (this.#view.mode === 'manual') this.#view.mode = 'follow';
    this.#scheduleRender();
  }

  /** Frontier search (BFS, DFS, greedy, A*) or IDA*: the legend, the note and what collapses. */
  setFrontierSearch(frontierSearch) {
    this.#frontierSearch = frontierSearch;
    this.#legend.hidden = frontierSearch;
    this.#frontierLegend.hidden = !frontierSearch;
    this.clear();
  }

  startIteration(iteration, threshold) {
    this.clear();
    this.#iteration = iteration;
    this.#threshold = threshold;
  }

  node(id, parentId, g, h, tile) {
    const parent = parentId === null ? null : this.#byId.get(parentId);
    const node = this.#add(id, 'node', g, h, tile, 0, parent);
    this.#visited += 1;
    this.#current = node;
    this.#keepBudget();
  }

  prune(id, parentId, g, h, threshold, tile) {
    this.#add(id, 'prune', g, h, tile, threshold, this.#byId.get(parentId));
    this.#pruned += 1;
    this.#keepBudget();
  }

  backtrack(id) {
    const node = this.#byId.get(id);
    this.#current = node ? node.parent : null;
    this.#scheduleRender();
  }

  /** The goal was visited: the current path is the solution. */
  solved() { this.#solved = true; this.#scheduleRender(); }

  // A frontier search's child whose parent is not drawn (collapsed away, or never drawn
  // because the frontier outgrew the budget) is counted, not drawn.
  generate(id, parentId, g, h, tile) {
    this.#generated += 1;
    const parent = parentId === null ? null : this.#byId.get(parentId);
    if ((parentId !== null && !parent) || !this.#roomForFrontier()) { this.#undrawn += 1; return; }
    this.#add(id, 'frontier', g, h, tile, 0, parent);
  }

  expand(id) {
    this.#expanded += 1;
    const node = this.#byId.get(id);
    this.#current = node ?? null;
    if (node) { node.kind = 'expanded'; this.#scheduleRender(); }
    this.#mayCollapse = true;
  }

  skip(id, parentId, g, h, tile) {
    this.#skipped += 1;
    const parent = this.#byId.get(parentId);
    if (!parent || !this.#roomForFrontier()) { this.#undrawn += 1; return; }
    this.#add(id, 'skip', g, h, tile, 0, parent);
  }

  // Collapsing walks the whole drawing: once it failed (the frontier fills the budget), it is
  // tried again only after the next expansion, which may finish a subtree.
  #roomForFrontier() {
    if (this.#size < this.#budget) return true;
    if (this.#mayCollapse) { this.#mayCollapse = false; this.#collapseDone(); }
    return this.#size < this.#budget;
  }

  /** A frontier search took the goal off: star the path of `moves` (tiles slid from the start). */
  solvedAlong(moves) {
    let node = this.#root;
    for (const tile of moves) {
      const next = node?.children?.find((c) => c.tile === tile && c.kind !== 'skip');
      if (!next) break;
      node = next;
    }
    this.#current = node;
    this.#solved = true;
    this.#scheduleRender();
  }

  /**
   * `minInterval`: least ms between two renders; `budget`: drawn nodes at most. Full-speed runs
   * raise the first (nobody reads faster) and lower the second (almost every drawn node is new
   * at each render there).
   */
  pace(minInterval, budget) {
    this.#minInterval = minInterval;
    this.#budget = budget;
    // A render waiting out the old interval is drawn at the new pace.
    clearTimeout(this.#timer); cancelDraw(this.#drawNow); this.#dirty = false;
    this.#scheduleRender();
  }

  /** The tile slid to reach the drawn node `id` (null at the root), or undefined if it is not drawn. */
  tileOf(id) { return this.#byId.get(id)?.tile; }

  /** The tiles slid from the root to `node`. */
  movesTo(node) {
    const moves = [];
    for (let n = node; n && n.tile !== null && n.tile !== undefined; n = n.parent) moves.push(n.tile);
    return moves.reverse();
  }

  select(node) {
    this.#selected = node;
    this.#scheduleRender();
    this.#onSelect(node);
  }

  /** Draws a pending render now (printing: the page is printed before the next frame). */
  flush() {
    if (!this.#dirty) return;
    clearTimeout(this.#timer); cancelDraw(this.#drawNow);
    this.#drawNow();
  }

  /** Stops pending renders (the element left the page). */
  disconnect() { cancelDraw(this.#drawNow); clearTimeout(this.#timer); this.#dirty = false; }

  /** Out of the viewport (the element's IntersectionObserver): renders wait until it is back. */
  set offscreen(value) {
    const back = this.#offscreen && !value;
    this.#offscreen = value;
    if (back && this.#dirty) this.#request();
  }

  // Leaves get no children array (most nodes are leaves: fewer allocations at full speed).
  // Model nodes are recycled from collapsed subtrees: at full speed over a million nodes a
  // second pass through the tree, and fresh objects for each made the garbage collector pause
  // the page for 30-60 ms at a time.
  #add(id, kind, g, h, tile, threshold, parent) {
    const node = this.#pool.pop() ?? {};
    node.id = id; node.kind = kind; node.g = g; node.h = h; node.tile = tile; node.threshold = threshold;
    node.parent = parent; node.children = null; node.key = undefined; node.visited = 0; node.pruned = 0;
    if (node.parent) (node.parent.children ??= []).push(node); else this.#root = node;
    this.#byId.set(node.id, node);
    this.#size += 1;
    this.#scheduleRender();
    return node;
  }

  // After #current is updated: the new node is on the path, so it is never collapsed.
  #keepBudget() {
    if (this.#size > this.#budget) this.#collapse();
  }

  #path() {
    const path = [];
    for (let n = this.#current ?? this.#root; n; n = n.parent) path.push(n);
    return path.reverse();
  }

  // Every node off the current path is finished (depth-first order): merge a path node's
  // finished children into one collapsed leaf, oldest (nearest the root) first.
  #collapse() {
    const path = this.#path();
    const onPath = new Set(path);
    for (const parent of path) {
      if (this.#size <= (this.#budget * 2) / 3) break;
      const finished = (parent.children ?? []).filter((c) => !onPath.has(c));
      if (finished.length === 0 || (finished.length === 1 && finished[0].kind === 'collapsed')) continue;
      this.#merge(parent, finished, onPath);
    }
  }

  // A frontier search: only subtrees without a frontier node are finished; merge those (but
  // never the path to the node expanded last), shallowest first. When the frontier itself
  // outgrows the budget, new children are not drawn (generate counts them).
  #collapseDone() {
    const open = new Set(this.#path());
    const stack = [this.#root];
    for (let i = 0; i < stack.length; i += 1) {
      const n = stack[i];
      if (n.kind === 'frontier') for (let p = n; p && !open.has(p); p = p.parent) open.add(p);
      if (n.children) stack.push(...n.children);
    }
    for (const parent of stack) {
      if (this.#size <= (this.#budget * 2) / 3) break;
      if (!parent.children || !open.has(parent)) continue;
      const finished = parent.children.filter((c) => !open.has(c));
      if (finished.length === 0 || (finished.length === 1 && finished[0].kind === 'collapsed')) continue;
      this.#merge(parent, finished, open);
    }
  }

  /** Replaces `finished` children of `parent` by one collapsed leaf; the children in `keep` stay. */
  #merge(parent, finished, keep) {
    let visited = 0, pruned = 0, removed = 0;
    for (const child of finished) {
      const counts = this.#drop(child);
      visited += counts.visited; pruned += counts.pruned; removed += counts.size;
    }
    const leaf = { id: null, kind: 'collapsed', g: 0, h: 0, tile: null, threshold: 0, parent, children: null, key: `c${parent.id}`, visited, pruned };
    parent.children = [leaf, ...parent.children.filter((c) => keep.has(c))];
    this.#size += 1 - removed;
    this.#collapsed = true;
  }

  #drop(node) {
    const counts = { visited: 0, pruned: 0, size: 0 };
    const stack = [node];
    while (stack.length) {
      const n = stack.pop();
      counts.size += 1;
      if (n.kind === 'collapsed') { counts.visited += n.visited; counts.pruned += n.pruned; }
      else { this.#byId.delete(n.id); if (n.kind === 'node' || n.kind === 'expanded') counts.visited += 1; else counts.pruned += 1; }
      if (n === this.#selected) this.#selected = null;
      if (n.children) for (const child of n.children) stack.push(child);
      if (n.kind !== 'collapsed') { n.parent = n.children = null; n.key = undefined; this.#pool.push(n); }
    }
    return counts;
  }

  #scheduleRender() {
    if (this.#dirty) return;
    this.#dirty = true;
    if (!this.#offscreen) this.#request();
  }

  // In a coming frame, through the page's frame scheduler (its budget is shared by every widget).
  #request() {
    clearTimeout(this.#timer);
    const wait = this.#renderedAt + this.#minInterval - performance.now();
    if (wait > 0) this.#timer = setTimeout(() => draw(this.#drawNow), wait); else draw(this.#drawNow);
  }

  #drawNow = () => { this.#dirty = false; this.#renderedAt = performance.now(); this.#render(); };

  #render() {
    const drawn = new Set();
    if (this.#root) {
      const layout = hierarchy(this.#root, (n) => n.children);
      tree().nodeSize([NODE_W + GAP_X, NODE_H + GAP_Y])(layout);
      const path = new Set(this.#path());
      let minX = Infinity, maxX = -Infinity, maxY = 0, focus = null;
      layout.each((d) => {
        const model = d.data;
        model.key ??= String(model.id); // keys only for drawn nodes: most nodes are never drawn at full speed
        drawn.add(model.key);
        minX = Math.min(minX, d.x); maxX = Math.max(maxX, d.x); maxY = Math.max(maxY, d.y);
        if (model === this.#current) focus = d;
        this.#draw(model, d, path.has(model) && model.kind !== 'prune' && model.kind !== 'skip');
      });
      if (this.#view.mode !== 'manual') this.#fit(minX, maxX, maxY, focus ?? layout, this.#view.mode === 'fit');
    }
    for (const [key, element] of this.#elements) {
      if (drawn.has(key)) continue;
      element.group.remove(); element.link.remove();
      this.#elements.delete(key);
      this.#spare.push(element);
    }
    this.#applyView();
    const number = (n) => n.toLocaleString('en');
    const total = number(this.#visited + this.#pruned);
    if (this.#frontierSearch) { this.#frontierNote(); return; }
    this.#note.textContent = !this.#root ? 'The tree of the current iteration appears here.'
      : `Iteration ${this.#iteration}, threshold ${this.#threshold}: ${number(this.#visited)} visited, ${number(this.#pruned)} pruned. ` +
        (this.#collapsed
          ? `Drawing ${this.#size} of ${total} nodes: beyond the budget of ${this.#budget}, finished subtrees are collapsed into ⋯ boxes (the current path is always drawn).`
          : `All ${total} nodes drawn (budget ${this.#budget}).`);
    this.#svg.setAttribute('aria-label', `Search tree of iteration ${this.#iteration}: ${number(this.#visited)} nodes visited, ${number(this.#pruned)} pruned` +
      (this.#solved ? '; the solution path is starred' : ''));
  }

  #frontierNote() {
    const number = (n) => n.toLocaleString('en');
    const drawn = this.#size, total = this.#generated + this.#skipped;
    this.#note.textContent = !this.#root ? 'The search tree appears here: the start goes on the frontier first.'
      : `${number(this.#expanded)} expanded, ${number(this.#generated)} generated (the start included), ${number(this.#skipped)} skipped as reached already. ` +
        (this.#undrawn > 0 || this.#collapsed
          ? `Drawing ${drawn} of ${number(total)} nodes (budget ${this.#budget}): finished subtrees are collapsed into ⋯ boxes` +
            `${this.#undrawn > 0 ? `, and ${number(this.#undrawn)} children were not drawn (their parent was collapsed or the frontier filled the budget)` : ''}.`
          : `All ${number(total)} nodes drawn (budget ${this.#budget}).`);
    this.#svg.setAttribute('aria-label', `Search tree: ${number(this.#expanded)} nodes expanded, ${number(this.#generated)} generated, ${number(this.#skipped)} skipped` +
      (this.#solved ? '; the solution path is starred' : ''));
  }

  // A node's elements: reused from nodes collapsed away (at full speed most drawn nodes are
  // new at every render), and attributes written only when they change.
  #elementFor(model) {
    let element = this.#elements.get(model.key);
    if (element) return element;
    element = this.#spare.pop();
    if (!element) {
      const group = document.createElementNS(SVG_NS, 'g');
      group.innerHTML = `<rect x="${-NODE_W / 2}" y="${-NODE_H / 2}" width="${NODE_W}" height="${NODE_H}" rx="5"></rect>` +
        '<text y="-3"></text><text y="11"></text>';
      element = { group, link: document.createElementNS(SVG_NS, 'path'), lines: group.querySelectorAll('text'), written: {} };
    }
    element.group.dataset.key = model.key;
    this.#nodes.append(element.group);
    this.#links.append(element.link);
    this.#elements.set(model.key, element);
    return element;
  }

  #draw(model, d, onPath) {
    const element = this.#elementFor(model);
    const write = (target, name, value) => {
      if (element.written[name] === value) return;
      element.written[name] = value;
      if (name === 'first' || name === 'second') target.textContent = value; else target.setAttribute(name.replace(/^link-/, ''), value);
    };
    element.model = model;
    const solution = this.#solved && onPath;
    const current = onPath && model === this.#current && !this.#solved;
    const [first, second] = this.#labels(model, current, solution);
    write(element.lines[0], 'first', first);
    write(element.lines[1], 'second', second);
    write(element.group, 'class', `node ${model.kind}${onPath ? ' path' : ''}${solution ? ' solution' : ''}` +
      `${current ? ' current' : ''}${model === this.#selected ? ' selected' : ''}`);
    write(element.group, 'transform', `translate(${d.x},${d.y})`);
    const p = d.parent;
    if (p) {
      const y0 = p.y + NODE_H / 2, y1 = d.y - NODE_H / 2, ym = (y0 + y1) / 2;
      write(element.link, 'link-d', `M${p.x},${y0}C${p.x},${ym} ${d.x},${ym} ${d.x},${y1}`);
    } else {
      write(element.link, 'link-d', '');
    }
    write(element.link, 'link-class', `link${model.kind === 'prune' || model.kind === 'skip' ? ' ghost' : ''}${onPath ? ' path' : ''}${solution ? ' solution' : ''}`);
  }

  #labels(model, current, solution) {
    if (model.kind === 'collapsed') return [`⋯ ${model.visited + model.pruned} nodes`, 'finished'];
    const mark = solution ? '★ ' : current ? '▶ ' : '';
    const move = model.tile === null ? 'start' : `slid ${model.tile}`;
    if (model.kind === 'prune') return [`✂ ${move}`, `f ${model.g + model.h} > ${model.threshold}`];
    if (model.kind === 'skip') return [`↺ ${move}`, 'reached'];
    if (model.kind === 'expanded' || model.kind === 'frontier') {
      return [`${mark || (model.kind === 'expanded' ? '● ' : '○ ')}${move}`, `g${model.g} h${model.h} f${model.g + model.h}`];
    }
    return [`${mark}${move}`, `g${model.g} h${model.h} f${model.g + model.h}`];
  }

  #fit(minX, maxX, maxY, focus, all) {
    const { width, height } = this.#size2d;
    const treeW = maxX - minX + NODE_W + 16, treeH = maxY + NODE_H + 16;
    let k = Math.min(1, width / treeW, height / treeH);
    if (k >= MIN_SCALE || all) {
      this.#view.k = k;
      this.#view.x = width / 2 - ((minX + maxX) / 2) * k;
      this.#view.y = (height - maxY * k) / 2;
    } else {
      // Too big to fit readably: keep the current node in view instead.
      k = Math.max(MIN_SCALE, Math.min(1, height / treeH));
      this.#view.k = k;
      this.#view.x = width / 2 - focus.x * k;
      this.#view.y = Math.min(NODE_H * k, height * 0.75 - focus.y * k);
    }
  }

  #applyView() {
    const { x, y, k } = this.#view;
    this.#viewport.setAttribute('transform', `translate(${x},${y}) scale(${k})`);
  }

  #zoomBy(factor, cx, cy) {
    const v = this.#view;
    const { width, height } = this.#size2d;
    cx ??= width / 2; cy ??= height / 2;
    const k = Math.min(3, Math.max(0.1, v.k * factor));
    v.x = cx - ((cx - v.x) * k) / v.k;
    v.y = cy - ((cy - v.y) * k) / v.k;
    v.k = k;
    v.mode = 'manual';
    this.#applyView();
  }

  // A host may scale the widget with a CSS transform (reveal.js scales its slides to the
  // window): pointer positions are in screen pixels, the view in the SVG's own pixels.
  #screenScale() {
    const width = this.#svg.clientWidth;
    return width > 0 ? this.#svg.getBoundingClientRect().width / (width + 2 * this.#svg.clientLeft) || 1 : 1;
  }

  #enablePanZoom() {
    let drag = null;
    this.#svg.addEventListener('wheel', (event) => {
      event.preventDefault();
      const box = this.#svg.getBoundingClientRect();
      const s = this.#screenScale();
      const border = this.#svg.clientLeft;
      this.#zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, (event.clientX - box.left) / s - border, (event.clientY - box.top) / s - border);
    }, { passive: false });
    this.#svg.addEventListener('pointerdown', (event) => {
      drag = { x: event.clientX, y: event.clientY, moved: false, scale: this.#screenScale() };
    });
    this.#svg.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      if (!drag.moved) this.#svg.setPointerCapture(event.pointerId);
      drag.moved = true;
      this.#view.x += dx / drag.scale; this.#view.y += dy / drag.scale; this.#view.mode = 'manual';
      drag.x = event.clientX; drag.y = event.clientY;
      this.#applyView();
    });
    const end = () => { drag = null; };
    this.#svg.addEventListener('pointerup', end);
    this.#svg.addEventListener('pointercancel', end);
  }
}
