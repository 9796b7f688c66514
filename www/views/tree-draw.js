// Drawing the search tree on a canvas: labelled boxes, plain boxes, or zoomed far out one band
// per level, only what lies in the visible rectangle (tree-view.js decides which and when).
// `model` is the TreeModel (model/tree-model.js), `c` the palette of resolved colours.
import { nodeLook } from '../model/tree-model.js';
import { number } from '../model/words.js';

export const FONT_PX = 13;        // label size at zoom 1
const COMPACT_FONT_PX = 12;       // compact boxes' (three short lines)
export const LABEL_SCALE = 0.6;   // below it, boxes without labels
/** The minimap's size in CSS pixels. */
export const MINIMAP = { width: 180, height: 64 };
export const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * Sizes `canvas`'s pixels to `width` × `height` CSS px at `ratio` device pixels per px, touching
 * them only when they change (a resize clears the canvas and costs a reallocation).
 * @param {HTMLCanvasElement} canvas
 */
export function fitCanvas(canvas, width, height, ratio) {
  const w = Math.max(1, Math.round(width * ratio)), h = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
}

// The visible rows and, per row, the nodes from the first that may reach the left edge.
export function eachVisible(model, x0, x1, y0, y1, callback) {
  const { nodeH: NODE_H, slotW: SLOT_W, levelH: LEVEL_H } = model.geo;
  const d0 = Math.max(0, Math.floor((y0 - NODE_H) / LEVEL_H)), d1 = Math.min(model.byDepth.length - 1, Math.ceil(y1 / LEVEL_H));
  for (let d = d0; d <= d1; d += 1) {
    const row = model.byDepth[d];
    for (let r = model.firstAt(d, x0); r < row.length; r += 1) {
      const i = row[r];
      if (model.xs[i] * SLOT_W > x1) break;
      callback(i, d);
    }
  }
}

