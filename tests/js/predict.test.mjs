// Predict mode's question logic (www/predict.js) against the core's own events: each question
// is about the next event, its expected answer is that event's, and the explanation is the Now
// panel's narration of it; bad answers throw specific errors and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, Solver } from '../../www/pkg/tilesearch.js';
import { Quiz, questionFor, checkAnswer } from '../../www/model/predict.js';
import { narrate } from '../../www/model/narration.js';

initSync({ module: readFileSync(new URL('../../www/pkg/tilesearch_bg.wasm', import.meta.url)) });

/**
 * Walks a whole IDA* search as predict mode does: before each event, the moment shown (the
 * last event, threshold, smallest pruned f, the core's childTiles) and the question the Quiz
 * asks about it; `visit(question, next, quiz)` answers or not.
 */
function walk(board, visit, order) {
  const solver = new Solver({ board, order });
  const quiz = new Quiz();
  let last = null, threshold = null, minPruned = Infinity;
  const tiles = new Map();
  for (;;) {
    const children = solver.childTiles;
    const next = solver.step();
    if (next === undefined) break;
    const parent = next.type === 'node' || next.type === 'prune' ? next.parent : null;
    const question = quiz.ask(next, { last, threshold, minPruned, heuristic: 'manhattan', children, order: solver.order,
      parentName: parent === null ? '' : `node #${parent}` });
    visit(question, next, quiz, { threshold, minPruned, tiles });
    if (next.type === 'iteration') { threshold = next.threshold; minPruned = Infinity; }
    if (next.type === 'prune') minPruned = Math.min(minPruned, next.f);
    if (next.type === 'node') tiles.set(next.id, next.tile);
    last = next;
  }
  solver.free();
  return quiz;
}

test('every kind is asked on the lecture case, about the next event, with the core\'s answer and the Now narration', () => {
  const kinds = new Map();
  let raises = 0;
  const quiz = walk('6 4 5 8 2 7 1 0 3', (question, next, q, { threshold, minPruned }) => {
    if (next.type === 'raise') raises += 1;
    if (question === null) {
      // No question: an iteration's start, the start node, a backtrack.
      assert.ok(['iteration', 'backtrack'].includes(next.type) || (next.type === 'node' && next.parent === null), JSON.stringify(next));
      return;
    }
    kinds.set(question.kind, (kinds.get(question.kind) ?? 0) + 1);
    const expected = { prune: next.type === 'prune' ? 'yes' : 'no', f: next.f, 'next-threshold': next.to, 'next-tile': next.tile, length: next.length }[question.kind];
    const result = q.answer(question.kind === 'prune' ? 'yes' : question.kind === 'next-tile' ? question.choices[0] : 0);
    assert.equal(result.expected, expected, question.prompt);
    assert.ok(result.explanation.endsWith(narrate(next, { threshold, minPruned, heuristic: 'manhattan', tileOf: () => undefined })), result.explanation);
    if (question.kind === 'prune' || question.kind === 'f') {
      assert.ok(question.prompt.includes(`slides tile ${next.tile} (g = ${next.g})`), question.prompt);
      assert.ok(['node', 'prune'].includes(next.type) && next.parent !== null);
    }
    if (question.kind === 'next-tile') {
      assert.ok(question.choices.length >= 2 && question.choices.includes(next.tile), JSON.stringify(question));
      assert.deepEqual(question.choices, [...question.choices].sort((a, b) => a - b), 'choices in ascending order');
    }
    if (question.kind === 'next-threshold') assert.equal(next.type, 'raise');
    if (question.kind === 'length') { assert.equal(next.type, 'solved'); assert.equal(result.expected, 25); }
  });
  assert.deepEqual([...kinds.keys()].sort(), ['f', 'length', 'next-threshold', 'next-tile', 'prune']);
  // Every raise is asked about, the solution once; prune and f take turns.
  assert.ok(raises >= 2);
  assert.equal(kinds.get('next-threshold'), raises);
  assert.equal(kinds.get('length'), 1);
  assert.ok(Math.abs(kinds.get('prune') - kinds.get('f')) <= 1, JSON.stringify([...kinds]));
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  assert.deepEqual(quiz.score, { asked: total, correct: quiz.score.correct, streak: quiz.score.streak, bestStreak: quiz.score.bestStreak });
});

test('Which tile slides next? is asked for the first child of a node with several children only', () => {
  walk('8 6 7 2 5 4 3 0 1', (question, next, quiz) => {
    if (question?.kind === 'next-tile') {
      const result = quiz.answer(next.tile);
      assert.equal(result.correct, true);
      assert.match(result.explanation, /^The blank tries its moves in the order left, right, up, down/);
    } else if (question) quiz.drop();
  });
  // In another move order the question follows it (the core's childTiles and events do).
  let asked = 0;
  walk('8 6 7 2 5 4 3 0 1', (question, next, quiz) => {
    if (question?.kind === 'next-tile') {
      asked += 1;
      assert.equal(quiz.answer(next.tile).correct, true);
    } else if (question) quiz.drop();
  }, 'udlr');
  assert.ok(asked > 0);
  const solver = new Solver({ board: '8 6 7 2 5 4 3 0 1', order: 'udlr' });
  solver.step(); solver.step();
  const children = solver.childTiles;
  const next = solver.step();
  const { explanation } = questionFor(next, { last: { type: 'node', id: 0 }, threshold: 1, minPruned: Infinity, heuristic: 'manhattan', children, order: solver.order, parentName: 'the start', turn: 0 });
  assert.match(explanation, /^The blank tries its moves in the order up, down, left, right/);
  solver.free();
});

