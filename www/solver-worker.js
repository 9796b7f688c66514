// The search for long runs (full speed, Next iteration on big boards) runs here, so the page
// never waits for it. The page's widgets share a few of these workers (worker-client.js); each
// serves the streams of several widgets in turns, one batch (about a millisecond) per turn, so
// every widget advances and a stop or credit is read between any two batches. A widget holds
// its own Solver at the same position; its stream here sends the events it has not seen yet as
// transferred typed arrays, with credit-based flow control so that it never runs more than a
// few batches ahead of what the widget has drawn.
// It also makes the `pdb` heuristic's pattern databases (pdb-cache.js: IndexedDB, else a
// build in slices) and hands the page a copy, so the page never builds them itself.
import init, * as core from './pkg/tilesearch.js';
import { ensurePatternDatabases } from './pdb-cache.js';
import { snapshotOf } from './snapshot.js';
import { KIND, RECORD_WORDS, recordKind } from './trace-records.js';

const { Solver } = core;

// The page posts its compiled core first ('init'), so the worker never fetches or compiles the wasm.
let ready = null;
const clients = new Map();   // the page's client id → {id, solver, key, latest, session, credits, batchEvents, queued}
const queue = [];            // clients with work to do, in turn order
let waking = false;
let turns = null;            // a MessageChannel: the next turn, after the messages that came in meanwhile

function send(message, transfer) { self.postMessage(message, transfer ?? []); }

function enqueue(client) {
  if (!client.queued) { client.queued = true; queue.push(client); }
  wake();
}

function wake() {
  if (waking || queue.length === 0) return;
  waking = true;
  if (!turns) { turns = new MessageChannel(); turns.port1.onmessage = turn; }
  turns.port2.postMessage(null);
}

function turn() {
  waking = false;
  const client = queue.shift();
  if (client) {
    client.queued = false;
    if (client.session > 0) work(client);
    if (client.session > 0 && client.credits > 0) enqueue(client);
  }
  wake();
}

/** One batch of `client`'s stream. */
function work(client) {
  const { solver, session } = client;
  try {
    const records = solver.stepMany(client.batchEvents, client.untilRaise);
    client.credits -= 1;
    // The stream ends with the search, or (Next iteration) at the raise the batch ends on.
    const finished = records.length < client.batchEvents * RECORD_WORDS
      || (client.untilRaise && recordKind(records, records.length - RECORD_WORDS) === KIND.raise);
    // The moment after the batch, as the page's panels show it once they have drawn it.
    const snapshot = snapshotOf(solver);
    send({ type: 'batch', client: client.id, session, records, snapshot, finished }, [records.buffer]);
    if (finished) client.session = 0;
  } catch (error) {
    client.session = 0;
    send({ type: 'error', client: client.id, session, message: error.message });
  }
}

async function sendDatabases(goal) {
  try {
    const made = await ensurePatternDatabases(core, goal, (progress) => send({ type: 'databases-progress', goal, progress }));
    const bytes = core.exportPatternDatabases(goal);
    send({ type: 'databases', goal, source: made.source, seconds: made.seconds, bytes }, [bytes.buffer]);
  } catch (error) {
    send({ type: 'databases-error', goal, message: error.message });
  }
}

/** "Check my IDA*": the core's verdict on a student's trace (a string or a File). */
async function check({ client, request, options, trace }) {
  try {
    const text = typeof trace === 'string' ? trace : await trace.text();
    if (options.heuristic === 'pdb') await ensurePatternDatabases(core, options.goal ?? 'blank-last');
    send({ type: 'checked', client, request, verdict: core.checkTrace(options, text) });
  } catch (error) {
    send({ type: 'check-error', client, request, name: error.name, message: error.message });
  }
}

async function start({ client: id, session, options, from, untilRaise, credits, batchEvents }) {
  let client = clients.get(id);
  if (!client) {
    client = { id, solver: null, key: '', latest: 0, session: 0, credits: 0, batchEvents, untilRaise: false, queued: false };
    clients.set(id, client);
  }
  client.latest = session;
  client.session = 0;
  const key = JSON.stringify(options);
  if (key !== client.key) {
    // In memory already when the page asked for them through this worker.
    if (options.heuristic === 'pdb') await ensurePatternDatabases(core, options.goal ?? 'blank-last');
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
}

self.onmessage = async ({ data }) => {
  if (data.type === 'init') { ready = init({ module_or_path: data.module }); return; }
  try {
    await ready;
    const client = clients.get(data.client);
    if (data.type === 'databases') {
      await sendDatabases(data.goal);
    } else if (data.type === 'check') {
      await check(data);
    } else if (data.type === 'start') {
      await start(data);
    } else if (data.type === 'credit' && client?.session === data.session && client.session > 0) {
      client.credits += 1;
      enqueue(client);
    } else if (data.type === 'stop' && client?.latest === data.session) {
      client.latest = client.session = 0;
    } else if (data.type === 'release' && client) {
      client.latest = client.session = 0;
      clients.delete(data.client);
      client.solver?.free();
    }
  } catch (error) {
    send({ type: 'error', client: data.client, session: data.session, message: error.message });
  }
};
