// The evaluation bar's model: what a position is worth for each side, from the tablebase's
// exact result (who wins and in how many plies) or, where no table answers, from a search's
// score; and the arrows for the best moves (and, in a review, for a move that lost ground).
// Pure, tested with `node --test`.

/** How many points of the evaluation (for the mouse) make the mouse's share of the bar 73%
 * (e^1 : 1): the default evaluation scores the 8×8 and 10×10 starts near −550. */
export const SCORE_SCALE = 400;

/** The bar of an exact result (GET /api/solve): `{kind: 'exact', winner, plies, best}`. The
 * winner's share is the whole bar: with perfect play the result is certain. */
export function fromSolve(s) {
  return {
    kind: 'exact',
    winner: s.winner,
    plies: s.plies,
    best: [...(s.best_moves || [])],
    mouse: s.winner === 'mouse' ? 1 : 0,
  };
}

/** A search's score as ryg writes it ("+120", "-40", "win 25", "loss 8"), for the side to move
 * `side` ('m' or 'c'), read for the mouse: `{points}` or `{winner, plies}`; null if unreadable. */
export function scoreForMouse(score, side) {
  const text = String(score ?? '').trim();
  const sign = side === 'm' ? 1 : -1;
  const end = text.match(/^(win|loss)\s+(\d+)$/);
  if (end) {
    const moverWins = end[1] === 'win';
    const mouseWins = moverWins === (side === 'm');
    return { winner: mouseWins ? 'mouse' : 'cats', plies: Number(end[2]) };
  }
  if (!/^[+-]?\d+$/.test(text)) return null;
  return { points: sign * Number(text) };
}

/** The mouse's share of the bar (0..1) for `points` of the evaluation for the mouse: a
 * logistic curve, never quite full or empty (a search is no proof). */
export function pointsShare(points) {
  const s = 1 / (1 + Math.exp(-points / SCORE_SCALE));
  return Math.min(0.95, Math.max(0.05, s));
}

/** The bar of a search (GET /api/analyze, or /api/weights where no server answers) on the
 * position with `side` to move: a proved result is exact as a table's; else the score's share.
 * `{kind: 'proved'|'search', winner?, plies?, points?, depth, best, mouse}`; null without a score. */
export function fromSearch(a, side) {
  if (a.result?.winner) {
    return {
      kind: 'proved',
      winner: a.result.winner,
      plies: a.result.plies,
      depth: a.depth ?? null,
      best: a.best_move ? [a.best_move] : [],
      mouse: a.result.winner === 'mouse' ? 1 : 0,
    };
  }
  const read = scoreForMouse(a.score, side);
  if (!read) return null;
  const best = a.best_move ? [a.best_move] : [];
  if (read.winner)
    return {
      kind: 'proved',
      winner: read.winner,
      plies: read.plies,
      depth: a.depth ?? null,
      best,
      mouse: read.winner === 'mouse' ? 1 : 0,
    };
  return { kind: 'search', points: read.points, depth: a.depth ?? null, best, mouse: pointsShare(read.points) };
}

/** The arrows for a position: its best moves; where the move played from it in a review lost
 * ground (`played`, with `better`, the moves that kept more), that move too, and the better
 * moves as the best. [{move, kind: 'best'|'played'}], at most `max` best ones. */
export function arrowsFor(info, played = null, better = null, max = 3) {
  const best = (better?.length ? better : info ? info.best : []).slice(0, max);
  const out = best.map((move) => ({ move, kind: 'best' }));
  if (played && !best.includes(played)) out.push({ move: played, kind: 'played' });
  return out;
}
