// What the host tests (pandoc, iframe, npm, reveal.js) share: opening a page that holds widgets
// with its errors recorded, and pressing a widget's Step as a reader does.
import assert from 'node:assert/strict';
import { WAIT_MS } from './server.mjs';

/**
 * Opens `url` in a new context of `browser`; resolves to {page, context, errors, requests} once
 * every <tile-search> on it has drawn its board (the wasm is loaded and the board parsed).
 */
export async function openGuest(browser, url, { viewport = { width: 1280, height: 720 }, ignore = [] } = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  const ignored = (text) => ignore.some((pattern) => pattern.test(text));
  // A page without an icon makes the browser ask for /favicon.ico: that 404 is not the widget's.
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignored(message.text()) && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => {
    const widgets = [...document.querySelectorAll('tile-search')];
    return widgets.length > 0 && widgets.every((element) => element.shadowRoot?.querySelector('.board .tile')
      && ['ready', 'error'].includes(element.state?.status));
  });
  return { page, context, errors, requests };
}

/** The state of the widget `selector` matches (in `frame`, a page or a frame). */
export const stateOf = (frame, selector) => frame.evaluate((selector) => document.querySelector(selector).state, selector);

/**
 * Clicks Step of the widget `selector` `times` times and checks that each click showed one more
 * event: the search advanced and sits paused on it.
 */
export async function stepsForward(frame, selector, times = 3) {
  const before = await stateOf(frame, selector);
  assert.equal(before.status, 'ready', `${selector} waits to be asked`);
  assert.equal(before.lastEvent, null);
  const step = frame.locator(selector).getByRole('button', { name: 'Step', exact: true });
  const seen = [];
  for (let i = 0; i < times; i += 1) {
    await step.click();
    const now = await stateOf(frame, selector);
    assert.equal(now.status, 'paused', `${selector} is paused after Step ${i + 1}`);
    assert.ok(now.lastEvent, `${selector} shows an event after Step ${i + 1}`);
    seen.push(JSON.stringify(now.lastEvent));
  }
  assert.equal(new Set(seen).size, times, `each Step of ${selector} showed a new event: ${seen.join(' | ')}`);
  return stateOf(frame, selector);
}
