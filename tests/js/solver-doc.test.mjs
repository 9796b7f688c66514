// The guide's reference of the wasm API (docs/solver.md) against the package's declarations
// (www/pkg/tilesearch.d.ts, generated from the Rust bindings by `make build`): every exported
// class, each of its methods and properties, and every exported function is named on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const declarations = await readFile(`${root}www/pkg/tilesearch.d.ts`, 'utf8');
const page = await readFile(`${root}docs/solver.md`, 'utf8');

test("every class, method, property and function the wasm package exports is named in the guide's Solver page", () => {
  const classes = [...declarations.matchAll(/^export class (\w+) \{([^]*?)\n\}/gm)];
  assert.ok(classes.length >= 5, classes.map((m) => m[1]).join(' '));
  const missing = [];
  for (const [, name, body] of classes) {
    if (!page.includes(name)) missing.push(name);
    const members = body.replace(/\/\*\*[^]*?\*\//g, '').matchAll(/^\s+(?:static |readonly |get |set )*(\w+)[(:?]/gm);
    for (const [, member] of members) {
      if (member === 'constructor' || member.startsWith('__')) continue;
      if (!new RegExp(`\\b${member}\\b`).test(page)) missing.push(`${name}.${member}`);
    }
  }
  const functions = [...declarations.matchAll(/^export (?:default )?function (\w+)/gm)].map((m) => m[1]).filter((name) => !name.startsWith('__'));
  assert.ok(functions.length >= 8, functions.join(' '));
  for (const name of functions) if (!new RegExp(`\\b${name}\\b`).test(page)) missing.push(`${name}()`);
  assert.deepEqual(missing, [], 'named in the declarations, not in docs/solver.md');
});
