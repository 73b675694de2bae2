// End-to-end tests of analysis as players expect it (issue 45): the evaluation bar (the exact
// result in words, beside the board on a desktop, under it on a phone) and the best moves as
// arrows in analysis; a side line played off the game and left; the review of a finished game
// that stays on its position and marks the move that lost ground and the better one. English
// and Spanish, desktop and phone, axe-core clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage,
  screenshot,
  axeScan,
  sq,
  idle,
  moves,
  moveList,
  useServerAndBrowser,
  eventually,
} from './harness.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const desktop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function get(path) {
  const res = await fetch(new URL(path, server.url));
  assert.ok(res.ok, path);
  return res.json();
}
const solve = (fen) => get(`/api/solve?fen=${encodeURIComponent(fen)}`);

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

/** The words of an exact result, as the bar writes them. */
function resultWords(lang, winner, n) {
  if (n === 0 && lang === 'en') return winner === 'mouse' ? 'The mouse has won' : 'The cats have won';
  if (n === 0) return winner === 'mouse' ? 'El ratón ya ha ganado' : 'Los gatos ya han ganado';
  const m = Math.ceil(n / 2);
  if (lang === 'en')
    return `${winner === 'mouse' ? 'Mouse wins' : 'Cats win'} in ${n} ${n === 1 ? 'ply' : 'plies'} (${m} ${m === 1 ? 'move' : 'moves'})`;
  const units =
    n === 1
      ? '1 jugada'
      : n % 2 === 0
        ? `${n} jugadas (${m} por bando)`
        : `${n} jugadas (${m} de un bando y ${m - 1} del otro)`;
  return `${winner === 'mouse' ? 'Gana el ratón' : 'Ganan los gatos'} en ${units}`;
}

/** Waits until the evaluation bar says the exact result of `fen` and the blue arrows are its
 * best moves; returns the solve answer. */
async function barShows(p, lang, fen) {
  const s = await solve(fen);
  const words = resultWords(lang, s.winner, s.plies);
  await p.waitForFunction((w) => {
    const bar = document.getElementById('evalbar');
    return !bar.hidden && bar.dataset.state === 'ready' && bar.querySelector('.eval-text').textContent === w;
  }, words);
  const label = await p.locator('#evalbar').getAttribute('aria-label');
  assert.ok(label.startsWith(`${lang === 'en' ? 'Evaluation' : 'Evaluación'}: ${words}.`), label);
  const best = s.best_moves.slice(0, 3);
  await p.waitForFunction((n) => document.querySelectorAll('.arrows .best').length === n, best.length);
  await eventually(async () =>
    assert.deepEqual(
      (await p.locator('.arrows .best').evaluateAll((gs) => gs.map((g) => g.dataset.move))).sort(),
      [...best].sort(),
    ),
  );
  for (const mv of best) assert.ok(label.includes(mv), `${label} names ${mv}`);
  return s;
}

async function speak(p, lang) {
  if ((await p.evaluate(() => document.documentElement.lang)) === lang) return;
  await p.locator('#lang').selectOption(lang);
  await p.waitForFunction((l) => document.documentElement.lang === l, lang);
}

async function click(p, mv) {
  const n = await moves(p);
  await sq(p, mv.slice(0, 2)).click();
  await sq(p, mv.slice(2)).click();
  await p.waitForFunction(
    (k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) === k,
    n + 1,
  );
}

