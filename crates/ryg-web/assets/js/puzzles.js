// The Puzzles section (#puzzles, the header's link): positions from perfect play where exactly
// one move keeps the win. The visitor plays the winning side by clicking; the computer answers
// with the solution line's perfect moves until the win is clear; a wrong move is refused with
// the tablebase's reason. The rating (Glicko-2) and the puzzles tried live in localStorage.
import { $, esc, announce } from './dom.js';
import { api } from './api.js';
import { createBoard } from './board.js';
import { parseFen, toFen, applyMove, splitMove } from './fen.js';
import { resultText } from './words.js';
import { t, errorText } from './i18n.js';
import { afterPuzzle, nextPuzzle, dayOf, loadRecord, saveRecord } from './puzzledata.js';

const sets = new Map();   // size → Promise of the puzzles
let board = null;
let record = null;
let onLeave = () => {};
let open = false;
// the puzzle under way: {puzzle, daily, pos, step, moves (the solve answer), selected, tried, done, last}
let cur = null;
let seq = 0;

/** Whether the address names the Puzzles section. */
export function inPuzzles() { return /^#puzzles$/.test(location.hash); }

function setOf(size) {
  if (!sets.has(size)) {
    const p = api('GET', `/api/puzzles?size=${size}`).then((a) => a.puzzles);
    sets.set(size, p);
    p.catch(() => sets.delete(size));
  }
  return sets.get(size);
}

function ratingText() {
  const p = record.player;
  return t('puzzles.rating', { r: Math.round(p.rating), rd: Math.round(p.rd), solved: record.solved, failed: record.failed });
}

function draw() {
  if (!cur || !board) return;
  const mine = cur.done ? [] : (cur.moves || []).map((m) => m.move);
  const movable = new Set(mine.map((m) => splitMove(m)[0]));
  const dests = new Set(cur.selected ? mine.filter((m) => splitMove(m)[0] === cur.selected).map((m) => splitMove(m)[1]) : []);
  board.draw({ pos: cur.pos, flipped: cur.puzzle.side === 'cats', setup: false, selected: cur.selected, dests, last: cur.last, hint: null, movable });
}

function say(html, cls = '') {
  const v = $('pz-verdict');
  v.className = `verdict ${cls}`;
  v.innerHTML = html;
}

/** The legal moves of the solver's position with their exact results. */
async function ask(mine) {
  const s = await api('GET', `/api/solve?fen=${encodeURIComponent(cur.fen)}`);
  if (mine !== seq) return;
  cur.moves = s.moves;
  draw();
}

function show(puzzle, daily = null) {
  seq += 1;
  cur = { puzzle, daily, fen: puzzle.fen, pos: parseFen(puzzle.fen), step: 0, moves: null, selected: null, tried: false, done: false, last: null };
  $('puzzles-view').dataset.puzzle = puzzle.id;
  $('puzzles-view').dataset.state = 'playing';
  const side = puzzle.side;
  $('pz-prompt').textContent = t(`puzzles.toPlay.${side}`, { n: Math.ceil(puzzle.line.length / 2) });
  const themes = puzzle.themes.map((k) => t(`puzzles.theme.${k}`)).join(', ');
  $('pz-meta').textContent = `${daily ? `${t('puzzles.dailyOf', { date: daily })} · ` : ''}${t('puzzles.meta', { id: puzzle.id, rating: puzzle.rating, themes: themes || t('puzzles.theme.none') })}`;
  say(esc(t('puzzles.find')));
  draw();
  ask(seq).catch((e) => say(esc(errorText(e)), 'bad'));
}

function score(solved) {
  if (cur.tried) return;
  cur.tried = true;
  const before = Math.round(record.player.rating);
  record.player = afterPuzzle(record.player, cur.puzzle.rating, solved);
  record.tried.add(cur.puzzle.id);
  if (solved) record.solved += 1; else record.failed += 1;
  saveRecord(localStorage, record);
  $('pz-rating').textContent = ratingText();
  return { before, after: Math.round(record.player.rating) };
}

async function play(mv) {
  const c = cur;
  const expected = c.puzzle.line[c.step];
  c.selected = null;
  if (mv !== expected) {
    // refused: the position stays; the tablebase says what the move would have done
    const r = (c.moves || []).find((m) => m.move === mv);
    const change = score(false);
    const why = r ? t('puzzles.wrong', { mv, result: resultText(r.winner, r.plies) }) : t('puzzles.wrongPlain', { mv });
    say(`${esc(why)}${change ? ` ${esc(t('puzzles.ratingChange', change))}` : ''}`, 'bad');
    $('puzzles-view').dataset.state = 'refused';
    announce(why);
    draw();
    return;
  }
  c.pos = applyMove(c.pos, mv);
  c.last = splitMove(mv);
  c.step += 1;
  if (c.step >= c.puzzle.line.length) {
    c.done = true;
    const change = score(true);
    const after = t('puzzles.clear', { result: resultText(c.puzzle.winner, Math.max(0, c.puzzle.plies - c.puzzle.line.length)) });
    const text = `${t('puzzles.solved')} ${after}${change ? ` ${t('puzzles.ratingChange', change)}` : ''}`;
    say(esc(text), 'good');
    $('puzzles-view').dataset.state = 'solved';
    announce(text);
    draw();
    return;
  }
  // the computer answers with the line's perfect move
  const answer = c.puzzle.line[c.step];
  c.moves = null;
  draw();
  say(esc(t('puzzles.right', { mv })), 'good');
  const mine = seq;
  await new Promise((res) => { setTimeout(res, 350); });
  if (mine !== seq) return;
  c.pos = applyMove(c.pos, answer);
  c.last = splitMove(answer);
  c.step += 1;
  c.fen = toFen(c.pos);
  say(esc(t('puzzles.answer', { mv: answer })));
  announce(t('puzzles.answer', { mv: answer }));
  draw();
  ask(mine).catch((e) => say(esc(errorText(e)), 'bad'));
}

function onSquare(name) {
  if (!cur || cur.done || !cur.moves) return;
  const mine = cur.moves.map((m) => m.move);
  if (cur.selected) {
    const mv = `${cur.selected}${name}`;
    if (mine.includes(mv)) { play(mv); return; }
  }
  cur.selected = mine.some((m) => splitMove(m)[0] === name) && cur.selected !== name ? name : null;
  draw();
}

async function nextOne() {
  const size = Number($('pz-size').value);
  say(esc(t('puzzles.loading')));
  try {
    const all = await setOf(size);
    const p = nextPuzzle(all, record.player.rating, record.tried);
    if (p) show(p);
  } catch (e) { say(esc(errorText(e)), 'bad'); }
}

async function daily() {
  say(esc(t('puzzles.loading')));
  try {
    const d = await api('GET', `/api/puzzles/daily?day=${dayOf(Date.now())}`);
    $('pz-size').value = String(d.puzzle.size);
    show(d.puzzle, d.date);
  } catch (e) { say(esc(errorText(e)), 'bad'); }
}

function render() {
  const el = $('puzzles-view');
  el.innerHTML = `<div class="learn-head"><h2 id="puzzles-title" tabindex="-1">${esc(t('puzzles.title'))}</h2>
      <a href="#" id="puzzles-back" class="button">${esc(t('puzzles.back'))}</a></div>
    <p class="note">${esc(t('puzzles.intro'))}</p>
    <p id="pz-prompt" class="pz-prompt"></p>
    <div class="pz-wrap"><div id="pz-board" class="board pz-board"></div>
      <div class="pz-side">
        <p id="pz-meta" class="note"></p>
        <p id="pz-verdict" class="verdict" role="status"></p>
        <p id="pz-rating"></p>
        <div class="row">
          <button type="button" id="pz-next">${esc(t('puzzles.next'))}</button>
          <button type="button" id="pz-daily">${esc(t('puzzles.daily'))}</button>
          <label><span>${esc(t('puzzles.size'))}</span> <select id="pz-size">${[6, 8, 10].map((n) => `<option value="${n}"${n === 8 ? ' selected' : ''}>${n}×${n}</option>`).join('')}</select></label>
        </div>
      </div></div>`;
  board = createBoard($('pz-board'), { square: onSquare, canDrag: () => false, dragStart: () => {}, drop: () => {}, escape: () => { if (cur) { cur.selected = null; draw(); } } });
  $('pz-rating').textContent = ratingText();
  $('pz-next').onclick = nextOne;
  $('pz-daily').onclick = daily;
  $('pz-size').onchange = nextOne;
}

function follow() {
  if (inPuzzles()) {
    if (!open) {
      open = true;
      record = loadRecord(localStorage);
      document.body.classList.add('puzzling');
      $('puzzles-view').hidden = false;
      render();
      nextOne();
    }
    $('puzzles-title').focus({ preventScroll: true });
    window.scrollTo(0, 0);
  } else if (open) {
    open = false;
    seq += 1;
    cur = null;
    document.body.classList.remove('puzzling');
    $('puzzles-view').hidden = true;
    $('puzzles-view').innerHTML = '';
    onLeave();
  }
}

/** Wires the address; `leave()` runs when the visitor goes back to play. */
export function initPuzzles(leave) {
  onLeave = leave;
  window.addEventListener('hashchange', follow);
  follow();
}

/** Draws the section again in the language now chosen (the puzzle under way stays). */
export function redrawPuzzles() {
  if (!open) return;
  const keep = cur;
  render();
  if (keep) {
    const { puzzle, daily: d } = keep;
    show(puzzle, d);
  }
}
