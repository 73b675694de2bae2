// End-to-end test of the lobby (#lobby), several people in their own browser contexts: two
// players meet by "Play someone now" and play a rated 8×8 game to its end (their moves sent
// through the API with the seat tokens the lobby gave each page), and both ratings move, equal
// and opposite as Glicko-2 moves two newcomers'; an open challenge is created, seen live by a
// third player on a phone in Spanish, and accepted by a second, whose page and the owner's both
// open the game; the server restarts and the third player's lobby follows it again by itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, useServerAndBrowser, eventually, idle, startServer } from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A person's page that became player `name` through the Players section; its secret. */
async function player(name, options = {}) {
  const p = await newPage(browser, options);
  await p.goto(`${server.url}#players`);
  await p.locator('#people-name').fill(name);
  await p.locator('#people-join button[type=submit]').click();
  await eventually(async () => assert.ok(await p.evaluate(() => localStorage.getItem('ryg.player'))));
  p.secret = await p.evaluate(() => localStorage.getItem('ryg.player.secret'));
  return p;
}

async function api(method, path, secret, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (secret) headers['Ryg-Player'] = secret;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, server.url), { method, headers, body: body && JSON.stringify(body) });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

/** The seat the lobby gave the holder of `secret` last. */
async function seatOf(secret) {
  const { body } = await api('GET', '/api/pairing', secret);
  return body.games[0];
}

test('lobby: two players meet by quick pairing and play a rated 8×8 game to its end', async () => {
  const ana = await player('Ana', { viewport: { width: 1366, height: 900 } });
  const bo = await player('Bo', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const p of [ana, bo]) {
    await p.goto(`${server.url}#lobby`);
    await p.locator('#lobby-now').waitFor();
    await p.locator('#lobby-now-clock').selectOption({ index: 0 });
  }
  await axeScan(ana, 'lobby', true);
  await ana.locator('#lobby-now').click();
  await eventually(async () =>
    assert.match(await ana.locator('#lobby-waiting').innerText(), /Looking for an opponent/),
  );
  await screenshot(ana, 'lobby-waiting');
  await bo.locator('#lobby-now').click();
  // both pages open the game the lobby started, each as its own seat
  await eventually(async () => {
    const [a, b] = await Promise.all([ana, bo].map((p) => p.evaluate(() => document.body.dataset.game)));
    assert.ok(a && a === b && !a.startsWith('new-'), `${a} ${b}`);
  });
  const seats = { [ana.secret]: await seatOf(ana.secret), [bo.secret]: await seatOf(bo.secret) };
  const game = seats[ana.secret].game;
  const token = (side) => Object.values(seats).find((s) => s.side === side).token;
  let g = (await api('GET', `/api/games/${game}`)).body;
  assert.equal(g.size, 8);
  for (let ply = 0; g.result === '*' && ply < 200; ply += 1) {
    const side = g.to_move;
    g = (await api('POST', `/api/games/${game}/moves`, null, { move: g.legal_moves[0] }, token(side))).body;
  }
  assert.notEqual(g.result, '*', 'the game ended');
  for (const p of [ana, bo]) {
    await idle(p);
    await eventually(async () =>
      assert.equal(await p.evaluate(() => document.body.dataset.moves), String(g.moves.length)),
    );
  }
  // two newcomers: the winner's rating rises as far as the loser's falls
  const rating = async (p) => (await api('GET', '/api/players/me', p.secret)).body.ratings.find((r) => r.size === 8);
  const [a, b] = await Promise.all([rating(ana), rating(bo)]);
  assert.deepEqual([a.games, b.games], [1, 1]);
  assert.ok(Math.abs(a.rating - 1500 + (b.rating - 1500)) < 0.01, `${a.rating} ${b.rating}`);
  const anaWon = (g.result === '1-0') === (seats[ana.secret].side === 'mouse');
  assert.equal(a.rating > 1500, anaWon);
  await ana.context().close();
  await bo.context().close();
});

test('lobby: an open challenge is seen live by a third player and accepted', async () => {
  const ana = await player('Ana', { viewport: { width: 1366, height: 900 } });
  const bo = await player('Bo', { viewport: { width: 1366, height: 900 } });
  const cy = await player('Cy', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await cy.locator('#lang').selectOption('es');
  for (const p of [ana, bo, cy]) {
    await p.goto(`${server.url}#lobby`);
    await p.locator('#lobby-create').waitFor();
  }
  await eventually(async () => assert.match(await cy.locator('#lobby-list').innerText(), /Todavía no hay desafíos/));
  await ana.locator('#lobby-size').selectOption({ index: 1 });
  await ana.locator('#lobby-side').selectOption({ index: 1 });
  await ana.locator('#lobby-create button[type=submit]').click();
  // seen live by the third player, in Spanish
  await eventually(async () =>
    assert.match(await cy.locator('#lobby-list').innerText(), /Ana \(1500\) — 6×6, juega con el ratón/),
  );
  await axeScan(cy, 'lobby in Spanish on a phone', true);
  await screenshot(cy, 'lobby-phone-es');
  await eventually(async () => assert.equal(await ana.locator('#lobby-list button').innerText(), 'Cancel'));
  await bo.getByRole('button', { name: 'Accept' }).click();
  await eventually(async () => {
    const [a, b] = await Promise.all([ana, bo].map((p) => p.evaluate(() => document.body.dataset.game)));
    assert.ok(a && a === b && !a.startsWith('new-'), `${a} ${b}`);
  });
  await eventually(async () => assert.match(await cy.locator('#lobby-list').innerText(), /Todavía no hay desafíos/));
  const seat = await seatOf(ana.secret);
  assert.equal(seat.side, 'mouse', 'the owner plays the side the challenge named');

  // the server restarts: the lobby says it is reconnecting, then follows the new server by itself
  const port = new URL(server.url).port;
  await server.stop();
  await eventually(async () => assert.equal(await cy.locator('#lobby-stream').innerText(), 'Reconectando…'));
  server = await startServer(server.db, port);
  try {
    await eventually(async () => assert.equal(await cy.locator('#lobby-stream').isHidden(), true));
    const made = await api('POST', '/api/challenges', bo.secret, { size: 4 });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    await eventually(async () => assert.match(await cy.locator('#lobby-list').innerText(), /Bo \(\d+\) — 4×4/));
    for (const p of [ana, bo, cy]) assert.deepEqual(p.errors ?? [], []);
  } finally {
    for (const p of [ana, bo, cy]) await p.context().close();
    await server.stop();
  }
});
