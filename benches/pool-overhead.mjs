// Where a parallel search's time goes in the browser, apart from the pool: Korf's instances
// with pdb in Chromium, in plain workers (no pool, no messages between workers). Each worker
// runs, per instance, the sequential Solver, then every packet the core deals out for two
// workers searched one after another in this one worker (PacketSearcher begin/resume in slices
// of 65,536 nodes, yielding to the event loop after each slice, as a pool worker does).
// It prints:
// - one worker alone: the Solver's time, and the packets' (their cost over the whole search);
// - two such workers at once: whether two searches slow each other on this machine;
// - the split's own bound on two workers: the packets' nodes dealt in order to whichever
//   worker is free first, with no cost for messages (all of Korf's instances, and the ten
//   with the most nodes).
// Compare with the pool's figures in `node benches/wasm-bench.mjs --heuristic pdb`.
// Usage: node benches/pool-overhead.mjs [--instances all | 1,2,3] [--rounds 2]
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { parseKorf } from '../www/model/korf.js';
import { serve } from './static-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const spec = option('--instances', 'all');
const rounds = Number(option('--rounds', '2'));
const korf = parseKorf(readFileSync(new URL('../tests/data/korf100-blank-last.txt', import.meta.url), 'utf8'));
const numbers = spec === 'all' ? korf.map((_, i) => i + 1) : spec.split(',').map(Number);
if (numbers.some((n) => !(n >= 1 && n <= korf.length)) || !(rounds >= 1)) {
  console.error('usage: node benches/pool-overhead.mjs [--instances all | 1,2,3] [--rounds 2]');
  process.exit(2);
}
const boards = numbers.map((n) => korf[n - 1].slice(1).join(' '));

// The worker: its module URLs are absolute (it is made from a Blob).
const source = (origin) => `
import init, * as core from '${origin}/www/pkg/tilesearch.js';
import { ensurePatternDatabases } from '${origin}/www/workers/pdb-cache.js';
const turns = new MessageChannel();
let wake = null;
turns.port1.onmessage = () => wake();
const yieldToMessages = () => new Promise((resolve) => { wake = resolve; turns.port2.postMessage(null); });
self.onmessage = async ({ data: { boards } }) => {
  await init();
  await ensurePatternDatabases(core, 'blank-last');
  const out = { solver: 0, packets: 0, count: 0, instances: [] };
  for (const board of boards) {
    const options = { board, heuristic: 'pdb' };
    const solver = new core.Solver(options);
    let start = performance.now();
    solver.run();
    out.solver += performance.now() - start;
    solver.free();
    const run = new core.ParallelSearch({ ...options, workers: 2, splitAbove: core.parallelSplitAbove() });
    const searcher = new core.PacketSearcher(options);
    const iterations = [];
    start = performance.now();
    for (let it = run.iteration(); it; it = run.iteration()) {
      const nodes = [];
      for (const packet of it.packets) {
        if (!run.needed(packet.index)) continue;
        searcher.begin({ iteration: it.iteration, threshold: it.threshold, packet });
        let result;
        while ((result = searcher.resume(65536)) === undefined) await yieldToMessages();
        await yieldToMessages();
        out.count += 1;
        nodes.push(result.visited + result.pruned);
        if (run.accept(result)) break;
      }
      iterations.push(nodes);
    }
    out.packets += performance.now() - start;
    out.instances.push(iterations);
    run.free();
    searcher.free();
  }
  self.postMessage(out);
};`;

const server = await serve();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
page.on('pageerror', (error) => console.error(`page error: ${error}`));
await page.goto(`${server.url}www/hosts/bench.html`);
/** Runs `count` workers at once on every board; resolves to each one's figures. */
const workers = (count) => page.evaluate(({ code, boards, count }) => {
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  return Promise.all(Array.from({ length: count }, () => new Promise((resolve, reject) => {
    const worker = new Worker(url, { type: 'module' });
    worker.onerror = (event) => reject(new Error(event.message || 'the worker failed to load'));
    worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
    worker.postMessage({ boards });
  })));
}, { code: source(new URL(server.url).origin), boards, count });

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const line = (label, r) => `${label}: Solver ${s(r.solver)}, the packets for two workers in a row ${s(r.packets)} ` +
  `(${r.count} packets, ${((r.packets / r.solver - 1) * 100).toFixed(1)} % against the Solver)`;
let split = null;
for (let round = 1; round <= rounds; round += 1) {
  const [alone] = await workers(1);
  split ??= alone.instances;
  console.log(line(`round ${round}, one worker alone`, alone));
  const both = await workers(2);
  both.forEach((r, i) => console.log(line(`round ${round}, two at once, worker ${i + 1}`, r)));
}

// The split's bound: per iteration, packets dealt in order to whichever worker is free first.
const bound = (instances) => {
  let nodes = 0, longest = 0;
  for (const iterations of instances) {
    for (const packets of iterations) {
      const free = [0, 0];
      for (const n of packets) free[free[0] <= free[1] ? 0 : 1] += n;
      nodes += free[0] + free[1];
      longest += Math.max(...free);
    }
  }
  return nodes / longest;
};
const total = (iterations) => iterations.flat().reduce((sum, n) => sum + n, 0);
const hardest = [...split].sort((a, b) => total(b) - total(a)).slice(0, 10);
console.log(`the split's bound on two workers (no cost for messages): ${bound(split).toFixed(2)}× on these ${split.length} instances, ` +
  `${bound(hardest).toFixed(2)}× on the ten with the most nodes`);
await browser.close();
await server.close();
