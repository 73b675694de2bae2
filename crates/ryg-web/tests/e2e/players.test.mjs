// End-to-end test of the Players section: a visitor becomes a player by name, plays a rated game
// against the computer from the New game form, and finds the rating on their page as Glicko-2
// moves it; the leaderboard; the section in Spanish on a phone. No secret ever shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, sq, useServerAndBrowser, eventually, newGameOnForm, idle } from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function get(path) {
  const res = await fetch(new URL(path, server.url));
  assert.ok(res.ok, path);
  return res.json();
}

/** A 4x4 game at the usual start, the mouse to move (as the page's game not stored yet). */
async function unstored() {
  const res = await fetch(new URL('/api/games', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ size: 4, mouse: 'human', cats: 'random' }),
  });
  return res.json();
}

/** Plays the mouse's first legal move by clicking until the shown game is over. */
async function playOut(p) {
  for (let turn = 0; turn < 40; turn += 1) {
    await idle(p);
    const id = await p.evaluate(() => document.body.dataset.game);
    // a game not stored yet (the page stores it at its first move) is at the usual start
    const g = id.startsWith('new-') ? await unstored() : await get(`/api/games/${id}`);
    if (g.result !== '*') return g;
    const mv = g.legal_moves[0];
    const before = await p.evaluate(() => document.body.dataset.moves);
    await sq(p, mv.slice(0, 2)).click();
    await sq(p, mv.slice(2)).click();
    await p.waitForFunction((b) => document.body.dataset.moves !== b, before);
  }
  throw new Error('the game did not end');
}

test('players: become one, play a rated game, see the rating and the leaderboard', async () => {
  const p = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await p.goto(`${server.url}#players`);
  await p.getByRole('button', { name: 'Become a player' }).waitFor();
  await axeScan(p, 'players: become one', true);
  await p.locator('#people-name').fill('Ana');
  await p.getByRole('button', { name: 'Become a player' }).click();
  await eventually(async () => assert.match(await p.locator('#people-view').innerText(), /You play as Ana\./));
  const secret = await p.evaluate(() => localStorage.getItem('ryg.player.secret'));
  assert.match(secret, /^[\w-]{43}$/);
  assert.ok(!(await p.content()).includes(secret), 'the secret is not on the page');
  // no rated game yet: said once, and no empty rating history
  const fresh = await p.locator('#people-view').innerText();
  assert.equal(fresh.split('No rated game yet.').length - 1, 1, fresh);
  assert.doesNotMatch(fresh, /Rating history/);

  // a rated game against the random player on 4x4, from the form
  await p.getByRole('link', { name: 'Back to the game' }).click();
  await p.locator('#rated').check();
  await newGameOnForm(p, { size: '4', seat: 'mouse', level: 'random' });
  const over = await playOut(p);
  await p.goto(`${server.url}#players`);
  await eventually(async () => assert.match(await p.locator('.people-table').first().innerText(), /4×4/));
  const me = await (await fetch(new URL('/api/players/me', server.url), { headers: { 'Ryg-Player': secret } })).json();
  assert.equal(me.ratings[0].games, 1);
  assert.equal(me.games[0].id, over.id);
  const won = over.result === '1-0';
  assert.equal(me.history[0].won, won);
  assert.equal(me.ratings[0].rating > 1500, won, 'a win raises the rating, a loss lowers it');
  await eventually(async () => assert.equal(await p.locator('.people-chart').count(), 1));
  await axeScan(p, 'players: your page', true);
  await screenshot(p, 'players-me');
  assert.ok(!(await p.content()).includes(secret), 'the secret is not on the page');

  // the player's public page and the leaderboard (one game: still provisional, nobody listed)
  await p.goto(`${server.url}#player/${me.player.id}`);
  await eventually(async () => assert.equal(await p.locator('#people-title').innerText(), 'Ana'));
  await p.goto(`${server.url}#leaderboard/4`);
  await eventually(async () => assert.match(await p.locator('#people-view').innerText(), /Nobody on this board yet\./));
  await axeScan(p, 'leaderboard', true);
  await screenshot(p, 'leaderboard');
  assert.deepEqual(p.errors, []);
});

test('players: the section in Spanish on a phone', async () => {
  const p = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await p.goto(`${server.url}#players`);
  await p.locator('#lang').selectOption('es');
  await p.getByRole('button', { name: 'Hacerme jugador' }).waitFor();
  await p.locator('#people-name').fill('Bea');
  await p.getByRole('button', { name: 'Hacerme jugador' }).click();
  await eventually(async () => assert.match(await p.locator('#people-view').innerText(), /Juegas como Bea\./));
  await p.getByRole('button', { name: 'Usar en otro dispositivo' }).click();
  await eventually(async () =>
    assert.match(await p.locator('#people-code-out').innerText(), /^Tu código: [A-Z2-9]{4}-[A-Z2-9]{4}$/),
  );
  await axeScan(p, 'players in Spanish', true);
  await screenshot(p, 'players-phone-es');
  assert.deepEqual(p.errors, []);
});
