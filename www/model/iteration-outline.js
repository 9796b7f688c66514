// The whole iteration at a glance (the tree's "Whole iteration" overview): the drawn nodes of
// the tree model laid out sideways, one column per depth g and one row per line of text, so an
// iteration of a few hundred nodes fits one screen with every label readable.
//
// Why sideways and folded: a tree drawn top-down needs a box's width per leaf, and its labels
// ("h16 f21") are wide; drawn sideways it needs a line's height per leaf instead, and a depth's
// column holds the widest label. The pruned children of a visited node, a third of the nodes and
// most of the leaves, become one item ("✂3 f21": three pruned, the least f 21, which is what the
// next threshold is chosen from) unless the reader opened it. The lecture's iteration 3 (270
// nodes, 20 depths) takes 44 rows; top-down with one box per leaf it takes 74 slots.
//
// Rule: depth-first in the search's order, a node takes the next free row of its depth, never
// above its parent's (so a parent is level with its first child, and links run right and down).

/**
 * One line of the overview: a visited node (`members` empty) or the pruned children of `parent`
 * gathered in one item (`members`: their model indices, in the search's order; `index` the first).
 * @typedef {{index: number, members: number[], depth: number, row: number, parent: number, leastF: number}} OutlineItem
 */

/**
 * The outline of `model`'s drawn IDA* tree (model/tree-model.js). `opened`: model indices of
 * visited nodes whose pruned children are shown one per row. Items are in depth-first order;
 * `parent` is an item's parent item (-1 at the root); `depths` and `rows` are the extent.
 * @param {import('./tree-model.js').TreeModel} model
 * @param {Set<number>} [opened]
 * @returns {{items: OutlineItem[], depths: number, rows: number, itemOf: Int32Array}}
 */
export function outlineOf(model, opened = new Set()) {
  /** @type {OutlineItem[]} */
  const items = [];
  const itemOf = new Int32Array(model.count).fill(-1); // model index → its item
  const next = [];                                      // the next free row per depth
  let rows = 0;
  const place = (depth, parentItem) => {
    while (next.length <= depth) next.push(0);
    const row = Math.max(next[depth], parentItem < 0 ? 0 : items[parentItem].row);
    next[depth] = row + 1;
    if (row + 1 > rows) rows = row + 1;
    return row;
  };
  const f = (i) => model.gs[i] + model.hs[i];
  if (model.count === 0 || model.frontierSearch) return { items, depths: 0, rows: 0, itemOf };
  // An explicit stack (a tree may be thousands of levels deep) of nodes and groups of pruned
  // children; a node's children are pushed in reverse, so the first is laid out first.
  /** @type {{i?: number, members?: number[]}[]} */
  const stack = [{ i: 0 }];
  const parents = [-1];
  while (stack.length) {
    const entry = stack.pop(), parent = parents.pop();
    const depth = parent < 0 ? 0 : items[parent].depth + 1;
    const self = items.length;
    if (entry.members) {
      items.push({ index: entry.members[0], members: entry.members, depth, row: place(depth, parent), parent,
        leastF: Math.min(...entry.members.map(f)) });
      for (const m of entry.members) itemOf[m] = self;
      continue;
    }
    const i = /** @type {number} */ (entry.i);
    items.push({ index: i, members: [], depth, row: place(depth, parent), parent, leastF: f(i) });
    itemOf[i] = self;
    // Visited children each a row; pruned ones one item where the first was generated (each
    // its own row when opened).
    const children = [];
    let group = null;
    for (let c = model.firstChild[i]; c >= 0; c = model.nextSibling[c]) {
      if (!model.isGhost(c)) children.push({ i: c });
      else if (opened.has(i)) children.push({ members: [c] });
      else if (group) group.push(c);
      else { group = [c]; children.push({ members: group }); }
    }
    for (let k = children.length - 1; k >= 0; k -= 1) { stack.push(children[k]); parents.push(self); }
  }
  return { items, depths: next.length, rows, itemOf };
}

/**
 * The label of `item`: a visited node's h and f ("h16 f21"; g is its column), a pruned child's
 * f ("✂ f23"), or a group's size and least f ("✂3 f21"); ▲ before a raise's cause, ★ on the
 * solution.
 * @param {import('./tree-model.js').TreeModel} model
 * @param {OutlineItem} item
 * @param {{cause?: boolean, solution?: boolean}} [marks]
 */
export function outlineLabel(model, item, { cause = false, solution = false } = {}) {
  if (item.members.length === 0) {
    const h = model.hs[item.index];
    return `${solution ? '★' : ''}h${h} f${model.gs[item.index] + h}`;
  }
  return `${cause ? '▲' : ''}✂${item.members.length > 1 ? item.members.length : ''} f${item.leastF}`;
}