export function drawBoxes(ctx, c, model, { x: vx, y: vy, k, ky }, selected, width, height, causes = new Set()) {
  const { nodeW: NODE_W, nodeH: NODE_H, levelH: LEVEL_H, compact } = model.geo;
  const x0 = -vx / k, x1 = (width - vx) / k, y0 = -vy / ky, y1 = (height - vy) / ky;
  const pathList = model.path();
  const path = new Set(pathList);
  const current = model.currentNode();
  const sx = (i) => vx + model.cx(i) * k, sy = (i) => vy + model.cy(i) * ky;
  const link = (i) => {
    const p = model.parents[i];
    const ax = sx(p), ay = sy(p) + (NODE_H / 2) * k, bx = sx(i), by = sy(i) - (NODE_H / 2) * k, my = (ay + by) / 2;
    ctx.moveTo(ax, ay);
    ctx.bezierCurveTo(ax, my, bx, my, bx, by);
  };
  // Links to the visible nodes and to the row below (a parent's links reach further than its
  // box: children far to the side are found with a margin of a screen).
  const margin = width / k;
  const solid = [], ghost = [];
  eachVisible(model, x0 - margin, x1 + margin, y0, y1 + LEVEL_H, (i) => {
    if (model.parents[i] < 0 || path.has(i)) return;
    (model.isGhost(i) ? ghost : solid).push(i);
  });
  ctx.lineWidth = Math.max(0.6, 1.2 * Math.min(1, k * 1.5));
  ctx.strokeStyle = c.link;
  ctx.beginPath(); for (const i of solid) link(i); ctx.stroke();
  ctx.setLineDash([4, 3]);
  ctx.beginPath(); for (const i of ghost) link(i); ctx.stroke();
  ctx.setLineDash([]);
  const solved = model.solved;
  const thin = Math.min(1, Math.max(0.35, k)); // lines thin out with the zoom below 1
  ctx.strokeStyle = solved ? c.solution : c.highlight;
  ctx.lineWidth = (solved ? 3.5 : 2.5) * thin;
  ctx.beginPath(); for (const i of pathList) if (model.parents[i] >= 0) link(i); ctx.stroke();

  // Nodes: the plain ones batched by look, then those on the path and the selected one.
  const labels = k >= LABEL_SCALE;
  const groups = new Map();
  const special = [];
  const radius = (look) => Math.min(look.radius, NODE_H / 2) * k;
  eachVisible(model, x0 - NODE_W, x1 + NODE_W, y0, y1, (i) => {
    if (path.has(i) || i === selected || causes.has(i)) { special.push(i); return; }
    const kind = model.kinds[i];
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(i);
  });
  const box = (i, r) => ctx.roundRect(sx(i) - (NODE_W / 2) * k, sy(i) - (NODE_H / 2) * k, NODE_W * k, NODE_H * k, r);
  for (const [, nodes] of groups) {
    const look = nodeLook(model, nodes[0], c);
    ctx.fillStyle = look.fill; ctx.strokeStyle = look.stroke; ctx.lineWidth = look.lineWidth * thin;
    ctx.setLineDash(look.dash ?? []);
    ctx.beginPath(); for (const i of nodes) box(i, radius(look)); ctx.fill(); ctx.stroke();
  }
  for (const i of special) {
    const onPath = path.has(i) && !model.isGhost(i);
    const look = nodeLook(model, i, c, { onPath, solution: solved && onPath, current: i === current && !solved, selected: i === selected, cause: causes.has(i) });
    ctx.fillStyle = look.fill; ctx.strokeStyle = look.stroke; ctx.lineWidth = look.lineWidth * thin;
    ctx.setLineDash(look.dash ?? []);
    ctx.beginPath(); box(i, radius(look)); ctx.fill(); ctx.stroke();
  }
  ctx.setLineDash([]);
  if (!labels) return;
  // Labels: two lines per node, and +N under a node with descendants counted only.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const font = (compact ? COMPACT_FONT_PX : FONT_PX) * k;
  const text = (i) => {
    const onPath = path.has(i) && !model.isGhost(i);
    const solution = solved && onPath;
    const mark = solution ? '★' : onPath && i === current ? '▶' : causes.has(i) ? '▲' : '';
    if (compact) {
      // g, h and f stacked: the box is a third as wide, so a whole iteration fits with its labels.
      ctx.font = `${onPath ? 700 : 400} ${font}px ${FONT_FAMILY}`;
      ctx.fillStyle = model.isGhost(i) ? c.ghostText : c.text;
      model.compactLabels(i, mark).forEach((line, n) => ctx.fillText(line, sx(i), sy(i) + (n - 1) * 13 * k, (NODE_W - 4) * k));
    } else {
      const [first, second] = model.labels(i, mark);
      ctx.font = `${onPath ? 700 : 400} ${font}px ${FONT_FAMILY}`;
      ctx.fillStyle = model.isGhost(i) ? c.ghostText : c.text;
      // A long first line (a graph search's "○ #1234 slid 4") is narrowed to fit its box.
      const room = (NODE_W - 8) * k;
      ctx.fillText(first, sx(i), sy(i) - 8 * k, room);
      ctx.fillText(second, sx(i), sy(i) + 9 * k);
    }
    const more = model.moreVisited[i] + model.morePruned[i];
    if (more > 0) {
      ctx.font = `400 ${font * 0.9}px ${FONT_FAMILY}`;
      ctx.fillStyle = c.ghostText;
      ctx.fillText(`+${number(more)}`, sx(i), sy(i) + (NODE_H / 2 + 10) * k);
    }
  };
  for (const [, nodes] of groups) for (const i of nodes) text(i);
  for (const i of special) text(i);
}

