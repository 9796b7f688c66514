// The layout attributes applied to the shadow DOM: view (the panels), controls (the buttons,
// and so the keys), height, caption; every value the widget does not take (these, speed,
// position, mode, theme, order) is named in its message line, in the words of the attributes'
// table (model/attributes.js).
import { tokensOf, heightOf, parseAttribute, PANELS as PANEL_NAMES } from '../model/attributes.js';

/** `view` tokens (the attributes table's) → their panels: `.input`, and `.<name>-panel` for the others (app/template.js). */
export const PANELS = Object.freeze(Object.fromEntries(PANEL_NAMES.map((name) => [name, name === 'input' ? '.input' : `.${name}-panel`])));
/** `controls` tokens → Controls keys (Run comes with Pause). */
const CONTROL_KEYS = { step: ['step'], 'step-back': ['stepBack'], 'next-iteration': ['nextIteration'], run: ['run', 'pause'],
  reset: ['reset'], 'solve-now': ['solveNow'], 'play-solution': ['playSolution'], speed: ['speed'], predict: ['predict'] };

/**
 * What the layout attributes ask for: the panels shown, the controls shown (their Controls
 * keys), the height, the caption, and the problems with any value not taken.
 * @param {(name: string) => string | null} attribute  the element's attribute text
 * @param {{orderProblem: string}} state
 */
export function readLayout(attribute, { orderProblem }) {
  const problems = [];
  const take = ({ value, problem }) => { if (problem) problems.push(problem); return value; };
  const view = take(tokensOf('view', attribute('view')));
  const controls = take(tokensOf('controls', attribute('controls')));
  if (controls.has('download-tree') && !view.has('tree')) {
    // Only a download-tree asked for by name is an error; the default set simply goes without it.
    if (attribute('controls') !== null) problems.push('controls has download-tree but view has no tree panel: add tree to view, or remove download-tree.');
    controls.delete('download-tree');
  }
  const keys = new Set([...controls].flatMap((name) => CONTROL_KEYS[name] ?? []));
  const height = take(heightOf(attribute('height')));
  for (const name of ['speed', 'position', 'mode', 'theme']) take(parseAttribute(name, attribute(name)));
  if (orderProblem) problems.push(orderProblem);
  return { view, controls, keys, height, caption: attribute('caption'), problems };
}

/**
 * Applies a layout to the widget's shadow root; `frontierSearch`: the frontier column is the
 * graph searches'.
 * @param {ShadowRoot} root
 * @param {ReturnType<typeof readLayout>} layout
 */
export function applyLayout(root, layout, views, frontierSearch) {
  const $ = (selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const { view, controls, keys, height, caption, problems } = layout;
  // A class, not `hidden`: some panels hide themselves while they have nothing to show.
  for (const [name, selector] of Object.entries(PANELS)) $(selector).classList.toggle('off', !view.has(name));
  views.controls.show(keys);
  $('.controls').hidden = $('.progress').hidden = keys.size === 0;
  $('.share').hidden = !views.share.show(controls);
  $('.overlay').hidden = !controls.has('overlay');
  // The stage's columns: a column whose panels are all left out is not laid out (styles.css
  // picks the grid from what is there, so a board beside a tree fills the width).
  const left = view.has('board') || view.has('now');
  const right = view.has('code') || (view.has('frontier') && frontierSearch);
  $('.col-left').classList.toggle('off', !left);
  $('.col-right').classList.toggle('off', !right);
  $('.stage').dataset.has = [left && 'left', view.has('tree') && 'tree', right && 'right'].filter(Boolean).join(' ');
  const explorer = $('.explorer');
  explorer.style.height = height ?? '';
  explorer.style.setProperty('--_height', height ?? '');
  explorer.classList.toggle('fixed-height', height !== null);
  $('.caption').textContent = caption ?? '';
  $('.caption').hidden = !caption;
  $('.message').textContent = problems.length ? `⚠ This widget's settings need a fix: ${problems.join(' ')}` : '';
}
