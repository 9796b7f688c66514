// The pseudo-code panel's mapping (www/pseudo-code.js) checked against real traces: every event
// of the built package's Solver, stepped one by one, lands on a line of the listing with the
// event's own numbers, and the listings are the teaching texts' code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { listing, variables, codeStep, explain, formatValue } from '../../www/model/pseudo-code.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });

const LECTURE = '6 4 5 8 2 7 1 0 3';
const EASY = '1 2 3 4 0 6 7 5 8';
const GRAPH = ['bfs', 'dfs', 'greedy', 'astar'];

/** Copies of the teaching texts (tests/data), as lines. */
const data = (name) => readFileSync(new URL(`tests/data/${name}`, root), 'utf8').split('\n');
/** A listing's lines as printed: four spaces per indent level. */
const printed = (algorithm) => listing(algorithm).lines.map((l) => '    '.repeat(l.indent) + l.text);
/** The live variables of a step by name. */
const varsOf = (step) => Object.fromEntries(step.vars.map((v) => [v.name, v.value]));

test("IDA*'s listing is the cheat sheet, both functions, word for word", () => {
  const notes = data('ida-star-cheat-sheet.txt');
  const first = notes.indexOf('IDA*(start):');
  const last = notes.indexOf('    return min');
  assert.ok(first >= 0 && last > first, 'the copied cheat sheet holds both functions');
  assert.deepEqual(printed('ida'), notes.slice(first, last + 1));
});

test("the graph searches' listings are the lecture's code; only the frontier's order (and A*'s reached set) differ", () => {
  const lecture = data('lecture-graph-search.txt').filter((l) => l !== '');
  // Lines that say how the frontier is ordered keep the lecture's code and change the comment.
  const code = (text) => text.replace(/\s+#.*$/, '');
  const ordered = new Set(['frontier-init', 'pop']);
  const astarOnly = new Set(['reached-init', 'check', 'push']);
  const ids = listing('bfs').lines.map((l) => l.id);
  for (const algorithm of GRAPH) {
    const lines = listing(algorithm).lines;
    assert.deepEqual(lines.map((l) => l.id), ids, `${algorithm}: the same line ids as BFS`);
    printed(algorithm).forEach((text, i) => {
      const id = lines[i].id;
      if (ordered.has(id)) assert.equal(code(text), code(lecture[i]), `${algorithm} ${id}`);
      else if (!(algorithm === 'astar' && astarOnly.has(id))) assert.equal(text, lecture[i], `${algorithm} ${id}`);
    });
  }
  assert.notEqual(listing('bfs').lines[4].text, listing('dfs').lines[4].text, 'BFS and DFS pop from different ends');
  assert.match(listing('astar').lines.find((l) => l.id === 'check').text, /^if child not in reached or /);
});

test('line ids are unique in each listing, and the variables are named for each algorithm', () => {
  for (const algorithm of ['ida', ...GRAPH]) {
    const ids = listing(algorithm).lines.map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length, algorithm);
    assert.ok(variables(algorithm).length > 0);
  }
  assert.deepEqual([...variables('ida')], ['threshold', 'g', 'h', 'f', 'min', 't']);
  assert.throws(() => listing('beam'), /no pseudo-code for the algorithm "beam"/);
  assert.throws(() => codeStep(null, { algorithm: 'beam' }), /beam/);
  assert.equal(formatValue(Infinity), 'INF');
  assert.equal(formatValue(12345), '12,345');
});

test('before the first event no line is highlighted, and the sentence says how to start', () => {
  for (const algorithm of ['ida', ...GRAPH]) {
    const step = codeStep(null, { algorithm });
    assert.equal(step.line, null);
    assert.deepEqual(step.vars, []);
    assert.match(step.text, /^Press Step to start/);
  }
});

/**
 * Steps a whole search and hands each event with its step to `check`, keeping the context the
 * way the widget does: every number is the one after the event (threshold from the solver, the
 * smallest pruned f reset at each iteration, the counters from the solver).
 */
function walk(options, check) {
  const algorithm = options.algorithm ?? 'ida';
  const solver = new Solver(options);
  const kinds = new Set();
  const counts = {};
  const ids = new Set(listing(algorithm).lines.map((l) => l.id));
  const context = { algorithm, heuristic: 'manhattan', min: Infinity, rootId: null };
  let smallest = Infinity; // kept apart from the context: what `min` must equal
  let event, count = 0;
  try {
    while ((event = solver.step()) !== undefined) {
      count += 1;
      kinds.add(event.type);
      counts[event.type] = (counts[event.type] ?? 0) + 1;
      if (event.type === 'iteration') { context.min = Infinity; smallest = Infinity; }
      const before = context.min;
      if (event.type === 'prune') { context.min = Math.min(context.min, event.f); smallest = Math.min(smallest, event.f); }
      if (event.type === 'node' && event.parent === null) context.rootId = event.id;
      Object.assign(context, { threshold: solver.threshold, frontier: solver.frontierSize, expanded: solver.expanded,
        reached: algorithm === 'ida' ? undefined : solver.summary().reached });
      const step = codeStep(event, { ...context });
      if (event.type === 'prune') {
        // The widget may count a prune in `min` before or after asking: the same step either way.
        assert.deepEqual(codeStep(event, { ...context, min: before }), step, 'min given before the prune');
      }
      if (event.type === 'gaveup') assert.equal(step.line, null, 'no line of the lecture is a memory guard');
      else assert.ok(ids.has(step.line), `${event.type} maps to a line of the listing, not ${step.line}`);
      assert.ok(step.text.length > 0 && !/undefined|NaN|null/.test(step.text), `a plain sentence: ${step.text}`);
      assert.equal(explain(event, { ...context }), step.text);
      for (const v of step.vars) assert.ok(variables(algorithm).includes(v.name), `${v.name} is a variable of ${algorithm}`);
      check(event, step, { context, smallest, solver });
    }
    return { kinds, count, counts, reached: solver.summary().reached };
  } finally {
    solver.free();
  }
}

