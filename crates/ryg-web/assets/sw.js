// ryg's service worker. It keeps the page for use offline — one cache per release, filled when
// the release is installed, the old release's deleted once the new one takes over — and, where
// no ryg server answers (a static host, or the network gone), answers the page's /api/...
// questions with the engine in WebAssembly, so the page's modules do not know the difference.
// Games against the computer are the engine's too (the server's game service, built into the
// module): their rows are kept in IndexedDB (loaded when the engine starts, saved after each
// change), and a game's event stream is answered here, one event per change. What only a server
// can do (a friend on another device, watching others' games) is answered 503 `needs_server`.
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
  const answer = await engineAnswer(url, request);
  if (answer) return answer;
  // a server's page whose server is gone fails as the network did; a static site's says why
  return serverSeen ? Response.error() : json(503, needsServer(url));
}

/** The engine's answer to `url` (`request`: its method, seat token and body; a GET without),
 * or null where there is no engine. */
async function engineAnswer(url, request) {
  const method = request ? request.method : 'GET';
  const call = await engine();
  if (!call) return null;
  const path = url.pathname.slice(url.pathname.indexOf('/api/'));
  const auth = request && request.headers.get('Authorization');
  const token = auth && auth.startsWith('Bearer ') ? auth.slice(7) : undefined;
  const body = method === 'GET' ? undefined : await request.text();
  const game = path.match(/^\/api\/games\/([\w-]+)(\/events)?$/);
  try {
    if (method === 'GET' && game && game[2]) return eventStream(call, game[1]);
    const { status, body: answer } = call(`${method} ${path}${url.search}`, { token, body });
    if (method !== 'GET') await saveChanged(call);
    // a game's record is text, like the server's; every other answer JSON
    const type = status === 200 && path.endsWith('/pgn') ? 'text/plain; charset=utf-8' : 'application/json';
    return new Response(answer, { status, headers: { 'Content-Type': type } });
  } catch (e) {
    // the module stopped (out of memory, say): a fresh one answers the next question
    enginePromise = null;
    return json(500, { error: `the engine stopped: ${e.message}`, code: 'internal' });
  }
}

/** Game `id`'s event stream: the game now, then one event per change (see `publish`). */
const streams = new Map();
function eventStream(call, id) {
  let ctrl;
  const stream = new ReadableStream({
    start(c) {
      ctrl = c;
      if (!streams.has(id)) streams.set(id, new Set());
      streams.get(id).add(c);
      send(c, call(`GET /api/games/${id}/events`));
    },
    cancel() { const set = streams.get(id); if (set) set.delete(ctrl); },
  });
  return new Response(stream, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' } });
}

function send(c, { status, body }) {
  if (status !== 200) return;
  const { version } = JSON.parse(body);
  c.enqueue(new TextEncoder().encode(`event: game\nid: ${version}\ndata: ${body}\n\n`));
}

/** Saves the games the last change changed (IndexedDB) and sends each to its streams. */
async function saveChanged(call) {
  const rows = JSON.parse(call('GET /store/changed').body);
  if (!rows.length) return;
  for (const row of rows) {
    for (const c of streams.get(row.public_id) || []) {
      try { send(c, call(`GET /api/games/${row.public_id}/events`)); } catch { /* closed */ }
    }
  }
  try {
    const db = await openDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction('games', 'readwrite');
      // the row as the engine wrote it (JSON text: its seed beyond 2^53 kept exactly)
      for (const { id, row } of rows) tx.objectStore('games').put({ id, row });
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  } catch (e) {
    // not kept (private browsing without storage): the games last as long as this worker
  }
}

/** The browser's game store (IndexedDB `ryg`, object store `games`, keyed by the game's id). */
function openDb() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('ryg', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('games', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** The games kept in IndexedDB, given to a fresh engine. */
async function loadGames(call) {
  try {
    const db = await openDb();
    const rows = await new Promise((resolve, reject) => {
      const req = db.transaction('games').objectStore('games').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (rows.length) call('POST /store/load', { body: JSON.stringify(rows.map((r) => r.row)) });
  } catch (e) {
    // no IndexedDB: no games kept
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
        const call = await self.rygLoadEngine(await res.arrayBuffer());
        await loadGames(call);
        return call;
      } catch (e) {
        return null;
      }
    })();
  }
  return enginePromise;
}
