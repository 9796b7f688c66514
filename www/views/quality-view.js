// "Heuristic quality": the heuristic's h against the true distance h* — for the 8-puzzle of
// every one of its 181,440 states, for the 15-puzzle of Korf's 100 instances — as a heat map
// (a cell per (h*, h), shaded by its count of states; the diagonal h = h* marked; nothing above
// it: admissible), the means in words, every heuristic's means in a table, and the board shown
// marked in its cell. The measure is the core's (heuristicQuality, the same numbers as
// `tilesearch quality --json`), computed in a worker of the page's pool once the panel is in
// view; each heuristic's is kept, so switching the heuristic redraws at once (out of view too),
// and a new board asks only for its cell, which the worker's core answers from the measure it
// keeps.
import { measureQuality } from '../workers/pool.js';
import { labelOf } from '../model/catalog.js';
import { heatCells, legend, qualityState, qualitySentence, sampleWords } from '../model/heat-map.js';
import { number } from '../model/words.js';

/** `value` unless it is a promise still on its way (or absent): then null. */
const settled = (value) => (value && !(value instanceof Promise) ? value : null);

/** A heuristic's display name, the core's, as the Heuristic menu shows it. */
const nameOf = (heuristic) => labelOf('heuristics', heuristic);

export class QualityView {
  #status; #sentence; #chart; #legend; #table; #getModule;
  #options = null;      // {heuristic, goal, width, board, solvedLength}
  #measures = new Map(); // "width goal heuristic" → the core's measure (the same for every board), or its promise
  #cells = new Map();    // "width goal heuristic board" → the board's cell {h, distance} (the board shown only), or its promise
  #cellsOf = null;      // the board whose cells #cells holds
  #shown = null;        // the measure drawn, with the board's cell once known
  #visible = false;

  /**
   * `getModule()`: the page's compiled core, for a worker started for it; `observe(element,
   * onChange)` tells whether the panel is in the reader's view (it measures only then).
   */
  constructor(container, getModule, observe) {
    this.#getModule = getModule;
    container.innerHTML = `
      <h2>Heuristic quality: h against the true distance h*</h2>
      <p class="quality-status" role="status"></p>
      <p class="quality-sentence"></p>
      <div class="quality-body">
        <figure class="chart quality-chart" hidden><svg role="img"></svg>
          <figcaption></figcaption></figure>
        <div class="quality-side">
          <p class="quality-legend"></p>
          <div class="table-scroll" tabindex="0" role="group" aria-label="Every heuristic's means"><table class="data-table quality-table" hidden>
            <caption>Every heuristic on the same states</caption>
            <thead><tr><th scope="col">Heuristic</th><th scope="col">Mean h</th><th scope="col">Mean h*</th><th scope="col">h / h*</th><th scope="col">Admissible</th></tr></thead>
            <tbody></tbody></table></div>
        </div>
      </div>`;
    const $ = (selector) => /** @type {HTMLElement} */ (container.querySelector(selector));
    this.#status = $('.quality-status');
    this.#sentence = $('.quality-sentence');
    this.#chart = $('.quality-chart');
    this.#legend = $('.quality-legend');
    this.#table = $('.quality-table');
    observe(container, (seen) => {
      this.#visible = seen;
      if (seen) this.#measure();
    });
  }

