// Lesson: iterative deepening, the hash table, move ordering and history. The engine searches
// the position to every depth with the switches chosen (`/api/techniques`); the page draws
// nodes per depth beside plain alpha-beta's, the history table as a heat map, the hash table's
// figures, and the Commodore 64's figures from the articles beside ryg's for the same settings.
import { $, esc } from '../dom.js';
import { api } from '../api.js';
import { t, errorText, fmt, fmtPct, minus } from '../i18n.js';
import { lineChart } from './chart.js';
import { lessonFen, evalOptions } from './kit.js';
import { sqCoords } from '../fen.js';

/** The articles' experiment: depth 8 after e1f2, with the original's (seed) evaluation. */
export const E1F2 = '1c1c1c1c/8/8/8/8/8/5m2/8 c';
/** What RYG3 searched there and the moves it played (article 002, «Ordenación de
 * movimientos»), versions 9 and 10, and version 10's time («menos de minuto y medio»): the
 * engine's record of them, `article` in /api/techniques's answer with `engine=`, read by
 * compareC64. */
let c64 = null;
const SWITCHES = ['tt', 'ordering', 'history', 'id'];

let seq = 0;
let last = null;

const num = (n) => fmt(n);

export const techniques = {
  key: 'techniques',
  render(el) {
    const boxes = SWITCHES.map(
      (s) =>
        `<label class="switch"><input type="checkbox" id="tq-${s}" checked> ${t(`lesson.techniques.${s}`)}</label>`,
    ).join('');
    const depths = Array.from(
      { length: 12 },
      (_, i) => `<option${i + 1 === 8 ? ' selected' : ''}>${i + 1}</option>`,
    ).join('');
    el.innerHTML = `<h2 id="lesson-title">${t('lesson.techniques.title')}</h2>
      <p>${t('lesson.techniques.p1')}</p><p>${t('lesson.techniques.p2')}</p>
      <div class="row learn-controls">
        <label><span>${t('learn.position')}</span> <select id="tq-pos"><option value="e1f2">${t('lesson.techniques.e1f2')}</option><option value="start8">${t('learn.pos.start8')}</option></select></label>
        <label><span>${t('eval.label')}</span> <select id="tq-eval">${evalOptions(['seed', 'default', 'seed-v1'])}</select></label>
        <label><span>${t('learn.depth')}</span> <select id="tq-depth">${depths}</select></label>
      </div>
      <fieldset class="switches"><legend>${t('lesson.techniques.switches')}</legend>${boxes}</fieldset>
      <p id="tq-summary" class="summary" aria-live="polite"></p>
      <div id="tq-out" class="tq-out"></div>
      <section class="c64" aria-labelledby="tq-c64-title"><h3 id="tq-c64-title">${t('lesson.techniques.c64Title')}</h3><div id="tq-c64"></div></section>
      <section class="task" aria-labelledby="tq-task-title">
        <h3 id="tq-task-title">${t('task.title')}</h3>
        <p id="tq-task-text"></p>
        <div class="row"><button type="button" id="tq-check">${t('task.check')}</button></div>
        <p id="tq-verdict" class="verdict" role="status"></p>
      </section>`;
    for (const id of ['tq-pos', 'tq-eval', 'tq-depth', ...SWITCHES.map((s) => `tq-${s}`)])
      $(id).addEventListener('change', () => run());
    $('tq-check').addEventListener('click', check);
    run();
    compareC64();
  },
  leave() {
    seq += 1;
  },
};

function query(fen, evalName, depth, on) {
  const sw = SWITCHES.map((s) => `&${s}=${on[s] ? 1 : 0}`).join('');
  return `/api/techniques?fen=${encodeURIComponent(fen)}&eval=${evalName}&depth=${depth}${sw}`;
}

function fenOf(choice) {
  return choice === 'e1f2' ? E1F2 : lessonFen(choice);
}

