// Unit tests of the Learn section's tree layout and replay, on trees shaped like the engine's JSON.
import test from 'node:test';
import assert from 'node:assert/strict';
import { shape, layout, replay, pathTo, below } from '../../assets/js/learn/layout.js';

// root 0 with children 1, 2; node 1 with leaves 3, 4; node 2 with leaves 5, 6, 7
// (ids as the engine's minimax arena numbers them: each level's siblings together)
const nodes = [
  { id: 0, parent: null, move: null },
  { id: 1, parent: 0, move: 'e1d2' },
  { id: 2, parent: 0, move: 'e1f2' },
  { id: 3, parent: 1, move: 'b8a7' },
  { id: 4, parent: 1, move: 'b8c7' },
  { id: 5, parent: 2, move: 'b8a7' },
  { id: 6, parent: 2, move: 'b8c7' },
  { id: 7, parent: 2, move: 'd8c7' },
];

test("shape: the root and each node's children in order", () => {
  const { root, kids } = shape(nodes);
  assert.equal(root, 0);
  assert.deepEqual(kids.get(0), [1, 2]);
  assert.deepEqual(kids.get(2), [5, 6, 7]);
  assert.deepEqual(kids.get(7), []);
});

test('layout: leaves side by side, parents centred over their children, plies apart', () => {
  const { pos, edges, width, height } = layout(nodes, { dx: 10, dy: 20, pad: 5 });
  assert.deepEqual(
    [3, 4, 5, 6, 7].map((id) => pos.get(id).x),
    [5, 15, 25, 35, 45],
  );
  assert.equal(pos.get(1).x, 10);
  assert.equal(pos.get(2).x, 35);
  assert.equal(pos.get(0).x, 22.5);
  assert.deepEqual(
    [0, 1, 3].map((id) => pos.get(id).y),
    [5, 25, 45],
  );
  assert.equal(width, 50);
  assert.equal(height, 50);
  assert.deepEqual(edges, [
    [0, 1],
    [1, 3],
    [1, 4],
    [0, 2],
    [2, 5],
    [2, 6],
    [2, 7],
  ]);
});

test("layout: a closed node hides its subtree and takes one leaf's room", () => {
  const { pos, edges, width } = layout(nodes, { dx: 10, dy: 20, pad: 0, closed: new Set([2]) });
  assert.equal(pos.has(5), false);
  assert.equal(pos.get(2).x, 20);
  assert.deepEqual(edges, [
    [0, 1],
    [1, 3],
    [1, 4],
    [0, 2],
  ]);
  assert.equal(width, 20);
});

test('layout: an empty list draws nothing', () => {
  assert.deepEqual(layout([]).width, 0);
});

test('replay: the nodes seen, done and cut after k steps', () => {
  const steps = [
    { node: 0, kind: 'enter' },
    { node: 1, kind: 'enter' },
    { node: 3, kind: 'leaf' },
    { node: 4, kind: 'leaf' },
    { node: 1, kind: 'backup' },
    { node: 2, kind: 'enter' },
    { node: 5, kind: 'leaf' },
    { node: 6, kind: 'cut' },
    { node: 7, kind: 'cut' },
    { node: 2, kind: 'backup' },
    { node: 0, kind: 'backup' },
  ];
  const r0 = replay(steps, 0);
  assert.equal(r0.at, null);
  assert.equal(r0.seen.size, 0);
  const r3 = replay(steps, 3);
  assert.deepEqual([...r3.seen], [0, 1, 3]);
  assert.deepEqual([...r3.done], [3]);
  assert.equal(r3.at, 3);
  assert.equal(r3.kind, 'leaf');
  const r5 = replay(steps, 5);
  assert.ok(r5.done.has(1) && !r5.done.has(0));
  const r8 = replay(steps, 8);
  assert.deepEqual([...r8.cut], [6]);
  assert.equal(r8.seen.has(6), false);
  const all = replay(steps, 99);
  assert.equal(all.done.size, 6);
  assert.equal(all.cut.size, 2);
  assert.equal(all.kind, 'backup');
});

test('pathTo and below', () => {
  assert.deepEqual(pathTo(nodes, 6), ['e1f2', 'b8c7']);
  assert.deepEqual(pathTo(nodes, 0), []);
  assert.deepEqual(below(nodes, 2).sort(), [5, 6, 7]);
  assert.deepEqual(below(nodes, 0).length, 7);
});

test('chart: log ticks cover the values; points land inside the plot, larger values higher', async () => {
  const { logTicks, lineChart } = await import('../../assets/js/learn/chart.js');
  assert.deepEqual(logTicks(8, 9698), [1, 10, 100, 1000, 10000]);
  assert.deepEqual(logTicks(1, 1), [1]);
  assert.deepEqual(logTicks(150, 900), [100, 1000]);
  const { svg, ticks } = lineChart(
    [
      {
        name: 'a',
        cls: 'on',
        points: [
          [1, 8],
          [2, 30],
          [3, 138],
        ],
      },
    ],
    { maxX: 3, xLabel: 'depth', yLabel: 'nodes', width: 200, height: 100 },
  );
  assert.deepEqual(ticks, [1, 10, 100, 1000]);
  const ys = [...svg.matchAll(/<circle class="dot on" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  assert.equal(ys.length, 3);
  assert.ok(ys[0][1] > ys[1][1] && ys[1][1] > ys[2][1], 'more nodes, higher up');
  assert.deepEqual(
    ys.map((p) => p[0]),
    [64, 124, 184],
  );
  for (const [, y] of ys) assert.ok(y >= 16 && y <= 60);
});
