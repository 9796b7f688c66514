// index.html's only script: the URL hash holds board, heuristic and goal (and the algorithm
// unless it is IDA*, the move order unless it is lrud) and the moment shown (step: events shown; iteration, for the reader), so
// a link reproduces the view: `#board=…&heuristic=…&goal=…&step=N&iteration=k`.
import '../tile-search.js';
import { momentHash } from '../model/export.js';
import { parseBoard } from '../pkg/tilesearch.js';
import { FRONTIER_SEARCHES } from '../model/narration.js';

const explorer = /** @type {import('../element/tile-search-element.js').TileSearchElement} */ (document.querySelector('tile-search'));
const OPTIONS = ['board', 'heuristic', 'goal', 'algorithm', 'order'];
const HASH_MS = 250; // the hash follows the search at most four times a second (history is rate-limited)

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const name of OPTIONS) {
    const value = params.get(name);
    if (value !== null && explorer.getAttribute(name) !== value) explorer.setAttribute(name, value);
    else if (value === null && (name === 'algorithm' || name === 'order')) explorer.removeAttribute(name); // not in the hash: IDA*, lrud
  }
  const step = params.get('step');
  if (step !== null && String(explorer.position) !== step) explorer.setAttribute('position', step);
}

let timer = 0;
/** The hash for the options and moment shown now (replaceState: stepping adds no history entries). */
function toHash() {
  timer = 0;
  const { position, iteration, error, order } = explorer.state;
  const options = { board: explorer.board, heuristic: explorer.heuristic, goal: explorer.goal, algorithm: explorer.algorithm, order };
  if (error) return; // an invalid board stays out of the URL: the link keeps the last one that works
  const hash = `#${momentHash(options, '', { step: position, iteration })}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  // The tab's title follows the board too (a 5×5 board says 5×5): the core reads the board, the
  // names are the explorer's own.
  const width = Math.sqrt(parseBoard(explorer.board).length);
  const name = FRONTIER_SEARCHES[explorer.algorithm]?.name ?? 'IDA*';
  document.title = `tilesearch: ${name} step by step on a ${width}×${width} board`;
}
const later = () => { timer ||= setTimeout(toHash, HASH_MS); };

fromHash();
window.addEventListener('hashchange', fromHash);
explorer.addEventListener('optionschange', later);
explorer.addEventListener('step', later);
explorer.addEventListener('reset', later);
