// Why a move the player tried is not a move: the words' key and values for a piece on `from`
// sent to `to`. Pure (no page), tested with `node --test`.
import { sqCoords, isDark } from './fen.js';

/** The key and values that say why `from`→`to` is refused in position `pos` (whose legal moves
 * are `legal`), or null when it is a legal move. */
export function whyNot(pos, from, to, legal) {
  if (legal.includes(from + to)) return null;
  const piece = pos.cells.get(from);
  const [f0, r0] = sqCoords(from);
  const [f1, r1] = sqCoords(to);
  if (!isDark(f1, r1)) return { key: 'why.light', args: { sq: to } };
  if (pos.cells.has(to)) return { key: 'why.taken', args: { sq: to } };
  if (Math.abs(f1 - f0) !== 1 || Math.abs(r1 - r0) !== 1) return { key: 'why.step', args: { from, to } };
  if (piece === 'c' && r1 > r0) return { key: 'why.catBack', args: { from, to } };
  return { key: 'why.noMove', args: { from, to } };
}
