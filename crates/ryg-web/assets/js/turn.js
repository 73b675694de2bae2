// What a click, a key or a drag on the board means: pick up a piece, move it, or say why not.
import { parseFen, splitMove, sqCoords, isDark } from './fen.js';
import { showError, announce } from './dom.js';
import { state, hooks, watching, interactive, legalFrom, legalTo } from './state.js';
import { render, renderBoard, refuse } from './game.js';
import { play } from './play.js';
import { placeSetup } from './setup.js';
import { whyNot } from './refuse.js';
import { t } from './i18n.js';

/** Why a move cannot be made on the board now (null: it can). */
export function notNow(g) {
  if (state.view !== null) return t('say.earlier');
  if (interactive()) return null;
  return t(g.outcome ? 'say.over' : state.busy ? 'say.wait' : watching(g) ? 'say.watching' : 'say.notYourTurn');
}

/** Refuses the move `from`→`to` beside `to`, saying why. */
function refuseMove(from, to) {
  const why = whyNot(parseFen(state.game.fen), from, to, state.game.legal_moves);
  if (why) refuse(to, t(why.key, why.args));
}

/** Whether a move on the board now goes into a side line (sideline.js, once loaded). */
function exploring() {
  return !!hooks.side && hooks.side.exploring();
}

function onSquare(name) {
  showError(null);
  if (state.setup) {
    placeSetup(name);
    return;
  }
  const g = state.game;
  if (!g) return;
  if (exploring()) {
    hooks.side.exploreSquare(name);
    return;
  }
  const why = notNow(g);
  if (why) {
    refuse(name, why);
    return;
  }
  const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
  const pos = parseFen(g.fen);
  if (state.selected) {
    const mv = legalFrom(state.selected).find((m) => splitMove(m)[1] === name);
    if (mv) {
      state.selected = null;
      play(mv);
      return;
    }
    if (state.selected === name) {
      state.selected = null;
      announce(t('say.putDown', { sq: name }));
      render();
      return;
    }
  }
  if (pos.cells.get(name) === myPiece) {
    const moves = legalFrom(name);
    if (!moves.length) {
      state.selected = null;
      render();
      refuse(name, t('say.cannotMove', { sq: name }));
      return;
    }
    state.selected = name;
    announce(t('say.pickedUp', { sq: name, list: moves.map((m) => splitMove(m)[1]).join(', ') }));
    render();
    return;
  }
  const to = legalTo(name);
  if (to.length === 1) {
    state.selected = null;
    play(to[0]);
    return;
  }
  if (state.selected) {
    const from = state.selected;
    state.selected = null;
    render();
    refuseMove(from, name);
    return;
  }
  if (to.length > 1) {
    refuse(name, t('say.several', { sq: name, list: to.map((m) => splitMove(m)[0]).join(', ') }));
    return;
  }
  render();
  const [f, r] = sqCoords(name);
  if (!isDark(f, r)) refuse(name, t('why.light', { sq: name }));
  else refuse(name, t(pos.cells.get(name) ? 'say.notYours' : 'say.noMove', { sq: name }));
}

/** The answers board.js asks for. */
export const boardInput = {
  square: onSquare,
  canDrag(sq) {
    if (!state.setup && state.game && exploring()) return hooks.side.canDragSide(sq);
    if (state.setup || !state.game || notNow(state.game)) return false;
    const g = state.game;
    const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
    return parseFen(g.fen).cells.get(sq) === myPiece && legalFrom(sq).length > 0;
  },
  dragStart(sq) {
    state.selected = sq;
    renderBoard();
  },
  drop(from, to) {
    if (exploring()) {
      hooks.side.dropSide(from, to);
      return;
    }
    const mv = to && legalFrom(from).find((m) => splitMove(m)[1] === to);
    state.selected = null;
    if (mv) {
      play(mv);
      return;
    }
    renderBoard();
    if (to && to !== from) refuseMove(from, to);
  },
  escape() {
    if (state.selected) {
      state.selected = null;
      announce(t('say.cleared'));
      render();
    }
  },
};
