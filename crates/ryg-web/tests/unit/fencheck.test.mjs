// Unit tests of the set-up's check: each bad FEN of a list refused with what and where; good
// ones (complete or still being placed) accepted.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkFen, missing } from '../../assets/js/fencheck.js';
import { toFen } from '../../assets/js/fen.js';

const BAD = [
  ['', 'setupErr.empty', {}],
  ['1c1c1c1c/8/8/8/8/8/8/4m3', 'setupErr.noSide', {}],
  ['1c1c1c1c/8/8/8/8/8/8/4m3 m x', 'setupErr.side', { side: 'm x' }],
  ['1c1c1c1c/8/8/8/8/8/8/4m3 x', 'setupErr.side', { side: 'x' }],
  ['1c1c1c1c/8/8/8/8/8/8/4M3 m', 'setupErr.char', { ch: 'M', rank: 1 }],
  ['1c1c1c/6/6/6/6/6/2m3 m', 'setupErr.size', { n: 7 }],
  ['1c1c1/5/5/5/2m2 m', 'setupErr.size', { n: 5 }],
  ['1c1c1c1c/8/8/8/8/8/8/3m4 m', 'setupErr.lightMouse', { sq: 'd1' }],
  ['c1c1c1c1/8/8/8/8/8/8/4m3 m', 'setupErr.lightCat', { sq: 'a8' }],
  ['1c1c1c1c/8/8/8/8/8/8/m1m5 m', 'setupErr.mice', { list: 'a1, c1' }],
  ['1c1c1c1c/8/8/8/8/8/1c6/4m3 m', 'setupErr.cats', { count: 5, n: 8, max: 4 }],
  ['1c1c1c1c/9/8/8/8/8/8/4m3 m', 'setupErr.rankLong', { rank: 7, len: 9, n: 8 }],
  ['1c1c1c1c/8/8/8/8/8/7/4m3 m', 'setupErr.rankShort', { rank: 2, len: 7, n: 8 }],
  ['1c1c1c1c1/8/8/8/8/8/8/4m3 m', 'setupErr.rankLong', { rank: 8, len: 9, n: 8 }],
];

test('each bad FEN is refused with what is wrong and where', () => {
  for (const [fen, key, args] of BAD) assert.deepEqual(checkFen(fen), { key, args }, fen);
});

test('good FENs round-trip; a position still being placed is drawn but not complete', () => {
  for (const fen of ['1c1c1c1c/8/8/8/8/8/8/4m3 m', '1c1c/4/4/2m1 c', '1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m']) {
    const r = checkFen(fen);
    assert.equal(r.complete, true, fen);
    assert.equal(toFen(r.pos), fen);
    assert.equal(missing(r.pos), null);
  }
  const part = checkFen('1c1c4/8/8/8/8/8/8/8 m');
  assert.equal(part.complete, false);
  assert.deepEqual(missing(part.pos), { key: 'setupErr.noMouse', args: {} });
  assert.deepEqual(missing(checkFen('1c1c4/8/8/8/8/8/8/4m3 m').pos), {
    key: 'setupErr.fewCats',
    args: { count: 2, n: 8, want: 4 },
  });
});