async function run() {
  const mine = ++seq;
  const on = Object.fromEntries(SWITCHES.map((s) => [s, $(`tq-${s}`).checked]));
  const fen = fenOf($('tq-pos').value);
  const evalName = $('tq-eval').value;
  const depth = Number($('tq-depth').value);
  $('tq-out').dataset.busy = 'true';
  $('tq-summary').textContent = t('learn.working');
  const none = Object.fromEntries(SWITCHES.map((s) => [s, false]));
  let r;
  let plain;
  try {
    // one after the other: two searches at once on a small machine would muddle the times
    r = await api('GET', query(fen, evalName, depth, on));
    plain = await api('GET', query(fen, evalName, depth, none));
  } catch (e) {
    if (mine === seq) $('tq-summary').textContent = errorText(e);
    return;
  }
  if (mine !== seq || !$('tq-out')) return;
  last = { r, fen, evalName };
  const deepest = r.depths[r.depths.length - 1];
  const total = r.depths.reduce((a, d) => a + d.seconds, 0);
  $('tq-summary').textContent = t('lesson.techniques.summary', {
    depth: deepest.depth,
    nodes: num(deepest.nodes),
    plain: num(plain.depths[plain.depths.length - 1].nodes),
    ms: fmt(1000 * total, 1),
  });
  const { svg } = lineChart(
    [
      { name: 'plain', cls: 'plain', points: plain.depths.map((d) => [d.depth, d.nodes]) },
      { name: 'on', cls: 'on', points: r.depths.map((d) => [d.depth, d.nodes]) },
    ],
    { maxX: depth, xLabel: t('learn.depth'), yLabel: t('lesson.alphabeta.nodes') },
  );
  const rows = r.depths
    .map(
      (d, i) =>
        `<tr><th scope="row">${d.depth}</th><td>${d.finished ? num(d.nodes) : `> ${num(r.node_budget)}`}</td><td>${plain.depths[i] ? num(plain.depths[i].nodes) : ''}</td><td>${fmt(1000 * d.seconds, 2)}</td><td>${esc(d.best_move ?? '—')}</td><td>${esc(d.score ?? '—')}</td></tr>`,
    )
    .join('');
  $('tq-out').innerHTML =
    `<div class="chart-box"><p class="legend"><span class="key on"></span> ${t('lesson.techniques.chosen')} <span class="key plain"></span> ${t('lesson.techniques.plain')}</p>${svg}</div>
    <div class="scroll"><table class="depths"><caption>${t('lesson.techniques.tableCaption')}</caption><thead><tr><th scope="col">${t('learn.depth')}</th><th scope="col">${t('lesson.techniques.chosen')}</th><th scope="col">${t('lesson.techniques.plain')}</th><th scope="col">${t('lesson.techniques.ms')}</th><th scope="col">${t('lesson.techniques.best')}</th><th scope="col">${t('lesson.techniques.score')}</th></tr></thead><tbody>${rows}</tbody></table></div>
    <h3>${t('lesson.techniques.ttTitle')}</h3>${tableHtml(r.table)}
    <h3>${t('lesson.techniques.historyTitle')}</h3>${heatHtml(r.history)}`;
  for (const td of $('tq-out').querySelectorAll('[data-heat]')) td.style.setProperty('--heat', td.dataset.heat);
  $('tq-out').dataset.busy = 'false';
}

function tableHtml(tt) {
  if (!tt) return `<p class="note">${t('lesson.techniques.ttOff')}</p>`;
  const pct = (a, b) => (b ? fmtPct(a / b, a * 100 < b ? 2 : 1) : '—');
  const row = (k, v) => `<dt>${t(`lesson.techniques.tt.${k}`)}</dt><dd>${v}</dd>`;
  return `<dl class="tt">${row('filled', `${num(tt.filled)} / ${num(tt.capacity)} (${pct(tt.filled, tt.capacity)})`)}${row('hits', `${num(tt.hits)} / ${num(tt.probes)} (${pct(tt.hits, tt.probes)})`)}${row('stores', num(tt.stores))}${row('overwrites', num(tt.overwrites))}</dl>`;
}

