// The 10×10 table built in the browser, on the static site (scripts/build-static →
// target/site) in real Chromium behind a plain static file server: asked for under Exact
// results, built in a Web Worker with a progress bar, kept in IndexedDB and read in by the
// service worker's engine; then exact results, a perfect game's replies, a hint and a review on
// 10×10, each checked against the native `ryg` (RYG_BIN); the worker stopped, the kept table
// read in again, offline too; the same with the engine in the page (no service worker). And
// the refusals where memory is short, in English and Spanish: a device that says it has 1 GB,
// and an allocation that really fails (the test hook `ryg.test.fillMemory`).
// Prints the build's time and the browser's peak memory (docs/static.md has them).
//   node --test crates/ryg-wasm/tests/table10.test.mjs   (RYG_SITE, RYG_BIN, CHROMIUM: as
//   site.test.mjs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseFen, applyMove, toFen } from '../../ryg-web/assets/js/fen.js';
import {
  newPage,
  rygBinary,
  eventually,
  screenshot,
  newGameOnForm as newGame,
} from '../../ryg-web/tests/e2e/harness.mjs';
import { browser, site, useSite, openSite } from './site.mjs';

useSite();

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-table10-'));
process.on('exit', () => fs.rmSync(cacheDir, { recursive: true, force: true }));

/** The native command line's exact result of `fen` (its 10×10 table cached in a folder of the test's). */
function nativeSolve(fen) {
  return JSON.parse(
    execFileSync(rygBinary(), ['solve', '--json', '--cache-dir', cacheDir, '--fen', fen], { encoding: 'utf8' }),
  );
}

/** The page's answer to `method path` (its own api.js, so through its engine); `{status, text}` when refused. */
function pageApi(p, method, apiPath, body) {
  return p.evaluate(
    async ([m, a, b]) => {
      const { api } = await import(new URL('assets/js/api.js', location.href));
      const { errorText } = await import(new URL('assets/js/i18n.js', location.href));
      try {
        return await api(m, a, b);
      } catch (e) {
        return { status: e.status, text: errorText(e) };
      }
    },
    [method, apiPath, body],
  );
}

