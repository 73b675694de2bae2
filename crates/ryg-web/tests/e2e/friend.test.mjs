// Playing a friend in the browser: two people (two browser contexts, each with its own storage,
// so its own seat token) and a watcher, against the real `ryg serve` binary. Every change one
// page makes reaches the others through the game's event stream, without a reload. Each test
// has fresh pages and makes its own game (most through the API, opened from its links), so one
// failure does not take the next tests with it. Here: making a game and sharing its links, a
// whole game played by clicking, a rematch (friend-turns.test.mjs: undo, resign, the clock, a
// restart, the computer, a phone). The helpers are in friendkit.mjs.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
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
} from './harness.mjs';
import {
  person,
  waitMoves,
  waitStatus,
  waitText,
  click,
  createFriendGame,
  friendGame,
  serverGame,
  clockText,
  split,
  useFriendServer,
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
  await eventually(async () =>
    assert.equal(
      await ana.locator('#friend-local').isVisible(),
      true,
      'served on loopback: the dialog says how to serve the network',
    ),
  );

  await ana.getByRole('button', { name: 'Copy link', exact: true }).click();
  await waitText(ana, '#copy-note', "Your friend's link copied.");
  await eventually(async () => assert.equal(await ana.evaluate(() => navigator.clipboard.readText()), game.friendLink));
  await screenshot(ana, 'friend-dialog');
  await axeScan(ana, 'friend dialog');
  await ana.getByRole('button', { name: 'Copy watch link' }).click();
  await waitText(ana, '#copy-note', 'The watch link copied.');
  await eventually(async () => assert.equal(await ana.evaluate(() => navigator.clipboard.readText()), game.watchLink));

  // without a clipboard, the link is selected for Ctrl+C instead
  await ana.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('no clipboard'));
  });
  await ana.getByRole('button', { name: 'Copy watch link' }).click();
  await waitText(ana, '#copy-note', 'The watch link is selected: press Ctrl+C (or ⌘C) to copy it.');
  await eventually(async () =>
    assert.deepEqual(
      await ana.evaluate(() => {
        const e = document.activeElement;
        return [e.id, e.selectionStart, e.selectionEnd, e.value.length];
      }),
      ['watch-link', 0, game.watchLink.length, game.watchLink.length],
    ),
  );

  await ana.getByRole('button', { name: 'Start playing' }).click();
  await eventually(async () => assert.equal(await ana.getByRole('dialog').count(), 0));
  await eventually(async () => assert.match(await status(ana), /^Game · 4×4 · Your move \(mouse\)\.$/));
  await eventually(async () =>
    assert.equal(await ana.locator('#role').innerText(), 'You play the mouse against your friend.'),
  );
  await eventually(async () => assert.equal(await ana.locator('#player-bottom .pname').innerText(), 'Ana'));
  await eventually(async () => assert.equal(await ana.locator('#player-bottom .clock').innerText(), '5:00'));
  await eventually(async () => assert.equal(await ana.locator('#player-top .clock').innerText(), '5:00'));
  await eventually(async () =>
    assert.equal(await ana.locator('#results-toggle').isDisabled(), true, 'no exact results while playing a friend'),
  );
  await eventually(async () =>
    assert.equal(await ana.getByRole('button', { name: 'Hint', exact: true }).isDisabled(), true),
  );
  await eventually(async () =>
    assert.equal(await ana.locator('#think-run').isDisabled(), true, "nor the computer's search"),
  );
});

