#!/usr/bin/env node
// Load test of the lobby of `ryg serve`, on loopback only, bounded in count and time.
//
// Starts the real server on a fresh SQLite file (or PostgreSQL with --db, two servers with
// --servers 2: players join through either, their lobby stream is on the other), makes PLAYERS
// players, each with the lobby's stream open, and has them join quick pairing at random moments
// over SPREAD seconds (one board size and clock, so that every one can be paired: PLAYERS / 2
// pairings). Checks: every player is paired (no pairing lost), into exactly one game (nobody
// paired twice), each game has two players on opposite sides, and every player's stream says so.
// Reports the pairing time — from the second player's join to both players' seats known — at
// p50 and p99, with the machine's load. --cores N runs each server on N cores (taskset).
//
//   node lobby.mjs [--players 200] [--spread 60] [--deadline 180] [--cores N]
//                  [--bin target/ci/ryg] [--db postgres://user@host:port/db] [--servers 1|2]
// Exit status 0 when every check holds, 1 otherwise.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { rygEnv } from '../common/home.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const opts = {
  players: 200,
  spread: 60,
  deadline: 180,
  cores: 0,
  servers: 1,
  db: null,
  bin: process.env.RYG_BIN || resolve(here, '../../../../target/ci/ryg'),
};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (['--players', '--spread', '--deadline', '--cores', '--servers'].includes(a))
    opts[a.slice(2)] = Number(process.argv[++i]);
  else if (a === '--bin' || a === '--db') opts[a.slice(2)] = process.argv[++i];
  else {
    console.error(`lobby.mjs: unknown option ${a}`);
    process.exit(2);
  }
}
const ok =
  opts.players >= 2 &&
  opts.players <= 2000 &&
  opts.players % 2 === 0 &&
  opts.spread >= 0 &&
  opts.spread <= 600 &&
  opts.deadline >= 10 &&
  opts.deadline <= 1800 &&
  opts.cores >= 0 &&
  opts.cores <= 1024 &&
  [1, 2].includes(opts.servers);
if (!ok) {
  console.error(
    'lobby.mjs: --players 2..2000 (even), --spread 0..600, --deadline 10..1800, --cores 0..1024, --servers 1|2',
  );
  process.exit(2);
}
if (opts.servers > 1 && !/^postgres(ql)?:\/\//.test(opts.db || '')) {
  console.error('lobby.mjs: --servers 2 needs --db postgres://…');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'ryg-lobby-load-'));
const db = opts.db || join(dir, 'games.sqlite3');
const servers = Array.from({ length: opts.servers }, () => ({ child: null, base: null }));
const started = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const problems = [];
const problem = (text) => {
  if (problems.length < 20) console.error(`lobby.mjs: ${text}`);
  problems.push(text);
};

function startServer(s) {
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--db', db, '--log', 'warn'];
  // every player of the test comes from one address: the limits per address are lifted
  for (const [flag, n] of [
    ['--max-streams', 20000],
    ['--max-streams-per-client', 20000],
    ['--max-streams-per-block', 20000],
    ['--max-connections', 100000],
    ['--max-connections-per-client', 100000],
    ['--games-per-minute', 1000000],
    ['--games-per-client', 100000000],
  ])
    args.push(flag, String(n));
  const [cmd, all] = opts.cores > 0 ? ['taskset', ['-c', `0-${opts.cores - 1}`, opts.bin, ...args]] : [opts.bin, args];
  return new Promise((resolveStart, reject) => {
    const child = spawn(cmd, all, { stdio: ['ignore', 'pipe', 'inherit'], env: rygEnv(join(dir, 'home')) });
    child.on('error', reject);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const m = line.match(/serving on (http:\/\/127\.0\.0\.1:\d+)\//);
      if (!m) return reject(new Error(`unexpected first line: ${line}`));
      Object.assign(s, { child, base: m[1] });
      lines.on('line', () => {});
      resolveStart();
    });
  });
}

