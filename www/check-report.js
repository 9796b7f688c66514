// "Check my IDA*": the words and the side-by-side rows of a verdict of the core's checkTrace.
// The check itself is the core's (src/check.rs); this module only reads the student's text to
// show the lines before the divergence, lines the core's events up beside them, and words it.
// Pure: the worker runs linesBefore and coreEventsBefore (on a trace of millions of lines),
// the check panel the rest.

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

const BACKTRACK_WINDOW = 100;
const MOVE_WORDS = { l: 'left', r: 'right', u: 'up', d: 'down' };

/** "udlr" → "blank up, down, left, right". */
export const orderWords = (order) => `blank ${[...order].map((m) => MOVE_WORDS[m] ?? m).join(', ')}`;

const number = (n) => Number(n).toLocaleString('en');

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

/** The student's line as an object, or null (not JSON, or not an object). */
export function parseLine(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// Lines the checker reads as events: those that start with "{" (after blanks); a backtrack is
// accepted and never required, so it has no place beside the core's events.
const isEventLine = (text) => text.startsWith('{') && parseLine(text)?.type !== 'backtrack';

/**
 * The student's event lines before line `line` (1-based; null: the end of the trace), the last
 * `count` of them, as [{line, text}], and the text of line `line` itself (null past the end).
 * One pass over the text up to there, without splitting it (a trace may be millions of lines).
 */
export function linesBefore(text, line, count) {
  const end = line ?? Infinity;
  const kept = [];
  let at = 0, number = 1, current = null;
  while (at <= text.length && number <= end) {
    const next = text.indexOf('\n', at);
    const stop = next < 0 ? text.length : next;
    const lineText = text.slice(at, stop).trim();
    if (number === end) { current = lineText; break; }
    if (next < 0 && lineText === '') break; // the newline that ends the last line
    if (isEventLine(lineText)) {
      kept.push({ line: number, text: lineText });
      if (kept.length > count) kept.shift();
    }
    if (next < 0) break;
    at = next + 1;
    number += 1;
  }
  return { lines: kept, current };
}

/**
 * The core's events at positions before `position` in the move order `order`, backtracks left
 * out (the student's trace need not have them): the last `count` of them. `Solver` is the
 * core's class; `options` the check's {board, heuristic, goal}.
 */
export function coreEventsBefore(Solver, options, order, position, count) {
  const solver = new Solver({ ...options, algorithm: 'ida', order });
  try {
    // Backtracks come in runs as long as the path is deep: a window this wide holds `count` others.
    let at = solver.seek(Math.max(0, position - count - BACKTRACK_WINDOW));
    const events = [];
    while (at < position) {
      const event = solver.step();
      if (event === undefined) break;
      at += 1;
      if (event.type !== 'backtrack') events.push(event);
    }
    return events.slice(-count);
  } finally {
    solver.free();
  }
}

/** Lines and events shown before the divergence. */
export const CONTEXT_ROWS = 3;

/**
 * The core's verdict on `text` for `options` ({board, heuristic, goal}), and what the rows
 * beside it need: {verdict, context: {lines, current, events}}. `core`: the wasm package
 * (checkTrace and Solver). Throws the core's TileSearchError for bad options.
 */
export function checkWithContext(core, options, text) {
  const verdict = core.checkTrace(options, text);
  const { lines, current } = linesBefore(text, verdict.line, CONTEXT_ROWS);
  const events = coreEventsBefore(core.Solver, options, verdict.order, verdict.position, CONTEXT_ROWS);
  return { verdict, context: { lines, current, events } };
}

/**
 * The rows of the side-by-side view: the student's lines before the divergence beside the
 * core's events at the same places (all of which matched), then the diverging line beside the
 * event IDA* makes there. `context`: {lines, current, events} as the worker sends them.
 * Returns [{line, yours, ida, diverges}], `yours` and `ida` as eventParts (or null), `raw`: the
 * student's text where it is not an event object.
 */
export function alignRows(verdict, context) {
  const { lines, events } = context;
  const paired = Math.min(lines.length, events.length);
  const rows = [];
  for (let i = 0; i < paired; i += 1) {
    const mine = lines[lines.length - paired + i];
    rows.push({ line: mine.line, yours: eventParts(parseLine(mine.text)), raw: mine.text, ida: eventParts(events[events.length - paired + i]), diverges: false });
  }
  if (!verdict.ok) {
    const got = verdict.got ?? (context.current === null ? null : parseLine(context.current));
    rows.push({ line: verdict.line, yours: eventParts(got), raw: context.current, ida: eventParts(verdict.expected), diverges: true });
  }
  return rows;
}