/** The resident memory (kB) of this process's descendants (the browser's processes), summed. */
function browserRss() {
  const children = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {
      /* gone */
    }
  }
  let kb = 0;
  const walk = (pid) => {
    for (const c of children.get(pid) || []) {
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${c}/status`, 'utf8'))?.[1] || 0);
      } catch {
        /* gone */
      }
      walk(c);
    }
  };
  walk(process.pid);
  return kb;
}

/** Positions on 10×10: the start and a line through it (a move chosen by the ply). */
function positions() {
  const out = [];
  let fen = '1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m';
  for (let ply = 0; ply <= 14; ply += 1) {
    const solved = nativeSolve(fen);
    if ([0, 1, 6, 14].includes(ply)) out.push(solved);
    if (!solved.moves.length) break;
    fen = toFen(applyMove(parseFen(fen), solved.moves[(ply * 7) % solved.moves.length].move));
  }
  return out;
}

async function clickBuild(p) {
  const button = p.locator('#tablebase button');
  await eventually(async () => assert.match(await button.innerText(), /10×10/));
  await button.click();
}

test('short of memory: refused plainly in English and Spanish, nothing kept, no perfect on 10×10', async () => {
  const cases = [
    // a device that says it has 1 GB: not tried
    {
      init: () => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 1 }),
      en: /^Not worked out: This device says it has 1 GB of memory, too little for the 10×10 table/,
      es: /^No se ha calculado: Este dispositivo dice tener 1 GB de memoria, demasiado poca para la tabla de 10×10/,
    },
    // the table's allocation fails in the worker (its memory filled first: the test hook)
    {
      init: () => localStorage.setItem('ryg.test.fillMemory', '1'),
      en: /^Not worked out: The browser would not give the 10×10 table the memory it needs/,
      es: /^No se ha calculado: El navegador no ha dado a la tabla de 10×10 la memoria que necesita/,
    },
  ];
  for (const { init, en, es } of cases) {
    for (const [lang, words] of [
      ['en', en],
      ['es', es],
    ]) {
      const p = await newPage(browser, { locale: lang === 'es' ? 'es-ES' : 'en-GB' });
      await p.addInitScript(init);
      await openSite(p);
      await clickBuild(p);
      await eventually(async () => assert.match(await p.locator('#table-build').innerText(), words));
      await p.locator('#size').selectOption('10');
      await eventually(async () => assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), true));
      const kept = () =>
        p.evaluate(
          () =>
            new Promise((resolve) => {
              const o = indexedDB.open('ryg-tables', 1);
              o.onupgradeneeded = () => o.result.createObjectStore('tables');
              o.onsuccess = () => {
                const r = o.result.transaction('tables').objectStore('tables').count();
                r.onsuccess = () => {
                  o.result.close();
                  resolve(r.result);
                };
              };
            }),
        );
      await eventually(async () => assert.equal(await kept(), 0, 'nothing kept'));
      if (lang === 'es') await screenshot(p, 'static-table10-refused-es');
      assert.deepEqual(p.errors, []);
      await p.context().close();
    }
  }
});

test('10×10 built in a worker with a progress bar, kept, read in by the engine: exact results, perfect replies, a hint and a review equal the native ryg', {
  timeout: 600000,
}, async () => {
  const expected = positions();
  const p = await newPage(browser);
  await openSite(p);
  const before = browserRss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, browserRss());
  }, 100);
  try {
    await clickBuild(p);
    // the progress bar, while the worker builds
    await eventually(async () => assert.equal(await p.locator('#table-build progress').count(), 1));
    await p.waitForFunction(() => !document.querySelector('#table-build progress'), null, { timeout: 300000 });
  } finally {
    clearInterval(sampler);
  }
  await eventually(async () =>
    assert.match(
      await p.locator('#table-build').innerText(),
      /^10×10 is worked out in [\d.]+ s and kept in this browser/,
    ),
  );
  const timings = await p.evaluate(async () => (await import(new URL('assets/js/table10.js', location.href))).timings);
  await eventually(async () => assert.ok(timings.reports > 10, `${timings.reports} progress reports`));
  console.log(
    `# 10×10 in Chromium: built in ${(timings.build / 1000).toFixed(2)} s, kept (IndexedDB) in ${(timings.keep / 1000).toFixed(2)} s, read in by the worker's engine in ${(timings.load / 1000).toFixed(2)} s; the browser's processes ${Math.round(before / 1024)} MiB before, ${Math.round(peak / 1024)} MiB at the peak (+${Math.round((peak - before) / 1024)} MiB); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // exact results: the engine's answers are the native command line's
  for (const solved of expected)
    await eventually(async () =>
      assert.deepEqual(await pageApi(p, 'GET', `/api/solve?fen=${encodeURIComponent(solved.fen)}`), solved),
    );

  // perfect play offered on 10×10; a game against it: each reply one of the native best moves
  await p.locator('#size').selectOption('10');
  await eventually(async () => assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), false));
  await newGame(p, { size: '10', seat: 'mouse', level: 'perfect' });
  await eventually(async () => assert.equal(await p.locator('#hint').isDisabled(), false, 'hints on 10×10'));
  await p.locator('#hint').click();
  const startBest = nativeSolve('1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m').best_moves;
  await eventually(async () => {
    const hint = await p.locator('#hint-text').innerText();
    assert.ok(/^Hint: /.test(hint) && startBest.some((m) => hint.includes(m)), hint);
  });
  // (the form's game is stored at its first move: this one is created at once, as the form would)
  let game = await p.evaluate(async () => {
    const { api, keepToken } = await import(new URL('assets/js/api.js', location.href));
    const created = await api('POST', '/api/games', { size: 10, mouse: 'human', cats: 'perfect', seed: 11 });
    keepToken(created.id, created.tokens.mouse);
    return created;
  });
  const id = game.id;
  await eventually(async () => assert.ok(Array.isArray(game.legal_moves), JSON.stringify(game)));
  for (let i = 0; i < 3 && !game.outcome; i += 1) {
    const mouseMove = game.legal_moves[i % game.legal_moves.length];
    const after = toFen(applyMove(parseFen(game.fen), mouseMove));
    const best = nativeSolve(after).best_moves;
    game = await pageApi(p, 'POST', `/api/games/${id}/moves`, { move: mouseMove });
    await eventually(async () =>
      assert.ok(best.includes(game.last_move), `${game.last_move} is one of ${best} after ${mouseMove}`),
    );
  }
  // the review: each move's exact result, the native table's
  const natives = [parseFen(game.start_fen)];
  for (const mv of game.moves) natives.push(applyMove(natives[natives.length - 1], mv));
  const values = natives.map((pos) => {
    const n = nativeSolve(toFen(pos));
    return { winner: n.winner, plies: n.plies };
  });
  await eventually(async () => {
    const review = await pageApi(p, 'GET', `/api/games/${id}/review`);
    assert.deepEqual(
      review.values.map((v) => ({ winner: v.winner, plies: v.plies })),
      values,
      JSON.stringify(review),
    );
  });
  await screenshot(p, 'static-table10-game');

  // the worker stopped (the browser does so when idle): its fresh engine reads the kept table in
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const again = expected[expected.length - 1];
  const t0 = Date.now();
  await eventually(async () =>
    assert.deepEqual(await pageApi(p, 'GET', `/api/solve?fen=${encodeURIComponent(again.fen)}`), again),
  );
  console.log(
    `# a fresh worker's first 10×10 answer (the kept table read in): ${((Date.now() - t0) / 1000).toFixed(2)} s`,
  );
  // and the page, reloaded offline, offers perfect play on 10×10 at once and answers from the kept table
  await p.context().setOffline(true);
  await p.reload();
  await p.waitForFunction(() => document.body.dataset.server === 'none');
  await p.locator('#size').selectOption('10');
  await eventually(async () => assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), false));
  await eventually(async () =>
    assert.deepEqual(await pageApi(p, 'GET', `/api/solve?fen=${encodeURIComponent(expected[1].fen)}`), expected[1]),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("no service worker (the engine in the page): 10×10 built in the worker, read in by the page's engine, its answers the native ones", {
  timeout: 600000,
}, async () => {
  const p = await newPage(browser, { serviceWorkers: 'block' });
  await p.goto(site.url);
  await p.waitForFunction(
    () => document.body.dataset.server === 'none' && document.body.dataset.worker === 'none',
    null,
    { timeout: 30000 },
  );
  const solved = nativeSolve('1c1c1c1c1c/10/10/10/10/10/10/10/3m6/10 c');
  await clickBuild(p);
  await eventually(
    async () =>
      assert.match(
        await p.locator('#table-build').innerText(),
        /^10×10 is worked out in [\d.]+ s and kept in this browser/,
      ),
    300000,
  );
  await eventually(async () =>
    assert.deepEqual(await pageApi(p, 'GET', `/api/solve?fen=${encodeURIComponent(solved.fen)}`), solved),
  );
  await p.locator('#size').selectOption('10');
  await eventually(async () => assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), false));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});
