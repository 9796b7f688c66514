// The last event in the teaching text's words, for IDA* and for the lecture's frontier searches
// (the Now panel's line, predict mode's explanations). Pure: no DOM.

import { number as format } from './words.js';

/**
 * The lecture's frontier searches: their name, the kind of frontier each keeps, and why the
 * solution it finds is, or is not, a shortest one (`solved`; whether it is: catalog.js findsShortest).
 */
export const FRONTIER_SEARCHES = {
  bfs: { name: 'BFS', frontier: 'queue', order: 'front first', first: 'front', solved: 'BFS takes the shallowest node first, so this is a shortest solution.' },
  dfs: { name: 'DFS', frontier: 'stack', order: 'top first', first: 'top', solved: 'DFS takes the deepest node first: a valid solution, usually far from the shortest.' },
  greedy: { name: 'Greedy best-first', frontier: 'priority queue', order: 'smallest h first', first: 'best', solved: 'Greedy follows h alone: quick, but not guaranteed to be the shortest.' },
  astar: { name: 'A*', frontier: 'priority queue', order: 'smallest f = g + h first', first: 'best', solved: 'A* takes the smallest f = g + h first and h never overestimates, so this is a shortest solution.' },
};

/**
 * The last event in the teaching text's words; `minPruned`: smallest pruned f so far in this
 * iteration; `tileOf(id)`: the tile slid to reach node `id`, if known; `causes`, `causeCount`:
 * at a raise, the pruned children whose f set the new threshold (view-state.js).
 */
export function narrate(event, { threshold, minPruned, heuristic, tileOf, algorithm = 'ida', causes = [], causeCount = causes.length }) {
  const search = FRONTIER_SEARCHES[algorithm];
  if (search) return narrateFrontier(event, search);
  if (!event) return 'Press Step to start: IDA* begins with threshold = h(start).';
  const move = (tile) => (tile === null ? 'the start' : `slide ${tile}`);
  switch (event.type) {
    case 'iteration':
      return event.iteration === 1
        ? `Iteration 1 starts with threshold = h(start) = ${event.threshold} (${heuristic}).`
        : `Iteration ${event.iteration} starts again from the start with threshold ${event.threshold}.`;
    case 'node':
      if (event.h === 0) return `${capital(move(event.tile))}: g = ${event.g}, h = 0: the goal is reached.`;
      return `${capital(move(event.tile))}: f = ${event.g} + ${event.h} = ${event.f} ≤ threshold ${threshold}: visit and expand it.`;
    case 'prune':
      return `${capital(move(event.tile))}: f = ${event.g} + ${event.h} = ${event.f} > threshold ${event.threshold}: pruned, next threshold at most ${Math.min(minPruned, event.f)}.`;
    case 'backtrack': {
      const tile = tileOf(event.id);
      if (tile === null) return 'Backtrack from the start: every child is done, and this iteration found no goal.';
      return `Backtrack${tile === undefined ? '' : ` over slide ${tile}`}: every child of this node is done; return to its parent.`;
    }
    case 'raise':
      return `No goal within threshold ${event.from}: raise the threshold to ${event.to}, the smallest pruned f${causeWords(causes, causeCount, event.to)}.`;
    case 'solved':
      return `Solved in ${event.length} moves: the first goal IDA* reaches is a shortest solution, because h never overestimates.`;
  }
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);
const number = (n) => (n === null ? '1,000 or more' : format(n)); // null: past Solver.frontier's count limit

function narrateFrontier(event, search) {
  if (!event) return `Press Step to start: ${search.name} puts the start on its frontier, a ${search.frontier}, and marks it reached.`;
  const numbers = (e) => `g ${e.g}, h ${e.h}, f ${e.f}`;
  switch (event.type) {
    case 'generate':
      return event.parent === null
        ? `Generated the start, node 0 (${numbers(event)}): reached, and on the frontier: frontier ${number(event.frontier)}.`
        : `Generated node ${event.id}, slide ${event.tile} (${numbers(event)}): not reached before, so it is marked reached and goes on the ${search.frontier}: frontier ${number(event.frontier)}.`;
    case 'expand':
      return `Expanded node ${event.id} (${numbers(event)}): taken off the ${search.frontier} (${search.order}), not the goal, so its children are generated: frontier ${number(event.frontier)}.`;
    case 'skip':
      return `Skipped node ${event.id}, slide ${event.tile} (${numbers(event)}): its state was reached already, so it is not added (no cycles).`;
    case 'gaveup':
      return `Gave up after ${number(event.reached)} reached states: the memory guard (max-reached ${number(event.limit)}) stopped ${search.name} before it found the goal.`;
    case 'solved':
      return `Solved in ${number(event.length)} moves: the goal came off the frontier after ${number(event.expanded)} expansions. ${search.solved}`;
  }
}

/**
 * The raise's causes in words: ", pruned at #12 (slid 4) and #17 (slid 8)", the first few by
 * name and the others counted; "" when none is known.
 * @param {{id: number, tile: number | null}[]} causes
 */
export function causeWords(causes, count, f) {
  if (count === 0 || causes.length === 0) return '';
  const SHOWN = 3;
  const names = causes.slice(0, SHOWN).map(({ id, tile }) => `#${id} (${tile === null ? 'the start' : `slid ${tile}`})`);
  const more = count - names.length;
  const list = more > 0 ? `${names.join(', ')} and ${format(more)} more` : names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `: ${count === 1 ? 'one child was' : `${format(count)} children were`} pruned with f = ${f}: ${list}`;
}
