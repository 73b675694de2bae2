// End-to-end tests of the ryg page in a real browser against the real `ryg serve` binary.
// Here: playing, the move list, hints, files, analysis and the search's tree; page-access.test.mjs
// has the game kept over a reload and a restart, the big boards, the keyboard, a phone, axe-core.
// Run with `node --test` from this directory (scripts/test does it after building ryg).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launchBrowser,
  newPage,
  screenshot,
  screenshotPath,
  screenshotDirFor,
  repoRoot,
  tempDb,
  sq,
  idle,
  moves,
  gameId,
  status,
  moveList,
  eventually,
  newGameOnForm as newGame,
} from './harness.mjs';
import { waitMoves, showResults, bestMove, split, labels } from './pagekit.mjs';
import path from 'node:path';

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

// ---------- tests ----------

test('screenshots go to target/e2e-screenshots; docs/screenshots only with RYG_UPDATE_SCREENSHOTS=1', () => {
  assert.equal(screenshotDirFor({}), path.join(repoRoot, 'target', 'e2e-screenshots'));
  assert.equal(screenshotDirFor({ RYG_UPDATE_SCREENSHOTS: '0' }), path.join(repoRoot, 'target', 'e2e-screenshots'));
  assert.equal(screenshotDirFor({ CARGO_TARGET_DIR: '/tmp/t' }), '/tmp/t/e2e-screenshots');
  assert.equal(screenshotDirFor({ RYG_UPDATE_SCREENSHOTS: '1' }), path.join(repoRoot, 'docs', 'screenshots'));
});

test("the Exact results box says which boards are worked out, in a player's words, once the computer's first move built 8×8, and how to build 12×12 (a fresh server)", async () => {
  const fresh = await startServer(tempDb());
  const p = await newPage(browser);
  try {
    await p.goto(fresh.url);
    await idle(p);
    const header = p.locator('#tablebase');
    // not in the header any more: in the Exact results box
    await eventually(async () => assert.equal(await p.locator('header #tablebase').count(), 0));
    await p.waitForFunction(() => document.getElementById('tablebase').textContent.startsWith('Perfect play'));
    await eventually(async () =>
      assert.equal(
        await header.innerText(),
        'Perfect play is worked out for a board the first time it is played. Work out 10×10 too (takes a while) 12×12 is not built on this server: ryg solve --size 12 builds it.',
      ),
    );
    await newGame(p, { size: '8', seat: 'mouse', level: '3' });
    await eventually(async () =>
      assert.equal(
        await header.innerText(),
        'Perfect play is worked out for a board the first time it is played. Work out 10×10 too (takes a while) 12×12 is not built on this server: ryg solve --size 12 builds it.',
      ),
    );
    await sq(p, 'e1').click();
    await sq(p, 'd2').click();
    await waitMoves(p, 2);
    // the note is read again after the move's answer (a hang guard only: it fails below)
    await p
      .waitForFunction(() => document.getElementById('tablebase').textContent.includes('8×8'), null, { timeout: 15000 })
      .catch(() => {});
    await eventually(async () =>
      assert.equal(
        await header.innerText(),
        'Perfect play is worked out on: 8×8. Work out 10×10 too (takes a while) 12×12 is not built on this server: ryg solve --size 12 builds it.',
      ),
    );
    // the command is one unbroken piece of code, whatever the width
    await eventually(async () =>
      assert.deepEqual(
        await header
          .locator('code')
          .evaluateAll((els) => els.map((e) => [e.textContent, getComputedStyle(e).whiteSpace])),
        [['ryg solve --size 12', 'nowrap']],
      ),
    );
    await screenshot(p, 'tablebase-header');
    assert.deepEqual(p.errors, []);
  } finally {
    await p.context().close();
    await fresh.stop();
  }
});

test('the exact results panel is hidden while playing the computer and shows real values', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await eventually(async () => assert.equal(await page.locator('#results').isHidden(), true));
  await eventually(async () => assert.equal(await page.locator('#results-toggle').innerText(), 'Exact results: show'));
  await showResults(page);
  await eventually(async () =>
    assert.equal(
      await page.locator('#results .verdict').innerText(),
      'This position: cats win in 44 plies (22 moves) with best play.',
    ),
  );
  const rows = await page.locator('#results .res').allInnerTexts();
  assert.deepEqual(
    rows.map((r) => r.replace(/\s+/g, ' ').trim()),
    ['e1d2 ▼ cats win in 43 plies (22 moves) best', 'e1f2 ▼ cats win in 43 plies (22 moves) best'],
  );
  await eventually(async () =>
    assert.deepEqual(await page.locator('#results .res').evaluateAll((ls) => ls.map((l) => l.className)), [
      'res cats best',
      'res cats best',
    ]),
  );
  await page.locator('#results-toggle').click();
  await eventually(async () => assert.equal(await page.locator('#results').isHidden(), true));
});

