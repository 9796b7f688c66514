// Fuzz/soak test of the built package: random call sequences over random solvers (create,
// step, stepMany, skip, run with budgets and with an onEvent that sometimes throws or calls back
// in, reset, getters, frontier, free, use after free, wrong types, proxies, foreign `this`).
// Checked after every call: nothing traps (no WebAssembly.RuntimeError), every error thrown is a
// TileSearchError with a known kind (or the callback's own exception, rethrown), and every
// result equals a clean replay: each solver's accepted calls are replayed on a fresh solver at
// the end of the sequence and must give the same results, then the same rest of the trace.
//
// `make test` runs a short fixed-seed version; SOAK_SECONDS=1200 (`make soak`) runs for that
// long from SOAK_SEED (default 1), and SOAK_REPORT=file writes the figures as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/tilesearch.js';
import { random } from './seeded-random.mjs';

const root = new URL('../../', import.meta.url);
wasm.initSync({ module: readFileSync(new URL('www/pkg/tilesearch_bg.wasm', root)) });
const { Solver, PatternDatabaseBuilder } = wasm;

const SECONDS = Number(process.env.SOAK_SECONDS ?? 0);
const SEED = Number(process.env.SOAK_SEED ?? 1);
const SHORT_SEQUENCES = 120;

const KINDS = new Set(['empty', 'not-a-number', 'out-of-range', 'wrong-tile-count', 'ragged-rows', 'duplicate-tile',
  'missing-tile', 'unsolvable', 'unknown-heuristic', 'unknown-goal', 'unknown-algorithm', 'not-adjacent', 'pdb-width',
  'pdb-missing', 'invalid-option', 'freed', 'busy', 'wrong-this', 'input-threw']);

