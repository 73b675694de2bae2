// A search tree drawn twice from the engine's JSON: an SVG picture (nodes, moves, values, the
// chosen line, cut branches) and, for keyboards and screen readers, an ARIA tree (`role="tree"`,
// one `treeitem` per node, expandable, arrow keys) with the same words. Closing an item closes
// the picture's branch too. Used by the Learn lessons and by the game's "How the computer thinks".
import { esc } from '../dom.js';
import { shape, layout } from './layout.js';

const SVGNS = 'http://www.w3.org/2000/svg';
let views = 0;

/** Draws `nodes` into `box`. `label`: the tree's name; `describe(node, shown)`: a node's words
 * (shown: what a replay has shown, or null for everything); `valueOf(node, shown)`: the number
 * under a node in the picture ('' to hide it); `onSelect(id)`: an item picked. */
export function createTreeView(
  box,
  nodes,
  { label, pictureLabel = label, describe, valueOf: valueAt, onSelect = (_id) => {}, closed = new Set() },
) {
  const tree = shape(nodes);
  const { byId } = tree;
  let shown = null;
  let selected = null;
  const { scroll, svg, list } = frame(box, label, pictureLabel);
  const items = buildItems(tree, list, closed);

  let rootX = 0;
  const drawPicture = () => {
    const picture = pictureOf(nodes, tree, closed);
    rootX = picture.rootX;
    svg.setAttribute('viewBox', `0 0 ${picture.width} ${picture.height}`);
    svg.setAttribute('width', String(picture.width));
    svg.setAttribute('height', String(picture.height));
    svg.innerHTML = picture.html;
    paint();
  };

  const paint = () => {
    for (const g of svg.querySelectorAll('g.n')) {
      const id = Number(g.dataset.node);
      const n = byId.get(id);
      g.setAttribute(
        'class',
        `n ${stateOf(id)}${n.best && (!shown || shown.complete) ? ' best' : ''}${id === selected ? ' picked' : ''}${shown && shown.at === id ? ' at' : ''}`,
      );
      g.querySelector('.val').textContent = valueAt(n, shown);
    }
    for (const line of svg.querySelectorAll('line')) {
      const id = Number(line.dataset.edge);
      const n = byId.get(id);
      line.setAttribute('class', `${stateOf(id)}${n.best && (!shown || shown.complete) ? ' best' : ''}`);
    }
    for (const [id, li] of items) {
      li.firstChild.textContent = describe(byId.get(id), shown);
      li.dataset.state = stateOf(id);
      if (onSelect) li.setAttribute('aria-selected', String(id === selected));
    }
  };

  const stateOf = (id) => nodeState(byId.get(id), id, shown);

  const focusItem = (li) => {
    for (const other of items.values()) other.tabIndex = -1;
    li.tabIndex = 0;
    li.focus();
  };
  const toggle = (li, open) => {
    if (!li.hasAttribute('aria-expanded')) return;
    const id = Number(li.dataset.id);
    const now = open === undefined ? li.getAttribute('aria-expanded') !== 'true' : open;
    li.setAttribute('aria-expanded', String(now));
    if (now) closed.delete(id);
    else closed.add(id);
    drawPicture();
  };
  const pick = (id) => {
    selected = id;
    paint();
    onSelect(id);
  };
  listen({ list, svg, items, focusItem, toggle, pick });

  drawPicture();
  // a wide tree opens on its root, in the middle
  requestAnimationFrame(() => {
    scroll.scrollLeft = rootX - scroll.clientWidth / 2;
  });
  return {
    /** Shows what a replay has shown so far (`replay()`'s answer plus `complete`), or all. */
    show(state) {
      shown = state;
      paint();
      if (state && state.at !== null) {
        const g = svg.querySelector(`g[data-node="${state.at}"]`);
        if (g) g.scrollIntoView({ block: 'nearest', inline: 'center' });
      }
    },
    /** Opens every branch again. */
    openAll() {
      closed.clear();
      for (const li of items.values()) if (li.hasAttribute('aria-expanded')) li.setAttribute('aria-expanded', 'true');
      drawPicture();
    },
    get selected() {
      return selected;
    },
    /** The treeitem of node `id`. */
    item(id) {
      return items.get(id);
    },
  };
}

/** Empties `box` and puts in it the picture (`svg` in its scrolling `scroll`) and the ARIA
 * tree (`list`). */
function frame(box, label, pictureLabel) {
  box.innerHTML = '';
  box.classList.add('treeview');
  const scroll = document.createElement('div');
  scroll.className = 'tree-picture';
  // the picture scrolls: a keyboard must reach it to scroll (its words are the list's)
  scroll.tabIndex = 0;
  scroll.setAttribute('role', 'group');
  scroll.setAttribute('aria-label', pictureLabel);
  const svg = document.createElementNS(SVGNS, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  scroll.appendChild(svg);
  const list = document.createElement('ul');
  list.setAttribute('role', 'tree');
  list.setAttribute('aria-label', label);
  list.className = 'tree-list';
  box.append(scroll, list);
  return { scroll, svg, list };
}

/** The treeitems of tree `{root, kids}` in `list` (the branches in `closed` closed), by node id;
 * the root's holds the tab stop. */
function buildItems({ root, kids }, list, closed) {
  const items = new Map();
  const prefix = `tv${++views}-`;
  const build = (id, level, parentUl) => {
    const li = document.createElement('li');
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(level));
    li.tabIndex = -1;
    li.dataset.id = String(id);
    const row = document.createElement('span');
    row.className = 'tree-row';
    row.id = `${prefix}${id}`;
    li.appendChild(row);
    const ch = kids.get(id);
    if (ch.length) {
      li.setAttribute('aria-expanded', String(!closed.has(id)));
      const group = document.createElement('ul');
      group.setAttribute('role', 'group');
      for (const c of ch) build(c, level + 1, group);
      li.appendChild(group);
    }
    parentUl.appendChild(li);
    items.set(id, li);
  };
  if (root !== null) build(root, 1, list);
  const first = items.get(root);
  if (first) first.tabIndex = 0;
  return items;
}

