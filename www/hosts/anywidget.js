// The front end of the Jupyter widget (python/tilesearch/explorer.py, on anywidget): one
// <tile-search> per view of a widget, its attributes kept equal to the model's traits both ways,
// its `state` and `position` copied into the model, its `solved` and `answer` events and the
// Python methods' calls passed across as custom messages. scripts/build-widget.mjs bundles it,
// with the standalone build (wasm and worker inlined) as text, into
// python/tilesearch/static/widget.js: a notebook works offline, nothing is fetched.
//
// anywidget imports this module once per widget (a new blob: URL each time), so the element is
// defined from here only once per document: the first definition's modules are the ones every
// <tile-search> uses, and with them the page's one pool of workers and compiled core
// (workers/pool.js), whatever the number of widgets and re-executed cells.
import { ATTRIBUTES, speedOf } from '../model/attributes.js';
import elementSource from 'tilesearch:standalone';

/** Where the element's loading is kept, shared by every copy of this module in the document. */
const LOADING = Symbol.for('tilesearch.jupyter.element');
/** How often a view compares the element's state with the model's: status changes (a run pausing, Step back ending) send no event. */
const POLL_MS = 250;
/** The soonest a state is sent after an event: at full speed `step` comes every frame. */
const SYNC_MS = 50;
/** The element's events that Python callbacks receive (Explorer.on_solved, on_answer). */
const FORWARDED = ['solved', 'answer'];
/** The element's methods that Python may call (Explorer.step(), run(), …). */
const METHODS = new Set(['step', 'play', 'pause', 'reset', 'stepBack', 'nextIteration', 'solve']);

/** Each attribute with the name of its trait (the Python name: `max_reached` for `max-reached`). */
const SYNCED = ATTRIBUTES.filter((spec) => spec.name !== 'position').map((spec) => ({ ...spec, trait: spec.name.replaceAll('-', '_') }));

/**
 * Defines <tile-search> once per document (or uses the definition already there) by importing
 * the standalone build from a blob: URL, as anywidget imports this module.
 * @returns {Promise<void>}
 */
function defineElement() {
  if (customElements.get('tile-search')) return Promise.resolve();
  globalThis[LOADING] ??= (async () => {
    const url = URL.createObjectURL(new Blob([elementSource], { type: 'text/javascript' }));
    try {
      await import(/* webpackIgnore: true */ url);
    } catch (error) {
      globalThis[LOADING] = undefined; // the next widget tries again
      throw error;
    } finally {
      URL.revokeObjectURL(url);
    }
  })();
  return globalThis[LOADING];
}

/**
 * The notebook's theme where the host says it (JupyterLab and Notebook 7: the body's
 * data-jp-theme-light; VS Code: the body's class), else null: the element follows the page's
 * color-scheme then.
 */
function hostTheme() {
  const light = document.body.dataset.jpThemeLight;
  if (light === 'true' || light === 'false') return light === 'true' ? 'light' : 'dark';
  const classes = document.body.classList;
  if (classes.contains('vscode-light') || classes.contains('vscode-high-contrast-light')) return 'light';
  if (classes.contains('vscode-dark') || classes.contains('vscode-high-contrast')) return 'dark';
  return null;
}

/** The attribute's text for the trait's value (null: absent). */
function attributeText(spec, value) {
  if (spec.type === 'boolean') return value ? '' : null;
  if (spec.name === 'theme' && value == null) return hostTheme();
  return value == null ? null : String(value);
}

/** The trait's value for the attribute's text, as the Python side validates it. */
function traitValue(spec, text) {
  if (spec.type === 'boolean') return text !== null;
  if (text === null) return spec.default;
  if (spec.type === 'speed') {
    const speed = speedOf(text);
    return speed === Infinity ? 'max' : speed ?? text;
  }
  if (spec.name === 'max-reached') return Number(text);
  return text;
}

/** A JSON copy of the element's state (its lastEvent and tree are plain data). */
const stateOf = (element) => JSON.parse(JSON.stringify(element.state));

/** The views of each model: the first one reports to Python, so a widget shown twice reports once. @type {WeakMap<any, HTMLElement[]>} */
const VIEWS = new WeakMap();

/**
 * Renders one view: a <tile-search> in `el`, kept in step with `model`. Returns the clean-up.
 * @param {{model: any, el: HTMLElement}} view
 */
