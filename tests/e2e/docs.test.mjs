// The guide (`make docs`: dist/docs/, built from docs/*.md by scripts/build-docs.mjs with the
// project's Pandoc filter): every page opened in one Chromium, one after another, at 1280×720
// and at 390×844: every widget steps, every link and anchor resolves, nothing is logged as an
// error, and the page never scrolls sideways. The folder also works from file://, offline.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, launch, screenshot, ROOT, WAIT_MS } from './server.mjs';

const GUIDE = join(ROOT, 'dist/docs');
const WIDE = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
/** The pages photographed at both sizes (tests/e2e/artifacts/80-docs-*.png). */
const PHOTOGRAPHED = ['tour.html', 'cli.html'];
let server, browser;

before(async () => {
  assert.ok(existsSync(join(GUIDE, 'index.html')), 'dist/docs/ is missing: run make docs');
  server = await startServer(GUIDE);
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const PAGES = existsSync(GUIDE) ? readdirSync(GUIDE).filter((name) => name.endsWith('.html')).sort() : [];
/** Every id each page has, read from its HTML (the anchors a link may name). */
const IDS = new Map(PAGES.map((name) => [name, new Set([...readFileSync(join(GUIDE, name), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]))]));

/** Waits until every widget of the page has its board and a search ready (none: at once). */
const widgetsReady = (page) => page.waitForFunction(() => [...document.querySelectorAll('tile-search')]
  .every((element) => element.shadowRoot?.querySelector('.board .tile') && ['ready', 'error'].includes(element.state?.status)), null, { timeout: WAIT_MS });

/** Steps every widget once, with its Step button where it shows one; resolves to [{id, before, after, error}]. */
async function stepEach(page) {
  const ids = await page.evaluate(() => [...document.querySelectorAll('tile-search')].map((element) => element.id));
  const steps = [];
  for (const id of ids) {
    const widget = page.locator(`tile-search#${id}`);
    const before = await widget.evaluate((element) => element.state.position);
    const button = widget.getByRole('button', { name: 'Step', exact: true });
    if (await button.isVisible()) await button.click();
    else await widget.evaluate((element) => element.step());
    await page.waitForFunction((id) => document.getElementById(id).state.position > 0 || document.getElementById(id).state.error, id, { timeout: WAIT_MS });
    steps.push(await widget.evaluate((element) => ({ id: element.id, after: element.state.position, error: element.state.error })).then((s) => ({ ...s, before })));
  }
  return steps;
}

/** The page's links: [{href, url}] (the attribute as written, the URL it resolves to). */
const linksOf = (page) => page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => ({ href: a.getAttribute('href'), url: a.href })));

/** What is wrong with a link of page `name` (null: it resolves to a page of the guide and an id on it). */
function brokenLink(name, { href, url }, base) {
  if (/^(https?:|mailto:)/.test(href)) return null; // outside the guide: not fetched (offline)
  if (!url.startsWith(base)) return `${href} leaves the guide`;
  const { pathname, hash } = new URL(url);
  const target = pathname.slice(new URL(base).pathname.length) || 'index.html';
  if (!IDS.has(target)) return existsSync(join(GUIDE, target)) && !hash ? null : `${href}: no page ${target}`;
  const id = decodeURIComponent(hash.slice(1));
  return id && !IDS.get(target).has(id) ? `${href}: no #${id} on ${target}` : null;
}

const sideways = (page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));

test('the guide has its pages, each with the navigation', () => {
  assert.ok(PAGES.length >= 10, `${PAGES.length} pages`);
  for (const name of PAGES) assert.ok(IDS.get(name).has('TOC') || name === 'index.html', `${name} has its contents`);
  for (const name of PAGES) assert.match(readFileSync(join(GUIDE, name), 'utf8'), /<nav class="guide-nav"/, `${name} has the navigation`);
  // A Markdown heading without a blank line before it is read as text: no "## " outside code.
  for (const name of PAGES) {
    const text = readFileSync(join(GUIDE, name), 'utf8').replace(/<pre[^]*?<\/pre>|<code[^]*?<\/code>/g, '');
    assert.doesNotMatch(text, /(^|[\s>])#{2,6} \S/, `${name} shows a heading's ## as text`);
  }
});

test('every page at 1280×720 and 390×844: its widgets step, its links and anchors resolve, no console error, no sideways scroll', async () => {
  const context = await browser.newContext({ viewport: WIDE, reducedMotion: 'no-preference' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  let errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => { if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`); });
  const problems = [];
  let widgets = 0;
  for (const name of PAGES) {
    errors = [];
    await page.setViewportSize(WIDE);
    await page.goto(`${server.url}${name}`);
    await widgetsReady(page);
    for (const step of await stepEach(page)) {
      widgets += 1;
      if (step.error || !(step.after > step.before)) problems.push(`${name}: #${step.id} did not step: ${JSON.stringify(step)}`);
    }
    for (const link of await linksOf(page)) {
      const broken = brokenLink(name, link, server.url);
      if (broken) problems.push(`${name}: ${broken}`);
    }
    const wide = await sideways(page);
    if (wide.scrollWidth > wide.innerWidth) problems.push(`${name} scrolls sideways at 1280 px: ${JSON.stringify(wide)}`);
    const photo = PHOTOGRAPHED.includes(name) ? `80-docs-${name.replace('.html', '')}` : null;
    if (photo) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${photo}-1280`, { fullPage: false });
    }
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    const narrow = await sideways(page);
    if (narrow.scrollWidth > narrow.innerWidth) problems.push(`${name} scrolls sideways at 390 px: ${JSON.stringify(narrow)}`);
    if (photo) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${photo}-390`, { fullPage: false });
    }
    for (const error of errors) problems.push(`${name}: ${error}`);
  }
  await context.close();
  assert.ok(widgets >= 10, `${widgets} widgets stepped`);
  assert.deepEqual(problems, []);
});

test('from file://, offline: the first page\'s widget steps, and the navigation leads to a page whose widgets step', async () => {
  const context = await browser.newContext({ viewport: WIDE, offline: true });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(join(GUIDE, 'index.html')).href);
  await widgetsReady(page);
  const [first] = await stepEach(page);
  assert.ok(first.after > first.before && !first.error, JSON.stringify(first));
  await page.locator('.guide-nav').getByRole('link', { name: "The lecture's other searches" }).click();
  await page.waitForURL(/searches\.html$/);
  await widgetsReady(page);
  const steps = await stepEach(page);
  assert.ok(steps.length >= 3 && steps.every((s) => s.after > s.before && !s.error), JSON.stringify(steps));
  // Run one to the end: its full-speed search runs in a worker made from the script's own code.
  await page.locator('tile-search#side-ida').evaluate((element) => element.play());
  await page.waitForFunction(() => document.getElementById('side-ida').state.status === 'solved', null, { timeout: WAIT_MS });
  assert.deepEqual(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:') && !url.startsWith('blob:')), [], 'nothing fetched from a network');
  assert.deepEqual(errors, []);
  await context.close();
});
