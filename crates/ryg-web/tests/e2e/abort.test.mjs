// A game between two people that nobody has begun: each player is offered Abort, not Resign,
// and told when it is aborted by itself; one aborts it and both see it ended with no winner,
// in their own language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, axeScan, idle, status, useServerAndBrowser, eventually } from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('a friend game nobody has moved in offers Abort (not Resign) with its deadline; aborting ends it for both, in English and Spanish', async () => {
  const res = await fetch(new URL('/api/games', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ size: 4, mouse: 'human', cats: 'human' }),
  });
  const g = await res.json();
  assert.equal(res.status, 201, JSON.stringify(g));
  const created = Date.parse(g.created_at);
  assert.equal(Date.parse(g.abort_at) - created, 10 * 60 * 1000);
  const ana = await newPage(browser);
  const bo = await newPage(browser, { locale: 'es-ES' });
  await ana.goto(`${server.url}#game=${g.public_id}&token=${g.tokens.mouse}`);
  await bo.goto(`${server.url}#game=${g.public_id}&token=${g.tokens.cats}`);
  await idle(ana);
  await idle(bo);
  const time = await ana.evaluate(
    (at) => new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' }),
    g.abort_at,
  );
  await eventually(async () =>
    assert.equal(
      await ana.locator('#abort-note').innerText(),
      `Nobody has moved yet: if no move is made by ${time}, the game is aborted.`,
    ),
  );
  await eventually(async () => assert.equal(await ana.getByRole('button', { name: 'Abort' }).isVisible(), true));
  await eventually(async () => assert.equal(await ana.locator('#resign').isHidden(), true));
  await eventually(async () => assert.equal(await bo.getByRole('button', { name: 'Anular' }).isVisible(), true));
  await axeScan(ana, 'unstarted friend game');
  await ana.getByRole('button', { name: 'Abort' }).click();
  await ana.waitForFunction(() => /aborted/.test(document.getElementById('status').textContent));
  await eventually(async () => assert.match(await status(ana), /· The game was aborted: no move was made\.$/));
  await eventually(async () => assert.equal(await ana.locator('#end-title').innerText(), 'Game aborted'));
  await eventually(async () => assert.equal(await ana.locator('#abort').isHidden(), true));
  await eventually(async () => assert.equal(await ana.locator('#abort-note').isHidden(), true));
  await eventually(async () => assert.equal(await ana.locator('#review-panel').isHidden(), true, 'nothing to review'));
  // the other player's page hears of it through the game's events
  await bo.waitForFunction(() => /anuló/.test(document.getElementById('status').textContent));
  await eventually(async () => assert.match(await status(bo), /· La partida se anuló: no se hizo ninguna jugada\.$/));
  await eventually(async () => assert.equal(await bo.locator('#end-title').innerText(), 'Partida anulada'));
  await axeScan(bo, 'aborted friend game es');
  // the server refuses a move in it
  const mv = await fetch(new URL(`/api/games/${g.public_id}/moves`, server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${g.tokens.mouse}` },
    body: JSON.stringify({ move: 'c1b2' }),
  });
  assert.equal(mv.status, 409);
  assert.equal((await mv.json()).error, 'the game was aborted: no move was made');
  assert.deepEqual([ana.errors, bo.errors], [[], []]);
  await ana.context().close();
  await bo.context().close();
});
