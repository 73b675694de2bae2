// Small helpers on the page's document: look up by id, the error line, the screen reader's
// announcements, escaping text put into HTML.

export const $ = (id) => document.getElementById(id);

export function showError(e) { $('error').textContent = e ? (e.message || String(e)) : ''; }

/** Says `text` to screen readers (the live region is emptied first so a repeat is said again). */
export function announce(text) {
  const el = $('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

export function esc(s) {
  return String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}
