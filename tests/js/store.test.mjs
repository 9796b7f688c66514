// The explorer's store (www/app/store.js): its named transitions, the tasks that stop older
// work, and the timeline's known iterations, which a seek back must not forget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store, TRANSITIONS, BUSY, further, initialState } from '../../www/app/store.js';

const row = (iteration, visited, pruned, nextThreshold) => ({ iteration, threshold: 15 + 2 * iteration, visited, pruned, nextThreshold });

test('a transition that takes over opens a new task; the others keep it', () => {
  const store = new Store();
  const task = store.task;
  store.apply('progressed', { progress: 'half way' });
  assert.equal(store.current(task), true, 'a progress line stops nothing');
  store.apply('runStarted');
  assert.equal(store.current(task), false, 'a Run takes over');
  const run = store.task;
  store.apply('asked');
  assert.equal(store.state.phase, 'idle', 'a question pauses the run');
  assert.equal(store.state.progress, 'Paused at a question: answer it to go on.');
  assert.equal(store.current(run), true, 'asking stops the run by its phase, not by a new task');
  for (const [name, { takesOver }] of Object.entries(TRANSITIONS)) {
    if (!takesOver) continue;
    const before = store.task;
    store.apply(name, name === 'configured' ? { order: 'lrud' } : name === 'solveStarted' ? { progress: '' } : name === 'streamStarted' ? { untilRaise: false } : {});
    assert.equal(store.task, before + 1, `${name} takes over`);
  }
});

test('every phase but idle and replaying is something Pause stops', () => {
  const store = new Store();
  assert.equal(store.busy, false);
  for (const [name, payload, phase] of [['runStarted', {}, 'running'], ['streamStarted', { untilRaise: true }, 'streaming'], ['seekStarted', {}, 'seeking'],
    ['playbackStarted', { moves: [1], shown: 0, interval: 100 }, 'playing'], ['solveStarted', { progress: '' }, 'solving']]) {
    store.apply(name, payload);
    assert.equal(store.state.phase, phase);
    assert.equal(store.busy, true, phase);
    assert.ok(BUSY.includes(phase));
  }
  store.apply('stopped');
  assert.equal(store.state.phase, 'idle');
  store.apply('replayStarted');
  assert.equal(store.busy, false, 'a replay is a few frames: Pause waits for it');
});

test('listeners hear every transition by name, with the new state', () => {
  const store = new Store();
  const heard = [];
  const stop = store.subscribe((state, name) => heard.push([name, state.phase]));
  store.apply('streamStarted', { untilRaise: true });
  store.apply('finished', { progress: 'Iteration 1 done' });
  stop();
  store.apply('runStarted');
  assert.deepEqual(heard, [['streamStarted', 'streaming'], ['finished', 'idle']]);
  assert.equal(store.state.streamingRun, false, 'Next iteration is not a full-speed Run');
  assert.throws(() => store.apply('jumped'), /no transition named "jumped"/);
});

test('the timeline keeps every iteration computed so far when the reader goes back, and the furthest position', () => {
  const store = new Store();
  store.apply('configured', { order: 'lrud' });
  const three = [row(1, 1, 3, 19), row(2, 29, 40, 21), row(3, 100, 120, null)];
  store.apply('shown', { lastEvent: { type: 'node' }, iterations: three, starts: [0, 7, 120], position: 3019 });
  // Back to iteration 2: the snapshot there knows two iterations.
  store.apply('rewound');
  store.apply('shown', { lastEvent: { type: 'iteration' }, iterations: three.slice(0, 2).map((r, i) => (i === 1 ? { ...r, visited: 0, pruned: 0, nextThreshold: null } : r)),
    starts: [0, 7], position: 8 });
  assert.deepEqual(store.state.known.iterations, three, 'the rows after iteration 2 stay');
  assert.deepEqual(store.state.known.starts, [0, 7, 120]);
  assert.equal(store.state.known.furthest, 3019, 'and the way forward again');
  // Going on past where it was: the longer list wins.
  const four = [...three.slice(0, 2), { ...three[2], nextThreshold: 23 }, row(4, 5, 2, null)];
  store.apply('shown', { lastEvent: { type: 'node' }, iterations: four, starts: [0, 7, 120, 500], position: 3100 });
  assert.deepEqual(store.state.known.iterations, four);
  assert.equal(store.state.known.furthest, 3100);
  // Reset keeps them too; new options forget them.
  store.apply('reset');
  assert.equal(store.state.known.iterations.length, 4);
  store.apply('configured', { order: 'udlr' });
  assert.deepEqual(store.state.known, initialState().known);
  assert.equal(store.state.order, 'udlr');
});

test('further: more iterations, or more nodes in the last, or the last one finished', () => {
  assert.equal(further([row(1, 1, 3, 19)], []), true);
  assert.equal(further([], []), false);
  assert.equal(further([row(1, 2, 3, null)], [row(1, 1, 3, null)]), true);
  assert.equal(further([row(1, 1, 3, null)], [row(1, 2, 3, null)]), false);
  assert.equal(further([row(1, 1, 3, 19)], [row(1, 1, 3, null)]), true);
  assert.equal(further([row(1, 1, 3, 19)], [row(1, 1, 3, 19), row(2, 1, 1, null)]), false);
});

test("Solve now's solved moment: one set of numbers, the solution and every iteration known, nothing shown", () => {
  const store = new Store();
  store.apply('solveStarted', { progress: 'Solving now…' });
  const solved = { type: 'solved', length: 2, moves: [3, 6], expanded: 2, generated: 5 };
  const iterations = [row(1, 3, 4, null)];
  store.apply('solvedNow', { solved, parallel: { threshold: 17, iteration: 1, numbers: { g: 2, h: 0, f: 2 } }, progress: 'Solved now', iterations });
  assert.equal(store.state.phase, 'idle');
  assert.deepEqual(store.state.lastEvent, solved);
  assert.notEqual(store.state.lastEvent.moves, solved.moves, 'a copy: a listener changing it changes nothing here');
  assert.deepEqual(store.state.known.iterations, iterations);
  assert.equal(store.state.known.finished, true);
});
