// The Play better section (#better, #better/N; the header's link): short lessons for players,
// each an idea in plain words and positions to play out against perfect replies. The positions
// and what is said of them come from lessons.js (found and proved by the engine); every move is
// judged with the exact results of GET /api/solve (the server's, or the WebAssembly engine's on
// the static site): a move that throws the goal away is refused with the reason, and the player
// tries again. The positions played through are kept in localStorage.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { createBoard } from '../board.js';
import { parseFen, toFen, applyMove, splitMove } from '../fen.js';
import { resultText } from '../words.js';
import { t, errorText, loadBetterStrings, plies } from '../i18n.js';
import { LESSONS, lessonFromHash, loadDone, saveDone, lessonProgress, firstOpen, judge, reached } from './model.js';

/** The pause before the computer's answer, so that the player sees their own move land. */
const ANSWER_DELAY = 350;

let onLeave = () => {};
let open = false;
let done = new Set();
let lessonN = 0;
let board = null;
// the position under way: {i, spec, pos, fen, solve, made, selected, hint, last, finished, said}
let cur = null;
let seq = 0;
/** @type {Promise<void> | null} */
let style = null;

/** The section's style sheet, beside the page's (its address relative to this module, so that
 * a site served from a folder finds it too); resolves when it applies or failed to load. */
function betterStyle() {
  if (!style) {
    style = new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = new URL('../../better.css', import.meta.url).href;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
  }
  return style;
}

/** Whether the address names the section. */
export function inBetter() {
  return lessonFromHash(location.hash) > 0;
}

const lesson = () => LESSONS[lessonN - 1];
const view = () => $('better-view');

function setState(s) {
  view().dataset.state = s;
}

/** Says `key` (with `args`) in the verdict line, kept so that a change of language says it again. */
function say(key, args = {}, cls = '') {
  if (cur) cur.said = { key, args, cls };
  const v = $('bt-verdict');
  if (!v) return;
  v.className = `verdict ${cls}`;
  v.textContent = Array.isArray(key) ? key.map((k) => t(k.key, k.args)).join(' ') : t(key, args);
}

function progressText(l) {
  const p = lessonProgress(l, done);
  if (!p.done) return '';
  const shown = p.complete ? `✓ ${t('better.progress.done')}` : t('better.progress.some', p);
  return ` <span class="bt-progress" data-complete="${p.complete}">${esc(shown)}</span>`;
}

function listHtml() {
  return LESSONS.map(
    (l, i) =>
      `<li><a href="#better/${i + 1}"${i + 1 === lessonN ? ' aria-current="page"' : ''}>${esc(t(`better.lesson.${l.key}.title`))}</a>${progressText(l)}</li>`,
  ).join('');
}

