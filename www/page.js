// index.html's only script: the URL hash holds board, heuristic and goal (and the algorithm
// unless it is IDA*), so a link reproduces the view.
import './tile-search.js';

const explorer = document.querySelector('tile-search');
const OPTIONS = ['board', 'heuristic', 'goal', 'algorithm'];

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const name of OPTIONS) {
    const value = params.get(name);
    if (value !== null && explorer.getAttribute(name) !== value) explorer.setAttribute(name, value);
    else if (value === null && name === 'algorithm') explorer.removeAttribute(name); // no algorithm in the hash: IDA*
  }
}

fromHash();
window.addEventListener('hashchange', fromHash);
explorer.addEventListener('optionschange', (/** @type {CustomEvent} */ { detail }) => {
  const params = new URLSearchParams();
  for (const name of OPTIONS) if (name !== 'algorithm' || detail.algorithm !== 'ida') params.set(name, detail[name]);
  const hash = `#${params}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
});
