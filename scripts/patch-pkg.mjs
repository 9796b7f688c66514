// Two small, checked edits to wasm-bindgen's generated glue (www/pkg/tilesearch.js):
// - `free()` on an already freed Solver does nothing (wasm-bindgen's glue would throw
//   "null pointer passed to rust");
// - a method called on a freed Solver throws an error that says so.
// Each edit must match exactly once: a wasm-bindgen upgrade that changes the glue fails the
// build here instead of silently dropping the edit.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'www/pkg/tilesearch.js';
let glue = readFileSync(file, 'utf8');

function edit(pattern, replacement, what) {
  const matches = glue.match(new RegExp(pattern.source, 'g')) ?? [];
  if (glue.includes('/* tilesearch: ' + what + ' */')) return; // already patched
  if (matches.length !== 1) {
    console.error(`patch-pkg: expected one match for ${what} in ${file}, found ${matches.length}`);
    process.exit(1);
  }
  glue = glue.replace(pattern, replacement);
}

edit(
  /free\(\) \{\n(\s*)const ptr = this\.__destroy_into_raw\(\);\n\s*wasm\.__wbg_solver_free\(ptr, 0\);/,
  (m, indent) =>
    `free() {\n${indent}/* tilesearch: free twice */ if (this.__wbg_ptr === 0) return;\n${indent}const ptr = this.__destroy_into_raw();\n${indent}wasm.__wbg_solver_free(ptr, 0);`,
  'free twice',
);
edit(
  /throw new Error\(getStringFromWasm0\(arg0, arg1\)\);/,
  () =>
    `/* tilesearch: use after free */ const message = getStringFromWasm0(arg0, arg1);\n` +
    `            throw new Error(message === 'null pointer passed to rust' ? 'this Solver was freed (free() was called): create a new Solver' : message);`,
  'use after free',
);
writeFileSync(file, glue);
