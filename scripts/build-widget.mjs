// Builds python/tilesearch/static/ (gitignored), what the Jupyter widget (tilesearch.Explorer)
// loads; run after scripts/build-dist.mjs (`make build` runs both):
//   widget.js        the widget's ES module for anywidget (www/hosts/anywidget.js) with the
//                    standalone build (dist/tile-search-standalone.js: the element, its stylesheet,
//                    the wasm and the worker inlined) as text inside: offline, nothing fetched
//   attributes.json  the element's attributes (www/model/attributes.js) with the values each
//                    takes, the core's lists (catalog()) and bounds resolved: the widget's traits
//                    and their validation are made from it, so Python refuses what the element would
import { build } from 'esbuild';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTRIBUTES, LENGTH, speedOf } from '../www/model/attributes.js';
import { initSync, catalog, Solver } from '../www/pkg/tilesearch.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const STANDALONE = join(ROOT, 'dist/tile-search-standalone.js');
const STATIC = join(ROOT, 'python/tilesearch/static');

if (!existsSync(STANDALONE)) {
  console.error('build-widget: dist/tile-search-standalone.js is missing: run `make build` (or node scripts/build-dist.mjs) first');
  process.exit(1);
}

await rm(STATIC, { recursive: true, force: true });
await mkdir(STATIC, { recursive: true });

const standalone = await readFile(STANDALONE, 'utf8');
await build({
  entryPoints: [join(ROOT, 'www/hosts/anywidget.js')], outfile: join(STATIC, 'widget.js'),
  bundle: true, minify: true, format: 'esm', target: ['es2022'], legalComments: 'none', logLevel: 'warning',
  plugins: [{
    name: 'tilesearch-standalone',
    setup(b) {
      b.onResolve({ filter: /^tilesearch:standalone$/ }, () => ({ path: 'standalone', namespace: 'tilesearch' }));
      b.onLoad({ filter: /.*/, namespace: 'tilesearch' }, () => ({ contents: standalone, loader: 'text' }));
    },
  }],
});

// The core's names for the "catalog:<list>" values, and its memory guard's bounds (found by
// asking it: a Solver refuses a maxReached out of them).
initSync({ module: readFileSync(join(ROOT, 'www/pkg/tilesearch_bg.wasm')) });
const lists = Object.fromEntries(Object.entries(JSON.parse(catalog())).map(([list, entries]) => [list, entries.map((entry) => entry.name)]));
const guardTakes = (limit) => {
  try {
    new Solver({ board: '1 2 3 4 5 6 7 0 8', algorithm: 'bfs', maxReached: limit }).free();
    return true;
  } catch (error) {
    if (error.kind !== 'invalid-option') throw error;
    return false;
  }
};
if (!guardTakes(1) || guardTakes(0)) throw new Error('build-widget: the core\'s memory guard no longer starts at 1');
let [taken, refused] = [1, 2 ** 53];
while (refused - taken > 1) {
  const middle = Math.floor((taken + refused) / 2);
  if (guardTakes(middle)) taken = middle; else refused = middle;
}
// speed: the whole numbers speedOf takes, and its word for full speed.
const speeds = Array.from({ length: 100001 }, (_, n) => n).filter((n) => speedOf(String(n)) !== null);
if (speedOf('max') !== Infinity || speeds.some((n, i) => i > 0 && n !== speeds[i - 1] + 1)) throw new Error('build-widget: speedOf changed shape');

const attributes = ATTRIBUTES.map((spec) => ({
  name: spec.name,
  trait: spec.name.replaceAll('-', '_'), // as www/hosts/anywidget.js names them
  type: spec.type,
  default: spec.default,
  values: typeof spec.values === 'string' ? lists[spec.values.slice('catalog:'.length)] : spec.values,
  // The controls attribute also takes the one word "none" (attributes.js tokensOf).
  ...(spec.name === 'controls' ? { alone: ['none'] } : {}),
  ...(spec.name === 'max-reached' ? { min: 1, max: taken } : {}),
  ...(spec.type === 'speed' ? { min: speeds[0], max: speeds.at(-1), words: ['max'] } : {}),
  // The lengths the element takes without a browser to ask (a regular expression Python reads too).
  ...(spec.type === 'length' ? { pattern: LENGTH.source } : {}),
  observed: spec.observed,
  doc: spec.doc,
}));
for (const spec of attributes) {
  if (spec.values === undefined) throw new Error(`build-widget: the core has no list for ${spec.name}`);
}
await writeFile(join(STATIC, 'attributes.json'), `${JSON.stringify({ attributes }, null, 1)}\n`);

const bytes = (await stat(join(STATIC, 'widget.js'))).size;
const gzipped = gzipSync(await readFile(join(STATIC, 'widget.js')), { level: 9 }).length;
console.log(`python/tilesearch/static/widget.js ${(bytes / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
