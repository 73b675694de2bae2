// The page's languages: every string comes from one table per language (i18n/en.js,
// i18n/es.js), looked up by key. The language follows the browser's until the visitor picks one
// (remembered in localStorage); `<html lang>` follows. Only the tables in use are fetched: the
// page's English (the fallback), the visitor's language, and the Learn section's with it.
import en from './i18n/en.js';

export const LANGS = ['en', 'es'];

/** The loaded tables: the page's by language, and the Learn and Play better sections' once
 * they are opened. */
const page = { en };
const learn = {};
let learnWanted = false;
const better = {};
let betterWanted = false;
const people = {};
let peopleWanted = false;

let lang = 'en';

/** The language to start in: the one picked before, else the browser's first we have. */
export function preferredLang(stored, browserLangs) {
  if (stored && LANGS.includes(stored)) return stored;
  for (const l of browserLangs || []) {
    const base = String(l).toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

/** Fetches language `l`'s tables (the Learn section's too once it is wanted). */
export async function loadLang(l) {
  if (!LANGS.includes(l)) return;
  if (!page[l]) page[l] = (await import(`./i18n/${l}.js`)).default;
  if (learnWanted) {
    for (const k of new Set(['en', l])) if (!learn[k]) learn[k] = (await import(`./i18n/learn-${k}.js`)).default;
  }
  if (betterWanted) {
    for (const k of new Set(['en', l])) if (!better[k]) better[k] = (await import(`./i18n/better-${k}.js`)).default;
  }
  if (peopleWanted) {
    for (const k of new Set(['en', l])) if (!people[k]) people[k] = (await import(`./i18n/people-${k}.js`)).default;
  }
}

/** Fetches the Learn section's strings (in English and the current language). */
export function loadLearnStrings() {
  learnWanted = true;
  return loadLang(lang);
}

/** Fetches the Players section's strings (in English and the current language). */
export function loadPeopleStrings() {
  peopleWanted = true;
  return loadLang(lang);
}

/** Fetches the Play better section's strings (in English and the current language). */
export function loadBetterStrings() {
  betterWanted = true;
  return loadLang(lang);
}

export function currentLang() {
  return lang;
}
/** Switches to `l` (its tables loaded by `loadLang` first; else English). */
export function setLang(l) {
  lang = page[l] ? l : 'en';
}

function lookup(key) {
  for (const table of [page[lang], learn[lang], better[lang], people[lang], en, learn.en, better.en, people.en])
    if (table && key in table) return table[key];
  return undefined;
}

/** The text of `key` in the current language; `{name}` in it takes `args.name`. A table's value
 * may be a function of `args` (plurals, word order). */
export function t(key, args = {}) {
  const v = lookup(key);
  if (v === undefined) return key;
  if (typeof v === 'function') return minus(v(args));
  return minus(v.replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m)));
}

/** A hyphen that stands as a number's sign: at the start or after a space, bracket or
 * punctuation, before a digit ("-32", "(-545"), not inside a word or a date ("ryg3-v10"). */
const HYPHEN_MINUS = /(^|[\s([=:;,/])-(?=\d)/g;

/** `text` with true minus signs (−32) in Spanish, as Spanish typography writes a negative
 * number; unchanged in English. */
export function minus(text) {
  return lang === 'es' ? String(text).replace(HYPHEN_MINUS, '$1\u2212') : String(text);
}

/** `t(key, args)` as strings and nodes for `Element.append`: an argument that is a DOM node
 * (a command in a `<code>`) stands in the text as that node. */
export function tNodes(key, args = {}) {
  const nodes = Object.values(args).filter((v) => typeof v === 'object' && v !== null && 'nodeType' in v);
  if (!nodes.length) return [t(key, args)];
  const marked = Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, nodes.includes(v) ? `\u0000${nodes.indexOf(v)}\u0000` : v]),
  );
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks where a node goes; no text holds one
  const mark = /\u0000(\d+)\u0000/;
  return t(key, marked)
    .split(mark)
    .map((part, i) => (i % 2 ? nodes[Number(part)] : part))
    .filter((part) => part !== '');
}

/** A number as the current language writes it (Intl.NumberFormat: "17.717", "42,7" in
 * Spanish), with exactly `digits` decimals when given. */
export function fmt(n, digits) {
  const opts = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return minus(new Intl.NumberFormat(lang, opts).format(Number(n)));
}

/** A share (0.451) as a percentage the current language's way: "45.1%", "45,1 %" (the one way
 * the page writes a percentage: its strings never write "%" themselves). */
export function fmtPct(x, digits = 0) {
  return minus(
    new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(Number(x)),
  );
}

/** Whether `key` is in the tables. */
export function has(key) {
  return key in en || [learn, better, people].some((tables) => !!tables.en && key in tables.en);
}

/** A number of plies with its full moves: "43 plies (22 moves)". */
export function plies(n) {
  return t('units.plies', { n, moves: Math.ceil(n / 2) });
}

/** The words for an error of the server: its `code` translated (the server's own message in
 * English, which says more), else the message. */
export function errorText(e) {
  if (!e) return '';
  // the page's own words first (they may say more than the code's: where it was answered)
  if (e.key) return t(e.key, e.args);
  if (e.code && lang !== 'en' && has(`error.${e.code}`)) return t(`error.${e.code}`);
  return e.message || String(e);
}

/** An error the page shows: the server's `code` and HTTP `status`, or the tables' `key` and `args`.
 * @typedef {Error & { code?: string, status?: number, key?: string, args?: object }} PageError */

/** An Error whose words come from the tables (`key`, `args`). */
export function pageError(key, args) {
  const e = /** @type {PageError} */ (new Error(t(key, args)));
  e.key = key;
  e.args = args;
  return e;
}

/** Puts the current language into the document: `<html lang>`, the title, and every element
 * marked `data-i18n="key"` (its text) or `data-i18n-attr="attr:key attr:key"`. */
export function translateDocument(doc = document) {
  doc.documentElement.lang = lang;
  doc.title = t('page.title');
  for (const el of doc.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of doc.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(/\s+/)) {
      const [attr, key] = pair.split(':');
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}
