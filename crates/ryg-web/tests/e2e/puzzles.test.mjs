// End-to-end test of the Puzzles section: the puzzle nearest a new visitor's rating is shown;
// a wrong move is refused with the tablebase's reason and lowers the rating; the next puzzle
// is solved by clicking (the computer answering from the solution line) and raises it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, sq, useServerAndBrowser, eventually } from './harness.mjs';
import { afterPuzzle, nextPuzzle, FIRST_RATING } from '../../assets/js/puzzledata.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function get(path) {
  const res = await fetch(new URL(path, server.url));
  assert.ok(res.ok, path);
  return res.json();
}

const plies = (n) =>
  `${n} ${n === 1 ? 'ply' : 'plies'} (${Math.ceil(n / 2)} ${Math.ceil(n / 2) === 1 ? 'move' : 'moves'})`;
const shown = (p) => p.evaluate(() => document.getElementById('puzzles-view').dataset.puzzle);

/** Clicks move `mv` on the puzzle board once the solver's pieces can be chosen. */
async function click(p, mv) {
  await p.waitForFunction(() => document.querySelectorAll('#pz-board .sq.movable').length > 0);
  const [from, to] = [mv.slice(0, 2), mv.slice(2)];
  await sq(p, from).click();
  await sq(p, to).click();
}

