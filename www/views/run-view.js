// "The whole run": every iteration of IDA* side by side, each as the shape of its tree (an
// icicle: one row per depth, as wide as the nodes visited there), the part the previous
// iteration visited too in the middle and the new growth hatched around it; then what the
// repeats cost, in words and bars, against the last iteration alone and against A*. The counts
// are the core's (RunProfiler, run to the end in a worker of the page's pool: pool-whole.js),
// so the page never waits, and a 15-puzzle run of millions of nodes is a few hundred numbers.
// An 8-puzzle's run starts once the panel is in view; a 15- or 24-puzzle's on request (from a
// second to hours: it would hold one of the page's workers all that time).
import { profileRun } from '../workers/pool.js';
import { runRows, overhead, icicle, depthsOf, widestOf, percent } from '../model/whole-run.js';
import { count, number } from '../model/words.js';

let views = 0; // each view's pattern gets an id of its own in its shadow root

export class RunView {
  #container; #status; #start; #stop; #sentence; #astarText; #columns; #cost;
  #getModule; #onPick; #onDone;
  #options = null;       // the options run, or to run ({board, heuristic, goal, order}); null: none
  #run = null;           // the run under way: {done, stop()} (pool-whole.js)
  #profile = null;       // the counts so far (RunProfile)
  #finished = false;     // IDA* ran to the end
  #astar = null;         // A*'s {status, expanded, reached, length}, once known
  #current = null;       // the iteration the widget shows
  #visible = false;
  #large = false;        // a 15- or 24-puzzle: run on request only
  #hatch;

