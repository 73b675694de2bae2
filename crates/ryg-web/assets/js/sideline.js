// Side lines: in analysis (both sides at this board) and in a finished game's review, a move
// made on an earlier position starts a line of its own beside the game, which the game does not
// keep. The board, the exact results, the evaluation bar and the arrows follow it; the Moves box
// lists it; "Back to the main line" returns to the game's position where it branched.
import { parseFen, splitMove, sqCoords, isDark } from './fen.js';
import { $, announce } from './dom.js';
// loaded after the game view (game.js imports this module when first needed): no cycle at load
import { render, renderBoard, refuse } from './game.js';
import { api } from './api.js';
import { state, isHotseat, isFriends, playingFriend, startPos, viewedFen } from './state.js';
import { pushAddress } from './address.js';
import { moveNumber } from './reviewdata.js';
import { t } from './i18n.js';
import { playInLine, stepLine } from './sidedata.js';

/** The legal moves of positions off the game's line, by FEN: `{moves, outcome}` or a promise. */
const known = new Map();

/** Whether the game on the page may have side lines: analysed (both sides at this board) or
 * finished, and not a game between friends under way. */
export function sideAllowed(g = state.game) {
  return !!g && g.id !== null && !state.setup && !playingFriend(g) && (isHotseat(g) || !!g.outcome);
}

/** Whether a move on the board now goes into a side line: on an earlier position of such a game,
 * or in a side line. */
export function exploring() {
  return sideAllowed() && (state.view !== null || !!state.side);
}

/** The position on the board with its legal moves, `{fen, side, moves, outcome}`, once known
 * (asked for the first time: null, and the page drawn again when the answer comes). */
export function exploreData() {
  const fen = viewedFen();
  const got = known.get(fen);
  if (got && !got.then) return { fen, side: parseFen(fen).side, ...got };
  if (!got) {
    const p = api('GET', `/api/moves?fen=${encodeURIComponent(fen)}`).then(
      (m) => {
        known.set(fen, { moves: m.moves || [], outcome: m.outcome || null });
        render();
      },
      () => known.delete(fen),
    );
    known.set(fen, p);
  }
  return null;
}

/** Shows the main line's position after `k` plies (the side line left). */
function toMain(k) {
  const g = state.game;
  state.side = null;
  state.selected = null;
  state.view = k >= g.moves.length ? null : k;
  pushAddress(g, state.view);
  announce(state.view === null ? t('say.back') : t('say.positionAfter', { k: state.view }));
}

/** Plays move `mv` on the board's position, off the game's line (or along it where it is the
 * game's own next move). */
export function playSide(mv) {
  const g = state.game;
  const next = playInLine(state.side, state.view ?? g.moves.length, g.moves, mv);
  state.selected = null;
  if (next.main !== undefined) toMain(next.main);
  else {
    const started = !state.side;
    state.side = next.side;
    state.animate = mv;
    announce(started ? t('sideline.started', { mv }) : t('sideline.played', { mv }));
  }
  render();
}

/** ←/→ in a side line: a step along it (before its first move: the game's position before the
 * branch). Returns whether it moved. */
export function stepSide(delta) {
  const next = stepLine(state.side, delta);
  if (!next) return false;
  if (next.main !== undefined) toMain(next.main);
  else {
    state.side = next.side;
    state.selected = null;
  }
  render();
  return true;
}

/** A click on square `name` off the game's line (an earlier position of an analysed or finished
 * game, or a side line): pick up a piece of the side to move there, or play into a side line. */
export function exploreSquare(name) {
  const ex = exploreData();
  if (!ex) return; // its moves are on their way
  const pos = parseFen(ex.fen);
  if (state.selected) {
    const mv = sideMovesFrom(ex, state.selected).find((m) => splitMove(m)[1] === name);
    if (mv) {
      playSide(mv);
      return;
    }
    if (state.selected === name) {
      state.selected = null;
      announce(t('say.putDown', { sq: name }));
      render();
      return;
    }
  }
  if (pos.cells.get(name) === ex.side && sideMovesFrom(ex, name).length) {
    state.selected = name;
    announce(
      t('say.pickedUp', {
        sq: name,
        list: sideMovesFrom(ex, name)
          .map((m) => splitMove(m)[1])
          .join(', '),
      }),
    );
    render();
    return;
  }
  const to = ex.moves.filter((m) => splitMove(m)[1] === name);
  if (to.length === 1) {
    playSide(to[0]);
    return;
  }
  state.selected = null;
  render();
  const [f, r] = sqCoords(name);
  if (ex.outcome || !ex.moves.length) refuse(name, t('say.over'));
  else if (!isDark(f, r)) refuse(name, t('why.light', { sq: name }));
  else if (to.length > 1) refuse(name, t('say.several', { sq: name, list: to.map((m) => splitMove(m)[0]).join(', ') }));
  else refuse(name, t(pos.cells.get(name) ? 'say.notYours' : 'say.noMove', { sq: name }));
}

/** Whether the piece on `sq` may be dragged off the game's line now. */
export function canDragSide(sq) {
  const ex = exploreData();
  return !!ex && parseFen(ex.fen).cells.get(sq) === ex.side && sideMovesFrom(ex, sq).length > 0;
}

/** A drag off the game's line ended on `to` (or null). */
export function dropSide(from, to) {
  const ex = exploreData();
  const mv = ex && to && sideMovesFrom(ex, from).find((m) => splitMove(m)[1] === to);
  state.selected = null;
  if (mv) playSide(mv);
  else renderBoard();
}

/** Leaves the side line for the game's position where it branched. */
export function backToMain() {
  if (!state.side) return;
  const at = state.side.at;
  toMain(at);
  announce(t('sideline.left', { k: at }));
  render();
}

/** The side line in the Moves box and its buttons in the banner over the board. */
export function renderSideLine(g) {
  const s = state.side;
  $('side-line').hidden = !s;
  $('side-back').hidden = !s;
  $('side-keep').hidden = !s || !state.you || isFriends(g) || !isHotseat(g);
  if (!s) return;
  const first = startPos(g).side;
  $('side-title').textContent = t('sideline.title', { num: moveNumber(s.at, first) });
  const list = $('side-moves');
  list.replaceChildren();
  s.moves.forEach((mv, i) => {
    const li = document.createElement('li');
    const ply = s.at + i;
    const mover = (ply + (first === 'm' ? 0 : 1)) % 2 === 0 ? 'mouse' : 'cats';
    if (i === 0 || mover === 'mouse') {
      const n = document.createElement('span');
      n.className = 'num';
      n.textContent = moveNumber(ply, first);
      li.appendChild(n);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = mv;
    b.dataset.shown = String(i + 1);
    b.setAttribute('aria-label', t('moves.label', { side: t(`player.${mover}`), mv }));
    if (i + 1 === s.shown) b.setAttribute('aria-current', 'true');
    li.appendChild(b);
    list.appendChild(li);
  });
}

/** Wires the side line's list and its Back button (once, as the module loads). */
function initSideLine() {
  $('side-moves').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-shown]');
    if (!b || !state.side) return;
    state.side = { ...state.side, shown: Number(b.dataset.shown) };
    state.selected = null;
    render();
  });
  $('side-back').addEventListener('click', () => {
    backToMain();
    $('move-list').querySelector('[aria-current]')?.focus();
  });
}

/** The moves of the side line's position that start on square `sq`. */
export function sideMovesFrom(data, sq) {
  return data.moves.filter((m) => splitMove(m)[0] === sq);
}

initSideLine();