function render() {
  const l = lesson();
  const n = lessonN;
  const prev = n > 1 ? `<a href="#better/${n - 1}" rel="prev">← ${esc(t('better.prev'))}</a>` : '<span></span>';
  const next =
    n < LESSONS.length ? `<a href="#better/${n + 1}" rel="next">${esc(t('better.next'))} →</a>` : '<span></span>';
  const idea = t(`better.lesson.${l.key}.idea`)
    .split('\n')
    .map((p) => `<p>${esc(p)}</p>`)
    .join('');
  view().dataset.lesson = l.key;
  view().innerHTML = `<div class="bt-head"><h2 id="better-title" class="bt-title" tabindex="-1">${esc(t('better.title'))}</h2>
      <a href="#" id="better-back" class="button">${esc(t('better.back'))}</a></div>
    <p class="note">${esc(t('better.intro'))}</p>
    <nav class="bt-list" aria-label="${esc(t('better.lessons'))}"><ol id="bt-list">${listHtml()}</ol></nav>
    <article class="bt-lesson" aria-labelledby="bt-lesson-title">
      <h3 id="bt-lesson-title" class="bt-ltitle">${n}. ${esc(t(`better.lesson.${l.key}.title`))}</h3>
      <div class="bt-idea">${idea}</div>
      <div class="bt-board-box"><div id="bt-board" class="board bt-board"></div></div>
      <section class="bt-task" aria-labelledby="bt-pos-title">
        <h4 id="bt-pos-title"></h4>
        <p id="bt-prompt" class="bt-prompt"></p>
        <p id="bt-facts" class="bt-facts"></p>
        <p id="bt-now" class="note"></p>
        <p id="bt-verdict" class="verdict" role="status"></p>
        <div class="row">
          <button type="button" id="bt-hint">${esc(t('better.hint'))}</button>
          <button type="button" id="bt-retry">${esc(t('better.retry'))}</button>
          <button type="button" id="bt-prev">← ${esc(t('better.prevPos'))}</button>
          <button type="button" id="bt-next">${esc(t('better.nextPos'))} →</button>
        </div>
      </section>
      <section id="bt-remember" class="bt-remember" aria-labelledby="bt-remember-title" hidden>
        <h4 id="bt-remember-title">${esc(t('better.remember'))}</h4>
        <p>${esc(t(`better.lesson.${l.key}.remember`))}</p>
        <p class="note">${esc(t('better.lessonDone'))}</p>
      </section>
    </article>
    <nav class="lesson-nav bt-nav" aria-label="${esc(t('better.lessonOf', { n, total: LESSONS.length }))}">${prev}${next}</nav>`;
  board = createBoard($('bt-board'), {
    square: onSquare,
    canDrag: () => false,
    dragStart: () => {},
    drop: () => {},
    escape: () => {
      if (cur) {
        cur.selected = null;
        draw();
      }
    },
  });
  $('bt-hint').onclick = hint;
  $('bt-retry').onclick = () => startPosition(cur ? cur.i : 0);
  $('bt-prev').onclick = () => startPosition(cur.i - 1);
  $('bt-next').onclick = () => startPosition(cur.i + 1);
  // the arrows and Home/End inside the section are its own (the board's), not the game's
  view().onkeydown = (ev) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(ev.key)) ev.stopPropagation();
  };
}

/** The player's turn: the position's moves are known and none is on the way. */
function myTurn() {
  return cur && !cur.finished && cur.solve && cur.pos.side === cur.spec.side[0];
}

function draw() {
  if (!cur || !board) return;
  const mine = myTurn() ? cur.solve.moves.map((m) => m.move) : [];
  const movable = new Set(mine.map((m) => splitMove(m)[0]));
  const dests = new Set(
    cur.selected ? mine.filter((m) => splitMove(m)[0] === cur.selected).map((m) => splitMove(m)[1]) : [],
  );
  board.draw({
    pos: cur.pos,
    flipped: cur.spec.side === 'cats',
    setup: false,
    selected: cur.selected,
    dests,
    last: cur.last,
    hint: null,
    movable,
  });
  board.arrow(cur.hint);
  $('bt-hint').disabled = !myTurn();
  view().dataset.fen = cur.fen;
}

/** The words of a stated result (from lessons.js): "mouse wins in 25 plies (13 moves)". */
const stated = (r) => resultText(r.winner, r.plies);

/** The lines that do not change while a position is played: what it asks, and what the
 * lessons' data states of it. */
function paintPosition() {
  const l = lesson();
  const { spec, i } = cur;
  const mark = done.has(spec.id) ? ` <span class="bt-done">✓ ${esc(t('better.positionDone'))}</span>` : '';
  $('bt-pos-title').innerHTML = `${esc(t('better.position', { n: i + 1, total: l.positions.length }))}${mark}`;
  $('bt-prompt').textContent = t(`better.pos.${spec.id}`, { move: spec.after ? spec.after.move : '' });
  const facts = [t(`better.you.${spec.side}`, { result: stated(spec.result) })];
  if (spec.only) facts.push(t(`better.only.${spec.goal}`));
  if (spec.wins) facts.push(t('better.wins', { n: spec.wins.length }));
  if (spec.goal === 'resist') facts.push(t('better.goal.resist'));
  facts.push(t(spec.until === 'end' ? 'better.until.end' : 'better.until.moves', { n: spec.until }));
  $('bt-facts').textContent = facts.join(' ');
  $('bt-prev').disabled = i === 0;
  $('bt-next').disabled = i === l.positions.length - 1;
  $('bt-remember').hidden = !lessonProgress(l, done).complete;
  $('bt-list').innerHTML = listHtml();
}

