// The page with or without a ryg server. The service worker (sw.js, at the site's root) keeps
// the page for use offline and, where no server answers (a static host), answers the page's
// /api/... questions with the engine in WebAssembly. On a first visit to such a host the page
// waits a moment for the worker to take over before it asks anything.
import { $ } from './dom.js';

/** Registers the service worker; where no server answers, waits until it controls the page. */
export async function startWorker() {
  if (!('serviceWorker' in navigator)) return;
  let registered;
  try { registered = navigator.serviceWorker.register(new URL('sw.js', location.href).pathname); } catch { return; }
  registered.catch(() => {});
  if (navigator.serviceWorker.controller || (await serverAnswers())) return;
  await new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    setTimeout(resolve, 8000);
  });
}

/** Whether a ryg server answers the page directly (not its service worker's engine). */
async function serverAnswers() {
  try {
    const res = await fetch('/api/config', { cache: 'no-store' });
    return res.ok && (res.headers.get('content-type') || '').includes('json');
  } catch {
    return false;
  }
}

/** Whether the page runs without a server (its questions answered in the browser): the
 * engine's /api/config says `"server": false`. Shows the note and hides what needs one. */
export function markServerless(config) {
  const none = !!config && config.server === false;
  document.body.dataset.server = none ? 'none' : 'yes';
  // a friend on another device is a server's (the computer's moves are the browser's engine's)
  $('friend-button').hidden = none;
  $('no-server').hidden = !none;
  return none;
}
