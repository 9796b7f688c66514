// The sliding-tile board. Tiles are keyed by their number and placed with CSS transforms, so a
// move is a transition of one tile's transform (turned off by prefers-reduced-motion).

export class BoardView {
  #grid;
  #tiles = new Map();
  #blank;
  #width = 0;

  /**
   * `label` names the board for screen readers ("Board", "Board of the selected node").
   * @param {HTMLElement} container
   * @param {{label?: string, small?: boolean}} [options]
   */
  constructor(container, { label, small = false } = {}) {
    this.#grid = document.createElement('div');
    this.#grid.className = small ? 'board small' : 'board';
    this.#grid.setAttribute('role', 'img');
    this.label = label ?? 'Board';
    container.append(this.#grid);
  }

  /**
   * Draws `tiles` (row-major, 0 = blank). `moved`: the tile just slid (highlighted);
   * `candidate`: a tile whose slide was pruned (outlined, not moved); `distances` and
   * `conflicts` (from describeBoard) fill the per-tile h overlay when `overlay` is on;
   * `duration`: the slide's length in ms.
   */
  render({ tiles, width, moved = null, candidate = null, distances = null, conflicts = [],
    overlay = false, duration = 180 }) {
    if (width !== this.#width) this.#rebuild(width, tiles.length);
    this.#grid.style.setProperty('--slide-ms', `${duration}ms`);
    const conflicted = new Set(conflicts.map((c) => c.tile));
    tiles.forEach((tile, cell) => {
      const row = Math.floor(cell / width), col = cell % width;
      const element = tile === 0 ? this.#blank : this.#tiles.get(tile);
      element.style.transform = `translate(${col * 100}%, ${row * 100}%)`;
      if (tile === 0) return;
      element.classList.toggle('moved', tile === moved);
      element.classList.toggle('candidate', tile === candidate);
      const badge = element.querySelector('.h');
      const showH = overlay && distances;
      badge.hidden = !showH;
      if (showH) badge.textContent = `${distances[cell]}${conflicted.has(tile) ? '+c' : ''}`;
      element.classList.toggle('home', Boolean(showH) && distances[cell] === 0);
    });
    const rows = [];
    for (let r = 0; r < width; r += 1) {
      rows.push(tiles.slice(r * width, r * width + width).map((t) => (t === 0 ? 'blank' : t)).join(' '));
    }
    const note = moved !== null ? `, tile ${moved} just slid` : candidate !== null ? `, slide of tile ${candidate} pruned` : '';
    this.#grid.setAttribute('aria-label', `${this.label}: ${rows.join(' / ')}${note}`);
  }

  #rebuild(width, count) {
    this.#width = width;
    this.#grid.replaceChildren();
    this.#tiles.clear();
    this.#grid.style.setProperty('--w', width);
    this.#blank = document.createElement('div');
    this.#blank.className = 'cell blank';
    this.#blank.innerHTML = '<span>blank</span>';
    this.#grid.append(this.#blank);
    for (let tile = 1; tile < count; tile += 1) {
      const element = document.createElement('div');
      element.className = 'cell tile';
      element.innerHTML = `<span class="n">${tile}</span><span class="h" hidden></span>`;
      this.#tiles.set(tile, element);
      this.#grid.append(element);
    }
  }
}
