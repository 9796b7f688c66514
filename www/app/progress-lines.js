// The progress line's words: a run under way (how fast, how far) and a search that ended.
import { sizeText } from '../views/frontier-view.js';
import { count, number } from '../model/words.js';


/**
 * A run under way, from `started` ({time, nodes}) to the snapshot `snap`; `how`: the speed.
 * @param {import('../model/snapshot.js').Snapshot} snap
 */
export function progressLine(snap, started, how, frontierSearch) {
  const seconds = (performance.now() - started.time) / 1000;
  const rate = seconds > 0.2 ? Math.round((snap.nodes - started.nodes) / seconds) : null;
  const perSecond = rate === null ? '' : `, ${number(rate)} nodes/s`;
  if (frontierSearch) {
    return `Running (${how}): ${number(snap.expanded)} expanded, ${number(snap.generated)} generated, ` +
      `frontier ${sizeText(snap.frontierSize)}, ${count(snap.reached, 'reached state')}${perSecond}.`;
  }
  return `Running (${how}): threshold ${snap.threshold}, iteration ${snap.iteration}, ${count(snap.nodes, 'node')} (visited + pruned)${perSecond}.`;
}

/**
 * The search ended: solved, or given up by the memory guard.
 * @param {import('../model/snapshot.js').Snapshot} snap
 * @param {{solved: any, gaveup: any}} state
 */
export function doneLine(snap, { solved, gaveup }, frontierSearch) {
  if (gaveup) {
    return `Gave up after ${count(gaveup.reached, 'reached state')} (the memory guard, max-reached ${number(gaveup.limit)}): ` +
      `${number(snap.expanded)} expanded, ${number(snap.generated)} generated, no solution found.`;
  }
  if (frontierSearch) {
    return `Solved: ${count(solved.length, 'move')}; ${number(solved.expanded)} expanded, ${number(solved.generated)} generated, ` +
      `largest frontier ${number(snap.maxFrontier)}, ${count(snap.reached, 'reached state')}.`;
  }
  return `Solved: ${count(solved.length, 'move')} after ${count(snap.nodes, 'node')} ` +
    `(${number(solved.expanded)} expanded) in ${count(snap.iteration, 'iteration')}.`;
}
