// The static site (scripts/build-static → target/site) in real Chromium, served by a plain
// static file server with no ryg behind it: the service worker takes over and the engine in
// WebAssembly answers the page. Exact results and a hint, a puzzle solved, the six Learn
// lessons, a Play better position played through, English and Spanish, what needs a server said plainly; then the network goes off,
// the page is reloaded from the release's cache and still works.
// Last, `ryg serve`'s page: the same manifest and service worker (installable), a friend
// still offered.
//   node --test crates/ryg-wasm/tests/site.test.mjs   (RYG_SITE: the built site, default
//   target/site; RYG_BIN: the ryg binary, default target/ci/ryg; CHROMIUM: default
//   /usr/bin/chromium)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPage, screenshot, sq, startServer, tempDb, eventually } from '../../ryg-web/tests/e2e/harness.mjs';
import { nextPuzzle } from '../../ryg-web/assets/js/puzzledata.js';
import { LESSONS as BETTER } from '../../ryg-web/assets/js/better/model.js';
import { serveStatic } from './serve.mjs';
import { siteDir, engine, site, browser, useSite, openSite } from './site.mjs';

useSite();

const START = '1c1c1c1c/8/8/8/8/8/8/4m3 m';

async function exactResults(p) {
  await p.locator('#results-toggle').click();
  await p.waitForFunction((fen) => document.getElementById('results').dataset.fen === fen, START);
  const best = engine(`/api/solve?fen=${encodeURIComponent(START)}`).best_moves;
  const shown = await p.locator('#results button.res.best').evaluateAll((bs) => bs.map((b) => b.dataset.move));
  assert.deepEqual(shown.sort(), [...best].sort());
}

/** Solves the puzzle shown (one not solved before) by clicking its line. */
async function solvePuzzle(p, solved) {
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.puzzle);
  const set = engine('/api/puzzles?size=8').puzzles;
  const id = await p.evaluate(() => document.getElementById('puzzles-view').dataset.puzzle);
  if (solved.length === 0)
    assert.equal(id, nextPuzzle(set, 1500, new Set()).id, 'a new visitor gets the puzzle nearest 1500');
  assert.ok(!solved.includes(id));
  const puzzle = set.find((z) => z.id === id);
  for (let i = 0; i < puzzle.line.length; i += 2) {
    await p.waitForFunction(() => document.querySelectorAll('#pz-board .sq.movable').length > 0);
    await sq(p, puzzle.line[i].slice(0, 2)).click();
    await sq(p, puzzle.line[i].slice(2)).click();
    if (i + 1 < puzzle.line.length)
      await p.waitForFunction(
        (to) => !!document.querySelector(`#pz-board [data-sq="${to}"] .piece`),
        puzzle.line[i + 1].slice(2),
      );
  }
  await p.waitForFunction(() => document.getElementById('puzzles-view').dataset.state === 'solved');
  return id;
}

/** Each lesson, waited for until what it asked the engine is drawn. */
const LESSONS = [
  () => document.getElementById('bd-perft')?.dataset.busy === 'false',
  () => !!document.querySelector('#mm-tree[data-busy="false"] [role="tree"]'),
  () =>
    document.getElementById('ev-keep')?.dataset.busy === 'false' &&
    !document.getElementById('ev-summary').textContent.endsWith('…'),
  () => document.getElementById('ab-tree')?.dataset.busy === 'false',
  () => document.getElementById('tq-out')?.dataset.busy === 'false',
  () => !!document.querySelector('#pf-grid svg'),
];

async function lessons(p, url) {
  for (const [i, ready] of LESSONS.entries()) {
    await p.goto(`${url}#learn/${i + 1}`);
    await p.waitForFunction(ready, null, { timeout: 30000 });
    const text = await p.locator('#learn-view').innerText();
    assert.doesNotMatch(text, /needs a ryg server|does not answer|necesita un servidor|no responde/, `lesson ${i + 1}`);
  }
}

/** The first Play better lesson's first position, played through with its only move and the
 * engine's perfect answers (the moves the WebAssembly engine judges and answers). */
async function betterLesson(p, url) {
  const spec = BETTER[0].positions[0];
  await p.goto(`${url}#better/1`);
  const state = () => p.evaluate(() => document.getElementById('better-view')?.dataset.state);
  await p.waitForFunction(
    (id) => {
      const v = document.getElementById('better-view');
      return v && v.dataset.position === id && v.dataset.state === 'playing';
    },
    spec.id,
    { timeout: 30000 },
  );
  for (let k = 0; k < spec.until; k++) {
    const fen = await p.evaluate(() => document.getElementById('better-view').dataset.fen);
    const mv = k === 0 ? spec.only : engine(`/api/solve?fen=${encodeURIComponent(fen)}`).best_moves[0];
    await p.locator(`#bt-board [data-sq="${mv.slice(0, 2)}"]`).click();
    await p.locator(`#bt-board [data-sq="${mv.slice(2)}"]`).click();
    await p.waitForFunction(
      (f) => {
        const v = document.getElementById('better-view');
        return v.dataset.state === 'done' || (v.dataset.state === 'playing' && v.dataset.fen !== f);
      },
      fen,
      { timeout: 30000 },
    );
  }
  await eventually(async () => assert.equal(await state(), 'done'));
  const text = await p.locator('#better-view').innerText();
  assert.doesNotMatch(text, /needs a ryg server|does not answer|necesita un servidor|no responde/);
}

