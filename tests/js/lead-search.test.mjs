// A parallel search led from a worker (www/workers/lead-search.js), in Node with the real core:
// the leader's own packets go to a queue searched here, the others through a MessagePort to a
// stand-in worker with its own PacketSearcher. The summary equals the sequential Solver's; a
// small search is never split (every iteration one packet, searched by the leader at once, not
// through its queue, nothing sent on the port); a large one is split at its large iterations, each begun by the
// leader alone (searchAhead), and the helper searches packets;
// the page hears one result (progress only when the search runs longer than PROGRESS_MS); a stop ends it without a result; the other
// worker hears from the leader that the search is over; bad options are answered with the core's error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as core from '../../www/pkg/tilesearch.js';
import { lead } from '../../www/workers/lead-search.js';

core.initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

/** A worker's packet queue: searched one after another, each reply to its outlet. */
function queue(options, counts) {
  let searcher = null;
  const jobs = [];
  let busy = false, freed = false;
  const next = () => {
    if (jobs.length === 0 || freed) { busy = false; return; }
    const { item, outlet } = jobs.shift();
    searcher ??= new core.PacketSearcher(item.options ?? options);
    const result = searcher.search(item.work);
    counts.searched += 1;
    outlet([{ type: 'packet-result', search: item.search, job: item.job, result, ms: 0.1, memory: 1 }]);
    setImmediate(next);
  };
  return {
    packet(item, outlet) {
      jobs.push({ item, outlet });
      if (!busy) { busy = true; setImmediate(next); }
    },
    drop(search, dropped) {
      for (let i = jobs.length - 1; i >= 0; i -= 1) {
        if (dropped.includes(jobs[i].item.job)) {
          const [{ item, outlet }] = jobs.splice(i, 1);
          outlet([{ type: 'packet-dropped', search, job: item.job }]);
        }
      }
    },
    free: () => { freed = true; searcher?.free(); searcher = null; },
  };
}

/** Leads `options` on `workers` (the leader and workers − 1 stand-ins); resolves to what the page heard and the counts. */
function led(options, { workers = 2, splitAbove = core.parallelSplitAbove(), stopAfter = null } = {}) {
  return new Promise((resolve) => {
    const counts = { own: { searched: 0 }, helpers: [], messages: 0, received: 0 };
    const heard = [];
    const own = queue(options, counts.own);
    const ports = [];
    const helpers = [];
    for (let w = 1; w < workers; w += 1) {
      const channel = new MessageChannel();
      const mine = { searched: 0 };
      counts.helpers.push(mine);
      const helper = queue(options, mine);
      helpers.push(helper);
      const outlet = (items) => channel.port2.postMessage({ type: 'packet-replies', items });
      channel.port2.onmessage = ({ data }) => {
        counts.messages += 1;
        if (data.type === 'packets') {
          counts.packetMessages = (counts.packetMessages ?? 0) + 1;
          counts.received += data.items.length;
          for (const item of data.items) helper.packet(item, outlet);
        }
        else if (data.type === 'packets-drop') helper.drop(data.search, data.jobs);
        else if (data.type === 'packets-close') { mine.closed = (mine.closed ?? 0) + 1; mine.closedAfter = heard.length; helper.free(); }
      };
      // The leader's end: its worker hands the replies to the lead (solver-handlers.js).
      channel.port1.onmessage = ({ data }) => { for (const item of data.items) stopper.receive(item); };
      ports.push(channel.port1);
      helpers.push({ free: () => { channel.port1.close(); channel.port2.close(); } });
    }
    // After the messages under way (the leader's last to the others) have arrived.
    const end = () => setTimeout(() => {
      own.free();
      for (const helper of helpers) helper.free();
      resolve({ heard, counts });
    }, 20);
    let stopper = null;
    const send = (message) => {
      heard.push(message);
      if (message.type !== 'lead-progress') end();
    };
    // Stopped by the page once this worker was handed `stopAfter` packets.
    let handed = 0;
    const counted = {
      packet(item, outlet) {
        handed += 1;
        own.packet(item, outlet);
        if (handed === stopAfter) queueMicrotask(() => { stopper.stop(); setTimeout(end, 50); });
      },
      drop: own.drop,
    };
    stopper = lead(core, { search: 1, options, workers, splitAbove, ports }, counted, send);
  });
}

