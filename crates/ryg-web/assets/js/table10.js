// The 10×10 table on the static site, built when asked (this module loads only then): in a Web
// Worker (assets/table.js, the engine's own build, which keeps its bytes in IndexedDB:
// `ryg-tables`, read by host.js) with a progress bar, then read in by the engine that answers the page
// (`POST /api/tablebase/10`); from then on exact results, hints, perfect play and reviews on
// 10×10 work here, offline too. Refused plainly where the memory is short: a device that says
// it has little (`navigator.deviceMemory`), or an allocation that fails.
import { $, showError } from './dom.js';
import { api } from './api.js';
import { t, fmtPct, pageError, errorText } from './i18n.js';
import { setTableMax, renderLevelNote } from './levelnote.js';

/** Below this many GB of device memory (`navigator.deviceMemory`) the table is not tried. */
export const MIN_DEVICE_GB = 2;

/** The figures of the last build, for the tests and docs/static.md: built, kept, read in (ms),
 * and the progress reports the bar showed. */
export const timings = { reports: 0 };

/** The line under Exact results that shows the build: its words and its progress bar. */
function line() {
  let el = $('table-build');
  if (!el) {
    el = document.createElement('p');
    el.id = 'table-build';
    el.className = 'note';
    el.setAttribute('aria-live', 'polite');
    $('tablebase').after(el);
  }
  return el;
}

/** Why the table would not fit here, before anything is tried; null where it may. */
export function memoryShort(deviceMemory = navigator.deviceMemory) {
  if (typeof deviceMemory === 'number' && deviceMemory < MIN_DEVICE_GB)
    return pageError('tb.lowMemory', { gb: deviceMemory, n: 10 });
  return null;
}

/** Builds the table of `size` in a worker, which keeps it (IndexedDB), `onProgress(fraction)`
 * meanwhile: the milliseconds the keeping took. */
function inWorker(size, onProgress) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../table.js', import.meta.url));
    const done = (f) => (v) => {
      worker.terminate();
      f(v);
    };
    worker.onmessage = ({ data }) => {
      if (data.progress !== undefined) onProgress(data.progress);
      else if (data.status === 200) done(resolve)(data.keepMs);
      else {
        const { error, code } = data.error;
        const e =
          data.status === 507
            ? pageError('tb.noMemory')
            : code === 'not_kept'
              ? pageError('tb.notKept', { why: error })
              : new Error(error);
        done(reject)(e);
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      done(reject)(new Error(ev.message || 'the worker stopped'));
    };
    let fillMemory = false;
    try {
      fillMemory = localStorage.getItem('ryg.test.fillMemory') === '1';
    } catch {
      /* no storage */
    }
    worker.postMessage({ size, fillMemory });
  });
}

/** Builds, keeps and reads in the table of `size`, showing how it goes; `after()` at the end. */
export async function buildTable(size, after) {
  const el = line();
  const bar = document.createElement('progress');
  bar.max = 1;
  bar.value = 0;
  const words = document.createElement('span');
  const show = (p) => {
    timings.reports += 1;
    bar.value = p;
    words.textContent = t('tb.buildingHere', { n: size, pct: fmtPct(p) });
  };
  el.replaceChildren(words, ' ', bar);
  show(0);
  try {
    const short = memoryShort();
    if (short) throw short;
    let started = performance.now();
    timings.keep = await inWorker(size, show);
    timings.build = performance.now() - started - timings.keep;
    started = performance.now();
    await api('POST', `/api/tablebase/${size}`);
    timings.load = performance.now() - started;
    setTableMax(size);
    renderLevelNote();
    el.textContent = t('tb.builtHere', { n: size, seconds: (timings.build / 1000).toFixed(1) });
  } catch (e) {
    el.textContent = t('tb.refused', { n: size, why: errorText(e) });
    el.classList.add('refused');
    if (!e.key) showError(e);
  }
  after();
}
