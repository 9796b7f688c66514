// wasm vs native: IDA* (tracing off) on the same Korf instances natively (cargo bench), in Node
// (the built package) and in Chromium (www/hosts/bench.html, in a Web Worker), plus the batch event
// stream (stepMany) and the gzipped wasm size. With --heuristic pdb it also times the pattern
// databases' build, and in Chromium a second visit that loads them from IndexedDB.
// In Chromium the page also runs the parallel search on 1, 2, … N of its pool's workers (N =
// navigator.hardwareConcurrency; --workers 1,2 picks): total time, nodes/s, median and worst
// time per instance, the speed-up and each worker's share are printed as a table. With pdb, a
// fresh browser profile then times the parallel search's first visit (the databases made in
// the pool) and its second (loaded from IndexedDB).
// The page is served as `make serve` serves it, cross-origin isolated (scripts/serve.mjs): what a
// newcomer meets, with the pool's shared bytes and the browser's finer timer.
// The machine is shared, so its speed drifts by ±15 % within minutes: the three are run one
// after another in each of several rounds, and the wasm/native ratios are taken per round (the
// median is reported), not from speeds measured minutes apart.
// With --repeat N each instance is searched N times in Chromium (sequential and parallel) and
// its best time kept, so that the per-instance comparisons of instances of a fraction of a
// millisecond stand above the noise (the first visits are timed once, as a visitor meets them).
// Per instance, both searches are compared as the page meets them, timed on the page with their
// messages (the sequential search's worker then asked for one search per message), and as timed
// in their workers; by the sequential search's time (under 1 ms, 1–10 ms, …) too.
// For the instances under 1 ms it prints the leading worker's time split into its search and
// the rest (the pool's own cost: the coordinator and searcher made, iterations and summary read).
// --save FILE writes every figure the page measured (per instance too) as JSON.
// Usage: node benches/wasm-bench.mjs [--instances 2,5,18,36,20 | all] [--heuristic manhattan]
//        [--rounds 3] [--workers 1-N] [--repeat 1] [--save FILE]
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import * as wasm from '../www/pkg/tilesearch.js';
import { launchChromium } from '../scripts/chromium.mjs';
import { option, flag, wholeNumber, korf, instanceNumbers, median } from './bench-options.mjs';
import { serve } from '../scripts/serve.mjs';

const heuristic = option('--heuristic', 'manhattan');
// Long instances by default: the ratio in steady state, not V8's tier-up.
const spec = option('--instances', heuristic === 'pdb' ? 'all' : '1,3');
const root = new URL('../', import.meta.url);
const chosen = instanceNumbers(spec);
const numbers = chosen.join(',');
const m = (v) => (v / 1e6).toFixed(1);

const rounds = wholeNumber('--rounds', heuristic === 'pdb' ? 1 : 3);
const workers = option('--workers', '');
if (workers !== '' && !/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(workers)) {
  console.error(`--workers wants worker counts like 1-4 or 1,2, not "${workers}"`);
  process.exit(2);
}
const repeat = wholeNumber('--repeat', 1, 1, 20);
const save = flag('--save') ? option('--save') : null;
if (save !== null && (save === undefined || save.startsWith('--'))) {
  console.error('--save wants the path of a file to write the figures to');
  process.exit(2);
}

