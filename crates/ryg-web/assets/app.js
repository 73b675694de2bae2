// ryg web page: the board, the game controls, playing a friend and the analysis panels.
// Talks only to the ryg server's JSON API (/api/...) and its event streams; no framework,
// nothing fetched from elsewhere. Text from other players (names) is only ever set with
// textContent, never as HTML.
'use strict';

const FILES = 'abcdefghij';
const $ = (id) => document.getElementById(id);

const state = {
  game: null,          // the game object from the server
  view: null,          // null: the live position; a number k: the position after k moves (review)
  selected: null,      // square name of the picked piece
  flipped: false,
  showResults: localStorage.getItem('ryg.showResults') === '1',
  busy: false,         // a request that changes the game is in flight
  setup: null,         // analysis set-up: {size, cells: Map, side}
  tool: 'm',
  focus: null,         // square name holding the board's tab stop
  hint: null,          // {move, text, fen}
  solveCache: new Map(),
  boardSize: 0,
  autoTimer: null,
  dragged: false,
  you: null,           // the seat this page's token holds in the shown game: null, 'mouse', 'cats', 'both'
  pending: null,       // the newest event that came while a request was in flight
  sent: null,          // the move this page just sent (not animated when it comes back)
  clockAt: 0,          // performance.now() when the shown game's clock values were read
  confirmResign: false,
};

// ---------- positions (FEN as in rules.md) ----------

function sqName(f, r) { return FILES[f] + (r + 1); }
function sqCoords(name) { return [FILES.indexOf(name[0]), parseInt(name.slice(1), 10) - 1]; }
function isDark(f, r) { return (f + r) % 2 === 0; }

function parseFen(fen) {
  const [board, side] = fen.trim().split(/\s+/);
  const ranks = board.split('/');
  const size = ranks.length;
  const cells = new Map();
  ranks.forEach((rank, i) => {
    const r = size - 1 - i;
    let f = 0;
    const re = /(\d+)|([mc])/g;
    let m;
    while ((m = re.exec(rank))) {
      if (m[1]) f += parseInt(m[1], 10);
      else { cells.set(sqName(f, r), m[2]); f += 1; }
    }
  });
  return { size, cells, side: side === 'c' ? 'c' : 'm' };
}

function toFen(pos) {
  const rows = [];
  for (let r = pos.size - 1; r >= 0; r--) {
    let row = '';
    let run = 0;
    for (let f = 0; f < pos.size; f++) {
      const p = pos.cells.get(sqName(f, r));
      if (p) { if (run) row += run; run = 0; row += p; } else run += 1;
    }
    if (run) row += run;
    rows.push(row);
  }
  return rows.join('/') + ' ' + pos.side;
}

function applyMove(pos, mv) {
  const [a, b] = splitMove(mv);
  const cells = new Map(pos.cells);
  const piece = cells.get(a);
  cells.delete(a);
  cells.set(b, piece);
  return { size: pos.size, cells, side: pos.side === 'm' ? 'c' : 'm' };
}

function splitMove(mv) {
  const split = mv.search(/[a-j]\d+$/);
  return [mv.slice(0, split), mv.slice(split)];
}

function startSquares(size) {
  const out = [];
  for (let f = 0; f < size; f++) if (isDark(f, 0)) out.push(sqName(f, 0));
  return out;
}

function defaultStart(size) {
  const f = isDark(size / 2, 0) ? size / 2 : size / 2 - 1;
  return sqName(f, 0);
}

function startPosition(size, start) {
  const cells = new Map();
  for (let f = 0; f < size; f++) if (isDark(f, size - 1)) cells.set(sqName(f, size - 1), 'c');
  cells.set(start || defaultStart(size), 'm');
  return { size, cells, side: 'm' };
}

// ---------- words ----------

function sideWord(s) { return s === 'mouse' || s === 'm' ? 'mouse' : 'cats'; }
function resultText(winner, plies) {
  const verb = winner === 'mouse' ? 'wins' : 'win';
  return plies === 0 ? `the ${winner} ${winner === 'mouse' ? 'has' : 'have'} won` : `${winner} ${verb} in ${plies}`;
}
function outcomeText(o) {
  const loser = o.winner === 'mouse' ? 'cats' : 'mouse';
  const why = { mouse_escaped: 'the mouse reached the top row', mouse_trapped: 'the mouse is trapped',
    cats_blocked: 'the cats cannot move', resigned: `the ${loser} resigned`,
    time: `the ${loser} ran out of time` }[o.reason] || String(o.reason).replace(/_/g, ' ');
  return `${o.winner === 'mouse' ? 'The mouse wins' : 'The cats win'}: ${why}.`;
}
function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
/** A seat as words: "Ana (mouse)", "the cats", "level 3 (cats)". Plain text: set with textContent. */
function who(g, side) {
  const name = g.names && g.names[side];
  if (name) return `${name} (${side})`;
  if (g[side] !== 'human') return `${seatText(g[side])} (${side})`;
  return `the ${side}`;
}
function seatText(seat) { return seat === 'human' ? 'human' : seat === 'random' ? 'random' : seat === 'perfect' ? 'perfect' : `level ${seat}`; }
function seatsText(g) {
  if (g.players === 'friends') return `${(g.names && g.names.mouse) || 'a player'} (mouse) vs ${(g.names && g.names.cats) || 'a player'} (cats)`;
  if (g.mouse === 'human' && g.cats === 'human') return 'both sides human';
  if (g.mouse === 'human') return `you (mouse) vs ${seatText(g.cats)}`;
  if (g.cats === 'human') return `you (cats) vs ${seatText(g.mouse)}`;
  return `mouse ${seatText(g.mouse)} vs cats ${seatText(g.cats)}`;
}
function moveWords(piece, mv) { const [a, b] = splitMove(mv); return `${piece === 'm' ? 'Mouse' : 'Cat'} ${a} to ${b}`; }

// ---------- server ----------

// Seat tokens live in localStorage per game id; api() sends the shown game's with every request
// on /api/games/ID..., so a seat's page acts for it and a watcher's page cannot.
const tokenKey = (id) => `ryg.token.${id}`;
function tokenFor(id) { try { return localStorage.getItem(tokenKey(id)); } catch { return null; } }
function keepToken(id, token) { if (token) localStorage.setItem(tokenKey(id), token); }
function carryToken(from, to) { const t = tokenFor(from); if (t && !tokenFor(to)) keepToken(to, t); }

async function api(method, path, body) {
  const opts = { method, headers: {} };
  const game = path.match(/^\/api\/games\/(\d+)/);
  const token = game && tokenFor(game[1]);
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) { opts.headers['Content-Type'] = 'application/json'; opts.body = JSON.stringify(body); }
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new Error(`The server does not answer (${e.message}).`); }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