test('every square is a button named by its square and what stands on it', async () => {
  const names = await labels(page);
  assert.equal(names.length, 64);
  assert.equal(names[0], 'a8 empty, light square');
  assert.equal(names[1], 'b8 cat');
  assert.ok(names.includes('e1 mouse'), names.join('|'));
  assert.ok(names.includes('d2 empty'));
});

test('a hint gives the perfect move and what it leads to', async () => {
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.startsWith('Hint:'));
  await eventually(async () =>
    assert.equal(await page.locator('#hint-text').innerText(), 'Hint: e1d2 — cats win in 43 plies (22 moves).'),
  );
  await eventually(async () => assert.equal(await sq(page, 'e1').getAttribute('aria-label'), 'e1 mouse, hint'));
  await eventually(async () => assert.equal(await sq(page, 'd2').getAttribute('aria-label'), 'd2 empty, hint'));
});

test('click-click marks the destinations, the computer replies, undo and redo work', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await sq(page, 'e1').click();
  await eventually(async () => assert.equal(await sq(page, 'e1').getAttribute('aria-label'), 'e1 mouse, selected'));
  await eventually(async () => assert.equal(await sq(page, 'd2').getAttribute('aria-label'), 'd2 empty, legal move'));
  await eventually(async () => assert.equal(await sq(page, 'f2').getAttribute('aria-label'), 'f2 empty, legal move'));
  await sq(page, 'd2').click();
  await waitMoves(page, 2);
  const played = await moveList(page);
  assert.equal(played.length, 2);
  assert.equal(played[0], 'e1d2');
  await eventually(async () => assert.match(await sq(page, 'd2').getAttribute('aria-label'), /^d2 mouse/));
  const [cf, ct] = split(played[1]);
  await eventually(async () =>
    assert.equal(await sq(page, ct).getAttribute('aria-label'), `${ct} cat, last move to here`),
  );
  await eventually(async () =>
    assert.equal(await sq(page, cf).getAttribute('aria-label'), `${cf} empty, last move from here`),
  );
  await eventually(async () =>
    assert.match(
      await page.locator('#announce').innerText(),
      new RegExp(`^Mouse e1 to d2\\. Cat ${cf} to ${ct}\\. Your move\\.$`),
    ),
  );

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && document.body.dataset.moves === '0');
  await eventually(async () => assert.equal(await sq(page, 'e1').getAttribute('aria-label'), 'e1 mouse'));
  await eventually(async () =>
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true),
  );
  await page.waitForFunction(() => document.getElementById('announce').textContent === 'Took back 2 plies. Your move.');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await waitMoves(page, 2);
  await eventually(async () => assert.deepEqual(await moveList(page), played));
  await eventually(async () =>
    assert.equal(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled(), true),
  );
});

test('the move list jumps to an earlier position and back', async () => {
  const played = await moveList(page);
  await page.getByRole('button', { name: 'Start position' }).click();
  await eventually(async () => assert.equal(await page.locator('#review').isVisible(), true));
  await eventually(async () =>
    assert.equal(
      await page.locator('#review-text').innerText(),
      `Viewing the position after 0 of ${played.length} plies.`,
    ),
  );
  await eventually(async () => assert.equal(await sq(page, 'e1').getAttribute('aria-label'), 'e1 mouse'));
  await eventually(async () => assert.equal(await page.locator('#fen').innerText(), '1c1c1c1c/8/8/8/8/8/8/4m3 m'));
  await page.getByRole('button', { name: 'Mouse e1d2' }).click();
  await eventually(async () => assert.equal(await page.locator('#fen').innerText(), '1c1c1c1c/8/8/8/8/8/3m4/8 c'));
  await page.getByRole('button', { name: 'Back to the game' }).click();
  await eventually(async () => assert.equal(await page.locator('#review').isHidden(), true));
  await eventually(async () => assert.match(await sq(page, 'd2').getAttribute('aria-label'), /^d2 mouse/));
});

