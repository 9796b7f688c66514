// Fetches and compiles the core's wasm (a WebAssembly.Module, to instantiate on the page and in workers).
export async function compileWasm(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  // Streaming compilation needs the right MIME type; some static hosts send another.
  return response.headers.get('content-type') === 'application/wasm'
    ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
}
