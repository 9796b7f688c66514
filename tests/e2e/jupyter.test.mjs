// The Jupyter widget (tilesearch.Explorer on anywidget) end to end: JupyterLab on a free port
// runs a notebook written to a temporary folder, in Debian's Chromium; the widget renders, its
// Step and Python's traits, methods and callbacks meet; two widgets share the page's one pool
// of workers; screenshots in light, dark and narrow. Jupyter Notebook 7 (a server of its own)
// renders it too, its Step and Python's board meeting. Then the kernel side alone, headless
// (nbclient: no front end, so no widget renders, but nothing may fail).
//
// The Python environment: TILESEARCH_PYTHON (default .venv/bin/python, which `make
// test-jupyter` sets up from python/requirements-widget.txt) with jupyterlab, notebook,
// anywidget and nbclient; TILESEARCH_PYTHONPATH (default python/, the package's source; empty
// for an installed package).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch, screenshot, ROOT, WAIT_MS } from './server.mjs';
import { ATTRIBUTES } from '../../www/model/attributes.js';

const PYTHON = resolve(ROOT, process.env.TILESEARCH_PYTHON ?? '.venv/bin/python');
const PYTHONPATH = process.env.TILESEARCH_PYTHONPATH ?? join(ROOT, 'python');
const STATIC = join(ROOT, 'python/tilesearch/static');
const EASY = '1 2 3 4 0 6 7 5 8';       // two moves
const SECOND = '8 1 3 4 0 2 7 6 5';     // set from Python
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';

/** The notebook's cells: each test runs the ones it needs, in order, as a reader would. */
const CELLS = {
  widget: `import tilesearch
solved, answers = [], []
w = tilesearch.Explorer(board="${EASY}", view="board now tree", controls="step step-back run reset predict", speed=8,
                        caption="IDA* in a notebook")
w.on_solved(solved.append)
w.on_answer(answers.append)
w`,
  position: 'print("position", w.position, w.state["status"], w.state["expanded"])',
  board: `w.board = "${SECOND}"`,
  run: 'w.speed = "max"\nw.run()',
  solved: 'print("solved", [(s["length"], s["moves"]) for s in solved], w.state["status"], w.position == w.state["position"])',
  predict: 'w.reset()\nw.mode = "predict"\nw.step()',
  answers: 'print("answers", [(a["kind"], a["correct"], a["score"]["asked"]) for a in answers], w.state["score"])',
  mode: 'print("mode", w.mode)',
  two: `import tilesearch
a = tilesearch.Explorer(board="${KORF_1}", view="board now", controls="run reset", speed="max")
b = tilesearch.Explorer(board="${KORF_1}", heuristic="linear-conflict", view="board now", controls="run reset", speed="max")
display(a, b)`,
  runTwo: 'a.run(); b.run()',
  states: 'print("states", a.state["status"], b.state["status"], a.state["expanded"] > 0, b.state["expanded"] > 0)',
};
const ORDER = Object.keys(CELLS);

/** Notebook 7's notebook (notebook7.ipynb): its own widget, then the cells above that read and set it. */
const NB7_BOARD = '6 4 5 8 2 7 1 0 3';
const NB7_CELLS = {
  widget: `import tilesearch
w = tilesearch.Explorer(board="${NB7_BOARD}")
w`,
  position: CELLS.position,
  board: CELLS.board,
};
const NB7_ORDER = Object.keys(NB7_CELLS);

let folder, lab, port, browser;

/** A free loopback port (the OS picks it; the Jupyter server binds it next). */
const freePort = () => new Promise((done, fail) => {
  const probe = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});

const notebook = (cells) => JSON.stringify({
  cells: cells.map((source) => ({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source })),
  metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' }, language_info: { name: 'python' } },
  nbformat: 4, nbformat_minor: 5,
}, null, 1);

const env = () => ({ ...process.env, PYTHONPATH, JUPYTER_CONFIG_DIR: join(folder, '.config'), JUPYTER_DATA_DIR: join(folder, '.data'),
  JUPYTER_RUNTIME_DIR: join(folder, '.runtime'), IPYTHONDIR: join(folder, '.ipython'), JUPYTERLAB_WORKSPACES_DIR: join(folder, '.workspaces'),
  JUPYTERLAB_SETTINGS_DIR: join(folder, '.settings'), JUPYTER_PLATFORM_DIRS: '1' });

