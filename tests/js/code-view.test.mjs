// CodeView (www/code-view.js) on a minimal stand-in for the DOM, just the calls the view makes:
// it builds a listing once per algorithm, then only moves the highlight and writes values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeView } from '../../www/views/code-view.js';
import { listing, variables, codeStep } from '../../www/model/pseudo-code.js';

class FakeElement {
  constructor(doc, tag) {
    Object.assign(this, { ownerDocument: doc, tagName: tag.toUpperCase(), children: [], className: '', title: '', dataset: {}, attributes: new Map() });
    this.text = '';
    this.writes = 0; // text writes, to see that unchanged values are left alone
    const classes = () => new Set(this.className.split(' ').filter(Boolean));
    this.classList = {
      add: (c) => { this.className = [...classes().add(c)].join(' '); },
      remove: (c) => { const s = classes(); s.delete(c); this.className = [...s].join(' '); },
      toggle: (c, on) => (on ? this.classList.add(c) : this.classList.remove(c)),
      contains: (c) => classes().has(c),
    };
  }
  get textContent() { return this.children.length ? this.children.map((c) => c.textContent).join('') : this.text; }
  set textContent(text) { this.children = []; this.text = text; this.writes += 1; }
  get firstElementChild() { return this.children[0] ?? null; }
  append(...nodes) { this.children.push(...nodes); }
  replaceChildren(...nodes) { this.children = nodes; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  removeAttribute(name) { this.attributes.delete(name); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  /** Every element below this one, depth first. */
  *all() { for (const c of this.children) { yield c; yield* c.all(); } }
}

function panel() {
  const doc = { createElement: (tag) => new FakeElement(doc, tag) };
  return new FakeElement(doc, 'section');
}

const lines = (container) => [...container.all()].filter((e) => e.tagName === 'LI');
const current = (container) => lines(container).filter((e) => e.getAttribute('aria-current') === 'step');
const value = (container, name) => [...container.all()].find((e) => e.tagName === 'DIV' && e.children[0].textContent === name).children[1];

const prune = { type: 'prune', id: 3, parent: 0, g: 1, h: 18, f: 19, threshold: 17, tile: 4 };
const node = { type: 'node', id: 2, parent: 0, g: 1, h: 16, f: 17, tile: 2, blank: 4 };

test('the lines are numbered once per algorithm; one line at a time is current', () => {
  const container = panel();
  const view = new CodeView(container);
  view.render({ algorithm: 'ida', step: null });
  const built = lines(container);
  assert.equal(built.length, listing('ida').lines.length);
  assert.equal(built[0].children[0].textContent, '1');
  assert.equal(built[3].children.slice(1).map((e) => e.textContent).join(''), '    t = boundedDFS(start, g=0, threshold)'); // two spaces a level
  assert.equal(built[6].children.slice(1).map((e) => e.textContent).join(''), '    threshold = t        # smallest f that exceeded the bound');
  assert.deepEqual([...built[6].all()].filter((e) => e.className === 'code-comment').map((e) => e.textContent), ['# smallest f that exceeded the bound']);
  assert.equal(current(container).length, 0, 'nothing is current before the first event');

  view.render({ algorithm: 'ida', step: codeStep(prune, { threshold: 17, min: 19 }) });
  assert.deepEqual(current(container).map((e) => e.dataset.line), ['prune']);
  assert.ok(current(container)[0].classList.contains('code-current'));
  view.render({ algorithm: 'ida', step: codeStep(node, { threshold: 17, min: 19 }) });
  assert.deepEqual(current(container).map((e) => e.dataset.line), ['f']);
  assert.equal(lines(container).filter((e) => e.classList.contains('code-current')).length, 1);
  assert.deepEqual(lines(container), built, 'the same elements: nothing rebuilt');

  view.render({ algorithm: 'bfs', step: null });
  assert.equal(lines(container).length, listing('bfs').lines.length, 'a new algorithm, a new listing');
  assert.equal(current(container).length, 0);
});

test('the variables show the step\'s values, a dash for the others, and are written only when they change', () => {
  const container = panel();
  const view = new CodeView(container);
  view.render({ algorithm: 'ida', step: codeStep(prune, { threshold: 17, min: Infinity }) });
  const slots = Object.fromEntries(variables('ida').map((name) => [name, value(container, name)]));
  assert.deepEqual(Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, v.textContent])),
    { threshold: '17', g: '1', h: '18', f: '19', min: '19', t: '19' });
  const writes = slots.threshold.writes;
  view.render({ algorithm: 'ida', step: codeStep({ type: 'backtrack', id: 2 }, { threshold: 17, min: 19, rootId: 0 }) });
  assert.equal(slots.threshold.writes, writes, 'an unchanged value is not rewritten');
  assert.equal(slots.g.textContent, '–');
  view.render({ algorithm: 'ida', step: codeStep({ type: 'backtrack', id: 0 }, { threshold: 17, min: Infinity, rootId: 0 }) });
  assert.equal(slots.t.textContent, 'INF');
  assert.match(lines(container).find((e) => e.getAttribute('aria-current'))?.dataset.line, /^return-min$/);
});
