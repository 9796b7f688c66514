// The search tree of the current IDA* iteration (or of a whole frontier search: BFS, DFS,
// greedy, A*), grown event by event and drawn on a canvas. The model (tree-model.js) takes each
// event in O(1) and keeps the layout; a render (at most once per animation frame, through the
// page's frame scheduler) draws only what lies in the visible rectangle, with the level of detail
// the zoom allows: labelled boxes, plain boxes, or zoomed far out the iteration's shape, one
// band per level (tree-draw.js draws). A minimap shows the whole tree and the visible rectangle.
import { TreeModel, DRAW_LIMIT, GEOMETRY } from '../model/tree-model.js';
import { drawShape, drawPath, drawBoxes, drawCauseMarks, drawMinimap, drawPulse, fitCanvas, LABEL_SCALE } from './tree-draw.js';
import { enableGestures } from './tree-gestures.js';
import { IterationOverview } from './iteration-overview.js';
import { draw, cancelDraw } from '../platform/frame-scheduler.js';
import { number } from '../model/words.js';

/** Drawn nodes at most per iteration (per frontier search); the rest are counted only. */
export const NODE_BUDGET = DRAW_LIMIT;
const MIN_SCALE = 0.93;    // the follow view fits the tree only if its labels stay ≥ 12 px
const SHAPE_SCALE = 0.12;  // below it, the shape: one band per level of the drawn nodes
const MARGIN = 16;
const PULSE_H = 84;        // the live strip's height (CSS px; styles.css .tree-pulse)
const GLIDE = 0.3;         // share of the way to the followed node per frame, while stepping
const REDUCED_MOTION = matchMedia('(prefers-reduced-motion: reduce)');
const DARK = matchMedia('(prefers-color-scheme: dark)');
/** The palette's colours: `nodeFill` is styles.css's --_tree-node-fill, read through a hidden probe. */
const COLOURS = ('background text accent link nodeFill ghostFill ghostStroke ghostText expandedFill expandedStroke expandedCurrent ' +
  'frontierFill frontierStroke currentFill highlight solution solutionFill viewport cause').split(' ');

/**
 * The tree panel: tools, legend, note, the canvas with its minimap, and a polite live region.
 * The element feeds it trace events (node, prune, backtrack, … as the core emits them) and
 * reads the selected node through `onSelect(node)` ({index, id, kind, g, h, threshold, tile,
 * visited, pruned}: the last two count the node's descendants that were not drawn).
 */
export class TreeView {
  #model = new TreeModel({ folding: true });
  #canvas; #context; #minimap; #miniContext; #ring; #live; #note; #onSelect; #legend; #frontierLegend; #pulse; #overview; #wholeButton;
  /** The live strip's samples of the path's depth, one per redraw (TreeModel.sampleDepth), while nodes go undrawn. */
  #samples = [];
  #selected = -1;        // model index of the selected node
  /** Model indices of the raise's causes (markCauses; a folded one is marked on its run's mark). @type {Set<number>} */
  #causes = new Set();
  #causesKey = '';
  #dirty = false; #timer = 0; #renderedAt = 0;
  #offscreen = false;    // out of the viewport: renders wait until it is back
  #size = { width: 600, height: 300 }; // the canvas's CSS size, from a ResizeObserver (reading it would force a layout)
  #resize;
  #minInterval = 0;
  #palette = null; #paletteAt = -Infinity; #probes = {};
  // k: pixels per layout unit across; ky: down, never less than k, and zoomed out no less than what
  // fits the tree's depth (a 15-puzzle iteration is thousands of times wider than deep).
  // follow: readable, current node in view; fit: all; manual: panned.
  #view = { x: 0, y: 0, k: 1, ky: 1, mode: 'follow' };
  #label = '';
  #snap = false;         // the next render jumps to the followed view (printing)
  #themeWatch = null;    // while connected: what may change the theme (see #watchTheme)
  #host;

