// Unit tests of the Play better section: its model (the address, the progress kept in the
// browser, how a move is judged) and its strings (both tables hold the same keys with the same
// `{names}`, every lesson and position has its texts, no key hides one of the page's).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../assets/js/i18n/better-en.js';
import es from '../../assets/js/i18n/better-es.js';
import pageEn from '../../assets/js/i18n/en.js';
import learnEn from '../../assets/js/i18n/learn-en.js';
import { t, setLang, loadLang, loadBetterStrings } from '../../assets/js/i18n.js';
import {
  LESSONS,
  STORE,
  lessonFromHash,
  loadDone,
  saveDone,
  lessonProgress,
  firstOpen,
  judge,
  reached,
} from '../../assets/js/better/model.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/js/better');
const names = (v) =>
  typeof v === 'string' ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : `function of ${v.length}`;

/** A storage like localStorage, in memory. */
function memory(init = {}) {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => {
      m.set(k, String(v));
    },
    map: m,
  };
}

test("the tables have the same keys and the same {names}, and hide none of the page's", () => {
  assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.deepEqual(names(es[key]), names(en[key]), key);
  assert.deepEqual(
    Object.keys(en).filter((k) => k in pageEn || k in learnEn),
    [],
  );
});

test('every lesson has its title, idea and what to remember; every position its prompt and its words when played through', () => {
  const want = [];
  for (const l of LESSONS) {
    want.push(`better.lesson.${l.key}.title`, `better.lesson.${l.key}.idea`, `better.lesson.${l.key}.remember`);
    for (const p of l.positions) want.push(`better.pos.${p.id}`, `better.done.${p.id}`);
  }
  assert.deepEqual(
    want.filter((k) => !(k in en)),
    [],
  );
  // and no text for a position or lesson that is not there
  const extra = Object.keys(en).filter((k) => /^better\.(lesson|pos|done)\./.test(k) && !want.includes(k));
  assert.deepEqual(extra, []);
});

test('every key the section names is in the tables', () => {
  const used = new Set();
  for (const file of fs.readdirSync(dir)) {
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of src.matchAll(/'(better\.[\w.]+)'/g)) used.add(m[1]);
  }
  const missing = [...used].filter((k) => !(k in en) && !(k in pageEn));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 25, `${used.size} keys`);
});

test("a position's text says only what its data states: {only}, {wins}, {trap} where the position has one", () => {
  for (const l of LESSONS) {
    for (const p of l.positions) {
      for (const table of [en, es]) {
        const done = names(table[`better.done.${p.id}`]);
        if (done.includes('only')) assert.ok(p.only, `${p.id} names its only move`);
        if (done.includes('wins')) assert.ok(p.wins, `${p.id} names its winning moves`);
        if (done.includes('trap') || done.includes('trapResult')) assert.ok(p.trap, `${p.id} names its trap`);
        if (names(table[`better.pos.${p.id}`]).includes('move'))
          assert.ok(p.after, `${p.id} names the move it came from`);
      }
    }
  }
});

test("t() finds the section's strings in both languages once they are loaded", async () => {
  setLang('en');
  assert.equal(t('better.back'), 'better.back');
  await loadLang('es');
  setLang('es');
  await loadBetterStrings();
  assert.equal(t('better.title'), 'Juega mejor');
  assert.equal(t('better.position', { n: 1, total: 3 }), 'Posición 1 de 3');
  setLang('en');
  assert.equal(t('better.title'), 'Play better');
  assert.equal(t('better.until.moves', { n: 2 }), 'Play 2 moves.');
});

test('the address names a lesson: #better is the first, a bad number the first too', () => {
  assert.equal(lessonFromHash('#better'), 1);
  assert.equal(lessonFromHash('#better/2'), 2);
  assert.equal(lessonFromHash(`#better/${LESSONS.length}`), LESSONS.length);
  assert.equal(lessonFromHash('#better/99'), 1);
  assert.equal(lessonFromHash('#betterx'), 0);
  assert.equal(lessonFromHash('#learn/2'), 0);
  assert.equal(lessonFromHash(''), 0);
});

