// LMS and iframes: dist/embed.html on one origin (the course's static host), framed by a page on
// another (the LMS) with the guide's snippet (docs/embed.md). The frame is configured from its query string
// (every attribute), titles itself, fills its width, reports its content height whenever it
// changes, and its widget works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, screenshot, ROOT, WAIT_MS } from './server.mjs';
import { stepsForward } from './guest.mjs';

let course, lms, courseServer, lmsServer, browser;

const QUERY = {
  board: '8 1 3 4 0 2 7 6 5', heuristic: 'linear-conflict', goal: 'blank-last', algorithm: 'ida', 'max-reached': '5000',
  speed: '8', view: 'board now tree', controls: 'step step-back reset', height: '', caption: 'Figure 4. IDA* with linear conflict',
  theme: 'light', id: 'fig4', 'aria-label': 'IDA* explorer, figure 4', order: 'udlr', position: '0', mode: 'explore',
};

/** The guide's iframe and auto-height listener (docs/embed.md), as a teacher copies them. */
const GUIDE = await readFile(join(ROOT, 'docs/embed.md'), 'utf8');
const GUIDE_IFRAME = GUIDE.match(/```html\n(<iframe class="tile-search-frame"[^]*?<\/iframe>)\n```/)[1];
const GUIDE_LISTENER = GUIDE.match(/a host page that allows scripts can size the frame with it\.[^]*?```html\n(<script>[^]*?<\/script>)\n```/)[1];

/**
 * An LMS page with the guide's iframe (its src swapped) and listener, and `extra` HTML after it;
 * `window.messages` records the resize messages the explorer's frame sent.
 */