  constructor(container, { onSelect }) {
    this.#onSelect = onSelect;
    this.#host = /** @type {ShadowRoot} */ (container.getRootNode()).host ?? null;
    container.innerHTML = `
      <div class="tree-tools">
        <button type="button" data-zoom="in" class="icon" aria-label="Zoom in" title="Zoom in (+)">+</button>
        <button type="button" data-zoom="out" class="icon" aria-label="Zoom out" title="Zoom out (−)">−</button>
        <button type="button" data-zoom="fit">Fit tree</button>
        <button type="button" data-zoom="follow">Follow search</button>
        <button type="button" data-zoom="whole" title="The whole iteration on the whole screen, every node labelled">Whole iteration</button>
      </div>
      <div class="legends">
        <span class="legend frontier-legend" hidden><span class="key expanded">● g h f</span> expanded
          <span class="key frontier">○ g h f</span> on the frontier
          <span class="key ghost">↺ reached</span> skipped: reached already
          <span class="key path">▶</span> path to the node expanded last
          <span class="key solution">★</span> solution
          <span class="key more">+N</span> not drawn</span>
        <span class="legend ida-legend"><span class="key visited">g h f</span> visited
          <span class="key ghost" title="t: the threshold. A run of pruned siblings is one mark (✂ 3 pruned): click it to open the run">✂ f &gt; t</span> pruned
          <span class="key cause">▲ ✂</span> set the next t
          <span class="key path">▶</span> path
          <span class="key solution">★</span> solution
          <span class="key more">+N</span> not drawn</span>
      </div>
      <p class="tree-note"></p>
      <div class="tree-frame">
        <canvas class="tree" tabindex="0" role="application" aria-roledescription="search tree"></canvas>
        <canvas class="tree-minimap" hidden aria-hidden="true" title="Overview: click to go there"></canvas>
        <div class="tree-ring" hidden></div>
        <canvas class="tree-pulse" hidden role="img"></canvas>
        <div class="tree-palette" aria-hidden="true"></div>
      </div>
      <p class="tree-live" aria-live="polite"></p>`;
    this.#canvas = container.querySelector('canvas.tree');
    this.#context = this.#canvas.getContext('2d');
    this.#minimap = container.querySelector('.tree-minimap');
    this.#miniContext = this.#minimap.getContext('2d');
    this.#ring = container.querySelector('.tree-ring');
    this.#pulse = container.querySelector('.tree-pulse');
    this.#live = container.querySelector('.tree-live');
    this.#note = container.querySelector('.tree-note');
    this.#legend = container.querySelector('.ida-legend');
    this.#frontierLegend = container.querySelector('.frontier-legend');
    const probes = container.querySelector('.tree-palette');
    for (const name of COLOURS) {
      const probe = document.createElement('i');
      probe.style.color = `var(--_tree-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`;
      probes.append(probe);
      this.#probes[name] = probe;
    }
    this.#wholeButton = container.querySelector('[data-zoom="whole"]');
    this.#overview = new IterationOverview(container.querySelector('.tree-frame'), {
      onSelect: (i) => this.select(this.#model.nodeAt(i)),
      onClose: () => this.#wholeButton.focus(),
    });
    container.querySelector('.tree-tools').addEventListener('click', (event) => {
      const zoom = /** @type {HTMLElement} */ (event.target).closest('button')?.dataset.zoom;
      if (zoom === 'whole') { this.#overview.open(); this.#scheduleRender(); }
      else if (zoom === 'fit' || zoom === 'follow') { this.#view.mode = zoom; this.#scheduleRender(); }
      else if (zoom) this.#zoomBy(zoom === 'in' ? 1.25 : 0.8);
    });
    enableGestures(this.#canvas, {
      local: (event) => this.#local(event),
      zoomBy: (factor, x, y) => this.#zoomBy(factor, x, y),
      pan: (dx, dy) => { this.#view.x += dx; this.#view.y += dy; this.#view.mode = 'manual'; this.#scheduleRender(); },
      hit: (x, y) => this.#hit(x, y),
      select: (i) => this.select(this.#model.nodeAt(i)),
    });
    this.#enableKeys();
    this.#minimap.addEventListener('click', (event) => this.#jump(event));
    this.#resize = new ResizeObserver(([entry]) => {
      this.#size = { width: entry.contentRect.width || 600, height: entry.contentRect.height || 300 };
      this.#scheduleRender();
    });
    this.#resize.observe(this.#canvas);
    this.clear();
  }

