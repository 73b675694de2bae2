// End-to-end tests of the review of a finished game: the chart of the exact result after every
// ply, the move that handed the win to the other side marked with the moves that kept it (as
// the tablebase says), "Show" and "Try again from here" against the computer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, sq, idle, moves, useServerAndBrowser, eventually } from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function call(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, server.url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  assert.ok(res.ok, JSON.stringify(data));
  return data;
}

/** A 4×4 game, both sides at one board, where the cats give their win away once (their first
 * move that can) and both sides then play perfectly: the mouse wins. */
async function scriptedGame() {
  let g = await call('POST', '/api/games', { size: 4, mouse: 'human', cats: 'human', hotseat: true });
  const tokens = g.tokens;
  let erred = null;
  while (!g.outcome) {
    const s = await call('GET', `/api/solve?fen=${encodeURIComponent(g.fen)}`);
    let mv = s.best_moves[0];
    const losing = s.moves.find((m) => m.winner === 'mouse');
    if (g.to_move === 'cats' && erred === null && s.winner === 'cats' && losing) {
      mv = losing.move;
      erred = {
        ply: g.moves.length,
        played: mv,
        fen: g.fen,
        kept: s.moves.filter((m) => m.winner === 'cats').map((m) => m.move),
      };
    }
    g = { ...(await call('POST', `/api/games/${g.id}/moves`, { move: mv }, tokens[g.to_move])), tokens };
  }
  assert.ok(erred, 'the cats had a losing move to make');
  assert.equal(g.outcome.winner, 'mouse');
  return { id: g.public_id, erred, n: g.moves.length };
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: review marks the move of a scripted losing game with the moves that kept the win; show it; try again from it`, async () => {
    const { id, erred, n } = await scriptedGame();
    const p = await newPage(browser, { viewport });
    await p.goto(`${server.url}#game=${id}`);
    await idle(p);
    await p.waitForFunction(() => document.querySelectorAll('#review-panel .mistake').length > 0);
    // a bar for each position of the game; the win changed sides once
    await eventually(async () => assert.equal(await p.locator('.review-chart rect.rbar').count(), n + 1));
    await eventually(async () => assert.equal(await p.locator('.review-chart rect.turn').count(), 1));
    await eventually(async () =>
      assert.equal(await p.locator('.review-chart rect.rbar.now').getAttribute('data-ply'), String(n)),
    );
    const items = p.locator('#review-panel .mistake');
    await eventually(async () => assert.equal(await items.count(), 1));
    const text = await items.first().innerText();
    assert.match(
      text,
      new RegExp(
        `The cats played ${erred.played}\\?: cats win in \\d+ pl\\w+ \\(\\d+ moves?\\) before it, mouse wins in \\d+ pl\\w+ \\(\\d+ moves?\\) after it`,
      ),
    );
    const kept = text.match(/Kept the win: ([a-z0-9, ]+)\./)[1].split(', ');
    assert.deepEqual([...kept].sort(), [...erred.kept].sort());
    // the move list marks the move with a question mark, and says which moves kept the win
    const marked = p.locator('#move-list button.lost');
    await eventually(async () => assert.equal(await marked.count(), 1));
    await eventually(async () => assert.equal(await marked.getAttribute('data-ply'), String(erred.ply + 1)));
    await eventually(async () => assert.equal(await marked.innerText(), `${erred.played}?`));
    await eventually(async () =>
      assert.match(
        await marked.getAttribute('aria-label'),
        new RegExp(`^Cats ${erred.played}\\?; gave the win away \\(kept it: [a-z0-9, ]+\\)$`),
      ),
    );
    await p.locator('#review-panel').scrollIntoViewIfNeeded();
    await screenshot(p, `review-${label}`);
    await axeScan(p, `review ${label}`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await axeScan(p, `review ${label} dark`, true);
    await p.getByRole('button', { name: 'Dark theme' }).click();
    // each button names the move as the list does ("Show 1… b4a3"; "Show 1…" alone read as cut short)
    await eventually(async () =>
      assert.match(
        await items
          .first()
          .getByRole('button', { name: /^Show / })
          .innerText(),
        new RegExp(`^Show \\d+(\\.|…) ${erred.played}$`),
      ),
    );
    await eventually(async () =>
      assert.match(
        await items
          .first()
          .getByRole('button', { name: /^Try again from / })
          .innerText(),
        new RegExp(`^Try again from \\d+(\\.|…) ${erred.played}$`),
      ),
    );
    // Show: the position before the mistake, the move played (red, dashed) and the better one
    // (blue) as arrows, and said by the evaluation bar
    await items
      .first()
      .getByRole('button', { name: /^Show / })
      .click();
    await p.waitForFunction(
      (k) => new RegExp(`after ${k} of`).test(document.getElementById('review-text').textContent),
      erred.ply,
    );
    assert.equal(new URL(p.url()).hash, `#game=${id}&ply=${erred.ply}`);
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), erred.fen));
    await p.waitForFunction(() => !!document.querySelector('.arrows .played'));
    await eventually(async () =>
      assert.deepEqual(await p.locator('.arrows .played').evaluateAll((gs) => gs.map((g) => g.dataset.move)), [
        erred.played,
      ]),
    );
    const better = await p.locator('.arrows .best').evaluateAll((gs) => gs.map((g) => g.dataset.move));
    assert.ok(better.length >= 1 && better.every((m) => erred.kept.includes(m)), `${better} kept the win`);
    await eventually(async () =>
      assert.match(
        await p.locator('#evalbar').getAttribute('aria-label'),
        new RegExp(
          `^Evaluation: Cats win in \\d+ pl\\w+ \\(\\d+ moves?\\)\\. Played here: ${erred.played} \\(the red dashed arrow\\), which gave the win away; better: [a-z0-9, ]+ \\(the blue arrows?\\)\\.$`,
        ),
      ),
    );
    await eventually(async () =>
      assert.equal(await p.locator('.review-chart rect.rbar.now').getAttribute('data-ply'), String(erred.ply)),
    );
    // a bar of the chart shows its position too
    await p.locator(`.review-chart rect.rbar[data-ply="0"]`).click({ force: true });
    await p.waitForFunction(() => /after 0 of/.test(document.getElementById('review-text').textContent));
    // Try again: a new game from that position, the visitor the cats against the computer
    await items
      .first()
      .getByRole('button', { name: /^Try again from / })
      .click();
    await p.waitForFunction(
      (k) => document.body.dataset.game !== String(k) && document.body.dataset.busy === 'false',
      id,
    );
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), erred.fen));
    await eventually(async () => assert.match(await p.locator('#status').innerText(), /Your move \(cats\)/));
    await eventually(async () => assert.equal(await p.locator('#review-panel').isHidden(), true));
    const [from, to] = [erred.kept[0].slice(0, 2), erred.kept[0].slice(2)];
    await sq(p, from).click();
    await sq(p, to).click();
    // the computer (the mouse) answers
    await p.waitForFunction(() => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2);
    await eventually(async () => assert.ok((await moves(p)) >= 2));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}

