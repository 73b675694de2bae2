// Unit tests of the review's model: bars above the line for the mouse, below for the cats,
// mistakes numbered as the move list numbers them, and where the win changed hands.
import test from 'node:test';
import assert from 'node:assert/strict';
import { bars, moveNumber, mistakes, turns } from '../../assets/js/reviewdata.js';

// a 4×4 game: the cats win in 8 with best play; the cats' second move gives it away
const review = {
  size: 4,
  values: [
    { ply: 0, winner: 'cats', plies: 8 },
    { ply: 1, winner: 'cats', plies: 7 },
    { ply: 2, winner: 'cats', plies: 6 },
    { ply: 3, winner: 'cats', plies: 5 },
    { ply: 4, winner: 'mouse', plies: 2 },
    { ply: 5, winner: 'mouse', plies: 1 },
    { ply: 6, winner: 'mouse', plies: 0 },
  ],
  mistakes: [
    {
      ply: 3,
      side: 'cats',
      played: 'd4c3',
      kept: ['b4a3'],
      before: { winner: 'cats', plies: 5 },
      after: { winner: 'mouse', plies: 2 },
    },
  ],
};

test('a bar a ply: its side and its height from the plies left', () => {
  const b = bars(review);
  assert.equal(b.length, 7);
  assert.deepEqual(
    b.map((x) => x.winner),
    ['cats', 'cats', 'cats', 'cats', 'mouse', 'mouse', 'mouse'],
  );
  assert.equal(b[0].height, 1);
  assert.equal(b[4].height, 2 / 8);
  assert.ok(b[6].height > 0, 'a won position still shows');
});

test('move numbers as the move list writes them', () => {
  assert.equal(moveNumber(0, 'm'), '1.');
  assert.equal(moveNumber(1, 'm'), '1…');
  assert.equal(moveNumber(3, 'm'), '2…');
  assert.equal(moveNumber(4, 'm'), '3.');
  assert.equal(moveNumber(0, 'c'), '1…');
  assert.equal(moveNumber(1, 'c'), '2.');
});

test("the mistakes keep the server's moves and get their numbers; the win changed hands at ply 4", () => {
  const m = mistakes(review, 'm');
  assert.equal(m.length, 1);
  assert.equal(m[0].number, '2…');
  assert.deepEqual(m[0].kept, ['b4a3']);
  assert.deepEqual(turns(review), [4]);
});

test("a lost side's hurried moves are marked on the chart after the move", async () => {
  const { slips } = await import('../../assets/js/reviewdata.js');
  const lost = {
    ...review,
    mistakes: [
      {
        ply: 0,
        side: 'mouse',
        kind: 'shortened',
        mark: '?!',
        shortened_by: 6,
        played: 'e1d2',
        kept: ['e1f2'],
        before: { winner: 'cats', plies: 44 },
        after: { winner: 'cats', plies: 37 },
      },
      ...review.mistakes.map((m) => ({ ...m, kind: 'gave-win', mark: '?' })),
    ],
  };
  assert.deepEqual(slips(lost), [1]);
  assert.deepEqual(slips(review), []);
});
