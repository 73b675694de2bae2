// The static site in any folder: one build (target/site) copied to a host's root, to /ryg/ and
// to /a/b/ of a plain static file server, each opened, reloaded offline and played there; two
// copies on one origin (/a/ and /b/), each keeping its own cache and working offline; and an
// ordinary session with no console error and no failed request (no ryg server asked for).
//   node --test crates/ryg-wasm/tests/anywhere.test.mjs   (RYG_SITE, CHROMIUM: as site.test.mjs)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPage, screenshot, sq, launchBrowser, newGameOnForm as newGame } from '../../ryg-web/tests/e2e/harness.mjs';
import { serveStatic } from './serve.mjs';
import { siteDir, engine } from './site.mjs';

const FOLDERS = ['', 'ryg/', 'a/b/', 'one/', 'two/'];
let dir;
let host;
let browser;

before(async () => {
  // the one build, copied (moved) into five folders of one host
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-anywhere-'));
  for (const f of FOLDERS) fs.cpSync(siteDir, path.join(dir, f), { recursive: true });
  host = await serveStatic(dir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A page that records what went wrong: console errors and answers of 400 and more. */
async function watchedPage(options) {
  const p = await newPage(browser, options);
  p.problems = [];
  p.on('console', (m) => {
    if (m.type() === 'error') p.problems.push(m.text());
  });
  p.on('response', (r) => {
    if (r.status() >= 400) p.problems.push(`${r.status()} ${r.url()}`);
  });
  // (a request cut short by leaving the page is no failure of the site)
  p.on('requestfailed', (r) => {
    if (!p.offline && !/ERR_ABORTED/.test(r.failure()?.errorText))
      p.problems.push(`failed ${r.url()} ${r.failure()?.errorText}`);
  });
  return p;
}

async function open(p, url) {
  await p.goto(url);
  await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
    timeout: 30000,
  });
}

/** A game against level 3 on 6×6: the mouse's best move and the computer's reply. */
async function aMove(p) {
  await newGame(p, { size: '6', seat: 'mouse', level: '3' });
  const start = await p.locator('#fen').innerText();
  const best = engine(`/api/solve?fen=${encodeURIComponent(start)}`).best_moves[0];
  const i = best.search(/[a-n]\d+$/);
  await sq(p, best.slice(0, i)).click();
  await sq(p, best.slice(i)).click();
  await p.waitForFunction(
    () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2,
    null,
    { timeout: 30000 },
  );
}

async function offlineReload(p) {
  p.offline = true;
  await p.context().setOffline(true);
  await p.reload();
  await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
    timeout: 30000,
  });
}

test("one build at a host's root, in /ryg/ and in /a/b/: each opened, reloaded offline and played; nothing asked outside its folder, no error", async () => {
  for (const f of ['', 'ryg/', 'a/b/']) {
    const p = await watchedPage();
    const asked = host.requests.length;
    await open(p, host.url + f);
    // its own worker, scoped to its folder
    assert.equal(await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope)), host.url + f);
    await p.waitForFunction(
      () => document.querySelector('.logo') && document.getElementById('board').children.length > 0,
    );
    const outside = host.requests.slice(asked).filter((r) => !r.startsWith(`/${f}`));
    assert.deepEqual(outside, [], `at /${f}: asked outside its folder`);
    // no ryg server asked for (no /api/config 404)
    assert.deepEqual(
      host.requests.slice(asked).filter((r) => r.includes('/api/')),
      [],
    );
    await offlineReload(p);
    await aMove(p);
    if (f === 'a/b/') await screenshot(p, 'static-folder-offline');
    assert.deepEqual(p.errors, []);
    assert.deepEqual(p.problems, [], `at /${f}`);
    await p.context().close();
  }
});

test('two copies on one origin: each keeps its own cache, both work offline, and their games live side by side', async () => {
  const p = await watchedPage();
  const one = `${host.url}one/`;
  const two = `${host.url}two/`;
  await open(p, one);
  await open(p, two);
  const keys = await p.evaluate(() => caches.keys());
  assert.equal(keys.length, 2, keys.join(', '));
  assert.ok(
    keys.some((k) => k.startsWith(`ryg ${one} `)) && keys.some((k) => k.startsWith(`ryg ${two} `)),
    keys.join(', '),
  );
  await p.context().setOffline(true);
  p.offline = true;
  for (const url of [one, two]) {
    await p.goto(url);
    await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
      timeout: 30000,
    });
    await aMove(p);
  }
  assert.deepEqual((await p.evaluate(() => caches.keys())).sort(), keys.sort());
  // one IndexedDB for the origin: each copy's game kept (neither numbered over the other's)
  const games = await p.evaluate(
    () =>
      new Promise((resolve) => {
        const o = indexedDB.open('ryg', 1);
        o.onsuccess = () => {
          const r = o.result.transaction('games').objectStore('games').getAll();
          r.onsuccess = () => resolve(r.result.length);
        };
      }),
  );
  assert.equal(games, 2);
  assert.deepEqual(p.errors, []);
  assert.deepEqual(p.problems, []);
  await p.context().close();
});

