// The benchmark page (www/bench.html): Korf instances solved in its worker, the figures and the
// wasm/native ratio shown, and bad entries answered with a message that names them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openWatched } from './server.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function openBench(query = '') {
  const { page, errors } = await openWatched(browser, `${server.url}www/bench.html${query}`);
  return { page, errors };
}

const run = (page) => page.getByRole('button', { name: 'Run' }).click();
const summary = (page) => page.locator('#summary').textContent();
const result = async (page) => {
  await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0, null, { timeout: 60_000 });
  return JSON.parse(await page.locator('#result').textContent());
};

test('a run solves the instances optimally in the worker and shows nodes/s and the wasm/native ratio', async () => {
  const { page, errors } = await openBench('?instances=79&native=100');
  // One run at a time: Run is disabled while it runs. Recorded as it happens, since a short run
  // may be over before a later look.
  await page.evaluate(() => {
    const start = document.querySelector('#start');
    new MutationObserver(() => { if (start.disabled) window.runWasDisabled = true; }).observe(start, { attributes: true });
  });
  await run(page);
  const r = await result(page);
  assert.equal(await page.evaluate(() => window.runWasDisabled), true, 'one run at a time');
  assert.equal(r.instances.length, 1);
  assert.deepEqual([r.instances[0].number, r.instances[0].optimal, r.instances[0].length], [79, 42, 42]);
  assert.equal(r.instances[0].generated, 527474, 'the same search as natively (cargo bench, instance 79)');
  assert.equal(r.native, 100e6);
  assert.ok(Math.abs(r.ratio - r.nodesPerSecond / 100e6) < 1e-9);
  const cells = await page.locator('#rows tr td').allTextContents();
  assert.deepEqual(cells.slice(0, 3), ['79', '42', '42']);
  assert.match(await summary(page), new RegExp(`^[\\d.]+ M generated nodes/s; wasm/native ${r.ratio.toFixed(2)}× \\(native 100 M/s\\); stepMany [\\d.]+ M events/s`));
  assert.equal(await page.getByRole('button', { name: 'Run' }).isDisabled(), false);
  // Without a native figure there is no ratio.
  await page.locator('#native').fill('');
  await run(page);
  await page.waitForFunction(() => /stepMany/.test(document.querySelector('#summary').textContent));
  assert.doesNotMatch(await summary(page), /wasm\/native/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad instance numbers and native figures get a message naming them, and the page stays usable', async () => {
  const { page, errors } = await openBench();
  for (const [instances, message] of [
    ['3,abc', /^Instances: "abc" is not one of Korf's instance numbers \(1 to 100\); write them like 2,5,18 or all\.$/],
    ['0', /^Instances: "0" is not one of Korf's instance numbers/],
    ['101', /^Instances: "101" is not one of Korf's instance numbers/],
    ['5,,6', /^Instances: an empty entry is not one of Korf's instance numbers/],
  ]) {
    await page.locator('#instances').fill(instances);
    await run(page);
    assert.match(await summary(page), message, instances);
    assert.equal(await page.locator('#rows tr').count(), 0, 'nothing ran');
  }
  await page.locator('#instances').fill('79');
  await page.locator('#native').fill('-5');
  await run(page);
  assert.match(await summary(page), /^The native figure must be a positive number of M generated nodes\/s, like 174\.2, not "-5"\.$/);
  await page.locator('#native').fill('');
  await run(page);
  const r = await result(page);
  assert.equal(r.instances[0].length, 42);
  assert.deepEqual(errors, []);
  await page.close();
});
