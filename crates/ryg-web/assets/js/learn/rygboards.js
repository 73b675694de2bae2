// The minimax lesson's look at RYG itself: after e1f2, the tree of depth 2 built as the
// articles' first program built it (its evaluation version 1, its move order), every board
// evaluated. The root's own evaluation ($81, as the C64 held it) beside the value minimax
// brings back ($82): searching deeper changed the verdict.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';

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
  out.innerHTML = `<p id="rb-verdict">${esc(t('lesson.ryg.verdict', {
    n: tree.nodes.length, inner, eval: root.eval, evalC64: root.eval_c64, value: root.value, valueC64: root.value_c64, best: tree.best_move,
  }))}</p>`;
}
