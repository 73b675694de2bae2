// Playing a friend in the browser, each person's turn at the game's requests and ends: undo
// asked and answered, resigning, a clock that runs out, the page reconnecting after a restart,
// a rematch against the computer, and a phone-sized game (friend.test.mjs makes and plays games;
// friendkit.mjs holds the helpers). Two browser contexts and a watcher against `ryg serve`; each
// test has fresh pages and its own game.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  newPage,
  screenshot,
  tempDb,
  axeScan,
  sq,
  idle,
  moves,
  gameId,
  status,
  moveList,
  eventually,
  newGameOnForm,
} from './harness.mjs';
import {
  useFriendServer,
  person,
  waitMoves,
  waitStatus,
  waitText,
  click,
  createFriendGame,
  friendGame,
} from './friendkit.mjs';

const db = tempDb();
let server;
let browser;
let ana; // a player (the one who creates the game in the dialog)
let bo; // the other player
let watcher; // opens the watch link

before(async () => {
  server = await startServer(db);
  useFriendServer(server);
  browser = await launchBrowser();
});

beforeEach(async () => {
  ana = await person(browser);
  bo = await person(browser);
  watcher = await person(browser);
});

afterEach(async () => {
  for (const p of [ana, bo, watcher]) await p.context().close();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

function rematchLike(moves = []) {
  return friendGame({ names: { mouse: 'Bo', cats: 'Ana' }, moves }, { mouse: bo, cats: ana, watch: watcher });
}

test('undo between players is a request: declined, the move stays; accepted, it is taken back', async () => {
  await rematchLike();
  await click(bo, 'c1b2');
  await waitMoves(ana, 1);
  await click(ana, 'd4c3');
  await waitMoves(bo, 2);
  await bo.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitText(bo, '#undo-request-text', 'You asked to take back your last move. Waiting for Ana (cats) to answer.');
  await eventually(async () =>
    assert.equal(await bo.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true),
  );
  await waitText(ana, '#undo-request-text', 'Bo (mouse) asks to take back their last move.');
  await waitText(watcher, '#undo-request-text', 'Bo (mouse) asked to take back their last move.');
  await eventually(async () =>
    assert.equal(await watcher.getByRole('button', { name: 'Accept', exact: true }).isVisible(), false),
  );
  await axeScan(ana, 'undo request');
  await ana.getByRole('button', { name: 'Decline' }).click();
  await bo.waitForFunction(
    () => document.getElementById('announce').textContent === 'Ana (cats) declined: the move stays.',
  );
  await eventually(async () => assert.equal(await bo.locator('#undo-request').isHidden(), true));
  await eventually(async () => assert.equal(await moves(bo), 2));

  await bo.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitText(ana, '#undo-request-text', 'Bo (mouse) asks to take back their last move.');
  await ana.getByRole('button', { name: 'Accept', exact: true }).click();
  for (const p of [ana, bo, watcher]) {
    await waitMoves(p, 0);
    await eventually(async () => assert.equal(await p.locator('#undo-request').isHidden(), true));
  }
  await eventually(async () => assert.match(await status(bo), /· Your move \(mouse\)\.$/));
});

test('resign asks first, then ends the game for everyone in words', async () => {
  // a game nobody has moved in is aborted, not resigned: one move each
  await rematchLike(['c1b2', 'd4c3']);
  await bo.getByRole('button', { name: 'Resign' }).click();
  await eventually(async () => assert.equal(await bo.locator('#resign-confirm').isVisible(), true));
  await bo.getByRole('button', { name: 'Keep playing' }).click();
  await eventually(async () => assert.equal(await bo.locator('#resign-confirm').isHidden(), true));
  await eventually(async () => assert.match(await status(bo), /· Your move \(mouse\)\.$/));
  await bo.getByRole('button', { name: 'Resign' }).click();
  await bo.getByRole('button', { name: 'Yes, resign' }).click();
  for (const p of [ana, bo, watcher]) await waitStatus(p, /· The cats win: the mouse resigned\.$/);
  await ana.waitForFunction(
    () => document.getElementById('announce').textContent === 'The cats win: the mouse resigned.',
  );
  await eventually(async () => assert.equal(await bo.locator('#resign').isHidden(), true));
  await eventually(async () =>
    assert.equal(await bo.getByRole('button', { name: 'Rematch', exact: true }).isVisible(), true),
  );
  await eventually(async () =>
    assert.equal(await ana.locator('#results-toggle').isDisabled(), false, 'exact results again once the game is over'),
  );
  await eventually(async () => assert.equal(await ana.locator('#think-run').isDisabled(), false));
});

test('a clock that runs out ends the game on time (3 seconds a side)', async () => {
  await ana.goto(server.url);
  await idle(ana);
  const g = await createFriendGame(ana, { size: '6', side: 'mouse', minutes: '0.05', increment: '0' });
  await ana.getByRole('button', { name: 'Start playing' }).click();
  await bo.goto(g.friendLink);
  await idle(bo);
  await eventually(async () => assert.equal(await bo.locator('#player-bottom .clock').innerText(), '0:03.0'));
  await click(ana, 'c1d2');
  await waitMoves(bo, 1);
  for (const p of [ana, bo]) await waitStatus(p, /· The mouse wins: the cats ran out of time\.$/);
  await eventually(async () => assert.equal(await bo.locator('#player-bottom .clock').innerText(), '0:00.0'));
  await eventually(async () => assert.equal(await ana.locator('#board .sq.movable').count(), 0));
});

test('the page reconnects by itself after the server restarts and misses no move', async () => {
  await ana.goto(server.url);
  await idle(ana);
  const g = await createFriendGame(ana, { size: '8', side: 'cats', name: 'Ana' });
  await ana.getByRole('button', { name: 'Start playing' }).click();
  await bo.goto(g.friendLink);
  await idle(bo);
  await click(bo, 'e1d2');
  await waitMoves(ana, 1);
  // both pages behind their service worker, as a returning visitor's are: every request and
  // the event stream go through it
  for (const p of [ana, bo]) await p.waitForFunction(() => !!navigator.serviceWorker.controller);
  const port = new URL(server.url).port;
  await server.stop();
  for (const p of [ana, bo]) await p.waitForFunction(() => !document.getElementById('conn').hidden);
  await eventually(async () => assert.equal(await ana.locator('#conn').innerText(), 'Reconnecting…'));
  // a restart longer than a few of the streams' retries (a second each): each retry finds no
  // server, and the worker must still ask again once it is back
  await new Promise((r) => {
    setTimeout(r, 4000);
  });
  server = await startServer(db, port);
  useFriendServer(server);
  for (const p of [ana, bo])
    await p.waitForFunction(() => document.getElementById('conn').hidden, null, { timeout: 30000 });
  await click(ana, 'b8c7');
  await waitMoves(bo, 2);
  await click(bo, 'd2e3');
  await waitMoves(ana, 3);
  await eventually(async () => assert.deepEqual(await moveList(ana), ['e1d2', 'b8c7', 'd2e3']));
  await eventually(async () => assert.deepEqual(await moveList(bo), ['e1d2', 'b8c7', 'd2e3']));
  for (const p of [ana, bo]) assert.deepEqual(p.errors, []);
});

test('a refused event stream (503) keeps "Reconnecting…" shown across its retries until it is back', async () => {
  // no service worker: the page's own stream meets the refusal
  const p = await newPage(browser, { serviceWorkers: 'block' });
  let refuse = true;
  await p.route('**/api/games/*/events', (route) =>
    refuse
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy","message":"busy"}' })
      : route.continue(),
  );
  await p.goto(server.url);
  await idle(p);
  await newGameOnForm(p, { size: '8', seat: 'mouse', level: '3' });
  // the game is the server's from its first move
  await sq(p, 'e1').click();
  await sq(p, 'd2').click();
  await p.waitForFunction(() => !document.body.dataset.game.startsWith('new-'));
  await p.waitForFunction(() => !document.getElementById('conn').hidden);
  // the page tries again every 3 s: the note stays through two retries
  const until = Date.now() + 7000;
  while (Date.now() < until) {
    assert.equal(await p.locator('#conn').isHidden(), false, 'the note was hidden while the stream was refused');
    await p.waitForTimeout(100);
  }
  refuse = false;
  await p.waitForFunction(() => document.getElementById('conn').hidden, null, { timeout: 15000 });
  await p.context().close();
});

test('against the computer: resign, then a rematch with sides swapped keeps the same token', async () => {
  const p = await person(browser);
  await p.goto(server.url);
  await idle(p);
  const before = await gameId(p);
  await p.getByLabel('Board size').selectOption('4');
  await p.getByLabel('You play').selectOption('mouse');
  await p.locator('#level').selectOption('1');
  await p.locator('#new-game-button').click();
  await p.waitForFunction(
    (b) => document.body.dataset.game !== String(b) && document.body.dataset.busy === 'false',
    before,
  );
  await eventually(async () =>
    assert.match(
      await status(p),
      /^New game · 4×4 · opponent: level 1 · Your move \(mouse\)\.$/,
      'not stored before its first move',
    ),
  );
  await sq(p, 'c1').click();
  await sq(p, 'd2').click();
  await waitMoves(p, 2);
  const id = await gameId(p);
  const token = await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id);
  assert.match(token, /^[0-9a-f]{32}$/);
  await eventually(async () => assert.equal(await p.locator('#role').isHidden(), true));
  await eventually(async () =>
    assert.equal(
      await p.locator('#player-top').isHidden(),
      true,
      'no players bar against the computer without names or clock',
    ),
  );
  // a second tab of the same browser follows the game live: the move and the computer's reply
  const tab = await p.context().newPage();
  await tab.goto(`${server.url}#game=${id}`);
  await idle(tab);
  await eventually(async () =>
    assert.match(await status(tab), /· Your move \(mouse\)\.$/, 'the same browser holds the same token'),
  );
  await sq(p, 'd2').click();
  await sq(p, 'c1').click();
  await waitMoves(p, 4);
  await tab.waitForFunction(() => Number(document.body.dataset.moves) === 4);
  await eventually(async () => assert.deepEqual(await moveList(tab), await moveList(p)));
  await tab.close();
  await p.getByRole('button', { name: 'Resign' }).click();
  await p.getByRole('button', { name: 'Yes, resign' }).click();
  await waitStatus(p, /· The cats win: the mouse resigned\.$/);
  await eventually(async () => assert.equal(await moves(p), 4));
  await p.getByRole('button', { name: 'Rematch', exact: true }).click();
  await p.waitForFunction(
    (b) => document.body.dataset.game !== String(b) && document.body.dataset.busy === 'false',
    id,
  );
  const id2 = await gameId(p);
  await eventually(async () =>
    assert.equal(await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id2), token),
  );
  await eventually(async () => assert.equal(await moves(p), 1, "the computer's mouse moved first"));
  await eventually(async () =>
    assert.match(await status(p), /^Game · 4×4 · opponent: level 1 · Your move \(cats\)\.$/),
  );
  await eventually(async () =>
    assert.equal(
      await p.locator('#board .sq').first().getAttribute('aria-label'),
      'd1 empty, light square',
      'playing the cats: flipped',
    ),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('a phone-sized friend game: players, clocks and board fit; no serious accessibility violations', async () => {
  const phone = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await phone.goto(server.url);
  await idle(phone);
  const g = await createFriendGame(phone, { size: '8', side: 'mouse', name: 'Ana', minutes: '10', increment: '5' });
  const box = await phone.getByRole('dialog').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  await screenshot(phone, 'phone-friend-dialog');
  await phone.getByRole('button', { name: 'Start playing' }).click();
  await bo.goto(g.friendLink);
  await idle(bo);
  await bo.getByLabel('Your name', { exact: true }).fill('Bo');
  await bo.getByRole('button', { name: 'Save name' }).click();
  await waitText(phone, '#player-top .pname', 'Bo');
  await sq(phone, 'e1').tap();
  await sq(phone, 'f2').tap();
  await waitMoves(bo, 1);
  await click(bo, 'b8a7');
  await waitMoves(phone, 2);
  await eventually(async () => assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= 390));
  for (const id of ['#player-top', '#board', '#player-bottom']) {
    const b = await phone.locator(id).boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= 390, `${id} ${JSON.stringify(b)}`);
  }
  await phone.evaluate(() => window.scrollTo(0, 0));
  await screenshot(phone, 'phone-friend-game');
  await axeScan(phone, 'phone friend game');
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});