test('continue from an earlier position takes the later moves back', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await sq(page, 'd2').click();
  await waitMoves(page, 2);
  await sq(page, 'c3').click();
  await waitMoves(page, 4);
  const played = await moveList(page);
  await page.getByRole('button', { name: `Cats ${played[1]}`, exact: true }).click();
  await eventually(async () =>
    assert.equal(await page.locator('#review-text').innerText(), 'Viewing the position after 2 of 4 plies.'),
  );
  await page.getByRole('button', { name: 'Continue from here' }).click();
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && document.body.dataset.moves === '2');
  await eventually(async () => assert.deepEqual(await moveList(page), played.slice(0, 2)));
  await eventually(async () => assert.equal(await page.locator('#review').isHidden(), true));
  await eventually(async () =>
    assert.equal(await page.getByRole('button', { name: 'Redo', exact: true }).isEnabled(), true),
  );
});

test('copy FEN puts the position on the clipboard', async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy FEN' }).click();
  await page.waitForFunction(() => document.getElementById('hint-text').textContent === 'FEN copied.');
  const fen = await page.locator('#fen').innerText();
  await eventually(async () => assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fen));
  assert.match(fen, /^[0-9mc/]+ m$/);
});

test('watch: the computer plays both sides to the end by itself (4×4, random)', async () => {
  await newGame(page, { size: '4', seat: 'watch', level: 'random' });
  await page.waitForFunction(() => /win/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
  await eventually(async () => assert.match(await status(page), /4×4 · The (mouse|cats) wins?: /));
  await eventually(async () => assert.ok((await moves(page)) >= 2));
});

test('flip turns the board around', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  const first = () => page.locator('#board .sq').first().getAttribute('aria-label');
  await eventually(async () => assert.match(await first(), /^a8 /));
  await page.getByRole('button', { name: 'Flip board' }).click();
  await eventually(async () => assert.match(await first(), /^h1 /));
  await eventually(async () =>
    assert.equal(await page.getByRole('button', { name: 'Flip board' }).getAttribute('aria-pressed'), 'true'),
  );
  await page.getByRole('button', { name: 'Flip board' }).click();
  await eventually(async () => assert.match(await first(), /^a8 /));
});

test('a piece can be dragged', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '2' });
  const from = await sq(page, 'e1').boundingBox();
  const to = await sq(page, 'f2').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitMoves(page, 2);
  await eventually(async () => assert.equal((await moveList(page))[0], 'e1f2'));
});

test('win a game against level 1 by clicking the perfect move each turn (6×6)', async () => {
  await newGame(page, { size: '6', seat: 'mouse', level: '1' });
  for (let turn = 0; turn < 40; turn++) {
    if (
      await page
        .locator('#status')
        .innerText()
        .then((s) => /wins|win:/.test(s))
    )
      break;
    const n = await moves(page);
    const mv = await bestMove(page);
    const [from, to] = split(mv);
    if (turn % 2 === 0) await sq(page, from).click(); // click-click; otherwise one click on the destination
    await sq(page, to).click();
    await waitMoves(page, n + 1);
  }
  await eventually(async () =>
    assert.match(
      await status(page),
      /The mouse wins: the mouse reached the top row\.|The mouse wins: the cats cannot move\./,
    ),
  );
  await page.waitForFunction(() => /The mouse wins/.test(document.getElementById('announce').textContent));
  await eventually(async () => assert.deepEqual(await page.locator('#board .sq.movable').count(), 0));
  await eventually(async () =>
    assert.equal(await page.locator('#results .verdict').innerText(), 'This position: the mouse has won.'),
  );
  // the end-of-game card
  await eventually(async () => assert.equal(await page.locator('#end-card').isVisible(), true));
  await eventually(async () => assert.equal(await page.locator('#end-title').innerText(), 'The mouse wins'));
  await eventually(async () => assert.equal(await page.locator('#end-you').innerText(), 'You win!'));
  const n = await moves(page);
  await eventually(async () =>
    assert.equal(
      await page.locator('#end-length').innerText(),
      `The game lasted ${n} plies (${Math.ceil(n / 2)} moves).`,
    ),
  );
  for (const name of ['Rematch', 'New game', 'Review'])
    await eventually(async () =>
      assert.equal(await page.locator('#end-card').getByRole('button', { name, exact: true }).isVisible(), true, name),
    );
});

