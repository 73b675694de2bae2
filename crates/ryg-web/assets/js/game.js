// The game view: the board's marks, the status line, the controls, the player bars and clocks,
// the banners (undo request, resign, review) and the move list, drawn from the state.
import { parseFen, splitMove } from './fen.js';
import { $, announce } from './dom.js';
import {
  state,
  hooks,
  hasHuman,
  isHotseat,
  isFriends,
  humanToMove,
  mine,
  watching,
  mySeat,
  playingFriend,
  startPos,
  viewedFen,
  interactive,
  legalFrom,
} from './state.js';
import { sideWord, outcomeText, capital, who, seatText, bySubject } from './words.js';
import { t, currentLang } from './i18n.js';
import { renderResults } from './results.js';
import { followThink } from './analysis.js';
import { renderCard } from './card.js';
import { syncAddress } from './address.js';
import { hasTable, tableFiles, exactMax, TABLEBASE_MAX } from './levelnote.js';

let board = null;
/** The board (board.js) this view draws on. */
export function useBoard(b) {
  board = b;
}

/** Says `text` beside square `sq` and to screen readers: why a click or a drop was refused. */
export function refuse(sq, text) {
  if (board) board.flash(sq, text);
  announce(text);
}

/** Points at move `mv` with an arrow on the board (null: none). */
export function pointAt(mv) {
  if (board) board.arrow(mv);
}

let boardFen = null;
export function renderBoard() {
  const fen = viewedFen();
  if (!fen || !board) return;
  if (fen !== boardFen) {
    boardFen = fen;
    board.arrow(null);
  }
  const pos = state.setup || parseFen(fen);
  const g = state.game;
  const live = !state.setup && state.view === null && g;
  // an earlier position of an analysed or finished game, or a side line: moves go into a side line
  const side = hooks.side;
  const ex = !state.setup && g && side?.exploring() ? side.exploreData() : null;
  let last = null;
  if (state.setup) last = null;
  else if (state.side && state.side.shown > 0) last = state.side.moves[state.side.shown - 1];
  else if (state.view === null) last = g.last_move;
  else if (state.view > 0) last = g.moves[state.view - 1];
  const dests = new Set();
  if (live && state.selected) for (const m of legalFrom(state.selected)) dests.add(splitMove(m)[1]);
  if (ex && state.selected) for (const m of side.sideMovesFrom(ex, state.selected)) dests.add(splitMove(m)[1]);
  const movable = new Set();
  if (interactive()) {
    const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
    for (const [sq, p] of pos.cells) if (p === myPiece && legalFrom(sq).length) movable.add(sq);
  }
  if (ex) for (const [sq, p] of pos.cells) if (p === ex.side && side.sideMovesFrom(ex, sq).length) movable.add(sq);
  board.draw({
    pos,
    flipped: state.flipped,
    setup: !!state.setup,
    selected: live || ex ? state.selected : null,
    dests,
    last: last ? splitMove(last) : null,
    hint: state.hint && state.hint.fen === fen ? splitMove(state.hint.move) : null,
    movable,
  });
}

/** Who the computer is in a game against one person: "opponent: level 3", "opponent: RYG3 v10,
 * depth 8"; null where both sides are people or both the computer. */
function opponentText(g) {
  if (isFriends(g) || (g.mouse === 'human') === (g.cats === 'human')) return null;
  const seat = g.mouse === 'human' ? g.cats : g.mouse;
  return t('status.against', { who: seatText(seat) });
}

