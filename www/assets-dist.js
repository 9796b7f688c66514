// dist/tile-search.js's assets (scripts/build-dist.mjs bundles this in place of assets.js): the
// stylesheet is inlined; the wasm and the worker sit next to the bundle, found from its own URL,
// so dist/ works from any folder of any host.
import css from './styles.css';
import { compileWasm } from './compile-wasm.js';

export const stylesheet = `<style>${css}</style>`;
export const wasmModule = compileWasm(new URL('./tilesearch_bg.wasm', import.meta.url));
export const createWorker = (name) => new Worker(new URL(`./${name}-worker.js`, import.meta.url), { type: 'module' });