/**
 * Starts `jupyter <app>` (lab or notebook) on a free port with the folder as its root and its
 * JupyterFrontEnd as window.jupyterapp (`expose`: the app's class name, whose trait it is);
 * resolves to {server, port} once the server answers.
 */
async function startJupyter(app, expose) {
  const port = await freePort();
  const server = spawn(PYTHON, ['-m', 'jupyter', app, '--allow-root', '--no-browser', '--ip', '127.0.0.1', '--port', String(port),
    '--ServerApp.token=', '--ServerApp.password=', '--ServerApp.port_retries=0', `--${expose}.expose_app_in_browser=True`,
    `--notebook-dir=${folder}`], { cwd: folder, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (chunk) => { log += chunk; });
  server.stderr.on('data', (chunk) => { log += chunk; });
  const end = Date.now() + 60000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/status`)).ok) break;
    } catch { /* not listening yet */ }
    if (server.exitCode !== null || Date.now() > end) {
      server.kill('SIGTERM');
      assert.fail(`jupyter ${app} did not start:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { server, port };
}

/** Stops a server of startJupyter (SIGTERM; waits up to 5 s for it to exit). */
async function stopJupyter(server) {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((done) => { server.once('exit', done); setTimeout(done, 5000); });
}

before(async () => {
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing: run \`make test-jupyter\` (it sets up .venv from python/requirements-widget.txt)`);
  if (!existsSync(join(STATIC, 'widget.js'))) {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-widget.mjs')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, `build-widget failed (run \`make build\`):\n${built.stdout}${built.stderr}`);
  }
  folder = await mkdtemp(join(tmpdir(), 'tilesearch-jupyter-'));
  // No news toast over the widget in the screenshots.
  await mkdir(join(folder, '.settings/@jupyterlab/apputils-extension'), { recursive: true });
  await writeFile(join(folder, '.settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings'), '{"fetchNews": "false"}');
  await writeFile(join(folder, 'widget.ipynb'), notebook(ORDER.map((name) => CELLS[name])));
  await writeFile(join(folder, 'notebook7.ipynb'), notebook(NB7_ORDER.map((name) => NB7_CELLS[name])));
  ({ server: lab, port } = await startJupyter('lab', 'LabApp'));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await stopJupyter(lab);
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * The page's Worker constructor counted (before JupyterLab's scripts run): every worker made,
 * by URL, in `window.workersMade`. Also a machine of 2 cores, whatever this one has: the pool
 * then streams on one worker (worker-pool.js POOL_SIZE), so two widgets streaming at once on
 * one worker is the pool shared, and two workers would be two pools.
 */
function countWorkers() {
  Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 2 });
  const made = [];
  Object.defineProperty(window, 'workersMade', { value: made });
  // The byte sizes of the scripts made into blob: URLs (anywidget's modules, the element's build, its worker).
  const scripts = [];
  Object.defineProperty(window, 'blobScripts', { value: scripts });
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    if (blob instanceof Blob && blob.type === 'text/javascript') scripts.push(blob.size);
    return createObjectURL(blob);
  };
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(url, ...rest) {
      super(url, ...rest);
      made.push(String(url));
    }
  };
}

/**
 * Opens the notebook at `url` (by default widget.ipynb in JupyterLab; Notebook 7's
 * /notebooks/… page has the same window.jupyterapp, its notebook the shell's current widget)
 * and waits for its kernel.
 */
async function openNotebook(viewport = { width: 1280, height: 720 }, url = `http://127.0.0.1:${port}/lab/tree/widget.ipynb`) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(WAIT_MS);
  await context.addInitScript(countWorkers);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(url);
  await page.waitForFunction(() => {
    const panel = window.jupyterapp?.shell.currentWidget;
    return panel?.content?.widgets?.length > 0 && panel.sessionContext?.session?.kernel?.status === 'idle';
  }, null, { polling: 100 });
  return { page, context, errors };
}

/**
 * Runs the cell `name` of the notebook whose cells are `order` (selected, then the Run command of
 * JupyterLab and Notebook 7) and waits until it has run; resolves to its text output.
 */
