// No function of the page's own JavaScript (assets/js/**, assets/sw.js) runs over 100 lines,
// as crates/ryg/tests/structure.rs holds the Rust to it (issue 44). A small lexer (comments,
// strings, template literals, regular expressions) and bracket matching find each function's
// body: `function` declarations and expressions, methods, and arrow functions with a block.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIMIT = 100;
const assets = fileURLToPath(new URL('../../assets/', import.meta.url));

function jsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsFiles(path));
    else if (name.endsWith('.js')) out.push(path);
  }
  return out;
}

// a `/` after one of these (or at the start) opens a regular expression, not a division
const BEFORE_REGEX = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
  '=>',
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);
const WORD = /[A-Za-z0-9_$]/;

function skipString(src, i, line, quote) {
  for (i++; i < src.length && src[i] !== quote; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '\n') line.n++;
  }
  return i + 1;
}

function skipRegex(src, i) {
  let inClass = false;
  for (i++; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) break;
  }
  for (i++; i < src.length && WORD.test(src[i]); i++);
  return i;
}

// The tokens of `src` that matter here: words and punctuation, each with its line. A template
// literal's `${` opens a brace that its `}` closes, so its text is skipped between them.
function tokenize(src) {
  const tokens = [];
  const line = { n: 1 };
  const templates = []; // brace depth at each open `${`
  let depth = 0;
  let i = 0;
  const last = () => (tokens.length ? tokens[tokens.length - 1].t : ';');
  const skipTemplate = (j) => {
    for (; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === '\n') line.n++;
      else if (src[j] === '`') return j + 1;
      else if (src[j] === '$' && src[j + 1] === '{') {
        templates.push(depth);
        depth++;
        tokens.push({ t: '(', line: line.n }); // a neutral bracket for the interpolation
        return j + 2;
      }
    }
    return j;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') {
      line.n++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      line.n += src.slice(i, end).split('\n').length - 1;
      i = end + 2;
    } else if (c === '"' || c === "'") {
      i = skipString(src, i, line, c);
      tokens.push({ t: 'str', line: line.n });
    } else if (c === '`') {
      i = skipTemplate(i + 1);
      if (!templates.length || src[i - 1] === '`') tokens.push({ t: 'str', line: line.n });
    } else if (c === '/' && BEFORE_REGEX.has(last())) {
      i = skipRegex(src, i);
      tokens.push({ t: 'str', line: line.n });
    } else if (WORD.test(c)) {
      let j = i;
      while (j < src.length && WORD.test(src[j])) j++;
      tokens.push({ t: src.slice(i, j), line: line.n });
      i = j;
    } else if (c === '=' && src[i + 1] === '>') {
      tokens.push({ t: '=>', line: line.n });
      i += 2;
    } else if (c === '}' && templates.length && templates[templates.length - 1] === depth - 1) {
      templates.pop();
      depth--;
      tokens.push({ t: ')', line: line.n });
      i = skipTemplate(i + 1);
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      tokens.push({ t: c, line: line.n });
      i++;
    }
  }
  return tokens;
}

const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'function']);

// Each function body in `src`: its name (as near as the source says) and first and last lines.
export function functions(src) {
  const tokens = tokenize(src);
  const match = new Map();
  const stack = [];
  tokens.forEach((tok, k) => {
    if ('({['.includes(tok.t)) stack.push(k);
    else if (')}]'.includes(tok.t)) match.set(stack.pop(), k);
  });
  const opener = new Map([...match].map(([a, b]) => [b, a]));
  const found = [];
  tokens.forEach((tok, k) => {
    if (tok.t !== '{' || k === 0) return;
    let name = null;
    const prev = tokens[k - 1].t;
    if (prev === '=>') {
      const before = tokens[k - 2];
      const start = before.t === ')' ? opener.get(k - 2) : k - 2;
      const eq = tokens[start - 1];
      name = eq && (eq.t === '=' || eq.t === ':') ? tokens[start - 2].t : '(arrow)';
    } else if (prev === ')') {
      const open = opener.get(k - 1);
      const head = tokens[open - 1];
      if (!head) return;
      if (head.t === 'function') name = '(function)';
      else if (WORD.test(head.t[0]) && !NOT_METHODS.has(head.t)) name = head.t;
      else return;
    } else return;
    const end = match.get(k);
    found.push({ name, first: tok.line, last: tokens[end].line });
  });
  return found;
}

test('the scanner finds declarations, methods and arrows, and skips strings and blocks', () => {
  const src = [
    'function a(x) {',
    '  if (x) { return "}"; }',
    '  const re = /[}]/g;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source the scanner reads
    '  return `${x}}`;',
    '}',
    'const b = (y) => {',
    '  for (;;) {}',
    '};',
    'const o = { c(z) {',
    '  return 1;',
    '} };',
  ].join('\n');
  assert.deepEqual(
    functions(src).map((f) => [f.name, f.first, f.last]),
    [
      ['a', 1, 5],
      ['b', 6, 8],
      ['c', 9, 11],
    ],
  );
});

test(`no function of the page's JavaScript is over ${LIMIT} lines`, () => {
  const long = [];
  for (const path of jsFiles(assets)) {
    for (const f of functions(readFileSync(path, 'utf8'))) {
      const lines = f.last - f.first + 1;
      if (lines > LIMIT) long.push(`${relative(assets, path)}:${f.first} ${f.name} (${lines} lines)`);
    }
  }
  assert.deepEqual(long, [], `split these into smaller functions:\n${long.join('\n')}`);
});