  /** An empty tree (a new board, or before the first iteration). */
  clear() {
    this.#deselect();
    this.#causes = new Set();
    this.#causesKey = '';
    this.#samples = [];
    this.#model.clear();
    this.#model.emptyNote = null;
    if (this.#view.mode === 'manual') this.#view.mode = 'follow';
    this.#scheduleRender();
  }

  /** Frontier search (BFS, DFS, greedy, A*) or IDA*: the legend, the note and the layout. */
  setFrontierSearch(frontierSearch) {
    this.#deselect();
    this.#model.setFrontierSearch(frontierSearch);
    this.#legend.hidden = frontierSearch;
    this.#frontierLegend.hidden = !frontierSearch;
    // The overview's rows are IDA*'s depth-first order; a frontier search's tree has the panel.
    this.#wholeButton.hidden = frontierSearch;
    if (frontierSearch) this.#overview.close();
    this.clear();
  }

  /**
   * Just the solution's path of iteration `iteration` (Solve now: model/tree-model.js
   * solutionPath), with `note` under the tools saying why the rest is not drawn.
   */
  solutionPath(iteration, threshold, steps, note) {
    this.clear();
    this.#model.solutionPath(iteration, threshold, steps);
    this.#model.emptyNote = note;
    this.#scheduleRender();
  }

  /** IDA*'s open path, as the tree model keeps it (the view state reads the board's g and h from it). */
  get openPath() { return this.#model.openPath; }

  /** What the note says while the tree is empty (null: the usual words), until the next clear(). */
  setEmptyNote(text) {
    this.#model.emptyNote = text;
    this.#scheduleRender();
  }

  startIteration(iteration, threshold) {
    this.clear();
    this.#model.startIteration(iteration, threshold);
  }

  node(id, parentId, g, h, tile) { this.#model.node(id, parentId, g, h, tile); this.#scheduleRender(); }

  prune(id, parentId, g, h, threshold, tile) { this.#model.prune(id, parentId, g, h, threshold, tile); this.#scheduleRender(); }

  backtrack(id) { this.#model.backtrack(id); this.#scheduleRender(); }

  /** The goal was visited: the current path is the solution. */
  solved() { this.#model.solve(); this.#scheduleRender(); }

  generate(id, parentId, g, h, tile) { this.#model.generate(id, parentId, g, h, tile); this.#scheduleRender(); }

  expand(id) { this.#model.expand(id); this.#scheduleRender(); }

  skip(id, parentId, g, h, tile) { this.#model.skip(id, parentId, g, h, tile); this.#scheduleRender(); }

  /** A frontier search took the goal off: star the path of `moves` (tiles slid from the start). */
  solvedAlong(moves) { this.#model.solvedAlong(moves); this.#scheduleRender(); }

  /**
   * `minInterval`: least ms between two renders (full-speed runs raise it: nobody reads faster);
   * `budget`: nodes drawn at most, from the next iteration on.
   */
  pace(minInterval, budget = NODE_BUDGET) {
    this.#minInterval = minInterval;
    this.#model.limit = Math.max(this.#model.count, budget);
    // A render waiting out the old interval is drawn at the new pace.
    clearTimeout(this.#timer); cancelDraw(this.#drawNow); this.#dirty = false;
    this.#scheduleRender();
  }

  /**
   * The shown iteration (0 for a frontier search): its nodes so far, visited and pruned (a
   * frontier search's: all), how many are drawn, the boxes (labelled or compact), the folded
   * runs, and the selected node ({id, g, h}, or null).
   */
  summary() {
    const model = this.#model;
    const selected = model.nodeAt(this.#selected);
    return { iteration: model.iteration, nodes: model.nodes, drawn: model.count, boxes: model.geo.compact ? 'compact' : 'labelled',
      folded: model.foldedRuns(), selected: selected && { id: selected.id, g: selected.g, h: selected.h }, overview: this.#overview.summary() };
  }

  /**
   * Marks the node at depth `k` of the current path (once solved: the solution) with the
   * selection ring, as Play solution passes it; -1 clears the mark. onSelect is not told: the
   * main board shows that node already.
   */
  markOnPath(k) {
    const path = this.#model.path();
    this.#selected = k >= 0 && k < path.length ? path[k] : -1;
    this.#scheduleRender();
  }

  /**
   * Marks the drawn node with trace id `id` with the selection ring, as markOnPath does (a
   * check's divergence: the follow view keeps it in sight, onSelect is not told); false if it
   * is not drawn.
   */
  markId(id) {
    const i = this.#model.indexOf(id);
    if (i < 0) return false;
    this.#model.open(i);
    this.#selected = i;
    this.#scheduleRender();
    return true;
  }

  /**
   * Marks the raise's causes (▲): every drawn pruned node whose f is `to`, the new threshold
   * (the smallest pruned f, so exactly the children that set it; an iteration may have hundreds,
   * of which the view state keeps the first few); null clears the marks.
   * @param {number | null} to
   */
  markCauses(to) {
    const model = this.#model;
    const key = to === null ? '' : `${model.version}:${to}`;
    if (key === this.#causesKey) return;
    this.#causesKey = key;
    const indices = new Set();
    if (to !== null) {
      for (let i = 0; i < model.count; i += 1) if (model.isGhost(i) && model.gs[i] + model.hs[i] === to) indices.add(i);
    }
    if (indices.size === this.#causes.size && [...indices].every((i) => this.#causes.has(i))) return;
    this.#causes = indices;
    this.#scheduleRender();
  }

  /** The tile slid to reach the drawn node `id` (null at the root), or undefined if it is not drawn. */
  tileOf(id) {
    const i = this.#model.indexOf(id);
    return i < 0 ? undefined : this.#model.nodeAt(i).tile;
  }

  /** The tiles slid from the root to `node` (an object onSelect gave). */
  movesTo(node) { return node ? this.#model.movesTo(node.index) : []; }

  /** Selects the drawn node with trace id `id` (a frontier entry pressed), as a click on it does; false if it is not drawn. */
  selectId(id) {
    const i = this.#model.indexOf(id);
    this.#model.open(i); // a folded node is laid out on its own to be selected
    const node = this.#model.nodeAt(i);
    if (!node) return false;
    this.#reveal(node.index);
    this.select(node);
    return true;
  }

  /**
   * Selects `node` (an object onSelect gave; null: none) and tells onSelect; a folded run's
   * mark opens (its pruned nodes laid out one by one) and its first node is selected.
   */
  select(node) {
    if (node) this.#open(node.index);
    this.#selected = node ? node.index : -1;
    this.#scheduleRender();
    this.#onSelect(node);
  }

  /** The drawn tree as an SVG element's text (export.js treeSvg makes it a document), or null when it is empty. */
  svg(title) {
    return this.#model.svg({ colours: this.#colours(), title, selected: this.#selected, causes: this.#shownCauses() });
  }

  // Opens the folded run node `i` heads (laid out node by node), says so in the live region and
  // redraws; false if it heads none.
  #open(i) {
    if (!this.#model.open(i)) return false;
    this.#live.textContent = `Opened ${this.#model.run(i).length} pruned children.`;
    this.#scheduleRender();
    return true;
  }

  // The causes as drawn: a folded one on its run's mark.
  #shownCauses() {
    const shown = new Set();
    for (const i of this.#causes) shown.add(this.#model.shownAs(i));
    return shown;
  }

  /** Draws a pending render now (printing: the page is printed before the next frame). */
  flush() {
    if (!this.#dirty) return;
    clearTimeout(this.#timer); cancelDraw(this.#drawNow);
    this.#snap = true;
    this.#drawNow();
  }

  /** Stops pending renders (the element left the page). */
  disconnect() {
    cancelDraw(this.#drawNow); clearTimeout(this.#timer); this.#dirty = false;
    this.#themeWatch?.disconnect(); this.#themeWatch = null;
    DARK.removeEventListener('change', this.#recolour);
  }

  // The colours are read again (and the tree redrawn) when the theme may have changed: the
  // system's colour scheme, the widget's theme attribute, or the page's own classes and style.
  // Watched from the first render after (re)connecting.
  #watchTheme() {
    DARK.addEventListener('change', this.#recolour);
    this.#themeWatch = new MutationObserver(this.#recolour);
    for (const element of [this.#host, document.documentElement, document.body]) {
      if (element) this.#themeWatch.observe(element, { attributes: true, attributeFilter: ['theme', 'class', 'style'] });
    }
  }

  #recolour = () => { this.#paletteAt = -Infinity; this.#scheduleRender(); };

  /** Reads the colours again and redraws: the widget's stylesheet has just loaded (or changed). */
  recolour() { this.#recolour(); }

  /** Out of the viewport (the element's IntersectionObserver): renders wait until it is back. */
  set offscreen(value) {
    const back = this.#offscreen && !value;
    this.#offscreen = value;
    if (back && this.#dirty) this.#request();
  }

  #deselect() {
    if (this.#selected < 0) return;
    this.#selected = -1;
    this.#onSelect(null);
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

  // Colours resolved from styles.css (light or dark, and the page's custom properties), read
  // again at most once a second: the theme may change at any time.
  #colours() {
    const now = performance.now();
    if (this.#palette && now - this.#paletteAt < 1000) return this.#palette;
    this.#paletteAt = now;
    const palette = {};
    for (const [name, probe] of Object.entries(this.#probes)) palette[name] = getComputedStyle(probe).color;
    this.#palette = palette;
    return palette;
  }

  #render() {
    // A removed widget draws nothing and watches nothing: the theme watch (a page-wide listener)
    // would keep it alive. It starts again with the first render after it is added back.
    if (!this.#canvas.isConnected) return;
    if (!this.#themeWatch) this.#watchTheme();
    const model = this.#model;
    model.layout();
    const { width, height } = this.#size;
    const ratio = window.devicePixelRatio || 1;
    fitCanvas(this.#canvas, width, height, ratio);
    const c = this.#colours();
    const ctx = this.#context;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = c.background;
    ctx.fillRect(0, 0, width, height);
    if (model.count > 0) {
      if (this.#view.mode !== 'manual') this.#follow();
      const { x, y, k, ky } = this.#view;
      if (k < SHAPE_SCALE) {
        drawShape(ctx, c, model, x, y, k, ky, width, height, true);
        drawPath(ctx, c, model, x, y, k, ky);
        drawCauseMarks(ctx, c, model, this.#shownCauses(), x, y, k, ky);
      } else {
        drawBoxes(ctx, c, model, this.#view, this.#selected, width, height, this.#shownCauses());
      }
    }
    this.#drawMinimap(c, ratio);
    this.#drawPulse(c, ratio);
    this.#overview.render(model, { selected: this.#selected, causes: this.#causes, colours: c });
    this.#placeRing();
    const note = model.note();
    if (note !== this.#note.textContent) this.#note.textContent = note;
    const label = this.#accessibleName();
    if (label !== this.#label) { this.#label = label; this.#canvas.setAttribute('aria-label', label); }
  }

  #accessibleName() {
    const model = this.#model, n = number;
    const how = 'Arrow keys move through the nodes (Up: parent, Down: first child, Left, Right: siblings); Enter shows the node\'s board.';
    if (model.count === 0) return `Search tree, empty. ${how}`;
    const what = model.frontierSearch
      ? `Search tree: ${n(model.expanded)} nodes expanded, ${n(model.generated)} generated, ${n(model.skipped)} skipped`
      : `Search tree of iteration ${model.iteration}: ${n(model.visited)} nodes visited, ${n(model.pruned)} pruned`;
    return `${what}${model.solved ? '; the solution path is starred' : ''}. ${how}`;
  }

  // While stepping, the view glides to the followed node over a few frames (a jump of a slot
  // per step is hard to follow); at full speed, printing or with reduced motion it jumps.
  #follow() {
    const v = this.#view, target = { ...v };
    this.#fit(target);
    const glide = this.#minInterval === 0 && !this.#snap && !REDUCED_MOTION.matches && target.k === v.k && target.ky === v.ky;
    this.#snap = false;
    if (glide && Math.hypot(target.x - v.x, target.y - v.y) > 0.5) {
      v.x += (target.x - v.x) * GLIDE; v.y += (target.y - v.y) * GLIDE;
      this.#scheduleRender();
    } else {
      Object.assign(v, target);
    }
  }

  // Follow: the whole tree if it fits with readable labels (labelled boxes), else every branch
  // across with compact boxes (levels below the panel's height scroll with the current node),
  // else the current node in view at zoom 1; fit: all of it (compact boxes when labelled ones
  // would be too small to read).
  #fit(v = this.#view) {
    const model = this.#model;
    const { width, height } = this.#size;
    const across = (geo) => Math.min(1, (width - 2 * MARGIN) / model.bounds(geo).width);
    const down = (geo) => Math.min(1, (height - 2 * MARGIN) / model.bounds(geo).height);
    let geo = GEOMETRY.normal;
    let k = Math.min(across(geo), down(geo));
    let scroll = false; // compact, every branch across, the levels scrolled to the current node
    if (k < MIN_SCALE && !model.frontierSearch) {
      geo = GEOMETRY.compact;
      k = Math.min(across(geo), down(geo));
      if (k < MIN_SCALE && v.mode !== 'fit') {
        scroll = across(geo) >= MIN_SCALE;
        if (scroll) k = across(geo); else { geo = GEOMETRY.normal; k = Math.min(across(geo), down(geo)); }
      }
    }
    model.setCompact(geo.compact);
    // A change of boxes moves every node: jump, don't glide.
    if (model.geo.compact !== (v.compact ?? false)) { v.compact = model.geo.compact; this.#snap = true; }
    const b = model.bounds();
    const focus = Math.max(0, model.currentNode());
    if (scroll) {
      v.k = v.ky = k;
      v.x = (width - b.width * k) / 2;
      v.y = Math.max(height - MARGIN - b.height * k, Math.min(MARGIN, height * 0.62 - model.cy(focus) * k));
      return;
    }
    if (v.mode === 'fit' || k >= MIN_SCALE) {
      v.k = k;
      v.ky = this.#verticalScale(k);
      v.x = (width - b.width * k) / 2;
      v.y = Math.max(MARGIN, (height - b.height * v.ky) / 2);
      return;
    }
    v.k = v.ky = 1;
    // The current node a little left of the centre: the search goes on to its right (depth-first),
    // and the minimap takes the top right corner, which is empty there.
    v.x = Math.min(MARGIN, width * 0.45 - model.cx(focus));
    v.y = Math.min(MARGIN, height * 0.62 - model.cy(focus));
  }

  #verticalScale(k) {
    return Math.max(k, Math.min(1, (this.#size.height - 2 * MARGIN) / this.#model.bounds().height));
  }

  // Once an iteration outgrows the drawn nodes, the drawn tree stands still while the search goes
  // on below it: the strip shows where it is, redraw by redraw (tree-draw.js drawPulse).
  #drawPulse(c, ratio) {
    const model = this.#model, pulse = this.#pulse;
    const live = !model.frontierSearch && !model.anonymous && model.undrawn > 0;
    if (pulse.hidden !== !live) pulse.hidden = !live;
    if (!live) return;
    const sample = model.sampleDepth();
    this.#samples.push(sample);
    if (this.#samples.length > 600) this.#samples.splice(0, this.#samples.length - 600);
    const width = this.#size.width, height = PULSE_H;
    const w = Math.round(width * ratio), h = Math.round(height * ratio);
    if (pulse.width !== w || pulse.height !== h) { pulse.width = w; pulse.height = h; }
    const ctx = pulse.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawPulse(ctx, c, this.#samples, model.threshold, width, height);
    pulse.setAttribute('aria-label', `Where the search is: its path reached depths ${sample.low - 1} to ${sample.high - 1} since the last redraw; ` +
      `now at g ${sample.depth - 1}, f ${sample.f}, under threshold ${model.threshold}.`);
  }

  // The whole tree, small, and the visible rectangle (tree-draw.js); hidden while everything is in view.
  #drawMinimap(c, ratio) {
    const mini = drawMinimap({ canvas: this.#minimap, context: this.#miniContext, shape: this.#miniShape }, c, this.#model, this.#view, this.#size, ratio);
    if (mini) this.#mini = mini;
  }

  #mini = { sx: 1, sy: 1, pad: 0 };
  #miniShape = { canvas: document.createElement('canvas'), key: '' };

  // A click on the minimap centres the view on that point of the tree.
  #jump(event) {
    const box = this.#minimap.getBoundingClientRect();
    const s = box.width / (this.#minimap.offsetWidth || 1) || 1;
    const { sx, sy, pad } = this.#mini;
    const x = ((event.clientX - box.left) / s - pad) / sx, y = ((event.clientY - box.top) / s - pad) / sy;
    const v = this.#view;
    v.mode = 'manual';
    v.x = this.#size.width / 2 - x * v.k;
    v.y = this.#size.height / 2 - y * v.ky;
    this.#scheduleRender();
  }

  // The selected node's ring: a DOM outline over the canvas (visible focus, and its box is where
  // the node is on screen, whatever transform the host applies).
  #placeRing() {
    const i = this.#selected, model = this.#model, ring = this.#ring;
    if (i < 0 || i >= model.count) { ring.hidden = true; return; }
    const { x, y, k, ky } = this.#view;
    const { nodeW: NODE_W, nodeH: NODE_H } = model.geo;
    const left = x + (model.cx(i) - NODE_W / 2) * k, top = y + model.cy(i) * ky - (NODE_H / 2) * k;
    const { width, height } = this.#size;
    const w = NODE_W * k, h = NODE_H * k;
    ring.hidden = left + w < 0 || top + h < 0 || left > width || top > height;
    ring.style.transform = `translate(${left - 4}px, ${top - 4}px)`;
    ring.style.width = `${w + 8}px`;
    ring.style.height = `${h + 8}px`;
  }

  #zoomBy(factor, cx, cy) {
    const v = this.#view;
    const { width, height } = this.#size;
    cx ??= width / 2; cy ??= height / 2;
    const b = this.#model.bounds();
    const least = Math.min(0.5, (width - 2 * MARGIN) / b.width / 2, (height - 2 * MARGIN) / b.height / 2);
    const k = Math.min(3, Math.max(least, v.k * factor)), ky = this.#verticalScale(k);
    v.x = cx - ((cx - v.x) * k) / v.k;
    v.y = cy - ((cy - v.y) * ky) / v.ky;
    v.k = k; v.ky = ky;
    v.mode = 'manual';
    this.#scheduleRender();
  }

  // A host may scale the widget with a CSS transform (reveal.js scales its slides to the
  // window): pointer positions are in screen pixels, the view in the canvas's own pixels.
  #local(event) {
    const box = this.#canvas.getBoundingClientRect();
    const s = box.width / (this.#canvas.offsetWidth || 1) || 1;
    return { x: (event.clientX - box.left) / s, y: (event.clientY - box.top) / s, s };
  }

  // The node under the canvas point (`x`, `y`), or -1: its level's row, then its box (boxes keep
  // their shape when the levels are spread, ky > k).
  #hit(x, y) {
    const v = this.#view;
    const { nodeH: NODE_H, levelH: LEVEL_H } = this.#model.geo;
    const d = Math.round(((y - v.y) / v.ky - NODE_H / 2) / LEVEL_H);
    const cy = d * LEVEL_H + NODE_H / 2;
    if (d < 0 || Math.abs(y - (v.y + cy * v.ky)) > (NODE_H / 2) * v.k) return -1;
    return this.#model.hit((x - v.x) / v.k, cy);
  }

  // Arrow keys move the selection (Up parent, Down first child, Left/Right siblings), Enter
  // shows its board, + and − zoom; each announced in the tree's polite live region.
  #enableKeys() {
    this.#canvas.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const model = this.#model;
      const key = event.key;
      if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home'].includes(key)) {
        // The first key selects the node the search stands at (or the root).
        const from = this.#selected >= 0 ? this.#selected : Math.max(0, model.currentNode());
        const to = this.#selected < 0 && key !== 'Home' ? from : model.neighbour(from, key);
        if (to >= 0 && to < model.count) {
          const edge = { ArrowUp: 'It is the root.', ArrowDown: 'No children drawn.', ArrowLeft: 'The first child.', ArrowRight: 'The last child.' };
          this.#live.textContent = this.#selected >= 0 && to === from && edge[key] ? `${model.describe(to)} ${edge[key]}` : model.describe(to);
          this.#selected = to;
          this.#reveal(to);
          this.#scheduleRender();
        }
      } else if (key === 'Enter' && this.#selected >= 0) {
        this.#open(this.#selected);
        this.#onSelect(model.nodeAt(this.#selected));
      } else if (key === '+' || key === '=') {
        this.#zoomBy(1.25);
      } else if (key === '-') {
        this.#zoomBy(0.8);
      } else {
        return;
      }
      // The widget's own keys (→ steps, ← steps back) do not act while the tree has the focus.
      event.preventDefault();
      event.stopPropagation();
    });
  }

  // Pans so that node `i` is in view, with a margin; zoomed out too far for labels, it zooms in
  // to 1 about the node first (the keys are for reading nodes).
  #reveal(i) {
    const model = this.#model, v = this.#view;
    const { width, height } = this.#size;
    if (v.mode !== 'manual') { this.#fit(); v.mode = 'manual'; }
    if (v.k < LABEL_SCALE) {
      v.k = 1; v.ky = this.#verticalScale(1);
      v.x = width / 2 - model.cx(i); v.y = height / 2 - model.cy(i) * v.ky;
    }
    const x = v.x + model.cx(i) * v.k, y = v.y + model.cy(i) * v.ky;
    const { nodeW: NODE_W, nodeH: NODE_H } = model.geo;
    const mx = Math.min(width / 2, (NODE_W * v.k) / 2 + MARGIN), my = Math.min(height / 2, (NODE_H * v.k) / 2 + MARGIN);
    if (x < mx) v.x += mx - x; else if (x > width - mx) v.x -= x - (width - mx);
    if (y < my) v.y += my - y; else if (y > height - my) v.y -= y - (height - my);
  }
}
