// One row per IDA* iteration (from Solver.summary().iterations) and a log-scale bar chart of
// the nodes of each iteration, so the roughly constant growth factor is visible.

import { count, number } from '../model/words.js';

export class TimelineView {
  #body; #chart; #shown = '';

  /**
   * `onPick(iteration)`: an iteration's number was pressed (the element shows its start).
   * @param {HTMLElement} container
   * @param {(iteration: number) => void} [onPick]
   */
  constructor(container, onPick = () => {}) {
    container.innerHTML = `
      <div class="table-scroll" tabindex="0" role="group" aria-label="Iterations table"><table class="timeline">
        <caption>Iterations <span class="hint">(▸ the one shown; press a number to go there)</span></caption>
        <thead><tr><th scope="col">Iteration</th><th scope="col">Threshold</th><th scope="col">Visited</th>
          <th scope="col">Pruned</th><th scope="col">Next threshold</th><th scope="col">Nodes × previous</th></tr></thead>
        <tbody></tbody>
      </table></div>
      <figure class="chart"><svg role="img" aria-label="Nodes per iteration (log scale)"></svg>
        <figcaption>Nodes (visited + pruned) per iteration, log scale</figcaption></figure>`;
    this.#body = container.querySelector('tbody');
    this.#chart = container.querySelector('svg');
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
    this.#body.replaceChildren(...iterations.map((it, i) => {
      const row = document.createElement('tr');
      const nodes = it.visited + it.pruned;
      const previous = i > 0 ? iterations[i - 1].visited + iterations[i - 1].pruned : 0;
      const inProgress = it.nextThreshold === null && it.iteration !== solvedIn;
      const next = it.nextThreshold ?? (inProgress ? 'in progress' : 'solved');
      row.className = [inProgress && 'active', it.iteration === current && 'current', current !== null && it.iteration > current && 'ahead']
        .filter(Boolean).join(' ');
      if (it.iteration === current) row.setAttribute('aria-current', 'step');
      for (const text of [null, it.threshold, number(it.visited), number(it.pruned), next,
        previous > 0 && !inProgress ? `× ${(nodes / previous).toFixed(1)}` : '']) {
        const cell = document.createElement('td');
        if (text === null && !linked) {
          cell.textContent = String(it.iteration);
        } else if (text === null) {
          // The iteration's number shows it (the core's seek): a finished one whole, the last as far as computed.
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'node-link';
          button.dataset.iteration = String(it.iteration);
          button.title = it.nextThreshold === null ? `Go to iteration ${it.iteration}, as far as it was computed` : `Show iteration ${it.iteration} whole: its tree up to the raise`;
          button.textContent = String(it.iteration);
          cell.append(button);
        } else {
          cell.textContent = text;
        }
        row.append(cell);
      }
      return row;
    }));
    this.#drawChart(iterations);
  }

  #drawChart(iterations) {
    const width = 320, height = 120, left = 34, bottom = 18, top = 6;
    const nodes = iterations.map((it) => it.visited + it.pruned);
    const maxLog = Math.max(1, Math.ceil(Math.log10(Math.max(1, ...nodes))));
    const y = (n) => height - bottom - ((height - bottom - top) * Math.log10(Math.max(1, n))) / maxLog;
    const step = (width - left) / Math.max(nodes.length, 1);
    const parts = [];
    for (let p = 0; p <= maxLog; p += 1) {
      parts.push(`<line class="grid" x1="${left}" x2="${width}" y1="${y(10 ** p)}" y2="${y(10 ** p)}"></line>` +
        `<text class="axis" x="${left - 4}" y="${y(10 ** p) + 4}" text-anchor="end">10${p ? superscript(p) : '⁰'}</text>`);
    }
    nodes.forEach((n, i) => {
      const x = left + i * step + step * 0.15, w = step * 0.7;
      const top = Math.min(y(n), height - bottom - 2); // a 1-node iteration still shows a sliver
      parts.push(`<rect class="bar" x="${x}" y="${top}" width="${w}" height="${height - bottom - top}"><title>iteration ${i + 1}: ${count(n, 'node')}</title></rect>` +
        `<text class="axis" x="${x + w / 2}" y="${height - 4}" text-anchor="middle">${i + 1}</text>`);
    });
    this.#chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.#chart.innerHTML = parts.join('');
    this.#chart.setAttribute('aria-label', `Nodes per iteration, log scale: ${nodes.join(', ')}`);
  }
}

const superscript = (n) => String(n).replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]);