/** An 8×8 game, both sides at one board: the mouse plays its quickest loss every time (the
 * first such move in the server's order), the cats answer perfectly. Returns each mouse move
 * with the plies it gave up against the longest resistance, as the tablebase says. */
async function hurriedLoss() {
  let g = await call('POST', '/api/games', { size: 8, mouse: 'human', cats: 'human', hotseat: true });
  const tokens = g.tokens;
  const hurried = [];
  while (!g.outcome) {
    const s = await call('GET', `/api/solve?fen=${encodeURIComponent(g.fen)}`);
    let mv = s.best_moves[0];
    if (g.to_move === 'mouse') {
      const quickest = Math.min(...s.moves.map((m) => m.plies));
      const m = s.moves.find((x) => x.plies === quickest);
      mv = m.move;
      hurried.push({
        ply: g.moves.length,
        move: mv,
        by: s.plies - 1 - m.plies,
        best: s.best_moves,
        before: s.plies,
        after: m.plies,
      });
    }
    g = { ...(await call('POST', `/api/games/${g.id}/moves`, { move: mv }, tokens[g.to_move])), tokens };
  }
  assert.equal(g.outcome.winner, 'cats');
  return { id: g.public_id, hurried, n: g.moves.length };
}

test('review of a lost 8×8 mouse game marks its faster losses (?!) with the longest resistance, and sums up each side', async () => {
  const { id, hurried, n } = await hurriedLoss();
  const marked = hurried.filter((h) => h.by >= 4);
  assert.ok(marked.length >= 1 && n < 44, `a mouse losing in ${n} plies hurried: ${JSON.stringify(hurried)}`);
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await p.goto(`${server.url}#game=${id}`);
  await idle(p);
  await p.waitForFunction(() => document.querySelectorAll('#review-panel .mistake').length > 0);
  const items = p.locator('#review-panel .mistake.shortened');
  await eventually(async () => assert.equal(await items.count(), marked.length));
  await eventually(async () => assert.equal(await p.locator('#review-panel .mistake.gave-win').count(), 0));
  const first = await items.first().innerText();
  const [m0] = marked;
  assert.match(
    first,
    new RegExp(
      `The mouse played ${m0.move}\\?!: cats win in ${m0.before} plies \\(\\d+ moves\\) before it, cats win in ${m0.after} plies \\(\\d+ moves\\) after it: the end came ${m0.by} plies sooner than it had to\\.`,
    ),
  );
  const resisted = first.match(/Resisted longest: ([a-z0-9, ]+)\./)[1].split(', ');
  assert.deepEqual([...resisted].sort(), [...marked[0].best].sort());
  // the move list marks each with ?!, the chart after each
  const slips = p.locator('#move-list button.slip');
  await eventually(async () => assert.equal(await slips.count(), marked.length));
  await eventually(async () => assert.equal(await slips.first().innerText(), `${marked[0].move}?!`));
  await eventually(async () => assert.equal(await slips.first().getAttribute('data-ply'), String(marked[0].ply + 1)));
  await eventually(async () => assert.equal(await p.locator('.review-chart rect.slip').count(), marked.length));
  // one line a side: the mouse's plies add up to what the game lost against 44; its accuracy
  // counts the moves that gave up nothing, the cats' perfect play is exact throughout
  const lost = marked.reduce((a, h) => a + h.by, 0);
  const lines = await p.locator('.review-summary li').allInnerTexts();
  const exact = hurried.filter((h) => h.by === 0).length;
  const cats = n - hurried.length;
  assert.deepEqual(lines, [
    `The mouse: ${hurried.length} moves; ${marked.length} cut the resistance short (by ${lost} plies in all). Accuracy: ${Math.floor((100 * exact) / hurried.length)}% (${exact} of ${hurried.length} moves kept the exact result).`,
    `The cats: ${cats} moves; none lost ground. Accuracy: 100% (${cats} of ${cats} moves kept the exact result).`,
  ]);
  assert.equal(n + hurried.reduce((a, h) => a + h.by, 0), 44);
  await p.locator('#review-panel').scrollIntoViewIfNeeded();
  await screenshot(p, 'review-lost-mouse');
  await axeScan(p, 'review lost mouse', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
