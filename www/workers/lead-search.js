// A parallel search led from a worker: the first worker of a team (pool-teams.js) runs the
// coordinator, the core's ParallelSearch, and deals out the packets itself, to its own queue
// and through the MessagePort it keeps to each other worker of the team (solver-handlers.js
// hands their replies to receive()); the page hears only progress now and then and the result. So no iteration waits for the page's event loop, and the
// packets and their replies travel between workers in one message per turn.
// The core splits only the iterations worth splitting (`splitAbove`, predicted from the
// iterations before): a small search runs whole in this worker, as fast as one Solver.
// parallel-run.js is the loop that hands the packets out, the same on the page or here.
import { runParallel, noPackets } from '../model/parallel-run.js';
import { yieldToMessages } from '../platform/yield-to-messages.js';

/**
 * Milliseconds between two progress messages to the page, the first this long after the start:
 * a search shorter than this sends none (each costs the page a render).
 */
export const PROGRESS_MS = 100;

/**
 * Milliseconds a worker of a team on one memory spends in one call of the core's teamLead
 * (the leader) or teamHelp (the others: waiting for work, or searching): between calls its
 * other messages and turns run (its widgets' streams, a packets-close), so none waits longer
 * than this (or a packet begun: a few milliseconds).
 */
export const TEAM_MS = 8;

/**
 * Leads parallel search `search` in this worker where the team's workers share one memory
 * (`stop`: the page's flag): the core's team (teamOpen, then teamLead a slice of TEAM_MS at a
 * time) runs the search here, its split iterations taken up by the others through the memory
 * (each told once, by a team-help message when the first split iteration begins, to call
 * teamHelp until the search is over). The page hears progress every PROGRESS_MS and the
 * result as from lead(). `options` may carry a `handOver` (the page's own search, stopped:
 * Solver.handOver()): the core's team goes on from there.
 * @param {any} core the worker's module
 * @param {{search: number, options: any, workers: number, ports: MessagePort[], stop: Int32Array}} request
 * @param {(() => number) | undefined} memory the size of this worker's memory, which is every worker's
 * @param {(message: any) => void} send posts to the page
 * @returns {{stop: () => void, receive: (item: any) => void}} stop() abandons it (the page closed the search)
 */
function leadTeam(core, { search, options, workers, ports, stop }, memory, send) {
  const made = performance.now();
  let closed = false;
  const failed = (error) => send({ type: 'lead-error', search, name: error?.name ?? 'Error', message: error?.message ?? String(error), kind: error?.kind });
  let team;
  try {
    team = core.teamOpen({ ...options, workers });
  } catch (error) {
    failed(error);
    return { stop() {}, receive() {} };
  }
  // The others are told when the first split iteration begins (goOn hears its packets): a
  // search whose iterations all run whole here never wakes them (on a busy or packed core,
  // a woken worker's turn is taken from this one's).
  let told = false;
  let last = made;
  const goOn = (iteration, threshold, packets, taken) => {
    if (closed || Atomics.load(stop, 0) !== 0) return false;
    if (!told && packets > 1) {
      told = true;
      ports.forEach((port, i) => port.postMessage({ type: 'team-help', search, team, worker: i + 1 }));
    }
    const now = performance.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      send({ type: 'lead-progress', search, progress: { phase: 'search', iteration, threshold, packets, accepted: taken, skipped: 0, workers, seconds: (now - made) / 1000 } });
    }
    return true;
  };
  const run = async () => {
    for (;;) {
      const result = core.teamLead(team, goOn, TEAM_MS);
      if (result) return result;
      await yieldToMessages();
    }
  };
  run().then((result) => {
    if (result.stopped) return; // the page closed it: no one waits for an answer
    const wasted = result.workers.reduce((sum, w) => sum + w.abandoned, 0);
    send({
      type: 'lead-result', search, summary: result.summary, seconds: (performance.now() - made) / 1000,
      balance: result.workers.map((w, i) => ({ worker: i + 1, packets: w.packets, nodes: w.nodes, generated: w.generated, busy: w.busy, memory: memory?.() ?? 0 })),
      packets: { ...noPackets(), sent: result.taken + result.whole, skipped: result.skipped, wasted, whole: result.whole, split: result.split, iterations: result.summary.iteration },
    });
  }, (error) => { if (!closed) failed(error); });
  return { stop() { closed = true; }, receive() {} };
}

/**
 * Leads parallel search `search` in this worker.
 * @param {any} core the worker's module (ParallelSearch)
 * @param {{search: number, options: any, workers: number, splitAbove: number, ports: MessagePort[], stop?: Int32Array}} request
 *   `stop`: where the team shares one memory, the page's flag (leadTeam); `options` may carry
 *   a `handOver` (the page's own search, stopped), which the core's coordinator goes on from
 * @param {{packet: (item: any, outlet: (items: any[]) => void) => void, drop: (search: number, jobs: number[]) => void, memory?: () => number}} own
 *   this worker's packet queue (solver-handlers.js): packets go there as if they had come in a message
 * @param {(message: any) => void} send posts to the page
 * @returns {{stop: () => void, receive: (item: any) => void}} stop() abandons it (the page
 *   closed the search); receive(item) takes a reply that came from another worker's port
 */
