// Unit tests of the address's fragment as the page reads it: the game, the ply, a seat's token.
import test from 'node:test';
import assert from 'node:assert/strict';
import { splitHash, isGameId } from '../../assets/js/hash.js';

test('a game, a ply and a token, each when well formed', () => {
  assert.deepEqual(splitHash('#game=12'), { game: '12', ply: null, token: null });
  assert.deepEqual(splitHash('#game=12&ply=7'), { game: '12', ply: 7, token: null });
  assert.deepEqual(splitHash('#game=12&ply=0&token=abcDEF_-12'), { game: '12', ply: 0, token: 'abcDEF_-12' });
  assert.deepEqual(splitHash('game=3'), { game: '3', ply: null, token: null });
});

test('malformed parts are ignored, never guessed', () => {
  assert.deepEqual(splitHash(''), { game: null, ply: null, token: null });
  assert.deepEqual(splitHash('#learn/2'), { game: null, ply: null, token: null });
  assert.deepEqual(splitHash('#game=12x&ply=-1'), { game: null, ply: null, token: null });
  assert.equal(splitHash('#game=5&ply=99999').ply, null);
});

test('a game is named by its public id (11 URL-safe characters) or, from before them, a number', () => {
  assert.deepEqual(splitHash('#game=Ab3_x-Yz09Q&ply=2'), { game: 'Ab3_x-Yz09Q', ply: 2, token: null });
  assert.equal(isGameId('Ab3_x-Yz09Q'), true);
  assert.equal(isGameId('42'), true);
  for (const bad of ['Ab3_x-Yz09', 'Ab3_x-Yz09QQ', 'Ab3_x/Yz09Q', '', '12x']) assert.equal(isGameId(bad), false, bad);
});
