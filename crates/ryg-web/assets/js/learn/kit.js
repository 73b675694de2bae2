// What the lessons share: the position and depth controls, the words for a node, the stepper
// that replays a search's steps over a tree view, and the closing task the page checks.
import { $, esc } from '../dom.js';
import { t } from '../i18n.js';
import { state, viewedFen, playingFriend } from '../state.js';
import { replay, pathTo } from './layout.js';

export const START8 = '1c1c1c1c/8/8/8/8/8/8/4m3 m';
export const START6 = '1c1c1c/6/6/6/6/4m1 m';

/** The game whose position a lesson may take: not a game between two friends still going
 * (nobody analyses it while it is played). */
export function lessonGame() {
  return state.game && !playingFriend(state.game) ? state.game : null;
}

/** The position the lesson's select names. */
export function lessonFen(choice) {
  if (choice === 'game' && lessonGame()) return viewedFen();
  return choice === 'start6' ? START6 : START8;
}

/** The evaluations a lesson's search can use: ryg's own first (the one chosen), then the
 * articles' RYG, versions 2 and 1. */
const EVALS = ['default', 'seed', 'seed-v1'];

/** The options of an evaluation select, in the order of `names` (the first is chosen). */
export function evalOptions(names = EVALS) {
  return names.map((e) => `<option value="${e}">${t(`eval.${e}`)}</option>`).join('');
}

/** The controls of a lesson's search (`p` prefixes their ids), with depth `depth` chosen. */
export function controlsHtml(p, depth) {
  const game = lessonGame() ? `<option value="game">${t('learn.pos.game')}</option>` : '';
  const depths = [1, 2, 3, 4].map((d) => `<option${d === depth ? ' selected' : ''}>${d}</option>`).join('');
  return `<div class="row learn-controls">
    <label><span>${t('learn.position')}</span> <select id="${p}-pos"><option value="start8">${t('learn.pos.start8')}</option><option value="start6">${t('learn.pos.start6')}</option>${game}</select></label>
    <label><span>${t('learn.depth')}</span> <select id="${p}-depth">${depths}</select></label>
    <label><span>${t('eval.label')}</span> <select id="${p}-eval">${evalOptions()}</select></label>
    <button type="button" id="${p}-build">${t('learn.build')}</button>
  </div>`;
}

/** "e1d2 b8a7", or "the root". */
export function pathText(nodes, id) {
  const path = pathTo(nodes, id);
  return path.length ? path.join(' ') : t('learn.root');
}

function who(n) {
  return t(n.to_move === 'mouse' ? 'learn.toMove.mouse' : 'learn.toMove.cats');
}

/** A node's words for the ARIA tree, as far as the replay `shown` has gone. */
export function describeNode(n, shown) {
  const bits = [t('learn.node', { move: n.move || t('learn.root'), who: who(n) })];
  const cut = shown ? shown.cut.has(n.id) : n.cut;
  if (cut) bits.push(t('learn.node.cut'));
  else if (shown && !shown.seen.has(n.id)) bits.push(t('learn.node.waiting'));
  else if (shown && !shown.done.has(n.id)) bits.push(t('learn.node.open'));
  else if (n.leaf && n.eval !== null && n.eval !== undefined) bits.push(t('learn.node.eval', { value: n.eval }));
  else if (n.eval !== null && n.eval !== undefined && n.value !== null && n.value !== undefined)
    bits.push(t('learn.node.both', { eval: n.eval, value: n.value }));
  else if (n.value !== null && n.value !== undefined) bits.push(t('learn.node.value', { value: n.value }));
  if (Array.isArray(n.window) && !cut && (!shown || shown.seen.has(n.id)))
    bits.push(t('learn.node.window', { a: n.window[0], b: n.window[1] }));
  if (n.best && (!shown || shown.complete)) bits.push(t('learn.node.chosen'));
  return bits.join(', ');
}

