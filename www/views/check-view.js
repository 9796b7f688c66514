// "Check my IDA*": the card where a student pastes or uploads the trace of their own IDA* for
// the board shown, and then reads the core's verdict: its kind and line, the core's sentence,
// and the student's last lines beside IDA*'s events (the diverging one with the fields that
// differ marked). It only shows; the explorer runs the check in its worker and seeks there.
import { headline, summaryText, differing } from '../model/check-report.js';
import { number } from '../model/words.js';

let uid = 0;
// A paste longer than this is not put in the text box: a textarea laying out tens of megabytes
// freezes the page for many seconds (9 frames in 25.6 s for 50 MB), so the paste goes to the
// worker as a file would (the core reads it there), and the box keeps what it held.
export const PASTE_LIMIT = 1 << 20;
/** The name a paste too long for the text box is checked under (the status line shows it). */
export const PASTED_NAME = 'your pasted trace';
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** One event's parts as inline spans; `marked`: the keys that differ from the other column. */
const partsHtml = (parts, raw, marked) => {
  if (parts === null) return raw ? `<code class="check-raw">${escape(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw)}</code>` : '<span class="check-none">—</span>';
  return parts.map(([key, text]) => `<span class="check-part${marked.has(key) ? ' differs' : ''}">${escape(text)}</span>`).join(' ');
};

export class CheckView {
  #container; #form; #text; #file; #status; #result; #headline; #message; #rows; #where; #follow;
  #busy = false; // a check is under way: another waits for it (the button stays enabled: a disabled one would drop the focus)