export function render() {
  const g = state.game;
  renderBoard();
  if (state.animate) {
    const mv = state.animate;
    state.animate = null;
    if ((state.view === null || state.side) && board) board.animate(mv);
  }
  // read by the browser tests: is a request in flight, which game, how many moves
  document.body.dataset.busy = state.busy ? 'true' : 'false';
  if (!g) return;
  document.body.dataset.game = g.id === null ? `new-${g.seq}` : String(g.id);
  document.body.dataset.moves = String(g.moves.length);
  if (!state.busy) syncAddress(g, state.setup ? null : state.view);
  let status;
  const side = sideWord(g.to_move);
  if (g.outcome) status = outcomeText(g.outcome);
  else if (state.busy && !humanToMove(g)) status = t('status.computerThinking', { side });
  else if (humanToMove(g)) {
    if (isHotseat(g)) status = t(`status.toMove.${g.to_move}`);
    else if (mine(g.to_move)) status = t('status.yourMove', { side });
    else if (state.you) status = t('status.waiting', { who: who(g, g.to_move) });
    else status = t('status.whoToMove', { who: capital(who(g, g.to_move)) });
  } else status = t('status.computerToMove', { side });
  const game = g.id === null ? t('status.newGame') : t('status.game');
  const against = opponentText(g);
  $('status').textContent = state.setup
    ? t('status.setup', { n: state.setup.size })
    : [game, `${g.size}×${g.size}`, ...(against ? [against] : []), status].join(' · ');
  const idle = state.busy || !!state.setup;
  const friends = isFriends(g);
  // a friends game's player may ask to undo once they have moved: ply i is the first mover's when i is even
  const firstIsMine = mySeat() && startPos(g).side === (mySeat() === 'mouse' ? 'm' : 'c');
  const iMoved = !!mySeat() && g.moves.length > (firstIsMine ? 0 : 1);
  $('undo').disabled =
    idle || g.moves.length === 0 || !state.you || (friends && (!!g.outcome || !!g.undo_request || !iMoved));
  $('redo').disabled = idle || friends || !state.you || !g.redo?.length;
  // hints come from the tablebase: built by the server up to 10×10, read from files on 12×12
  const size = startPos(g).size;
  const noTable = !hasTable(size);
  $('hint').disabled = idle || !!g.outcome || state.view !== null || playingFriend(g) || noTable;
  // (a board the server would play but this site's browser holds no table for: the site's limit)
  const why = tableFiles.has(size)
    ? 'levels.buildTable'
    : size > TABLEBASE_MAX
      ? 'error.board_too_big'
      : 'results.tooBig';
  $('hint').title = noTable ? t(why, { n: size, max: exactMax() }) : '';
  $('go').disabled = idle || !!g.outcome || state.view !== null || friends || (hasHuman(g) && !mine(g.to_move));
  // a game nobody has moved in is called off (Abort), not lost (Resign)
  const unstarted = g.moves.length === 0 && !g.redo?.length;
  $('resign').hidden = !state.you || !!g.outcome || !!state.setup || g.id === null || unstarted;
  $('resign').disabled = idle;
  $('abort').hidden = !state.you || !!g.outcome || !!state.setup || g.id === null || !unstarted;
  $('abort').disabled = idle;
  const abortAt = !g.outcome && !state.setup && g.abort_at ? new Date(g.abort_at) : null;
  $('abort-note').hidden = !abortAt;
  if (abortAt)
    $('abort-note').textContent = t('abort.note', {
      time: abortAt.toLocaleTimeString(currentLang(), { hour: '2-digit', minute: '2-digit' }),
    });
  if (g.outcome || !state.you) state.confirmResign = false;
  $('resign-confirm').hidden = !state.confirmResign;
  renderRematch(g);
  renderCard(g);
  renderRole(g);
  renderPlayers(g);
  renderRequest(g);
  renderRematchOffer(g);
  renderName(g);
  const review = $('review');
  review.hidden = state.view === null || !!state.setup;
  if (state.side) $('review-text').textContent = t('sideline.viewing', { n: state.side.shown, k: state.side.at });
  else if (state.view !== null)
    $('review-text').textContent = t('review.viewing', { k: state.view, n: g.moves.length });
  // taking moves back from here is for games this page may undo at once
  $('review-continue').hidden = !state.you || isFriends(g) || !!state.side;
  renderMoves();
  renderAnalysis(g);
  renderReview(g);
  const fen = viewedFen();
  $('fen').textContent = fen;
  // a game not stored yet (no move made) has no record to download
  $('pgn-download').hidden = g.id === null;
  $('copy-pgn').hidden = g.id === null;
  if (g.id !== null) {
    // (relative: a static site in a folder answers it there, its service worker's scope)
    $('pgn-download').href = `api/games/${g.id}/pgn`;
    $('pgn-download').setAttribute('download', `ryg-game-${g.id}.pgn`);
  }
  if (state.hint && state.hint.fen !== fen) {
    state.hint = null;
  }
  $('hint-text').textContent = state.hint ? state.hint.text : '';
  renderResults();
  if (analysis) analysis.evalbar.renderEval(board);
  // an open "How the computer thinks" follows the position on the board (not for a player
  // against a friend while the game goes on: no computer help, as with hints and exact results)
  followThink(fen, playingFriend(g) && !state.setup);
}

/** The evaluation bar and side lines (evalbar.js, sideline.js), loaded with the first game
 * analysed (both sides at this board) or finished: `{evalbar, sideline}` once in. */
let analysis = null;
let analysisLoad = null;
function renderAnalysis(g) {
  if (!analysisLoad && (isHotseat(g) || g.outcome)) {
    analysisLoad = Promise.all([import('./evalbar.js'), import('./sideline.js')]).then(([evalbar, sideline]) => {
      analysis = { evalbar, sideline };
      hooks.side = sideline;
      render();
    });
  }
  if (analysis) analysis.sideline.renderSideLine(g);
}

