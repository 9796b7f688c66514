// Builds dist/, the folder a teacher copies next to their notes (run after `make build`):
//   tile-search.js             ES module: importing it defines <tile-search> (with the class of
//   tile-search-element.js     this one, which defines nothing); the workers and wasm sit next
//   solver-worker.js           to them and are found from the module's own URL
//   tilesearch_bg.wasm
//   tile-search-standalone.js  one classic <script> with the wasm, the stylesheet and the workers
//                              inlined, for notes opened from disk (file://)
//   embed.html, embed.js       one widget configured from the query string, for an <iframe> (LMS pages)
//   slides.html, reveal/       a starter reveal.js deck (www/hosts/slides.html) with the reveal.js
//                              files it loads and their licence: it works wherever dist/ is served
//   _extensions/tile-search/   the Pandoc filter and Quarto extension (_extensions/ at the root)
//                              with the files above in its assets/
//   package.json, *.d.ts,      the npm package (npm pack ./dist): declarations from www/types/,
//   custom-elements.json,      the manifest by @custom-elements-manifest/analyzer, the README
//   README.md, LICENSE         from packaging/README.md
// The element's code is the same in both: only www/platform/assets.js is swapped for a build's variant.
// Prints every file's gzipped size and checks the budget (module + workers + the larger wasm ≤ 276 KiB: the
// explorer's pseudo-code, canvas tree and glossary took it from 142 to 153 KiB, predict mode to
// 160.5, "Check a trace" (the checker's rules and messages in wasm, its card) to 187.7, the
// parallel search's coordinator and packet searcher in wasm to 205.8, Solve now (the pool's
// teams, the driver, the pattern databases built in parts) to 214.4, one reader and JSON line
// parser for traces shared with the CLI (one verdict on the same bytes) to about 222, the
// raise's causes (marked in the tree, listed in Now) to 224.2, the whole run and heuristic quality
// (their panels, their pool job, and in the wasm RunProfiler and heuristicQuality) to 240.1,
// the tree's folded runs of pruned nodes, compact boxes and live strip to 242.3, the parallel
// search led from a worker (the packet-dealing loop now ships in the worker too) to 245.8, packets
// searched in slices (the core's begin and resume) to 246.8, the unsplit iterations searched in
// one call (the core's searchWhole, and the guard handing a method another object) to 248.8, the
// whole iteration on the whole screen (its sideways outline and dialog) to 252.3, the core built
// with shared memory for isolated pages (the choice of build, the workers' one memory, the guard's
// plain error without it) to 253.4, a small split iteration begun in the leading worker alone (the
// core's searchAhead, its prediction per iteration) to 255.2, the team on one memory (the
// parallel search's split iterations taken up by the workers through their shared memory, in
// the build with it, which became the larger wasm) to 265.1, and Solve now's hand-over (the page's
// own first 10 ms of search gone on from by the team, not searched again: the core's
// Solver.handOver and the coordinator resumed from it) to 273.5, and the heuristic quality's
// measures kept in the worker's core (a new board then asks only for its cell) to 274.5, and the
// Iterations and Compare panels saying what comes there before their first result, with the
// workers' word that their core is up, to 275.3).
import { build, transform } from 'esbuild';
import { copyFile, cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WWW = join(ROOT, 'www');
const DIST = join(ROOT, 'dist');
const BUDGET_KIB = 276;

for (const file of ['pkg/tilesearch.js', 'pkg/tilesearch_bg.wasm', 'pkg/tilesearch_shared_bg.wasm']) {
  if (!existsSync(join(WWW, file))) {
    console.error(`build-dist: www/${file} is missing: run \`make build\` first`);
    process.exit(1);
  }
}

const WORKERS = ['solver'];

const ELEMENT = join(WWW, 'element');
const PLATFORM = join(WWW, 'platform');
/** Resolves every import of www/platform/assets.js to `variant`, and `tilesearch:<name>-worker` to `workerSources[name]`. */
const assets = (variant, workerSources = {}) => ({
  name: 'tilesearch-assets',
  setup(b) {
    b.onResolve({ filter: /\/assets\.js$/ }, (args) =>
      (resolve(args.resolveDir, args.path) === join(PLATFORM, 'assets.js') ? { path: join(PLATFORM, variant) } : undefined));
    b.onResolve({ filter: /^tilesearch:\w+-worker$/ }, (args) => ({ path: args.path.slice('tilesearch:'.length, -'-worker'.length), namespace: 'tilesearch' }));
    b.onLoad({ filter: /.*/, namespace: 'tilesearch' }, (args) => ({ contents: workerSources[args.path], loader: 'text' }));
    // The stylesheet goes into the shadow root as text: minified, as the code is (its comments
    // and indentation were a sixth of the module build).
    b.onLoad({ filter: /\.css$/ }, async (args) => ({
      contents: (await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true, legalComments: 'none' })).code, loader: 'text' }));
  },
});

