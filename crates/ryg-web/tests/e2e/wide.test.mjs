// End-to-end tests of the bigger boards: a 12×12 game against the computer (which searches,
// without a tablebase), the level picker and the hint on 12×12, a 14×14 board, on a phone too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage,
  screenshot,
  axeScan,
  sq,
  idle,
  moves,
  status,
  moveList,
  newGameOnForm as newGame,
  useServerAndBrowser,
  eventually,
} from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function labels(p) {
  return p.locator('#board .sq').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label').split(',')[0]));
}

async function waitMoves(p, n) {
  await p.waitForFunction((k) => Number(document.body.dataset.moves) >= k, n, { timeout: 60000 });
  await idle(p);
}

test('a 12×12 game: six cats, the mouse on g1, the computer answers by search; without the table on disk no perfect level, no hint, and the page says how to build it', async () => {
  const page = await newPage(browser);
  await page.goto(server.url);
  await idle(page);
  await page.selectOption('#size', '12');
  await eventually(async () =>
    assert.equal(
      await page.locator('#level option[value="perfect"]').isDisabled(),
      true,
      'perfect needs the tablebase',
    ),
  );
  // once the server said its 12×12 table is absent, the note gives the command that builds it
  await page.waitForFunction(() => /ryg solve --size 12/.test(document.querySelector('#level-note').innerText));
  await eventually(async () =>
    assert.match(
      await page.locator('#level-note').innerText(),
      /^Level 3: searches 3 plies ahead .*On 12×12 the server reads the tablebase from files \(built by ryg solve --size 12\), and this server has none yet/,
    ),
  );
  await eventually(async () =>
    assert.match(
      await page.locator('#tablebase').innerText(),
      /12×12 is not built on this server: ryg solve --size 12 builds it\./,
    ),
  );
  await eventually(async () =>
    assert.equal(await page.locator('#level-note code.command').textContent(), 'ryg solve --size 12'),
  );
  await page.selectOption('#level', '1');
  await eventually(async () =>
    assert.match(await page.locator('#level-note').innerText(), /^Level 1: searches 1 ply ahead /),
  );
  await newGame(page, { size: '12', seat: 'mouse', level: '4' });
  const names = await labels(page);
  assert.equal(names.length, 144);
  for (const cat of ['b12', 'd12', 'f12', 'h12', 'j12', 'l12']) assert.ok(names.includes(`${cat} cat`), cat);
  assert.ok(names.includes('g1 mouse'));
  await eventually(async () =>
    assert.equal(await page.locator('#hint').isDisabled(), true, 'hints come from the tablebase'),
  );
  await eventually(async () => assert.equal(await page.locator('#results-toggle').isDisabled(), true));
  await eventually(async () =>
    assert.equal(await page.locator('#results-toggle').innerText(), 'Exact results (boards up to 10×10)'),
  );
  await sq(page, 'g1').click();
  await sq(page, 'h2').click();
  await waitMoves(page, 2);
  const list = await moveList(page);
  assert.equal(list[0], 'g1h2');
  assert.match(list[1], /^[b-l]12[a-l]11$/, 'a cat stepped down from the 12th rank');
  await sq(page, 'h2').click();
  await sq(page, 'g3').click();
  await waitMoves(page, 4);
  await eventually(async () => assert.match(await status(page), /12×12 · opponent: level 4 · Your move \(mouse\)\./));
  await screenshot(page, 'wide-12x12-desktop');
  await axeScan(page, '12×12 game');
  // the server agrees: the stored game has the four moves, legal on 12×12
  const id = await page.evaluate(() => document.body.dataset.game);
  const g = await (await fetch(new URL(`/api/games/${id}`, server.url))).json();
  assert.equal(g.size, 12);
  await eventually(async () => assert.deepEqual(g.moves.slice(0, 4), (await moveList(page)).slice(0, 4)));
  // its review is refused with the reason, not an error page
  const review = await fetch(new URL(`/api/games/${id}/review`, server.url));
  assert.equal(review.status, 409);
  assert.equal((await review.json()).code, 'tablebase_absent');
  await page.close();
});

test('a 14×14 game on a phone: the board fits, squares are at least 24 px, a tap moves', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(server.url);
  await idle(page);
  await newGame(page, { size: '14', seat: 'mouse', level: '1' });
  const names = await labels(page);
  assert.equal(names.length, 196);
  assert.ok(names.includes('n14 cat') && names.includes('g1 mouse') && names.includes('a14 empty'));
  await sq(page, 'g1').tap();
  await sq(page, 'f2').tap();
  await waitMoves(page, 2);
  await eventually(async () => assert.equal((await moveList(page))[0], 'g1f2'));
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  await eventually(async () => assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390));
  const sizes = await page.locator('#board .sq').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
  assert.ok(Math.min(...sizes) >= 24, `smallest 14×14 square ${Math.min(...sizes)} px`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'wide-14x14-phone');
  await eventually(async () => assert.equal(await moves(page), 2));
  await page.close();
});
