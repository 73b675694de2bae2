// Lesson: the game tree and minimax. The tree is the engine's (`/api/tree`, the same JSON as
// `ryg tree --format json`), replayed in the order minimax visits it.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { createTreeView } from './treeview.js';
import { rygBoardsHtml, wireRygBoards } from './rygboards.js';
import {
  controlsHtml,
  lessonFen,
  describeNode,
  nodeValue,
  stepperHtml,
  wireStepper,
  taskHtml,
  verdict,
} from './kit.js';

let stopStepper = () => {};
let seq = 0;

export const minimax = {
  key: 'minimax',
  render(el) {
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.minimax.title')}</h2>
      <p>${t('lesson.minimax.p1')}</p><p>${t('lesson.minimax.p2')}</p>
      ${controlsHtml('mm', 2)}
      <p id="mm-summary" class="summary" aria-live="polite"></p>
      ${stepperHtml('mm')}
      <p class="note">${t('learn.legend')}</p>
      <div id="mm-tree"></div>
      ${taskHtml('mm', t('lesson.minimax.task'), '<select id="mm-answer" aria-labelledby="mm-task-title"></select>')}
      ${rygBoardsHtml()}`;
    wireRygBoards();
    $('mm-build').addEventListener('click', () => build());
    $('mm-depth').addEventListener('change', () => build());
    $('mm-pos').addEventListener('change', () => build());
    $('mm-eval').addEventListener('change', () => build());
    build();
  },
  leave() {
    stopStepper();
  },
};

async function build() {
  stopStepper();
  const mine = ++seq;
  $('mm-tree').dataset.busy = 'true';
  const fen = lessonFen($('mm-pos').value);
  const depth = $('mm-depth').value;
  const evalName = $('mm-eval').value;
  $('mm-summary').textContent = t('learn.working');
  let tree;
  try {
    tree = await api(
      'GET',
      `/api/tree?fen=${encodeURIComponent(fen)}&depth=${depth}&eval=${encodeURIComponent(evalName)}`,
    );
  } catch (e) {
    if (mine === seq) $('mm-summary').textContent = errorText(e);
    return;
  }
  if (!$('mm-tree') || mine !== seq) return; // the lesson was left, or asked again, meanwhile
  // the answer is told only after a first try
  const told = () =>
    t('lesson.minimax.summary', { n: tree.nodes.length, best: tree.best_move ?? '—', value: tree.value });
  $('mm-summary').textContent = t('lesson.minimax.summaryAsk', { n: tree.nodes.length });
  const view = createTreeView($('mm-tree'), tree.nodes, {
    label: t('learn.tree', { depth }),
    pictureLabel: t('learn.picture'),
    describe: describeNode,
    valueOf: nodeValue,
  });
  $('mm-tree').dataset.nodes = String(tree.nodes.length);
  $('mm-tree').dataset.busy = 'false';
  stopStepper = wireStepper('mm', view, tree.nodes, tree.steps);
  const roots = tree.nodes.filter((n) => n.parent === 0);
  $('mm-answer').innerHTML =
    `<option value="">${t('task.choose')}</option>` +
    roots.map((n) => `<option value="${esc(n.move)}">${esc(n.move)}</option>`).join('');
  $('mm-verdict').textContent = '';
  $('mm-check').onclick = () => {
    const pick = $('mm-answer').value;
    if (!pick) {
      $('mm-verdict').textContent = t('task.none');
      return;
    }
    verdict(
      'mm',
      pick === tree.best_move,
      t('lesson.minimax.right', { best: tree.best_move }),
      t('lesson.minimax.hint'),
    );
    $('mm-summary').textContent = told();
  };
}
