// The tree view's model (www/tree-model.js), driven by a real Solver's events: node counts per
// iteration, the layout (no overlap at one depth, parents above and between their children,
// finished nodes never move), the drawing limit, keyboard navigation and the SVG export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { TreeModel, DRAW_LIMIT, FOLD_FROM, NODE_W, SLOT_W } from '../../www/model/tree-model.js';
import { RECORD_WORDS, KIND, recordKind } from '../../www/model/trace-records.js';
import { feed } from './feed-tree.mjs';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

const LECTURE = '6 4 5 8 2 7 1 0 3';
// Korf's instance #1 in his own convention (tests/data/korf100-blank-first.txt, first line).
const KORF_1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';

/** Checks the layout: rows in x order a slot apart, parents one level up and between their first and last child. */
function assertLayout(model) {
  model.layout();
  for (const [d, row] of model.byDepth.entries()) {
    for (let r = 1; r < row.length; r += 1) {
      assert.ok(model.xs[row[r]] - model.xs[row[r - 1]] >= 1, `depth ${d}: nodes ${row[r - 1]} and ${row[r]} overlap`);
      assert.ok((model.xs[row[r]] - model.xs[row[r - 1]]) * SLOT_W >= NODE_W);
    }
    for (const i of row) assert.equal(model.depths[i], d);
  }
  let placed = 0, folded = 0;
  for (const row of model.byDepth) placed += row.length;
  for (let i = 0; i < model.count; i += 1) if (model.folded(i)) folded += 1;
  assert.equal(placed + folded, model.count, 'every drawn node is laid out once, or folded into its run');
  for (let i = 0; i < model.count; i += 1) {
    const p = model.parents[i];
    if (p >= 0) {
      assert.equal(model.depths[i], model.depths[p] + 1);
      assert.ok(model.cy(p) < model.cy(i), 'parents are above their children');
    }
    const first = model.firstChild[i];
    if (first >= 0) {
      assert.ok(model.xs[first] <= model.xs[i] + 1e-9 || model.xs[i] >= model.xs[first], 'a parent is not left of its first child');
      assert.ok(model.xs[i] <= model.xs[model.lastChild[i]] + 1e-9, `node ${i} is not right of its last child`);
      assert.ok(model.xs[i] >= model.xs[first] - 1e-9, `node ${i} is not left of its first child`);
    }
  }
  // Edges do not cross: the children of nodes in x order are in x order.
  for (const row of model.byDepth) {
    let last = -Infinity;
    for (const i of row) {
      for (let c = model.firstChild[i]; c >= 0; c = model.nextSibling[c]) {
        if (model.folded(c)) { assert.equal(model.xs[c], model.xs[model.shownAs(c)], 'a folded node has its run\'s slot'); continue; }
        assert.ok(model.xs[c] > last, 'children in the order of their parents');
        last = model.xs[c];
      }
    }
  }
}

test('IDA* on the lecture case: each iteration has the summary\'s visited + pruned nodes, all drawn, laid out without overlap', () => {
  const solver = new Solver({ board: LECTURE });
  const model = new TreeModel();
  const seen = [];
  const check = (m) => {
    if (m.iteration === 0) return;
    assertLayout(m);
    seen.push({ iteration: m.iteration, visited: m.visited, pruned: m.pruned, drawn: m.count, nodes: m.nodes });
  };
  for (;;) {
    const words = solver.stepMany(997);
    if (words.length === 0) break;
    feed(model, words, check);
  }
  check(model);
  const iterations = solver.summary().iterations;
  assert.equal(seen.length, iterations.length);
  for (const [k, it] of iterations.entries()) {
    assert.deepEqual(seen[k], { iteration: it.iteration, visited: it.visited, pruned: it.pruned, drawn: it.visited + it.pruned, nodes: it.visited + it.pruned });
  }
  assert.equal(seen[2].drawn, 270, 'iteration 3 of the lecture case: 270 nodes');
  // Solved: the path is the solution, root to goal (26 nodes).
  assert.equal(model.solved, true);
  const path = model.path();
  assert.equal(path.length, 26);
  assert.deepEqual(model.movesTo(path.at(-1)), Array.from(solver.solution));
  solver.free();
});

