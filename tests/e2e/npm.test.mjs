// The npm package as a course site's build uses it: `npm pack ./dist`, the tarball installed into
// a fresh project (offline: the package has no dependencies), a page bundled from it with
// esbuild (the three asset files copied next to the bundle, as the package's README says), and
// the widget run in Chromium: it steps, and a full-speed run solves in a worker. tsc checks a
// TypeScript consumer against the installed declarations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { startServer, launch, screenshot, ROOT } from './server.mjs';
import { openGuest, stateOf, stepsForward } from './guest.mjs';

let work, project, tarball, files, server, browser;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'tilesearch-npm-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', join(ROOT, 'dist'), '--json', '--pack-destination', work], { encoding: 'utf8' }));
  tarball = join(work, packed[0].filename);
  files = packed[0].files.map((f) => f.path).sort();
  project = join(work, 'course-site');
  await mkdir(join(project, 'src'), { recursive: true });
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'course-site', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, encoding: 'utf8' });
  // The course site's page and script (the README's bundler snippet).
  await writeFile(join(project, 'src/main.js'), `import 'tilesearch';
import { TileSearchElement } from 'tilesearch/element';
window.sameClass = customElements.get('tile-search') === TileSearchElement;
`);
  await mkdir(join(project, 'public'));
  await writeFile(join(project, 'public/index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Course site</title><link rel="icon" href="data:,"><script type="module" src="main.js"></script></head>
<body><h1>Week 3</h1><tile-search id="fig" board="6 4 5 8 2 7 1 0 3" view="board tree" controls="step run reset" speed="max"></tile-search></body></html>`);
  await build({ entryPoints: [join(project, 'src/main.js')], bundle: true, format: 'esm', outdir: join(project, 'public'),
    absWorkingDir: project, logLevel: 'silent' });
  for (const name of ['tilesearch_bg.wasm', 'solver-worker.js']) {
    await copyFile(join(project, 'node_modules/tilesearch', name), join(project, 'public', name));
  }
  server = await startServer(join(project, 'public'));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('npm pack ./dist: the package has its entries, declarations, manifest, wasm, workers, README and licence', async () => {
  for (const name of ['package.json', 'tile-search.js', 'tile-search-element.js', 'tile-search-standalone.js', 'tile-search.d.ts',
    'tile-search-element.d.ts', 'trace-events.d.ts', 'custom-elements.json', 'tilesearch_bg.wasm', 'solver-worker.js',
    'embed.html', 'embed.js', 'README.md', 'LICENSE']) {
    assert.ok(files.includes(name), `${name} is in the tarball: ${files.join(' ')}`);
  }
  assert.ok(!files.some((f) => f.startsWith('_extensions/')), 'the Quarto extension is not in the npm package');
  const pkg = JSON.parse(await readFile(join(project, 'node_modules/tilesearch/package.json'), 'utf8'));
  assert.deepEqual(pkg.exports['.'], { types: './tile-search.d.ts', default: './tile-search.js' });
  assert.deepEqual(pkg.exports['./element'], { types: './tile-search-element.d.ts', default: './tile-search-element.js' });
  const manifest = JSON.parse(await readFile(join(project, 'node_modules/tilesearch/custom-elements.json'), 'utf8'));
  const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'tile-search');
  assert.deepEqual(element.attributes.map((a) => a.name).sort(),
    ['algorithm', 'autoplay', 'board', 'caption', 'controls', 'goal', 'height', 'heuristic', 'loop', 'max-reached', 'mode', 'order', 'position', 'speed', 'theme', 'view']);
  assert.deepEqual(element.events.map((e) => e.name).sort(), ['answer', 'check', 'gaveup', 'optionschange', 'question', 'reset', 'solved', 'step']);
  assert.ok(manifest.modules.some((m) => m.path === 'tile-search.js' && m.exports.some((e) => e.kind === 'custom-element-definition')));
});

test('the element entry has no side effects: importing it defines nothing and fetches nothing', async () => {
  const { page, context } = await openGuest(browser, `${server.url}index.html`);
  await page.goto('about:blank');
  const site = await startServer(join(project, 'node_modules/tilesearch'));
  try {
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${site.url}package.json`);
    const defined = await page.evaluate(async () => {
      const { TileSearchElement } = await import('./tile-search-element.js');
      await new Promise((done) => setTimeout(done, 300));
      return [typeof TileSearchElement, customElements.get('tile-search') ?? null];
    });
    assert.deepEqual(defined, ['function', null]);
    assert.deepEqual(requests.filter((url) => !url.endsWith('package.json')).map((url) => url.slice(site.url.length)), ['tile-search-element.js']);
  } finally {
    await site.close();
    await context.close();
  }
});

test('a page bundled with esbuild from the installed tarball: one class, the widget steps, a full-speed run solves in a worker', async () => {
  const { page, context, errors, requests } = await openGuest(browser, `${server.url}index.html`);
  assert.equal(await page.evaluate(() => window.sameClass), true, 'tilesearch and tilesearch/element share one class');
  await stepsForward(page, '#fig', 3);
  await page.locator('#fig').getByRole('button', { name: 'Run', exact: true }).click();
  const end = Date.now() + 60000;
  let state;
  while ((state = await stateOf(page, '#fig')).status !== 'solved' && Date.now() < end) await page.waitForTimeout(50);
  assert.equal(state.status, 'solved');
  assert.equal(state.solution.length, 25, 'the lecture\'s challenging case: 25 moves');
  assert.ok(page.workers().some((w) => w.url().endsWith('/solver-worker.js')), `the solver worker ran: ${page.workers().map((w) => w.url())}`);
  assert.deepEqual(requests.filter((url) => url.endsWith('.wasm')), [`${server.url}tilesearch_bg.wasm`]);
  await page.waitForTimeout(300);
  await screenshot(page, '63-npm-bundled');
  assert.deepEqual(errors, []);
  await context.close();
});

test('TypeScript: the installed declarations type the element, its attributes, state and events (tsc --strict)', async () => {
  await writeFile(join(project, 'src/check.ts'), `import 'tilesearch';
import { TileSearchElement, type SolvedDetail, type TraceEvent, type TileSearchAttributes } from 'tilesearch/element';
const element = document.querySelector('tile-search');
if (element) {
  const typed: TileSearchElement = element;
  typed.heuristic = 'linear-conflict';
  typed.speed = 'max';
  const status: 'ready' | 'preparing' | 'running' | 'paused' | 'solved' | 'gaveup' | 'exhausted' | 'error' = typed.state.status;
  const event: TraceEvent | undefined = typed.step();
  if (event?.type === 'prune') console.log(event.threshold, status);
  typed.addEventListener('solved', (e) => { const detail: SolvedDetail = e.detail; console.log(detail.length, detail.moves.length); });
  typed.addEventListener('step', (e) => { if (e.detail.type === 'node') console.log(e.detail.g + e.detail.h); });
  // @ts-expect-error: not a heuristic
  typed.heuristic = 'euclid';
  // @ts-expect-error: solved's detail has no threshold
  typed.addEventListener('solved', (e) => e.detail.threshold);
}
const attributes: TileSearchAttributes = { board: '6 4 5 8 2 7 1 0 3', view: 'board tree', autoplay: true };
// @ts-expect-error: not a goal
const wrong: TileSearchAttributes = { goal: 'blank-middle' };
console.log(attributes, wrong, document.createElement('tile-search').exportTable());
`);
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler',
      '--lib', 'es2022,dom', 'src/check.ts'], { cwd: project, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc found errors:\n${e.stdout}${e.stderr}`);
  }
});