// The drawn nodes as bands, one per level: runs of nodes closer than a pixel merge into one
// rectangle (ghosts faint, underneath), and the current path on top. `sx`, `sy`: layout units
// to pixels; `ox`, `oy`: where the layout's origin is.
export function drawShape(ctx, c, model, ox, oy, sx, sy, width, height, links) {
  const { nodeW: NODE_W, nodeH: NODE_H, levelH: LEVEL_H } = model.geo;
  const x0 = -ox / sx, x1 = (width - ox) / sx, y0 = -oy / sy, y1 = (height - oy) / sy;
  const band = Math.max(1, Math.min(NODE_H * sy, 14));
  const slot = Math.max(1, NODE_W * sx);
  for (const pass of [true, false]) {
    ctx.fillStyle = pass ? c.ghostStroke : c.accent;
    ctx.globalAlpha = pass ? 0.35 : 0.85;
    ctx.beginPath();
    let row = -1, start = 0, end = -Infinity, top = 0;
    const flush = () => { if (end > -Infinity) ctx.rect(start, top, end - start, band); };
    eachVisible(model, x0 - NODE_W, x1 + NODE_W, y0, y1, (i, d) => {
      if (model.isGhost(i) !== pass) return;
      const left = ox + (model.cx(i) - NODE_W / 2) * sx;
      if (d !== row || left > end + 1) { flush(); row = d; start = left; top = oy + d * LEVEL_H * sy; }
      end = left + slot;
    });
    flush();
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  // Links between the bands, where the bands are far enough apart to show them.
  if (links && (LEVEL_H - NODE_H) * sy >= 3) {
    ctx.strokeStyle = c.link;
    ctx.lineWidth = 0.5;
    ctx.beginPath();
    eachVisible(model, x0, x1, y0, y1, (i) => {
      const first = model.firstChild[i];
      if (first < 0) return;
      const px = ox + model.cx(i) * sx, py = oy + model.cy(i) * sy + (NODE_H / 2) * sy;
      const cy = oy + model.cy(first) * sy - (NODE_H / 2) * sy;
      ctx.moveTo(px, py); ctx.lineTo(px, (py + cy) / 2);
      ctx.moveTo(ox + model.cx(first) * sx, (py + cy) / 2); ctx.lineTo(ox + model.cx(model.lastChild[i]) * sx, (py + cy) / 2);
    });
    ctx.stroke();
  }
}

// The current path (or the solution) over the shape, and a dot where the search stands.
export function drawPath(ctx, c, model, ox, oy, sx, sy) {
  const path = model.path();
  if (path.length === 0) return;
  ctx.strokeStyle = model.solved ? c.solution : c.highlight;
  ctx.fillStyle = ctx.strokeStyle;
  ctx.lineWidth = 2;
  ctx.beginPath();
  path.forEach((i, n) => { const x = ox + model.cx(i) * sx, y = oy + model.cy(i) * sy; if (n === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y); });
  ctx.stroke();
  const last = path.at(-1);
  ctx.beginPath();
  ctx.arc(ox + model.cx(last) * sx, oy + model.cy(last) * sy, 4, 0, 2 * Math.PI);
  ctx.fill();
}

/**
 * The raise's causes over the shape (too small for boxes): a triangle on each, so that a whole
 * iteration still shows what set the next threshold.
 * @param {Set<number>} causes model indices
 */
export function drawCauseMarks(ctx, c, model, causes, ox, oy, sx, sy) {
  if (causes.size === 0) return;
  ctx.fillStyle = c.cause;
  ctx.strokeStyle = c.background;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const i of causes) {
    const x = ox + model.cx(i) * sx, y = oy + model.cy(i) * sy;
    ctx.moveTo(x, y - 6); ctx.lineTo(x + 5.5, y + 4); ctx.lineTo(x - 5.5, y + 4); ctx.closePath();
  }
  ctx.fill(); ctx.stroke();
}

/**
 * The whole tree, small, and the visible rectangle; hidden (null returned) while everything is
 * in view or the canvas is narrow. The tree's shape is drawn again only when nodes were added or
 * moved (`shape`: an offscreen copy and its key). Returns the minimap's scale for clicks on it.
 */
