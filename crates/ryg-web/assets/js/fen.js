// Positions as the rules write them (FEN of rules.md), squares and moves: pure functions, no
// page and no server, so that `node --test` checks them as they are.

export const FILES = 'abcdefghijklmn';

export function sqName(f, r) {
  return FILES[f] + (r + 1);
}
/** @returns {[number, number]} */
export function sqCoords(name) {
  return [FILES.indexOf(name[0]), parseInt(name.slice(1), 10) - 1];
}
/** Pieces stand on the dark squares: a1 is dark. */
export function isDark(f, r) {
  return (f + r) % 2 === 0;
}

/** A position `{size, cells: Map(square → 'm'|'c'), side: 'm'|'c'}` from a FEN (not validated). */
export function parseFen(fen) {
  const [board, side] = fen.trim().split(/\s+/);
  const ranks = board.split('/');
  const size = ranks.length;
  const cells = new Map();
  ranks.forEach((rank, i) => {
    const r = size - 1 - i;
    let f = 0;
    const re = /(\d+)|([mc])/g;
    for (const m of rank.matchAll(re)) {
      if (m[1]) f += parseInt(m[1], 10);
      else {
        cells.set(sqName(f, r), m[2]);
        f += 1;
      }
    }
  });
  return { size, cells, side: side === 'c' ? 'c' : 'm' };
}

export function toFen(pos) {
  const rows = [];
  for (let r = pos.size - 1; r >= 0; r--) {
    let row = '';
    let run = 0;
    for (let f = 0; f < pos.size; f++) {
      const p = pos.cells.get(sqName(f, r));
      if (p) {
        if (run) row += run;
        run = 0;
        row += p;
      } else run += 1;
    }
    if (run) row += run;
    rows.push(row);
  }
  return `${rows.join('/')} ${pos.side}`;
}

/** A move's two squares: "e1d2" → ["e1", "d2"], "a10b9" → ["a10", "b9"]. */
export function splitMove(mv) {
  const split = mv.search(/[a-n]\d+$/);
  return [mv.slice(0, split), mv.slice(split)];
}

/** The position after `mv` (not checked for legality). */
export function applyMove(pos, mv) {
  const [a, b] = splitMove(mv);
  const cells = new Map(pos.cells);
  const piece = cells.get(a);
  cells.delete(a);
  cells.set(b, piece);
  return { size: pos.size, cells, side: pos.side === 'm' ? 'c' : 'm' };
}

/** The squares the mouse may start on: the dark squares of the first rank. */
export function startSquares(size) {
  const out = [];
  for (let f = 0; f < size; f++) if (isDark(f, 0)) out.push(sqName(f, 0));
  return out;
}

export function defaultStart(size) {
  const f = isDark(size / 2, 0) ? size / 2 : size / 2 - 1;
  return sqName(f, 0);
}

export function startPosition(size, start) {
  const cells = new Map();
  for (let f = 0; f < size; f++) if (isDark(f, size - 1)) cells.set(sqName(f, size - 1), 'c');
  cells.set(start || defaultStart(size), 'm');
  return { size, cells, side: 'm' };
}
