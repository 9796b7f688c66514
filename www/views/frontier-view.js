// A frontier search's open list as the core keeps it (Solver.frontier(limit)): the first
// entries in the order they will be taken, each with g, h and f. IDA* keeps no frontier (its
// memory is the current path), so the element hides this panel then.
import { FRONTIER_SEARCHES } from '../model/narration.js';
import { number } from '../model/words.js';

export const FRONTIER_SHOWN = 20;
/** The frontier's size, as the core counts it (the events' `frontier` field). */
export const frontierSize = (solver) => solver.frontierSize;

/** A frontier size for people. */
export const sizeText = number;

export class FrontierView {
  #caption; #body; #note; #shown = '';

  /**
   * `onPick(id)`: a frontier entry's node was pressed (the element shows it in the tree).
   * @param {HTMLElement} container
   * @param {(id: number) => void} [onPick]
   */
  constructor(container, onPick = () => {}) {
    container.innerHTML = `
      <div class="table-scroll" tabindex="0" role="group" aria-label="Frontier entries"><table class="frontier">
        <caption></caption>
        <thead><tr><th scope="col">#</th><th scope="col">Node</th><th scope="col">g</th><th scope="col">h</th><th scope="col">f</th></tr></thead>
        <tbody></tbody>
      </table></div>
      <p class="frontier-note"></p>`;
    this.#caption = container.querySelector('caption');
    this.#body = container.querySelector('tbody');
    this.#note = container.querySelector('.frontier-note');
    this.#body.addEventListener('click', (event) => {
      const id = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('button.node-link'))?.dataset.id;
      if (id !== undefined) onPick(Number(id));
    });
  }

  /**
   * `entries`: Solver.frontier(FRONTIER_SHOWN); `size`: frontierSize(solver);
   * `finished`: the search is over (the frontier no longer changes).
   */
  render(algorithm, entries, size, finished, name = (id) => `#${id}`) {
    const search = FRONTIER_SEARCHES[algorithm];
    const key = `${algorithm}|${size}|${finished}|${entries.map((e) => e.id).join(',')}`;
    if (key === this.#shown) return;
    this.#shown = key;
    this.#caption.textContent = `Frontier: a ${search.frontier}, ${search.order} (${sizeText(size)} node${size === 1 ? '' : 's'})`;
    this.#body.replaceChildren(...entries.map((entry, i) => {
      const row = document.createElement('tr');
      if (i === 0 && !finished) row.className = 'next';
      // "front", "top", "best": true at any moment (mid-expansion, a DFS or best-first child may still go ahead of it).
      for (const text of [i === 0 && !finished ? `1 (${search.first})` : i + 1, null, entry.g, entry.h, entry.f]) {
        const cell = document.createElement('td');
        if (text === null) {
          // The node as the tree labels it; pressing it shows the node in the tree.
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'node-link';
          button.dataset.id = String(entry.id);
          button.textContent = name(entry.id);
          cell.append(button);
        } else {
          cell.textContent = text;
        }
        row.append(cell);
      }
      return row;
    }));
    this.#note.textContent = size === 0 ? (finished ? 'The search is over.' : 'Empty: press Step to put the start on it.')
      : size > entries.length ? `Showing the first ${entries.length} of ${sizeText(size)}.` : '';
  }
}
