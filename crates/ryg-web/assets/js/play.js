// Playing the shown game: requests that change it (moves, the computer's turn, undo, resign,
// rematch, names), the answers and live events that replace it, and loading or creating games.
import { $, showError, announce } from './dom.js';
import { api, keepToken, carryToken, openStream, closeStream } from './api.js';
import { state, hasComputer, isFriends, mySeat, startPos, positionAt } from './state.js';
import { who, resultText } from './words.js';
import { describeNew, describeEvent } from './narrate.js';
import { render } from './game.js';
import { refreshRecent } from './recent.js';
import { solve, tbKnownReady, refreshTablebases } from './results.js';
import { sortedResults } from './ranking.js';
import { parseFen, toFen, startPosition } from './fen.js';
import { rememberGame } from './known.js';
import { syncAddress, plyInAddress } from './address.js';
import { splitHash } from './hash.js';
import { t, currentLang, errorText, fmt } from './i18n.js';

let thinkingTimer = null;
function startThinkingPoll(id) {
  stopThinkingPoll();
  const el = $('thinking');
  const t0 = performance.now();
  thinkingTimer = setInterval(async () => {
    try {
      const th = await api('GET', `/api/games/${id}/thinking`);
      if (!thinkingTimer) return;
      if (th.thinking) {
        el.hidden = false;
        el.textContent = t('thinking.line', {
          depth: th.depth,
          nodes: Number(th.nodes).toLocaleString(currentLang()),
          secs: fmt((performance.now() - t0) / 1000, 1),
        });
      }
    } catch {
      /* the move request reports errors */
    }
  }, 150);
}
function stopThinkingPoll() {
  if (thinkingTimer) clearInterval(thinkingTimer);
  thinkingTimer = null;
  $('thinking').hidden = true;
}

/** Runs a request that changes the game (`fn` resolves to the new game, or nothing); keeps the
 * page responsive meanwhile. Resolves to whether it worked. */
export async function change(fn, thinkingId) {
  if (state.busy) return false;
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
    announce(errorText(e));
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
  const same = sameGame(prev, g);
  if (same && g.version < prev.version) return; // an older answer than what is shown
  if (!event) state.you = g.you || null;
  delete g.tokens;
  delete g.links;
  state.game = g;
  state.clockAt = performance.now();
  if (!same) {
    // a link may name a position of the game: `#game=ID&ply=K`
    const ply = plyInAddress(g.id);
    state.view = ply !== null && ply < g.moves.length ? ply : null;
    state.hint = null;
    state.confirmResign = false;
    state.flipped = mySeat() === 'cats' || (g.mouse !== 'human' && g.cats === 'human');
    $('flip').setAttribute('aria-pressed', String(state.flipped));
    if (g.id !== null) openStream(g.id, onEvent, setConnected);
    else closeStream(setConnected);
  }
  const moved = !same || g.moves.join() !== prev.moves.join();
  if (moved) {
    state.selected = null;
    state.side = null;
  }
  // a new game is stored at its first move: until then the address names none
  if (!state.busy) syncAddress(g, state.view);
  if (g.id !== null) {
    localStorage.setItem('ryg.game', String(g.id));
    rememberGame(g.id);
  }
  const words = event ? describeEvent(prev, g) : describeNew(prev, g);
  if (words) announce(words);
  if (same && moved && g.moves.length > prev.moves.length && g.last_move && g.last_move !== state.sent)
    state.animate = g.last_move;
  if (moved || !same || !!g.outcome !== !!prev.outcome) refreshRecent();
  // the computer's first move on a board builds its tablebase (8×8: a moment): the header says so
  if (moved && hasComputer(g) && !tbKnownReady.has(startPos(g).size)) refreshTablebases();
}

export function play(mv) {
  const g = state.game;
  state.sent = mv;
  if (g.id === null) return change(() => storeDraft(g, [mv]));
  return change(() => api('POST', `/api/games/${g.id}/moves`, { move: mv }), g.id);
}

/** Whether `a` and `b` are the same game (two games not stored yet are two games). */
function sameGame(a, b) {
  return !!a && !!b && a.id === b.id && (a.id !== null || a.draft === b.draft);
}

let drafts = 0;

/** A new game, not stored yet (a person moves first): the server stores it at its first move
 * (`storeDraft`), so that no game is stored empty. The server says the position's moves. */
async function draftGame(body) {
  const pos = body.fen ? parseFen(body.fen) : startPosition(body.size, body.start);
  const fen = body.fen ? body.fen.trim() : toFen(pos);
  const m = await api('GET', `/api/moves?fen=${encodeURIComponent(fen)}`);
  const hotseat = !!body.hotseat;
  const you = hotseat ? 'both' : body.mouse === 'human' ? 'mouse' : body.cats === 'human' ? 'cats' : null;
  drafts += 1;
  return {
    id: null,
    draft: body,
    seq: drafts,
    size: pos.size,
    start_fen: m.fen,
    fen: m.fen,
    to_move: m.side,
    moves: [],
    redo: [],
    legal_moves: m.moves,
    last_move: null,
    outcome: null,
    result: '*',
    mouse: body.mouse,
    cats: body.cats,
    names: { mouse: null, cats: null },
    players: hotseat ? 'hotseat' : 'computer',
    hotseat,
    you,
    clock: null,
    undo_request: null,
    rematch: null,
    rematch_id: null,
    version: 0,
  };
}

