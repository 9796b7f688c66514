// The layout attributes applied to the shadow DOM: view (the panels), controls (the buttons,
// and so the keys), height, caption; every value the widget does not take (these, speed,
// position, mode, theme, order) is named in its message line.
import { SHARE_BUTTONS } from '../views/share-view.js';

/** The `speed` attribute's events per second (Infinity: full speed); null for a value it does not take. */
export const speedOf = (text) => {
  if (text === 'max' || text === 'full') return Infinity;
  const value = text.trim() === '' ? NaN : Number(text);
  return value >= 1 && value <= 1000 ? value : null;
};

/** A position (events shown) from the attribute's text or the property's number; null if it is not a whole number of events. */
export const positionOf = (value) => {
  const number = typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : NaN) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

export const MODES = ['explore', 'predict'];
const THEMES = ['light', 'dark']; // styles.css: :host([theme="…"])

/** `view` tokens → their panels. */
export const PANELS = { input: '.input', board: '.board-panel', now: '.now-panel', code: '.code-panel', frontier: '.frontier-panel', tree: '.tree-panel',
  timeline: '.timeline-panel', solution: '.solution-panel', compare: '.compare-panel', glossary: '.glossary-panel' };
/** `controls` tokens → Controls keys (Run comes with Pause). */
const CONTROL_KEYS = { step: ['step'], 'step-back': ['stepBack'], 'next-iteration': ['nextIteration'], run: ['run', 'pause'],
  reset: ['reset'], 'solve-now': ['solveNow'], 'play-solution': ['playSolution'], speed: ['speed'], predict: ['predict'] };
const SHARE_KEYS = SHARE_BUTTONS.map(([key]) => key);

/**
 * What the layout attributes ask for: the panels shown, the controls shown (their Controls
 * keys) and the problems with any value not taken. Pure but for `CSS.supports` (height).
 * @param {(name: string) => string | null} attribute  the element's attribute text
 * @param {{orderProblem: string}} state
 */
export function readLayout(attribute, { orderProblem }) {
  const problems = [];
  const tokens = (name, allowed) => {
    const text = attribute(name);
    if (text === null) return new Set(allowed);
    const words = text.trim().split(/\s+/).filter(Boolean);
    if (name === 'controls' && words.length === 1 && words[0] === 'none') return new Set();
    const unknown = words.filter((word) => !allowed.includes(word));
    if (unknown.length > 0 || words.length === 0) {
      problems.push(`${name}="${text}": ${words.length === 0 ? 'empty' : `unknown ${unknown.map((w) => `"${w}"`).join(', ')}`}; ` +
        `use any of ${allowed.join(' ')}${name === 'controls' ? ', or none' : ''}.`);
    }
    return new Set(words.filter((word) => allowed.includes(word)));
  };
  const view = tokens('view', Object.keys(PANELS));
  const controls = tokens('controls', [...Object.keys(CONTROL_KEYS), 'overlay', ...SHARE_KEYS]);
  if (controls.has('download-tree') && !view.has('tree')) {
    // Only a download-tree asked for by name is an error; the default set simply goes without it.
    if (attribute('controls') !== null) problems.push('controls has download-tree but view has no tree panel: add tree to view, or remove download-tree.');
    controls.delete('download-tree');
  }
  const keys = new Set([...controls].flatMap((name) => CONTROL_KEYS[name] ?? []));
  const height = attribute('height');
  const length = height !== null && /^\d+(\.\d+)?$/.test(height.trim()) ? `${height.trim()}px` : height;
  const validHeight = length === null || CSS.supports('height', length);
  if (!validHeight) problems.push(`height="${height}": not a CSS length; use a number of pixels (360) or a length (24rem).`);
  const speed = attribute('speed');
  if (speed !== null && speedOf(speed) === null) problems.push(`speed="${speed}": not a speed; use a number of events per second from 1 to 1000, or max.`);
  const position = attribute('position');
  if (position !== null && positionOf(position) === null) problems.push(`position="${position}": not a number of events; use a whole number (0 or more).`);
  const mode = attribute('mode');
  if (mode !== null && !MODES.includes(mode)) problems.push(`mode="${mode}": unknown; use explore or predict.`);
  const theme = attribute('theme');
  if (theme !== null && !THEMES.includes(theme)) problems.push(`theme="${theme}": unknown; use light or dark, or leave it out to follow the page.`);
  if (orderProblem) problems.push(orderProblem);
  return { view, controls, keys, height: validHeight ? length : null, caption: attribute('caption'), problems };
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
