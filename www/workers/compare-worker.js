// The Compare view's worker: runs every algorithm on one board, one after another, off the
// page's main thread. Each search runs in run({maxNodes}) slices so that progress goes out
// between slices; the page stops a comparison by terminating this worker.
// Messages in: {type: 'init', module} (the page's compiled core), then {type: 'compare', options,
// algorithms}; out: {type: 'progress', algorithm, nodes}, {type: 'result', …} per algorithm,
// {type: 'done'}, or {type: 'error', message}.
import init, * as core from '../pkg/tilesearch.js';
import { ensurePatternDatabases } from './pdb-cache.js';

const SLICE_NODES = 100000;  // a few ms to a few tens of ms per slice, whatever the algorithm
const PROGRESS_MS = 100;
let ready = null;

function compare({ options, algorithms }) {
  for (const algorithm of algorithms) {
    const solver = new core.Solver({ ...options, algorithm });
    let seconds = 0, reported = performance.now();
    try {
      for (;;) {
        const start = performance.now();
        const summary = solver.run({ maxNodes: SLICE_NODES });
        seconds += (performance.now() - start) / 1000;
        if (summary.status !== 'running') {
          const { status, length, expanded, generated, maxFrontier, reached } = summary;
          self.postMessage({ type: 'result', algorithm, status, length, expanded, generated, maxFrontier, reached, seconds });
          break;
        }
        if (performance.now() - reported > PROGRESS_MS) {
          reported = performance.now();
          self.postMessage({ type: 'progress', algorithm, nodes: summary.nodes, seconds });
        }
      }
    } finally {
      solver.free();
    }
  }
}

self.onmessage = async ({ data }) => {
  if (data.type === 'init') { ready = init({ module_or_path: data.module }); return; }
  try {
    await ready;
    if (data.options.heuristic === 'pdb') await ensurePatternDatabases(core, data.options.goal ?? 'blank-last');
    compare(data);
    self.postMessage({ type: 'done' });
  } catch (error) {
    self.postMessage({ type: 'error', message: error.message });
  }
};
