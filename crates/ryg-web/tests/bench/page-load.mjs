// How fast the page is ready: a benchmark, not a test (timings on a shared machine are noisy,
// so no test asserts them). Starts the real `ryg serve` on loopback and a headless Chromium, warms
// the browser with one load, then loads the page N times in fresh contexts and prints, per load and
// in summary (min, median, p90, max), the milliseconds from the start of the navigation until a
// game is on the board and the page is idle, as the page's own clock says, with the bytes fetched.
//
//   node crates/ryg-web/tests/bench/page-load.mjs [--loads N]     (N from 1 to 200, default 20)
//
// RYG_BIN and CHROMIUM as for the browser tests (crates/ryg-web/tests/e2e/harness.mjs).
import { startServer, tempDb, launchBrowser, newPage, idle } from '../e2e/harness.mjs';

function loadsArg(argv) {
  const i = argv.indexOf('--loads');
  if (i < 0) return 20;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 200) {
    console.error(`page-load: --loads takes a whole number from 1 to 200, not '${argv[i + 1] ?? ''}'`);
    process.exit(2);
  }
  return n;
}

/** One load in a fresh context: milliseconds until ready, bytes and responses. */
async function load(browser, url) {
  const p = await newPage(browser);
  const bodies = [];
  p.on('response', (r) =>
    bodies.push(
      r.body().then(
        (b) => b.length,
        () => 0,
      ),
    ),
  );
  await p.addInitScript(() => {
    new MutationObserver((_, seen) => {
      const b = document.body;
      if (b?.dataset.game && b.dataset.busy === 'false') {
        window.readyAt = performance.now();
        seen.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, childList: true });
  });
  await p.goto(url);
  await idle(p);
  const ms = await p.evaluate(() => window.readyAt);
  const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  const responses = bodies.length;
  await p.context().close();
  return { ms, bytes, responses };
}

const loads = loadsArg(process.argv.slice(2));
const server = await startServer(tempDb());
const browser = await launchBrowser();
try {
  await load(browser, server.url); // a browser's first page pays for its own start
  const times = [];
  for (let i = 1; i <= loads; i += 1) {
    const r = await load(browser, server.url);
    times.push(r.ms);
    console.log(`load ${i}: ready in ${r.ms.toFixed(0)} ms, ${r.bytes} bytes in ${r.responses} responses`);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  console.log(`page ready (ms) over ${loads} loads: min ${at(0)}, median ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)}`);
} finally {
  await browser.close();
  await server.stop();
}