function showError(e) { $('error').textContent = e ? (e.message || String(e)) : ''; }
function announce(text) {
  const el = $('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

// ---------- game state helpers ----------

function hasComputer(g) { return g.mouse !== 'human' || g.cats !== 'human'; }
function hasHuman(g) { return g.mouse === 'human' || g.cats === 'human'; }
function isHotseat(g) { return g.players === 'hotseat' || (!g.players && !hasComputer(g)); }
function isFriends(g) { return g.players === 'friends'; }
function humanToMove(g) { return !g.outcome && g[g.to_move] === 'human'; }
/** Whether this page holds `side`'s seat. */
function mine(side) { return state.you === 'both' || state.you === side; }
function myTurn(g) { return humanToMove(g) && mine(g.to_move); }
/** A game with a person's seat this page does not hold: it can only watch. */
function watching(g) { return hasHuman(g) && !state.you; }
/** The seat a friends game's player holds (not 'both'), or null. */
function mySeat() { return state.you === 'mouse' || state.you === 'cats' ? state.you : null; }
/** A player in a game against a friend that is still going: no hints nor exact results. */
function playingFriend(g) { return isFriends(g) && !!mySeat() && !g.outcome; }
function startPos(g) { return parseFen(g.start_fen); }

function positionAt(g, k) {
  let pos = startPos(g);
  for (let i = 0; i < k; i++) pos = applyMove(pos, g.moves[i]);
  return pos;
}

function viewedFen() {
  if (state.setup) return toFen(state.setup);
  const g = state.game;
  if (!g) return null;
  return state.view === null ? g.fen : toFen(positionAt(g, state.view));
}

function interactive() {
  const g = state.game;
  return g && !state.setup && state.view === null && !state.busy && myTurn(g);
}

function legalFrom(sq) {
  const g = state.game;
  return g.legal_moves.filter((m) => splitMove(m)[0] === sq);
}
function legalTo(sq) {
  const g = state.game;
  return g.legal_moves.filter((m) => splitMove(m)[1] === sq);
}

// ---------- board ----------

function buildBoard(size) {
  const board = $('board');
  board.innerHTML = '';
  board.style.setProperty('--n', size);
  for (let i = 0; i < size * size; i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sq';
    b.tabIndex = -1;
    board.appendChild(b);
  }
  state.boardSize = size;
}

function squareOrder(size) {
  // visual order, top-left first
  const out = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const r = state.flipped ? row : size - 1 - row;
      const f = state.flipped ? size - 1 - col : col;
      out.push([f, r]);
    }
  }
  return out;
}

function renderBoard() {
  const fen = viewedFen();
  if (!fen) return;
  const pos = state.setup || parseFen(fen);
  if (pos.size !== state.boardSize) buildBoard(pos.size);
  const g = state.game;
  const live = !state.setup && state.view === null && g;
  let last = null;
  if (state.setup) last = null;
  else if (state.view === null) last = g.last_move;
  else if (state.view > 0) last = g.moves[state.view - 1];
  const [lastFrom, lastTo] = last ? splitMove(last) : [null, null];
  const dests = new Set();
  if (live && state.selected) for (const m of legalFrom(state.selected)) dests.add(splitMove(m)[1]);
  const hint = state.hint && state.hint.fen === fen ? splitMove(state.hint.move) : [];
  const canMove = interactive();
  const myPiece = live && g ? (g.to_move === 'mouse' ? 'm' : 'c') : null;
  if (!state.focus || sqCoords(state.focus)[0] >= pos.size || sqCoords(state.focus)[1] >= pos.size) {
    const m = [...pos.cells].find(([, p]) => p === 'm');
    state.focus = m ? m[0] : sqName(0, 0);
  }
  const buttons = $('board').children;
  squareOrder(pos.size).forEach(([f, r], i) => {
    const b = buttons[i];
    const name = sqName(f, r);
    const piece = pos.cells.get(name);
    const dark = isDark(f, r);
    const cls = ['sq', dark ? 'dark' : 'light'];
    let label = `${name} ${piece === 'm' ? 'mouse' : piece === 'c' ? 'cat' : 'empty'}`;
    if (!dark) label += ', light square';
    if (state.selected === name && live) { cls.push('selected'); label += ', selected'; }
    if (dests.has(name)) { cls.push('dest'); label += ', legal move'; }
    if (name === lastFrom || name === lastTo) { cls.push('last'); label += name === lastTo ? ', last move to here' : ', last move from here'; }
    if (hint.includes(name)) { cls.push('hinted'); label += ', hint'; }
    if (canMove && piece === myPiece && legalFrom(name).length) cls.push('movable');
    b.className = cls.join(' ');
    b.dataset.sq = name;
    b.setAttribute('aria-label', label);
    b.tabIndex = name === state.focus ? 0 : -1;
    // coordinates and piece letters are drawn by CSS (data-rank, data-file, .piece::before)
    // so that the square's accessible name is the whole of what it says
    const showRank = (!state.flipped && f === 0) || (state.flipped && f === pos.size - 1);
    const showFile = (!state.flipped && r === 0) || (state.flipped && r === pos.size - 1);
    if (showRank) b.dataset.rank = String(r + 1); else delete b.dataset.rank;
    if (showFile) b.dataset.file = FILES[f]; else delete b.dataset.file;
    const html = (piece === 'm' ? '<span class="piece mouse" aria-hidden="true"><i class="ear"></i><i class="ear"></i></span>'
      : piece === 'c' ? '<span class="piece cat" aria-hidden="true"><i class="ear"></i><i class="ear"></i></span>' : '')
      + (dests.has(name) ? '<span class="dot" aria-hidden="true"></span>' : '');
    if (b.innerHTML !== html) b.innerHTML = html;
  });
  $('board').classList.toggle('setup', !!state.setup);
  $('board').setAttribute('aria-label', state.setup ? 'Board (setting up a position)' : `Board, ${pos.size} by ${pos.size}${state.flipped ? ', flipped' : ''}`);
}

function onSquare(name) {
  showError(null);
  state.focus = name;
  if (state.setup) { placeSetup(name); return; }
  const g = state.game;
  if (!g) return;
  if (state.view !== null) { announce('You are looking at an earlier position: choose Back to the game or Continue from here.'); return; }
  if (!interactive()) {
    announce(g.outcome ? 'The game is over.' : state.busy ? 'Wait: the computer is thinking.'
      : watching(g) ? 'You are watching: you cannot move here.' : 'It is not your turn.');
    return;
  }
  const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
  const pos = parseFen(g.fen);
  if (state.selected) {
    const mv = legalFrom(state.selected).find((m) => splitMove(m)[1] === name);
    if (mv) { state.selected = null; play(mv); return; }
    if (state.selected === name) { state.selected = null; announce(`${name} put down.`); render(); return; }
  }
  if (pos.cells.get(name) === myPiece) {
    const moves = legalFrom(name);
    if (!moves.length) { state.selected = null; announce(`${name}: this piece cannot move.`); render(); return; }
    state.selected = name;
    announce(`${name} picked up. It can go to ${moves.map((m) => splitMove(m)[1]).join(', ')}.`);
    render();
    return;
  }
  const to = legalTo(name);
  if (to.length === 1) { state.selected = null; play(to[0]); return; }
  if (to.length > 1) {
    announce(`Several pieces can go to ${name}: ${to.map((m) => splitMove(m)[0]).join(', ')}. Pick one first.`);
    return;
  }
  state.selected = null;
  announce(`No move to ${name}.`);
  render();
}

function boardKeydown(ev) {
  const t = ev.target.closest('.sq');
  if (!t) return;
  const size = state.boardSize;
  const [f, r] = sqCoords(t.dataset.sq);
  const dir = state.flipped ? -1 : 1;
  let nf = f;
  let nr = r;
  switch (ev.key) {
    case 'ArrowUp': nr += dir; break;
    case 'ArrowDown': nr -= dir; break;
    case 'ArrowLeft': nf -= dir; break;
    case 'ArrowRight': nf += dir; break;
    case 'Home': nf = state.flipped ? size - 1 : 0; break;
    case 'End': nf = state.flipped ? 0 : size - 1; break;
    case 'Escape':
      if (state.selected) { state.selected = null; announce('Selection cleared.'); render(); }
      return;
    default: return;
  }
  ev.preventDefault();
  if (nf < 0 || nr < 0 || nf >= size || nr >= size) return;
  state.focus = sqName(nf, nr);
  renderBoard();
  const b = $('board').querySelector(`[data-sq="${state.focus}"]`);
  if (b) b.focus();
}

