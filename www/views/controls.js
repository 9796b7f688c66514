// Buttons and the speed slider. The buttons' text is their accessible name; the element
// decides what each does and which are enabled.

/** Events per second at each slider position; the last is full speed (the worker). */
export const SPEEDS = [1, 2, 4, 8, 16, 32, 64, 125, 250, 500, 1000, Infinity];
export const speedLabel = (speed) => (speed === Infinity ? 'full speed' : `${speed} event${speed === 1 ? '' : 's'}/s`);

// In the order a student reads them; Step and Run are the point, so they are filled (PRIMARY).
const BUTTONS = [['stepBack', 'Step back', 'ArrowLeft'], ['step', 'Step', 'ArrowRight'],
  ['nextIteration', 'Next iteration', 'N'], ['run', 'Run', 'Space'], ['pause', 'Pause', 'Space'],
  ['reset', 'Reset', 'R'], ['solveNow', 'Solve now', null], ['playSolution', 'Play solution', null]];

const PRIMARY = new Set(['step', 'run']);
const SHORTCUT_NAMES = { ArrowRight: '→', ArrowLeft: '←', Space: 'Space' };

export class Controls {
  #buttons = {};
  #slider; #speedText; #predict; #container;
  #keys = new Set(BUTTONS.map(([key]) => key));

  /** `actions`: one function per BUTTONS key; `onSpeed(eventsPerSecond)`; `onPredict(on)`: the Predict switch. */
  constructor(container, actions, onSpeed, onPredict) {
    container.innerHTML = `<div class="buttons">${BUTTONS.map(([key, label, shortcut]) =>
      `<button type="button" data-action="${key}"${PRIMARY.has(key) ? ' class="primary"' : ''}${shortcut ? ` aria-keyshortcuts="${shortcut}"` : ''}` +
      `${shortcut ? ` title="${label} (${SHORTCUT_NAMES[shortcut] ?? shortcut})"` : ''}>${label}</button>`).join('')}</div>
      <label class="speed">Speed <input type="range" min="0" max="${SPEEDS.length - 1}" step="1"> <output></output></label>
      <label class="predict-toggle"><input type="checkbox" role="switch"> Predict</label>`;
    this.#container = container;
    for (const [key] of BUTTONS) this.#buttons[key] = container.querySelector(`[data-action="${key}"]`);
    container.querySelector('.buttons').addEventListener('click', (event) => {
      const key = event.target.closest('button')?.dataset.action;
      if (key) actions[key]();
    });
    this.#slider = container.querySelector('.speed input');
    this.#predict = container.querySelector('.predict-toggle input');
    this.#predict.addEventListener('change', () => onPredict(this.#predict.checked));
    this.#speedText = container.querySelector('output');
    this.#slider.addEventListener('input', () => onSpeed(SPEEDS[Number(this.#slider.value)]));
  }

  setSpeed(speed) {
    let index = SPEEDS.indexOf(speed);
    if (index < 0) index = SPEEDS.findIndex((s) => s >= speed);
    this.#slider.value = String(index);
    this.#slider.setAttribute('aria-valuetext', speedLabel(speed));
    this.#speedText.textContent = speedLabel(speed);
  }

  /** Shows only the buttons whose keys are in `keys` (a Set), and the slider when it has 'speed'. */
  show(keys) {
    this.#keys = keys;
    for (const [key, button] of Object.entries(this.#buttons)) button.hidden = !keys.has(key);
    this.#slider.closest('label').hidden = !keys.has('speed');
    this.#predict.closest('label').hidden = !keys.has('predict');
  }

  /** The Predict switch: on or off, and whether this search has predict mode (`why`: the title when it does not). */
  setPredict(on, available, why) {
    this.#predict.checked = on;
    this.#predict.disabled = !available;
    const title = available ? 'Predict mode: before each event, a question about it (keyboard: the focus moves to the question)' : why;
    this.#predict.title = title;
    this.#predict.closest('label').title = title;
  }

  /** Focuses the button `key` if it is shown and enabled; returns whether it did. */
  focus(key) {
    const button = this.#buttons[key];
    if (!button || button.hidden || button.disabled) return false;
    button.focus();
    return true;
  }

  /**
   * `enabled`: key → boolean. `solving`: Solve now is offered (IDA* before the solution); it
   * and Play solution share one place in the row: Solve now until the search is solved, then
   * Play solution (each alone when the other is left out of `controls`).
   */
  update(enabled, solving = false) {
    for (const [key, button] of Object.entries(this.#buttons)) button.disabled = !enabled[key];
    const both = this.#keys.has('solveNow') && this.#keys.has('playSolution');
    this.#container.dataset.offer = !both ? '' : solving ? 'solve' : 'play';
  }

  /** Solve now's tooltip: what it does, with how many workers. */
  describeSolve(title) { this.#buttons.solveNow.title = title; }
}
