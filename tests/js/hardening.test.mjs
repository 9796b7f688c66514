// The built package under attack, as a page's script can call it: freed objects, calls from
// inside onEvent and option getters, proxies whose traps throw, wrong types for every
// parameter, and 100,000 thrown errors; afterwards every solver still works. Each of these
// once left the instance trapping ("memory access out of bounds") or threw wasm-bindgen's raw
// messages without a kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/tilesearch.js';

const root = new URL('../../', import.meta.url);
wasm.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const { Solver, PatternDatabaseBuilder } = wasm;
const EASY = '1 2 3 4 0 6 7 5 8';
const LECTURE = '6 4 5 8 2 7 1 0 3';

/** An assert.throws check: a TileSearchError of `kind` whose message matches `message`. */
const tileSearchError = (kind, message) => (e) => {
  assert.ok(e instanceof Error, `not an Error: ${e}`);
  assert.equal(e.name, 'TileSearchError', String(e));
  assert.equal(e.kind, kind, e.message);
  if (message !== undefined) assert.match(e.message, message);
  return true;
};

/** Every event of a fresh solver on `board`, as JSON. */
function events(board) {
  const s = new Solver({ board });
  const all = [];
  for (let e; (e = s.step()) !== undefined;) all.push(JSON.stringify(e));
  s.free();
  return all;
}
const lectureEvents = events(LECTURE);
const rest = (s) => {
  const out = [];
  for (let e; (e = s.step()) !== undefined;) out.push(JSON.stringify(e));
  return out;
};

const members = (C) => Object.getOwnPropertyNames(C.prototype).filter((k) => k !== 'constructor');
const getters = (C) => members(C).filter((k) => Object.getOwnPropertyDescriptor(C.prototype, k).get);
/** Calls member `key` of `object` (a getter is read). */
const use = (C, object, key) => (getters(C).includes(key) ? object[key] : object[key](1));

test('the issue\'s repro: 9,000 reads of a freed solver\'s nodes, then every solver works', () => {
  const older = new Solver({ board: LECTURE });
  for (let i = 0; i < 5; i++) older.step();
  const s = new Solver({ board: EASY });
  s.free();
  for (let i = 0; i < 9000; i++) {
    assert.throws(() => s.nodes, tileSearchError('freed', /^this Solver was freed \(free\(\) was called\): create a new Solver$/));
  }
  assert.equal(new Solver({ board: EASY }).run().length, 2);
  assert.deepEqual(rest(older), lectureEvents.slice(5));
});

test('5,000 new Solver(options) whose getters and traps throw, then every solver works', () => {
  const older = new Solver({ board: LECTURE });
  older.step();
  const hostile = [
    { get board() { throw new Error('getter'); } },
    new Proxy({}, { ownKeys() { throw 0; } }),
    new Proxy({ board: EASY }, { get() { throw 'trap'; } }),
    new Proxy({ board: EASY }, { getOwnPropertyDescriptor() { throw 1; } }),
  ];
  for (let i = 0; i < 5000; i++) {
    assert.throws(() => new Solver(hostile[i % hostile.length]), tileSearchError('input-threw', /threw: /));
  }
  assert.equal(new Solver({ board: EASY }).run().length, 2);
  assert.deepEqual(rest(older), lectureEvents.slice(1));
});

test('run(options) whose traps or getters throw: a specific error, and the solver goes on', () => {
  const s = new Solver({ board: LECTURE });
  s.step();
  assert.throws(() => s.run(new Proxy({}, { ownKeys() { throw 0; } })),
    tileSearchError('input-threw', /^listing the keys of run\(options\) threw: 0$/));
  // A budget getter that throws is reported, not ignored (the run would otherwise go to the end).
  assert.throws(() => s.run({ get maxNodes() { throw new Error('boom'); } }),
    tileSearchError('input-threw', /^reading option maxNodes of run\(options\) threw: Error: boom$/));
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  assert.throws(() => s.run(revocable.proxy), tileSearchError('input-threw', /^checking the run\(options\) object threw: TypeError/));
  assert.throws(() => s.run({ maxNodes: 1, onEvent: new Proxy({}, {}) }), tileSearchError('invalid-option', /onEvent must be a function/));
  assert.deepEqual(rest(s), lectureEvents.slice(1));
});

