// The engine's host: answers the page's /api/... questions with the engine in WebAssembly where
// no ryg server does, for the service worker (sw.js, importScripts) and for the page itself
// where no worker runs (offline.js, a <script>) — one dispatcher for both. Games against the
// computer are the engine's (the server's game service, built into the module): their rows are
// kept in IndexedDB (loaded when the engine starts, saved after each change), and a followed
// game gets one event per change. The 10×10 table, once the page has built it (in a Web Worker:
// assets/table.js) and kept it in IndexedDB (`ryg-tables`), is read into the engine when a
// question needs it. A plain script (no module): it defines the global `rygHost`.
// biome-ignore lint/correctness/noUnusedVariables: the global this plain script defines
function rygHost(start) {
  const h = {
    start,
    /** the engine, started once (a promise of its `call`, or of null) */
    started: null,
    /** why the engine stopped, once it has (then this host answers with it no more) */
    stopped: null,
    /** game id → the functions following it (each gets the game's JSON text per change) */
    followers: new Map(),
    /** game id → its alarm: the moment its running clock reaches zero (see hostWatchClock) */
    alarms: new Map(),
    /** the questions on games, one at a time (see hostAnswer) */
    queue: Promise.resolve(),
    /** the engine's `load_table(size, bytes)` → {status, body} */
    loadTable: null,
    /** the sizes whose kept table this engine has read in (or tried to) */
    tablesRead: new Set(),
  };
  return {
    engine: () => hostEngine(h),
    answer: (method, path, token, body) => hostAnswer(h, method, path, token, body),
    follow: (id, onGame) => hostFollow(h, id, onGame),
  };
}

/** The engine's `call(request, token, body)` → {status, body}, started once with the games
 * kept in IndexedDB; null where there is none (`start()`: the host's loader). */
function hostEngine(h) {
  if (!h.started) {
    h.started = (async () => {
      try {
        // `start()`: the engine's glue, its functions `call` and `load_table`
        const engine = await h.start();
        if (!engine) return null;
        h.loadTable = engine.load_table;
        await hostLoadGames(engine.call);
        // a table kept in this browser (10×10's) counts as there: read in when first needed
        for (const size of await hostKeptTables()) engine.call('POST /store/kept', undefined, String(size));
        return engine.call;
      } catch {
        return null;
      }
    })();
  }
  return h.started;
}

function hostJson(status, value) {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
}

function hostStopped(h) {
  const error = `the engine stopped (${h.stopped}); close this site's tabs and open it again`;
  return hostJson(500, { error, code: 'internal' });
}

/** The engine's answer to `method path` (`path`: from `/api/`, with its query; `token`: the
 * seat's; `body`: JSON text or undefined) as a Response; null where there is no engine. */
async function hostAnswer(h, method, path, token, body) {
  if (h.stopped) return hostStopped(h);
  const call = await hostEngine(h);
  if (!call) return null;
  // the page has built and kept a table (10×10's): read it in now
  const built = method === 'POST' && /^\/api\/tablebase\/(\d+)$/.exec(path);
  if (built) return hostReadTable(h, Number(built[1]), true);
  if (!path.startsWith('/api/games')) return hostCall(h, call, method, path, token, body);
  // a game question: one at a time, each with the games as IndexedDB holds them now — another
  // engine of this origin (a second copy of the site, a second tab without a worker) may have
  // created or changed some since, and a game's number is the next free one
  const run = h.queue.then(async () => {
    await hostLoadGames(call);
    return hostCall(h, call, method, path, token, body);
  });
  h.queue = run.catch(() => {});
  return run;
}

async function hostCall(h, call, method, path, token, body) {
  try {
    let { status, body: text } = call(`${method} ${path}`, token, method === 'GET' ? undefined : body);
    // a table not read in yet (nothing was changed: the engine refuses before it stores):
    // read it from IndexedDB, then ask again; memory short, say that instead
    if (status === 409 && JSON.parse(text).code === 'tablebase_absent') {
      const read = await hostReadTable(h, 10, false);
      if (read && read.status === 200)
        ({ status, body: text } = call(`${method} ${path}`, token, method === 'GET' ? undefined : body));
      else if (read) return read;
    }
    if (method !== 'GET') await hostSaveChanged(h, call);
    // a game's record is text, like the server's; every other answer JSON
    const type =
      status === 200 && path.split('?')[0].endsWith('/pgn') ? 'text/plain; charset=utf-8' : 'application/json';
    return new Response(text, { status, headers: { 'Content-Type': type } });
  } catch (e) {
    // the module stopped (out of memory, say). wasm-bindgen's glue starts its module once per
    // worker or page, so this engine is gone: a fresh one comes with the site opened again
    h.stopped = e.message;
    return hostStopped(h);
  }
}

