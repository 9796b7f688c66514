// The parallel search against one sequential worker, instance by instance, timed in turn:
// Korf's instances with pdb in Chromium, on the benchmark page (cross-origin isolated, as `make
// serve` serves it). Each round searches every instance four ways, one right after another,
// in an order drawn anew each time, so that the machine's drift (±15 % within minutes here)
// falls on all alike; each way searches the instance once untimed, then timed, so that each
// is timed with its own copy of the tables warm:
// - sequential: one Solver in a plain worker, timed on the page from the message that asks for
//   the search to the one that brings its summary;
// - workers: solveInParallel with `onPage: false` (the pool's workers alone);
// - Solve now's way: solveInParallel as the widget calls it (the page searching first, for up
//   to PAGE_MS, and handing a longer search over to the workers);
// - the sequential worker again, in its own turn: how often one way is "slower" than the very
//   same search by chance alone (the measurement's noise floor on this machine).
// It prints, by the sequential search's time, each group's total against the sequential one and
// on how many instances each way was slower (each instance's median of the rounds), and the
// median cost per search over the sequential one on the instances under 1 ms. "Slower" says by
// how much at most. `--split-above N` runs the workers alone with the core's split threshold
// N (the team's default otherwise), to measure another. Per group it
// also says where the workers alone spend their time: the search as timed in the worker (the
// sequential Solver's; the leading worker's, from its coordinator's making to its result), the
// rest being messages and the page's part; the seconds the team's workers searched packets;
// and how many instances had an iteration split. Of Solve now's searches that the page handed
// over, by how long the workers searched after the hand-over (timed in the leading worker,
// without the messages), it prints the second worker's share of the nodes searched there and
// the workers' speed-up there against one sequential worker.
// `--each` also prints each instance's medians. With 5 rounds or more, it names the instances on
// which each way was slower than the sequential worker of the same round in more rounds than
// chance alone gives (a sign test).
// Usage: node benches/per-instance.mjs [--instances all | 1,2,3] [--rounds 5] [--split-above N] [--each]
import { launchChromium } from '../scripts/chromium.mjs';
import { option, wholeNumber, korf, instanceNumbers, median } from './bench-options.mjs';
import { serve } from '../scripts/serve.mjs';

const numbers = instanceNumbers(option('--instances', 'all'));
const rounds = wholeNumber('--rounds', 5, 1, 50);
const splitAbove = option('--split-above', '') === '' ? undefined : wholeNumber('--split-above', 0, 0, 2 ** 52);
const instances = numbers.map((n) => [n, korf[n - 1].slice(1)]);

