// The core on the page: compiled once (a WebAssembly.Module, which the page's workers
// instantiate too, so the wasm is fetched and compiled once) and instantiated once, for every
// widget and parallel search on the page.
import init from '../pkg/tilesearch.js';
import { wasmModule } from './assets.js';
import { coreMemory } from './shared-memory.js';

let ready = null;

/**
 * Resolves to the compiled module once the page's instance is ready (the build with shared
 * memory on a memory of the page's own, not its workers'). @returns {Promise<WebAssembly.Module>}
 */
export const coreReady = () => (ready ??= wasmModule().then(async (module) => {
  const memory = coreMemory(module);
  await init(memory ? { module_or_path: module, memory } : { module_or_path: module });
  return module;
}));