/** The line of where the game stands now, from the latest exact results. */
function paintNow() {
  const el = $('bt-now');
  if (!el || !cur) return;
  const parts = [];
  if (cur.solve && !cur.finished && cur.made > 0)
    parts.push(t('better.now', { result: resultText(cur.solve.winner, cur.solve.plies) }));
  parts.push(
    cur.spec.until === 'end'
      ? t('better.madeEnd', { made: cur.made })
      : t('better.made', { made: cur.made, until: cur.spec.until }),
  );
  el.textContent = parts.join(' ');
}

function startPosition(i) {
  const l = lesson();
  if (i < 0 || i >= l.positions.length) return;
  seq += 1;
  const spec = l.positions[i];
  cur = {
    i,
    spec,
    fen: spec.fen,
    pos: parseFen(spec.fen),
    solve: null,
    made: 0,
    selected: null,
    hint: null,
    last: null,
    finished: false,
    said: null,
  };
  view().dataset.position = spec.id;
  paintPosition();
  paintNow();
  say('better.loading');
  setState('loading');
  draw();
  ask(seq);
}

/** The exact results of the position on the board, for the player's move. */
async function ask(mine) {
  try {
    const s = await api('GET', `/api/solve?fen=${encodeURIComponent(cur.fen)}`);
    if (mine !== seq) return;
    cur.solve = s;
    if (!cur.said || cur.said.key === 'better.loading') say('better.yourMove');
    setState('playing');
    paintNow();
    draw();
  } catch (e) {
    if (mine === seq) failed(e);
  }
}

function failed(e) {
  const v = $('bt-verdict');
  if (cur) cur.said = null;
  setState('error');
  if (v) {
    v.className = 'verdict bad';
    v.textContent = errorText(e);
  }
}

function onSquare(name) {
  if (!myTurn()) return;
  const mine = cur.solve.moves.map((m) => m.move);
  if (cur.selected) {
    const mv = `${cur.selected}${name}`;
    if (mine.includes(mv)) {
      play(mv);
      return;
    }
  }
  cur.selected = mine.some((m) => splitMove(m)[0] === name) && cur.selected !== name ? name : null;
  // a piece picked after a refused move: the player tries again
  if (cur.selected && view().dataset.state === 'refused') setState('playing');
  draw();
}

function hint() {
  if (!myTurn()) return;
  const mv = cur.solve.best_moves[0];
  cur.hint = mv;
  say('better.hintText', { mv });
  draw();
}

const pause = (ms) =>
  new Promise((res) => {
    setTimeout(res, ms);
  });

