// The loop of a parallel IDA* over a team of workers, without the search: the core's
// ParallelSearch splits each iteration into packets of subtrees (in move order) and adds up
// their results; this loop only hands the packets out, in order, a few in flight per worker (so
// that no worker idles while a message travels), skips the packets the core no longer needs
// (an earlier packet found the solution), and gives each result back to the core, which says
// when the iteration is complete. Pure: no DOM, no wasm, no workers (tests/js give it fakes).

import { number } from './words.js';

/** Packets a worker has in flight at least: one searching, the next ones queued behind it. */
export const IN_FLIGHT = 3;
/** Packets a worker has in flight at most. */
export const MAX_IN_FLIGHT = 64;
/**
 * Milliseconds of search each worker should have queued: more than a message's round trip, so
 * that a worker never waits for its next packet. Small packets (the early iterations', a few
 * microseconds each) go out many at a time; large ones IN_FLIGHT at a time, so that the last
 * packets of an iteration still go to whichever worker is free first.
 */
export const QUEUED_MS = 2;

/**
 * A split iteration predicted (by the core, from the iterations before) to make fewer nodes
 * than this starts with its first packets searched in order by the first worker alone, in one
 * call (the core's searchAhead), up to AHEAD_NODES; the rest then go out to the team. The
 * last iteration is predicted like the others but stops at the goal, often within its first
 * packets: so found, it costs what one sequential worker's search costs, with no message, no
 * result crossing to JS per packet and nothing searched past the goal. An iteration that goes
 * on pays about half of AHEAD_NODES' time (2 ms) against sharing it from the start: little in
 * an iteration of this size (20 ms or more).
 */
export const AHEAD_BELOW = 1 << 22;
/** Nodes (visited + pruned) of a small split iteration (AHEAD_BELOW) searched by the first worker alone before the others join: about 4 ms. */
export const AHEAD_NODES = 1 << 17;

/** Packets to keep in flight per worker when a packet takes about `ms` milliseconds. */
export const windowFor = (ms) => Math.max(IN_FLIGHT, Math.min(MAX_IN_FLIGHT, Math.ceil(QUEUED_MS / Math.max(ms, 1e-3)) + 1));

/**
 * @typedef {{index: number, path: number[]}} Packet
 * @typedef {{iteration: number, threshold: number, packets: Packet[], predicted?: number | null}} Iteration
 *   `predicted`: the nodes the core predicts it to make (null for the first)
 * @typedef {{iteration: number, index: number, visited: number, pruned: number, nextThreshold: number | null,
 *   solution: number[] | null, generated: number}} PacketResult
 * @typedef {import('../pkg/tilesearch.js').WholeSearched} WholeSearched  what the core's searchWhole searched
 * @typedef {import('../pkg/tilesearch.js').AheadSearched} AheadSearched  what the core's searchAhead searched
 * @typedef {{iteration(): Iteration | null, accept(result: PacketResult): boolean, needed(index: number): boolean,
 *   searchWhole?(searcher: any): WholeSearched, searchAhead?(searcher: any, nodes: number): AheadSearched, readonly summary: any}} Coordinator
 *   the core's ParallelSearch
 * @typedef {{size: number, packet(worker: number, options: object, job: number, work: {iteration: number, threshold: number, packet: Packet}):
 *   Promise<{result?: PacketResult, ms?: number, memory?: number, dropped?: boolean}>, drop(worker: number, jobs: number[]): void,
 *   searchWhole?(options: object, run: Coordinator): WholeSearched & {ms: number, memory?: number},
 *   searchAhead?(options: object, run: Coordinator, nodes: number): AheadSearched & {ms: number, memory?: number}}} TeamLike
 *   searchWhole, where the coordinator runs beside a searcher (a leading worker): the unsplit
 *   iterations from the current one on searched at once by worker 1 and taken by the
 *   coordinator (ParallelSearch.searchWhole), without a message: what they were; searchAhead,
 *   there too: a small split iteration's first packets searched by worker 1 in one call
 *   (ParallelSearch.searchAhead)
 * @typedef {{worker: number, packets: number, nodes: number, generated: number, busy: number, memory: number}} WorkerBalance
 *   per worker: packets searched, their nodes (visited + pruned) and generated children, seconds
 *   busy searching, and the largest size of its wasm memory seen (bytes; 0 if not reported)
 * @typedef {{sent: number, skipped: number, dropped: number, wasted: number, leftover: number, whole: number, ahead: number}} PacketCounts
 *   packets sent to workers, skipped before sending (no longer needed), dropped in a worker's
 *   queue, searched but no longer needed, still in flight when the search ended (ignored), and
 *   of those sent, the unsplit iterations searched at once by searchWhole and the packets
 *   searched ahead by searchAhead
 * @typedef {{phase: 'search', iteration: number, threshold: number, packets: number, accepted: number, skipped: number,
 *   workers: number, seconds: number}} SearchProgress
 */

