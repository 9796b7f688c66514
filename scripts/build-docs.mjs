// Builds the guide (`make docs`): every docs/*.md page through Debian's pandoc and the project's
// own Lua filter (dist/_extensions/tile-search/, written by `make build`) into dist/docs/, a
// folder that works offline, from a static server and from file://:
//   *.html                 one page per docs/*.md, with the guide's navigation and its contents
//   assets/                the widget's standalone script (a classic script with the wasm and the
//                          worker inlined: ES modules do not load from file://, this does)
//   guide.css, images/     the guide's stylesheet and pictures (docs/guide.css, docs/images/)
// The pages, their order and their readers are PAGES below; tests/e2e/docs.test.mjs opens every
// one in Chromium and tests/js/doc-examples.test.mjs runs their command examples.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DOCS = join(ROOT, 'docs');
const OUT = join(ROOT, 'dist/docs');
const EXTENSION = join(ROOT, 'dist/_extensions/tile-search');

/** The guide's pages, by reader, in reading order: [file (docs/<file>.md), title in the navigation]. */
export const PAGES = [
  ['Start', [['index', 'Start here']]],
  ['Students', [['tour', 'A tour of IDA*'], ['check', 'Check your own IDA*'], ['searches', "The lecture's other searches"]]],
  ['Teachers', [['embed', 'Widgets in your notes'], ['exercises', 'Exercises and Moodle'], ['styling', 'Styling']]],
  ['Reference', [['cli', 'The command line'], ['solver', 'The Solver API'], ['element', 'The element'], ['python', 'Python'],
    ['algorithm', 'The search and its events'], ['architecture', 'Guarantees and architecture'], ['speed', 'Speed']]],
];
const ORDER = PAGES.flatMap(([, pages]) => pages);

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The navigation bar of page `current`: every page by reader, the current one marked. */
function navigation(current) {
  const groups = PAGES.map(([reader, pages]) => {
    const links = pages.map(([file, title]) => (file === current
      ? `<li><a href="${file}.html" aria-current="page">${escape(title)}</a></li>`
      : `<li><a href="${file}.html">${escape(title)}</a></li>`)).join('\n');
    return reader === 'Start' ? `<ul class="guide-home">${links}</ul>`
      : `<div class="guide-group"><span class="guide-reader">${reader}</span><ul>${links}</ul></div>`;
  }).join('\n');
  return `<nav class="guide-nav" aria-label="The guide's pages">\n<a class="guide-brand" href="index.html">tilesearch guide</a>\n${groups}\n</nav>\n`;
}

/** The links to the previous and next pages, under the page. */
function footer(current) {
  const i = ORDER.findIndex(([file]) => file === current);
  const link = (page, rel, label) => (page ? `<a rel="${rel}" href="${page[0]}.html">${label}: ${escape(page[1])}</a>` : '<span></span>');
  return `<footer class="guide-footer">${link(ORDER[i - 1], 'prev', '← Previous')}${link(ORDER[i + 1], 'next', 'Next →')}</footer>\n`;
}

async function main() {
  if (!existsSync(join(EXTENSION, 'assets/tile-search-standalone.js'))) {
    console.error('build-docs: dist/_extensions/tile-search/ is missing: run `make build` first');
    process.exit(1);
  }
  const sources = (await readdir(DOCS)).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3));
  const listed = ORDER.map(([file]) => file);
  const unlisted = sources.filter((file) => !listed.includes(file));
  const missing = listed.filter((file) => !sources.includes(file));
  if (unlisted.length > 0 || missing.length > 0) {
    console.error(`build-docs: docs/ and PAGES differ: not listed ${unlisted.join(', ') || 'none'}; missing ${missing.join(', ') || 'none'}`);
    process.exit(1);
  }
  await rm(OUT, { recursive: true, force: true });
  await mkdir(join(OUT, 'assets'), { recursive: true });
  await copyFile(join(EXTENSION, 'assets/tile-search-standalone.js'), join(OUT, 'assets/tile-search-standalone.js'));
  await copyFile(join(DOCS, 'guide.css'), join(OUT, 'guide.css'));
  if (existsSync(join(DOCS, 'images'))) await cp(join(DOCS, 'images'), join(OUT, 'images'), { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'tilesearch-docs-'));
  try {
    for (const [file, title] of ORDER) {
      await writeFile(join(work, `${file}-nav.html`), navigation(file));
      await writeFile(join(work, `${file}-foot.html`), footer(file));
      // No icon of its own: an empty one, so that browsers do not ask for /favicon.ico. (In the
      // metadata, as a list the filter adds its script to; --include-in-header would replace it.)
      await writeFile(join(work, 'meta.yaml'), 'header-includes:\n  - |\n    ```{=html}\n    <link rel="icon" href="data:,">\n    ```\n');
      execFileSync('pandoc', [join(DOCS, `${file}.md`), '-s', '--toc', '--toc-depth=3', '-o', join(OUT, `${file}.html`),
        '--lua-filter', join(EXTENSION, 'tile-search.lua'), '--lua-filter', join(ROOT, 'scripts/docs-links.lua'),
        '-M', 'tile-search-url=assets', '-M', `pagetitle=${title} · tilesearch guide`, '-M', 'lang=en',
        '--css', 'guide.css', '--metadata-file', join(work, 'meta.yaml'), '--include-before-body', join(work, `${file}-nav.html`),
        '--include-after-body', join(work, `${file}-foot.html`)], { stdio: ['ignore', 'inherit', 'inherit'] });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(`guide: ${ORDER.length} pages in dist/docs/ (open dist/docs/index.html)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
