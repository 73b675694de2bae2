// End-to-end tests of what players expect of a game page: a refused click or drop says why
// beside the square; ←/→ and Home/End step through the moves; Back and Forward move between
// views; PGN copied and pasted round-trips; the exact results are an explorer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage,
  screenshot,
  axeScan,
  sq,
  idle,
  moves,
  gameId,
  moveList,
  useServerAndBrowser,
  newGameOnForm,
  eventually,
} from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function open(viewport = { width: 1366, height: 768 }, options = {}) {
  const p = await newPage(browser, { viewport, ...options });
  await p.goto(server.url);
  await idle(p);
  return p;
}

/** A new game on the page's form, by default playing both sides at this board. */
const newGame = (p, options = {}) => newGameOnForm(p, { seat: 'both', ...options });

async function click(p, from, to) {
  const n = await moves(p);
  await sq(p, from).click();
  await sq(p, to).click();
  await p.waitForFunction(
    (k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) === k,
    n + 1,
  );
}

/** The refusal note: its text, and whether it sits over the column of square `name`. */
async function refusalAt(p, name) {
  const note = p.locator('#refusal');
  await note.waitFor({ state: 'visible' });
  const [n, s] = [await note.boundingBox(), await sq(p, name).boundingBox()];
  const vp = p.viewportSize();
  assert.ok(n.x >= 0 && n.x + n.width <= vp.width + 1, 'the note is on screen');
  assert.ok(n.x <= s.x + s.width && n.x + n.width >= s.x, "the note is over the square's column");
  assert.ok(Math.abs(n.y + n.height / 2 - (s.y + s.height / 2)) < 3 * s.height, 'the note is next to the square');
  return note.innerText();
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: a refused click or drop says why, beside the square`, async () => {
    const p = await open(viewport);
    await newGame(p, { seat: 'mouse' });
    await sq(p, 'e1').click();
    await sq(p, 'e2').click();
    await eventually(async () => assert.match(await refusalAt(p, 'e2'), /e2 is a light square/));
    await sq(p, 'e1').click();
    await sq(p, 'e3').click();
    await eventually(async () => assert.match(await refusalAt(p, 'e3'), /e1 to e3 is not one diagonal step/));
    await sq(p, 'd8').click();
    await eventually(async () => assert.match(await refusalAt(p, 'd8'), /d8: that piece is not yours/));
    await screenshot(p, `refused-${label}`);
    await axeScan(p, `a refused click ${label}`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await sq(p, 'd8').click();
    await p.locator('#refusal').waitFor({ state: 'visible' });
    await axeScan(p, `a refused click ${label} dark`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    // a drop on a square the piece cannot reach
    const [a, b] = [await sq(p, 'e1').boundingBox(), await sq(p, 'g3').boundingBox()];
    await p.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await p.mouse.down();
    await p.mouse.move(a.x + a.width, a.y, { steps: 4 });
    await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await p.mouse.up();
    await eventually(async () => assert.match(await refusalAt(p, 'g3'), /e1 to g3 is not one diagonal step/));
    await eventually(async () => assert.equal(await moves(p), 0));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}

test('←/→ and Home/End step through the moves; Back and Forward move between views', async () => {
  const p = await open();
  await newGame(p);
  await click(p, 'e1', 'd2');
  await click(p, 'b8', 'a7');
  await click(p, 'd2', 'c3');
  const id = await gameId(p);
  assert.equal(new URL(p.url()).hash, `#game=${id}`);
  await p.locator('body').click({ position: { x: 5, y: 5 } });
  await p.keyboard.press('ArrowLeft');
  await p.waitForFunction(() => !document.getElementById('review').hidden);
  await eventually(async () => assert.match(await p.locator('#review-text').innerText(), /after 2 of 3 plies/));
  assert.equal(new URL(p.url()).hash, `#game=${id}&ply=2`);
  await p.keyboard.press('Home');
  await eventually(async () => assert.match(await p.locator('#review-text').innerText(), /after 0 of 3/));
  await eventually(async () => assert.equal(await sq(p, 'e1').getAttribute('aria-label'), 'e1 mouse'));
  await p.keyboard.press('ArrowRight');
  await eventually(async () => assert.match(await p.locator('#review-text').innerText(), /after 1 of 3/));
  await p.keyboard.press('End');
  await eventually(async () => assert.equal(await p.locator('#review').isHidden(), true));
  assert.equal(new URL(p.url()).hash, `#game=${id}`);
  // the move list: each choice a view of its own in the browser's history
  await p.locator('#move-list button[data-ply="1"]').click();
  await p.locator('#move-list button[data-ply="2"]').click();
  assert.equal(new URL(p.url()).hash, `#game=${id}&ply=2`);
  await p.goBack();
  await p.waitForFunction(() => /after 1 of/.test(document.getElementById('review-text').textContent));
  await eventually(async () =>
    assert.equal(await sq(p, 'd2').getAttribute('aria-label'), 'd2 mouse, last move to here'),
  );
  await p.goBack();
  await p.waitForFunction(() => document.getElementById('review').hidden);
  await eventually(async () =>
    assert.equal(await sq(p, 'c3').getAttribute('aria-label'), 'c3 mouse, last move to here'),
  );
  await p.goForward();
  await p.waitForFunction(() => /after 1 of/.test(document.getElementById('review-text').textContent));
  // a link with a ply opens the game at that position
  const q = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await q.goto(`${server.url}#game=${id}&ply=2`);
  await idle(q);
  await eventually(async () => assert.match(await q.locator('#review-text').innerText(), /after 2 of 3/));
  await eventually(async () => assert.equal(await sq(q, 'a7').getAttribute('aria-label'), 'a7 cat, last move to here'));
  for (const x of [p, q]) {
    assert.deepEqual(x.errors, []);
    await x.context().close();
  }
});

