// The games this browser knows: those it holds a seat in or has opened (by a link, the address
// or a list), newest first, kept in localStorage. "Recent games" lists these and no others.

const KEY = 'ryg.games';
const MAX = 100;

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (Array.isArray(v)) return v.filter((n) => Number.isInteger(n) && n > 0);
  } catch { /* unreadable: start again */ }
  // before this list, a seat's token was all a browser kept of its games
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const m = /^ryg\.token\.(\d+)$/.exec(localStorage.key(i));
      if (m) ids.push(Number(m[1]));
    }
  } catch { /* no storage */ }
  return ids.sort((a, b) => b - a).slice(0, MAX);
}

/** The ids of this browser's games, newest first. */
export function knownGames() { return read(); }

/** Puts game `id` first in this browser's list. */
export function rememberGame(id) {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return;
  const ids = [n, ...read().filter((x) => x !== n)].slice(0, MAX);
  try { localStorage.setItem(KEY, JSON.stringify(ids)); } catch { /* private mode */ }
}
