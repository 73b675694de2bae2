// Unit tests of the Puzzles section's model: Glicko-2 against Glickman's worked example, the
// rating after a puzzle, the next puzzle by rating, the record in storage.
import test from 'node:test';
import assert from 'node:assert/strict';
import { glicko2, afterPuzzle, nextPuzzle, dayOf, loadRecord, saveRecord, FIRST_RATING } from '../../assets/js/puzzledata.js';

test('Glicko-2 reproduces Glickman\'s example: 1500 ± 200 after a win and two losses', () => {
  const p = glicko2({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 }, { rating: 1550, rd: 100, score: 0 }, { rating: 1700, rd: 300, score: 0 },
  ]);
  assert.equal(p.rating.toFixed(2), '1464.05');
  assert.equal(p.rd.toFixed(2), '151.52');
  assert.equal(p.vol.toFixed(5), '0.06000');
});

test('a solved puzzle raises the rating, a failed one lowers it, a harder one more', () => {
  const up = afterPuzzle(FIRST_RATING, 1500, true);
  const down = afterPuzzle(FIRST_RATING, 1500, false);
  assert.ok(up.rating > 1500 && down.rating < 1500);
  assert.equal(Math.round(up.rating - 1500), Math.round(1500 - down.rating), 'even odds: the same step either way');
  assert.ok(afterPuzzle(FIRST_RATING, 1900, true).rating > up.rating);
  assert.ok(up.rd < 350, 'a result makes the rating surer');
});

test('the next puzzle is the untried one nearest the rating', () => {
  const puzzles = [{ id: 'a', rating: 1000 }, { id: 'b', rating: 1450 }, { id: 'c', rating: 1600 }];
  assert.equal(nextPuzzle(puzzles, 1500, new Set()).id, 'b');
  assert.equal(nextPuzzle(puzzles, 1500, new Set(['b'])).id, 'c');
  assert.equal(nextPuzzle(puzzles, 1500, new Set(['a', 'b', 'c'])).id, 'b');
  assert.equal(dayOf(Date.UTC(2026, 10, 26, 23, 59)), 20783);
});

test('the record round-trips through storage and starts afresh from garbage', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(loadRecord(storage).player, FIRST_RATING);
  saveRecord(storage, { player: { rating: 1600, rd: 200, vol: 0.06 }, tried: new Set(['8-1']), solved: 1, failed: 0 });
  const r = loadRecord(storage);
  assert.deepEqual([r.player.rating, [...r.tried], r.solved], [1600, ['8-1'], 1]);
  store.set('ryg.puzzles', '{bad');
  assert.equal(loadRecord(storage).player.rating, 1500);
});
