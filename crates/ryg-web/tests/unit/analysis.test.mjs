// Unit tests of analysis as players expect it: the evaluation bar's model (an exact result, a
// search's score read for the mouse), the arrows for the best moves and a move that lost ground,
// and side lines (played, stepped along, left).
import test from 'node:test';
import assert from 'node:assert/strict';
import { fromSolve, fromSearch, scoreForMouse, pointsShare, arrowsFor, SCORE_SCALE } from '../../assets/js/evaldata.js';
import { playInLine, stepLine, linePosition } from '../../assets/js/sidedata.js';
import { parseFen, toFen } from '../../assets/js/fen.js';

test('an exact result fills the bar with the winner: certain with perfect play', () => {
  const s = { fen: '1c1c1c1c/8/8/8/8/8/8/4m3 m', winner: 'cats', plies: 44, best_moves: ['e1d2', 'e1f2'], moves: [] };
  assert.deepEqual(fromSolve(s), { kind: 'exact', winner: 'cats', plies: 44, best: ['e1d2', 'e1f2'], mouse: 0 });
  assert.equal(fromSolve({ ...s, winner: 'mouse', plies: 25 }).mouse, 1);
});

test("a search's score is read for the mouse, whoever is to move", () => {
  assert.deepEqual(scoreForMouse('+120', 'm'), { points: 120 });
  assert.deepEqual(scoreForMouse('+120', 'c'), { points: -120 });
  assert.deepEqual(scoreForMouse('-550', 'm'), { points: -550 });
  assert.deepEqual(scoreForMouse('0', 'c'), { points: -0 });
  assert.deepEqual(scoreForMouse('win 25', 'm'), { winner: 'mouse', plies: 25 });
  assert.deepEqual(scoreForMouse('win 3', 'c'), { winner: 'cats', plies: 3 });
  assert.deepEqual(scoreForMouse('loss 8', 'c'), { winner: 'mouse', plies: 8 });
  assert.equal(scoreForMouse('mate', 'm'), null);
});

test("the bar's share of a score: even at 0, never full nor empty, e:1 at the scale", () => {
  assert.equal(pointsShare(0), 0.5);
  assert.ok(Math.abs(pointsShare(SCORE_SCALE) - Math.E / (1 + Math.E)) < 1e-12);
  assert.ok(pointsShare(-550) < 0.25 && pointsShare(-550) > 0.05);
  assert.equal(pointsShare(1e6), 0.95);
  assert.equal(pointsShare(-1e6), 0.05);
});

test("a search: its score, or a proved result as exact as a table's", () => {
  const a = { score: '-550', best_move: 'e1d2', result: null, depth: 17 };
  const bar = fromSearch(a, 'm');
  assert.equal(bar.kind, 'search');
  assert.equal(bar.points, -550);
  assert.deepEqual(bar.best, ['e1d2']);
  assert.equal(bar.depth, 17);
  assert.ok(bar.mouse < 0.5);
  assert.deepEqual(
    fromSearch({ score: 'win 25', best_move: 'c1b2', result: { winner: 'mouse', plies: 25 }, depth: 25 }, 'm'),
    { kind: 'proved', winner: 'mouse', plies: 25, depth: 25, best: ['c1b2'], mouse: 1 },
  );
  assert.equal(fromSearch({ score: 'win 5', best_move: 'h8g7', result: null, depth: 9 }, 'c').winner, 'cats');
  assert.equal(fromSearch({ score: null, best_move: null, result: null, depth: 0 }, 'm'), null);
  // /api/weights' answer (the browser's engine, no server) has the same fields
  assert.equal(fromSearch({ score: '+30', best_move: 'a1b2' }, 'm').depth, null);
});

test('the arrows: the best moves (three at most), and in a review the move played where it lost ground', () => {
  const info = { best: ['a', 'b', 'c', 'd'] };
  assert.deepEqual(arrowsFor(info), [
    { move: 'a', kind: 'best' },
    { move: 'b', kind: 'best' },
    { move: 'c', kind: 'best' },
  ]);
  assert.deepEqual(arrowsFor({ best: ['b4a3'] }, 'd4c3'), [
    { move: 'b4a3', kind: 'best' },
    { move: 'd4c3', kind: 'played' },
  ]);
  // no table's answer: the review's better move
  assert.deepEqual(arrowsFor({ best: [] }, 'd4c3', ['b4a3', 'b4c3']), [
    { move: 'b4a3', kind: 'best' },
    { move: 'b4c3', kind: 'best' },
    { move: 'd4c3', kind: 'played' },
  ]);
  assert.deepEqual(arrowsFor(null), []);
});

test("a side line: a move off the game starts it, the game's own next move steps along the game", () => {
  const main = ['e1d2', 'h8g7', 'd2c3'];
  assert.deepEqual(playInLine(null, 1, main, 'h8g7'), { main: 2 });
  const started = playInLine(null, 1, main, 'b8a7');
  assert.deepEqual(started, { side: { at: 1, moves: ['b8a7'], shown: 1 } });
  const longer = playInLine(started.side, 1, main, 'd2e3');
  assert.deepEqual(longer, { side: { at: 1, moves: ['b8a7', 'd2e3'], shown: 2 } });
  // stepped back, the line's own next move steps on; another move cuts it there
  const back = { ...longer.side, shown: 1 };
  assert.deepEqual(playInLine(back, 1, main, 'd2e3'), { side: longer.side });
  assert.deepEqual(playInLine(back, 1, main, 'd2c1'), { side: { at: 1, moves: ['b8a7', 'd2c1'], shown: 2 } });
  // at the branch (no move of the line shown): the game's move is the game's, the line's first the line's
  const atBranch = { ...longer.side, shown: 0 };
  assert.deepEqual(playInLine(atBranch, 1, main, 'h8g7'), { main: 2 });
  assert.deepEqual(playInLine(atBranch, 1, main, 'b8a7'), { side: { ...longer.side, shown: 1 } });
});

test('stepping along a side line: back to its branch, then to the game before it; nothing past its end', () => {
  const side = { at: 3, moves: ['a', 'b'], shown: 1 };
  assert.deepEqual(stepLine(side, 1), { side: { ...side, shown: 2 } });
  assert.equal(stepLine({ ...side, shown: 2 }, 1), null);
  assert.deepEqual(stepLine(side, -1), { side: { ...side, shown: 0 } });
  assert.deepEqual(stepLine({ ...side, shown: 0 }, -1), { main: 2 });
  assert.deepEqual(stepLine({ at: 0, moves: ['a'], shown: 0 }, -1), { main: 0 });
});

test("a side line's position: its moves played from the branch", () => {
  const start = parseFen('1c1c/4/4/2m1 m');
  assert.equal(toFen(linePosition(start, ['c1b2', 'b4a3'], 0)), '1c1c/4/4/2m1 m');
  assert.equal(toFen(linePosition(start, ['c1b2', 'b4a3'], 2)), '3c/c3/1m2/4 m');
});
