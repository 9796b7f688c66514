// The guide's reference of <tile-search> (docs/element.md) against the element's declarations
// (www/types/tile-search-element.d.ts, which tsc holds to the class): every event of
// TileSearchEventMap is in the Events table and nothing else is, every method and property of
// the class is named on the page, and every field of `state` is in its row. (The attributes are
// checked against www/model/attributes.js in attributes.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFile(`${root}${path}`, 'utf8');
const declarations = await read('www/types/tile-search-element.d.ts');
const page = await read('docs/element.md');
const section = (title) => page.split(`\n## ${title}\n`)[1].split('\n## ')[0];
/** The body of `interface name` or `class name` in the declarations. */
const body = (kind, name) => declarations.split(new RegExp(`\\b${kind} ${name}\\b[^{]*\\{`))[1].split(/\n\}/)[0]
  .replace(/\/\*\*[^]*?\*\//g, '');

test("the guide's Events table names exactly the element's events", () => {
  const declared = [...body('interface', 'TileSearchEventMap').matchAll(/^\s+(\w+): CustomEvent/gm)].map((m) => m[1]).sort();
  const documented = [...section('Events').matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]).sort();
  assert.ok(declared.length >= 8, declared.join(' '));
  assert.deepEqual(documented, declared);
});

test("every method and property of the element's class is named in the guide", () => {
  const members = body('class', 'TileSearchElement');
  const methods = [...members.matchAll(/^\s+(?:static )?(\w+)\(/gm)].map((m) => m[1]).filter((name) => !/^(add|remove)EventListener$/.test(name));
  const properties = [...members.matchAll(/^\s+(?:static |readonly |get |set )*(\w+)(?:\(\))?:/gm)].map((m) => m[1])
    .filter((name) => name !== 'observedAttributes' && !methods.includes(name));
  assert.ok(methods.length >= 12 && properties.length >= 15, `${methods.length} methods, ${properties.length} properties`);
  for (const name of methods) assert.match(page, new RegExp(`\`(\\w+\\.)?${name}\\(`), `the guide names ${name}()`);
  // Attribute properties are named by their attribute (max-reached for maxReached).
  const spelled = (name) => [name, name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)];
  for (const name of new Set(properties)) assert.ok(spelled(name).some((word) => page.includes(`\`${word}\``)), `the guide names the property ${name}`);
});

test("the guide's state row names every field of the element's state", () => {
  const fields = [...body('interface', 'TileSearchState').matchAll(/^\s+(\w+): /gm)].map((m) => m[1]);
  const row = page.match(/^\| `state` \(read-only\) \| (.*)$/m)[1];
  assert.ok(fields.length >= 20, fields.join(' '));
  for (const field of fields) assert.match(row, new RegExp(`\\b${field}\\b`), `state.${field} is in the guide's row`);
  const statuses = declarations.match(/export type Status = ([^;]*);/)[1].match(/'[\w-]+'/g).map((s) => s.slice(1, -1));
  for (const status of statuses) assert.ok(row.includes(`"${status}"`), `status "${status}" is in the guide's row`);
});
