// The Play better section's model: the lessons (lessons.js, written and proved by the engine),
// the address of each (#better/N), the progress kept in the browser, and what a move of the
// player does to the position's goal. Pure (the storage is passed in): tested with `node --test`.
import { LESSONS } from './lessons.js';

export { LESSONS };

/** Where the progress is kept (localStorage): the ids of the positions played through. */
export const STORE = 'ryg.better';

/** The lesson the address names (1-based), 0 for none: `#better` (or a number out of range)
 * is lesson 1. */
export function lessonFromHash(hash) {
  const m = /^#better(?:\/(\d+))?$/.exec(hash || '');
  if (!m) return 0;
  const n = m[1] ? Number(m[1]) : 1;
  return n >= 1 && n <= LESSONS.length ? n : 1;
}

const IDS = new Set(LESSONS.flatMap((l) => l.positions.map((p) => p.id)));

/** The positions played through, from `storage` (anything unreadable, or an id no lesson has
 * any more, left out). */
export function loadDone(storage) {
  try {
    const v = JSON.parse(storage.getItem(STORE) || '{}');
    return new Set(Array.isArray(v.done) ? v.done.filter((id) => IDS.has(id)) : []);
  } catch {
    return new Set();
  }
}

/** Keeps `done` in `storage` (a full or refused storage loses the progress, not the page). */
export function saveDone(storage, done) {
  try {
    storage.setItem(STORE, JSON.stringify({ done: [...done].sort() }));
  } catch {
    /* kept for this visit only */
  }
}

/** How far lesson `lesson` is: positions done of its total, and whether all are. */
export function lessonProgress(lesson, done) {
  const n = lesson.positions.filter((p) => done.has(p.id)).length;
  return { done: n, total: lesson.positions.length, complete: n === lesson.positions.length };
}

/** The position a lesson opens at: the first not played through (the first when all are). */
export function firstOpen(lesson, done) {
  const i = lesson.positions.findIndex((p) => !done.has(p.id));
  return Math.max(i, 0);
}

/** What move `mv` does for a player with goal `goal` ("win" or "resist") on side `side`, from
 * `solve` (the API's exact results of the position before it: {winner, plies, moves}):
 * {ok: true, after, fastest} when it keeps the goal (a winning move; the longest resistance),
 * else {ok: false, why: 'loses' | 'shorter' | 'illegal', after, longest}. */
export function judge(goal, side, solve, mv) {
  const after = (solve.moves || []).find((m) => m.move === mv);
  if (!after) return { ok: false, why: 'illegal' };
  const longest = solve.plies - 1;
  const keeps = after.winner === solve.winner && after.plies === longest;
  if (goal === 'win') {
    if (after.winner !== side) return { ok: false, why: 'loses', after };
    return { ok: true, after, fastest: keeps };
  }
  if (keeps) return { ok: true, after, fastest: true };
  return { ok: false, why: 'shorter', after, longest };
}

/** Whether a position is played through: the game is over, or the player has made the moves
 * its `until` asks. */
export function reached(spec, made, over) {
  return over || (spec.until !== 'end' && made >= spec.until);
}
