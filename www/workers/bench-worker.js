// Benchmark worker: runs the wasm search on Korf instances and measures the batch stream, off
// the page's main thread. Messages in: {instances: [[number, optimal, tiles]…], heuristic, goal,
// streamSeconds, repeat} (repeat: each instance searched that many times, its best time kept, so
// that instances of a fraction of a millisecond compare above the noise); out: {type: 'instance', …} per instance, then {type: 'stream', …}, {type: 'done'};
// {type: 'error', message} instead when something fails (the databases, a board). Then
// {type: 'one', tiles, heuristic, goal} searches one board for the page to time with its
// messages (as it times the pool's searches), answered {type: 'one', seconds, summary}.
import init, * as wasm from '../pkg/tilesearch.js';
import { ensurePatternDatabases } from './pdb-cache.js';

const { Solver } = wasm;
const ready = init();

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'one') { await one(data); return; }
    await run(data);
  } catch (error) {
    self.postMessage({ type: 'error', message: error?.message ?? String(error) });
  }
};

/**
 * One search, timed from the Solver's making, as the pool's search is timed from its
 * coordinator's: its summary and seconds.
 * @param {number[]} tiles
 * @param {import('../pkg/tilesearch.js').Heuristic} heuristic
 * @param {import('../pkg/tilesearch.js').GoalConvention} goal
 */
function solve(tiles, heuristic, goal) {
  const start = performance.now();
  const solver = new Solver({ board: tiles, heuristic, goal });
  const summary = solver.run();
  const seconds = (performance.now() - start) / 1000;
  solver.free();
  return { summary, seconds };
}

// One search for the page to time with its messages, as it times the pool's ({type: 'one',
// tiles, heuristic, goal} once `run` has ensured the databases): answered {type: 'one',
// seconds, summary}, the summary as the pool's search sends it, so that both pay its message.
/** @param {{tiles: number[], heuristic?: import('../pkg/tilesearch.js').Heuristic, goal?: import('../pkg/tilesearch.js').GoalConvention}} request */
async function one({ tiles, heuristic = 'manhattan', goal = 'blank-last' }) {
  await ready;
  const { seconds, summary } = solve(tiles, heuristic, goal);
  self.postMessage({ type: 'one', seconds, summary });
}

async function run(data) {
  await ready;
  const { instances, heuristic = 'manhattan', goal = 'blank-last', streamSeconds = 1, repeat = 1 } = data;
  if (heuristic === 'pdb') {
    const databases = await ensurePatternDatabases(wasm, goal, (progress) => self.postMessage({ type: 'progress', progress }));
    self.postMessage({ type: 'databases', ...databases });
  }
  for (const [number, optimal, tiles] of instances) {
    let seconds = Infinity, summary = null;
    for (let round = 0; round < repeat; round += 1) {
      const run = solve(tiles, heuristic, goal);
      summary = run.summary;
      seconds = Math.min(seconds, run.seconds);
    }
    self.postMessage({ type: 'instance', number, optimal, length: summary.length, seconds, generated: summary.generated, expanded: summary.expanded });
  }
  // The batch call: stepMany into typed arrays, as the explorer streams events at top speed.
  const solver = new Solver({ board: instances[0][2], heuristic, goal });
  let events = 0;
  const start = performance.now();
  while (performance.now() - start < streamSeconds * 1000) {
    events += solver.stepMany(65536).length / solver.recordWords;
  }
  const streamed = (performance.now() - start) / 1000;
  // The same through one object per event, for comparison.
  const objects = new Solver({ board: instances[0][2], heuristic, goal });
  let stepped = 0;
  const stepStart = performance.now();
  while (performance.now() - stepStart < 300) {
    for (let i = 0; i < 1000; i++) objects.step();
    stepped += 1000;
  }
  const steppedSeconds = (performance.now() - stepStart) / 1000;
  self.postMessage({ type: 'stream', events, seconds: streamed, stepEvents: stepped, stepSeconds: steppedSeconds });
  self.postMessage({ type: 'done' });
}