/**
 * What became of the packets of a search that has sent none (the counts runParallel starts from).
 * @returns {PacketCounts}
 */
export const noPackets = () => ({ sent: 0, skipped: 0, dropped: 0, wasted: 0, leftover: 0, whole: 0, ahead: 0 });

/**
 * Runs `run` (a ParallelSearch) to the end on `team`'s workers.
 * @param {Coordinator} run
 * @param {TeamLike} team
 * @param {object} options what each worker's PacketSearcher is made with ({board, goal, heuristic, order})
 * @param {{onProgress?: (progress: SearchProgress) => void, signal?: AbortSignal, now?: () => number, aheadNodes?: number}} [settings]
 *   `aheadNodes`: the nodes of a small split iteration the first worker searches alone (AHEAD_NODES)
 * @returns {Promise<{summary: any, balance: WorkerBalance[], seconds: number, packets: PacketCounts}>}
 *   the core's summary once finished, the work of each worker, the wall time, and what became
 *   of the packets
 */
export function runParallel(run, team, options, { onProgress, signal, now = () => performance.now(), aheadNodes = AHEAD_NODES } = {}) {
  return new Promise((resolve, reject) => {
    const started = now();
    /** @type {WorkerBalance[]} */
    const balance = Array.from({ length: team.size }, (_, i) => ({ worker: i + 1, packets: 0, nodes: 0, generated: 0, busy: 0, memory: 0 }));
    const packets = noPackets();
    // Per worker: job number → {index, current} of each packet in flight.
    const inFlight = Array.from({ length: team.size }, () => new Map());
    let current = null;   // {iteration, threshold, packets, next, accepted, skipped}
    let done = false;
    let jobs = 0;
    let typicalMs = null; // a packet's search time lately (an average leaning to the latest)
    let window = IN_FLIGHT;

    const stop = () => {
      done = true;
      packets.leftover = inFlight.reduce((sum, jobs) => sum + jobs.size, 0);
      signal?.removeEventListener('abort', abort);
      for (let w = 0; w < team.size; w += 1) team.drop(w, [...inFlight[w].keys()]);
    };
    const fail = (error) => {
      if (done) return;
      stop();
      reject(error);
    };
    const abort = () => fail(signal.reason ?? new DOMException('the parallel search was abandoned', 'AbortError'));
    if (signal?.aborted) { abort(); return; }
    signal?.addEventListener('abort', abort, { once: true });

    // The next packet the core still needs, in order.
    const take = () => {
      while (current.next < current.packets.length) {
        const packet = current.packets[current.next++];
        if (run.needed(packet.index)) return packet;
        current.skipped += 1;
        packets.skipped += 1;
      }
      return null;
    };

    // Packets out in order, one worker after another, until each has its window.
    const fill = () => {
      for (let any = true; any && !done;) {
        any = false;
        for (let w = 0; w < team.size && !done; w += 1) {
          if (inFlight[w].size >= window) continue;
          const packet = take();
          if (!packet) return;
          send(w, packet);
          any = true;
        }
      }
    };

    // In a worker's queue and no longer needed (a packet before it found the solution): dropped
    // there, unless the worker has started it.
    const dropUnneeded = () => {
      for (let w = 0; w < team.size; w += 1) {
        const unneeded = [...inFlight[w]].filter(([, job]) => job.current !== current || !run.needed(job.index)).map(([id]) => id);
        team.drop(w, unneeded);
      }
    };

    /**
     * A packet's result counted to worker `w`'s balance; its time sizes the windows.
     * @param {number} w
     * @param {{result?: PacketResult, ms?: number, memory?: number}} reply
     */
    const counted = (w, { result, ms, memory = 0 }) => {
      typicalMs = typicalMs === null ? ms : 0.7 * typicalMs + 0.3 * ms;
      window = windowFor(typicalMs);
      credit(w, 1, { nodes: result.visited + result.pruned, generated: result.generated, ms, memory });
    };

    /**
     * Worker `w`'s balance: `count` packets searched, of `nodes` nodes and `generated` children, in `ms`.
     * @param {number} w
     * @param {number} count
     * @param {{nodes: number, generated: number, ms: number, memory?: number}} work
     */
    const credit = (w, count, { nodes, generated, ms, memory = 0 }) => {
      const b = balance[w];
      b.memory = Math.max(b.memory, memory);
      b.packets += count;
      b.nodes += nodes;
      b.generated += generated;
      b.busy += ms / 1000;
    };

    /**
     * Tells onProgress where `iteration` stands: its packets, those accepted and skipped, and
     * the time so far; `at` names another iteration and threshold (the last of the unsplit
     * ones searched whole in one call).
     * @param {{iteration: number, threshold: number, packets: Packet[], accepted: number, skipped: number}} iteration
     * @param {{iteration?: number, threshold?: number}} [at]
     */
    const progress = (iteration, at = {}) => onProgress?.({ phase: 'search', iteration: iteration.iteration, threshold: iteration.threshold,
      packets: iteration.packets.length, accepted: iteration.accepted, skipped: iteration.skipped, workers: team.size,
      seconds: (now() - started) / 1000, ...at });

    const send = (w, packet) => {
      const job = jobs += 1;
      const iteration = current;
      inFlight[w].set(job, { index: packet.index, current: iteration });
      packets.sent += 1;
      team.packet(w, options, job, { iteration: iteration.iteration, threshold: iteration.threshold, packet }).then((reply) => {
        inFlight[w].delete(job);
        if (done) return;
        if (reply.dropped) { packets.dropped += 1; fill(); check(); return; }
        const { result } = reply;
        counted(w, reply);
        if (iteration !== current || !run.needed(result.index)) {
          packets.wasted += 1;
        } else {
          let complete;
          try {
            complete = run.accept(result);
          } catch (error) {
            fail(error);
            return;
          }
          iteration.accepted += 1;
          progress(iteration);
          if (done) return; // a progress listener abandoned the search
          if (complete) { begin(); return; }
          if (result.solution) dropUnneeded();
        }
        fill();
        check();
      }, fail);
    };

    // Every packet is out and answered, yet the core waits: it would wait forever.
    const check = () => {
      if (done || current.next < current.packets.length || inFlight.some((jobs) => jobs.size > 0)) return;
      fail(new Error(`parallel search: iteration ${current.iteration} has no packet left to search, yet the coordinator ` +
        `has not completed it (${current.accepted} of ${current.packets.length} packets accepted, ${current.skipped} skipped)`));
    };

    // The iterations the core did not split (one packet each, the root's whole tree), from the
    // current one on, searched here and now by the team's `searchWhole` and taken by the core
    // in one call: no message, no result crossing per iteration. False if it failed.
    const searchWhole = () => {
      const iteration = current;
      iteration.next = 1;
      let searched;
      try {
        searched = team.searchWhole(options, run);
      } catch (error) {
        fail(error);
        return false;
      }
      const { iterations, threshold } = searched;
      if (iterations === 0) {
        fail(new Error(`parallel search: iteration ${iteration.iteration} is unsplit, yet searchWhole searched nothing`));
        return false;
      }
      packets.sent += iterations;
      packets.whole += iterations;
      credit(0, iterations, searched);
      const last = iteration.iteration + iterations - 1;
      iteration.accepted += 1;
      progress(iteration, { iteration: last, threshold });
      return !done; // a progress listener may have abandoned the search
    };

    // A small split iteration's first packets, in order, searched by the first worker in one
    // call (the team's searchAhead) until it is complete or `aheadNodes` are searched:
    // 'complete', 'partial' (the rest go out to the team, from `next`), or false if it failed.
    const searchAhead = () => {
      const iteration = current;
      let searched;
      try {
        searched = team.searchAhead(options, run, aheadNodes);
      } catch (error) {
        fail(error);
        return false;
      }
      const { packets: count, next, complete, ms } = searched;
      packets.sent += count;
      packets.ahead += count;
      credit(0, count, searched);
      if (count > 0) {
        typicalMs = ms / count;
        window = windowFor(typicalMs);
      }
      iteration.next = next;
      iteration.accepted += count;
      progress(iteration);
      if (done) return false; // a progress listener abandoned the search
      return complete ? 'complete' : 'partial';
    };

    // The next iteration's packets, or the end. Iterations searched whole follow one another
    // here until one is split (its packets go out) or the search ends.
    const begin = () => {
      for (;;) {
        let next;
        try {
          next = run.iteration();
        } catch (error) {
          fail(error);
          return;
        }
        if (next === null) {
          let summary;
          try {
            summary = run.summary;
          } catch (error) {
            fail(error);
            return;
          }
          stop();
          resolve({ summary, balance, seconds: (now() - started) / 1000, packets });
          return;
        }
        if (current && next.iteration === current.iteration) {
          fail(new Error(`parallel search: iteration ${next.iteration} was handed out twice`));
          return;
        }
        current = { ...next, next: 0, accepted: 0, skipped: 0 };
        dropUnneeded();
        const whole = team.searchWhole && next.packets.length === 1 && next.packets[0].path.length === 0;
        if (whole) {
          if (!searchWhole()) return;
          continue;
        }
        const small = next.predicted !== null && next.predicted !== undefined && next.predicted < AHEAD_BELOW;
        if (!(team.searchAhead && team.size > 1 && aheadNodes > 0 && small)) break;
        const ahead = searchAhead();
        if (ahead === false) return;
        if (ahead === 'partial') break;
      }
      fill();
      check();
    };

    begin();
  });
}

/**
 * The balance of several runs added up, per worker: what the benchmark page shows for a set
 * of instances.
 * @param {WorkerBalance[][]} balances
 * @returns {WorkerBalance[]}
 */
export function addBalances(balances) {
  const total = [];
  for (const balance of balances) {
    for (const { worker, packets, nodes, generated, busy, memory = 0 } of balance) {
      const into = total[worker - 1] ??= { worker, packets: 0, nodes: 0, generated: 0, busy: 0, memory: 0 };
      into.memory = Math.max(into.memory, memory);
      into.packets += packets;
      into.nodes += nodes;
      into.generated += generated;
      into.busy += busy;
    }
  }
  return total;
}

/**
 * The balance in words, one line: each worker's share of the nodes and of the busy time.
 * @param {WorkerBalance[]} balance
 * @returns {string}
 */
export function balanceText(balance) {
  const nodes = balance.reduce((sum, b) => sum + b.nodes, 0) || 1;
  return balance.map((b) => `worker ${b.worker}: ${number(b.packets)} packet${b.packets === 1 ? '' : 's'}, ` +
    `${Math.round((100 * b.nodes) / nodes)} % of the nodes, ${b.busy.toFixed(2)} s busy`).join('; ');
}
