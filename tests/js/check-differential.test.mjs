// One verdict everywhere: a generated corpus of altered traces is checked by the CLI
// (`tilesearch check --json -`, the trace's bytes on standard input) and by the wasm
// `checkTrace` (the same bytes as a Uint8Array, and as a string where they are UTF-8), and
// every verdict must be identical. The alterations are the ones that once split the two:
// numbers written otherwise (17.0, 1.7e1, -0), duplicate keys, numbers at the ends of their
// range, byte-order marks and UTF-16, long lines, and plain edits (lines dropped, doubled,
// swapped, cut).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import * as core from '../../www/pkg/tilesearch.js';
import { random } from './seeded-random.mjs';

const root = new URL('../../', import.meta.url);
core.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
// The CLI `make test-js` builds (TILESEARCH_CLI), else the release build.
const CLI = resolve(new URL(root).pathname, process.env.TILESEARCH_CLI ?? 'target/release/tilesearch');
const SOLVER = new URL('tests/check/ida_star.py', root).pathname;
const BOARDS = ['6 4 5 8 2 7 1 0 3', '1 2 3 4 0 6 7 5 8', '8 1 3 4 0 2 7 6 5'];
const CASES = Number(process.env.DIFFERENTIAL_CASES ?? 160);

const encoder = new TextEncoder();
const utf16 = (text, little) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, little);
  for (let i = 0; i < text.length; i += 1) view.setUint16(2 + 2 * i, text.charCodeAt(i), little);
  return bytes;
};
const withBom = (bytes) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);

/** Alterations of one line's text (a JSON object as the Python solver prints it). */
const LINE_EDITS = [
  ['fraction', (l) => l.replace(/"(h|g|f|threshold|to)": (\d+)/, '"$1": $2.0')],
  ['exponent', (l) => l.replace(/"(h|g|f|threshold|to)": (\d)(\d*)/, (_, k, d, rest) => `"${k}": ${d}.${rest || '0'}e${rest.length}`)],
  ['minus zero', (l) => l.replace(/"g": 0\b/, '"g": -0')],
  ['duplicate key', (l) => l.replace(/}$/, ', "type": "node"}')],
  ['duplicate same value', (l) => l.replace(/"h": (\d+)/, '"h": $1, "h": $1')],
  ['largest whole', (l) => l.replace(/"h": \d+/, '"h": 9007199254740991')],
  ['past the largest', (l) => l.replace(/"h": \d+/, '"h": 9007199254740992')],
  ['i64 max', (l) => l.replace(/"g": \d+/, '"g": 9223372036854775807')],
  ['i64 min', (l) => l.replace(/"f": \d+/, '"f": -9223372036854775808')],
  ['huge', (l) => l.replace(/"f": \d+/, '"f": 1e400')],
  ['string number', (l) => l.replace(/"h": (\d+)/, '"h": "$1"')],
  ['boolean', (l) => l.replace(/"tile": (\w+)/, '"tile": true')],
  ['escaped type', (l) => l.replace('"node"', '"n\\u006fde"')],
  ['nested extra', (l) => l.replace(/}$/, ', "note": {"a": [1, [2, {"b": null}]], "c": "\\ud83d\\ude00"}}')],
  ['too deep', (l) => l.replace(/}$/, `, "x": ${'['.repeat(70)}${']'.repeat(70)}}`)],
  ['trailing comma', (l) => l.replace(/}$/, ',}')],
  ['cut', (l) => l.slice(0, Math.max(1, l.length >> 1))],
  ['text after', (l) => `${l} x`],
  ['single quotes', (l) => l.replaceAll('"', "'")],
  ['control character', (l) => l.replace('"type"', '"ty\u0001pe"')],
  ['spaces', (l) => l.replaceAll(': ', ' :  ').replaceAll(', ', ' ,\t')],
  ['leading zero', (l) => l.replace(/"h": (\d+)/, '"h": 0$1')],
  ['long line', (l) => l.replace(/}$/, `, "pad": "${'x'.repeat((1 << 20) + 10)}"}`)],
];

/** Alterations of the whole trace (lines as text). */
const TRACE_EDITS = [
  ['drop a line', (lines, at) => lines.filter((_, i) => i !== at)],
  ['double a line', (lines, at) => lines.flatMap((l, i) => (i === at ? [l, l] : [l]))],
  ['swap two lines', (lines, at) => lines.map((l, i) => (i === at ? lines[at + 1] ?? l : i === at + 1 ? lines[at] : l))],
  ['stop early', (lines, at) => lines.slice(0, at)],
  ['program output', (lines, at) => lines.flatMap((l, i) => (i === at ? ['moves: 3', l] : [l]))],
];