/** Stores the new game `g` with its first `moves`; resolves to the stored game. */
function storeDraft(g, moves) {
  return createGame({ ...g.draft, moves });
}

/** Starts game `body`: stored at once when the computer moves first, else at the first move. */
export function startGame(body) {
  const pos = body.fen ? parseFen(body.fen) : startPosition(body.size, body.start);
  const first = pos.side === 'm' ? body.mouse : body.cats;
  return first === 'human' ? draftGame(body) : createGame(body);
}

// ---------- live updates ----------

let connTimer = null;
function setConnected(ok) {
  // a short gap (the server closing an idle stream) is not worth a note
  if (ok) {
    clearTimeout(connTimer);
    connTimer = null;
    $('conn').hidden = true;
    return;
  }
  if (connTimer === null && $('conn').hidden)
    connTimer = setTimeout(() => {
      connTimer = null;
      $('conn').hidden = false;
    }, 1500);
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
  // a rematch both players agreed to: the offerer's page follows it with the same token (a
  // live event, the same for everyone, says only that there is one: the new game's id is for
  // the players, who read it with their token)
  if (state.you && (g.rematch_id || g.rematched) && !(prev.rematch_id || prev.rematched)) {
    if (g.rematch_id) followRematch(g);
    else {
      api('GET', `/api/games/${g.id}`).then(
        (mine) => {
          if (mine?.rematch_id && state.game && state.game.id === g.id) followRematch(mine);
        },
        () => {},
      );
    }
  }
}

function followRematch(g) {
  carryToken(g.id, g.rematch_id);
  loadGame(String(g.rematch_id));
}

/** The computer's turn: it moves after a short pause (unless the page looks elsewhere). */
export function scheduleComputer() {
  clearTimeout(state.autoTimer);
  const g = state.game;
  if (!g || g.outcome || state.view !== null || state.setup || state.busy) return;
  // a reply the server queued comes by itself, as an event
  if (g[g.to_move] === 'human' || g.computer_queued) return;
  state.autoTimer = setTimeout(() => {
    const cur = state.game;
    if (cur !== g || state.busy || state.view !== null || state.setup) return;
    change(() => api('POST', `/api/games/${g.id}/computer`, {}), g.id);
  }, 500);
}

// ---------- games: new, loaded, named by the address ----------

function seatsFor(choice, level) {
  switch (choice) {
    case 'cats':
      return { mouse: level, cats: 'human' };
    case 'both':
      return { mouse: 'human', cats: 'human', hotseat: true };
    case 'watch':
      return { mouse: level, cats: level };
    default:
      return { mouse: 'human', cats: level };
  }
}

function leaveSetup() {
  state.setup = null;
  $('setup').hidden = true;
}

export async function newGame(ev) {
  if (ev) ev.preventDefault();
  const size = parseInt($('size').value, 10);
  /** @type {Record<string, unknown>} */
  const body = { size, start: $('start').value, ...seatsFor($('seat').value, $('level').value) };
  if ($('rated').checked && ['mouse', 'cats'].includes($('seat').value)) body.rated = true;
  leaveSetup();
  if (await change(() => startGame(body))) {
    const g = state.game;
    // the form may sit below the board (on a phone): bring the new game into view
    if ($('status').getBoundingClientRect().top < 0) window.scrollTo(0, 0);
    announce(`${g.id === null ? t('say.newDraft') : t('say.newGame')} ${describeNew(null, g)}`);
  }
}

/** Creates a game and keeps the seat tokens of its answer: every one (games against the
 * computer, hotseat), or only `keep`'s (a game against a friend: the other is in the link). */
export async function createGame(body, keep) {
  const g = await api('POST', '/api/games', body);
  const tokens = g.tokens || {};
  for (const side of keep ? [keep] : ['mouse', 'cats']) keepToken(g.id, tokens[side]);
  if (keep) g.you = keep;
  else if (tokens.mouse && tokens.cats) g.you = 'both';
  else g.you = tokens.mouse ? 'mouse' : tokens.cats ? 'cats' : null;
  return g;
}

export async function loadGame(id) {
  leaveSetup();
  await change(() => api('GET', `/api/games/${id}`));
}

/** The game named by the address (`#game=ID`); a seat's link (`#game=ID&token=T`) leaves its
 * token in this browser and the address without it. */
export function gameFromHash() {
  const { game: id, ply, token } = splitHash(location.hash);
  if (!id) return null;
  if (token !== null) {
    if (/^[A-Za-z0-9_-]{8,200}$/.test(token)) keepToken(id, token);
    history.replaceState(null, '', `#game=${id}${ply === null ? '' : `&ply=${ply}`}`);
    return { id, token: true };
  }
  return { id, token: false };
}