test("the friend's link keeps its token in that browser and drops it from the address; names show as text only", async () => {
  await ana.goto(server.url);
  await idle(ana);
  const game = await createFriendGame(ana, { size: '4', side: 'mouse', name: 'Ana' });
  await ana.getByRole('button', { name: 'Start playing' }).click();
  await bo.goto(game.friendLink);
  await idle(bo);
  await eventually(async () => assert.equal(await gameId(bo), game.id));
  await eventually(async () => assert.equal(await bo.evaluate(() => location.hash), `#game=${game.id}`));
  await eventually(async () =>
    assert.equal(
      await bo.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), game.id),
      game.friendLink.split('token=')[1],
    ),
  );
  await eventually(async () => assert.equal(await bo.locator('#role').innerText(), 'You play the cats against Ana.'));
  await eventually(async () => assert.match(await status(bo), /· Waiting for Ana \(mouse\) to move\.$/));
  await eventually(async () =>
    assert.equal(
      await bo.locator('#board .sq').first().getAttribute('aria-label'),
      'd1 empty, light square',
      'the cats see the board from their side',
    ),
  );

  await watcher.goto(game.watchLink);
  await idle(watcher);
  await eventually(async () =>
    assert.equal(
      await watcher.locator('#role').innerText(),
      'You are watching: you see every move as it is played, but cannot play.',
    ),
  );
  await eventually(async () => assert.match(await status(watcher), /· Ana \(mouse\) to move\.$/));
  await eventually(async () => assert.equal(await watcher.locator('#name-form').isHidden(), true));

  // names that are HTML stay text: in the other player's page and the watcher's
  for (const name of ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>']) {
    await bo.getByLabel('Your name', { exact: true }).fill(name);
    await bo.getByRole('button', { name: 'Save name' }).click();
    await idle(bo);
    for (const p of [ana, watcher]) {
      await waitText(p, '#player-top .pname', name);
      await eventually(async () =>
        assert.equal(await p.locator('#player-top .pname').evaluate((e) => e.children.length), 0),
      );
    }
  }
  await waitText(ana, '#role', 'You play the mouse against <img src=x onerror=alert(2)>.');
  for (const p of [ana, bo, watcher]) {
    await eventually(async () =>
      assert.equal(await p.evaluate(() => document.querySelectorAll('img, main script, header script').length), 0),
    );
    assert.deepEqual(p.dialogs, []);
    assert.deepEqual(p.errors, []);
  }
  await bo.getByLabel('Your name', { exact: true }).fill('Bo');
  await bo.getByRole('button', { name: 'Save name' }).click();
  await waitText(ana, '#player-top .pname', 'Bo');
  await waitText(watcher, '#player-top .pname', 'Bo');
});

