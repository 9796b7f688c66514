// The guide's embedding promises (docs/embed.md, "Widgets in your notes"): every widget its
// examples show (HTML tags, Pandoc/Quarto divs and the shortcode) renders complete at its stated height: its caption visible, its tree
// inside the widget, nothing clipped or scrolled away, and the content as tall as it says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer, launch, openWatched, screenshot, ROOT } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The widgets of the guide's embedding page, as attribute maps. */
async function guideWidgets() {
  const text = await readFile(join(ROOT, 'docs/embed.md'), 'utf8');
  const attributes = (source) => Object.fromEntries([...source.matchAll(/([\w-]+)(?:="([^"]*)")?/g)]
    .filter(([, name]) => !['tile-search', 'id'].includes(name) && !name.startsWith('.') && !name.startsWith('#'))
    .map(([, name, value]) => [name, value ?? '']));
  const widgets = [];
  for (const [, source] of text.matchAll(/<tile-search\b([^>]*)>/g)) widgets.push(attributes(source));
  for (const [, source] of text.matchAll(/:::\s*\{([^}]*\.tile-search[^}]*)\}/g)) widgets.push(attributes(source.replace(/[#.][\w-]+/g, '')));
  for (const [, source] of text.matchAll(/\{\{<\s*tile-search\b(.*?)>\}\}/g)) widgets.push(attributes(source));
  return widgets;
}

test("every widget of the guide's embedding examples renders complete at its stated height", async () => {
  const widgets = await guideWidgets();
  assert.ok(widgets.length >= 8, `${widgets.length} widgets found in docs/embed.md`);
  const { page, context, errors } = await openWatched(browser, `${server.url}tests/e2e/fixtures/blank.html`, { viewport: { width: 1000, height: 900 } });
  await page.evaluate(async (widgets) => {
    await import('/www/tile-search.js');
    for (const [i, attributes] of widgets.entries()) {
      const element = document.createElement('tile-search');
      element.id = `w${i}`;
      for (const [name, value] of Object.entries(attributes)) if (name !== 'autoplay' && name !== 'loop') element.setAttribute(name, value);
      document.body.append(element);
    }
  }, widgets);
  await page.waitForFunction((n) => [...document.querySelectorAll('tile-search')].length === n
    && [...document.querySelectorAll('tile-search')].every((e) => e.state.status === 'ready'), widgets.length);
  // Each shown, with a few steps taken (a tree to draw).
  await page.evaluate(() => { for (const e of document.querySelectorAll('tile-search')) for (let i = 0; i < 30; i += 1) e.step(); });
  await page.waitForTimeout(600);
  const report = await page.evaluate(() => [...document.querySelectorAll('tile-search')].map((element) => {
    const root = element.shadowRoot;
    const box = element.getBoundingClientRect();
    const explorer = root.querySelector('.explorer');
    const caption = root.querySelector('.caption');
    const frame = root.querySelector('.tree-panel:not(.off) .tree-frame');
    const inside = (r) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    return {
      attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
      height: box.height, scrolled: explorer.scrollHeight - explorer.clientHeight,
      caption: caption.hidden ? null : inside(caption.getBoundingClientRect()) && caption.getBoundingClientRect().height > 0,
      tree: frame ? { inside: inside(frame.getBoundingClientRect()), height: frame.getBoundingClientRect().height } : null,
      message: root.querySelector('.message').textContent,
    };
  }));
  for (const widget of report) {
    const what = JSON.stringify(widget.attributes);
    assert.equal(widget.message, '', `no settings message: ${what}`);
    assert.ok(widget.scrolled <= 1, `nothing scrolled away (${widget.scrolled} px): ${what}`);
    if (widget.attributes.caption) assert.equal(widget.caption, true, `caption visible: ${what}`);
    if (widget.tree) assert.ok(widget.tree.inside && widget.tree.height >= 96, `tree inside, ${widget.tree.height} px: ${what}`);
    const stated = Number(widget.attributes.height);
    if (stated) assert.ok(Math.abs(widget.height - stated) < 1, `${widget.height} px high, stated ${stated}: ${what}`);
  }
  await screenshot(page, '70-readme-figures');
  assert.deepEqual(errors, []);
  await context.close();
});
