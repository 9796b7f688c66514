// Predict mode's flow: the own Solver stands one event ahead, on the event a question is
// about; that record is held here, unrevealed, until the answer (the Quiz, model/predict.js,
// keeps the expected answer and the score).
import { decodeRecord } from '../model/trace-records.js';
import { Quiz } from '../model/predict.js';
import { feedbackText } from '../views/predict-view.js';

export class PredictFlow {
  /** @type {import('./search.js').Widget} */ #w;
  /** @type {import('./search.js').Search} */ #search;
  #quiz = new Quiz();
  /** The held record (a Uint32Array) while a question waits. */
  #held = null;

  /** @param {import('./search.js').Widget} widget */
  constructor(widget) { this.#w = widget; }

  /** The search the questions are about (set once both exist). */
  set search(search) { this.#search = search; }

  /** Predict mode is on (the `mode` attribute) and this search has it (IDA*'s questions). */
  get active() { return this.#w.host.getAttribute('mode') === 'predict' && this.#w.host.algorithm === 'ida'; }

  /** A question waits for its answer. */
  get asking() { return this.#held !== null; }

  /** The question waiting (a copy), or null. */
  get question() { return this.#quiz.question; }

  get score() { return this.#quiz.score; }

  /**
   * Predict mode's step: the own Solver steps one event ahead; when a question applies to that
   * event it is held unrevealed and the question asked, else it is shown. Returns the event
   * shown, or undefined (a question waits, or the search is over).
   */
  step() {
    const search = this.#search;
    const w = this.#w;
    const solver = search.local();
    const children = solver.childTiles; // the node shown's children, read before stepping past it
    const words = solver.stepMany(1);
    if (words.length === 0) return search.take(words);
    const next = decodeRecord(words, 0);
    const parent = next.type === 'node' || next.type === 'prune' ? next.parent : null;
    const view = search.view;
    const question = this.#quiz.ask(next, {
      last: w.store.state.lastEvent, threshold: view.threshold, minPruned: view.minPruned, heuristic: w.host.heuristic, children,
      causes: view.causes, causeCount: view.causeCount,
      order: solver.order, parentName: parent === null ? '' : this.nodePhrase(parent),
    });
    if (!question) return search.take(words);
    this.#held = words;
    search.solverAt = view.index + 1;
    const focused = w.host.matches(':focus-within');
    w.store.apply('asked');
    w.announce(question.prompt, true);
    w.render();
    if (focused) w.views.predict.focus();
    w.emit('question', question);
    return undefined;
  }

  /**
   * Answers the waiting question: checked against the held event (the core's), scored, and
   * then that event is shown. Returns {kind, given, correct, expected, explanation}. With no
   * question waiting, or a value of the wrong type or out of range, it throws and changes nothing.
   */
  answer(value) {
    const w = this.#w;
    const result = this.#quiz.answer(value);
    const held = this.#held;
    this.#held = null;
    w.store.apply('answered', result);
    w.announce(feedbackText(result), true);
    const task = w.store.task;
    // A listener may have reset, moved or removed the widget: the held event is not shown then.
    if (!w.emit('answer', { ...result }) || !w.store.current(task)) return result;
    const focused = w.host.matches(':focus-within');
    this.#search.take(held);
    w.render();
    // The keyboard goes on from Step: Enter asks the next question.
    if (focused) w.views.controls.focus('step') || w.host.focus();
    return result;
  }

  /** An answer from the card's controls: a bad one is named in the card, never thrown at the page. */
  answerFromView(value) {
    try { this.answer(value); } catch (error) { this.#w.announce(error.message, true); }
  }

  /** Forgets a waiting question unanswered (Step back, Reset, a seek, new options, predict mode off). */
  drop() {
    if (!this.#held) return;
    this.#quiz.drop();
    this.#held = null;
    this.#w.store.apply('questionDropped');
  }

  /** Node `id` in a sentence, as the tree labels it: "the start (#0)", "node #12 (slid 4)". */
  nodePhrase(id) {
    const tile = this.#w.views.tree.tileOf(id);
    return tile === null ? `the start (#${id})` : tile === undefined ? `node #${id}` : `node #${id} (slid ${tile})`;
  }
}