const common = {
  bundle: true, minify: true, target: ['es2022'], legalComments: 'none', logLevel: 'warning',
  loader: { '.css': 'text', '.wasm': 'binary' },
  // The glue's default wasm URL (import.meta.url) is never used: every build passes the module in.
  logOverride: { 'empty-import-meta': 'silent' },
};

await rm(DIST, { recursive: true, force: true });
await mkdir(DIST, { recursive: true });

// The ES module build: the class (tile-search-element.js, defines nothing) and the entry that
// defines <tile-search> with it (tile-search.js, a few lines importing the class).
await build({ ...common, entryPoints: [join(ELEMENT, 'tile-search-element.js')], format: 'esm', outfile: join(DIST, 'tile-search-element.js'),
  plugins: [assets('assets-dist.js')] });
// dist/ is flat: the entry's import of element/tile-search-element.js is its sibling there.
const flatElement = {
  name: 'tilesearch-flat-element',
  setup(b) { b.onResolve({ filter: /^\.\/element\/tile-search-element\.js$/ }, () => ({ path: './tile-search-element.js', external: true })); },
};
await build({ ...common, entryPoints: [join(WWW, 'tile-search.js')], format: 'esm', outfile: join(DIST, 'tile-search.js'),
  plugins: [flatElement] });
for (const name of WORKERS) {
  await build({ ...common, entryPoints: [join(WWW, 'workers', `${name}-worker.js`)], format: 'esm', outfile: join(DIST, `${name}-worker.js`) });
}
// Both builds of the core: a page loads one (the one with shared memory where it is cross-origin isolated).
const CORES = ['tilesearch_bg.wasm', 'tilesearch_shared_bg.wasm'];
for (const name of CORES) await copyFile(join(WWW, 'pkg', name), join(DIST, name));

// The standalone build: the workers as classic scripts' source text, inlined into one classic script.
const workerSources = {};
for (const name of WORKERS) {
  const worker = await build({ ...common, entryPoints: [join(WWW, 'workers', `${name}-worker.js`)], format: 'iife', write: false });
  workerSources[name] = worker.outputFiles[0].text;
}
await build({ ...common, entryPoints: [join(WWW, 'tile-search.js')], format: 'iife', outfile: join(DIST, 'tile-search-standalone.js'),
  plugins: [assets('assets-standalone.js', workerSources)] });

// The iframe page (www/hosts/frame.html and frame.js, renamed).
await build({ ...common, entryPoints: [join(WWW, 'hosts/frame.js')], format: 'esm', outfile: join(DIST, 'embed.js') });
await writeFile(join(DIST, 'embed.html'), (await readFile(join(WWW, 'hosts/frame.html'), 'utf8'))
  .replace('src="../tile-search.js"', 'src="tile-search.js"').replace('src="frame.js"', 'src="embed.js"')
  .replace('make build copies it to dist/embed.html', 'built from www/hosts/frame.html'));

// The starter deck: the sample deck with reveal.js's files (from npm) beside it in reveal/, so
// that it needs nothing but dist/.
const REVEAL = join(ROOT, 'node_modules/reveal.js');
const deck = (await readFile(join(WWW, 'hosts/slides.html'), 'utf8'))
  .replaceAll('../../node_modules/reveal.js/dist/', 'reveal/').replace('src="../../dist/tile-search.js"', 'src="tile-search.js"')
  .replace(/\n<link rel="icon" href="\.\.\/favicon\.svg"[^>]*>/, '\n<link rel="icon" href="data:,">')
  .replace(/<!-- reveal\.js from npm[^]*?-->/, '<!-- reveal.js 5 in reveal/ (its licence: reveal/LICENSE); the widgets from this folder. -->');
