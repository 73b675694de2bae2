// The Spanish page read as a Spanish speaker reads it: no English word left in its strings, and
// every number written the Spanish way (17.717, 42,7; Intl.NumberFormat('es')), in the string
// tables and in what their functions write.
import test from 'node:test';
import assert from 'node:assert/strict';
import es from '../../assets/js/i18n/es.js';
import learnEs from '../../assets/js/i18n/learn-es.js';
import betterEs from '../../assets/js/i18n/better-es.js';
import { t, setLang, loadLang, loadLearnStrings, plies, fmt, fmtPct, minus } from '../../assets/js/i18n.js';

await loadLang('es');
setLang('es');
await loadLearnStrings();
setLang('en');

/** English words that have no place in a Spanish sentence (none is also a Spanish word). */
const ENGLISH = new Set([
  'the',
  'and',
  'of',
  'with',
  'to',
  'from',
  'for',
  'by',
  'at',
  'is',
  'are',
  'or',
  'on',
  'off',
  'this',
  'that',
  'it',
  'its',
  'default',
  'seed',
  'ply',
  'plies',
  'move',
  'moves',
  'depth',
  'node',
  'nodes',
  'board',
  'level',
  'search',
  'time',
  'wait',
  'waiting',
  'table',
  'tables',
  'check',
  'step',
  'next',
  'play',
  'win',
  'wins',
  'loss',
  'mouse',
  'cat',
  'cats',
  'game',
  'games',
  'score',
  'best',
  'first',
  'last',
  'transposition',
  'ordering',
  'history',
  'clock',
  'hint',
  'undo',
  'redo',
  'new',
  'fewer',
  'more',
  'less',
  'than',
  'after',
  'before',
  'only',
  'each',
  'every',
  'none',
  'yes',
]);

/** The words of a text a reader sees as words: quotes of the articles («…»), code, markup,
 * placeholders, notation (e1f2, ryg3-v10, $80) and names (evaluaTablero) left out. */
function words(text) {
  return text
    .replace(/«[^»]*»/g, ' ')
    .replace(/<code[^>]*>[\s\S]*?<\/code>/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\{\w+\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^\p{L}\p{N}_$:-]+/u)
    .filter((w) => w && !/[\d_$:]/.test(w) && !/[a-z][A-Z]/.test(w) && !/-/.test(w));
}

/** Numbers written the English way: a comma before three digits (17,717) or a point before
 * one, two or four digits or more (42.7, 0.25); quotes of the articles («…») and notation
 * (versions v0.1) aside. */
function englishNumbers(text) {
  const plain = text.replace(/«[^»]*»/g, ' ').replace(/\bv\d+(\.\d+)+/g, ' ');
  return [...plain.matchAll(/\d,\d{3}(?!\d)|\d\.(\d{1,2}|\d{4,})(?!\d)/g)].map((m) => m[0]);
}

/** Every table value as the page shows it: strings as written, functions called with sample
 * arguments (numbers where a number fits) — those that need other arguments are skipped. */
function shown(table) {
  const out = [];
  const sample = new Proxy({}, { get: (_, k) => (typeof k === 'string' ? 3 : undefined) });
  for (const [key, v] of Object.entries(table)) {
    if (typeof v === 'string') out.push([key, v]);
    else if (typeof v === 'function') {
      try {
        const s = v(sample);
        if (typeof s === 'string') out.push([key, s]);
      } catch {
        /* needs arguments of another kind */
      }
    }
  }
  return out;
}

const TABLES = { 'es.js': es, 'learn-es.js': learnEs, 'better-es.js': betterEs };

test('the Spanish strings have no English word left in them', () => {
  const found = [];
  for (const [name, table] of Object.entries(TABLES)) {
    for (const [key, text] of shown(table)) {
      const english = words(text).filter((w) => ENGLISH.has(w.toLowerCase()));
      if (english.length) found.push(`${name} ${key}: ${english.join(', ')} in «${text}»`);
    }
  }
  assert.deepEqual(found, []);
});

