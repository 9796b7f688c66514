// What the solver worker does, one handler per message type of the protocol (protocol.js).
// The search for long runs (full speed, Next iteration on big boards) runs here, so the page
// never waits for it. The page's widgets share a few of these workers (worker-pool.js); each
// serves the streams of several widgets in turns, one batch (about a millisecond) per turn, so
// every widget advances and a stop or credit is read between any two batches. A widget holds
// its own Solver at the same position; its stream here sends the events it has not seen yet as
// transferred typed arrays, with credit-based flow control so that it never runs more than a
// few batches ahead of what the widget has drawn.
// It also makes the `pdb` heuristic's pattern databases (pdb-cache.js: IndexedDB, else a
// build in slices) and hands the page a copy, so the page never builds them itself.
// For a parallel search (parallel-search.js) it searches packets of subtrees with one
// PacketSearcher per search: a packet is one turn; the streams' batches go first (their credits
// hold them to what the widgets draw), then the packets, before comparisons (compare-job.js) and
// whole runs (profile-job.js), which get one turn in a few meanwhile (turn-order.js). The
// first worker of a search's team leads it (lead-search.js): the coordinator runs here and
// hands packets to this worker's own queue and, through the MessagePort it keeps to each other
// worker (peer), to the team's others, which reply there.
import init, * as core from '../pkg/tilesearch.js';
import { ensurePatternDatabases, cachedPatternDatabases, buildInSlices, storePatternDatabases, databasesFor } from './pdb-cache.js';
import { nextBatch } from './stream-batch.js';
import { checkMessage, checkHandlers, addressOf } from './protocol.js';
import { Comparison } from './compare-job.js';
import { Profiling } from './profile-job.js';
import { lead, TEAM_MS } from './lead-search.js';
import { yieldToMessages } from '../platform/yield-to-messages.js';
import { nextTurn, BACKGROUND } from './turn-order.js';
import { THREAD_STACK } from '../platform/shared-memory.js';

const { Solver, PacketSearcher } = core;

// The page posts its compiled core first ('init'), so the worker never fetches or compiles the wasm.
let ready = null;
let memory = null;           // the instance's linear memory (its size goes with each packet's result)
const clients = new Map();   // the page's client id → {id, solver, key, latest, session, credits, batchEvents, queued}
const searches = new Map();  // a parallel search's number → {id, searcher, ready, jobs: [{job, work}], queued}
const comparisons = new Map(); // a comparison's job number → Comparison
const profiles = new Map();    // a whole run's job number → Profiling (numbered apart from comparisons)
const leads = new Map();       // a parallel search this worker leads: its number → {stop, receive}
const leading = new Set();     // searches to lead whose databases are on their way (a close meanwhile drops them)
const peers = new Map();       // another worker's line: the pool's number for the pair → MessagePort
const queue = [];            // clients, searches and comparisons with work to do, in turn order
let waking = false;
let turns = null;            // a MessageChannel: the next turn, after the messages that came in meanwhile

/** @type {(message: import('./protocol-types').FromWorker, transfer?: Transferable[]) => void} */
let send = () => {};

// Packets' replies (results, errors, drops) go out together at the end of a turn: one message
// for all the packets a turn searched, to where the packets came from (an outlet: the page, a
// leading worker's port, or this worker's own lead).
const toPage = (items) => send({ type: 'packet-replies', items });
const replies = new Map(); // outlet → replies waiting
function reply(message, outlet = toPage) {
  if (replies.size === 0) queueMicrotask(flushReplies);
  const waiting = replies.get(outlet);
  if (waiting) waiting.push(message); else replies.set(outlet, [message]);
}
function flushReplies() {
  const all = [...replies];
  replies.clear();
  for (const [outlet, items] of all) outlet(items);
}
/** An outlet that replies on `port` (a leading worker's). */
const toPort = (port) => (items) => port.postMessage({ type: 'packet-replies', items });

function enqueue(item) {
  if (!item.queued) { item.queued = true; queue.push(item); }
  wake();
}

/**
 * A sliced search (a comparison, a whole run) kept in `jobs` by its number and queued once the
 * databases it needs are in (pdb), unless it was stopped meanwhile.
 */
async function queueSliced(jobs, work, options) {
  jobs.set(work.job, work);
  await databasesOf(options);
  if (jobs.get(work.job) === work) enqueue(work);
}