test('calls on the same solver from inside onEvent: "busy"; the run pauses there and resumes', () => {
  const calls = {
    nodes: (s) => s.nodes, status: (s) => s.status, step: (s) => s.step(), free: (s) => s.free(),
    run: (s) => s.run(), stepMany: (s) => s.stepMany(5), skip: (s) => s.skip(1), reset: (s) => s.reset(),
    summary: (s) => s.summary(), frontier: (s) => s.frontier(3),
  };
  const s = new Solver({ board: LECTURE });
  let delivered = 0;
  for (const [name, call] of Object.entries(calls)) {
    const seen = [];
    assert.throws(() => s.run({ onEvent: (e) => { seen.push(JSON.stringify(e)); if (seen.length === 3) call(s); } }),
      tileSearchError('busy', new RegExp(`^${name} cannot be called from inside its own onEvent callback or option getters: this Solver is still in run\\(\\); call it after run\\(\\) returns$`)));
    assert.deepEqual(seen, lectureEvents.slice(delivered, delivered + 3), name);
    delivered += 3;
  }
  // Another solver may be used from inside onEvent.
  const other = new Solver({ board: EASY });
  let otherNodes;
  s.run({ maxNodes: 1, onEvent: () => { otherNodes ??= other.nodes; other.step(); } });
  assert.equal(otherNodes, 0);
  assert.equal(other.run().length, 2);
  const again = new Solver({ board: LECTURE });
  again.skip(delivered);
  again.run({ maxNodes: 1 });
  assert.deepEqual(rest(s), rest(again));
});

test('option getters that call back into the same solver: the error names the option and says busy', () => {
  const s = new Solver({ board: LECTURE });
  s.step();
  assert.throws(() => s.run({ get maxNodes() { s.step(); return 1; } }),
    tileSearchError('input-threw', /^reading option maxNodes of run\(options\) threw: TileSearchError: step cannot be called from inside its own onEvent callback or option getters: this Solver is still in run\(\)/));
  assert.throws(() => s.run({ get onEvent() { s.free(); return undefined; } }), tileSearchError('input-threw', /free cannot be called/));
  // A getter of new Solver's options may free another solver.
  const other = new Solver({ board: EASY });
  const made = new Solver({ get board() { other.free(); return EASY; } });
  assert.throws(() => other.step(), tileSearchError('freed'));
  assert.equal(made.run().length, 2);
  assert.deepEqual(rest(s), lectureEvents.slice(1));
});

test('every member of a freed Solver or PatternDatabaseBuilder says so; free() twice is harmless', () => {
  for (const [C, make] of [[Solver, () => new Solver({ board: EASY })], [PatternDatabaseBuilder, () => new PatternDatabaseBuilder()]]) {
    const object = make();
    object.free();
    object.free();
    for (const key of members(C).filter((k) => k !== 'free')) {
      assert.throws(() => use(C, object, key), tileSearchError('freed', new RegExp(`^this ${C.name} was freed \\(free\\(\\) was called\\): create a new ${C.name}$`)), key);
    }
  }
});

test('members called on something that is not an object of their class: "wrong-this"', () => {
  for (const C of [Solver, PatternDatabaseBuilder]) {
    for (const key of members(C)) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, key);
      for (const self of [{}, null, 5, Object.create(C.prototype), new Proxy({}, {})]) {
        assert.throws(() => (d.get ? d.get.call(self) : d.value.call(self, 1)),
          tileSearchError('wrong-this', new RegExp(`^${C.name}\\.prototype\\.${key} was called on something that is not a ${C.name}`)), `${C.name}.${key}`);
      }
    }
  }
  // The glue's own objects are not reachable: the public prototype has no private members.
  assert.deepEqual(members(Solver).filter((k) => k.startsWith('_')), []);
});

