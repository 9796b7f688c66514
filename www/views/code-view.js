// The pseudo-code panel: the algorithm's listing with the line the last event executed
// highlighted, the live variables, and a sentence on that line. It may render every frame, so
// the lines are built once per algorithm; a render then only moves the highlight and writes
// the values that changed.
import { listing, variables, formatValue } from '../model/pseudo-code.js';
import { moveWords } from '../model/words.js';

/** @typedef {import('../model/pseudo-code.js').CodeStep} CodeStep */

const NO_VALUE = '–';

export class CodeView {
  /** @type {HTMLElement} */ #container;
  /** @type {string | null} */ #algorithm = null;
  /** @type {Map<string, HTMLLIElement>} */ #lines = new Map();
  /** @type {Map<string, { box: HTMLElement, value: HTMLElement }>} */ #vars = new Map();
  /** @type {HTMLLIElement | null} */ #active = null;
  /** @type {HTMLElement} */ #explain;
  /** @type {HTMLElement} */ #order;

  /** @param {HTMLElement} container the panel (a `<section>`), emptied and filled by the view */
  constructor(container) {
    this.#container = container;
  }

  /**
   * Shows `step` (from `codeStep`; null before the first event) on `algorithm`'s listing;
   * `order`: the move order in effect ("lrud"), which decides the children's order.
   * @param {{ algorithm: string, step: CodeStep | null, order?: string }} state
   */
  render({ algorithm, step, order = 'lrud' }) {
    if (algorithm !== this.#algorithm) this.#build(algorithm);
    // The listing's moves(state) (a graph search's successors) in this widget's order, in words:
    // which child comes first follows from it.
    write(this.#order, `${algorithm === 'ida' ? 'moves(state)' : 'successors(state)'}: the blank tries ${moveWords(order)} (move order ${order}).`);
    const active = step?.line == null ? null : this.#lines.get(step.line) ?? null;
    if (active !== this.#active) {
      if (this.#active) {
        this.#active.classList.remove('code-current');
        this.#active.removeAttribute('aria-current');
      }
      if (active) {
        active.classList.add('code-current');
        active.setAttribute('aria-current', 'step');
      }
      this.#active = active;
    }
    const given = new Map((step?.vars ?? []).map((v) => [v.name, v]));
    for (const [name, { box, value }] of this.#vars) {
      const v = given.get(name);
      write(value, v ? formatValue(v.value) : NO_VALUE);
      const title = v?.note ?? '';
      if (box.title !== title) box.title = title;
      box.classList.toggle('code-var-idle', !v);
    }
    write(this.#explain, step?.text ?? '');
  }

  /** The listing's lines, numbered, and one slot per variable. */
  #build(algorithm) {
    const code = listing(algorithm);
    const doc = this.#container.ownerDocument;
    const make = (tag, className, text) => {
      const element = doc.createElement(tag);
      if (className) element.className = className;
      if (text !== undefined) element.textContent = text;
      return element;
    };
    const heading = make('h2', '', 'Pseudo-code');
    const title = make('p', 'code-title', code.title);
    const list = make('ol', 'code-lines');
    list.setAttribute('aria-label', code.title);
    this.#lines = new Map();
    code.lines.forEach((line, i) => {
      const item = make('li', 'code-line');
      item.dataset.line = line.id;
      // Line numbers are for the eye: a screen reader says "item 4 of 20" already.
      // Two spaces a level (the listing's four would wrap most lines of a narrow column).
      // The indent is a box of its own, so that a line too long for a narrow column wraps
      // under its own start, not under the line number (copying keeps the spaces).
      const text = make('code', 'code-text');
      // A trailing comment is a box of its own too: in a narrow column it moves under the
      // code as a whole instead of breaking after its "#".
      const [, code, comment] = /^(.*?\s)(#.*)$/.exec(line.text) ?? [null, line.text, null];
      text.append(make('span', '', code));
      if (comment) text.append(make('span', 'code-comment', comment));
      item.append(make('span', 'code-number', String(i + 1)), make('span', 'code-indent', '  '.repeat(line.indent)), text);
      item.firstElementChild.setAttribute('aria-hidden', 'true');
      list.append(item);
      this.#lines.set(line.id, item);
    });
    const vars = make('dl', 'code-vars');
    this.#vars = new Map();
    for (const name of variables(algorithm)) {
      const box = make('div', 'code-var code-var-idle');
      const value = make('dd', '', NO_VALUE);
      box.append(make('dt', '', name), value);
      vars.append(box);
      this.#vars.set(name, { box, value });
    }
    this.#explain = make('p', 'code-explain');
    this.#order = make('p', 'code-order');
    const parts = [heading, title, list, this.#order, vars, this.#explain];
    if (code.note) parts.splice(4, 0, make('p', 'code-note', code.note));
    this.#container.replaceChildren(...parts);
    this.#active = null;
    this.#algorithm = algorithm;
  }
}

/** Writes `text` only when it changed (no needless layout at 60 frames a second). */
function write(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
