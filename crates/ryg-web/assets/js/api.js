// The ryg server: its JSON API (/api/...), the seat tokens this browser keeps, and a game's
// stream of live updates (Server-Sent Events).
import { pageError } from './i18n.js';
import { engineInPage } from './offline.js';

// Seat tokens live in localStorage per game id; api() sends the shown game's with every request
// on /api/games/ID..., so a seat's page acts for it and a watcher's page cannot.
//
// A game's `id` is its public id (the one addresses and links carry: who knows it may watch).
// The server's own number for a game is never shown; an address or a list of this browser's
// games from an earlier ryg may still hold one: it names the game only with a seat's token, and
// the answer gives the public id the page knows it by from then on.
const tokenKey = (id) => `ryg.token.${id}`;
export function tokenFor(id) {
  try {
    return localStorage.getItem(tokenKey(id));
  } catch {
    return null;
  }
}
export function keepToken(id, token) {
  if (token) localStorage.setItem(tokenKey(id), token);
}
/** This browser's player's secret (player.js makes it), or null. */
export function playerSecret() {
  try {
    return localStorage.getItem('ryg.player.secret');
  } catch {
    return null;
  }
}
export function carryToken(from, to) {
  const t = tokenFor(from);
  if (t && !tokenFor(to)) keepToken(to, t);
}

/** A game as the server sends it, as the page keeps it: `id` its public id (an earlier server
 * sent its number as `id`, and the public id as `public_id`). */
export function fromServer(g) {
  if (!g || typeof g !== 'object' || typeof g.public_id !== 'string') return g;
  return { ...g, id: g.public_id };
}

/** The JSON of the server's answer `res`; a refusal throws an Error with the server's message,
 * its `code` and `status` (`explain(err)` may add the page's own words first). */
export async function readAnswer(res, explain = (_err) => {}) {
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text };
  }
  if (!res.ok) {
    const err = /** @type {import('./i18n.js').PageError} */ (
      new Error(data?.error || `${res.status} ${res.statusText}`)
    );
    err.code = data?.code;
    err.status = res.status;
    explain(err);
    throw err;
  }
  return data;
}

/** Calls the API; resolves to the answer's JSON, or throws an Error with the server's message. */
export async function api(method, path, body) {
  const opts = { method, headers: {} };
  const game = path.match(/^\/api\/games\/([\w-]+)/);
  const token = game && tokenFor(game[1]);
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  // a rated game is created for this browser's player (player.js)
  const player = body?.rated ? playerSecret() : null;
  if (player) opts.headers['Ryg-Player'] = player;
  // every change is sent as JSON, also with no body: the server refuses anything else (415)
  if (method !== 'GET') opts.headers['Content-Type'] = 'application/json';
  if (body !== undefined) opts.body = JSON.stringify(body);
  let res;
  try {
    res = await request(method, path, opts);
  } catch (e) {
    throw pageError('error.network', { why: e.message });
  }
  let data = await readAnswer(res, (err) => {
    // no server behind the page (its engine answered): said in the page's words
    if (err.code === 'needs_server') err.key = 'error.needs_server';
    // a table the browser has not built (10×10's until asked): said without a server's words
    if (err.code === 'tablebase_absent' && document.body.dataset.server === 'none') err.key = 'error.tablebase_here';
    // the browser's memory would not hold a table (10×10's)
    if (res.status === 507 && document.body.dataset.server === 'none') err.key = 'tb.noMemory';
  });
  if (data && Array.isArray(data.games)) data.games = data.games.map(fromServer);
  data = fromServer(data);
  // a game opened by its number (with its seat's token) is known by its public id from now on
  if (token && data && typeof data.id === 'string' && /^[+-]?\d+$/.test(game[1]) && data.id !== game[1])
    keepToken(data.id, token);
  return data;
}

/** The answer of the engine in the page (see offline.js: the service worker's dispatcher,
 * host.js), where it is the one to ask; else null. `opts`: fetch's (the seat's token, the body). */
async function askInPage(method, path, opts = {}) {
  const local = engineInPage();
  const host = local && (await local);
  if (!host) return null;
  const auth = opts.headers?.Authorization;
  return host.answer(method, path, auth ? auth.slice('Bearer '.length) : undefined, opts.body);
}

/** The answer to `method path` as a Response: the engine in the page's, else the network's
 * (a server's, or the service worker's). */
export async function request(method, path, opts = { method }) {
  return (await askInPage(method, path, opts)) || fetch(path, opts);
}

let stream = null;
let streamGame = null;
let streamRetry = null;

/** Follows game `id`'s event stream (one at a time): `onGame(game)` for each event,
 * `onConnected(bool)` as the connection comes and goes. The browser reconnects by itself after
 * a dropped connection, sending the last version seen; a refused stream (429/503) is tried again. */
export function openStream(id, onGame, onConnected) {
  if (stream && streamGame === id) return;
  closeStream(onConnected);
  streamGame = id;
  if (engineInPage()) {
    followInPage(id, onGame, onConnected);
    return;
  }
  followServer(id, onGame, onConnected);
}

/** The server's event stream of game `id`; a refused one is asked again every 3 s, the page
 * still told it is not connected until one opens. */
function followServer(id, onGame, onConnected) {
  let es;
  try {
    es = new EventSource(`/api/games/${id}/events`);
  } catch {
    return;
  }
  stream = es;
  es.addEventListener('game', (ev) => {
    let g;
    try {
      g = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (es !== stream) return;
    onGame(fromServer(g));
  });
  es.addEventListener('open', () => {
    if (es === stream) onConnected(true);
  });
  es.addEventListener('error', () => {
    if (es !== stream) return;
    onConnected(false);
    if (es.readyState === EventSource.CLOSED) {
      stream = null;
      clearTimeout(streamRetry);
      streamRetry = setTimeout(() => {
        if (streamGame === id && !stream) followServer(id, onGame, onConnected);
      }, 3000);
    }
  });
}

/** The same for the engine in the page: its host tells each change of the game. */
async function followInPage(id, onGame, onConnected) {
  const host = await engineInPage();
  if (!host || streamGame !== id) return;
  const mine = { close: () => {} };
  stream = mine;
  const stop = await host.follow(id, (text) => {
    let g;
    try {
      g = JSON.parse(text);
    } catch {
      return;
    }
    if (stream === mine) onGame(fromServer(g));
  });
  if (stream === mine) {
    mine.close = stop;
    onConnected(true);
  } else stop();
}

export function closeStream(onConnected) {
  clearTimeout(streamRetry);
  if (stream) stream.close();
  stream = null;
  streamGame = null;
  if (onConnected) onConnected(true);
}
