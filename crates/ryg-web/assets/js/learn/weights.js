// The evaluation lesson's arithmetic, apart from the page: each weight's slider range, the
// weights as the API takes them, shares of won games kept, and which moves keep the win. Pure:
// tested with `node --test`.

/** The smallest 1, 2 or 5 times a power of ten that is at least `x`. */
export function niceCeil(x) {
  if (x <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

/** A slider's range for a term whose own weight is `own`: symmetric around 0, at least ±10, and
 * wide enough to reach twice the own weight either way. */
export function sliderRange(own) {
  const r = niceCeil(Math.max(10, 2 * Math.abs(own)));
  return { min: -r, max: r };
}

/** The weights as `/api/weights` takes them: whole numbers separated by commas. */
export function weightsParam(values) {
  return values.map((v) => String(Math.round(Number(v)))).join(',');
}

/** The share of `kept` in `positions` as a percentage with one decimal (0 of 0 is 0). */
export function share(kept, positions) {
  return positions ? Math.round((1000 * kept) / positions) / 10 : 0;
}

/** The moves that keep the side to move's result, from `/api/solve`'s answer (`null` without
 * one): for the winner, the moves that still win. */
export function keepingMoves(solve) {
  if (!solve || !Array.isArray(solve.moves)) return null;
  return new Set(solve.moves.filter((m) => m.winner === solve.winner).map((m) => m.move));
}

/** Whether every weight equals its term's own weight. */
export function isOwn(values, terms) {
  return values.length === terms.length && terms.every((t, i) => Number(values[i]) === t.own_weight);
}
