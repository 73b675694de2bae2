// End-to-end tests of the set-up: a bad position is refused in place as it is typed or placed,
// with what is wrong and where, and the board never draws it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, sq, idle, useServerAndBrowser, eventually } from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

// each bad FEN with the words the page must say
const BAD = [
  ['1c1c1c/6/6/6/6/6/2m3 m', '7 ranks: a board has 4, 6, 8 or 10'],
  ['1c1c1/5/5/5/2m2 m', '5 ranks: a board has 4, 6, 8 or 10'],
  ['1c1c1c1c/8/8/8/8/8/8/3m4 m', 'The mouse on d1, a light square'],
  ['c1c1c1c1/8/8/8/8/8/8/4m3 m', 'A cat on a8, a light square'],
  ['1c1c1c1c/8/8/8/8/8/8/m1m5 m', 'Two mice (a1, c1): there is one mouse'],
  ['1c1c1c1c/8/8/8/8/8/1c6/4m3 m', '5 cats: the 8×8 board has 4'],
  ['1c1c1c1c/9/8/8/8/8/8/4m3 m', 'Rank 7 is 9 squares long: on 8×8 each rank has 8'],
  ['1c1c1c1c/8/8/8/8/8/7/4m3 m', 'Rank 2 is only 7 squares long: on 8×8 each rank has 8'],
  ['1c1c1c1c/8/8/8/8/8/8/4x3 m', 'Rank 1 holds "x"'],
  ['1c1c1c1c/8/8/8/8/8/8/4m3', 'After the ranks comes a space and m or c'],
];

/** What the board draws: its size and its pieces, by square. */
function drawn(p) {
  return p.evaluate(
    () =>
      `${[...document.querySelectorAll('#board .sq')]
        .map((b) => b.getAttribute('aria-label').split(',')[0])
        .filter((l) => !l.endsWith('empty'))
        .sort()
        .join(' ')} /${document.querySelectorAll('#board .sq').length}`,
  );
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: the set-up refuses each bad FEN of a list as it is typed, saying what and where; the board keeps the last good one`, async () => {
    const p = await newPage(browser, { viewport });
    await p.goto(server.url);
    await idle(p);
    await p.getByLabel('Board size').selectOption('8');
    await p.getByRole('button', { name: 'Analysis mode' }).click();
    const fen = p.getByLabel('FEN', { exact: true });
    const good = await drawn(p);
    assert.equal(good, 'b8 cat d8 cat e1 mouse f8 cat h8 cat /64');
    for (const [bad, words] of BAD) {
      await fen.fill(bad);
      await eventually(async () =>
        assert.ok(
          (await p.locator('#setup-error').innerText()).startsWith(words),
          `${bad}: ${await p.locator('#setup-error').innerText()}`,
        ),
      );
      await eventually(async () => assert.equal(await fen.getAttribute('aria-invalid'), 'true'));
      await eventually(async () => assert.equal(await drawn(p), good, `${bad} is not drawn`));
    }
    await screenshot(p, `setup-refused-${label}`);
    await axeScan(p, `set-up refused ${label}`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await axeScan(p, `set-up refused ${label} dark`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    // typed right, drawn at once (another size too)
    await fen.fill('1c1c1c/6/6/6/6/2m3 c');
    await eventually(async () => assert.equal(await p.locator('#setup-error').innerText(), ''));
    await eventually(async () => assert.equal(await fen.getAttribute('aria-invalid'), 'false'));
    await eventually(async () => assert.equal(await drawn(p), 'b6 cat c1 mouse d6 cat f6 cat /36'));
    await eventually(async () => assert.equal(await p.getByLabel('Side to move').inputValue(), 'c'));
    // placed by clicking: a fourth cat on 6×6 and a light square are refused beside the square
    await p.getByRole('button', { name: 'Place cat' }).click();
    await sq(p, 'a3').click();
    await p.locator('#refusal').waitFor({ state: 'visible' });
    await eventually(async () => assert.equal(await p.locator('#refusal').innerText(), '4 cats: the 6×6 board has 3.'));
    await sq(p, 'b3').click();
    await eventually(async () => assert.match(await p.locator('#refusal').innerText(), /^b3 is a light square/));
    await eventually(async () => assert.equal(await drawn(p), 'b6 cat c1 mouse d6 cat f6 cat /36'));
    // a cat taken off, then Analyse: refused until every piece is placed
    await p.getByRole('button', { name: 'Clear square' }).click();
    await sq(p, 'f6').click();
    await eventually(async () => assert.equal(await fen.inputValue(), '1c1c2/6/6/6/6/2m3 c'));
    await eventually(async () => assert.match(await p.locator('#setup-count').innerText(), /2 of 3 cats placed/));
    await p.getByRole('button', { name: 'Analyse this position' }).click();
    await eventually(async () =>
      assert.equal(await p.locator('#setup-error').innerText(), '2 cats placed: the 6×6 board has 3.'),
    );
    await eventually(async () => assert.equal(await p.locator('#setup').isVisible(), true));
    await p.getByRole('button', { name: 'Place cat' }).click();
    await sq(p, 'a5').click();
    await p.getByRole('button', { name: 'Analyse this position' }).click();
    await p.waitForFunction(() => document.getElementById('setup').hidden && document.body.dataset.busy === 'false');
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), '1c1c2/c5/6/6/6/2m3 c'));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}
