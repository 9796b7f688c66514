// dist/tile-search-standalone.js's assets (scripts/build-dist.mjs bundles this in place of
// assets.js): one classic script with everything inlined, for notes opened from disk (file://),
// where neither modules nor fetch work. The worker runs from a Blob of its bundled source; where
// even that is refused, search-client.js falls back to time slices on the main thread.
import css from './styles.css';
import wasmBytes from '../pkg/tilesearch_bg.wasm';
import solverSource from 'tilesearch:solver-worker';

export const stylesheet = `<style>${css}</style>`;
// esbuild's binary loader gives the bytes (a Uint8Array), not the module wasm-bindgen declares.
export const wasmModule = () => WebAssembly.compile(/** @type {BufferSource} */ (/** @type {unknown} */ (wasmBytes)));

let url = null;
/** A new worker running the bundled source of `${name}-worker.js` (name: 'solver', the page's only worker). */
export function createWorker(_name) {
  url ??= URL.createObjectURL(new Blob([solverSource], { type: 'text/javascript' }));
  return new Worker(url);
}
