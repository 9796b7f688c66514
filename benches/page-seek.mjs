// Step back in the explorer deep in a 15-puzzle run: Korf's #1 (blank-first, Manhattan) runs at
// full speed in the page until it has shown `--events` events (default 10,000,000), pauses, and
// Step back is timed three times until the widget is idle again: the core's seek (it restarts at
// the moment's iteration) plus the redraw of that iteration's tree, in 12 ms slices.
// Usage: make build && node benches/page-seek.mjs [--events 10000000]
import { startServer, launch, openExplorer, waitForState } from '../tests/e2e/server.mjs';
import { wholeNumber } from './bench-options.mjs';

const events = wholeNumber('--events', 10_000_000);
const board = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
const server = await startServer();
const browser = await launch();
try {
  const { page } = await openExplorer(browser, `${server.url}#board=${board.replaceAll(' ', '+')}&heuristic=manhattan&goal=blank-first`,
    { viewport: { width: 1280, height: 720 } });
  await page.evaluate(() => { const element = document.querySelector('tile-search'); element.speed = 'max'; element.play(); });
  await page.waitForFunction((n) => document.querySelector('tile-search').state.position > n, events, { timeout: 600000 });
  await page.evaluate(() => document.querySelector('tile-search').pause());
  const paused = await waitForState(page, (s) => s.status === 'paused');
  for (let i = 0; i < 3; i += 1) {
    const ms = await page.evaluate(async () => {
      const element = document.querySelector('tile-search');
      const t0 = performance.now();
      await element.stepBack();
      return performance.now() - t0;
    });
    const s = await page.evaluate(() => document.querySelector('tile-search').state);
    console.log(`Step back from event ${(paused.position - i).toLocaleString('en')} (iteration ${s.iteration}, ` +
      `its tree ${s.tree.nodes.toLocaleString('en')} nodes so far): ${ms.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}