export function lead(core, { search, options, workers, splitAbove, ports, stop }, own, send) {
  if (stop && workers > 1) return leadTeam(core, { search, options, workers, ports, stop }, own.memory, send);
  const controller = new AbortController();
  const waiting = new Map();        // job → {resolve, reject}
  const outboxes = ports.map(() => []);
  const told = new Set();           // workers (1…) that have had the options
  let stopped = false;
  let closedByPage = false;
  let whole = null;                 // the PacketSearcher of the iterations searched whole

  const onReply = ({ type, job, result, ms, memory, name, message }) => {
    const job$ = waiting.get(job);
    if (!job$) return;
    waiting.delete(job);
    if (type === 'packet-result' && result) job$.resolve({ result, ms, memory });
    else if (type === 'packet-dropped') job$.resolve({ dropped: true });
    else job$.reject(Object.assign(new Error(message ?? `a worker answered a packet with ${type}`), { name: name ?? 'Error' }));
  };
  const ownOutlet = (items) => { for (const item of items) onReply(item); };

  /**
   * `call(searcher)` with this worker's searcher of the search (made at the first call), timed:
   * what it returns, with `ms` and this worker's memory.
   * @template T
   * @param {any} packetOptions
   * @param {(searcher: any) => T} call
   * @returns {T & {ms: number, memory: number}}
   */
  const here = (packetOptions, call) => {
    whole ??= new core.PacketSearcher(packetOptions);
    const start = performance.now();
    const searched = call(whole);
    return { ...searched, ms: performance.now() - start, memory: own.memory?.() ?? 0 };
  };

  /** @type {import('../model/parallel-run.js').TeamLike} */
  const team = {
    size: workers,
    packet(w, packetOptions, job, work) {
      return new Promise((resolve, reject) => {
        if (stopped) { resolve({ dropped: true }); return; }
        waiting.set(job, { resolve, reject });
        if (w === 0) { own.packet({ search, options: packetOptions, job, work }, ownOutlet); return; }
        const box = outboxes[w - 1];
        if (box.length === 0) queueMicrotask(() => { if (!stopped) ports[w - 1].postMessage({ type: 'packets', items: box.splice(0) }); });
        box.push(told.has(w) ? { search, job, work } : { search, options: packetOptions, job, work });
        told.add(w);
      });
    },
    drop(w, jobs) {
      if (stopped || jobs.length === 0) return;
      if (w === 0) own.drop(search, jobs);
      else ports[w - 1].postMessage({ type: 'packets-drop', search, jobs });
    },
    // The unsplit iterations are searched here at once, as a sequential Solver would: no hop
    // through this worker's queue per iteration, and the core takes their results itself (a
    // small search is one call). Its databases are in: the worker ensured them before leading.
    searchWhole: (packetOptions, coordinator) => here(packetOptions, (searcher) => coordinator.searchWhole(searcher)),
    // A small split iteration's first packets, likewise: in order, here, in one call.
    searchAhead: (packetOptions, coordinator, nodes) => here(packetOptions, (searcher) => coordinator.searchAhead(searcher, nodes)),
  };

  // The search's time counts the coordinator's making, as a sequential solve counts its Solver's.
  // The page's hand-over is the coordinator's alone: the packets say where they start.
  const { handOver: _handOver, ...packetOptions } = options;
  const made = performance.now();
  let run;
  try {
    run = new core.ParallelSearch({ ...options, workers, splitAbove });
  } catch (error) {
    send({ type: 'lead-error', search, name: error.name ?? 'Error', message: error.message ?? String(error), kind: error.kind });
    return { stop() {}, receive() {} };
  }
  let last = performance.now();
  const onProgress = (progress) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    send({ type: 'lead-progress', search, progress });
  };
  // Over, or stopped by the page: the workers that had packets of it free its searcher and
  // drop what is left of them (told here, not by the page: one message fewer there).
  const finish = () => {
    stopped = true;
    for (const w of told) ports[w - 1].postMessage({ type: 'packets-close', search });
    whole?.free();
    whole = null;
    for (const { reject } of waiting.values()) reject(new Error('the parallel search was closed'));
    waiting.clear();
  };
  runParallel(run, team, packetOptions, { onProgress, signal: controller.signal }).then(({ summary, balance, packets }) => {
    const seconds = (performance.now() - made) / 1000;
    const split = run.splitIterations;
    // The result first (the page waits for it), then the frees and the others' close.
    send({ type: 'lead-result', search, summary, balance, seconds, packets: { ...packets, split, iterations: summary.iteration } });
    finish();
    run.free();
  }, (error) => {
    finish();
    run.free();
    if (!closedByPage) {
      send({ type: 'lead-error', search, name: error?.name ?? 'Error', message: error?.message ?? String(error), kind: error?.kind });
    }
  });
  return {
    stop() {
      closedByPage = true;
      controller.abort(new DOMException('the parallel search was closed', 'AbortError'));
    },
    receive: onReply,
  };
}