test('wrong types for every parameter: a specific error naming the parameter, never a trap', () => {
  const s = new Solver({ board: EASY });
  const builder = new PatternDatabaseBuilder();
  const repros = [
    [() => wasm.describeBoard(EASY, 5), /^describeBoard\(board, goal\): goal must be "blank-last" or "blank-first", got 5$/],
    [() => wasm.randomBoard(3, 7, 1), /^randomBoard\(width, goal, seed\): goal must be "blank-last" or "blank-first", got 7$/],
    [() => wasm.patternDatabasesReady({}), /^patternDatabasesReady\(goal\): goal must be .* got an object$/],
    [() => new PatternDatabaseBuilder(5), /^new PatternDatabaseBuilder\(goal\): goal must be .* got 5$/],
    [() => wasm.loadPatternDatabases(5, new Uint8Array(4)), /^loadPatternDatabases\(goal, bytes\): goal must be .* got 5$/],
    [() => wasm.exportPatternDatabases(Symbol()), /^exportPatternDatabases\(goal\): goal must be .* got a symbol$/],
    [() => wasm.loadPatternDatabases('blank-last', [1, 2, 3]), /^loadPatternDatabases\(goal, bytes\): bytes must be a Uint8Array or an ArrayBuffer .* got an array$/],
    [() => s.skip('5'), /^skip\(n\) takes a whole number of events \(0 or more\), got "5"$/],
    [() => s.stepMany(true), /^stepMany\(n\) takes a whole number of events from 0 to 1000000, got true$/],
    [() => s.frontier('1'), /^frontier\(limit\) takes a whole number from 0 to 1000, got "1"$/],
    [() => builder.work('5'), /^work\(budget\) takes a whole number from 1 to 1e9, got "5"$/],
    [() => wasm.boardAfter(EASY, [-251]), /^boardAfter\(start, moves\): element 1 of moves is -251, not a tile \(a whole number from 1 to 24\)$/],
    [() => wasm.randomBoard(3.7), /^randomBoard\(width, goal, seed\): width must be a whole number \(3, 4 or 5\), got 3\.7$/],
    [() => wasm.randomBoard(-1), /^randomBoard\(width, goal, seed\): width must be a whole number \(3, 4 or 5\), got -1$/],
    [() => wasm.randomBoard(4, 'blank-last'), /^randomBoard\(width, goal, seed\): seed must be a number, got undefined$/],
  ];
  for (const [call, message] of repros) assert.throws(call, tileSearchError('invalid-option', message), String(call));

  // Every parameter of every export, with values of every type: a TileSearchError or a result.
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const values = [undefined, null, true, 0, -1, 3.7, NaN, 1e300, '', '5', 'x'.repeat(200000), Symbol('s'), 10n, {}, [],
    [1, 2], () => {}, new Uint8Array(3), new ArrayBuffer(3), new Proxy({}, { ownKeys() { throw 0; }, get() { throw 1; } }),
    revoked.proxy, { get length() { throw 2; } }, new Proxy([5, 8], { get() { throw 3; } })];
  const fresh = () => new Solver({ board: EASY });
  const calls = {
    'parseBoard(v)': (v) => wasm.parseBoard(v),
    'describeBoard(v)': (v) => wasm.describeBoard(v),
    'describeBoard(b, v)': (v) => wasm.describeBoard(EASY, v),
    'boardAfter(v, [5])': (v) => wasm.boardAfter(v, [5]),
    'boardAfter(b, v)': (v) => wasm.boardAfter(EASY, v),
    'randomBoard(v, g, 1)': (v) => wasm.randomBoard(v, 'blank-last', 1),
    'randomBoard(3, v, 1)': (v) => wasm.randomBoard(3, v, 1),
    'randomBoard(3, g, v)': (v) => wasm.randomBoard(3, 'blank-last', v),
    'patternDatabasesReady(v)': (v) => wasm.patternDatabasesReady(v),
    'exportPatternDatabases(v)': (v) => wasm.exportPatternDatabases(v),
    'loadPatternDatabases(v, b)': (v) => wasm.loadPatternDatabases(v, new Uint8Array(3)),
    'loadPatternDatabases(g, v)': (v) => wasm.loadPatternDatabases('blank-last', v),
    'new PatternDatabaseBuilder(v)': (v) => new PatternDatabaseBuilder(v).free(),
    'work(v)': (v) => builder.work(v),
    'new Solver(v)': (v) => new Solver(v),
    'new Solver({board: v})': (v) => new Solver({ board: v }),
    'new Solver({heuristic: v})': (v) => new Solver({ board: EASY, heuristic: v }),
    'new Solver({goal: v})': (v) => new Solver({ board: EASY, goal: v }),
    'new Solver({algorithm: v})': (v) => new Solver({ board: EASY, algorithm: v }),
    'new Solver({maxReached: v})': (v) => new Solver({ board: EASY, maxReached: v }),
    'run(v)': (v) => fresh().run(v),
    'run({maxNodes: v})': (v) => fresh().run({ maxNodes: v }),
    'run({onEvent: v})': (v) => fresh().run({ onEvent: v }),
    'stepMany(v)': (v) => fresh().stepMany(v),
    'skip(v)': (v) => fresh().skip(v),
    'frontier(v)': (v) => fresh().frontier(v),
  };
  const kinds = new Set();
  for (const [name, call] of Object.entries(calls)) {
    for (const v of values) {
      try {
        call(v);
      } catch (e) {
        assert.ok(e instanceof Error && e.name === 'TileSearchError' && typeof e.kind === 'string', `${name} with a value of type ${typeof v}: ${e}`);
        kinds.add(e.kind);
      }
    }
  }
  for (const kind of ['input-threw', 'invalid-option', 'unknown-goal']) assert.ok(kinds.has(kind), kind);
  assert.equal(s.run().length, 2);
});

