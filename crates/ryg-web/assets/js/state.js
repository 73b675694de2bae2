// What the page shows and holds: the one state object, and what follows from it (whose turn,
// which seat this page holds, the position on the board).
import { parseFen, toFen, applyMove, splitMove } from './fen.js';

export const state = {
  game: null, // the game object from the server
  view: null, // null: the live position; a number k: the position after k moves (review)
  selected: null, // square name of the picked piece
  flipped: false,
  showResults: localStorage.getItem('ryg.showResults') === '1',
  busy: false, // a request that changes the game is in flight
  setup: null, // analysis set-up: {size, cells: Map, side}
  tool: 'm',
  hint: null, // {move, text, fen}
  autoTimer: null,
  you: null, // the seat this page's token holds in the shown game: null, 'mouse', 'cats', 'both'
  pending: null, // the newest event that came while a request was in flight
  sent: null, // the move this page just sent (not animated when it comes back)
  animate: null, // a move to slide on the next render
  clockAt: 0, // performance.now() when the shown game's clock values were read
  confirmResign: false,
  cardClosed: null, // the id of the game whose end-of-game card was closed
  side: null, // a side line off the game (analysis, review): {at, moves, shown} (sidedata.js); state.view is then `at`
  lost: null, // the review's marks: {game: 'id:plies', kept: Map(ply of the move → {moves: better moves, kind: 'gave-win' or 'shortened'})}
};

/** Late-bound calls between modules that would otherwise use each other (set by main.js). */
export const hooks = {
  render: () => {},
  side: null, // sideline.js once loaded (with the first analysed or finished game)
};

export function hasComputer(g) {
  return g.mouse !== 'human' || g.cats !== 'human';
}
export function hasHuman(g) {
  return g.mouse === 'human' || g.cats === 'human';
}
export function isHotseat(g) {
  return g.players === 'hotseat' || (!g.players && !hasComputer(g));
}
export function isFriends(g) {
  return g.players === 'friends';
}
export function humanToMove(g) {
  return !g.outcome && g[g.to_move] === 'human';
}
/** Whether this page holds `side`'s seat. */
export function mine(side) {
  return state.you === 'both' || state.you === side;
}
export function myTurn(g) {
  return humanToMove(g) && mine(g.to_move);
}
/** A game with a person's seat this page does not hold: it can only watch. */
export function watching(g) {
  return hasHuman(g) && !state.you;
}
/** The seat a friends game's player holds (not 'both'), or null. */
export function mySeat() {
  return state.you === 'mouse' || state.you === 'cats' ? state.you : null;
}
/** A game between two friends that is still going: no hints nor exact results, for its
 * players and its watchers alike (a watcher could pass them on), until it ends. */
export function playingFriend(g) {
  return isFriends(g) && !g.outcome;
}
export function startPos(g) {
  return parseFen(g.start_fen);
}

export function positionAt(g, k) {
  let pos = startPos(g);
  for (let i = 0; i < k; i++) pos = applyMove(pos, g.moves[i]);
  return pos;
}

/** The FEN of the position on the board: the set-up, the live position, the one reviewed or
 * a side line's. */
export function viewedFen() {
  if (state.setup) return toFen(state.setup);
  const g = state.game;
  if (!g) return null;
  if (state.side) {
    let pos = positionAt(g, state.side.at);
    for (let i = 0; i < state.side.shown; i++) pos = applyMove(pos, state.side.moves[i]);
    return toFen(pos);
  }
  return state.view === null ? g.fen : toFen(positionAt(g, state.view));
}

/** Whether a click on the board may move a piece now. */
export function interactive() {
  const g = state.game;
  return g && !state.setup && state.view === null && !state.busy && myTurn(g);
}

export function legalFrom(sq) {
  return state.game.legal_moves.filter((m) => splitMove(m)[0] === sq);
}
export function legalTo(sq) {
  return state.game.legal_moves.filter((m) => splitMove(m)[1] === sq);
}
