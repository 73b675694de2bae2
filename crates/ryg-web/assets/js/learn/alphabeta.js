// Lesson: alpha-beta. The traced search of the engine (`/api/think`): every node with its window,
// the branches a cut-off skipped, the order of the steps; and minimax's node count beside it.
import { $ } from '../dom.js';
import { api } from '../api.js';
import { t, errorText, currentLang } from '../i18n.js';
import { createTreeView } from './treeview.js';
import {
  controlsHtml,
  lessonFen,
  describeNode,
  nodeValue,
  stepperHtml,
  wireStepper,
  taskHtml,
  verdict,
  pathText,
} from './kit.js';

let stopStepper = () => {};
let seq = 0;

export const alphabeta = {
  key: 'alphabeta',
  render(el) {
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.alphabeta.title')}</h2>
      <p>${t('lesson.alphabeta.p1')}</p><p>${t('lesson.alphabeta.p2')}</p>
      ${controlsHtml('ab', 3)}
      <p id="ab-summary" class="summary" aria-live="polite"></p>
      <div id="ab-counts"></div>
      ${stepperHtml('ab')}
      <p class="note">${t('learn.legend')}</p>
      <div id="ab-tree"></div>
      ${taskHtml('ab', t('lesson.alphabeta.task'), '<output id="ab-picked" class="picked"></output>')}`;
    $('ab-build').addEventListener('click', () => build());
    $('ab-depth').addEventListener('change', () => build());
    $('ab-pos').addEventListener('change', () => build());
    $('ab-eval').addEventListener('change', () => build());
    build();
  },
  leave() {
    stopStepper();
  },
};

function countsTable(minimax, searched) {
  const max = Math.max(minimax, searched, 1);
  const row = (name, v) =>
    `<tr><th scope="row">${name}</th><td>${v.toLocaleString(currentLang())}</td><td><span class="bar" data-width="${((100 * v) / max).toFixed(1)}"></span></td></tr>`;
  return `<table class="counts"><caption>${t('lesson.alphabeta.count')}</caption><thead><tr><th scope="col">${t('lesson.alphabeta.technique')}</th><th scope="col">${t('lesson.alphabeta.nodes')}</th><th scope="col"><span class="visually-hidden">${t('think.bar')}</span></th></tr></thead>
    <tbody>${row(t('lesson.alphabeta.minimax'), minimax)}${row(t('lesson.alphabeta.alphabeta'), searched)}</tbody></table>`;
}

async function build() {
  stopStepper();
  const mine = ++seq;
  $('ab-tree').dataset.busy = 'true';
  const fen = lessonFen($('ab-pos').value);
  const depth = $('ab-depth').value;
  const evalName = $('ab-eval').value;
  $('ab-summary').textContent = t('learn.working');
  let think;
  try {
    think = await api(
      'GET',
      `/api/think?fen=${encodeURIComponent(fen)}&depth=${depth}&eval=${encodeURIComponent(evalName)}`,
    );
  } catch (e) {
    if (mine === seq) $('ab-summary').textContent = errorText(e);
    return;
  }
  if (!$('ab-tree') || mine !== seq) return; // the lesson was left, or asked again, meanwhile
  const nodes = think.nodes;
  const cuts = nodes.filter((n) => n.cut).length;
  const searched = nodes.length - cuts;
  const minimax = think.counts.find((c) => c.technique === 'minimax').nodes;
  $('ab-summary').textContent = t('lesson.alphabeta.summary', {
    searched,
    cuts,
    minimax,
    best: think.best_move ?? '—',
    value: think.value ?? '—',
  });
  $('ab-counts').innerHTML = countsTable(minimax, searched);
  for (const bar of $('ab-counts').querySelectorAll('[data-width]')) bar.style.width = `${bar.dataset.width}%`;
  const firstCut = think.steps.find((s) => s.kind === 'cut');
  $('ab-picked').textContent = '';
  $('ab-verdict').textContent = '';
  const view = createTreeView($('ab-tree'), nodes, {
    label: t('learn.tree', { depth }),
    pictureLabel: t('learn.picture'),
    describe: describeNode,
    valueOf: nodeValue,
    onSelect: (id) => {
      $('ab-picked').textContent = t('lesson.alphabeta.picked', { path: pathText(nodes, id) });
    },
  });
  $('ab-tree').dataset.nodes = String(nodes.length);
  $('ab-tree').dataset.searched = String(searched);
  $('ab-tree').dataset.busy = 'false';
  stopStepper = wireStepper('ab', view, nodes, think.steps);
  $('ab-check').onclick = () => {
    if (!firstCut) {
      $('ab-verdict').textContent = t('lesson.alphabeta.noCut');
      return;
    }
    if (view.selected === null) {
      $('ab-verdict').textContent = t('task.none');
      return;
    }
    const path = pathText(nodes, firstCut.node);
    verdict('ab', view.selected === firstCut.node, t('lesson.alphabeta.right', { path }), t('lesson.alphabeta.hint'));
  };
}
