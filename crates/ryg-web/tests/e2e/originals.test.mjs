// End-to-end tests of the articles' programs on the page: a game against RYG3 v10 at depth 8
// (the level is the depth), chosen on the new-game form and played to its end, in English and
// in Spanish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { parseFen, applyMove, toFen } from '../../assets/js/fen.js';
import {
  newPage,
  screenshot,
  axeScan,
  sq,
  idle,
  moves,
  status,
  newGameOnForm as newGame,
  useServerAndBrowser,
  rygBinary,
  eventually,
} from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function waitMoves(p, n) {
  await p.waitForFunction((k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= k, n);
}

/** The tablebase's first best move where the page's game stands (the command line's answer). */
function bestMove(fen) {
  return JSON.parse(execFileSync(rygBinary(), ['solve', '--json', '--fen', fen], { encoding: 'utf8' })).best_moves[0];
}

/** RYG3 v10's move at depth 8 as the command line's engine plays it. */
function ryg3(fen) {
  const args = ['analyze', '--json', '--engine', 'ryg3-v10', '--depth', '8', '--fen', fen];
  return JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' })).best_move;
}

function split(mv) {
  const i = mv.search(/[a-n]\d+$/);
  return [mv.slice(0, i), mv.slice(i)];
}

async function fen(p) {
  return p.locator('#fen').innerText();
}

/** What the status says once the game is over, by language. */
const OVER = { en: /\bwins?\b/, es: /gana el ratón|ganan los gatos/i };

async function listed(p) {
  return p.evaluate(() =>
    [...document.querySelectorAll('#move-list button[data-ply]:not([data-ply="0"])')].map((b) =>
      b.textContent.replace(/[?!]+$/, ''),
    ),
  );
}

/** Plays the mouse (the tablebase's best move; `first`, when given, for the first move) through
 * the page until the game is over, the page in language `lang`; every reply of the computer
 * must be the command line's RYG3 v10 at depth 8. */
async function playToTheEnd(p, lang, first) {
  const over = OVER[lang];
  for (let turn = 0; turn < 40; turn++) {
    const before = await fen(p);
    if (over.test(await status(p))) break;
    const n = await moves(p);
    const [from, to] = split(turn === 0 && first ? first : bestMove(before));
    await sq(p, from).click();
    await sq(p, to).click();
    await waitMoves(p, n + 1);
    // the computer's reply, when the game goes on, is the engine's
    await p.waitForFunction(
      ([k, src]) =>
        document.body.dataset.busy === 'false' &&
        (Number(document.body.dataset.moves) >= k ||
          new RegExp(src, 'i').test(document.getElementById('status').textContent)),
      [n + 2, over.source],
    );
    const list = await listed(p);
    if (list.length >= n + 2) {
      const afterMouse = toFen(applyMove(parseFen(before), list[n]));
      assert.equal(list[n + 1], ryg3(afterMouse), `ply ${n + 2}`);
    }
  }
  await eventually(async () => assert.match(await status(p), over));
}

test("RYG3 v10 at depth 8, chosen on the form, plays a whole game as the command line's engine does", async () => {
  const p = await newPage(browser);
  await p.goto(server.url);
  await idle(p);
  await p.locator('#level').selectOption('ryg3-v10@8');
  // the program, the post its level comes from, and the exact chance a careful mouse has against it
  await p.waitForFunction(() =>
    /^RYG3 v10: RYG3 \(2022\), a program of the blog «Programación retro del Commodore 64», searching 8 plies ahead — «la profundidad de análisis o nivel de juego» \(«Generación de jugadas I»\)\.[\s\S]* A careful mouse \(a best move nine times in ten\) beats it about 39% of the time \(exactly 39\.08%, from e1 on 8×8\)\.$/.test(
      document.getElementById('level-note').textContent,
    ),
  );
  // the same program playing the mouse, against careful cats: its exact figure too
  await p.locator('#seat').selectOption('cats');
  await p.waitForFunction(() =>
    /^RYG3 v10: [\s\S]* Careful cats \(a best move nine times in ten\) beat it about 31% of the time \(exactly 31\.07%, from e1 on 8×8\)\.$/.test(
      document.getElementById('level-note').textContent,
    ),
  );
  await p.locator('#seat').selectOption('mouse');
  await p.locator('#level').selectOption('ryg1-v1@3');
  await p.waitForFunction(() =>
    /^RYG, evaluation v1: RYG, the first program of the blog «Programación retro del Commodore 64», searching 3 plies ahead; its player chose «una profundidad de análisis de 1, 2 o 3 niveles» \(«RYG: ampliar la RAM disponible»\)\.[\s\S]* beats it about 100% of the time \(exactly 99\.62%, from e1 on 8×8\)\.$/.test(
      document.getElementById('level-note').textContent,
    ),
  );
  await p.locator('#level').selectOption('ryg3-v10@8');
  await eventually(async () =>
    assert.equal(await p.locator('#level option[value="ryg3-v10@8"]').innerText(), 'RYG3 v10, depth 8'),
  );
  await newGame(p, { size: '8', seat: 'mouse', level: 'ryg3-v10@8' });
  await eventually(async () => assert.match(await p.locator('body').innerText(), /RYG3 v10, depth 8/));
  await playToTheEnd(p, 'en');
  await screenshot(p, 'originals-ryg3');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('in Spanish the form offers «RYG3 v10, nivel 8» beside the difficulties, and the program plays a whole game', async () => {
  const p = await newPage(browser);
  await p.goto(server.url);
  await idle(p);
  await p.locator('#lang').selectOption('es');
  await p.getByText('Dificultad', { exact: true }).first().waitFor();
  await eventually(async () =>
    assert.equal(await p.locator('#level option[value="ryg3-v10@8"]').innerText(), 'RYG3 v10, nivel 8'),
  );
  await eventually(async () =>
    assert.equal(
      await p.locator('#level optgroup').getAttribute('label'),
      'Los programas del C64 de los artículos (el nivel es la profundidad)',
    ),
  );
  await p.locator('#level').selectOption('ryg3-v10@8');
  await eventually(async () =>
    assert.match(await p.locator('#level-note').innerText(), /«la profundidad de análisis o nivel de juego»/),
  );
  await newGame(p, { size: '8', seat: 'mouse', level: 'ryg3-v10@8' });
  const start = await fen(p);
  // the mouse opens with e1f2, then plays the tablebase's best moves to the end
  await playToTheEnd(p, 'es', 'e1f2');
  const list = await listed(p);
  assert.equal(list[0], 'e1f2');
  // the article's move: «con la versión 10 es el B8A7» («Ordenación de movimientos»)
  assert.equal(list[1], 'b8a7', `RYG3 v10 answers e1f2 with b8a7 from ${start}`);
  await eventually(async () => assert.match(await p.locator('body').innerText(), /RYG3 v10, nivel 8/));
  await screenshot(p, 'originals-ryg3-es');
  await axeScan(p, 'a game against RYG3 v10 in Spanish');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
