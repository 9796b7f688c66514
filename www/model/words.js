// The explorer's vocabulary, written once: what each counter and term means, for the glossary,
// and counts in English ("1 node", "2 nodes"). Every panel, the tree's note, the timeline,
// Compare and the exports use these words in these meanings (so does the CLI; see the guide, docs/tour.md).

/** [term, meaning] pairs, in the order a student meets them. */
export const GLOSSARY = [
  ['g', 'moves made from the start to this node (its depth in the tree).'],
  ['h', "the heuristic's estimate of the moves left from this node to the goal; it never overestimates."],
  ['f = g + h', 'an optimistic estimate of the length of any solution through this node.'],
  ['threshold (t)', "IDA*'s bound for one iteration: a child whose f is above it is pruned. The first threshold is h(start); each raise sets it to the smallest pruned f."],
  ['iteration', 'one depth-first search of IDA* from the start, with one threshold.'],
  ['visited', 'IDA*: a node with f ≤ threshold that the search enters: it is goal-tested and, if not the goal, expanded.'],
  ['pruned', 'IDA*: a child with f > threshold: generated, judged and not entered.'],
  ['expanded', 'a node whose children were generated (IDA*: a visited node that is not the goal; a graph search: a node taken off the frontier that is not the goal).'],
  ['generated', "children created by expanding a node, pruned ones included (the start is not generated: it is where the search begins)."],
  ['nodes', 'IDA*: visited + pruned, the nodes drawn in the tree; each iteration adds its start to the generated children.'],
  ['reached', 'a graph search: distinct states it has put on its frontier at some time (its explored set).'],
  ['frontier', "a graph search: reached states not yet expanded (BFS's queue, DFS's stack, greedy's and A*'s priority queue)."],
  ['skipped', 'a graph search: a generated child whose state was reached already, so it is not added again.'],
  ['raise', 'the end of an IDA* iteration without the goal: the threshold rises to the smallest pruned f.'],
];

// One formatter for every number the page writes: toLocaleString makes a new one on each call
// (a few microseconds), and a solved moment writes about a hundred numbers.
const ENGLISH = new Intl.NumberFormat('en');

/**
 * A number as the page writes it: 12,345.
 * @param {number | bigint} n
 */
export const number = (n) => ENGLISH.format(n);

/**
 * A power of ten as a log-scale axis labels it: powerOfTen(0) is "10⁰", powerOfTen(12) "10¹²".
 * @param {number} p a whole number from 0
 */
export const powerOfTen = (p) => `10${String(p).replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)])}`;

/**
 * `n` with its noun in English: count(1, 'node') is "1 node", count(2581, 'node') "2,581 nodes".
 * @param {number} n
 * @param {string} singular
 * @param {string} [plural] default `${singular}s`
 */
export const count = (n, singular, plural = `${singular}s`) => `${number(n)} ${n === 1 ? singular : plural}`;

/**
 * A wall time as the page writes it: "2.35 s", and under a tenth of a second in milliseconds,
 * "0.4 ms" (where "0.00 s" would say nothing).
 * @param {number} seconds
 */
export const duration = (seconds) => (seconds < 0.1 ? `${(seconds * 1000).toFixed(1)} ms` : `${seconds.toFixed(2)} s`);

const MOVE_WORDS = { l: 'left', r: 'right', u: 'up', d: 'down' };

/**
 * A move order (the core's letters, as `Solver.order` gives it) in words: "udlr" is
 * "up, down, left, right".
 * @param {string} order
 */
export const moveWords = (order) => [...order].map((letter) => MOVE_WORDS[letter] ?? letter).join(', ');