  /**
   * `onCheck(trace)`: a string or a File to check (a paste over PASTE_LIMIT characters comes as
   * a File named PASTED_NAME, never put in the text box); `onClose()`: the card was closed;
   * `onFollow()`: the reader asked the explorer to follow the trace's search (its order).
   */
  constructor(container, { onCheck, onClose, onFollow = () => {} }) {
    const id = `tile-search-check-${uid += 1}`;
    this.#container = container;
    container.innerHTML = `
      <div class="check-head">
        <h2 id="${id}-title">Check your IDA*</h2>
        <button type="button" class="check-again" hidden>Check another</button>
        <button type="button" class="check-close" aria-label="Close the check">Close</button>
      </div>
      <form class="check-form">
        <p class="check-intro" id="${id}-intro">Paste what your IDA* prints for this board, one JSON event per line, or choose the file:
          the core runs IDA* beside it and stops at the first difference. A paste over a megabyte is checked at once, as a file.</p>
        <textarea id="${id}-text" rows="3" spellcheck="false" autocomplete="off" aria-labelledby="${id}-title" aria-describedby="${id}-intro"
          placeholder='{"type":"iteration","threshold":17}&#10;{"type":"node","g":0,"h":17,"f":17,"tile":null}'></textarea>
        <div class="check-actions">
          <button type="submit" class="primary">Check</button>
          <label class="check-file"><input type="file" accept=".jsonl,.txt,.json,text/plain,application/jsonl"> <span>Choose a file…</span></label>
          <p class="check-status" role="status"></p>
        </div>
      </form>
      <div class="check-result" hidden>
        <p class="check-verdict"><strong class="check-headline" tabindex="-1"></strong> <span class="check-message"></span></p>
        <div class="check-scroll"><table class="check-rows">
          <caption class="hint">Your trace's lines beside IDA*'s events</caption>
          <thead><tr><th scope="col">line</th><th scope="col">yours</th><th scope="col">IDA*</th></tr></thead><tbody></tbody>
        </table></div>
        <p class="check-where"></p>
        <button type="button" class="check-follow" hidden></button>
      </div>`;
    const $ = (selector) => container.querySelector(selector);
    this.#form = $('.check-form');
    this.#text = $('textarea');
    this.#file = $('input[type="file"]');
    this.#status = $('.check-status');
    this.#result = $('.check-result');
    this.#headline = $('.check-headline');
    this.#message = $('.check-message');
    this.#rows = $('tbody');
    this.#where = $('.check-where');
    this.#follow = $('.check-follow');
    this.#follow.addEventListener('click', () => onFollow());
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.#busy) return;
      if (this.#text.value.trim() === '') { this.failed('Paste your trace first (one JSON event per line), or choose a file.'); this.#text.focus(); return; }
      onCheck(this.#text.value);
    });
    this.#text.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.length <= PASTE_LIMIT) return;
      event.preventDefault();
      if (this.#busy) return;
      // Checked as a file: the explorer's status then says "Checking your pasted trace (… MB)…".
      onCheck(new File([text], PASTED_NAME, { type: 'text/plain' }));
    });
    this.#file.addEventListener('change', () => {
      const file = this.#file.files?.[0];
      this.#file.value = ''; // the same file again is a new check
      if (!file || this.#busy) return;
      if (file.size === 0) { this.failed(`${file.name} is empty: choose the file your IDA* wrote its trace to.`); return; }
      onCheck(file);
    });
    $('.check-again').addEventListener('click', () => this.reset(true));
    $('.check-close').addEventListener('click', () => onClose());
  }

  get open() { return !this.#container.hidden; }

  /** Shows the card (the form, or the last verdict); `focus`: with the keyboard in it. */
  show(focus) {
    this.#container.hidden = false;
    if (focus) (this.#result.hidden ? this.#text : this.#headline).focus();
  }

  /** Where the explorer stands now (it seeks there after the verdict is shown). */
  where(text) { this.#where.textContent = text; }

  /** Offers to follow the trace's search in the explorer (`label`: what it switches); null: nothing to offer. */
  offerFollow(label) {
    this.#follow.hidden = label === null;
    this.#follow.textContent = label ?? '';
  }

  hide() { this.#container.hidden = true; }

  /** Back to the form (a new board, or Check another trace). */
  reset(focus = false) {
    this.#result.hidden = true;
    this.#form.hidden = false;
    this.#container.querySelector('.check-again').hidden = true;
    this.#status.textContent = '';
    this.#status.classList.remove('failed');
    if (focus) this.#text.focus();
  }

  /** A check is under way: `text` says what is being read. */
  busy(text) {
    this.#busy = true;
    this.#status.classList.remove('failed');
    this.#status.textContent = text;
  }

  /** The check could not be made: the reason, in the form. */
  failed(message) {
    this.#busy = false;
    this.#status.classList.add('failed');
    this.#status.textContent = message;
  }

  /**
   * The core's verdict, the rows beside it (check-report.js alignRows) and where the explorer
   * now stands; `focus`: the keyboard goes to the verdict (the check was asked for here).
   */
  render(verdict, rows, where, focus) {
    this.#busy = false;
    this.#form.hidden = true;
    this.#result.hidden = false;
    this.#container.querySelector('.check-again').hidden = false;
    this.#result.classList.toggle('ok', verdict.ok);
    this.#headline.textContent = headline(verdict);
    this.#message.textContent = verdict.ok ? `${summaryText(verdict.summary)}.` : `${verdict.message}.`;
    this.#rows.innerHTML = rows.map((row) => {
      const marked = row.diverges ? differing(row.yours, row.ida) : new Set();
      const theirs = row.diverges ? differing(row.ida, row.yours) : new Set();
      return `<tr class="${row.diverges ? 'diverges' : 'matches'}"><th scope="row">${row.line === null ? 'end' : number(row.line)}</th>` +
        `<td>${row.diverges && row.yours === null && !row.raw ? '<span class="check-none">(the trace ends)</span>' : partsHtml(row.yours, row.raw, marked)}</td>` +
        `<td>${partsHtml(row.ida, null, theirs)}</td></tr>`;
    }).join('');
    this.#result.querySelector('.check-scroll').hidden = rows.length === 0;
    this.#where.textContent = where;
    this.#status.textContent = '';
    if (focus) this.#headline.focus();
  }
}
