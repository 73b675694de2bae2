// What the friend-game browser tests share (friend.test.mjs and friend-turns.test.mjs): a
// person's page, waits on what a page shows, a move played by clicks, and games made through the
// dialog or through the API of the server that `useFriendServer` names (each test file starts its
// own).
import assert from 'node:assert/strict';
import { newPage, sq, moves, gameId, eventually } from './harness.mjs';

/** The server the helpers below talk to: the test file's, named again after a restart. */
let server;
export function useFriendServer(s) {
  server = s;
}

/** A person's page: fails the test on a script error or any alert/confirm/prompt. */
export async function person(browser) {
  const p = await newPage(browser);
  p.dialogs = [];
  p.on('dialog', (d) => {
    p.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  return p;
}

/** Waits until page `p` shows `n` moves, with nothing in flight. */
export async function waitMoves(p, n) {
  await p.waitForFunction(
    (k) => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) === k,
    n,
  );
}
export async function waitStatus(p, re) {
  await p.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source);
}
export async function waitText(p, selector, text) {
  await p.waitForFunction(
    ([s, t]) => {
      const e = document.querySelector(s);
      return !!e && e.textContent === t;
    },
    [selector, text],
  );
}
export function split(mv) {
  const i = mv.search(/[a-j]\d+$/);
  return [mv.slice(0, i), mv.slice(i)];
}

/** `p` plays `mv` by clicking its piece, then the destination. */
export async function click(p, mv) {
  const [from, to] = split(mv);
  const n = await moves(p);
  await sq(p, from).click();
  await sq(p, to).click();
  await waitMoves(p, n + 1);
}

/** Fills in and submits the "Play a friend" dialog; returns the game and its links. */
export async function createFriendGame(
  p,
  { size = '4', side = 'mouse', name = '', minutes = '', increment = '0' } = {},
) {
  await p.getByLabel('Board size').selectOption(size);
  await p.getByRole('button', { name: 'Play a friend', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'Play a friend' });
  await eventually(async () => assert.equal(await dialog.isVisible(), true));
  await dialog.getByLabel('Your side').selectOption(side);
  await dialog.getByLabel('Your name (optional)').fill(name);
  await dialog.getByLabel('Clock: minutes each (optional)').fill(minutes);
  await dialog.getByLabel('Increment: seconds a move').fill(increment);
  await dialog.getByRole('button', { name: 'Create the game' }).click();
  await p.waitForFunction(() => !document.getElementById('friend-links').hidden);
  const id = await gameId(p);
  return {
    id,
    friendLink: await p.locator('#friend-link').inputValue(),
    watchLink: await p.locator('#watch-link').inputValue(),
    token: await p.evaluate((k) => localStorage.getItem(`ryg.token.${k}`), id),
  };
}

/** `POST /api/games` with `body`: the new game, with its seats' links and tokens. */
export async function postGame(body) {
  const res = await fetch(new URL('/api/games', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const g = await res.json();
  assert.ok(res.ok, JSON.stringify(g));
  return g;
}

/** A game between friends made through the API (4×4 unless `spec` says otherwise; `spec` may
 * give names, a clock, moves already played …), opened from its links: page `mouse` plays the
 * mouse, `cats` the cats, `watch` watches; each shows it before this returns. Returns its id
 * and the seats' tokens. */
export async function friendGame(spec, { mouse, cats, watch }) {
  const g = await postGame({ size: 4, mouse: 'human', cats: 'human', ...spec });
  for (const [p, link] of [
    [mouse, g.links.mouse],
    [cats, g.links.cats],
    [watch, g.links.watch],
  ]) {
    if (!p) continue;
    await p.goto(new URL(new URL(link).hash, server.url).href);
    await p.waitForFunction((id) => document.body.dataset.game === id && document.body.dataset.busy === 'false', g.id);
  }
  return { id: g.id, tokens: g.tokens };
}

/** A game as the server sends it now (read with no token: a watcher's view). */
export function serverGame(id) {
  return fetch(new URL(`/api/games/${id}`, server.url)).then((r) => r.json());
}

/** `ms` as the page shows a clock from 10 s up: whole seconds, rounded up, as m:ss. */
export function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
