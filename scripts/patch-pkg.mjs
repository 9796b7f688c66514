// Puts the guard (scripts/pkg-guard.js) over wasm-bindgen's generated glue, after
// `wasm-bindgen --target web --out-dir www/pkg`:
//   www/pkg/tilesearch.js       → renamed www/pkg/tilesearch_glue.js, unchanged
//   scripts/pkg-guard.js        → www/pkg/tilesearch.js, plus a guarded export of every function
//                                 that tilesearch.d.ts declares (the classes are the guard's)
// so pages still import ./pkg/tilesearch.js with the same names, default init, initSync and
// tilesearch.d.ts. The glue is not edited: nothing here depends on its text. The guard relies
// on two conventions of the glue: its private members are named `__…`, and it refuses an
// argument of the wrong class with "expected instance of <Class>" before entering wasm; the
// check at the end (the built package used as a page would use it) fails the build if either,
// or any export, is not as expected.
//
// Usage: node scripts/patch-pkg.mjs [www/pkg]
import { readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const MARK = '// tilesearch: the guard over the generated glue';
let dir = process.argv[2] ?? 'www/pkg';
if (dir.endsWith('.js')) dir = resolve(dir, '..'); // the old usage named the glue file
const file = (name) => join(dir, name);

function fail(message) {
  console.error(`patch-pkg: ${message}`);
  process.exit(1);
}

const generated = readFileSync(file('tilesearch.js'), 'utf8');
if (generated.includes(MARK)) fail(`${file('tilesearch.js')} is guarded already: run wasm-bindgen first`);
if (!generated.includes('export class Solver') || !generated.includes('export class PatternDatabaseBuilder')) {
  fail(`${file('tilesearch.js')} does not look like wasm-bindgen's glue of tilesearch`);
}
renameSync(file('tilesearch.js'), file('tilesearch_glue.js'));

// The public names, as tilesearch.d.ts declares them.
const dts = readFileSync(file('tilesearch.d.ts'), 'utf8');
const declared = (kind) => [...dts.matchAll(new RegExp(`^export ${kind} (\\w+)`, 'gm'))].map((m) => m[1]);
const classes = declared('class');
const functions = declared('function');
if (!/^export default function /m.test(dts)) fail('tilesearch.d.ts declares no default init');
const guarded = ['Solver', 'PatternDatabaseBuilder', 'ParallelSearch', 'PacketSearcher', 'RunProfiler'];
if (classes.sort().join() !== [...guarded].sort().join()) {
  fail(`tilesearch.d.ts declares the classes ${classes.join(', ')}; the guard wraps ${guarded.join(', ')}`);
}

const guard = readFileSync(new URL('pkg-guard.js', import.meta.url), 'utf8');
writeFileSync(file('tilesearch.js'), [
  '/* @ts-self-types="./tilesearch.d.ts" */',
  `${MARK} (written by scripts/patch-pkg.mjs from scripts/pkg-guard.js)`,
  guard.trimEnd(),
  ...functions.filter((name) => name !== 'initSync').map((name) => `export const ${name} = guardFunction(glue.${name}, '${name}');`),
  '',
].join('\n'));

// The check: the package as a page uses it.
const glue = await import(pathToFileURL(resolve(file('tilesearch_glue.js'))).href);
const pkg = await import(pathToFileURL(resolve(file('tilesearch.js'))).href);
pkg.initSync({ module: readFileSync(file('tilesearch_bg.wasm')) });
const expected = ['default', ...classes, ...functions].sort();
if (Object.keys(pkg).sort().join() !== expected.join()) {
  fail(`tilesearch.js exports ${Object.keys(pkg).sort().join(', ')}; tilesearch.d.ts declares ${expected.join(', ')}`);
}
for (const name of Object.keys(glue)) {
  if (!expected.includes(name) && !name.startsWith('__')) fail(`the glue exports ${name}, which tilesearch.d.ts does not declare`);
}
if (typeof glue.__tilesearchGuardError !== 'function') fail('the module lacks __tilesearchGuardError (src/wasm/mod.rs)');
for (const name of guarded) {
  const members = (C) => Reflect.ownKeys(C.prototype).filter((k) => typeof k === 'string' && !k.startsWith('__')).sort().join();
  if (members(pkg[name]) !== members(glue[name])) {
    fail(`${name}: the guard has ${members(pkg[name])}, the glue ${members(glue[name])}`);
  }
  if (Reflect.ownKeys(pkg[name].prototype).some((k) => typeof k === 'string' && k.startsWith('__'))) {
    fail(`${name}: the guard exposes a private member of the glue`);
  }
}
const expectThrow = (f, kind, what) => {
  try {
    f();
  } catch (e) {
    if (e instanceof Error && e.name === 'TileSearchError' && e.kind === kind) return;
    fail(`${what}: threw ${e} (kind ${e?.kind}), expected a TileSearchError of kind ${kind}`);
  }
  fail(`${what}: did not throw`);
};
const solver = new pkg.Solver({ board: '1 2 3 4 0 6 7 5 8' });
expectThrow(() => solver.run({ onEvent: () => solver.nodes }), 'busy', 'a getter from onEvent');
if (solver.run().length !== 2) fail('a solver does not solve after a busy call');
solver.free();
solver.free();
expectThrow(() => solver.nodes, 'freed', 'a getter of a freed Solver');
expectThrow(() => pkg.Solver.prototype.step.call({}), 'wrong-this', 'a method on a foreign object');
const run = new pkg.ParallelSearch({ board: '1 2 3 4 0 6 7 5 8' });
expectThrow(() => run.searchWhole({}), 'invalid-option', 'an argument that is not of the class the method takes');
const lent = new pkg.PacketSearcher({ board: '1 2 3 4 0 6 7 5 8' });
lent.free();
expectThrow(() => run.searchWhole(lent), 'freed', 'a freed object as an argument');
run.free();
const builder = new pkg.PatternDatabaseBuilder('blank-last');
builder.free();
expectThrow(() => builder.work(1), 'freed', 'a method of a freed PatternDatabaseBuilder');
if (!existsSync(file('tilesearch_glue.js'))) fail('the glue is missing');
console.log(`patch-pkg: guarded ${guarded.join(', ')} and ${functions.length - 1} functions (initSync and init note the stack pointer)`);
