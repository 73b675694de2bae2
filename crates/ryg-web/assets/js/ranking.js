// The order of a position's moves in the exact results: best first for the side to move.
// Pure, tested with `node --test`.
import { parseFen } from './fen.js';

/** The moves of a /api/solve answer, best first for the side to move: its fastest wins, then
 * its slowest losses; ties by move text. */
export function sortedResults(s) {
  const side = parseFen(s.fen).side === 'm' ? 'mouse' : 'cats';
  const key = (m) => (m.winner === side ? 100000 - m.plies : m.plies);
  return [...s.moves].sort((a, b) => key(b) - key(a) || a.move.localeCompare(b.move));
}
