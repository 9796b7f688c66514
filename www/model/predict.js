// Predict mode's questions. Pure: no DOM and no search. The explorer steps its own Solver one
// event ahead and holds that event unrevealed; `questionFor` turns the held event and the
// moment shown into a question, and a `Quiz` keeps that question pending, checks an answer
// against the held event (the core's answer, never one worked out here) and keeps the score.
// The explanations are the Now panel's narration of the event the answer reveals.
import { narrate } from './narration.js';
import { moveWords } from './words.js';

/** @typedef {'prune' | 'f' | 'next-threshold' | 'next-tile' | 'length'} QuestionKind */
/** @typedef {{kind: QuestionKind, prompt: string, choices: (string | number)[] | null}} Question */
/** @typedef {{kind: QuestionKind, given: string | number, correct: boolean, expected: string | number, explanation: string}} Answer */

/**
 * What the explorer knows at the moment shown, besides the held event.
 * @typedef {object} Moment
 * @property {import('../pkg/tilesearch.js').TraceEvent | null} last the last event shown
 * @property {number | null} threshold the iteration's threshold
 * @property {number} minPruned the smallest f pruned so far in this iteration (Infinity: none)
 * @property {string} heuristic
 * @property {number[]} children the core's childTiles at the node shown (the next event's siblings, when it is the first child)
 * @property {string} [order] the Solver's move order, e.g. "lrud" (the lecture's, when absent)
 * @property {string} parentName the held child's parent in a sentence ("node #12 (slid 4)", "the start (#0)")
 * @property {number} turn child questions asked so far (they take turns: pruned? then f)
 * @property {{id: number, tile: number | null}[]} [causes] the children pruned so far with f = minPruned (view-state.js)
 * @property {number} [causeCount] how many there are, kept or not
 */

const YES_NO = ['yes', 'no'];
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
/** A caller's value as an error message shows it. */
const show = (value) => (typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? Object.prototype.toString.call(value) : String(value));

/**
 * The question about the held event `next`, or null when none applies (an iteration's start,
 * the start node, a backtrack). Returns the public question and, kept private by the Quiz, the
 * expected answer and the explanation.
 * @param {import('../pkg/tilesearch.js').TraceEvent} next
 * @param {Moment} moment
 * @returns {{question: Question, expected: string | number, explanation: string} | null}
 */
export function questionFor(next, { last, threshold, minPruned, heuristic, children, order = 'lrud', parentName, turn, causes = [], causeCount = causes.length }) {
  const narration = (event) => narrate(event, { threshold, minPruned, heuristic, tileOf: () => undefined, causes, causeCount });
  const ask = (kind, prompt, choices, expected, explanation = narration(next)) => ({ question: { kind, prompt, choices }, expected, explanation });
  switch (next.type) {
    case 'solved':
      return ask('length', 'The goal is reached. How many moves is the shortest solution?', null, next.length,
        `The goal's g is the number of moves from the start: ${next.length}. ${narration(next)}`);
    case 'raise':
      return ask('next-threshold', `No goal within threshold ${next.from}: the iteration is over. What is the next threshold?`, null, next.to);
    case 'node': case 'prune': {
      if (next.parent === null) return null; // the start: nothing to work out
      const firstOfSeveral = last?.type === 'node' && last.id === next.parent && children.length >= 2;
      if (firstOfSeveral) {
        const choices = [...children].sort((a, b) => a - b); // ascending: the order gives nothing away
        // The answer follows from the move order: the question says which it is (the widget's, not always the lecture's).
        return ask('next-tile', `${capital(parentName)} is expanded; the blank tries ${moveWords(order)}. Which tile slides first: ${list(choices)}?`,
          choices, next.tile,
          `The blank tries its moves in the order ${moveWords(order)} (never undoing the last move), so tile ${next.tile} slides first. ${narration(next)}`);
      }
      const child = `${capital(parentName)} generates the child that slides tile ${next.tile} (g = ${next.g}).`;
      return turn % 2 === 0
        ? ask('prune', `${child} Will it be pruned at threshold ${threshold}?`, [...YES_NO], next.type === 'prune' ? 'yes' : 'no')
        : ask('f', `${child} What is its f = g + h?`, null, next.f);
    }
    default:
      return null;
  }
}

