// The Play better section (#better): lessons played through against perfect replies, every
// move judged by the tablebase (a move that throws the goal away is refused, with the reason,
// and the player tries again), the facts each position states shown as lessons.js states them,
// the progress kept in the browser. English and Spanish, a desktop and a 390 px phone; axe-core
// finds nothing on any of its views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, idle, useServerAndBrowser, axeScan, screenshot, eventually } from './harness.mjs';
import { LESSONS } from '../../assets/js/better/model.js';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const desktop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function solve(fen) {
  const r = await fetch(`${server.url}api/solve?fen=${encodeURIComponent(fen)}`);
  assert.equal(r.status, 200);
  return r.json();
}

const state = (p) => p.evaluate(() => document.getElementById('better-view').dataset.state);
const fenOf = (p) => p.evaluate(() => document.getElementById('better-view').dataset.fen);
const verdict = (p) => p.locator('#bt-verdict').innerText();

/** Waits until the position `id` is shown and the player may move (or it is played through). */
async function ready(p, id) {
  await p.waitForFunction(
    (want) => {
      const v = document.getElementById('better-view');
      return v && v.dataset.position === want && ['playing', 'done'].includes(v.dataset.state);
    },
    id,
    { timeout: 30000 },
  );
}

/** Clicks move `mv` on the lesson's board. */
async function click(p, mv) {
  const split = mv.search(/[a-n]\d+$/);
  await p.locator(`#bt-board [data-sq="${mv.slice(0, split)}"]`).click();
  await p.locator(`#bt-board [data-sq="${mv.slice(split)}"]`).click();
}

/** Plays `mv`, then waits for the computer's answer (or the end of the position). */
async function play(p, mv) {
  const before = await fenOf(p);
  await click(p, mv);
  await p.waitForFunction(
    (b) => {
      const v = document.getElementById('better-view');
      return (
        v.dataset.state === 'done' ||
        v.dataset.state === 'refused' ||
        (v.dataset.state === 'playing' && v.dataset.fen !== b)
      );
    },
    before,
    { timeout: 30000 },
  );
}

/** Plays the shown position through with the table's best moves; the moves played. */
async function playThrough(p) {
  const made = [];
  while ((await state(p)) !== 'done') {
    await eventually(async () => assert.ok(['playing', 'refused'].includes(await state(p)), await state(p)));
    const s = await solve(await fenOf(p));
    await play(p, s.best_moves[0]);
    made.push(s.best_moves[0]);
    assert.ok(made.length < 40, 'a position ends');
  }
  return made;
}

/** A move of the position on the board that the goal refuses, with the exact result after it. */
async function refusedMove(p, spec) {
  const s = await solve(await fenOf(p));
  const bad =
    spec.goal === 'win' ? s.moves.find((m) => m.winner !== spec.side) : s.moves.find((m) => m.plies + 1 < s.plies);
  assert.ok(bad, `${spec.id} has a move the goal refuses`);
  return bad;
}

/** The words the page uses for a result, as i18n writes them (English or Spanish). */
function resultWords(lang, winner, n) {
  const moves = Math.ceil(n / 2);
  if (lang === 'en') return `${winner === 'mouse' ? 'mouse wins' : 'cats win'} in ${n} plies (${moves} moves)`;
  const tail = n % 2 === 0 ? `(${moves} por bando)` : `(${moves} de un bando y ${moves - 1} del otro)`;
  return `${winner === 'mouse' ? 'gana el ratón' : 'ganan los gatos'} en ${n} jugadas ${tail}`;
}

const WORDS = {
  en: {
    you: { mouse: 'You play the mouse', cats: 'You play the cats' },
    only: { win: 'Only one move keeps the win.', resist: 'Only one move resists longest.' },
    played: 'Played through!',
    remember: 'What to remember',
    done: '✓ done',
    not: 'Not',
    refused: 'Try another move.',
  },
  es: {
    you: { mouse: 'Juegas con el ratón', cats: 'Juegas con los gatos' },
    only: { win: 'Solo una jugada mantiene la victoria.', resist: 'Solo una jugada resiste lo más posible.' },
    played: '¡Posición completada!',
    remember: 'Para recordar',
    done: '✓ hecha',
    not: 'no',
    refused: 'Prueba otra jugada.',
  },
};

/** Plays lesson `n` through, position by position, checking what each states; refuses one
 * move of each position first when `refuse` says so. */
