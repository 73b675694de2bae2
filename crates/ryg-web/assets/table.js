// The 10×10 table's builder: a dedicated Web Worker that the page starts when asked
// (assets/js/table10.js), so that the page and the engine answering it go on meanwhile. It
// loads the engine (ryg.js and ryg.wasm beside the page), builds the table with the engine's
// `build_table` on this thread, posting `{progress}` (0 to 1) now and then, keeps its bytes in
// IndexedDB (`ryg-tables`, where host.js reads them: a Blob, which the browser keeps in a file of
// its own — Chromium refuses a 212 MB array, taking values up to about 130 MB) and posts
// `{status: 200, keepMs}`, else `{status, error}`. The page closes the worker afterwards: its
// memory goes with it.
/* global wasm_bindgen */
self.onmessage = async ({ data }) => {
  try {
    importScripts(new URL('../ryg.js', self.location.href).href);
    const exports = await wasm_bindgen({ module_or_path: new URL('../ryg.wasm', self.location.href) });
    // the tests' hook: the module's memory grown to 64 MiB short of WebAssembly's 4 GiB (pages
    // the system need not back), so that the table's allocation really fails
    if (data.fillMemory) {
      const pages = exports.memory.buffer.byteLength / 65536;
      exports.memory.grow(65536 - 1024 - pages);
    }
    let blob = null;
    const progress = (done, total) => postMessage({ progress: done / total });
    // (the entries are a view of the module's memory: copied into the Blob at once)
    const r = wasm_bindgen.build_table(data.size, progress, (head, entries) => {
      blob = new Blob([head, entries]);
    });
    if (r.status !== 200) {
      postMessage({ status: r.status, error: JSON.parse(r.body) });
      return;
    }
    const started = performance.now();
    try {
      await keep(data.size, blob);
    } catch (e) {
      postMessage({ status: 500, error: { error: e.message, code: 'not_kept' } });
      return;
    }
    postMessage({ status: 200, keepMs: performance.now() - started });
  } catch (e) {
    // the engine could not start, or stopped (its memory refused); the table not kept
    postMessage({ status: 500, error: { error: String(e?.message || e), code: 'internal' } });
  }
};

/** Keeps the table's `blob` in IndexedDB (`ryg-tables`, object store `tables`, keyed by the size). */
function keep(size, blob) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('ryg-tables', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('tables');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('tables', 'readwrite');
      tx.objectStore('tables').put(blob, size);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error || new Error('aborted'));
      };
    };
  });
}
