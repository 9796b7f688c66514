// The widget's live region. It speaks at most once per interval, so that a screen reader is
// not flooded while the search runs: routine narration is replaced by the latest, while what
// a listener must not miss (Reset, a threshold raise, the solution) is queued and always
// spoken, in order. Pure: the element hands it the write, the clock and the timers.

/** Live-region announcements with a rate limit that never drops the important ones. */
export class Announcer {
  #write; #interval; #clock; #timers;
  #last = -Infinity;
  #timer = 0;
  /** @type {{text: string, key: string | null}[]} */
  #queue = [];
  /** @type {string | null} */
  #latest = null;

  /**
   * @param {(text: string) => void} write puts the text in the live region
   * @param {{interval?: number, clock?: () => number, timers?: {setTimeout: Function, clearTimeout: Function}}} [options]
   */
  constructor(write, { interval = 1500, clock = () => performance.now(), timers = globalThis } = {}) {
    this.#write = write;
    this.#interval = interval;
    this.#clock = clock;
    this.#timers = timers;
  }

  /**
   * Announces `text` now, or when the interval allows. Routine text (not `important`) waits
   * only as the latest; important text is queued. An important text with the `key` of the
   * last one still queued replaces it (a run that raises the threshold many times a second
   * says where it got to, not every step of the way).
   * @param {string} text
   * @param {{important?: boolean, key?: string | null}} [options]
   */
  say(text, { important = false, key = null } = {}) {
    if (!important) this.#latest = text;
    else if (key !== null && this.#queue.at(-1)?.key === key) this.#queue[this.#queue.length - 1] = { text, key };
    else this.#queue.push({ text, key });
    this.#flush();
  }

  /** Forgets everything not yet spoken (the widget was removed). */
  cancel() {
    this.#timers.clearTimeout(this.#timer);
    this.#timer = 0;
    this.#queue = [];
    this.#latest = null;
  }

  #flush() {
    if (this.#timer) return;
    const wait = this.#last + this.#interval - this.#clock();
    if (wait > 0) {
      this.#timer = this.#timers.setTimeout(() => { this.#timer = 0; this.#flush(); }, wait);
      return;
    }
    let text;
    if (this.#queue.length > 0) text = this.#queue.shift().text;
    else if (this.#latest !== null) { text = this.#latest; this.#latest = null; } else return;
    this.#last = this.#clock();
    this.#write(text);
    if (this.#queue.length > 0 || this.#latest !== null) this.#flush();
  }
}
