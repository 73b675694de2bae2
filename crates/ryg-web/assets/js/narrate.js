// What changed in the shown game, in words, for the screen reader's announcements.
import { parseFen, applyMove, splitMove } from './fen.js';
import { isHotseat, humanToMove, mine, myTurn, positionAt } from './state.js';
import { outcomeText, capital, who, moveWords, bySubject } from './words.js';
import { t } from './i18n.js';

/** The moves that happened since `prev` (the same game, or null), in words. */
export function describeNew(prev, g) {
  const words = [];
  // a new game just stored (at its first move) goes on from what was shown
  const same = prev && (prev.id === g.id || (prev.id === null && prev.start_fen === g.start_fen));
  if (same && g.moves.length > prev.moves.length && g.moves.slice(0, prev.moves.length).join() === prev.moves.join()) {
    let pos = parseFen(prev.fen);
    for (const mv of g.moves.slice(prev.moves.length)) {
      words.push(`${moveWords(pos.cells.get(splitMove(mv)[0]), mv)}.`);
      pos = applyMove(pos, mv);
    }
  } else if (same && g.moves.length < prev.moves.length) {
    const n = prev.moves.length - g.moves.length;
    words.push(t('say.tookBack', { n }));
  } else if (same) {
    // nothing moved
  } else if (g.last_move) {
    const before = positionAt(g, g.moves.length - 1);
    words.push(`${moveWords(before.cells.get(splitMove(g.last_move)[0]), g.last_move)}.`);
  }
  if (g.outcome) words.push(outcomeText(g.outcome));
  else if (isHotseat(g)) words.push(t(`status.toMove.${g.to_move}`));
  else if (myTurn(g)) words.push(t('say.yourMove'));
  else if (humanToMove(g)) words.push(t('status.whoToMove', { who: capital(who(g, g.to_move)) }));
  return words.join(' ');
}

/** What an event from the stream changed, in words ('' when nothing worth saying). */
export function describeEvent(prev, g) {
  const moved = g.moves.join() !== prev.moves.join();
  if (moved || (g.outcome && !prev.outcome)) return describeNew(prev, g);
  if (g.undo_request && g.undo_request !== prev.undo_request && !mine(g.undo_request)) {
    return t(bySubject(g, g.undo_request, 'undo.asks.one', 'undo.asks.many'), { who: capital(who(g, g.undo_request)) });
  }
  if (!g.undo_request && prev.undo_request && mine(prev.undo_request))
    return t('say.declined', { who: capital(who(g, prev.undo_request === 'mouse' ? 'cats' : 'mouse')) });
  const offer = g.rematch?.offered_by;
  if (offer && offer !== prev.rematch?.offered_by && !mine(offer))
    return t(bySubject(g, offer, 'rematch.offers.one', 'rematch.offers.many'), { who: capital(who(g, offer)) });
  for (const side of ['mouse', 'cats']) {
    const a = prev.names?.[side] || '';
    const b = g.names?.[side] || '';
    if (a !== b && !mine(side)) return b ? t(`say.named.${side}`, { name: b }) : t(`say.unnamed.${side}`);
  }
  return '';
}
