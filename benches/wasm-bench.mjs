// wasm vs native: IDA* (Manhattan, tracing off) on the same Korf instances natively (cargo
// bench), in Node (the built package) and in Chromium (www/bench.html, in a Web Worker), plus
// the batch event stream (stepMany) and the gzipped wasm size.
// Usage: node benches/wasm-bench.mjs [--instances 2,5,18,36,20] [--heuristic manhattan]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { initSync, Solver } from '../www/pkg/tilesearch.js';
import { serve } from './static-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const numbers = option('--instances', '2,5,18,36,20');
const heuristic = option('--heuristic', 'manhattan');
const root = new URL('../', import.meta.url);
const korf = readFileSync(new URL('tests/data/korf100-blank-last.txt', root), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
const chosen = numbers.split(',').map(Number);

// Native: the bench target prints "total: … M generated nodes/s".
const nativeOut = execFileSync('cargo', ['bench', '-q', '--bench', 'nodes_per_second', '--', '--heuristic', heuristic, '--instances', numbers], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const native = Number(nativeOut.match(/([\d.]+) M generated nodes\/s/)[1]) * 1e6;

// Node.
initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
let nodeSeconds = 0, nodeGenerated = 0;
for (const n of chosen) {
  const solver = new Solver({ board: korf[n - 1].slice(1), heuristic });
  const start = performance.now();
  const summary = solver.run();
  nodeSeconds += (performance.now() - start) / 1000;
  nodeGenerated += summary.generated;
  if (summary.length !== korf[n - 1][0]) throw new Error(`instance ${n}: ${summary.length}`);
  solver.free();
}
const inNode = nodeGenerated / nodeSeconds;

// Chromium, through the benchmark page.
const server = await serve();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
await page.goto(`${server.url}www/bench.html?auto&instances=${numbers}&heuristic=${heuristic}`);
await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0, null, { timeout: 600_000 });
const inChromium = JSON.parse(await page.textContent('#result'));
await browser.close();
await server.close();
for (const i of inChromium.instances) if (i.length !== i.optimal) throw new Error(`instance ${i.number}: ${i.length}`);

const wasm = readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root));
const m = (v) => (v / 1e6).toFixed(1);
console.log(`IDA* ${heuristic}, Korf instances ${numbers}, generated nodes per second (tracing off)`);
console.log(`native    ${m(native)} M/s`);
console.log(`Node      ${m(inNode)} M/s  (${(inNode / native).toFixed(2)}× native)`);
console.log(`Chromium  ${m(inChromium.nodesPerSecond)} M/s  (${(inChromium.nodesPerSecond / native).toFixed(2)}× native)`);
console.log(`Chromium stepMany: ${m(inChromium.eventsPerSecond)} M events/s; step(): ${m(inChromium.stepEventsPerSecond)} M events/s`);
console.log(`wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