async function runCell(page, name, order = ORDER) {
  const index = order.indexOf(name);
  await page.evaluate(async (index) => {
    const panel = window.jupyterapp.shell.currentWidget;
    panel.content.activeCellIndex = index;
    panel.content.mode = 'command';
    await window.jupyterapp.commands.execute('notebook:run-cell');
  }, index);
  await page.waitForFunction((index) => {
    const panel = window.jupyterapp.shell.currentWidget;
    return panel.content.widgets[index].model.executionCount !== null && panel.sessionContext.session.kernel.status === 'idle';
  }, index, { polling: 50 });
  const { outputs, text } = await page.evaluate((index) => {
    const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
    return { outputs: cell.model.outputs.toJSON(), text: cell.node.querySelector('.jp-OutputArea')?.innerText ?? '' };
  }, index);
  const failed = outputs.find((output) => output.output_type === 'error' || output.name === 'stderr');
  assert.equal(failed, undefined, `cell ${name} failed:\n${failed?.traceback?.join('\n') ?? failed?.text}`);
  return text;
}

/**
 * Runs the printing cell `name` until its output matches `expected` (what the page did reaches
 * the kernel a moment later: the state within the front end's POLL_MS); fails after WAIT_MS
 * with the last output.
 */
async function kernelSees(page, name, expected, order = ORDER) {
  const end = Date.now() + WAIT_MS;
  for (;;) {
    const output = await runCell(page, name, order);
    if (expected.test(output)) return;
    if (Date.now() > end) assert.match(output, expected);
    await page.waitForTimeout(100);
  }
}

/** The widgets' <tile-search> elements in cell `name`'s output (of the notebook whose cells are `order`). */
const widgetsOf = (page, name, order = ORDER) => page.locator(`.jp-Notebook .jp-Cell:nth-child(${order.indexOf(name) + 1}) .jp-OutputArea tile-search`);

/** Waits (within WAIT_MS) until `predicate(element)` holds for the widget's <tile-search>, checked every frame. */
async function until(widget, predicate) {
  await widget.page().waitForFunction(predicate, await widget.elementHandle(), { polling: 'raf' });
}

/** The main board's tiles, row by row, as the board's accessible name says them. */
const boardOf = (widget) => widget.evaluate((element) => element.shadowRoot.querySelector('.board-host .board').getAttribute('aria-label'));

