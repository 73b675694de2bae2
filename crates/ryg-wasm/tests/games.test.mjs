// Games against the computer on the static site (scripts/build-static → target/site), in real
// Chromium, served by a plain static file server with no ryg behind it: the service worker's
// engine plays them with the server's own game service. A whole 8×8 game against level 3 (in
// English) and one against RYG3 v10 at depth 8 (in Spanish), each reply checked: level 3's
// against the engine's reply with the game's own seed (read from the browser's IndexedDB, as
// `ryg serve` seeds it), RYG3 v10's against the native command line's; the review of the
// finished game; then the network goes off, the page is reloaded, the stored games are still
// listed and a new game is played to its end. And a clock that runs out ends its game with no
// request from the page (the worker's alarm).
//   node --test crates/ryg-wasm/tests/games.test.mjs   (RYG_SITE, RYG_BIN, CHROMIUM: as
//   site.test.mjs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { parseFen, applyMove, toFen } from '../../ryg-web/assets/js/fen.js';
import {
  newPage,
  screenshot,
  sq,
  moves,
  status,
  newGameOnForm as newGame,
  rygBinary,
  eventually,
  launchBrowser,
} from '../../ryg-web/tests/e2e/harness.mjs';
import { engine, browser, site, useSite, openSite } from './site.mjs';

useSite();

function split(mv) {
  const i = mv.search(/[a-n]\d+$/);
  return [mv.slice(0, i), mv.slice(i)];
}
async function fen(p) {
  return p.locator('#fen').innerText();
}
async function listed(p) {
  return p.evaluate(() =>
    [...document.querySelectorAll('#move-list button[data-ply]:not([data-ply="0"])')].map((b) =>
      b.textContent.replace(/[?!]+$/, ''),
    ),
  );
}