  /** `state.quality`: the measure of the heuristic in effect, once computed, with the board's cell as ringed; else null. */
  get state() { return this.#shown && { ...qualityState(this.#shown), board: this.#cell(this.#shown) }; }

  /**
   * The widget's options: {heuristic, goal, width, board (tiles as text), solvedLength (the
   * optimal length once IDA* solved it, else null)}, or null (no board to measure).
   */
  render(options) {
    const key = JSON.stringify(options);
    if (key === JSON.stringify(this.#options)) return;
    this.#options = options;
    if (!options || options.width > 4) {
      this.#shown = null;
      this.#status.textContent = options ? 'Heuristic quality is measured on the 8- and 15-puzzle.' : '';
      this.#draw();
      return;
    }
    this.#measure();
  }

  #key(heuristic) {
    const { width, goal } = this.#options;
    return `${width} ${goal} ${heuristic}`;
  }

  #cellKey(heuristic) { return `${this.#key(heuristic)} ${this.#options.board}`; }

  /** The heuristics in the table: pdb only where it is in effect (its databases are there then). */
  #heuristics() {
    const { width, heuristic } = this.#options;
    return width === 4 && heuristic === 'pdb' ? ['hamming', 'manhattan', 'linear-conflict', 'pdb'] : ['hamming', 'manhattan', 'linear-conflict'];
  }

  /**
   * Measures every heuristic of the table once, the one in effect first and with the board (its
   * cell), then draws. A new board asks only for its cell: one message, which the core answers
   * from the measure it keeps.
   */
  #measure() {
    const options = this.#options;
    if (!options || options.width > 4) return;
    const { heuristic, board } = options;
    // Out of view, nothing is asked, but what is known is drawn: never another heuristic's.
    if (this.#visible) {
      if (!settled(this.#measures.get(this.#key(heuristic)))) {
        this.#status.textContent = options.width === 3 ? 'Measuring all 181,440 states in a worker…' : 'Measuring Korf\'s 100 15-puzzles in a worker…';
      }
      // Only the board shown keeps its cells.
      if (board !== this.#cellsOf) { this.#cells.clear(); this.#cellsOf = board; }
      if (board && !this.#cells.has(this.#cellKey(heuristic))) this.#ask(options, heuristic, true);
      for (const h of [heuristic, ...this.#heuristics().filter((other) => other !== heuristic)]) {
        if (!this.#measures.has(this.#key(h))) this.#ask(options, h, false);
      }
    }
    this.#show();
  }

  /** Asks a worker for `heuristic`'s measure under `options`, with the board's cell if `withCell`. */
  #ask(options, heuristic, withCell) {
    const { width, goal, board } = options;
    const key = this.#key(heuristic), cellKey = this.#cellKey(heuristic);
    const asked = measureQuality(this.#getModule(), { heuristic, goal, width, ...(withCell ? { board } : {}) });
    if (!this.#measures.has(key)) this.#measures.set(key, asked);
    if (withCell) this.#cells.set(cellKey, asked);
    asked.then((q) => {
      const { board: cell, ...measure } = q;
      if (!settled(this.#measures.get(key))) this.#measures.set(key, measure);
      if (this.#cells.get(cellKey) === asked) this.#cells.set(cellKey, cell);
      if (this.#options === options) this.#show();
    }, (error) => {
      if (this.#measures.get(key) === asked) this.#measures.delete(key);
      if (this.#cells.get(cellKey) === asked) this.#cells.delete(cellKey);
      if (this.#options === options && heuristic === options.heuristic) {
        this.#status.textContent = error.refused ? `The measure runs in a Web Worker, and this page cannot start one: ${error.message}`
          : `The measure failed: ${error.message}`;
      }
    });
  }

  /** Draws the measure of the heuristic in effect once known, the board's cell once that is (a moment later at most). */
  #show() {
    const { heuristic, board } = this.#options;
    const measure = settled(this.#measures.get(this.#key(heuristic)));
    if (measure) {
      this.#shown = { ...measure, board: (board && settled(this.#cells.get(this.#cellKey(heuristic)))) || null };
      this.#status.textContent = '';
    }
    this.#draw();
  }

  #draw() {
    const q = this.#options && this.#shown?.heuristic === this.#options.heuristic && this.#shown.goal === this.#options.goal
      && this.#shown.width === this.#options.width ? this.#shown : null;
    if (!q) this.#shown = null;
    this.#chart.hidden = this.#table.hidden = !q;
    this.#sentence.textContent = '';
    this.#legend.textContent = '';
    if (!q) return;
    const name = nameOf(q.heuristic);
    const cell = this.#cell(q);
    this.#sentence.textContent = `${qualitySentence(q, name)}${cell ? ` This board: h ${cell.h}, h* ${cell.distance ?? 'not known (not one of Korf\'s 100: run the search to the solution, the whole run or Compare to learn it)'}.` : ''}`;
    this.#drawChart(q, name, cell);
    this.#drawTable(q);
  }

  /** The board's cell: the core's h and h*, or the solution's length as h* once IDA* found it. */
  #cell(q) {
    if (!q.board) return null;
    return { h: q.board.h, distance: q.board.distance ?? this.#options.solvedLength ?? null };
  }

  #drawChart(q, name, cell) {
    const maxD = q.maxDistance, maxH = Math.max(q.maxH, cell?.h ?? 0);
    // A cell per (h*, h): square, the chart about 26rem wide whatever the sample's range.
    const size = Math.max(6, Math.min(14, Math.floor(360 / (maxD + 1)))), left = 34, top = 6, bottom = 30;
    const width = left + size * (maxD + 1) + 8, height = top + size * (maxH + 1) + bottom;
    const x = (d) => left + d * size, y = (h) => top + (maxH - h) * size;
    const parts = [];
    const step = maxD > 40 ? 10 : 5;
    for (let d = 0; d <= maxD; d += step) {
      parts.push(`<text class="axis" x="${x(d) + size / 2}" y="${height - bottom + 13}" text-anchor="middle">${d}</text>`);
    }
    for (let h = 0; h <= maxH; h += step) parts.push(`<text class="axis" x="${left - 4}" y="${y(h) + size / 2 + 4}" text-anchor="end">${h}</text>`);
    parts.push(`<text class="axis" x="${left + (size * (maxD + 1)) / 2}" y="${height - 3}" text-anchor="middle">h*, the true distance (moves)</text>`,
      `<text class="axis" transform="translate(10 ${top + (size * (maxH + 1)) / 2}) rotate(-90)" text-anchor="middle">h, the estimate</text>`,
      `<rect class="quality-frame" x="${left}" y="${top}" width="${size * (maxD + 1)}" height="${size * (maxH + 1)}"></rect>`);
    for (const c of heatCells(q.counts)) {
      parts.push(`<rect class="heat l${c.level}${c.above ? ' above' : ''}" x="${x(c.d)}" y="${y(c.h)}" width="${size}" height="${size}"><title>h* ${c.d}, h ${c.h}: ${number(c.count)} state${c.count === 1 ? '' : 's'}</title></rect>`);
    }
    // The diagonal h = h*: on it the estimate is exact; above it, it would overestimate.
    const diagonal = Math.min(maxD, maxH) + 1;
    parts.push(`<line class="diagonal" x1="${x(0)}" y1="${y(0) + size}" x2="${x(diagonal)}" y2="${y(diagonal) + size}"></line>`,
      `<text class="axis diagonal-label" x="${x(diagonal) - 10}" y="${y(diagonal) + size + 10}" text-anchor="end">h = h*</text>`);
    if (cell && cell.distance !== null && cell.distance <= maxD) {
      parts.push(`<rect class="board-cell" x="${x(cell.distance) - 2}" y="${y(cell.h) - 2}" width="${size + 4}" height="${size + 4}"><title>This board: h ${cell.h}, h* ${cell.distance}</title></rect>`);
    }
    const svg = this.#chart.querySelector('svg');
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.style.maxWidth = `${width * 1.25}px`;
    svg.innerHTML = parts.join('');
    svg.setAttribute('aria-label', `Heat map of h against h* for ${name} on ${sampleWords(q)}: ${q.admissible ? 'no state above the diagonal h = h*' : `${number(q.overestimated)} states above the diagonal`}; mean h ${q.meanH.toFixed(2)}, mean h* ${q.meanDistance.toFixed(2)}${cell && cell.distance !== null ? `; this board at h* ${cell.distance}, h ${cell.h} (ringed)` : ''}.`);
    this.#chart.querySelector('figcaption').textContent = `${name}: one cell per h* and h, darker for more states (log scale); the line is h = h*${cell && cell.distance !== null ? '; the ringed cell is this board' : ''}.`;
    this.#legend.innerHTML = `States per cell: ${legend(q.counts).map(({ level, from, to }) =>
      `<span class="swatch heat-swatch l${level}"></span> ${from === to ? number(from) : `${number(from)}–${number(to)}`}`).join(' ')}`;
  }

  #drawTable(q) {
    const body = this.#table.querySelector('tbody');
    body.replaceChildren(...this.#heuristics().map((heuristic) => {
      const m = settled(this.#measures.get(this.#key(heuristic)));
      const row = document.createElement('tr');
      if (heuristic === q.heuristic) { row.className = 'current'; row.setAttribute('aria-current', 'true'); }
      const cells = [nameOf(heuristic), m ? m.meanH.toFixed(2) : '…', m ? m.meanDistance.toFixed(2) : '…',
        m ? `${Math.round((100 * m.meanH) / m.meanDistance)} %` : '…', m ? (m.admissible ? 'yes' : `no (${number(m.overestimated)})`) : '…'];
      for (const text of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
  }
}
