// The moment a search stands at, as the panels show it, taken where the search runs (the
// worker, main-thread slices, or the element's own Solver) right after the records it follows.
// One shape from every source: the element never reads a Solver's getters to draw.

/** Frontier entries a snapshot carries (the frontier panel's rows). */
export const FRONTIER_SHOWN = 20;

/**
 * @typedef {import('../pkg/tilesearch.js').RunSummary & {
 *   board: number[], frontierSize: number | null,
 *   frontier: import('../pkg/tilesearch.js').FrontierEntry[] | null,
 *   iterationStarts: number[],
 * }} Snapshot
 */

/**
 * The snapshot of `solver` where it stands: its summary (status, counters, iterations,
 * solution), where each iteration starts, its board and, for the graph searches, the
 * frontier's size and first entries.
 * @param {import('../pkg/tilesearch.js').Solver} solver
 * @returns {Snapshot}
 */
export function snapshotOf(solver) {
  const frontierSearch = solver.algorithm !== 'ida';
  const summary = solver.summary();
  // Where each iteration so far starts (the timeline goes there), as the core counts events.
  const iterationStarts = summary.iterations.map((it) => solver.iterationPosition(it.iteration)).filter((p) => p !== undefined);
  return {
    ...summary,
    iterationStarts,
    board: solver.board,
    frontierSize: frontierSearch ? solver.frontierSize : null,
    frontier: frontierSearch ? solver.frontier(FRONTIER_SHOWN) : null,
  };
}