test('the Spanish strings write their numbers the Spanish way', () => {
  const found = [];
  for (const [name, table] of Object.entries(TABLES)) {
    for (const [key, text] of shown(table)) {
      const bad = englishNumbers(text);
      if (bad.length) found.push(`${name} ${key}: ${bad.join(', ')} in «${text}»`);
    }
  }
  assert.deepEqual(found, []);
});

test('the checks catch what they look for', () => {
  assert.deepEqual(words('la propia de ryg (default), tras e1f2, con evaluaTablero y ryg3-v10'), [
    'la',
    'propia',
    'de',
    'ryg',
    'default',
    'tras',
    'con',
    'y',
  ]);
  assert.deepEqual(englishNumbers('17,717 nodos en 42.7 ms; 17.717 y 42,7; «$4535 = 17.717»; v0.1'), ['7,717', '2.7']);
});

test('numbers and counts of moves, the Spanish way', () => {
  setLang('es');
  assert.equal(fmt(17717), '17.717');
  assert.equal(fmt(42.7, 1), '42,7');
  assert.equal(fmtPct(0.48), '48\u00a0%');
  // «jugada» is one side's move: beside the numbered list, how many each side made
  assert.equal(plies(44), '44 jugadas (22 por bando)');
  assert.equal(plies(43), '43 jugadas (22 de un bando y 21 del otro)');
  assert.equal(t('card.length', { plies: plies(14) }), 'La partida ha durado 14 jugadas (7 por bando).');
  assert.equal(t('lesson.techniques.fewer', { pct: fmtPct(0.48) }), 'un 48\u00a0% menos');
  assert.equal(
    t('levels.chance.mouse', { about: fmtPct(0.68), exact: fmtPct(0.6787, 2), sq: 'e1', n: 8 }),
    'Un ratón cuidadoso (la mejor jugada nueve veces de cada diez) le gana un 68\u00a0% de las veces (exactamente un 67,87\u00a0%, desde e1 en 8×8).',
  );
  // a true minus sign, in numbers and in what the engine sends (scores)
  assert.equal(fmt(-545), '\u2212545');
  assert.equal(minus('-13, (-8), ryg3-v10, 2022-05-16, a-1'), '\u221213, (\u22128), ryg3-v10, 2022-05-16, a-1');
  setLang('en');
  assert.equal(fmt(17717), '17,717');
  assert.equal(plies(44), '44 plies (22 moves)');
});

/** The literal text of a table's value: the string, or the quoted parts of a function's source
 * (its `${…}` left out). */
function literalText(v) {
  if (typeof v === 'string') return [v];
  return [...String(v).matchAll(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g)].map((m) =>
    m[0].replace(/\$\{[^}]*(\}|$)/g, ' '),
  );
}

/** What a Spanish string writes by hand that fmtPct or a true minus sign should write: a "%",
 * or a hyphen standing as a number's sign. */
function handWritten(text) {
  return [...text.matchAll(/%|(?:^|[\s([=:;,/])-\d+/g)].map((m) => m[0].trim());
}

test('the Spanish strings write no percentage and no minus sign by hand', () => {
  const found = [];
  for (const [name, table] of [
    ['es', es],
    ['learn-es', learnEs],
    ['better-es', betterEs],
  ]) {
    for (const [key, v] of Object.entries(table)) {
      for (const text of literalText(v)) for (const bad of handWritten(text)) found.push(`${name} ${key}: ${bad}`);
    }
  }
  assert.deepEqual(found, []);
});

test('the hand-written check catches a "%" and a hyphen for a minus', () => {
  assert.deepEqual(handWritten('un 40% menos; -32 y (-8)'), ['%', '-32', '(-8']);
  assert.deepEqual(handWritten('ryg3-v10, 2022-05-16, −32, 48\u00a0%'), ['%']);
  assert.deepEqual(
    literalText(({ n }) => `${n % 2} un ${n}% más`),
    ['`  un  % más`'],
  );
});