// Native: the bench target prints the build time (pdb) and "total: …, T s, … M generated nodes/s".
function runNative() {
  const out = execFileSync('cargo', ['bench', '-q', '--bench', 'nodes_per_second', '--', '--heuristic', heuristic, '--instances', numbers], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  return {
    rate: Number(out.match(/([\d.]+) M generated nodes\/s/)[1]) * 1e6,
    seconds: Number(out.match(/instances, ([\d.]+) s/)[1]),
    build: Number(out.match(/built in ([\d.]+) s/)?.[1] ?? 0),
  };
}

// Node: the databases (pdb) are built once, before the first round.
wasm.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
let nodeBuild = 0;
if (heuristic === 'pdb') {
  const start = performance.now();
  const builder = new wasm.PatternDatabaseBuilder('blank-last');
  while (!builder.work(1e6));
  builder.install();
  nodeBuild = (performance.now() - start) / 1000;
}
function runNode() {
  let seconds = 0, generated = 0;
  for (const n of chosen) {
    const solver = new wasm.Solver({ board: korf[n - 1].slice(1), heuristic });
    const start = performance.now();
    const summary = solver.run();
    seconds += (performance.now() - start) / 1000;
    generated += summary.generated;
    if (summary.length !== korf[n - 1][0]) throw new Error(`instance ${n}: ${summary.length}`);
    solver.free();
  }
  return { rate: generated / seconds, seconds };
}

// Chromium, through the benchmark page; with pdb, the first visit builds the databases and a
// last visit reads them from the IndexedDB cache.
const server = await serve();
const browser = await launchChromium();
const context = await browser.newContext();
// The page is given the round's native figure and shows the ratio as well.
async function visit(nativeRate, { into = context, sequential = true, only = workers, runs = repeat } = {}) {
  const page = await into.newPage();
  const query = `auto&instances=${spec}&heuristic=${heuristic}${nativeRate ? `&native=${m(nativeRate)}` : ''}${only ? `&workers=${only}` : ''}` +
    `${sequential ? '' : '&sequential=0'}&repeat=${runs}`;
  await page.goto(`${server.url}www/hosts/bench.html?${query}`);
  await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0 || /^The run stopped/.test(document.querySelector('#summary').textContent),
    null, { timeout: 1_800_000 });
  const stopped = await page.textContent('#summary');
  if (/^The run stopped/.test(stopped)) throw new Error(`www/hosts/bench.html?${query}: ${stopped}`);
  const result = JSON.parse(await page.textContent('#result'));
  await page.close();
  for (const i of result.instances) if (i.length !== i.optimal) throw new Error(`instance ${i.number}: ${i.length}`);
  return result;
}

const measured = [];
for (let round = 1; round <= rounds; round++) {
  const native = runNative();
  const inNode = runNode();
  const inChromium = await visit(native.rate);
  measured.push({ native, inNode, inChromium });
  if (rounds > 1) {
    console.log(`round ${round}: native ${m(native.rate)} M/s, Node ${m(inNode.rate)} M/s (${(inNode.rate / native.rate).toFixed(2)}×), Chromium ${m(inChromium.nodesPerSecond)} M/s (${(inChromium.nodesPerSecond / native.rate).toFixed(2)}×)`);
  }
}
const second = heuristic === 'pdb' ? await visit(measured.at(-1).native.rate) : null;
// The parallel search's own first visit: a fresh profile, so the pool makes the databases.
let fresh = null, freshAgain = null;
if (heuristic === 'pdb') {
  const profile = await browser.newContext();
  const most = String(measured[0].inChromium.cores);
  fresh = await visit(null, { into: profile, sequential: false, only: most, runs: 1 });
  freshAgain = await visit(null, { into: profile, sequential: false, only: most, runs: 1 });
  await profile.close();
}
await browser.close();
await server.close();
if (save) writeFileSync(save, JSON.stringify({ measured, second, fresh, freshAgain }, null, 1));

// The round with the median Chromium/native ratio stands for the run; the ranges show the rest.
const range = (values) => (values.length > 1 ? ` (${rounds} rounds: ${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×)` : '');
const nodeRatios = measured.map((r) => r.inNode.rate / r.native.rate);
const chromiumRatios = measured.map((r) => r.inChromium.nodesPerSecond / r.native.rate);
const { native, inNode, inChromium: first } = measured[chromiumRatios.indexOf(median(chromiumRatios))];
const nodeRatio = median(nodeRatios), chromiumRatio = median(chromiumRatios);

