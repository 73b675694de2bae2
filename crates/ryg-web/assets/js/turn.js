// What a click, a key or a drag on the board means: pick up a piece, move it, or say why not.
import { parseFen, splitMove } from './fen.js';
import { showError, announce } from './dom.js';
import { state, watching, interactive, legalFrom, legalTo } from './state.js';
import { render, renderBoard } from './game.js';
import { play } from './play.js';
import { placeSetup } from './setup.js';
import { t } from './i18n.js';

function onSquare(name) {
  showError(null);
  if (state.setup) { placeSetup(name); return; }
  const g = state.game;
  if (!g) return;
  if (state.view !== null) { announce(t('say.earlier')); return; }
  if (!interactive()) {
    announce(t(g.outcome ? 'say.over' : state.busy ? 'say.wait' : watching(g) ? 'say.watching' : 'say.notYourTurn'));
    return;
  }
  const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
  const pos = parseFen(g.fen);
  if (state.selected) {
    const mv = legalFrom(state.selected).find((m) => splitMove(m)[1] === name);
    if (mv) { state.selected = null; play(mv); return; }
    if (state.selected === name) { state.selected = null; announce(t('say.putDown', { sq: name })); render(); return; }
  }
  if (pos.cells.get(name) === myPiece) {
    const moves = legalFrom(name);
    if (!moves.length) { state.selected = null; announce(t('say.cannotMove', { sq: name })); render(); return; }
    state.selected = name;
    announce(t('say.pickedUp', { sq: name, list: moves.map((m) => splitMove(m)[1]).join(', ') }));
    render();
    return;
  }
  const to = legalTo(name);
  if (to.length === 1) { state.selected = null; play(to[0]); return; }
  if (to.length > 1) {
    announce(t('say.several', { sq: name, list: to.map((m) => splitMove(m)[0]).join(', ') }));
    return;
  }
  state.selected = null;
  announce(t('say.noMove', { sq: name }));
  render();
}

/** The answers board.js asks for. */
export const boardInput = {
  square: onSquare,
  canDrag(sq) {
    if (!interactive()) return false;
    const g = state.game;
    const myPiece = g.to_move === 'mouse' ? 'm' : 'c';
    return parseFen(g.fen).cells.get(sq) === myPiece && legalFrom(sq).length > 0;
  },
  dragStart(sq) {
    state.selected = sq;
    renderBoard();
  },
  drop(from, to) {
    const mv = to && legalFrom(from).find((m) => splitMove(m)[1] === to);
    if (mv) { state.selected = null; play(mv); } else renderBoard();
  },
  escape() {
    if (state.selected) { state.selected = null; announce(t('say.cleared')); render(); }
  },
};
