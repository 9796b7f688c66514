// The screens a student sees, kept as test artifacts for review: stepping, right after a raise,
// solved, and during Play solution, at 1280×720, 1366×900, 1024×700 and 390×844. Each is also
// checked for what must hold at any size: no horizontal scrolling and the primary controls on
// screen (on a phone they stay at the top while the page scrolls).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer, launch, waitForState, ARTIFACTS, WAIT_MS } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SIZES = [[1280, 720], [1366, 900], [1024, 700], [390, 844]];

for (const [width, height] of SIZES) {
  test(`screens at ${width}×${height}: stepping, after a raise, solved, playing the solution`, async () => {
    const phone = width < 500;
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
    await waitForState(page, (s) => s.status === 'ready');
    await mkdir(ARTIFACTS, { recursive: true });
    const shot = async (name) => {
      await page.waitForTimeout(500);
      const fits = await page.evaluate(() => {
        const step = document.querySelector('tile-search').shadowRoot.querySelector('[data-action="step"]').getBoundingClientRect();
        return { scrollWidth: document.documentElement.scrollWidth, innerWidth, stepOnScreen: step.top >= 0 && step.bottom <= innerHeight };
      });
      assert.ok(fits.scrollWidth <= fits.innerWidth, `${name}: no horizontal scrolling`);
      assert.ok(fits.stepOnScreen, `${name}: Step is on screen`);
      await page.screenshot({ path: join(ARTIFACTS, `80-${width}x${height}-${name}.png`) });
    };
    const element = (fn, arg) => page.evaluate(fn, arg);
    await element(() => { const t = document.querySelector('tile-search'); for (let i = 0; i < 40; i += 1) t.step(); });
    await shot('stepping');
    await element(() => document.querySelector('tile-search').nextIteration());
    await waitForState(page, (s) => s.status === 'paused' && s.lastEvent?.type === 'raise');
    await shot('after-raise');
    await element(() => { const t = document.querySelector('tile-search'); t.speed = 'max'; t.play(); });
    await waitForState(page, (s) => s.status === 'solved');
    await shot('solved');
    await element(() => { const t = document.querySelector('tile-search'); t.speed = 4; t.shadowRoot.querySelector('[data-action="playSolution"]').click(); });
    await page.waitForFunction(() => /Solution move 8 of/.test(document.querySelector('tile-search').shadowRoot.querySelector('.narration').textContent));
    await shot('playing-solution');
    if (phone) {
      // Scrolled down to the tree: the controls are still at hand.
      await page.evaluate(() => window.scrollTo(0, 900));
      await shot('scrolled-to-tree');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