/** Stops the sliced search `job` of `jobs` (the turns drop it: it is freed and over). */
function stopSliced(jobs, job) {
  jobs.get(job)?.free();
  jobs.delete(job);
}

/** The pattern databases a search with `options` needs, in this worker (none without pdb). */
async function databasesOf(options) {
  const goal = databasesFor(options);
  if (goal !== null) await ensurePatternDatabases(core, goal);
}

/** The messages a line between two workers carries (the leader's packets, drops and close; the replies). */
const LINE_TYPES = ['packets', 'packets-drop', 'packets-close', 'team-help', 'packet-replies'];

/**
 * Helps a team on this memory (lead-search.js leadTeam) as its worker `worker`: the core's
 * teamHelp in a loop until the search is over, each call waiting or searching at most TEAM_MS,
 * this worker's other messages and turns running in between.
 * @param {{team: number, worker: number}} request
 */
async function helpTeam({ team, worker }) {
  while (core.teamHelp(team, worker, TEAM_MS) !== 'over') await yieldToMessages();
}

/** Search `id`'s packets here are no longer wanted: its queued packets go, its PacketSearcher is freed. */
function closeSearch(id) {
  const search = searches.get(id);
  if (!search) return;
  searches.delete(id);
  search.jobs = [];
  search.ready.then(() => { search.searcher?.free(); search.searcher = null; }, () => {});
}

/** Whether a parallel search has this worker: its packets go before the background work (turn-order.js). */
const searching = () => searches.size > 0 || leads.size > 0 || leading.size > 0;
let backgroundWaited = 0;    // turns the background work has waited for packets since its last

function wake() {
  if (waking || queue.length === 0) return;
  waking = true;
  if (!turns) {
    turns = new MessageChannel();
    turns.port1.onmessage = turn;
    // Where the handlers run in Node (the tests), the channel alone does not keep it alive.
    /** @type {any} */ (turns.port1).unref?.();
  }
  turns.port2.postMessage(null);
}

// Turns run back to back for up to this long before the worker reads its messages again (a
// stop, a credit, a dropped packet): short packets do not each wait for a message's round trip.
const TURN_MS = 2;

function turn() {
  waking = false;
  const end = performance.now() + TURN_MS;
  do {
    // Streams first, then a parallel search's packets, the background work in between.
    const next = nextTurn(queue, searching(), backgroundWaited);
    if (next < 0) break;
    const [item] = queue.splice(next, 1);
    item.queued = false;
    if (item.kind === 'search') {
      if (queue.some((queued) => BACKGROUND.has(queued.kind))) backgroundWaited += 1;
      const urgent = item.jobs.length > 0 && searchPacket(item);
      if (item.jobs.length > 0 && searches.get(item.id) === item) { item.queued = true; queue.push(item); }
      if (urgent) break; // its reply goes out now, not at the turn's end
    } else if (BACKGROUND.has(item.kind)) {
      backgroundWaited = 0;
      const jobs = item.kind === 'compare' ? comparisons : profiles;
      if (jobs.get(item.job) !== item) continue; // stopped
      if (item.slice()) { item.queued = true; queue.push(item); } else jobs.delete(item.job);
    } else {
      if (item.session > 0) work(item);
      if (item.session > 0 && item.credits > 0) { item.queued = true; queue.push(item); }
    }
  } while (queue.length > 0 && performance.now() < end);
  wake();
}

/**
 * Nodes of a packet searched in one go (a few milliseconds) before the turn may end: a long
 * packet no longer keeps its worker from its messages, so a leading worker deals the others
 * their next packets while it searches its own, and a packet no longer needed is dropped even
 * once begun.
 */
export const PACKET_SLICE = 1 << 16;

/**
 * A slice of the first packet of a parallel search; once its subtree is searched, its counts
 * sent back. Returns whether that reply should go out at once: the packet found a goal (the
 * packets after it are not needed) or failed.
 */
function searchPacket(search) {
  const head = search.jobs[0];
  const start = performance.now();
  try {
    if (!head.begun) { search.searcher.begin(head.work); head.begun = true; head.ms = 0; }
    const result = search.searcher.resume(PACKET_SLICE);
    head.ms += performance.now() - start;
    if (result === undefined) return false; // on in a later turn
    search.jobs.shift();
    reply({ type: 'packet-result', search: search.id, job: head.job, result, ms: head.ms, memory: memory?.buffer.byteLength ?? 0 }, search.outlet);
    return result.solution != null;
  } catch (error) {
    search.jobs.shift();
    reply({ type: 'packet-error', search: search.id, job: head.job, name: error.name, message: error.message }, search.outlet);
    return true;
  }
}