/** Past FOLD_FROM nodes, every run of two or more pruned siblings is folded into its first node, and nothing else is. */
function assertRuns(model) {
  for (let i = 0; i < model.count; i += 1) {
    const before = model.prevSibling[i];
    const inRun = model.count > FOLD_FROM && model.kinds[i] === 1 && before >= 0 && model.kinds[before] === 1 && !model.opened.has(model.parents[i]);
    assert.equal(model.folded(i), inRun, `node ${i}: folded ${model.folded(i)}`);
    if (inRun) assert.equal(model.shownAs(i), model.shownAs(before));
  }
}

test('folding: each run of pruned siblings is one mark, labelled with its count and f values; the layout stays valid and narrower; open() lays a run out', () => {
  const solver = new Solver({ board: LECTURE });
  const plain = new TreeModel(), model = new TreeModel({ folding: true });
  const widths = [];
  const check = (m) => {
    if (m.iteration === 0) return;
    assertLayout(m);
    assertRuns(m);
    widths.push(m.width);
  };
  while (model.iteration < 4) {
    const words = solver.stepMany(1);
    feed(plain, words);
    feed(model, words, check);
  }
  // Iterations 1 to 3: counted as before, drawn narrower.
  assert.equal(widths.length, 3);
  assert.deepEqual([model.visited, model.pruned], [plain.visited, plain.pruned]);
  const words = solver.stepMany(400);
  feed(plain, words); feed(model, words);
  assert.equal(model.iteration, 4);
  plain.layout(); model.layout();
  console.log(`# iteration 4 after 400 events: ${plain.width} slots plain, ${model.width} folded`);
  assert.ok(model.width < plain.width, `folded ${model.width} slots, plain ${plain.width}`);
  assertLayout(model);
  assertRuns(model);
  // A run's mark: its count and its f values; the live region's sentence.
  const head = [...Array(model.count).keys()].find((i) => model.foldSize[i] > 2) ?? [...Array(model.count).keys()].find((i) => model.foldSize[i] > 1);
  const run = model.run(head);
  assert.ok(run.length >= 2);
  const fs = [...new Set(run.map((i) => model.gs[i] + model.hs[i]))].sort((a, b) => a - b);
  assert.deepEqual(model.labels(head), [`✂ ${run.length} pruned`, `f ${fs.join(', ')} > ${model.threshold}`]);
  assert.match(model.describe(head), new RegExp(`^${run.length} pruned children folded, nodes ${model.ids[head]} to ${model.ids[run.at(-1)]}: f .* > threshold ${model.threshold}\\. Enter opens them\\.$`));
  assert.equal(model.svg({ colours: {} }).match(/<g class="node prune/g).length, [...Array(model.count).keys()].filter((i) => model.kinds[i] === 1 && !model.folded(i)).length);
  assert.equal(model.svg({ colours: {} }).match(/<g class="node prune folded"/g).length, [...Array(model.count).keys()].filter((i) => model.foldSize[i] > 1).length);
  // Right from a run's mark skips its folded nodes.
  const right = model.neighbour(head, 'ArrowRight');
  assert.ok(right === head || !model.folded(right));
  // Open: the run's nodes each get a slot; the layout stays valid.
  const width = model.width;
  assert.equal(model.open(run[1]), true);
  assert.equal(model.open(run[1]), false, 'open already');
  assert.ok(run.every((i) => !model.folded(i)));
  assert.ok(model.width > width, `opened: ${model.width} slots, folded ${width}`);
  assertLayout(model);
  assertRuns(model);
  // The rest of the search folds as before; folding off lays every node out.
  feed(model, solver.stepMany(300));
  assertLayout(model);
  assertRuns(model);
  model.setFolding(false);
  assertLayout(model);
  assert.ok([...Array(model.count).keys()].every((i) => !model.folded(i)));
  solver.free();
});

test('finished nodes never move: positions are stable as the iteration grows', () => {
  const solver = new Solver({ board: LECTURE });
  const model = new TreeModel();
  // To iteration 4 (2,496 nodes), a few events at a time.
  while (model.iteration < 4) feed(model, solver.stepMany(1));
  const snapshots = [];
  for (let round = 0; round < 40; round += 1) {
    feed(model, solver.stepMany(40));
    if (model.iteration !== 4) break;
    model.layout();
    const onPath = new Set(model.path());
    const fixed = new Map();
    for (let i = 0; i < model.count; i += 1) if (!onPath.has(i)) fixed.set(i, model.xs[i]);
    for (const earlier of snapshots) for (const [i, x] of earlier) if (!onPath.has(i)) assert.equal(model.xs[i], x, `node ${i} moved`);
    snapshots.push(fixed);
  }
  assert.ok(snapshots.length > 10);
  solver.free();
});

test('frontier searches: every generated and skipped node drawn, laid out level by level without overlap', () => {
  for (const algorithm of ['bfs', 'dfs', 'greedy', 'astar']) {
    const solver = new Solver({ board: LECTURE, algorithm });
    const model = new TreeModel();
    model.setFrontierSearch(true);
    let steps = 0;
    for (;;) {
      const words = solver.stepMany(500);
      if (words.length === 0) break;
      feed(model, words);
      if ((steps += 1) % 3 === 0) assertLayout(model); // the layout is replayed after changes
    }
    model.solvedAlong(Array.from(solver.solution));
    assertLayout(model);
    const summary = solver.summary();
    assert.equal(model.nodes, model.generated + model.skipped, algorithm);
    assert.equal(model.nodes, summary.nodes, `${algorithm}: generated and skipped nodes, the start included`);
    assert.ok(model.generated >= summary.reached, `${algorithm}: a generate event per reached state (A* may reach one again, cheaper)`);
    assert.equal(model.expanded, solver.expanded, algorithm);
    assert.equal(model.count, Math.min(DRAW_LIMIT, model.nodes), algorithm);
    assert.equal(model.count + model.undrawn, model.nodes);
    assert.equal(model.solved, true);
    if (model.undrawn === 0) assert.deepEqual(model.movesTo(model.current), Array.from(solver.solution), `${algorithm}: the starred path is the solution`);
    assert.ok(summary.reached > 0);
    solver.free();
  }
});

test('beyond the limit: 50,000 nodes drawn, the rest counted on their deepest drawn ancestor', () => {
  const solver = new Solver({ board: KORF_1, heuristic: 'manhattan', goal: 'blank-first' });
  const model = new TreeModel();
  let big = null;
  const started = performance.now();
  while (!big) {
    const words = solver.stepMany(50000);
    assert.ok(words.length > 0);
    feed(model, words);
    if (model.nodes > DRAW_LIMIT + 20000) big = model;
  }
  const ms = performance.now() - started;
  assert.equal(model.count, DRAW_LIMIT);
  assert.ok(model.capacity <= DRAW_LIMIT, `arrays hold ${model.capacity} nodes at most`);
  assert.equal(model.count + model.undrawn, model.nodes);
  let counted = 0;
  for (let i = 0; i < model.count; i += 1) counted += model.moreVisited[i] + model.morePruned[i];
  assert.equal(counted, model.undrawn, 'every node beyond the limit is counted under a drawn ancestor');
  assert.match(model.note(), /^Iteration \d+, threshold \d+: [\d,]+ visited, [\d,]+ pruned\. The first 50,000 nodes are drawn; the other [\d,]+ are counted only .*\. Each node drawn costs the page time: Solve now, which draws none, searches many times faster\.$/);
  assertLayout(model);
  const current = model.currentNode();
  assert.ok(current >= 0 && model.path().at(-1) === current, 'the current path ends at the deepest drawn node');
  console.log(`# ${model.nodes.toLocaleString('en')} nodes of iteration ${model.iteration} (with the events before) fed in ${ms.toFixed(0)} ms`);
  solver.free();
});

test('the live strip\'s samples: the path\'s shallowest and deepest depth since the last sample, where it is now, never deeper than the threshold', () => {
  const solver = new Solver({ board: KORF_1, heuristic: 'manhattan', goal: 'blank-first' });
  const model = new TreeModel({ limit: 200, folding: true });
  let samples = 0;
  while (samples < 60) {
    const words = solver.stepMany(5000);
    // The path's depths seen event by event, between two samples.
    let low = model.openPath.depth, high = model.openPath.depth;
    for (let o = 0; o < words.length; o += RECORD_WORDS) {
      feed(model, words.subarray(o, o + RECORD_WORDS));
      // A new iteration: its path starts over, and so does the range.
      if (recordKind(words, o) === KIND.iteration) low = high = 0;
      low = Math.min(low, model.openPath.depth); high = Math.max(high, model.openPath.depth);
    }
    const sample = model.sampleDepth();
    const top = model.openPath.top();
    assert.deepEqual(sample, { low, high, depth: model.openPath.depth, f: top ? top.g + top.h : 0 });
    assert.ok(sample.high - 1 <= model.threshold && sample.f <= model.threshold, JSON.stringify({ sample, threshold: model.threshold }));
    samples += 1;
  }
  assert.ok(model.undrawn > 0);
  solver.free();
});

test('navigation: Up the parent, Down the first child, Left and Right the siblings; it stays at the ends', () => {
  const solver = new Solver({ board: LECTURE });
  const model = new TreeModel();
  while (model.iteration < 3 || model.nodes < 120) feed(model, solver.stepMany(1));
  const root = 0;
  assert.equal(model.neighbour(root, 'ArrowUp'), root, 'the root has no parent');
  const first = model.neighbour(root, 'ArrowDown');
  assert.equal(model.parents[first], root);
  assert.equal(model.firstChild[root], first);
  assert.equal(model.neighbour(first, 'ArrowLeft'), first, 'the first child has no previous sibling');
  const second = model.neighbour(first, 'ArrowRight');
  assert.notEqual(second, first);
  assert.equal(model.parents[second], root);
  assert.ok(model.xs[second] > model.xs[first]);
  assert.equal(model.neighbour(second, 'ArrowLeft'), first);
  assert.equal(model.neighbour(second, 'ArrowUp'), root);
  let last = first;
  while (model.neighbour(last, 'ArrowRight') !== last) last = model.neighbour(last, 'ArrowRight');
  assert.equal(last, model.lastChild[root]);
  const leaf = model.path().at(-1);
  assert.equal(model.neighbour(leaf, 'ArrowDown') === leaf || model.firstChild[leaf] >= 0, true);
  assert.equal(model.neighbour(-1, 'ArrowDown'), 0, 'without a selection the keys start at the root');
  assert.match(model.describe(first), /^Node \d+: slid \d+, g 1, h \d+, f \d+, (visited|pruned, f > threshold 21)\.$/);
  const node = model.nodeAt(first);
  assert.deepEqual(Object.keys(node).sort(), ['g', 'h', 'id', 'index', 'kind', 'pruned', 'threshold', 'tile', 'visited']);
  assert.equal(model.hit(model.cx(first), model.cy(first)), first, 'the point at a node\'s centre hits it');
  assert.equal(model.hit(model.cx(first) + SLOT_W / 2 + 1, model.cy(first)) === first, false);
  solver.free();
});

test('the SVG export holds every drawn node with its kind, and escapes text', () => {
  const solver = new Solver({ board: LECTURE });
  const model = new TreeModel();
  while (model.iteration < 3 || model.nodes < 270) feed(model, solver.stepMany(1));
  const colours = new Proxy({}, { get: (_, name) => (name === 'then' ? undefined : '#123456') });
  const text = model.svg({ colours, title: 'a < b & "c"' });
  assert.equal((text.match(/<g class="node /g) ?? []).length, model.count);
  assert.equal((text.match(/<g class="node prune/g) ?? []).length, model.pruned);
  assert.match(text, /<title>a &lt; b &amp; &quot;c&quot;<\/title>/);
  assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="/);
  assert.equal(new TreeModel().svg({ colours }), null, 'an empty tree has no SVG');
  solver.free();
});