test('the first visit downloads each file once (the worker keeps what the page fetched): the bytes, gzip and brotli', async () => {
  for (const maxAge of [600, undefined]) {
    // as GitHub Pages serves (10 minutes' max-age, an ETag), then a host that wants each file
    // asked again (no-cache: the worker's copy is then a 304, not a second download)
    const pages = await serveStatic(siteDir, { maxAge });
    try {
      const p = await watchedPage();
      await open(p, pages.url);
      const files = JSON.parse(/const FILES = (\[.*\]);/.exec(fs.readFileSync(path.join(siteDir, 'sw.js'), 'utf8'))[1]);
      await p.waitForFunction(
        async (n) => {
          const keys = await caches.keys();
          return keys.length === 1 && (await (await caches.open(keys[0])).keys()).length === n;
        },
        files.length,
        { timeout: 30000, polling: 200 },
      );
      const twice = pages.sent.map((s) => s.path).filter((f, i, all) => all.indexOf(f) !== i);
      assert.deepEqual(twice, [], `max-age ${maxAge}: downloaded twice`);
      assert.deepEqual(p.problems, []);
      if (maxAge) {
        const zlib = await import('node:zlib');
        let raw = 0;
        let gz = 0;
        let br = 0;
        for (const { path: f } of pages.sent) {
          const data = fs.readFileSync(path.join(siteDir, f.endsWith('/') ? `${f}index.html` : f));
          raw += data.length;
          gz += zlib.gzipSync(data, { level: 9 }).length;
          br += zlib.brotliCompressSync(data).length;
        }
        const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
        console.log(`# first visit: ${pages.sent.length} files, ${kib(raw)}; gzip ${kib(gz)}, brotli ${kib(br)}`);
      }
      await p.context().close();
    } finally {
      await pages.close();
    }
  }
});

test('only what the site plays: no 12×12 or 14×14, no perfect on 10×10, its refusal in words without a server (English and Spanish), and a 10×10 game with no error or failed request', async () => {
  const p = await watchedPage();
  await open(p, host.url);
  const sizes = await p.evaluate(() =>
    [...document.querySelectorAll('#size option')].filter((o) => !o.hidden && !o.disabled).map((o) => o.value),
  );
  assert.deepEqual(sizes, ['4', '6', '8', '10']);
  await p.locator('#size').selectOption('10');
  assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), true);
  await p.locator('#size').selectOption('8');
  assert.equal(await p.locator('#level option[value="perfect"]').isDisabled(), false);
  // asked anyway: refused when the game is created, in the page's words
  const refusal = () =>
    p.evaluate(async () => {
      const { api } = await import(new URL('assets/js/api.js', location.href));
      const { errorText } = await import(new URL('assets/js/i18n.js', location.href));
      try {
        await api('POST', '/api/games', { size: 10, mouse: 'human', cats: 'perfect' });
        return 'accepted';
      } catch (e) {
        return `${e.status} ${errorText(e)}`;
      }
    });
  const en = await refusal();
  assert.match(en, /^409 Exact results, hints and perfect play on this site go up to 8×8/);
  await p.locator('#lang').selectOption('es');
  await p.waitForFunction(() => document.documentElement.lang === 'es');
  const es = await refusal();
  assert.match(es, /^409 En este sitio, los resultados exactos, las pistas y el juego perfecto llegan hasta 8×8/);
  for (const text of [en, es]) assert.doesNotMatch(text, /server|servidor|ryg solve/);
  // the refusals above were asked for; from here on an ordinary 10×10 session: nothing fails
  p.problems.length = 0;
  await p.locator('#lang').selectOption('en');
  await p.locator('#size').selectOption('10');
  await newGame(p, { size: '10', seat: 'mouse', level: '3' });
  await p.locator('#go').click();
  await p.waitForFunction(
    () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2,
    null,
    { timeout: 30000 },
  );
  await p.locator('#go').click();
  await p.waitForFunction(
    () => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 4,
    null,
    { timeout: 30000 },
  );
  // exact results: the site's limit, not a server's
  assert.equal(await p.locator('#results-toggle').innerText(), 'Exact results (boards up to 8×8)');
  await screenshot(p, 'static-10x10');
  assert.deepEqual(p.errors, []);
  assert.deepEqual(p.problems, []);
  await p.context().close();
});
