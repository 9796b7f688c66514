// "Compare": every algorithm on the current board, run in a worker of the page's pool (a job
// of it: pool-compare.js, with the graph searches' memory guard), then the lecture's table —
// solution length, nodes expanded, generated, largest frontier, reached states, time — and a
// log-scale chart of the work and the memory each needed. Stop abandons it at once.
import { FRONTIER_SEARCHES } from '../model/narration.js';
import { findsShortest } from '../model/catalog.js';
import { compareAlgorithms } from '../workers/pool.js';
import { number, powerOfTen } from '../model/words.js';

/** The lecture's order: the uninformed searches, then the informed ones, IDA* last. */
export const COMPARED = ['bfs', 'dfs', 'greedy', 'astar', 'ida'];
const NAMES = { ...Object.fromEntries(Object.entries(FRONTIER_SEARCHES).map(([key, search]) => [key, search.name])), ida: 'IDA*' };

export class CompareView {
  #start; #stop; #status; #about; #table; #body; #caption; #chart;
  #run = null;          // the comparison under way: {done, stop()} (pool-compare.js)
  #options = null;      // the options compared, or to compare
  #results = [];
  #getModule; #onLength;

  /**
   * `getModule()`: the page's compiled core (a WebAssembly.Module), for a worker started for it;
   * `onLength()`: the comparison has just found the shortest solution's length (`length`).
   */
  constructor(container, getModule, onLength = () => {}) {
    this.#getModule = getModule;
    this.#onLength = onLength;
    container.innerHTML = `
      <h2>Compare the algorithms on this board</h2>
      <div class="compare-tools"><button type="button" data-compare="start">Compare</button>
        <button type="button" data-compare="stop" disabled>Stop comparing</button>
        <p class="compare-status" role="status"></p></div>
      <p class="compare-about">${COMPARED.map((a) => NAMES[a]).join(', ').replace(/, (?=[^,]*$)/, ' and ')} on this board, one after
        another in a worker: the solution each finds, the nodes it expands and generates, the states it holds in memory and its
        time, in a table and a chart.</p>
      <div class="table-scroll" tabindex="0" role="group" aria-label="Comparison table"><table class="compare data-table" hidden>
        <caption></caption>
        <thead><tr><th scope="col">Algorithm</th><th scope="col">Solution length</th><th scope="col">Expanded</th>
          <th scope="col">Generated</th><th scope="col">Largest frontier</th><th scope="col">Reached states</th><th scope="col">Time</th></tr></thead>
        <tbody></tbody>
      </table></div>
      <figure class="chart compare-chart" hidden><svg role="img"></svg>
        <figcaption>Nodes expanded (■ purple) and states held in memory (▲ green: reached; IDA* holds one path), log scale</figcaption></figure>`;
    this.#start = container.querySelector('[data-compare="start"]');
    this.#stop = container.querySelector('[data-compare="stop"]');
    this.#status = container.querySelector('.compare-status');
    this.#about = container.querySelector('.compare-about');
    this.#table = container.querySelector('table');
    this.#body = container.querySelector('tbody');
    this.#caption = container.querySelector('caption');
    this.#chart = container.querySelector('svg');
    this.#start.addEventListener('click', () => this.run());
    this.#stop.addEventListener('click', () => { this.stop(); this.#status.textContent = `Stopped: ${this.#results.length} of ${COMPARED.length} algorithms done.`; });
  }

