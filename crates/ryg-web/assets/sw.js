// ryg's service worker. It keeps the page for use offline — one cache per release, filled when
// the release is installed, the old release's deleted once the new one takes over — and, where
// no ryg server answers (a static host, or the network gone), answers the page's /api/...
// questions with the engine in WebAssembly, so the page's modules do not know the difference.
// What only a server can do (stored games, friends, watching) is answered 503 `needs_server`.
//
// `ryg serve` and scripts/build-static write the release's VERSION and FILES into this file.
const VERSION = 'dev';
const FILES = [];
const CACHE = `ryg-${VERSION}`;
/** Where the site lives ('/' or a folder such as '/ryg/'): this script's folder. */
const BASE = new URL('./', self.location.href).pathname;
// the engine's loader (a worker may import scripts only as it starts)
importScripts(`${BASE}assets/js/engine.js`);

self.addEventListener('install', (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(BASE + f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('ryg-') && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (ev) => {
  const url = new URL(ev.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith(`${BASE}api/`)) {
    ev.respondWith(answerApi(ev.request, url));
  } else if (ev.request.method === 'GET') {
    ev.respondWith(fromCache(ev.request, url));
  }
});

/** A file of the page: the release's copy, else the network's (kept when it is the page's). */
async function fromCache(request, url) {
  const key = url.pathname === BASE || url.pathname === `${BASE}index.html` ? BASE : request;
  // (caches.match with a name, not caches.open: a worker replaced by a newer one must not
  // create its deleted cache again)
  const hit = await caches.match(key, { cacheName: CACHE, ignoreSearch: key === BASE });
  if (hit) return hit;
  return fetch(request);
}

let serverProbe = null;
/** Whether this worker has seen a ryg server here (then a failure is the network's). */
let serverSeen = false;
/** Whether a ryg server answers here: asked once per worker, again after a failure. */
function serverAnswers() {
  if (!serverProbe) {
    serverProbe = fetch('/api/config', { cache: 'no-store' }).then(
      (res) => {
        const json = res.ok && (res.headers.get('content-type') || '').includes('json');
        serverSeen ||= json;
        return json;
      },
      () => false,
    );
  }
  return serverProbe;
}

/** A question of the page: the server's answer where one answers, else the engine's. */
async function answerApi(request, url) {
  if (await serverAnswers()) {
    try {
      return await fetch(request);
    } catch (e) {
      // the server went away (offline): the engine answers what it can, the rest fails as the
      // network did (the page says the server does not answer)
      serverProbe = null;
      return (request.method === 'GET' && (await engineAnswer(url))) || Response.error();
    }
  }
  const answer = request.method === 'GET' && (await engineAnswer(url));
  if (answer) return answer;
  // a server's page whose server is gone fails as the network did; a static site's says why
  return serverSeen ? Response.error() : json(503, needsServer(url));
}

/** The engine's answer to `url`, or null where there is no engine. */
async function engineAnswer(url) {
  const call = await engine();
  if (!call) return null;
  const path = url.pathname.slice(url.pathname.indexOf('/api/'));
  try {
    const { status, body } = call(`GET ${path}${url.search}`);
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  } catch (e) {
    // the module stopped (out of memory, say): a fresh one answers the next question
    enginePromise = null;
    return json(500, { error: `the engine stopped: ${e.message}`, code: 'internal' });
  }
}

function needsServer(url) {
  return { error: `${url.pathname} needs a ryg server; this page runs without one`, code: 'needs_server' };
}

function json(status, value) {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
}

let enginePromise = null;
/** The engine (ryg.wasm beside this script), loaded once; null where there is none. */
function engine() {
  if (!enginePromise) {
    enginePromise = (async () => {
      try {
        const res = await fromCache(new Request(`${BASE}ryg.wasm`), new URL(`${BASE}ryg.wasm`, self.location.href));
        if (!res.ok) return null;
        return await self.rygLoadEngine(await res.arrayBuffer());
      } catch (e) {
        return null;
      }
    })();
  }
  return enginePromise;
}