function checkIda(event, step, { context, smallest }) {
  const vars = varsOf(step);
  if ('min' in vars) assert.equal(vars.min, smallest, `min is the smallest pruned f of this iteration (${event.type})`);
  switch (event.type) {
    case 'iteration':
      assert.equal(step.line, event.iteration === 1 ? 'threshold-init' : 'call');
      assert.equal(vars.threshold, event.threshold);
      break;
    case 'node':
      assert.equal(step.line, 'f');
      assert.deepEqual([vars.g, vars.h, vars.f], [event.g, event.h, event.f]);
      assert.ok(vars.f <= vars.threshold, 'a visited node is within the threshold');
      assert.equal(vars.threshold, context.threshold);
      assert.match(step.text, /visited/);
      break;
    case 'prune':
      assert.equal(step.line, 'prune');
      assert.deepEqual([vars.g, vars.h, vars.f, vars.t], [event.g, event.h, event.f, event.f]);
      assert.ok(vars.f > vars.threshold && vars.threshold === event.threshold && event.threshold === context.threshold);
      assert.match(step.text, new RegExp(`= ${event.f} > threshold ${event.threshold}: pruned, return ${event.f}`));
      break;
    case 'backtrack':
      if (event.id === context.rootId) {
        assert.equal(step.line, 'return-min');
        assert.equal(vars.t, smallest, 'the start returns the smallest pruned f');
      } else {
        assert.equal(step.line, 'undo');
        assert.ok(!('g' in vars), 'no stale numbers of another node');
      }
      assert.match(step.text, /^Backtrack/);
      break;
    case 'raise':
      assert.equal(step.line, 'raise');
      assert.equal(vars.t, event.to);
      assert.equal(vars.threshold, event.to);
      assert.equal(event.to, smallest, 'the raise goes to the smallest pruned f (the trace agrees with min)');
      assert.match(step.text, /threshold raised/);
      break;
    case 'solved':
      assert.equal(step.line, 'goal');
      assert.equal(vars.g, event.length);
      assert.equal(vars.h, 0);
      break;
    default:
      assert.fail(`IDA* sent a ${event.type} event`);
  }
}

for (const board of [LECTURE, EASY]) {
  test(`IDA* on ${board}: every event on its line, with its numbers`, () => {
    let previous = null;
    const { kinds, count } = walk({ board }, (event, step, more) => {
      checkIda(event, step, more);
      if (previous === 'return-min') assert.equal(event.type, 'raise', 'a return from the start ends the iteration');
      previous = step.line;
    });
    assert.ok(count > 0);
    const expected = board === LECTURE ? ['backtrack', 'iteration', 'node', 'prune', 'raise', 'solved'] : ['iteration', 'node', 'prune', 'solved'];
    assert.deepEqual([...kinds].sort(), expected);
  });
}

function checkGraph(event, step, { solver }) {
  const vars = varsOf(step);
  const node = () => assert.deepEqual([vars.g, vars.h, vars.f], [event.g, event.h, event.f]);
  if ('iterations' in vars && event.type !== 'solved') assert.equal(vars.iterations, solver.expanded);
  switch (event.type) {
    case 'generate':
      assert.equal(step.line, event.parent === null ? 'frontier-init' : 'push');
      node();
      assert.equal(vars['len(frontier)'], event.frontier);
      assert.match(step.text, /[Gg]enerated/);
      break;
    case 'expand':
      assert.equal(step.line, 'pop');
      node();
      assert.equal(vars['len(frontier)'], event.frontier);
      assert.match(step.text, /expanded/);
      break;
    case 'skip':
      assert.equal(step.line, 'check');
      node();
      assert.match(step.text, /reached already/);
      break;
    case 'solved':
      assert.equal(step.line, 'goal');
      assert.equal(vars.g, event.length);
      assert.equal(vars.iterations, event.expanded);
      break;
    case 'gaveup':
      assert.equal(vars['len(reached)'], event.reached);
      assert.match(step.text, /memory guard/);
      break;
    default:
      assert.fail(`a frontier search sent a ${event.type} event`);
  }
}

for (const algorithm of GRAPH) {
  test(`${algorithm} on ${EASY}: every event on its line, with its numbers`, () => {
    const { kinds } = walk({ board: EASY, algorithm, maxReached: 5000 }, checkGraph);
    assert.deepEqual([...kinds].sort(), ['expand', 'generate', 'skip', 'solved']);
  });
}

test('a frontier search stopped by its memory guard highlights no line and says why', () => {
  for (const algorithm of ['dfs', 'bfs']) {
    const { kinds } = walk({ board: '8 6 7 2 5 4 3 0 1', algorithm, maxReached: 500 }, checkGraph);
    assert.ok(kinds.has('gaveup'), algorithm);
  }
});

test('A* on the lecture board: a state reached again by a shorter path goes on the frontier (the push line)', () => {
  const { kinds, counts, reached } = walk({ board: LECTURE, algorithm: 'astar', maxReached: 20000 }, checkGraph);
  assert.ok(kinds.has('solved'));
  assert.ok(counts.generate > reached, 'some states were generated again, by a shorter path');
});