  /**
   * `getModule()`: the page's compiled core; `onPick(iteration, end)`: an iteration was
   * pressed (`end`: the position after its last event, where it shows whole); `onDone()`: IDA*
   * ran to the end (its solution's length is known: `length`); `observe(element, onChange)`:
   * whether the panel is in the reader's view (the run starts only then).
   * @param {HTMLElement} container
   * @param {{getModule: () => WebAssembly.Module, onPick: (iteration: number, end: number) => void, onDone: () => void,
   *   observe: (element: Element, onChange: (inView: boolean) => void) => void}} hooks
   */
  constructor(container, { getModule, onPick, onDone, observe }) {
    this.#container = container;
    this.#getModule = getModule;
    this.#onPick = onPick;
    this.#onDone = onDone;
    this.#hatch = `run-hatch-${++views}`;
    container.innerHTML = `
      <h2>The whole run</h2>
      <svg class="run-defs" aria-hidden="true" width="0" height="0"><defs>
        <pattern id="${this.#hatch}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect class="run-new-fill" width="6" height="6"></rect><line class="run-new-line" x1="0" y1="0" x2="0" y2="6"></line></pattern></defs></svg>
      <div class="compare-tools"><button type="button" data-run="start">Run it whole</button>
        <button type="button" data-run="stop" disabled>Stop</button>
        <p class="run-status" role="status"></p></div>
      <p class="run-sentence"></p>
      <p class="run-astar"></p>
      <p class="run-legend" hidden><span class="swatch old"></span> repeated from the iteration before
        <span class="swatch new"></span> new in this iteration
        <span class="hint-text">One row per depth, its width the nodes visited there (log scale, the same for every iteration) · press an iteration to go to it</span></p>
      <div class="run-columns" role="group" aria-label="Iterations, each as the shape of its tree"></div>
      <figure class="chart run-cost" hidden><svg role="img"></svg>
        <figcaption>Nodes: all iterations together, the last alone, and A*'s expanded nodes</figcaption></figure>`;
    const $ = (selector) => /** @type {HTMLElement} */ (container.querySelector(selector));
    this.#status = $('.run-status');
    this.#start = /** @type {HTMLButtonElement} */ ($('[data-run="start"]'));
    this.#stop = /** @type {HTMLButtonElement} */ ($('[data-run="stop"]'));
    this.#sentence = $('.run-sentence');
    this.#astarText = $('.run-astar');
    this.#columns = $('.run-columns');
    this.#cost = $('.run-cost');
    this.#start.addEventListener('click', () => this.run());
    this.#stop.addEventListener('click', () => {
      this.stop();
      this.#status.textContent = `Stopped after ${count(this.#profile?.iterations.length ?? 0, 'iteration')}.`;
    });
    this.#columns.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('button[data-iteration]'));
      if (button) this.#onPick(Number(button.dataset.iteration), Number(button.dataset.end));
    });
    // The run starts when the reader can see it: a page of figures does not run every widget's.
    observe(container, (seen) => {
      this.#visible = seen;
      if (seen) this.#autostart();
    });
  }

  /** The optimal solution's length once the whole run found it (IDA*, an admissible heuristic), else null. */
  get length() { return this.#finished ? this.#profile?.length ?? null : null; }

  /** `state.run`: one row per iteration of the whole run, once IDA* has run to the end; else null. */
  get state() { return this.#finished && this.#profile ? runRows(this.#profile.iterations) : null; }

  /**
   * The widget's options ({board, heuristic, goal, order}; null when it is not IDA* on a board it
   * can search) and the iteration shown (null: none). Other options drop the run shown.
   */
  render(options, current) {
    const key = options && JSON.stringify({ board: options.board, heuristic: options.heuristic, goal: options.goal, order: options.order });
    if (key !== (this.#options && JSON.stringify(this.#options))) {
      this.stop();
      this.#options = options && JSON.parse(key);
      this.#profile = null;
      this.#finished = false;
      this.#astar = null;
      const cells = options ? String(options.board).trim().split(/[^0-9]+/).filter(Boolean).length : 0;
      this.#large = cells > 9;
      this.#status.textContent = !options ? 'The whole run is IDA*\'s: choose IDA* and a board it can search.'
        : cells > 16 ? 'A 24-puzzle\'s whole run may take hours: press Run it whole to start it.'
        : this.#large ? 'A 15-puzzle\'s whole run takes from a moment to minutes: press Run it whole to start it (in a worker; Stop ends it).' : '';
      this.#draw();
      this.#autostart();
    }
    this.#start.disabled = !this.#options || this.#run !== null;
    if (current !== this.#current) {
      this.#current = current;
      for (const button of this.#columns.querySelectorAll('button')) {
        const on = Number(/** @type {HTMLElement} */ (button).dataset.iteration) === current;
        button.classList.toggle('current', on);
        if (on) button.setAttribute('aria-current', 'step'); else button.removeAttribute('aria-current');
      }
    }
  }

  #autostart() {
    if (this.#visible && this.#options && !this.#large && !this.#run && !this.#profile) this.run();
  }

  /** Runs IDA* to the end, then A*, in a worker of the page's pool. */
  run() {
    if (!this.#options) return;
    this.stop();
    this.#profile = null;
    this.#finished = false;
    this.#astar = null;
    this.#draw();
    this.#start.disabled = true;
    this.#stop.disabled = false;
    this.#status.textContent = 'Running the whole search in a worker…';
    const started = performance.now();
    const run = this.#run = profileRun(this.#getModule(), this.#options, {
      onProgress: ({ profile, nodes, seconds }) => {
        if (run !== this.#run) return;
        this.#profile = profile;
        this.#status.textContent = `Running the whole search: iteration ${profile.iterations.length}, ${count(nodes, 'node')} so far (${seconds.toFixed(1)} s)…`;
        this.#draw();
      },
      onResult: ({ profile }) => {
        if (run !== this.#run) return;
        this.#profile = profile;
        this.#finished = true;
        this.#status.textContent = 'IDA* is done; A* runs on the same board…';
        this.#draw();
        this.#onDone();
      },
    });
    run.done.then((astar) => {
      if (run !== this.#run) return;
      this.#astar = astar;
      this.#finish(`The whole run in ${((performance.now() - started) / 1000).toFixed(1)} s, in a worker.`);
      this.#draw();
    }, (error) => {
      if (run !== this.#run) return;
      this.#finish(error.refused ? `The whole run is computed in a Web Worker, and this page cannot start one: ${error.message}`
        : `The whole run failed: ${error.message}`);
    });
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
    const iterations = this.#profile?.iterations ?? [];
    this.#container.querySelector('.run-legend').toggleAttribute('hidden', iterations.length === 0);
    const depths = depthsOf(iterations), widest = widestOf(iterations);
    this.#columns.replaceChildren(...iterations.map((it) => this.#column(it, depths, widest)));
    const done = this.#finished && iterations.length > 0;
    const figures = done ? overhead(iterations, this.#astar) : null;
    this.#sentence.textContent = figures?.sentence ?? '';
    this.#astarText.textContent = figures?.astarSentence ?? '';
    this.#cost.hidden = !figures;
    if (figures) this.#drawCost(figures);
  }

  #column(it, depths, widest) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `run-column${it.iteration === this.#current ? ' current' : ''}`;
    if (it.iteration === this.#current) button.setAttribute('aria-current', 'step');
    button.dataset.iteration = String(it.iteration);
    button.dataset.end = String(it.end);
    const inProgress = it.nextThreshold === null && !(this.#finished && it === this.#profile.iterations.at(-1));
    const rowH = 10;
    const parts = [];
    for (const row of icicle(it, depths, widest)) {
      if (row.visited === 0) continue;
      const y = row.depth * rowH;
      const rect = (from, to, cls) => (to - from > 0 ? `<rect class="${cls}"${cls === 'new' ? ` fill="url(#${this.#hatch})"` : ''} x="${(100 * from).toFixed(2)}" y="${y}" width="${(100 * (to - from)).toFixed(2)}" height="${rowH - 1}"></rect>` : '');
      parts.push(rect(row.innerLeft, row.innerRight, 'old'),
        rect(row.left, row.innerLeft, 'new'), rect(row.innerRight, row.right, 'new'));
    }
    // Named by its visible text (the words a sighted reader sees, with what the layout implies).
    button.innerHTML = `<span class="run-head"><span class="hint">Iteration </span>${it.iteration} <span class="run-t">t ${it.threshold}</span></span>
      <svg viewBox="0 0 100 ${depths * rowH}" preserveAspectRatio="none" aria-hidden="true">${parts.join('')}</svg>
      <span class="run-foot">${number(it.visited)}<span class="hint"> visited,</span><br><span class="run-new">+${number(it.new)} new</span>${inProgress ? '<br>… so far' : ''}</span>`;
    button.title = `${percent(it.new, it.visited)} of its visited nodes are new; ${count(it.pruned, 'child', 'children')} pruned`;
    return button;
  }

  #drawCost({ total, last }) {
    const astar = this.#astar?.status === 'solved' || this.#astar?.status === 'gaveup' ? this.#astar : null;
    const bars = [['All iterations', total, 'total'], ['The last alone', last, 'last'],
      ...(astar ? [[`A*${astar.status === 'gaveup' ? ' (gave up)' : ''}`, astar.expanded, 'astar']] : [])];
    const left = 84, width = 340, rowH = 22, barH = 13;
    const most = Math.max(1, ...bars.map(([, n]) => n));
    const x = (n) => left + ((width - left - 86) * n) / most;
    const svg = this.#cost.querySelector('svg');
    svg.setAttribute('viewBox', `0 0 ${width} ${rowH * bars.length + 4}`);
    svg.innerHTML = bars.map(([label, n, cls], i) => {
      const y = 4 + i * rowH;
      return `<text class="axis label" x="${left - 6}" y="${y + barH - 3}" text-anchor="end">${label}</text>`
        + `<rect class="bar ${cls}" x="${left}" y="${y}" width="${Math.max(1, x(n) - left)}" height="${barH}"></rect>`
        + `<text class="axis" x="${x(n) + 4}" y="${y + barH - 3}">${number(n)}${cls === 'astar' ? ' expanded' : ' visited'}</text>`;
    }).join('');
    svg.setAttribute('aria-label', bars.map(([label, n, cls]) => `${label}: ${number(n)} ${cls === 'astar' ? 'expanded' : 'visited'}`).join('; '));
  }
}
