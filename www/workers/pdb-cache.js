// The 15-puzzle's pattern databases (the `pdb` heuristic) for a worker: loaded from IndexedDB
// when a previous visit stored them, else built in slices (with progress) and stored. The
// building itself is the Rust core's (PatternDatabaseBuilder); this module only schedules it
// and keeps the bytes.
import { yieldToMessages } from '../platform/yield-to-messages.js';

/**
 * The goal whose pattern databases a search with `options` needs (its goal, blank-last, the
 * core's default, when it names none), or null when it does not use pdb: the one rule for the
 * workers that make or load them and for the pool that hands them out.
 * @param {{heuristic?: string, goal?: import('../pkg/tilesearch.js').GoalConvention} | null | undefined} options
 * @returns {import('../pkg/tilesearch.js').GoalConvention | null}
 */
export const databasesFor = (options) => (options?.heuristic === 'pdb' ? options.goal ?? 'blank-last' : null);

const DATABASE = 'tilesearch';
const STORE = 'pattern-databases';
// Bump with the Rust side's format tag; a stale or altered entry is also refused by the core,
// which loads only tables that hash to its pinned SHA-256 digest.
const KEY_VERSION = 'pdb-663-mod3-v2';

function openStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transact(mode, action) {
  return openStore().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = action(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(request.result); };
    tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
  }));
}

/**
 * Makes the `pdb` heuristic usable for `goal` in this wasm instance from memory or the
 * IndexedDB cache only; resolves to {source: 'memory' | 'cache', seconds}, or null when a
 * build is needed.
 * @param {typeof import('../pkg/tilesearch.js')} wasm the module namespace (initialised)
 * @param {import('../pkg/tilesearch.js').GoalConvention} goal
 * @returns {Promise<{source: 'memory' | 'cache', seconds: number} | null>}
 */
export async function cachedPatternDatabases(wasm, goal) {
  const start = performance.now();
  if (wasm.patternDatabasesReady(goal)) return { source: 'memory', seconds: 0 };
  try {
    const bytes = await transact('readonly', (store) => store.get(`${KEY_VERSION}-${goal}`));
    if (bytes) {
      wasm.loadPatternDatabases(goal, new Uint8Array(bytes));
      return { source: 'cache', seconds: (performance.now() - start) / 1000 };
    }
  } catch {
    // No IndexedDB here (a file:// page, private mode) or a stale entry: build instead.
  }
  return null;
}

/**
 * Runs `builder` (a PatternDatabaseBuilder: all three patterns, or one part) to the end in
 * slices of about `sliceMs`, reporting its fraction done between slices.
 */
export async function buildInSlices(builder, onProgress = (_fraction) => {}, sliceMs = 25) {
  let budget = 20000;
  for (;;) {
    const sliceStart = performance.now();
    if (builder.work(budget)) break;
    // Keep slices near sliceMs whatever the machine's speed.
    const took = performance.now() - sliceStart;
    budget = Math.max(1000, Math.min(5e6, Math.round(budget * sliceMs / Math.max(took, 1))));
    onProgress(builder.progress);
    await yieldToMessages();
  }
  onProgress(1);
}

/**
 * Stores this instance's databases for `goal` in IndexedDB for the next visit. Resolves to null
 * when kept, else to the error's name (QuotaExceededError, SecurityError, …): storage full or
 * refused, and the next visit builds them again, which the page says.
 * @returns {Promise<string | null>}
 */
export async function storePatternDatabases(wasm, goal) {
  try {
    const bytes = wasm.exportPatternDatabases(goal);
    await transact('readwrite', (store) => store.put(bytes.buffer, `${KEY_VERSION}-${goal}`));
    return null;
  } catch (error) {
    return error?.name || 'Error';
  }
}

/**
 * Makes the `pdb` heuristic usable for `goal` in this wasm instance.
 * @param {typeof import('../pkg/tilesearch.js')} wasm the module namespace of
 *   www/pkg/tilesearch.js (initialised)
 * @param {import('../pkg/tilesearch.js').GoalConvention} goal
 * @param {(fraction: number) => void} [onProgress] called with the build's fraction done (0 to
 *   1), between slices
 * @param {number} [sliceMs] milliseconds of building between progress reports
 * @returns {Promise<{source: 'memory' | 'cache' | 'build', seconds: number, notKept?: string | null}>} `notKept`
 *   (after a build): why they could not be stored for the next visit (storePatternDatabases), or null
 */
export async function ensurePatternDatabases(wasm, goal, onProgress = (_fraction) => {}, sliceMs = 25) {
  const start = performance.now();
  const cached = await cachedPatternDatabases(wasm, goal);
  if (cached) return cached;
  const builder = new wasm.PatternDatabaseBuilder(goal);
  await buildInSlices(builder, onProgress, sliceMs);
  builder.install();
  builder.free();
  const built = (performance.now() - start) / 1000;
  const notKept = await storePatternDatabases(wasm, goal);
  return { source: 'build', seconds: built, notKept };
}
