// End-to-end tests of the page's explanations: "How to play" (the rules, each side's goal,
// small boards) and the level picker's words with the exact chance a careful player beats the
// level, the figures of `ryg levels` (levels.js; a Rust test compares them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, idle, useServerAndBrowser, eventually } from './harness.mjs';
import { LEVEL_CHANCES } from '../../assets/js/levels.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** The page's 8×8 figures with the computer on `side`: level → start → chance (%). A Rust test
 * (crates/ryg-cli/tests/levels.rs) checks they are `ryg levels`' output. */
function levels(side) {
  const by = {};
  for (const [start, row] of Object.entries(LEVEL_CHANCES['8'][side])) {
    for (const [level, chance] of Object.entries(row)) {
      by[level] ||= {};
      by[level][start] = chance;
    }
  }
  return by;
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: "How to play" gives the rules and each side's goal beside small boards; light and dark pass axe-core`, async () => {
    const p = await newPage(browser, { viewport });
    await p.goto(server.url);
    await idle(p);
    await p.getByText('How to play', { exact: true }).click();
    await p.waitForFunction(() => document.querySelectorAll('#howto .mini').length === 5);
    const text = await p.locator('#howto').innerText();
    for (const words of [
      /mouse moves first/,
      /forward or back/,
      /forward only/,
      /The mouse wins when it reaches the cats' top rank/,
      /The cats win when the mouse has no move left/,
    ]) {
      assert.match(text, words);
    }
    // the boards draw what the words say: the mouse's four squares, the trapped mouse
    const boards = p.locator('#howto .mini');
    await eventually(async () => assert.equal(await boards.nth(1).locator('.mdot').count(), 4));
    await eventually(async () => assert.match(await boards.nth(4).getAttribute('aria-label'), /cannot move/));
    const box = await boards.first().boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'the small boards fit the screen');
    await p.locator('#howto').scrollIntoViewIfNeeded();
    await screenshot(p, `howto-${label}`);
    await axeScan(p, `how to play ${label}`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await axeScan(p, `how to play ${label} dark`, true);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}

test('the level picker says what a level does and the exact chance a careful player beats it (the figures of `ryg levels`)', async () => {
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await p.goto(server.url);
  await idle(p);
  const note = p.locator('#level-note');
  const cats = levels('cats');
  const mouse = levels('mouse');
  await p.getByLabel('Board size').selectOption('8');
  await p.getByLabel('You play').selectOption('mouse');
  for (const level of ['1', '5', '9']) {
    await p.locator('#level').selectOption(level);
    const want = cats[level].e1;
    const words = await note.innerText();
    assert.match(words, new RegExp(`^Level ${level}: [^.]+\\. It plays the perfect move`));
    assert.ok(
      words.includes(
        `A careful mouse (a best move nine times in ten) beats it about ${Math.round(want)}% of the time (exactly ${want.toFixed(2)}%, from e1 on 8×8)`,
      ),
      words,
    );
  }
  await p.getByLabel('Start square').selectOption('a1');
  await eventually(async () =>
    assert.ok((await note.innerText()).includes(`exactly ${cats['9'].a1.toFixed(2)}%, from a1`)),
  );
  await p.getByLabel('You play').selectOption('cats');
  await p.locator('#level').selectOption('perfect');
  const words = await note.innerText();
  assert.match(words, /^Perfect: always a best move/);
  assert.ok(
    words.includes(`Careful cats (a best move nine times in ten) beat it about ${Math.round(mouse.perfect.a1)}%`),
    words,
  );
  // the select says where its words are
  await eventually(async () => assert.equal(await p.locator('#level').getAttribute('aria-describedby'), 'level-note'));
  await p.getByLabel('Board size').selectOption('10');
  await eventually(async () => assert.match(await note.innerText(), /No exact figure on 10×10/));
  await p.getByLabel('You play').selectOption('both');
  await eventually(async () => assert.match(await note.innerText(), /used only by Computer move/));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
