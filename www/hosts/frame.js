// embed.html's script: one <tile-search> from the query string, the page's title from it, and the
// content height posted to the host page whenever it changes (hosts size their <iframe> with it).
import { ATTRIBUTES as TABLE, BOOLEANS, HTML_ATTRIBUTES } from '../model/attributes.js';

// Every attribute of the element (and HTML's own that it passes on); booleans are bare words.
const ATTRIBUTES = [...TABLE.map((spec) => spec.name).filter((name) => !BOOLEANS.includes(name)), ...HTML_ATTRIBUTES];

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
    + `it takes ${[...TABLE.map((spec) => spec.name), ...HTML_ATTRIBUTES].join(', ')}.`;
  main.append(note);
}
main.append(widget);

// The title names the search in the core's words (its catalog); the caption, when there is one.
const caption = params.get('caption');
const title = (text) => { document.title = `${text} · IDA* explorer`; };
if (caption) title(caption);
else {
  customElements.whenDefined('tile-search').then(async () => {
    const { algorithms, heuristics } = await /** @type {any} */ (customElements.get('tile-search')).catalog();
    const titleOf = (list, name, fallback) => list.find((entry) => entry.name === (name ?? fallback))?.title;
    const algorithm = titleOf(algorithms, params.get('algorithm'), 'ida') ?? titleOf(algorithms, 'ida');
    // Breadth- and depth-first search use no heuristic.
    const informed = !['bfs', 'dfs'].includes(params.get('algorithm'));
    const heuristic = informed ? titleOf(heuristics, params.get('heuristic'), 'manhattan') : null;
    title(`${algorithm[0].toUpperCase()}${algorithm.slice(1)}${heuristic ? ` with ${heuristic}` : ''} on ${params.get('board') ?? '6 4 5 8 2 7 1 0 3'}`);
  });
}

// The content's height, not the frame's: <main> (body is as tall as the frame at least).
let posted = -1;
const report = () => {
  const height = Math.ceil(main.getBoundingClientRect().height);
  if (height === posted || window.parent === window) return;
  posted = height;
  window.parent.postMessage({ type: 'tile-search:resize', height }, '*');
};
new ResizeObserver(report).observe(main);