// Drag and drop with pointer events (mouse, pen and touch).
let drag = null;
function boardPointerDown(ev) {
  const b = ev.target.closest('.sq');
  if (!b || ev.button !== 0 || !interactive()) return;
  const g = state.game;
  const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
  if (parseFen(g.fen).cells.get(b.dataset.sq) !== myPiece || !legalFrom(b.dataset.sq).length) return;
  drag = { from: b.dataset.sq, x: ev.clientX, y: ev.clientY, ghost: null, pointer: ev.pointerId };
}
function boardPointerMove(ev) {
  if (!drag || ev.pointerId !== drag.pointer) return;
  if (!drag.ghost) {
    if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
    const src = $('board').querySelector(`[data-sq="${drag.from}"] .piece`);
    if (!src) { drag = null; return; }
    const rect = src.getBoundingClientRect();
    drag.ghost = src.cloneNode(true);
    drag.ghost.classList.add('ghost');
    drag.ghost.style.width = rect.width + 'px';
    drag.ghost.style.height = rect.height + 'px';
    drag.ghost.style.fontSize = getComputedStyle(src).fontSize;
    document.body.appendChild(drag.ghost);
    state.selected = drag.from;
    renderBoard();
  }
  ev.preventDefault();
  drag.ghost.style.left = ev.clientX + 'px';
  drag.ghost.style.top = ev.clientY + 'px';
}
function boardPointerUp(ev) {
  if (!drag || ev.pointerId !== drag.pointer) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;
  d.ghost.remove();
  state.dragged = true;
  setTimeout(() => { state.dragged = false; }, 0);
  const el = document.elementFromPoint(ev.clientX, ev.clientY);
  const target = el && el.closest && el.closest('.sq');
  const mv = target && legalFrom(d.from).find((m) => splitMove(m)[1] === target.dataset.sq);
  if (mv) { state.selected = null; play(mv); } else { renderBoard(); }
}

// ---------- rendering everything ----------

function render() {
  const g = state.game;
  renderBoard();
  if (state.animate) { const mv = state.animate; state.animate = null; if (state.view === null) animateMove(mv); }
  // read by the browser tests: is a request in flight, which game, how many moves
  document.body.dataset.busy = state.busy ? 'true' : 'false';
  if (!g) return;
  document.body.dataset.game = String(g.id);
  document.body.dataset.moves = String(g.moves.length);
  let status;
  if (state.setup) status = 'Setting up a position.';
  else if (g.outcome) status = outcomeText(g.outcome);
  else if (state.busy && !humanToMove(g)) status = `The computer (${sideWord(g.to_move)}) is thinking…`;
  else if (humanToMove(g)) {
    if (isHotseat(g)) status = `${g.to_move === 'mouse' ? 'The mouse' : 'The cats'} to move.`;
    else if (mine(g.to_move)) status = `Your move (${sideWord(g.to_move)}).`;
    else if (state.you) status = `Waiting for ${who(g, g.to_move)} to move.`;
    else status = `${capital(who(g, g.to_move))} to move.`;
  } else status = `The computer (${sideWord(g.to_move)}) to move.`;
  $('status').textContent = state.setup ? `Setting up a ${state.setup.size}×${state.setup.size} position.` : `Game ${g.id} · ${g.size}×${g.size} · ${status}`;
  const idle = state.busy || !!state.setup;
  const friends = isFriends(g);
  // a friends game's player may ask to undo once they have moved: ply i is the first mover's when i is even
  const firstIsMine = mySeat() && startPos(g).side === (mySeat() === 'mouse' ? 'm' : 'c');
  const iMoved = !!mySeat() && (g.moves.length > (firstIsMine ? 0 : 1));
  $('undo').disabled = idle || g.moves.length === 0 || !state.you
    || (friends && (!!g.outcome || !!g.undo_request || !iMoved));
  $('redo').disabled = idle || friends || !state.you || !(g.redo && g.redo.length);
  $('hint').disabled = idle || !!g.outcome || state.view !== null || playingFriend(g);
  $('go').disabled = idle || !!g.outcome || state.view !== null || friends || (hasHuman(g) && !mine(g.to_move));
  $('resign').hidden = !state.you || !!g.outcome || !!state.setup;
  $('resign').disabled = idle;
  if (g.outcome || !state.you) state.confirmResign = false;
  $('resign-confirm').hidden = !state.confirmResign;
  renderRematch(g);
  renderRole(g);
  renderPlayers(g);
  renderRequest(g);
  renderName(g);
  const review = $('review');
  review.hidden = state.view === null || !!state.setup;
  if (state.view !== null) $('review-text').textContent = `Viewing the position after ${state.view} of ${g.moves.length} moves.`;
  // taking moves back from here is for games this page may undo at once
  $('review-continue').hidden = !state.you || isFriends(g);
  renderMoves();
  const fen = viewedFen();
  $('fen').textContent = fen;
  $('pgn-download').href = `/api/games/${g.id}/pgn`;
  $('pgn-download').setAttribute('download', `ryg-game-${g.id}.pgn`);
  if (state.hint && state.hint.fen !== fen) { state.hint = null; }
  $('hint-text').textContent = state.hint ? state.hint.text : '';
  renderResults();
  // an open "How the computer thinks" follows the position on the board (not for a player
  // against a friend while the game goes on: no computer help, as with hints and exact results)
  const noHelp = playingFriend(g) && !state.setup;
  $('think-run').disabled = noHelp;
  $('think-depth').disabled = noHelp;
  if (noHelp && thinkShown !== 'off') {
    thinkShown = 'off';
    thinkSeq += 1;
    $('think').innerHTML = '<p class="note">Not while you play a friend: the search is shown again once the game is over.</p>';
  } else if (!noHelp && $('think-box').open && thinkShown !== `${fen}|${$('think-depth').value}`) runThink();
}

