// check-report.js: the words of a verdict and the rows of the lines that matched before the
// divergence beside the core's events, on the teaching text's Python solver
// (tests/check/ida_star.py) with and without its mistakes, checked by the built wasm package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as core from '../../www/pkg/tilesearch.js';
import {
  KIND_WORDS, headline, summaryText, announcement, eventParts, differing, alignRows, orderWords,
} from '../../www/model/check-report.js';

const root = new URL('../../', import.meta.url);
core.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const BOARD = '6 4 5 8 2 7 1 0 3';
const python = (...args) => execFileSync('python3', [new URL('tests/check/ida_star.py', root).pathname, BOARD, ...args], { maxBuffer: 1 << 28 }).toString();

test('every kind the core names has words', () => {
  const kinds = readFileSync(new URL('www/pkg/tilesearch.d.ts', root), 'utf8').match(/export type Divergence = ([^;]+);/)[1].match(/"[a-z-]+"/g).map((k) => JSON.parse(k));
  assert.ok(kinds.length >= 14);
  assert.deepEqual(Object.keys(KIND_WORDS).sort(), kinds.sort());
});

test('a correct trace: the summary in words, its last lines beside the core\'s last events', () => {
  const verdict = core.checkTrace({ board: BOARD }, python());
  assert.equal(verdict.ok, true);
  assert.equal(headline(verdict), 'Correct IDA*');
  assert.equal(summaryText(verdict.summary), '5 iterations, 3,304 visited, 2,126 pruned, a solution of 25 moves, move order udlr (blank up, down, left, right)');
  assert.match(announcement(verdict), /^Your trace is correct IDA\*: 5 iterations/);
  const rows = alignRows(verdict);
  assert.equal(rows.length, 3);
  assert.ok(rows.every((row) => !row.diverges));
  assert.deepEqual(rows.at(-1).yours, [['type', 'solved'], ['length', '25 moves']]);
  assert.deepEqual(rows.at(-1).ida, rows.at(-1).yours);
});

test('no-prune: line 3 beside the core\'s prune, the type marked as differing', () => {
  const verdict = core.checkTrace({ board: BOARD }, python('no-prune'));
  assert.equal(headline(verdict), 'Not pruned, at line 3');
  const rows = alignRows(verdict);
  assert.deepEqual(rows.map((row) => [row.line, row.diverges]), [[1, false], [2, false], [3, true]]);
  assert.deepEqual(rows[1].yours, [['type', 'node'], ['tile', 'start'], ['g', 'g 0'], ['h', 'h 17'], ['f', 'f 17']]);
  assert.deepEqual(rows[1].ida, rows[1].yours);
  assert.deepEqual([...differing(rows[2].yours, rows[2].ida)], ['type']);
  assert.equal(rows[2].ida.at(-1)[1], '> 17');
});

test('wrong-f: the f field differs and nothing else; the matched rows pair line for event', () => {
  const verdict = core.checkTrace({ board: BOARD }, python('wrong-f'));
  const rows = alignRows(verdict);
  const last = rows.at(-1);
  assert.equal(last.line, 11);
  assert.deepEqual([...differing(last.yours, last.ida)], ['f']);
  for (const row of rows.slice(0, -1)) assert.deepEqual(row.yours, row.ida, `line ${row.line}`);
});

test('a reverse move has no event of the core beside it; a truncated trace has no line of the student', () => {
  const reverse = core.checkTrace({ board: BOARD }, python('no-reverse-check'));
  assert.equal(reverse.kind, 'reverse-move');
  assert.equal(alignRows(reverse).at(-1).ida, null);
  const full = python();
  const cut = full.split('\n').slice(0, 40).join('\n');
  const truncated = core.checkTrace({ board: BOARD }, cut);
  assert.equal(truncated.kind, 'truncated');
  const rows = alignRows(truncated);
  assert.equal(rows.at(-1).yours, null);
  assert.equal(rows.at(-1).line, null);
  // The lines before matched: no field differs (a prune's threshold is the core's alone).
  assert.deepEqual([...differing(rows.at(-2).yours, rows.at(-2).ida)], []);
  assert.deepEqual(rows.at(-2).yours, rows.at(-2).ida.slice(0, rows.at(-2).yours.length));
});

test('a line that is not JSON is shown as written', () => {
  const verdict = core.checkTrace({ board: BOARD }, '{"type":"iteration","threshold":17}\n{oops\n');
  const last = alignRows(verdict).at(-1);
  assert.equal(verdict.kind, 'unexpected-event');
  assert.equal(last.yours, null);
  assert.equal(last.raw, '{oops');
});

test('eventParts and orderWords', () => {
  assert.equal(eventParts(null), null);
  assert.deepEqual(eventParts({ type: 'raise', from: 17, to: 19 }), [['type', 'raise'], ['from', 'from 17'], ['to', 'to 19']]);
  assert.deepEqual(eventParts({ type: 'iteration' }), [['type', 'iteration']]);
  assert.equal(orderWords('rdlu'), 'blank right, down, left, up');
});

test('bad options are the core\'s errors', () => {
  assert.throws(() => core.checkTrace({ board: '1 2 3 4 5 6 8 7 0' }, ''), { name: 'TileSearchError', message: /unsolvable/ });
});
