// Playing a friend in the browser: two people (two browser contexts, each with its own storage,
// so its own seat token) and a watcher, against the real `ryg serve` binary. Every change one
// page makes reaches the others through the game's event stream, without a reload. Each test
// has fresh pages and makes its own game (most through the API, opened from its links), so one
// failure does not take the next tests with it.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, newPage, screenshot, tempDb, axeScan, sq, idle, moves, gameId, status, moveList, eventually,
} from './harness.mjs';

const db = tempDb();
let server;
let browser;
let ana; // a player (the one who creates the game in the dialog)
let bo; // the other player
let watcher; // opens the watch link

/** A person's page: fails the test on a script error or any alert/confirm/prompt. */
async function person() {
  const p = await newPage(browser);
  p.dialogs = [];
  p.on('dialog', (d) => { p.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  return p;
}

before(async () => {
  server = await startServer(db);
  browser = await launchBrowser();
});

beforeEach(async () => {
  ana = await person();
  bo = await person();
  watcher = await person();
});

afterEach(async () => {
  for (const p of [ana, bo, watcher]) await p.context().close();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// ---------- helpers ----------

/** Waits until page `p` shows `n` moves, with nothing in flight. */
async function waitMoves(p, n) {
  await p.waitForFunction((k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) === k, n);
}
async function waitStatus(p, re) {
  await p.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source);
}
async function waitText(p, selector, text) {
  await p.waitForFunction(([s, t]) => { const e = document.querySelector(s); return !!e && e.textContent === t; }, [selector, text]);
}
function split(mv) { const i = mv.search(/[a-j]\d+$/); return [mv.slice(0, i), mv.slice(i)]; }

/** `p` plays `mv` by clicking its piece, then the destination. */
async function click(p, mv) {
  const [from, to] = split(mv);
  const n = await moves(p);
  await sq(p, from).click();
  await sq(p, to).click();
  await waitMoves(p, n + 1);
}

/** Fills in and submits the "Play a friend" dialog; returns the game and its links. */
async function createFriendGame(p, { size = '4', side = 'mouse', name = '', minutes = '', increment = '0' } = {}) {
  await p.getByLabel('Board size').selectOption(size);
  await p.getByRole('button', { name: 'Play a friend', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'Play a friend' });
  await eventually(async () => assert.equal(await dialog.isVisible(), true));
  await dialog.getByLabel('Your side').selectOption(side);
  await dialog.getByLabel('Your name (optional)').fill(name);
  await dialog.getByLabel('Clock: minutes each (optional)').fill(minutes);
  await dialog.getByLabel('Increment: seconds a move').fill(increment);
  await dialog.getByRole('button', { name: 'Create the game' }).click();
  await p.waitForFunction(() => !document.getElementById('friend-links').hidden);
  const id = await gameId(p);
  return {
    id,
    friendLink: await p.locator('#friend-link').inputValue(),
    watchLink: await p.locator('#watch-link').inputValue(),
    token: await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id),
  };
}

/** `POST /api/games` with `body`: the new game, with its seats' links and tokens. */
async function postGame(body) {
  const res = await fetch(new URL('/api/games', server.url), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const g = await res.json();
  assert.ok(res.ok, JSON.stringify(g));
  return g;
}

/** A game between friends made through the API (4×4 unless `spec` says otherwise; `spec` may
 * give names, a clock, moves already played …), opened from its links: page `mouse` plays the
 * mouse, `cats` the cats, `watch` watches; each shows it before this returns. Returns its id
 * and the seats' tokens. */
async function friendGame(spec, { mouse, cats, watch }) {
  const g = await postGame({ size: 4, mouse: 'human', cats: 'human', ...spec });
  for (const [p, link] of [[mouse, g.links.mouse], [cats, g.links.cats], [watch, g.links.watch]]) {
    if (!p) continue;
    await p.goto(new URL(new URL(link).hash, server.url).href);
    await p.waitForFunction((id) => document.body.dataset.game === id && document.body.dataset.busy === 'false', g.id);
  }
  return { id: g.id, tokens: g.tokens };
}

/** A game as the server sends it now (read with no token: a watcher's view). */
function serverGame(id) {
  return fetch(new URL(`/api/games/${id}`, server.url)).then((r) => r.json());
}

/** `ms` as the page shows a clock from 10 s up: whole seconds, rounded up, as m:ss. */
function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// ---------- tests ----------

test('"Play a friend" creates the game and shows the friend\'s link and the watch link, each with a Copy button', async () => {
  await ana.goto(server.url);
  await idle(ana);
  await ana.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const game = await createFriendGame(ana, { size: '4', side: 'mouse', name: 'Ana', minutes: '5', increment: '2' });
  const base = server.url.replace(/\/$/, '');
  assert.match(game.friendLink, new RegExp(`^${base}/#game=${game.id}&token=[0-9a-f]{32}$`));
  assert.equal(game.watchLink, `${base}/#game=${game.id}`);
  // the page keeps Ana's own token, which is not the one in the friend's link
  assert.match(game.token, /^[0-9a-f]{32}$/);
  assert.notEqual(game.token, game.friendLink.split('token=')[1]);
  await eventually(async () => assert.equal(await ana.locator('#friend-other').innerText(), 'cats'));
  await eventually(async () => assert.equal(await ana.locator('#friend-local').isVisible(), true, 'served on loopback: the dialog says how to serve the network'));

  await ana.getByRole('button', { name: 'Copy link', exact: true }).click();
  await waitText(ana, '#copy-note', "Your friend's link copied.");
  await eventually(async () => assert.equal(await ana.evaluate(() => navigator.clipboard.readText()), game.friendLink));
  await screenshot(ana, 'friend-dialog');
  await axeScan(ana, 'friend dialog');
  await ana.getByRole('button', { name: 'Copy watch link' }).click();
  await waitText(ana, '#copy-note', 'The watch link copied.');
  await eventually(async () => assert.equal(await ana.evaluate(() => navigator.clipboard.readText()), game.watchLink));

  // without a clipboard, the link is selected for Ctrl+C instead
  await ana.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard')); });
  await ana.getByRole('button', { name: 'Copy watch link' }).click();
  await waitText(ana, '#copy-note', 'The watch link is selected: press Ctrl+C (or ⌘C) to copy it.');
  await eventually(async () => assert.deepEqual(await ana.evaluate(() => {
    const e = document.activeElement;
    return [e.id, e.selectionStart, e.selectionEnd, e.value.length];
  }), ['watch-link', 0, game.watchLink.length, game.watchLink.length]));

  await ana.getByRole('button', { name: 'Start playing' }).click();
  await eventually(async () => assert.equal(await ana.getByRole('dialog').count(), 0));
  await eventually(async () => assert.match(await status(ana), /^Game · 4×4 · Your move \(mouse\)\.$/));
  await eventually(async () => assert.equal(await ana.locator('#role').innerText(), 'You play the mouse against your friend.'));
  await eventually(async () => assert.equal(await ana.locator('#player-bottom .pname').innerText(), 'Ana'));
  await eventually(async () => assert.equal(await ana.locator('#player-bottom .clock').innerText(), '5:00'));
  await eventually(async () => assert.equal(await ana.locator('#player-top .clock').innerText(), '5:00'));
  await eventually(async () => assert.equal(await ana.locator('#results-toggle').isDisabled(), true, 'no exact results while playing a friend'));
  await eventually(async () => assert.equal(await ana.getByRole('button', { name: 'Hint', exact: true }).isDisabled(), true));
  await eventually(async () => assert.equal(await ana.locator('#think-run').isDisabled(), true, 'nor the computer\'s search'));
});

test('the friend\'s link keeps its token in that browser and drops it from the address; names show as text only', async () => {
  await ana.goto(server.url);
  await idle(ana);
  const game = await createFriendGame(ana, { size: '4', side: 'mouse', name: 'Ana' });
  await ana.getByRole('button', { name: 'Start playing' }).click();
  await bo.goto(game.friendLink);
  await idle(bo);
  await eventually(async () => assert.equal(await gameId(bo), game.id));
  await eventually(async () => assert.equal(await bo.evaluate(() => location.hash), `#game=${game.id}`));
  await eventually(async () => assert.equal(await bo.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), game.id), game.friendLink.split('token=')[1]));
  await eventually(async () => assert.equal(await bo.locator('#role').innerText(), 'You play the cats against Ana.'));
  await eventually(async () => assert.match(await status(bo), /· Waiting for Ana \(mouse\) to move\.$/));
  await eventually(async () => assert.equal(await bo.locator('#board .sq').first().getAttribute('aria-label'), 'd1 empty, light square', 'the cats see the board from their side'));

  await watcher.goto(game.watchLink);
  await idle(watcher);
  await eventually(async () => assert.equal(await watcher.locator('#role').innerText(), 'You are watching: you see every move as it is played, but cannot play.'));
  await eventually(async () => assert.match(await status(watcher), /· Ana \(mouse\) to move\.$/));
  await eventually(async () => assert.equal(await watcher.locator('#name-form').isHidden(), true));

  // names that are HTML stay text: in the other player's page and the watcher's
  for (const name of ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>']) {
    await bo.getByLabel('Your name', { exact: true }).fill(name);
    await bo.getByRole('button', { name: 'Save name' }).click();
    await idle(bo);
    for (const p of [ana, watcher]) {
      await waitText(p, '#player-top .pname', name);
      await eventually(async () => assert.equal(await p.locator('#player-top .pname').evaluate((e) => e.children.length), 0));
    }
  }
  await waitText(ana, '#role', 'You play the mouse against <img src=x onerror=alert(2)>.');
  for (const p of [ana, bo, watcher]) {
    await eventually(async () => assert.equal(await p.evaluate(() => document.querySelectorAll('img, main script, header script').length), 0));
    assert.deepEqual(p.dialogs, []);
    assert.deepEqual(p.errors, []);
  }
  await bo.getByLabel('Your name', { exact: true }).fill('Bo');
  await bo.getByRole('button', { name: 'Save name' }).click();
  await waitText(ana, '#player-top .pname', 'Bo');
  await waitText(watcher, '#player-top .pname', 'Bo');
});

test('two players play a whole game by clicking, each seeing the other\'s moves live; the watcher sees them and cannot move', async () => {
  // a 60 s increment: whatever a move costs on a slow machine, the increment shows
  const game = await friendGame({ names: { mouse: 'Ana', cats: 'Bo' }, clock: { minutes: 5, increment: 60 } }, { mouse: ana, cats: bo, watch: watcher });
  for (const p of [ana, bo, watcher]) await p.evaluate(() => { window.samePage = true; });
  let boMoved; // before Bo's first move was sent: Ana's clock ran from then at the earliest
  // the mouse runs up the board while the cats look the other way (4×4)
  const game4 = [[ana, 'c1d2'], [bo, 'b4a3'], [ana, 'd2c3'], [bo, 'a3b2'], [ana, 'c3b4']];
  for (const [i, [mover, mv]] of game4.entries()) {
    const other = mover === ana ? bo : ana;
    await eventually(async () => assert.match(await status(other), /Waiting for (Ana|Bo) \((mouse|cats)\) to move\.$/));
    await eventually(async () => assert.equal(await other.locator('#board .sq.movable').count(), 0, 'nothing to pick up on the other\'s turn'));
    if (i === 4) {
      await screenshot(ana, 'friend-game-mouse');
      await screenshot(bo, 'friend-game-cats');
    }
    if (i === 1) boMoved = Date.now();
    await click(mover, mv);
    const [from, to] = split(mv);
    for (const p of [other, watcher]) {
      await waitMoves(p, i + 1);
      await eventually(async () => assert.equal((await moveList(p))[i], mv));
      await eventually(async () => assert.match(await sq(p, to).getAttribute('aria-label'), new RegExp(`^${to} (mouse|cat), last move to here$`)));
      await eventually(async () => assert.equal(await sq(p, from).getAttribute('aria-label'), `${from} empty, last move from here`));
    }
    if (i === 0) {
      await other.waitForFunction(() => document.getElementById('announce').textContent === 'Mouse c1 to d2. Your move.');
      // Bo's clock runs now, counted down on the page between the server's values
      const t0 = await bo.locator('#player-bottom .clock').innerText();
      await eventually(async () => assert.equal(await bo.locator('#player-bottom .clock').getAttribute('class'), 'clock running'));
      await bo.waitForFunction((t) => document.querySelector('#player-bottom .clock').textContent !== t, t0);
      await eventually(async () => assert.match(await bo.locator('#player-bottom .clock').innerText(), /^4:5\d$/));
      await eventually(async () => assert.equal(await ana.locator('#player-bottom .clock').innerText(), '5:00', 'no clock ran before the first move'));
    }
    if (i === 2) {
      // Ana's clock ran from Bo's move to hers (at most `ran` ms), then she got her 60 s
      // increment: the server's value says so, and every page shows it (her clock stopped)
      const ran = Date.now() - boMoved;
      const left = (await serverGame(game.id)).clock.mouse_ms;
      assert.ok(left > 300000 && left >= 360000 - ran && left <= 360000, `Ana has ${left} ms after ${ran} ms: her 60 s increment`);
      await eventually(async () => assert.equal(await ana.locator('#player-bottom .clock').innerText(), clockText(left)));
      for (const p of [bo, watcher]) await eventually(async () => assert.equal(await p.locator('#player-top .clock').innerText(), clockText(left)));
    }
    if (i === 1) {
      // the watcher can pick nothing up and play nothing
      await eventually(async () => assert.equal(await watcher.locator('#board .sq.movable').count(), 0));
      await sq(watcher, 'd2').click();
      await watcher.waitForFunction(() => document.getElementById('announce').textContent === 'You are watching: you cannot move here.');
      await sq(watcher, 'c3').click();
      await eventually(async () => assert.equal(await moves(watcher), 2));
      for (const name of ['Undo', 'Redo', 'Computer move']) {
        await eventually(async () => assert.equal(await watcher.getByRole('button', { name, exact: true }).isDisabled(), true, name));
      }
      await eventually(async () => assert.equal(await watcher.locator('#resign').isHidden(), true));
      // nor hints or exact results while the game goes on: a watcher could pass them on
      await eventually(async () => assert.equal(await watcher.locator('#results-toggle').isDisabled(), true));
      await eventually(async () => assert.equal(await watcher.locator('#results-toggle').innerText(), 'Exact results (hidden until this game between friends is over)'));
      await eventually(async () => assert.equal(await watcher.getByRole('button', { name: 'Hint', exact: true }).isDisabled(), true));
      // nor analysis: Analysis mode on the watch page opens on a start position, not the live
      // one. This game is still in its opening, which is everyone's (live::OPEN_PLIES); a game
      // between friends from a set-up position closes its position from its first ply, and that
      // position typed in is refused by the server
      const setup = await fetch(new URL('/api/games', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fen: '1c1c/4/1m2/4 m', mouse: 'human', cats: 'human' }),
      }).then((r) => r.json());
      assert.equal(setup.fen, '1c1c/4/1m2/4 m', JSON.stringify(setup));
      const peek = await person();
      await peek.goto(new URL(new URL(setup.links.watch).hash, server.url).href);
      await idle(peek);
      const live = await peek.evaluate((id) => fetch(`/api/games/${id}`).then((r) => r.json()).then((g) => g.fen), setup.id);
      await peek.getByRole('button', { name: 'Analysis mode' }).click();
      const fen = peek.getByLabel('FEN', { exact: true });
      await eventually(async () => assert.notEqual(await fen.inputValue(), live));
      await peek.getByLabel('Board size').selectOption('4');
      await peek.getByRole('button', { name: 'Analysis mode' }).click();
      await eventually(async () => assert.notEqual(await fen.inputValue(), live));
      await fen.fill(live);
      await peek.waitForFunction(() => /being played/.test(document.getElementById('results').textContent));
      await eventually(async () => assert.match(await peek.locator('#results').innerText(), /in a game between two players that is being played/));
      // the opening of Ana and Bo's game is open to anyone's analysis
      const opening = await peek.evaluate((id) => fetch(`/api/games/${id}`).then((r) => r.json()).then((g) => g.fen), game.id);
      await fen.fill(opening);
      await peek.waitForFunction(() => /with best play/.test(document.getElementById('results').textContent));
      await peek.close();
    }
  }
  for (const p of [ana, bo, watcher]) {
    await waitStatus(p, /· The mouse wins: the mouse reached the top row\.$/);
    await eventually(async () => assert.deepEqual(await moveList(p), game4.map(([, mv]) => mv)));
    await eventually(async () => assert.equal(await p.evaluate(() => window.samePage), true, 'the moves came live, without a reload'));
  }
  await eventually(async () => assert.equal(await ana.locator('#player-top .clock').getAttribute('class'), 'clock'));
  // the record names the players
  const pgn = await ana.evaluate((id) => fetch(`/api/games/${id}/pgn`).then((r) => r.text()), game.id);
  assert.match(pgn, /\[Mouse "Ana"\]/);
  assert.match(pgn, /\[Cats "Bo"\]/);
});