/** The encodings a file can come in. */
const ENCODINGS = [
  ['utf-8', (text) => encoder.encode(text)],
  ['utf-8 with a byte-order mark', (text) => withBom(encoder.encode(text))],
  ['utf-8, CRLF', (text) => encoder.encode(text.replaceAll('\n', '\r\n'))],
  ['utf-16le', (text) => utf16(text, true)],
  ['utf-16be', (text) => utf16(text, false)],
  ['not utf-8', (text) => { const b = encoder.encode(text); const i = b.indexOf(0x7b, b.length >> 1); if (i >= 0) b[i + 1] = 0xff; return b; }],
];

function corpus() {
  const next = random(24);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const bases = BOARDS.flatMap((board) => ['none', 'no-prune', 'wrong-f'].map((mistake) => ({
    board, mistake, lines: execFileSync('python3', [SOLVER, board, mistake], { maxBuffer: 1 << 28 }).toString().split('\n').filter(Boolean),
  })));
  const cases = [];
  for (let i = 0; i < CASES; i += 1) {
    const base = pick(bases);
    let lines = [...base.lines];
    // Most alterations land early in the trace: they are then not hidden by a mistake before them.
    const at = Math.floor(next() ** 2 * lines.length);
    const what = [];
    if (next() < 0.75) {
      const [name, edit] = pick(LINE_EDITS);
      lines[at] = edit(lines[at]);
      what.push(name);
    }
    if (next() < 0.35) {
      const [name, edit] = pick(TRACE_EDITS);
      lines = edit(lines, Math.min(at + 1, lines.length - 1));
      what.push(name);
    }
    const [encoding, encode] = next() < 0.6 ? ENCODINGS[0] : pick(ENCODINGS);
    what.push(encoding);
    const text = `${lines.join('\n')}\n`;
    cases.push({ board: base.board, what: `${base.mistake}: ${what.join(', ')} at line ${at + 1}`, bytes: encode(text), text: encoding === 'utf-8' ? text : null });
  }
  return cases;
}

test('the CLI and checkTrace give one verdict on every altered trace', { skip: !existsSync(CLI) && `build ${CLI} first (cargo build --release)` }, () => {
  const tally = { cases: 0, correct: 0, incorrect: 0, kinds: {} };
  for (const { board, what, bytes, text } of corpus()) {
    const run = spawnSync(CLI, ['check', '--json', '--board', board, '-'], { input: bytes, maxBuffer: 1 << 26 });
    assert.ok(run.status === 0 || run.status === 1, `${what}: exit ${run.status} ${run.stderr}`);
    const cli = JSON.parse(run.stdout.toString());
    const fromBytes = JSON.parse(JSON.stringify(core.checkTrace({ board }, bytes)));
    assert.deepEqual(fromBytes, cli, `${what}: the bytes`);
    if (text !== null) {
      const fromText = JSON.parse(JSON.stringify(core.checkTrace({ board }, text)));
      assert.deepEqual(fromText, cli, `${what}: the string`);
    }
    tally.cases += 1;
    tally[cli.ok ? 'correct' : 'incorrect'] += 1;
    if (!cli.ok) tally.kinds[cli.kind] = (tally.kinds[cli.kind] ?? 0) + 1;
  }
  console.log(`# ${tally.cases} altered traces, identical verdicts from the CLI and checkTrace: ${tally.correct} correct, ${tally.incorrect} not (${JSON.stringify(tally.kinds)})`);
  assert.ok(tally.correct > 10 && tally.incorrect > 100, 'the corpus holds both verdicts');
});

test('an empty trace is refused alike: the CLI exits 3, checkTrace throws', { skip: !existsSync(CLI) && `build ${CLI} first (cargo build --release)` }, () => {
  const run = spawnSync(CLI, ['check', '--board', BOARDS[0], '-'], { input: '' });
  assert.equal(run.status, 3);
  assert.match(run.stderr.toString(), /the trace is empty/);
  assert.throws(() => core.checkTrace({ board: BOARDS[0] }, ''), { name: 'TileSearchError', message: /the trace is empty/ });
  assert.throws(() => core.checkTrace({ board: BOARDS[0] }, new Uint8Array()), { message: /the trace is empty/ });
  assert.throws(() => core.checkTrace({ board: BOARDS[0] }, [1, 2]), { message: /a string of JSON lines or a Uint8Array/ });
});
