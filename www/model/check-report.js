// "Check my IDA*": the words and the side-by-side rows of a verdict of the core's checkTrace.
// The check itself, and the lines it quotes (the last that matched, each beside the core's
// event, then the diverging one), are the core's (src/check.rs); this module only words them.

import { moveWords, number as format } from './words.js';

/** Each kind of divergence in a few words (the core's `Divergence` names). */
export const KIND_WORDS = {
  'first-threshold': 'Wrong first threshold',
  'wrong-h': 'Wrong h',
  'wrong-g': 'Wrong g',
  'wrong-f': 'Wrong f',
  'illegal-move': 'Illegal move',
  'reverse-move': 'Move that undoes its parent’s',
  'not-pruned': 'Not pruned',
  'wrongly-pruned': 'Pruned, but within the threshold',
  'missing-event': 'Missing event',
  'unexpected-event': 'Unexpected event',
  'wrong-raise': 'Wrong threshold raise',
  'missed-goal': 'Goal reached but not stopped',
  'wrong-solution': 'Wrong solution',
  truncated: 'The trace ends too early',
};

/** "udlr" → "blank up, down, left, right". */
export const orderWords = (order) => `blank ${moveWords(order)}`;

const number = (n) => format(Number(n));

/** The verdict's headline: "Correct IDA*" or "Not pruned, at line 3". */
export function headline(verdict) {
  if (verdict.ok) return 'Correct IDA*';
  const words = KIND_WORDS[verdict.kind] ?? String(verdict.kind);
  return verdict.line === null ? words : `${words}, at line ${number(verdict.line)}`;
}

/** A correct trace's numbers in one line. */
export function summaryText(summary) {
  return `${number(summary.iterations)} iteration${summary.iterations === 1 ? '' : 's'}, ${number(summary.visited)} visited, ` +
    `${number(summary.pruned)} pruned, a solution of ${number(summary.length)} move${summary.length === 1 ? '' : 's'}, ` +
    `move order ${summary.order} (${orderWords(summary.order)})`;
}

/** What the live region says about a verdict. */
export function announcement(verdict) {
  if (verdict.ok) return `Your trace is correct IDA*: ${summaryText(verdict.summary)}.`;
  return `${headline(verdict)}: ${verdict.message}. The explorer shows the moment before it.`;
}

/**
 * An event as labelled parts, for the two columns: [[key, text]], the key naming the field it
 * shows (so that the diverging row can mark the fields that differ). Takes the core's events
 * and the student's lines alike (most of their fields optional); null for no event.
 */
export function eventParts(event) {
  if (!event || typeof event !== 'object') return null;
  const parts = [['type', String(event.type ?? '?')]];
  const add = (key, text) => { if (event[key] !== undefined && event[key] !== null) parts.push([key, text ?? `${key} ${event[key]}`]); };
  switch (event.type) {
    case 'iteration': add('threshold'); break;
    case 'node':
    case 'prune':
      if ('tile' in event) parts.push(['tile', event.tile === null ? 'start' : `tile ${event.tile}`]);
      add('g'); add('h'); add('f');
      if (event.type === 'prune') add('threshold', `> ${event.threshold}`);
      break;
    case 'raise': add('from', `from ${event.from}`); add('to', `to ${event.to}`); break;
    case 'solved': add('length', `${event.length} moves`); break;
    default: break;
  }
  return parts;
}

/** The keys of `parts` whose text differs from `other`'s part of the same key (both present). */
export function differing(parts, other) {
  if (!parts || !other) return new Set();
  const theirs = new Map(other);
  return new Set(parts.filter(([key, text]) => theirs.has(key) && theirs.get(key) !== text).map(([key]) => key));
}

/**
 * The rows of the side-by-side view: the lines that matched before the divergence beside the
 * core's events (the verdict's context), then the diverging line beside the event IDA* makes
 * there. Returns [{line, yours, ida, diverges, raw}], `yours` and `ida` as eventParts (or
 * null), `raw`: the student's text where it is not an event object.
 */
export function alignRows(verdict) {
  const rows = verdict.context.map(({ line, got, expected }) => ({ line, yours: eventParts(got), raw: null, ida: eventParts(expected), diverges: false }));
  if (!verdict.ok) rows.push({ line: verdict.line, yours: eventParts(verdict.got), raw: verdict.text, ida: eventParts(verdict.expected), diverges: true });
  return rows;
}
