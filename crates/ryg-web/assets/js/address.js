// The page's address: `#game=ID` names the shown game, `&ply=K` the position after K plies when
// an earlier one is on the board; `#learn…` the Learn section (which the game leaves alone).
import { splitHash } from './hash.js';

/** Whether the address names the Learn section. */
export function learning() { return location.hash.startsWith('#learn'); }

/** Puts game `g` and view `view` into the address without a new history entry. */
export function syncAddress(g, view) {
  if (learning() || !g) return;
  const want = gameHash(g.id, view);
  if (location.hash !== want) history.replaceState(null, '', want || location.pathname + location.search);
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

function gameHash(id, view) { return id === null ? '' : `#game=${id}${view === null ? '' : `&ply=${view}`}`; }
