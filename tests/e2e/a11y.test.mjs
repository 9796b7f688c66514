// Keyboard and screen readers: axe-core finds no violation of any impact in the main states of
// the explorer and on www/hosts/notes.html; the live region is polite and throttled; reduced motion
// turns the slides off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openExplorer, screenshot, waitForState } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

async function axe(page, label) {
  // Loaded by URL from the same server: the page's CSP (script-src 'self') refuses an inline copy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/node_modules/axe-core/axe.min.js' });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const report = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(report, [], `axe in state "${label}"`);
}

test('axe-core: no violation of any impact while loaded, stepping, in error, solved, with the menu open, and on embed.html', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url);
  const note = () => {};
  note(await axe(page, 'loaded'));
  for (let i = 0; i < 20; i += 1) await button(page, 'Step').click();
  await page.getByRole('checkbox', { name: /share of h/ }).check();
  // A tree node's board, chosen with the keys (the tree's canvas is one focusable control).
  await page.locator('tile-search canvas.tree').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator('tile-search .selection').waitFor();
  await page.waitForTimeout(300);
  note(await axe(page, 'stepping'));
  await page.getByRole('textbox', { name: /Board/ }).fill('1 2 3 4 5 6 7 8 8');
  note(await axe(page, 'error'));
  await page.getByRole('combobox', { name: 'Preset' }).selectOption({ label: "Lecture's challenging case" });
  await page.locator('tile-search').evaluate((element) => { element.speed = 'max'; element.play(); });
  await waitForState(page, (s) => s.status === 'solved');
  note(await axe(page, 'solved'));
  await button(page, 'Whole iteration').click();
  await waitForState(page, (s) => s.tree.overview !== null);
  note(await axe(page, 'the whole iteration open'));
  await page.keyboard.press('Escape');
  await waitForState(page, (s) => s.tree.overview === null);
  await page.locator('tile-search details.menu summary').click();
  await page.locator('tile-search details.menu details, tile-search .glossary-panel summary').first().click();
  note(await axe(page, 'share menu and glossary open'));
  assert.deepEqual(errors, []);
  await context.close();
  // The one-widget page for iframes.
  const embed = await openExplorer(browser, `${server.url}www/hosts/notes.html`);
  await embed.page.evaluate(() => { for (let i = 0; i < 20; i += 1) document.querySelector('tile-search').step(); });
  await axe(embed.page, 'embed.html');
  assert.deepEqual(embed.errors, []);
  await embed.context.close();
});

test('the widget is focusable, narrates politely and at most once every 1.5 s, and has a reduced-motion mode', async () => {
  const { page, context, errors } = await openExplorer(browser, server.url, { reducedMotion: 'reduce' });
  const element = page.locator('tile-search');
  assert.equal(await element.getAttribute('tabindex'), '0');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'TILE-SEARCH', 'the first Tab stop is the widget');
  const live = page.locator('tile-search .live');
  assert.equal(await live.getAttribute('aria-live'), 'polite');
  await page.evaluate(() => {
    window.announcements = [];
    const element = document.querySelector('tile-search');
    const region = element.shadowRoot.querySelector('.live');
    new MutationObserver(() => window.announcements.push({ text: region.textContent, at: performance.now(), position: element.state.position }))
      .observe(region, { childList: true, characterData: true, subtree: true });
  });
  await element.evaluate((e) => { e.speed = 64; e.play(); });
  await page.waitForFunction(() => window.announcements.length >= 3);
  await element.evaluate((e) => e.pause());
  const announcements = await page.evaluate(() => window.announcements);
  // Counted in events, not timed: the run shows 64 events per second of the page's clock and
  // the widget speaks at most once per 1.5 s of it, so about 96 events lie between two
  // announcements (a third of that is the bound); without the limit every event would speak.
  const events = announcements.slice(1).map((a, i) => a.position - announcements[i].position);
  const gaps = announcements.slice(1).map((a, i) => Math.round(a.at - announcements[i].at));
  console.log(`# announcements at 64 events/s: ${events.join(', ')} events and ${gaps.join(', ')} ms apart`);
  assert.ok(events.every((n) => n >= 32), `events between announcements: ${events.join(', ')}`);
  assert.ok(announcements.every(({ text }) => text.length > 10));
  // Reduced motion: tiles move without a transition.
  const duration = await page.evaluate(() => getComputedStyle(document.querySelector('tile-search').shadowRoot.querySelector('.board .tile')).transitionDuration);
  assert.equal(duration, '0s');
  await screenshot(page, '09-reduced-motion-paused');
  assert.deepEqual(errors, []);
  await context.close();

  const normal = await openExplorer(browser, server.url);
  const slide = await normal.page.evaluate(() => getComputedStyle(document.querySelector('tile-search').shadowRoot.querySelector('.board .tile')).transitionDuration);
  assert.notEqual(slide, '0s', 'tiles slide when motion is allowed');
  await normal.context.close();
});