const hostPage = (src, extra = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3 · Course site</title>
<link rel="icon" href="data:,"><style>body { font: 16px/1.5 Georgia, serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; }</style></head>
<body><h1>Week 3: informed search</h1><p>Step through IDA* below.</p>
${GUIDE_IFRAME.replace(/src="[^"]*"/, `src="${src}"`).replace('height="640"', 'height="600"')}
<script>
  window.messages = [];
  addEventListener('message', (event) => {
    if (event.data?.type === 'tile-search:resize' && event.source === document.querySelector('iframe').contentWindow) {
      window.messages.push({ origin: event.origin, height: event.data.height });
    }
  });
</script>
${GUIDE_LISTENER}<p>After the figure.</p>${extra}</body></html>`;

/** Another frame on the LMS page (an ad, another tool) that posts the explorer's message about itself. */
const IMPOSTOR = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other</title></head><body>
<script>parent.postMessage({ type: 'tile-search:resize', height: 3 }, '*');</script></body></html>`;

before(async () => {
  course = await mkdtemp(join(tmpdir(), 'tilesearch-course-'));
  lms = await mkdtemp(join(tmpdir(), 'tilesearch-lms-'));
  await cp(join(ROOT, 'dist'), join(course, 'tilesearch'), { recursive: true });
  courseServer = await startServer(course);
  lmsServer = await startServer(lms);
  const params = new URLSearchParams(Object.entries(QUERY).filter(([, v]) => v !== '')).toString().replaceAll('+', '%20');
  await writeFile(join(lms, 'week3.html'), hostPage(`${courseServer.url}tilesearch/embed.html?${params}&loop`));
  await writeFile(join(lms, 'plain.html'), hostPage(`${courseServer.url}tilesearch/embed.html?board=6%204%205%208%202%207%201%200%203&view=board%20timeline&colour=red`));
  await writeFile(join(lms, 'impostor.html'), IMPOSTOR);
  // The impostor frames: one ordinary, one that claims the explorer's class but is not from its origin.
  await writeFile(join(lms, 'crowded.html'), hostPage(`${courseServer.url}tilesearch/embed.html?board=6%204%205%208%202%207%201%200%203`,
    `<iframe id="ad" src="impostor.html" title="Advertisement" height="150" style="border: 0"></iframe>
     <iframe id="pretender" class="tile-search-frame" src="${courseServer.url}tilesearch/embed.html" srcdoc="${IMPOSTOR.replaceAll('"', '&quot;')}" title="Pretender" height="150" style="border: 0"></iframe>`));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await courseServer?.close();
  await lmsServer?.close();
  for (const folder of [course, lms]) if (folder) await rm(folder, { recursive: true, force: true });
});

async function openLms(name, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${lmsServer.url}${name}`);
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  await frame.waitForFunction(() => document.querySelector('tile-search')?.shadowRoot?.querySelector('.board .tile')
    && document.querySelector('tile-search').state.status === 'ready');
  return { page, frame, context, errors };
}

/** Waits until the host page got a resize message whose height is the frame's content height, and the frame has it. */
async function sizedToContent(page, frame, previous) {
  const end = Date.now() + 10000;
  for (;;) {
    const messages = await page.evaluate(() => window.messages);
    const content = await frame.evaluate(() => Math.ceil(document.querySelector('main').getBoundingClientRect().height));
    const frameHeight = await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height);
    const last = messages.at(-1);
    if (last && last.height === content && Math.round(frameHeight) === content && content !== previous) return { messages, content };
    if (Date.now() > end) throw new Error(`no resize message for content ${content}: ${JSON.stringify(messages)}, frame ${frameHeight}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

test('embed.html in an LMS page: every attribute from the query, a meaningful title, resize messages, the widget steps', async () => {
  const { page, frame, context, errors } = await openLms('week3.html');
  const attributes = await frame.evaluate(() => Object.fromEntries([...document.querySelector('tile-search').attributes]
    .filter((a) => a.name !== 'tabindex').map((a) => [a.name, a.value])));
  assert.deepEqual(attributes, { ...Object.fromEntries(Object.entries(QUERY).filter(([, v]) => v !== '')), loop: '' });
  assert.equal(await frame.title(), 'Figure 4. IDA* with linear conflict · IDA* explorer');
  const { messages, content } = await sizedToContent(page, frame);
  assert.ok(content > 300, `content height ${content}`);
  assert.ok(messages.every((m) => m.origin === courseServer.url.slice(0, -1)), 'messages come from the course origin');
  // It fills the frame's width (inside its 8 px padding).
  const [widgetWidth, frameWidth] = await frame.evaluate(() => [document.querySelector('tile-search').getBoundingClientRect().width, innerWidth]);
  assert.equal(Math.round(widgetWidth), frameWidth - 16);
  assert.equal(await frame.locator('.frame-note').count(), 0, 'every attribute is a parameter');
  const stepped = await stepsForward(frame, '#fig4', 3);
  assert.equal(stepped.order, 'udlr', 'the move order from the query is in effect');
  await page.waitForTimeout(300);
  await screenshot(page, '62-iframe-lms-1280');
  // A narrow page: the board goes above the panels, the content grows, the host is told.
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await sizedToContent(page, frame, content);
  assert.ok(narrow.content > content, `narrow content ${narrow.content} > ${content}`);
  await page.waitForTimeout(300);
  await screenshot(page, '62-iframe-lms-390');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed.html without a caption names its search in the title; an unknown parameter is named in the frame', async () => {
  const { frame, context, errors } = await openLms('plain.html');
  // In the core's words (its catalog), once the core is loaded.
  await frame.waitForFunction(() => document.title !== 'IDA* explorer');
  assert.equal(await frame.title(), 'IDA* with Manhattan distance on 6 4 5 8 2 7 1 0 3 · IDA* explorer');
  assert.match(await frame.locator('.frame-note').textContent(), /unknown parameter "colour"; it takes board, heuristic/);
  await stepsForward(frame, 'tile-search', 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the guide's listener sizes only the explorer's frame: another frame's message, or the page's own, changes nothing", async () => {
  const { page, frame, context, errors } = await openLms('crowded.html');
  const { content } = await sizedToContent(page, frame);
  // Both impostors have posted (their script runs as they load), and the page posts one itself.
  await page.waitForFunction(() => document.getElementById('pretender').contentDocument?.readyState === 'complete'
    && document.getElementById('ad').contentDocument?.readyState === 'complete');
  await page.evaluate(() => postMessage({ type: 'tile-search:resize', height: 5 }, '*'));
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0))); // (the page's own message is delivered first)
  const heights = await page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => Math.round(f.getBoundingClientRect().height)));
  assert.deepEqual(heights, [content, 150, 150], 'the explorer sized to its content, the others untouched');
  assert.deepEqual(errors, []);
  await context.close();
});
