// The guide's Python page (docs/python.md) names everything the package exports: every name of
// `__all__` in python/tilesearch/__init__.py (the notebook widget, Explorer, which `__all__` leaves
// out, is on the embedding page, docs/embed.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFile(`${root}${path}`, 'utf8');

test("every name the Python package exports is named in the guide's Python page", async () => {
  const init = await read('python/tilesearch/__init__.py');
  const names = [...init.match(/__all__\s*=\s*\[([^\]]*)\]/)[1].matchAll(/["'](\w+)["']/g)].map((m) => m[1]);
  assert.ok(names.length >= 10, names.join(' '));
  const pages = await read('docs/python.md');
  assert.deepEqual(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(pages)), [], 'in __all__, not in docs/python.md');
});