test('score and streak: right answers count and build the streak, a wrong one breaks it', () => {
  const quiz = new Quiz();
  const prune = { type: 'prune', id: 5, parent: 1, g: 2, h: 20, f: 22, threshold: 21, tile: 4 };
  const moment = { last: { type: 'prune', id: 4, parent: 1, g: 2, h: 21, f: 23, threshold: 21, tile: 7 }, threshold: 21, minPruned: 23, heuristic: 'manhattan', children: [], parentName: 'node #1 (slid 3)' };
  assert.equal(quiz.question, null);
  assert.deepEqual(quiz.ask(prune, moment), { kind: 'prune', prompt: 'Node #1 (slid 3) generates the child that slides tile 4 (g = 2). Will it be pruned at threshold 21?', choices: ['yes', 'no'] });
  assert.deepEqual(quiz.answer(true), { kind: 'prune', given: 'yes', correct: true, expected: 'yes',
    explanation: 'Slide 4: f = 2 + 20 = 22 > threshold 21: pruned, next threshold at most 22.' });
  assert.equal(quiz.ask(prune, moment).kind, 'f'); // they take turns
  assert.equal(quiz.answer(22).correct, true);
  assert.deepEqual(quiz.score, { asked: 2, correct: 2, streak: 2, bestStreak: 2 });
  quiz.ask(prune, moment);
  const wrong = quiz.answer('no');
  assert.equal(wrong.correct, false);
  assert.equal(wrong.expected, 'yes');
  assert.deepEqual(quiz.score, { asked: 3, correct: 2, streak: 0, bestStreak: 2 });
  // A dropped question is not scored.
  quiz.ask(prune, moment);
  quiz.drop();
  assert.equal(quiz.question, null);
  assert.deepEqual(quiz.score, { asked: 3, correct: 2, streak: 0, bestStreak: 2 });
  // The copies handed out cannot change the pending question.
  const raise = { type: 'raise', from: 21, to: 23 };
  const asked = quiz.ask(raise, moment);
  asked.prompt = 'changed';
  assert.equal(quiz.question.kind, 'next-threshold');
  assert.match(quiz.question.prompt, /^No goal within threshold 21/);
  assert.equal(quiz.answer(23).explanation, 'No goal within threshold 21: raise the threshold to 23, the smallest pruned f.');
});

test('bad answers throw a specific error and leave the question pending and the score untouched', () => {
  const quiz = new Quiz();
  assert.throws(() => quiz.answer(3), { name: 'Error', message: /^answer\(value\): no question is waiting/ });
  const moment = { last: { type: 'node', id: 1, parent: 0, g: 1, h: 20, f: 21, tile: 3, blank: 4 }, threshold: 21, minPruned: Infinity, heuristic: 'manhattan',
    children: [7, 2, 5], parentName: 'node #1 (slid 3)' };
  const child = { type: 'node', id: 2, parent: 1, g: 2, h: 19, f: 21, tile: 7, blank: 3 };
  const question = quiz.ask(child, moment);
  assert.deepEqual(question.choices, [2, 5, 7]);
  assert.throws(() => quiz.answer(9), { name: 'RangeError', message: /tile 9 does not slide here; choose one of 2, 5 or 7\./ });
  assert.throws(() => quiz.answer('7'), { name: 'TypeError', message: /takes a number, not "7"\./ });
  assert.throws(() => quiz.answer(undefined), { name: 'TypeError', message: /not undefined\./ });
  assert.deepEqual(quiz.question, question);
  assert.deepEqual(quiz.score, { asked: 0, correct: 0, streak: 0, bestStreak: 0 });
  assert.equal(quiz.answer(7).correct, true);
  // Numbers: whole and 0 or more; prune: yes or no.
  const f = { question: { kind: 'f', prompt: 'Node #1 generates a child. What is its f = g + h?', choices: null } };
  for (const bad of [-1, 2.5, NaN, Infinity]) assert.throws(() => checkAnswer(f.question, bad), { name: 'RangeError', message: /takes a whole number \(0 or more\)/ });
  assert.throws(() => checkAnswer(f.question, null), { name: 'TypeError', message: /^answer\(value\): "What is its f = g \+ h\?" takes a number, not null\./ });
  assert.throws(() => checkAnswer({ kind: 'prune', prompt: 'Will it be pruned at threshold 3?', choices: ['yes', 'no'] }, 'maybe'),
    { name: 'TypeError', message: /takes "yes" or "no" \(or true or false\), not "maybe"\./ });
  assert.equal(checkAnswer(f.question, 0), 0);
});

test('no question about the start node, an iteration or a backtrack', () => {
  const moment = { last: null, threshold: null, minPruned: Infinity, heuristic: 'manhattan', children: [], parentName: '', turn: 0 };
  assert.equal(questionFor({ type: 'iteration', iteration: 1, threshold: 17 }, moment), null);
  assert.equal(questionFor({ type: 'node', id: 0, parent: null, g: 0, h: 17, f: 17, tile: null, blank: 7 }, moment), null);
  assert.equal(questionFor({ type: 'backtrack', id: 3 }, moment), null);
});
