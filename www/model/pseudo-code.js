// The pseudo-code a student reads beside the picture, and which of its lines each trace event
// executes. IDA*'s listing is the teaching text's cheat sheet word for word; BFS, DFS, greedy
// best-first and A* are the lecture's graph-search code, with only what differs per algorithm
// changed (how the frontier is ordered; A*'s reached set keeps each state's smallest g).
// Pure: no DOM, so Node tests import it as the page does.
import { FRONTIER_SEARCHES } from './narration.js';
import { number as grouped } from './words.js';

/**
 * One line of a listing. `text` has no leading spaces; the line is indented by `indent` levels
 * of four spaces, as in the printouts.
 * @typedef {{ id: string, text: string, indent: number }} CodeLine
 */

/**
 * A listing: its title, its lines, and an optional sentence for what the lines do not show.
 * @typedef {{ title: string, lines: readonly CodeLine[], note?: string }} Listing
 */

/**
 * A live variable: its name as the listing writes it, its value (a number, `Infinity` for the
 * listing's INF; a string is shown as it is), and optionally a few words on what it means.
 * @typedef {{ name: string, value: number | string, note?: string }} CodeVar
 */

/**
 * What the code is doing after one event: the id of the line it executes (`null` when no line
 * of the listing explains the event: before the first event, and when a frontier search's
 * memory guard stops it), the live variables, and one plain sentence on the line.
 * @typedef {{ line: string | null, vars: CodeVar[], text: string }} CodeStep
 */

/**
 * What an event alone does not carry; the widget keeps these as it feeds events. Every field is
 * the value *after* the event, as the widget's counters are (missing ones are left out of the
 * variables).
 * @typedef {object} CodeContext
 * @property {string} [algorithm] "ida" (default), "bfs", "dfs", "greedy" or "astar"
 * @property {number} [threshold] IDA*: the current threshold (`solver.threshold`)
 * @property {number} [min] IDA*: the smallest pruned f so far in this iteration, `Infinity` when
 *   none; with or without the current prune's f (the mapping takes the smaller of the two)
 * @property {number | null} [rootId] IDA*: the id of this iteration's start node (its `node`
 *   event has parent null): a backtrack from it ends the iteration
 * @property {string} [heuristic] the heuristic's name, for the first threshold's sentence
 * @property {number | string} [frontier] frontier searches: the frontier's size (a `skip` event
 *   carries none); a string is shown as it is (e.g. "1,000 or more")
 * @property {number} [reached] frontier searches: states reached
 * @property {number} [expanded] frontier searches: nodes expanded, the lecture's `iterations`
 */

/** @typedef {import('../pkg/tilesearch.js').TraceEvent} TraceEvent */

/** @param {string} id @param {number} indent @param {string} text @returns {CodeLine} */
const line = (id, indent, text) => ({ id, text, indent });

// The cheat sheet, copied verbatim (tests compare it with the notes).
const IDA_LINES = Object.freeze([
  line('ida', 0, 'IDA*(start):'),
  line('threshold-init', 1, 'threshold = h(start)'),
  line('loop', 1, 'loop:'),
  line('call', 2, 't = boundedDFS(start, g=0, threshold)'),
  line('found', 2, 'if t == FOUND: return path'),
  line('no-solution', 2, 'if t == INF:   return no-solution'),
  line('raise', 2, 'threshold = t        # smallest f that exceeded the bound'),
  line('gap', 0, ''),
  line('dfs', 0, 'boundedDFS(state, g, threshold):'),
  line('f', 1, 'f = g + h(state)'),
  line('prune', 1, 'if f > threshold: return f'),
  line('goal', 1, 'if isGoal(state): return FOUND'),
  line('min-init', 1, 'min = INF'),
  line('for', 1, 'for move in moves(state) excluding reverse:'),
  line('apply', 2, 'apply(move)'),
  line('recurse', 2, 't = boundedDFS(state, g+1, threshold)'),
  line('child-found', 2, 'if t == FOUND: return FOUND'),
  line('min', 2, 'min = min(min, t)'),
  line('undo', 2, 'undo(move)'),
  line('return-min', 1, 'return min'),
].map((l) => Object.freeze(l)));

