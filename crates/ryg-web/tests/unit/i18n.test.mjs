// Unit tests of the page's languages: both tables hold the same keys with the same `{names}`,
// every key the page uses is in them, and the language follows the browser until picked.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../assets/js/i18n/en.js';
import es from '../../assets/js/i18n/es.js';
import { t, tNodes, setLang, loadLang, preferredLang, plies, errorText } from '../../assets/js/i18n.js';

await loadLang('es');

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
const names = (v) => (typeof v === 'string' ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : 'function');

test('a node argument stands in the text as that node, between the words around it', () => {
  setLang('es');
  const code = { nodeType: 1, textContent: 'ryg solve --size 12' };
  assert.deepEqual(tNodes('tb.absentFiles', { n: 12, cmd: code }), [
    'El 12×12 no está construido en este servidor: lo construye ',
    code,
    '.',
  ]);
  // without a node, the plain text
  assert.deepEqual(tNodes('tb.absentFiles', { n: 12, cmd: 'ryg' }), [
    'El 12×12 no está construido en este servidor: lo construye ryg.',
  ]);
  setLang('en');
});

test('English and Spanish have the same keys', () => {
  assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort());
});

test('each key takes the same values in both languages', () => {
  for (const key of Object.keys(en)) assert.deepEqual(names(es[key]), names(en[key]), key);
});

test('every key the page names is in the tables', () => {
  const used = new Set();
  const html = fs.readFileSync(path.join(assets, 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-i18n="([\w.]+)"/g)) used.add(m[1]);
  for (const m of html.matchAll(/data-i18n-attr="([^"]+)"/g))
    for (const pair of m[1].split(/\s+/)) used.add(pair.split(':')[1]);
  const dir = path.join(assets, 'js');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    // keys written whole: t('status.game'), t(x ? 'a.b' : 'c.d'), pageError('error.network')
    for (const m of src.matchAll(
      /'((?:page|prefs|side|player|who|seat|seats|units|result|outcome|reason|move|status|conn|thinking|role|board|controls|rematch|review|undo|resign|name|hint|fen|card|new|level|setup|moves|results|tb|recent|live|friend|think|say|error|why|pgn|nav|howto|levels|chart|mistake|setupErr|evalbar|sideline|puzzles)\.[\w.]+)'/g,
    ))
      used.add(m[1]);
  }
  const missing = [...used].filter((k) => !(k in en));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 150, `${used.size} keys found`);
});

test("units: plies with their full moves in English, the articles' «jugadas» in Spanish", () => {
  setLang('en');
  assert.equal(plies(43), '43 plies (22 moves)');
  assert.equal(plies(1), '1 ply (1 move)');
  assert.equal(t('result.in.cats', { plies: plies(43) }), 'cats win in 43 plies (22 moves)');
  setLang('es');
  // the articles' word: «jugadas» are plies (each side's move); depth is «nivel»
  assert.equal(
    t('result.in.cats', { plies: plies(43) }),
    'ganan los gatos en 43 jugadas (22 de un bando y 21 del otro)',
  );
  assert.equal(plies(44), '44 jugadas (22 por bando)');
  assert.equal(plies(1), '1 jugada');
  setLang('en');
});

test("the language: the one picked, else the browser's first we have, else English", () => {
  assert.equal(preferredLang(null, ['es-ES', 'en']), 'es');
  assert.equal(preferredLang(null, ['fr-FR', 'es-MX']), 'es');
  assert.equal(preferredLang(null, ['fr-FR']), 'en');
  assert.equal(preferredLang('en', ['es-ES']), 'en');
  assert.equal(preferredLang('xx', ['es']), 'es');
});

test("server errors are said in the page's language by their code", () => {
  const e = Object.assign(new Error('illegal move e1e2: not a diagonal step'), { code: 'illegal_move' });
  setLang('en');
  assert.equal(errorText(e), 'illegal move e1e2: not a diagonal step');
  setLang('es');
  assert.equal(errorText(e), 'Esa jugada no es válida en esta posición.');
  assert.equal(errorText(Object.assign(new Error('odd'), { code: 'new_code' })), 'odd');
  setLang('en');
});
