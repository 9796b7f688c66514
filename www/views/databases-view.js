// The `pdb` heuristic's pattern databases: a progress bar while the worker builds them and a
// status line saying where they came from (built now, or this browser's IndexedDB cache).

export class DatabasesView {
  #container; #bar; #status;
  #shown = ''; // what is drawn: every panel is drawn with each moment, and this one rarely changes

  constructor(container) {
    this.#container = container;
    container.innerHTML = `<label class="databases-bar">Pattern databases <progress max="1" value="0"></progress></label>
      <p class="databases-status" role="status"></p>`;
    this.#bar = container.querySelector('progress');
    this.#status = container.querySelector('.databases-status');
    container.hidden = true;
  }

  /**
   * `databases`: null (pdb not chosen) or {status: 'preparing' | 'building' | 'ready' | 'error',
   * progress (0 to 1), workers (building them), source ('memory' | 'cache' | 'build'), seconds,
   * notKept (built, but this browser could not store them: the error's name), message}.
   */
  render(databases) {
    const key = JSON.stringify(databases);
    if (key === this.#shown) return;
    this.#shown = key;
    this.#container.hidden = databases === null;
    if (databases === null) return;
    const { status, progress, source, seconds, notKept, message, workers = 1 } = databases;
    this.#container.dataset.status = status;
    this.#bar.hidden = status === 'ready' || status === 'error';
    if (status === 'preparing') this.#bar.removeAttribute('value'); // indeterminate: looking in the cache
    else this.#bar.value = progress;
    const time = seconds === undefined ? '' : ` in ${seconds.toFixed(1)} s`;
    this.#status.textContent = {
      preparing: 'Looking for the pattern databases in this browser\'s cache…',
      building: `Building pattern databases in ${workers === 1 ? 'a worker' : `${workers} workers`}… ${Math.floor(progress * 100)} % (once; this browser keeps them for the next visit)`,
      ready: source === 'cache' ? `Pattern databases loaded from this browser's cache${time}.`
        : source === 'build' && notKept ? `Pattern databases built${time}, but this browser could not keep them for the next visit (${notKept}): `
          + 'they will be built again then.'
        : source === 'build' ? `Pattern databases built${time} and stored in this browser for the next visit.`
          : 'Pattern databases ready.',
      error: `The pattern databases could not be made: ${message}`,
    }[status];
  }
}