test('the widget in JupyterLab: renders, Step reaches Python, Python sets the board, solved and answer callbacks', async () => {
  const { page, context, errors } = await openNotebook();
  const started = Date.now();
  const first = runCell(page, 'widget');
  const widget = widgetsOf(page, 'widget').first();
  await until(widget, (element) => element.shadowRoot?.querySelector('.board-host .board .tile') && element.state.status === 'ready');
  console.log(`first render in JupyterLab: ${Date.now() - started} ms from Run to the board drawn`);
  await first;
  assert.match(await boardOf(widget), /^Board.*1 2 3.*4 blank 6.*7 5 8/s);

  // The page's Step reaches the kernel's w.position.
  await widget.locator('button[data-action="step"]').click();
  await until(widget, (element) => element.state.position === 1);
  await kernelSees(page, 'position', /^position 1 paused \d+/m);
  // Detached and attached again (JupyterLab's "full" windowing does it to cells scrolled away):
  // the element starts its search anew, and the widget shows the model's moment again.
  await widget.evaluate((element) => { const parent = element.parentNode; element.remove(); parent.append(element); });
  await until(widget, (element) => element.state.position === 1 && element.shadowRoot.querySelector('.board .tile'));

  // Keys in the widget are the widget's, not the notebook's command-mode shortcuts: → steps,
  // R resets (in command mode R would make the cell a raw cell).
  await widget.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await widget.evaluate((element) => element.state.position), 3);
  await page.keyboard.press('r');
  assert.equal(await widget.evaluate((element) => element.state.position), 0);
  assert.equal(await page.evaluate(() => window.jupyterapp.shell.currentWidget.content.widgets[0].model.type), 'code');

  // Python's board resets the widget to it.
  await runCell(page, 'board');
  await page.waitForFunction(() => /8 1 3/.test(document.querySelector('.jp-OutputArea tile-search')?.shadowRoot.querySelector('.board-host .board').getAttribute('aria-label')));
  assert.match(await boardOf(widget), /8 1 3.*4 blank 2.*7 6 5/s);
  assert.equal(await widget.getAttribute('board'), SECOND);

  // Python's run() at full speed: solved, and the callback has it.
  await runCell(page, 'run');
  await until(widget, (element) => element.state.status === 'solved');
  const length = await widget.evaluate((element) => element.state.solution.length);
  await kernelSees(page, 'solved', new RegExp(`^solved \\[\\(${length}, \\[[\\d, ]+\\]\\)\\] solved True`, 'm'));

  // Predict mode from Python: the page asks; an answer in the page reaches on_answer with the score.
  await runCell(page, 'predict');
  await page.waitForFunction(() => document.querySelector('.jp-OutputArea tile-search')?.state.mode === 'predict');
  // The iteration's start and the start node have nothing to ask: Step shows them at once.
  for (let steps = 0; steps < 4 && !(await widget.evaluate((element) => element.question)); steps += 1) {
    await widget.locator('button[data-action="step"]').click();
  }
  assert.ok(await widget.evaluate((element) => element.question), 'predict mode asks within the first steps');
  await widget.evaluate((element) => {
    const q = element.question;
    element.answer(q.choices ? q.choices[0] : 1);
  });
  await kernelSees(page, 'answers', /^answers \[\('[\w-]+', (True|False), 1\)\] \{.*'asked': 1/m);
  // The Predict switch in the page is the kernel's mode trait.
  await widget.locator('.predict-toggle input').uncheck();
  await kernelSees(page, 'mode', /^mode explore$/m);
  await widget.locator('.predict-toggle input').check();
  await kernelSees(page, 'mode', /^mode predict$/m);

  // Light and dark: the element's own styles in JupyterLab's themes, its top (the controls,
  // the question's card) and then the rest.
  await widget.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'jupyter-light-1280');
  await page.evaluate(() => window.jupyterapp.commands.execute('apputils:change-theme', { theme: 'JupyterLab Dark' }));
  await page.waitForFunction(() => document.body.dataset.jpThemeLight === 'false');
  assert.equal(await widget.getAttribute('theme'), 'dark');
  await page.waitForTimeout(500);
  await screenshot(page, 'jupyter-dark-1280');
  await widget.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await screenshot(page, 'jupyter-dark-1280-end');
  await page.evaluate(() => window.jupyterapp.commands.execute('apputils:change-theme', { theme: 'JupyterLab Light' }));
  await page.waitForFunction(() => document.body.dataset.jpThemeLight === 'true');
  assert.equal(await widget.getAttribute('theme'), 'light');
  assert.deepEqual(errors.filter((text) => /tile-search|tilesearch|anywidget/i.test(text)), []);
  await context.close();
});

