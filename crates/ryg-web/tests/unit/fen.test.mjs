// Unit tests of the page's pure modules (positions, the order of exact results): `node --test`
// in this directory, or scripts/test.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseFen,
  toFen,
  splitMove,
  applyMove,
  startSquares,
  defaultStart,
  startPosition,
  isDark,
  sqName,
  sqCoords,
} from '../../assets/js/fen.js';
import { sortedResults } from '../../assets/js/ranking.js';

test('a FEN round-trips through parseFen and toFen', () => {
  for (const fen of ['1c1c1c1c/8/8/8/8/8/8/4m3 m', 'c1c1/4/4/2m1 c', '1c1c1c1c1c/10/10/10/10/10/10/10/10/m9 m']) {
    assert.equal(toFen(parseFen(fen)), fen);
  }
});

test('parseFen reads the size, the pieces and the side to move', () => {
  const pos = parseFen('1c1c1c1c/8/8/8/8/8/8/4m3 c');
  assert.equal(pos.size, 8);
  assert.equal(pos.side, 'c');
  assert.equal(pos.cells.get('e1'), 'm');
  assert.deepEqual(
    [...pos.cells]
      .filter(([, p]) => p === 'c')
      .map(([s]) => s)
      .sort(),
    ['b8', 'd8', 'f8', 'h8'],
  );
});

test('moves split into their squares, also on ten ranks', () => {
  assert.deepEqual(splitMove('e1d2'), ['e1', 'd2']);
  assert.deepEqual(splitMove('a9b10'), ['a9', 'b10']);
  assert.deepEqual(splitMove('b10a9'), ['b10', 'a9']);
});

test('applyMove moves the piece and passes the turn', () => {
  const pos = applyMove(startPosition(8), 'e1d2');
  assert.equal(toFen(pos), '1c1c1c1c/8/8/8/8/8/3m4/8 c');
});

test('squares: a1 is dark; names and coordinates agree', () => {
  assert.ok(isDark(0, 0));
  assert.ok(!isDark(1, 0));
  assert.equal(sqName(9, 9), 'j10');
  assert.deepEqual(sqCoords('j10'), [9, 9]);
});

test('the mouse starts on a dark square of the first rank', () => {
  assert.deepEqual(startSquares(8), ['a1', 'c1', 'e1', 'g1']);
  assert.equal(defaultStart(8), 'e1');
  assert.equal(defaultStart(6), 'c1');
  assert.equal(toFen(startPosition(4)), '1c1c/4/4/2m1 m');
});

test('exact results: fastest wins first, then slowest losses, for the side to move', () => {
  const s = {
    fen: '1c1c1c1c/8/8/8/8/8/8/4m3 m',
    moves: [
      { move: 'e1d2', winner: 'cats', plies: 30 },
      { move: 'e1f2', winner: 'mouse', plies: 41 },
      { move: 'e1f3', winner: 'mouse', plies: 21 },
      { move: 'e1a5', winner: 'cats', plies: 40 },
    ],
  };
  assert.deepEqual(
    sortedResults(s).map((m) => m.move),
    ['e1f3', 'e1f2', 'e1a5', 'e1d2'],
  );
});
