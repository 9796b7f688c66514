// What scripts/build-dist.mjs's esbuild loaders give the dist builds' asset modules
// (assets-dist.js, assets-standalone.js), for tsc --checkJs.
declare module '*.css' {
  /** The stylesheet's text. */
  const text: string;
  export default text;
}
declare module '*.wasm' {
  /** The module's bytes (the standalone build inlines them). */
  const bytes: Uint8Array;
  export default bytes;
}
declare module 'tilesearch:*' {
  /** A worker's bundled source text. */
  const source: string;
  export default source;
}
