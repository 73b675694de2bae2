// Side lines in analysis, as data: moves played from an earlier position of the game (the
// branch) without changing the game. A side line is `{at, moves, shown}`: it leaves the main
// line after `at` plies, `moves` are its moves and `shown` how many of them the board shows.
// Pure, tested with `node --test`.
import { applyMove } from './fen.js';

/** The position after `shown` moves of a side line from position `start`. */
export function linePosition(start, moves, shown) {
  let pos = start;
  for (let i = 0; i < shown; i++) pos = applyMove(pos, moves[i]);
  return pos;
}

/** Where move `mv` leads, played on the board at the side line `side` (null: at the main
 * line's position after `at` plies, the game's moves being `main`): `{main: k}` when it is the
 * main line's own next move (the view steps on along the game), else `{side}`, the side line
 * with it: stepping on where it is the line's next move, else the line cut there and `mv` added. */
export function playInLine(side, at, main, mv) {
  if (!side || side.shown === 0) {
    const from = side ? side.at : at;
    if (main[from] === mv) return { main: from + 1 };
    if (side && side.moves[0] === mv) return { side: { ...side, shown: 1 } };
    return { side: { at: from, moves: [mv], shown: 1 } };
  }
  if (side.moves[side.shown] === mv) return { side: { ...side, shown: side.shown + 1 } };
  return { side: { at: side.at, moves: [...side.moves.slice(0, side.shown), mv], shown: side.shown + 1 } };
}

/** A step of `delta` (±1) along side line `side`: `{side}` inside it, `{main: k}` before its
 * first position (the main line's position before the branch), or null at its end. */
export function stepLine(side, delta) {
  const shown = side.shown + delta;
  if (shown < 0) return { main: Math.max(0, side.at - 1) };
  if (shown > side.moves.length) return null;
  return { side: { ...side, shown } };
}
