// The articles' routines in ryg (learn/routines.js, the one table of Learn's first lesson and of
// docs/engine.md): every routine name the five articles give is in it, every ryg function it
// names is in the file it links, both languages say what differs for each row, and
// docs/engine.md prints the same table. The articles are read from ../shared/seeds/ beside the
// checkout; without them the name check says it is skipped.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTINES, NOT_ROUTINES } from '../../assets/js/learn/routines.js';
import en from '../../assets/js/i18n/learn-en.js';
import es from '../../assets/js/i18n/learn-es.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const seeds = path.join(root, '../shared/seeds');
/** Whether this runs in the checkout (commonjs.test.mjs runs these tests in a copy of the page
 * alone, without the sources, the docs or the script). */
const checkout = fs.existsSync(path.join(root, 'scripts/gen-routines-doc.mjs'));
const outside = !checkout && 'SKIPPED: not in the checkout (no sources to read)';

/** The names a text gives routines: each “name” (a word of letters, digits and _), each
 * “jsr name” (and the other jumps: jmp, beq), and the captions of the listings' pictures
 * («Rutina pintaFila»). */
export function namesIn(text) {
  const out = new Set();
  for (const [, q] of text.matchAll(/“([^”]*)”/g)) {
    const jump = q.match(/^(?:jsr|jmp|beq|bne|bcc|bcs) ([A-Za-z_]\w*)$/);
    if (jump) out.add(jump[1]);
    else if (/^#?[A-Za-z_]\w*$/.test(q)) out.add(q);
  }
  for (const [, name] of text.matchAll(/^Rutina ([A-Za-z_]\w*)/gm)) out.add(name);
  return out;
}

const lower = (list) => new Set(list.map((n) => n.toLowerCase()));
const routineNames = lower(ROUTINES.flatMap((r) => r.names));
const otherNames = lower(Object.values(NOT_ROUTINES).flat());

test("names are read from the articles' quotes, jumps and captions", () => {
  const text =
    'la rutina “dameHijo” (“jsr evaluaArbol”, “beq djmFin”), “lda ($fb),y”, “RYG.asm”\nRutina pintaFila\nRutina “x y”';
  assert.deepEqual([...namesIn(text)].sort(), ['dameHijo', 'djmFin', 'evaluaArbol', 'pintaFila']);
});

test('every name the five articles give is a routine of the table or a name of another kind', (t) => {
  if (!fs.existsSync(seeds)) {
    t.skip(`SKIPPED: the articles are not at ${seeds}`);
    return;
  }
  const text = fs
    .readdirSync(seeds)
    .filter((f) => /^\d{3}_.*\.txt$/.test(f))
    .map((f) => fs.readFileSync(path.join(seeds, f), 'utf8'))
    .join('\n');
  const names = namesIn(text);
  // the articles name about seventy routines: an extraction that found few would be no check
  assert.ok(names.size > 100, `only ${names.size} names`);
  const missing = [...names].filter((n) => !routineNames.has(n.toLowerCase()) && !otherNames.has(n.toLowerCase()));
  assert.deepEqual(missing, [], 'names of the articles in neither list');
  // and nothing in the table that the articles do not name
  const given = lower([...names]);
  assert.deepEqual(
    [...routineNames].filter((n) => !given.has(n)),
    [],
  );
  assert.deepEqual(
    [...otherNames].filter((n) => !given.has(n)),
    [],
  );
  assert.deepEqual(
    [...routineNames].filter((n) => otherNames.has(n)),
    [],
    'a name in both lists',
  );
  // each row's posts are posts of the five (a title ends a line of their files)
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
  for (const r of ROUTINES)
    for (const p of r.posts)
      assert.ok(
        lines.some((l) => l.endsWith(p)),
        `${r.key}: «${p}» is not a post's title`,
      );
});

/** Whether `file` defines `item` (`Type::member`, `module::function` or a bare name): the last
 * part as a fn, const, static, struct, enum, field or enum variant; a `Type` as a struct, enum or
 * trait it implements or defines there. */
function defines(file, item) {
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  const parts = item.split('::');
  const name = parts[parts.length - 1];
  const member = new RegExp(
    `\\b(fn|const|static|struct|enum|type)\\s+${name}\\b|^\\s*pub ${name}:|^\\s*${name}(,|\\s*\\{|\\()`,
    'm',
  ).test(src);
  if (parts.length === 1 || !/^[A-Z]/.test(parts[0])) return member && (parts.length === 1 || file.includes(parts[0]));
  const owner = new RegExp(
    `\\b(struct|enum|trait)\\s+${parts[0]}\\b|\\bimpl(<[^>]*>)?\\s+(\\w+\\s+for\\s+)?${parts[0]}\\b`,
  ).test(src);
  return member && owner;
}

test('the definition check finds what is there and only that', { skip: outside }, () => {
  assert.ok(defines('crates/ryg/src/square.rs', 'Square::from_coords'));
  assert.ok(!defines('crates/ryg/src/square.rs', 'Square::from_offset'));
  assert.ok(!defines('crates/ryg/src/movebits.rs', 'Square::new'));
  assert.ok(!defines('crates/ryg/src/search/searcher.rs', 'Tree::root_moves'));
});

test('every ryg function of the table is in the file it links', { skip: outside }, () => {
  for (const r of ROUTINES) {
    for (const [fn, file] of r.ryg) {
      assert.ok(fs.existsSync(path.join(root, file)), `${r.key}: no file ${file}`);
      assert.ok(defines(file, fn), `${r.key}: ${file} does not define ${fn}`);
    }
  }
  // dameOffset turns (row, column) into a place: from_coords, not new (which takes a bit index)
  const coords = ROUTINES.find((r) => r.names.includes('dameOffset'));
  assert.equal(coords.ryg[0][0], 'Square::from_coords');
});

test('both languages say what differs for every row', () => {
  for (const r of ROUTINES) {
    assert.equal(typeof en[`lesson.routines.${r.key}`], 'string', r.key);
    assert.equal(typeof es[`lesson.routines.${r.key}`], 'string', r.key);
  }
});

test('docs/engine.md prints the same table', { skip: outside }, async () => {
  const { routinesTable, withTable } = await import('../../../../scripts/gen-routines-doc.mjs');
  const doc = fs.readFileSync(path.join(root, 'docs/engine.md'), 'utf8');
  assert.equal(withTable(doc, await routinesTable()), doc, 'run scripts/gen-routines-doc.mjs');
});
