// What the tournament browser tests share: the API as a player, a host or a seat, entering a
// player by their secret (the hook for any other entrant, such as a `ryg bot` program's player:
// `enterPlayer(server, id, secret)`), a real `ryg bot` process driving `ryg ugi` (`startBot`),
// and one turn of an entrant's game played through the API with the seat's token its page
// links to.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rygEnv } from '../common/home.mjs';
import { rygBinary } from './harness.mjs';

/** Calls the API of `server`: `player` a player's secret, `bearer` a host's secret or a token. */
export async function api(server, method, path, { player, bearer, body } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (player) headers['Ryg-Player'] = player;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const res = await fetch(new URL(path, server.url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Enters the player holding `secret` (made a player named `name` first when it is none) in
 * tournament `id`; the tournament after. */
export async function enterPlayer(server, id, secret, name = 'Program') {
  const made = await api(server, 'POST', '/api/players', { player: secret, body: { name } });
  assert.ok(made.status === 201 || made.status === 200, JSON.stringify(made.body));
  const entered = await api(server, 'POST', `/api/tournaments/${id}/entrants`, { player: secret });
  assert.equal(entered.status, 201, JSON.stringify(entered.body));
  return entered.body;
}

/** Starts `ryg bot --server URL --engine "ryg ugi"` as the bot `name` (its secret in a file of
 * its own); resolves once it has registered its player: `{ secret, log, ended, stop }`, where
 * `log()` is what it wrote so far, `ended()` the games it saw end, `stop()` kills it. */
export function startBot(server, name, movetime = 50) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-bot-'));
  const file = path.join(dir, 'bot.secret');
  const args = ['bot', '--server', server.url, '--engine', `${rygBinary()} ugi`, '--secret-file', file];
  args.push('--name', name, '--movetime', String(movetime));
  const proc = spawn(rygBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], env: rygEnv(path.join(dir, 'home')) });
  let log = '';
  let registered = false;
  const stop = () =>
    new Promise((done) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return done();
      proc.once('exit', () => done());
      proc.kill('SIGKILL');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`ryg bot registered no player in 30 s: ${log}`));
    }, 30000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ryg bot exited with ${code}: ${log}`));
    });
    proc.stderr.on('data', (d) => {
      log += d;
      if (!registered && /playing as /.test(log)) {
        registered = true;
        clearTimeout(timer);
        const secret = fs.readFileSync(file, 'utf8').trim();
        const ended = () => (log.match(/^ryg bot: game [\w-]+: (won|lost)/gm) ?? []).length;
        resolve({ secret, log: () => log, ended, stop });
      }
    });
  });
}

/** The game and token a page's "Play your game" link names, or null when it shows none. */
export async function linkedGame(p) {
  const link = p.locator('#tour-play');
  if ((await link.count()) === 0) return null;
  // the page may draw the tournament again meanwhile: then there is no link to read this time
  const href = await link.getAttribute('href', { timeout: 1000 }).catch(() => null);
  const m = /^#game=([\w-]+)&token=([\w-]+)$/.exec(href ?? '');
  return m ? { game: m[1], token: m[2] } : null;
}

/** One turn of entrant `n` in `game` of tournament `t`: against a person the higher number
 * resigns (the lower wins), against the computer or a program (an entrant number in
 * `programs`) the entrant plays their first legal move. */
export async function playTurn(server, t, n, { game, token }, programs = new Set()) {
  const pairing = t.games.find((g) => g.game === game);
  if (!pairing || pairing.outcome) return;
  const side = pairing.mouse === n ? 'mouse' : 'cats';
  const other = side === 'mouse' ? pairing.cats : pairing.mouse;
  const view = (await api(server, 'GET', `/api/games/${game}`, { bearer: token })).body;
  if (view.result !== '*') return;
  const human = t.entrants.find((e) => e.n === other).player !== null && !programs.has(other);
  if (human) {
    if (n > other) await api(server, 'POST', `/api/games/${game}/resign`, { bearer: token, body: {} });
  } else if (view.to_move === side && !view.queued) {
    await api(server, 'POST', `/api/games/${game}/moves`, { bearer: token, body: { move: view.legal_moves[0] } });
  }
}
