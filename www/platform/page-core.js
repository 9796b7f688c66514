// The core on the page: compiled once (a WebAssembly.Module, which the page's workers
// instantiate too, so the wasm is fetched and compiled once) and instantiated once, for every
// widget and parallel search on the page.
import init from '../pkg/tilesearch.js';
import { wasmModule } from './assets.js';

let ready = null;

/** Resolves to the compiled module once the page's instance is ready. @returns {Promise<WebAssembly.Module>} */
export const coreReady = () => (ready ??= wasmModule().then(async (module) => { await init({ module_or_path: module }); return module; }));