  /**
   * The element's current options ({board, heuristic, goal, maxReached?}), or null when they
   * cannot be searched. A comparison of other options is cleared (the algorithm is not one).
   */
  setOptions(options) {
    const { algorithm: _algorithm, ...compared } = options ?? {};
    const changed = JSON.stringify(compared) !== JSON.stringify(this.#options);
    this.#start.disabled = options === null;
    if (!changed) return;
    this.#options = options === null ? null : compared;
    this.stop();
    this.#results = [];
    this.#status.textContent = '';
    this.#draw();
  }

  /**
   * Runs every algorithm on the current options in a worker of the page's pool: it shares the
   * pool's workers (one per core at most) with the widgets' streams and Solve now, in turns.
   */
  run() {
    if (!this.#options) return;
    this.stop();
    this.#results = [];
    this.#draw();
    const started = performance.now();
    this.#start.disabled = true;
    this.#stop.disabled = false;
    this.#status.textContent = `Comparing: ${NAMES[COMPARED[0]]}…`;
    const run = this.#run = compareAlgorithms(this.#getModule(), this.#options, COMPARED, {
      onProgress: ({ algorithm, nodes, seconds }) => {
        if (run !== this.#run) return;
        this.#status.textContent = `Comparing: ${NAMES[algorithm]}, ${number(nodes)} nodes so far (${seconds.toFixed(1)} s)…`;
      },
      onResult: (result) => {
        if (run !== this.#run) return;
        const known = this.length;
        this.#results.push(result);
        if (known === null && this.length !== null) this.#onLength();
        const next = COMPARED[this.#results.length];
        if (next) this.#status.textContent = `Comparing: ${NAMES[next]}…`;
        this.#draw();
      },
    });
    run.done.then(() => {
      if (run === this.#run) this.#finish(`Compared ${COMPARED.length} algorithms in ${((performance.now() - started) / 1000).toFixed(1)} s, in a worker.`);
    }, (error) => {
      if (run !== this.#run) return;
      this.#finish(error.refused ? `The comparison runs in a Web Worker, and this page cannot start one: ${error.message}`
        : `The comparison failed: ${error.message}`);
    });
  }

  /**
   * The shortest solution's length once the comparison found it (BFS, A* or IDA*: findsShortest),
   * else null, for the options compared (the element's: other options clear the results).
   */
  get length() {
    return this.#results.find((r) => findsShortest(r.algorithm) && r.status === 'solved')?.length ?? null;
  }

  stop() {
    const run = this.#run;
    this.#run = null;
    run?.stop();
    this.#stop.disabled = true;
    this.#start.disabled = this.#options === null;
  }

  #finish(text) {
    this.stop();
    this.#status.textContent = text;
  }

  #draw() {
    const results = this.#results;
    this.#table.hidden = this.#chart.parentElement.hidden = results.length === 0;
    // What Compare does, until it has results to show.
    this.#about.hidden = results.length > 0;
    if (results.length === 0) return;
    const { board, heuristic, goal } = this.#options;
    this.#caption.textContent = `${board} (${heuristic}, goal ${goal})`;
    this.#body.replaceChildren(...results.map((r) => {
      const row = document.createElement('tr');
      const gaveUp = r.status === 'gaveup';
      const cells = [NAMES[r.algorithm], gaveUp ? `gave up after ${number(r.reached)} reached states` : number(r.length),
        number(r.expanded), number(r.generated), r.maxFrontier === null ? '– (a path)' : number(r.maxFrontier),
        r.reached === null ? '– (a path)' : number(r.reached), `${(r.seconds * 1000).toFixed(r.seconds < 1 ? 1 : 0)} ms`];
      row.dataset.algorithm = r.algorithm;
      if (gaveUp) row.className = 'gaveup';
      for (const text of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      row.cells[0].setAttribute('scope', 'row');
      return row;
    }));
    this.#drawChart(results);
  }

  #drawChart(results) {
    // A row per algorithm: its name and counts on a line, its two bars below it across the whole
    // width. No column of names beside the bars, so the chart keeps its text legible at a
    // phone's width (its viewBox is about as wide as a phone's panel).
    const width = 320, rowH = 40, barH = 8, axisH = 14;
    const height = rowH * results.length + axisH;
    const values = results.flatMap((r) => [r.expanded, r.reached ?? 0]);
    const maxLog = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...values))));
    const x = (n) => 1 + ((width - 2) * Math.log10(Math.max(1, n))) / maxLog;
    const parts = [];
    for (let p = 0; p <= maxLog; p += 1) {
      const anchor = p === 0 ? 'start' : p === maxLog ? 'end' : 'middle';
      parts.push(`<line class="grid" x1="${x(10 ** p)}" x2="${x(10 ** p)}" y1="12" y2="${height - axisH + 2}"></line>` +
        `<text class="axis" x="${x(10 ** p)}" y="${height - 2}" text-anchor="${anchor}">${powerOfTen(p)}</text>`);
    }
    results.forEach((r, i) => {
      const y = i * rowH;
      const reached = r.reached === null ? `▲ one path (${number(r.length ?? 0)} moves)` : `▲ ${number(r.reached)} reached`;
      const name = r.status === 'gaveup' ? `${NAMES[r.algorithm]} (gave up)` : NAMES[r.algorithm];
      parts.push(`<text class="compare-label" x="0" y="${y + 10}"><tspan class="name">${name}</tspan>  ■ ${number(r.expanded)} expanded · ${reached}</text>`,
        `<rect class="bar expanded" x="1" y="${y + 14}" width="${Math.max(1, x(r.expanded) - 1)}" height="${barH}"><title>${NAMES[r.algorithm]}: ${number(r.expanded)} expanded</title></rect>`);
      if (r.reached !== null) {
        parts.push(`<rect class="bar reached" x="1" y="${y + 15 + barH}" width="${Math.max(1, x(r.reached) - 1)}" height="${barH}"><title>${NAMES[r.algorithm]}: ${number(r.reached)} reached states</title></rect>`);
      }
    });
    this.#chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.#chart.innerHTML = parts.join('');
    this.#chart.setAttribute('aria-label', `Nodes expanded and reached states, log scale: ${results.map((r) =>
      `${NAMES[r.algorithm]} ${number(r.expanded)} expanded${r.reached === null ? '' : `, ${number(r.reached)} reached`}`).join('; ')}`);
  }
}

