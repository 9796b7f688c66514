// The numbers of the moment (g, h, f, threshold, iteration, counters) and one line in plain
// words saying what the last event means.

/**
 * The last event in the teaching text's words; `minPruned`: smallest pruned f so far in this
 * iteration; `tileOf(id)`: the tile slid to reach node `id`, if known.
 */
export function narrate(event, { threshold, minPruned, heuristic, tileOf }) {
  if (!event) return 'Press Step to start: IDA* begins with threshold = h(start).';
  const move = (tile) => (tile === null ? 'the start' : `slide ${tile}`);
  switch (event.type) {
    case 'iteration':
      return event.iteration === 1
        ? `Iteration 1 starts with threshold = h(start) = ${event.threshold} (${heuristic}).`
        : `Iteration ${event.iteration} starts again from the start with threshold ${event.threshold}.`;
    case 'node':
      if (event.h === 0) return `${capital(move(event.tile))}: g = ${event.g}, h = 0: the goal is reached.`;
      return `${capital(move(event.tile))}: f = ${event.g} + ${event.h} = ${event.f} ≤ threshold ${threshold}: visit and expand it.`;
    case 'prune':
      return `${capital(move(event.tile))}: f = ${event.g} + ${event.h} = ${event.f} > threshold ${event.threshold}: pruned, next threshold at most ${Math.min(minPruned, event.f)}.`;
    case 'backtrack': {
      const tile = tileOf(event.id);
      if (tile === null) return 'Backtrack from the start: every child is done, and this iteration found no goal.';
      return `Backtrack${tile === undefined ? '' : ` over slide ${tile}`}: every child of this node is done; return to its parent.`;
    }
    case 'raise':
      return `No goal within threshold ${event.from}: raise the threshold to ${event.to}, the smallest pruned f.`;
    case 'solved':
      return `Solved in ${event.length} moves: the first goal IDA* reaches is a shortest solution, because h never overestimates.`;
  }
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);

const FIELDS = [['iteration', 'Iteration'], ['threshold', 'Threshold'], ['g', 'g (moves so far)'],
  ['h', 'h (estimate left)'], ['f', 'f = g + h'], ['minPruned', 'Smallest pruned f'],
  ['expanded', 'Expanded'], ['generated', 'Generated']];

export class NowPanel {
  #values = {};
  #narration;

  constructor(container) {
    container.innerHTML = `<h2>Now</h2><dl class="now">${FIELDS.map(([key, label]) =>
      `<div><dt>${label}</dt><dd data-key="${key}">–</dd></div>`).join('')}</dl><p class="narration"></p>`;
    for (const [key] of FIELDS) this.#values[key] = container.querySelector(`[data-key="${key}"]`);
    this.#narration = container.querySelector('.narration');
  }

  /** `numbers`: any of the FIELDS keys (missing ones show –); `text`: the narration line. */
  render(numbers, text) {
    for (const [key] of FIELDS) {
      const value = numbers[key];
      this.#values[key].textContent = value === undefined || value === null || value === Infinity
        ? '–' : value.toLocaleString('en');
    }
    this.#narration.textContent = text;
  }
}
