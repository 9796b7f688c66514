// <tile-search>'s attributes, written once. The element's observedAttributes and accessors,
// embed.html's query parameters and the checks of the attributes' text read this table; a test
// (tests/js/attributes.test.mjs) holds the declarations, the manifest, the Pandoc filter and the
// guide's table (docs/element.md) to the same names. Pure: no DOM, so hosts, workers and Node can import it.
//
// `type`: "text" (any text), "core" (a name or text the core checks: its message names the
// problem), "boolean" (present or absent), "tokens" (space-separated words of `values`),
// "choice" (one of `values`), "speed", "position", "length". `values: "catalog:<list>"` names a
// list of the core's catalog() (heuristics, algorithms, goals, orders). `observed: false`: read
// when needed, never reacted to (observing it would reset the search).

/** The panels of `view`, in the order they are laid out. */
export const PANELS = Object.freeze(['input', 'board', 'now', 'code', 'frontier', 'tree', 'timeline', 'run', 'solution', 'compare', 'quality', 'glossary']);
/** The controls of `controls` (or the one word "none"). */
export const CONTROLS = Object.freeze(['step', 'step-back', 'next-iteration', 'run', 'reset', 'solve-now', 'play-solution', 'speed', 'predict',
  'overlay', 'copy-link', 'download-trace', 'download-tree', 'download-table', 'check-trace']);
/** The values of `mode`. */
export const MODES = Object.freeze(['explore', 'predict']);
/** The values of `theme` (styles.css: :host([theme="…"])). */
export const THEMES = Object.freeze(['light', 'dark']);

/**
 * @typedef {object} AttributeSpec
 * @property {string} name the attribute
 * @property {string} property the element's property reflecting it
 * @property {'text'|'core'|'boolean'|'tokens'|'choice'|'speed'|'position'|'length'} type
 * @property {string|number|boolean|null} default the value in effect without the attribute (null: none, or the core's)
 * @property {readonly string[]|string|null} values the words it takes, "catalog:<list>" for the core's names, or null
 * @property {boolean} observed the element reacts to a change
 * @property {string} doc one line for the guide's table and the declarations
 */

// Left out of an entry: default null, values null, observed true; the property is the name in camelCase.
/** @type {readonly AttributeSpec[]} */
export const ATTRIBUTES = Object.freeze(/** @type {Partial<AttributeSpec>[]} */ ([
  { name: 'board', type: 'core', default: '6 4 5 8 2 7 1 0 3',
    doc: 'the board as text, as the CLI takes it' },
  { name: 'heuristic', type: 'core', default: 'manhattan', values: 'catalog:heuristics',
    doc: 'the heuristic (pdb: 4×4 only)' },
  { name: 'goal', type: 'core', default: 'blank-last', values: 'catalog:goals',
    doc: 'the goal convention' },
  { name: 'algorithm', type: 'core', default: 'ida', values: 'catalog:algorithms',
    doc: 'IDA* or a graph search' },
  { name: 'order', type: 'core', default: 'lrud', values: 'catalog:orders',
    doc: 'the blank\'s moves in the order tried' },
  { name: 'max-reached', type: 'core',
    doc: 'the graph searches\' memory guard, in reached states' },
  { name: 'speed', type: 'speed', default: 4,
    doc: 'events per second (1 to 1000) or max' },
  { name: 'autoplay', type: 'boolean', default: false,
    doc: 'run once in view' },
  { name: 'loop', type: 'boolean', default: false, observed: false,
    doc: 'start again 3 s after the solution' },
  { name: 'view', type: 'tokens', values: PANELS,
    doc: 'the panels shown' },
  { name: 'controls', type: 'tokens', values: CONTROLS,
    doc: 'the controls shown, or none' },
  { name: 'height', type: 'length',
    doc: 'a fixed height: pixels or a CSS length' },
  { name: 'caption', type: 'text',
    doc: 'a caption under the widget' },
  { name: 'theme', type: 'choice', values: THEMES,
    doc: 'light or dark (default: the page\'s)' },
  { name: 'position', type: 'position', default: 0,
    doc: 'events to show once the search exists' },
  { name: 'mode', type: 'choice', default: 'explore', values: MODES,
    doc: 'predict: a question before each event (IDA* only)' },
]).map((spec) => Object.freeze(/** @type {AttributeSpec} */ ({ default: null, values: null, observed: true, property: spec.name.replace(/-(\w)/g, (_, c) => c.toUpperCase()), ...spec }))));

/**
 * HTML's own attributes that hosts pass on to the widget (embed.html's query, the Pandoc
 * filter); the guide's table lists `id` too, since Copy link names it.
 */
export const HTML_ATTRIBUTES = Object.freeze(['id', 'aria-label', 'class', 'style']);