const wasmFile = readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root));
console.log(`IDA* ${heuristic}, Korf instances ${spec}, generated nodes per second (tracing off)${rounds > 1 ? ', the median round' : ''}`);
console.log(`native    ${m(native.rate)} M/s, search ${native.seconds.toFixed(2)} s${heuristic === 'pdb' ? `, build ${native.build.toFixed(2)} s` : ''}`);
console.log(`Node      ${m(inNode.rate)} M/s, search ${inNode.seconds.toFixed(2)} s${heuristic === 'pdb' ? `, build ${nodeBuild.toFixed(2)} s` : ''}; wasm/native ${nodeRatio.toFixed(2)}×${range(nodeRatios)}`);
console.log(`Chromium  ${m(first.nodesPerSecond)} M/s, search ${first.seconds.toFixed(2)} s; wasm/native ${chromiumRatio.toFixed(2)}×${range(chromiumRatios)}`);
if (second) {
  const { databases, seconds } = measured[0].inChromium;
  console.log(`Chromium, first visit: databases ${databases.source} ${databases.seconds.toFixed(2)} s + search ${seconds.toFixed(2)} s = ${(databases.seconds + seconds).toFixed(2)} s`);
  console.log(`Chromium, second visit: databases ${second.databases.source} ${second.databases.seconds.toFixed(2)} s + search ${second.seconds.toFixed(2)} s = ${(second.databases.seconds + second.seconds).toFixed(2)} s`);
}
console.log(`Chromium stepMany: ${m(first.eventsPerSecond)} M events/s; step(): ${m(first.stepEventsPerSecond)} M events/s`);