/** The picture of `nodes` (tree `{root, kids, byId}`, the branches in `closed` closed):
 * {rootX, width, height, html}, its values left empty for `paint`. */
function pictureOf(nodes, { root, kids, byId }, closed) {
  const { pos, edges, width, height } = layout(nodes, { dx: 40, dy: 78, pad: 30, closed });
  const rootX = root === null ? 0 : pos.get(root).x;
  const parts = [];
  for (const [a, b] of edges) {
    const p = pos.get(a);
    const q = pos.get(b);
    parts.push(`<line data-edge="${b}" x1="${p.x}" y1="${p.y}" x2="${q.x}" y2="${q.y}"></line>`);
  }
  for (const [id, p] of pos) {
    const n = byId.get(id);
    const shapeSvg =
      n.to_move === 'mouse'
        ? `<rect x="${p.x - 10}" y="${p.y - 10}" width="20" height="20" rx="3"></rect>`
        : `<circle cx="${p.x}" cy="${p.y}" r="11"></circle>`;
    const move = n.move ? `<text class="mv" x="${p.x}" y="${p.y - 16}">${esc(n.move)}</text>` : '';
    const more = closed.has(id) && kids.get(id).length ? `<text class="more" x="${p.x}" y="${p.y + 4}">+</text>` : '';
    parts.push(
      `<g class="n" data-node="${id}">${shapeSvg}${move}${more}${kids.get(id).length && !closed.has(id) ? `<text class="val side" x="${p.x + 15}" y="${p.y + 4}"></text>` : `<text class="val" x="${p.x}" y="${p.y + 26}"></text>`}</g>`,
    );
  }
  return { rootX, width, height, html: parts.join('') };
}

/** Node `n` (id `id`)'s state in what a replay has shown (`shown`; null: all of it). */
function nodeState(n, id, shown) {
  if (!shown) return n.cut ? 'cut' : 'done';
  if (shown.cut.has(id)) return 'cut';
  if (shown.done.has(id)) return 'done';
  if (shown.seen.has(id)) return 'seen';
  return 'unseen';
}

/** The list's clicks and keys (arrows, Home, End, Enter, Space) and the picture's clicks. */
function listen({ list, svg, items, focusItem, toggle, pick }) {
  list.addEventListener('click', (ev) => {
    const li = ev.target.closest('[role="treeitem"]');
    if (!li) return;
    ev.stopPropagation();
    focusItem(li);
    pick(Number(li.dataset.id));
    if (ev.target.closest('.tree-row') && li.hasAttribute('aria-expanded')) toggle(li);
  });
  list.addEventListener('keydown', (ev) => {
    const li = ev.target.closest('[role="treeitem"]');
    if (!li) return;
    if (treeKey(ev.key, li, visibleItems(list), { focusItem, toggle, pick })) ev.preventDefault();
  });
  svg.addEventListener('click', (ev) => {
    const g = ev.target.closest('g.n');
    if (!g) return;
    const id = Number(g.dataset.node);
    focusItem(items.get(id));
    pick(id);
  });
}

/** The treeitems of `list` not inside a closed branch, in order. */
function visibleItems(list) {
  return [...list.querySelectorAll('[role="treeitem"]')].filter(
    (li) => !li.parentElement.closest('[aria-expanded="false"]'),
  );
}

/** Does what key `key` means on treeitem `li` (`vis`: the visible ones); whether it was one. */
function treeKey(key, li, vis, { focusItem, toggle, pick }) {
  const i = vis.indexOf(li);
  const expanded = li.getAttribute('aria-expanded');
  if (key === 'ArrowDown' && i < vis.length - 1) focusItem(vis[i + 1]);
  else if (key === 'ArrowUp' && i > 0) focusItem(vis[i - 1]);
  else if (key === 'Home') focusItem(vis[0]);
  else if (key === 'End') focusItem(vis[vis.length - 1]);
  else if (key === 'ArrowRight') {
    if (expanded === 'false') toggle(li, true);
    else if (expanded === 'true') focusItem(li.querySelector('[role="treeitem"]'));
  } else if (key === 'ArrowLeft') {
    if (expanded === 'true') toggle(li, false);
    else if (li.parentElement.closest('[role="treeitem"]')) focusItem(li.parentElement.closest('[role="treeitem"]'));
  } else if (key === 'Enter' || key === ' ') {
    pick(Number(li.dataset.id));
    toggle(li);
  } else return false;
  return true;
}
