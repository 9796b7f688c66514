// wasm vs native: IDA* (tracing off) on the same Korf instances natively (cargo bench), in Node
// (the built package) and in Chromium (www/bench.html, in a Web Worker), plus the batch event
// stream (stepMany) and the gzipped wasm size. With --heuristic pdb it also times the pattern
// databases' build, and in Chromium a second visit that loads them from IndexedDB.
// Usage: node benches/wasm-bench.mjs [--instances 2,5,18,36,20 | all] [--heuristic manhattan]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as wasm from '../www/pkg/tilesearch.js';
import { serve } from './static-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const heuristic = option('--heuristic', 'manhattan');
// Long instances by default: the ratio in steady state, not V8's tier-up.
const spec = option('--instances', heuristic === 'pdb' ? 'all' : '1,3');
const root = new URL('../', import.meta.url);
const korf = readFileSync(new URL('tests/data/korf100-blank-last.txt', root), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
const chosen = spec === 'all' ? korf.map((_, i) => i + 1) : spec.split(',').map(Number);
const numbers = chosen.join(',');
const m = (v) => (v / 1e6).toFixed(1);

// Native: the bench target prints the build time (pdb) and "total: …, T s, … M generated nodes/s".
const nativeOut = execFileSync('cargo', ['bench', '-q', '--bench', 'nodes_per_second', '--', '--heuristic', heuristic, '--instances', numbers], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
const native = Number(nativeOut.match(/([\d.]+) M generated nodes\/s/)[1]) * 1e6;
const nativeSeconds = Number(nativeOut.match(/instances, ([\d.]+) s/)[1]);
const nativeBuild = Number(nativeOut.match(/built in ([\d.]+) s/)?.[1] ?? 0);

// Node.
wasm.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
let nodeBuild = 0;
if (heuristic === 'pdb') {
  const start = performance.now();
  const builder = new wasm.PatternDatabaseBuilder('blank-last');
  while (!builder.work(1e6));
  builder.install();
  nodeBuild = (performance.now() - start) / 1000;
}
let nodeSeconds = 0, nodeGenerated = 0;
for (const n of chosen) {
  const solver = new wasm.Solver({ board: korf[n - 1].slice(1), heuristic });
  const start = performance.now();
  const summary = solver.run();
  nodeSeconds += (performance.now() - start) / 1000;
  nodeGenerated += summary.generated;
  if (summary.length !== korf[n - 1][0]) throw new Error(`instance ${n}: ${summary.length}`);
  solver.free();
}
const inNode = nodeGenerated / nodeSeconds;

// Chromium, through the benchmark page; with pdb, a second visit reads the IndexedDB cache.
const server = await serve();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext();
async function visit() {
  const page = await context.newPage();
  await page.goto(`${server.url}www/bench.html?auto&instances=${spec}&heuristic=${heuristic}`);
  await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0, null, { timeout: 900_000 });
  const result = JSON.parse(await page.textContent('#result'));
  await page.close();
  for (const i of result.instances) if (i.length !== i.optimal) throw new Error(`instance ${i.number}: ${i.length}`);
  return result;
}
const first = await visit();
const second = heuristic === 'pdb' ? await visit() : null;
await browser.close();
await server.close();

const wasmFile = readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root));
console.log(`IDA* ${heuristic}, Korf instances ${spec}, generated nodes per second (tracing off)`);
console.log(`native    ${m(native)} M/s, search ${nativeSeconds.toFixed(2)} s${heuristic === 'pdb' ? `, build ${nativeBuild.toFixed(2)} s` : ''}`);
console.log(`Node      ${m(inNode)} M/s (${(inNode / native).toFixed(2)}× native), search ${nodeSeconds.toFixed(2)} s${heuristic === 'pdb' ? `, build ${nodeBuild.toFixed(2)} s` : ''}`);
console.log(`Chromium  ${m(first.nodesPerSecond)} M/s (${(first.nodesPerSecond / native).toFixed(2)}× native), search ${first.seconds.toFixed(2)} s`);
if (second) {
  console.log(`Chromium, first visit: databases ${first.databases.source} ${first.databases.seconds.toFixed(2)} s + search ${first.seconds.toFixed(2)} s = ${(first.databases.seconds + first.seconds).toFixed(2)} s`);
  console.log(`Chromium, second visit: databases ${second.databases.source} ${second.databases.seconds.toFixed(2)} s + search ${second.seconds.toFixed(2)} s = ${(second.databases.seconds + second.seconds).toFixed(2)} s`);
}
console.log(`Chromium stepMany: ${m(first.eventsPerSecond)} M events/s; step(): ${m(first.stepEventsPerSecond)} M events/s`);
console.log(`wasm: ${wasmFile.length} bytes, ${gzipSync(wasmFile, { level: 9 }).length} gzipped`);
