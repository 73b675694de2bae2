// End-to-end tests of the Learn section's lessons on what the engine does (the techniques,
// perfect play, the board and the moves, the evaluation function), in English and Spanish: their
// numbers checked against the command line, their tasks solved, axe-core clean (learn.test.mjs
// has the tree lessons).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  newPage,
  screenshot,
  screenshotPath,
  axeScan,
  rygBinary,
  useServerAndBrowser,
  evaluationReady,
  eventually,
} from './harness.mjs';

const START = '1c1c1c1c/8/8/8/8/8/8/4m3 m';
let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

function cliNodes(fen, depth, off) {
  const args = [
    'analyze',
    '--json',
    '--depth',
    String(depth),
    '--eval',
    'seed',
    '--fen',
    fen,
    ...off.map((s) => `--no-${s}`),
  ];
  return JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' })).nodes;
}

/** RYG3's count (the search routine's calls, all iterations) of one of the articles' engines. */
function cliInterior(fen, depth, engine) {
  const args = ['analyze', '--json', '--depth', String(depth), '--engine', engine, '--fen', fen];
  return JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' })).interior_nodes;
}

async function techniquesReady(p) {
  await p.waitForFunction(
    () =>
      document.getElementById('tq-out')?.dataset.busy === 'false' &&
      !document.getElementById('tq-summary').textContent.endsWith('…'),
  );
}

