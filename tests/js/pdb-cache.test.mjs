// The pattern databases' IndexedDB cache (www/pdb-cache.js) where the browser will not keep
// them: storing says why (the error's name) instead of failing quietly, and a build still
// succeeds, carrying that reason to the page. IndexedDB and the core are stand-ins here.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ensurePatternDatabases, storePatternDatabases, databasesFor } from '../../www/workers/pdb-cache.js';

/** A core whose databases are 'built' at once. */
const core = {
  ready: false,
  patternDatabasesReady() { return this.ready; },
  exportPatternDatabases: () => new Uint8Array(8),
  loadPatternDatabases() { throw new Error('nothing is cached here'); },
  PatternDatabaseBuilder: class {
    progress = 1;
    work() { return true; }
    install() { core.ready = true; }
    free() {}
  },
};

/**
 * An IndexedDB whose open() throws `openError`, or whose writes end in `putError` (the
 * transaction aborts with it, as a full store does); reads find nothing.
 */
function fakeIndexedDB({ openError = null, putError = null } = {}) {
  const stored = new Map();
  return {
    stored,
    open() {
      if (openError) throw openError;
      const request = {};
      setTimeout(() => {
        request.result = {
          close() {},
          transaction(_name, mode) {
            const tx = { error: null };
            const store = {
              get: (key) => ({ result: stored.get(key) }),
              put: (value, key) => { if (!putError) stored.set(key, value); return { result: key }; },
            };
            tx.objectStore = () => store;
            setTimeout(() => {
              if (mode === 'readwrite' && putError) { tx.error = putError; tx.onabort(); } else tx.oncomplete();
            });
            return tx;
          },
        };
        request.onsuccess();
      });
      return request;
    },
  };
}

afterEach(() => { delete globalThis.indexedDB; core.ready = false; });

test('stored: null; refused or full: the error\'s name', async () => {
  globalThis.indexedDB = fakeIndexedDB();
  assert.equal(await storePatternDatabases(core, 'blank-last'), null);
  assert.equal(globalThis.indexedDB.stored.size, 1);
  globalThis.indexedDB = fakeIndexedDB({ openError: new DOMException('access denied', 'SecurityError') });
  assert.equal(await storePatternDatabases(core, 'blank-last'), 'SecurityError');
  globalThis.indexedDB = fakeIndexedDB({ putError: new DOMException('no room', 'QuotaExceededError') });
  assert.equal(await storePatternDatabases(core, 'blank-last'), 'QuotaExceededError');
  delete globalThis.indexedDB; // no IndexedDB at all
  assert.equal(await storePatternDatabases(core, 'blank-last'), 'ReferenceError');
});

test('a build that cannot be kept still succeeds, and says why it was not kept', async () => {
  globalThis.indexedDB = fakeIndexedDB({ putError: new DOMException('no room', 'QuotaExceededError') });
  const made = await ensurePatternDatabases(core, 'blank-last');
  assert.deepEqual({ source: made.source, notKept: made.notKept }, { source: 'build', notKept: 'QuotaExceededError' });
  assert.equal(core.ready, true);
  core.ready = false;
  globalThis.indexedDB = fakeIndexedDB();
  assert.equal((await ensurePatternDatabases(core, 'blank-last')).notKept, null);
});

test('the databases a search needs: its goal with pdb (blank-last when it names none), none otherwise', () => {
  assert.equal(databasesFor({ heuristic: 'pdb' }), 'blank-last');
  assert.equal(databasesFor({ heuristic: 'pdb', goal: 'blank-first' }), 'blank-first');
  assert.equal(databasesFor({ heuristic: 'manhattan', goal: 'blank-first' }), null);
  assert.equal(databasesFor({}), null);
  assert.equal(databasesFor(undefined), null);
});