/** mulberry32: a small seeded generator. */
function rng(seed) {
  const next = random(seed);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

// Boards whose every configuration below finishes quickly (or gives up at its guard).
const BOARDS = [
  { board: '1 2 3 4 0 6 7 5 8' },
  { board: '6 4 5 8 2 7 1 0 3' },
  { board: [1, 2, 3, 4, 5, 6, 0, 7, 8] },
  { board: '1 2 3 / 4 5 6 / 0 7 8', goal: 'blank-last' },
  { board: '3 1 2 4 0 5 6 7 8', goal: 'blank-first' },
  { board: '5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12', maxReached: 3000 },
  { board: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', maxReached: 500 },
];
const HEURISTICS = [undefined, 'hamming', 'manhattan', 'linear-conflict'];
const ALGORITHMS = [undefined, 'ida', 'bfs', 'dfs', 'greedy', 'astar'];

/** Everything hostile a caller can pass where a value is expected. */
function hostileValues() {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [undefined, null, true, false, 0, -1, 1.5, NaN, Infinity, -0, 2 ** 53, '', '5', 'x'.repeat(1000), Symbol('x'), 7n,
    {}, [], [5], () => 1, new Uint8Array(2), new ArrayBuffer(2), revoked.proxy,
    new Proxy({}, { ownKeys() { throw 0; } }), new Proxy({}, { get() { throw new Error('get'); } }),
    new Proxy([1, 2, 3], { get() { throw 1; } }), new Proxy({}, { getPrototypeOf() { throw 2; } }),
    { get maxNodes() { throw new Error('getter'); } }, { get board() { throw 3; } }, { valueOf() { throw 4; } },
    { toString() { throw 5; } }, Object.create(null)];
}

const stats = { sequences: 0, calls: 0, errors: 0, byKind: {}, replays: 0, replayedCalls: 0, solvers: 0, unmodelled: 0 };

class Soak {
  constructor(seed) {
    this.r = rng(seed);
    this.hostile = hostileValues();
    this.live = []; // { solver, config, log: [{ op, args, result }] }
    this.freed = [];
  }

  /** Calls f; checks what it throws. Returns { ok, value, error }. */
  call(what, f, own = []) {
    stats.calls += 1;
    try {
      return { ok: true, value: f() };
    } catch (e) {
      stats.errors += 1;
      if (own.includes(e)) {
        stats.byKind['(own exception)'] = (stats.byKind['(own exception)'] ?? 0) + 1;
        return { ok: false, error: e };
      }
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: trapped: ${e?.stack ?? e}`);
      assert.ok(e instanceof Error && e.name === 'TileSearchError' && KINDS.has(e.kind),
        `${what}: threw ${String(e?.message ?? typeof e)} (name ${e?.name}, kind ${e?.kind})`);
      stats.byKind[e.kind] = (stats.byKind[e.kind] ?? 0) + 1;
      return { ok: false, error: e };
    }
  }

  config() {
    const base = { ...this.r.pick(BOARDS) };
    const heuristic = this.r.pick(HEURISTICS);
    const algorithm = this.r.pick(ALGORITHMS);
    if (heuristic) base.heuristic = heuristic;
    if (algorithm) base.algorithm = algorithm;
    if (this.r.chance(0.3)) base.maxReached = 1 + this.r.int(4000);
    return base;
  }

  create() {
    if (this.r.chance(0.25)) {
      // A bad or hostile options object: must throw (or, for a harmless one, make a solver).
      const options = this.r.chance(0.5) ? this.r.pick(this.hostile) : { ...this.config(), [this.r.pick(['board', 'heuristic', 'goal', 'algorithm', 'maxReached'])]: this.r.pick(this.hostile) };
      const made = this.call('new Solver(hostile)', () => new Solver(options));
      if (made.ok) made.value.free();
      return;
    }
    const config = this.config();
    const made = this.call('new Solver', () => new Solver(config));
    if (made.ok) {
      stats.solvers += 1;
      this.live.push({ solver: made.value, config, log: [] });
    }
  }

  /** A call that changes nothing when it throws. */
  accepted(entry, op, args, result) {
    entry.log.push({ op, args, result });
  }

  /** One random call on a live solver. */
  operate(entry) {
    const { solver: s, log } = entry;
    const r = this.r;
    const json = (v) => JSON.stringify(v, (k, x) => (x instanceof Uint32Array ? Array.from(x) : x));
    switch (r.int(14)) {
      case 0: {
        const got = this.call('step', () => s.step());
        assert.ok(got.ok);
        this.accepted(entry, 'step', [], json(got.value));
        break;
      }
      case 1: {
        const n = r.pick([0, 1, 2, 10, 100, 1000, 20000]);
        const got = this.call('stepMany', () => s.stepMany(n));
        assert.ok(got.ok);
        assert.equal(got.value.length % s.recordWords, 0);
        this.accepted(entry, 'stepMany', [n], json(got.value));
        break;
      }
      case 2: {
        const n = r.pick([0, 1, 5, 50, 500, 5000]);
        const got = this.call('skip', () => s.skip(n));
        assert.ok(got.ok && got.value <= n);
        this.accepted(entry, 'skip', [n], got.value);
        break;
      }
      case 3: {
        // A budgeted run, sometimes with a callback that collects, throws, or calls back in.
        const maxNodes = r.pick([0, 1, 3, 10, 100, 1000]);
        const mode = r.pick(['plain', 'collect', 'throw', 'reenter', 'other']);
        const stopAt = 1 + r.int(20);
        const own = new Error('callback stops');
        const seen = [];
        const other = this.live.length ? r.pick(this.live).solver : undefined;
        const onEvent = (e) => {
          seen.push(JSON.stringify(e));
          if (seen.length !== stopAt) return;
          if (mode === 'throw') throw own;
          if (mode === 'reenter') r.pick([() => s.step(), () => s.nodes, () => s.free(), () => s.run(), () => s.reset(), () => s.stepMany(1)])();
          if (mode === 'other' && other !== undefined && other !== s) other.status;
        };
        const options = mode === 'plain' ? { maxNodes } : { maxNodes, onEvent };
        const got = this.call('run', () => s.run(options), [own]);
        if (got.ok) {
          this.accepted(entry, 'run', [maxNodes, mode === 'plain' ? null : seen.length], json(got.value));
          if (mode !== 'plain') log.at(-1).events = seen;
        } else {
          // Stopped by the callback (its own exception, or "busy" from calling back in): the
          // events delivered were consumed, like skip(seen.length).
          assert.ok(got.error === own || got.error.kind === 'busy', String(got.error));
          this.accepted(entry, 'stopped', [maxNodes, seen.length], null);
          log.at(-1).events = seen;
        }
        break;
      }
      case 4: {
        this.call('reset', () => s.reset());
        this.accepted(entry, 'reset', [], null);
        break;
      }
      case 5: {
        const name = r.pick(['status', 'threshold', 'iteration', 'expanded', 'generated', 'nodes', 'path', 'board', 'start',
          'width', 'heuristic', 'algorithm', 'frontierSize', 'goal', 'solution', 'recordWords']);
        const got = this.call(name, () => s[name]);
        assert.ok(got.ok);
        this.accepted(entry, 'get', [name], json(got.value));
        break;
      }
      case 6: {
        const limit = r.pick([0, 1, 10, 1000]);
        const got = this.call('frontier', () => s.frontier(limit));
        assert.ok(got.ok);
        this.accepted(entry, 'frontier', [limit], json(got.value));
        break;
      }
      case 7: {
        const got = this.call('summary', () => s.summary());
        this.accepted(entry, 'summary', [], json(got.value));
        break;
      }
      case 8:
      case 9: {
        // A wrong type, a hostile options object or a proxy: an error, and no effect.
        const v = r.pick(this.hostile);
        const attempt = r.pick([() => s.stepMany(v), () => s.skip(v), () => s.frontier(v), () => s.run(v),
          () => s.run({ maxNodes: v }), () => s.run({ onEvent: v }), () => s.run({ maxNodes: 1, [String(r.int(3))]: 1 }),
          () => s.run({ get maxNodes() { return s.step(); } }), () => s.run({ get onEvent() { s.free(); return undefined; } })]);
        const got = this.call('wrong type', attempt);
        if (got.ok) {
          // A value valid after all (run(undefined), stepMany(0), {maxNodes: 0} …) ran the
          // search on by an amount not modelled here: the solver leaves the replay checks.
          stats.unmodelled += 1;
          this.live.splice(this.live.indexOf(entry), 1);
          s.free();
        }
        break;
      }
      case 10: {
        const self = r.pick([{}, null, 7, Object.create(Solver.prototype), this.freed.at(-1)?.solver ?? {}]);
        const key = r.pick(['step', 'run', 'stepMany', 'reset', 'free']);
        this.call('foreign this', () => Solver.prototype[key].call(self, 1));
        break;
      }
      case 11: {
        // Module functions with random, often wrong, arguments.
        const v = r.pick(this.hostile);
        const f = r.pick([() => wasm.describeBoard(entry.config.board, v), () => wasm.describeBoard(v), () => wasm.parseBoard(v),
          () => wasm.boardAfter(entry.config.board, v), () => wasm.boardAfter(v, []), () => wasm.randomBoard(v, undefined, 1),
          () => wasm.randomBoard(3, v, 1), () => wasm.randomBoard(4, 'blank-first', v), () => wasm.patternDatabasesReady(v),
          () => wasm.exportPatternDatabases(v), () => wasm.loadPatternDatabases(v, new Uint8Array(1)),
          () => wasm.loadPatternDatabases('blank-last', v), () => new PatternDatabaseBuilder(v).free(),
          () => { const b = new PatternDatabaseBuilder(); try { b.work(v); } finally { b.free(); } }]);
        this.call('module function', f);
        break;
      }
      case 12: {
        // Free (sometimes twice), then use after free.
        this.live.splice(this.live.indexOf(entry), 1);
        this.check(entry);
        this.call('free', () => s.free());
        if (r.chance(0.5)) this.call('free twice', () => s.free());
        this.freed.push(entry);
        if (this.freed.length > 20) this.freed.shift();
        break;
      }
      default: {
        const dead = this.freed.length ? r.pick(this.freed).solver : undefined;
        if (dead === undefined) break;
        const key = r.pick(['step', 'nodes', 'status', 'run', 'stepMany', 'skip', 'summary', 'path', 'free']);
        const got = this.call('use after free', () => (typeof dead[key] === 'function' ? dead[key](1) : dead[key]));
        if (key !== 'free') assert.equal(got.error?.kind, 'freed', key);
      }
    }
  }

  /** Replays a solver's accepted calls on a fresh solver: the same results, then the same rest. */
  check(entry) {
    stats.replays += 1;
    const json = (v) => JSON.stringify(v, (k, x) => (x instanceof Uint32Array ? Array.from(x) : x));
    const fresh = new Solver(entry.config);
    for (const { op, args, result, events } of entry.log) {
      stats.replayedCalls += 1;
      const seen = [];
      const collect = (e) => { seen.push(JSON.stringify(e)); };
      let got = null;
      switch (op) {
        case 'step': got = json(fresh.step()); break;
        case 'stepMany': got = json(fresh.stepMany(args[0])); break;
        case 'skip': got = fresh.skip(args[0]); break;
        case 'run': got = json(args[1] === null ? fresh.run({ maxNodes: args[0] }) : fresh.run({ maxNodes: args[0], onEvent: collect })); break;
        case 'stopped': {
          const stop = {};
          try {
            fresh.run({ maxNodes: args[0], onEvent: (e) => { collect(e); if (seen.length === args[1]) throw stop; } });
          } catch (e) {
            assert.equal(e, stop);
          }
          break;
        }
        case 'reset': fresh.reset(); break;
        case 'get': got = json(fresh[args[0]]); break;
        case 'frontier': got = json(fresh.frontier(args[0])); break;
        case 'summary': got = json(fresh.summary()); break;
        default: assert.fail(op);
      }
      assert.equal(got, result, `${op}(${args}) on ${json(entry.config)}`);
      if (events !== undefined) assert.deepEqual(seen, events, `events of ${op}(${args})`);
    }
    assert.equal(json(entry.solver.summary()), json(fresh.summary()));
    for (;;) {
      const a = entry.solver.stepMany(100000);
      const b = fresh.stepMany(100000);
      assert.deepEqual(a, b, `the rest of the trace of ${json(entry.config)}`);
      if (a.length === 0) break;
    }
    fresh.free();
  }

  sequence() {
    const length = 5 + this.r.int(60);
    for (let i = 0; i < length; i++) {
      if (this.live.length === 0 || this.r.chance(0.12)) this.create();
      else this.operate(this.r.pick(this.live));
    }
    for (const entry of this.live.splice(0)) {
      this.check(entry);
      entry.solver.free();
    }
    stats.sequences += 1;
  }
}

test('random call sequences: no trap, only TileSearchErrors with a kind, results equal a clean replay', (t) => {
  const started = Date.now();
  const soak = new Soak(SEED);
  if (SECONDS > 0) {
    while (Date.now() - started < SECONDS * 1000) soak.sequence();
  } else {
    for (let i = 0; i < SHORT_SEQUENCES; i++) soak.sequence();
  }
  // Afterwards the instance is healthy.
  assert.equal(new Solver({ board: '6 4 5 8 2 7 1 0 3' }).run().length, 25);
  const report = { seconds: (Date.now() - started) / 1000, seed: SEED, ...stats };
  t.diagnostic(JSON.stringify(report));
  if (process.env.SOAK_REPORT) writeFileSync(process.env.SOAK_REPORT, JSON.stringify(report, null, 2) + '\n');
  assert.ok(stats.byKind['invalid-option'] > 0 && stats.byKind['input-threw'] > 0 && stats.byKind.freed > 0 && stats.byKind.busy > 0);
});