for (const [label, lang, options] of [
  ['desktop-en', 'en', desktop],
  ['desktop-es', 'es', { ...desktop, locale: 'es-ES' }],
  ['phone-en', 'en', phone],
  ['phone-es', 'es', { ...phone, locale: 'es-ES' }],
]) {
  test(`${label}: analysis shows the evaluation bar and the best moves as arrows; a side line is played and left`, async () => {
    const p = await newPage(browser, options);
    await p.goto(server.url);
    await idle(p);
    await speak(p, lang);
    // Analysis mode on 6×6: the start position, both sides at this board
    await p.locator('#size').selectOption('6');
    await p.locator('#analysis-button').click();
    await p.locator('#setup-start').click();
    await p.waitForFunction(() => document.getElementById('setup').hidden && document.body.dataset.busy === 'false');
    let fen = await p.locator('#fen').innerText();
    let s = await barShows(p, lang, fen);
    assert.equal(s.winner, 'mouse');
    // the bar beside the board on a desktop (outside it), under it on a phone; on screen
    const [bar, board] = [await p.locator('#evalbar').boundingBox(), await p.locator('#board').boundingBox()];
    if (label.startsWith('desktop')) {
      assert.ok(
        bar.x + bar.width <= board.x && bar.x >= 0 && Math.abs(bar.height - board.height) < 2,
        JSON.stringify({ bar, board }),
      );
    } else {
      assert.ok(
        bar.y >= board.y + board.height - 1 && bar.x >= 0 && bar.x + bar.width <= 390,
        JSON.stringify({ bar, board }),
      );
    }
    // a move of each side: the bar and the arrows follow the position
    await click(p, s.best_moves[0]);
    fen = await p.locator('#fen').innerText();
    s = await barShows(p, lang, fen);
    const reply = s.moves.find((m) => m.move === s.best_moves[0]).move;
    await click(p, reply);
    const main = await moveList(p);
    fen = await p.locator('#fen').innerText();
    await barShows(p, lang, fen);
    await screenshot(p, `analysis-${label}`);
    await axeScan(p, `analysis ${label}`, true);
    // back to the position after the first ply: another cats move there starts a side line
    await p.locator('#move-list [data-ply="1"]').click();
    const branch = await p.locator('#fen').innerText();
    const atBranch = await solve(branch);
    const other = atBranch.moves.find((m) => m.move !== main[1]).move;
    await sq(p, other.slice(0, 2)).click();
    await sq(p, other.slice(2)).click();
    await p.waitForFunction(() => !document.getElementById('side-line').hidden);
    await eventually(async () => assert.deepEqual(await p.locator('#side-moves button').allInnerTexts(), [other]));
    await eventually(async () =>
      assert.match(
        await p.locator('#review-text').innerText(),
        lang === 'en'
          ? /^Side line: 1 ply from the position after 1 ply of the game\.$/
          : /^Variante: 1 jugada desde la posición tras 1 jugada de la partida\.$/,
      ),
    );
    await eventually(async () =>
      assert.match(
        await p.locator('#side-title').innerText(),
        lang === 'en' ? /^Side line from 1…$/ : /^Variante desde 1…$/,
      ),
    );
    const sideFen = await p.locator('#fen').innerText();
    assert.notEqual(sideFen, fen);
    await barShows(p, lang, sideFen);
    // the game keeps its moves
    await eventually(async () => assert.deepEqual(await moveList(p), main));
    await eventually(async () => assert.equal(await moves(p), 2));
    // the mouse answers in the side line: it grows
    const sideS = await solve(sideFen);
    await sq(p, sideS.best_moves[0].slice(0, 2)).click();
    await sq(p, sideS.best_moves[0].slice(2)).click();
    await p.waitForFunction(() => document.querySelectorAll('#side-moves button').length === 2);
    await eventually(async () =>
      assert.equal(await p.locator('#side-moves [aria-current]').innerText(), sideS.best_moves[0]),
    );
    await barShows(p, lang, await p.locator('#fen').innerText());
    await screenshot(p, `sideline-${label}`);
    await axeScan(p, `side line ${label}`, true);
    // back to the main line: the position where the side line branched, the game as it was
    await p
      .getByRole('button', { name: lang === 'en' ? 'Back to the main line' : 'Volver a la línea principal' })
      .click();
    await p.waitForFunction(() => document.getElementById('side-line').hidden);
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), branch));
    await eventually(async () =>
      assert.equal(await p.locator('#move-list [aria-current]').getAttribute('data-ply'), '1'),
    );
    await eventually(async () => assert.deepEqual(await moveList(p), main));
    await barShows(p, lang, branch);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}

/** A 6×6 game, both sides at one board, where the mouse gives its win away once and both sides
 * otherwise play perfectly: the cats win. */
async function gaveAway() {
  let g = await call('POST', '/api/games', { size: 6, mouse: 'human', cats: 'human', hotseat: true });
  const tokens = g.tokens;
  let erred = null;
  while (!g.outcome) {
    const s = await call('GET', `/api/solve?fen=${encodeURIComponent(g.fen)}`);
    let mv = s.best_moves[0];
    const losing = s.moves.find((m) => m.winner === 'cats');
    if (g.to_move === 'mouse' && erred === null && g.moves.length >= 4 && losing) {
      mv = losing.move;
      erred = {
        ply: g.moves.length,
        played: mv,
        fen: g.fen,
        kept: s.moves.filter((m) => m.winner === 'mouse').map((m) => m.move),
      };
    }
    g = { ...(await call('POST', `/api/games/${g.id}/moves`, { move: mv }, tokens[g.to_move])), tokens };
  }
  assert.ok(erred);
  assert.equal(g.outcome.winner, 'cats');
  return { g, erred };
}

