// The page with or without a ryg server. The service worker (sw.js, in the site's folder) keeps
// the page for use offline and, where no server answers (a static host), answers the page's
// /api/... questions with the engine in WebAssembly. On a first visit to such a host the page
// waits a moment for the worker to take over before it asks anything; where no worker can
// (a browser without them, an insecure origin), the page loads the same dispatcher (host.js)
// and engine itself and api.js asks it.
import { $ } from './dom.js';
import { setTableMax, renderLevelNote, TABLEBASE_MAX } from './levelnote.js';

/** The engine's host (host.js) in the page itself, where no worker took over and no server
 * answers (a browser without service workers, a private window, a plain-http:// address other
 * than localhost): a promise of its dispatcher, else null. */
let inPage = null;
export function engineInPage() {
  return inPage;
}

/** Whether this is the static site (scripts/build-static marks its page): no ryg server to ask. */
const isStatic = () =>
  /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="ryg-site"]'))?.content === 'static';

/** Registers the service worker; where no server answers, waits until it controls the page
 * (or, where it cannot, loads the engine into the page). */
export async function startWorker() {
  const workers = 'serviceWorker' in navigator;
  const registered = workers ? register() : Promise.resolve(false);
  if (workers && navigator.serviceWorker.controller) return;
  if (!isStatic() && (await serverAnswers())) return;
  if (await registered) {
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      setTimeout(resolve, 8000);
    });
  }
  if (!workers || !navigator.serviceWorker.controller) {
    inPage = loadInPage();
    document.body.dataset.worker = 'none';
  }
}

/** Registers sw.js; resolves to whether a worker will run (a registration with none is one the
 * browser will not run). A new release found meanwhile is offered (see offerUpdate). */
async function register() {
  try {
    const r = await navigator.serviceWorker.register('sw.js');
    watchUpdates(r);
    return !!(r && (r.installing || r.waiting || r.active));
  } catch {
    return false;
  }
}

/** Shows "A new version is ready — reload" once a new release is installed while this page
 * runs an earlier one; the page then reloads into it (every tab of the site does, as the new
 * worker takes over: none runs files of two releases). */
function watchUpdates(r) {
  const had = !!navigator.serviceWorker.controller;
  const offer = () => {
    if (r.waiting && navigator.serviceWorker.controller) offerUpdate(r.waiting);
  };
  offer();
  r.addEventListener('updatefound', () => {
    const w = r.installing;
    if (w)
      w.addEventListener('statechange', () => {
        if (w.state === 'installed') offer();
      });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (had) location.reload();
  });
}

function offerUpdate(worker) {
  const bar = $('update-ready');
  if (!bar) return;
  bar.hidden = false;
  $('update-reload').onclick = () => worker.postMessage('take-over');
}

/** Loads a plain script (`src` beside the page) by a <script> element. */
function script(src) {
  return new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.onload = resolve;
    el.onerror = reject;
    document.head.append(el);
  });
}

/** The dispatcher (host.js, the service worker's) with the engine (ryg.wasm beside the page)
 * in the page; null where there is none. The engine's glue, ryg.js (wasm-bindgen's, for a
 * plain script: the global `wasm_bindgen`), comes in by a <script> element. */
async function loadInPage() {
  try {
    await script('assets/host.js');
    await script('ryg.js');
    /* global rygHost, wasm_bindgen */
    // (plain scripts' global bindings, not properties of window)
    const host = rygHost(async () => {
      const glue = wasm_bindgen;
      await glue({ module_or_path: new URL('ryg.wasm', document.baseURI) });
      return glue;
    });
    return (await host.engine()) ? host : null;
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
  // no worker here (offline.js loaded the engine in the page): nothing kept for offline use
  $('no-worker').hidden = !(none && document.body.dataset.worker === 'none');
  // only what the browser's engine plays: its boards (up to 10×10), its exact results (its
  // tables: up to 8×8, so no `perfect` on 10×10)
  const sizeMax = (none && config.size_max) || Infinity;
  for (const o of $('size').options) o.hidden = o.disabled = Number(o.value) > sizeMax;
  if (Number($('size').value) > sizeMax) {
    $('size').value = '8';
    $('size').dispatchEvent(new Event('change'));
  }
  setTableMax((none && config.exact_max) || TABLEBASE_MAX);
  renderLevelNote();
  return none;
}