test('100,000 thrown errors of every kind, then every solver still works', () => {
  const solvers = [0, 1, 2].map(() => new Solver({ board: LECTURE }));
  solvers.forEach((s, i) => s.skip(i * 7));
  const freed = new Solver({ board: EASY });
  freed.free();
  const freedBuilder = new PatternDatabaseBuilder();
  freedBuilder.free();
  const scratch = new Solver({ board: LECTURE });
  const ownKeys = new Proxy({}, { ownKeys() { throw 0; } });
  const stop = new Error('stop');
  const counts = {};
  for (let i = 0; i < 100_000; i++) {
    const s = solvers[i % 3];
    const attempts = [
      () => freed.nodes,
      () => freedBuilder.work(1),
      () => s.run({ onEvent: () => s.step() }),
      () => Solver.prototype.reset.call({}),
      () => s.run(ownKeys),
      () => s.run({ get maxNodes() { throw stop; } }),
      () => s.stepMany('5'),
      () => wasm.describeBoard(LECTURE, 5),
      () => new Solver({ board: '1 2 3 4 4 6 7 8 0' }),
      () => { scratch.reset(); scratch.run({ onEvent() { throw stop; } }); },
    ];
    try {
      attempts[i % attempts.length]();
      assert.fail('no error');
    } catch (e) {
      const kind = e === stop ? '(onEvent\'s own)' : e.kind;
      assert.ok(kind, String(e));
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    // The busy attempt delivered one event before its re-entrant call: back to where it stood.
    if (i % attempts.length === 2) {
      s.reset();
      s.skip((i % 3) * 7);
    }
  }
  assert.deepEqual(Object.keys(counts).sort(), ['(onEvent\'s own)', 'busy', 'duplicate-tile', 'freed', 'input-threw', 'invalid-option', 'wrong-this']);
  solvers.forEach((s, i) => assert.deepEqual(rest(s), lectureEvents.slice(i * 7)));
  assert.deepEqual(events(LECTURE), lectureEvents);
});

test('calls made with the JS stack nearly exhausted: the call is "interrupted", the module repaired, other solvers unaffected', () => {
  // Each level of `dive` calls in after the levels below it ran out of stack, so calls start at
  // every depth near the limit and some run out inside the module's imports, after they entered
  // wasm. That once left the shadow stack pointer moved: a few rounds later every solver of the
  // instance trapped ("unreachable", "memory access out of bounds").
  const counts = {};
  const note = (e) => {
    const kind = e?.kind ?? (e instanceof RangeError ? 'RangeError' : `untyped: ${e}`);
    counts[kind] = (counts[kind] ?? 0) + 1;
    return kind;
  };
  const clean = new Solver({ board: LECTURE });
  const length = clean.run().length;
  clean.free();
  const bystander = new Solver({ board: LECTURE });
  for (let i = 0; i < 9; i++) bystander.step();
  const retired = [];
  let current = new Solver({ board: LECTURE });
  const attempt = () => {
    try { new Solver({ board: EASY, heuristic: 'x' }); } catch (e) { note(e); }
    try { wasm.describeBoard([1, 2, 3, 4, 0, 6, 7, 5, 8], 'blank-last'); } catch (e) { note(e); }
    try { current.run({ maxNodes: 3 }); } catch (e) {
      if (note(e) === 'interrupted') {
        if (retired.at(-1)?.solver !== current) retired.push({ solver: current, error: e });
        current = new Solver({ board: LECTURE }); // may itself run out of stack: then again next time
      }
    }
  };
  const dive = () => { try { dive(); } catch { /* the stack ran out below */ } attempt(); };
  for (let round = 0; round < 200 && (counts.interrupted ?? 0) < 20; round++) dive();
  assert.ok(counts.interrupted >= 20, JSON.stringify(counts));
  assert.deepEqual(Object.keys(counts).filter((k) => !['interrupted', 'RangeError', 'unknown-heuristic'].includes(k)), [], JSON.stringify(counts));
  assert.ok(retired.length > 0, JSON.stringify(counts));
  for (const { solver, error } of retired.slice(0, 5)) {
    // Made at the end of the stack, the first error may carry a short message; later ones the module's.
    assert.match(error.message, /^run.*\(RangeError: Maximum call stack size exceeded\)/);
    assert.ok(error.cause instanceof RangeError);
    assert.throws(() => solver.step(), tileSearchError('interrupted',
      /^step was interrupted by a JavaScript error thrown inside it \(RangeError: Maximum call stack size exceeded\): this Solver can no longer be used, create a new Solver; other objects are not affected$/));
    assert.throws(() => solver.nodes, tileSearchError('interrupted'));
    solver.free();
    solver.free();
  }
  // The module is whole again: the bystander resumes exactly, new solvers solve, errors still throw.
  assert.deepEqual(rest(bystander), lectureEvents.slice(9));
  for (let i = 0; i < 2000; i++) {
    const s = new Solver({ board: LECTURE });
    assert.equal(s.run().length, length);
    s.free();
  }
  assert.throws(() => new Solver({ board: EASY, heuristic: 'x' }), tileSearchError('unknown-heuristic'));
  assert.deepEqual(events(LECTURE), lectureEvents);
});

test('stepMany takes at most 1,000,000 events a call', () => {
  const s = new Solver({ board: EASY });
  assert.throws(() => s.stepMany(1e7), tileSearchError('invalid-option', /^stepMany\(n\) takes a whole number of events from 0 to 1000000, got 10000000$/));
  assert.ok(s.stepMany(1_000_000).length > 0);
});

test('the pdb-missing message names the API that exists', () => {
  assert.throws(() => new Solver({ board: '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2', heuristic: 'pdb' }), (e) => {
    tileSearchError('pdb-missing')(e);
    assert.doesNotMatch(e.message, /buildPatternDatabases/);
    assert.match(e.message, /new PatternDatabaseBuilder\(goal\).*install\(\).*loadPatternDatabases/);
    return true;
  });
});

test('the package exports the same names as before, and no private ones', () => {
  assert.deepEqual(Object.keys(wasm).sort(), ['PacketSearcher', 'ParallelSearch', 'PatternDatabaseBuilder', 'RunProfiler', 'Solver', 'boardAfter', 'catalog', 'checkTrace', 'default', 'describeBoard',
    'exportPatternDatabases', 'heuristicQuality', 'heuristicsAlong', 'initSync', 'loadPatternDatabaseParts', 'loadPatternDatabases', 'parallelSplitAbove', 'parseBoard',
    'patternDatabasesReady', 'randomBoard', 'teamHelp', 'teamLead', 'teamOpen']);
  assert.equal(Solver.name, 'Solver');
  assert.ok(new Solver({ board: EASY }) instanceof Solver);
});

test('a team is refused by the build whose memory is its own, with a specific error, in every call', () => {
  const refused = (call) => (e) => {
    tileSearchError('invalid-option')(e);
    assert.equal(e.message, `${call}: a team is for workers sharing one memory (on a cross-origin isolated page)`);
    return true;
  };
  assert.throws(() => wasm.teamOpen({ board: EASY, workers: 2 }), refused('teamOpen(options)'));
  assert.throws(() => wasm.teamLead(1, () => true, 8), refused('teamLead(team, goOn, ms)'));
  assert.throws(() => wasm.teamHelp(1, 1, 5), refused('teamHelp(team, worker, ms)'));
  // Every solver still works.
  const solver = new Solver({ board: EASY });
  assert.equal(solver.run().status, 'solved');
  solver.free();
});

test('ParallelSearch.searchWhole(searcher): a freed or foreign searcher is refused with a kind, and both objects stay usable', () => {
  const options = { board: LECTURE };
  const run = new wasm.ParallelSearch({ ...options, workers: 2, splitAbove: wasm.parallelSplitAbove() });
  const freed = new wasm.PacketSearcher(options);
  freed.free();
  assert.throws(() => run.searchWhole(freed), tileSearchError('freed', /^this PacketSearcher was freed/));
  const solver = new Solver(options);
  for (const [wrong, got] of [[solver, 'a Solver'], [{}, '[object Object]'], [null, 'null'], [5, '5'], [Object.create(wasm.PacketSearcher.prototype), '[object Object]']]) {
    assert.throws(() => run.searchWhole(wrong), tileSearchError('invalid-option', new RegExp(`^ParallelSearch\\.searchWhole takes a PacketSearcher of this module, got ${got.replace(/[[\]]/g, '\\$&')}$`)), got);
  }
  // A searcher made for another search (here another board) would give another search's counts.
  const other = new wasm.PacketSearcher({ board: EASY });
  assert.throws(() => run.searchWhole(other), tileSearchError('invalid-option',
    /^searchWhole\(searcher\): the searcher was made for another search \(another board\): make it with this search's options$/));
  other.free();
  // After all of these, both still search: the lecture's board in one call, as the Solver.
  const searcher = new wasm.PacketSearcher(options);
  const searched = run.searchWhole(searcher);
  // Its keys are the declared WholeSearched's (the object is built key by key in src/wasm/parallel.rs).
  const declarations = readFileSync(new URL('www/pkg/tilesearch.d.ts', root), 'utf8');
  const declared = /export interface WholeSearched \{([^}]*)\}/.exec(declarations)[1];
  assert.deepEqual(Object.keys(searched).sort(), [...declared.matchAll(/^\s*(\w+): number;/gm)].map((m) => m[1]).sort());
  const expected = solver.run();
  assert.equal(searched.iterations, expected.iterations.length);
  assert.equal(run.iteration(), null);
  assert.deepEqual(run.summary, expected);
  for (const o of [run, searcher, solver]) o.free();
});

test('ParallelSearch.searchAhead(searcher, nodes): a bad budget or searcher is refused with a kind; it takes split packets in order as their results, to the Solver\'s summary', () => {
  const options = { board: LECTURE };
  const run = new wasm.ParallelSearch({ ...options, workers: 2, splitAbove: 0 }); // every iteration split
  const searcher = new wasm.PacketSearcher(options);
  for (const [nodes, got] of [[-1, '-1'], [1.5, '1.5'], ['5', '"5"'], [Number.NaN, 'NaN'], [undefined, 'undefined'], [2 ** 53, String(2 ** 53)]]) {
    assert.throws(() => run.searchAhead(searcher, nodes), tileSearchError('invalid-option',
      new RegExp(`^searchAhead\\(searcher, nodes\\) takes a number of nodes \\(a whole number, 0 or more\\), got ${got.replace(/[.]/g, '\\$&')}$`)), got);
  }
  const other = new wasm.PacketSearcher({ board: EASY });
  assert.throws(() => run.searchAhead(other, 10), tileSearchError('invalid-option',
    /^searchAhead\(searcher, nodes\): the searcher was made for another search \(another board\): make it with this search's options$/));
  other.free();
  assert.throws(() => run.searchAhead({}, 10), tileSearchError('invalid-option', /^ParallelSearch\.searchAhead takes a PacketSearcher of this module/));
  // None of that changed anything: nothing searched with a budget of 0, then everything.
  const first = run.iteration();
  assert.ok(first.packets.length > 1, 'split');
  assert.deepEqual(run.searchAhead(searcher, 0), { packets: 0, nodes: 0, generated: 0, next: 0, complete: false });
  const declarations = readFileSync(new URL('www/pkg/tilesearch.d.ts', root), 'utf8');
  const declared = /export interface AheadSearched \{([^}]*)\}/.exec(declarations)[1];
  let iterations = 0;
  for (let iteration; (iteration = run.iteration()) !== null;) {
    const searched = run.searchAhead(searcher, Number.MAX_SAFE_INTEGER);
    // Its keys are the declared AheadSearched's (the object is built key by key in src/wasm/parallel.rs).
    assert.deepEqual(Object.keys(searched).sort(), [...declared.matchAll(/^\s*(\w+): \w+;/gm)].map((m) => m[1]).sort());
    assert.equal(searched.complete, true, `iteration ${iteration.iteration} complete in one call`);
    assert.ok(searched.packets >= 1 && searched.next <= iteration.packets.length);
    iterations += 1;
  }
  const solver = new Solver(options);
  const expected = solver.run();
  assert.deepEqual(run.summary, expected);
  assert.ok(iterations >= 1);
  assert.deepEqual(run.searchAhead(searcher, 10), { packets: 0, nodes: 0, generated: 0, next: 0, complete: false }, 'finished: nothing');
  for (const o of [run, searcher, solver]) o.free();
});

test('searchWhole interrupted with the JS stack nearly exhausted: the coordinator and the searcher it was handed both refuse further calls, the module is repaired', () => {
  // As above: calls start at every depth near the stack's limit, so some run out inside the
  // module's imports (the result's fields are set through them) after the call entered wasm.
  const options = { board: LECTURE };
  const make = () => [new wasm.ParallelSearch({ ...options, workers: 2, splitAbove: wasm.parallelSplitAbove() }), new wasm.PacketSearcher(options)];
  let [run, searcher] = make();
  const interrupted = [];
  const attempt = () => {
    try { run.searchWhole(searcher); } catch (e) {
      if (e?.kind === 'interrupted' && interrupted.at(-1)?.run !== run) {
        interrupted.push({ run, searcher, error: e });
        try { [run, searcher] = make(); } catch { /* out of stack here too: next time */ }
      }
    }
  };
  const dive = () => { try { dive(); } catch { /* the stack ran out below */ } attempt(); };
  for (let round = 0; round < 300 && interrupted.length < 3; round++) dive();
  assert.ok(interrupted.length >= 1, 'searchWhole was never interrupted');
  for (const { run: r, searcher: s, error } of interrupted) {
    assert.match(error.message, /^searchWhole.*\(RangeError: Maximum call stack size exceeded\)/);
    assert.throws(() => r.iteration(), tileSearchError('interrupted'));
    // The searcher it was handed may stay borrowed on the Rust side: its next call is refused
    // as interrupted, never a trap.
    assert.throws(() => s.search({ iteration: 1, threshold: 30, packet: { index: 0, path: [] } }), tileSearchError('interrupted'));
    r.free();
    s.free();
  }
  // The module is whole again: a new coordinator and searcher solve the lecture's board in one call.
  const [fresh, whole] = make();
  const expected = new Solver(options).run();
  assert.equal(fresh.searchWhole(whole).iterations, expected.iterations.length);
  assert.deepEqual(fresh.summary, expected);
});

test('Solver.handOver(): a ParallelSearch goes on from it to the Solver\'s summary; a bad or finished one is refused with a kind, and every object stays usable', () => {
  const options = { board: '5 1 2 / 4 0 7 / 8 6 3', order: 'udlr' };
  const expected = new Solver(options).run();
  /** The coordinator made from `handOver` driven to its end with one searcher. */
  const drive = (handOver, splitAbove, from = null) => {
    const run = new wasm.ParallelSearch({ ...options, workers: 2, splitAbove, handOver });
    // It starts where the Solver stands where the rest is predicted small (as here, but where
    // every iteration is split): its nodes counted (and the children the coordinator pruned
    // along the path), none searched again.
    if (from && splitAbove > 0) assert.ok(run.summary.nodes >= from.nodes && run.summary.iteration >= from.iteration, `${run.summary.nodes} from ${from.nodes}`);
    const searcher = new wasm.PacketSearcher(options);
    for (let it; (it = run.iteration()) !== null;) {
      for (const packet of it.packets) {
        if (run.needed(packet.index) && run.accept(searcher.search({ iteration: it.iteration, threshold: it.threshold, packet }))) break;
      }
    }
    const summary = run.summary;
    run.free();
    searcher.free();
    return summary;
  };
  let handed = 0;
  for (const nodes of [1, 5, 17, 60, 200, 700, 2000]) {
    const solver = new Solver(options);
    solver.run({ maxNodes: nodes });
    if (solver.status !== 'running') {
      assert.throws(() => solver.handOver(), tileSearchError('invalid-option', /^handOver\(\): the search has finished/));
      continue;
    }
    const words = solver.handOver();
    assert.ok(words instanceof Float64Array);
    handed += 1;
    for (const splitAbove of [0, 1 << 14]) assert.deepEqual(drive(words, splitAbove, solver.summary()), expected, `after ${nodes} nodes, split above ${splitAbove}`);
    // A bad hand-over: the wrong type, a layout cut short, a path off the board.
    assert.throws(() => new wasm.ParallelSearch({ ...options, handOver: [...words] }),
      tileSearchError('invalid-option', /^new ParallelSearch\(options\): handOver must be the Float64Array of Solver\.handOver\(\)/));
    assert.throws(() => new wasm.ParallelSearch({ ...options, handOver: words.subarray(0, words.length - 1) }), tileSearchError('invalid-option', /^handOver: /));
    const other = new Solver({ ...options, order: 'lrud' });
    other.run({ maxNodes: nodes });
    if (other.status === 'running' && other.path.length > 0) {
      assert.throws(() => new wasm.ParallelSearch({ ...options, handOver: other.handOver() }), tileSearchError('invalid-option', /^handOver: /), 'another move order\'s walk');
    }
    other.free();
    solver.free();
  }
  assert.ok(handed >= 4, `handed over ${handed} times`);
  assert.throws(() => new Solver({ ...options, algorithm: 'bfs' }).handOver(), tileSearchError('invalid-option', /only IDA\* hands its search over/));
  assert.deepEqual(drive(new Solver(options).handOver(), 0), expected, 'a hand-over before the first step: the whole search');
});
