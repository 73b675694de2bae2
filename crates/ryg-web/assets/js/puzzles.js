// The Puzzles section (#puzzles, the header's link): positions from perfect play where exactly
// one move keeps the win. The visitor plays the winning side by clicking; the computer answers
// with the solution line's perfect moves until the win is clear; a wrong move is refused with
// the tablebase's reason, and "View the solution" then plays the line out. Rated puzzles move
// the rating (Glicko-2); a streak goes on, each puzzle as hard or harder, until a miss; a theme
// (the engine's tags) narrows the choice. The rating, the longest streak and the history of the
// puzzles played live in localStorage.
import { $, esc, announce } from './dom.js';
import { api } from './api.js';
import { createBoard } from './board.js';
import { parseFen, toFen, applyMove, splitMove } from './fen.js';
import { resultText } from './words.js';
import { t, errorText, currentLang } from './i18n.js';
import {
  afterPuzzle,
  nextPuzzle,
  dayOf,
  loadRecord,
  saveRecord,
  themeCounts,
  withTheme,
  streakNext,
  afterStreak,
  newStreak,
  loadHistory,
  addHistory,
  saveHistory,
  sizeOfId,
} from './puzzledata.js';

const sets = new Map(); // size → Promise of the puzzles
let board = null;
let record = null;
let history = [];
let onLeave = () => {};
let open = false;
// the puzzle under way: {puzzle, kind ('rated', 'streak', 'daily', 'again'), daily, pos, step,
// moves (the solve answer), selected, tried, missed, done, last}
let cur = null;
let seq = 0;
let mode = 'rated';
let theme = '';
let streak = null;

/** Whether the address names the Puzzles section. */
export function inPuzzles() {
  return /^#puzzles$/.test(location.hash);
}

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
  return t('puzzles.rating', {
    r: Math.round(p.rating),
    rd: Math.round(p.rd),
    solved: record.solved,
    failed: record.failed,
  });
}

function draw() {
  if (!cur || !board) return;
  const mine = cur.done ? [] : (cur.moves || []).map((m) => m.move);
  const movable = new Set(mine.map((m) => splitMove(m)[0]));
  const dests = new Set(
    cur.selected ? mine.filter((m) => splitMove(m)[0] === cur.selected).map((m) => splitMove(m)[1]) : [],
  );
  board.draw({
    pos: cur.pos,
    flipped: cur.puzzle.side === 'cats',
    setup: false,
    selected: cur.selected,
    dests,
    last: cur.last,
    hint: null,
    movable,
  });
}

function say(html, cls = '') {
  const v = $('pz-verdict');
  v.className = `verdict ${cls}`;
  v.innerHTML = html;
}

function setState(s) {
  $('puzzles-view').dataset.state = s;
}

/** The legal moves of the solver's position with their exact results. */
async function ask(mine) {
  const s = await api('GET', `/api/solve?fen=${encodeURIComponent(cur.fen)}`);
  if (mine !== seq) return;
  cur.moves = s.moves;
  draw();
}

function themesText(themes) {
  return themes.map((k) => t(`puzzles.theme.${k}`)).join(', ') || t('puzzles.theme.none');
}

function show(puzzle, kind, daily = null) {
  seq += 1;
  cur = {
    puzzle,
    kind,
    daily,
    fen: puzzle.fen,
    pos: parseFen(puzzle.fen),
    step: 0,
    moves: null,
    selected: null,
    tried: false,
    missed: false,
    done: false,
    last: null,
  };
  $('puzzles-view').dataset.puzzle = puzzle.id;
  setState('playing');
  const side = puzzle.side;
  $('pz-prompt').textContent = t(`puzzles.toPlay.${side}`, { n: Math.ceil(puzzle.line.length / 2) });
  $('pz-meta').textContent =
    `${daily ? `${t('puzzles.dailyOf', { date: daily })} · ` : ''}${t('puzzles.meta', { id: puzzle.id, rating: puzzle.rating, themes: themesText(puzzle.themes) })}`;
  say(esc(kind === 'again' ? `${t('puzzles.find')} ${t('puzzles.againNote')}` : t('puzzles.find')));
  board.marks([]);
  renderButtons();
  draw();
  ask(seq).catch((e) => say(esc(errorText(e)), 'bad'));
}

