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
export function tokenFor(id) { try { return localStorage.getItem(tokenKey(id)); } catch { return null; } }
export function keepToken(id, token) { if (token) localStorage.setItem(tokenKey(id), token); }
export function carryToken(from, to) { const t = tokenFor(from); if (t && !tokenFor(to)) keepToken(to, t); }

/** A game as the server sends it, as the page keeps it: `id` its public id (an earlier server
 * sent its number as `id`, and the public id as `public_id`). */
export function fromServer(g) {
  if (!g || typeof g !== 'object' || typeof g.public_id !== 'string') return g;
  return { ...g, id: g.public_id };
}

/** Calls the API; resolves to the answer's JSON, or throws an Error with the server's message. */
export async function api(method, path, body) {
  const opts = { method, headers: {} };
  const game = path.match(/^\/api\/games\/([\w-]+)/);
  const token = game && tokenFor(game[1]);
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  // every change is sent as JSON, also with no body: the server refuses anything else (415)
  if (method !== 'GET') opts.headers['Content-Type'] = 'application/json';
  if (body !== undefined) opts.body = JSON.stringify(body);
  let res;
  try {
    res = (await askInPage(method, path)) || (await fetch(path, opts));
  } catch (e) { throw pageError('error.network', { why: e.message }); }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: text }; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.code = data && data.code;
    err.status = res.status;
    // no server behind the page (its engine answered): said in the page's words
    if (err.code === 'needs_server') err.key = 'error.needs_server';
    throw err;
  }
  if (data && Array.isArray(data.games)) data.games = data.games.map(fromServer);
  data = fromServer(data);
  // a game opened by its number (with its seat's token) is known by its public id from now on
  if (token && data && typeof data.id === 'string' && /^[+-]?\d+$/.test(game[1]) && data.id !== game[1]) keepToken(data.id, token);
  return data;
}

/** The answer of the engine in the page (see offline.js), where it is the one to ask; else null. */
async function askInPage(method, path) {
  const local = engineInPage();
  const call = local && (await local);
  if (!call) return null;
  const headers = { 'Content-Type': 'application/json' };
  if (method !== 'GET') {
    const why = { error: `${path.split('?')[0]} needs a ryg server; this page runs without one`, code: 'needs_server' };
    return new Response(JSON.stringify(why), { status: 503, headers });
  }
  const { status, body } = call(`GET ${path}`);
  return new Response(body, { status, headers });
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
  let es;
  try { es = new EventSource(`/api/games/${id}/events`); } catch { return; }
  stream = es;
  es.addEventListener('game', (ev) => {
    let g;
    try { g = JSON.parse(ev.data); } catch { return; }
    if (es !== stream) return;
    onGame(fromServer(g));
  });
  es.addEventListener('open', () => { if (es === stream) onConnected(true); });
  es.addEventListener('error', () => {
    if (es !== stream) return;
    onConnected(false);
    if (es.readyState === EventSource.CLOSED) {
      stream = null;
      clearTimeout(streamRetry);
      streamRetry = setTimeout(() => {
        if (streamGame === id && !stream) { streamGame = null; openStream(id, onGame, onConnected); }
      }, 3000);
    }
  });
}

export function closeStream(onConnected) {
  clearTimeout(streamRetry);
  if (stream) stream.close();
  stream = null;
  streamGame = null;
  if (onConnected) onConnected(true);
}