// The parallel search in Chromium, beside the sequential one of the same visit.
const table = (result, title) => {
  console.log(`\n${title}`);
  const rows = [['workers', 'total s', 'M nodes/s', 'median s', 'worst s (#)', 'vs 1 worker', 'vs sequential', 'per worker: packets · share of nodes · busy s · wasm memory']];
  rows.push(['seq', result.seconds.toFixed(2), m(result.nodesPerSecond), result.median.toFixed(3), result.worst.toFixed(3), '', '1.00×', '']);
  const one = result.parallel.find((r) => r.workers === 1);
  for (const r of result.parallel) {
    const nodes = r.balance.reduce((sum, b) => sum + b.nodes, 0) || 1;
    rows.push([String(r.workers), r.seconds.toFixed(2), m(r.nodesPerSecond), r.median.toFixed(3), `${r.worst.toFixed(3)} (#${r.worstInstance})`,
      one ? `${(one.seconds / r.seconds).toFixed(2)}×` : '', `${(result.seconds / r.seconds).toFixed(2)}×`,
      r.balance.map((b) => `${b.packets} · ${Math.round((100 * b.nodes) / nodes)} % · ${b.busy.toFixed(2)} · ${(b.memory / 2 ** 20).toFixed(1)} MiB`).join(' | ')]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((v, c) => (c === row.length - 1 ? v : v.padStart(widths[c]))).join('  '));
  // Per instance against the sequential search of the same visit, both timed on the page
  // with their messages (the sequential search's worker asked one search per message): where
  // the pool was slower, the ten hardest (by the sequential time) together, and how many
  // iterations were split; and both timed in their worker.
  const sequential = new Map(result.instances.map((i) => [i.number, i.pageSeconds ?? i.seconds]));
  const inItsWorker = new Map(result.instances.map((i) => [i.number, i.seconds]));
  const hardest = [...result.instances].sort((a, b) => b.seconds - a.seconds).slice(0, 10).map((i) => i.number);
  for (const r of result.parallel) {
    const slower = r.instances.filter((i) => i.seconds > sequential.get(i.number));
    const worst = slower.reduce((a, i) => (a && a.seconds / sequential.get(a.number) > i.seconds / sequential.get(i.number) ? a : i), null);
    const sum = (numbers, of) => numbers.reduce((total, n) => total + of(n), 0);
    const hard = sum(hardest, (n) => sequential.get(n)) / sum(hardest, (n) => r.instances.find((i) => i.number === n).seconds);
    const split = r.instances.reduce((total, i) => total + (i.packets.split ?? 0), 0);
    const iterations = r.instances.reduce((total, i) => total + (i.packets.iterations ?? 0), 0);
    // Timed in the leading worker, as the sequential search is timed in its worker (no message to and from the page).
    const inWorker = r.instances.filter((i) => i.searchSeconds !== undefined);
    const slowerThere = inWorker.filter((i) => i.searchSeconds > inItsWorker.get(i.number)).length;
    console.log(`${r.workers} worker${r.workers === 1 ? '' : 's'}: slower than the sequential search on ${slower.length} of ${r.instances.length} instances, both timed on the page` +
      `${inWorker.length ? ` (timed in their workers: on ${slowerThere})` : ''}` +
      `${worst ? ` (most: #${worst.number}, ${(worst.seconds * 1000).toFixed(1)} ms against ${(sequential.get(worst.number) * 1000).toFixed(1)} ms)` : ''}; ` +
      `the ten hardest ${hard.toFixed(2)}× the sequential search; ${split} of ${iterations} iterations split`);
    // By the sequential search's time: each group's instances together, both timed on the page.
    const groups = [['under 1 ms', 0, 0.001], ['1–10 ms', 0.001, 0.01], ['10–100 ms', 0.01, 0.1], ['over 100 ms', 0.1, Infinity]].map(([label, lo, hi]) => {
      const of = r.instances.filter((i) => sequential.get(i.number) >= lo && sequential.get(i.number) < hi);
      const pool = of.reduce((total, i) => total + i.seconds, 0);
      return of.length ? `${label} (${of.length}) ${(sum(of.map((i) => i.number), (n) => sequential.get(n)) / pool).toFixed(2)}×, slower on ${of.filter((i) => i.seconds > sequential.get(i.number)).length}` : null;
    }).filter(Boolean);
    console.log(`  by the sequential search's time: ${groups.join('; ')}`);
    const onPage = r.instances.filter((i) => i.onPage);
    if (onPage.length > 0) {
      console.log(`  answered on the page before the workers (their fastest run): ${onPage.length} of ${r.instances.length}, the longest ${(Math.max(...onPage.map((i) => i.seconds)) * 1000).toFixed(1)} ms`);
    }
    // The small instances, where the pool's own costs show: the leading worker's time split
    // into its search and the rest (coordinator and searcher made, iterations and summary read).
    const small = r.instances.filter((i) => inItsWorker.get(i.number) < 0.001 && i.leadSeconds !== undefined);
    if (small.length > 0) {
      const us = (values) => `${Math.round(median(values) * 1e6)} µs`;
      console.log(`  the ${small.length} instances under 1 ms, medians: sequential ${us(small.map((i) => inItsWorker.get(i.number)))} in its worker; ` +
        `in the leading worker ${us(small.map((i) => i.leadSeconds))}: the search ${us(small.map((i) => i.leadBusy))}, ` +
        `the rest ${us(small.map((i) => i.leadSeconds - i.leadBusy))}`);
    }
  }
};
const best = repeat > 1 ? `, each instance's best of ${repeat} runs` : '';
table(first, `Chromium, parallel IDA* ${heuristic} over the page's pool (${first.cores} cores${first.isolated ? ', cross-origin isolated' : ', not cross-origin isolated'}), ` +
  `Korf instances ${spec}${best}`);
if (second) table(second, `Chromium, the same on the second visit (databases from IndexedDB)${best}`);
if (fresh) {
  const line = (label, r) => {
    const p = r.parallel[0];
    console.log(`Chromium parallel (${p.workers} workers), ${label}: databases ${p.databases.source} ${p.databases.seconds.toFixed(2)} s + search ${p.seconds.toFixed(2)} s = ${(p.databases.seconds + p.seconds).toFixed(2)} s`);
  };
  console.log('');
  line('first visit', fresh);
  line('second visit', freshAgain);
}
console.log(`wasm: ${wasmFile.length} bytes, ${gzipSync(wasmFile, { level: 9 }).length} gzipped`);