// Korf's #13 (tests/data/korf100-blank-last.txt): 46 moves, 3.6 million nodes in its largest
// iteration with Manhattan, over parallelSplitAbove() from its iteration 5 on.
const KORF_13 = '9 5 8 7 4 3 12 15 2 1 0 6 14 11 10 13';
const sequential = (options) => {
  const solver = new core.Solver(options);
  const summary = solver.run();
  solver.free();
  return summary;
};

test('a small search runs whole in the leading worker: one packet per iteration, nothing sent to the team', async () => {
  for (const options of [{ board: '8 6 7 2 5 4 3 0 1' }, { board: '6 4 5 8 2 7 1 0 3', heuristic: 'linear-conflict', order: 'udlr' }]) {
    const { heard, counts } = await led(options);
    const result = heard.at(-1);
    assert.equal(result.type, 'lead-result', JSON.stringify(result));
    assert.deepEqual(result.summary, sequential(options));
    assert.equal(result.packets.split, 0);
    assert.equal(result.packets.iterations, result.summary.iteration);
    assert.equal(result.packets.sent, result.summary.iteration, 'one packet per iteration');
    // Each searched at once by the leader: none waited in its queue for a turn.
    assert.equal(result.packets.whole, result.summary.iteration);
    assert.equal(counts.own.searched, 0, 'no iteration went through the queue');
    assert.equal(counts.messages, 0, 'no message to the other worker');
    assert.deepEqual(result.balance.map((b) => b.packets), [result.summary.iteration, 0]);
  }
});

test('a large search is split at its large iterations, the other worker searches packets, the summary is the sequential one', async () => {
  const options = { board: KORF_13, order: 'lrud' };
  const expected = sequential(options);
  const { heard, counts } = await led(options);
  const result = heard.at(-1);
  assert.equal(result.type, 'lead-result', JSON.stringify(result));
  assert.deepEqual(result.summary, expected);
  assert.ok(result.packets.split >= 1 && result.packets.split < expected.iteration, `split ${result.packets.split} of ${expected.iteration}`);
  assert.ok(counts.helpers[0].searched > 0, 'the other worker searched packets');
  // The iterations not split were searched whole by the leader, at once; the split ones,
  // predicted under AHEAD_BELOW, begun there alone (searchAhead), then dealt out.
  assert.equal(result.packets.whole, expected.iteration - result.packets.split);
  assert.ok(result.packets.ahead > 0, 'packets searched ahead');
  assert.ok(result.balance[0].packets >= result.packets.whole + result.packets.ahead, 'counted as the leader\'s');
  // Packets travel many to a message.
  assert.ok(counts.packetMessages > 0 && counts.packetMessages < counts.received, `${counts.packetMessages} messages for ${counts.received} packets`);
  assert.equal(result.balance.reduce((sum, b) => sum + b.packets, 0) + result.packets.dropped + result.packets.leftover, result.packets.sent);
  // The leader tells the worker it dealt packets to that the search is over (the page does not).
  assert.equal(counts.helpers[0].closed, 1, 'one packets-close to the other worker');
  assert.ok(heard.slice(0, -1).every((m) => m.type === 'lead-progress' && m.progress.phase === 'search'));
  // One worker: nothing split, as the sequential search.
  const alone = await led(options, { workers: 1 });
  assert.deepEqual(alone.heard.at(-1).summary, expected);
  assert.equal(alone.heard.at(-1).packets.split, 0);
  // splitAbove 0: every iteration the core can split is.
  const always = await led(options, { splitAbove: 0 });
  assert.deepEqual(always.heard.at(-1).summary, expected);
  assert.ok(always.heard.at(-1).packets.split > result.packets.split);
});