/**
 * A packet to search: queued behind this search's others, once its PacketSearcher exists (the first packet brings the options).
 * @param {import('./protocol-types').PacketsRequest['items'][number]} item
 */
async function packet({ search: id, options, job, work }, outlet = toPage) {
  let search = searches.get(id);
  if (!search && !options) { reply({ type: 'packet-dropped', search: id, job }, outlet); return; } // closed already
  if (!search) {
    search = { kind: 'search', id, searcher: null, ready: null, jobs: [], queued: false, outlet };
    searches.set(id, search);
    // The page's copy of the databases came first (databases-load); else the cache or a build.
    search.ready = (async () => {
      await databasesOf(options);
      if (searches.get(id) === search) search.searcher = new PacketSearcher(options);
    })();
  }
  try {
    await search.ready;
  } catch (error) {
    reply({ type: 'packet-error', search: id, job, name: error.name, message: error.message }, outlet);
    return;
  }
  if (searches.get(id) !== search) { reply({ type: 'packet-dropped', search: id, job }, outlet); return; }
  search.jobs.push({ job, work });
  enqueue(search);
}

/** Packets of `search` no longer needed, begun or not: answered as dropped (the searcher begins the next one afresh). */
function dropPackets(id, jobs) {
  const search = searches.get(id);
  if (!search) return;
  const dropped = new Set(jobs);
  search.jobs = search.jobs.filter(({ job }) => {
    if (!dropped.has(job)) return true;
    reply({ type: 'packet-dropped', search: id, job }, search.outlet);
    return false;
  });
}

/** This worker's packet queue, for the parallel search it leads. */
const own = { packet, drop: dropPackets, memory: () => memory?.buffer.byteLength ?? 0 };

/** One batch of `client`'s stream, with the moment after it as the page's panels show it once they have drawn it. */
function work(client) {
  const { session } = client;
  try {
    const { records, snapshot, finished } = nextBatch(client.solver, client.batchEvents, client.untilRaise);
    client.credits -= 1;
    send({ type: 'batch', client: client.id, session, records, snapshot, finished }, [records.buffer]);
    if (finished) client.session = 0;
  } catch (error) {
    client.session = 0;
    send({ type: 'error', client: client.id, session, message: error.message });
  }
}

async function sendDatabases(goal, cacheOnly) {
  const made = cacheOnly ? await cachedPatternDatabases(core, goal)
    : await ensurePatternDatabases(core, goal, (progress) => send({ type: 'databases-progress', goal, progress }));
  if (!made) { send({ type: 'databases-missing', goal }); return; }
  const bytes = core.exportPatternDatabases(goal);
  send({ type: 'databases', goal, source: made.source, seconds: made.seconds, notKept: 'notKept' in made ? made.notKept : null, bytes }, [bytes.buffer]);
}

/**
 * The worker's handlers, one per message type the page sends (protocol.js TO_WORKER); each
 * runs after the core is ready (but init). A handler's failure goes back as the error its
 * request expects (failure()).
 * @type {{[type in import('./protocol-types').ToWorker['type']]: (data: Extract<import('./protocol-types').ToWorker, {type: type}>) => unknown}}
 */
