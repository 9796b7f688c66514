// The whole run's figures, from the core's counts (RunProfile: per iteration and depth,
// visited, new, pruned; see src/profile.rs): the rows of `state.run`, IDA*'s overhead in words,
// and the icicle of each iteration (one row per depth, its width the nodes visited there, the
// part the previous iteration visited too in the middle and the new growth around it). Pure:
// no DOM, so Node tests it.
import { count, number } from './words.js';

/**
 * @typedef {object} IterationCounts the core's IterationProfile
 * @property {number} iteration
 * @property {number} threshold
 * @property {number} visited
 * @property {number} pruned
 * @property {number} new
 * @property {number | null} nextThreshold
 * @property {number} end
 * @property {number[]} visitedByDepth
 * @property {number[]} newByDepth
 * @property {number[]} prunedByDepth
 */

/** `state.run`: one row per iteration, {iteration, threshold, visited, pruned, new}. */
export const runRows = (iterations) => iterations.map(({ iteration, threshold, visited, pruned, new: fresh }) =>
  ({ iteration, threshold, visited, pruned, new: fresh }));

/** A percentage in words: "54 %" (one decimal below 10 %, "less than 0.1 %" above none). */
export function percent(part, whole) {
  if (whole === 0) return '0 %';
  const value = (100 * part) / whole;
  if (value > 0 && value < 0.05) return 'less than 0.1 %';
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} %`;
}

/**
 * IDA*'s overhead: what all iterations visited against the last one alone, and against A*
 * when it is known. `astar`: {status, expanded, reached, length} (status "solved", "gaveup"
 * or "skipped") or null (not yet). Returns {total, last, repeated, sentence, astarSentence}.
 * @param {IterationCounts[]} iterations every iteration of a finished run
 */
export function overhead(iterations, astar = null) {
  const total = iterations.reduce((sum, it) => sum + it.visited, 0);
  const last = iterations.at(-1)?.visited ?? 0;
  const repeated = total - last;
  const n = iterations.length;
  const sentence = n <= 1
    ? `The one iteration visited ${count(total, 'node')}: nothing was repeated.`
    : `All ${n} iterations visited ${number(total)} nodes; the last alone ${number(last)}: the repeats cost ${percent(repeated, last)} more.`;
  let astarSentence = '';
  if (astar?.status === 'solved') {
    astarSentence = `A* expanded ${count(astar.expanded, 'node')}, each once, but kept ${count(astar.reached ?? 0, 'state')} in memory; `
      + `IDA* visited ${total > astar.expanded ? `${(total / Math.max(1, astar.expanded)).toFixed(1)} times as many` : 'no more'} and keeps only its path.`;
  } else if (astar?.status === 'gaveup') {
    astarSentence = `A* gave up at its memory guard after ${count(astar.expanded, 'expanded node')} (${count(astar.reached ?? 0, 'reached state')}): IDA* keeps only its path.`;
  } else if (astar?.status === 'skipped') {
    astarSentence = 'A* is not run on a 24-puzzle: it would hold more states than memory allows.';
  }
  return { total, last, repeated, sentence, astarSentence };
}

/**
 * The icicle of one iteration, on the scales every iteration of the run shares: for each depth
 * 0 … `depths` − 1, the row's extent as fractions of the column's width (0 to 1), centred:
 * `[left, right]` of the whole row and `[innerLeft, innerRight]` of the part repeated from the
 * previous iteration (visited − new), so the new part is the rest of the row on both sides. A
 * row's width is log(1 + its visited nodes) / log(1 + `widest`): a log scale, as the tree
 * grows by a factor per depth, so one node and thousands show on one chart and a bigger
 * iteration is a wider shape; within a row the two parts are in proportion. A depth with no
 * node has width 0.
 * @param {IterationCounts} it
 * @param {number} depths the rows drawn (the deepest iteration's depth + 1)
 * @param {number} widest the most nodes any iteration of the run visited at one depth
 * @returns {{depth: number, visited: number, fresh: number, left: number, right: number, innerLeft: number, innerRight: number}[]}
 */
export function icicle(it, depths, widest) {
  const scale = Math.log1p(Math.max(1, widest));
  const rows = [];
  for (let depth = 0; depth < depths; depth += 1) {
    const visited = it.visitedByDepth[depth] ?? 0;
    const fresh = it.newByDepth[depth] ?? 0;
    const width = Math.min(1, Math.log1p(visited) / scale);
    const inner = visited === 0 ? 0 : (width * (visited - fresh)) / visited;
    rows.push({ depth, visited, fresh, left: 0.5 - width / 2, right: 0.5 + width / 2, innerLeft: 0.5 - inner / 2, innerRight: 0.5 + inner / 2 });
  }
  return rows;
}

/** The rows every icicle of a run is drawn with: its deepest visited depth + 1. */
export const depthsOf = (iterations) => Math.max(1, ...iterations.map((it) => it.visitedByDepth.length));

/** The scale every icicle of a run shares: the most nodes one iteration visited at one depth. */
export const widestOf = (iterations) => Math.max(1, ...iterations.flatMap((it) => it.visitedByDepth));

/**
 * Each iteration's end position, for the run view's links: a seek to it shows the iteration
 * whole (to its raise, or to the solution).
 */
export const endOf = (iterations, iteration) => iterations.find((it) => it.iteration === iteration)?.end ?? null;
