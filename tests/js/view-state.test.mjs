// The view state follows the core event by event: what Now shows (g, h, f of the node the
// search stands at, the iteration's threshold, the smallest pruned f) agrees with the board the
// core reports at every position, right after a raise and a backtrack too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver, describeBoard } from '../../www/pkg/tilesearch.js';
import { ViewState, CAUSES_KEPT } from '../../www/model/view-state.js';
import { snapshotOf } from '../../www/model/snapshot.js';
import { RECORD_WORDS } from '../../www/model/trace-records.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

/** Steps `options`' search one record at a time into a ViewState; calls check(view, event, solver) after each. */
function walk(options, check, limit = Infinity) {
  const solver = new Solver(options);
  const view = new ViewState();
  const reference = new Solver(options);
  let count = 0;
  for (;;) {
    const words = solver.stepMany(1);
    if (words.length === 0 || count >= limit) break;
    view.apply(words, 0);
    view.keepLast(words, 0);
    const event = reference.step();
    check(view, event, solver);
    count += 1;
  }
  solver.free();
  reference.free();
  return count;
}

for (const [board, heuristic] of [['6 4 5 8 2 7 1 0 3', 'manhattan'], ['8 6 7 2 5 4 3 0 1', 'linear-conflict'], ['5 1 3 4 2 6 7 0 9 10 11 8 13 14 15 12', 'manhattan']]) {
  test(`IDA* on ${board} (${heuristic}): Now agrees with the core's board at every event`, () => {
    let pruned = Infinity, raises = 0, backtracks = 0;
    const count = walk({ board, heuristic }, (view, event, solver) => {
      const h = describeBoard(solver.board, 'blank-last').h[heuristic];
      const numbers = view.numbers;
      assert.equal(view.index > 0, true);
      if (event.type === 'iteration') { pruned = Infinity; assert.equal(view.threshold, event.threshold); assert.equal(view.iteration, event.iteration); }
      if (event.type === 'prune') {
        pruned = Math.min(pruned, event.f);
        // The pruned child is judged, not entered: its numbers, the parent's board (and they say so).
        assert.deepEqual(numbers, { g: event.g, h: event.h, f: event.f, about: 'child' });
        assert.equal(solver.path.length, event.g - 1);
      } else if (event.type === 'raise') {
        raises += 1;
        assert.deepEqual(numbers, {}, 'between iterations no node is current');
        assert.equal(view.threshold, event.from, 'the threshold of the iteration that ended');
        assert.equal(view.raisedTo, event.to);
        assert.equal(view.minPruned, event.to, 'the next threshold is the smallest pruned f');
      } else if (event.type === 'node' || event.type === 'backtrack' || event.type === 'solved') {
        if (event.type === 'backtrack') backtracks += 1;
        if (view.depth === 0) {
          assert.deepEqual(numbers, {});
        } else {
          // The node the board shows: its g is the path's length, its h the board's.
          assert.equal(numbers.g, solver.path.length, JSON.stringify(event));
          assert.equal(numbers.h, h, JSON.stringify(event));
          assert.equal(numbers.about, 'node', 'the numbers are those of the board shown');
        }
      }
      if (event.type !== 'raise') assert.equal(view.threshold, solver.threshold);
      assert.equal(view.minPruned, pruned);
      assert.deepEqual(decode(view.lastRecord), event.type);
    });
    assert.ok(count > 50 && raises > 0 && backtracks > 0);
  });
}

const decode = (record) => ['iteration', 'node', 'prune', 'backtrack', 'raise', 'solved', 'expand', 'generate', 'skip', 'gaveup'][record[0]] ?? record[0];

test('BFS and A*: Now shows the node expanded, generated or skipped last', () => {
  for (const algorithm of ['bfs', 'astar']) {
    walk({ board: '6 4 5 8 2 7 1 0 3', algorithm }, (view, event) => {
      if (['expand', 'generate', 'skip'].includes(event.type)) {
        assert.deepEqual(view.numbers, { g: event.g, h: event.h, f: event.f, about: event.type === 'expand' ? 'node' : 'child' });
      }
      if (event.type === 'solved') assert.deepEqual(view.numbers, {});
      assert.equal(view.iteration, 0);
    }, 3000);
  }
});

test('clear() is the state before the first event; records fed in one batch or one by one agree', () => {
  const solver = new Solver({ board: '6 4 5 8 2 7 1 0 3' });
  const words = solver.stepMany(400);
  const batch = new ViewState();
  for (let o = 0; o < words.length; o += RECORD_WORDS) batch.apply(words, o);
  const single = new ViewState();
  single.apply(words, 0);
  single.clear();
  assert.deepEqual([single.index, single.iteration, single.threshold, single.numbers, single.depth, single.minPruned], [0, 0, null, {}, 0, Infinity]);
  for (let o = 0; o < words.length; o += RECORD_WORDS) single.apply(words.slice(o, o + RECORD_WORDS), 0);
  assert.deepEqual([batch.index, batch.iteration, batch.threshold, batch.numbers, batch.depth, batch.minPruned, batch.rootId],
    [single.index, single.iteration, single.threshold, single.numbers, single.depth, single.minPruned, single.rootId]);
  solver.free();
});