function renderRole(g) {
  const el = $('role');
  let text = '';
  if (!state.setup && watching(g)) text = 'You are watching: you see every move as it is played, but cannot play.';
  else if (!state.setup && isFriends(g) && mySeat()) {
    const other = mySeat() === 'mouse' ? 'cats' : 'mouse';
    text = `You play the ${mySeat()} against ${g.names && g.names[other] ? g.names[other] : 'your friend'}.`;
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
  if (g.rematch_id) label = state.you ? 'Go to the rematch' : 'Watch the rematch';
  else if (g.outcome && state.you) {
    const offer = g.rematch && g.rematch.offered_by;
    if (offer && offer === mineSeat) { label = 'Rematch offered…'; disabled = true; } else if (offer) label = 'Accept the rematch';
    else label = 'Rematch';
  }
  b.hidden = !label || !!state.setup;
  if (label) { b.textContent = label; b.disabled = disabled; }
}

function renderRequest(g) {
  // an undo request between two players: the asker waits, the other answers, watchers see it
  const box = $('undo-request');
  const asker = !state.setup && !g.outcome ? g.undo_request : null;
  box.hidden = !asker;
  if (!asker) return;
  const answer = !!state.you && !mine(asker);
  let text;
  if (mine(asker)) text = `You asked to take back your last move. Waiting for ${who(g, asker === 'mouse' ? 'cats' : 'mouse')} to answer.`;
  else if (answer) text = `${capital(who(g, asker))} asks to take back their last move.`;
  else text = `${capital(who(g, asker))} asked to take back their last move.`;
  $('undo-request-text').textContent = text;
  $('undo-accept').hidden = !answer;
  $('undo-decline').hidden = !answer;
  $('undo-accept').disabled = state.busy;
  $('undo-decline').disabled = state.busy;
}

function renderName(g) {
  const form = $('name-form');
  const seat = mySeat();
  form.hidden = !isFriends(g) || !seat || !!state.setup;
  if (form.hidden) return;
  const input = $('name-input');
  // keep what the person is typing; otherwise show the stored name
  if (document.activeElement !== input && input.dataset.game !== `${g.id}.${g.version}`) {
    input.value = (g.names && g.names[seat]) || '';
    input.dataset.game = `${g.id}.${g.version}`;
  }
  $('name-save').disabled = state.busy;
}

function formatClock(ms) {
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
  for (const [id, side] of [['player-top', top], ['player-bottom', bottom]]) {
    const el = $(id);
    el.hidden = !show;
    if (!show) continue;
    el.dataset.side = side;
    const name = g.names && g.names[side];
    const parts = [];
    const tag = document.createElement('span');
    tag.className = `side-tag ${side}`;
    tag.textContent = side === 'mouse' ? 'Mouse' : 'Cats';
    parts.push(tag);
    const n = document.createElement('span');
    n.className = 'pname';
    n.textContent = name || (g[side] === 'human' ? (isFriends(g) ? 'a player' : 'human') : seatText(g[side]));
    if (!name && g[side] === 'human') n.classList.add('anon');
    parts.push(n);
    if (state.you && state.you !== 'both' && mine(side)) {
      const you = document.createElement('span');
      you.className = 'you-tag';
      you.textContent = 'you';
      parts.push(you);
    }
    if (g.clock) {
      const c = document.createElement('span');
      c.className = 'clock';
      c.dataset.side = side;
      c.setAttribute('role', 'timer');
      c.setAttribute('aria-label', `${side === 'mouse' ? 'Mouse' : 'Cats'} clock`);
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
  if (!g || !g.clock) return;
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
  b0.textContent = 'Start';
  b0.setAttribute('aria-label', 'Start position');
  b0.dataset.ply = '0';
  if (shown === 0) b0.setAttribute('aria-current', 'true');
  li0.appendChild(b0);
  list.appendChild(li0);
  const all = g.moves.concat(g.redo || []);
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
    b.setAttribute('aria-label', `${pieceSide === 'm' ? 'Mouse' : 'Cats'} ${mv}${future ? ' (undone, redo replays it)' : ''}`);
    if (future) { b.disabled = true; b.className = 'future'; } else b.dataset.ply = String(i + 1);
    if (i + 1 === shown) b.setAttribute('aria-current', 'true');
    li.appendChild(b);
    if (pieceSide === 'c') { num += 1; li = null; }
    pieceSide = pieceSide === 'm' ? 'c' : 'm';
  });
  const cur = list.querySelector('[aria-current]');
  if (cur && list.scrollHeight > list.clientHeight) cur.scrollIntoView({ block: 'nearest' });
}

function resultsVisible() {
  const g = state.game;
  if (g && playingFriend(g) && !state.setup) return false;
  return !!state.setup || (g && isHotseat(g)) || state.showResults;
}

async function solve(fen) {
  if (state.solveCache.has(fen)) return state.solveCache.get(fen);
  const p = api('GET', `/api/solve?fen=${encodeURIComponent(fen)}`);
  state.solveCache.set(fen, p);
  p.then(() => { if (!tbKnownReady.has(parseFen(fen).size)) refreshTablebases(); }, () => {});
  p.catch(() => state.solveCache.delete(fen));
  return p;
}

function sortedResults(s) {
  const side = parseFen(s.fen).side === 'm' ? 'mouse' : 'cats';
  const key = (m) => (m.winner === side ? 100000 - m.plies : m.plies);
  return [...s.moves].sort((a, b) => key(b) - key(a) || a.move.localeCompare(b.move));
}

let resultsSeq = 0;
async function renderResults() {
  const g = state.game;
  const vis = resultsVisible();
  const toggle = $('results-toggle');
  const forced = !!state.setup || (g && isHotseat(g));
  const hidden = !state.setup && g && playingFriend(g);
  toggle.setAttribute('aria-pressed', String(vis));
  toggle.textContent = forced ? 'Exact results (always shown in analysis)' : hidden ? 'Exact results (hidden while you play a friend)'
    : vis ? 'Exact results: hide' : 'Exact results: show';
  toggle.disabled = forced || hidden;
  const box = $('results');
  box.hidden = !vis;
  if (!vis) return;
  const fen = viewedFen();
  if (box.dataset.fen === fen) return;
  const seq = ++resultsSeq;
  box.dataset.fen = '';
  box.innerHTML = '<p class="note">Solving…</p>';
  try {
    const s = await solve(fen);
    if (seq !== resultsSeq) return;
    box.dataset.fen = fen;
    const parts = [`<p class="verdict ${s.winner}">This position: <strong>${resultText(s.winner, s.plies)}</strong>${s.plies ? ' with best play' : ''}.</p>`];
    if (s.moves.length) {
      parts.push('<ol class="result-list">');
      for (const m of sortedResults(s)) {
        const best = s.best_moves.includes(m.move);
        parts.push(`<li class="res ${m.winner}${best ? ' best' : ''}" data-move="${m.move}"><code>${m.move}</code> <span class="mark" aria-hidden="true">${m.winner === 'mouse' ? '▲' : '▼'}</span> <span class="what">${resultText(m.winner, m.plies)}</span>${best ? ' <span class="tag">best</span>' : ''}</li>`);
      }
      parts.push('</ol>');
    }
    box.innerHTML = parts.join('');
  } catch (e) {
    if (seq !== resultsSeq) return;
    refreshTablebases(); // a 10×10 result waits for its tablebase: show the build's progress
    box.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = `No exact result: ${e.message}`;
    box.appendChild(p);
  }
}

// ---------- actions ----------

function describeNew(prev, g) {
  // the moves that happened since `prev` (same game), in words
  const words = [];
  if (prev && prev.id === g.id && g.moves.length > prev.moves.length && g.moves.slice(0, prev.moves.length).join() === prev.moves.join()) {
    let pos = parseFen(prev.fen);
    for (const mv of g.moves.slice(prev.moves.length)) {
      words.push(moveWords(pos.cells.get(splitMove(mv)[0]), mv) + '.');
      pos = applyMove(pos, mv);
    }
  } else if (prev && prev.id === g.id && g.moves.length < prev.moves.length) {
    const n = prev.moves.length - g.moves.length;
    words.push(`Took back ${n} move${n === 1 ? '' : 's'}.`);
  } else if (prev && prev.id === g.id) {
    // nothing moved
  } else if (g.last_move) {
    const before = positionAt(g, g.moves.length - 1);
    words.push(moveWords(before.cells.get(splitMove(g.last_move)[0]), g.last_move) + '.');
  }
  if (g.outcome) words.push(outcomeText(g.outcome));
  else if (isHotseat(g)) words.push(`${g.to_move === 'mouse' ? 'Mouse' : 'Cats'} to move.`);
  else if (myTurn(g)) words.push('Your move.');
  else if (humanToMove(g)) words.push(`${capital(who(g, g.to_move))} to move.`);
  return words.join(' ');
}

/** What an event from the stream changed, in words ('' when nothing worth saying). */
function describeEvent(prev, g) {
  const moved = g.moves.join() !== prev.moves.join();
  if (moved || (g.outcome && !prev.outcome)) return describeNew(prev, g);
  if (g.undo_request && g.undo_request !== prev.undo_request && !mine(g.undo_request)) {
    return `${capital(who(g, g.undo_request))} asks to take back their last move.`;
  }
  if (!g.undo_request && prev.undo_request && mine(prev.undo_request)) return `${capital(who(g, prev.undo_request === 'mouse' ? 'cats' : 'mouse'))} declined: the move stays.`;
  const offer = g.rematch && g.rematch.offered_by;
  if (offer && offer !== (prev.rematch && prev.rematch.offered_by) && !mine(offer)) return `${capital(who(g, offer))} offers a rematch with sides swapped.`;
  for (const side of ['mouse', 'cats']) {
    const a = (prev.names && prev.names[side]) || '';
    const b = (g.names && g.names[side]) || '';
    if (a !== b && !mine(side)) return b ? `The ${side} is now called ${b}.` : `The ${side} has no name now.`;
  }
  return '';
}

let thinkingTimer = null;
function startThinkingPoll(id) {
  stopThinkingPoll();
  const el = $('thinking');
  const t0 = performance.now();
  thinkingTimer = setInterval(async () => {
    try {
      const t = await api('GET', `/api/games/${id}/thinking`);
      if (!thinkingTimer) return;
      if (t.thinking) {
        el.hidden = false;
        el.textContent = `Computer thinking: depth ${t.depth}, ${Number(t.nodes).toLocaleString('en')} nodes, ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      }
    } catch { /* the move request reports errors */ }
  }, 150);
}
function stopThinkingPoll() {
  if (thinkingTimer) clearInterval(thinkingTimer);
  thinkingTimer = null;
  $('thinking').hidden = true;
}

async function change(fn, thinkingId) {
  // run a request that changes the game; keeps the page responsive meanwhile
  if (state.busy) return;
  state.busy = true;
  showError(null);
  render();
  if (thinkingId !== undefined) startThinkingPoll(thinkingId);
  const prev = state.game;
  let ok = false;
  try {
    const g = await fn();
    if (g) setGame(g, prev);
    ok = true;
  } catch (e) {
    showError(e);
    announce(e.message);
  } finally {
    stopThinkingPoll();
    state.busy = false;
    state.sent = null;
    // an event that came meanwhile and is newer than the answer
    const later = state.pending;
    state.pending = null;
    if (later) applyEvent(later);
    render();
    scheduleComputer();
  }
  return ok;
}

/** Shows `g`, an answer of the server (`event` false: its `you` says which seat this page holds)
 * or an event of the game's stream (`event` true: `you` is left as it was). */
function setGame(g, prev, event = false) {
  const same = prev && prev.id === g.id;
  if (same && g.version < prev.version) return; // an older answer than what is shown
  if (!event) state.you = g.you || null;
  delete g.tokens;
  delete g.links;
  state.game = g;
  state.clockAt = performance.now();
  if (!same) {
    state.view = null;
    state.hint = null;
    state.confirmResign = false;
    state.flipped = mySeat() === 'cats' || (g.mouse !== 'human' && g.cats === 'human');
    $('flip').setAttribute('aria-pressed', String(state.flipped));
    openStream(g.id);
  }
  const moved = !same || g.moves.join() !== prev.moves.join();
  if (moved) state.selected = null;
  if (location.hash !== `#game=${g.id}`) history.replaceState(null, '', `#game=${g.id}`);
  localStorage.setItem('ryg.game', String(g.id));
  const words = event ? describeEvent(prev, g) : describeNew(prev, g);
  if (words) announce(words);
  if (same && moved && g.moves.length > prev.moves.length && g.last_move && g.last_move !== state.sent) state.animate = g.last_move;
  if (moved || !same || !!g.outcome !== !!prev.outcome) refreshRecent();
  // the computer's first move on a board builds its tablebase (8×8: a moment): the header says so
  if (moved && hasComputer(g) && !tbKnownReady.has(startPos(g).size)) refreshTablebases();
}

function play(mv) {
  const g = state.game;
  state.sent = mv;
  return change(() => api('POST', `/api/games/${g.id}/moves`, { move: mv }), g.id);
}

// ---------- live updates (Server-Sent Events) ----------

let stream = null;
let streamGame = null;
let streamRetry = null;
let connTimer = null;

/** Follows game `id`'s event stream (one at a time). The browser reconnects by itself after a
 * dropped connection, sending the last version seen; a refused stream (429/503) is tried again. */
function openStream(id) {
  if (stream && streamGame === id) return;
  closeStream();
  streamGame = id;
  let es;
  try { es = new EventSource(`/api/games/${id}/events`); } catch { return; }
  stream = es;
  es.addEventListener('game', (ev) => {
    let g;
    try { g = JSON.parse(ev.data); } catch { return; }
    if (es !== stream) return;
    onEvent(g);
  });
  es.addEventListener('open', () => { if (es === stream) setConnected(true); });
  es.addEventListener('error', () => {
    if (es !== stream) return;
    setConnected(false);
    if (es.readyState === EventSource.CLOSED) {
      stream = null;
      clearTimeout(streamRetry);
      streamRetry = setTimeout(() => { if (streamGame === id && !stream) { streamGame = null; openStream(id); } }, 3000);
    }
  });
}

function closeStream() {
  clearTimeout(streamRetry);
  if (stream) stream.close();
  stream = null;
  streamGame = null;
  setConnected(true);
}

function setConnected(ok) {
  // a short gap (the server closing an idle stream) is not worth a note
  if (ok) { clearTimeout(connTimer); connTimer = null; $('conn').hidden = true; return; }
  if (connTimer === null && $('conn').hidden) connTimer = setTimeout(() => { connTimer = null; $('conn').hidden = false; }, 1500);
}

function onEvent(g) {
  const cur = state.game;
  if (!cur || cur.id !== g.id) return;
  if (state.busy) {
    if (!state.pending || g.version > state.pending.version) state.pending = g;
    return;
  }
  applyEvent(g);
  render();
  scheduleComputer();
}

function applyEvent(g) {
  const prev = state.game;
  if (!prev || prev.id !== g.id || g.version <= prev.version) return;
  setGame(g, prev, true);
  // a rematch both players agreed to: the offerer's page follows it with the same token
  if (g.rematch_id && !prev.rematch_id && state.you) followRematch(g);
}

function followRematch(g) {
  carryToken(g.id, g.rematch_id);
  loadGame(String(g.rematch_id));
}

/** Slides the piece of the last move from its square to the new one (not for the page's own moves). */
function animateMove(mv) {
  if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const [a, b] = splitMove(mv);
  const from = $('board').querySelector(`[data-sq="${a}"]`);
  const to = $('board').querySelector(`[data-sq="${b}"]`);
  const piece = to && to.querySelector('.piece');
  if (!from || !piece || !piece.animate) return;
  const fr = from.getBoundingClientRect();
  const tr = to.getBoundingClientRect();
  piece.animate([{ transform: `translate(${fr.left - tr.left}px, ${fr.top - tr.top}px)` }, { transform: 'none' }],
    { duration: 220, easing: 'ease-out' });
}

function scheduleComputer() {
  clearTimeout(state.autoTimer);
  const g = state.game;
  if (!g || g.outcome || state.view !== null || state.setup || state.busy) return;
  if (g[g.to_move] === 'human') return;
  state.autoTimer = setTimeout(() => {
    const cur = state.game;
    if (cur !== g || state.busy || state.view !== null || state.setup) return;
    change(() => api('POST', `/api/games/${g.id}/computer`, {}), g.id);
  }, 500);
}

function seatsFor(choice, level) {
  switch (choice) {
    case 'cats': return { mouse: level, cats: 'human' };
    case 'both': return { mouse: 'human', cats: 'human', hotseat: true };
    case 'watch': return { mouse: level, cats: level };
    default: return { mouse: 'human', cats: level };
  }
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  const size = parseInt($('size').value, 10);
  const body = { size, start: $('start').value, ...seatsFor($('seat').value, $('level').value) };
  state.setup = null;
  $('setup').hidden = true;
  if (await change(() => createGame(body))) announce(`New game ${state.game.id}. ${describeNew(null, state.game)}`);
}

/** Creates a game and keeps the seat tokens of its answer: every one (games against the
 * computer, hotseat), or only `keep`'s (a game against a friend: the other is in the link). */
async function createGame(body, keep) {
  const g = await api('POST', '/api/games', body);
  const tokens = g.tokens || {};
  for (const side of keep ? [keep] : ['mouse', 'cats']) keepToken(g.id, tokens[side]);
  if (keep) g.you = keep;
  else if (tokens.mouse && tokens.cats) g.you = 'both';
  else g.you = tokens.mouse ? 'mouse' : tokens.cats ? 'cats' : null;
  return g;
}

async function loadGame(id) {
  state.setup = null;
  $('setup').hidden = true;
  await change(() => api('GET', `/api/games/${id}`));
}

/** The game named by the address (`#game=ID`); a seat's link (`#game=ID&token=T`) leaves its
 * token in this browser and the address without it. */
function gameFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get('game');
  if (!id || !/^\d+$/.test(id)) return null;
  const token = params.get('token');
  if (token !== null) {
    if (/^[A-Za-z0-9_-]{8,200}$/.test(token)) keepToken(id, token);
    history.replaceState(null, '', `#game=${id}`);
    return { id, token: true };
  }
  return { id, token: false };
}

// ---------- playing a friend ----------

function openFriendDialog() {
  const d = $('friend-dialog');
  const size = $('size').value;
  $('friend-board').textContent = `A ${size}×${size} board, the mouse starting on ${$('start').value} (as chosen under New game).`;
  const seat = $('seat').value;
  if (seat === 'mouse' || seat === 'cats') $('friend-side').value = seat;
  $('friend-error').textContent = '';
  $('friend-form').hidden = false;
  $('friend-links').hidden = true;
  $('copy-note').textContent = '';
  if (d.showModal) d.showModal(); else d.setAttribute('open', '');
  $('friend-side').focus();
}

function closeFriendDialog() {
  const d = $('friend-dialog');
  if (d.close) d.close(); else d.removeAttribute('open');
}

async function createFriendGame(ev) {
  ev.preventDefault();
  const side = $('friend-side').value === 'cats' ? 'cats' : 'mouse';
  const other = side === 'mouse' ? 'cats' : 'mouse';
  const body = { size: parseInt($('size').value, 10), start: $('start').value, mouse: 'human', cats: 'human' };
  const name = $('friend-name').value.trim();
  if (name) body.names = { [side]: name };
  const minutes = $('friend-minutes').value.trim();
  if (minutes) body.clock = { minutes: Number(minutes), increment: Number($('friend-increment').value || 0) };
  let links = null;
  state.setup = null;
  $('setup').hidden = true;
  const ok = await change(async () => {
    const g = await createGame(body, side);
    links = g.links;
    return g;
  });
  if (!ok || !links) { $('friend-error').textContent = $('error').textContent; return; }
  announce(`New game ${state.game.id} against a friend: you play the ${side}.`);
  $('friend-game').textContent = String(state.game.id);
  $('friend-other').textContent = other;
  $('friend-link').value = links[other];
  $('watch-link').value = links.watch;
  $('friend-local').hidden = !/^(localhost|127\.|\[::1\])/.test(location.host);
  $('friend-form').hidden = true;
  $('friend-links').hidden = false;
  $('copy-friend-link').focus();
}

async function copyLink(input, what) {
  const note = $('copy-note');
  try {
    await navigator.clipboard.writeText(input.value);
    note.textContent = `${what} copied.`;
  } catch {
    // no clipboard (an insecure origin, or permission refused): select it for Ctrl+C
    input.focus();
    input.select();
    note.textContent = `${what} is selected: press Ctrl+C (or ⌘C) to copy it.`;
  }
}

async function askUndo() {
  const g = state.game;
  state.view = null;
  if (!isFriends(g)) { change(() => api('POST', `/api/games/${g.id}/undo`)); return; }
  if (await change(() => api('POST', `/api/games/${g.id}/undo`))) {
    announce(`You asked to take back your last move. Waiting for ${who(g, mySeat() === 'mouse' ? 'cats' : 'mouse')}.`);
  }
}

function answerUndo(accept) {
  const g = state.game;
  change(() => api('POST', `/api/games/${g.id}/undo/${accept ? 'accept' : 'decline'}`));
}

async function resign() {
  const g = state.game;
  state.confirmResign = false;
  await change(() => api('POST', `/api/games/${g.id}/resign`));
  if (!$('rematch').hidden) $('rematch').focus();
}

async function rematch() {
  const g = state.game;
  if (g.rematch_id) { followRematch(g); return; }
  // the new game has the sides swapped; each player's token is the same
  const ok = await change(async () => {
    const r = await api('POST', `/api/games/${g.id}/rematch`);
    if (r.id !== g.id) carryToken(g.id, r.id);
    return r;
  });
  const cur = state.game;
  if (!ok) return;
  if (cur.id !== g.id) announce(`Rematch: game ${cur.id}. ${mySeat() ? `You play the ${mySeat()}.` : ''} ${describeNew(null, cur)}`);
  else announce(`You offered a rematch. Waiting for ${who(cur, mySeat() === 'mouse' ? 'cats' : 'mouse')}.`);
}

function saveName(ev) {
  ev.preventDefault();
  const g = state.game;
  const name = $('name-input').value.trim();
  $('name-input').dataset.game = '';
  change(() => api('POST', `/api/games/${g.id}/name`, { name }));
}

function fillStarts() {
  const size = parseInt($('size').value, 10);
  const sel = $('start');
  sel.innerHTML = '';
  for (const s of startSquares(size)) {
    const o = document.createElement('option');
    o.value = s;
    o.textContent = s === defaultStart(size) ? `${s} (default)` : s;
    sel.appendChild(o);
  }
  sel.value = defaultStart(size);
}

async function hint() {
  const g = state.game;
  if (!g || g.outcome) return;
  const fen = g.fen;
  showError(null);
  $('hint-text').textContent = 'Thinking about a hint…';
  try {
    const s = await solve(fen);
    const best = sortedResults(s)[0];
    state.hint = { fen, move: best.move, text: `Hint: ${best.move} — ${resultText(best.winner, best.plies)}.` };
    announce(state.hint.text);
  } catch (e) {
    state.hint = null;
    showError(e);
  }
  render();
}

async function refreshRecent() {
  try {
    const { games } = await api('GET', '/api/games?limit=20');
    const ul = $('recent');
    ul.innerHTML = '';
    for (const g of games) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.game = g.id;
      const n = g.moves ? g.moves.length : g.move_count;
      const res = g.result && g.result !== '*' ? g.result : 'in play';
      const when = g.updated_at ? g.updated_at.replace('T', ' ').replace(/:\d\dZ?$/, '') : '';
      b.textContent = `Game ${g.id} · ${g.size}×${g.size} · ${seatsText(g)} · ${n ?? '?'} ${n === 1 ? 'move' : 'moves'} · ${res}${when ? ' · ' + when : ''}`;
      if (state.game && state.game.id === g.id) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
      ul.appendChild(li);
    }
    if (!games.length) ul.innerHTML = '<li class="note">No games yet.</li>';
  } catch (e) { showError(e); }
}

// ---------- analysis set-up ----------

function enterSetup() {
  const size = parseInt($('size').value, 10);
  const g = state.game;
  const fen = viewedFen();
  state.setup = g && fen && parseFen(fen).size === size ? parseFen(fen) : startPosition(size, $('start').value);
  state.view = null;
  state.selected = null;
  $('setup').hidden = false;
  $('setup-side').value = state.setup.side;
  $('setup-fen').value = toFen(state.setup);
  announce('Set-up: pick a piece, then choose squares.');
  render();
  $('setup-title').scrollIntoView({ block: 'nearest' });
}

function placeSetup(name) {
  const [f, r] = sqCoords(name);
  if (!isDark(f, r)) { announce(`${name} is a light square: pieces stand on dark squares.`); return; }
  const cells = state.setup.cells;
  if (state.tool === 'm') {
    for (const [k, v] of [...cells]) if (v === 'm') cells.delete(k);
    cells.set(name, 'm');
  } else if (state.tool === 'c') {
    if (cells.get(name) === 'c') cells.delete(name); else cells.set(name, 'c');
  } else cells.delete(name);
  const cats = [...cells.values()].filter((v) => v === 'c').length;
  $('setup-fen').value = toFen(state.setup);
  announce(`${name} ${cells.get(name) === 'm' ? 'mouse' : cells.get(name) === 'c' ? 'cat' : 'empty'}. ${cats} of ${state.setup.size / 2} cats placed.`);
  render();
}

async function startAnalysis() {
  const fen = $('setup-fen').value.trim();
  await change(() => createGame({ fen, mouse: 'human', cats: 'human', hotseat: true }));
  if (state.game && state.game.start_fen.split(' ')[0] === fen.split(' ')[0]) {
    state.setup = null;
    $('setup').hidden = true;
    state.showResults = true;
    render();
  }
}

// ---------- how the computer thinks ----------

function esc(s) { return String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c])); }