/** The number under a node in the picture. */
export function nodeValue(n, shown) {
  if (n.cut && (!shown || shown.cut.has(n.id))) return '';
  if (!shown || shown.done.has(n.id)) return n.value ?? '';
  return shown.seen.has(n.id) ? '?' : '';
}

export function stepperHtml(p) {
  const b = (k, key) => `<button type="button" id="${p}-${k}">${t(key)}</button>`;
  return `<div class="stepper" role="group" aria-label="${esc(t('step.play'))}">
    ${b('first', 'step.first')}${b('prev', 'step.prev')}${b('play', 'step.play')}${b('next', 'step.next')}${b('last', 'step.last')}
  </div><p id="${p}-step" class="step-text" aria-live="polite">${t('step.ready')}</p>`;
}

/** The words for step k (1-based) of `steps` over `nodes`. */
export function stepText(nodes, steps, k) {
  const s = steps[k - 1];
  const n = nodes[s.node];
  const path = pathText(nodes, s.node);
  const kids = nodes.filter((c) => c.parent === s.node).length;
  let words;
  if (s.kind === 'enter') words = t('step.enter', { path, who: who(n), count: kids });
  else if (s.kind === 'cut') words = t('step.cut', { path });
  else if (s.kind === 'leaf')
    words = n.eval === n.value ? t('step.leaf', { path, value: n.value }) : t('step.end', { path, value: n.value });
  else words = t(n.to_move === 'mouse' ? 'step.backup.mouse' : 'step.backup.cats', { path, value: n.value });
  const win =
    Array.isArray(n.window) && s.kind !== 'cut' ? ` ${t('step.window', { a: n.window[0], b: n.window[1] })}` : '';
  return `${t('step.count', { k, n: steps.length })} ${words}${win}`;
}

/** Wires the stepper `p` to `view` over `nodes` and `steps`; returns a function that stops it. */
export function wireStepper(p, view, nodes, steps) {
  let k = 0;
  let timer = null;
  const show = () => {
    const r = replay(steps, k);
    r.complete = k >= steps.length;
    view.show(k === 0 ? { ...r, complete: false } : r);
    $(`${p}-step`).textContent = k === 0 ? t('step.ready') : stepText(nodes, steps, k);
    $(`${p}-first`).disabled = k === 0;
    $(`${p}-prev`).disabled = k === 0;
    $(`${p}-next`).disabled = k >= steps.length;
    $(`${p}-last`).disabled = k >= steps.length;
    $(`${p}-play`).disabled = k >= steps.length;
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    $(`${p}-play`).textContent = t('step.play');
  };
  const go = (to) => {
    k = Math.max(0, Math.min(steps.length, to));
    show();
  };
  $(`${p}-first`).onclick = () => {
    stop();
    go(0);
  };
  $(`${p}-prev`).onclick = () => {
    stop();
    go(k - 1);
  };
  $(`${p}-next`).onclick = () => {
    stop();
    go(k + 1);
  };
  $(`${p}-last`).onclick = () => {
    stop();
    go(steps.length);
  };
  $(`${p}-play`).onclick = () => {
    if (timer) {
      stop();
      return;
    }
    $(`${p}-play`).textContent = t('step.pause');
    timer = setInterval(() => {
      if (k >= steps.length) stop();
      else go(k + 1);
    }, 450);
  };
  show();
  return stop;
}

/** The task at the end of a lesson: `inputHtml` (the answer's control) and a Check button. */
export function taskHtml(p, question, inputHtml) {
  return `<section class="task" aria-labelledby="${p}-task-title">
    <h3 id="${p}-task-title">${t('task.title')}</h3>
    <p>${question}</p>
    <div class="row">${inputHtml}<button type="button" id="${p}-check">${t('task.check')}</button></div>
    <p id="${p}-verdict" class="verdict" role="status"></p>
  </section>`;
}

/** Shows the verdict of task `p`: right (with why) or wrong (with a hint). */
export function verdict(p, right, why, hint) {
  const el = $(`${p}-verdict`);
  el.dataset.right = String(right);
  el.textContent = right ? t('task.right', { why }) : t('task.wrong', { hint });
}
