/* global Reveal -- the deck's global, inside page.evaluate */
// Pandoc and Quarto: Debian's pandoc runs the extension's filter (dist/_extensions/tile-search/)
// on a sample of lecture notes (fixtures/notes.md) as a teacher does, into HTML (standalone and
// module builds), self-contained HTML and a reveal.js deck; the results load in Chromium and
// their widgets step. The shortcode's Lua is checked through pandoc with the two quarto.*
// functions it calls recorded (Quarto itself cannot be installed here).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launch, screenshot, ROOT } from './server.mjs';
import { openGuest, stateOf, stepsForward } from './guest.mjs';

const EXTENSION = join(ROOT, 'dist/_extensions/tile-search');
const FILTER = ['--lua-filter', '_extensions/tile-search/tile-search.lua'];
let folder, server, browser;

const pandoc = (...args) => execFileSync('pandoc', args, { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(async () => {
  assert.ok(existsSync(join(EXTENSION, 'assets/tile-search-standalone.js')), 'dist/_extensions/tile-search/ is missing: run make build');
  assert.match(execFileSync('pandoc', ['--version'], { encoding: 'utf8' }), /^pandoc 2\.1[7-9]|^pandoc [3-9]/, 'pandoc 2.17 or later (make setup-pandoc)');
  // A teacher's notes folder: the extension copied in (as for Quarto), reveal.js from npm.
  folder = await mkdtemp(join(tmpdir(), 'tilesearch-pandoc-'));
  await cp(EXTENSION, join(folder, '_extensions/tile-search'), { recursive: true });
  await cp(join(ROOT, 'node_modules/reveal.js/dist'), join(folder, 'reveal.js/dist'), { recursive: true });
  await cp(join(ROOT, 'node_modules/reveal.js/plugin'), join(folder, 'reveal.js/plugin'), { recursive: true });
  await cp(join(ROOT, 'tests/e2e/fixtures/notes.md'), join(folder, 'notes.md'));
  pandoc('notes.md', '-s', '-o', 'notes.html', ...FILTER);
  pandoc('notes.md', '-s', '-o', 'notes-module.html', '-M', 'tile-search-build=module', ...FILTER);
  pandoc('notes.md', '-s', '--self-contained', '-o', 'notes-self-contained.html', ...FILTER);
  pandoc('notes.md', '-s', '-t', 'revealjs', '-V', 'revealjs-url=reveal.js', '-o', 'deck.html', ...FILTER);
  pandoc('notes.md', '-s', '-t', 'revealjs', '-V', 'revealjs-url=reveal.js', '--self-contained', '-o', 'deck-self-contained.html', ...FILTER);
  await mkdir(join(folder, 'out'));
  pandoc('notes.md', '-s', '-o', 'out/notes.html', ...FILTER);
  server = await startServer(folder);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('the filter writes one widget per div (attributes, id, caption from the text) and the script once', async () => {
  const html = await readFile(join(folder, 'notes.html'), 'utf8');
  const widgets = html.match(/<tile-search [^>]*><\/tile-search>/g);
  assert.equal(widgets.length, 2);
  assert.equal(widgets[0], '<tile-search id="walkthrough" class="wide" board="6 4 5 8 2 7 1 0 3" heuristic="manhattan" view="board now tree" '
    + 'controls="step step-back next-iteration reset" caption="Figure 1. IDA* with Manhattan distance on 6 4 5 / 8 2 7 / 1 _ 3, one event per Step."></tile-search>');
  assert.equal(html.match(/tile-search-standalone\.js/g).length, 1, 'the script once per document');
  assert.match(html, /<script src="_extensions\/tile-search\/assets\/tile-search-standalone\.js"><\/script>/);
  assert.match(await readFile(join(folder, 'out/notes.html'), 'utf8'), /src="\.\.\/_extensions\/tile-search\/assets\/tile-search-standalone\.js"/,
    'the script path is relative to the output file');
  assert.match(await readFile(join(folder, 'notes-module.html'), 'utf8'), /<script type="module" src="_extensions\/tile-search\/assets\/tile-search\.js">/);
  // The notes' own header-includes, one value (a block, inline HTML) or a list, stay beside the script.
  for (const [name, includes] of [['one block', '<meta name="notes" content="kept">'], ['inline', '"`<meta name=\\"notes\\" content=\\"kept\\">`{=html}"'],
    ['a list', '\n  - <meta name="notes" content="kept">\n  - <meta name="more" content="kept">']]) {
    await writeFile(join(folder, 'includes.md'), `---\ntitle: Includes\nheader-includes: ${includes}\n---\n\n::: {.tile-search board="1 2 3 4 0 6 7 5 8"}\n:::\n`);
    const page = pandoc('includes.md', '-s', ...FILTER);
    assert.match(page, /<meta name="notes" content="kept">/, `header-includes as ${name}: kept`);
    assert.equal(page.match(/tile-search-standalone\.js/g)?.length, 1, `header-includes as ${name}: the script once`);
  }
  // Another format: the caption and a note instead of the widget; booleans; unknown attributes warned about.
  const latex = pandoc('notes.md', '-t', 'latex', ...FILTER);
  assert.match(latex, /Interactive IDA\* figure \(board 6 4 5 8 2 7 1 0 3\): open the HTML version/);
  assert.doesNotMatch(latex, /tile-search/);
  await writeFile(join(folder, 'options.md'), '::: {.tile-search .wide autoplay=true loop=false speed=16 colour="red"}\n:::\n');
  const options = execFileSync('pandoc', ['options.md', ...FILTER], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(options.trim(), '<tile-search class="wide" speed="16" autoplay></tile-search>');
  const warned = execFileSync('sh', ['-c', 'pandoc options.md --lua-filter _extensions/tile-search/tile-search.lua 2>&1 >/dev/null'], { cwd: folder, encoding: 'utf8' });
  assert.match(warned, /unknown attribute "colour" left out/);
});

for (const [name, file] of [['HTML (standalone build), served', 'notes.html'], ['HTML with the module build, served', 'notes-module.html']]) {
  test(`${name}: both widgets step; no errors`, async () => {
    const { page, context, errors } = await openGuest(browser, `${server.url}${file}`);
    await stepsForward(page, '#walkthrough', 4);
    assert.equal((await stateOf(page, '#hamming')).status, 'ready', 'the other widget is left alone');
    await stepsForward(page, '#hamming', 2);
    if (file === 'notes.html') {
      await screenshot(page, '60-pandoc-notes-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await screenshot(page, '60-pandoc-notes-390');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("Pandoc's own 36em column at 1280×720: the widget grows past it, board beside tree, inside the window; at 390×844 it keeps to the page", async () => {
  const { page, context, errors } = await openGuest(browser, `${server.url}notes.html`);
  const layout = () => page.evaluate(() => {
    const element = document.querySelector('#walkthrough');
    const box = (node) => { const r = node.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const style = getComputedStyle(document.body);
    const column = document.body.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    return { column, twoColumns: 44 * rem, widget: box(element), board: box(element.shadowRoot.querySelector('.board-host .board')),
      tree: box(element.shadowRoot.querySelector('.tree-panel')), innerWidth, scrollWidth: document.documentElement.scrollWidth };
  });
  const wide = await layout();
  assert.ok(wide.column < wide.twoColumns, `Pandoc's column is narrower than the widget's two columns (44rem): ${JSON.stringify(wide)}`);
  assert.ok(wide.tree.left >= wide.board.right, `the tree beside the board: ${JSON.stringify(wide)}`);
  assert.ok(wide.tree.top < wide.board.bottom && wide.board.top < wide.tree.bottom, `side by side, not stacked: ${JSON.stringify(wide)}`);
  assert.ok(wide.widget.left >= 0 && wide.widget.right <= wide.innerWidth && wide.scrollWidth <= wide.innerWidth, 'inside the window, no sideways scrolling');
  await stepsForward(page, '#walkthrough', 2);
  await screenshot(page, '61-pandoc-column-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const narrow = await layout();
  assert.ok(narrow.widget.left >= 0 && narrow.widget.right <= 390, `a phone: the widget keeps to the page ${JSON.stringify(narrow)}`);
  await screenshot(page, '61-pandoc-column-390');
  assert.deepEqual(errors, []);
  await context.close();
});

test('self-contained HTML: one file, opened from disk in an empty folder, fetches nothing and its widgets step', async () => {
  const alone = await mkdtemp(join(tmpdir(), 'tilesearch-alone-'));
  try {
    await cp(join(folder, 'notes-self-contained.html'), join(alone, 'notes.html'));
    const { page, context, errors, requests } = await openGuest(browser, pathToFileURL(join(alone, 'notes.html')).href);
    await stepsForward(page, '#walkthrough', 3);
    assert.deepEqual(requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:')), [pathToFileURL(join(alone, 'notes.html')).href]);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await rm(alone, { recursive: true, force: true });
  }
});

/** Opens a reveal.js deck, waits for reveal.js, goes to the slide holding `selector` and steps it. */
async function deckSteps(url) {
  const guest = await openGuest(browser, url);
  const { page } = guest;
  await page.waitForFunction(() => window.Reveal?.isReady());
  await page.evaluate(() => {
    const slide = document.querySelector('#walkthrough').closest('section');
    const { h, v } = Reveal.getIndices(slide);
    Reveal.slide(h, v);
  });
  await page.waitForFunction(() => document.querySelector('#walkthrough').closest('section').classList.contains('present'));
  await stepsForward(page, '#walkthrough', 3);
  return guest;
}

test('reveal.js deck from the filter: the widget on its slide steps; its keys act on the widget while it has the focus, on the deck without; no errors', async () => {
  const { page, context, errors } = await deckSteps(`${server.url}deck.html`);
  const slide = () => page.evaluate(() => Reveal.getIndices().h);
  const at = await slide();
  const before = (await stateOf(page, '#walkthrough')).lastEvent;
  await page.locator('#walkthrough').focus();
  await page.keyboard.press('ArrowRight');
  assert.notDeepEqual((await stateOf(page, '#walkthrough')).lastEvent, before, '→ stepped the focused widget (its Step is shown)');
  assert.equal(await slide(), at, '→ with the widget focused leaves the slide alone');
  // The widget shows no Run: Space is the deck's (its next slide), even with the widget focused;
  // Shift+Space goes back.
  const where = () => page.evaluate(() => JSON.stringify(Reveal.getIndices()));
  const here = await where();
  const stepped = (await stateOf(page, '#walkthrough')).position;
  await page.keyboard.press(' ');
  await page.waitForFunction((here) => JSON.stringify(Reveal.getIndices()) !== here, here);
  assert.equal((await stateOf(page, '#walkthrough')).status, 'paused', 'Space did not run the widget');
  assert.equal((await stateOf(page, '#walkthrough')).position, stepped);
  await page.keyboard.press('Shift+Space');
  await page.waitForFunction((here) => JSON.stringify(Reveal.getIndices()) === here, here);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((at) => Reveal.getIndices().h === at + 1, at);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((at) => Reveal.getIndices().h === at, at);
  await page.waitForTimeout(300);
  await screenshot(page, '61-pandoc-deck-1280');
  assert.deepEqual(errors, []);
  await context.close();
});

test('self-contained reveal.js deck, from disk: the widget steps; no errors', async () => {
  const { context, errors } = await deckSteps(pathToFileURL(join(folder, 'deck-self-contained.html')).href);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Quarto shortcode: its handler gives the same widget and adds the dependency once per build', async () => {
  // Quarto's API as far as the shortcode uses it: resolve_path, is_format, add_html_dependency.
  await writeFile(join(folder, 'shortcode-check.lua'), `
quarto = { utils = {}, doc = {} }
local dir = '_extensions/tile-search/'
quarto.utils.resolve_path = function(p) return dir .. p end
quarto.doc.is_format = function(f) return f == 'html:js' end
local deps = {}
quarto.doc.add_html_dependency = function(d)
  local s = d.scripts[1]
  deps[#deps + 1] = d.name .. ' ' .. (type(s) == 'table' and (s.path .. ' ' .. s.attribs.type) or s)
end
local handlers = dofile(dir .. 'tile-search-shortcode.lua')
function Pandoc(doc)
  local kwargs = { board = pandoc.Inlines({ pandoc.Str('8 1 3 4 0 2 7 6 5') }), view = pandoc.Inlines({ pandoc.Str('board'), pandoc.Space(), pandoc.Str('tree') }),
    caption = pandoc.Inlines({ pandoc.Str('Figure'), pandoc.Space(), pandoc.Str('3.') }), heuristic = pandoc.Inlines({}) }
  local block = handlers['tile-search']({ pandoc.Inlines({ pandoc.Str('autoplay') }) }, kwargs, doc.meta, '', 'block')
  local inline = handlers['tile-search']({}, { board = pandoc.Inlines({ pandoc.Str('1 2 3 4 0 6 7 5 8') }) }, doc.meta, '', 'inline')
  return pandoc.Pandoc({ pandoc.Para({ pandoc.Str(block.t .. ' ' .. block.text) }), pandoc.Para({ pandoc.Str(inline.t .. ' ' .. inline.text) }),
    pandoc.Para({ pandoc.Str(table.concat(deps, '; ')) }) })
end
`);
  await writeFile(join(folder, 'empty.md'), '');
  const out = pandoc('empty.md', '-t', 'plain', '--wrap=none', '--lua-filter', 'shortcode-check.lua').trim().split('\n\n');
  assert.deepEqual(out, [
    'RawBlock <tile-search board="8 1 3 4 0 2 7 6 5" autoplay view="board tree" caption="Figure 3."></tile-search>',
    'RawInline <tile-search board="1 2 3 4 0 6 7 5 8"></tile-search>',
    'tile-search assets/tile-search-standalone.js; tile-search assets/tile-search-standalone.js',
  ]);
  const module = pandoc('empty.md', '-t', 'plain', '--wrap=none', '-M', 'tile-search-build=module', '--lua-filter', 'shortcode-check.lua');
  assert.match(module, /tile-search assets\/tile-search\.js module/);
});