test("two players play a whole game by clicking, each seeing the other's moves live; the watcher sees them and cannot move", async () => {
  // a 60 s increment: whatever a move costs on a slow machine, the increment shows
  const game = await friendGame(
    { names: { mouse: 'Ana', cats: 'Bo' }, clock: { minutes: 5, increment: 60 } },
    { mouse: ana, cats: bo, watch: watcher },
  );
  for (const p of [ana, bo, watcher])
    await p.evaluate(() => {
      window.samePage = true;
    });
  let boMoved; // before Bo's first move was sent: Ana's clock ran from then at the earliest
  // the mouse runs up the board while the cats look the other way (4×4)
  const game4 = [
    [ana, 'c1d2'],
    [bo, 'b4a3'],
    [ana, 'd2c3'],
    [bo, 'a3b2'],
    [ana, 'c3b4'],
  ];
  for (const [i, [mover, mv]] of game4.entries()) {
    const other = mover === ana ? bo : ana;
    await eventually(async () => assert.match(await status(other), /Waiting for (Ana|Bo) \((mouse|cats)\) to move\.$/));
    await eventually(async () =>
      assert.equal(await other.locator('#board .sq.movable').count(), 0, "nothing to pick up on the other's turn"),
    );
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
      await eventually(async () =>
        assert.match(await sq(p, to).getAttribute('aria-label'), new RegExp(`^${to} (mouse|cat), last move to here$`)),
      );
      await eventually(async () =>
        assert.equal(await sq(p, from).getAttribute('aria-label'), `${from} empty, last move from here`),
      );
    }
    if (i === 0) {
      await other.waitForFunction(
        () => document.getElementById('announce').textContent === 'Mouse c1 to d2. Your move.',
      );
      // Bo's clock runs now, counted down on the page between the server's values
      const t0 = await bo.locator('#player-bottom .clock').innerText();
      await eventually(async () =>
        assert.equal(await bo.locator('#player-bottom .clock').getAttribute('class'), 'clock running'),
      );
      await bo.waitForFunction((t) => document.querySelector('#player-bottom .clock').textContent !== t, t0);
      await eventually(async () => assert.match(await bo.locator('#player-bottom .clock').innerText(), /^4:5\d$/));
      await eventually(async () =>
        assert.equal(
          await ana.locator('#player-bottom .clock').innerText(),
          '5:00',
          'no clock ran before the first move',
        ),
      );
    }
    if (i === 2) {
      // Ana's clock ran from Bo's move to hers (at most `ran` ms), then she got her 60 s
      // increment: the server's value says so, and every page shows it (her clock stopped)
      const ran = Date.now() - boMoved;
      const left = (await serverGame(game.id)).clock.mouse_ms;
      assert.ok(
        left > 300000 && left >= 360000 - ran && left <= 360000,
        `Ana has ${left} ms after ${ran} ms: her 60 s increment`,
      );
      await eventually(async () =>
        assert.equal(await ana.locator('#player-bottom .clock').innerText(), clockText(left)),
      );
      for (const p of [bo, watcher])
        await eventually(async () => assert.equal(await p.locator('#player-top .clock').innerText(), clockText(left)));
    }
    if (i === 1) {
      // the watcher can pick nothing up and play nothing
      await eventually(async () => assert.equal(await watcher.locator('#board .sq.movable').count(), 0));
      await sq(watcher, 'd2').click();
      await watcher.waitForFunction(
        () => document.getElementById('announce').textContent === 'You are watching: you cannot move here.',
      );
      await sq(watcher, 'c3').click();
      await eventually(async () => assert.equal(await moves(watcher), 2));
      for (const name of ['Undo', 'Redo', 'Computer move']) {
        await eventually(async () =>
          assert.equal(await watcher.getByRole('button', { name, exact: true }).isDisabled(), true, name),
        );
      }
      await eventually(async () => assert.equal(await watcher.locator('#resign').isHidden(), true));
      // nor hints or exact results while the game goes on: a watcher could pass them on
      await eventually(async () => assert.equal(await watcher.locator('#results-toggle').isDisabled(), true));
      await eventually(async () =>
        assert.equal(
          await watcher.locator('#results-toggle').innerText(),
          'Exact results (hidden until this game between friends is over)',
        ),
      );
      await eventually(async () =>
        assert.equal(await watcher.getByRole('button', { name: 'Hint', exact: true }).isDisabled(), true),
      );
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
      const peek = await person(browser);
      await peek.goto(new URL(new URL(setup.links.watch).hash, server.url).href);
      await idle(peek);
      const live = await peek.evaluate(
        (id) =>
          fetch(`/api/games/${id}`)
            .then((r) => r.json())
            .then((g) => g.fen),
        setup.id,
      );
      await peek.getByRole('button', { name: 'Analysis mode' }).click();
      const fen = peek.getByLabel('FEN', { exact: true });
      await eventually(async () => assert.notEqual(await fen.inputValue(), live));
      await peek.getByLabel('Board size').selectOption('4');
      await peek.getByRole('button', { name: 'Analysis mode' }).click();
      await eventually(async () => assert.notEqual(await fen.inputValue(), live));
      await fen.fill(live);
      await peek.waitForFunction(() => /being played/.test(document.getElementById('results').textContent));
      await eventually(async () =>
        assert.match(await peek.locator('#results').innerText(), /in a game between two players that is being played/),
      );
      // the opening of Ana and Bo's game is open to anyone's analysis
      const opening = await peek.evaluate(
        (id) =>
          fetch(`/api/games/${id}`)
            .then((r) => r.json())
            .then((g) => g.fen),
        game.id,
      );
      await fen.fill(opening);
      await peek.waitForFunction(() => /with best play/.test(document.getElementById('results').textContent));
      await peek.close();
    }
  }
  for (const p of [ana, bo, watcher]) {
    await waitStatus(p, /· The mouse wins: the mouse reached the top row\.$/);
    await eventually(async () =>
      assert.deepEqual(
        await moveList(p),
        game4.map(([, mv]) => mv),
      ),
    );
    await eventually(async () =>
      assert.equal(await p.evaluate(() => window.samePage), true, 'the moves came live, without a reload'),
    );
  }
  await eventually(async () => assert.equal(await ana.locator('#player-top .clock').getAttribute('class'), 'clock'));
  // the record names the players
  const pgn = await ana.evaluate((id) => fetch(`/api/games/${id}/pgn`).then((r) => r.text()), game.id);
  assert.match(pgn, /\[Mouse "Ana"\]/);
  assert.match(pgn, /\[Cats "Bo"\]/);
});

