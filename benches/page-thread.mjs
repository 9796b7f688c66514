// What a worker's message costs the page's own thread in this machine's Chromium: a worker
// answers each message after `--work` ms of its own (a busy loop, standing for a short search),
// the page sends the next at once, for `--seconds`; the page's thread's CPU time is read from
// Linux's /proc before and after (the renderer's main thread: the process whose threads
// include the worker). A second run with the worker answering after `--gap` ms of sleep shows
// whether that cost is per message. (`top -H` is no help here: it shows the renderer's main
// thread with the whole process's CPU, its workers' included.)
// Usage: node benches/page-thread.mjs [--seconds 6] [--work 1] [--gap 10]
import { readFileSync, readdirSync } from 'node:fs';
import { launchChromium } from '../scripts/chromium.mjs';
import { wholeNumber } from './bench-options.mjs';
import { serve } from '../scripts/serve.mjs';

const seconds = wholeNumber('--seconds', 6, 1, 120);
const work = wholeNumber('--work', 1, 0, 100);
const gap = wholeNumber('--gap', 10, 1, 1000);
if (process.platform !== 'linux') {
  console.error('page-thread reads the threads\' CPU time from /proc: Linux only');
  process.exit(2);
}

/** Milliseconds of CPU (user + system) thread `tid` of process `pid` has used. */
function cpuMs(pid, tid) {
  // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/** [pid, worker tid] of the Chromium process that runs a dedicated worker. */
function rendererWithWorker() {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let tasks;
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tasks) {
      let name;
      try { name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(); } catch { continue; }
      if (name.startsWith('DedicatedWorker')) return [pid, tid];
    }
  }
  throw new Error('no Chromium process with a dedicated worker');
}

const server = await serve();
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`${server.url}www/hosts/bench.html`);
for (const [label, answer] of [[`busy ${work} ms`, `const t = performance.now() + ${work}; while (performance.now() < t); postMessage(0);`],
  [`asleep ${gap} ms`, `setTimeout(() => postMessage(0), ${gap});`]]) {
  await page.evaluate((answer) => {
    const blob = new Blob([`onmessage = () => { ${answer} };`], { type: 'text/javascript' });
    const worker = new Worker(URL.createObjectURL(blob));
    globalThis.echo = { worker, count: 0, on: true };
    worker.onmessage = () => { globalThis.echo.count += 1; if (globalThis.echo.on) worker.postMessage(0); };
  }, answer);
  await page.evaluate(() => new Promise((resolve) => { globalThis.echo.worker.onmessage = resolve; globalThis.echo.worker.postMessage(0); })); // started
  const [pid, tid] = rendererWithWorker();
  await page.evaluate(() => { const e = globalThis.echo; e.worker.onmessage = () => { e.count += 1; if (e.on) e.worker.postMessage(0); }; e.worker.postMessage(0); });
  const before = { page: cpuMs(pid, pid), worker: cpuMs(pid, tid), count: await page.evaluate(() => globalThis.echo.count) };
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = { page: cpuMs(pid, pid), worker: cpuMs(pid, tid), count: await page.evaluate(() => globalThis.echo.count) };
  await page.evaluate(() => { globalThis.echo.on = false; globalThis.echo.worker.terminate(); });
  const messages = after.count - before.count;
  const perMessage = (after.page - before.page) / messages;
  console.log(`the worker ${label} per message: ${messages} messages in ${seconds} s; the page's thread ${Math.round(after.page - before.page)} ms of CPU ` +
    `(${Math.round(((after.page - before.page) / (seconds * 1000)) * 100)} % of a core), ${Math.round(perMessage * 1000)} µs per message; ` +
    `the worker's ${Math.round(after.worker - before.worker)} ms`);
}
await browser.close();
await server.close();
