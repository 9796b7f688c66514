// "Check your IDA*": a student's trace checked by the core (in the worker) against IDA* on the
// board shown, the verdict in the card, and the explorer at the moment before the divergence.
// The card reports the trace's move order; the widget keeps its own unless the reader asks it to
// follow the trace's (a verdict's position counts events of the trace's search).
import { alignRows, announcement, orderWords } from '../model/check-report.js';
import { count } from '../model/words.js';

/** What a verdict is about: the board, heuristic and goal (the move order is the trace's). */
export const checkKey = ({ board, heuristic, goal }) => JSON.stringify([board, heuristic, goal]);
const sizeOf = (bytes) => (bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

export class CheckFlow {
  /** @type {import('./search.js').Widget} */ #w;
  /** @type {import('./search.js').Search} */ #search;
  #checks = 0; // bumps: a newer check supersedes one still in the worker
  #whenReady;

  /**
   * @param {import('./search.js').Widget} widget
   * @param {import('./search.js').Search} search
   * @param {() => Promise<unknown>} whenReady  resolves once the core is loaded
   */
  constructor(widget, search, whenReady) {
    this.#w = widget;
    this.#search = search;
    this.#whenReady = whenReady;
  }

  /** A trace from the card: a failure is named in the card, never thrown at the page. */
  async fromView(trace) {
    const view = this.#w.views.check;
    view.busy(typeof trace === 'string' ? 'Checking your trace against IDA*…' : `Checking ${trace.name} (${sizeOf(trace.size)}) against IDA*…`);
    try {
      await this.run(trace, true);
    } catch (error) {
      view.failed(error.message);
      this.#w.announce(error.message, true);
    }
  }

  /** The core's verdict on `trace` for the board shown (a string of JSON lines or a File). */
  async run(trace, fromView) {
    await this.#whenReady();
    const w = this.#w;
    if (!w.store.state.ready) throw new Error('the explorer is not in a document: add it to the page first');
    const options = { board: w.host.board, heuristic: w.host.heuristic, goal: w.host.goal };
    const request = this.#checks += 1;
    const verdict = await this.#search.client.check(options, trace);
    if (request !== this.#checks || !w.store.state.ready) return verdict; // a newer check, or the widget left the page
    if (checkKey(options) !== checkKey(this.#search.options())) {
      if (fromView) w.views.check.failed('The board, heuristic or goal changed while checking: check again for this one.');
      return verdict;
    }
    await this.#show(verdict, options, fromView);
    w.emit('check', verdict);
    return verdict;
  }

  /** What the widget would switch to follow `verdict`'s search (empty: it follows already). */
  #switches(verdict) {
    const switched = [];
    if (this.#w.host.algorithm !== 'ida') switched.push('IDA*');
    if (this.#w.store.state.order !== verdict.order) switched.push(`order ${verdict.order}`);
    return switched;
  }

  /**
   * Shows a verdict: the card with the trace's order in words; when the widget searches the
   * same way, it goes to the moment before the core's expected event, and the tree's ring marks
   * that event's node if drawn, else its parent (the node whose child comes next).
   */
  async #show(verdict, options, focus) {
    const w = this.#w;
    w.store.apply('checked', { verdict, key: checkKey(options) });
    const view = w.views.check;
    view.show(false);
    const yours = `Your trace's move order: ${verdict.order} (${orderWords(verdict.order)}).`;
    const switches = this.#switches(verdict);
    if (switches.length > 0) {
      view.render(verdict, alignRows(verdict), `${yours} This widget searches ${w.host.algorithm === 'ida' ? `in order ${w.store.state.order}` : `with ${w.host.algorithm}`}, ` +
        `so it stays where it is: follow your search to see the moment ${verdict.ok ? 'at its end' : 'before IDA*\'s event'}.`, focus);
      view.offerFollow(`Follow your search (${switches.join(', ')})`);
      w.announce(announcement(verdict), true);
      return;
    }
    view.offerFollow(null);
    const where = verdict.ok
      ? `${yours} Shown: the end of your search (${count(verdict.position, 'event')}).`
      : `${yours} Shown: the moment before IDA*'s event (after ${count(verdict.position, 'event')}).`;
    view.render(verdict, alignRows(verdict), where, focus);
    w.announce(announcement(verdict), true);
    await this.#goToVerdict(verdict, where);
  }

  /** The card's Follow button: the widget takes the trace's algorithm and order, then shows the verdict's moment. */
  async follow() {
    const w = this.#w;
    const verdict = w.store.state.check?.verdict;
    if (!verdict) return;
    if (w.host.algorithm !== 'ida') w.host.algorithm = 'ida';
    if (w.store.state.order !== verdict.order) w.host.order = verdict.order;
    const where = `Followed your search: IDA* in order ${verdict.order} (${orderWords(verdict.order)}). ` +
      (verdict.ok ? `Shown: its end (${count(verdict.position, 'event')}).` : `Shown: the moment before IDA*'s event (after ${count(verdict.position, 'event')}).`);
    w.views.check.offerFollow(null);
    w.views.check.where(where);
    await this.#goToVerdict(verdict, where);
  }

  async #goToVerdict(verdict, where) {
    const w = this.#w;
    const search = this.#search;
    if (!search.solver) { search.goTo(verdict.position); return; }
    await search.seek(verdict.position);
    if (search.view.index !== verdict.position || w.store.state.check?.verdict !== verdict) return; // moved on meanwhile
    const expected = verdict.expected;
    if (expected?.type !== 'node' && expected?.type !== 'prune') return;
    const tree = w.views.tree;
    if (tree.markId(expected.id)) {
      w.views.check.where(`${where} Ringed in the tree: node #${expected.id}, IDA*'s event.`);
    } else if (expected.parent !== null && tree.markId(expected.parent)) {
      w.views.check.where(`${where} Ringed in the tree: node #${expected.parent}, whose child ${expected.tile === null ? '' : `(tile ${expected.tile} slides) `}comes next.`);
    }
  }
}