test('a rematch: one offers, the other accepts, both pages go to the new game with sides swapped and the same tokens', async () => {
  // the game above to its last move, which Ana plays on the page
  const game = await friendGame({
    names: { mouse: 'Ana', cats: 'Bo' }, clock: { minutes: 5, increment: 2 }, moves: ['c1d2', 'b4a3', 'd2c3', 'a3b2'],
  }, { mouse: ana, cats: bo, watch: watcher });
  await click(ana, 'c3b4');
  for (const p of [ana, bo, watcher]) await waitStatus(p, /· The mouse wins: the mouse reached the top row\.$/);
  await ana.getByRole('button', { name: 'Rematch', exact: true }).click();
  await ana.waitForFunction(() => document.getElementById('rematch').textContent === 'Rematch offered…');
  await eventually(async () => assert.equal(await ana.locator('#rematch').isDisabled(), true));
  await bo.waitForFunction(() => document.getElementById('announce').textContent === 'Ana (mouse) offers a rematch with sides swapped.');
  // the offer is in the game panel for both, with or without the end card
  await waitText(bo, '#rematch-offer-text', 'Ana (mouse) offers a rematch with sides swapped.');
  await waitText(ana, '#rematch-offer-text', 'You offered a rematch. Waiting for Bo (cats).');
  await waitText(watcher, '#rematch-offer-text', 'Ana (mouse) offered a rematch with sides swapped.');
  await bo.locator('#card-close').click();
  await eventually(async () => assert.equal(await bo.locator('#rematch-offer').isVisible(), true));
  await eventually(async () => assert.equal(await bo.getByRole('button', { name: 'Accept the rematch' }).isVisible(), true));
  await bo.getByRole('button', { name: 'Accept the rematch' }).click();
  await bo.waitForFunction((old) => document.body.dataset.game !== String(old) && document.body.dataset.busy === 'false', game.id);
  const id2 = await gameId(bo);
  await ana.waitForFunction((k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false', id2);
  await eventually(async () => assert.equal(await ana.evaluate(() => location.hash), `#game=${id2}`));
  await eventually(async () => assert.equal(await bo.locator('#role').innerText(), 'You play the mouse against Ana.'));
  await eventually(async () => assert.equal(await ana.locator('#role').innerText(), 'You play the cats against Bo.'));
  const tokens = (p, id) => p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id);
  await eventually(async () => assert.equal(await tokens(ana, id2), game.tokens.mouse));
  await eventually(async () => assert.equal(await tokens(bo, id2), await tokens(bo, game.id)));
  await eventually(async () => assert.equal(await ana.locator('#player-bottom .clock').innerText(), '5:00', 'the same clock, fresh'));
  // the rematch is a new game: the watcher's link does not open it
  await watcher.waitForFunction(() => document.getElementById('rematch-offer').hidden);
  await eventually(async () => assert.equal(await watcher.locator('#rematch').isHidden(), true));
  // given the new game's link, the watcher watches it
  await watcher.goto(`${server.url}#game=${id2}`);
  await watcher.waitForFunction((k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false', id2);
  await eventually(async () => assert.match(await status(watcher), /· Bo \(mouse\) to move\.$/));
});

/** Bo (mouse) and Ana (cats) in a 4×4 game, as after the rematch above, `moves` played. */
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
  await eventually(async () => assert.equal(await bo.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true));
  await waitText(ana, '#undo-request-text', 'Bo (mouse) asks to take back their last move.');
  await waitText(watcher, '#undo-request-text', 'Bo (mouse) asked to take back their last move.');
  await eventually(async () => assert.equal(await watcher.getByRole('button', { name: 'Accept', exact: true }).isVisible(), false));
  await axeScan(ana, 'undo request');
  await ana.getByRole('button', { name: 'Decline' }).click();
  await bo.waitForFunction(() => document.getElementById('announce').textContent === 'Ana (cats) declined: the move stays.');
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
  await ana.waitForFunction(() => document.getElementById('announce').textContent === 'The cats win: the mouse resigned.');
  await eventually(async () => assert.equal(await bo.locator('#resign').isHidden(), true));
  await eventually(async () => assert.equal(await bo.getByRole('button', { name: 'Rematch', exact: true }).isVisible(), true));
  await eventually(async () => assert.equal(await ana.locator('#results-toggle').isDisabled(), false, 'exact results again once the game is over'));
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
  await new Promise((r) => { setTimeout(r, 4000); });
  server = await startServer(db, port);
  for (const p of [ana, bo]) await p.waitForFunction(() => document.getElementById('conn').hidden, null, { timeout: 30000 });
  await click(ana, 'b8c7');
  await waitMoves(bo, 2);
  await click(bo, 'd2e3');
  await waitMoves(ana, 3);
  await eventually(async () => assert.deepEqual(await moveList(ana), ['e1d2', 'b8c7', 'd2e3']));
  await eventually(async () => assert.deepEqual(await moveList(bo), ['e1d2', 'b8c7', 'd2e3']));
  for (const p of [ana, bo]) assert.deepEqual(p.errors, []);
});

test('against the computer: resign, then a rematch with sides swapped keeps the same token', async () => {
  const p = await person();
  await p.goto(server.url);
  await idle(p);
  const before = await gameId(p);
  await p.getByLabel('Board size').selectOption('4');
  await p.getByLabel('You play').selectOption('mouse');
  await p.locator('#level').selectOption('1');
  await p.locator('#new-game-button').click();
  await p.waitForFunction((b) => document.body.dataset.game !== String(b) && document.body.dataset.busy === 'false', before);
  await eventually(async () => assert.match(await status(p), /^New game · 4×4 · opponent: level 1 · Your move \(mouse\)\.$/, 'not stored before its first move'));
  await sq(p, 'c1').click();
  await sq(p, 'd2').click();
  await waitMoves(p, 2);
  const id = await gameId(p);
  const token = await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id);
  assert.match(token, /^[0-9a-f]{32}$/);
  await eventually(async () => assert.equal(await p.locator('#role').isHidden(), true));
  await eventually(async () => assert.equal(await p.locator('#player-top').isHidden(), true, 'no players bar against the computer without names or clock'));
  // a second tab of the same browser follows the game live: the move and the computer's reply
  const tab = await p.context().newPage();
  await tab.goto(`${server.url}#game=${id}`);
  await idle(tab);
  await eventually(async () => assert.match(await status(tab), /· Your move \(mouse\)\.$/, 'the same browser holds the same token'));
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
  await p.waitForFunction((b) => document.body.dataset.game !== String(b) && document.body.dataset.busy === 'false', id);
  const id2 = await gameId(p);
  await eventually(async () => assert.equal(await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id2), token));
  await eventually(async () => assert.equal(await moves(p), 1, "the computer's mouse moved first"));
  await eventually(async () => assert.match(await status(p), /^Game · 4×4 · opponent: level 1 · Your move \(cats\)\.$/));
  await eventually(async () => assert.equal(await p.locator('#board .sq').first().getAttribute('aria-label'), 'd1 empty, light square', 'playing the cats: flipped'));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('a phone-sized friend game: players, clocks and board fit; no serious accessibility violations', async () => {
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
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
  await eventually(async () => assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 390));
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
