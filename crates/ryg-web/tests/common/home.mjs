// The one helper of the JavaScript tests (browser and load) that start `ryg`: the environment
// that gives it a home of its own, so that it never reads or writes the user's cache
// (~/.cache/ryg, where a 12×12 table may be) or data directories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `process.env` with HOME, XDG_CACHE_HOME and XDG_DATA_HOME inside `dir` (created), and
 * without RYG_CACHE_DIR. */
export function rygEnv(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-home-'))) {
  const env = {
    ...process.env,
    HOME: dir,
    XDG_CACHE_HOME: path.join(dir, '.cache'),
    XDG_DATA_HOME: path.join(dir, '.local/share'),
  };
  delete env.RYG_CACHE_DIR;
  fs.mkdirSync(dir, { recursive: true });
  return env;
}