const BY_NAME = new Map(ATTRIBUTES.map((spec) => [spec.name, spec]));

/** The entry of attribute `name`, or undefined. */
export const attribute = (name) => BY_NAME.get(name);
/** The attributes the element observes. */
export const OBSERVED = Object.freeze(ATTRIBUTES.filter((spec) => spec.observed).map((spec) => spec.name));
/** The boolean attributes (present or absent). */
export const BOOLEANS = Object.freeze(ATTRIBUTES.filter((spec) => spec.type === 'boolean').map((spec) => spec.name));
/** The defaults of the attributes that have one, by property name. */
export const DEFAULTS = Object.freeze(Object.fromEntries(ATTRIBUTES.filter((spec) => spec.default !== null).map((spec) => [spec.property, spec.default])));

/** The speed attribute's events per second (Infinity: full speed); null for a value it does not accept. */
export function speedOf(text) {
  if (text === 'max' || text === 'full') return Infinity;
  const value = text.trim() === '' ? NaN : Number(text);
  return value >= 1 && value <= 1000 ? value : null;
}

/** A position (events shown) from the attribute's text or the property's number; null if it is not a whole number of events. */
export function positionOf(value) {
  const number = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : NaN) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/**
 * The words of a tokens attribute (`view`, `controls`): {value: the known words as a Set (all of
 * them without the attribute; none for controls="none"), problem: null or the message naming the
 * unknown words}.
 */
export function tokensOf(name, text) {
  const allowed = /** @type {readonly string[]} */ (attribute(name).values);
  if (text === null) return { value: new Set(allowed), problem: null };
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (name === 'controls' && words.length === 1 && words[0] === 'none') return { value: new Set(), problem: null };
  const unknown = words.filter((word) => !allowed.includes(word));
  const problem = unknown.length > 0 || words.length === 0
    ? `${name}="${text}": ${words.length === 0 ? 'empty' : `unknown ${unknown.map((w) => `"${w}"`).join(', ')}`}; `
      + `use any of ${allowed.join(' ')}${name === 'controls' ? ', or none' : ''}.`
    : null;
  return { value: new Set(words.filter((word) => allowed.includes(word))), problem };
}

// Without CSS.supports (Node, and the notebook widget's Python side: build-widget.mjs writes it
// into its attributes.json), the lengths CSS takes in their plain forms.
export const LENGTH = /^(0|\d*\.?\d+(px|em|rem|ex|ch|vw|vh|vmin|vmax|svh|lvh|dvh|cm|mm|in|pt|pc|q|%))$/i;
const isLength = (text) => (globalThis.CSS?.supports ? globalThis.CSS.supports('height', text) : LENGTH.test(text.trim()));

/**
 * The CSS length of a height attribute (a bare number is pixels): {value: the length, or null
 * without the attribute or for a bad one, problem: null or the message}.
 */
export function heightOf(text) {
  if (text === null) return { value: null, problem: null };
  const length = /^\d+(\.\d+)?$/.test(text.trim()) ? `${text.trim()}px` : text;
  if (isLength(length)) return { value: length, problem: null };
  return { value: null, problem: `height="${text}": not a CSS length; use a number of pixels (360) or a length (24rem).` };
}

/**
 * Attribute `name`'s text (null: absent) as the value in effect, and a problem message when the
 * text is one the widget does not take (the default stays in effect then): {value, problem}.
 * "core" attributes are passed on as they are (the core's own message names a bad one), and so
 * are text and unknown names.
 */
export function parseAttribute(name, text) {
  const spec = attribute(name);
  if (!spec) return { value: text, problem: null };
  switch (spec.type) {
    case 'boolean': return { value: text !== null, problem: null };
    case 'tokens': return tokensOf(name, text);
    case 'length': return heightOf(text);
    case 'speed': {
      if (text === null) return { value: spec.default, problem: null };
      const speed = speedOf(text);
      return speed === null
        ? { value: spec.default, problem: `speed="${text}": not a speed; use a number of events per second from 1 to 1000, or max.` }
        : { value: speed, problem: null };
    }
    case 'position': {
      if (text === null) return { value: spec.default, problem: null };
      const position = positionOf(text);
      return position === null
        ? { value: spec.default, problem: `position="${text}": not a number of events; use a whole number (0 or more).` }
        : { value: position, problem: null };
    }
    case 'choice': {
      const values = /** @type {readonly string[]} */ (spec.values);
      if (text === null || values.includes(text)) return { value: text ?? spec.default, problem: null };
      const tail = name === 'theme' ? 'use light or dark, or leave it out to follow the page.' : `use ${values.join(' or ')}.`;
      return { value: spec.default, problem: `${name}="${text}": unknown; ${tail}` };
    }
    default: return { value: text ?? spec.default, problem: null };
  }
}
