// What the Share and export buttons produce. The trace is the core's own: a fresh Solver's
// step() objects (the CLI's `tilesearch trace` schema), replayed to the widget's position.
import { Solver } from '../pkg/tilesearch.js';
import { number } from './words.js';

/** Events a trace download holds at most (about 80 bytes each). */
export const TRACE_LIMIT = 500000;
const TRACE_CHUNK = 20000; // events per frame while building the file (about 10 ms)

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * The page's URL with the widget's options in the hash (an algorithm other than IDA*, and
 * `widget`: its id, when it has one) and, past the start, the moment shown: `step` (events
 * shown) and, for IDA*, `iteration` (for the reader of the link; `step` alone says where).
 */
export function shareLink({ board, heuristic, goal, algorithm, order }, id, { step = 0, iteration = 0 } = {}) {
  const url = new URL(location.href);
  url.hash = momentHash({ board, heuristic, goal, algorithm, order }, id, { step, iteration });
  return url.href;
}

/** The hash of shareLink, without the '#'. */
export function momentHash({ board, heuristic, goal, algorithm, order }, id, { step = 0, iteration = 0 } = {}) {
  const params = new URLSearchParams({ board, heuristic, goal });
  if (algorithm && algorithm !== 'ida') params.set('algorithm', algorithm);
  // Another move order is another search: the same step is another moment.
  if (order && order !== 'lrud') params.set('order', order);
  if (id) params.set('widget', id);
  if (step > 0) {
    params.set('step', String(step));
    if (iteration > 0 && (!algorithm || algorithm === 'ida')) params.set('iteration', String(iteration));
  }
  return params.toString();
}

/** The attributes a share link's hash gives the widget with `id` (step as `position`), or null. */
export function optionsFromHash(hash, id) {
  const params = new URLSearchParams(hash.slice(1));
  if (!id || params.get('widget') !== id) return null;
  const options = {};
  for (const name of ['board', 'heuristic', 'goal', 'algorithm', 'order']) if (params.has(name)) options[name] = params.get(name);
  if (params.has('step')) options.position = params.get('step');
  return options;
}

/** The first `count` events of a search with `options`, one JSON object per line. */
export async function traceJsonLines(options, count) {
  if (count === 0) throw new Error('Nothing to download yet: step or run the search first.');
  if (count > TRACE_LIMIT) {
    throw new Error(`The trace so far has ${number(count)} events; a download holds at most ${number(TRACE_LIMIT)}. ` +
      `For longer traces use the command line: tilesearch trace${options.algorithm && options.algorithm !== 'ida' ? ` --algorithm ${options.algorithm}` : ''} ` +
      `--heuristic ${options.heuristic} --goal ${options.goal} "${options.board}"`);
  }
  const solver = new Solver(options);
  try {
    const lines = [];
    while (lines.length < count) {
      const end = Math.min(count, lines.length + TRACE_CHUNK);
      while (lines.length < end) lines.push(JSON.stringify(solver.step()));
      if (lines.length < count) await nextFrame();
    }
    return `${lines.join('\n')}\n`;
  } finally {
    solver.free();
  }
}

/** The iterations as CSV, with the column names of `tilesearch solve --json`. */
/**
 * The iterations as CSV, one row each; `result` says how it ended: `raised` (to nextThreshold),
 * `solved`, or `running` (the last one, not finished yet).
 */
export function iterationsCsv(iterations, solved) {
  if (iterations.length === 0) throw new Error('Nothing to download yet: the table fills as iterations start.');
  const result = (it, i) => (it.nextThreshold !== null ? 'raised' : solved && i === iterations.length - 1 ? 'solved' : 'running');
  const rows = iterations.map((it, i) => [it.iteration, it.threshold, it.visited, it.pruned, it.nextThreshold ?? '', result(it, i)].join(','));
  return `iteration,threshold,visited,pruned,nextThreshold,result\n${rows.join('\n')}\n`;
}

/** The tree view's SVG text (TreeView.svg: every drawn node, colours inline) as a standalone SVG document. */
export function treeSvg(svg) {
  if (!svg) throw new Error('Nothing to download yet: the tree grows as you step.');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}

/** Saves `text` as a file named `name` (the link lives in `root`, the widget's shadow root). */
export function download(root, name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  root.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
