// The pdb heuristic through the built package: before its databases exist it says so; a
// sliced build installs them; their bytes round-trip (the IndexedDB cache's path); damaged
// bytes are refused; a pdb solver is optimal on Korf instances.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/tilesearch.js';
import { parseKorf } from '../../www/model/korf.js';

const root = new URL('../../', import.meta.url);
wasm.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const korf = parseKorf(readFileSync(new URL('tests/data/korf100-blank-last.txt', root), 'utf8'));

test('pdb needs its databases, and a 4×4 board', () => {
  assert.equal(wasm.patternDatabasesReady('blank-last'), false);
  assert.throws(() => new wasm.Solver({ board: korf[0].slice(1), heuristic: 'pdb' }),
    (e) => e.kind === 'pdb-missing' && /not built yet/.test(e.message));
  assert.throws(() => new wasm.Solver({ board: '1 2 3 4 0 6 7 5 8', heuristic: 'pdb' }),
    (e) => e.kind === 'pdb-width' && /4×4/.test(e.message));
});

test('a sliced build installs the databases; their bytes round-trip; pdb solves optimally', () => {
  assert.throws(() => new wasm.PatternDatabaseBuilder('middle'), /unknown goal "middle"/);
  const builder = new wasm.PatternDatabaseBuilder('blank-last');
  assert.throws(() => builder.install(), /the build is not finished \(0 % done\): call work\(\) until it returns true$/);
  assert.throws(() => builder.work(0), /work\(budget\) takes a whole number from 1 to 1e9, got 0$/);
  assert.throws(() => builder.work(1.5), /work\(budget\) takes a whole number from 1 to 1e9, got 1\.5$/);
  assert.throws(() => builder.work(Infinity), /got Infinity$/);
  let slices = 0;
  let progress = 0;
  while (!builder.work(500000)) {
    assert.ok(builder.progress >= progress);
    progress = builder.progress;
    slices += 1;
    if (slices === 3) {
      // The percentage done, as a whole number.
      assert.throws(() => builder.install(), new RegExp(`the build is not finished \\(${Math.round(progress * 100)} % done\\)`));
    }
  }
  assert.ok(slices > 5);
  builder.install();
  // Installed: each later call says so, and what to do instead.
  const refused = (message) => (e) => e.kind === 'invalid-option' && e.message === message;
  for (let i = 0; i < 2; i += 1) {
    assert.throws(() => builder.install(), refused('this build was installed already (a build installs once): pdb solvers for the goal blank-last can be created'));
    assert.throws(() => builder.exportPart(), refused('this build made all three patterns and was installed already (exportPart() is for a build of one part): exportPatternDatabases("blank-last") gives the installed databases\' bytes'));
    assert.throws(() => builder.work(1), refused('this build was installed already: there is no work left'));
    assert.equal(builder.part, undefined);
    assert.equal(builder.progress, 1);
  }
  assert.equal(wasm.patternDatabasesReady('blank-last'), true);

  const bytes = wasm.exportPatternDatabases('blank-last');
  assert.ok(bytes instanceof Uint8Array && bytes.length > 28_000_000);
  wasm.loadPatternDatabases('blank-last', bytes);
  const damaged = bytes.slice();
  damaged[12345] ^= 0xff;
  assert.throws(() => wasm.loadPatternDatabases('blank-last', damaged), /SHA-256 digest is not that of this version.s build/);
  assert.throws(() => wasm.loadPatternDatabases('blank-first', bytes), /other goal convention/);
  assert.throws(() => wasm.loadPatternDatabases('blank-last', bytes.slice(0, 100)), /wrong size/);

  for (const n of [1, 2, 3, 12, 42, 88]) {
    const solver = new wasm.Solver({ board: korf[n - 1].slice(1), heuristic: 'pdb' });
    assert.equal(solver.run().length, korf[n - 1][0], `instance ${n}`);
    solver.free();
  }
  const described = wasm.describeBoard(korf[0].slice(1), 'blank-last');
  assert.ok(described.h.pdb >= described.h.manhattan);
});

test('built in three parts, as two or three workers build them at once, the databases load (the core checks the parts)', () => {
  const goal = 'blank-first';
  assert.throws(() => new wasm.PatternDatabaseBuilder(goal, 3), /part is the pattern to build, 0, 1 or 2, got 3$/);
  const parts = [0, 1, 2].map((part) => {
    const builder = new wasm.PatternDatabaseBuilder(goal, part);
    assert.equal(builder.part, part);
    while (!builder.work(1_000_000));
    assert.throws(() => builder.install(), new RegExp(`this build makes pattern ${part} only: exportPart\\(\\) it`));
    const bytes = builder.exportPart();
    builder.free();
    return bytes;
  });
  assert.deepEqual(parts.map((p) => p.length), [14_414_400, 14_414_400, 10_920]);
  assert.throws(() => wasm.loadPatternDatabaseParts(goal, [parts[1], parts[0], parts[2]]), /SHA-256 digest is not that of this version.s build/);
  assert.throws(() => wasm.loadPatternDatabaseParts('blank-last', parts), /SHA-256 digest/);
  assert.equal(wasm.patternDatabasesReady(goal), false, 'nothing installed by a refused call');
  wasm.loadPatternDatabaseParts(goal, parts.map((p) => p.buffer));
  assert.equal(wasm.patternDatabasesReady(goal), true);
  assert.equal(wasm.exportPatternDatabases(goal).length, 9 + 14_414_400 * 2 + 10_920);
  const first = parseKorf(readFileSync(new URL('tests/data/korf100-blank-first.txt', root), 'utf8'));
  const solver = new wasm.Solver({ board: first[11].slice(1), heuristic: 'pdb', goal });
  assert.equal(solver.run().length, first[11][0]);
  solver.free();
});