export const handlers = {
  // `memory`: the pool's one memory, where the core is the build with shared memory.
  init({ module, memory: shared }) {
    ready = init(shared ? { module_or_path: module, memory: shared, thread_stack_size: THREAD_STACK } : { module_or_path: module });
    // The page hears when the core is up (its pool waits for it before a run of searches).
    ready.then((exports) => { memory = exports.memory; send({ type: 'ready', error: null }); },
      (error) => send({ type: 'ready', error: error?.message ?? String(error) }));
  },

  async start({ client: id, session, options, from, untilRaise, credits, batchEvents }) {
    let client = clients.get(id);
    if (!client) {
      client = { kind: 'stream', id, solver: null, key: '', latest: 0, session: 0, credits: 0, batchEvents, untilRaise: false, queued: false };
      clients.set(id, client);
    }
    client.latest = session;
    client.session = 0;
    const key = JSON.stringify(options);
    if (key !== client.key) {
      // In memory already when the page asked for them through this worker.
      await databasesOf(options);
      // Stopped, superseded or released meanwhile.
      if (clients.get(id) !== client || client.latest !== session) return;
      client.solver?.free();
      client.solver = null;
      client.key = '';
      client.solver = new Solver(options);
      client.key = key;
    }
    // To where the page is: IDA* restarts at the iteration holding `from` (the core's seek), so
    // a stream that resumes deep in a search does not replay it from event 0.
    client.solver.seek(from);
    Object.assign(client, { session, credits, batchEvents, untilRaise });
    enqueue(client);
  },

  credit({ client: id, session }) {
    const client = clients.get(id);
    if (client?.session !== session || session === 0) return; // a stream stopped since: its credits are void
    client.credits += 1;
    enqueue(client);
  },

  stop({ client: id, session }) {
    const client = clients.get(id);
    if (client?.latest === session) client.latest = client.session = 0;
  },

  release({ client: id }) {
    const client = clients.get(id);
    if (!client) return;
    client.latest = client.session = 0;
    clients.delete(id);
    client.solver?.free();
  },

  /** "Check my IDA*": the core's verdict on a student's trace (a string or a File). */
  async check({ client, request, options, trace }) {
    // A file goes to the core as its bytes: the core tells UTF-8 from UTF-16 by its
    // byte-order mark, as the CLI does.
    const input = typeof trace === 'string' ? trace : new Uint8Array(await trace.arrayBuffer());
    await databasesOf(options);
    send({ type: 'checked', client, request, verdict: core.checkTrace(options, input) });
  },

  databases({ goal, cacheOnly }) { return sendDatabases(goal, cacheOnly ?? false); },

  /** One of the three patterns, built here while other workers build the others: its table goes to the page. */
  async 'databases-part'({ goal, part }) {
    const start = performance.now();
    const builder = new core.PatternDatabaseBuilder(goal, part);
    await buildInSlices(builder, (progress) => send({ type: 'databases-part-progress', goal, part, progress }));
    const bytes = builder.exportPart();
    builder.free();
    send({ type: 'databases-part', goal, part, bytes, seconds: (performance.now() - start) / 1000 }, [bytes.buffer]);
  },

  /**
   * The three parts, put together here (the core checks them), and kept in IndexedDB when
   * `store`: the page is told then whether they were (notKept: null) or why not.
   */
  async 'databases-parts'({ goal, parts, store }) {
    if (!core.patternDatabasesReady(goal)) core.loadPatternDatabaseParts(goal, parts);
    send({ type: 'databases-loaded', goal });
    if (store) send({ type: 'databases-kept', goal, notKept: await storePatternDatabases(core, goal) });
  },

  /** The pattern databases for `goal` from another worker's bytes (a copy), without the cache. */
  'databases-load'({ goal, bytes }) {
    if (!core.patternDatabasesReady(goal)) core.loadPatternDatabases(goal, bytes);
    send({ type: 'databases-loaded', goal });
  },

  packets({ items }) { for (const item of items) packet(item); },

  /** Packets of `search` it has not started yet, no longer needed: answered as dropped. */
  'packets-drop'({ search: id, jobs }) { dropPackets(id, jobs); },

  /**
   * The search is over or abandoned: its queued packets go, and its PacketSearcher is freed;
   * the worker that led it stops its coordinator, the others close their port to it.
   */
  'packets-close'({ search: id }) {
    leads.get(id)?.stop();
    leads.delete(id);
    leading.delete(id);
    closeSearch(id);
  },

  /** Leads a parallel search: the coordinator here, the packets to this worker and through its `peers` to the team's others. */
  async lead({ search, options, workers, splitAbove, peers: lines, stop }) {
    const ports = lines.map((line) => peers.get(line));
    if (ports.some((port) => !port)) throw new Error(`no line to worker ${lines.find((line) => !peers.has(line))} of the team`);
    leading.add(search);
    try {
      await databasesOf(options);
    } catch (error) {
      leading.delete(search);
      throw error; // answered as a lead-error (failure())
    }
    if (!leading.delete(search)) return; // closed meanwhile
    let over = false;
    const led = lead(core, { search, options, workers, splitAbove, ports, stop }, own, (message) => {
      if (message.type !== 'lead-progress') { over = true; leads.delete(search); }
      send(message);
    });
    if (!over) leads.set(search, led);
  },

  /**
   * A line to another worker: it sends packets here to search (the replies go back on it), and
   * replies to the packets this worker sent it as a search's leader.
   */
  peer({ peer: line, port }) {
    peers.get(line)?.close();
    peers.set(line, port);
    const outlet = toPort(port);
    port.onmessage = ({ data }) => {
      const problem = checkMessage(data?.type === 'packet-replies' ? 'from-worker' : 'to-worker', data);
      if (problem || !LINE_TYPES.includes(data.type)) {
        const message = problem?.message ?? `a worker's line takes ${LINE_TYPES.slice(0, -1).join(', ')} and ${LINE_TYPES.at(-1)}, not ${data.type}`;
        send({ type: 'protocol-error', received: problem?.type ?? String(data?.type ?? typeof data), message, ...addressOf(data) });
        return;
      }
      if (data.type === 'packets') for (const item of data.items) packet(item, outlet);
      else if (data.type === 'packets-drop') dropPackets(data.search, data.jobs);
      else if (data.type === 'packets-close') closeSearch(data.search);
      else if (data.type === 'team-help') helpTeam(data).catch((error) => send(failure(data, error)));
      else for (const item of data.items) leads.get(item.search)?.receive(item);
    };
  },

  /** Helps a team on this memory (helpTeam); its leader sends this on their line, not the page. */
  'team-help'(data) { return helpTeam(data); },

  /** Compare: every algorithm on one board, in turns beside the streams (compare-job.js). */
  compare({ job, options, algorithms }) {
    return queueSliced(comparisons, new Comparison(core, job, options, algorithms, send), options);
  },

  'compare-stop'({ job }) { stopSliced(comparisons, job); },

  /** The whole run: IDA* counted per iteration and depth, then A*, in turns as Compare (profile-job.js). */
  profile({ job, options }) {
    return queueSliced(profiles, new Profiling(core, job, options, send), options);
  },

  'profile-stop'({ job }) { stopSliced(profiles, job); },

  /** The heuristic's quality: h against h* (the core's breadth-first search, kept for the next call). */
  async quality({ job, options }) {
    await databasesOf(options);
    send({ type: 'quality-result', job, quality: core.heuristicQuality(options) });
  },
};
checkHandlers('to-worker', handlers);

