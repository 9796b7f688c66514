// Fetches and compiles the core's wasm (a WebAssembly.Module, to instantiate on the page and in workers).
export async function compileWasm(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  // Streaming compilation needs the right MIME type; some static hosts send another.
  return response.headers.get('content-type') === 'application/wasm'
    ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The core for this page: where it is cross-origin isolated, the build with shared memory
 * (`shared`: the page's workers then run on one memory, with one copy of the pattern
 * databases); else, or where that build is missing (a host that copied one file) or refused,
 * the build with a memory of its own (`own`).
 * @param {URL} shared
 * @param {URL} own
 */
export async function compileCore(shared, own) {
  if (globalThis.crossOriginIsolated === true) {
    try {
      return await compileWasm(shared);
    } catch {
      // The other build does all the same, each worker with its own copy of the databases.
    }
  }
  return compileWasm(own);
}
