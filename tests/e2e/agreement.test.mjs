// One moment on screen: at 200 positions of three searches (IDA* on a 3×3 and a 4×4 board, BFS
// on a 3×3 board), each reached by setting `position` (the core's seek), the board, Now, the
// tree, the timeline and the pseudo-code show the same moment, and it is the core's: the
// expectations come from a fresh Solver stepped there and the trace records up to it, read
// independently of the element's view state. Right after every raise too, and at every step of
// Play solution, which moves the board, Now, the tree's mark and the pseudo-code together.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, waitForState, screenshot, variant } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CASES = [
  { board: '6 4 5 8 2 7 1 0 3', algorithm: 'ida', samples: 70 },
  { board: '1 2 8 7 5 4 11 3 9 6 0 14 13 10 15 12', algorithm: 'ida', samples: 70, longer: true },
  { board: '2 3 6 1 5 0 4 7 8', algorithm: 'bfs', samples: 60 },
];

/** What the page shows, read in one task (so all of it is one moment). */
const shown = (page) => page.evaluate(() => {
  const element = document.querySelector('tile-search');
  const root = element.shadowRoot;
  const text = (selector) => root.querySelector(selector)?.textContent ?? null;
  const now = Object.fromEntries([...root.querySelectorAll('.now dd')].map((dd) => [dd.dataset.key, dd.textContent]));
  const line = root.querySelector('.code-panel [aria-current="step"]')?.dataset.line ?? null;
  const vars = Object.fromEntries([...root.querySelectorAll('.code-var')].map((v) => [v.querySelector('dt').textContent, v.querySelector('dd').textContent]));
  const rows = [...root.querySelectorAll('table.timeline tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent));
  // The board's name without what it adds about the last move ("tile 4 just slid").
  const board = root.querySelector('.board-host .board').getAttribute('aria-label').split(',')[0];
  return { state: element.state, board, now, line, vars, rows, narration: text('.narration') };
});

/** The core's moment after `n` events of `options`, from a fresh Solver and its records. */
const reference = (page, options, n) => page.evaluate(async ({ options, n }) => {
  const core = await import('/www/pkg/tilesearch.js');
  await core.default();
  const records = await import('/www/model/trace-records.js');
  const solver = new core.Solver(options);
  const words = n > 0 ? solver.stepMany(n) : new Uint32Array();
  const W = records.RECORD_WORDS;
  let iteration = 0, threshold = null, nodes = 0, rootId = null;
  for (let o = 0; o < words.length; o += W) {
    const kind = records.recordKind(words, o);
    if (kind === records.KIND.iteration) ({ iteration, threshold } = records.recordIteration(words, o)), nodes = 0;
    else if (kind === records.KIND.node) { nodes += 1; if (records.recordParent(words, o) === null) rootId = records.recordId(words, o); }
    else if (kind === records.KIND.prune || kind === records.KIND.generate || kind === records.KIND.skip) nodes += 1;
  }
  const event = words.length ? records.decodeRecord(words, words.length - W, Array.from(solver.solution ?? [])) : null;
  const board = solver.board;
  const h = core.describeBoard(board, 'blank-last').h.manhattan;
  const result = { event, board, h, path: solver.path.length, iteration, threshold, nodes, rootId, total: null };
  solver.free();
  return result;
}, { options, n });

const label = (tiles, width) => `Board: ${Array.from({ length: width }, (_, r) => tiles.slice(r * width, r * width + width).map((t) => (t === 0 ? 'blank' : t)).join(' ')).join(' / ')}`;
const dash = '–';

/** Checks one position; returns the last event's type. */
async function check(page, options, n, width) {
  await page.evaluate((n) => { document.querySelector('tile-search').position = n; }, n);
  await waitForState(page, (s) => s.position === n && s.status !== 'running' && s.lastEvent !== undefined);
  await page.waitForFunction(() => !/Drawing this iteration/.test(document.querySelector('tile-search').shadowRoot.querySelector('.progress').textContent));
  const [seen, ref] = [await shown(page), await reference(page, options, n)];
  const where = `${options.algorithm} ${options.board} at ${n} (${JSON.stringify(ref.event)})`;
  const e = ref.event;
  assert.deepEqual(seen.state.lastEvent, e, where);
  assert.equal(seen.board, label(ref.board, width), `board: ${where}`);
  // Now: g, h, f of the node the board shows (a pruned child is judged from its parent's board).
  let expected;
  if (!e || e.type === 'iteration' || e.type === 'raise' || (e.type === 'solved' && options.algorithm !== 'ida') || e.type === 'gaveup') expected = [dash, dash, dash];
  else if (e.type === 'backtrack') expected = e.id === ref.rootId ? [dash, dash, dash] : [ref.path, ref.h, ref.path + ref.h].map(String);
  else if (e.type === 'solved') expected = [String(e.length), '0', String(e.length)];
  else expected = [e.g, e.h, e.f].map(String);
  assert.deepEqual([seen.now.g, seen.now.h, seen.now.f], expected, `Now g h f: ${where}`);
  if (e && (e.type === 'node' || e.type === 'backtrack') && expected[1] !== dash) assert.equal(Number(seen.now.h), ref.h, `Now's h is the board's: ${where}`);
  if (options.algorithm === 'ida') {
    const threshold = !e ? dash : e.type === 'raise' ? `${e.from} → ${e.to}` : String(ref.threshold);
    assert.equal(seen.now.threshold, threshold, `Now threshold: ${where}`);
    assert.equal(seen.now.iteration, ref.iteration ? String(ref.iteration) : dash, `Now iteration: ${where}`);
    // The tree draws that iteration, all of its nodes so far; the timeline's row counts them alike.
    assert.equal(seen.state.tree.iteration, ref.iteration, `tree iteration: ${where}`);
    assert.equal(seen.state.tree.nodes, ref.nodes, `tree nodes: ${where}`);
    if (ref.iteration > 0) {
      const row = seen.rows[ref.iteration - 1];
      assert.equal(Number(row[2].replaceAll(',', '')) + Number(row[3].replaceAll(',', '')), ref.nodes, `timeline row: ${where}`);
      assert.equal(row[1], String(ref.threshold), `timeline threshold: ${where}`);
    }
    // The pseudo-code: the line of this event, the same threshold and g.
    const lines = { iteration: e?.iteration === 1 ? 'threshold-init' : 'call', node: 'f', prune: 'prune', raise: 'raise', solved: 'goal',
      backtrack: e?.id === ref.rootId ? 'return-min' : 'undo' };
    assert.equal(seen.line, e ? lines[e.type] : null, `code line: ${where}`);
    if (e) assert.equal(seen.vars.threshold, String(e.type === 'raise' ? e.to : ref.threshold), `code threshold: ${where}`);
    if (e && ['node', 'prune'].includes(e.type)) assert.equal(seen.vars.g, String(e.g), `code g: ${where}`);
  } else {
    assert.equal(seen.state.tree.nodes, ref.nodes, `tree nodes: ${where}`);
    const lines = { expand: 'pop', generate: e?.parent === null ? 'frontier-init' : 'push', skip: 'check', solved: 'goal' };
    assert.equal(seen.line, e ? lines[e.type] : null, `code line: ${where}`);
    if (e && e.type !== 'solved') assert.equal(seen.now.frontier, seen.state.reached === null ? dash : seen.now.frontier, where);
  }
  return e?.type ?? null;
}

for (const { board, algorithm, samples, longer = false } of CASES) {
  test(`${algorithm} on ${board}: board, Now, tree, timeline and pseudo-code agree at ${samples} positions and through Play solution`, variant(longer), async () => {
    const options = { board, algorithm, heuristic: 'manhattan', goal: 'blank-last' };
    const width = Math.sqrt(board.split(' ').length);
    const { page, context, errors } = await openExplorer(browser, `${server.url}#board=${board.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-last${algorithm === 'ida' ? '' : `&algorithm=${algorithm}`}`,
      { viewport: { width: 1280, height: 720 } });
    // The positions: every raise, the event before and after it, and random ones (a fixed seed).
    const { total, raises } = await page.evaluate(async (options) => {
      const core = await import('/www/pkg/tilesearch.js');
      await core.default();
      const solver = new core.Solver(options);
      const raises = [];
      let total = 0, event;
      while ((event = solver.step()) !== undefined) { total += 1; if (event.type === 'raise') raises.push(total); }
      solver.free();
      return { total, raises };
    }, options);
    let seed = 12345;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const positions = new Set([0, 1, 2, total - 1, total, ...raises.flatMap((r) => [r - 1, r, r + 1])]);
    while (positions.size < samples) positions.add(1 + Math.floor(random() * total));
    const order = [...positions].filter((n) => n >= 0 && n <= total).sort(() => random() - 0.5);
    const kinds = new Set();
    for (const n of order) kinds.add(await check(page, options, n, width));
    if (algorithm === 'ida') assert.ok(kinds.has('raise') && kinds.has('backtrack') && kinds.has('prune') && kinds.has('node'), [...kinds].join());
    await screenshot(page, `60-agreement-${algorithm}-${width}x${width}`);

    // Play solution from the solved position: at every move the board, Now, the tree's mark and
    // the pseudo-code's g are the solution's k-th board and its numbers.
    // Speed 4: a move every 250 ms (the moments are recorded in the page as they are drawn).
    await page.evaluate((total) => { const element = document.querySelector('tile-search'); element.speed = 4; element.position = total; }, total);
    const solved = await waitForState(page, (s) => s.status === 'solved' && s.position === total);
    const moves = solved.solution.moves;
    // The solution's boards and their h, from the core, before it plays.
    const boards = await page.evaluate(async ({ board, moves }) => {
      const core = await import('/www/pkg/tilesearch.js');
      await core.default();
      return moves.map((_, i) => { const tiles = core.boardAfter(board, moves.slice(0, i + 1)); return { tiles, h: core.describeBoard(tiles, 'blank-last').h.manhattan }; });
    }, { board, moves });
    // Every moment of the playback, recorded in the page as each move is drawn (the panels are
    // drawn in the task that moves the tree's mark): nothing depends on how fast this test polls.
    await page.evaluate(() => {
      const element = document.querySelector('tile-search');
      const root = element.shadowRoot;
      window.moments = [];
      new MutationObserver(() => {
        const now = Object.fromEntries([...root.querySelectorAll('.now dd')].map((dd) => [dd.dataset.key, dd.textContent]));
        const vars = Object.fromEntries([...root.querySelectorAll('.code-var')].map((v) => [v.querySelector('dt').textContent, v.querySelector('dd').textContent]));
        window.moments.push({ narration: root.querySelector('.narration').textContent, board: root.querySelector('.board-host .board').getAttribute('aria-label').split(',')[0],
          now, vars, selected: element.state.tree.selected?.g ?? null });
      }).observe(root.querySelector('.playback'), { childList: true, characterData: true, subtree: true });
      root.querySelector('[data-action="playSolution"]').click();
    });
    await page.waitForFunction((n) => window.moments.some((m) => m.narration.startsWith(`Solution move ${n} of`)), moves.length);
    const seen = new Set();
    for (const moment of await page.evaluate(() => window.moments)) {
      const k = Number(/^Solution move (\d+) of/.exec(moment.narration)?.[1] ?? 0);
      if (k > 0) {
        const expected = boards[k - 1];
        assert.equal(moment.board, label(expected.tiles, width), `playback board at move ${k}`);
        assert.deepEqual([moment.now.g, moment.now.h, moment.now.f], [k, expected.h, k + expected.h].map(String), `playback Now at move ${k}`);
        assert.equal(moment.selected, k, `the tree marks the solution's node at depth ${k}`);
        assert.equal(moment.vars.g, String(k), `the pseudo-code's g at move ${k}`);
        seen.add(k);
      }
    }
    assert.equal(seen.size, moves.length, `every move of the solution was checked (${seen.size} of ${moves.length})`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
