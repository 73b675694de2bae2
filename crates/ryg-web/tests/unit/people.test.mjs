// The Players section's strings and addresses: both tables have the same keys and {names},
// every key the section names is in them, and the addresses it answers to.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../assets/js/i18n/people-en.js';
import es from '../../assets/js/i18n/people-es.js';
import pageEn from '../../assets/js/i18n/en.js';
import pageEs from '../../assets/js/i18n/es.js';

const js = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/js');
// a value may be a function of its arguments (plurals), as in the page's own tables
const names = (v) => (typeof v === 'string' ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : 'function');

test("the tables have the same keys and the same {names}, and hide none of the page's", () => {
  assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.deepEqual(names(es[key]), names(en[key]), key);
  assert.deepEqual(
    Object.keys(en).filter((k) => k in pageEn),
    [],
  );
  for (const key of ['people.link', 'new.rated']) assert.ok(key in pageEn && key in pageEs, key);
});

test('every key the section names is in the tables', () => {
  const src = fs.readFileSync(path.join(js, 'people.js'), 'utf8');
  const used = new Set([...src.matchAll(/'((?:people|leaderboard)\.[\w.]+)'/g)].map((m) => m[1]));
  const missing = [...used].filter((k) => !(k in en) && !(k in pageEn));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 30, `${used.size} keys`);
});

test('the static site says in both languages that players need a server', () => {
  for (const table of [pageEn, pageEs])
    assert.match(
      table['offline.none'],
      /(players, ratings and leaderboards|los jugadores, las puntuaciones y las clasificaciones)/,
    );
  assert.match(en['people.needsServer'], /ryg serve/);
  assert.match(es['people.needsServer'], /ryg serve/);
});

test('the section answers to its addresses only', async () => {
  globalThis.document = { getElementById: () => null };
  const { route } = await import('../../assets/js/people.js');
  assert.deepEqual(route('#players'), { kind: 'me' });
  assert.deepEqual(route('#player/Ab3_x-Yz09Q'), { kind: 'player', arg: 'Ab3_x-Yz09Q' });
  assert.deepEqual(route('#leaderboard/8'), { kind: 'leaderboard', arg: 8 });
  for (const other of ['#player/short', '#game=Ab3_x-Yz09Q', '#better', '#leaderboard', ''])
    assert.equal(route(other), null, other);
});
