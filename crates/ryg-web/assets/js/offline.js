// The page with or without a ryg server. The service worker (sw.js, at the site's root) keeps
// the page for use offline and, where no server answers (a static host), answers the page's
// /api/... questions with the engine in WebAssembly. On a first visit to such a host the page
// waits a moment for the worker to take over before it asks anything; where no worker can
// (a browser without them), the page loads the engine itself and api.js asks it.
import { $ } from './dom.js';

/** The engine loaded in the page itself, where no worker took over and no server answers (a
 * browser without service workers, a private window): a promise of `call`, else null. */
let inPage = null;
export function engineInPage() { return inPage; }

/** Registers the service worker; where no server answers, waits until it controls the page
 * (or, where it cannot, loads the engine into the page). */
export async function startWorker() {
  const workers = 'serviceWorker' in navigator;
  const registered = workers ? register() : Promise.resolve(false);
  if (workers && navigator.serviceWorker.controller) return;
  if (await serverAnswers()) return;
  if (await registered) {
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(resolve, 8000);
    });
  }
  if (!workers || !navigator.serviceWorker.controller) inPage = loadInPage();
}

/** Registers sw.js; resolves to whether a worker will run (a registration with none is one the
 * browser will not run). */
async function register() {
  try {
    const r = await navigator.serviceWorker.register(new URL('sw.js', location.href).pathname);
    return !!(r && (r.installing || r.waiting || r.active));
  } catch {
    return false;
  }
}

/** The engine (ryg.wasm beside the page), in the page: its `call(request, token, body)` →
 * {status, body}; null where there is none. Its glue, ryg.js (wasm-bindgen's, for a plain
 * script: the global `wasm_bindgen`), comes in by a <script> element. */
async function loadInPage() {
  try {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL('ryg.js', location.href).href;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
    // (a plain script's global binding, not a property of window)
    // eslint-disable-next-line no-undef
    const glue = wasm_bindgen;
    await glue({ module_or_path: new URL('ryg.wasm', location.href) });
    return glue.call;
  } catch {
    return null;
  }
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