async function call(server, method, path, secret, body) {
  const headers = { 'Ryg-Player': secret, 'Content-Type': 'application/json' };
  const resp = await fetch(`${server.base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await resp.text();
  return { status: resp.status, body: text ? JSON.parse(text) : null };
}

/** Follows `p`'s lobby stream on `server`: each `game` event is noted with its time. */
async function follow(p, server, ready) {
  const resp = await fetch(`${server.base}/api/lobby/events`, {
    headers: { 'Ryg-Player': p.secret },
    signal: p.stop.signal,
  });
  if (!resp.ok) throw new Error(`lobby stream: ${resp.status}`);
  const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let first = true;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      if (first && event === 'snapshot') {
        first = false;
        ready();
      }
      if (event === 'game') {
        const data = JSON.parse(/^data: ?(.*)$/m.exec(block)[1]);
        p.seen.push({ game: data.game, side: data.side, at: performance.now() });
      }
    }
  }
}

function pct(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

async function main() {
  for (const s of servers) await startServer(s);
  const players = [];
  for (let i = 0; i < opts.players; i++) {
    const p = { secret: randomBytes(32).toString('base64url'), seen: [], seats: [], stop: new AbortController() };
    const r = await call(servers[i % servers.length], 'POST', '/api/players', p.secret, { name: `P${i}` });
    if (r.status !== 201) throw new Error(`becoming a player: ${r.status} ${JSON.stringify(r.body)}`);
    players.push(p);
  }
  // every stream open before anyone joins (on the other server than the one joined through)
  await Promise.all(
    players.map(
      (p, i) =>
        new Promise((ready, fail) => {
          follow(p, servers[(i + 1) % servers.length], ready).catch((e) => {
            if (e.name !== 'AbortError') fail(e);
          });
        }),
    ),
  );
  console.log(
    `lobby.mjs: ${players.length} players on the lobby stream after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const joinedAt = new Map();
  await Promise.all(
    players.map(async (p, i) => {
      await sleep(Math.random() * opts.spread * 1000);
      const at = performance.now();
      joinedAt.set(p, at);
      const r = await call(servers[i % servers.length], 'POST', '/api/pairing', p.secret, { size: 8, clock: null });
      if (r.status === 201) p.seats.push({ ...r.body, at: performance.now() });
      else if (r.status !== 202) problem(`joining: ${r.status} ${JSON.stringify(r.body)}`);
    }),
  );
  const until = started + opts.deadline * 1000;
  while (Date.now() < until && players.some((p) => p.seen.length === 0)) await sleep(200);
  await sleep(1500); // a second seat for anyone would arrive now
  return { players, joinedAt };
}

function check({ players, joinedAt }) {
  const games = new Map();
  for (const p of players) {
    if (p.seen.length === 0) problem('a player was never paired (a pairing lost)');
    if (p.seen.length > 1) problem(`a player was paired ${p.seen.length} times`);
    for (const s of p.seen) {
      if (!games.has(s.game)) games.set(s.game, []);
      games.get(s.game).push({ p, ...s });
    }
  }
  const times = [];
  for (const [game, seats] of games) {
    if (seats.length !== 2 || seats[0].side === seats[1].side) {
      problem(`game ${game} has ${seats.length} seats: ${seats.map((s) => s.side).join(', ')}`);
      continue;
    }
    const lastJoin = Math.max(...seats.map((s) => joinedAt.get(s.p)));
    const known = Math.max(...seats.map((s) => s.at));
    times.push(known - lastJoin);
  }
  return { pairings: games.size, times };
}

let code = 1;
try {
  const run = await main();
  const { pairings, times } = check(run);
  const [l1, l5] = loadavg();
  console.log(
    `lobby.mjs: ${pairings} pairings of ${opts.players} players over ${opts.spread} s; pairing time p50 ${pct(times, 0.5)?.toFixed(0)} ms, p99 ${pct(times, 0.99)?.toFixed(0)} ms; ` +
      `server cores ${opts.cores || 'all'}, ${cpus().length} CPUs, load average ${l1.toFixed(2)} / ${l5.toFixed(2)} (1 / 5 min)`,
  );
  for (const p of run.players) p.stop.abort();
  code = problems.length || pairings !== opts.players / 2 ? 1 : 0;
  if (pairings !== opts.players / 2) console.error(`lobby.mjs: ${pairings} pairings, expected ${opts.players / 2}`);
} catch (e) {
  console.error(`lobby.mjs: ${e.stack || e}`);
} finally {
  for (const s of servers) s.child?.kill('SIGTERM');
  await sleep(300);
  for (const s of servers) s.child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
console.log(code === 0 ? 'lobby.mjs: passed' : `lobby.mjs: FAILED (${problems.length} problems)`);
process.exit(code);