test('two widgets share the page\'s one pool of workers; a re-executed cell defines nothing twice; narrow', async () => {
  const { page, context, errors } = await openNotebook({ width: 640, height: 1000 });
  await runCell(page, 'two');
  const ready = (name) => page.waitForFunction((index) => {
    const elements = document.querySelectorAll(`.jp-Notebook .jp-Cell:nth-child(${index + 1}) .jp-OutputArea tile-search`);
    return elements.length === 2 && [...elements].every((element) => element.state?.status === 'ready' && element.shadowRoot.querySelector('.board .tile'));
  }, ORDER.indexOf(name), { polling: 50 });
  await ready('two');
  assert.ok(await page.evaluate(() => Boolean(window.firstDefinition = customElements.get('tile-search'))));
  await runCell(page, 'runTwo');
  // Both ran. JupyterLab scrolls the notebook as it runs the cell, and a widget that leaves the
  // view pauses (at 0 nodes if that comes before its first batch is drawn), going on when back:
  // each is brought into view until it has drawn nodes.
  for (const widget of await widgetsOf(page, 'two').all()) {
    await widget.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await until(widget, (element) => element.state.expanded > 0);
  }
  await page.waitForFunction(() => [...document.querySelectorAll('.jp-OutputArea tile-search')]
    .every((element) => ['running', 'paused'].includes(element.state.status) && element.state.expanded > 0), null, { polling: 50 });
  await kernelSees(page, 'states', /^states (running|paused) (running|paused) True True/m);
  // Both stream at full speed, on one worker: one pool (two would have made one each).
  const made = () => page.evaluate(() => window.workersMade.filter((url) => url.startsWith('blob:')));
  assert.equal((await made()).length, 1, `workers made: ${JSON.stringify(await page.evaluate(() => window.workersMade))}`);

  // A narrow window: the file browser folded away, as a reader would.
  await page.evaluate(() => window.jupyterapp.shell.collapseLeft());
  await widgetsOf(page, 'two').first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await screenshot(page, 'jupyter-narrow-640');
  const widths = await widgetsOf(page, 'two').evaluateAll((elements) => elements.map((element) => {
    const output = element.closest('.jp-OutputArea-output').getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { inside: box.left >= output.left - 1 && box.right <= output.right + 1, scroll: element.scrollWidth - element.clientWidth };
  }));
  for (const { inside, scroll } of widths) {
    assert.ok(inside, 'the widget stays within its output');
    assert.ok(scroll <= 1, 'nothing in the widget is wider than it');
  }

  // The cell again: new widgets (new models, the module imported again), the old ones removed;
  // the element's first definition stays, the new widgets work.
  const again = Date.now();
  await runCell(page, 'two');
  await ready('two');
  console.log(`render again (a re-executed cell, two widgets): ${Date.now() - again} ms from Run to both boards drawn`);
  assert.equal(await page.evaluate(() => customElements.get('tile-search') === window.firstDefinition), true);
  await runCell(page, 'runTwo');
  await page.waitForFunction(() => [...document.querySelectorAll('.jp-OutputArea tile-search')]
    .every((element) => element.state.status === 'running' && element.state.expanded > 0), null, { polling: 50 });
  assert.equal(await page.evaluate(() => document.querySelectorAll('.jp-OutputArea tile-search').length), 2);
  // Four widgets' modules imported, the element's build (the standalone script) run once.
  const standalone = (await stat(join(ROOT, 'dist/tile-search-standalone.js'))).size;
  assert.equal((await page.evaluate(() => window.blobScripts)).filter((size) => size === standalone).length, 1);
  assert.deepEqual(errors.filter((text) => /tile-search|tilesearch|anywidget|defined/i.test(text)), []);
  await context.close();
});

