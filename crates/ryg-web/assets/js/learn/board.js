// Lesson: the board and the moves. How a board is kept (the original's bytes and move tables,
// ryg's bitboards) and how a piece's moves come out of a few bit operations: click a piece and
// the engine (`/api/bits`) shows each step; perft (`/api/perft`) counts the move sequences.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText, fmt } from '../i18n.js';
import { parseFen } from '../fen.js';
import { createBoard } from '../board.js';
import { lessonFen } from './kit.js';
import { rygMemoryHtml, showRygMemory, routinesHtml } from './rygmemory.js';

const AFTER_E1D2 = '1c1c1c1c/8/8/8/8/8/3m4/8 c';
let board = null;
let fen = null;
let seq = 0;
/** Whether the task was checked: till then the table hides the count it asks for (the cats'
 * moves after e1d2, perft 1 of that position). */
let checked = false;

export const boardLesson = {
  key: 'board',
  render(el) {
    checked = false;
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.board.title')}</h2>
      <p>${t('lesson.board.p1')}</p><p>${t('lesson.board.p2')}</p>
      <div class="row learn-controls">
        <label><span>${t('learn.position')}</span> <select id="bd-pos"><option value="start8">${t('learn.pos.start8')}</option><option value="e1d2">${t('lesson.board.afterE1d2')}</option><option value="start6">${t('learn.pos.start6')}</option></select></label>
        <label><span>${t('lesson.board.perftDepth')}</span> <select id="bd-depth">${[4, 6, 8, 10].map((d) => `<option${d === 8 ? ' selected' : ''}>${d}</option>`).join('')}</select></label>
      </div>
      <div class="pf-explorer"><div id="bd-board" class="board pf-board bd-board"></div>
        <div class="bd-side"><p id="bd-hint" class="note">${t('lesson.board.click')}</p><div id="bd-bits" aria-live="polite"></div></div></div>
      ${rygMemoryHtml()}
      <h3>${t('lesson.board.perftTitle')}</h3>
      <p class="note">${t('lesson.board.perftNote')}</p>
      <div class="scroll"><table id="bd-perft" class="depths"><caption>${t('lesson.board.perftCaption')}</caption><thead><tr><th scope="col">${t('learn.depth')}</th><th scope="col">${t('lesson.board.sequences')}</th><th scope="col">${t('lesson.techniques.ms')}</th></tr></thead><tbody></tbody></table></div>
      <section class="task" aria-labelledby="bd-task-title"><h3 id="bd-task-title">${t('task.title')}</h3>
        <p>${t('lesson.board.task')}</p>
        <div class="row"><label><span>${t('lesson.board.answer')}</span> <input id="bd-answer" type="number" min="0" max="99" inputmode="numeric"></label><button type="button" id="bd-check">${t('task.check')}</button></div>
        <p id="bd-verdict" class="verdict" role="status"></p></section>
      ${routinesHtml()}`;
    board = createBoard($('bd-board'), {
      square: (name) => show(name),
      canDrag: () => false,
      dragStart: () => {},
      drop: () => {},
      escape: () => {},
    });
    $('bd-pos').addEventListener('change', () => load());
    $('bd-depth').addEventListener('change', () => perft());
    $('bd-check').addEventListener('click', check);
    load();
  },
  leave() {
    seq += 1;
  },
};

function positionFen(choice) {
  return choice === 'e1d2' ? AFTER_E1D2 : lessonFen(choice);
}

function draw(selected, targets) {
  const pos = parseFen(fen);
  const movable = new Set([...pos.cells.keys()]);
  board.draw({ pos, flipped: false, selected, dests: new Set(targets), movable, last: null });
}

function load() {
  fen = positionFen($('bd-pos').value);
  draw(null, []);
  $('bd-bits').innerHTML = '';
  showRygMemory(fen);
  perft();
}

async function perft() {
  const mine = ++seq;
  const depth = $('bd-depth').value;
  $('bd-perft').dataset.busy = 'true';
  let r;
  try {
    r = await api('GET', `/api/perft?fen=${encodeURIComponent(fen)}&depth=${depth}`);
  } catch (e) {
    if (mine === seq) $('bd-hint').textContent = errorText(e);
    return;
  }
  if (mine !== seq || !$('bd-perft')) return;
  const hide = !checked && fen === AFTER_E1D2;
  const count = (d) =>
    hide && d.depth === 1 ? `<span class="hidden-answer">${t('lesson.board.hidden')}</span>` : fmt(d.nodes);
  $('bd-perft').querySelector('tbody').innerHTML = r.depths
    .map((d) => `<tr><th scope="row">${d.depth}</th><td>${count(d)}</td><td>${fmt(1000 * d.seconds, 3)}</td></tr>`)
    .join('');
  $('bd-perft').dataset.busy = 'false';
}

/** The bits of a set, the ones marked. */
function bitsHtml(s) {
  return `<code class="bits">${[...s.bits].map((b) => (b === '1' ? '<b>1</b>' : '0')).join('')}</code>`;
}

async function show(square) {
  const pos = parseFen(fen);
  if (!pos.cells.get(square)) {
    $('bd-hint').textContent = t('lesson.board.empty', { sq: square });
    return;
  }
  let b;
  try {
    b = await api('GET', `/api/bits?fen=${encodeURIComponent(fen)}&square=${square}`);
  } catch (e) {
    $('bd-hint').textContent = errorText(e);
    return;
  }
  if (!$('bd-bits')) return;
  draw(square, b.targets.squares);
  const rows = [
    ['piece', t('lesson.board.op.piece', { i: b.index })],
    ...(b.side === 'mouse' ? [['up', t('lesson.board.op.up')]] : []),
    ['down', t('lesson.board.op.down')],
    ['board', t('lesson.board.op.board')],
    ['empty', t('lesson.board.op.empty')],
    ['targets', t(b.side === 'mouse' ? 'lesson.board.op.targetsMouse' : 'lesson.board.op.targetsCat')],
  ];
  $('bd-hint').textContent = t(b.side === 'mouse' ? 'lesson.board.mouseOn' : 'lesson.board.catOn', {
    sq: b.square,
    n: b.targets.squares.length,
  });
  $('bd-bits').innerHTML =
    `<table class="depths bd-ops"><caption>${t('lesson.board.opsCaption', { sq: b.square })}</caption><thead><tr><th scope="col">${t('lesson.board.operation')}</th><th scope="col">${t('lesson.board.hex')}</th><th scope="col">${t('lesson.board.squares')}</th></tr></thead><tbody>
    ${rows.map(([k, label]) => `<tr data-op="${k}"><th scope="row">${esc(label)}</th><td><code>${esc(b[k].hex)}</code></td><td>${esc(b[k].squares.join(' ') || '—')}</td></tr>`).join('')}</tbody></table>
    <p class="note">${t('lesson.board.bitsNote')}</p><div class="scroll">${bitsHtml(b.targets)}</div>`;
}

async function check() {
  const el = $('bd-verdict');
  const answer = Number($('bd-answer').value);
  if ($('bd-answer').value === '') {
    el.textContent = t('task.none');
    return;
  }
  const r = await api('GET', `/api/perft?fen=${encodeURIComponent(AFTER_E1D2)}&depth=1`);
  const right = answer === r.depths[0].nodes;
  el.dataset.right = String(right);
  el.textContent = right
    ? t('task.right', { why: t('lesson.board.right', { n: answer }) })
    : t('task.wrong', { hint: t('lesson.board.hint') });
  if (!checked) {
    checked = true;
    if (fen === AFTER_E1D2) perft();
  }
}