/**
 * The lecture's graph search with this frontier (the first line's comment and the pop line's
 * say how it is ordered) and, for A*, a reached set that keeps each state's smallest g, since
 * A* takes a shorter path to a state it has reached already.
 */
function graphLines({ frontier, pop, astar = false }) {
  // Comments start in column 36, as in the lecture's printout.
  const comment = (indent, code, text) => `${code.padEnd(36 - 4 * indent)}# ${text}`;
  return Object.freeze([
    line('frontier-init', 0, comment(0, 'frontier = [(initial, [])]', frontier)),
    line('reached-init', 0, astar ? comment(0, 'reached  = {initial: 0}', "each reached state's smallest g") : 'reached  = {initial}'),
    line('iterations-init', 0, 'iterations = 0'),
    line('while', 0, 'while frontier not empty:'),
    line('pop', 1, comment(1, 'state, path = pop(frontier)', pop)),
    line('goal', 1, 'if state == goal: report iterations; return path + [state]'),
    line('count', 1, 'iterations += 1'),
    line('for', 1, 'for child in successors(state) in the order above:'),
    line('check', 2, astar ? 'if child not in reached or len(path) + 1 < reached[child]:' : 'if child not in reached:'),
    line('push', 3, astar ? 'reached[child] = len(path) + 1; push(frontier, (child, path + [state]))'
      : 'reached.add(child); push(frontier, (child, path + [state]))'),
    line('fail', 0, comment(0, 'return failure', 'frontier empty: no solution')),
  ].map((l) => Object.freeze(l)));
}

const TIES = 'Ties go to the smaller h, then to the node that went on the frontier first.';

/** @type {Readonly<Record<string, Listing>>} */
const LISTINGS = freezeAll({
  ida: { title: 'IDA* (the cheat sheet)', lines: IDA_LINES },
  bfs: { title: 'Breadth-first search (the lecture)', lines: graphLines({ frontier: 'a queue: pop from the front', pop: 'the front: the oldest node' }) },
  dfs: { title: 'Depth-first search (the lecture)', lines: graphLines({ frontier: 'a stack: pop from the back', pop: 'the back: the newest node' }) },
  greedy: { title: 'Greedy best-first search', lines: graphLines({ frontier: 'a priority queue: pop the smallest h', pop: 'the smallest h(state)' }), note: TIES },
  astar: {
    title: 'A* search',
    lines: graphLines({ frontier: 'a priority queue: pop the smallest f = g + h', pop: 'the smallest f = len(path) + h(state)', astar: true }),
    note: `${TIES} When a shorter path reaches a state again, the longer one's entry is dropped as it comes off the frontier.`,
  },
});

/** @template T @param {Record<string, T>} listings @returns {Readonly<Record<string, Readonly<T>>>} */
function freezeAll(listings) {
  for (const value of Object.values(listings)) Object.freeze(value);
  return Object.freeze(listings);
}

/**
 * The listing of `algorithm` ("ida", "bfs", "dfs", "greedy" or "astar"); the objects are frozen
 * and the same on every call, so a view can tell a new listing by identity.
 * @param {string} algorithm
 * @returns {Listing}
 */
export function listing(algorithm) {
  const found = LISTINGS[algorithm];
  if (!found) throw new Error(`no pseudo-code for the algorithm "${algorithm}"`);
  return found;
}

/**
 * The live variables a view shows for `algorithm`, in order: a `codeStep` gives values for
 * some of them (the others have no meaning after that event).
 * @param {string} algorithm
 * @returns {readonly string[]}
 */
export function variables(algorithm) {
  listing(algorithm); // the same error for an unknown algorithm
  return algorithm === 'ida' ? IDA_VARS : GRAPH_VARS;
}

const IDA_VARS = Object.freeze(['threshold', 'g', 'h', 'f', 'min', 't']);
const GRAPH_VARS = Object.freeze(['g', 'h', 'f', 'len(frontier)', 'len(reached)', 'iterations']);

