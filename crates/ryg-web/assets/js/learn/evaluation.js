// Lesson: the evaluation function. The original's three terms and ryg's nine fitted ones, each
// weight on a slider: the engine (`/api/weights`) says what each term gives in the position,
// which move a search of the chosen depth then plays (every root move's score beside it, and the
// tablebase's verdict from `/api/solve`), and how often such a search keeps a won game on a
// fixed sample of won positions.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText, fmt, fmtPct } from '../i18n.js';
import { parseFen } from '../fen.js';
import { createBoard } from '../board.js';
import { lessonFen, lessonGame, evalOptions } from './kit.js';
import { sliderRange, weightsParam, share, keepingMoves, isOwn } from './weights.js';

/** A middle game where only c3d4 keeps the mouse's win; the original's weights play c3b4. */
export const PUZZLE = '7c/8/3c4/c3c3/8/2m5/8/8 m';
const TASK_DEPTH = 3;

let seq = 0;
let board = null;
// the position, depth and terms shown; the evaluations' own reports there; the sliders' values
let view = null;

const num = (n) => fmt(n);
/** A share given in percent (42.7) as the page writes percentages. */
const pct = (x) => fmtPct(x / 100, 1);
const termName = (name) => t(`lesson.eval.term.${name}`);
const termAbout = (kind, name) =>
  kind === 'seed' && ['mouse_mobility', 'cats_spread'].includes(name)
    ? t(`lesson.eval.about.seed.${name}`)
    : t(`lesson.eval.about.${name}`);

