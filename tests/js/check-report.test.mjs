// check-report.js: the words of a verdict, the student's lines before the divergence and the
// core's events beside them, on the teaching text's Python solver (tests/check/ida_star.py)
// with and without its mistakes, checked by the built wasm package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as core from '../../www/pkg/tilesearch.js';
import {
  KIND_WORDS, headline, summaryText, announcement, eventParts, differing, linesBefore, coreEventsBefore, alignRows, checkWithContext, orderWords,
} from '../../www/check-report.js';

const root = new URL('../../', import.meta.url);
core.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const BOARD = '6 4 5 8 2 7 1 0 3';
const python = (...args) => execFileSync('python3', [new URL('tests/check/ida_star.py', root).pathname, BOARD, ...args], { maxBuffer: 1 << 28 }).toString();

test('every kind the core names has words', () => {
  const kinds = readFileSync(new URL('www/pkg/tilesearch.d.ts', root), 'utf8').match(/export type Divergence = ([^;]+);/)[1].match(/"[a-z-]+"/g).map((k) => JSON.parse(k));
  assert.ok(kinds.length >= 14);
  assert.deepEqual(Object.keys(KIND_WORDS).sort(), kinds.sort());
});

test('linesBefore keeps the last event lines before a line, skipping other output and backtracks', () => {
  const text = 'hello\n{"type":"iteration","threshold":3}\n  {"type":"node","g":0,"h":3,"f":3,"tile":null}\n{"type":"backtrack","id":0}\n\n{"type":"prune","g":1}\nlast\n';
  assert.deepEqual(linesBefore(text, 6, 2), { lines: [{ line: 2, text: '{"type":"iteration","threshold":3}' }, { line: 3, text: '{"type":"node","g":0,"h":3,"f":3,"tile":null}' }], current: '{"type":"prune","g":1}' });
  assert.deepEqual(linesBefore(text, 1, 3), { lines: [], current: 'hello' });
  // The end of the trace (a truncated or correct one): the last event lines, no current line.
  assert.deepEqual(linesBefore(text, null, 1), { lines: [{ line: 6, text: '{"type":"prune","g":1}' }], current: null });
  assert.deepEqual(linesBefore('', null, 3), { lines: [], current: null });
  assert.deepEqual(linesBefore('a\r\nb\r\n', 2, 3), { lines: [], current: 'b' });
});

test('a correct trace: the summary in words, its last lines beside the core\'s last events', () => {
  const { verdict, context } = checkWithContext(core, { board: BOARD }, python());
  assert.equal(verdict.ok, true);
  assert.equal(headline(verdict), 'Correct IDA*');
  assert.equal(summaryText(verdict.summary), '5 iterations, 3,304 visited, 2,126 pruned, a solution of 25 moves, move order udlr (blank up, down, left, right)');
  assert.match(announcement(verdict), /^Your trace is correct IDA\*: 5 iterations/);
  const rows = alignRows(verdict, context);
  assert.equal(rows.length, 3);
  assert.ok(rows.every((row) => !row.diverges));
  assert.deepEqual(rows.at(-1).yours, [['type', 'solved'], ['length', '25 moves']]);
  assert.deepEqual(rows.at(-1).ida, rows.at(-1).yours);
});

test('no-prune: line 3 beside the core\'s prune, the type marked as differing', () => {
  const { verdict, context } = checkWithContext(core, { board: BOARD }, python('no-prune'));
  assert.equal(headline(verdict), 'Not pruned, at line 3');
  const rows = alignRows(verdict, context);
  assert.deepEqual(rows.map((row) => [row.line, row.diverges]), [[1, false], [2, false], [3, true]]);
  assert.deepEqual(rows[1].yours, [['type', 'node'], ['tile', 'start'], ['g', 'g 0'], ['h', 'h 17'], ['f', 'f 17']]);
  assert.deepEqual(rows[1].ida, rows[1].yours);
  assert.deepEqual([...differing(rows[2].yours, rows[2].ida)], ['type']);
  assert.equal(rows[2].ida.at(-1)[1], '> 17');
});

test('wrong-f: the f field differs and nothing else; the matched rows pair line for event', () => {
  const { verdict, context } = checkWithContext(core, { board: BOARD }, python('wrong-f'));
  const rows = alignRows(verdict, context);
  const last = rows.at(-1);
  assert.equal(last.line, 11);
  assert.deepEqual([...differing(last.yours, last.ida)], ['f']);
  for (const row of rows.slice(0, -1)) assert.deepEqual(row.yours, row.ida, `line ${row.line}`);
});

test('a reverse move has no event of the core beside it; a truncated trace has no line of the student', () => {
  const reverse = checkWithContext(core, { board: BOARD }, python('no-reverse-check'));
  assert.equal(reverse.verdict.kind, 'reverse-move');
  assert.equal(alignRows(reverse.verdict, reverse.context).at(-1).ida, null);
  const full = python();
  const cut = full.split('\n').slice(0, 40).join('\n');
  const truncated = checkWithContext(core, { board: BOARD }, cut);
  assert.equal(truncated.verdict.kind, 'truncated');
  const rows = alignRows(truncated.verdict, truncated.context);
  assert.equal(rows.at(-1).yours, null);
  assert.equal(rows.at(-1).line, null);
  // The lines before matched: no field differs (a prune's threshold is the core's alone).
  assert.deepEqual([...differing(rows.at(-2).yours, rows.at(-2).ida)], []);
  assert.deepEqual(rows.at(-2).yours, rows.at(-2).ida.slice(0, rows.at(-2).yours.length));
});

test('a line that is not JSON is shown as written', () => {
  const { verdict, context } = checkWithContext(core, { board: BOARD }, '{"type":"iteration","threshold":17}\n{oops\n');
  const last = alignRows(verdict, context).at(-1);
  assert.equal(verdict.kind, 'unexpected-event');
  assert.equal(last.yours, null);
  assert.equal(last.raw, '{oops');
});

test('coreEventsBefore leaves backtracks out and ends right before the position', () => {
  const events = coreEventsBefore(core.Solver, { board: BOARD }, 'lrud', 30, 5);
  assert.equal(events.length, 5);
  assert.ok(events.every((event) => event.type !== 'backtrack'));
  const solver = new core.Solver({ board: BOARD });
  const all = [];
  for (let i = 0; i < 30; i += 1) all.push(solver.step());
  solver.free();
  assert.deepEqual(events, all.filter((event) => event.type !== 'backtrack').slice(-5));
});

test('eventParts and orderWords', () => {
  assert.equal(eventParts(null), null);
  assert.deepEqual(eventParts({ type: 'raise', from: 17, to: 19 }), [['type', 'raise'], ['from', 'from 17'], ['to', 'to 19']]);
  assert.deepEqual(eventParts({ type: 'iteration' }), [['type', 'iteration']]);
  assert.equal(orderWords('rdlu'), 'blank right, down, left, up');
});

test('bad options are the core\'s errors', () => {
  assert.throws(() => checkWithContext(core, { board: '1 2 3 4 5 6 8 7 0' }, ''), { name: 'TileSearchError', message: /unsolvable/ });
});
