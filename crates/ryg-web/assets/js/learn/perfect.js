// Lesson: perfect play. How a tablebase is built by retrograde analysis, animated on 4×4 (the
// engine's `/api/retrograde`: every position in the order the build solves it), then the exact
// explorer (`/api/solve`): any position's moves with their exact results.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText, plies } from '../i18n.js';
import { parseFen, toFen, applyMove } from '../fen.js';
import { createBoard } from '../board.js';

const START4 = '1c1c/4/4/2m1 m';
const CELL = 22;

let data = null;
let k = 0;
let timer = null;
let board = null;
let puzzle = null;
let seq = 0;

const who = (side) => t(side === 'mouse' ? 'lesson.perfect.mouseWins' : 'lesson.perfect.catsWin');

export const perfect = {
  key: 'perfect',
  render(el) {
    const b = (id, key) => `<button type="button" id="pf-${id}">${t(key)}</button>`;
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.perfect.title')}</h2>
      <p>${t('lesson.perfect.p1')}</p><p>${t('lesson.perfect.p2')}</p>
      <p id="pf-summary" class="summary" aria-live="polite">${t('learn.working')}</p>
      <div class="stepper" role="group" aria-label="${esc(t('lesson.perfect.build'))}">${b('first', 'step.first')}${b('prev', 'step.prev')}${b('play', 'step.play')}${b('next', 'step.next')}${b('last', 'step.last')}</div>
      <p id="pf-step" class="step-text" aria-live="polite"></p>
      <p class="note">${t('lesson.perfect.legend')}</p>
      <div id="pf-grid" class="pf-grid" tabindex="0" role="group" aria-label="${esc(t('lesson.perfect.gridLabel'))}"></div>
      <div class="scroll"><table id="pf-table" class="depths"><caption>${t('lesson.perfect.tableCaption')}</caption><thead><tr><th scope="col">#</th><th scope="col">${t('lesson.perfect.cats')}</th><th scope="col">${t('lesson.perfect.solved')}</th><th scope="col">${t('lesson.perfect.mouseWins')}</th><th scope="col">${t('lesson.perfect.catsWin')}</th><th scope="col">${t('lesson.perfect.longest')}</th></tr></thead><tbody></tbody></table></div>
      <h3>${t('lesson.perfect.explorer')}</h3>
      <p class="note">${t('lesson.perfect.explorerNote')}</p>
      <div class="pf-explorer"><div id="pf-board" class="board pf-board" role="group"></div>
        <div><p id="pf-result" class="summary" aria-live="polite"></p><ul id="pf-moves" class="pf-moves"></ul>
        <button type="button" id="pf-start">${t('lesson.perfect.start')}</button></div></div>
      <section class="task" aria-labelledby="pf-task-title"><h3 id="pf-task-title">${t('task.title')}</h3>
        <p id="pf-task-text"></p>
        <div class="row"><button type="button" id="pf-open" hidden>${t('lesson.perfect.open')}</button><select id="pf-answer" aria-labelledby="pf-task-title"></select><button type="button" id="pf-check">${t('task.check')}</button></div>
        <p id="pf-verdict" class="verdict" role="status"></p></section>`;
    board = createBoard($('pf-board'), {
      square: () => {},
      canDrag: () => false,
      dragStart: () => {},
      drop: () => {},
      escape: () => {},
    });
    $('pf-first').onclick = () => {
      stop();
      go(0);
    };
    $('pf-prev').onclick = () => {
      stop();
      go(k - 1);
    };
    $('pf-next').onclick = () => {
      stop();
      go(k + 1);
    };
    $('pf-last').onclick = () => {
      stop();
      go(data ? data.configurations : 0);
    };
    $('pf-play').onclick = () => {
      if (timer) {
        stop();
        return;
      }
      $('pf-play').textContent = t('step.pause');
      timer = setInterval(() => {
        if (!data || k >= data.configurations) stop();
        else go(k + 1);
      }, 400);
    };
    $('pf-start').onclick = () => explore(START4);
    $('pf-grid').addEventListener('click', (ev) => {
      const cell = ev.target.closest('[data-fen]');
      if (cell?.getAttribute('class').includes('done')) explore(cell.dataset.fen);
    });
    $('pf-check').onclick = check;
    $('pf-open').onclick = () => {
      if (puzzle) explore(puzzle.fen);
    };
    load();
  },
  leave() {
    stop();
    seq += 1;
  },
};

function stop() {
  if (timer) clearInterval(timer);
  timer = null;
  if ($('pf-play')) $('pf-play').textContent = t('step.play');
}

async function load() {
  const mine = ++seq;
  try {
    data = await api('GET', '/api/retrograde?size=4');
  } catch (e) {
    if (mine === seq) $('pf-summary').textContent = errorText(e);
    return;
  }
  if (mine !== seq || !$('pf-grid')) return;
  const mouse = data.positions.filter((p) => p.winner === 'mouse').length;
  $('pf-summary').textContent = t('lesson.perfect.summary', {
    n: data.positions.length,
    configs: data.configurations,
    mouse,
    cats: data.positions.length - mouse,
  });
  drawGrid();
  go(0);
  // the longest win where one move alone keeps it
  puzzle = data.positions
    .filter((p) => p.winner === p.to_move && p.moves >= 2 && p.keeping === 1)
    .reduce((best, p) => (!best || p.plies > best.plies ? p : best), null);
  explore(START4);
  if (puzzle) setTask();
}

/** One row per configuration of the cats, its positions in the order they are solved. */
function drawGrid() {
  const rows = [];
  let width = 0;
  for (let c = 0; c < data.configurations; c += 1) {
    const cells = data.positions.filter((p) => p.configuration === c);
    width = Math.max(width, cells.length);
    rows.push(cells);
  }
  const parts = [];
  rows.forEach((cells, r) => {
    cells.forEach((p, i) => {
      const x = 40 + i * CELL;
      const y = 4 + r * CELL;
      parts.push(
        `<g class="pf todo" data-winner="${p.winner}" data-config="${r}" data-fen="${esc(p.fen)}"><rect x="${x}" y="${y}" width="${CELL - 3}" height="${CELL - 3}" rx="3"></rect><text x="${x + (CELL - 3) / 2}" y="${y + 14}">${p.plies}</text></g>`,
      );
    });
  });
  rows.forEach((_, r) => {
    parts.push(`<text class="row-no" x="30" y="${4 + r * CELL + 14}">${r + 1}</text>`);
  });
  const w = 40 + width * CELL + 4;
  const h = 4 + rows.length * CELL + 4;
  $('pf-grid').innerHTML =
    `<svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" aria-hidden="true" focusable="false">${parts.join('')}</svg>`;
}

function catsOf(fen) {
  const pos = parseFen(fen);
  return [...pos.cells]
    .filter(([, v]) => v === 'c')
    .map(([sq]) => sq)
    .sort()
    .join(' ');
}

/** Shows the build after its first `to` configurations. */
function go(to) {
  if (!data) return;
  k = Math.max(0, Math.min(data.configurations, to));
  for (const g of $('pf-grid').querySelectorAll('g.pf')) {
    const c = Number(g.dataset.config);
    g.setAttribute('class', `pf ${c < k ? `done ${g.dataset.winner}` : 'todo'}${c === k - 1 ? ' now' : ''}`);
  }
  const rows = [];
  for (let c = 0; c < k; c += 1) {
    const cells = data.positions.filter((p) => p.configuration === c);
    const m = cells.filter((p) => p.winner === 'mouse').length;
    const longest = cells.reduce((a, p) => (p.plies > a.plies ? p : a), cells[0]);
    rows.push(
      `<tr><th scope="row">${c + 1}</th><td>${catsOf(cells[0].fen)}</td><td>${cells.length}</td><td>${m}</td><td>${cells.length - m}</td><td>${longest.plies}</td></tr>`,
    );
  }
  $('pf-table').querySelector('tbody').innerHTML = rows.join('');
  const solved = data.positions.filter((p) => p.configuration < k).length;
  $('pf-step').textContent =
    k === 0
      ? t('lesson.perfect.ready')
      : t('lesson.perfect.step', {
          k,
          n: data.configurations,
          cats: catsOf(data.positions.find((p) => p.configuration === k - 1).fen),
          solved,
          total: data.positions.length,
        });
  $('pf-first').disabled = k === 0;
  $('pf-prev').disabled = k === 0;
  $('pf-next').disabled = k >= data.configurations;
  $('pf-last').disabled = k >= data.configurations;
  $('pf-play').disabled = k >= data.configurations;
}

/** The exact explorer: position `fen`, its result and each move's. */
async function explore(fen) {
  const mine = seq;
  let r;
  try {
    r = await api('GET', `/api/solve?fen=${encodeURIComponent(fen)}`);
  } catch (e) {
    if ($('pf-result')) $('pf-result').textContent = errorText(e);
    return;
  }
  if (mine !== seq || !$('pf-moves')) return;
  const pos = parseFen(fen);
  board.draw({ pos, flipped: false, dests: new Set(), movable: new Set(), last: null });
  $('pf-result').textContent = t('lesson.perfect.result', { fen, who: who(r.winner), plies: plies(r.plies) });
  $('pf-moves').innerHTML =
    r.moves
      .map(
        (m) =>
          `<li><button type="button" data-move="${esc(m.move)}" data-fen="${esc(toFen(applyMove(pos, m.move)))}">${esc(m.move)}: ${esc(who(m.winner))}, ${t('lesson.perfect.inPlies', { plies: plies(m.plies) })}</button></li>`,
      )
      .join('') || `<li>${t('lesson.perfect.over')}</li>`;
  for (const b of $('pf-moves').querySelectorAll('button')) b.onclick = () => explore(b.dataset.fen);
}

async function setTask() {
  const r = await api('GET', `/api/solve?fen=${encodeURIComponent(puzzle.fen)}`);
  if (!$('pf-answer')) return;
  puzzle.moves = r.moves;
  $('pf-task-text').textContent = t('lesson.perfect.task', { fen: puzzle.fen, who: who(puzzle.to_move) });
  $('pf-answer').innerHTML =
    `<option value="">${t('task.choose')}</option>` +
    r.moves
      .map((m) => `<option>${esc(m.move)}</option>`)
      .sort()
      .join('');
  // the explorer shows the answer: offered only after a first try
  $('pf-open').hidden = true;
}

function check() {
  if (!puzzle?.moves) return;
  const pick = $('pf-answer').value;
  const el = $('pf-verdict');
  if (!pick) {
    el.textContent = t('task.none');
    return;
  }
  const m = puzzle.moves.find((x) => x.move === pick);
  const right = m && m.winner === puzzle.to_move;
  $('pf-open').hidden = false;
  el.dataset.right = String(right);
  el.textContent = right
    ? t('task.right', { why: t('lesson.perfect.right', { move: pick }) })
    : t('task.wrong', { hint: t('lesson.perfect.hint') });
}
