// Share and export: Copy link, Download trace, Download tree, Download table, and one status
// line that says what happened (or why nothing could be downloaded). Secondary to stepping, so
// they sit in a small menu (a disclosure: it stays open while the status line has news).

export const SHARE_BUTTONS = [['copy-link', 'Copy link'], ['download-trace', 'Download trace'],
  ['download-tree', 'Download tree'], ['download-table', 'Download table'], ['check-trace', 'Check a trace…']];

export class ShareView {
  #buttons = new Map();
  #status;

  /** `actions`: one function per SHARE_BUTTONS key, each returning a promise of the status text. */
  constructor(container, actions) {
    container.innerHTML = `<details class="menu"><summary>Share and export</summary><div class="menu-items">
      <div class="buttons">${SHARE_BUTTONS.map(([key, label]) =>
      `<button type="button" data-share="${key}">${label}</button>`).join('')}</div><p class="share-status" role="status"></p></div></details>`;
    for (const [key] of SHARE_BUTTONS) this.#buttons.set(key, container.querySelector(`[data-share="${key}"]`));
    this.#status = container.querySelector('[role="status"]');
    container.querySelector('.buttons').addEventListener('click', async (event) => {
      const key = event.target.closest('button')?.dataset.share;
      if (!key) return;
      this.#status.classList.remove('failed');
      try {
        this.#status.textContent = await actions[key]();
      } catch (error) {
        this.#status.classList.add('failed');
        this.#status.textContent = error.message;
      }
    });
  }

  /** Shows only the buttons whose keys are in `keys` (a Set); false when none is shown. */
  show(keys) {
    for (const [key, button] of this.#buttons) button.hidden = !keys.has(key);
    return SHARE_BUTTONS.some(([key]) => keys.has(key));
  }
}
