// dist/tile-search.js's assets (scripts/build-dist.mjs bundles this in place of assets.js): the
// stylesheet is inlined; the wasm and the worker sit next to the bundle, found from its own URL,
// so dist/ works from any folder of any host.
import css from './styles.css';
import { compileCore } from './compile-wasm.js';

export const stylesheet = `<style>${css}</style>`;
export const wasmModule = () => compileCore(new URL('./tilesearch_shared_bg.wasm', import.meta.url), new URL('./tilesearch_bg.wasm', import.meta.url));
// A literal URL: bundlers that follow `new URL('…', import.meta.url)` (webpack 5, Vite, Parcel)
// find and copy the worker.
export const createWorker = (_name) => new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
