// The heuristic quality chart's figures, from the core's measure (heuristicQuality: counts[h*][h],
// the states at true distance h* with estimate h): the cells of a heat map of h against h*,
// shaded on a log scale of their counts, `state.quality`, and the measure in words. Pure: no
// DOM, so Node tests it.

import { number } from './words.js';

/** The shades of the cells: level 1 is a single state, LEVELS the most crowded cell. */
export const LEVELS = 6;

/** The shade of a cell of `c` states when the most crowded holds `most`. */
export const levelOf = (c, most) => (most === 1 ? LEVELS : 1 + Math.round(((LEVELS - 1) * Math.log(c)) / Math.log(most)));

/**
 * The non-empty cells of `counts[d][h]`: {d, h, count, level, above}, `level` from 1 to
 * LEVELS on a log scale of the count (1 state: 1; the largest count: LEVELS), `above` when
 * h > h* (the heuristic overestimates there: not admissible).
 * @param {number[][]} counts
 */
export function heatCells(counts) {
  const most = Math.max(1, ...counts.flat());
  const cells = [];
  counts.forEach((row, d) => row.forEach((c, h) => {
    if (c === 0) return;
    cells.push({ d, h, count: c, level: levelOf(c, most), above: h > d });
  }));
  return cells;
}

/**
 * The counts each level stands for, for the legend: [{level, from, to}] (to ≥ from), the
 * inverse of heatCells' shading: level l holds the counts c with (l − 1.5) ≤ (LEVELS − 1) ×
 * log c / log most < (l − 0.5).
 */
export function legend(counts) {
  const most = Math.max(1, ...counts.flat());
  const bounds = [];
  for (let level = 1; level <= LEVELS; level += 1) {
    // The counts c whose rounded log position is `level`.
    const at = (l) => (most === 1 ? 1 : Math.exp(((l - 1.5) * Math.log(most)) / (LEVELS - 1)));
    const from = level === 1 ? 1 : Math.ceil(at(level));
    const to = Math.min(most, level === LEVELS ? most : Math.ceil(at(level + 1)) - 1);
    if (from <= to) bounds.push({ level, from, to }); // a level no whole count reaches is left out
  }
  return bounds;
}

/** `state.quality`: {heuristic, width, states, admissible, meanH, meanDistance, board}. */
export const qualityState = (q) => ({ heuristic: q.heuristic, width: q.width, states: q.states, admissible: q.admissible,
  meanH: q.meanH, meanDistance: q.meanDistance, board: q.board && { ...q.board } });

/** What the sample is, in words: "all 181,440 solvable 8-puzzle states" or "Korf's 100 15-puzzles". */
export const sampleWords = (q) => (q.width === 3 ? `all ${number(q.states)} solvable 8-puzzle states`
  : `Korf's ${q.states} random 15-puzzles, whose shortest solutions are known`);

/** The measure in a sentence or two, the heuristic named by `name` ("Manhattan"). */
export function qualitySentence(q, name) {
  const share = Math.round((100 * q.meanH) / q.meanDistance);
  const means = `${name} on ${sampleWords(q)}: mean h ${q.meanH.toFixed(2)} against mean h* ${q.meanDistance.toFixed(2)}, `
    + `${share} % of the true distance on average; h = h* at ${number(q.exact)} of them.`;
  const admissible = q.admissible
    ? ' No cell lies above the diagonal: h never exceeds h*, so it is admissible.'
    : ` ${number(q.overestimated)} states lie above the diagonal (h > h*): it is not admissible.`;
  return means + admissible;
}
