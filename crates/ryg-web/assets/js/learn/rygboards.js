// The minimax lesson's look at RYG itself: after e1f2, the tree of depth 2 built as the
// articles' first program built it (its evaluation version 1, its move order), every board
// evaluated. The root's own evaluation ($81, as the C64 held it) beside the value minimax
// brings back ($82): searching deeper changed the verdict. All 36 boards are drawn as the
// article's tree («RYG: procedimiento minimax»), each with its value as the C64's byte, in
// RYG's letters (R the mouse, G a cat, a dot an empty square), the child the cats play marked.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { parseFen, sqName } from '../fen.js';

const E1F2 = '1c1c1c1c/8/8/8/8/8/5m2/8 c';

export function rygBoardsHtml() {
  return `<section class="box ryg-boards" aria-labelledby="rb-title">
    <h3 id="rb-title">${t('lesson.ryg.title')}</h3>
    <p>${t('lesson.ryg.p1')}</p>
    <p>${t('lesson.ryg.ask')}</p>
    <button type="button" id="rb-show">${t('lesson.ryg.show')}</button>
    <div id="rb-out" aria-live="polite"></div>
  </section>`;
}

export function wireRygBoards() {
  $('rb-show').addEventListener('click', show);
}

async function show() {
  const out = $('rb-out');
  out.textContent = t('learn.working');
  let tree;
  try {
    tree = await api('GET', `/api/tree?fen=${encodeURIComponent(E1F2)}&depth=2&engine=ryg1-v1`);
  } catch (e) {
    out.textContent = errorText(e);
    return;
  }
  const root = tree.nodes[0];
  const inner = tree.nodes.filter((n) => !n.leaf).length;
  out.dataset.boards = String(tree.nodes.length);
  out.innerHTML = `<p id="rb-verdict">${esc(
    t('lesson.ryg.verdict', {
      n: tree.nodes.length,
      inner,
      eval: root.eval,
      evalC64: root.eval_c64,
      value: root.value,
      valueC64: root.value_c64,
      best: tree.best_move,
    }),
  )}</p>${treeHtml(tree.nodes)}`;
}

/** A board as RYG's pintaFicha wrote it: R the mouse, G a cat, a dot any empty square (RYG's
 * matrix held all 64), rank 8 on top. */
export function boardText(fen) {
  const pos = parseFen(fen);
  const lines = [];
  for (let r = pos.size - 1; r >= 0; r -= 1) {
    let line = '';
    for (let f = 0; f < pos.size; f += 1) {
      const piece = pos.cells.get(sqName(f, r));
      line += piece === 'm' ? 'R' : piece === 'c' ? 'G' : '.';
    }
    lines.push(line.split('').join(' '));
  }
  return lines.join('\n');
}

/** One board of the tree: its move (the root: its own evaluation too), its value as the C64's
 * byte, its diagram; the child the cats choose marked. */
function boardHtml(n, chosen) {
  const own = n.parent === null ? ` ${t('lesson.ryg.ownEval', { value: n.eval_c64 })}` : '';
  const name = n.parent === null ? t('lesson.ryg.root') : n.move;
  const mark = chosen ? ` <strong class="rb-chosen">${t('lesson.ryg.chosen')}</strong>` : '';
  return `<figure class="rb-board${chosen ? ' chosen' : ''}" data-node="${n.id}" data-value="${esc(n.value_c64)}"${chosen ? ' data-chosen="true"' : ''}>
    <figcaption><span>${esc(name)}</span> <b>${esc(n.value_c64)}</b>${own}${mark}</figcaption>
    <pre aria-hidden="true">${boardText(n.fen)}</pre></figure>`;
}

/** The whole tree: the root, then each child with its four children. */
function treeHtml(nodes) {
  const kids = (id) => nodes.filter((n) => n.parent === id);
  const children = kids(0)
    .map(
      (c) =>
        `<li class="rb-branch"><div class="rb-row">${boardHtml(c, c.best)}</div><ul class="rb-row">${kids(c.id)
          .map((g) => `<li>${boardHtml(g, false)}</li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  return `<div class="rb-tree" data-boards="${nodes.length}" role="group" aria-label="${esc(t('lesson.ryg.treeLabel'))}">
    <p class="note">${t('lesson.ryg.treeNote')}</p>
    <div class="rb-row">${boardHtml(nodes[0], false)}</div><ul class="rb-children">${children}</ul></div>`;
}
