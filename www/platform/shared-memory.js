// The memory of the core built with shared memory (tilesearch_shared_bg.wasm, which
// compile-wasm.js picks on a cross-origin isolated page). That module imports its memory: the
// pool gives every worker's instance one (so the pattern databases that one of them installs
// are every one's: 28.8 MB once, and warm in the cache for all of them), and the page's own
// instance one of its own (the page's thread may not wait on a lock the workers hold). The
// build with a memory of its own needs none.

/**
 * The shared memory's size in pages of 64 KiB: at least the module's minimum (the tests link
 * the module with it), growing as needed up to the module's maximum (1 GiB: the Makefile's
 * --max-memory).
 */
export const SHARED_MEMORY = Object.freeze({ initial: 64, maximum: 16384, shared: true });

/**
 * Bytes of stack for each worker's instance but the first on the memory (which has the module's
 * own): 1 MiB, as the module's own, so that a call runs in every worker as it does in one.
 */
export const THREAD_STACK = 1 << 20;

/** Whether `module` (a WebAssembly.Module of the core) imports its memory: the build with shared memory. */
export const importsMemory = (module) => module instanceof WebAssembly.Module && WebAssembly.Module.imports(module).some((i) => i.kind === 'memory');

/**
 * A new memory for instances of `module`: a shared one where the module imports its memory,
 * else null (each instance makes its own). The core's init must be given it (`{module_or_path,
 * memory}`): without it the module does not link.
 */
export const coreMemory = (module) => (importsMemory(module) ? new WebAssembly.Memory(SHARED_MEMORY) : null);