/**
 * A variable's value as the panel shows it: grouped digits, INF for `Infinity` (the listing's
 * word), a string as it is.
 * @param {number | string} value
 * @returns {string}
 */
export function formatValue(value) {
  if (typeof value !== 'number') return String(value);
  return value === Infinity ? 'INF' : grouped(value);
}
const number = formatValue;
/** @param {string} name @param {number | string | undefined} value @param {string} [note] @returns {CodeVar[]} */
const v = (name, value, note) => (value === undefined || value === null ? [] : [note ? { name, value, note } : { name, value }]);

/**
 * The line `event` executes, the live variables after it, and one sentence saying what it does.
 * `event`: what `Solver.step()` returns (or `decodeRecord`); `null` before the first event.
 *
 * IDA*: iteration 1 → `threshold = h(start)`; a later iteration → `t = boundedDFS(start, g=0,
 * threshold)`; node → `f = g + h(state)` (f ≤ threshold: visited); prune → `if f > threshold:
 * return f`; backtrack → `undo(move)`, or `return min` when the node left is the start (the
 * iteration's smallest pruned f goes back to the loop as t); raise → `threshold = t`; solved →
 * `if isGoal(state): return FOUND`.
 *
 * Frontier searches: generate → `reached.add(child); push(…)` (the start's → `frontier =
 * [(initial, [])]`); expand → `state, path = pop(frontier)`; skip → `if child not in reached:`
 * (false); solved → `if state == goal: …`; gaveup → no line (the lecture's code has no memory
 * guard).
 * @param {TraceEvent | null | undefined} event
 * @param {CodeContext} [context]
 * @returns {CodeStep}
 */
export function codeStep(event, context = {}) {
  const algorithm = context.algorithm ?? 'ida';
  listing(algorithm);
  return algorithm === 'ida' ? idaStep(event, context) : graphStep(event, context, FRONTIER_SEARCHES[algorithm], algorithm === 'astar');
}

/**
 * Just the sentence of `codeStep(event, context)`.
 * @param {TraceEvent | null | undefined} event
 * @param {CodeContext} [context]
 * @returns {string}
 */
export function explain(event, context = {}) {
  return codeStep(event, context).text;
}

/** @param {TraceEvent | null | undefined} event @param {CodeContext} context @returns {CodeStep} */
function idaStep(event, { threshold, min = Infinity, rootId = null, heuristic }) {
  if (!event) return { line: null, vars: [], text: 'Press Step to start: IDA* begins with threshold = h(start).' };
  switch (event.type) {
    case 'iteration':
      if (event.iteration === 1) {
        return { line: 'threshold-init', vars: [...v('threshold', event.threshold), ...v('h', event.threshold, 'h(start)')],
          text: `threshold = h(start) = ${event.threshold}${heuristic ? ` (${heuristic})` : ''}: iteration 1 visits only nodes with f ≤ ${event.threshold}.` };
      }
      return { line: 'call', vars: [...v('threshold', event.threshold), ...v('g', 0)],
        text: `Iteration ${event.iteration}: boundedDFS starts again from the start, now with threshold ${event.threshold}.` };
    case 'node': {
      const next = event.h === 0 ? 'and h = 0, so the goal test comes next' : 'so the search goes on below it';
      return { line: 'f', vars: [...v('threshold', threshold), ...v('g', event.g), ...v('h', event.h), ...v('f', event.f, 'f ≤ threshold'), ...v('min', min)],
        text: `f = ${event.g} + ${event.h} = ${event.f} ≤ threshold ${threshold}: visited, ${next}.` };
    }
    case 'prune': {
      // The element may or may not have counted this prune yet: min covers it either way.
      const least = Math.min(min, event.f);
      return { line: 'prune', vars: [...v('threshold', event.threshold), ...v('g', event.g), ...v('h', event.h),
        ...v('f', event.f, 'f > threshold'), ...v('min', least, 'smallest pruned f in this iteration'), ...v('t', event.f, 'returned to the parent')],
      text: `f = ${event.g} + ${event.h} = ${event.f} > threshold ${event.threshold}: pruned, return ${event.f} (the smallest pruned f so far is ${least}).` };
    }
    case 'backtrack':
      if (event.id === rootId) {
        return { line: 'return-min', vars: [...v('threshold', threshold), ...v('min', min), ...v('t', min, 'what boundedDFS(start, …) returns')],
          text: min === Infinity ? 'Backtrack from the start: every child is done and nothing was pruned, so return INF: no solution.'
            : `Backtrack from the start: every child is done and no goal is within threshold ${threshold}, so return min = ${min}, the smallest pruned f.` };
      }
      return { line: 'undo', vars: [...v('threshold', threshold), ...v('min', min)],
        text: 'Backtrack: every child of this node is done, so undo(move) slides its tile back and the search returns to its parent.' };
    case 'raise':
      return { line: 'raise', vars: [...v('threshold', event.to, `was ${event.from}`), ...v('t', event.to)],
        text: `No goal within threshold ${event.from}: threshold = t = ${event.to}, the smallest pruned f (threshold raised).` };
    case 'solved':
      return { line: 'goal', vars: [...v('threshold', threshold), ...v('g', event.length), ...v('h', 0), ...v('f', event.length)],
        text: `isGoal(state) is true: return FOUND, solved in ${event.length} moves, a shortest solution because h never overestimates.` };
    default:
      return { line: null, vars: [], text: `IDA* has no ${event.type} step.` };
  }
}

