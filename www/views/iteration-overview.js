// "Whole iteration": the tree's current iteration drawn sideways on the whole screen (a modal
// dialog), one column per depth g and one row per line (model/iteration-outline.js), every label
// at full size. The lecture's iterations of a few hundred nodes fit a 1280×720 screen whole;
// larger ones scroll, the search's current node kept in view. It draws the tree view's own model
// in the tree view's render (one moment: the same nodes, path, selection and raise's causes).
import { nodeLook } from '../model/tree-model.js';
import { outlineOf, outlineLabel } from '../model/iteration-outline.js';
import { FONT_FAMILY, fitCanvas } from './tree-draw.js';
import { number } from '../model/words.js';

/** Label size (CSS px): the tree's compact boxes' size. */
export const OVERVIEW_FONT_PX = 12;
const PAD = 6;              // around the drawing
const HEADER_H = 18;        // the row of column heads ("g 0", "g 1", …), kept at the top
const ROW = { least: 14, most: 24 };
const COLUMN = { least: 62, most: 112 };
const BOX_MOST = 84;        // a box's width at most (wider columns only lengthen the links)

/**
 * The overview dialog. `onSelect(i)`: a visited node or a single pruned child was clicked
 * (model index); a group of pruned children opens on a click instead.
 */
export class IterationOverview {
  #dialog; #title; #counts; #scroller; #spacer; #canvas; #context; #live;
  #onSelect; #onClose;
  #opened = new Set();     // model indices of visited nodes whose pruned children are shown one per row
  #key = '';               // the iteration shown (its opened groups are forgotten with it)
  #outline = null; #version = -1; #openedSize = 0;
  #geometry = { row: ROW.least, column: COLUMN.least, box: COLUMN.least - 8 };
  #cells = new Map();      // depth * 2^20 + row → item
  #followed = -1;          // the current node's item at the last render
  #size = { width: 800, height: 500 };
  #last = null;            // the last render's arguments, to redraw on scroll and resize

