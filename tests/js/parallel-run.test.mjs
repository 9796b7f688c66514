// The parallel search's loop (www/parallel-run.js) with a fake coordinator and fake workers:
// the core's ParallelSearch and the page's pool are the real ones in the browser
// (tests/e2e/parallel.test.mjs); here the loop's own rules are checked over many random
// timings: every packet the coordinator needs is searched and accepted once, in the iteration
// it belongs to, those it no longer needs are skipped or dropped, a worker never has more than
// IN_FLIGHT packets, the balance adds up, and abandoning or a failure stops everything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runParallel, addBalances, balanceText, windowFor, IN_FLIGHT, MAX_IN_FLIGHT, QUEUED_MS, AHEAD_BELOW, AHEAD_NODES } from '../../www/model/parallel-run.js';
import { random } from './seeded-random.mjs';

/**
 * A fake ParallelSearch with the core's rules. `plan`: per iteration {threshold, packets: n,
 * solutions: [indexes of the packets that find a goal]}; packet i of iteration k visits
 * 10 * k + i nodes, prunes i, generates 2 * i + 1 (the fake worker's result says so). The
 * first solution in move order is the one in the smallest index; the counts of the solving
 * iteration stop there, as the sequential search's do.
 */
class FakeCoordinator {
  accepted = [];      // results accepted, in order
  #plan; #k = -1; #got = new Map(); #iterations = [];
  constructor(plan) { this.#plan = plan; }

  iteration() {
    if (this.#k >= 0 && !this.#complete()) throw new Error('iteration() before the current one is complete');
    if (this.#k >= 0) this.#close();
    if (this.#solved() || this.#k + 1 >= this.#plan.length) { this.#k = this.#plan.length; return null; }
    this.#k += 1;
    this.#got = new Map();
    const { threshold, packets } = this.#plan[this.#k];
    // An unsplit iteration (`whole`): one packet, the root's whole tree (an empty path).
    const path = (index) => (this.#plan[this.#k].whole ? [] : [index]);
    const { predicted = null } = this.#plan[this.#k];
    return { iteration: this.#k + 1, threshold, packets: Array.from({ length: packets }, (_, index) => ({ index, path: path(index) })), predicted };
  }

  accept(result) {
    const plan = this.#plan[this.#k];
    if (result.iteration !== this.#k + 1) throw new Error(`result of iteration ${result.iteration}: the current one is ${this.#k + 1}`);
    if (this.#got.has(result.index)) throw new Error(`packet ${result.index} accepted twice`);
    if (!this.needed(result.index)) throw new Error(`packet ${result.index} is not needed`);
    if (result.index >= plan.packets) throw new Error(`no packet ${result.index}`);
    this.#got.set(result.index, result);
    this.accepted.push(result);
    return this.#complete();
  }

  /**
   * The core's searchWhole: from the current iteration on, each unsplit one searched by
   * `search(task)` (the fake searcher) and accepted, until a split one or the end.
   */
  searchWhole(search) {
    const out = { iterations: 0, threshold: 0, nodes: 0, generated: 0 };
    while (this.#plan[this.#k]?.whole && this.#got.size === 0) {
      const { threshold } = this.#plan[this.#k];
      const result = search({ iteration: this.#k + 1, threshold, packet: { index: 0, path: [] } });
      this.accept(result);
      Object.assign(out, { iterations: out.iterations + 1, threshold, nodes: out.nodes + result.visited + result.pruned, generated: out.generated + result.generated });
      if (this.#solved() || this.#firstSolution() !== null || !this.#plan[this.#k + 1]?.whole) break;
      this.#close();
      this.#k += 1;
      this.#got = new Map();
    }
    return out;
  }

  /**
   * The core's searchAhead: the current iteration's packets in order from the first without a
   * result (those with one skipped), each searched by `search(task)` and accepted, until the
   * iteration is complete or `nodes` are searched.
   */
  searchAhead(search, nodes) {
    const out = { packets: 0, nodes: 0, generated: 0, next: 0, complete: false };
    const { threshold, packets } = this.#plan[this.#k];
    let index = 0;
    while (out.nodes < nodes) {
      while (this.#got.has(index)) index += 1;
      if (index >= packets || !this.needed(index)) break;
      const result = search({ iteration: this.#k + 1, threshold, packet: { index, path: [index] } });
      index += 1;
      Object.assign(out, { packets: out.packets + 1, nodes: out.nodes + result.visited + result.pruned, generated: out.generated + result.generated });
      if (this.accept(result)) { out.complete = true; break; }
    }
    out.next = index;
    return out;
  }

  needed(index) {
    const first = this.#firstSolution();
    return first === null || index <= first;
  }

  get summary() {
    if (this.#k < this.#plan.length) throw new Error('summary before the end');
    return { iterations: this.#iterations, solution: this.#solution };
  }

  free() {}

  #solution = null;
  #firstSolution() {
    let first = null;
    for (const [index, result] of this.#got) if (result.solution && (first === null || index < first)) first = index;
    return first;
  }
  #complete() {
    const plan = this.#plan[this.#k];
    const first = this.#firstSolution();
    const last = first ?? plan.packets - 1;
    for (let i = 0; i <= last; i += 1) if (!this.#got.has(i)) return false;
    return true;
  }
  #solved() { return this.#solution !== null; }
  #close() {
    const first = this.#firstSolution();
    let visited = 0, pruned = 0;
    for (const [index, result] of this.#got) if (first === null || index <= first) { visited += result.visited; pruned += result.pruned; }
    this.#iterations.push({ iteration: this.#k + 1, threshold: this.#plan[this.#k].threshold, visited, pruned });
    if (first !== null) this.#solution = [this.#k + 1, first];
  }
}

/** What a sequential search of `plan` reports (the reference the parallel summary must equal). */
function sequential(plan) {
  const iterations = [];
  for (let k = 0; k < plan.length; k += 1) {
    const first = plan[k].solutions.length ? Math.min(...plan[k].solutions) : null;
    const last = first ?? plan[k].packets - 1;
    let visited = 0, pruned = 0;
    for (let i = 0; i <= last; i += 1) { visited += 10 * (k + 1) + i; pruned += i; }
    iterations.push({ iteration: k + 1, threshold: plan[k].threshold, visited, pruned });
    if (first !== null) return { iterations, solution: [k + 1, first] };
  }
  return { iterations, solution: null };
}

/**
 * Fake workers: each searches its queue one packet at a time, taking a random 0–3 ms (timers);
 * drop() removes queued packets not started. Records what it saw.
 */
class FakeTeam {
  sent = [];            // {worker, job, iteration, index}
  dropped = 0;
  maxQueue = 0;
  #queues; #busy; #plan; #next; #fail; #ms;
  constructor(size, plan, seed, { fail, ms = 1 } = {}) {
    this.#ms = ms;
    this.size = size;
    this.#plan = plan;
    this.#next = random(seed);
    this.#queues = Array.from({ length: size }, () => []);
    this.#busy = Array(size).fill(false);
    this.#fail = fail;
  }

  packet(worker, options, job, work) {
    assert.deepEqual(options, { board: 'b' }, 'each packet carries the searcher options');
    this.sent.push({ worker, job, iteration: work.iteration, index: work.packet.index });
    return new Promise((resolve, reject) => {
      this.#queues[worker].push({ job, work, resolve, reject });
      this.maxQueue = Math.max(this.maxQueue, this.#queues[worker].length + (this.#busy[worker] ? 1 : 0));
      this.#run(worker);
    });
  }

  drop(worker, jobs) {
    const drop = new Set(jobs);
    this.#queues[worker] = this.#queues[worker].filter((item) => {
      if (!drop.has(item.job)) return true;
      this.dropped += 1;
      setTimeout(() => item.resolve({ dropped: true }), 0);
      return false;
    });
  }

  #run(worker) {
    if (this.#busy[worker] || this.#queues[worker].length === 0) return;
    this.#busy[worker] = true;
    const { work, resolve, reject } = this.#queues[worker].shift();
    setTimeout(() => {
      this.#busy[worker] = false;
      const { iteration, threshold, packet: { index } } = work;
      if (this.#fail?.(iteration, index)) reject(new Error(`worker ${worker + 1} failed on packet ${index}`));
      else {
        const solution = this.#plan[iteration - 1].solutions.includes(index) ? [index] : null;
        resolve({ ms: this.#ms, memory: 1000 * (worker + 1), result: { iteration, index, visited: 10 * iteration + index, pruned: index, nextThreshold: threshold + 2, solution, generated: 2 * index + 1 } });
      }
      this.#run(worker);
    }, Math.floor(this.#next() * 4));
  }
}

const PLANS = [
  [{ threshold: 10, packets: 7, solutions: [] }, { threshold: 12, packets: 9, solutions: [] }, { threshold: 14, packets: 12, solutions: [5, 9] }],
  [{ threshold: 3, packets: 1, solutions: [] }, { threshold: 5, packets: 2, solutions: [0] }],
  [{ threshold: 20, packets: 40, solutions: [] }, { threshold: 22, packets: 40, solutions: [39] }],
  [{ threshold: 20, packets: 30, solutions: [0, 1, 2] }],
  [{ threshold: 8, packets: 3, solutions: [] }], // exhausted without a solution (a budget the core put in)
];

for (const [p, plan] of PLANS.entries()) {
  for (const workers of [1, 2, 3, 8]) {
    test(`plan ${p + 1}, ${workers} worker${workers === 1 ? '' : 's'}: the sequential summary, every needed packet once, at most ${IN_FLIGHT} in flight`, async () => {
      for (let seed = 1; seed <= 12; seed += 1) {
        const run = new FakeCoordinator(plan);
        const team = new FakeTeam(workers, plan, seed * 7919 + workers);
        const progress = [];
        const out = await runParallel(run, team, { board: 'b' }, { onProgress: (e) => progress.push(e) });
        assert.deepEqual(out.summary, sequential(plan), `seed ${seed}`);
        assert.ok(team.maxQueue <= IN_FLIGHT, `at most ${IN_FLIGHT} packets at a worker, saw ${team.maxQueue}`);
        // Handed out in order within each iteration.
        for (let k = 1; k <= plan.length; k += 1) {
          const indexes = team.sent.filter((s) => s.iteration === k).map((s) => s.index);
          assert.deepEqual(indexes, [...indexes].sort((a, b) => a - b), `iteration ${k} in order`);
          assert.equal(new Set(indexes).size, indexes.length, `iteration ${k}: no packet sent twice`);
        }
        // Accepted: every packet the sequential search counts, once; any other only before the
        // solution that makes it unnecessary was known (the coordinator leaves it out).
        const reference = sequential(plan);
        const accepted = run.accepted.map((r) => `${r.iteration}/${r.index}`);
        assert.equal(new Set(accepted).size, accepted.length, 'none accepted twice');
        for (const { iteration } of reference.iterations) {
          const first = plan[iteration - 1].solutions.length ? Math.min(...plan[iteration - 1].solutions) : null;
          for (let index = 0; index <= (first ?? plan[iteration - 1].packets - 1); index += 1) assert.ok(accepted.includes(`${iteration}/${index}`), `${iteration}/${index} accepted`);
        }
        for (const result of run.accepted) {
          const first = Math.min(...plan[result.iteration - 1].solutions);
          if (result.index > first) {
            const at = run.accepted.findIndex((r) => r.iteration === result.iteration && r.index === first);
            assert.ok(run.accepted.indexOf(result) < at, `${result.iteration}/${result.index} accepted only before the solution in ${first} was`);
          }
        }
        // The balance: every packet searched, counted on the worker that searched it.
        assert.equal(out.balance.length, workers);
        assert.deepEqual(out.balance.map((b) => b.worker), Array.from({ length: workers }, (_, i) => i + 1));
        for (const b of out.balance) assert.equal(b.memory, b.packets > 0 ? 1000 * b.worker : 0, 'each worker\'s memory as it reported it');
        const searched = out.balance.reduce((sum, b) => sum + b.packets, 0);
        assert.equal(searched + out.packets.dropped + out.packets.leftover, out.packets.sent);
        assert.equal(out.packets.wasted, searched - run.accepted.length);
        // Dropped while searching, or at the end among the leftovers.
        assert.ok(team.dropped >= out.packets.dropped && team.dropped - out.packets.dropped <= out.packets.leftover);
        assert.ok(out.seconds >= 0);
        assert.equal(progress.length, run.accepted.length, 'one progress report per accepted packet');
        assert.ok(progress.every((e) => e.phase === 'search' && e.workers === workers && e.accepted <= e.packets));
      }
    });
  }
}

test('one worker gets the packets in order, IN_FLIGHT at a time; several share them out', async () => {
  const plan = [{ threshold: 10, packets: 10, solutions: [] }];
  const single = new FakeTeam(1, plan, 3);
  await runParallel(new FakeCoordinator(plan), single, { board: 'b' });
  assert.deepEqual(single.sent.map((s) => s.index), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const pair = new FakeTeam(2, plan, 3);
  const out = await runParallel(new FakeCoordinator(plan), pair, { board: 'b' });
  assert.deepEqual(pair.sent.slice(0, 2 * IN_FLIGHT).map((s) => s.worker), [0, 1, 0, 1, 0, 1], 'filled one worker after the other');
  assert.ok(out.balance.every((b) => b.packets > 0), 'both workers searched');
});

test('packets after a found solution are never sent, or dropped in the workers\' queues', async () => {
  for (const first of [0, 5]) {
    const plan = [{ threshold: 30, packets: 60, solutions: [first, 40] }];
    let sent = 0, dropped = 0;
    for (let seed = 1; seed <= 20; seed += 1) {
      const team = new FakeTeam(2, plan, seed);
      const run = new FakeCoordinator(plan);
      // How many packets were sent when the solution's packet was accepted.
      let sentBefore = null;
      const accept = run.accept.bind(run);
      run.accept = (result) => { if (result.index === first) sentBefore = team.sent.length; return accept(result); };
      const out = await runParallel(run, team, { board: 'b' });
      assert.deepEqual(out.summary, sequential(plan));
      assert.ok(team.sent.slice(sentBefore).every((s) => s.index < first), `seed ${seed}: nothing after packet ${first} sent once it was accepted`);
      sent += team.sent.length;
      dropped += team.dropped;
    }
    assert.ok(sent / 20 < 40, `solution in packet ${first}: ${sent / 20} packets sent on average`);
    assert.ok(dropped > 0, 'queued packets were dropped');
  }
});

test('abandoning (the signal) rejects with its reason, drops the queued packets and sends no more', async () => {
  const plan = [{ threshold: 10, packets: 200, solutions: [] }, { threshold: 12, packets: 200, solutions: [3] }];
  const team = new FakeTeam(2, plan, 5);
  const controller = new AbortController();
  const reason = new DOMException('the widget was removed', 'AbortError');
  const promise = runParallel(new FakeCoordinator(plan), team, { board: 'b' }, {
    signal: controller.signal,
    onProgress: (e) => { if (e.accepted === 20) controller.abort(reason); },
  });
  await assert.rejects(promise, (error) => error === reason);
  const sentThen = team.sent.length;
  await new Promise((done) => setTimeout(done, 50));
  assert.equal(team.sent.length, sentThen, 'nothing sent after the abort');
  assert.ok(team.dropped > 0, 'the queued packets were dropped');
  // An already aborted signal: nothing is sent at all.
  const idle = new FakeTeam(2, plan, 6);
  const aborted = AbortSignal.abort(reason);
  await assert.rejects(runParallel(new FakeCoordinator(plan), idle, { board: 'b' }, { signal: aborted }), (error) => error === reason);
  assert.equal(idle.sent.length, 0);
});

test('a worker\'s failure, a result the coordinator refuses and a coordinator that stalls reject with specific errors', async () => {
  const plan = [{ threshold: 10, packets: 20, solutions: [] }, { threshold: 12, packets: 20, solutions: [] }];
  const failing = new FakeTeam(2, plan, 1, { fail: (iteration, index) => iteration === 2 && index === 7 });
  await assert.rejects(runParallel(new FakeCoordinator(plan), failing, { board: 'b' }), /^Error: worker \d failed on packet 7$/);

  const refusing = new FakeCoordinator(plan);
  refusing.accept = () => { throw new Error('this result does not belong to iteration 1'); };
  await assert.rejects(runParallel(refusing, new FakeTeam(2, plan, 2), { board: 'b' }), /does not belong to iteration 1/);

  const stalling = new FakeCoordinator(plan);
  stalling.accept = () => false; // never complete
  await assert.rejects(runParallel(stalling, new FakeTeam(2, plan, 3), { board: 'b' }),
    /^Error: parallel search: iteration 1 has no packet left to search, yet the coordinator has not completed it \(20 of 20 packets accepted, 0 skipped\)$/);

  const repeating = { iteration: () => ({ iteration: 1, threshold: 5, packets: [{ index: 0, path: [] }] }), accept: () => true, needed: () => true, summary: {} };
  await assert.rejects(runParallel(repeating, new FakeTeam(1, [{ threshold: 5, packets: 1, solutions: [] }], 4), { board: 'b' }),
    /iteration 1 was handed out twice/);

  const throwing = { iteration: () => { throw new Error('ParallelSearch was freed'); }, accept: () => true, needed: () => true, summary: {} };
  await assert.rejects(runParallel(throwing, new FakeTeam(1, plan, 4), { board: 'b' }), /ParallelSearch was freed/);
});

test('small packets go out many at a time, large ones IN_FLIGHT at a time', async () => {
  assert.equal(windowFor(50), IN_FLIGHT);
  assert.equal(windowFor(QUEUED_MS), IN_FLIGHT);
  assert.equal(windowFor(QUEUED_MS / 10), 11);
  assert.equal(windowFor(0), MAX_IN_FLIGHT);
  const plan = [{ threshold: 10, packets: 100, solutions: [] }, { threshold: 12, packets: 100, solutions: [] }];
  const small = new FakeTeam(2, plan, 9, { ms: QUEUED_MS / 20 });
  const out = await runParallel(new FakeCoordinator(plan), small, { board: 'b' });
  assert.deepEqual(out.summary, sequential(plan));
  assert.ok(small.maxQueue > IN_FLIGHT && small.maxQueue <= windowFor(QUEUED_MS / 20), `up to ${small.maxQueue} queued`);
  const large = new FakeTeam(2, plan, 9, { ms: 10 * QUEUED_MS });
  await runParallel(new FakeCoordinator(plan), large, { board: 'b' });
  assert.equal(large.maxQueue, IN_FLIGHT);
});

test('an unsplit iteration is searched at once by searchWhole where the team has it: no packet sent, the same summary', async () => {
  const plan = [{ threshold: 10, packets: 1, solutions: [], whole: true }, { threshold: 12, packets: 1, solutions: [], whole: true },
    { threshold: 14, packets: 12, solutions: [7] }];
  for (const workers of [1, 2]) {
    const team = new FakeTeam(workers, plan, 5);
    const searched = [];
    team.searchWhole = (options, run) => {
      assert.deepEqual(options, { board: 'b' });
      assert.equal(team.sent.length, 0, 'the whole iterations come before any packet is sent');
      const searched$ = run.searchWhole(({ iteration, threshold, packet }) => {
        assert.deepEqual(packet.path, []);
        searched.push(iteration);
        return { iteration, index: packet.index, visited: 10 * iteration, pruned: 0, nextThreshold: threshold + 2, solution: null, generated: 1 };
      });
      calls += 1;
      return { ...searched$, ms: 0.5, memory: 64 };
    };
    let calls = 0;
    const progress = [];
    const out = await runParallel(new FakeCoordinator(plan), team, { board: 'b' }, { onProgress: (e) => progress.push(e) });
    assert.deepEqual(out.summary, sequential(plan));
    assert.deepEqual(searched, [1, 2]);
    assert.equal(calls, 1, 'both in one call');
    assert.ok(team.sent.every((s) => s.iteration === 3), 'only the split iteration went out as packets');
    assert.equal(out.packets.whole, 2);
    assert.equal(out.packets.sent, 2 + team.sent.length);
    assert.equal(out.balance[0].memory >= 64 && out.balance[0].packets >= 2, true);
    assert.ok(out.balance[0].nodes >= 30, 'the whole iterations\' nodes (10 + 20) are counted');
    // One progress report for the whole iterations: the last one's, then the split one's.
    assert.deepEqual([progress[0].iteration, progress[0].threshold], [2, 12]);
    assert.ok(progress.slice(1).every((e) => e.iteration === 3));
  }
  // Without searchWhole (the fake team is a queue) the same iterations go out as packets.
  const queued = new FakeTeam(2, plan, 5);
  const out = await runParallel(new FakeCoordinator(plan), queued, { board: 'b' });
  assert.deepEqual(out.summary, sequential(plan));
  assert.equal(out.packets.whole, 0);
  assert.deepEqual(queued.sent.filter((s) => s.iteration < 3).map((s) => s.iteration), [1, 2]);
  // A failure there rejects with it, and nothing is sent after.
  const failing = new FakeTeam(2, plan, 5);
  failing.searchWhole = () => { throw new Error('the searcher was freed'); };
  await assert.rejects(runParallel(new FakeCoordinator(plan), failing, { board: 'b' }), /the searcher was freed/);
  assert.equal(failing.sent.length, 0);
  // A searchWhole that searched nothing where the iteration is unsplit would loop forever: it fails.
  const idle = new FakeTeam(2, plan, 5);
  idle.searchWhole = () => ({ iterations: 0, threshold: 0, nodes: 0, generated: 0, ms: 0 });
  await assert.rejects(runParallel(new FakeCoordinator(plan), idle, { board: 'b' }), /iteration 1 is unsplit, yet searchWhole searched nothing/);
});

test('a small split iteration starts with searchAhead in the first worker: a goal there sends no packet; else the rest go out from next', async () => {
  const fake = (iteration, index, threshold, plan) => ({ iteration, index, visited: 10 * iteration + index, pruned: index, nextThreshold: threshold + 2,
    solution: plan[iteration - 1].solutions.includes(index) ? [index] : null, generated: 2 * index + 1 });
  const withAhead = (team, plan, calls) => {
    team.searchAhead = (options, run, nodes) => {
      assert.deepEqual(options, { board: 'b' });
      calls.push(nodes);
      return { ...run.searchAhead(({ iteration, threshold, packet }) => fake(iteration, packet.index, threshold, plan), nodes), ms: 0.25, memory: 64 };
    };
    return team;
  };
  // The last iteration, predicted small, finds its goal in packet 3: all of it ahead, no packet sent.
  const found = [{ threshold: 10, packets: 6, solutions: [] }, { threshold: 12, packets: 20, solutions: [3], predicted: 1000 }];
  let calls = [];
  let team = withAhead(new FakeTeam(2, found, 9), found, calls);
  let out = await runParallel(new FakeCoordinator(found), team, { board: 'b' });
  assert.deepEqual(out.summary, sequential(found));
  assert.deepEqual(calls, [AHEAD_NODES], 'the first iteration (no prediction) is not searched ahead; the second is');
  assert.ok(team.sent.every((s) => s.iteration === 1), 'nothing of the second iteration went out');
  assert.equal(out.packets.ahead, 4);
  assert.equal(out.packets.sent, team.sent.length + 4);
  assert.equal(out.balance[0].memory, 1000, 'the largest memory seen');
  // A budget smaller than the iteration: ahead to it (the packet begun finished), the rest from there on.
  const goesOn = [{ threshold: 10, packets: 1, solutions: [], whole: true }, { threshold: 12, packets: 30, solutions: [], predicted: 5000 },
    { threshold: 14, packets: 30, solutions: [25], predicted: 9000 }];
  for (const workers of [2, 3]) {
    calls = [];
    team = withAhead(new FakeTeam(workers, goesOn, 11), goesOn, calls);
    team.searchWhole = (options, run) => ({ ...run.searchWhole(({ iteration, threshold, packet }) => fake(iteration, packet.index, threshold, goesOn)), ms: 0.5 });
    const progress = [];
    out = await runParallel(new FakeCoordinator(goesOn), team, { board: 'b' }, { aheadNodes: 100, onProgress: (e) => progress.push(e) });
    assert.deepEqual(out.summary, sequential(goesOn));
    assert.deepEqual(calls, [100, 100]);
    // Iteration 2's packets have 20 + 2i nodes: 0 to 4 ahead (92 nodes before the fifth, 120 after), the rest sent;
    // iteration 3's 30 + 2i: 0 to 3.
    for (const [k, from] of [[2, 5], [3, 4]]) {
      const sent = team.sent.filter((s) => s.iteration === k).map((s) => s.index);
      assert.equal(Math.min(...sent), from, `iteration ${k}: sent from the first packet not searched ahead`);
      assert.deepEqual(sent, [...sent].sort((a, b) => a - b));
    }
    assert.equal(out.packets.ahead, 5 + 4);
    assert.ok(progress.some((e) => e.iteration === 2 && e.accepted === 5), 'one progress report for the packets ahead');
  }
  // Not for an iteration predicted large, for one without a prediction, for a single worker,
  // nor with aheadNodes 0: there the packets go out from the first.
  const large = [{ threshold: 10, packets: 8, solutions: [2], predicted: AHEAD_BELOW }];
  const none = [{ threshold: 10, packets: 8, solutions: [2] }];
  const small = [{ threshold: 10, packets: 8, solutions: [2], predicted: 10 }];
  for (const [plan, workers, settings] of [[large, 2, {}], [none, 2, {}], [small, 1, {}], [small, 2, { aheadNodes: 0 }]]) {
    calls = [];
    team = withAhead(new FakeTeam(workers, plan, 13), plan, calls);
    out = await runParallel(new FakeCoordinator(plan), team, { board: 'b' }, settings);
    assert.deepEqual(out.summary, sequential(plan));
    assert.deepEqual(calls, []);
    assert.equal(out.packets.ahead, 0);
    assert.equal(team.sent[0].index, 0);
  }
  // A failure there rejects with it, and nothing is sent after.
  const failing = new FakeTeam(2, small, 5);
  failing.searchAhead = () => { throw new Error('the searcher was freed'); };
  await assert.rejects(runParallel(new FakeCoordinator(small), failing, { board: 'b' }), /the searcher was freed/);
  assert.equal(failing.sent.length, 0);
});

test('balances add up per worker, and read as a line', () => {
  const a = [{ worker: 1, packets: 3, nodes: 100, generated: 150, busy: 0.5, memory: 5 }, { worker: 2, packets: 2, nodes: 300, generated: 420, busy: 0.25, memory: 6 }];
  const b = [{ worker: 1, packets: 1, nodes: 100, generated: 10, busy: 0.5, memory: 7 }];
  assert.deepEqual(addBalances([a, b]), [{ worker: 1, packets: 4, nodes: 200, generated: 160, busy: 1, memory: 7 }, { worker: 2, packets: 2, nodes: 300, generated: 420, busy: 0.25, memory: 6 }]);
  assert.equal(balanceText(a), 'worker 1: 3 packets, 25 % of the nodes, 0.50 s busy; worker 2: 2 packets, 75 % of the nodes, 0.25 s busy');
  assert.equal(balanceText([{ worker: 1, packets: 1, nodes: 0, generated: 0, busy: 0 }]), 'worker 1: 1 packet, 0 % of the nodes, 0.00 s busy');
});
