#!/usr/bin/env node
// Load and fault test of `ryg serve`, on loopback only, bounded in count and time.
//
// Starts the real server on a fresh SQLite file and plays GAMES games at once between two
// players each (two HTTP clients, each with its own seat token, moving at random), with one
// watcher per game on its event stream. Checks: no failed request, every move answered 2xx is
// stored, every watcher sees every move exactly once (versions strictly increase, each state
// extends the one before). Reports the move latency (p50/p99) and the server's peak memory.
// With --kill, the server is killed (SIGKILL) mid-run and restarted on the same port and file;
// clients and watchers reconnect, and every move answered before the kill must still be there.
// With --db postgres://… the games live in that PostgreSQL database, and --servers 2 runs two
// servers on it: each game's mouse plays through the first, its cats through the second, its
// watcher listens to one of them (so every move reaches a watcher through the other server);
// --kill then kills the first server.
//
//   node load.mjs [--games 1000] [--size 8] [--kill] [--deadline 300] [--bin target/ci/ryg]
//                 [--db postgres://user@host:port/db] [--servers 1|2]
// Exit status 0 when every check holds, 1 otherwise.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { rygEnv } from '../common/home.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const opts = {
  games: 1000,
  size: 8,
  kill: false,
  deadline: 300,
  servers: 1,
  db: null,
  bin: process.env.RYG_BIN || resolve(here, '../../../../target/ci/ryg'),
};
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--kill') opts.kill = true;
  else if (['--games', '--size', '--deadline', '--servers'].includes(a)) opts[a.slice(2)] = Number(process.argv[++i]);
  else if (a === '--bin' || a === '--db') opts[a.slice(2)] = process.argv[++i];
  else {
    console.error(`load.mjs: unknown option ${a}`);
    process.exit(2);
  }
}
if (!(opts.games >= 1 && opts.games <= 5000) || ![4, 6, 8, 10].includes(opts.size) || ![1, 2].includes(opts.servers)) {
  console.error('load.mjs: --games 1..5000, --size 4|6|8|10, --servers 1|2');
  process.exit(2);
}
if (opts.servers > 1 && !/^postgres(ql)?:\/\//.test(opts.db || '')) {
  console.error('load.mjs: --servers 2 needs --db postgres://… (servers share games through PostgreSQL)');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'ryg-load-'));
const db = opts.db || join(dir, 'games.sqlite3');
// the running servers: their process, port and address
const servers = Array.from({ length: opts.servers }, () => ({ child: null, port: 0, base: null }));
const peaks = [];
const started = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startServer(s) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(
      opts.bin,
      [
        'serve',
        '--host',
        '127.0.0.1',
        '--port',
        String(s.port),
        '--db',
        db,
        '--max-streams',
        '20000',
        '--max-streams-per-client',
        '20000',
        '--max-streams-per-block',
        '20000',
        '--max-connections',
        '100000',
        '--max-connections-per-client',
        '100000',
        '--log',
        'warn',
        // every game of the test comes from one address: the limits per address are lifted
        '--games-per-minute',
        '1000000',
        '--moves-per-second',
        '1000000',
        '--games-per-client',
        '100000000',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: rygEnv(join(dir, 'home')) },
    );
    child.on('error', reject);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const m = line.match(/serving on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (!m) {
        reject(new Error(`unexpected first line: ${line}`));
        return;
      }
      s.port = Number(m[1]);
      s.base = `http://127.0.0.1:${s.port}`;
      s.child = child;
      lines.on('line', () => {});
      resolveStart(child);
    });
  });
}

const cpuSeconds = [];
function cpuOf(child) {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

function peakKiB(child) {
  try {
    const m = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const stats = { moves: 0, failed: 0, interrupted: 0, latencies: [], problems: [] };
function problem(text) {
  if (stats.problems.length < 20) stats.problems.push(text);
}

async function request(method, path, token, body, on = 0) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const res = await fetch(servers[on].base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : null };
}

/// Retries a request that failed for lack of a server (during the restart); any answer counts.
async function persistent(method, path, token, body, on = 0) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request(method, path, token, body, on);
    } catch (e) {
      if (!opts.kill || Date.now() - started > opts.deadline * 1000) throw e;
      stats.interrupted++;
      await sleep(Math.min(50 * 2 ** attempt, 500));
    }
  }
}