/**
 * @param {TraceEvent | null | undefined} event
 * @param {CodeContext} context
 * @param {{ name: string, frontier: string, order: string }} search
 * @param {boolean} astar whether a generated state may have been reached before (by a longer path)
 * @returns {CodeStep}
 */
function graphStep(event, { frontier, reached, expanded }, search, astar) {
  if (!event) {
    return { line: null, vars: [], text: `Press Step to start: ${search.name} puts the start on its frontier, a ${search.frontier}, and marks it reached.` };
  }
  const counters = (size) => [...v('len(frontier)', size), ...v('len(reached)', reached), ...v('iterations', expanded, 'nodes expanded')];
  /** @param {{ g: number, h: number, f: number }} e */
  const node = (e) => [...v('g', e.g, 'len(path)'), ...v('h', e.h), ...v('f', e.f, 'g + h')];
  switch (event.type) {
    case 'generate':
      if (event.parent === null) {
        return { line: 'frontier-init', vars: [...node(event), ...counters(event.frontier)],
          text: `The start is generated: it goes on the frontier, a ${search.frontier}, and is marked reached.` };
      }
      return { line: 'push', vars: [...node(event), ...counters(event.frontier)],
        text: `Generated node ${event.id}, slide ${event.tile}: ${astar ? 'not reached before, or only by a longer path' : 'not reached before'}, so it is marked reached and pushed on the ${search.frontier}: frontier ${number(event.frontier)}.` };
    case 'expand':
      return { line: 'pop', vars: [...node(event), ...counters(event.frontier)],
        text: `pop(frontier) takes node ${event.id} off the ${search.frontier} (${search.order}); it is not the goal, so it is expanded: iterations = ${number(expanded)}.` };
    case 'skip':
      return { line: 'check', vars: [...node(event), ...counters(frontier)],
        text: `Node ${event.id}, slide ${event.tile}: its state was reached already, so it is skipped, not pushed (no cycles).` };
    case 'solved':
      return { line: 'goal', vars: [...v('g', event.length, 'len(path)'), ...v('h', 0), ...v('f', event.length), ...v('len(frontier)', frontier),
        ...v('len(reached)', reached), ...v('iterations', event.expanded, 'nodes expanded')],
      text: `state == goal: the goal came off the frontier after ${number(event.expanded)} iterations; return its path, ${number(event.length)} moves.` };
    case 'gaveup':
      return { line: null, vars: [...v('len(reached)', event.reached, `the memory guard: ${number(event.limit)}`), ...v('iterations', expanded, 'nodes expanded')],
        text: `Gave up after ${number(event.reached)} reached states: the memory guard (max-reached ${number(event.limit)}) stopped ${search.name}; the lecture's code has no such line.` };
    default:
      return { line: null, vars: [], text: `${search.name} has no ${event.type} step.` };
  }
}
