// A finished game's review in the page's terms: the chart's bars (the exact result after every
// ply) and the mistakes (each move that handed the win to the other side, with the moves that
// kept it), from GET /api/games/{id}/review. Pure, tested with `node --test`.

/** One bar a ply: `{ply, winner, plies, height}`: above the line for a mouse win, below for a
 * cats win; `height` (0..1] grows with the plies left to the end (a short bar: the end is near). */
export function bars(review) {
  const longest = Math.max(1, ...review.values.map((v) => v.plies));
  return review.values.map((v) => ({
    ply: v.ply,
    winner: v.winner,
    plies: v.plies,
    height: Math.max(v.plies, 0.5) / longest,
  }));
}

/** The move number of the move made from the position after `ply` plies, as the move list
 * writes it ("4." before a mouse move, "4…" before a cats move), for a game whose first move
 * is `first`'s ('m' or 'c'). */
export function moveNumber(ply, first) {
  const shift = first === 'm' ? 0 : 1;
  const n = Math.floor((ply + shift) / 2) + 1;
  return (ply + shift) % 2 === 0 ? `${n}.` : `${n}…`;
}

/** The moves that lost ground in the order they were played: `{ply, number, side, kind, mark,
 * shortened_by, played, kept, before, after}` (`kind`: 'gave-win' or 'shortened')
 * (`ply`: the position the move was made from; the move list shows the move at ply + 1). */
export function mistakes(review, first) {
  return review.mistakes.map((m) => ({ ...m, number: moveNumber(m.ply, first) }));
}

/** The plies after a lost side's move that shortened its resistance (the chart marks them). */
export function slips(review) {
  return review.mistakes.filter((m) => m.kind === 'shortened').map((m) => m.ply + 1);
}

/** The plies at which the winner changed hands (the chart marks them). */
export function turns(review) {
  const out = [];
  for (let i = 1; i < review.values.length; i++)
    if (review.values[i].winner !== review.values[i - 1].winner) out.push(i);
  return out;
}
