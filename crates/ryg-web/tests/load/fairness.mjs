#!/usr/bin/env node
// Fairness benchmark of `ryg serve`, on loopback only, bounded in time: how long an ordinary
// player waits for the computer's reply while another address keeps the game workers busy.
//
// For each core count C (--cores 2,4,8,16) it starts the server pinned to cores 0..C-1
// (`taskset`; the server takes as many game workers as it is given cores) on a fresh SQLite
// file, and for --seconds (default 30) runs, from address 10.0.0.1 (X-Forwarded-For, with
// --trust-proxy), --heavy N games (default 2 per core: more searches than workers) on 10×10
// against RYG3 v11 at depth 16 (every reply a search cut by the time limit of a move), and from
// address 10.0.0.2 one ordinary player: level 3 on 8×8, a move every 50 ms, a new game when one
// ends. It prints one line per core count: the light player's reply latency (p50, p99, max,
// from sending the move to the answer with the computer's reply), its replies, the heavy
// replies played, and the failed requests. A benchmark, not a test: it asserts nothing.
//
//   node fairness.mjs [--bin target/release/ryg] [--cores 2,4,8,16] [--heavy N] [--seconds 30]
//                     [--move-ms 5000]

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = dirname(fileURLToPath(import.meta.url));
const opts = {
  bin: process.env.RYG_BIN || resolve(here, '../../../../target/release/ryg'),
  cores: [2, 4, 8, 16],
  heavy: null,
  seconds: 30,
  moveMs: 5000,
};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--bin') opts.bin = process.argv[++i];
  else if (a === '--cores') opts.cores = process.argv[++i].split(',').map(Number);
  else if (a === '--heavy') opts.heavy = Number(process.argv[++i]);
  else if (a === '--seconds') opts.seconds = Number(process.argv[++i]);
  else if (a === '--move-ms') opts.moveMs = Number(process.argv[++i]);
  else { console.error(`fairness.mjs: unknown option ${a}`); process.exit(2); }
}
const have = availableParallelism();
if (!(opts.seconds >= 5 && opts.seconds <= 50) || opts.cores.some((c) => !(c >= 1 && c <= have))) {
  console.error(`fairness.mjs: --seconds 5..50, --cores each 1..${have} (this machine's cores)`);
  process.exit(2);
}

async function start(cores, db) {
  const args = ['-c', `0-${cores - 1}`, opts.bin, 'serve', '--port', '0', '--db', db, '--trust-proxy',
    '--games-per-minute', '100000', '--moves-per-second', '100000', '--log', 'warn', '--move-ms', String(opts.moveMs)];
  const child = spawn('taskset', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((ok, fail) => {
    lines.once('line', (l) => ok(l.replace('ryg: serving on ', '').replace(/\/$/, '')));
    child.once('exit', (code) => fail(new Error(`ryg serve exited (${code})`)));
  });
  lines.on('line', () => {});
  return { child, url };
}

async function post(url, path, body, from, token) {
  const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': from };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

async function get(url, path) {
  const res = await fetch(url + path, { signal: AbortSignal.timeout(60_000) });
  return res.json();
}

/// One player at `from` playing `spec` games until `until`: each move's time to the computer's
/// reply goes to `times`; a failed request counts in `stats.failed`.
async function player(url, from, spec, until, times, stats, pause) {
  let game = null;
  while (Date.now() < until) {
    try {
      if (!game || game.outcome || game.legal_moves.length === 0) {
        const { status, body } = await post(url, '/api/games', spec, from);
        if (status !== 201) { stats.failed++; await sleep(200); continue; }
        game = { ...body, token: body.tokens.mouse };
      }
      const started = performance.now();
      const { status, body } = await post(url, `/api/games/${game.public_id}/moves`,
        { move: game.legal_moves[0], ply: game.moves.length }, from, game.token);
      if (status !== 200) { stats.failed++; await sleep(200); continue; }
      let g = body;
      while (g.to_move === 'cats' && !g.outcome && Date.now() < until + 30_000) {
        await sleep(20);
        g = await get(url, `/api/games/${game.public_id}`);
      }
      if (g.to_move === 'cats' && !g.outcome) break;
      times.push(performance.now() - started);
      game = { ...g, token: game.token };
      if (pause) await sleep(pause);
    } catch {
      stats.failed++;
      await sleep(200);
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;

for (const cores of opts.cores) {
  const dir = mkdtempSync(join(tmpdir(), 'ryg-fair-'));
  const { child, url } = await start(cores, join(dir, 'games.sqlite3'));
  const heavy = opts.heavy ?? 2 * cores;
  const until = Date.now() + opts.seconds * 1000;
  const stats = { failed: 0 };
  const light = [], heavyTimes = [];
  const heavySpec = { size: 10, mouse: 'human', cats: { engine: 'ryg3-v11', depth: 16 } };
  const players = Array.from({ length: heavy }, () => player(url, '10.0.0.1', heavySpec, until, heavyTimes, stats, 0));
  await sleep(500); // the heavy searches under way first
  players.push(player(url, '10.0.0.2', { size: 8, mouse: 'human', cats: '3' }, until, light, stats, 50));
  await Promise.all(players);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  light.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1);
  console.log(`cores=${cores} heavy_games=${heavy} light_replies=${light.length} p50=${f(pct(light, 0.5))}ms ` +
    `p99=${f(pct(light, 0.99))}ms max=${f(light[light.length - 1] ?? NaN)}ms heavy_replies=${heavyTimes.length} failed=${stats.failed}`);
}