test('a rematch: one offers, the other accepts, both pages go to the new game with sides swapped and the same tokens', async () => {
  // the game above to its last move, which Ana plays on the page
  const game = await friendGame(
    {
      names: { mouse: 'Ana', cats: 'Bo' },
      clock: { minutes: 5, increment: 2 },
      moves: ['c1d2', 'b4a3', 'd2c3', 'a3b2'],
    },
    { mouse: ana, cats: bo, watch: watcher },
  );
  await click(ana, 'c3b4');
  for (const p of [ana, bo, watcher]) await waitStatus(p, /· The mouse wins: the mouse reached the top row\.$/);
  await ana.getByRole('button', { name: 'Rematch', exact: true }).click();
  await ana.waitForFunction(() => document.getElementById('rematch').textContent === 'Rematch offered…');
  await eventually(async () => assert.equal(await ana.locator('#rematch').isDisabled(), true));
  await bo.waitForFunction(
    () => document.getElementById('announce').textContent === 'Ana (mouse) offers a rematch with sides swapped.',
  );
  // the offer is in the game panel for both, with or without the end card
  await waitText(bo, '#rematch-offer-text', 'Ana (mouse) offers a rematch with sides swapped.');
  await waitText(ana, '#rematch-offer-text', 'You offered a rematch. Waiting for Bo (cats).');
  await waitText(watcher, '#rematch-offer-text', 'Ana (mouse) offered a rematch with sides swapped.');
  await bo.locator('#card-close').click();
  await eventually(async () => assert.equal(await bo.locator('#rematch-offer').isVisible(), true));
  await eventually(async () =>
    assert.equal(await bo.getByRole('button', { name: 'Accept the rematch' }).isVisible(), true),
  );
  await bo.getByRole('button', { name: 'Accept the rematch' }).click();
  await bo.waitForFunction(
    (old) => document.body.dataset.game !== String(old) && document.body.dataset.busy === 'false',
    game.id,
  );
  const id2 = await gameId(bo);
  await ana.waitForFunction(
    (k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false',
    id2,
  );
  await eventually(async () => assert.equal(await ana.evaluate(() => location.hash), `#game=${id2}`));
  await eventually(async () => assert.equal(await bo.locator('#role').innerText(), 'You play the mouse against Ana.'));
  await eventually(async () => assert.equal(await ana.locator('#role').innerText(), 'You play the cats against Bo.'));
  const tokens = (p, id) => p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id);
  await eventually(async () => assert.equal(await tokens(ana, id2), game.tokens.mouse));
  await eventually(async () => assert.equal(await tokens(bo, id2), await tokens(bo, game.id)));
  await eventually(async () =>
    assert.equal(await ana.locator('#player-bottom .clock').innerText(), '5:00', 'the same clock, fresh'),
  );
  // the rematch is a new game: the watcher's link does not open it
  await watcher.waitForFunction(() => document.getElementById('rematch-offer').hidden);
  await eventually(async () => assert.equal(await watcher.locator('#rematch').isHidden(), true));
  // given the new game's link, the watcher watches it
  await watcher.goto(`${server.url}#game=${id2}`);
  await watcher.waitForFunction(
    (k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false',
    id2,
  );
  await eventually(async () => assert.match(await status(watcher), /· Bo \(mouse\) to move\.$/));
});

/** Bo (mouse) and Ana (cats) in a 4×4 game, as after the rematch above, `moves` played. */