async function playLesson(p, n, lang, { refuse = () => false, shot = () => {} } = {}) {
  const lesson = LESSONS[n - 1];
  const w = WORDS[lang];
  for (const [i, spec] of lesson.positions.entries()) {
    if (i > 0) await p.locator('#bt-next').click();
    await ready(p, spec.id);
    await eventually(async () => assert.equal(await fenOf(p), spec.fen));
    // what the lessons' data states, said as it states it
    const facts = await p.locator('#bt-facts').innerText();
    assert.ok(facts.startsWith(w.you[spec.side]), facts);
    assert.ok(facts.includes(resultWords(lang, spec.result.winner, spec.result.plies)), `${spec.id}: ${facts}`);
    assert.equal(facts.includes(w.only[spec.goal]), !!spec.only, `${spec.id}: ${facts}`);
    // the board is the player's way up
    const flipped = await p.evaluate(() => document.querySelector('#bt-board .sq').dataset.sq);
    assert.equal(flipped.endsWith('1'), spec.side === 'cats', `${spec.id}: the board turned for the ${spec.side}`);
    if (refuse(spec)) {
      const bad = await refusedMove(p, spec);
      await play(p, bad.move);
      await eventually(async () => assert.equal(await state(p), 'refused'));
      const said = await verdict(p);
      assert.ok(
        said.includes(bad.move) && said.includes(resultWords(lang, bad.winner, bad.plies)) && said.endsWith(w.refused),
        said,
      );
      await eventually(async () =>
        assert.equal(await fenOf(p), spec.fen, 'a refused move leaves the position as it was'),
      );
      await shot(spec, 'refused');
    }
    const made = await playThrough(p);
    if (spec.only) assert.equal(made[0], spec.only);
    if (spec.until !== 'end') assert.equal(made.length, spec.until);
    const said = await verdict(p);
    assert.ok(said.startsWith(w.played), said);
    if (spec.only) assert.ok(said.includes(spec.only), said);
    if (spec.trap) assert.ok(said.includes(spec.trap.move), said);
    if (spec.wins) for (const m of spec.wins) assert.ok(said.includes(m), said);
    await eventually(async () => assert.match(await p.locator('#bt-pos-title').innerText(), /✓/));
    await shot(spec, 'done');
  }
  // the lesson is done: what to remember, and the list says so
  await eventually(async () => assert.equal(await p.locator('#bt-remember').isVisible(), true));
  await eventually(async () => assert.ok((await p.locator('#bt-remember').innerText()).startsWith(w.remember)));
  await eventually(async () =>
    assert.equal(await p.locator(`#bt-list li:nth-child(${n}) .bt-progress`).innerText(), w.done),
  );
}