test('the progress: kept and read back, unknown ids and broken storage left out', () => {
  const s = memory();
  assert.deepEqual([...loadDone(s)], []);
  const first = LESSONS[0];
  const done = new Set([first.positions[0].id]);
  saveDone(s, done);
  assert.deepEqual([...loadDone(s)], [first.positions[0].id]);
  assert.deepEqual(lessonProgress(first, done), { done: 1, total: first.positions.length, complete: false });
  assert.equal(firstOpen(first, done), 1);
  for (const p of first.positions) done.add(p.id);
  assert.equal(lessonProgress(first, done).complete, true);
  assert.equal(firstOpen(first, done), 0, 'a lesson done opens at its start');
  assert.deepEqual([...loadDone(memory({ [STORE]: '{"done":["gone-1","plan6-1"]}' }))], ['plan6-1']);
  assert.deepEqual([...loadDone(memory({ [STORE]: 'not json' }))], []);
  assert.deepEqual([...loadDone(memory({ [STORE]: '{"done":5}' }))], []);
  // a storage that refuses to keep: the page goes on
  saveDone(
    {
      setItem: () => {
        throw new Error('full');
      },
    },
    done,
  );
});

test('a move judged: the win kept (fastest or not) or thrown away; the longest resistance or a shorter one', () => {
  // the mouse wins in 7: one move wins fastest, one slower, one loses
  const win = {
    winner: 'mouse',
    plies: 7,
    moves: [
      { move: 'd2c3', winner: 'mouse', plies: 6 },
      { move: 'd2e1', winner: 'mouse', plies: 12 },
      { move: 'd2c1', winner: 'cats', plies: 3 },
    ],
  };
  assert.deepEqual(judge('win', 'mouse', win, 'd2c3'), { ok: true, after: win.moves[0], fastest: true });
  assert.deepEqual(judge('win', 'mouse', win, 'd2e1'), { ok: true, after: win.moves[1], fastest: false });
  assert.deepEqual(judge('win', 'mouse', win, 'd2c1'), { ok: false, why: 'loses', after: win.moves[2] });
  assert.deepEqual(judge('win', 'mouse', win, 'a1b2'), { ok: false, why: 'illegal' });
  // the cats win in 24: the mouse's longest resistance, and a shorter one
  const lost = {
    winner: 'cats',
    plies: 24,
    moves: [
      { move: 'c1b2', winner: 'cats', plies: 11 },
      { move: 'c1d2', winner: 'cats', plies: 23 },
    ],
  };
  assert.deepEqual(judge('resist', 'mouse', lost, 'c1d2'), { ok: true, after: lost.moves[1], fastest: true });
  assert.deepEqual(judge('resist', 'mouse', lost, 'c1b2'), {
    ok: false,
    why: 'shorter',
    after: lost.moves[0],
    longest: 23,
  });
});

test('a position is played through at the end of the game or after the moves it asks', () => {
  assert.equal(reached({ until: 'end' }, 5, false), false);
  assert.equal(reached({ until: 'end' }, 5, true), true);
  assert.equal(reached({ until: 2 }, 1, false), false);
  assert.equal(reached({ until: 2 }, 2, false), true);
  assert.equal(reached({ until: 2 }, 1, true), true);
});

test("the lessons' data: unique ids, a known side and goal, and the board each FEN draws", () => {
  const ids = LESSONS.flatMap((l) => l.positions.map((p) => p.id));
  assert.equal(new Set(ids).size, ids.length);
  for (const l of LESSONS) {
    for (const p of l.positions) {
      assert.ok(['mouse', 'cats'].includes(p.side), p.id);
      assert.ok(['win', 'resist'].includes(p.goal), p.id);
      assert.equal(p.fen.split(' ')[1], p.side[0], `${p.id}: the side to move`);
      assert.equal(p.goal === 'win', p.result.winner === p.side, `${p.id}: the goal fits the result`);
    }
  }
});