test('puzzles: a wrong move is refused with the reason, a puzzle is solved by clicking, the rating changes', async () => {
  const set = (await get('/api/puzzles?size=8')).puzzles;
  assert.equal(set.length, 120);
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await p.goto(`${server.url}#puzzles`);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  // a new visitor (1500) gets the puzzle nearest 1500
  const first = nextPuzzle(set, 1500, new Set());
  await eventually(async () => assert.equal(await shown(p), first.id));
  const who = first.side === 'mouse' ? 'The mouse to play and win' : 'The cats to play and win';
  await eventually(async () => assert.match(await p.locator('#pz-prompt').innerText(), new RegExp(`^${who}`)));
  await eventually(async () =>
    assert.match(await p.locator('#pz-rating').innerText(), /^Your puzzle rating: 1500 ± 350 \(0 solved, 0 missed\)$/),
  );
  // a losing move: refused, the tablebase's result after it given, the piece where it was
  const s = await get(`/api/solve?fen=${encodeURIComponent(first.fen)}`);
  const wrong = s.moves.find((m) => m.winner !== first.side);
  await click(p, wrong.move);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'refused');
  const r1 = afterPuzzle(FIRST_RATING, first.rating, false);
  const winner = wrong.winner === 'mouse' ? 'mouse wins' : 'cats win';
  await eventually(async () =>
    assert.equal(
      await p.locator('#pz-verdict').innerText(),
      `Not ${wrong.move}: after it, ${winner} in ${plies(wrong.plies)}. Try another move. Rating 1500 → ${Math.round(r1.rating)}.`,
    ),
  );
  assert.ok(Math.round(r1.rating) < 1500);
  await eventually(async () =>
    assert.equal(
      await p.locator(`#pz-board [data-sq="${wrong.move.slice(0, 2)}"] .piece`).count(),
      1,
      'the move was not played',
    ),
  );
  await eventually(async () =>
    assert.match(
      await p.locator('#pz-rating').innerText(),
      new RegExp(`^Your puzzle rating: ${Math.round(r1.rating)} ± ${Math.round(r1.rd)} \\(0 solved, 1 missed\\)$`),
    ),
  );
  await axeScan(p, 'puzzles refused', true);
  // the next puzzle, solved by clicking every solver move of its line
  await p.getByRole('button', { name: 'Next puzzle' }).click();
  const second = nextPuzzle(set, r1.rating, new Set([first.id]));
  await p.waitForFunction((id) => document.getElementById('puzzles-view').dataset.puzzle === id, second.id);
  for (let i = 0; i < second.line.length; i += 2) {
    await click(p, second.line[i]);
    // the computer's answer lands on the board before the next move is asked for
    if (i + 1 < second.line.length)
      await p.waitForFunction(
        (to) => !!document.querySelector(`#pz-board [data-sq="${to}"] .piece`),
        second.line[i + 1].slice(2),
      );
  }
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'solved');
  const r2 = afterPuzzle(r1, second.rating, true);
  await eventually(async () =>
    assert.match(
      await p.locator('#pz-verdict').innerText(),
      new RegExp(`^Solved! The win is clear now: .* Rating ${Math.round(r1.rating)} → ${Math.round(r2.rating)}\\.$`),
    ),
  );
  assert.ok(r2.rating > r1.rating);
  await eventually(async () =>
    assert.match(
      await p.locator('#pz-rating').innerText(),
      new RegExp(`^Your puzzle rating: ${Math.round(r2.rating)} ± ${Math.round(r2.rd)} \\(1 solved, 1 missed\\)$`),
    ),
  );
  await screenshot(p, 'puzzles-desktop');
  await axeScan(p, 'puzzles solved', true);
  // kept in the browser: a reload shows the same rating
  await p.reload();
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  await eventually(async () =>
    assert.match(
      await p.locator('#pz-rating').innerText(),
      new RegExp(`^Your puzzle rating: ${Math.round(r2.rating)} `),
    ),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('puzzles in Spanish on a phone: the daily puzzle, axe-clean', async () => {
  const daily = await get('/api/puzzles/daily?day=20783');
  assert.equal(daily.date, '2026-11-26');
  const p = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  await p.goto(`${server.url}#puzzles`);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  await p.getByRole('button', { name: 'Problema del día' }).click();
  await p.waitForFunction(() =>
    /Problema del día, \d{4}-\d\d-\d\d/.test(document.getElementById('pz-meta').textContent),
  );
  await eventually(async () =>
    assert.match(await p.locator('#pz-prompt').innerText(), /^(Juega el ratón y gana|Juegan los gatos y ganan)/),
  );
  await screenshot(p, 'puzzles-phone-es');
  await axeScan(p, 'puzzles phone es', true);
  // Back to the game leaves the section
  await p.getByRole('link', { name: 'Volver a la partida' }).click();
  await p.waitForFunction(
    () => !document.body.classList.contains('puzzling') && document.body.dataset.busy === 'false',
  );
  await eventually(async () => assert.equal(await p.locator('#puzzles-view').isHidden(), true));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

const verdict = (p) => p.locator('#pz-verdict').innerText();
const said = (n) => `${n === 1 ? 'ply' : 'plies'}`;

/** A wrong move of puzzle `pz` (one that loses, as the tablebase says). */
async function wrongMove(pz) {
  const s = await get(`/api/solve?fen=${encodeURIComponent(pz.fen)}`);
  return s.moves.find((m) => m.winner !== pz.side).move;
}

test('puzzles: after a miss, "View the solution" plays the winning line out; the history keeps the puzzle', async () => {
  const set = (await get('/api/puzzles?size=8')).puzzles;
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await p.goto(`${server.url}#puzzles`);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  const pz = set.find((x) => x.id === nextPuzzle(set, 1500, new Set()).id);
  await eventually(async () =>
    assert.equal(await p.locator('#pz-solution').isHidden(), true, 'no solution offered before a miss'),
  );
  await click(p, await wrongMove(pz));
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'refused');
  await p.getByRole('button', { name: 'View the solution' }).click();
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'shown', null, {
    timeout: 15000,
  });
  const rest = pz.plies - pz.line.length;
  const winner = pz.winner === 'mouse' ? 'mouse wins' : 'cats win';
  await eventually(async () =>
    assert.equal(
      await verdict(p),
      `The solution: ${pz.line.join(' ')}. Then ${rest === 0 ? `the ${pz.winner === 'mouse' ? 'mouse has' : 'cats have'} won` : `${winner} in ${rest} ${said(rest)} (${Math.ceil(rest / 2)} ${Math.ceil(rest / 2) === 1 ? 'move' : 'moves'})`} with perfect play.`,
    ),
  );
  // the board shows the line played out: its last move's piece where it went
  const last = pz.line[pz.line.length - 1];
  await eventually(async () =>
    assert.equal(await p.locator(`#pz-board [data-sq="${last.slice(2)}"] .piece`).count(), 1),
  );
  await eventually(async () =>
    assert.equal(await p.locator(`#pz-board [data-sq="${last.slice(0, 2)}"] .piece`).count(), 0),
  );
  await eventually(async () => assert.equal(await p.locator('#pz-solution').isHidden(), true));
  await eventually(async () => assert.equal(await p.locator('#pz-board .sq.movable').count(), 0, 'the puzzle is over'));
  // the history: this puzzle, missed
  await p.locator('#pz-history > summary').click();
  await eventually(async () =>
    assert.equal(await p.locator('#pz-history > summary').innerText(), 'Puzzles you played (1)'),
  );
  await eventually(async () =>
    assert.match(await p.locator('#pz-history-list li').first().innerText(), new RegExp(`^${pz.id} · .* · missed · `)),
  );
  await screenshot(p, 'puzzles-solution-desktop-en');
  await axeScan(p, 'puzzles solution', true);
  // played again from the history: the same puzzle, the rating left alone
  const rating = await p.locator('#pz-rating').innerText();
  await p.getByRole('button', { name: `Play again: puzzle ${pz.id}` }).click();
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'playing');
  await eventually(async () => assert.equal(await shown(p), pz.id));
  await eventually(async () => assert.match(await verdict(p), /Played again: the rating does not change\.$/));
  for (let i = 0; i < pz.line.length; i += 2) {
    await click(p, pz.line[i]);
    if (i + 1 < pz.line.length)
      await p.waitForFunction(
        (to) => !!document.querySelector(`#pz-board [data-sq="${to}"] .piece`),
        pz.line[i + 1].slice(2),
      );
  }
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'solved');
  await eventually(async () => assert.equal(await p.locator('#pz-rating').innerText(), rating));
  await eventually(async () =>
    assert.match(await p.locator('#pz-history-list li').first().innerText(), new RegExp(`^${pz.id} · .* · solved · `)),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("puzzles by theme: the choice lists the engine's themes with their counts; a chosen theme's puzzles only", async () => {
  const { themeCounts, withTheme } = await import('../../assets/js/puzzledata.js');
  const set = (await get('/api/puzzles?size=8')).puzzles;
  const p = await newPage(browser, { viewport: { width: 1366, height: 768 } });
  await p.goto(`${server.url}#puzzles`);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  const counts = themeCounts(set);
  assert.ok(counts.length >= 2, JSON.stringify(counts));
  const labels = {
    breakthrough: 'breakthrough',
    trap: 'trap',
    tempo: 'tempo',
    'only-cat-move': 'the only cat move',
    'long-line': 'long line',
  };
  await eventually(async () =>
    assert.deepEqual(await p.locator('#pz-theme option').allInnerTexts(), [
      'any theme',
      ...counts.map((c) => `${labels[c.theme]} (${c.n})`),
    ]),
  );
  for (const { theme } of counts.slice(0, 2)) {
    const was = await shown(p);
    await p.locator('#pz-theme').selectOption(theme);
    const want = nextPuzzle(withTheme(set, theme), 1500, new Set());
    if (want.id !== was)
      await p.waitForFunction((id) => document.getElementById('puzzles-view').dataset.puzzle === id, want.id);
    assert.ok(set.find((x) => x.id === want.id).themes.includes(theme));
    await eventually(async () => assert.match(await p.locator('#pz-meta').innerText(), new RegExp(labels[theme])));
  }
  await axeScan(p, 'puzzles theme', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('puzzles in Spanish on a phone: a streak of the «acorralar» theme, harder each time, ended by a miss; the history after a reload', async () => {
  const { withTheme, streakNext, themeCounts } = await import('../../assets/js/puzzledata.js');
  const set = (await get('/api/puzzles?size=8')).puzzles;
  const theme = themeCounts(set).sort((a, b) => b.n - a.n)[0].theme;
  const chosen = withTheme(set, theme);
  const p = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  await p.goto(`${server.url}#puzzles`);
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  await p.locator('#pz-mode').selectOption('streak');
  await p.locator('#pz-theme').selectOption(theme);
  const first = streakNext(chosen, 0, new Set(), new Set());
  await p.waitForFunction(
    (id) =>
      document.getElementById('puzzles-view').dataset.puzzle === id &&
      document.getElementById('puzzles-view').dataset.state === 'playing',
    first.id,
  );
  await eventually(async () =>
    assert.equal(await p.locator('#pz-streak').innerText(), 'Racha: 0 resueltos sin fallar · récord 0'),
  );
  await eventually(async () =>
    assert.match(await p.locator('#pz-streak-note').innerText(), /^Racha: un problema tras otro/),
  );
  const before = await p.locator('#pz-rating').innerText();
  for (let i = 0; i < first.line.length; i += 2) {
    await click(p, first.line[i]);
    if (i + 1 < first.line.length)
      await p.waitForFunction(
        (to) => !!document.querySelector(`#pz-board [data-sq="${to}"] .piece`),
        first.line[i + 1].slice(2),
      );
  }
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'solved');
  await eventually(async () =>
    assert.equal(await p.locator('#pz-streak').innerText(), 'Racha: 1 resuelto sin fallar · récord 1'),
  );
  await eventually(async () =>
    assert.equal(await p.locator('#pz-rating').innerText(), before, 'a streak leaves the rating alone'),
  );
  // the next one is as hard or harder
  await p.getByRole('button', { name: 'Siguiente problema' }).click();
  const second = streakNext(chosen, first.rating, new Set([first.id]), new Set([first.id]));
  await p.waitForFunction((id) => document.getElementById('puzzles-view').dataset.puzzle === id, second.id);
  assert.ok(second.rating >= first.rating);
  await click(p, await wrongMove(second));
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'refused');
  await eventually(async () => assert.match(await verdict(p), /La racha ha terminado: 1 resuelto sin fallar\.$/));
  await eventually(async () => assert.equal(await p.getByRole('button', { name: 'Nueva racha' }).isVisible(), true));
  await eventually(async () =>
    assert.equal(await p.getByRole('button', { name: 'Ver la solución' }).isVisible(), true),
  );
  await p.locator('#pz-history > summary').click();
  await p.locator('#pz-history').scrollIntoViewIfNeeded();
  await screenshot(p, 'puzzles-streak-phone-es');
  await axeScan(p, 'puzzles streak es', true);
  // kept in the browser: the history and the best streak after a reload
  await p.reload();
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  await eventually(async () =>
    assert.equal(await p.locator('#pz-history > summary').innerText(), 'Problemas que has jugado (2)'),
  );
  const entries = await p.locator('#pz-history-list li > span').allTextContents();
  assert.match(entries[0], new RegExp(`^${second.id} · .* · fallado · `));
  assert.match(entries[1], new RegExp(`^${first.id} · .* · resuelto · `));
  await p.locator('#pz-mode').selectOption('streak');
  await p.waitForFunction(() => /récord 1$/.test(document.getElementById('pz-streak').textContent));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
