// Where the element's assets come from when www/ is served as it is (index.html). The dist/
// builds swap this module for assets-dist.js or assets-standalone.js (scripts/build-dist.mjs),
// so the element's code is the same in every build.
import { compileWasm } from './compile-wasm.js';

/** The shadow root's stylesheet, as markup. */
export const stylesheet = `<link rel="stylesheet" href="${new URL('./styles.css', import.meta.url)}">`;

/**
 * The core compiled once per page: every widget's Solvers run on one instance of it, and each
 * widget's worker instantiates the same module (posted to it) instead of fetching it again.
 */
export const wasmModule = compileWasm(new URL('./pkg/tilesearch_bg.wasm', import.meta.url));

/** A new worker running `${name}-worker.js` (name: 'solver' or 'compare'). */
export const createWorker = (name) => new Worker(new URL(`./${name}-worker.js`, import.meta.url), { type: 'module' });
