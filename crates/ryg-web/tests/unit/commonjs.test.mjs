// The page's modules say they are ES modules (assets/js/package.json), so the unit tests pass
// wherever the clone lives: here, in a copy under a folder whose package.json says "commonjs"
// (as `npm init -y` writes), where node would otherwise read them as CommonJS.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const unit = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(unit, '../..');
const me = path.basename(fileURLToPath(import.meta.url));

test('the unit tests pass in a clone under a CommonJS package.json', () => {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'ryg-commonjs-'));
  try {
    fs.writeFileSync(path.join(top, 'package.json'), '{ "name": "outer", "type": "commonjs" }\n');
    const copy = path.join(top, 'crates', 'ryg-web');
    fs.cpSync(path.join(web, 'assets'), path.join(copy, 'assets'), { recursive: true });
    const tests = fs.readdirSync(unit).filter((f) => f.endsWith('.test.mjs') && f !== me);
    fs.mkdirSync(path.join(copy, 'tests', 'unit'), { recursive: true });
    for (const file of tests) fs.copyFileSync(path.join(unit, file), path.join(copy, 'tests', 'unit', file));
    // a run of its own, reporting as from a terminal, not to this test runner
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--test', ...tests.map((f) => `./${f}`)], {
      cwd: path.join(copy, 'tests', 'unit'),
      encoding: 'utf8',
      env,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /# pass [1-9]/);
    assert.match(run.stdout, /# fail 0/);
  } finally {
    fs.rmSync(top, { recursive: true, force: true });
  }
});
