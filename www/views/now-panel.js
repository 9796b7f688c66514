// The numbers of the moment (g, h, f, threshold, iteration, counters) and the narration line
// (model/narration.js) saying what the last event means.

// g, h and f large, first; then the moment's context and the counters, two to a row.
// IDA*'s counters run over every iteration so far (the tree's note counts one): their labels
// say "total", and the title says over what.
const FIELDS = [['g', 'g (so far)'], ['h', 'h (to go)'], ['f', 'f = g + h'],
  ['threshold', 'Threshold t'], ['minPruned', 'Smallest pruned f'], ['iteration', 'Iteration'],
  ['expanded', 'Expanded, total', 'Nodes expanded in all iterations so far (the tree counts the one shown)'],
  ['generated', 'Generated, total', 'Children generated in all iterations so far, pruned ones included']];

const FRONTIER_FIELDS = [['g', 'g (so far)'], ['h', 'h (to go)'], ['f', 'f = g + h'],
  ['frontier', 'Frontier'], ['maxFrontier', 'Largest frontier'], ['reached', 'Reached states'],
  ['expanded', 'Expanded'], ['generated', 'Generated']];
const LARGE = new Set(['g', 'h', 'f']);

export class NowPanel {
  #values = {};
  #fields = null;
  #container; #narration; #whose;

  constructor(container) {
    this.#container = container;
    this.setFrontierSearch(false);
  }

  /** IDA*'s numbers (threshold, iteration, smallest pruned f) or a frontier search's (frontier, reached). */
  setFrontierSearch(frontierSearch) {
    const fields = frontierSearch ? FRONTIER_FIELDS : FIELDS;
    if (fields === this.#fields) return;
    this.#fields = fields;
    // The narration first: what just happened, in words, right under the board that shows it.
    // Whose g, h and f they are sits right above them: the board's node, or a child looked at.
    this.#container.innerHTML = `<h2>Now</h2><p class="narration"></p><p class="whose"></p><dl class="now">${fields.map(([key, label, title]) =>
      `<div${LARGE.has(key) ? ' class="large"' : ''}><dt${title ? ` title="${title}"` : ''}>${label}</dt><dd data-key="${key}">–</dd></div>`).join('')}</dl>`;
    this.#values = {};
    for (const [key] of fields) this.#values[key] = this.#container.querySelector(`[data-key="${key}"]`);
    this.#narration = this.#container.querySelector('.narration');
    this.#whose = this.#container.querySelector('.whose');
  }

  /**
   * `numbers`: any of the shown fields' keys (missing ones show –); `text`: the narration line;
   * `whose`: whose g, h and f they are ('' when there are none).
   */
  render(numbers, text, whose = '') {
    // Only what changed is written: at full speed this runs every frame for every widget on the page.
    const write = (element, text) => { if (element.textContent !== text) element.textContent = text; };
    for (const [key] of this.#fields) {
      const value = numbers[key];
      write(this.#values[key], value === undefined || value === null || value === Infinity ? '–' : value.toLocaleString('en'));
    }
    write(this.#narration, text);
    write(this.#whose, whose);
    this.#whose.hidden = whose === '';
  }
}