let review = null;
/** The review of a finished game, under the board (its code loads with the first one). */
function renderReview(g) {
  const panel = $('review-panel');
  panel.hidden = !g.outcome?.winner || g.id === null || !!state.setup;
  if (panel.hidden) return;
  if (!review) review = import('./review.js');
  const view = state.view;
  review.then((m) => {
    if (state.game === g) m.drawReview(g, view);
  });
}

/** Draws the review anew at the next render (after a change of language). */
export function redoReviewPanel() {
  if (review)
    review.then((m) => {
      m.redoReview();
      render();
    });
}

function renderRole(g) {
  const el = $('role');
  let text = '';
  if (!state.setup && watching(g)) text = t('role.watching');
  else if (!state.setup && isFriends(g) && mySeat()) {
    const other = mySeat() === 'mouse' ? 'cats' : 'mouse';
    text = t(`role.playing.${mySeat()}`, { other: g.names?.[other] ? g.names[other] : t('role.yourFriend') });
  }
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle('watching', watching(g));
}

function renderRematch(g) {
  const b = $('rematch');
  const mineSeat = mySeat();
  let label = null;
  let disabled = state.busy;
  // a rematch is a new game: its players follow it, a watcher's link does not open it
  if (g.rematch_id && state.you) label = t('rematch.go');
  else if (g.outcome && state.you) {
    const offer = g.rematch?.offered_by;
    if (offer && offer === mineSeat) {
      label = t('rematch.offered');
      disabled = true;
    } else if (offer) label = t('rematch.accept');
    else label = t('rematch.button');
  }
  b.hidden = !label || !!state.setup;
  if (label) {
    b.textContent = label;
    b.disabled = disabled;
  }
}

function renderRequest(g) {
  // an undo request between two players: the asker waits, the other answers, watchers see it
  const box = $('undo-request');
  const asker = !state.setup && !g.outcome ? g.undo_request : null;
  box.hidden = !asker;
  if (!asker) return;
  const answer = !!state.you && !mine(asker);
  let text;
  if (mine(asker)) text = t('undo.youAsked', { who: who(g, asker === 'mouse' ? 'cats' : 'mouse') });
  else if (answer) text = t(bySubject(g, asker, 'undo.asks.one', 'undo.asks.many'), { who: capital(who(g, asker)) });
  else text = t(bySubject(g, asker, 'undo.asked.one', 'undo.asked.many'), { who: capital(who(g, asker)) });
  $('undo-request-text').textContent = text;
  $('undo-accept').hidden = !answer;
  $('undo-decline').hidden = !answer;
  $('undo-accept').disabled = state.busy;
  $('undo-decline').disabled = state.busy;
}

function renderRematchOffer(g) {
  // a rematch offer between two players, in the game panel for both (and for watchers)
  const box = $('rematch-offer');
  const offer = !state.setup && g.outcome && !g.rematch_id && g.rematch ? g.rematch.offered_by : null;
  box.hidden = !offer;
  if (!offer) return;
  const other = offer === 'mouse' ? 'cats' : 'mouse';
  let text;
  if (mine(offer) && state.you !== 'both') text = t('say.rematchOffered', { who: who(g, other) });
  else if (state.you)
    text = t(bySubject(g, offer, 'rematch.offers.one', 'rematch.offers.many'), { who: capital(who(g, offer)) });
  else text = t(bySubject(g, offer, 'rematch.offered.one', 'rematch.offered.many'), { who: capital(who(g, offer)) });
  $('rematch-offer-text').textContent = text;
}

function renderName(g) {
  const form = $('name-form');
  const seat = mySeat();
  form.hidden = !isFriends(g) || !seat || !!state.setup;
  if (form.hidden) return;
  const input = $('name-input');
  // keep what the person is typing; otherwise show the stored name
  if (document.activeElement !== input && input.dataset.game !== `${g.id}.${g.version}`) {
    input.value = g.names?.[seat] || '';
    input.dataset.game = `${g.id}.${g.version}`;
  }
  $('name-save').disabled = state.busy;
}

export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The side's time left now: the server's value, less what passed here since it was read. */
function clockLeft(g, side) {
  const c = g.clock;
  const left = c[`${side}_ms`];
  return c.running === side && !g.outcome ? left - (performance.now() - state.clockAt) : left;
}

