// The numbers of the moment (g, h, f, threshold, iteration, counters) and the narration line
// (model/narration.js) saying what the last event means.
import { number } from '../model/words.js';

// g, h and f large, first; then the moment's context and the counters, two to a row.
// IDA*'s counters run over every iteration so far (the tree's note counts one): their labels
// say "all", and the title says over what.
const FIELDS = [['g', 'g (so far)'], ['h', 'h (to go)'], ['f', 'f = g + h'],
  ['threshold', 'Threshold t'], ['minPruned', 'Smallest pruned f'], ['iteration', 'Iteration'],
  ['expanded', 'All expanded', 'Nodes expanded in all iterations so far (the tree counts the one shown)'],
  ['generated', 'All generated', 'Children generated in all iterations so far, pruned ones included']];

const FRONTIER_FIELDS = [['g', 'g (so far)'], ['h', 'h (to go)'], ['f', 'f = g + h'],
  ['frontier', 'Frontier'], ['maxFrontier', 'Largest frontier'], ['reached', 'Reached states'],
  ['expanded', 'Expanded'], ['generated', 'Generated']];
const LARGE = new Set(['g', 'h', 'f']);
/** Causes listed as buttons at most (the sentence counts the others). */
const SHOWN_CAUSES = 4;
const CHILD_LABELS = { g: "child's g", h: "child's h", f: "child's f" };

export class NowPanel {
  #values = {};
  #fields = null;
  #container; #narration; #causes; #onCause;
  /** The causes drawn last, as a key (only a change is written). */
  #causesKey = '';
  /** g, h and f's labels and their boxes: a child's numbers (pruned, generated, skipped) say so. */
  #labels = {}; #boxes = {};

  /** `onCause(id)`: a raise's cause was pressed (the tree selects that node). */
  /** @param {HTMLElement} container @param {(id: number) => void} [onCause] */
  constructor(container, onCause = () => {}) {
    this.#container = container;
    this.#onCause = onCause;
    this.setFrontierSearch(false);
  }

  /** IDA*'s numbers (threshold, iteration, smallest pruned f) or a frontier search's (frontier, reached). */
  setFrontierSearch(frontierSearch) {
    const fields = frontierSearch ? FRONTIER_FIELDS : FIELDS;
    if (fields === this.#fields) return;
    this.#fields = fields;
    // The narration first: what just happened, in words, right under the board that shows it.
    this.#container.innerHTML = `<h2>Now</h2><p class="narration"></p><p class="causes" hidden></p><dl class="now">${fields.map(([key, label, title]) =>
      `<div${LARGE.has(key) ? ' class="large"' : ''}><dt${title ? ` title="${title}"` : ''}>${label}</dt><dd data-key="${key}">–</dd></div>`).join('')}</dl>`;
    this.#causes = this.#container.querySelector('.causes');
    this.#causesKey = '';
    this.#causes.addEventListener('click', (event) => {
      const id = /** @type {HTMLElement} */ (event.target).closest('button')?.dataset.id;
      if (id !== undefined) this.#onCause(Number(id));
    });
    this.#values = {};
    for (const [key] of fields) this.#values[key] = this.#container.querySelector(`[data-key="${key}"]`);
    this.#narration = this.#container.querySelector('.narration');
    for (const key of LARGE) {
      this.#boxes[key] = this.#values[key].parentElement;
      this.#labels[key] = this.#boxes[key].querySelector('dt');
    }
  }

  /**
   * `numbers`: any of the shown fields' keys (missing ones show –; `about: 'child'`: g, h and f
   * are a child's, looked at and not entered, while the board shows its parent); `text`: the
   * narration line; `whose`: whose g, h and f they are, in a sentence (the boxes' title).
   */
  render(numbers, text, whose = '', raise = null) {
    // Only what changed is written: at full speed this runs every frame for every widget on the page.
    const write = (element, text) => { if (element.textContent !== text) element.textContent = text; };
    for (const [key] of this.#fields) {
      const value = numbers[key];
      write(this.#values[key], value === undefined || value === null || value === Infinity ? '–' : typeof value === 'number' ? number(value) : String(value));
    }
    write(this.#narration, text);
    this.#renderCauses(raise);
    // Whose numbers they are, in their labels (no extra line: the panel fits the first screen).
    const child = numbers.about === 'child';
    for (const [key, label] of this.#fields) {
      if (!LARGE.has(key)) continue;
      write(this.#labels[key], child ? CHILD_LABELS[key] : label);
      if (this.#boxes[key].title !== whose) this.#boxes[key].title = whose;
      this.#boxes[key].classList.toggle('child', child);
    }
  }

  /**
   * At a raise, the pruned children that set the new threshold, each a button that selects it
   * in the tree; hidden at other moments.
   * @param {{to: number, causes: {id: number, g: number, h: number, tile: number | null}[], count: number} | null} raise
   */
  #renderCauses(raise) {
    const key = raise ? `${raise.to}:${raise.count}:${raise.causes.map((c) => c.id).join(',')}` : '';
    if (key === this.#causesKey) return;
    this.#causesKey = key;
    const p = this.#causes;
    p.hidden = !raise || raise.causes.length === 0;
    if (p.hidden) { p.replaceChildren(); return; }
    const buttons = raise.causes.slice(0, SHOWN_CAUSES).map(({ id, g, h, tile }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link cause';
      button.dataset.id = String(id);
      button.textContent = `▲ #${id}`;
      button.title = `Select node #${id}${tile === null ? '' : ` (slid ${tile})`} in the tree: f = g + h = ${g} + ${h} = ${g + h}`;
      return button;
    });
    const more = raise.count - buttons.length;
    p.replaceChildren(`Select in the tree: `,
      ...buttons.flatMap((button, i) => (i === 0 ? [button] : [' ', button])), more > 0 ? ` and ${number(more)} more.` : '');
  }
}