  /** @param {HTMLElement} container where the dialog goes (its colours come from the tree's frame) */
  constructor(container, { onSelect, onClose }) {
    this.#onSelect = onSelect;
    this.#onClose = onClose;
    this.#dialog = document.createElement('dialog');
    this.#dialog.className = 'overview';
    this.#dialog.setAttribute('aria-labelledby', 'overview-title');
    this.#dialog.innerHTML = `
      <div class="overview-head">
        <h2 id="overview-title" class="overview-title"></h2>
        <p class="overview-counts"></p>
        <button type="button" class="overview-close">Close</button>
        <p class="overview-legend"><span class="key visited">h f</span> a visited node, its column g
          <span class="key ghost">✂3 f21</span> 3 pruned children, the least f 21 (click: one row each)
          <span class="key cause">▲</span> set the next threshold
          <span class="key now">▶</span> the search is here <span class="key path">━</span> its path</p>
      </div>
      <div class="overview-scroller">
        <canvas class="overview-canvas" role="img"></canvas>
        <div class="overview-spacer"></div>
      </div>
      <p class="overview-described" aria-live="polite"></p>`;
    container.append(this.#dialog);
    this.#title = this.#dialog.querySelector('.overview-title');
    this.#counts = this.#dialog.querySelector('.overview-counts');
    this.#scroller = this.#dialog.querySelector('.overview-scroller');
    this.#spacer = /** @type {HTMLElement} */ (this.#dialog.querySelector('.overview-spacer'));
    this.#canvas = this.#dialog.querySelector('canvas');
    this.#context = this.#canvas.getContext('2d');
    this.#live = this.#dialog.querySelector('.overview-described');
    this.#dialog.querySelector('.overview-close').addEventListener('click', () => this.close());
    this.#dialog.addEventListener('close', () => this.#onClose());
    this.#scroller.addEventListener('scroll', () => this.#redraw(), { passive: true });
    this.#canvas.addEventListener('click', (event) => this.#click(event));
    new ResizeObserver(([entry]) => {
      this.#size = { width: entry.contentRect.width || 800, height: entry.contentRect.height || 500 };
      this.#version = -1;
      if (this.#last && this.#dialog.open) this.render(this.#last.model, this.#last);
    }).observe(this.#scroller);
  }

  get isOpen() { return this.#dialog.open; }

  /** Opens the dialog over the page (its first render follows from the tree view's). */
  open() {
    if (this.#dialog.open) return;
    this.#dialog.showModal();
    this.#followed = -1;
    /** @type {HTMLElement} */ (this.#dialog.querySelector('.overview-close')).focus();
  }

  close() { if (this.#dialog.open) this.#dialog.close(); }

  /**
   * What the overview shows (null while closed): the rows and columns, the items (visited nodes
   * and pruned groups), the items marked as the raise's causes, the geometry in CSS px, whether
   * it all fits without scrolling, and the screen boxes (client px, null out of view) of the search's current node and of the first
   * group of two or more pruned children (with their trace ids).
   */
  summary() {
    if (!this.#dialog.open || !this.#outline || !this.#last) return null;
    const o = this.#outline, g = this.#geometry, model = this.#last.model;
    const group = o.items.find((item) => item.members.length > 1);
    return { causes: this.#causeItems().size, rows: o.rows, depths: o.depths, items: o.items.length, groups: o.items.filter((item) => item.members.length > 1).length,
      opened: this.#opened.size, rowHeight: g.row, columnWidth: g.column, boxWidth: g.box, fontPx: OVERVIEW_FONT_PX,
      fits: this.#scroller.scrollHeight <= this.#scroller.clientHeight + 1 && this.#scroller.scrollWidth <= this.#scroller.clientWidth + 1,
      current: model.solved ? null : this.boxOf(model.currentNode()),
      firstGroup: group ? { ids: group.members.map((i) => model.ids[i]), box: this.boxOf(group.index) } : null };
  }

  /**
   * The screen box (client px) of model node `i`'s item, or null when it is not in view: what a
   * test clicks, and the item of a node a reader looks for.
   */
  boxOf(i) {
    const k = i >= 0 ? this.#outline?.itemOf[i] ?? -1 : -1;
    if (k < 0) return null;
    const { x, y, w, h } = this.#itemBox(this.#outline.items[k]);
    const canvas = this.#canvas.getBoundingClientRect();
    const left = canvas.left + x - this.#scroller.scrollLeft, top = canvas.top + y - this.#scroller.scrollTop;
    if (top < canvas.top + HEADER_H || top + h > canvas.bottom || left < canvas.left || left + w > canvas.right) return null;
    return { left, top, width: w, height: h, x: left + w / 2, y: top + h / 2 };
  }

  /**
   * Draws `model`'s iteration (the tree view's render calls it while the dialog is open).
   * `selected`: a model index or -1; `causes`: model indices of the raise's causes; `colours`:
   * the tree's resolved palette.
   */
  render(model, { selected, causes, colours }) {
    if (!this.#dialog.open) return;
    const key = `${model.iteration}:${model.threshold}:${model.frontierSearch}`;
    if (key !== this.#key || model.count === 0) { this.#key = key; this.#opened.clear(); }
    this.#last = { model, selected, causes, colours };
    if (model.version !== this.#version || this.#opened.size !== this.#openedSize || !this.#outline) {
      this.#version = model.version;
      this.#openedSize = this.#opened.size;
      this.#layout(model);
    }
    this.#follow(model);
    this.#draw();
  }

  #redraw() { if (this.#last && this.#dialog.open) this.#draw(); }

  // The items holding a raise's cause (a group is marked when one of its children is).
  #causeItems() {
    const itemOf = this.#outline.itemOf;
    return new Set([...this.#last.causes].map((i) => itemOf[i]).filter((k) => k >= 0));
  }

  #layout(model) {
    const o = outlineOf(model, this.#opened);
    this.#outline = o;
    const { width, height } = this.#size;
    // Rows and columns share out the screen, within the sizes that keep labels whole.
    const row = Math.max(ROW.least, Math.min(ROW.most, Math.floor((height - HEADER_H - PAD) / Math.max(1, o.rows))));
    const column = Math.max(COLUMN.least, Math.min(COLUMN.most, Math.floor((width - 2 * PAD) / Math.max(1, o.depths))));
    this.#geometry = { row, column, box: Math.min(BOX_MOST, column - 8) };
    this.#cells = new Map(o.items.map((item, k) => [item.depth * 2 ** 20 + item.row, k]));
    this.#spacer.style.width = `${2 * PAD + o.depths * column}px`;
    this.#spacer.style.height = `${HEADER_H + 2 + o.rows * row}px`;
    this.#title.textContent = model.count === 0 ? 'The whole iteration' : `Iteration ${model.iteration}, threshold ${model.threshold}: the whole iteration`;
    this.#counts.textContent = model.count === 0 ? 'Nothing searched yet.'
      : `${number(model.visited)} visited, ${number(model.pruned)} pruned, in ${number(o.rows)} rows and ${number(o.depths)} columns` +
        (model.undrawn > 0 ? `; the first ${number(model.count)} nodes (the rest are counted only).` : '.');
    this.#canvas.setAttribute('aria-label', model.count === 0 ? 'The whole iteration: empty.'
      : `The whole iteration ${model.iteration} sideways: one column per depth g from 0 to ${o.depths - 1}, ` +
        `${number(model.visited)} visited nodes each labelled with h and f, pruned children gathered per parent. ` +
        'Closed, the tree panel\'s arrow keys read the nodes one by one.');
  }

  // Scrolls the search's current node into view when it moves (stepping with the dialog open).
  #follow(model) {
    const k = this.#outline.itemOf[model.currentNode()] ?? -1;
    if (k < 0 || k === this.#followed) return;
    this.#followed = k;
    const { x, y, w, h } = this.#itemBox(this.#outline.items[k]);
    const s = this.#scroller, { width, height } = this.#size;
    if (y - HEADER_H < s.scrollTop || y + h > s.scrollTop + height) s.scrollTop = Math.max(0, y - HEADER_H - height / 3);
    if (x < s.scrollLeft || x + w > s.scrollLeft + width) s.scrollLeft = Math.max(0, x - width / 3);
  }

  // An item's box in content px (the canvas shows the content from the scroller's offsets).
  #itemBox(item) {
    const { row, column, box } = this.#geometry;
    return { x: PAD + item.depth * column, y: HEADER_H + item.row * row + 1, w: box, h: row - 2 };
  }

  #draw() {
    const { model, selected, colours: c } = this.#last;
    const o = this.#outline;
    const { width, height } = this.#size;
    const ratio = window.devicePixelRatio || 1;
    fitCanvas(this.#canvas, width, height, ratio);
    this.#canvas.style.width = `${width}px`; this.#canvas.style.height = `${height}px`;
    const ctx = this.#context;
    const sx = this.#scroller.scrollLeft, sy = this.#scroller.scrollTop;
    ctx.setTransform(ratio, 0, 0, ratio, -sx * ratio, -sy * ratio);
    ctx.fillStyle = c.background;
    ctx.fillRect(sx, sy, width, height);
    const { row: ROW_H, column: COL_W } = this.#geometry;
    const first = Math.max(0, Math.floor((sy - HEADER_H) / ROW_H)), last = Math.ceil((sy + height) / ROW_H);
    const path = new Set(model.path());
    const current = model.solved ? -1 : model.currentNode();
    const causeItems = this.#causeItems();
    const selectedItem = selected >= 0 ? o.itemOf[selected] : -1;
    const items = o.items;
    const visible = (item) => item.row >= first && item.row <= last;
    // Links: from a parent's right edge along its column's gap, down to each child's row.
    const links = { plain: [], ghost: [], path: [] };
    for (const item of items) {
      if (item.parent < 0) continue;
      const parent = items[item.parent];
      if (item.row < first || parent.row > last) continue;
      const kind = item.members.length > 0 ? 'ghost' : path.has(item.index) ? 'path' : 'plain';
      links[kind].push([parent, item]);
    }
    const stroke = (list, style, lineWidth, dash = []) => {
      ctx.strokeStyle = style; ctx.lineWidth = lineWidth; ctx.setLineDash(dash);
      ctx.beginPath();
      for (const [parent, item] of list) {
        const a = this.#itemBox(parent), b = this.#itemBox(item);
        const trunk = b.x - (COL_W - this.#geometry.box) / 2;
        ctx.moveTo(a.x + a.w, a.y + a.h / 2);
        ctx.lineTo(trunk, a.y + a.h / 2);
        ctx.lineTo(trunk, b.y + b.h / 2);
        ctx.lineTo(b.x, b.y + b.h / 2);
      }
      ctx.stroke();
    };
    stroke(links.plain, c.link, 1);
    stroke(links.ghost, c.link, 1, [3, 3]);
    stroke(links.path, model.solved ? c.solution : c.highlight, 2.5);
    ctx.setLineDash([]);
    // Boxes and labels (each its font: a bold one for the current node's).
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const [k, item] of items.entries()) {
      if (!visible(item)) continue;
      const i = item.index, onPath = item.members.length === 0 && path.has(i);
      const solution = model.solved && onPath, cause = causeItems.has(k);
      const look = nodeLook(model, i, c, { onPath, solution, current: i === current, selected: k === selectedItem, cause });
      const { x, y, w, h: bh } = this.#itemBox(item);
      ctx.beginPath();
      ctx.roundRect(x, y, w, bh, Math.min(4, look.radius));
      ctx.fillStyle = look.fill; ctx.fill();
      ctx.strokeStyle = look.stroke; ctx.lineWidth = Math.min(2.5, look.lineWidth); ctx.setLineDash(look.dash ?? []);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = look.text;
      ctx.font = `${look.bold ? '700 ' : ''}${OVERVIEW_FONT_PX}px ${FONT_FAMILY}`;
      const label = `${i === current ? '▶' : ''}${outlineLabel(model, item, { cause, solution })}`;
      ctx.fillText(label, x + w / 2, y + bh / 2 + 0.5, w - 2);
    }
    // The column heads, over what scrolled under them.
    ctx.fillStyle = c.background;
    ctx.fillRect(sx, sy, width, HEADER_H);
    ctx.fillStyle = c.ghostText;
    ctx.font = `600 ${OVERVIEW_FONT_PX}px ${FONT_FAMILY}`;
    for (let d = 0; d < o.depths; d += 1) ctx.fillText(`g ${d}`, PAD + d * COL_W + this.#geometry.box / 2, sy + HEADER_H / 2);
  }

  #click(event) {
    if (!this.#outline) return;
    const box = this.#canvas.getBoundingClientRect();
    const x = event.clientX - box.left + this.#scroller.scrollLeft, y = event.clientY - box.top + this.#scroller.scrollTop;
    if (event.clientY - box.top < HEADER_H) return;
    const { row: ROW_H, column: COL_W, box: BOX_W } = this.#geometry;
    const depth = Math.floor((x - PAD) / COL_W), row = Math.floor((y - HEADER_H) / ROW_H);
    if (x - PAD - depth * COL_W > BOX_W) return;
    const k = this.#cells.get(depth * 2 ** 20 + row);
    if (k === undefined) return;
    const item = this.#outline.items[k], model = this.#last.model;
    if (item.members.length > 1) {
      this.#opened.add(model.parents[item.index]);
      this.#live.textContent = `Opened ${item.members.length} pruned children of node ${number(model.ids[model.parents[item.index]])}: one row each.`;
      this.#version = -1;
      this.render(model, this.#last);
      return;
    }
    this.#live.textContent = model.describe(item.index);
    this.#onSelect(item.index);
  }
}
