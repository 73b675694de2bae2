// The board lesson's look at RYG's memory: the position as RYG's 85-byte board
// («RYG: estructura de datos del tablero»: level, turn, value, parent, eight children, then the
// 8 × 8 matrix; later a 3-byte prefix made it 88) beside ryg's bit boards for the
// same position (from `/api/bits`), and the table of the articles' routines and the ryg
// functions that do their jobs.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText } from '../i18n.js';
import { parseFen, sqCoords } from '../fen.js';
import { ROUTINES } from './routines.js';

/** RYG's fields before the matrix: (offset, bytes, key). */
/** @type {[number, number, string][]} */
const FIELDS = [
  [0, 1, 'level'],
  [1, 1, 'turn'],
  [2, 1, 'value'],
  [3, 2, 'parent'],
  [5, 16, 'children'],
];
/** Where the matrix starts: «empieza en el offset 21 de la estructura de datos» («RYG:
 * rutinas para manejar tableros»). */
const MATRIX = 21;

const hex2 = (b) => b.toString(16).toUpperCase().padStart(2, '0');

/** RYG's 85 bytes for an 8×8 position. RYG's board is ryg's seen in a mirror: its (row,
 * column), row 0 on the cats' side and column 0 on the left of its screen, is ryg's file
 * 7 − column, rank 7 − row (its mouse starts on (7, 3), ryg's on e1). */
export function rygBytes(fen) {
  const pos = parseFen(fen);
  const bytes = new Array(85).fill(0);
  bytes[1] = pos.side === 'm' ? 0x01 : 0xff;
  for (const [sq, piece] of pos.cells) {
    const [file, rank] = sqCoords(sq);
    const row = 7 - rank;
    const col = 7 - file;
    bytes[MATRIX + 8 * row + col] = piece === 'm' ? 0x01 : 0xff;
  }
  return bytes;
}

export function rygMemoryHtml() {
  return `<section class="box ryg-memory" aria-labelledby="rm-title">
    <h3 id="rm-title">${t('lesson.memory.title')}</h3>
    <p>${t('lesson.memory.p1')}</p>
    <div id="rm-out" class="rm-out" aria-live="polite"></div>
  </section>`;
}

/** Draws `fen` both ways (8×8 only: RYG's board was 8 × 8). */
export async function showRygMemory(fen) {
  const out = $('rm-out');
  if (!out) return;
  const pos = parseFen(fen);
  if (pos.size !== 8) {
    out.innerHTML = `<p class="note">${t('lesson.memory.only8')}</p>`;
    return;
  }
  const mouse = [...pos.cells].find(([, p]) => p === 'm')[0];
  let b;
  try {
    b = await api('GET', `/api/bits?fen=${encodeURIComponent(fen)}&square=${mouse}`);
  } catch (e) {
    out.textContent = errorText(e);
    return;
  }
  if (!$('rm-out')) return;
  const bytes = rygBytes(fen);
  const fieldRows = FIELDS.map(([at, n, key]) => {
    // eight bytes a line, as the 88-byte boards lined up in the debugger
    const lines = [];
    for (let i = at; i < at + n; i += 8)
      lines.push(
        bytes
          .slice(i, Math.min(i + 8, at + n))
          .map(hex2)
          .join(' '),
      );
    const shown = key === 'value' ? '—' : lines.join('\n');
    return `<tr><th scope="row">${at}${n > 1 ? `–${at + n - 1}` : ''}</th><td>${t(`lesson.memory.field.${key}`)}</td><td><code>${shown}</code></td></tr>`;
  }).join('');
  const matrixRows = Array.from({ length: 8 }, (_, row) => {
    const at = MATRIX + 8 * row;
    return `<tr data-row="${row}"><th scope="row">${at}–${at + 7}</th><td>${t('lesson.memory.row', { row })}</td><td><code>${bytes
      .slice(at, at + 8)
      .map(hex2)
      .join(' ')}</code></td></tr>`;
  }).join('');
  // ryg: the cats' bits are the board's dark squares that are neither empty nor the mouse
  const big = (h) => BigInt(h);
  const cats = big(b.board.hex) & ~big(b.empty.hex) & ~big(b.piece.hex);
  const catsHex = `0x${cats.toString(16).padStart(16, '0')}`;
  // each side scrolls on its own on a narrow screen: focusable, so the keyboard scrolls it too
  out.innerHTML = `<div class="rm-side" tabindex="0" role="region" aria-label="${esc(t('lesson.memory.rygCaption'))}"><table class="depths rm-ryg" data-bytes="${bytes.length}"><caption>${t('lesson.memory.rygCaption')}</caption>
      <thead><tr><th scope="col">${t('lesson.memory.offset')}</th><th scope="col">${t('lesson.memory.field')}</th><th scope="col">${t('lesson.memory.bytes')}</th></tr></thead>
      <tbody>${fieldRows}${matrixRows}</tbody></table>
      <p class="note">${t('lesson.memory.padding')}</p></div>
    <div class="rm-side" tabindex="0" role="region" aria-label="${esc(t('lesson.memory.bitsCaption'))}"><table class="depths rm-bits"><caption>${t('lesson.memory.bitsCaption')}</caption>
      <thead><tr><th scope="col">${t('lesson.memory.field')}</th><th scope="col">${t('lesson.board.hex')}</th><th scope="col">${t('lesson.board.squares')}</th></tr></thead>
      <tbody><tr data-bits="cats"><th scope="row">${t('lesson.memory.cats')}</th><td><code>${catsHex}</code></td><td>${esc(
        [...pos.cells]
          .filter(([, p]) => p === 'c')
          .map(([s]) => s)
          .join(' '),
      )}</td></tr>
      <tr data-bits="mouse"><th scope="row">${t('lesson.memory.mouse', { i: b.index })}</th><td><code>${esc(b.piece.hex)}</code></td><td>${esc(b.square)}</td></tr>
      <tr><th scope="row">${t('lesson.memory.side')}</th><td><code>${pos.side === 'm' ? 'm' : 'c'}</code></td><td>${t(pos.side === 'm' ? 'lesson.memory.mouseToMove' : 'lesson.memory.catsToMove')}</td></tr></tbody></table>
      <p class="note">${t('lesson.memory.bitsNote')}</p></div>`;
}

/** The articles' routines and the ryg functions that do their jobs (routines.js: the same table
 * as docs/engine.md's): routine names, the posts by title, ryg's functions with their source
 * files; `lesson.routines.<key>` says what differs. */
export function routinesHtml() {
  const lines = (list) => list.map((x) => `<code>${esc(x)}</code>`).join('<br>');
  const rows = ROUTINES.map(
    ({ key, names, posts, ryg }) =>
      `<tr data-routine="${key}"><th scope="row">${lines(names)}</th><td>${posts.map((p) => `«${esc(p)}»`).join('<br>')}</td><td>${ryg.map(([fn, file]) => `<code>${esc(fn)}</code> <code class="path">${esc(file)}</code>`).join('<br>')}</td><td>${t(`lesson.routines.${key}`)}</td></tr>`,
  ).join('');
  return `<section class="box routines" aria-labelledby="rt-title"><h3 id="rt-title">${t('lesson.routines.title')}</h3>
    <p>${t('lesson.routines.p1')}</p>
    <div class="scroll"><table class="depths rt-table"><thead><tr><th scope="col">${t('lesson.routines.routine')}</th><th scope="col">${t('lesson.routines.post')}</th><th scope="col">ryg</th><th scope="col">${t('lesson.routines.differs')}</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