function renderPlayers(g) {
  const show = !state.setup && (isFriends(g) || !!g.clock || !!(g.names && (g.names.mouse || g.names.cats)));
  const top = state.flipped ? 'mouse' : 'cats';
  const bottom = top === 'mouse' ? 'cats' : 'mouse';
  for (const [id, side] of [
    ['player-top', top],
    ['player-bottom', bottom],
  ]) {
    const el = $(id);
    el.hidden = !show;
    if (!show) continue;
    el.dataset.side = side;
    const name = g.names?.[side];
    const parts = [];
    const tag = document.createElement('span');
    tag.className = `side-tag ${side}`;
    tag.textContent = t(`player.${side}`);
    parts.push(tag);
    const n = document.createElement('span');
    n.className = 'pname';
    n.textContent =
      name || (g[side] === 'human' ? (isFriends(g) ? t('seat.aPlayer') : t('seat.human')) : seatText(g[side]));
    if (!name && g[side] === 'human') n.classList.add('anon');
    parts.push(n);
    if (state.you && state.you !== 'both' && mine(side)) {
      const you = document.createElement('span');
      you.className = 'you-tag';
      you.textContent = t('player.you');
      parts.push(you);
    }
    if (g.clock) {
      const c = document.createElement('span');
      c.className = 'clock';
      c.dataset.side = side;
      c.setAttribute('role', 'timer');
      c.setAttribute('aria-label', t(`player.clock.${side}`));
      parts.push(c);
    }
    el.replaceChildren(...parts);
    el.classList.toggle('to-move', !g.outcome && g.to_move === side);
  }
  renderClocks();
}

let clockTimer = null;
function renderClocks() {
  const g = state.game;
  clearTimeout(clockTimer);
  if (!g?.clock) return;
  for (const el of document.querySelectorAll('.player .clock')) {
    const side = el.dataset.side;
    const left = clockLeft(g, side);
    const text = formatClock(left);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('running', g.clock.running === side && !g.outcome);
    el.classList.toggle('low', left < 10000);
  }
  if (g.clock.running && !g.outcome) clockTimer = setTimeout(renderClocks, 100);
}

function renderMoves() {
  const g = state.game;
  const list = $('move-list');
  list.innerHTML = '';
  const start = startPos(g);
  const shown = state.view === null ? g.moves.length : state.view;
  const li0 = document.createElement('li');
  li0.className = 'start';
  const b0 = document.createElement('button');
  b0.type = 'button';
  b0.textContent = t('moves.start');
  b0.setAttribute('aria-label', t('moves.startLabel'));
  b0.dataset.ply = '0';
  if (shown === 0) b0.setAttribute('aria-current', 'true');
  li0.appendChild(b0);
  list.appendChild(li0);
  const all = g.moves.concat(g.redo || []);
  const lost = state.lost && state.lost.game === `${g.id}:${g.moves.length}` && g.outcome ? state.lost.kept : null;
  let pieceSide = start.side;
  let li = null;
  let num = 1;
  all.forEach((mv, i) => {
    if (pieceSide === 'm' || li === null) {
      li = document.createElement('li');
      const n = document.createElement('span');
      n.className = 'num';
      n.textContent = pieceSide === 'm' ? `${num}.` : `${num}…`;
      li.appendChild(n);
      list.appendChild(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = mv;
    const future = i >= g.moves.length;
    b.setAttribute(
      'aria-label',
      t(future ? 'moves.undone' : 'moves.label', { side: t(`player.${pieceSide === 'm' ? 'mouse' : 'cats'}`), mv }),
    );
    if (future) {
      b.disabled = true;
      b.className = 'future';
    } else b.dataset.ply = String(i + 1);
    const mark = lost?.get(i + 1);
    if (mark) {
      const [cls, sign, key] =
        mark.kind === 'shortened' ? ['slip', '?!', 'moves.shortened'] : ['lost', '?', 'moves.lost'];
      const note = t(key, { moves: mark.moves.join(', ') });
      b.classList.add(cls);
      b.textContent = `${mv}${sign}`;
      b.setAttribute('aria-label', `${b.getAttribute('aria-label').replace(mv, `${mv}${sign}`)}${note}`);
      b.title = note.replace(/^[,;]\s*/, '');
    }
    if (i + 1 === shown) b.setAttribute('aria-current', 'true');
    li.appendChild(b);
    if (pieceSide === 'c') {
      num += 1;
      li = null;
    }
    pieceSide = pieceSide === 'm' ? 'c' : 'm';
  });
  // the list scrolls to the shown move, the page does not: a long game opened by its link on a
  // phone keeps the board in view
  const cur = list.querySelector('[aria-current]');
  if (cur && list.scrollHeight > list.clientHeight) {
    const [at, box] = [cur.getBoundingClientRect(), list.getBoundingClientRect()];
    if (at.top < box.top) list.scrollTop += at.top - box.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }
}