async function play(mv) {
  const c = cur;
  const mine = seq;
  c.selected = null;
  c.hint = null;
  const v = judge(c.spec.goal, c.spec.side, c.solve, mv);
  if (!v.ok) {
    // refused: the position stays, and the tablebase says what the move would have done
    const result = resultText(v.after.winner, v.after.plies);
    const trapped = v.why === 'loses' && c.spec.side === 'mouse' && v.after.plies <= 3;
    if (v.why === 'shorter') say('better.refused.shorter', { mv, result, longest: plies(v.longest) }, 'bad');
    else say(trapped ? 'better.refused.trap' : 'better.refused.loses', { mv, result }, 'bad');
    setState('refused');
    draw();
    return;
  }
  c.pos = applyMove(c.pos, mv);
  c.fen = toFen(c.pos);
  c.last = splitMove(mv);
  c.made += 1;
  c.solve = null;
  paintNow();
  if (reached(c.spec, c.made, v.after.plies === 0)) {
    finish(v.after);
    return;
  }
  const kept = c.spec.goal === 'resist' ? 'better.resisted' : v.fastest ? 'better.kept' : 'better.keptSlower';
  say(kept, { mv }, 'good');
  setState('answering');
  draw();
  board.animate(mv);
  try {
    // the computer's answer: the table's first best move (the fastest win, or the longest
    // resistance)
    const [s] = await Promise.all([api('GET', `/api/solve?fen=${encodeURIComponent(c.fen)}`), pause(ANSWER_DELAY)]);
    if (mine !== seq) return;
    const reply = s.best_moves[0];
    const after = s.moves.find((m) => m.move === reply);
    c.pos = applyMove(c.pos, reply);
    c.fen = toFen(c.pos);
    c.last = splitMove(reply);
    if (after.plies === 0) {
      draw();
      board.animate(reply);
      finish(after);
      return;
    }
    say(
      [
        { key: kept, args: { mv } },
        { key: 'better.answer', args: { mv: reply } },
      ],
      {},
      '',
    );
    draw();
    board.animate(reply);
    ask(mine);
  } catch (e) {
    if (mine === seq) failed(e);
  }
}

/** The position is played through: kept in the browser, and what it showed said. */
function finish(after) {
  const c = cur;
  c.finished = true;
  c.final = after;
  done.add(c.spec.id);
  saveDone(localStorage, done);
  sayFinished();
  setState('done');
  paintPosition();
  paintNow();
  draw();
  const next = $('bt-next');
  const more = lesson().positions.findIndex((p, i) => i > c.i && !done.has(p.id));
  if (!next.disabled && more >= 0) next.focus({ preventScroll: true });
}

function sayFinished() {
  const c = cur;
  const { spec } = c;
  const after = c.final;
  const end = after.plies === 0 ? (after.winner === spec.side ? 'better.end.won' : 'better.end.lost') : 'better.clear';
  const args = {
    only: spec.only || '',
    wins: (spec.wins || []).join(', '),
    trap: spec.trap ? spec.trap.move : '',
    trapResult: spec.trap ? resultText(spec.side === 'mouse' ? 'cats' : 'mouse', spec.trap.plies) : '',
  };
  say(
    [
      { key: 'better.played' },
      { key: end, args: { result: resultText(after.winner, after.plies) } },
      { key: `better.done.${spec.id}`, args },
    ],
    {},
    'good',
  );
}

async function show(n) {
  lessonN = n;
  render();
  startPosition(firstOpen(lesson(), done));
}

function follow() {
  const n = lessonFromHash(location.hash);
  if (n) {
    if (!open) {
      open = true;
      done = loadDone(localStorage);
      document.body.classList.add('bettering');
      view().hidden = false;
    }
    show(n);
    $('better-title').focus({ preventScroll: true });
    window.scrollTo(0, 0);
  } else if (open) {
    open = false;
    seq += 1;
    cur = null;
    board = null;
    document.body.classList.remove('bettering');
    view().hidden = true;
    view().innerHTML = '';
    onLeave();
  }
}

/** Wires the address; `leave()` runs when the visitor goes back to play. */
export async function initBetter(leave) {
  onLeave = leave;
  await Promise.all([betterStyle(), loadBetterStrings()]);
  window.addEventListener('hashchange', follow);
  follow();
}

/** Draws the section again in the language now chosen (the position under way stays). */
export function redrawBetter() {
  if (!open || !cur) return;
  loadBetterStrings().then(() => {
    if (!open || !cur) return;
    const keep = cur;
    render();
    cur = keep;
    paintPosition();
    paintNow();
    if (keep.finished) sayFinished();
    else if (keep.said) say(keep.said.key, keep.said.args, keep.said.cls);
    draw();
  });
}