// A watcher: reads the event stream, reconnecting with Last-Event-ID; checks each event.
function watch(game, record, on) {
  let last = -1;
  let seen = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      try {
        const headers = last >= 0 ? { 'Last-Event-ID': String(last) } : {};
        const res = await fetch(`${servers[on].base}/api/games/${game}/events`, { headers });
        if (res.status !== 200) {
          stats.failed++;
          problem(`events ${game}: ${res.status}`);
          return;
        }
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buf += decoder.decode(value, { stream: true });
          for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            let id = null;
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('id:')) id = Number(line.slice(3).trim());
              else if (line.startsWith('data:')) data += line.slice(5).trim();
            }
            if (!data) continue;
            const g = JSON.parse(data);
            if (!(id > last)) {
              problem(`game ${game}: event ${id} after ${last} (a repeat)`);
              record.dup++;
            }
            last = id;
            const prefix = seen.every((m, i) => g.moves[i] === m);
            if (!prefix) {
              problem(`game ${game}: event ${id} rewrites the moves`);
              record.lost++;
            }
            seen = g.moves;
            if (g.outcome) {
              stop = true;
              try {
                await reader.cancel();
              } catch {
                /* closed */
              }
              break;
            }
          }
          if (stop) break;
        }
      } catch (e) {
        if (stop) break;
        if (!opts.kill) {
          stats.failed++;
          problem(`events ${game}: ${e.message}`);
          return;
        }
      }
      if (!stop) await sleep(100);
    }
  })();
  return { done, moves: () => seen };
}

async function playGame(i) {
  const created = await persistent('POST', '/api/games', null, {
    size: opts.size,
    mouse: 'human',
    cats: 'human',
    seed: i,
  });
  if (created.status !== 201) {
    stats.failed++;
    problem(`create: ${created.status} ${JSON.stringify(created.data)}`);
    return null;
  }
  let g = created.data;
  // as a watcher has it: the public id (a number names a game only with a seat's token)
  const id = g.public_id;
  const tokens = g.tokens;
  const record = { id, answered: [], dup: 0, lost: 0 };
  // the mouse plays through the first server, the cats through the last; the watcher listens
  // to one of them
  const via = (side) => (side === 'mouse' ? 0 : servers.length - 1);
  const watcher = watch(id, record, i % servers.length);
  let rng = (i * 2654435761) >>> 0;
  const random = (n) => {
    rng = (rng * 1103515245 + 12345) >>> 0;
    return (rng >>> 8) % n;
  };
  while (!g.outcome) {
    if (Date.now() - started > opts.deadline * 1000) throw new Error('deadline passed');
    const side = g.to_move;
    const mv = g.legal_moves[random(g.legal_moves.length)];
    const ply = g.moves.length;
    const t0 = performance.now();
    let res;
    try {
      res = await request('POST', `/api/games/${id}/moves`, tokens[side], { move: mv }, via(side));
    } catch (e) {
      if (!opts.kill) {
        stats.failed++;
        problem(`move ${id}: ${e.message}`);
        return record;
      }
      stats.interrupted++;
      // The server went away: read the game as stored (the move may or may not be in it).
      const again = await persistent('GET', `/api/games/${id}`, null, undefined, via(side));
      g = again.data;
      continue;
    }
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      stats.failed++;
      problem(`move ${id} ${mv}: ${res.status} ${JSON.stringify(res.data)}`);
      return record;
    }
    stats.latencies.push(ms);
    stats.moves++;
    record.answered[ply] = mv;
    g = res.data;
  }
  await Promise.race([watcher.done, sleep(15000)]);
  record.watched = watcher.moves();
  return record;
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
}