test('Copy PGN and the paste box round-trip a game; a bad PGN is refused in the box', async () => {
  const p = await open({ width: 1366, height: 768 }, { permissions: ['clipboard-read', 'clipboard-write'] });
  await newGame(p);
  await click(p, 'e1', 'f2');
  await click(p, 'h8', 'g7');
  await click(p, 'f2', 'e3');
  const id = await gameId(p);
  const played = await moveList(p);
  await p.locator('#copy-pgn').click();
  await p.waitForFunction(() => /PGN copied/.test(document.getElementById('hint-text').textContent));
  const pgn = await p.evaluate(() => navigator.clipboard.readText());
  await eventually(async () =>
    assert.equal(pgn, await p.evaluate((k) => fetch(`/api/games/${k}/pgn`).then((r) => r.text()), id)),
  );
  assert.match(pgn, /e1f2/);
  await p.getByText('Paste a PGN').click();
  await p.getByLabel("The game's PGN text").fill('1. e1e2 *');
  await p.getByRole('button', { name: 'Open this game' }).click();
  await p.waitForFunction(() => document.getElementById('pgn-error').textContent !== '');
  await eventually(async () => assert.equal(await gameId(p), id, 'a bad PGN opens no game'));
  await p.getByLabel("The game's PGN text").fill(pgn);
  await p.getByRole('button', { name: 'Open this game' }).click();
  await p.waitForFunction(
    (k) => document.body.dataset.game !== String(k) && document.body.dataset.busy === 'false',
    id,
  );
  await eventually(async () => assert.deepEqual(await moveList(p), played));
  await eventually(async () => assert.equal(await p.locator('#pgn-error').innerText(), ''));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: the exact results are an explorer: best first, in words, an arrow on hover and focus, a click plays`, async () => {
    const p = await open(viewport);
    await newGame(p, { size: '6' });
    await p.waitForFunction(() => document.querySelectorAll('#results button.res').length > 0);
    const fen = await p.locator('#fen').innerText();
    const solved = await p.evaluate((f) => fetch(`/api/solve?fen=${encodeURIComponent(f)}`).then((r) => r.json()), fen);
    const rows = p.locator('#results button.res');
    const shown = await rows.evaluateAll((bs) => bs.map((b) => b.dataset.move));
    assert.deepEqual([...shown].sort(), solved.moves.map((m) => m.move).sort());
    // best first: the side to move's wins before its losses, fastest win first, slowest loss first
    const side = solved.fen.endsWith(' m') ? 'mouse' : 'cats';
    const key = (mv) => {
      const m = solved.moves.find((x) => x.move === mv);
      return m.winner === side ? 1e5 - m.plies : m.plies;
    };
    for (let i = 1; i < shown.length; i++)
      assert.ok(key(shown[i - 1]) >= key(shown[i]), `${shown[i - 1]} before ${shown[i]}`);
    assert.ok(solved.best_moves.includes(shown[0]));
    await eventually(async () =>
      assert.match(await rows.first().innerText(), /(mouse wins|cats win) in \d+ plies \(\d+ moves\)/),
    );
    // pointed at: an arrow on the board from the move's square to its destination
    await rows.nth(1).hover();
    await p.waitForFunction(() => !!document.querySelector('.arrows .pointed line'));
    if (label === 'phone') {
      // the board is above the results on a phone: the focused row keeps its arrow while it shows
      await rows.nth(1).focus();
      await p.mouse.move(1, 1);
      await p.locator('#status').evaluate((e) => e.scrollIntoView());
    }
    await screenshot(p, `explorer-${label}`);
    await rows.first().focus();
    const arrow = await p.locator('.arrows .pointed line').boundingBox();
    const from = await sq(p, shown[0].slice(0, 2)).boundingBox();
    assert.ok(
      Math.abs(arrow.x - (from.x + from.width / 2)) < from.width &&
        Math.abs(arrow.y - (from.y + from.height / 2)) < from.height * 1.5,
      "the arrow starts on the move's square",
    );
    await axeScan(p, `explorer ${label}`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await axeScan(p, `explorer ${label} dark`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await rows.first().click();
    await p.waitForFunction(() => document.body.dataset.busy === 'false' && document.body.dataset.moves === '1');
    await eventually(async () => assert.deepEqual(await moveList(p), [shown[0]]));
    // the arrow went with the position (a row of the new one, still under the pointer, may draw its own)
    await p.mouse.move(1, 1);
    await p.locator('#status').click();
    await eventually(async () =>
      assert.equal(await p.locator('.arrows .pointed line').count(), 0, 'no arrow once nothing points at a move'),
    );
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}