/** Notes the puzzle's outcome once: the rating (rated and daily puzzles), the streak, the
 * history. Returns the rating's change, if any. */
function score(solved) {
  if (cur.tried) return null;
  cur.tried = true;
  const { puzzle, kind } = cur;
  let change = null;
  if (kind === 'rated' || kind === 'daily') {
    const before = Math.round(record.player.rating);
    record.player = afterPuzzle(record.player, puzzle.rating, solved);
    if (solved) record.solved += 1;
    else record.failed += 1;
    change = { before, after: Math.round(record.player.rating) };
  }
  if (kind === 'streak' && streak) {
    streak = afterStreak(streak, puzzle, solved);
    record.streak = Math.max(record.streak | 0, streak.best);
  }
  record.tried.add(puzzle.id);
  saveRecord(localStorage, record);
  history = addHistory(history, { id: puzzle.id, themes: puzzle.themes, solved, mode: kind, at: Date.now() });
  saveHistory(localStorage, history);
  $('pz-rating').textContent = ratingText();
  renderStreak();
  renderHistory();
  return change;
}

async function play(mv) {
  const c = cur;
  const expected = c.puzzle.line[c.step];
  c.selected = null;
  if (mv !== expected) {
    // refused: the position stays; the tablebase says what the move would have done
    const r = (c.moves || []).find((m) => m.move === mv);
    c.missed = true;
    const change = score(false);
    const why = r ? t('puzzles.wrong', { mv, result: resultText(r.winner, r.plies) }) : t('puzzles.wrongPlain', { mv });
    const more = c.kind === 'streak' && streak && streak.over ? ` ${t('puzzles.streakOver', { n: streak.n })}` : '';
    say(`${esc(why)}${change ? ` ${esc(t('puzzles.ratingChange', change))}` : ''}${esc(more)}`, 'bad');
    setState('refused');
    announce(why + more);
    renderButtons();
    draw();
    return;
  }
  c.pos = applyMove(c.pos, mv);
  c.last = splitMove(mv);
  c.step += 1;
  if (c.step >= c.puzzle.line.length) {
    c.done = true;
    const change = score(!c.missed);
    const after = t('puzzles.clear', {
      result: resultText(c.puzzle.winner, Math.max(0, c.puzzle.plies - c.puzzle.line.length)),
    });
    const text = `${t('puzzles.solved')} ${after}${change ? ` ${t('puzzles.ratingChange', change)}` : ''}`;
    say(esc(text), 'good');
    setState('solved');
    announce(text);
    renderButtons();
    draw();
    return;
  }
  // the computer answers with the line's perfect move
  const answer = c.puzzle.line[c.step];
  c.moves = null;
  draw();
  say(esc(t('puzzles.right', { mv })), 'good');
  const mine = seq;
  await new Promise((res) => {
    setTimeout(res, 350);
  });
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

/** After a miss: plays the rest of the solution line on the board, a move at a time, each
 * solver move shown by an arrow first, then says the whole line and what follows it. */
async function viewSolution() {
  const c = cur;
  if (!c || c.done || !c.missed) return;
  const mine = ++seq;
  c.done = true;
  c.selected = null;
  setState('showing');
  renderButtons();
  const line = c.puzzle.line;
  const reduced = window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pause = (ms) =>
    new Promise((res) => {
      setTimeout(res, reduced ? Math.min(ms, 150) : ms);
    });
  for (let i = c.step; i < line.length; i++) {
    say(esc(t('puzzles.showing', { line: line.slice(0, i + 1).join(' ') })));
    board.marks([{ move: line[i], kind: 'best' }]);
    draw();
    await pause(450);
    if (mine !== seq) return;
    c.pos = applyMove(c.pos, line[i]);
    c.last = splitMove(line[i]);
    c.step = i + 1;
    board.marks([]);
    draw();
    board.animate(line[i]);
    await pause(350);
    if (mine !== seq) return;
  }
  c.fen = toFen(c.pos);
  const text = t('puzzles.shown', {
    line: line.join(' '),
    result: resultText(c.puzzle.winner, Math.max(0, c.puzzle.plies - line.length)),
  });
  say(esc(text));
  setState('shown');
  announce(text);
  renderButtons();
  $('pz-next').focus();
}

function onSquare(name) {
  if (!cur || cur.done || !cur.moves) return;
  const mine = cur.moves.map((m) => m.move);
  if (cur.selected) {
    const mv = `${cur.selected}${name}`;
    if (mine.includes(mv)) {
      play(mv);
      return;
    }
  }
  cur.selected = mine.some((m) => splitMove(m)[0] === name) && cur.selected !== name ? name : null;
  draw();
}

/** The puzzles of the chosen board and theme; the theme choice filled from the set. */
async function pool() {
  const size = Number($('pz-size').value);
  const all = await setOf(size);
  fillThemes(all);
  return { size, all, chosen: withTheme(all, theme) };
}

async function nextOne() {
  say(esc(t('puzzles.loading')));
  try {
    const { size, chosen } = await pool();
    if (!chosen.length) {
      say(esc(t('puzzles.noTheme', { n: size })), 'bad');
      return;
    }
    if (mode === 'streak') {
      if (!streak || streak.over) streak = newStreak(record.streak | 0);
      renderStreak();
      const p = streakNext(chosen, streak.floor, streak.used, record.tried);
      if (!p) {
        say(esc(t('puzzles.streakDone')), 'good');
        setState('streak-done');
        streak = { ...streak, over: true };
        renderButtons();
        return;
      }
      show(p, 'streak');
      return;
    }
    const p = nextPuzzle(chosen, record.player.rating, record.tried);
    if (p) show(p, 'rated');
  } catch (e) {
    say(esc(errorText(e)), 'bad');
  }
}

async function daily() {
  say(esc(t('puzzles.loading')));
  try {
    const d = await api('GET', `/api/puzzles/daily?day=${dayOf(Date.now())}`);
    $('pz-size').value = String(d.puzzle.size);
    show(d.puzzle, 'daily', d.date);
  } catch (e) {
    say(esc(errorText(e)), 'bad');
  }
}

/** Plays puzzle `id` of the history again (the rating stays as it is). */
async function again(id) {
  say(esc(t('puzzles.loading')));
  try {
    const size = sizeOfId(id);
    const p = (await setOf(size)).find((x) => x.id === id);
    if (!p) return;
    $('pz-size').value = String(size);
    show(p, 'again');
    $('puzzles-title').scrollIntoView({ block: 'nearest' });
  } catch (e) {
    say(esc(errorText(e)), 'bad');
  }
}

/** The theme choice: any theme, then each theme the board's puzzles have, with their count. */
function fillThemes(all) {
  const sel = $('pz-theme');
  const key = all.map((p) => p.id).join();
  if (sel.dataset.set === key && sel.dataset.lang === currentLang()) return;
  sel.dataset.set = key;
  sel.dataset.lang = currentLang();
  const counts = themeCounts(all);
  if (theme && !counts.some((c) => c.theme === theme)) theme = '';
  sel.innerHTML = `<option value="">${esc(t('puzzles.theme.any'))}</option>${counts.map((c) => `<option value="${esc(c.theme)}">${esc(t('puzzles.themeCount', { theme: t(`puzzles.theme.${c.theme}`), n: c.n }))}</option>`).join('')}`;
  sel.value = theme;
}

/** The buttons of the moment: the solution after a miss; Next (or a new streak after a miss). */
function renderButtons() {
  if (!$('pz-solution')) return;
  $('pz-solution').hidden = !(cur?.missed && !cur.done);
  const over = mode === 'streak' && streak && streak.over;
  $('pz-next').textContent = t(over ? 'puzzles.streakNew' : 'puzzles.next');
}

function renderStreak() {
  const el = $('pz-streak');
  if (!el) return;
  el.hidden = mode !== 'streak';
  if (mode === 'streak')
    el.textContent = t('puzzles.streak', {
      n: streak ? streak.n : 0,
      best: Math.max(record.streak | 0, streak ? streak.best : 0),
    });
  $('pz-streak-note').hidden = mode !== 'streak';
}

function renderHistory() {
  const box = $('pz-history');
  if (!box) return;
  $('pz-history-title').textContent = t('puzzles.history', { n: history.length });
  const list = $('pz-history-list');
  if (!history.length) {
    list.innerHTML = `<li class="note">${esc(t('puzzles.historyEmpty'))}</li>`;
    return;
  }
  const date = new Intl.DateTimeFormat(currentLang(), { dateStyle: 'medium' });
  list.innerHTML = history
    .slice(0, 50)
    .map(
      (e) =>
        `<li class="${e.solved ? 'solved' : 'missed'}"><span>${esc(
          t('puzzles.entry', {
            id: e.id,
            themes: themesText(e.themes),
            outcome: t(`puzzles.outcome.${e.solved ? 'solved' : 'missed'}`),
            date: date.format(new Date(e.at)),
          }),
        )}</span> <button type="button" class="small" data-again="${esc(e.id)}" aria-label="${esc(t('puzzles.againLabel', { id: e.id }))}">${esc(t('puzzles.again'))}</button></li>`,
    )
    .join('');
}

function render() {
  const el = $('puzzles-view');
  const sizes = [6, 8, 10].map((n) => `<option value="${n}"${n === 8 ? ' selected' : ''}>${n}×${n}</option>`).join('');
  el.innerHTML = `<div class="learn-head"><h2 id="puzzles-title" tabindex="-1">${esc(t('puzzles.title'))}</h2>
      <a href="#" id="puzzles-back" class="button">${esc(t('puzzles.back'))}</a></div>
    <p class="note">${esc(t('puzzles.intro'))}</p>
    <p id="pz-prompt" class="pz-prompt"></p>
    <div class="pz-wrap"><div id="pz-board" class="board pz-board"></div>
      <div class="pz-side">
        <p id="pz-meta" class="note"></p>
        <p id="pz-verdict" class="verdict" role="status"></p>
        <p id="pz-rating"></p>
        <p id="pz-streak" class="pz-streak" hidden></p>
        <div class="row">
          <button type="button" id="pz-solution" hidden>${esc(t('puzzles.solution'))}</button>
          <button type="button" id="pz-next">${esc(t('puzzles.next'))}</button>
          <button type="button" id="pz-daily">${esc(t('puzzles.daily'))}</button>
        </div>
        <div class="row pz-choices">
          <label><span>${esc(t('puzzles.size'))}</span> <select id="pz-size">${sizes}</select></label>
          <label><span>${esc(t('puzzles.mode'))}</span> <select id="pz-mode"><option value="rated">${esc(t('puzzles.mode.rated'))}</option><option value="streak">${esc(t('puzzles.mode.streak'))}</option></select></label>
          <label><span>${esc(t('puzzles.themeLabel'))}</span> <select id="pz-theme"><option value="">${esc(t('puzzles.theme.any'))}</option></select></label>
        </div>
        <p id="pz-streak-note" class="note" hidden>${esc(t('puzzles.streakIntro'))}</p>
        <details id="pz-history" class="pz-history"><summary id="pz-history-title"></summary>
          <p class="note">${esc(t('puzzles.historyNote'))}</p><ol id="pz-history-list"></ol></details>
      </div></div>`;
  board = createBoard($('pz-board'), {
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
  $('pz-rating').textContent = ratingText();
  $('pz-mode').value = mode;
  $('pz-next').onclick = nextOne;
  $('pz-daily').onclick = daily;
  $('pz-solution').onclick = viewSolution;
  $('pz-size').onchange = nextOne;
  $('pz-mode').onchange = () => {
    mode = $('pz-mode').value;
    streak = null;
    renderStreak();
    nextOne();
  };
  $('pz-theme').onchange = () => {
    theme = $('pz-theme').value;
    streak = null;
    nextOne();
  };
  $('pz-history-list').onclick = (ev) => {
    const b = ev.target.closest('button[data-again]');
    if (b) again(b.dataset.again);
  };
  renderStreak();
  renderHistory();
}

function follow() {
  if (inPuzzles()) {
    if (!open) {
      open = true;
      record = loadRecord(localStorage);
      history = loadHistory(localStorage);
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

/** Draws the section again in the language now chosen (the puzzle under way starts afresh). */
export function redrawPuzzles() {
  if (!open) return;
  const keep = cur;
  const size = $('pz-size').value;
  render();
  $('pz-size').value = size;
  pool().catch(() => {});
  if (keep) show(keep.puzzle, keep.tried ? 'again' : keep.kind, keep.daily);
}