/** The history table as a heat map, under `note` (by default: what the lesson's own map is). */
function heatHtml(cells, note = t('lesson.techniques.historyNote')) {
  if (!cells.length) return `<p class="note">${t('lesson.techniques.historyOff')}</p>`;
  const key = (s) => {
    const [f, r] = sqCoords(s);
    return r * 16 + f;
  };
  const froms = [...new Set(cells.map((c) => c.from))].sort((a, b) => key(a) - key(b));
  const tos = [...new Set(cells.map((c) => c.to))].sort((a, b) => key(a) - key(b));
  const max = Math.max(...cells.map((c) => c.score), 1);
  const at = new Map(cells.map((c) => [`${c.from}${c.to}`, c.score]));
  const body = froms
    .map(
      (f) =>
        `<tr><th scope="row">${f}</th>${tos
          .map((to) => {
            const v = at.get(f + to);
            // light shades keep dark words, strong ones white words: no shade in between, where
            // neither would be readable
            const x = v / max;
            const hot = x > 0.7;
            const a = hot ? 0.85 + 0.15 * ((x - 0.7) / 0.3) : 0.12 + 0.58 * (x / 0.7);
            return v ? `<td data-heat="${a.toFixed(3)}"${hot ? ' class="hot"' : ''}>${num(v)}</td>` : '<td></td>';
          })
          .join('')}</tr>`,
    )
    .join('');
  return `<p class="note">${note}</p><div class="scroll"><table class="heat"><thead><tr><th scope="col">${t('think.fromTo')}</th>${tos.map((to) => `<th scope="col">${to}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The article's figures beside ryg's reproductions of the same RYG3 versions (depth 8 after
 * e1f2), both counted as RYG3 counted (ryg's reading: the search routine's calls, all eight
 * iterations, not the leaves) and as ryg counts (every board); version 11, which the article
 * «Tablas de historia» gives no figures for; the moves each played and the four moves tied at
 * the root that their rules choose between; the speed of the same version at the same depth
 * (version 10): the article's «menos de minuto y medio» («Ordenación de movimientos») for its
 * move gives the C64 at least the article's count over its seconds a second; and version 11's history tables as it
 * keeps them (capped at 255). */
async function compareC64() {
  const runs = {};
  try {
    for (const v of ['v9', 'v10', 'v11'])
      runs[v] = await api('GET', `/api/techniques?fen=${encodeURIComponent(E1F2)}&depth=8&engine=ryg3-${v}`);
  } catch (e) {
    if ($('tq-c64')) $('tq-c64').textContent = errorText(e);
    return;
  }
  if (!$('tq-c64')) return;
  const { v9, v10, v11 } = runs;
  c64 = { plain: v9.article, ordered: v10.article };
  $('tq-task-text').textContent = t('lesson.techniques.task', { n: num(target()) });
  const n = (r) => r.depths[7].interior_nodes;
  const all = (r) => r.depths[7].nodes;
  const fewer = (a, b) => t('lesson.techniques.fewer', { pct: fmtPct((a - b) / a) });
  const mv = (r) => esc(r.depths[7].best_move ?? '—');
  const seconds = v10.depths[7].seconds;
  const rate = (nodes, s) => num(Math.round(nodes / s));
  const row = (key, article, ryg, attr) =>
    `<tr><th scope="row">${t(`lesson.techniques.${key}`)}</th><td>${article}</td><td data-ryg="${attr}">${ryg}</td></tr>`;
  const none = t('lesson.techniques.notGiven');
  $('tq-c64').innerHTML =
    `<p>${t('lesson.techniques.c64Note')}</p><div class="scroll"><table class="depths"><thead><tr><th scope="col">${t('lesson.techniques.figure')}</th><th scope="col">${t('lesson.techniques.c64')}</th><th scope="col">ryg</th></tr></thead><tbody>
    ${row('noOrdering', num(c64.plain.interior_nodes), num(n(v9)), 'plain')}
    ${row('withOrdering', num(c64.ordered.interior_nodes), num(n(v10)), 'ordered')}
    ${row('withHistory', none, num(n(v11)), 'history')}
    ${row('saved', `«un 40% menos» (${t('lesson.techniques.fromCounts', { pct: fmtPct(1 - c64.ordered.interior_nodes / c64.plain.interior_nodes) })})`, fewer(n(v9), n(v10)), 'saved')}
    ${row('savedAll', none, fewer(all(v9), all(v10)), 'saved-all')}
    ${row('moveV9', c64.plain.best_move.toUpperCase(), mv(v9), 'move-v9')}
    ${row('moveV10', c64.ordered.best_move.toUpperCase(), mv(v10), 'move-v10')}
    ${row('moveV11', none, mv(v11), 'move-v11')}
    ${row('time', t('lesson.techniques.c64Time'), t('lesson.techniques.rygTime', { ms: fmt(1000 * seconds, 2) }), 'time')}
    ${row('speed', t('lesson.techniques.c64Speed', { n: rate(c64.ordered.interior_nodes, c64.ordered.seconds_at_most), nodes: num(c64.ordered.interior_nodes), s: num(c64.ordered.seconds_at_most) }), t('lesson.techniques.rygSpeed', { n: rate(n(v10), seconds) }), 'speed')}</tbody></table></div>
    ${tieHtml(v10.root_moves || [], v9.depths[7].best_move, v10.depths[7].best_move)}
    <h4>${t('lesson.techniques.v11HistoryTitle')}</h4>${heatHtml(v11.history, t('lesson.techniques.v11HistoryNote'))}`;
  for (const td of $('tq-c64').querySelectorAll('[data-heat]')) td.style.setProperty('--heat', td.dataset.heat);
  $('tq-c64').dataset.busy = 'false';
}

/** The root's moves at depth 8 with their scores, the tied best ones marked, and which one each
 * version keeps (ryg's reading of the article's «algunos ajustes», «Ordenación de
 * movimientos»). */
function tieHtml(moves, v9, v10) {
  if (!moves.length) return '';
  // the scores are for the mouse; the cats are to move after e1f2 and want the lowest
  const best = moves.reduce((a, m) => Math.min(a, Number(m.score)), Infinity);
  const tied = moves.filter((m) => Number(m.score) === best).map((m) => m.move);
  const rows = moves
    .map((m) => {
      const keeps = [
        m.move === v9 ? t('lesson.techniques.keptBy9') : '',
        m.move === v10 ? t('lesson.techniques.keptBy10') : '',
      ]
        .filter(Boolean)
        .join('; ');
      return `<tr data-move="${esc(m.move)}"${tied.includes(m.move) ? ' class="tied"' : ''}><th scope="row">${esc(m.move)}</th><td>${esc(minus(m.score))}</td><td>${keeps}</td></tr>`;
    })
    .join('');
  return `<h4>${t('lesson.techniques.tieTitle')}</h4><p class="note" id="tq-tie">${t('lesson.techniques.tieNote', { n: tied.length, score: minus(String(best)), moves: tied.join(', '), first: tied[0], last: tied[tied.length - 1] })}</p>
    <div class="scroll"><table class="depths tq-tie"><thead><tr><th scope="col">${t('lesson.evaluation.move')}</th><th scope="col">${t('lesson.techniques.score')}</th><th scope="col">${t('lesson.techniques.keeps')}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The task's bound: a tenth of the nodes version 9 searched on the C64. */
function target() {
  return Math.floor(c64.plain.interior_nodes / 10);
}

function check() {
  const d8 = last && last.fen === E1F2 && last.evalName === 'seed' ? last.r.depths.find((d) => d.depth === 8) : null;
  const el = $('tq-verdict');
  if (!d8 || !c64) {
    el.dataset.right = 'false';
    el.textContent = t('lesson.techniques.setup');
    return;
  }
  const right = d8.finished && d8.nodes < target();
  el.dataset.right = String(right);
  el.textContent = right
    ? t('task.right', { why: t('lesson.techniques.right', { nodes: num(d8.nodes) }) })
    : t('task.wrong', { hint: t('lesson.techniques.hint', { nodes: num(d8.nodes) }) });
}
