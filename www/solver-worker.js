// The search for long runs (full speed, Next iteration on big boards) runs here, so the page
// never waits for it. The page holds its own Solver at the same position; this one streams
// the events the page has not seen yet as transferred typed arrays, with credit-based flow
// control so that it never runs more than a few batches ahead of what the page has drawn.
import init, { Solver } from './pkg/tilesearch.js';

const ready = init();
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

self.onmessage = async ({ data }) => {
  await ready;
  try {
    if (data.type === 'start') {
      const key = JSON.stringify(data.options);
      if (key !== solverKey) {
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
