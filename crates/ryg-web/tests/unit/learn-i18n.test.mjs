// Unit tests of the Learn section's strings: both tables hold the same keys with the same
// `{names}`, every key the lessons name is in them, and they do not clash with the page's.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../assets/js/i18n/learn-en.js';
import es from '../../assets/js/i18n/learn-es.js';
import pageEn from '../../assets/js/i18n/en.js';
import { t, setLang, loadLang, loadLearnStrings } from '../../assets/js/i18n.js';
import { lessonFromHash, LESSON_KEYS } from '../../assets/js/learn/route.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/js/learn');
const names = (v) =>
  typeof v === 'string' ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : `function of ${v.length}`;

test("the lessons' tables have the same keys and the same {names}", () => {
  assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.deepEqual(names(es[key]), names(en[key]), key);
});

test('no lesson key hides a key of the page', () => {
  assert.deepEqual(
    Object.keys(en).filter((k) => k in pageEn),
    [],
  );
});

test('every key the lessons name is in the tables', () => {
  const used = new Set();
  for (const file of fs.readdirSync(dir)) {
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of src.matchAll(/'((?:learn|lesson|step|task|think)\.[\w.]+)'/g)) used.add(m[1]);
  }
  for (const k of LESSON_KEYS) used.add(`lesson.${k}.title`);
  const missing = [...used].filter((k) => !(k in en) && !(k in pageEn));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 40, `${used.size} keys`);
});

test("t() finds the lessons' strings in both languages, once they are loaded", async () => {
  setLang('en');
  assert.equal(t('learn.back'), 'learn.back');
  await loadLang('es');
  setLang('es');
  await loadLearnStrings();
  assert.equal(t('lesson.alphabeta.title'), 'Alfa-beta');
  assert.equal(t('step.count', { k: 3, n: 20 }), 'Paso 3 de 20:');
  setLang('en');
  assert.equal(t('learn.back'), 'Back to the game');
});

test('the address names a lesson: #learn is the first, a bad number the first too', () => {
  assert.equal(lessonFromHash('#learn'), 1);
  assert.equal(lessonFromHash('#learn/2'), 2);
  assert.equal(lessonFromHash('#learn/5'), 5);
  assert.equal(lessonFromHash('#learn/99'), 1);
  assert.equal(lessonFromHash('#game=4'), 0);
  assert.equal(lessonFromHash(''), 0);
});