test('techniques: nodes per depth as the command line counts them, switches, tables, the C64 beside ryg, the task', async () => {
  const E1F2 = '1c1c1c1c/8/8/8/8/8/5m2/8 c';
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/5`);
  await p.getByRole('heading', { name: 'Iterative deepening, hash tables, move ordering, history tables' }).waitFor();
  await techniquesReady(p);
  // every technique on: depth by depth, the numbers of `ryg analyze --depth D`
  const cells = await p
    .locator('table.depths tbody tr')
    .evaluateAll((trs) => trs.slice(0, 8).map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(cells.length, 8);
  for (const d of [1, 5, 8]) {
    assert.equal(cells[d - 1][1].replace(/,/g, ''), String(cliNodes(E1F2, d, [])), `depth ${d} with every technique`);
    assert.equal(
      cells[d - 1][2].replace(/,/g, ''),
      String(cliNodes(E1F2, d, ['tt', 'ordering', 'history', 'id'])),
      `depth ${d} plain`,
    );
  }
  await eventually(async () => assert.equal(await p.locator('.chart .dot.on').count(), 8));
  await eventually(async () => assert.match(await p.locator('dl.tt').innerText(), /hits \/ probes/));
  await eventually(async () =>
    assert.ok((await p.locator('table.heat td[data-heat]').count()) > 0, 'the history table has cells'),
  );
  // the article's figures beside ryg's RYG3 v9 and v10, counted as RYG3 counted
  await p.locator('[data-ryg="ordered"]').waitFor();
  const [plain, ordered] = [cliInterior(E1F2, 8, 'ryg3-v9'), cliInterior(E1F2, 8, 'ryg3-v10')];
  await eventually(async () =>
    assert.equal((await p.locator('[data-ryg="plain"]').innerText()).replace(/,/g, ''), String(plain)),
  );
  await eventually(async () =>
    assert.equal((await p.locator('[data-ryg="ordered"]').innerText()).replace(/,/g, ''), String(ordered)),
  );
  assert.equal(plain, 8015);
  await eventually(async () =>
    assert.match(
      await p.locator('.c64').innerText(),
      /17,717[\s\S]*10,744[\s\S]*«un 40% menos» \(39% by the two counts above\)\s+48% fewer[\s\S]*every board counted \(ryg's count\)\s+— \(the article gives none\)\s+\d+% fewer/,
    ),
  );
  // version 11 beside them, the four moves tied at −13 and which one each version keeps, and
  // version 11's history as it keeps it: capped at 255
  await p.waitForFunction(() => document.getElementById('tq-c64').dataset.busy === 'false');
  const history = cliInterior(E1F2, 8, 'ryg3-v11');
  await eventually(async () =>
    assert.equal((await p.locator('[data-ryg="history"]').innerText()).replace(/,/g, ''), String(history)),
  );
  await eventually(async () =>
    assert.deepEqual(await p.locator('.tq-tie tr.tied th').allInnerTexts(), ['b8a7', 'd8c7', 'f8e7', 'h8g7']),
  );
  await eventually(async () =>
    assert.deepEqual(await p.locator('.tq-tie tr.tied td:nth-child(2)').allInnerTexts(), ['-13', '-13', '-13', '-13']),
  );
  await eventually(async () => assert.match(await p.locator('.tq-tie tr[data-move="h8g7"]').innerText(), /version 9$/));
  await eventually(async () =>
    assert.match(await p.locator('.tq-tie tr[data-move="b8a7"]').innerText(), /versions 10 and 11$/),
  );
  await eventually(async () =>
    assert.match(
      await p.locator('#tq-tie').innerText(),
      /^4 cat moves tie at -13: b8a7, d8c7, f8e7, h8g7\. [\s\S]*ryg's reading/,
    ),
  );
  const v11 = (await p.locator('#tq-c64 table.heat td').allInnerTexts())
    .filter(Boolean)
    .map((x) => Number(x.replace(/,/g, '')));
  assert.ok(v11.length > 0 && Math.max(...v11) <= 255, `v11's history: ${v11}`);
  // the article's moves beside ryg's: version 9 H8G7, version 10 B8A7, both reproduced
  await eventually(async () => assert.equal(await p.locator('[data-ryg="move-v9"]').innerText(), 'h8g7'));
  await eventually(async () => assert.equal(await p.locator('[data-ryg="move-v10"]').innerText(), 'b8a7'));
  await eventually(async () =>
    assert.match(
      await p.locator('.c64').innerText(),
      /«menos de minuto y medio»[\s\S]*at least 119 \(10,744 nodes in under 90 s\)/,
    ),
  );
  await eventually(async () => assert.match(await p.locator('[data-ryg="speed"]').innerText(), /^\d{1,3}(,\d{3})*$/));
  // the task: with iterative deepening, depth 8 costs more than a tenth of the C64's nodes
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#tq-verdict').getAttribute('data-right'), 'false'));
  await p.getByLabel('iterative deepening', { exact: true }).uncheck();
  await techniquesReady(p);
  await eventually(async () => assert.equal(await p.locator('dl.tt').count(), 1));
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#tq-verdict').getAttribute('data-right'), 'true'));
  const took = cliNodes(E1F2, 8, ['id']).toLocaleString('en');
  await eventually(async () =>
    assert.match(await p.locator('#tq-verdict').innerText(), new RegExp(`Depth 8 took ${took} nodes`)),
  );
  await p.locator('#tq-summary').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(p, 'learn-techniques');
  // the table off: no table figures; history off: no heat map
  await p.getByLabel('hash table', { exact: true }).uncheck();
  await techniquesReady(p);
  await eventually(async () => assert.match(await p.locator('#tq-out').innerText(), /The hash table is switched off/));
  await p.getByLabel('history tables', { exact: true }).uncheck();
  await techniquesReady(p);
  await eventually(async () => assert.equal(await p.locator('#tq-out table.heat').count(), 0));
  await axeScan(p, 'techniques lesson', true);
  await p.locator('#lang').selectOption('es');
  await p
    .getByRole('heading', {
      name: 'Profundización iterativa, tablas hash, ordenación de movimientos, tablas de historia',
    })
    .waitFor();
  await techniquesReady(p);
  // the C64's figures in Spanish, the Spanish way: 17.717, «un 40% menos», un 48 % menos
  await p.locator('[data-ryg="speed"]').waitFor();
  const c64 = await p.locator('.c64').innerText();
  assert.match(
    c64,
    /17\.717[\s\S]*10\.744[\s\S]*«un 40% menos» \(39\u00a0% según las dos cifras de arriba\)\s+un 48\u00a0% menos/,
  );
  await p.waitForFunction(() =>
    /^Empatan 4 jugadas de los gatos a \u221213: b8a7, d8c7, f8e7, h8g7\./.test(
      document.getElementById('tq-tie')?.textContent ?? '',
    ),
  );
  assert.match(c64, /jugada de la versión 9\s+H8G7\s+h8g7[\s\S]*jugada de la versión 10\s+B8A7\s+b8a7/);
  assert.match(c64, /al menos 119 \(10\.744 nodos en menos de 90 s\)/);
  await eventually(async () =>
    assert.doesNotMatch(await p.locator('#lesson').innerText(), /\d,\d{3}(?!\d)|\d\.\d{1,2} ms/),
  );
  await p.locator('.c64').scrollIntoViewIfNeeded();
  await p.screenshot({ path: screenshotPath('learn-techniques-c64-es'), fullPage: true });
  await axeScan(p, 'techniques lesson es', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('perfect play: the 4×4 table filled backwards as the engine builds it, the exact explorer, the only winning move', async () => {
  const stats = JSON.parse(
    execFileSync(rygBinary(), ['solve', '--stats', '--size', '4', '--json'], { encoding: 'utf8' }),
  );
  const mouse = stats.mouse_to_move.mouse_wins + stats.cats_to_move.mouse_wins;
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/6`);
  await p.getByRole('heading', { name: 'Perfect play' }).waitFor();
  await p.locator('#pf-grid svg').waitFor();
  await eventually(async () =>
    assert.equal(
      await p.locator('#pf-summary').innerText(),
      `${stats.positions} positions in 28 configurations of the cats: the mouse wins ${mouse}, the cats win ${stats.positions - mouse}.`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#pf-grid g.pf').count(), stats.positions));
  await eventually(async () => assert.equal(await p.locator('#pf-grid g.done').count(), 0));
  // the first configuration solved is the cats' most advanced: both on the first rank
  await p.getByRole('button', { name: 'Next step' }).click();
  await eventually(async () =>
    assert.match(
      await p.locator('#pf-step').innerText(),
      new RegExp(`^Configuration 1 of 28 \\(cats on a1 c1\\) solved: 12 of ${stats.positions} positions known\\.`),
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#pf-grid g.done').count(), 12));
  await eventually(async () => assert.equal(await p.locator('#pf-table tbody tr').count(), 1));
  await p.getByRole('button', { name: 'To the end' }).click();
  await eventually(async () => assert.equal(await p.locator('#pf-grid g.done').count(), stats.positions));
  await eventually(async () => assert.equal(await p.locator('#pf-grid g.done.mouse').count(), mouse));
  await p.locator('#pf-step').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(p, 'learn-perfect');
  // the explorer: the start, as `ryg solve` says, then a move followed
  const start = JSON.parse(
    execFileSync(rygBinary(), ['solve', '--json', '--fen', '1c1c/4/4/2m1 m'], { encoding: 'utf8' }),
  );
  await p.locator('#pf-moves button').first().waitFor();
  await eventually(async () =>
    assert.equal(
      await p.locator('#pf-result').innerText(),
      `1c1c/4/4/2m1 m: the cats win in ${start.plies} plies (${Math.ceil(start.plies / 2)} moves).`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#pf-moves button').count(), start.moves.length));
  await p.locator('#pf-moves button').first().click();
  await p.waitForFunction(() => !document.getElementById('pf-result').textContent.startsWith('1c1c/4/4/2m1 m'));
  const next = (await p.locator('#pf-result').innerText()).split(':')[0];
  const cli = JSON.parse(execFileSync(rygBinary(), ['solve', '--json', '--fen', next], { encoding: 'utf8' }));
  await eventually(async () =>
    assert.match(await p.locator('#pf-result').innerText(), new RegExp(`in ${cli.plies} plies`)),
  );
  // the task: the only move that keeps the win
  await p.locator('#pf-answer option').first().waitFor({ state: 'attached' });
  const fen = (await p.locator('#pf-task-text').innerText()).match(/^In (.+), only one move/)[1];
  const puzzle = JSON.parse(execFileSync(rygBinary(), ['solve', '--json', '--fen', fen], { encoding: 'utf8' }));
  const keeping = puzzle.moves.filter((m) => m.winner === puzzle.winner);
  assert.equal(keeping.length, 1);
  assert.ok(puzzle.moves.length >= 2);
  const wrong = puzzle.moves.find((m) => m.winner !== puzzle.winner).move;
  // no answer chosen, and the explorer (which shows it) offered only after a first try
  await eventually(async () => assert.equal(await p.locator('#pf-answer').inputValue(), ''));
  await eventually(async () => assert.equal(await p.locator('#pf-open').isHidden(), true));
  await p.locator('#pf-answer').selectOption(wrong);
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#pf-verdict').getAttribute('data-right'), 'false'));
  await eventually(async () =>
    assert.equal(await p.getByRole('button', { name: 'Show it in the explorer' }).isVisible(), true),
  );
  await p.locator('#pf-answer').selectOption(keeping[0].move);
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#pf-verdict').getAttribute('data-right'), 'true'));
  await axeScan(p, 'perfect play lesson', true);
  await p.locator('#lang').selectOption('es');
  await p.getByRole('heading', { name: 'El juego perfecto' }).waitFor();
  await p.locator('#pf-grid svg').waitFor();
  await axeScan(p, 'perfect play lesson es', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("the board and the moves: a piece's moves from bit operations, perft as the command line counts, the task", async () => {
  const AFTER = '1c1c1c1c/8/8/8/8/8/3m4/8 c';
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/1`);
  await p.getByRole('heading', { name: 'The board and the moves' }).waitFor();
  await p.waitForFunction(() => document.getElementById('bd-perft').dataset.busy === 'false');
  const perft = (d, fen) =>
    Number(execFileSync(rygBinary(), ['perft', String(d), '--fen', fen], { encoding: 'utf8' }).match(/nodes (\d+)/)[1]);
  const rows = await p
    .locator('#bd-perft tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.children[1].textContent.replace(/,/g, '')));
  assert.equal(rows.length, 8);
  assert.deepEqual(
    rows.map(Number),
    [1, 2, 3, 4, 5, 6, 7, 8].map((d) => perft(d, START)),
  );
  // RYG's 85 bytes beside ryg's bits: the start as RYG kept it, the mirror image of ryg's board —
  // the matrix from offset 21, the cats on row 0, the mouse on (7, 3) (offset 80), as article 001
  // and «RYG: procedimiento minimax» have them; ryg's cats set is the engine's
  await p.locator('.rm-ryg').waitFor();
  await eventually(async () => assert.equal(await p.locator('.rm-ryg').getAttribute('data-bytes'), '85'));
  const rygRow = async (r) => p.locator(`.rm-ryg tr[data-row="${r}"]`).innerText();
  await eventually(async () => assert.match(await rygRow(0), /^21–28\s+matrix, row 0\s+FF 00 FF 00 FF 00 FF 00$/));
  await eventually(async () => assert.match(await rygRow(7), /^77–84\s+matrix, row 7\s+00 00 00 01 00 00 00 00$/));
  await eventually(async () =>
    assert.match(await p.locator('.rm-bits tr[data-bits="cats"]').innerText(), /0x[0-9a-f]{16}\s+b8 d8 f8 h8$/),
  );
  await eventually(async () => assert.match(await p.locator('.rm-bits tr[data-bits="mouse"]').innerText(), /\s+e1$/));
  // the articles' routines, each with its ryg function and source file
  // (routines.js, the one table of this lesson and docs/engine.md: every row of it)
  const { ROUTINES } = await import('../../assets/js/learn/routines.js');
  await p.waitForFunction((n) => document.querySelectorAll('.rt-table tr[data-routine]').length === n, ROUTINES.length);
  await p.waitForFunction(() =>
    /dameOffset[\s\S]*Square::from_coords\s+crates\/ryg\/src\/square\.rs/.test(
      document.querySelector('.rt-table tr[data-routine="coords"]').innerText,
    ),
  );
  await p.waitForFunction(() =>
    /desarrollaUnNivel[\s\S]*Tree::build_with/.test(
      document.querySelector('.rt-table tr[data-routine="build"]').innerText,
    ),
  );
  await eventually(async () =>
    assert.match(
      await p.locator('.rt-table tr[data-routine="sort"]').innerText(),
      /sort\s+shift[\s\S]*«Ordenación de movimientos»[\s\S]*order_by_hash_score[\s\S]*crates\/ryg\/src\/search\/ordering\.rs/,
    ),
  );
  // the mouse on e1: up is two squares, down none, and both are empty
  await p.getByRole('button', { name: /^e1 / }).click();
  await p.locator('.bd-ops').waitFor();
  await eventually(async () => assert.equal(await p.locator('#bd-hint').innerText(), 'The mouse on e1: 2 moves.'));
  await eventually(async () =>
    assert.equal(await p.locator('.bd-ops tr[data-op="targets"] td').last().innerText(), 'd2 f2'),
  );
  await eventually(async () =>
    assert.match(await p.locator('.bd-ops tr[data-op="piece"] th').innerText(), /^piece = 1 << \d+$/),
  );
  // after e1d2: each cat's moves are the command line's
  await p.locator('#bd-pos').selectOption('e1d2');
  await p.waitForFunction(() => document.getElementById('bd-perft').dataset.busy === 'false');
  const cli = JSON.parse(execFileSync(rygBinary(), ['moves', '--json', '--fen', AFTER], { encoding: 'utf8' })).moves;
  let total = 0;
  for (const cat of ['b8', 'd8', 'f8', 'h8']) {
    await p.getByRole('button', { name: new RegExp(`^${cat} `) }).click();
    await p.waitForFunction((c) => document.getElementById('bd-hint').textContent.includes(` ${c}:`), cat);
    const shown = (await p.locator('.bd-ops tr[data-op="targets"] td').last().innerText()).split(' ');
    assert.deepEqual(
      shown,
      cli.filter((m) => m.startsWith(cat)).map((m) => m.slice(2)),
      cat,
    );
    await eventually(async () =>
      assert.equal(await p.locator('.bd-ops tr[data-op="up"]').count(), 0, 'a cat has no up step'),
    );
    total += shown.length;
  }
  assert.equal(total, cli.length);
  await eventually(async () => assert.equal(await p.locator('#bd-hint').innerText(), 'The cat on h8: 1 move.'));
  await screenshot(p, 'learn-board');
  await p.locator('#bd-answer').fill(String(total + 1));
  await p.getByRole('button', { name: 'Check' }).click();
  await p.waitForFunction(() => document.getElementById('bd-verdict').dataset.right === 'false');
  await p.locator('#bd-answer').fill(String(total));
  await p.getByRole('button', { name: 'Check' }).click();
  await p.waitForFunction(() => document.getElementById('bd-verdict').dataset.right === 'true');
  assert.equal(total, perft(1, AFTER));
  await axeScan(p, 'board lesson', true);
  await p.locator('#lang').selectOption('es');
  await p.getByRole('heading', { name: 'El tablero y las jugadas' }).waitFor();
  await p.waitForFunction(() => document.getElementById('bd-perft').dataset.busy === 'false');
  // Spanish numbers: 8.015 nodes, 0,123 ms — never 8,015 or 0.123
  const esCells = await p
    .locator('#bd-perft tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.children[1].textContent, tr.children[2].textContent]));
  for (const [nodes, ms] of esCells) {
    assert.match(nodes, /^\d{1,4}$|^\d{1,3}(\.\d{3})+$/, nodes);
    assert.match(ms, /^\d+,\d{3}$/, ms);
  }
  await p.locator('.rm-ryg').waitFor();
  await eventually(async () =>
    assert.match(
      await p.locator('.rm-ryg tr[data-row="7"]').innerText(),
      /^77–84\s+matriz, fila 7\s+00 00 00 01 00 00 00 00$/,
    ),
  );
  await p.screenshot({ path: screenshotPath('learn-board-memory-es'), fullPage: true });
  await axeScan(p, 'board lesson es', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("the evaluation function: both evaluations' weights, sliders that change the move as the engine does, wins kept, the task", async () => {
  const PUZZLE = '7c/8/3c4/c3c3/8/2m5/8/8 m';
  const cli = (args) => JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' }));
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/3`);
  await p.getByRole('heading', { name: 'The evaluation function' }).waitFor();
  await evaluationReady(p);
  // the two evaluations' own weights, as `ryg eval` prints them
  for (const kind of ['seed', 'default']) {
    const weights = cli(['eval', '--json', '--eval', kind, '--fen', PUZZLE]).terms.map((x) =>
      x.weight.toLocaleString('en'),
    );
    const shown = await p
      .locator(`.ev-table[data-kind="${kind}"] tbody tr`)
      .evaluateAll((trs) => trs.map((tr) => tr.lastElementChild.textContent));
    assert.deepEqual(shown, weights, kind);
  }
  // the original's weights at depth 3: the move and score of `ryg analyze --depth 3 --eval seed`
  const seed3 = cli(['analyze', '--json', '--depth', '3', '--eval', 'seed', '--fen', PUZZLE]);
  assert.equal(seed3.best_move, 'c3b4');
  await eventually(async () =>
    assert.equal(
      await p.locator('#ev-summary').innerText(),
      `With the original's terms and their own weights, a search of depth 3 plays c3b4 (score ${seed3.score}, ${seed3.nodes} nodes). The tablebase says this move throws the result away.`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('input[type="range"]').count(), 3));
  // every move, and the tablebase's verdict on each (`ryg solve`)
  const solve = cli(['solve', '--json', '--fen', PUZZLE]);
  const rows = await p
    .locator('.ev-moves tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.dataset.move, tr.lastElementChild.textContent]));
  assert.deepEqual(
    rows,
    solve.moves.map((m) => [m.move, m.winner === solve.winner ? 'keeps the win' : 'loses']),
  );
  const seedTotal = String(cli(['eval', '--json', '--eval', 'seed', '--fen', PUZZLE]).total);
  await eventually(async () => assert.equal(await p.locator('.ev-terms tr.total td').last().innerText(), seedTotal));
  // the share kept: the original's own weights are "these weights"; ryg's keep more
  const kept = async (row) =>
    Number(
      (await p.locator(`.ev-keep tr[data-row="${row}"] td`).first().innerText()).split(' / ')[0].replace(/,/g, ''),
    );
  await eventually(async () => assert.equal(await kept('these'), await kept('seed')));
  await eventually(async () => assert.ok((await kept('default')) > (await kept('seed'))));
  // the task: the original's weights lose the win
  await p.getByRole('button', { name: 'Check' }).click();
  await p.waitForFunction(() => document.getElementById('ev-verdict').dataset.right === 'false');
  await eventually(async () => assert.match(await p.locator('#ev-verdict').innerText(), /still plays c3b4/));
  // the mouse's mobility weighed above its row: the engine now plays c3d4, and keeps the win
  await p.getByLabel("mouse's mobility").fill('2');
  await p.waitForFunction(() => document.getElementById('ev-summary').textContent.includes('your weights'));
  await evaluationReady(p);
  const api = await p.evaluate(
    async (fen) => (await fetch(`/api/weights?fen=${encodeURIComponent(fen)}&eval=seed&depth=3&weights=1,2,1`)).json(),
    PUZZLE,
  );
  assert.equal(api.best_move, 'c3d4');
  await eventually(async () =>
    assert.equal(
      await p.locator('#ev-summary').innerText(),
      `With the original's terms and your weights, a search of depth 3 plays c3d4 (score ${api.score}, ${api.nodes} nodes). The tablebase says this move keeps the result.`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#ev-v1').innerText(), '2'));
  await eventually(async () => assert.equal(await kept('these'), api.keep.kept));
  await p.getByRole('button', { name: 'Check' }).click();
  await p.waitForFunction(() => document.getElementById('ev-verdict').dataset.right === 'true');
  await eventually(async () =>
    assert.match(await p.locator('#ev-verdict').innerText(), /^Right! with weights 1, 2, 1 the search plays c3d4/),
  );
  await p.locator('#ev-sliders').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(p, 'learn-evaluation');
  await axeScan(p, 'evaluation lesson', true);
  // ryg's terms: nine sliders at the fitted weights, the move of `ryg analyze --depth 4`
  await p.locator('#ev-kind').selectOption('default');
  await p.locator('#ev-depth').selectOption('4');
  await evaluationReady(p);
  await eventually(async () => assert.equal(await p.locator('input[type="range"]').count(), 9));
  const tuned4 = cli(['analyze', '--json', '--depth', '4', '--fen', PUZZLE]);
  await eventually(async () =>
    assert.match(
      await p.locator('#ev-summary').innerText(),
      new RegExp(
        `^With ryg's terms and their own weights, a search of depth 4 plays ${tuned4.best_move} \\(score \\${tuned4.score}, ${tuned4.nodes.toLocaleString('en')} nodes\\)`,
      ),
    ),
  );
  await p.locator('#lang').selectOption('es');
  await p.getByRole('heading', { name: 'La función de evaluación' }).waitFor();
  await evaluationReady(p);
  await axeScan(p, 'evaluation lesson es', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