test('a snapshot carries the summary, the board and (graph searches) the frontier head', () => {
  const ida = new Solver({ board: '6 4 5 8 2 7 1 0 3' });
  ida.stepMany(100);
  const s = snapshotOf(ida);
  assert.deepEqual([s.expanded, s.generated, s.threshold, s.iteration, s.board, s.frontier, s.frontierSize],
    [ida.expanded, ida.generated, ida.threshold, ida.iteration, ida.board, null, null]);
  assert.deepEqual(s.iterations, ida.summary().iterations);
  // Where each iteration so far starts, as stepping finds its iteration event.
  const stepper = new Solver({ board: '6 4 5 8 2 7 1 0 3' });
  const starts = [];
  for (let position = 0; position < 100; position += 1) if (stepper.step().type === 'iteration') starts.push(position);
  assert.ok(starts.length >= 2);
  assert.deepEqual(s.iterationStarts, starts);
  stepper.free();
  const bfs = new Solver({ board: '6 4 5 8 2 7 1 0 3', algorithm: 'bfs' });
  bfs.stepMany(100);
  const b = snapshotOf(bfs);
  assert.equal(b.frontierSize, bfs.frontierSize);
  assert.deepEqual(b.frontier, bfs.frontier(20));
  assert.equal(b.reached, bfs.summary().reached);
  ida.free(); bfs.free();
});

test("one open path: a view state reading the tree model's path shows what one keeping its own does", async () => {
  const { TreeModel } = await import('../../www/model/tree-model.js');
  const { KIND, dispatchRecords } = await import('../../www/model/trace-records.js');
  // A small drawing limit: nodes counted only stay on the path all the same.
  for (const [board, limit] of [['6 4 5 8 2 7 1 0 3', 50000], ['8 6 7 2 5 4 3 0 1', 40]]) {
    const solver = new Solver({ board });
    const own = new ViewState();
    const tree = new TreeModel({ limit });
    const shared = new ViewState(tree.openPath);
    const treeSink = (r) => {
      if (r.kind === KIND.iteration) tree.startIteration(r.iteration, r.threshold);
      else if (r.kind === KIND.node) tree.node(r.id, r.parent, r.g, r.h, r.tile);
      else if (r.kind === KIND.prune) tree.prune(r.id, r.parent, r.g, r.h, r.threshold, r.tile);
      else if (r.kind === KIND.backtrack) tree.backtrack(r.id);
    };
    let events = 0;
    for (let words; (words = solver.stepMany(1)).length > 0 && events < 20000; events += 1) {
      dispatchRecords(words, 1, [(r) => own.take(r), (r) => shared.take(r), treeSink]);
      assert.deepEqual(shared.numbers, own.numbers, `event ${events}`);
      assert.equal(shared.depth, own.depth, `event ${events}`);
    }
    assert.ok(events > 1000, `${events} events`);
    solver.free();
  }
});

// The raise's causes: at every raise, the children pruned in that iteration with f equal to the
// new threshold, in trace order (the first CAUSES_KEPT), and how many there are; read off the
// events themselves, not from the view state's rules. Manhattan's f rises by 0 or 2 a move, so
// on the 8-puzzle every pruned child has f = threshold + 2 and causes the raise; Hamming's rises
// by 0, 1 or 2, so there the causes are only some of the pruned children.
for (const [board, heuristic] of [['6 4 5 8 2 7 1 0 3', 'manhattan'], ['8 6 7 2 5 4 3 0 1', 'linear-conflict'], ['6 4 5 8 2 7 1 0 3', 'hamming'],
  ['5 1 3 4 2 6 7 0 9 10 11 8 13 14 15 12', 'manhattan']]) {
  test(`IDA* on ${board} (${heuristic}): the raise's causes are the iteration's pruned children with f = the new threshold`, () => {
    let prunes = [], raises = 0, fewer = 0;
    walk({ board, heuristic }, (view, event) => {
      if (event.type === 'iteration') prunes = [];
      if (event.type === 'prune') prunes.push(event);
      if (event.type !== 'raise') return;
      raises += 1;
      const expected = prunes.filter((p) => p.f === event.to);
      assert.ok(expected.length > 0, 'a raise takes the f of some pruned child');
      if (expected.length < prunes.length) fewer += 1;
      assert.equal(view.raisedTo, event.to);
      assert.equal(view.causeCount, expected.length);
      assert.deepEqual(view.causes, expected.slice(0, CAUSES_KEPT).map(({ id, g, h, f, tile }) => ({ id, g, h, f, tile })));
    });
    assert.ok(raises >= 2, `${raises} raises`);
    if (heuristic === 'hamming') assert.ok(fewer > 0, 'some raise is set by only part of the pruned children');
  });
}