test('the static site without a server: exact results, a hint, a puzzle, the six lessons, English and Spanish; then offline', async () => {
  const p = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await openSite(p);
  // what needs a server is not offered, and the page says so
  await eventually(async () => assert.equal(await p.locator('#friend-button').isHidden(), true));
  await eventually(async () =>
    assert.equal(await p.locator('#go').isVisible(), true, "'Computer move': the browser's engine plays it"),
  );
  await eventually(async () =>
    assert.match(await p.locator('#no-server').innerText(), /^No ryg server answers here\./),
  );
  // exact results and a hint, from the engine in the browser
  await exactResults(p);
  await p.getByRole('button', { name: 'Hint' }).click();
  const best = engine(`/api/solve?fen=${encodeURIComponent(START)}`).best_moves;
  await p.waitForFunction(() => /^Hint: /.test(document.getElementById('hint-text').textContent));
  const hint = await p.locator('#hint-text').innerText();
  assert.ok(
    best.some((m) => hint.includes(m)),
    hint,
  );
  await screenshot(p, 'static-desktop');
  // a puzzle solved
  await p.goto(`${site.url}#puzzles`);
  const solved = [await solvePuzzle(p, [])];
  // the six lessons, and a Play better position
  await lessons(p, site.url);
  await betterLesson(p, site.url);
  // in Spanish
  await p.goto(site.url);
  await p.waitForFunction(() => document.body.dataset.server === 'none');
  await p.locator('#lang').selectOption('es');
  await p.waitForFunction(() => document.documentElement.lang === 'es');
  await eventually(async () =>
    assert.match(await p.locator('#no-server').innerText(), /^Aquí no responde ningún servidor de ryg\./),
  );
  // offline: the page comes from the release's cache, the engine still answers
  const asked = site.requests.length;
  await p.context().setOffline(true);
  await p.goto(`${site.url}#puzzles`);
  await p.waitForFunction(() => document.body.dataset.server === 'none');
  solved.push(await solvePuzzle(p, solved));
  await p.goto(site.url);
  await p.waitForFunction(() => document.body.dataset.server === 'none');
  await p.locator('#lang').selectOption('en');
  await exactResults(p);
  // (but the browser's own check for a new release: the worker's script and what it imports,
  // which Playwright's offline mode does not cut off for service workers)
  const fetched = site.requests.slice(asked).filter((f) => !['/sw.js', '/assets/host.js', '/ryg.js'].includes(f));
  assert.deepEqual(fetched, [], 'nothing of the page was fetched offline');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('the static site on a phone, in Spanish: the Learn lessons and Play better offline after one visit', async () => {
  const p = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  await openSite(p);
  await p.waitForFunction(() => document.documentElement.lang === 'es');
  await screenshot(p, 'static-phone-es');
  await p.context().setOffline(true);
  await lessons(p, site.url);
  await screenshot(p, 'static-phone-es-learn-offline');
  await betterLesson(p, site.url);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('the manifest and the service worker: installable, one cache named for the release', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(siteDir, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.start_url && manifest.theme_color && manifest.background_color && manifest.name);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    assert.ok(icon, size);
    const png = fs.readFileSync(path.join(siteDir, icon.src));
    assert.equal(png.readUInt32BE(16), Number(size.split('x')[0]), `${icon.src} is ${size}`);
  }
  const sw = fs.readFileSync(path.join(siteDir, 'sw.js'), 'utf8');
  const version = /const VERSION = '([0-9a-f]{16})';/.exec(sw);
  assert.ok(version, 'the release is named by its files');
  const kept = JSON.parse(/const FILES = (\[.*\]);/.exec(sw)[1]);
  for (const f of ['', 'ryg.wasm', 'ryg.js', 'assets/js/main.js', 'manifest.webmanifest'])
    assert.ok(kept.includes(f), f);
  // in the browser: one cache, named for this release
  const p = await newPage(browser);
  await openSite(p);
  const caches = await p.evaluate(() => caches.keys());
  assert.deepEqual(caches, [`ryg ${site.url} ${version[1]}`]);
  await p.context().close();
});

test('in a browser without service workers the page loads the engine itself', async () => {
  const p = await newPage(browser, { serviceWorkers: 'block' });
  const t0 = Date.now();
  await p.goto(site.url);
  await p.waitForFunction(() => document.body.dataset.server === 'none', null, { timeout: 30000 });
  const waited = Date.now() - t0;
  await eventually(async () => assert.equal(await p.evaluate(() => navigator.serviceWorker.controller), null));
  await exactResults(p);
  await p.goto(`${site.url}#puzzles`);
  await solvePuzzle(p, []);
  assert.deepEqual(p.errors, []);
  console.log(`without a worker: the page answered after ${waited} ms`);
  await p.context().close();
});

test('a new release waits for the page\'s word: no files of two releases, "A new version is ready — reload" (English and Spanish), then the new release alone', async () => {
  // a copy of the site, served, then changed as a new release would be
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-site-'));
  fs.cpSync(siteDir, dir, { recursive: true });
  const copy = await serveStatic(dir);
  try {
    const p = await newPage(browser);
    await p.goto(copy.url);
    await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'none', null, {
      timeout: 30000,
    });
    const old = /const VERSION = '([0-9a-f]{16})';/.exec(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'))[1];
    await eventually(async () => assert.deepEqual(await p.evaluate(() => caches.keys()), [`ryg ${copy.url} ${old}`]));
    // the new release: a changed page and a changed module, another name
    const html = path.join(dir, 'index.html');
    fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('<head>', '<head><!-- the new release -->'));
    const words = path.join(dir, 'assets/js/words.js');
    fs.appendFileSync(words, '\n// the new release\n');
    const sw = path.join(dir, 'sw.js');
    const text = fs
      .readFileSync(sw, 'utf8')
      .replace(`const VERSION = '${old}';`, "const VERSION = '0123456789abcdef';");
    // (the changed files' digests: taken from the HTTP cache only when they are the release's)
    fs.writeFileSync(sw, text.replace(/const DIGESTS = .*;/, 'const DIGESTS = {};'));
    // the browser looks for a new release on each visit; here, at once: the new worker keeps
    // the new files and waits; the page keeps its own release, whole, and offers the new one
    await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await p.locator('#update-ready').waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await p.locator('#update-reload').innerText(), 'A new version is ready — reload');
    const served = () => Promise.all(['./', 'assets/js/words.js'].map((f) => fetch(f).then((r) => r.text())));
    for (const file of await p.evaluate(served)) assert.ok(!file.includes('the new release'), 'the old release, whole');
    await p.reload();
    await p.waitForFunction(() => document.body.dataset.server === 'none');
    // a reload alone keeps the release the page runs (the new one waits for the word)
    for (const file of await p.evaluate(served))
      assert.ok(!file.includes('the new release'), 'the old release after a reload');
    await p.locator('#lang').selectOption('es');
    await p.locator('#update-ready').waitFor({ state: 'visible', timeout: 30000 });
    await eventually(async () =>
      assert.equal(await p.locator('#update-reload').innerText(), 'Hay una versión nueva — recargar'),
    );
    await screenshot(p, 'static-update-es');
    await p.setViewportSize({ width: 390, height: 844 });
    await screenshot(p, 'static-update-phone-es');
    await p.locator('#lang').selectOption('en');
    await screenshot(p, 'static-update-phone-en');
    await p.setViewportSize({ width: 1280, height: 900 });
    await screenshot(p, 'static-update-en');
    // taken: the page reloads into the new release, and the old release's cache goes
    await Promise.all([p.waitForNavigation(), p.locator('#update-reload').click()]);
    await p.waitForFunction(() => document.body.dataset.server === 'none', null, { timeout: 30000 });
    await eventually(async () =>
      assert.equal(await p.evaluate(() => document.head.innerHTML.includes('the new release')), true),
    );
    for (const file of await p.evaluate(served)) assert.ok(file.includes('the new release'), 'the new release, whole');
    await eventually(async () =>
      assert.deepEqual(await p.evaluate(() => caches.keys()), [`ryg ${copy.url} 0123456789abcdef`]),
    );
    await eventually(async () => assert.equal(await p.locator('#update-ready').isHidden(), true));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  } finally {
    await copy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("ryg serve's page: the same manifest and service worker, and a friend offered", async () => {
  const server = await startServer(tempDb());
  try {
    const manifest = await fetch(new URL('manifest.webmanifest', server.url));
    assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
    assert.deepEqual(
      await manifest.json(),
      JSON.parse(fs.readFileSync(path.join(siteDir, 'manifest.webmanifest'), 'utf8')),
    );
    const icon = await fetch(new URL('assets/icons/icon-512.png', server.url));
    assert.equal(icon.headers.get('content-type'), 'image/png');
    const sw = await (await fetch(new URL('sw.js', server.url))).text();
    assert.match(sw, /const VERSION = '[0-9.]+-[0-9a-f]{16}';/);
    const p = await newPage(browser);
    await p.goto(server.url);
    await p.waitForFunction(() => navigator.serviceWorker.controller && document.body.dataset.server === 'yes', null, {
      timeout: 30000,
    });
    await eventually(async () => assert.equal(await p.locator('#friend-button').isVisible(), true));
    await eventually(async () => assert.equal(await p.locator('#go').isVisible(), true));
    await eventually(async () => assert.equal(await p.locator('#no-server').isHidden(), true));
    const version = /const VERSION = '([^']+)';/.exec(sw)[1];
    await eventually(async () =>
      assert.deepEqual(await p.evaluate(() => caches.keys()), [`ryg ${server.url} ${version}`]),
    );
    assert.deepEqual(p.errors, []);
    await p.context().close();
  } finally {
    await server.stop();
  }
});
