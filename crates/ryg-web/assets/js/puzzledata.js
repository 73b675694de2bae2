// The Puzzles section's model: the visitor's puzzle rating (Glicko-2), which puzzle comes next,
// and the record kept in the browser. Pure (the storage is passed in), tested with `node --test`.

/** A new player's rating. */
export const FIRST_RATING = { rating: 1500, rd: 350, vol: 0.06 };
/** How sure a puzzle's own rating is (a puzzle's difficulty is fixed: mined, not played). */
export const PUZZLE_RD = 75;
const SCALE = 173.7178;
const TAU = 0.5;

// CITE: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), steps 2–8.
/** `player` ({rating, rd, vol}) after `games` ([{rating, rd, score}], score 1 won, 0 lost) of
 * one rating period. */
export function glicko2(player, games) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (!games.length) return { ...player, rd: Math.min(350, SCALE * Math.sqrt(phi * phi + player.vol * player.vol)) };
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  let vInv = 0;
  let sum = 0;
  for (const o of games) {
    const muJ = (o.rating - 1500) / SCALE;
    const gJ = g(o.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (o.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  const a = Math.log(player.vol * player.vol);
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: 1500 + SCALE * muNew, rd: SCALE * phiNew, vol };
}

/** The player after one puzzle: `solved` (no wrong move) or not. */
export function afterPuzzle(player, puzzleRating, solved) {
  return glicko2(player, [{ rating: puzzleRating, rd: PUZZLE_RD, score: solved ? 1 : 0 }]);
}

/** The puzzle to offer next: among those not yet tried, the one whose difficulty is nearest the
 * player's rating (ties: the list's order); when all were tried, the nearest of all. */
export function nextPuzzle(puzzles, rating, tried) {
  const fresh = puzzles.filter((p) => !tried.has(p.id));
  const pool = fresh.length ? fresh : puzzles;
  let best = null;
  for (const p of pool) if (!best || Math.abs(p.rating - rating) < Math.abs(best.rating - rating)) best = p;
  return best;
}

/** Days since 1970-01-01 (UTC) at time `ms`: which puzzle is the day's. */
export function dayOf(ms) { return Math.floor(ms / 86400000); }

const KEY = 'ryg.puzzles';

/** The record kept in `storage`: {player, tried: Set of ids, solved, failed}. */
export function loadRecord(storage) {
  let saved = null;
  try { saved = JSON.parse(storage.getItem(KEY) || 'null'); } catch { saved = null; }
  const ok = saved && saved.player && Number.isFinite(saved.player.rating) && Number.isFinite(saved.player.rd) && Number.isFinite(saved.player.vol);
  return ok
    ? { player: saved.player, tried: new Set(saved.tried || []), solved: saved.solved | 0, failed: saved.failed | 0 }
    : { player: { ...FIRST_RATING }, tried: new Set(), solved: 0, failed: 0 };
}

/** Writes `record` into `storage`. */
export function saveRecord(storage, record) {
  try {
    storage.setItem(KEY, JSON.stringify({ player: record.player, tried: [...record.tried].slice(-2000), solved: record.solved, failed: record.failed }));
  } catch { /* a full or refused storage: the rating lasts this visit */ }
}