/**
 * The reply a request expects when its handler fails with `error` (null: sent already).
 * @returns {import('./protocol-types').FromWorker | null}
 */
function failure(data, error) {
  const { name = 'Error', message = String(error) } = error ?? {};
  switch (data.type) {
    case 'packets': for (const { search, job } of data.items) reply({ type: 'packet-error', search, job, name, message }); return null;
    case 'lead': return { type: 'lead-error', search: data.search, name, message, kind: error?.kind };
    case 'check': return { type: 'check-error', client: data.client, request: data.request, name, message };
    case 'databases': return { type: 'databases-error', goal: data.goal, message };
    case 'databases-part': return { type: 'databases-part-error', goal: data.goal, part: data.part, message };
    case 'databases-parts': case 'databases-load': return { type: 'databases-load-error', goal: data.goal, message };
    case 'compare': comparisons.delete(data.job); return { type: 'compare-error', job: data.job, name, message };
    case 'profile': profiles.delete(data.job); return { type: 'profile-error', job: data.job, name, message };
    case 'quality': return { type: 'quality-error', job: data.job, name, message };
    case 'start': case 'credit': case 'stop': return { type: 'error', client: data.client, session: data.session, message };
    default: return { type: 'protocol-error', received: data.type, message, ...addressOf(data) };
  }
}

/**
 * One message from the page: checked against the protocol (a malformed one is answered with a
 * protocol-error naming the field, and the fields that say whose it was), then handled.
 */
export async function receive(data) {
  const problem = checkMessage('to-worker', data);
  if (problem) {
    send({ type: 'protocol-error', received: problem.type ?? String(data?.type ?? typeof data), message: problem.message, ...addressOf(data) });
    return;
  }
  try {
    if (data.type !== 'init') await ready;
    await handlers[data.type](data);
  } catch (error) {
    const answer = failure(data, error);
    if (answer) send(answer);
  }
}

/** Serves the page from `scope` (the worker's global scope, or a test's stand-in with postMessage). */
export function listen(scope) {
  send = (message, transfer) => scope.postMessage(message, transfer ?? []);
  scope.onmessage = ({ data }) => { receive(data); };
}
