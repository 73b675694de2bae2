// Unit tests of the evaluation lesson's arithmetic (assets/js/learn/weights.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { niceCeil, sliderRange, weightsParam, share, keepingMoves, isOwn } from '../../assets/js/learn/weights.js';

test('slider ranges reach twice the own weight, rounded up to 1, 2 or 5 times a power of ten', () => {
  assert.deepEqual([0.5, 1, 3, 10, 11, 164, 200, 201, 2370].map(niceCeil), [1, 1, 5, 10, 20, 200, 200, 500, 5000]);
  assert.deepEqual(sliderRange(1), { min: -10, max: 10 });
  assert.deepEqual(sliderRange(-82), { min: -200, max: 200 });
  assert.deepEqual(sliderRange(1185), { min: -5000, max: 5000 });
  assert.deepEqual(sliderRange(0), { min: -10, max: 10 });
  for (const w of [-93, 4, 35, 62, 65, 69, -66]) {
    const { min, max } = sliderRange(w);
    assert.ok(min <= -2 * Math.abs(w) && max >= 2 * Math.abs(w), String(w));
  }
});

test('weights go to the API as whole numbers separated by commas', () => {
  assert.equal(weightsParam([1, '2', -3.4]), '1,2,-3');
  assert.equal(weightsParam([]), '');
});

test('shares are percentages with one decimal', () => {
  assert.equal(share(418, 500), 83.6);
  assert.equal(share(474, 500), 94.8);
  assert.equal(share(1, 3), 33.3);
  assert.equal(share(0, 0), 0);
});

test("the moves that keep the win are the winner's winning moves", () => {
  const solve = {
    winner: 'mouse',
    moves: [
      { move: 'c3b2', winner: 'cats' },
      { move: 'c3d4', winner: 'mouse' },
      { move: 'c3b4', winner: 'cats' },
    ],
  };
  assert.deepEqual([...keepingMoves(solve)], ['c3d4']);
  assert.equal(keepingMoves(null), null);
  assert.deepEqual(
    [
      ...keepingMoves({
        winner: 'cats',
        moves: [
          { move: 'b8a7', winner: 'cats' },
          { move: 'b8c7', winner: 'cats' },
        ],
      }),
    ],
    ['b8a7', 'b8c7'],
  );
});

test('own weights are recognised', () => {
  const terms = [{ own_weight: 1 }, { own_weight: 1 }, { own_weight: 1 }];
  assert.equal(isOwn([1, 1, 1], terms), true);
  assert.equal(isOwn(['1', 1, 1], terms), true);
  assert.equal(isOwn([1, 2, 1], terms), false);
  assert.equal(isOwn([1, 1], terms), false);
});
