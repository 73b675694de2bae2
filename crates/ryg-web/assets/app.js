// ryg web page: the board, the game controls and the analysis panels.
// Talks only to the ryg server's JSON API (/api/...); no framework, nothing fetched from elsewhere.
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
  const why = { mouse_escaped: 'the mouse reached the top row', mouse_trapped: 'the mouse is trapped',
    cats_blocked: 'the cats cannot move' }[o.reason] || o.reason;
  return `${o.winner === 'mouse' ? 'The mouse wins' : 'The cats win'}: ${why}.`;
}
function seatText(seat) { return seat === 'human' ? 'human' : seat === 'random' ? 'random' : seat === 'perfect' ? 'perfect' : `level ${seat}`; }
function seatsText(g) {
  if (g.mouse === 'human' && g.cats === 'human') return 'both sides human';
  if (g.mouse === 'human') return `you (mouse) vs ${seatText(g.cats)}`;
  if (g.cats === 'human') return `you (cats) vs ${seatText(g.mouse)}`;
  return `mouse ${seatText(g.mouse)} vs cats ${seatText(g.cats)}`;
}
function moveWords(piece, mv) { const [a, b] = splitMove(mv); return `${piece === 'm' ? 'Mouse' : 'Cat'} ${a} to ${b}`; }

// ---------- server ----------

async function api(method, path, body) {
  const opts = { method, headers: {} };
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

function isAnalysis(g) { return g.mouse === 'human' && g.cats === 'human'; }
function hasComputer(g) { return g.mouse !== 'human' || g.cats !== 'human'; }
function humanToMove(g) { return !g.outcome && g[g.to_move] === 'human'; }
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
  return g && !state.setup && state.view === null && !state.busy && humanToMove(g);
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
    announce(g.outcome ? 'The game is over.' : state.busy ? 'Wait: the computer is thinking.' : 'It is not your turn.');
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
  // read by the browser tests: is a request in flight, which game, how many moves
  document.body.dataset.busy = state.busy ? 'true' : 'false';
  if (!g) return;
  document.body.dataset.game = String(g.id);
  document.body.dataset.moves = String(g.moves.length);
  let status;
  if (state.setup) status = 'Setting up a position.';
  else if (g.outcome) status = outcomeText(g.outcome);
  else if (state.busy && !humanToMove(g)) status = `The computer (${sideWord(g.to_move)}) is thinking…`;
  else if (humanToMove(g)) status = hasComputer(g) ? `Your move (${sideWord(g.to_move)}).` : `${g.to_move === 'mouse' ? 'The mouse' : 'The cats'} to move.`;
  else status = `The computer (${sideWord(g.to_move)}) to move.`;
  $('status').textContent = state.setup ? `Setting up a ${state.setup.size}×${state.setup.size} position.` : `Game ${g.id} · ${g.size}×${g.size} · ${status}`;
  $('undo').disabled = state.busy || !!state.setup || g.moves.length === 0;
  $('redo').disabled = state.busy || !!state.setup || !(g.redo && g.redo.length);
  $('hint').disabled = state.busy || !!state.setup || !!g.outcome || state.view !== null;
  $('go').disabled = state.busy || !!state.setup || !!g.outcome || state.view !== null;
  const review = $('review');
  review.hidden = state.view === null || !!state.setup;
  if (state.view !== null) $('review-text').textContent = `Viewing the position after ${state.view} of ${g.moves.length} moves.`;
  renderMoves();
  const fen = viewedFen();
  $('fen').textContent = fen;
  $('pgn-download').href = `/api/games/${g.id}/pgn`;
  $('pgn-download').setAttribute('download', `ryg-game-${g.id}.pgn`);
  if (state.hint && state.hint.fen !== fen) { state.hint = null; }
  $('hint-text').textContent = state.hint ? state.hint.text : '';
  renderResults();
  // an open "How the computer thinks" follows the position on the board
  if ($('think-box').open && thinkShown !== `${fen}|${$('think-depth').value}`) runThink();
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
  return !!state.setup || (g && !hasComputer(g)) || state.showResults;
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
  const forced = !!state.setup || (g && !hasComputer(g));
  toggle.setAttribute('aria-pressed', String(vis));
  toggle.textContent = forced ? 'Exact results (always shown in analysis)' : vis ? 'Exact results: hide' : 'Exact results: show';
  toggle.disabled = forced;
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
  else if (humanToMove(g) && hasComputer(g)) words.push('Your move.');
  else if (!hasComputer(g)) words.push(`${g.to_move === 'mouse' ? 'Mouse' : 'Cats'} to move.`);
  return words.join(' ');
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
  try {
    const g = await fn();
    if (g) setGame(g, prev);
  } catch (e) {
    showError(e);
    announce(e.message);
  } finally {
    stopThinkingPoll();
    state.busy = false;
    render();
    scheduleComputer();
  }
}

function setGame(g, prev) {
  const same = prev && prev.id === g.id;
  state.game = g;
  if (!same) { state.view = null; state.hint = null; state.flipped = g.mouse !== 'human' && g.cats === 'human'; $('flip').setAttribute('aria-pressed', String(state.flipped)); }
  state.selected = null;
  if (location.hash !== `#game=${g.id}`) history.replaceState(null, '', `#game=${g.id}`);
  localStorage.setItem('ryg.game', String(g.id));
  const words = describeNew(prev, g);
  if (words) announce(words);
  refreshRecent();
}

function play(mv) {
  const g = state.game;
  return change(() => api('POST', `/api/games/${g.id}/moves`, { move: mv }), g.id);
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
    case 'both': return { mouse: 'human', cats: 'human' };
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
  await change(() => api('POST', '/api/games', body));
  if (state.game) announce(`New game ${state.game.id}. ${describeNew(null, state.game)}`);
}

async function loadGame(id) {
  state.setup = null;
  $('setup').hidden = true;
  await change(() => api('GET', `/api/games/${id}`));
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
      b.textContent = `Game ${g.id} · ${g.size}×${g.size} · ${seatsText(g)} · ${n ?? '?'} moves · ${res}${when ? ' · ' + when : ''}`;
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
  await change(() => api('POST', '/api/games', { fen, mouse: 'human', cats: 'human' }));
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
  $('undo').addEventListener('click', () => { const g = state.game; state.view = null; change(() => api('POST', `/api/games/${g.id}/undo`)); });
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
    await change(() => api('POST', '/api/games', { pgn, mouse: 'human', cats: 'human' }));
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
  $('think-run').addEventListener('click', runThink);
  $('think-depth').addEventListener('change', runThink);
  $('think-box').addEventListener('toggle', () => { if ($('think-box').open) render(); });
  $('recent').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-game]');
    if (b) loadGame(b.dataset.game);
  });
  window.addEventListener('hashchange', () => {
    const m = location.hash.match(/game=(\d+)/);
    if (m && (!state.game || String(state.game.id) !== m[1])) loadGame(m[1]);
  });

  refreshTablebases();
  const m = location.hash.match(/game=(\d+)/);
  const id = m ? m[1] : localStorage.getItem('ryg.game');
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