for (const [label, lang, options] of [
  ['desktop-en', 'en', desktop],
  ['desktop-es', 'es', { ...desktop, locale: 'es-ES' }],
  ['phone-en', 'en', phone],
  ['phone-es', 'es', { ...phone, locale: 'es-ES' }],
]) {
  test(`${label}: the review stays on the position on the board; the move that lost ground and the better one are arrows`, async () => {
    const { g, erred } = await gaveAway();
    const p = await newPage(browser, options);
    // this browser played the game: its seats' tokens
    await p.goto(server.url);
    await idle(p);
    await p.evaluate(({ id, token }) => localStorage.setItem(`ryg.token.${id}`, token), {
      id: g.public_id,
      token: g.tokens.mouse,
    });
    await p.goto(`${server.url}#game=${g.public_id}`);
    await p.reload();
    await idle(p);
    await p.waitForFunction(() => !document.getElementById('end-card').hidden);
    const final = await p.locator('#fen').innerText();
    // Review: the board stays at the end (today's position), the review takes the focus
    await p.locator('#card-review').click();
    await p.waitForFunction(() => document.querySelectorAll('#review-panel .mistake').length > 0);
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), final));
    await eventually(async () =>
      assert.equal(await p.locator('#move-list [aria-current]').getAttribute('data-ply'), String(g.moves.length)),
    );
    await eventually(async () => assert.equal(await p.evaluate(() => document.activeElement.id), 'review-title'));
    await barShows(p, lang, final);
    // a position of the game chosen in the list: the review stays there (no jump to the start)
    await p.locator(`#move-list [data-ply="${erred.ply + 2}"]`).click();
    await p.waitForTimeout(300);
    await eventually(async () =>
      assert.equal(await p.locator('#move-list [aria-current]').getAttribute('data-ply'), String(erred.ply + 2)),
    );
    // the position before the move that gave the win away: the move played (red, dashed), the better one (blue)
    await p.locator(`#move-list [data-ply="${erred.ply}"]`).click();
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), erred.fen));
    await p.waitForFunction(() => !!document.querySelector('.arrows .played'));
    await eventually(async () =>
      assert.deepEqual(await p.locator('.arrows .played').evaluateAll((gs) => gs.map((x) => x.dataset.move)), [
        erred.played,
      ]),
    );
    const better = await p.locator('.arrows .best').evaluateAll((gs) => gs.map((x) => x.dataset.move));
    assert.ok(better.length >= 1 && better.every((m) => erred.kept.includes(m)), `${better} keep the win`);
    const s = await solve(erred.fen);
    const words = resultWords(lang, s.winner, s.plies);
    await eventually(async () =>
      assert.equal(
        await p.locator('#evalbar').getAttribute('aria-label'),
        lang === 'en'
          ? `Evaluation: ${words}. Played here: ${erred.played} (the red dashed arrow), which gave the win away; better: ${better.join(', ')} (the blue arrow${better.length > 1 ? 's' : ''}).`
          : `Evaluación: ${words}. Aquí se jugó ${erred.played} (la flecha roja discontinua), que regaló la victoria; mejor: ${better.join(', ')} (${better.length > 1 ? 'las flechas azules' : 'la flecha azul'}).`,
      ),
    );
    await p.evaluate(() => window.scrollTo(0, 0));
    await screenshot(p, `review-arrows-${label}`);
    await axeScan(p, `review arrows ${label}`, true);
    // a side line from there: the better move played, then back
    await sq(p, better[0].slice(0, 2)).click();
    await sq(p, better[0].slice(2)).click();
    await p.waitForFunction(() => !document.getElementById('side-line').hidden);
    await barShows(p, lang, await p.locator('#fen').innerText());
    await p.locator('#side-back').click();
    await eventually(async () => assert.equal(await p.locator('#fen').innerText(), erred.fen));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}
