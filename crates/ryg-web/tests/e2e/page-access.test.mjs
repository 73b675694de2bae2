// End-to-end tests of the ryg page in a real browser against the real `ryg serve` binary: the
// game kept over a reload and a server restart, the 10×10 board and a page that stays usable
// while the computer thinks, and the page for every visitor (the keyboard alone, a phone,
// axe-core, visible labels). page.test.mjs has the rest; pagekit.mjs the shared helpers.
import { test, before, after } from 'node:test';
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
  newGameOnForm as newGame,
} from './harness.mjs';
import { waitMoves, showResults, labels } from './pagekit.mjs';

const db = tempDb();
let server;
let browser;
let page;

before(async () => {
  server = await startServer(db);
  browser = await launchBrowser();
  page = await newPage(browser);
  await page.goto(server.url);
  await idle(page);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('a reload keeps the game', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await sq(page, 'f2').click();
  await waitMoves(page, 2);
  await sq(page, 'f2').click();
  await showResults(page);
  await screenshot(page, 'desktop-play');
  const id = await gameId(page);
  const played = await moveList(page);
  await page.reload();
  await idle(page);
  await eventually(async () => assert.equal(await gameId(page), id));
  await eventually(async () => assert.deepEqual(await moveList(page), played));
  await eventually(async () => assert.match(await sq(page, 'f2').getAttribute('aria-label'), /^f2 mouse/));
});

test('a server restart keeps the game; opened by its link, the recent games list has it', async () => {
  const id = await gameId(page);
  const played = await moveList(page);
  await server.stop();
  server = await startServer(db);
  const p = await newPage(browser);
  await p.goto(server.url); // a new origin: nothing in the browser's storage
  await idle(p);
  await eventually(async () => assert.notEqual(await gameId(p), id, 'a new browser gets a game of its own'));
  await eventually(async () =>
    assert.equal(await p.locator(`#recent button[data-game="${id}"]`).count(), 0, "and sees nobody else's games"),
  );
  await p.goto(`${server.url}#game=${id}`);
  await p.waitForFunction(
    (k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false',
    id,
  );
  await eventually(async () => assert.deepEqual(await moveList(p), played));
  await newGame(p, { size: '4', seat: 'both' });
  await p.locator(`#recent button[data-game="${id}"]`).click();
  await p.waitForFunction(
    (k) => document.body.dataset.game === String(k) && document.body.dataset.busy === 'false',
    id,
  );
  await eventually(async () => assert.deepEqual(await moveList(p), played));
  await p.context().close();
  await page.goto(`${server.url}#game=${id}`);
  await idle(page);
});

test('a 10×10 game', async () => {
  await newGame(page, { size: '10', seat: 'mouse', level: '2' });
  const names = await labels(page);
  assert.equal(names.length, 100);
  for (const cat of ['b10', 'd10', 'f10', 'h10', 'j10']) assert.ok(names.includes(`${cat} cat`), cat);
  assert.ok(names.includes('e1 mouse'));
  await sq(page, 'd2').click(); // only the mouse can go there: one click is enough
  await waitMoves(page, 2);
  await eventually(async () => assert.equal((await moveList(page))[0], 'e1d2'));
  await eventually(async () => assert.match(await status(page), /10×10 · opponent: level 2 · Your move \(mouse\)\./));
});

// Levels now play from the tablebase (or, on 10×10 before it is built, a search as deep as the
// level), so a reply takes milliseconds: the live depth/nodes line rarely has time to show and
// is not asserted here; what is checked is that the page stays usable and ends idle.
test('while the computer answers, the page stays usable (10×10, level 9)', async () => {
  await newGame(page, { size: '10', seat: 'cats', level: '9' });
  await waitMoves(page, 1); // the computer's mouse moved first
  await eventually(async () =>
    assert.equal(
      await page.locator('#board .sq').first().getAttribute('aria-label'),
      'j1 empty, light square',
      'playing the cats, the board starts flipped',
    ),
  );
  await page.evaluate(() => {
    window.thinkingSeen = [];
    const el = document.getElementById('thinking');
    new MutationObserver(() => window.thinkingSeen.push(el.textContent)).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await sq(page, 'j10').click();
  await sq(page, 'i9').click();
  // the page stays usable meanwhile: the flip button answers
  await page.getByRole('button', { name: 'Flip board' }).click();
  await eventually(async () =>
    assert.equal(await page.getByRole('button', { name: 'Flip board' }).getAttribute('aria-pressed'), 'false'),
  );
  await page.waitForFunction(
    () => document.body.dataset.busy === 'false' && document.body.dataset.moves === '3',
    null,
    { timeout: 120000 },
  );
  const seen = await page.evaluate(() => window.thinkingSeen);
  assert.ok(
    seen.every((t) => t === '' || /^Computer thinking: depth \d+, [\d,]+ nodes, \d+\.\d s$/.test(t)),
    JSON.stringify(seen.slice(0, 5)),
  );
  await eventually(async () => assert.equal(await page.locator('#thinking').isHidden(), true));
});

test('a whole game played with the keyboard alone (4×4)', async () => {
  await page.goto(server.url);
  await idle(page);
  const focusedId = () =>
    page.evaluate(
      () =>
        document.activeElement &&
        (document.activeElement.id || document.activeElement.dataset.sq || document.activeElement.tagName),
    );
  async function tabTo(id) {
    for (let i = 0; i < 80; i++) {
      if ((await focusedId()) === id) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${id}`);
  }
  await tabTo('size');
  await page.keyboard.press('Home'); // 4×4 is the first size
  await eventually(async () => assert.equal(await page.locator('#size').inputValue(), '4'));
  await tabTo('level');
  await page.keyboard.press('End'); // the last of the articles' programs, then up past the other four
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
  await eventually(async () => assert.equal(await page.locator('#level').inputValue(), 'perfect'));
  const before = await gameId(page);
  await tabTo('new-game-button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (b) => document.body.dataset.game !== String(b) && document.body.dataset.busy === 'false',
    before,
  );
  await eventually(async () => assert.equal(await page.locator('#board .sq').count(), 16));
  // into the board: one tab stop, then the arrow keys
  for (let i = 0; i < 80 && !(await page.evaluate(() => document.activeElement.classList.contains('sq'))); i++)
    await page.keyboard.press('Tab');
  async function goTo(target) {
    for (let i = 0; i < 20; i++) {
      const at = await focusedId();
      if (at === target) return;
      const [f, r] = [at.charCodeAt(0), Number(at.slice(1))];
      const [tf, tr] = [target.charCodeAt(0), Number(target.slice(1))];
      await page.keyboard.press(tf > f ? 'ArrowRight' : tf < f ? 'ArrowLeft' : tr > r ? 'ArrowUp' : 'ArrowDown');
    }
    throw new Error(`arrows never reached ${target}`);
  }
  let plies = 0;
  for (let turn = 0; turn < 20; turn++) {
    if (/win/.test(await status(page))) break;
    const names = await labels(page);
    const mouse = names.find((n) => / mouse/.test(n)).split(' ')[0];
    await goTo(mouse);
    await page.keyboard.press('Enter');
    const dest = (await labels(page)).find((n) => n.includes('legal move')).split(' ')[0];
    const n = await moves(page);
    await goTo(dest);
    await page.keyboard.press(' ');
    await page.waitForFunction(
      (k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) > k,
      n,
    );
    plies = await moves(page);
  }
  await eventually(async () =>
    assert.match(await status(page), /4×4 · opponent: perfect · The cats win: the mouse is trapped\./),
  );
  assert.ok(plies >= 2 && plies <= 8, `perfect cats win 4×4 within 8 plies, took ${plies}`);
  await page.waitForFunction(() =>
    /The cats win: the mouse is trapped\.$/.test(document.getElementById('announce').textContent),
  );
});

test('a phone-sized viewport: the board fits, squares are at least 24 px, a tap moves', async () => {
  const p = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await p.goto(server.url);
  await idle(p);
  await newGame(p, { size: '8', seat: 'mouse', level: '3' });
  await eventually(async () => assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= 390));
  const box = await p.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  await sq(p, 'e1').tap();
  await sq(p, 'd2').tap();
  await waitMoves(p, 2);
  await eventually(async () => assert.equal((await moveList(p))[0], 'e1d2'));
  await p.evaluate(() => window.scrollTo(0, 0));
  await screenshot(p, 'phone-play');
  await newGame(p, { size: '10', seat: 'mouse', level: '1' });
  const sizes = await p.locator('#board .sq').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
  assert.ok(Math.min(...sizes) >= 24, `smallest 10×10 square ${Math.min(...sizes)} px`);
  await eventually(async () => assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= 390));
  await axeScan(p, 'phone');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('axe-core finds no serious or critical violations; every target is at least 24 px', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await sq(page, 'e1').click();
  await showResults(page);
  const think = page.locator('#think-box');
  if (!(await think.evaluate((d) => d.open))) await page.locator('#think-box summary').click();
  await page.getByRole('button', { name: 'Show the search' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#think h3').length >= 3);
  await axeScan(page, 'desktop');
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('button, select, a, summary, input[type=text], label.button')]
      .filter((e) => e.offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { what: e.id || e.getAttribute('aria-label') || e.textContent.trim(), w: r.width, h: r.height };
      })
      .filter((r) => r.w < 24 || r.h < 24),
  );
  assert.deepEqual(small, []);
  assert.deepEqual(page.errors, []);
});

test('visible labels on every control', async () => {
  for (const name of ['New game', 'Undo', 'Redo', 'Hint', 'Flip board', 'Analysis mode', 'Copy FEN']) {
    await eventually(async () =>
      assert.equal(await page.getByRole('button', { name, exact: true }).isVisible(), true, name),
    );
  }
  await eventually(async () => assert.match(await page.locator('#results-toggle').innerText(), /^Exact results/));
  for (const label of ['Board size', 'Level', 'You play', 'Start square']) {
    await eventually(async () => assert.equal(await page.getByText(label, { exact: true }).isVisible(), true, label));
  }
});
