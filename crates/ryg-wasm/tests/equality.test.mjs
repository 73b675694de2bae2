// One engine, two builds, the same answers: the WebAssembly build (target/site/ryg.wasm, from
// scripts/build-static) under Node against the native `ryg` (its --json output):
// - `ryg bench`'s suites: every case's depth, move, score and node count (the checksums);
// - the exact result and every move's result of a few hundred positions on 4×4 to 8×8, drawn by
//   seeded random play;
// - every level's choices: self-play series (`ryg selfplay --start all`) level against level on
//   4×4 to 8×8, the same seeds giving the same games, so the same wins and plies;
// - the 2022 articles' programs: RYG's tree after e1f2 (36 boards) node by node, and RYG3 v9
//   and v10 at depth 8 after e1f2 (move, score, nodes).
//   node --test crates/ryg-wasm/tests/equality.test.mjs   (RYG_BIN: the native binary, default
//   target/ci/ryg; RYG_SITE: the built site, default target/site)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from './engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const target = process.env.CARGO_TARGET_DIR
  ? path.resolve(root, process.env.CARGO_TARGET_DIR)
  : path.join(root, 'target');
const bin = process.env.RYG_BIN || path.join(target, 'ci/ryg');
const site = process.env.RYG_SITE || path.join(target, 'site');

const call = loadEngine(site);

/** The WebAssembly build's answer to `path` (200 expected), as JSON. */
function wasm(pathAndQuery) {
  const { status, body } = call(`GET ${pathAndQuery}`);
  assert.equal(status, 200, `${pathAndQuery}: ${body}`);
  return JSON.parse(body);
}

/** The native build's --json answer. */
function native(...args) {
  return JSON.parse(execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

const q = encodeURIComponent;
const E1F2 = '1c1c1c1c/8/8/8/8/8/5m2/8 c';

test('bench: the same searches and node counts, case by case (the checksums)', () => {
  const n = native('bench', '--json');
  const cases = n.cases.map((_, i) => ({ ...wasm(`/check/bench?case=${i}`), seconds: undefined }));
  assert.deepEqual(
    cases,
    n.cases.map((c) => ({
      name: c.name,
      depth: c.depth,
      best_move: c.best_move,
      score: c.score,
      nodes: c.nodes,
      seconds: undefined,
    })),
  );
  const proofs = n.proofs.map((_, i) => ({ ...wasm(`/check/proof?case=${i}`), seconds: undefined }));
  assert.deepEqual(
    proofs,
    n.proofs.map((p) => ({
      name: p.name,
      result: p.result,
      best_move: p.best_move,
      nodes: p.nodes,
      tests: p.tests,
      seconds: undefined,
    })),
  );
  const total = cases.reduce((s, c) => s + c.nodes, 0);
  const proofTotal = proofs.reduce((s, p) => s + p.nodes, 0);
  assert.equal(total, n.nodes);
  assert.equal(proofTotal, n.proof_nodes);
  console.log(`bench: nodes ${total}, proof nodes ${proofTotal} in both builds`);
});

/** A seeded generator (mulberry32): the same positions every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STARTS = { 4: '1c1c/4/4/2m1 m', 6: '1c1c1c/6/6/6/6/2m3 m', 8: '1c1c1c1c/8/8/8/8/8/8/4m3 m' };

/** `count` positions of `size` met in seeded random games (the positions after each move
 * read from the tree of depth 1). */
function positions(size, count, seed) {
  const rnd = random(seed);
  const out = [];
  while (out.length < count) {
    let fen = STARTS[size];
    for (;;) {
      const children = wasm(`/api/tree?fen=${q(fen)}&depth=1`).nodes.filter((n) => n.ply === 1);
      if (children.length === 0 || out.length >= count) break;
      if (rnd() < 0.5) out.push(fen);
      fen = children[Math.floor(rnd() * children.length)].fen;
    }
  }
  return out;
}

test('exact results: the position and every move, a few hundred positions on 4×4 to 8×8', () => {
  let checked = 0;
  for (const [size, count, seed] of [
    [4, 40, 1],
    [6, 100, 2],
    [8, 160, 3],
  ]) {
    for (const fen of positions(size, count, seed)) {
      assert.deepEqual(wasm(`/api/solve?fen=${q(fen)}`), native('solve', '--fen', fen, '--json'), fen);
      checked += 1;
    }
  }
  assert.ok(checked >= 300);
  console.log(`exact results: ${checked} positions alike`);
});

test('every level plays the same games from the same seeds (self-play series)', () => {
  const series = [
    [4, '1', '9', 20],
    [4, 'random', 'perfect', 20],
    [6, '2', '8', 10],
    [6, '5', '5', 10],
    [6, 'perfect', '3', 10],
    [8, '3', '4', 4],
    [8, '6', '7', 4],
    [8, '9', '1', 4],
    [8, 'random', '2', 4],
    [8, 'perfect', 'perfect', 2],
  ];
  for (const [size, mouse, cats, games] of series) {
    const seed = 1000 + size;
    const n = native(
      'selfplay',
      '--size',
      String(size),
      '--mouse',
      mouse,
      '--cats',
      cats,
      '--games',
      String(games),
      '--seed',
      String(seed),
      '--start',
      'all',
      '--json',
    );
    const w = wasm(`/check/selfplay?size=${size}&mouse=${mouse}&cats=${cats}&games=${games}&seed=${seed}`);
    const mine = w.starts.map((s) => ({
      start: s.start,
      games: s.games,
      mouse_wins: s.mouse_wins,
      cats_wins: s.cats_wins,
      average_plies: s.plies / s.games,
    }));
    const theirs = n.starts.map((s) => ({
      start: s.start,
      games: s.games,
      mouse_wins: s.mouse_wins,
      cats_wins: s.cats_wins,
      average_plies: s.average_plies,
    }));
    assert.equal(mine.length, size / 2, 'every start square of the first rank');
    assert.ok(mine.every((s) => s.games === games && s.average_plies > 0));
    assert.deepEqual(mine, theirs, `${size}×${size}: mouse ${mouse} against cats ${cats}`);
  }
});

test("the 2022 programs: RYG's 36-board tree, RYG3 v9 and v10 at depth 8 after e1f2", () => {
  const tree = wasm(`/api/tree?fen=${q(E1F2)}&depth=2&engine=ryg1-v1`);
  const nativeTree = native('tree', '--fen', E1F2, '--depth', '2', '--engine', 'ryg1-v1', '--format', 'json');
  const { steps, ...report } = tree;
  assert.deepEqual(report, nativeTree);
  assert.ok(steps.length > 0);
  console.log(`RYG's tree: ${nativeTree.nodes.length} nodes`);
  for (const engine of ['ryg3-v9', 'ryg3-v10']) {
    const w = wasm(`/check/analyze?fen=${q(E1F2)}&engine=${engine}&depth=8`);
    const n = native('analyze', '--fen', E1F2, '--engine', engine, '--depth', '8', '--json');
    for (const key of ['best_move', 'score', 'nodes', 'depth', 'pv'])
      assert.deepEqual(w[key], n[key], `${engine}: ${key}`);
    console.log(`${engine} at depth 8: ${w.best_move} ${w.score}, ${w.nodes} nodes in both builds`);
  }
});