const server = await serve();
const browser = await launchChromium();
const page = await browser.newPage();
page.on('pageerror', (error) => console.error(`page error: ${error}`));
await page.goto(`${server.url}www/hosts/bench.html`);
const timed = await page.evaluate(async ({ instances, rounds, splitAbove }) => {
  const { solveInParallel, holdWorkers } = await import('/www/workers/parallel-search.js');
  const release = await holdWorkers();
  // The plain worker, its databases ensured by a first (short) run.
  const worker = new Worker('/www/workers/bench-worker.js', { type: 'module' });
  const ask = (message, type) => new Promise((done, fail) => {
    worker.onmessage = ({ data }) => {
      if (data.type === type) done(data);
      else if (data.type === 'error') fail(new Error(data.message));
    };
    worker.postMessage(message);
  });
  await ask({ instances: [[0, 0, instances[0][1]]], heuristic: 'pdb', streamSeconds: 0.01 }, 'done');
  await solveInParallel({ board: instances[0][1], heuristic: 'pdb' }); // the pool's databases
  const ways = {
    // Each: the summary, and (but Solve now's) ms as timed in the worker(s).
    sequential: async (tiles) => {
      const { summary, seconds } = await ask({ type: 'one', tiles, heuristic: 'pdb' }, 'one');
      return { summary, inside: { search: seconds * 1000, nodes: summary.nodes } };
    },
    workers: async (tiles) => {
      const { summary, searchSeconds, balance, packets } = await solveInParallel({ board: tiles, heuristic: 'pdb', ...(splitAbove === undefined ? {} : { splitAbove }) }, { onPage: false });
      return { summary, inside: { search: searchSeconds * 1000, busy: balance.reduce((sum, b) => sum + b.busy, 0) * 1000, split: packets.split } };
    },
    solveNow: async (tiles) => {
      const { summary, onPage, pageSeconds, searchSeconds, balance } = await solveInParallel({ board: tiles, heuristic: 'pdb' });
      // Handed over: how long the workers searched after the page, and the second one's share of their nodes.
      const nodes = balance.reduce((sum, b) => sum + b.nodes, 0);
      return { summary, inside: onPage ? null : { after: (searchSeconds - pageSeconds) * 1000, nodes, second: nodes > 0 ? 1 - balance[0].nodes / nodes : 0 } };
    },
  };
  ways.again = async (tiles) => ({ summary: (await ways.sequential(tiles)).summary, inside: null });
  const names = Object.keys(ways);
  const times = instances.map(() => ({ sequential: [], workers: [], solveNow: [], again: [], inside: { sequential: [], workers: [], solveNow: [] } }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [k, [number, tiles]] of instances.entries()) {
      const generated = new Set();
      // The ways in an order drawn anew for each instance and round (seeded: the same every
      // run), so that none always follows the same other (a way can leave work behind it: the
      // leading worker of a search the page answered stops at its next look at the flag).
      let seed = (round * 7919 + k * 104729 + 1) >>> 0;
      const draw = (n) => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed % n; };
      const order = [...names];
      for (let i = order.length - 1; i > 0; i -= 1) { const j = draw(i + 1); [order[i], order[j]] = [order[j], order[i]]; }
      for (const name of order) {
        // Once untimed first: each way's search is timed after one of its own on the same
        // board, its caches as warm as the others' (each way reads its own copy of the tables).
        await ways[name](tiles);
        const start = performance.now();
        const { summary, inside } = await ways[name](tiles);
        times[k][name].push(performance.now() - start);
        if (inside) times[k].inside[name].push(inside);
        generated.add(summary.generated);
      }
      if (generated.size !== 1) throw new Error(`#${number}: the ways generated ${[...generated].join(', ')} nodes`);
    }
  }
  worker.terminate();
  release();
  return times;
}, { instances, rounds, splitAbove });
await browser.close();
await server.close();

// Inside the workers, the round whose time on the page is the median's.
const medianRound = (times) => times.indexOf(median(times));
const rows = timed.map((t, k) => ({ number: instances[k][0], sequential: median(t.sequential), workers: median(t.workers), solveNow: median(t.solveNow), again: median(t.again),
  inside: { sequential: t.inside.sequential[medianRound(t.sequential)], workers: t.inside.workers[medianRound(t.workers)] } }));
console.log(`Korf instances ${option('--instances', 'all')}, pdb, Chromium (2 workers where the device has 2 cores); each instance's median of ${rounds} rounds, the four ways in turn` +
  (splitAbove === undefined ? '' : `; the workers alone split above ${splitAbove} nodes`));
