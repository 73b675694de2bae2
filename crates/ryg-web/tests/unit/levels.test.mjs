// Unit tests of the level picker's figures (levels.js, generated from `ryg levels`): every
// board, side, start square and level is there, as a percentage, and the levels get stronger.
import test from 'node:test';
import assert from 'node:assert/strict';
import { LEVEL_CHANCES } from '../../assets/js/levels.js';
import { startSquares } from '../../assets/js/fen.js';
import { careful } from '../../assets/js/levelnote.js';

const LEVELS = ['random', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'perfect'];

test('every board, side, start square and level has a percentage', () => {
  for (const size of [4, 6, 8]) {
    for (const computer of ['cats', 'mouse']) {
      assert.deepEqual(
        Object.keys(LEVEL_CHANCES[size][computer]).sort(),
        startSquares(size).sort(),
        `${size} ${computer}`,
      );
      for (const start of startSquares(size)) {
        for (const level of LEVELS) {
          const p = careful(size, computer, start, level);
          assert.ok(p >= 0 && p <= 100, `${size} ${computer} ${start} ${level}: ${p}`);
        }
      }
    }
  }
  assert.equal(careful(10, 'cats', 'e1', '5'), null);
});

test('from level 1 to 9 and perfect, a careful player wins less and less often', () => {
  for (const size of [4, 6, 8]) {
    for (const computer of ['cats', 'mouse']) {
      for (const start of startSquares(size)) {
        const ps = LEVELS.slice(1).map((l) => careful(size, computer, start, l));
        for (let i = 1; i < ps.length; i++) assert.ok(ps[i] <= ps[i - 1], `${size} ${computer} ${start}: ${ps}`);
      }
    }
  }
  // the figure the README quotes: the level 5 cats on 8×8 against a careful mouse from e1
  assert.equal(careful(8, 'cats', 'e1', '5'), 45.75);
});

test('every program of the form has its exact chance on 8×8 from each start, as either side; none elsewhere', async () => {
  const { ENGINE_CHANCES } = await import('../../assets/js/levels.js');
  const { engineChance } = await import('../../assets/js/levelnote.js');
  const html = (await import('node:fs')).readFileSync(new URL('../../assets/index.html', import.meta.url), 'utf8');
  const offered = [...html.matchAll(/<option value="(ryg[\w-]+@\d+)"/g)].map((m) => m[1]);
  assert.deepEqual(Object.keys(ENGINE_CHANCES).sort(), offered.sort());
  for (const spec of offered) {
    for (const computer of ['cats', 'mouse']) {
      for (const start of startSquares(8)) {
        const p = engineChance(spec, computer, start, 8);
        assert.ok(p >= 0 && p <= 100, `${spec} ${computer} ${start}: ${p}`);
      }
    }
    assert.equal(engineChance(spec, 'cats', 'e1', 6), null);
  }
  // the figure docs/engine.md gives: RYG3 v10 at depth 8 as the cats, a careful mouse from e1
  assert.equal(engineChance('ryg3-v10@8', 'cats', 'e1', 8), 39.08);
  // and as the mouse, careful cats from e1
  assert.equal(engineChance('ryg3-v10@8', 'mouse', 'e1', 8), 31.07);
});
