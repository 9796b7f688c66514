// The board field (validated live by the core's own messages), presets, Random, size, algorithm,
// heuristic and goal convention. It only reports what the student chose; the element applies it.
import { randomBoard } from '../pkg/tilesearch.js';
import { coreCatalog } from '../model/catalog.js';

/** Korf's instance #12 in each goal convention (tests/data/korf100-*.txt, line of instance 12). */
const KORF_12 = { 'blank-first': '14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15', 'blank-last': '1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2' };
export const PRESETS = [
  { id: 'simple', label: "Lecture's simple case", board: () => '1 2 3 4 0 6 7 5 8' },
  { id: 'challenging', label: "Lecture's challenging case", board: () => '6 4 5 8 2 7 1 0 3' },
  { id: 'hardest8', label: '8-puzzle, hardest (31 moves to blank last)', board: () => '8 6 7 2 5 4 3 0 1' },
  { id: 'korf12', label: "Korf's 15-puzzle #12 (45 moves)", board: (goal) => KORF_12[goal] },
];

let uid = 0;

export class InputView {
  #field; #alert; #preset; #size; #algorithm; #heuristic; #pdb; #goal; #onChange;

  /** `onChange({board?, algorithm?, heuristic?, goal?})` with the student's choice. */
  constructor(container, onChange) {
    this.#onChange = onChange;
    const id = `tile-search-input-${uid += 1}`;
    container.innerHTML = `
      <div class="field">
        <label for="${id}-board">Board</label>
        <input id="${id}-board" type="text" spellcheck="false" autocomplete="off" aria-describedby="${id}-hint ${id}-alert"
          title="The tiles row by row, 0 for the blank">
        <span id="${id}-hint" class="hint">row by row, 0 = blank</span>
      </div>
      <div id="${id}-alert" class="alert" role="alert"></div>
      <div class="choices">
        <label><span class="hint">Preset</span><select data-choice="preset"><option value="">Preset…</option>${PRESETS.map((p) => `<option value="${p.id}">${p.label}</option>`).join('')}</select></label>
        <span class="random"><button type="button" data-choice="random">Random</button>
        <label><span class="hint">Size</span><select data-choice="size"><option value="3">3×3</option><option value="4">4×4</option><option value="5">5×5</option></select></label></span>
        <label>Algorithm <select data-choice="algorithm"></select></label>
        <label>Heuristic <select data-choice="heuristic"></select></label>
        <label>Goal <select data-choice="goal"></select></label>
      </div>`;
    this.#field = container.querySelector('input');
    this.#alert = container.querySelector('[role="alert"]');
    this.#preset = container.querySelector('[data-choice="preset"]');
    this.#size = container.querySelector('[data-choice="size"]');
    this.#heuristic = container.querySelector('[data-choice="heuristic"]');
    this.#algorithm = container.querySelector('[data-choice="algorithm"]');
    this.#goal = container.querySelector('[data-choice="goal"]');
    this.#field.addEventListener('input', () => onChange({ board: this.#field.value }));
    this.#preset.addEventListener('change', () => {
      const preset = PRESETS.find((p) => p.id === this.#preset.value);
      if (preset) onChange({ board: preset.board(this.#goal.value) });
    });
    container.querySelector('[data-choice="random"]').addEventListener('click', () => this.#random());
    this.#size.addEventListener('change', () => this.#random());
    this.#heuristic.addEventListener('change', () => onChange({ heuristic: this.#heuristic.value }));
    this.#algorithm.addEventListener('change', () => onChange({ algorithm: this.#algorithm.value }));
    // A preset follows the goal convention (Korf's instance is written for each convention).
    this.#goal.addEventListener('change', () => {
      const preset = PRESETS.find((p) => p.id === this.#preset.value);
      onChange(preset ? { goal: this.#goal.value, board: preset.board(this.#goal.value) } : { goal: this.#goal.value });
    });
  }

  #random() {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    this.#onChange({ board: randomBoard(Number(this.#size.value), this.#goal.value, seed).join(' ') });
  }

  // The menus list the core's names (its catalog), filled at the first render: the core is ready then.
  #fillMenus() {
    if (this.#pdb) return;
    const { algorithms, heuristics, goals } = coreCatalog();
    const fill = (select, entries) => select.replaceChildren(...entries.map((entry) => new Option(entry.label, entry.name)));
    fill(this.#algorithm, algorithms);
    fill(this.#heuristic, heuristics);
    fill(this.#goal, goals);
    this.#pdb = this.#heuristic.querySelector('[value="pdb"]');
  }

  /** Shows the element's options (`tiles`: the board's tiles joined by spaces, if it parses); the field keeps what the student is typing. */
  render({ board, tiles, algorithm, heuristic, goal, width, error }) {
    this.#fillMenus();
    if (this.#field.value !== board && this.#field.getRootNode().activeElement !== this.#field) this.#field.value = board;
    if (width >= 3 && width <= 5) this.#size.value = String(width);
    // The pattern databases exist for the 4×4 board only.
    this.#pdb.hidden = this.#pdb.disabled = width !== 4;
    this.#algorithm.value = algorithm;
    this.#heuristic.value = heuristic;
    this.#goal.value = goal;
    const preset = PRESETS.find((p) => p.board(goal) === tiles);
    this.#preset.value = preset ? preset.id : '';
    this.#alert.textContent = error ?? '';
    this.#field.setAttribute('aria-invalid', error ? 'true' : 'false');
  }
}

