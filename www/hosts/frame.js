// embed.html's script: one <tile-search> from the query string, the page's title from it, and the
// content height posted to the host page whenever it changes (hosts size their <iframe> with it).
const ATTRIBUTES = ['board', 'heuristic', 'goal', 'algorithm', 'max-reached', 'speed', 'view', 'controls', 'height',
  'caption', 'theme', 'id', 'aria-label'];
const BOOLEANS = ['autoplay', 'loop'];
const HEURISTICS = { manhattan: 'Manhattan distance', 'linear-conflict': 'linear conflict', hamming: 'Hamming distance', pdb: 'pattern databases' };
const ALGORITHMS = { ida: 'IDA*', bfs: 'Breadth-first search', dfs: 'Depth-first search', greedy: 'Greedy best-first search', astar: 'A*' };

const params = new URLSearchParams(location.search);
const main = document.querySelector('main');
const widget = document.createElement('tile-search');
const unknown = [];
for (const [name, value] of params) {
  if (ATTRIBUTES.includes(name)) widget.setAttribute(name, value);
  else if (BOOLEANS.includes(name)) { if (!['false', '0', 'no', 'off'].includes(value.toLowerCase())) widget.setAttribute(name, ''); }
  else unknown.push(name);
}
if (unknown.length > 0) {
  // A teacher setting up the frame sees this at once; the widget itself names bad values.
  const note = document.createElement('p');
  note.className = 'frame-note';
  note.setAttribute('role', 'status');
  note.textContent = `embed.html: unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}; `
    + `it takes ${[...ATTRIBUTES, ...BOOLEANS].join(', ')}.`;
  main.append(note);
}
main.append(widget);

const board = params.get('board');
const caption = params.get('caption');
const algorithm = ALGORITHMS[params.get('algorithm') ?? 'ida'] ?? 'IDA*';
const heuristic = HEURISTICS[params.get('heuristic') ?? 'manhattan'];
document.title = caption
  ? `${caption} · IDA* explorer`
  : `${algorithm}${heuristic && algorithm !== 'Breadth-first search' && algorithm !== 'Depth-first search' ? ` with ${heuristic}` : ''}`
    + ` on ${board ?? '6 4 5 8 2 7 1 0 3'} · IDA* explorer`;

// The content's height, not the frame's: <main> (body is as tall as the frame at least).
let posted = -1;
const report = () => {
  const height = Math.ceil(main.getBoundingClientRect().height);
  if (height === posted || window.parent === window) return;
  posted = height;
  window.parent.postMessage({ type: 'tile-search:resize', height }, '*');
};
new ResizeObserver(report).observe(main);
