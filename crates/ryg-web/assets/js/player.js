// This browser's player: a random secret kept in localStorage, sent only in the `Ryg-Player`
// header (never in an address, never shown), and the player's public id and name as the server
// last said them. A visitor becomes a player on first need (the Players section, a rated game).
import { request, playerSecret, readAnswer } from './api.js';

const SECRET = 'ryg.player.secret';
const ME = 'ryg.player';

/** 256 random bits as 43 URL-safe characters. */
export function newSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's secret; a new one when `make` and there is none. */
export function secret(make = false) {
  let s = playerSecret();
  if (!s && make) {
    s = newSecret();
    localStorage.setItem(SECRET, s);
  }
  return s;
}

/** Forgets this browser's player (deleted, or moved to another device). */
export function forget() {
  localStorage.removeItem(SECRET);
  localStorage.removeItem(ME);
}

/** The player this browser is, as last seen (`{id, name}`), or null. */
export function me() {
  try {
    return JSON.parse(localStorage.getItem(ME) || 'null');
  } catch {
    return null;
  }
}

export function rememberMe(p) {
  localStorage.setItem(ME, JSON.stringify({ id: p.id, name: p.name }));
}

/** Calls the API as this browser's player (`secret` to use another, e.g. a new one for a code). */
export async function playerApi(method, path, body, use = secret()) {
  const opts = { method, headers: {} };
  if (use) opts.headers['Ryg-Player'] = use;
  if (method !== 'GET') opts.headers['Content-Type'] = 'application/json';
  if (body !== undefined) opts.body = JSON.stringify(body);
  return readAnswer(await request(method, path, opts));
}