function treeHtml(nodes, withCuts) {
  const kids = new Map();
  let root = null;
  for (const n of nodes) {
    if (n.parent === null || n.parent === undefined) root = n;
    else { if (!kids.has(n.parent)) kids.set(n.parent, []); kids.get(n.parent).push(n); }
  }
  if (!root) return '<p class="note">Empty tree.</p>';
  const line = (n) => {
    const cut = withCuts && (n.cut || n.pruned);
    const bits = [`<span class="mv">${n.move ? esc(n.move) : 'root'}</span>`];
    if (n.to_move) bits.push(`<span class="who">${esc(n.to_move)} to move</span>`);
    if (n.eval !== null && n.eval !== undefined) bits.push(`eval <b>${esc(n.eval)}</b>`);
    if (n.value !== null && n.value !== undefined) bits.push(`value <b>${esc(n.value)}</b>`);
    const win = Array.isArray(n.window) ? n.window : n.alpha !== undefined ? [n.alpha, n.beta] : null;
    if (win && !cut) bits.push(`<span class="ab">window (${esc(win[0])}, ${esc(win[1])})</span>`);
    if (n.best) bits.push('<span class="tag chosen">★ chosen</span>');
    if (cut) bits.push('<span class="tag cut">cut</span>');
    return `<span class="node${n.best ? ' best' : ''}${cut ? ' cut' : ''}" title="${esc(n.fen)}">${bits.join(' ')}</span>`;
  };
  const hasCut = new Map();
  const cutBelow = (n) => {
    if (hasCut.has(n.id)) return hasCut.get(n.id);
    const v = (kids.get(n.id) || []).some((c) => c.cut || c.pruned || cutBelow(c));
    hasCut.set(n.id, v);
    return v;
  };
  const rec = (n) => {
    const ch = kids.get(n.id) || [];
    if (!ch.length) return `<li>${line(n)}</li>`;
    // the chosen line is open; in the alpha-beta tree, so is every branch with a cut below
    const open = n.best || n.parent === null || n.parent === undefined || (withCuts && cutBelow(n));
    return `<li><details${open ? ' open' : ''}><summary>${line(n)} <span class="count">(${ch.length})</span></summary><ul>${ch.map(rec).join('')}</ul></details></li>`;
  };
  return `<ul class="tree">${rec(root)}</ul>`;
}

