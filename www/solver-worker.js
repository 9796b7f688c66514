// The search for long runs (full speed, Next iteration on big boards) runs here, so the page
// never waits for it. The page holds its own Solver at the same position; this one streams
// the events the page has not seen yet as transferred typed arrays, with credit-based flow
// control so that it never runs more than a few batches ahead of what the page has drawn.
// It also makes the `pdb` heuristic's pattern databases (pdb-cache.js: IndexedDB, else a
// build in slices) and hands the page a copy, so the page never builds them itself.
import init, * as core from './pkg/tilesearch.js';
import { ensurePatternDatabases } from './pdb-cache.js';

const { Solver } = core;

// The page posts its compiled core first ('init'), so the worker never fetches or compiles the wasm.
let ready = null;
let solver = null;
let solverKey = '';
let session = 0;
let credits = 0;
let batchEvents = 0;

function send(message, transfer) { self.postMessage(message, transfer ?? []); }

function produce(current) {
  // One batch per credit; every batch is a time slice of about a millisecond.
  while (current === session && credits > 0) {
    const records = solver.stepMany(batchEvents);
    credits -= 1;
    const finished = records.length < batchEvents * solver.recordWords;
    const solution = solver.status === 'solved' ? Array.from(solver.solution) : null;
    send({ type: 'batch', session, records, solution, finished }, [records.buffer]);
    if (finished) { session = -1; return; }
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

self.onmessage = async ({ data }) => {
  if (data.type === 'init') { ready = init({ module_or_path: data.module }); return; }
  try {
    await ready;
    if (data.type === 'databases') {
      await sendDatabases(data.goal);
    } else if (data.type === 'start') {
      const key = JSON.stringify(data.options);
      if (key !== solverKey) {
        // In memory already when the page asked for them through this worker.
        if (data.options.heuristic === 'pdb') await ensurePatternDatabases(core, data.options.goal ?? 'blank-last');
        solver?.free();
        solver = new Solver(data.options);
        solverKey = key;
      }
      solver.reset();
      solver.skip(data.from);
      session = data.session;
      credits = data.credits;
      batchEvents = data.batchEvents;
      produce(session);
    } else if (data.type === 'credit' && data.session === session) {
      credits += 1;
      produce(session);
    } else if (data.type === 'stop' && data.session === session) {
      session = -1;
    }
  } catch (error) {
    send({ type: 'error', session: data.session, message: error.message });
  }
};
