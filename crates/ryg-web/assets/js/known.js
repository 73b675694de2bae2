// The games this browser knows: those it holds a seat in or has opened (by a link, the address
// or a list), newest first, kept in localStorage. "Recent games" lists these and no others. A
// game is known by its public id; games from before public ids by their number, until the page
// opens them with their seat's token and learns the public id.
import { isGameId } from './hash.js';

const KEY = 'ryg.games';
const MAX = 100;

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (Array.isArray(v)) return v.map(String).filter(isGameId);
  } catch {
    /* unreadable: start again */
  }
  // before this list, a seat's token was all a browser kept of its games
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const m = /^ryg\.token\.(\d+)$/.exec(localStorage.key(i));
      if (m) ids.push(Number(m[1]));
    }
  } catch {
    /* no storage */
  }
  return ids
    .sort((a, b) => b - a)
    .slice(0, MAX)
    .map(String);
}

function write(ids) {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids.slice(0, MAX)));
  } catch {
    /* private mode */
  }
}

/** The ids of this browser's games, newest first. */
export function knownGames() {
  return read();
}

/** Puts game `id` first in this browser's list. */
export function rememberGame(id) {
  const s = String(id);
  if (!isGameId(s)) return;
  write([s, ...read().filter((x) => x !== s)]);
}

/** Game `number`, now known by its public id `id`, keeps its place in the list (and stays the
 * last game when it was). */
export function renameGame(number, id) {
  write([...new Set(read().map((x) => (x === String(number) ? id : x)))]);
  try {
    if (localStorage.getItem('ryg.game') === String(number)) localStorage.setItem('ryg.game', id);
  } catch {
    /* storage refused: the list is enough */
  }
}
