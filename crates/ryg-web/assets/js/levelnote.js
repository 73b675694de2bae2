// The level picker's words: what the chosen level does, and the exact chance that a careful
// player beats it (levels.js, from `ryg levels`), for the board, side and start on the form.
import { $, command } from './dom.js';
import { t, tNodes, fmtPct } from './i18n.js';
import { LEVEL_CHANCES, ENGINE_CHANCES } from './levels.js';

/** The largest board the server builds a tablebase for: beyond it there are no exact results,
 * and the computer's levels 1 to 9 search as many plies as their number. */
export const TABLEBASE_MAX = 10;

/** The larger boards whose tablebase the server reads from files (`ryg solve --size 12`
 * builds them), by size: `true` once `GET /api/tablebase` said it is there, `false` while absent. */
export const tableFiles = new Map();

/** Whether the server has exact results on `size`×`size`: built by itself up to
 * {@link TABLEBASE_MAX}, read from files beyond (12×12 once built). */
export function hasTable(size) {
  return size <= tableMax || tableFiles.get(size) === true;
}

/** The largest board with exact results here: {@link TABLEBASE_MAX} on a server, less where
 * the browser builds the tables (the static site: its /api/config's `exact_max`). */
let tableMax = TABLEBASE_MAX;
export function setTableMax(n) {
  tableMax = n;
}
export function exactMax() {
  return tableMax;
}

/** The `perfect` level plays from the tablebase: offered where {@link hasTable} only. */
export function fitLevels(size) {
  const perfect = $('level').querySelector('option[value="perfect"]');
  perfect.disabled = !hasTable(size);
  if (perfect.disabled && $('level').value === 'perfect') $('level').value = '9';
}

/** The chance (percent) that a careful player beats `level` played by the computer's side
 * `computer` on `size`×`size` from `start`; null where there is no exact figure. */
export function careful(size, computer, start, level) {
  const bySide = LEVEL_CHANCES[String(size)];
  const row = bySide?.[computer]?.[start];
  return row && level in row ? row[level] : null;
}

/** A chance given in percent (67.87) as the page writes percentages. */
function percent(p, digits) {
  return fmtPct(p / 100, digits);
}

/** The chance (percent) that a careful player beats the articles' program `spec` ("ryg3-v10@8")
 * playing `computer` from `start`; null where there is no figure (boards other than 8×8). */
export function engineChance(spec, computer, start, size) {
  const row = size === 8 && ENGINE_CHANCES[spec] && ENGINE_CHANCES[spec][computer];
  return row && start in row ? row[start] : null;
}

/** What a careful player's chance `p` (percent) against the computer playing `computer` says;
 * null without a figure. */
function chanceText(size, computer, start, p) {
  if (p === null) return null;
  return t(`levels.chance.${computer === 'cats' ? 'mouse' : 'cats'}`, {
    about: percent(Math.round(p), 0),
    exact: percent(p, 2),
    sq: start,
    n: size,
  });
}

/** Fills the note under the Level choice. */
export function renderLevelNote() {
  const size = parseInt($('size').value, 10);
  fitLevels(size);
  const start = $('start').value;
  const level = $('level').value;
  const seat = $('seat').value;
  const at = level.indexOf('@');
  if (at > 0) {
    // one of the articles' programs: its depth is its level; the chance against it, as against
    // a level, from `ryg levels --engine` (levels.js)
    const engine = level.slice(0, at);
    const title = t(`engine.${engine}`);
    const parts = [
      t(`levels.mean.engine.${engine.startsWith('ryg1') ? 'ryg1' : 'ryg3'}`, { title, depth: level.slice(at + 1) }),
    ];
    if (seat !== 'both')
      parts.push(
        chanceText(
          size,
          seat === 'cats' ? 'mouse' : 'cats',
          start,
          engineChance(level, seat === 'cats' ? 'mouse' : 'cats', start, size),
        ) ?? t('levels.engineOnly8'),
      );
    $('level-note').textContent = parts.join(' ');
    return;
  }
  const name = level === 'random' || level === 'perfect' ? t(`level.${level}`) : level;
  const numbered = size > TABLEBASE_MAX ? 'levels.mean.search' : 'levels.mean.n';
  const noTable = tableFiles.has(size)
    ? hasTable(size)
      ? 'levels.filesTable'
      : 'levels.buildTable'
    : 'levels.noTable';
  // the plain words first (a fair opponent that sometimes slips), the exact figures after
  const parts = [
    t(level === 'random' || level === 'perfect' ? `levels.mean.${level}` : numbered, {
      name,
      plain: t(`levels.plain.${level}`),
    }),
  ];
  if (seat === 'both') parts.push(t('levels.noComputer'));
  else {
    // the careful player plays the other side of the computer's (watching: as if against the cats)
    const computer = seat === 'cats' ? 'mouse' : 'cats';
    const p = careful(size, computer, start, level);
    if (p === null)
      parts.push(
        tNodes(size > TABLEBASE_MAX ? noTable : 'levels.noFigure', {
          n: size,
          cmd: command(`ryg solve --size ${size}`),
        }),
      );
    else parts.push(chanceText(size, computer, start, p));
  }
  // a part is a text, or texts and nodes (tNodes): one space between parts
  $('level-note').replaceChildren(...parts.flatMap((part, i) => (i ? [' '] : []).concat(part)));
}
