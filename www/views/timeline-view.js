// One row per IDA* iteration (from Solver.summary().iterations) and a log-scale bar chart of
// the nodes of each iteration, so the roughly constant growth factor is visible.

import { count, number, powerOfTen } from '../model/words.js';

export class TimelineView {
  #body; #chart; #shown = '';
  /** @type {HTMLElement} */ #empty;
  /** @type {HTMLElement[]} the table and the chart, hidden while there is no iteration */ #parts;
  /** The chart's grid (a line and its label per power of ten) and bars (a bar, its tooltip and its label per iteration), kept between drawings with the spares a smaller chart took out. */
  /** @type {{parts: {line: SVGElement, text: SVGElement}[], spare: {line: SVGElement, text: SVGElement}[]}} */ #grid = { parts: [], spare: [] };
  /** @type {{parts: {rect: SVGElement, title: SVGElement, text: SVGElement}[], spare: {rect: SVGElement, title: SVGElement, text: SVGElement}[]}} */ #bars = { parts: [], spare: [] };
  /** Rows taken out, for the next ones to reuse. */
  /** @type {HTMLTableRowElement[]} */ #spare = [];

  /**
   * `onPick(iteration)`: an iteration's number was pressed (the element shows its start).
   * @param {HTMLElement} container
   * @param {(iteration: number) => void} [onPick]
   */
  constructor(container, onPick = () => {}) {
    container.innerHTML = `
      <p class="timeline-empty"><strong>Iterations</strong> No iteration yet: Step, Next iteration, Run or Solve now
        adds a row here for each one, with its threshold and nodes, and a bar to the chart of nodes per iteration.</p>
      <div class="table-scroll" tabindex="0" role="group" aria-label="Iterations table" hidden><table class="timeline">
        <caption>Iterations <span class="hint">(▸ the one shown; press a number to go there)</span></caption>
        <thead><tr><th scope="col">Iteration</th><th scope="col">Threshold</th><th scope="col">Visited</th>
          <th scope="col">Pruned</th><th scope="col">Next threshold</th><th scope="col">Nodes × previous</th></tr></thead>
        <tbody></tbody>
      </table></div>
      <figure class="chart" hidden><svg role="img" viewBox="0 0 320 120" aria-label="Nodes per iteration (log scale)"></svg>
        <figcaption>Nodes (visited + pruned) per iteration, log scale</figcaption></figure>`;
    this.#body = container.querySelector('tbody');
    this.#chart = container.querySelector('svg');
    this.#empty = /** @type {HTMLElement} */ (container.querySelector('.timeline-empty'));
    this.#parts = /** @type {HTMLElement[]} */ ([...container.querySelectorAll('.table-scroll, figure')]);
    this.#body.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('button.node-link'));
      if (button) onPick(Number(button.dataset.iteration));
    });
  }

  /**
   * `iterations`: every iteration computed so far (IterationSummary[]); `solvedIn`: the
   * iteration that found the goal (null: none yet; a row without a next threshold is then in
   * progress); `linked`: each number goes to its iteration (not after Solve now, which did not
   * step there); `current`: the iteration of the moment shown (its row is marked, and the rows
   * after it were computed before the reader went back).
   */
  render(iterations, solvedIn = null, linked = true, current = null) {
    const key = JSON.stringify(iterations) + solvedIn + linked + current;
    if (key === this.#shown) return;
    this.#shown = key;
    // Before the first iteration: a line that says what comes here, not an empty table and chart.
    const none = iterations.length === 0;
    this.#empty.hidden = !none;
    for (const part of this.#parts) part.hidden = none;
    // Rows and bars are kept and changed in place: after Solve now every panel is drawn at
    // once, and making them anew (the chart parsed from markup) was a third of that drawing.
    // A new board empties the table, and its Solve now fills it again: rows taken out wait in
    // #spare.
    const rows = this.#body.rows;
    while (rows.length > iterations.length) {
      const last = rows[rows.length - 1];
      last.remove();
      this.#spare.push(last);
    }
    iterations.forEach((it, i) => {
      const row = rows[i] ?? this.#body.appendChild(this.#spare.pop() ?? document.createElement('tr'));
      const nodes = it.visited + it.pruned;
      const previous = i > 0 ? iterations[i - 1].visited + iterations[i - 1].pruned : 0;
      const inProgress = it.nextThreshold === null && it.iteration !== solvedIn;
      const next = it.nextThreshold ?? (inProgress ? 'in progress' : 'solved');
      const className = [inProgress && 'active', it.iteration === current && 'current', current !== null && it.iteration > current && 'ahead']
        .filter(Boolean).join(' ');
      if (row.className !== className) row.className = className;
      if (it.iteration === current) row.setAttribute('aria-current', 'step');
      else row.removeAttribute('aria-current');
      const texts = [null, String(it.threshold), number(it.visited), number(it.pruned), String(next),
        previous > 0 && !inProgress ? `× ${(nodes / previous).toFixed(1)}` : ''];
      while (row.cells.length < texts.length) row.insertCell();
      texts.forEach((text, c) => {
        const cell = row.cells[c];
        if (text !== null) {
          if (cell.textContent !== text) cell.textContent = text;
        } else if (!linked) {
          if (cell.firstElementChild || cell.textContent !== String(it.iteration)) cell.textContent = String(it.iteration);
        } else {
          // The iteration's number shows it (the core's seek): a finished one whole, the last as far as computed.
          let button = /** @type {HTMLButtonElement | null} */ (cell.firstElementChild);
          if (!button) {
            button = document.createElement('button');
            button.type = 'button';
            button.className = 'node-link';
            cell.replaceChildren(button);
          }
          button.dataset.iteration = String(it.iteration);
          button.title = it.nextThreshold === null ? `Go to iteration ${it.iteration}, as far as it was computed` : `Show iteration ${it.iteration} whole: its tree up to the raise`;
          button.textContent = String(it.iteration);
        }
      });
    });
    this.#drawChart(iterations);
  }

  #drawChart(iterations) {
    const width = 320, height = 120, left = 34, bottom = 18, top = 6;
    const nodes = iterations.map((it) => it.visited + it.pruned);
    const maxLog = Math.max(1, Math.ceil(Math.log10(Math.max(1, ...nodes))));
    const y = (n) => height - bottom - ((height - bottom - top) * Math.log10(Math.max(1, n))) / maxLog;
    const step = (width - left) / Math.max(nodes.length, 1);
    // The grid under the bars: its lines go before the first bar.
    const grid = this.#fit(this.#grid, maxLog + 1, { line: { class: 'grid' }, text: { class: 'axis', 'text-anchor': 'end' } }, this.#bars.parts[0]?.rect ?? null);
    grid.forEach(({ line, text }, p) => {
      setAttributes(line, { x1: left, x2: width, y1: y(10 ** p), y2: y(10 ** p) });
      setAttributes(text, { x: left - 4, y: y(10 ** p) + 4 });
      text.textContent = powerOfTen(p);
    });
    const bars = this.#fit(this.#bars, nodes.length, { rect: { class: 'bar' }, title: null, text: { class: 'axis', 'text-anchor': 'middle' } }, null);
    bars.forEach(({ rect, title, text }, i) => {
      const n = nodes[i];
      const x = left + i * step + step * 0.15, w = step * 0.7;
      const top = Math.min(y(n), height - bottom - 2); // a 1-node iteration still shows a sliver
      setAttributes(rect, { x, y: top, width: w, height: height - bottom - top });
      title.textContent = `iteration ${i + 1}: ${count(n, 'node')}`;
      setAttributes(text, { x: x + w / 2, y: height - 4 });
      text.textContent = String(i + 1);
    });
    this.#chart.setAttribute('aria-label', `Nodes per iteration, log scale: ${nodes.join(', ')}`);
  }

  /**
   * `kept` (the grid's or the bars' parts, with their spares) made `n` long: the parts past `n`
   * taken out of the chart and kept as spares, the missing ones a spare or made anew (`made`:
   * tag → fixed attributes; `title` goes inside the `rect` before it), put in before `before`
   * (null: last).
   * @template {Record<string, SVGElement>} P
   * @param {{parts: P[], spare: P[]}} kept
   * @param {number} n
   * @param {Record<string, Record<string, string> | null>} made
   * @param {Element | null} before
   * @returns {P[]}
   */
  #fit({ parts, spare }, n, made, before) {
    const outer = (part) => Object.values(part).filter((element) => element.tagName !== 'title');
    for (const part of parts.splice(n)) {
      for (const element of outer(part)) element.remove();
      spare.push(part);
    }
    while (parts.length < n) {
      const part = spare.pop() ?? /** @type {P} */ (this.#make(made));
      for (const element of outer(part)) this.#chart.insertBefore(element, before);
      parts.push(part);
    }
    return parts;
  }

  /** New elements named by their tags, with their fixed attributes (`title` inside the `rect` before it). */
  #make(made) {
    /** @type {Record<string, SVGElement>} */
    const elements = {};
    for (const [tag, attributes] of Object.entries(made)) {
      const element = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
      setAttributes(element, attributes ?? {});
      if (tag === 'title') elements.rect.append(element);
      elements[tag] = element;
    }
    return elements;
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/** Sets each of `attributes` on `element` that differs from what it has. */
function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    const text = String(value);
    if (element.getAttribute(name) !== text) element.setAttribute(name, text);
  }
}