test('a lesson played through in English on a desktop: a move that throws the win away refused, then the plan to the end; the progress kept', async () => {
  const p = await newPage(browser, desktop);
  await p.goto(`${server.url}#better`);
  await ready(p, LESSONS[0].positions[0].id);
  await eventually(async () =>
    assert.equal(await p.locator('#bt-list [aria-current="page"]').innerText(), "The mouse's plan on 6×6"),
  );
  await eventually(async () => assert.equal(await p.locator('#better-link').innerText(), 'Play better'));
  await axeScan(p, 'Play better, lesson 1', true);
  await playLesson(p, 1, 'en', {
    refuse: (spec) => spec.id === 'plan6-1',
    shot: async (spec, when) => {
      if (spec.id === 'plan6-1' && when === 'refused') await screenshot(p, 'better-desktop');
    },
  });
  await axeScan(p, 'Play better, lesson 1 done', true);
  await p.evaluate(() => {
    document.getElementById('bt-lesson-title').scrollIntoView({ block: 'start' });
    window.scrollBy(0, -12);
  });
  await screenshot(p, 'better-done-desktop');
  // kept in the browser: after a reload the list still says so, and the lesson opens at its start
  await p.reload();
  await ready(p, LESSONS[0].positions[0].id);
  await eventually(async () =>
    assert.equal(await p.locator('#bt-list li:nth-child(1) .bt-progress').innerText(), '✓ done'),
  );
  await eventually(async () => assert.equal(await p.locator('#bt-list li:nth-child(2) .bt-progress').count(), 0));
  await eventually(async () => assert.match(await p.locator('#bt-pos-title').innerText(), /✓ played through/));
  const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('ryg.better')).done);
  assert.deepEqual(kept, LESSONS[0].positions.map((s) => s.id).sort());
  // back to the game: the game starts and the section is gone
  await p.locator('#better-back').click();
  await idle(p);
  await eventually(async () => assert.equal(await p.locator('#better-view').isHidden(), true));
  await eventually(async () => assert.equal(await p.locator('#board').isVisible(), true));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('a lesson played through in Spanish on a phone: the trap, as the cats and as the mouse', async () => {
  const p = await newPage(browser, { ...phone, locale: 'es-ES' });
  const n = LESSONS.findIndex((l) => l.key === 'trap') + 1;
  await p.goto(`${server.url}#better/${n}`);
  await ready(p, LESSONS[n - 1].positions[0].id);
  await eventually(async () => assert.equal(await p.locator('html').getAttribute('lang'), 'es'));
  await eventually(async () => assert.equal(await p.locator('#bt-lesson-title').innerText(), `${n}. La trampa`));
  // nothing wider than the phone
  await eventually(async () =>
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling'),
  );
  await axeScan(p, 'Juega mejor, la trampa', true);
  await playLesson(p, n, 'es', {
    refuse: (spec) => spec.id === 'trap-3',
    shot: async (spec, when) => {
      if (spec.id === 'trap-3' && when === 'refused') {
        await eventually(async () => assert.match(await verdict(p), /cae en una trampa/));
        await p.locator('#bt-board').scrollIntoViewIfNeeded();
        await screenshot(p, 'better-phone-es');
        await axeScan(p, 'Juega mejor, una jugada rechazada', true);
      }
    },
  });
  await axeScan(p, 'Juega mejor, lección hecha', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('every lesson played through in Spanish on a desktop, the stated facts as lessons.js states them; a short resistance refused', async () => {
  const p = await newPage(browser, { ...desktop, locale: 'es-ES' });
  for (const [i, lesson] of LESSONS.entries()) {
    await p.goto(`${server.url}#better/${i + 1}`);
    await ready(p, lesson.positions[0].id);
    await playLesson(p, i + 1, 'es', {
      refuse: (spec) => spec.goal === 'resist' && spec.id.endsWith('-1'),
      shot: async (spec, when) => {
        if (spec.goal === 'resist' && when === 'refused') {
          await eventually(async () => assert.match(await verdict(p), /y la resistencia más larga dura \d+ jugadas/));
          await screenshot(p, 'better-desktop-es');
        }
      },
    });
  }
  const done = await p.locator('#bt-list .bt-progress').allInnerTexts();
  assert.deepEqual(
    done,
    LESSONS.map(() => '✓ hecha'),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('on a phone in English: a hint (an arrow on the board), a change of language in the middle of a position, start again', async () => {
  const p = await newPage(browser, phone);
  const n = LESSONS.findIndex((l) => l.key === 'tempo') + 1;
  const spec = LESSONS[n - 1].positions[0];
  await p.goto(`${server.url}#better/${n}`);
  await ready(p, spec.id);
  await p.locator('#bt-hint').click();
  await eventually(async () => assert.equal(await verdict(p), `Hint: ${spec.only} (the arrow on the board).`));
  await eventually(async () => assert.equal(await p.locator('.bt-board-box .arrows line').count(), 1));
  await p.locator('#bt-board').scrollIntoViewIfNeeded();
  await screenshot(p, 'better-phone');
  await axeScan(p, 'Play better on a phone, a hint', true);
  // the language changes under way: the same position, the same words in Spanish
  await p.locator('#lang').selectOption('es');
  await p.waitForFunction(
    () => document.documentElement.lang === 'es' && /^Pista: /.test(document.getElementById('bt-verdict').textContent),
  );
  await eventually(async () =>
    assert.equal(await p.locator('#bt-lesson-title').innerText(), `${n}. La jugada de espera`),
  );
  await eventually(async () => assert.equal(await fenOf(p), spec.fen));
  await p.locator('#lang').selectOption('en');
  await p.waitForFunction(() => document.documentElement.lang === 'en');
  await play(p, spec.only);
  await eventually(async () => assert.equal(await state(p), 'done'));
  // start again: the position as it was, to play again
  await p.locator('#bt-retry').click();
  await ready(p, spec.id);
  await eventually(async () => assert.equal(await fenOf(p), spec.fen));
  await eventually(async () => assert.equal(await state(p), 'playing'));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
