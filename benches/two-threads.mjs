// Whether this machine runs two threads at once, by how long they are busy: the page's thread
// (here Node's main thread) and one worker each spin for the same time, started together, and
// the wall time over that time is printed. 1.0 is two cores at once; 2.0 is one core, the two
// one after the other. Some virtual machines keep a short burst of a second thread on the
// first's core (their kernel packs runnable threads onto few virtual CPUs) and spread the two
// only once the load lasts: there a search of a millisecond or two cannot use a second
// worker, however it is split, and every figure of Speed for the searches that short says so.
// Usage: node benches/two-threads.mjs [--rounds 31]
import { Worker } from 'node:worker_threads';
import { wholeNumber, median } from './bench-options.mjs';

const rounds = wholeNumber('--rounds', 31, 3, 1001);
const BURSTS_MS = [0.2, 0.5, 1, 2, 5, 10, 30];

// [0]: the round the worker is to run (it waits for a change); [1]: the rounds it has ended.
// Every time is read on this thread's clock (the worker's end when this one sees the flag it
// sets): two threads' clocks need not agree (a page's and its worker's differ by about a
// millisecond in Chromium).
const flags = new Int32Array(new SharedArrayBuffer(8));
const worker = new Worker(`
  const { workerData: { flags, bursts } } = require('node:worker_threads');
  let round = 0;
  for (;;) {
    Atomics.wait(flags, 0, round);
    round = Atomics.load(flags, 0);
    if (round < 0) break;
    const ms = bursts[round];
    const start = performance.now();
    while (performance.now() - start < ms) { /* busy */ }
    Atomics.store(flags, 1, round);
    Atomics.notify(flags, 1);
  }
`, { eval: true, workerData: { flags, bursts: [0, ...BURSTS_MS.flatMap((ms) => Array(rounds).fill(ms))] } });

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
let round = 0;
console.log(`two threads (this one and a worker), each busy for the same time, started together; the median of ${rounds} rounds`);
for (const ms of BURSTS_MS) {
  const ratios = [];
  for (let r = 0; r < rounds; r += 1) {
    await sleep(3); // both idle in between, as a page and its workers are between two searches
    round += 1;
    const start = performance.now();
    Atomics.store(flags, 0, round);
    Atomics.notify(flags, 0);
    const begun = performance.now();
    while (performance.now() - begun < ms) { /* busy */ }
    while (Atomics.load(flags, 1) !== round) Atomics.wait(flags, 1, round - 1, 5);
    ratios.push((performance.now() - start) / ms);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`  busy ${String(ms).padStart(4)} ms each: wall time ${median(ratios).toFixed(2)}× that (10 % of rounds under ${sorted[Math.floor(rounds / 10)].toFixed(2)}×, 10 % over ${sorted[Math.ceil(rounds * 0.9) - 1].toFixed(2)}×)`);
}
Atomics.store(flags, 0, -1);
Atomics.notify(flags, 0);
await worker.terminate();
