// A set-up's FEN checked as it is typed or placed: what is wrong and where, before the board
// draws it. Pure (no page), tested with `node --test`.
import { sqName, isDark } from './fen.js';

// the engine's board sizes (ryg-wide's `Size::ALL`), the page's one list of them: a test holds
// it to the engine's
export const SIZES = [4, 6, 8, 10, 12, 14];

/** `{pos}` for a FEN whose position the board may draw (`complete` false while a mouse or some
 * cats are still to be placed), else `{key, args}`: the words' key and values of what is wrong
 * and where (ranks are named as on the board: the first one written is rank N). */
export function checkFen(text) {
  const fen = String(text).trim();
  if (!fen) return { key: 'setupErr.empty', args: {} };
  const parts = fen.split(/\s+/);
  if (parts.length === 1) return { key: 'setupErr.noSide', args: {} };
  if (parts.length !== 2 || !/^[mc]$/.test(parts[1]))
    return { key: 'setupErr.side', args: { side: parts.slice(1).join(' ') } };
  const ranks = parts[0].split('/');
  const n = ranks.length;
  for (let i = 0; i < n; i++) {
    const bad = ranks[i].match(/[^0-9mc]/);
    if (bad) return { key: 'setupErr.char', args: { ch: bad[0], rank: n - i } };
  }
  if (!SIZES.includes(n)) return { key: 'setupErr.size', args: { n } };
  const cells = new Map();
  const mice = [];
  let cats = 0;
  for (let i = 0; i < n; i++) {
    const r = n - 1 - i;
    let f = 0;
    for (const [, run, piece] of ranks[i].matchAll(/(\d+)|([mc])/g)) {
      if (run) {
        f += parseInt(run, 10);
        continue;
      }
      if (f < n) {
        const sq = sqName(f, r);
        if (!isDark(f, r)) return { key: piece === 'm' ? 'setupErr.lightMouse' : 'setupErr.lightCat', args: { sq } };
        cells.set(sq, piece);
        if (piece === 'm') mice.push(sq);
        else cats += 1;
      }
      f += 1;
    }
    if (f > n) return { key: 'setupErr.rankLong', args: { rank: r + 1, len: f, n } };
    if (f < n) return { key: 'setupErr.rankShort', args: { rank: r + 1, len: f, n } };
  }
  if (mice.length > 1) return { key: 'setupErr.mice', args: { list: mice.join(', ') } };
  if (cats > n / 2) return { key: 'setupErr.cats', args: { count: cats, n, max: n / 2 } };
  return { pos: { size: n, cells, side: parts[1] }, complete: mice.length === 1 && cats === n / 2 };
}

/** What a complete position still lacks: `{key, args}`, or null when nothing. */
export function missing(pos) {
  const cats = [...pos.cells.values()].filter((p) => p === 'c').length;
  if (![...pos.cells.values()].includes('m')) return { key: 'setupErr.noMouse', args: {} };
  if (cats < pos.size / 2) return { key: 'setupErr.fewCats', args: { count: cats, n: pos.size, want: pos.size / 2 } };
  return null;
}
