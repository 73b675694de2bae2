// What changed in the shown game, in words, for the screen reader's announcements.
import { parseFen, applyMove, splitMove } from './fen.js';
import { isHotseat, humanToMove, mine, myTurn, positionAt } from './state.js';
import { outcomeText, capital, who, moveWords } from './words.js';

/** The moves that happened since `prev` (the same game, or null), in words. */
export function describeNew(prev, g) {
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
  else if (isHotseat(g)) words.push(`${g.to_move === 'mouse' ? 'Mouse' : 'Cats'} to move.`);
  else if (myTurn(g)) words.push('Your move.');
  else if (humanToMove(g)) words.push(`${capital(who(g, g.to_move))} to move.`);
  return words.join(' ');
}

/** What an event from the stream changed, in words ('' when nothing worth saying). */
export function describeEvent(prev, g) {
  const moved = g.moves.join() !== prev.moves.join();
  if (moved || (g.outcome && !prev.outcome)) return describeNew(prev, g);
  if (g.undo_request && g.undo_request !== prev.undo_request && !mine(g.undo_request)) {
    return `${capital(who(g, g.undo_request))} asks to take back their last move.`;
  }
  if (!g.undo_request && prev.undo_request && mine(prev.undo_request)) return `${capital(who(g, prev.undo_request === 'mouse' ? 'cats' : 'mouse'))} declined: the move stays.`;
  const offer = g.rematch && g.rematch.offered_by;
  if (offer && offer !== (prev.rematch && prev.rematch.offered_by) && !mine(offer)) return `${capital(who(g, offer))} offers a rematch with sides swapped.`;
  for (const side of ['mouse', 'cats']) {
    const a = (prev.names && prev.names[side]) || '';
    const b = (g.names && g.names[side]) || '';
    if (a !== b && !mine(side)) return b ? `The ${side} is now called ${b}.` : `The ${side} has no name now.`;
  }
  return '';
}
