// The game in words, in the page's language: sides, results (with their units), outcomes,
// seats, moves.
import { splitMove } from './fen.js';
import { t, plies } from './i18n.js';

/** "mouse" or "cats" for a side ('mouse'/'cats' or 'm'/'c'), as a word of the page. */
export function sideKey(s) {
  return s === 'mouse' || s === 'm' ? 'mouse' : 'cats';
}
export function sideWord(s) {
  return t(`side.${sideKey(s)}`);
}
/** "cats win in 43 plies (22 moves)"; a finished position: "the cats have won". */
export function resultText(winner, n) {
  return n === 0 ? t(`result.won.${winner}`) : t(`result.in.${winner}`, { plies: plies(n) });
}
/** Why a game ended, in words: "the mouse is trapped". */
export function reasonText(o) {
  const loser = o.winner === 'mouse' ? 'cats' : 'mouse';
  const key = ['resigned', 'time'].includes(o.reason) ? `reason.${o.reason}.${loser}` : `reason.${o.reason}`;
  return t(key) === key ? String(o.reason).replace(/_/g, ' ') : t(key);
}
export function outcomeText(o) {
  return o.winner ? t(`outcome.${o.winner}`, { why: reasonText(o) }) : t('outcome.aborted');
}
export function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
/** A seat as words: "Ana (mouse)", "the cats", "level 3 (cats)". Plain text: set with textContent. */
export function who(g, side) {
  const name = g.names?.[side];
  if (name) return t('who.named', { name, side: sideWord(side) });
  if (g[side] !== 'human') return t('who.named', { name: seatText(g[side]), side: sideWord(side) });
  return t(`who.the.${side}`);
}
/** The key of a sentence whose subject is `side`'s seat: `many` when it is plural ("the cats
 * offer"), else `one` ("the mouse offers", "Ana (cats) offers"). */
export function bySubject(g, side, one, many) {
  const plural = side === 'cats' && !g.names?.cats && g.cats === 'human';
  return plural ? many : one;
}
export function seatText(seat) {
  if (seat === 'human' || seat === 'random' || seat === 'perfect') return t(`seat.${seat}`);
  // one of the articles' programs at a depth: "ryg3-v10@8"
  const at = String(seat).indexOf('@');
  if (at > 0) return t('seat.engine', { title: t(`engine.${seat.slice(0, at)}`), depth: seat.slice(at + 1) });
  return t('seat.level', { n: seat });
}
export function seatsText(g) {
  const name = (side) => g.names?.[side] || t('seat.aPlayer');
  if (g.players === 'friends') return t('seats.friends', { mouse: name('mouse'), cats: name('cats') });
  if (g.mouse === 'human' && g.cats === 'human') return t('seats.both');
  if (g.mouse === 'human') return t('seats.youMouse', { other: seatText(g.cats) });
  if (g.cats === 'human') return t('seats.youCats', { other: seatText(g.mouse) });
  return t('seats.computers', { mouse: seatText(g.mouse), cats: seatText(g.cats) });
}
/** "Mouse e1 to d2" */
export function moveWords(piece, mv) {
  const [from, to] = splitMove(mv);
  return t(piece === 'm' ? 'move.mouse' : 'move.cat', { from, to });
}
/** "1 move", "3 moves" (full moves or plies of a list, as the key says). */
export function count(key, n) {
  return t(key, { n });
}
