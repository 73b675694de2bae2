// The visitor's choices, remembered in this browser: the language (else the browser's) and the
// theme (else the system's light or dark).
import { $ } from './dom.js';
import { preferredLang, setLang, loadLang, currentLang, translateDocument } from './i18n.js';

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode */
  }
}

/** Starts in the remembered or the browser's language; `changed()` runs after a switch. */
export async function initLang(changed) {
  const first = preferredLang(stored('ryg.lang'), navigator.languages || [navigator.language]);
  try {
    await loadLang(first);
  } catch {
    /* English, which is always there */
  }
  setLang(first);
  $('lang').value = currentLang();
  translateDocument();
  $('lang').addEventListener('change', async () => {
    try {
      await loadLang($('lang').value);
    } catch {
      /* stays in the language it has */
    }
    setLang($('lang').value);
    store('ryg.lang', currentLang());
    translateDocument();
    changed();
  });
}

export function initTheme() {
  const root = document.documentElement;
  const saved = stored('ryg.theme');
  if (saved === 'dark' || saved === 'light') root.dataset.theme = saved;
  const system = window.matchMedia ? matchMedia('(prefers-color-scheme: dark)') : null;
  const dark = () => (root.dataset.theme ? root.dataset.theme === 'dark' : !!system?.matches);
  const show = () => $('theme').setAttribute('aria-pressed', String(dark()));
  show();
  if (system) system.addEventListener('change', show);
  $('theme').addEventListener('click', () => {
    const next = dark() ? 'light' : 'dark';
    root.dataset.theme = next;
    store('ryg.theme', next);
    show();
  });
}