if (process.argv.includes('--each')) {
  const ms = (value) => value.toFixed(2).padStart(8);
  console.log('    #  sequential   workers  Solve now    again   (ms, each the median of the rounds)');
  for (const r of rows) console.log(`${String(r.number).padStart(5)}  ${ms(r.sequential)}  ${ms(r.workers)}  ${ms(r.solveNow)}  ${ms(r.again)}`);
}
for (const [label, lo, hi] of [['under 1 ms', 0, 1], ['1–10 ms', 1, 10], ['10–100 ms', 10, 100], ['over 100 ms', 100, Infinity]]) {
  const of = rows.filter((r) => r.sequential >= lo && r.sequential < hi);
  if (of.length === 0) continue;
  const sum = (key) => of.reduce((total, r) => total + r[key], 0);
  const slower = (key) => {
    const slow = of.filter((r) => r[key] > r.sequential);
    if (slow.length === 0) return 'slower on none';
    const worst = slow.reduce((a, b) => (b[key] / b.sequential > a[key] / a.sequential ? b : a));
    return `slower on ${slow.length} (by at most ${Math.round((worst[key] / worst.sequential - 1) * 100)} %, #${worst.number})`;
  };
  const way = (key) => `${(sum('sequential') / sum(key)).toFixed(2)}×, ${slower(key)}`;
  console.log(`${label} (${of.length}): the workers alone ${way('workers')}; Solve now's way ${way('solveNow')}; ` +
    `the sequential worker again (chance alone) ${way('again')}`);
  const inside = (key, part) => of.reduce((total, r) => total + r.inside[key][part], 0);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`  the workers alone against the sequential worker, in all: searching in the worker ${ms(inside('workers', 'search'))} against ` +
    `${ms(inside('sequential', 'search'))}, the messages and the page ${ms(sum('workers') - inside('workers', 'search'))} against ` +
    `${ms(sum('sequential') - inside('sequential', 'search'))}; the workers searched ${ms(inside('workers', 'busy'))}; ` +
    `an iteration split on ${of.filter((r) => r.inside.workers.split > 0).length}`);
}
const small = rows.filter((r) => r.sequential < 1);
if (small.length > 0) {
  const us = (values) => `${Math.round(median(values) * 1000)} µs`;
  console.log(`under 1 ms, the median cost per search over the sequential worker's: the workers alone ${us(small.map((r) => r.workers - r.sequential))}, ` +
    `Solve now's way ${us(small.map((r) => r.solveNow - r.sequential))} (the sequential search ${us(small.map((r) => r.sequential))})`);
}
// Solve now's searches that the page handed over, every round's: the second worker's share of
// the nodes searched after the hand-over, by how long the workers searched (an even share is
// 50 %; where a second thread busy for a few milliseconds waits for the first's core, it is low).
// With it, their speed-up there: the time one sequential worker takes for those nodes (at its
// rate on that instance, timed in its worker) over the time the leading worker took from its
// coordinator's making to its result.
const handed = timed.flatMap((t) => {
  const rate = median(t.inside.sequential.map((i) => i.nodes / i.search));
  return t.inside.solveNow.map((h) => ({ ...h, speedUp: h.nodes / rate / h.after }));
});
if (handed.length > 0) {
  const bands = [['under 2 ms', 0, 2], ['2–5 ms', 2, 5], ['5–20 ms', 5, 20], ['20 ms and more', 20, Infinity]].flatMap(([label, lo, hi]) => {
    const of = handed.filter((h) => h.after >= lo && h.after < hi);
    return of.length === 0 ? [] : [`${label} (${of.length}): ${Math.round(median(of.map((h) => h.second)) * 100)} %, ${median(of.map((h) => h.speedUp)).toFixed(2)}×`];
  });
  console.log(`Solve now's searches handed over to the workers (${handed.length}, every round's), by how long the workers searched after the hand-over: ` +
    `the second worker's median share of the nodes searched there, and the workers' speed-up there against one sequential worker: ${bands.join('; ')}`);
}
// Slower beyond chance: each round times the four ways back to back, so each instance's
// rounds pair every way with the sequential worker of the same round; a way that is no slower
// is the slower one of a pair in half the rounds at most, by chance alone, and a sign test
// tells when it is slower in too many (the sequential worker again shows how often chance
// alone gets there).
if (rounds >= 5) {
  const choose = (n, k) => { let c = 1; for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i; return c; };
  // How likely chance alone makes a way the slower one in at least k of the rounds.
  const byChance = (k) => { let p = 0; for (let j = k; j <= rounds; j += 1) p += choose(rounds, j); return p / 2 ** rounds; };
  // The fewest rounds that chance alone reaches with probability 5 % at most.
  let least = rounds;
  while (least > 1 && byChance(least - 1) <= 0.05) least -= 1;
  const beyond = (key) => {
    const slow = timed.flatMap((t, k) => (t[key].filter((ms, round) => ms > t.sequential[round]).length >= least ? [`#${instances[k][0]}`] : []));
    return `${slow.length}${slow.length ? ` (${slow.join(', ')})` : ''}`;
  };
  console.log(`slower than the sequential worker of the same round in at least ${least} of ${rounds} rounds (a sign test, chance alone 5 % at most): ` +
    `the workers alone on ${beyond('workers')}; Solve now's way on ${beyond('solveNow')}; the sequential worker again on ${beyond('again')}`);
}
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
console.log(`all ${rows.length}: sequential ${(total('sequential') / 1000).toFixed(2)} s, the workers alone ${(total('workers') / 1000).toFixed(2)} s, ` +
  `Solve now's way ${(total('solveNow') / 1000).toFixed(2)} s (sums of the medians)`);