/** The game's seed as the browser keeps it (its row in IndexedDB, by the game's public id). */
async function seedOf(p, id) {
  const text = await p.evaluate(async (pid) => {
    const db = await new Promise((resolve, reject) => {
      const o = indexedDB.open('ryg', 1);
      o.onsuccess = () => resolve(o.result);
      o.onerror = () => reject(o.error);
    });
    const rows = await new Promise((resolve) => {
      const r = db.transaction('games').objectStore('games').getAll();
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    return rows.map((r) => r.row).find((t) => JSON.parse(t).public_id === pid);
  }, id);
  assert.ok(text, `game ${id} is kept in IndexedDB`);
  return BigInt.asUintN(64, BigInt(/"seed":(-?\d+)/.exec(text)[1]));
}

/** The seed of the computer's choice at `ply` (ryg_games::game::computer_seed). */
function computerSeed(seed, ply) {
  return seed ^ BigInt.asUintN(64, BigInt(ply) * 0x9e3779b97f4a7c15n);
}

/** RYG3 v10's move at depth 8 as the native command line plays it. */
function ryg3(position) {
  const args = ['analyze', '--json', '--engine', 'ryg3-v10', '--depth', '8', '--fen', position];
  return JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' })).best_move;
}

const OVER = { en: /The mouse wins|The cats win/, es: /gana el ratón|ganan los gatos/i };

/** Plays the mouse (the tablebase's best move) until the game is over; `check(fen, reply, ply)`
 * checks each reply of the computer. Returns the game's moves. */
async function playToTheEnd(p, lang, check) {
  const over = OVER[lang];
  for (let turn = 0; turn < 60 && !over.test(await status(p)); turn++) {
    const before = await fen(p);
    const n = await moves(p);
    const [from, to] = split(engine(`/api/solve?fen=${encodeURIComponent(before)}`).best_moves[0]);
    await sq(p, from).click();
    await sq(p, to).click();
    await p.waitForFunction(
      ([k, src]) =>
        document.body.dataset.busy === 'false' &&
        (Number(document.body.dataset.moves) >= k ||
          new RegExp(src, 'i').test(document.getElementById('status').textContent)),
      [n + 2, over.source],
    );
    const list = await listed(p);
    if (list.length >= n + 2) await check(toFen(applyMove(parseFen(before), list[n])), list[n + 1], n + 1);
  }
  await eventually(async () => assert.match(await status(p), over));
  return listed(p);
}

/** The review of the finished game: a bar for each of its positions. */
async function reviewed(p, n) {
  await p.waitForFunction((k) => document.querySelectorAll('.review-chart rect.rbar').length === k, n + 1, {
    timeout: 30000,
  });
  await eventually(async () => assert.equal(await p.locator('#review-panel').isVisible(), true));
}

test("without a server: a whole 8×8 game against level 3 (English) and one against RYG3 v10 at depth 8 (Spanish), each reply the engine's; reviewed; then offline, reloaded, a new game to its end", async () => {
  const p = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await openSite(p);
  // 'Computer move' is offered: the browser's engine plays it
  await eventually(async () => assert.equal(await p.locator('#go').isVisible(), true));
  await eventually(async () => assert.equal(await p.locator('#friend-button').isHidden(), true));
  await eventually(async () =>
    assert.match(
      await p.locator('#no-server').innerText(),
      /Games against the computer \(kept in this browser\).*a friend on another device, watching games, players, ratings and leaderboards need a server/,
    ),
  );

  // level 3, English: each reply is the level's move with the game's seed at that ply
  await newGame(p, { size: '8', seat: 'mouse', level: '3' });
  let seed = null;
  let id = null;
  const times = [];
  const level3 = await playToTheEnd(p, 'en', async (position, reply, ply) => {
    id ??= await p.evaluate(() => document.body.dataset.game);
    seed ??= await seedOf(p, id);
    const expected = engine(`/check/reply?fen=${encodeURIComponent(position)}&level=3&seed=${computerSeed(seed, ply)}`);
    times.push(expected.seconds);
    assert.equal(reply, expected.move, `level 3's reply at ply ${ply + 1}`);
  });
  assert.ok(level3.length >= 10, level3.join(' '));
  await reviewed(p, level3.length);
  const firstGame = id;
  // its record, as the page's "Download PGN" link fetches it
  const pgn = await p.evaluate(async (gid) => {
    const res = await fetch(`/api/games/${gid}/pgn`);
    return [res.headers.get('content-type'), await res.text()];
  }, id);
  assert.match(pgn[0], /^text\/plain/);
  assert.match(pgn[1], new RegExp(`^1\\. ${level3[0]} ${level3[1]}`, 'm'));

  // RYG3 v10 at depth 8, Spanish: each reply is the native engine's
  await p.locator('#lang').selectOption('es');
  await p.waitForFunction(() => document.documentElement.lang === 'es');
  await newGame(p, { size: '8', seat: 'mouse', level: 'ryg3-v10@8' });
  await eventually(async () => assert.match(await p.locator('body').innerText(), /RYG3 v10, nivel 8/));
  await eventually(async () =>
    assert.match(
      await p.locator('#no-server').innerText(),
      /Las partidas contra el ordenador \(guardadas en este navegador\)/,
    ),
  );
  const started = Date.now();
  const ryg3Game = await playToTheEnd(p, 'es', async (position, reply, ply) => {
    assert.equal(reply, ryg3(position), `RYG3 v10's reply at ply ${ply + 1}`);
  });
  console.log(
    `# level-3 replies: ${times.length}, RYG3 v10@8 game: ${ryg3Game.length} plies in ${Date.now() - started} ms (with the command line's checks)`,
  );
  await reviewed(p, ryg3Game.length);
  await screenshot(p, 'static-game-es');

  // offline: the page from the cache, the games from IndexedDB
  await p.context().setOffline(true);
  await p.reload();
  await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
    timeout: 30000,
  });
  await p.waitForFunction(() => document.body.dataset.busy === 'false' && document.body.dataset.game);
  await screenshot(p, 'static-game-es-offline');
  await p.locator('#lang').selectOption('en');
  await p.waitForFunction(() => document.documentElement.lang === 'en');
  await p.waitForFunction((k) => !!document.querySelector(`#recent button[data-game="${k}"]`), firstGame, {
    timeout: 30000,
  });
  // a new game to its end, offline (6×6, level 3)
  await newGame(p, { size: '6', seat: 'mouse', level: '3' });
  const offline = await playToTheEnd(p, 'en', async () => {});
  assert.ok(offline.length >= 2);
  await reviewed(p, offline.length);
  await screenshot(p, 'static-game-offline');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('on a phone, in Spanish, offline: a game against level 3, and "Computer move" for the mouse', async () => {
  const p = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  await openSite(p);
  await p.waitForFunction(() => document.documentElement.lang === 'es');
  await p.context().setOffline(true);
  await p.reload();
  await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
    timeout: 30000,
  });
  await newGame(p, { size: '8', seat: 'mouse', level: '3' });
  // the computer plays the mouse's move when asked (the game is stored at its first move)
  await p.locator('#go').click();
  await p.waitForFunction(
    () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2,
    null,
    { timeout: 30000 },
  );
  await eventually(async () => assert.equal((await listed(p)).length, 2));
  // the game's event stream, as the worker answers it: the game now, then each change
  await p.evaluate(() => {
    window.rygEvents = [];
    const es = new EventSource(`/api/games/${document.body.dataset.game}/events`);
    es.addEventListener('game', (ev) => window.rygEvents.push(JSON.parse(ev.data).moves.length));
  });
  await p.waitForFunction(() => window.rygEvents.length >= 1);
  await p.locator('#go').click();
  await p.waitForFunction(
    () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 4,
    null,
    { timeout: 30000 },
  );
  await p.waitForFunction(() => window.rygEvents.includes(4), null, { timeout: 10000 });
  await eventually(async () => assert.equal((await p.evaluate(() => window.rygEvents))[0], 2));
  await screenshot(p, 'static-game-phone-es-offline');
  await p.locator('#lang').selectOption('en');
  await p.waitForFunction(() => document.documentElement.lang === 'en');
  await screenshot(p, 'static-game-phone-en-offline');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('without a server, a clock that runs out flags the game with no request: the worker wakes for it', async () => {
  const p = await newPage(browser);
  await openSite(p);
  const outcome = await p.evaluate(async () => {
    const json = { 'Content-Type': 'application/json' };
    // the shortest clock (3 s), the mouse a person on this device, the cats level 1
    const spec = { size: 4, mouse: 'human', cats: '1', clock: { minutes: 0.05, increment: 0 } };
    const game = await (
      await fetch('/api/games', { method: 'POST', headers: json, body: JSON.stringify(spec) })
    ).json();
    const auth = { ...json, Authorization: `Bearer ${game.tokens.mouse}` };
    const mv = game.legal_moves[0];
    const moved = await fetch(`/api/games/${game.public_id}/moves`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ move: mv }),
    });
    if (!moved.ok) return `the move: ${moved.status}`;
    // from here on no request but the event stream: the mouse's clock runs out in 3 s
    return new Promise((resolve) => {
      const events = new EventSource(`/api/games/${game.public_id}/events`);
      events.addEventListener('game', (ev) => {
        const g = JSON.parse(ev.data);
        if (g.outcome) {
          events.close();
          resolve(g.outcome);
        }
      });
      setTimeout(() => {
        events.close();
        resolve('no flag within 10 s');
      }, 10000);
    });
  });
  assert.deepEqual(outcome, { winner: 'cats', reason: 'time' });
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('on a plain-http:// address (no service worker): a whole game against level 3 by the engine in the page, an undo, a resignation, the games kept; the page says it will not work offline', async () => {
  // any address but localhost is not a secure context: no service worker (a school's web space)
  const school = await launchBrowser(['--host-resolver-rules=MAP school.test 127.0.0.1']);
  try {
    const p = await newPage(school, { viewport: { width: 1366, height: 900 } });
    const failed = [];
    p.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const url = site.url.replace('127.0.0.1', 'school.test');
    await p.goto(url);
    await p.waitForFunction(() => document.body.dataset.server === 'none', null, { timeout: 30000 });
    assert.deepEqual(await p.evaluate(() => [window.isSecureContext, 'serviceWorker' in navigator]), [false, false]);
    assert.match(await p.locator('#no-worker').innerText(), /this page will not work offline/);
    assert.equal(await p.locator('#go').isVisible(), true);

    await newGame(p, { size: '8', seat: 'mouse', level: '3' });
    let seed = null;
    let id = null;
    const game = await playToTheEnd(p, 'en', async (position, reply, ply) => {
      id ??= await p.evaluate(() => document.body.dataset.game);
      seed ??= await seedOf(p, id);
      const expected = engine(
        `/check/reply?fen=${encodeURIComponent(position)}&level=3&seed=${computerSeed(seed, ply)}`,
      );
      assert.equal(reply, expected.move, `level 3's reply at ply ${ply + 1}`);
    });
    assert.ok(game.length >= 10, game.join(' '));
    await reviewed(p, game.length);
    await screenshot(p, 'static-no-worker-en');

    // another game: a move and the computer's reply, taken back, then resigned
    await newGame(p, { size: '6', seat: 'mouse', level: '3' });
    const start = await fen(p);
    const [from, to] = split(engine(`/api/solve?fen=${encodeURIComponent(start)}`).best_moves[0]);
    await sq(p, from).click();
    await sq(p, to).click();
    await p.waitForFunction(
      () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2,
      null,
      { timeout: 30000 },
    );
    await p.locator('#undo').click();
    await p.waitForFunction(
      () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) === 0,
      null,
      { timeout: 30000 },
    );
    assert.equal(await fen(p), start);
    await sq(p, from).click();
    await sq(p, to).click();
    await p.waitForFunction(
      () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2,
      null,
      { timeout: 30000 },
    );
    await p.locator('#resign').click();
    await p.locator('#resign-yes').click();
    await p.waitForFunction(() => /The cats win/.test(document.getElementById('status').textContent), null, {
      timeout: 30000,
    });

    // reloaded: both games kept in this browser (IndexedDB), the first one opened again
    await p.reload();
    await p.waitForFunction(() => document.body.dataset.server === 'none', null, { timeout: 30000 });
    await p.waitForFunction((k) => !!document.querySelector(`#recent button[data-game="${k}"]`), id, {
      timeout: 30000,
    });
    await p.locator(`#recent button[data-game="${id}"]`).click();
    await p.waitForFunction((n) => Number(document.body.dataset.moves) === n, game.length, { timeout: 30000 });
    await p.locator('#lang').selectOption('es');
    await p.waitForFunction(() => document.documentElement.lang === 'es');
    assert.match(await p.locator('#no-worker').innerText(), /esta página no funcionará sin conexión/);
    await screenshot(p, 'static-no-worker-es');
    await p.setViewportSize({ width: 390, height: 844 });
    await screenshot(p, 'static-no-worker-phone-es');
    await p.locator('#lang').selectOption('en');
    await p.waitForFunction(() => document.documentElement.lang === 'en');
    await screenshot(p, 'static-no-worker-phone-en');
    assert.deepEqual(p.errors, []);
    assert.deepEqual(failed, []);
    await p.context().close();
  } finally {
    await school.close();
  }
});
