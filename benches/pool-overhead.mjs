// Where a parallel search's time goes in the browser, apart from the pool: Korf's instances
// with pdb in Chromium, in plain workers (no pool, no messages between workers). Each worker
// runs, per instance, the sequential Solver, then every packet the core deals out for two
// workers searched one after another in this one worker (PacketSearcher begin/resume in slices
// of 65,536 nodes, yielding to the event loop after each slice, as a pool worker does).
// It prints:
// - one worker alone: the Solver's time, and the packets' (their cost over the whole search);
// - two such workers at once: whether two searches slow each other on this machine.
// Compare with the pool's figures in `node benches/wasm-bench.mjs --heuristic pdb`, and with the
// split's own bound, messages free: `cargo bench --bench nodes_per_second -- --all --heuristic
// pdb --ideal 2 --adaptive`.
// Usage: node benches/pool-overhead.mjs [--instances all | 1,2,3] [--rounds 2]
import { launchChromium } from '../scripts/chromium.mjs';
import { option, wholeNumber, korf, instanceNumbers } from './bench-options.mjs';
import { serve } from '../scripts/serve.mjs';

const numbers = instanceNumbers(option('--instances', 'all'));
const rounds = wholeNumber('--rounds', 2);
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
  const out = { solver: 0, packets: 0, count: 0 };
  for (const board of boards) {
    const options = { board, heuristic: 'pdb' };
    const solver = new core.Solver(options);
    let start = performance.now();
    solver.run();
    out.solver += performance.now() - start;
    solver.free();
    const run = new core.ParallelSearch({ ...options, workers: 2, splitAbove: core.parallelSplitAbove() });
    const searcher = new core.PacketSearcher(options);
    start = performance.now();
    for (let it = run.iteration(); it; it = run.iteration()) {
      for (const packet of it.packets) {
        if (!run.needed(packet.index)) continue;
        searcher.begin({ iteration: it.iteration, threshold: it.threshold, packet });
        let result;
        while ((result = searcher.resume(65536)) === undefined) await yieldToMessages();
        await yieldToMessages();
        out.count += 1;
        if (run.accept(result)) break;
      }
    }
    out.packets += performance.now() - start;
    run.free();
    searcher.free();
  }
  self.postMessage(out);
};`;

const server = await serve();
const browser = await launchChromium();
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
for (let round = 1; round <= rounds; round += 1) {
  const [alone] = await workers(1);
  console.log(line(`round ${round}, one worker alone`, alone));
  const both = await workers(2);
  both.forEach((r, i) => console.log(line(`round ${round}, two at once, worker ${i + 1}`, r)));
}

await browser.close();
await server.close();
