// Pure functions over a search tree as the engine reports it (`nodes` with `id`, `parent`, and
// `steps` in the order the search takes them): where each node is drawn, and what a replay of the
// first k steps has shown. No DOM here: tested with `node --test`.

/** The tree's shape: `root`, each node's children in the engine's order, each node by id. */
export function shape(nodes) {
  const kids = new Map();
  const byId = new Map();
  let root = null;
  for (const n of nodes) {
    byId.set(n.id, n);
    kids.set(n.id, kids.get(n.id) || []);
    if (n.parent === null || n.parent === undefined) root = n.id;
    else {
      if (!kids.has(n.parent)) kids.set(n.parent, []);
      kids.get(n.parent).push(n.id);
    }
  }
  return { root, kids, byId };
}

/** Where to draw each node: leaves side by side `dx` apart, a parent centred over its first and
 * last child, plies `dy` apart. `closed` holds the nodes whose children are hidden. Returns
 * `{ pos: Map(id -> {x, y}), edges: [[parent, child]], width, height }` (margins of `pad`). */
export function layout(nodes, { dx = 36, dy = 64, pad = 24, closed = new Set() } = {}) {
  const { root, kids } = shape(nodes);
  const pos = new Map();
  const edges = [];
  if (root === null) return { pos, edges, width: 0, height: 0 };
  let next = 0;
  let deepest = 0;
  // depth first without recursion: a 4-ply tree is shallow, but a caller may pass any
  const stack = [[root, 0, false, null]];
  while (stack.length) {
    const [id, depth, done, parent] = stack.pop();
    if (!done && parent !== null) edges.push([parent, id]);
    const ch = closed.has(id) ? [] : kids.get(id);
    deepest = Math.max(deepest, depth);
    if (!ch.length) {
      pos.set(id, { x: pad + next * dx, y: pad + depth * dy });
      next += 1;
    } else if (done) {
      const first = pos.get(ch[0]);
      const last = pos.get(ch[ch.length - 1]);
      pos.set(id, { x: (first.x + last.x) / 2, y: pad + depth * dy });
    } else {
      stack.push([id, depth, true]);
      for (let i = ch.length - 1; i >= 0; i -= 1) stack.push([ch[i], depth + 1, false, id]);
    }
  }
  return { pos, edges, width: 2 * pad + Math.max(0, next - 1) * dx, height: 2 * pad + deepest * dy };
}

/** What the first `k` steps of a replay show: `seen` (nodes reached), `done` (nodes whose value
 * is final: evaluated leaves and backed-up inner nodes), `cut` (branches skipped) and `at` (the
 * node of step k, or null before the first). */
export function replay(steps, k) {
  const seen = new Set();
  const done = new Set();
  const cut = new Set();
  let at = null;
  const n = Math.max(0, Math.min(k, steps.length));
  for (let i = 0; i < n; i += 1) {
    const s = steps[i];
    at = s.node;
    if (s.kind === 'cut') cut.add(s.node);
    else seen.add(s.node);
    if (s.kind === 'leaf' || s.kind === 'backup') done.add(s.node);
  }
  return { seen, done, cut, at, kind: n ? steps[n - 1].kind : null };
}

/** The moves from the root to node `id`: ["e1d2", "b8a7"]. */
export function pathTo(nodes, id) {
  const { byId } = shape(nodes);
  const path = [];
  for (let n = byId.get(id); n?.move; n = byId.get(n.parent)) path.unshift(n.move);
  return path;
}

/** The nodes below `id` (not `id` itself). */
export function below(nodes, id) {
  const { kids } = shape(nodes);
  const out = [];
  const stack = [...(kids.get(id) || [])];
  while (stack.length) {
    const c = stack.pop();
    out.push(c);
    stack.push(...kids.get(c));
  }
  return out;
}