export function drawMinimap({ canvas, context, shape }, c, model, v, { width, height }, ratio) {
  const b = model.bounds();
  const visible = { x0: -v.x / v.k, y0: -v.y / v.ky, x1: (width - v.x) / v.k, y1: (height - v.y) / v.ky };
  const all = model.count === 0 || (visible.x0 <= 0 && visible.y0 <= 0 && visible.x1 >= b.width && visible.y1 >= b.height);
  const small = width < 2.5 * MINIMAP.width;
  canvas.hidden = all || small;
  if (all || small) return null;
  const mw = MINIMAP.width, mh = MINIMAP.height, pad = 4;
  const sx = (mw - 2 * pad) / b.width, sy = (mh - 2 * pad) / b.height;
  const key = `${model.version} ${mw} ${mh} ${ratio} ${c.background} ${c.accent}`;
  if (shape.key !== key) {
    shape.key = key;
    fitCanvas(shape.canvas, mw, mh, ratio);
    const shapeContext = shape.canvas.getContext('2d');
    shapeContext.setTransform(ratio, 0, 0, ratio, 0, 0);
    shapeContext.fillStyle = c.background;
    shapeContext.fillRect(0, 0, mw, mh);
    drawShape(shapeContext, c, model, pad, pad, sx, sy, mw, mh, false);
  }
  fitCanvas(canvas, mw, mh, ratio);
  const ctx = context;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(shape.canvas, 0, 0);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawPath(ctx, c, model, pad, pad, sx, sy);
  ctx.strokeStyle = c.viewport;
  ctx.lineWidth = 1.5;
  const rx = pad + Math.max(0, visible.x0) * sx, ry = pad + Math.max(0, visible.y0) * sy;
  ctx.strokeRect(rx, ry, Math.max(3, (Math.min(b.width, visible.x1) - Math.max(0, visible.x0)) * sx),
    Math.max(3, (Math.min(b.height, visible.y1) - Math.max(0, visible.y0)) * sy));
  return { sx, sy, pad };
}

/**
 * The live strip under a tree that outgrew its drawn nodes: per redraw (a sample of
 * TreeModel.sampleDepth, oldest first), a bar from the shallowest to the deepest g the search
 * path reached, and a dot where it stood; the threshold as a dashed line (no path goes deeper
 * than t, as f = g + h ≤ t). Newest on the right.
 * @param {{low: number, high: number, depth: number, f: number}[]} samples
 */
export function drawPulse(ctx, c, samples, threshold, width, height) {
  const top = 20, bottom = height - 6, bar = 3;
  const most = Math.max(threshold, ...samples.map((s) => s.high - 1), 1);
  const y = (g) => top + ((bottom - top) * Math.max(0, g)) / most;
  ctx.fillStyle = c.background;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = c.link;
  ctx.lineWidth = 1;
  ctx.beginPath(); ctx.moveTo(0, height - 0.5); ctx.lineTo(width, height - 0.5); ctx.stroke();
  // The threshold: the deepest any path can go.
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = c.ghostStroke;
  ctx.beginPath(); ctx.moveTo(0, y(threshold) + 0.5); ctx.lineTo(width, y(threshold) + 0.5); ctx.stroke();
  ctx.setLineDash([]);
  const shown = samples.slice(-Math.floor((width - 8) / bar));
  const x0 = width - 4 - shown.length * bar;
  ctx.fillStyle = c.accent;
  ctx.globalAlpha = 0.45;
  ctx.beginPath();
  shown.forEach((s, n) => ctx.rect(x0 + n * bar, y(s.low - 1), bar - 1, Math.max(1.5, y(s.high - 1) - y(s.low - 1))));
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.fillStyle = c.highlight;
  ctx.beginPath();
  shown.forEach((s, n) => ctx.rect(x0 + n * bar, y(s.depth - 1) - 1, bar - 1, 2));
  ctx.fill();
  ctx.font = `400 11px ${FONT_FAMILY}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = c.text;
  ctx.fillText('Below the drawn nodes: the path\'s depth g per redraw (dot: where it stood)', 6, 10, width - 12);
  ctx.textAlign = 'right';
  ctx.fillStyle = c.ghostText;
  ctx.fillText(`t = ${threshold}`, width - 6, Math.min(bottom - 4, y(threshold) - 7));
}