export const evaluation = {
  key: 'evaluation',
  render(el) {
    const depths = [1, 2, 3, 4, 5, 6]
      .map((d) => `<option${d === TASK_DEPTH ? ' selected' : ''}>${d}</option>`)
      .join('');
    const game = lessonGame() ? `<option value="game">${t('learn.pos.game')}</option>` : '';
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.evaluation.title')}</h2>
      <p>${t('lesson.evaluation.p1')}</p><p>${t('lesson.evaluation.p2')}</p><p>${t('lesson.evaluation.p3')}</p><p id="ev-row-note">${t('lesson.evaluation.p4')}</p>
      <div id="ev-own" class="ev-own"></div>
      <div class="row learn-controls">
        <label><span>${t('learn.position')}</span> <select id="ev-pos"><option value="puzzle">${t('lesson.evaluation.puzzle')}</option><option value="start8">${t('learn.pos.start8')}</option><option value="start6">${t('learn.pos.start6')}</option>${game}</select></label>
        <label><span>${t('lesson.evaluation.terms')}</span> <select id="ev-kind">${evalOptions(['seed', 'default'])}</select></label>
        <label><span>${t('learn.depth')}</span> <select id="ev-depth">${depths}</select></label>
      </div>
      <fieldset id="ev-sliders" class="ev-sliders"><legend>${t('lesson.evaluation.weights')}</legend><div id="ev-slider-list"></div>
        <button type="button" id="ev-reset">${t('lesson.evaluation.reset')}</button></fieldset>
      <p id="ev-summary" class="summary" aria-live="polite"></p>
      <div class="pf-explorer"><div id="ev-board" class="board pf-board"></div>
        <div class="bd-side"><div id="ev-moves"></div><div id="ev-terms"></div></div></div>
      <h3>${t('lesson.evaluation.keepTitle')}</h3>
      <p class="note">${t('lesson.evaluation.keepNote')}</p>
      <div id="ev-keep"></div>
      <section class="task" aria-labelledby="ev-task-title"><h3 id="ev-task-title">${t('task.title')}</h3>
        <p>${t('lesson.evaluation.task', { depth: TASK_DEPTH })}</p>
        <div class="row"><button type="button" id="ev-check">${t('task.check')}</button></div>
        <p id="ev-verdict" class="verdict" role="status"></p></section>`;
    board = createBoard($('ev-board'), {
      square: () => {},
      canDrag: () => false,
      dragStart: () => {},
      drop: () => {},
      escape: () => {},
    });
    $('ev-pos').addEventListener('change', () => load());
    $('ev-depth').addEventListener('change', () => load());
    $('ev-kind').addEventListener('change', () => {
      view.kind = $('ev-kind').value;
      ownValues();
      sliders();
      run();
    });
    $('ev-reset').addEventListener('click', () => {
      ownValues();
      sliders();
      run();
    });
    $('ev-check').addEventListener('click', check);
    view = null;
    load();
  },
  leave() {
    seq += 1;
  },
};

function fenOf(choice) {
  return choice === 'puzzle' ? PUZZLE : lessonFen(choice);
}

function query(fen, kind, depth, values) {
  const w = values ? `&weights=${weightsParam(values)}` : '';
  return `/api/weights?fen=${encodeURIComponent(fen)}&eval=${kind}&depth=${depth}${w}`;
}

/** The position's own reports for both sets of terms, its exact result, then the search. */
async function load() {
  const mine = ++seq;
  const fen = fenOf($('ev-pos').value);
  const depth = Number($('ev-depth').value);
  const kind = $('ev-kind').value;
  busy(true);
  let seed;
  let tuned;
  let solve = null;
  try {
    seed = await api('GET', query(fen, 'seed', depth));
    tuned = await api('GET', query(fen, 'default', depth));
    if (parseFen(fen).size <= 8)
      solve = await api('GET', `/api/solve?fen=${encodeURIComponent(fen)}`).catch(() => null);
  } catch (e) {
    if (mine === seq) {
      $('ev-summary').textContent = errorText(e);
      busy(false);
    }
    return;
  }
  if (mine !== seq || !$('ev-keep')) return;
  const keep = view && view.fen === fen && view.kind === kind ? view.values : null;
  view = { fen, depth, kind, own: { seed, default: tuned }, keeping: keepingMoves(solve), values: [] };
  if (keep) view.values = keep;
  else ownValues();
  ownTables();
  sliders();
  run();
}

function ownValues() {
  view.values = view.own[view.kind].terms.map((x) => x.own_weight);
}

/** The two evaluations side by side: their terms, what each measures, their own weights. */
function ownTables() {
  const table = (
    kind,
    caption,
  ) => `<div class="scroll"><table class="depths ev-table" data-kind="${kind}"><caption>${caption}</caption><thead><tr><th scope="col">${t('lesson.evaluation.term')}</th><th scope="col">${t('lesson.evaluation.measures')}</th><th scope="col">${t('lesson.evaluation.weight')}</th></tr></thead><tbody>
    ${view.own[kind].terms.map((x) => `<tr><th scope="row">${esc(termName(x.name))}</th><td>${esc(termAbout(kind, x.name))}</td><td>${num(x.own_weight)}</td></tr>`).join('')}</tbody></table></div>`;
  $('ev-own').innerHTML =
    table('seed', t('lesson.evaluation.seedCaption')) + table('default', t('lesson.evaluation.defaultCaption'));
}

function sliders() {
  const terms = view.own[view.kind].terms;
  $('ev-slider-list').innerHTML = terms
    .map((x, i) => {
      const { min, max } = sliderRange(x.own_weight);
      return `<div class="ev-slider"><label for="ev-w${i}">${esc(termName(x.name))}</label>
      <input type="range" id="ev-w${i}" data-term="${x.name}" min="${min}" max="${max}" step="1" value="${view.values[i]}">
      <output id="ev-v${i}" for="ev-w${i}">${num(view.values[i])}</output></div>`;
    })
    .join('');
  terms.forEach((_, i) => {
    const input = $(`ev-w${i}`);
    input.addEventListener('input', () => {
      $(`ev-v${i}`).textContent = num(input.value);
    });
    input.addEventListener('change', () => {
      view.values[i] = Number(input.value);
      run();
    });
  });
}

function busy(on) {
  $('ev-keep').dataset.busy = String(on);
}

async function run() {
  const mine = ++seq;
  busy(true);
  $('ev-summary').textContent = t('learn.working');
  let r;
  try {
    r = await api('GET', query(view.fen, view.kind, view.depth, view.values));
  } catch (e) {
    if (mine === seq) {
      $('ev-summary').textContent = errorText(e);
      busy(false);
    }
    return;
  }
  if (mine !== seq || !$('ev-keep')) return;
  draw(r);
  busy(false);
}

function draw(r) {
  const own = isOwn(view.values, view.own[view.kind].terms);
  const whose = t(view.kind === 'seed' ? 'lesson.evaluation.whoseSeed' : 'lesson.evaluation.whoseDefault');
  const keeping = view.keeping;
  if (!r.best_move) $('ev-summary').textContent = t('lesson.evaluation.over');
  else {
    const verdict = keeping
      ? ` ${t(keeping.has(r.best_move) ? 'lesson.evaluation.keeps' : 'lesson.evaluation.loses')}`
      : '';
    $('ev-summary').textContent =
      `${t(own ? 'lesson.evaluation.summaryOwn' : 'lesson.evaluation.summary', { whose, depth: r.depth, move: r.best_move, score: r.score, nodes: num(r.nodes) })}${verdict}`;
  }
  const [from, to] = r.best_move ? [r.best_move.slice(0, 2), r.best_move.slice(2)] : [null, null];
  board.draw({
    pos: parseFen(r.fen),
    flipped: false,
    selected: from,
    dests: new Set(to ? [to] : []),
    movable: new Set(),
    last: null,
  });
  const exact = (m) =>
    keeping ? `<td>${t(keeping.has(m) ? 'lesson.evaluation.win' : 'lesson.evaluation.loss')}</td>` : '';
  $('ev-moves').innerHTML =
    `<div class="scroll"><table class="depths ev-moves"><caption>${t('lesson.evaluation.movesCaption', { depth: r.depth })}</caption><thead><tr><th scope="col">${t('lesson.evaluation.move')}</th><th scope="col">${t('lesson.evaluation.score')}</th>${keeping ? `<th scope="col">${t('lesson.evaluation.exact')}</th>` : ''}</tr></thead><tbody>
    ${r.moves.map((m) => `<tr${m.move === r.best_move ? ' class="chosen"' : ''} data-move="${m.move}"><th scope="row">${m.move}${m.move === r.best_move ? ` (${t('lesson.evaluation.chosen')})` : ''}</th><td>${esc(m.score)}</td>${exact(m.move)}</tr>`).join('')}</tbody></table></div>`;
  $('ev-terms').innerHTML =
    `<div class="scroll"><table class="depths ev-terms"><caption>${t('lesson.evaluation.termsCaption')}</caption><thead><tr><th scope="col">${t('lesson.evaluation.term')}</th><th scope="col">${t('lesson.evaluation.feature')}</th><th scope="col">${t('lesson.evaluation.weight')}</th><th scope="col">${t('lesson.evaluation.points')}</th></tr></thead><tbody>
    ${r.terms.map((x) => `<tr><th scope="row">${esc(termName(x.name))}</th><td>${num(x.feature)}</td><td>${num(x.weight)}</td><td>${num(x.points)}</td></tr>`).join('')}
    <tr class="total"><th scope="row">${t('lesson.evaluation.total')}</th><td></td><td></td><td>${num(r.total)}</td></tr></tbody></table></div>`;
  keepTable(r);
}

function keepTable(r) {
  if (!r.keep) {
    $('ev-keep').innerHTML = `<p class="note">${t('lesson.evaluation.noKeep')}</p>`;
    return;
  }
  const row = (key, k) => {
    const s = share(k.kept, k.positions);
    return `<tr data-row="${key}"><th scope="row">${t(`lesson.evaluation.keep.${key}`)}</th><td>${num(k.kept)} / ${num(k.positions)}</td><td class="ev-bar-cell"><span class="ev-bar" data-share="${s}"></span>${pct(s)}</td></tr>`;
  };
  $('ev-keep').innerHTML =
    `<div class="scroll"><table class="depths ev-keep"><caption>${t('lesson.evaluation.keepCaption', { size: r.keep.size, depth: r.keep.depth, n: num(r.keep.positions) })}</caption><thead><tr><th scope="col">${t('lesson.evaluation.weights')}</th><th scope="col">${t('lesson.evaluation.kept')}</th><th scope="col">${t('lesson.evaluation.share')}</th></tr></thead><tbody>
    ${row('these', r.keep)}${row('seed', view.own.seed.keep)}${row('default', view.own.default.keep)}</tbody></table></div>`;
  // the page's Content-Security-Policy allows no style attributes: each bar's length is set here
  for (const bar of $('ev-keep').querySelectorAll('.ev-bar')) bar.style.setProperty('--share', bar.dataset.share);
}

async function check() {
  const el = $('ev-verdict');
  if (view?.kind !== 'seed') {
    el.dataset.right = 'false';
    el.textContent = t('task.wrong', { hint: t('lesson.evaluation.useSeed') });
    return;
  }
  let r;
  let solve;
  try {
    r = await api('GET', query(PUZZLE, 'seed', TASK_DEPTH, view.values));
    solve = await api('GET', `/api/solve?fen=${encodeURIComponent(PUZZLE)}`);
  } catch (e) {
    el.textContent = errorText(e);
    return;
  }
  const right = keepingMoves(solve).has(r.best_move);
  el.dataset.right = String(right);
  el.textContent = right
    ? t('task.right', {
        why: t('lesson.evaluation.right', { move: r.best_move, weights: view.values.map(num).join(', ') }),
      })
    : t('task.wrong', { hint: t('lesson.evaluation.hint', { move: r.best_move }) });
}