function countsEntries(c) {
  if (!c) return [];
  if (Array.isArray(c)) return c.map((e) => [e.technique ?? e.name, e.nodes ?? e.count]);
  return Object.entries(c);
}

function historyCells(h) {
  if (!h) return [];
  const arr = Array.isArray(h) ? h : h.cells || [];
  return arr.filter((c) => c && c.from && c.to).map((c) => ({ from: c.from, to: c.to, score: c.score ?? c.value ?? c.count ?? 0 }));
}

function sqSortKey(s) { const [f, r] = sqCoords(s); return r * 16 + f; }

function heatMapHtml(cells) {
  if (!cells.length) return '<p class="note">The history table is empty (no cut-offs were recorded).</p>';
  const froms = [...new Set(cells.map((c) => c.from))].sort((a, b) => sqSortKey(a) - sqSortKey(b));
  const tos = [...new Set(cells.map((c) => c.to))].sort((a, b) => sqSortKey(a) - sqSortKey(b));
  const max = Math.max(...cells.map((c) => c.score), 1);
  const at = new Map(cells.map((c) => [c.from + c.to, c.score]));
  const head = tos.map((t) => `<th scope="col">${t}</th>`).join('');
  const rows = froms.map((f) => `<tr><th scope="row">${f}</th>${tos.map((t) => {
    const v = at.get(f + t);
    if (!v) return '<td></td>';
    const a = 0.12 + 0.88 * (v / max);
    return `<td style="--heat:${a.toFixed(3)}" class="${a > 0.55 ? 'hot' : ''}">${v}</td>`;
  }).join('')}</tr>`).join('');
  return `<p class="note">From (rows) × to (columns): how much each move was credited for cut-offs; darker = more.</p><div class="scroll"><table class="heat"><thead><tr><th scope="col">from \\ to</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

let thinkShown = '';
let thinkSeq = 0;
async function runThink() {
  const seq = ++thinkSeq;
  const fen = viewedFen();
  const depth = $('think-depth').value;
  thinkShown = `${fen}|${depth}`;
  const out = $('think');
  out.innerHTML = '<p class="note">Searching…</p>';
  const q = `fen=${encodeURIComponent(fen)}&depth=${depth}`;
  const [tree, think, ev] = await Promise.allSettled([
    api('GET', `/api/tree?${q}`), api('GET', `/api/think?${q}`), api('GET', `/api/eval?fen=${encodeURIComponent(fen)}`),
  ]);
  if (seq !== thinkSeq) return;
  const parts = ['<div class="think-grid"><div>'];
  parts.push('<h3>Evaluation of this board</h3>');
  if (ev.status === 'fulfilled') {
    const e = ev.value;
    parts.push(`<table class="terms"><caption>Terms of the ${esc(e.eval)} evaluation, for the ${esc(e.for)}</caption><thead><tr><th scope="col">term</th><th scope="col">feature</th><th scope="col">weight</th><th scope="col">points</th></tr></thead><tbody>`);
    for (const t of e.terms || []) parts.push(`<tr><th scope="row" title="${esc(t.about)}">${esc(t.name)}<span class="about">${esc(t.about)}</span></th><td>${esc(t.feature)}</td><td>${esc(t.weight)}</td><td>${esc(t.points)}</td></tr>`);
    parts.push(`</tbody><tfoot><tr><th scope="row">total</th><td></td><td></td><td><b>${esc(e.total)}</b></td></tr></tfoot></table>`);
  } else parts.push(`<p class="note">${esc(ev.reason.message)}</p>`);
  parts.push('</div><div>');
  parts.push(`<h3>Minimax tree, depth ${depth}</h3>`);
  if (tree.status === 'fulfilled') {
    const t = tree.value;
    parts.push(`<p>Best move <b>${esc(t.best_move)}</b>, backed-up value <b>${esc(t.value)}</b>, ${t.nodes.length} boards. Leaves show the evaluation; every board shows the value backed up from below. ★ marks the chosen line.</p>`);
    parts.push(treeHtml(t.nodes, false));
  } else parts.push(`<p class="note">${esc(tree.reason.message)}</p>`);
  parts.push('</div><div>');
  parts.push(`<h3>Alpha-beta, depth ${depth}</h3>`);
  if (think.status === 'fulfilled') {
    const k = think.value;
    const nodes = k.nodes || (k.tree && k.tree.nodes);
    if (nodes) {
      const cuts = nodes.filter((n) => n.cut || n.pruned).length;
      parts.push(`<p>The same search with alpha-beta pruning: ${nodes.length} boards, ${cuts} branches cut (struck through: never searched).</p>`);
      parts.push(treeHtml(nodes, true));
    }
    parts.push('</div><div>');
    const counts = countsEntries(k.counts || k.node_counts);
    if (counts.length) {
      const max = Math.max(...counts.map(([, v]) => Number(v) || 0), 1);
      parts.push('<h3>Nodes searched by technique</h3><table class="counts"><thead><tr><th scope="col">technique</th><th scope="col">nodes</th><th scope="col"><span class="visually-hidden">bar</span></th></tr></thead><tbody>');
      for (const [name, v] of counts) parts.push(`<tr><th scope="row">${esc(name)}</th><td>${Number(v).toLocaleString('en')}</td><td><span class="bar" style="width:${(100 * (Number(v) || 0) / max).toFixed(1)}%"></span></td></tr>`);
      parts.push('</tbody></table>');
    }
    parts.push('<h3>History table</h3>');
    parts.push(heatMapHtml(historyCells(k.history)));
    const tt = k.table || k.tt || k.transposition_table;
    if (tt) {
      parts.push('<h3>Transposition table</h3><dl class="tt">');
      for (const [key, v] of Object.entries(tt)) {
        let shown = typeof v === 'number' ? v.toLocaleString('en') : esc(JSON.stringify(v));
        if (key === 'filled' && tt.capacity) { const pct = (100 * v) / tt.capacity; shown += ` (${pct.toFixed(pct < 1 ? 2 : 1)}%)`; }
        parts.push(`<dt>${esc(key)}</dt><dd>${shown}</dd>`);
      }
      parts.push('</dl>');
    }
  } else parts.push(`<p class="note">${esc(think.reason.message)}</p>`);
  parts.push('</div></div>');
  out.innerHTML = parts.join('');
}

// ---------- tablebases ----------

let tbTimer = null;
const tbKnownReady = new Set();
async function refreshTablebases() {
  clearTimeout(tbTimer);
  const el = $('tablebase');
  try {
    const { tablebases } = await api('GET', '/api/tablebase');
    el.innerHTML = '';
    // the small tablebases are built in a moment when first needed; only 10×10 takes a while
    const ready = tablebases.filter((t) => t.state === 'ready').map((t) => `${t.size}×${t.size}`);
    el.append(`Tablebases ready: ${ready.length ? ready.join(', ') : 'none yet'}`);
    let building = false;
    for (const t of tablebases) {
      if (t.state === 'building') {
        building = true;
        el.append(` · ${t.size}×${t.size} building ${Math.round(100 * (t.progress || 0))}%`);
      } else if (t.state === 'absent' && t.size === 10) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small';
        b.textContent = 'Load 10×10 tablebase';
        b.addEventListener('click', async () => {
          try { await api('POST', `/api/tablebase/${t.size}`); } catch (e) { showError(e); }
          refreshTablebases();
        });
        el.append(' · ', b);
      }
    }
    let newlyReady = false;
    for (const t of tablebases) {
      if (t.state === 'ready' && !tbKnownReady.has(t.size)) { tbKnownReady.add(t.size); newlyReady = true; }
    }
    if (building) tbTimer = setTimeout(refreshTablebases, 1000);
    if (newlyReady && state.game) { $('results').dataset.fen = ''; render(); }
  } catch { el.textContent = ''; }
}

// ---------- wiring ----------

function init() {
  fillStarts();
  const board = $('board');
  board.addEventListener('click', (ev) => {
    const b = ev.target.closest('.sq');
    if (b && !state.dragged) onSquare(b.dataset.sq);
  });
  board.addEventListener('keydown', boardKeydown);
  board.addEventListener('pointerdown', boardPointerDown);
  window.addEventListener('pointermove', boardPointerMove, { passive: false });
  window.addEventListener('pointerup', boardPointerUp);
  window.addEventListener('pointercancel', () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });

  $('size').addEventListener('change', fillStarts);
  $('new-game').addEventListener('submit', newGame);
  $('undo').addEventListener('click', askUndo);
  $('undo-accept').addEventListener('click', () => answerUndo(true));
  $('undo-decline').addEventListener('click', () => answerUndo(false));
  $('resign').addEventListener('click', () => { state.confirmResign = true; render(); $('resign-no').focus(); });
  $('resign-yes').addEventListener('click', resign);
  $('resign-no').addEventListener('click', () => { state.confirmResign = false; render(); $('resign').focus(); });
  $('rematch').addEventListener('click', rematch);
  $('name-form').addEventListener('submit', saveName);
  $('friend-button').addEventListener('click', openFriendDialog);
  $('friend-form').addEventListener('submit', createFriendGame);
  $('friend-cancel').addEventListener('click', closeFriendDialog);
  $('friend-done').addEventListener('click', closeFriendDialog);
  $('copy-friend-link').addEventListener('click', () => copyLink($('friend-link'), 'Your friend\'s link'));
  $('copy-watch-link').addEventListener('click', () => copyLink($('watch-link'), 'The watch link'));
  $('redo').addEventListener('click', () => { const g = state.game; state.view = null; change(() => api('POST', `/api/games/${g.id}/redo`), g.id); });
  $('hint').addEventListener('click', hint);
  $('go').addEventListener('click', () => {
    const g = state.game;
    const body = g[g.to_move] === 'human' ? { level: $('level').value } : {};
    change(() => api('POST', `/api/games/${g.id}/computer`, body), g.id);
  });
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    $('flip').setAttribute('aria-pressed', String(state.flipped));
    render();
  });
  $('results-toggle').addEventListener('click', () => {
    state.showResults = !state.showResults;
    localStorage.setItem('ryg.showResults', state.showResults ? '1' : '0');
    render();
  });
  $('move-list').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-ply]');
    if (!b) return;
    const k = parseInt(b.dataset.ply, 10);
    state.view = k === state.game.moves.length ? null : k;
    state.selected = null;
    clearTimeout(state.autoTimer);
    announce(state.view === null ? 'Back at the current position.' : `Position after ${k} moves.`);
    render();
    scheduleComputer();
  });
  $('review-back').addEventListener('click', () => { state.view = null; render(); scheduleComputer(); announce('Back at the current position.'); });
  $('review-continue').addEventListener('click', () => {
    const g = state.game;
    const k = state.view;
    state.view = null;
    change(async () => {
      let cur = g;
      for (let i = 0; i < 400 && cur.moves.length > k; i++) cur = await api('POST', `/api/games/${g.id}/undo`);
      return cur;
    });
  });
  $('copy-fen').addEventListener('click', async () => {
    const fen = viewedFen();
    try { await navigator.clipboard.writeText(fen); announce(`FEN copied: ${fen}`); $('hint-text').textContent = 'FEN copied.'; } catch {
      const r = document.createRange();
      r.selectNodeContents($('fen'));
      const sel = getSelection();
      sel.removeAllRanges();
      sel.addRange(r);
      announce('The FEN is selected: press Ctrl+C to copy it.');
    }
  });
  $('pgn-upload').addEventListener('change', async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const pgn = await file.text();
    ev.target.value = '';
    await change(() => createGame({ pgn, mouse: 'human', cats: 'human', hotseat: true }));
  });
  $('analysis-button').addEventListener('click', enterSetup);
  document.querySelectorAll('.tool').forEach((b) => b.addEventListener('click', () => {
    state.tool = b.dataset.tool;
    document.querySelectorAll('.tool').forEach((o) => o.setAttribute('aria-pressed', String(o === b)));
  }));
  $('setup-side').addEventListener('change', () => { state.setup.side = $('setup-side').value; $('setup-fen').value = toFen(state.setup); render(); });
  $('setup-load').addEventListener('click', () => {
    const fen = $('setup-fen').value.trim();
    if (!/^[0-9mc/]+ [mc]$/.test(fen)) { showError(new Error('A FEN looks like "1c1c1c1c/8/8/8/8/8/8/4m3 m": ranks from the top, then m or c for the side to move.')); return; }
    state.setup = parseFen(fen);
    $('setup-side').value = state.setup.side;
    showError(null);
    render();
  });
  $('setup-start').addEventListener('click', startAnalysis);
  $('setup-cancel').addEventListener('click', () => { state.setup = null; $('setup').hidden = true; render(); });
  $('think-run').addEventListener('click', () => { if (!$('think-run').disabled) runThink(); });
  $('think-depth').addEventListener('change', () => { if (!$('think-run').disabled) runThink(); });
  $('think-box').addEventListener('toggle', () => { if ($('think-box').open) render(); });
  $('recent').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-game]');
    if (b) loadGame(b.dataset.game);
  });
  window.addEventListener('hashchange', () => {
    const named = gameFromHash();
    if (named && (named.token || !state.game || String(state.game.id) !== named.id)) loadGame(named.id);
  });

  refreshTablebases();
  const named = gameFromHash();
  const id = named ? named.id : localStorage.getItem('ryg.game');
  (async () => {
    if (id) {
      await loadGame(id);
      if (state.game) return;
      showError(null);
    }
    // no game named: resume the most recently played one, else start one
    try {
      const { games } = await api('GET', '/api/games?limit=1');
      if (games.length) { await loadGame(games[0].id); if (state.game) return; }
    } catch { /* start a new game instead */ }
    await newGame();
  })();
}

document.addEventListener('DOMContentLoaded', init);
