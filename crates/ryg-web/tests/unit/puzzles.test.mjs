// Unit tests of the Puzzles section's model: Glicko-2 against Glickman's worked example, the
// rating after a puzzle, the next puzzle by rating, the record in storage.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  glicko2,
  afterPuzzle,
  nextPuzzle,
  dayOf,
  loadRecord,
  saveRecord,
  FIRST_RATING,
} from '../../assets/js/puzzledata.js';

test("Glicko-2 reproduces Glickman's example: 1500 ± 200 after a win and two losses", () => {
  const p = glicko2({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
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
  const puzzles = [
    { id: 'a', rating: 1000 },
    { id: 'b', rating: 1450 },
    { id: 'c', rating: 1600 },
  ];
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

test("themes: each with its count in the engine's order; a theme narrows the choice", async () => {
  const { themeCounts, withTheme } = await import('../../assets/js/puzzledata.js');
  const set = [
    { id: '8-1', themes: ['tempo'] },
    { id: '8-2', themes: ['trap', 'only-cat-move'] },
    { id: '8-3', themes: [] },
    { id: '8-4', themes: ['trap'] },
  ];
  assert.deepEqual(themeCounts(set), [
    { theme: 'trap', n: 2 },
    { theme: 'tempo', n: 1 },
    { theme: 'only-cat-move', n: 1 },
  ]);
  assert.deepEqual(
    withTheme(set, 'trap').map((p) => p.id),
    ['8-2', '8-4'],
  );
  assert.equal(withTheme(set, '').length, 4);
  assert.deepEqual(withTheme(set, 'breakthrough'), []);
});

test('a streak: the easiest fresh puzzle as hard or harder than the last solved; a miss ends it', async () => {
  const { streakNext, afterStreak, newStreak } = await import('../../assets/js/puzzledata.js');
  const set = [
    { id: 'a', rating: 1200 },
    { id: 'b', rating: 1000 },
    { id: 'c', rating: 1100 },
    { id: 'd', rating: 1100 },
  ];
  let s = newStreak(3);
  assert.deepEqual([s.n, s.best, s.floor, s.over], [0, 3, 0, false]);
  let p = streakNext(set, s.floor, s.used, new Set());
  assert.equal(p.id, 'b');
  s = afterStreak(s, p, true);
  assert.deepEqual([s.n, s.best, s.floor], [1, 3, 1000]);
  // a puzzle tried before waits while a fresh one is left
  p = streakNext(set, s.floor, s.used, new Set(['c']));
  assert.equal(p.id, 'd');
  s = afterStreak(afterStreak(s, p, true), set[2], true);
  assert.deepEqual([s.n, s.best], [3, 3]);
  s = afterStreak(s, set[0], true);
  assert.deepEqual([s.n, s.best, s.floor], [4, 4, 1200]);
  assert.equal(streakNext(set, s.floor, s.used, new Set()), null, 'every puzzle done');
  const over = afterStreak(newStreak(4), set[1], false);
  assert.deepEqual([over.n, over.best, over.over, over.used.has('b')], [0, 4, true, true]);
});

test('the history: newest first, kept in storage, at most HISTORY_MAX, garbage left out', async () => {
  const { loadHistory, addHistory, saveHistory, HISTORY_MAX, sizeOfId, loadRecord, saveRecord } = await import(
    '../../assets/js/puzzledata.js'
  );
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(loadHistory(storage), []);
  let h = addHistory([], { id: '8-aa', themes: ['trap'], solved: false, mode: 'rated', at: 1 });
  h = addHistory(h, { id: '6-bb', themes: [], solved: true, mode: 'streak', at: 2 });
  saveHistory(storage, h);
  assert.deepEqual(
    loadHistory(storage).map((e) => [e.id, e.solved, e.mode]),
    [
      ['6-bb', true, 'streak'],
      ['8-aa', false, 'rated'],
    ],
  );
  for (let i = 0; i < HISTORY_MAX + 5; i++)
    h = addHistory(h, { id: `8-${i.toString(16)}`, themes: [], solved: true, mode: 'rated', at: i });
  assert.equal(h.length, HISTORY_MAX);
  store.set(
    'ryg.puzzles.history',
    JSON.stringify([{ id: '<b>', at: 1 }, { id: '8-ff', at: 'x' }, null, { id: '10-0c', at: 5 }]),
  );
  assert.deepEqual(
    loadHistory(storage).map((e) => e.id),
    ['10-0c'],
  );
  store.set('ryg.puzzles.history', '{bad');
  assert.deepEqual(loadHistory(storage), []);
  assert.equal(sizeOfId('10-0c'), 10);
  // the longest streak lives in the record
  saveRecord(storage, { ...loadRecord(storage), streak: 7 });
  assert.equal(loadRecord(storage).streak, 7);
});