async function render({ model, el }) {
  try {
    await defineElement();
  } catch (error) {
    el.textContent = `The tile-search element failed to load: ${error.message}`;
    return () => {};
  }
  const element = document.createElement('tile-search');
  let views = VIEWS.get(model);
  if (!views) VIEWS.set(model, views = []);
  views.push(element);
  const reports = () => views[0] === element;

  for (const spec of SYNCED) {
    const text = attributeText(spec, model.get(spec.trait));
    if (text !== null) element.setAttribute(spec.name, text);
  }

  // Python → page: a trait set in the kernel sets the attribute (board, heuristic, … reset the search).
  const listeners = [];
  const listen = (name, handler) => { model.on(name, handler); listeners.push([name, handler]); };
  for (const spec of SYNCED) {
    listen(`change:${spec.trait}`, () => {
      const text = attributeText(spec, model.get(spec.trait));
      if (element.getAttribute(spec.name) === text) return;
      if (text === null) element.removeAttribute(spec.name); else element.setAttribute(spec.name, text);
    });
  }
  // Until the element has configured its first search, the model's position is the one to show.
  let ready = false;
  listen('change:position', () => {
    const position = model.get('position');
    if (ready && element.position !== position) element.position = position;
  });

  // Page → Python: what the reader changes in the widget (the board field, the presets, the
  // speed slider, the Predict switch) is an attribute; the model takes it unless it is the
  // model's own value coming back.
  const attributes = new MutationObserver((records) => {
    let changed = false;
    for (const name of new Set(records.map((record) => record.attributeName))) {
      const spec = SYNCED.find((entry) => entry.name === name);
      const text = element.getAttribute(name);
      if (!spec || text === attributeText(spec, model.get(spec.trait))) continue;
      model.set(spec.trait, traitValue(spec, text));
      changed = true;
    }
    if (changed) model.save_changes();
  });
  attributes.observe(element, { attributes: true, attributeFilter: SYNCED.map((spec) => spec.name) });

  // The notebook's light or dark theme, while Python leaves `theme` unset.
  const theme = new MutationObserver(() => {
    if (model.get('theme') != null) return;
    const text = hostTheme();
    if (text === null) element.removeAttribute('theme'); else element.setAttribute('theme', text);
  });
  theme.observe(document.body, { attributes: true, attributeFilter: ['data-jp-theme-light', 'class'] });

  // The element's state into the model: after events at most every SYNC_MS, and polled.
  let sent = '';
  let timer = null;
  const sync = () => {
    clearTimeout(timer);
    timer = null;
    if (!ready || !reports() || !element.isConnected) return;
    const state = stateOf(element);
    const text = JSON.stringify(state);
    if (text === sent) return;
    sent = text;
    model.set('state', state);
    if (model.get('position') !== state.position) model.set('position', state.position);
    model.save_changes();
  };
  const soon = () => { timer ??= setTimeout(sync, SYNC_MS); };
  const poll = setInterval(sync, POLL_MS);
  for (const type of ['step', 'reset', 'question', 'gaveup', 'check']) element.addEventListener(type, soon);
  for (const type of FORWARDED) {
    element.addEventListener(type, (/** @type {CustomEvent} */ event) => {
      if (!reports()) return;
      // The state first: a callback reading widget.state or widget.position sees this moment.
      sync();
      const detail = type === 'answer' ? { ...event.detail, score: element.state.score } : event.detail;
      model.send({ type: 'event', name: type, detail });
    });
  }
  // optionschange ends every (re)configuration. The model's moment is shown again after the
  // first one, and after one with the same options: the element was detached and attached again
  // (it frees its search then), as JupyterLab's "full" windowing does to cells scrolled away.
  let configured = null;
  element.addEventListener('optionschange', (/** @type {CustomEvent} */ event) => {
    const options = JSON.stringify(event.detail);
    const position = model.get('position');
    if ((!ready || options === configured) && position > 0) element.position = position;
    ready = true;
    configured = options;
    sync();
  });

  // Python's step(), run(), reset(), …: every view does it (a widget shown twice stays in step).
  listen('msg:custom', (message) => {
    if (message?.type !== 'call' || !METHODS.has(message.method)) return;
    const result = element[message.method]();
    // solve() rejects when it is abandoned or the board cannot be searched: the state says so.
    if (result instanceof Promise) result.catch(() => {}).finally(sync);
    sync();
  });

  el.append(element);

  return () => {
    for (const [name, handler] of listeners) model.off(name, handler);
    attributes.disconnect();
    theme.disconnect();
    clearInterval(poll);
    clearTimeout(timer);
    views.splice(views.indexOf(element), 1);
    element.remove(); // stops its stream and frees its search
  };
}

export default { render };
