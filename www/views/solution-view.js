// The solution printed the lecture's way: the start, then one grid per step with the blank as a
// space (describeBoard's `grid`, boards from boardAfter: the core's rules, not this file's).
// The text is built when the reader opens it: a DFS solution has a thousand steps.
import { boardAfter, describeBoard } from '../pkg/tilesearch.js';
import { number } from '../model/words.js';

export class SolutionView {
  #details; #summary; #text;
  #solution = null; // {start, moves, goal}
  #shown = null;

  constructor(container) {
    container.innerHTML = `<details><summary></summary><pre class="solution-grids" tabindex="0"></pre></details>`;
    this.#details = container.querySelector('details');
    this.#summary = container.querySelector('summary');
    this.#text = container.querySelector('pre');
    this.#details.addEventListener('toggle', () => this.#fill());
    container.hidden = true;
  }

  /** `solution`: {start (tiles), moves (tiles slid), goal} once solved, else null. */
  render(solution) {
    const container = this.#details.parentElement;
    container.hidden = solution === null;
    if (solution === this.#solution || (solution && this.#solution && solution.moves === this.#solution.moves)) return;
    this.#solution = solution;
    this.#details.open = false;
    this.#text.textContent = '';
    this.#shown = null;
    if (solution) this.#summary.textContent = `The solution step by step, as the lecture prints it (${number(solution.moves.length)} steps)`;
  }

  #fill() {
    if (!this.#details.open || !this.#solution || this.#shown === this.#solution) return;
    const { start, moves, goal } = this.#solution;
    const grids = [`Start:\n${describeBoard(start, goal).grid}`];
    for (let i = 1; i <= moves.length; i += 1) {
      grids.push(`Step ${i}:\n${describeBoard(boardAfter(start, moves.slice(0, i)), goal).grid}`);
    }
    this.#text.textContent = grids.join('\n\n');
    this.#shown = this.#solution;
  }
}
