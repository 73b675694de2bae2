// The page's address: `#game=ID` names the shown game, `&ply=K` the position after K plies when
// an earlier one is on the board; `#learn…` the Learn section, `#puzzles` the Puzzles section
// and `#better…` the Play better section (which the game leaves alone).
import { splitHash } from './hash.js';

/** Whether the address names the Learn, the Puzzles or the Play better section (not the game). */
export function learning() {
  return ['#learn', '#puzzles', '#better', '#player', '#leaderboard'].some((h) => location.hash.startsWith(h));
}

/** The id of the stored game last put into the address (null: a new game not stored yet). */
let synced;
/** Whether the page opened on a new game of its own at an address without one (a first visit):
 * that address stays an entry of its own, so that Back from the game stays on the page. */
let landing = false;

/** Puts game `g` and view `view` into the address: a new history entry when the page showed
 * another stored game before (a new game, a rematch, one opened from a list: Back returns to
 * it), else in place of the current one (a move, a new game stored at its first move). Called
 * once the page has its game (not while a request is under way, when the address may name the
 * game being opened). */
export function syncAddress(g, view) {
  if (learning() || !g) return;
  const before = synced;
  synced = g.id;
  if (before === undefined && g.id === null && !location.hash) landing = true;
  const stored = landing && before === null && g.id !== null;
  if (g.id !== null) landing = false;
  const want = gameHash(g.id, view);
  if (location.hash === want) return;
  const url = want || location.pathname + location.search;
  if (stored || (before !== undefined && before !== null && before !== g.id)) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** A new history entry for game `g` at view `view` (Back returns to the one before). */
export function pushAddress(g, view) {
  if (learning() || !g || g.id === null) return;
  const want = gameHash(g.id, view);
  if (location.hash !== want) history.pushState(null, '', want);
}

/** The ply the address names for game `id` (null: none, or another game). */
export function plyInAddress(id) {
  const { game, ply } = splitHash(location.hash);
  return game === String(id) ? ply : null;
}

function gameHash(id, view) {
  return id === null ? '' : `#game=${id}${view === null ? '' : `&ply=${view}`}`;
}
