// The widget's keys: → Step, ← Step back, N Next iteration, Space Run/Pause, R Reset, each only
// while its control is shown (`controls`): a key for a hidden control goes to the page (a
// reveal.js deck's ← and Space stay the deck's).

/** Key → the Controls key it stands for. */
const KEY_CONTROLS = { ArrowRight: 'step', ArrowLeft: 'stepBack', n: 'nextIteration', ' ': 'run', r: 'reset' };

/**
 * The control a keydown stands for, or null when the widget leaves the key to its target or the
 * page. `shown`: the Controls keys shown (app/layout.js).
 * @param {KeyboardEvent} event
 * @param {Set<string>} shown
 * @returns {string | null}
 */
export function controlFor(event, shown) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const control = KEY_CONTROLS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
  return control && shown.has(control) ? control : null;
}

/**
 * Whether the key belongs to the focused element inside the widget (a field, an answer button,
 * a summary): the widget acts on nothing, and the page does not see it either.
 * @param {KeyboardEvent} event
 */
export function ownedByTarget(event) {
  const target = /** @type {HTMLElement} */ (event.composedPath()[0]);
  if (target.closest?.('input, select, textarea')) return true;
  // Predict mode's answer buttons and the check card's take Space and Enter as buttons do.
  if (target.closest?.('.predict-panel, .check-panel') && (event.key === ' ' || event.key === 'Enter')) return true;
  // Buttons keep Enter; Space is Run/Pause anywhere in the widget (a focused Step or Reset
  // button would otherwise take it, and a student running the search presses it blindly).
  if (target.tagName === 'BUTTON' && event.key === 'Enter') return true;
  return Boolean(target.closest?.('summary') && (event.key === ' ' || event.key === 'Enter'));
}

/**
 * Whether the key was pressed in one of the widget's modal dialogs (the whole-iteration overview
 * covers the page): the page must not act on it, whether the widget uses it or not.
 * @param {KeyboardEvent} event
 */
export const inModal = (event) => event.composedPath().some((element) => element instanceof HTMLDialogElement && element.open);