async function main() {
  for (const s of servers) await startServer(s);
  const store = opts.db ? 'PostgreSQL' : 'SQLite';
  console.log(
    `load: ${opts.games} games of ${opts.size}x${opts.size} against ${servers.map((s) => s.base).join(' and ')} (${store})${opts.kill ? ', with a SIGKILL and restart' : ''}`,
  );
  const watchdog = setTimeout(
    () => {
      console.error(`load: deadline of ${opts.deadline} s passed`);
      cleanup();
      process.exit(1);
    },
    opts.deadline * 1000 + 20000,
  );
  const totalMovesGuess = opts.games * 30;
  if (opts.kill) {
    (async () => {
      while (stats.moves < totalMovesGuess * 0.3) await sleep(20);
      const answeredBefore = stats.moves;
      const first = servers[0];
      peaks.push(peakKiB(first.child));
      cpuSeconds.push(cpuOf(first.child));
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      console.log(
        `load: killed the ${servers.length > 1 ? 'first ' : ''}server after ${answeredBefore} answered moves; restarting`,
      );
      await startServer(first);
    })();
  }
  const records = await Promise.all(Array.from({ length: opts.games }, (_, i) => playGame(i)));
  // Every answered move is stored, in its place; every watcher saw the whole game.
  let missing = 0;
  let unseen = 0;
  let dup = 0;
  let lostEvents = 0;
  let plies = 0;
  for (const r of records) {
    if (!r) continue;
    const stored = (await persistent('GET', `/api/games/${r.id}`, null)).data;
    plies += stored.moves.length;
    r.answered.forEach((mv, ply) => {
      if (mv !== undefined && stored.moves[ply] !== mv) {
        missing++;
        problem(`game ${r.id}: answered ${mv} at ply ${ply} is not stored`);
      }
    });
    if (!stored.outcome) problem(`game ${r.id} did not finish`);
    if (JSON.stringify(r.watched) !== JSON.stringify(stored.moves)) {
      unseen++;
      problem(`game ${r.id}: the watcher saw ${r.watched?.length} of ${stored.moves.length} moves`);
    }
    dup += r.dup;
    lostEvents += r.lost;
  }
  for (const s of servers) {
    peaks.push(peakKiB(s.child));
    cpuSeconds.push(cpuOf(s.child));
  }
  clearTimeout(watchdog);
  const lat = stats.latencies.sort((a, b) => a - b);
  const secs = (Date.now() - started) / 1000;
  const finished = records.filter(Boolean).length;
  console.log(`load: ${finished} games, ${plies} moves stored, ${stats.moves} answered in ${secs.toFixed(1)} s`);
  console.log(
    `load: move latency p50 ${percentile(lat, 0.5).toFixed(2)} ms, p99 ${percentile(lat, 0.99).toFixed(2)} ms, max ${percentile(lat, 1).toFixed(2)} ms`,
  );
  console.log(
    `load: failed requests ${stats.failed}, requests cut by the restart ${stats.interrupted}, answered moves missing ${missing}, watchers missing moves ${unseen}, repeated events ${dup}, rewritten events ${lostEvents}`,
  );
  console.log(`load: moves/s ${(stats.moves / secs).toFixed(0)}`);
  console.log(
    `load: server peak memory ${peaks.map((k) => (k === null ? '?' : `${(k / 1024).toFixed(1)} MiB`)).join(', then ')}`,
  );
  const cpu = cpuSeconds.reduce((a, b) => a + (b || 0), 0);
  console.log(
    `load: server CPU ${cpu.toFixed(2)} s in all, ${((1000 * cpu) / Math.max(1, stats.moves)).toFixed(3)} ms per answered move (with its event and the game's creation)`,
  );
  for (const p of stats.problems) console.log(`load: problem: ${p}`);
  const ok =
    finished === opts.games &&
    stats.failed === 0 &&
    missing === 0 &&
    unseen === 0 &&
    dup === 0 &&
    lostEvents === 0 &&
    stats.problems.length === 0;
  console.log(ok ? 'load: ok' : 'load: FAILED');
  return ok;
}

function cleanup() {
  for (const s of servers) if (s.child) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

main().then(
  (ok) => {
    cleanup();
    process.exit(ok ? 0 : 1);
  },
  (e) => {
    console.error(`load: ${e.stack || e}`);
    cleanup();
    process.exit(1);
  },
);
