// The game in words (English): sides, results, outcomes, seats, moves.
import { splitMove } from './fen.js';

export function sideWord(s) { return s === 'mouse' || s === 'm' ? 'mouse' : 'cats'; }
export function resultText(winner, plies) {
  const verb = winner === 'mouse' ? 'wins' : 'win';
  return plies === 0 ? `the ${winner} ${winner === 'mouse' ? 'has' : 'have'} won` : `${winner} ${verb} in ${plies}`;
}
export function outcomeText(o) {
  const loser = o.winner === 'mouse' ? 'cats' : 'mouse';
  const why = { mouse_escaped: 'the mouse reached the top row', mouse_trapped: 'the mouse is trapped',
    cats_blocked: 'the cats cannot move', resigned: `the ${loser} resigned`,
    time: `the ${loser} ran out of time` }[o.reason] || String(o.reason).replace(/_/g, ' ');
  return `${o.winner === 'mouse' ? 'The mouse wins' : 'The cats win'}: ${why}.`;
}
export function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
/** A seat as words: "Ana (mouse)", "the cats", "level 3 (cats)". Plain text: set with textContent. */
export function who(g, side) {
  const name = g.names && g.names[side];
  if (name) return `${name} (${side})`;
  if (g[side] !== 'human') return `${seatText(g[side])} (${side})`;
  return `the ${side}`;
}
export function seatText(seat) { return seat === 'human' ? 'human' : seat === 'random' ? 'random' : seat === 'perfect' ? 'perfect' : `level ${seat}`; }
export function seatsText(g) {
  if (g.players === 'friends') return `${(g.names && g.names.mouse) || 'a player'} (mouse) vs ${(g.names && g.names.cats) || 'a player'} (cats)`;
  if (g.mouse === 'human' && g.cats === 'human') return 'both sides human';
  if (g.mouse === 'human') return `you (mouse) vs ${seatText(g.cats)}`;
  if (g.cats === 'human') return `you (cats) vs ${seatText(g.mouse)}`;
  return `mouse ${seatText(g.mouse)} vs cats ${seatText(g.cats)}`;
}
export function moveWords(piece, mv) { const [a, b] = splitMove(mv); return `${piece === 'm' ? 'Mouse' : 'Cat'} ${a} to ${b}`; }