// ---------- the controls ----------

export async function askUndo() {
  const g = state.game;
  state.view = null;
  state.side = null;
  if (!isFriends(g)) {
    change(() => api('POST', `/api/games/${g.id}/undo`));
    return;
  }
  if (await change(() => api('POST', `/api/games/${g.id}/undo`))) {
    announce(t('say.undoAsked', { who: who(g, mySeat() === 'mouse' ? 'cats' : 'mouse') }));
  }
}

export function answerUndo(accept) {
  const g = state.game;
  change(() => api('POST', `/api/games/${g.id}/undo/${accept ? 'accept' : 'decline'}`));
}

export function redo() {
  const g = state.game;
  state.view = null;
  state.side = null;
  change(() => api('POST', `/api/games/${g.id}/redo`), g.id);
}

/** The computer moves now for the side to move (at the level chosen for a person's side). */
export function computerMove() {
  const g = state.game;
  const body = g[g.to_move] === 'human' ? { level: $('level').value } : {};
  if (g.id === null) {
    change(async () => {
      const stored = await createGame(g.draft);
      return { ...(await api('POST', `/api/games/${stored.id}/computer`, body)), you: stored.you };
    });
    return;
  }
  change(() => api('POST', `/api/games/${g.id}/computer`, body), g.id);
}

/** A new game against the computer from the position after `k` plies of the shown game, the
 * visitor playing `side` (the side whose move there gave the win away). */
export async function tryAgain(k, side) {
  const g = state.game;
  const level = $('level').value;
  const body = {
    fen: toFen(positionAt(g, k)),
    mouse: side === 'mouse' ? 'human' : level,
    cats: side === 'cats' ? 'human' : level,
  };
  leaveSetup();
  if (await change(() => startGame(body))) {
    if ($('status').getBoundingClientRect().top < 0) window.scrollTo(0, 0);
    announce(t(`say.tryAgain.${side}`));
  }
}

/** Takes back the moves after the viewed position. */
export function continueFromView() {
  const g = state.game;
  const k = state.view;
  state.view = null;
  change(async () => {
    let cur = g;
    for (let i = 0; i < 400 && cur.moves.length > k; i++) cur = await api('POST', `/api/games/${g.id}/undo`);
    return cur;
  });
}

/** Makes the side line on the board the game's own: the moves after its branch taken back, its
 * moves played (analysis, both sides at this board). */
export function playSideLine() {
  const g = state.game;
  const s = state.side;
  if (!s) return;
  const line = s.moves.slice(0, s.shown);
  state.side = null;
  state.view = null;
  change(async () => {
    let cur = g;
    for (let i = 0; i < 400 && cur.moves.length > s.at; i++) cur = await api('POST', `/api/games/${g.id}/undo`);
    for (const move of line) cur = await api('POST', `/api/games/${g.id}/moves`, { move });
    return cur;
  });
}

export async function resign() {
  const g = state.game;
  state.confirmResign = false;
  await change(() => api('POST', `/api/games/${g.id}/resign`));
  if (!$('rematch').hidden) $('rematch').focus();
}

/** Calls off the shown game, in which nobody has moved yet. */
export async function abortGame() {
  const g = state.game;
  await change(() => api('POST', `/api/games/${g.id}/abort`));
}

export async function rematch() {
  const g = state.game;
  if (g.rematch_id) {
    followRematch(g);
    return;
  }
  // the new game has the sides swapped; each player's token is the same
  const ok = await change(async () => {
    const r = await api('POST', `/api/games/${g.id}/rematch`);
    if (r.id !== g.id) carryToken(g.id, r.id);
    return r;
  });
  const cur = state.game;
  if (!ok) return;
  if (cur.id !== g.id)
    announce(`${t('say.rematch')} ${mySeat() ? t(`say.youPlay.${mySeat()}`) : ''} ${describeNew(null, cur)}`);
  else announce(t('say.rematchOffered', { who: who(cur, mySeat() === 'mouse' ? 'cats' : 'mouse') }));
}

export function saveName(ev) {
  ev.preventDefault();
  const g = state.game;
  const name = $('name-input').value.trim();
  $('name-input').dataset.game = '';
  change(() => api('POST', `/api/games/${g.id}/name`, { name }));
}

export async function hint() {
  const g = state.game;
  if (!g || g.outcome) return;
  const fen = g.fen;
  showError(null);
  $('hint-text').textContent = t('hint.thinking');
  try {
    const s = await solve(fen);
    const best = sortedResults(s)[0];
    state.hint = {
      fen,
      move: best.move,
      text: t('hint.text', { move: best.move, result: resultText(best.winner, best.plies) }),
    };
    announce(state.hint.text);
  } catch (e) {
    state.hint = null;
    showError(e);
  }
  render();
}
