// Small helpers on the page's document: look up by id, the error line, the screen reader's
// announcements, escaping text put into HTML.
import { errorText } from './i18n.js';

/** The element with id `id` (typed `any`: the page's ids name inputs, selects, dialogs, buttons…). @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

/** Shows error `e` (from the server or the page) in the page's language, or clears it. */
export function showError(e) {
  $('error').textContent = errorText(e);
}

/** Says `text` to screen readers (the live region is emptied first so a repeat is said again). */
export function announce(text) {
  const el = $('announce');
  el.textContent = '';
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}

/** A command to type (`ryg solve --size 12`) as a `<code>` that does not break inside. */
export function command(text) {
  const code = document.createElement('code');
  code.className = 'command';
  code.textContent = text;
  return code;
}

export function esc(s) {
  return String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