/**
 * `value` as an answer to `question`; throws a TypeError (wrong kind of value) or a RangeError
 * (a number that cannot be an answer) whose message names the call and what it takes.
 * @param {Question} question
 * @param {unknown} value
 * @returns {string | number}
 */
export function checkAnswer(question, value) {
  const asked = `answer(value): "${question.prompt.split('. ').at(-1)}"`;
  if (question.kind === 'prune') {
    if (value === true || value === 'yes') return 'yes';
    if (value === false || value === 'no') return 'no';
    throw new TypeError(`${asked} takes "yes" or "no" (or true or false), not ${show(value)}.`);
  }
  if (typeof value !== 'number') throw new TypeError(`${asked} takes a number, not ${show(value)}.`);
  if (question.kind === 'next-tile') {
    if (!question.choices.includes(value)) throw new RangeError(`${asked}: tile ${show(value)} does not slide here; choose one of ${list(question.choices)}.`);
    return value;
  }
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${asked} takes a whole number (0 or more), not ${show(value)}.`);
  return value;
}

/** The question pending in one widget, and its score. */
export class Quiz {
  /** @type {{question: Question, expected: string | number, explanation: string} | null} */
  #pending = null;
  #turn = 0;
  #score = { asked: 0, correct: 0, streak: 0, bestStreak: 0 };

  /** The pending question (a copy), or null. @returns {Question | null} */
  get question() {
    const q = this.#pending?.question;
    return q ? { kind: q.kind, prompt: q.prompt, choices: q.choices && [...q.choices] } : null;
  }

  /** Questions answered, answered right, right in a row now, and the longest such run. */
  get score() { return { ...this.#score }; }

  /**
   * Asks about the held event `next` when a question applies; returns the question (a copy)
   * or null. A question still pending is replaced.
   * @param {import('../pkg/tilesearch.js').TraceEvent} next
   * @param {Omit<Moment, 'turn'>} moment
   */
  ask(next, moment) {
    this.#pending = questionFor(next, { ...moment, turn: this.#turn });
    if (this.#pending && (this.#pending.question.kind === 'prune' || this.#pending.question.kind === 'f')) this.#turn += 1;
    return this.question;
  }

  /**
   * Checks `value` against the pending question and scores it; the question is then answered.
   * A bad call (nothing pending, a value of the wrong type or out of range) throws and changes nothing.
   * @param {unknown} value
   * @returns {Answer}
   */
  answer(value) {
    if (!this.#pending) throw new Error('answer(value): no question is waiting; in predict mode, Step asks one first.');
    const given = checkAnswer(this.#pending.question, value);
    const { question, expected, explanation } = this.#pending;
    this.#pending = null;
    const correct = given === expected;
    const score = this.#score;
    score.asked += 1;
    if (correct) { score.correct += 1; score.streak += 1; score.bestStreak = Math.max(score.bestStreak, score.streak); } else score.streak = 0;
    return { kind: question.kind, given, correct, expected, explanation };
  }

  /** Forgets the pending question unanswered and unscored (the student moved elsewhere). */
  drop() { this.#pending = null; }
}

/**
 * The pseudo-code's step with the smallest pruned f hidden (`min`, `t` and the sentence's
 * number), while "What is the next threshold?" waits: it would be the answer.
 * @param {import('./pseudo-code.js').CodeStep} step
 * @returns {import('./pseudo-code.js').CodeStep}
 */
export function hideSmallestPruned(step) {
  if (!step) return step;
  return { ...step, vars: step.vars.map((v) => (v.name === 'min' || v.name === 't' ? { name: v.name, value: '?' } : v)),
    text: step.text.replace(/min = [\d,]+/g, 'min').replace(/return [\d,]+/g, 'return min') };
}