/** Follows game `id`: `onGame(text)` now and after each change; returns the unfollow. */
async function hostFollow(h, id, onGame) {
  const call = await hostEngine(h);
  if (!call || h.stopped) return () => {};
  if (!h.followers.has(id)) h.followers.set(id, new Set());
  h.followers.get(id).add(onGame);
  hostTell(h, onGame, call(`GET /api/games/${id}/events`));
  return () => {
    const set = h.followers.get(id);
    if (set) set.delete(onGame);
  };
}

function hostTell(h, onGame, { status, body }) {
  if (status !== 200) return;
  onGame(body);
  hostWatchClock(h, JSON.parse(body));
}

/** As the server does, ends a followed game on time at the moment its running clock reaches
 * zero, not at the next request: an alarm then asks the engine to flag it (`POST /store/flag`),
 * and the change goes to the game's followers and IndexedDB. Each change of the game sets it
 * again; a game over or a stopped clock has none. */
function hostWatchClock(h, game) {
  const id = game.public_id;
  clearTimeout(h.alarms.get(id));
  h.alarms.delete(id);
  const clock = game.clock;
  if (!clock?.running || game.outcome) return;
  const left = clock.running === 'mouse' ? clock.mouse_ms : clock.cats_ms;
  h.alarms.set(
    id,
    setTimeout(async () => {
      h.alarms.delete(id);
      const call = await hostEngine(h);
      if (!call || h.stopped) return;
      try {
        const { status, body } = call('POST /store/flag', undefined, id);
        await hostSaveChanged(h, call);
        // not down yet (the clocks' rounding): wait again
        if (status === 200 && !JSON.parse(body).outcome) hostWatchClock(h, JSON.parse(body));
      } catch {
        // the engine stopped: the next request says so
      }
    }, Math.max(0, left) + 10),
  );
}

/** Saves the games the last change changed (IndexedDB) and sends each to its followers. */
async function hostSaveChanged(h, call) {
  const rows = JSON.parse(call('GET /store/changed').body);
  if (!rows.length) return;
  for (const row of rows) {
    for (const onGame of h.followers.get(row.public_id) || []) {
      try {
        hostTell(h, onGame, call(`GET /api/games/${row.public_id}/events`));
      } catch {
        /* closed */
      }
    }
  }
  try {
    const db = await hostOpenDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction('games', 'readwrite');
      // the row as the engine wrote it (JSON text: its seed beyond 2^53 kept exactly)
      for (const { id, row } of rows) tx.objectStore('games').put({ id, row });
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  } catch {
    // not kept (private browsing without storage): the games last as long as this engine
  }
}

/** The games kept in IndexedDB, given to a fresh engine. */
async function hostLoadGames(call) {
  try {
    const db = await hostOpenDb();
    const rows = await new Promise((resolve, reject) => {
      const req = db.transaction('games').objectStore('games').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    if (rows.length) call('POST /store/load', undefined, JSON.stringify(rows.map((r) => r.row)));
  } catch {
    // no IndexedDB: no games kept
  }
}

/** Reads the table of `size` kept in IndexedDB into the engine, once (`again`: whatever was
 * tried before); a Response: 200 read, 404 none kept, 507 memory short; null where there is
 * nothing to do (none kept, or tried already). */
async function hostReadTable(h, size, again) {
  if (h.tablesRead.has(size) && !again) return null;
  h.tablesRead.add(size);
  let bytes = null;
  try {
    const db = await hostOpenTables();
    bytes = await new Promise((resolve, reject) => {
      const req = db.transaction('tables').objectStore('tables').get(size);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
  } catch {
    bytes = null;
  }
  if (!bytes)
    return again
      ? hostJson(404, { error: `no ${size}x${size} table is kept in this browser`, code: 'not_found' })
      : null;
  try {
    const { status, body } = h.loadTable(size, new Uint8Array(await bytes.arrayBuffer()));
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  } catch (e) {
    // the module stopped reading it in (out of memory)
    h.stopped = e.message;
    return hostStopped(h);
  }
}

/** The sizes whose table this browser keeps (IndexedDB `ryg-tables`, object store `tables`,
 * keyed by the size: a Blob of the table's bytes, as the engine's `build_table` gave them). */
async function hostKeptTables() {
  try {
    const db = await hostOpenTables();
    const keys = await new Promise((resolve, reject) => {
      const req = db.transaction('tables').objectStore('tables').getAllKeys();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return keys;
  } catch {
    return [];
  }
}

/** The tables kept in this browser (see hostKeptTables; assets/js/table10.js writes them). */
function hostOpenTables() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('ryg-tables', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('tables');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** The browser's game store (IndexedDB `ryg`, object store `games`, keyed by the game's id). */
function hostOpenDb() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('ryg', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('games', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}
