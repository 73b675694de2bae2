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
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
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
export function dayOf(ms) {
  return Math.floor(ms / 86400000);
}

const KEY = 'ryg.puzzles';

/** The record kept in `storage`: {player, tried: Set of ids, solved, failed, streak (the
 * longest streak)}. */
export function loadRecord(storage) {
  let saved = null;
  try {
    saved = JSON.parse(storage.getItem(KEY) || 'null');
  } catch {
    saved = null;
  }
  const ok =
    saved?.player &&
    Number.isFinite(saved.player.rating) &&
    Number.isFinite(saved.player.rd) &&
    Number.isFinite(saved.player.vol);
  return ok
    ? {
        player: saved.player,
        tried: new Set(saved.tried || []),
        solved: saved.solved | 0,
        failed: saved.failed | 0,
        streak: saved.streak | 0,
      }
    : { player: { ...FIRST_RATING }, tried: new Set(), solved: 0, failed: 0, streak: 0 };
}

/** Writes `record` into `storage`. */
export function saveRecord(storage, record) {
  try {
    storage.setItem(
      KEY,
      JSON.stringify({
        player: record.player,
        tried: [...record.tried].slice(-2000),
        solved: record.solved,
        failed: record.failed,
        streak: record.streak | 0,
      }),
    );
  } catch {
    /* a full or refused storage: the rating lasts this visit */
  }
}

/** The themes the engine tags puzzles with (ryg's puzzles.rs), in its order. */
export const THEMES = ['breakthrough', 'trap', 'tempo', 'only-cat-move', 'long-line'];

/** The themes of a puzzle set, each with how many of its puzzles have it: [{theme, n}], in
 * THEMES' order (a theme the set lacks left out; one THEMES lacks last). */
export function themeCounts(puzzles) {
  const counts = new Map();
  for (const p of puzzles) for (const th of p.themes || []) counts.set(th, (counts.get(th) || 0) + 1);
  const order = (th) => (THEMES.includes(th) ? THEMES.indexOf(th) : THEMES.length);
  return [...counts]
    .sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]))
    .map(([theme, n]) => ({ theme, n }));
}

/** The puzzles with theme `theme` ('' or null: all). */
export function withTheme(puzzles, theme) {
  return theme ? puzzles.filter((p) => (p.themes || []).includes(theme)) : puzzles;
}

/** The next puzzle of a streak: as hard as the last one solved (`floor`) or harder, not yet in
 * this streak (`used`), the easiest such, one never tried before (`tried`) where there is one;
 * ties: the list's order. null when none is left. */
export function streakNext(puzzles, floor, used, tried) {
  const pool = puzzles.filter((p) => !used.has(p.id) && p.rating >= floor);
  const fresh = pool.filter((p) => !tried.has(p.id));
  let best = null;
  for (const p of fresh.length ? fresh : pool) if (!best || p.rating < best.rating) best = p;
  return best;
}

/** The streak after a puzzle: `solved` adds it and raises the floor, a miss ends it.
 * A streak is `{n, best, floor, used: Set, over}` (`best`: the longest streak so far). */
export function afterStreak(streak, puzzle, solved) {
  const used = new Set(streak.used).add(puzzle.id);
  if (!solved) return { ...streak, used, over: true };
  const n = streak.n + 1;
  return { ...streak, n, best: Math.max(streak.best, n), floor: puzzle.rating, used };
}

/** A new streak, the best so far `best`. */
export function newStreak(best = 0) {
  return { n: 0, best, floor: 0, used: new Set(), over: false };
}

const HISTORY = 'ryg.puzzles.history';
/** How many puzzles the history keeps. */
export const HISTORY_MAX = 200;

/** The puzzles played, newest first: [{id, themes, solved, mode, at}] (`mode`: 'rated',
 * 'streak', 'daily' or 'again'; `at`: ms since 1970); entries that do not read back are left out. */
export function loadHistory(storage) {
  let saved = null;
  try {
    saved = JSON.parse(storage.getItem(HISTORY) || '[]');
  } catch {
    saved = [];
  }
  if (!Array.isArray(saved)) return [];
  return saved
    .filter((e) => e && typeof e.id === 'string' && /^\d+-[0-9a-f]+$/.test(e.id) && Number.isFinite(e.at))
    .map((e) => ({
      id: e.id,
      themes: Array.isArray(e.themes) ? e.themes.filter((x) => typeof x === 'string') : [],
      solved: !!e.solved,
      mode: String(e.mode || 'rated'),
      at: e.at,
    }))
    .slice(0, HISTORY_MAX);
}

/** `history` with `entry` first (the oldest beyond HISTORY_MAX dropped). */
export function addHistory(history, entry) {
  return [entry, ...history].slice(0, HISTORY_MAX);
}

/** Writes `history` into `storage`. */
export function saveHistory(storage, history) {
  try {
    storage.setItem(HISTORY, JSON.stringify(history.slice(0, HISTORY_MAX)));
  } catch {
    /* this visit only */
  }
}

/** The board size of a puzzle id ("8-3fa9c02b1e": 8). */
export function sizeOfId(id) {
  return Number(String(id).split('-')[0]);
}