test('the widget in Jupyter Notebook 7: renders, Step reaches Python, Python sets the board', async () => {
  const started = Date.now();
  const { server, port: notebookPort } = await startJupyter('notebook', 'JupyterNotebookApp');
  let context;
  try {
    const opened = await openNotebook(undefined, `http://127.0.0.1:${notebookPort}/notebooks/notebook7.ipynb`);
    const { page, errors } = opened;
    context = opened.context;
    // Notebook 7's own page, not JupyterLab's.
    assert.equal(await page.evaluate(() => window.jupyterapp.name), 'Jupyter Notebook');
    await runCell(page, 'widget', NB7_ORDER);
    const widget = widgetsOf(page, 'widget', NB7_ORDER);
    assert.equal(await widget.count(), 1);
    await until(widget, (element) => element.shadowRoot?.querySelectorAll('.board-host .board .tile').length === 8 && element.state.status === 'ready');
    assert.match(await boardOf(widget), /^Board.*6 4 5.*8 2 7.*1 blank 3/s);

    // The page's Step reaches the kernel's w.position.
    await widget.locator('button[data-action="step"]').click();
    await until(widget, (element) => element.state.position === 1);
    await kernelSees(page, 'position', /^position 1 paused \d+/m, NB7_ORDER);

    // Python's board resets the widget to it.
    await runCell(page, 'board', NB7_ORDER);
    await until(widget, (element) => /8 1 3/.test(element.shadowRoot.querySelector('.board-host .board').getAttribute('aria-label')));
    assert.match(await boardOf(widget), /8 1 3.*4 blank 2.*7 6 5/s);
    assert.equal(await widget.getAttribute('board'), SECOND);
    assert.equal(await widget.evaluate((element) => element.state.position), 0);

    // The cell from its code down, in Notebook 7's page.
    await widget.evaluate((element) => element.closest('.jp-Cell').scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await screenshot(page, 'jupyter-notebook7-1280', { fullPage: false });
    assert.deepEqual(errors.filter((text) => /tile-search|tilesearch|anywidget/i.test(text)), []);
    console.log(`Notebook 7: ${Date.now() - started} ms from the server's start to the board set from Python`);
  } finally {
    await context?.close();
    await stopJupyter(server);
  }
});

test('headless (nbclient): the kernel side makes, validates, calls and dispatches without a front end', async () => {
  const names = ATTRIBUTES.map((spec) => spec.name.replaceAll('-', '_'));
  const cells = [
    // explorer.py loads on its own with the native core refused: it never imports it.
    `import importlib.abc, importlib.util, sys, pathlib, tilesearch
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.startswith("tilesearch._core"):
            raise ImportError("the widget must not load the native core")
sys.meta_path.insert(0, Refuse())
spec = importlib.util.spec_from_file_location("explorer_alone", pathlib.Path(tilesearch.__file__).with_name("explorer.py"))
alone = importlib.util.module_from_spec(spec)
spec.loader.exec_module(alone)
sys.meta_path.pop(0)
assert alone.Explorer.attribute_names == tuple(${JSON.stringify(names)}), alone.Explorer.attribute_names`,
    `import traitlets
w = tilesearch.Explorer(board=[1, 2, 3, 4, 0, 6, 7, 5, 8], mode="predict", view=["tree", "board"], speed="max", height=360, max_reached=5000)
display(w)
assert (w.board, w.view, w.speed, w.height, w.mode, w.position, w.state) == ("1 2 3 4 0 6 7 5 8", "board tree", "max", "360", "predict", 0, {}), w.get_state()
assert (w.heuristic, w.goal, w.algorithm, w.order, w.theme, w.controls, w.autoplay) == ("manhattan", "blank-last", "ida", "lrud", None, None, False)`,
    `bad = {"heuristic": "euclid", "goal": "centre", "algorithm": "ucs", "order": "lrdd", "speed": 0, "view": "bord tree",
       "controls": "none step", "height": "tall", "theme": "blue", "mode": "quiz", "position": -1, "max_reached": 0, "board": ""}
for name, value in bad.items():
    try:
        setattr(w, name, value)
    except traitlets.TraitError:
        pass
    else:
        raise AssertionError(f"{name}={value!r} was taken")
try:
    tilesearch.Explorer(heurisitc="hamming")
except TypeError as error:
    assert "heurisitc" in str(error)
else:
    raise AssertionError("an unknown keyword was taken")
try:
    w.state = {"status": "solved"}
except traitlets.TraitError:
    pass
else:
    raise AssertionError("state is read-only")`,
    // The page's messages, through ipywidgets' own entry point: a state update, then events.
    `solved, answers = [], []
w.on_solved(solved.append)
w.on_answer(answers.append)
w.on_answer(answers.append)  # once is enough
w.step(); w.run(); w.pause(); w.reset(); w.step_back(); w.next_iteration(); w.solve()
w._handle_msg({"content": {"data": {"method": "update", "state": {"state": {"status": "solved", "position": 9}, "position": 9}, "buffer_paths": []}}, "buffers": []})
assert w.state["status"] == "solved" and w.position == 9, (w.state, w.position)
page = lambda name, detail: w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "event", "name": name, "detail": detail}}}, "buffers": []})
page("solved", {"length": 2, "moves": [5, 8], "expanded": 2, "generated": 6})
page("answer", {"kind": "prune", "correct": True, "score": {"asked": 1, "correct": 1, "streak": 1, "bestStreak": 1}})
assert solved == [{"length": 2, "moves": [5, 8], "expanded": 2, "generated": 6}] and len(answers) == 1, (solved, answers)
w.on_solved(solved.append, remove=True)
page("solved", {"length": 2})
assert len(solved) == 1
print("headless ok")`,
  ];
  const path = join(folder, 'headless.ipynb');
  await writeFile(path, notebook(cells));
  const run = spawnSync(PYTHON, ['-c', `import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, timeout=60, kernel_name="python3").execute()
for cell in nb.cells:
    for output in cell.get("outputs", []):
        if output.get("name") == "stderr" or output.get("output_type") == "error":
            sys.exit("".join(output.get("text", "")) or "\\n".join(output.get("traceback", [])))
print(nb.cells[-1].outputs[0].text, end="")`, path], { cwd: folder, env: env(), encoding: 'utf8', timeout: 90000 });
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  assert.equal(run.stdout, 'headless ok\n');
});
