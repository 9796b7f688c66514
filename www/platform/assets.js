// Where the element's assets come from when www/ is served as it is (index.html). The dist/
// builds swap this module for assets-dist.js or assets-standalone.js (scripts/build-dist.mjs),
// so the element's code is the same in every build.
import { compileCore } from './compile-wasm.js';

/** The shadow root's stylesheet, as markup. */
export const stylesheet = `<link rel="stylesheet" href="${new URL('./styles.css', import.meta.url)}">`;

/**
 * Compiles the core; the element calls it once per page, when the first widget connects: every widget's Solvers run on one instance of it, and each
 * widget's worker instantiates the same module (posted to it) instead of fetching it again.
 */
export const wasmModule = () => compileCore(new URL('../pkg/tilesearch_shared_bg.wasm', import.meta.url), new URL('../pkg/tilesearch_bg.wasm', import.meta.url));

/** A new worker running `${name}-worker.js` (name: 'solver', the page's only worker). */
// A literal URL: bundlers that follow `new URL('…', import.meta.url)` (webpack 5, Vite, Parcel)
// find and copy the worker.
export const createWorker = (_name) => new Worker(new URL('../workers/solver-worker.js', import.meta.url), { type: 'module' });