test('the page downloads the game as PGN and uploads a record', async () => {
  const href = await page.locator('#pgn-download').getAttribute('href');
  const id = await gameId(page);
  // relative to the page (at the root here): a static site in a folder answers it there
  assert.equal(href, `api/games/${id}/pgn`);
  const pgn = await page.evaluate((h) => fetch(h).then((r) => r.text()), href);
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, /1\. c1/);
  await page.locator('#pgn-upload').setInputFiles({
    name: 'small.pgn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[FEN "1c1c/4/4/2m1 m"]\n[Result "*"]\n\n1. c1d2 b4a3 *\n'),
  });
  await page.waitForFunction(
    (old) => document.body.dataset.game !== old && document.body.dataset.busy === 'false',
    String(id),
  );
  await eventually(async () => assert.deepEqual(await moveList(page), ['c1d2', 'b4a3']));
  await eventually(async () => assert.match(await status(page), /4×4 · The mouse to move\./));
});

test('analysis mode: place pieces or paste a FEN; exact results always shown', async () => {
  await page.getByLabel('Board size').selectOption('8');
  await page.getByRole('button', { name: 'Analysis mode' }).click();
  await eventually(async () => assert.equal(await page.locator('#setup').isVisible(), true));
  await page.getByRole('button', { name: 'Place mouse' }).click();
  // the board holds the current position only when its size matches; else the start
  await sq(page, 'c1').click();
  await eventually(async () =>
    assert.equal(await page.getByLabel('FEN', { exact: true }).inputValue(), '1c1c1c1c/8/8/8/8/8/8/2m5 m'),
  );
  await page.getByLabel('FEN', { exact: true }).fill('1c1c/4/4/2m1 m');
  await page.getByRole('button', { name: 'Load FEN' }).click();
  await eventually(async () => assert.equal(await page.locator('#board .sq').count(), 16));
  await screenshot(page, 'desktop-setup');
  await page.getByRole('button', { name: 'Analyse this position' }).click();
  await idle(page);
  await page.waitForFunction(() => document.getElementById('results').dataset.fen === '1c1c/4/4/2m1 m');
  await eventually(async () => assert.equal(await page.locator('#results').isVisible(), true));
  await eventually(async () => assert.equal(await page.locator('#results-toggle').isDisabled(), true));
  await eventually(async () =>
    assert.equal(
      await page.locator('#results .verdict').innerText(),
      'This position: cats win in 8 plies (4 moves) with best play.',
    ),
  );
  await eventually(async () => assert.equal(await page.locator('#results .res').count(), 2));
});

test('how the computer thinks: minimax tree, alpha-beta, node counts, evaluation, history, table', async () => {
  await newGame(page, { size: '8', seat: 'mouse', level: '3' });
  await page.locator('#think-box summary').click();
  await page.getByLabel('Tree depth').selectOption('3');
  await page.getByRole('button', { name: 'Show the search' }).click();
  await page.waitForFunction(
    () =>
      /depth 3/.test(document.getElementById('think').textContent) &&
      document.querySelectorAll('#think h3').length >= 5,
  );
  const text = await page.locator('#think').innerText();
  assert.match(text, /Best move e1d2, backed-up value -565, 73 boards\./);
  assert.match(text, /The same search with alpha-beta pruning: 73 boards, 10 branches cut/);
  // the trees are drawn after the words: wait for them (a busy machine draws them late)
  await page.waitForFunction(
    () =>
      document.querySelectorAll('#think-alphabeta svg g.n').length > 0 &&
      document.querySelectorAll('#think-minimax [role="treeitem"]').length > 0,
  );
  await eventually(async () =>
    assert.equal(await page.locator('#think [role="treeitem"][data-state="cut"]').count(), 10),
  );
  await eventually(async () => assert.equal(await page.locator('#think-minimax [role="treeitem"]').count(), 73));
  await eventually(async () => assert.equal(await page.locator('#think-alphabeta svg g.n.cut').count(), 10));
  assert.match(text, /mouse_room/);
  assert.match(text, /total\s+-718/);
  assert.match(text, /minimax\s+73/);
  assert.match(text, /alpha-beta\s+63/);
  assert.match(text, /\+deepening|\+iterative deepening/);
  assert.match(text, /\+history\s+39/);
  assert.match(text, /capacity\s+65,536/);
  assert.match(text, /filled\s+11 \(0\.02%\)/);
  await eventually(async () => assert.ok((await page.locator('#think table.heat td').count()) > 0));
  await page.locator('#think-box').screenshot({ path: screenshotPath('desktop-think') });
});
