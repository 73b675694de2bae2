// Unit tests of the words for a refused move: each reason, and none for a legal move.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseFen } from '../../assets/js/fen.js';
import { whyNot } from '../../assets/js/refuse.js';

// 8×8 start, mouse on e1 to move; cats on b8 d8 f8 h8
const pos = parseFen('1c1c1c1c/8/8/8/8/8/8/4m3 m');
const legal = ['e1d2', 'e1f2'];

test('a legal move has no reason', () => {
  assert.equal(whyNot(pos, 'e1', 'd2', legal), null);
});

test('each refused move says why, with its squares', () => {
  assert.deepEqual(whyNot(pos, 'e1', 'e2', legal), { key: 'why.light', args: { sq: 'e2' } });
  assert.deepEqual(whyNot(pos, 'e1', 'g3', legal), { key: 'why.step', args: { from: 'e1', to: 'g3' } });
  const cats = parseFen('1c1c1c1c/8/8/8/8/8/8/4m3 c');
  assert.deepEqual(whyNot(cats, 'b8', 'd8', ['b8a7']), { key: 'why.taken', args: { sq: 'd8' } });
  const back = parseFen('1c1c1c2/6c1/8/8/8/8/8/4m3 c');
  assert.deepEqual(whyNot(back, 'g7', 'h8', ['g7f6']), { key: 'why.catBack', args: { from: 'g7', to: 'h8' } });
});