test('stopped by the page: no result is sent; bad options are answered with the core\'s error', async () => {
  // (A search whose iterations are all small would be searched ahead whole: no packet handed out.)
  const { heard, counts } = await led({ board: KORF_13 }, { splitAbove: 0, stopAfter: 3 });
  assert.ok(heard.every((m) => m.type === 'lead-progress'), JSON.stringify(heard.map((m) => m.type)));
  assert.equal(counts.helpers[0].closed, 1, 'stopped: the other worker is told to drop its packets');
  const bad = await led({ board: '1 1 3 4 5 6 7 8 0' });
  assert.equal(bad.heard.length, 1);
  assert.equal(bad.heard[0].type, 'lead-error');
  assert.equal(bad.heard[0].kind, 'duplicate-tile');
  assert.match(bad.heard[0].message, /tile 1 appears twice/);
});

/**
 * Leads a team on one memory (leadTeam) with a stand-in core whose teamLead reports `steps`
 * ([iteration, threshold, packets, taken], each to goOn) and then ends: what the page and the
 * team's other worker heard.
 */
async function ledTeam(steps, { handOver } = {}) {
  const { port1, port2 } = new MessageChannel();
  const toHelper = [];
  // A sentinel posted after lead() returns arrives after whatever it posted on the line (one
  // port keeps its order): no timer to guess how long the messages under way take.
  const through = new Promise((done) => {
    port2.onmessage = ({ data }) => { if (data === 'sentinel') done(); else toHelper.push(data); };
  });
  const heard = [];
  const opened = [];
  const stand = {
    teamOpen: (options) => { assert.equal(options.workers, 2); opened.push(options); return 7; },
    teamLead(team, goOn, ms) {
      assert.equal(team, 7);
      assert.ok(ms > 0);
      for (const step of steps) assert.equal(goOn(...step), true);
      const worker = { packets: 1, nodes: 10, generated: 9, abandoned: 0, busy: 0.001 };
      return { summary: { iteration: steps.at(-1)[0] }, stopped: false, whole: 1, split: 0, taken: 0, skipped: 0, workers: [worker, { ...worker, packets: 0 }] };
    },
  };
  const stop = new Int32Array(new SharedArrayBuffer(4));
  lead(stand, { search: 3, options: { board: KORF_13, heuristic: 'manhattan', ...(handOver ? { handOver } : {}) }, workers: 2, splitAbove: 0, ports: [port1], stop },
    { packet() { throw new Error('a team on one memory hands out no packet by message'); }, drop() {} }, (message) => heard.push(message));
  port1.postMessage('sentinel');
  await through;
  port1.close();
  return { heard, toHelper, opened };
}

test('a team on one memory tells its other workers when its first split iteration begins, and never for a search it runs whole; the page\'s hand-over goes to the core\'s team', async () => {
  const whole = await ledTeam([[1, 41, 1, 0], [2, 43, 1, 0], [2, 43, 1, 0]]);
  assert.deepEqual(whole.heard.map((m) => m.type), ['lead-result']);
  assert.deepEqual(whole.toHelper, [], 'a worker is not woken for a search it cannot help');
  assert.equal(whole.opened[0].handOver, undefined);
  const handOver = new Float64Array([1, 2, 3]);
  const split = await ledTeam([[1, 41, 1, 0], [2, 43, 16, 0], [2, 43, 16, 5], [3, 45, 32, 0]], { handOver });
  assert.deepEqual(split.heard.map((m) => m.type), ['lead-result']);
  assert.equal(split.toHelper.length, 1, 'told once');
  assert.deepEqual(split.toHelper[0], { type: 'team-help', search: 3, team: 7, worker: 1 });
  assert.equal(split.opened[0].handOver, handOver, 'the page\'s hand-over, to teamOpen');
});
