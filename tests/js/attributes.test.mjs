// The attributes of <tile-search>, written once in www/model/attributes.js: every other place
// that names them (the element's accessors, its declarations, the custom elements manifest or the
// @attr tags it is made from, the Pandoc filter, the guide's table in docs/element.md) names exactly these, with their values and defaults; and the
// checks of an attribute's text give the widget's messages, word for word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ATTRIBUTES, HTML_ATTRIBUTES, OBSERVED, BOOLEANS, DEFAULTS, PANELS, CONTROLS, attribute, parseAttribute, speedOf, positionOf, tokensOf, heightOf,
} from '../../www/model/attributes.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFile(`${root}${path}`, 'utf8');
const NAMES = ATTRIBUTES.map((spec) => spec.name);
const sorted = (names) => [...new Set(names)].sort();

/** `names` are the table's, plus HTML's own attributes only. */
function sameAsTable(names, where) {
  const own = names.filter((name) => !HTML_ATTRIBUTES.includes(name));
  assert.deepEqual(sorted(own), sorted(NAMES), `${where} names other attributes than www/model/attributes.js`);
  assert.equal(own.length, new Set(own).size, `${where} names an attribute twice`);
}

test('the table: one entry per name, a doc line each, defaults of their own type', () => {
  assert.equal(new Set(NAMES).size, NAMES.length);
  for (const spec of ATTRIBUTES) {
    assert.ok(spec.doc.length > 10 && !spec.doc.includes('\n'), spec.name);
    assert.equal(attribute(spec.name), spec);
    if (spec.type === 'boolean') assert.equal(spec.default, false);
  }
  assert.deepEqual(BOOLEANS, ['autoplay', 'loop']);
  // loop is read when a run ends: observing it would reset the search.
  assert.deepEqual(OBSERVED, NAMES.filter((name) => name !== 'loop'));
  assert.equal(DEFAULTS.speed, 4);
  assert.equal(DEFAULTS.order, 'lrud');
});

test("the checks give the widget's messages, and the value in effect", () => {
  assert.deepEqual(parseAttribute('view', 'bord tree'),
    { value: new Set(['tree']), problem: `view="bord tree": unknown "bord"; use any of ${PANELS.join(' ')}.` });
  assert.deepEqual(parseAttribute('controls', ' '), { value: new Set(), problem: `controls=" ": empty; use any of ${CONTROLS.join(' ')}, or none.` });
  assert.deepEqual(tokensOf('controls', 'none'), { value: new Set(), problem: null });
  assert.deepEqual(tokensOf('view', null).value, new Set(PANELS));
  assert.deepEqual(parseAttribute('speed', '0'),
    { value: 4, problem: 'speed="0": not a speed; use a number of events per second from 1 to 1000, or max.' });
  assert.deepEqual(parseAttribute('speed', 'max'), { value: Infinity, problem: null });
  assert.deepEqual(parseAttribute('speed', null), { value: 4, problem: null });
  assert.equal(speedOf('1000'), 1000);
  assert.equal(speedOf('1001'), null);
  assert.equal(speedOf(''), null);
  assert.deepEqual(parseAttribute('position', '2.5'),
    { value: 0, problem: 'position="2.5": not a number of events; use a whole number (0 or more).' });
  assert.deepEqual(parseAttribute('position', ' 12 '), { value: 12, problem: null });
  assert.equal(positionOf(-1), null);
  assert.equal(positionOf(7), 7);
  assert.deepEqual(parseAttribute('mode', 'quiz'), { value: 'explore', problem: 'mode="quiz": unknown; use explore or predict.' });
  assert.deepEqual(parseAttribute('mode', 'predict'), { value: 'predict', problem: null });
  assert.deepEqual(parseAttribute('theme', 'blue'),
    { value: null, problem: 'theme="blue": unknown; use light or dark, or leave it out to follow the page.' });
  assert.deepEqual(heightOf('360'), { value: '360px', problem: null });
  assert.deepEqual(heightOf('24rem'), { value: '24rem', problem: null });
  assert.deepEqual(heightOf('tall'),
    { value: null, problem: 'height="tall": not a CSS length; use a number of pixels (360) or a length (24rem).' });
  assert.deepEqual(parseAttribute('autoplay', ''), { value: true, problem: null });
  assert.deepEqual(parseAttribute('loop', null), { value: false, problem: null });
  // The core checks these, and its message names a bad one.
  assert.deepEqual(parseAttribute('heuristic', 'euclid'), { value: 'euclid', problem: null });
  assert.deepEqual(parseAttribute('order', null), { value: 'lrud', problem: null });
});