if (/node_modules|\.\.\//.test(deck)) throw new Error('build-dist: www/hosts/slides.html loads something outside dist/');
await writeFile(join(DIST, 'slides.html'), deck);
for (const file of ['reveal.js', 'reveal.css', 'theme/white.css']) await cp(join(REVEAL, 'dist', file), join(DIST, 'reveal', file));
await cp(join(REVEAL, 'dist/theme/fonts/source-sans-pro'), join(DIST, 'reveal/theme/fonts/source-sans-pro'), { recursive: true });
await copyFile(join(REVEAL, 'LICENSE'), join(DIST, 'reveal/LICENSE'));

// The Pandoc filter / Quarto extension, carrying both builds.
const EXTENSION = join(DIST, '_extensions/tile-search');
await cp(join(ROOT, '_extensions/tile-search'), EXTENSION, { recursive: true });
await mkdir(join(EXTENSION, 'assets'));
for (const name of ['tile-search.js', 'tile-search-element.js', ...WORKERS.map((w) => `${w}-worker.js`), ...CORES, 'tile-search-standalone.js']) {
  await copyFile(join(DIST, name), join(EXTENSION, 'assets', name));
}

// The npm package.
const version = (await readFile(join(ROOT, 'Cargo.toml'), 'utf8')).match(/^version = "([^"]+)"/m)[1];
const pkg = {
  name: 'tilesearch',
  version,
  description: 'A <tile-search> web component: IDA* on the 8- and 15-puzzle, step by step, with a Rust/wasm core',
  license: 'MIT',
  type: 'module',
  main: './tile-search.js',
  module: './tile-search.js',
  types: './tile-search.d.ts',
  exports: {
    '.': { types: './tile-search.d.ts', default: './tile-search.js' },
    './element': { types: './tile-search-element.d.ts', default: './tile-search-element.js' },
    './standalone': './tile-search-standalone.js',
    './tilesearch_bg.wasm': './tilesearch_bg.wasm',
    './tilesearch_shared_bg.wasm': './tilesearch_shared_bg.wasm',
    './solver-worker.js': './solver-worker.js',
    './embed.html': './embed.html',
    './custom-elements.json': './custom-elements.json',
    './package.json': './package.json',
  },
  // Only these define the element; tile-search-element.js may be tree-shaken when unused.
  sideEffects: ['./tile-search.js', './tile-search-standalone.js', './embed.js'],
  customElements: 'custom-elements.json',
  files: ['*.js', '*.d.ts', '*.wasm', 'embed.html', 'custom-elements.json', 'README.md', 'LICENSE'],
  keywords: ['web-component', 'custom-element', 'ida-star', 'search', 'sliding-puzzle', '8-puzzle', '15-puzzle', 'teaching', 'wasm'],
  browser: './tile-search.js',
};
await writeFile(join(DIST, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
for (const name of ['tile-search.d.ts', 'tile-search-element.d.ts']) await copyFile(join(WWW, 'types', name), join(DIST, name));
// The core's types (option names, events, summaries), as the wasm package declares them: every
// declaration after wasm-bindgen's lint header and before its first class (most are generated
// from the Rust types, in an order of wasm-bindgen's choosing), but the partial `Solver`
// interface that merges with the class.
const glueTypes = await readFile(join(WWW, 'pkg/tilesearch.d.ts'), 'utf8');
const HEADER = '/* tslint:disable */\n/* eslint-disable */\n';
const typesEnd = glueTypes.indexOf('\nexport class ');
if (!glueTypes.startsWith(HEADER) || typesEnd < 0) throw new Error('build-dist: www/pkg/tilesearch.d.ts does not have the expected layout');
const events = glueTypes.slice(HEADER.length, typesEnd).trimStart().replace(/\/\*\* `run\(options\?\)`[^]*?\nexport interface Solver \{[^]*?\n\}\n/, '');
const declared = ['TraceEvent', 'Heuristic', 'GoalConvention', 'SolverOptions', 'RunSummary', 'BoardDescription', 'Catalog'];
if (declared.some((name) => !new RegExp(`export (type|interface) ${name}\\b`).test(events)) || /export interface Solver\b/.test(events)) {
  throw new Error('build-dist: could not take the core\'s types from www/pkg/tilesearch.d.ts');
}
await writeFile(join(DIST, 'trace-events.d.ts'), `// The core's trace events and option names (from the wasm package's declarations).\n${events}`);
await copyFile(join(ROOT, 'packaging/README.md'), join(DIST, 'README.md'));
await copyFile(join(ROOT, 'LICENSE'), join(DIST, 'LICENSE'));
const manifest = spawnSync(join(ROOT, 'node_modules/.bin/cem'), ['analyze', '--globs', 'element/tile-search-element.js', 'tile-search.js', '--outdir', '../dist', '--quiet'],
  { cwd: WWW, encoding: 'utf8' });
if (manifest.status !== 0 || !existsSync(join(DIST, 'custom-elements.json'))) {
  console.error(`build-dist: the custom elements manifest failed:\n${manifest.stdout}${manifest.stderr}`);
  process.exit(1);
}
// dist/ is flat: the element's module is a sibling of the entry there.
const manifestPath = join(DIST, 'custom-elements.json');
await writeFile(manifestPath, (await readFile(manifestPath, 'utf8')).replaceAll('element/tile-search-element.js', 'tile-search-element.js'));

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizes = {};
for (const name of ['tile-search.js', 'tile-search-element.js', ...WORKERS.map((w) => `${w}-worker.js`), ...CORES, 'tile-search-standalone.js']) {
  const bytes = await readFile(join(DIST, name));
  sizes[name] = gzipSync(bytes, { level: 9 }).length;
  console.log(`dist/${name.padEnd(26)} ${kib((await stat(join(DIST, name))).size).padStart(10)}, ${kib(sizes[name]).padStart(9)} gzipped`);
}
// What a page loads: the module, the workers and one core (the larger).
const moduleTotal = Object.entries(sizes).filter(([name]) => name !== 'tile-search-standalone.js' && !CORES.includes(name)).reduce((sum, [, size]) => sum + size, 0) +
  Math.max(...CORES.map((name) => sizes[name]));
console.log(`module build (module + workers + the larger wasm): ${kib(moduleTotal)} gzipped (budget ${BUDGET_KIB} KiB)`);
if (moduleTotal > BUDGET_KIB * 1024) {
  console.error(`build-dist: the module build is over its ${BUDGET_KIB} KiB budget`);
  process.exit(1);
}
