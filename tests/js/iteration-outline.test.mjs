// The whole-iteration overview's layout (www/model/iteration-outline.js), from a real Solver's
// events: every drawn node in exactly one item, one item per (depth, row), a child one column
// right of its parent and never above it, siblings in the search's order, pruned children
// gathered per parent (each its own row once opened), and labels that read as the tree's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { TreeModel } from '../../www/model/tree-model.js';
import { outlineOf, outlineLabel } from '../../www/model/iteration-outline.js';
import { feed } from './feed-tree.mjs';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

const LECTURE = '6 4 5 8 2 7 1 0 3';

/** Each iteration's finished tree (a copy of what the model holds at its end) for `options`. */
function iterations(options) {
  const solver = new Solver(options);
  const model = new TreeModel({ folding: true });
  const outlines = [];
  const take = (m) => { if (m.iteration > 0) outlines.push({ iteration: m.iteration, visited: m.visited, pruned: m.pruned, outline: outlineOf(m), opened: outlineOf(m, allVisited(m)), model: snapshotOf(m) }); };
  for (;;) {
    const words = solver.stepMany(4096);
    if (words.length === 0) break;
    feed(model, words, take);
  }
  take(model);
  solver.free();
  return outlines;
}

const allVisited = (m) => new Set(Array.from({ length: m.count }, (_, i) => i).filter((i) => !m.isGhost(i)));
// What the checks read of a model (the model itself is reused by the next iteration).
const snapshotOf = (m) => ({ count: m.count, parents: m.parents.slice(0, m.count), gs: m.gs.slice(0, m.count), hs: m.hs.slice(0, m.count),
  ghost: Array.from({ length: m.count }, (_, i) => m.isGhost(i)), depths: m.depths.slice(0, m.count) });

function assertOutline({ items, depths, rows, itemOf }, m, opened) {
  const taken = new Set();
  const seen = new Array(m.count).fill(0);
  for (const [k, item] of items.entries()) {
    const key = `${item.depth}:${item.row}`;
    assert.ok(!taken.has(key), `two items at depth ${item.depth}, row ${item.row}`);
    taken.add(key);
    assert.ok(item.depth < depths && item.row < rows);
    const members = item.members.length ? item.members : [item.index];
    for (const i of members) { seen[i] += 1; assert.equal(itemOf[i], k); assert.equal(m.depths[i], item.depth, 'a node\'s column is its depth g'); }
    if (item.members.length) {
      assert.ok(item.members.every((i) => m.ghost[i]), 'a group holds pruned children only');
      assert.ok(item.members.every((i) => m.parents[i] === item.members[0] || m.parents[i] === m.parents[item.members[0]]));
      assert.equal(item.leastF, Math.min(...item.members.map((i) => m.gs[i] + m.hs[i])));
      if (opened) assert.equal(item.members.length, 1, 'opened: each pruned child its own row');
    } else {
      assert.ok(!m.ghost[item.index]);
    }
    if (item.parent < 0) { assert.equal(k, 0); continue; }
    const parent = items[item.parent];
    assert.equal(parent.members.length, 0, 'only visited nodes have children');
    assert.equal(m.parents[item.index], parent.index);
    assert.equal(item.depth, parent.depth + 1);
    assert.ok(item.row >= parent.row, 'never above its parent');
  }
  assert.ok(seen.every((n) => n === 1), 'every drawn node is in exactly one item');
  // Siblings in the search's order, each below the last one's subtree start.
  const lastChildRow = new Map();
  for (const item of items) {
    if (item.parent < 0) continue;
    const before = lastChildRow.get(item.parent) ?? -1;
    assert.ok(item.row > before, 'siblings top to bottom in the search\'s order');
    lastChildRow.set(item.parent, item.row);
  }
  // A visited node's pruned children are one item (unless opened).
  if (!opened) {
    const groups = new Set();
    for (const item of items) {
      if (item.members.length === 0) continue;
      assert.ok(!groups.has(item.parent), 'one group per parent');
      groups.add(item.parent);
    }
  }
}

test('the lecture case: every iteration laid out whole, one row per visited node\'s line, pruned children one item per parent', () => {
  const outlines = iterations({ board: LECTURE });
  assert.equal(outlines.length, 5);
  for (const { iteration, visited, pruned, outline, opened, model } of outlines) {
    assertOutline(outline, model, false);
    assertOutline(opened, model, true);
    const groups = outline.items.filter((item) => item.members.length > 0);
    assert.equal(outline.items.length - groups.length, visited, `iteration ${iteration}: one item per visited node`);
    assert.equal(groups.reduce((n, item) => n + item.members.length, 0), pruned);
    assert.equal(opened.items.length, visited + pruned);
    assert.equal(outline.depths, Math.max(...model.depths) + 1);
    assert.ok(opened.rows >= outline.rows);
  }
  // Iteration 3 (270 nodes): far fewer rows than the top-down tree has slots, so it fits a screen.
  const third = outlines[2];
  assert.equal(third.visited + third.pruned, 270);
  assert.ok(third.outline.rows <= 45, `iteration 3 takes ${third.outline.rows} rows`);
});

test('Korf #1\'s first iterations and other heuristics, goals and orders keep the layout\'s rules', () => {
  for (const options of [{ board: '6 4 5 8 2 7 1 0 3', heuristic: 'hamming', goal: 'blank-first' },
    { board: '8 6 7 2 5 4 3 0 1', order: 'udlr' }, { board: '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', goal: 'blank-first' }]) {
    const solver = new Solver(options);
    const model = new TreeModel({ folding: true });
    let checked = 0;
    const check = (m) => { if (m.iteration > 0) { assertOutline(outlineOf(m), snapshotOf(m), false); checked += 1; } };
    for (let n = 0; n < 4 && !solver.done; n += 1) feed(model, solver.stepMany(10000), check);
    check(model);
    assert.ok(checked >= 2);
    solver.free();
  }
});

test('labels: h and f of a visited node, ✂ and the least f of pruned children, ▲ on a cause, ★ on the solution', () => {
  const model = new TreeModel();
  model.startIteration(2, 19);
  model.node(0, null, 0, 17, null);
  model.prune(1, 0, 1, 20, 19, 3);
  model.node(2, 0, 1, 16, 5);
  model.prune(3, 2, 2, 19, 19, 4);
  model.prune(4, 0, 1, 22, 19, 2);
  const { items } = outlineOf(model);
  assert.deepEqual(items.map((item) => [item.depth, item.row, item.members.length]), [[0, 0, 0], [1, 0, 2], [1, 1, 0], [2, 1, 1]]);
  assert.equal(outlineLabel(model, items[0]), 'h17 f17');
  assert.equal(outlineLabel(model, items[0], { solution: true }), '★h17 f17');
  assert.equal(outlineLabel(model, items[1]), '✂2 f21');
  assert.equal(outlineLabel(model, items[1], { cause: true }), '▲✂2 f21');
  assert.equal(outlineLabel(model, items[3]), '✂ f21');
  assert.deepEqual(outlineOf(model, new Set([0])).items.map((item) => [item.depth, item.row]), [[0, 0], [1, 0], [1, 1], [2, 1], [1, 2]]);
  assert.deepEqual(outlineOf(new TreeModel()).items, []);
});