test('the element observes the table and reflects every attribute as its property', async () => {
  const source = await read('www/element/tile-search-element.js');
  assert.match(source, /static observedAttributes = \[\.\.\.OBSERVED\];/);
  for (const { property } of ATTRIBUTES) {
    assert.match(source, new RegExp(`\\n  get ${property}\\(\\)`), `get ${property}`);
    assert.match(source, new RegExp(`\\n  set ${property}\\(value\\)`), `set ${property}`);
  }
});

test('the declarations name exactly the table: the attributes interface and the class properties', async () => {
  const dts = await read('www/types/tile-search-element.d.ts');
  const body = dts.match(/export interface TileSearchAttributes \{([^]*?)\n\}/)[1];
  const keys = [...body.matchAll(/^\s*'?([\w-]+)'?\?:/gm)].map((m) => m[1]);
  sameAsTable(keys, 'TileSearchAttributes');
  const element = dts.match(/export declare class TileSearchElement extends HTMLElement \{([^]*?)\n\}/)[1];
  for (const { property } of ATTRIBUTES) {
    assert.match(element, new RegExp(`\\n  (get )?${property}[(:]`), `TileSearchElement.${property}`);
  }
});

test('the custom elements manifest (or the @attr tags it is made from) names exactly the table', async () => {
  const manifestPath = `${root}dist/custom-elements.json`;
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    const declaration = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'tile-search');
    sameAsTable(declaration.attributes.map((a) => a.name), 'dist/custom-elements.json');
  }
  const tags = [...(await read('www/element/tile-search-element.js')).matchAll(/@attr \{[^}]*\} ([\w-]+)/g)].map((m) => m[1]);
  sameAsTable(tags, 'the @attr tags of www/element/tile-search-element.js');
});

test("the Pandoc filter's lists are the table's (and HTML's own)", async () => {
  const lua = await read('_extensions/tile-search/tile-search.lua');
  const keys = (name) => [...lua.match(new RegExp(`M\\.${name} = \\{([^}]*)\\}`))[1].matchAll(/\[?'?([\w-]+)'?\]? = true/g)].map((m) => m[1]);
  const attributes = keys('ATTRIBUTES');
  const booleans = keys('BOOLEANS');
  sameAsTable([...attributes, ...booleans], 'tile-search.lua');
  assert.deepEqual(sorted(booleans), sorted(BOOLEANS));
  // M.ORDER is the order the filter writes them in: every one of them, once.
  const order = [...lua.match(/M\.ORDER = \{([^}]*)\}/)[1].matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
  assert.deepEqual(sorted(order), sorted([...attributes, ...booleans]));
  assert.equal(order.length, new Set(order).size);
});

test("the guide's Attributes table (docs/element.md) names exactly the table, with each one's values and default", async () => {
  const page = await read('docs/element.md');
  const section = page.split('\n## Attributes\n')[1].split('\n## ')[0];
  const rows = [...section.matchAll(/^\| `([\w-]+)` \| (.*) \| (.*) \|$/gm)].map(([, name, values, fallback]) => ({ name, values, fallback }));
  sameAsTable(rows.map((row) => row.name), "the guide's Attributes table");
  for (const { name, values, fallback } of rows) {
    const spec = attribute(name);
    if (!spec) continue;
    // The words of view, controls, theme and mode, each named in the row.
    if (Array.isArray(spec.values)) for (const word of spec.values) assert.match(values, new RegExp(`(^|[\\s\`])${word}([\\s\`,.]|$)`), `${name}: the guide's row names "${word}"`);
    if (spec.type === 'boolean') assert.equal(fallback, 'absent', `${name}: a boolean's default is its absence`);
    else if (spec.default !== null) assert.ok(fallback === `\`${spec.default}\`` || fallback === String(spec.default), `${name}: the guide says the default is ${fallback}, the table ${spec.default}`);
  }
});
