// The page's rough edges (issue 45): the opponent named in the status line, each side's goal
// on the first screen, level help that starts in plain words. English and Spanish, desktop and phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage,
  idle,
  status,
  sq,
  gameId,
  moves,
  useServerAndBrowser,
  newGameOnForm as newGame,
  screenshot,
  eventually,
} from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Switches the page's language and waits until the page speaks it. */
async function speak(p, lang) {
  await p.locator('#lang').selectOption(lang);
  await p.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** Asserts that `selector`'s text comes to match `re` (the page redraws after a change). */
async function textMatches(p, selector, re) {
  const src = re.source;
  await p
    .waitForFunction(([sel, r]) => new RegExp(r).test(document.querySelector(sel).innerText), [selector, src], {
      timeout: 5000,
    })
    .catch(() => {});
  await eventually(async () => assert.match(await p.locator(selector).innerText(), re));
}

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function visit(options = {}) {
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 }, ...options });
  await p.goto(server.url);
  await idle(p);
  return p;
}

test("the status line names the opponent: a level or one of the articles' programs, in English and Spanish", async () => {
  const p = await visit();
  await eventually(async () =>
    assert.match(await status(p), /^New game · 8×8 · opponent: level 3 · Your move \(mouse\)\.$/),
  );
  await newGame(p, { seat: 'cats', level: 'ryg3-v10@8' });
  await p.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  await eventually(async () => assert.match(await status(p), /· opponent: RYG3 v10, depth 8 · Your move \(cats\)\.$/));
  await screenshot(p, 'rough-status-desktop-en');
  await speak(p, 'es');
  await textMatches(p, '#status', /· rival: RYG3 v10, nivel 8 · Te toca \(gatos\)\.$/);
  await newGame(p, { seat: 'mouse', level: '3' });
  await eventually(async () =>
    assert.match(await status(p), /^Nueva partida · 8×8 · rival: dificultad 3 · Te toca \(ratón\)\.$/),
  );
  // both sides at this board: nobody to name
  await newGame(p, { seat: 'both' });
  await eventually(async () => assert.match(await status(p), /^Nueva partida · 8×8 · Juega el ratón\.$/));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("the first screen says each side's goal in one line, in English and Spanish, on a phone too", async () => {
  for (const [lang, options, mouse, cats] of [
    ['en', {}, /The mouse: reach the top row\./, /The cats: trap the mouse\./],
    ['es', { locale: 'es-ES', ...phone }, /El ratón: llegar a la fila de arriba\./, /Los gatos: acorralar al ratón\./],
  ]) {
    const p = await visit(options);
    const goal = p.locator('#goal');
    await eventually(async () => assert.ok(await goal.isVisible(), `${lang}: the goal line is shown`));
    const text = await goal.innerText();
    assert.match(text, mouse);
    assert.match(text, cats);
    assert.ok(!text.includes('\n'), `${lang}: one line of text: ${text}`);
    // above the fold: seen without scrolling
    const box = await goal.boundingBox();
    const height = p.viewportSize().height;
    assert.ok(box.y + box.height <= height, `${lang}: in view (${box.y} + ${box.height} ≤ ${height})`);
    await screenshot(p, `rough-goal-${options.isMobile ? 'phone' : 'desktop'}-${lang}`);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('the level help starts in plain words, then the exact figures', async () => {
  const p = await visit();
  const note = p.locator('#level-note');
  await p.locator('#level').selectOption('3');
  await eventually(async () =>
    assert.match(await note.innerText(), /^Level 3: a fair opponent that sometimes slips\. .*exactly \d+\.\d\d%/),
  );
  await p.locator('#level').selectOption('1');
  await eventually(async () => assert.match(await note.innerText(), /^Level 1: /));
  await eventually(async () => assert.doesNotMatch(await note.innerText(), /^Level 1: the perfect move/));
  await p.locator('#level').selectOption('9');
  await eventually(async () => assert.match(await note.innerText(), /^Level 9: [^.]*\. /));
  await p.locator('#level').selectOption('3');
  await speak(p, 'es');
  await textMatches(
    p,
    '#level-note',
    /^Dificultad 3: un rival asequible que a veces se equivoca\. .*exactamente un \d+,\d\d\s%/,
  );
  await screenshot(p, 'rough-level-desktop-es');
  await p.context().close();
  const q = await visit({ locale: 'es-ES', ...phone });
  await q.locator('#level').selectOption('3');
  await q.locator('#level-note').scrollIntoViewIfNeeded();
  await screenshot(q, 'rough-level-phone-es');
  await q.context().close();
});

test('no layout jump at the end: the board keeps its size when the result appears beside it, its buttons on screen', async () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 1366, height: 768 },
  ]) {
    const p = await visit({ viewport });
    await newGame(p, { size: '4', seat: 'watch', level: 'random' });
    const before = await p.locator('#board').boundingBox();
    await p.waitForFunction(() => !document.getElementById('end-card').hidden, null, { timeout: 60000 });
    const after = await p.locator('#board').boundingBox();
    assert.deepEqual(
      { width: after.width, height: after.height, x: after.x, y: after.y },
      { width: before.width, height: before.height, x: before.x, y: before.y },
      `${viewport.width}×${viewport.height}`,
    );
    // the result is beside the board (not over it), whole on screen with its buttons
    const card = await p.locator('#end-card').boundingBox();
    assert.ok(
      card.x >= after.x + after.width && card.y >= 0 && card.y + card.height <= viewport.height,
      JSON.stringify({ after, card }),
    );
    for (const b of await p.locator('#end-card button').all()) {
      const box = await b.boundingBox();
      await eventually(async () =>
        assert.ok(
          box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width,
          `${await b.innerText()} on screen: ${JSON.stringify(box)}`,
        ),
      );
    }
    if (viewport.height === 900) await screenshot(p, 'rough-end-desktop-en');
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test("Back from a visitor's first game stays in the app: the landing address is an entry of its own", async () => {
  const p = await visit();
  const first = await gameId(p);
  assert.match(first, /^new-/);
  await sq(p, 'd2').click(); // only the mouse can go there
  await p.waitForFunction(() => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2);
  const id = await gameId(p);
  await eventually(async () => assert.equal(await p.evaluate(() => location.hash), `#game=${id}`));
  await p.goBack();
  assert.ok(p.url().startsWith(server.url), `still on the page: ${p.url()}`);
  await idle(p);
  await eventually(async () => assert.equal(await p.evaluate(() => location.hash), ''));
  // Forward: the first game again
  await p.goForward();
  await p.waitForFunction((k) => document.body.dataset.game === k && document.body.dataset.busy === 'false', id);
  await eventually(async () => assert.equal(await moves(p), 2));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("a phone opening a game's link sees the board, not the move list (a long game)", async () => {
  const p = await visit();
  await newGame(p, { size: '8', seat: 'watch', level: 'perfect' });
  await p.waitForFunction(() => !document.getElementById('end-card').hidden, null, { timeout: 120000 });
  const id = await gameId(p);
  await eventually(async () => assert.ok((await moves(p)) >= 40));
  await p.context().close();
  for (const lang of ['en', 'es']) {
    const q = await newPage(browser, { ...phone, locale: lang === 'es' ? 'es-ES' : 'en-GB' });
    await q.goto(`${server.url}#game=${id}`);
    await q.waitForFunction((k) => document.body.dataset.game === k && document.body.dataset.busy === 'false', id);
    await q.waitForTimeout(300);
    // the move list scrolls by itself to the last move; the page does not
    const list = await q.evaluate(() => {
      const l = document.getElementById('move-list');
      return { scrolled: l.scrollTop, overflows: l.scrollHeight > l.clientHeight };
    });
    assert.ok(list.overflows && list.scrolled > 0, JSON.stringify(list));
    const board = await q.locator('#board').boundingBox();
    assert.ok(board.y >= 0 && board.y < 844 / 2, `${lang}: the board at y = ${board.y}`);
    await screenshot(q, `rough-link-phone-${lang}`);
    assert.deepEqual(q.errors, []);
    await q.context().close();
  }
});

test("Learn, lesson 3: the mouse's row weighted −82 is explained (the row counts in other terms too), in English and Spanish", async () => {
  for (const [lang, options, want] of [
    [
      'en',
      {},
      /Why does ryg weight the mouse's row −82.*the mouse's lead over the lowest cat \(\+62 a row\).*−82 \+ 62 = −20/,
    ],
    [
      'es',
      { locale: 'es-ES', ...phone },
      /¿Por qué ryg da a la fila del ratón un peso de −82.*ventaja del ratón sobre el gato más bajo \(\+62 por fila\).*−82 \+ 62 = −20/,
    ],
  ]) {
    const p = await newPage(browser, { viewport: { width: 1366, height: 768 }, ...options });
    await p.goto(`${server.url}#learn/3`);
    await p
      .locator('#ev-row-note')
      .waitFor({ timeout: 10000 })
      .catch(() => {});
    const text = await p.locator('#learn-view').innerText();
    assert.match(text, want, lang);
    await p.locator('#ev-row-note').scrollIntoViewIfNeeded();
    await screenshot(p, `rough-lesson3-${options.isMobile ? 'phone' : 'desktop'}-${lang}`);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test("Learn, lesson 1: the task's count stays hidden in the table until Check, in English and Spanish", async () => {
  for (const [lang, options, hidden, check] of [
    ['en', {}, /^\? \(the task's answer: shown after Check\)$/, 'Check'],
    [
      'es',
      { locale: 'es-ES', ...phone },
      /^\? \(la respuesta de la tarea: aparece al pulsar Comprobar\)$/,
      'Comprobar',
    ],
  ]) {
    const p = await newPage(browser, { viewport: { width: 1366, height: 768 }, ...options });
    await p.goto(`${server.url}#learn/1`);
    await p.locator('#bd-pos').waitFor();
    await p.waitForFunction(() => document.getElementById('bd-perft').dataset.busy === 'false');
    await p.locator('#bd-pos').selectOption('e1d2');
    await p.waitForFunction(
      () =>
        document.getElementById('bd-perft').dataset.busy === 'false' &&
        document.querySelectorAll('#bd-perft tbody tr').length > 0,
    );
    const first = () => p.locator('#bd-perft tbody tr').first().locator('td').first().innerText();
    await eventually(async () =>
      assert.match(await first(), hidden, `${lang}: the count asked for is not in the table`),
    );
    // deeper counts stay: they do not give the answer away
    await eventually(async () =>
      assert.match(await p.locator('#bd-perft tbody tr').nth(1).locator('td').first().innerText(), /^\d/),
    );
    await p.locator('#bd-perft').scrollIntoViewIfNeeded();
    await screenshot(p, `rough-lesson1-${options.isMobile ? 'phone' : 'desktop'}-${lang}`);
    await p.locator('#bd-answer').fill('7');
    await p.getByRole('button', { name: check, exact: true }).click();
    await p.waitForFunction(() => document.getElementById('bd-verdict').dataset.right);
    await p.waitForFunction(() => /^\d+$/.test(document.querySelector('#bd-perft tbody tr td').textContent));
    await eventually(async () => assert.equal(await first(), '7'));
    await eventually(async () => assert.equal(await p.locator('#bd-verdict').getAttribute('data-right'), 'true'));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
