// A game as PGN text: copied from the shown game, or pasted to open a game (besides the
// file download and upload).
import { $, announce } from './dom.js';
import { state } from './state.js';
import { change, createGame } from './play.js';
import { t, errorText, pageError } from './i18n.js';
import { request } from './api.js';
import { engineInPage } from './offline.js';

/** The shown game's record, as the server writes it. */
async function pgnText(id) {
  let res;
  try {
    res = await request('GET', `/api/games/${id}/pgn`);
  } catch (e) {
    throw pageError('error.network', { why: e.message });
  }
  const text = await res.text();
  if (!res.ok) {
    let err = text;
    try {
      err = JSON.parse(text).error;
    } catch {
      /* plain text */
    }
    throw new Error(err);
  }
  return text;
}

/** "Download PGN" where the engine runs in the page (no service worker answers the link): the
 * record from the engine, saved as a file. Elsewhere the link itself. */
export async function downloadPgn(ev) {
  const g = state.game;
  if (!engineInPage() || !g || g.id === null) return;
  ev.preventDefault();
  let text;
  try {
    text = await pgnText(g.id);
  } catch (e) {
    $('hint-text').textContent = errorText(e);
    return;
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  a.download = `ryg-game-${g.id}.pgn`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Copies the shown game's PGN; where the clipboard is refused, puts it in the paste box,
 * selected, to be copied by hand. */
export async function copyPgn() {
  const g = state.game;
  if (!g || g.id === null) return;
  const note = $('hint-text');
  let text;
  try {
    text = await pgnText(g.id);
  } catch (e) {
    note.textContent = errorText(e);
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = t('pgn.copied');
    announce(t('pgn.copied'));
  } catch {
    $('pgn-box').open = true;
    const area = $('pgn-text');
    area.value = text;
    area.focus();
    area.select();
    note.textContent = t('pgn.selected');
    announce(t('pgn.selected'));
  }
}

/** Opens the PGN of the paste box as a new game (both sides at this board). */
export async function openPgn(ev) {
  if (ev) ev.preventDefault();
  const pgn = $('pgn-text').value;
  const err = $('pgn-error');
  err.textContent = '';
  if (!pgn.trim()) {
    err.textContent = t('pgn.empty');
    return;
  }
  let g;
  try {
    g = await createGame({ pgn, mouse: 'human', cats: 'human', hotseat: true });
  } catch (e) {
    err.textContent = errorText(e);
    $('pgn-text').focus();
    return;
  }
  if (await change(async () => g)) {
    $('pgn-text').value = '';
    $('pgn-box').open = false;
    // the opened game's board, which the paste box under it may have scrolled away
    if ($('status').getBoundingClientRect().top < 0) $('status').scrollIntoView({ block: 'start' });
    announce(t('pgn.opened', { n: g.moves.length }));
  }
}
