// "How the computer thinks": the minimax tree, the same search with alpha-beta, node counts by
// technique, the evaluation's terms, the history table and the transposition table.
import { sqCoords } from './fen.js';
import { $, esc } from './dom.js';
import { api } from './api.js';
import { viewedFen } from './state.js';
import { sideWord } from './words.js';
import { t, has, currentLang, errorText, fmtPct } from './i18n.js';
import { treeTools } from './learn/lazy.js';

let thinkDrawn = 0;

function countsEntries(c) {
  if (!c) return [];
  if (Array.isArray(c)) return c.map((e) => [e.technique ?? e.name, e.nodes ?? e.count]);
  return Object.entries(c);
}

function historyCells(h) {
  if (!h) return [];
  const arr = Array.isArray(h) ? h : h.cells || [];
  return arr
    .filter((c) => c?.from && c.to)
    .map((c) => ({ from: c.from, to: c.to, score: c.score ?? c.value ?? c.count ?? 0 }));
}

function sqSortKey(s) {
  const [f, r] = sqCoords(s);
  return r * 16 + f;
}

function heatMapHtml(cells) {
  if (!cells.length) return `<p class="note">${t('think.historyEmpty')}</p>`;
  const froms = [...new Set(cells.map((c) => c.from))].sort((a, b) => sqSortKey(a) - sqSortKey(b));
  const tos = [...new Set(cells.map((c) => c.to))].sort((a, b) => sqSortKey(a) - sqSortKey(b));
  const max = Math.max(...cells.map((c) => c.score), 1);
  const at = new Map(cells.map((c) => [c.from + c.to, c.score]));
  const head = tos.map((t) => `<th scope="col">${t}</th>`).join('');
  const rows = froms
    .map(
      (f) =>
        `<tr><th scope="row">${f}</th>${tos
          .map((t) => {
            const v = at.get(f + t);
            if (!v) return '<td></td>';
            const a = 0.12 + 0.88 * (v / max);
            return `<td data-heat="${a.toFixed(3)}" class="${a > 0.55 ? 'hot' : ''}">${v}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return `<p class="note">${t('think.historyNote')}</p><div class="scroll"><table class="heat"><thead><tr><th scope="col">${t('think.fromTo')}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The key of a term's words: RYG's terms (evaluations seed, seed-v1) carry the articles'
 * values, ryg's (default, classic) their own. */
function termKey(evalName, term) {
  return String(evalName).startsWith('seed') ? `term.seed.${term}` : `term.${term}`;
}

let thinkShown = '';
let thinkSeq = 0;

/** Shows the panel anew at the next render (after a change of language). */
export function redoThink() {
  thinkShown = '';
}

/** Keeps an open panel on the position `fen` of the board; `noHelp`: a player against a friend
 * while the game goes on sees no search (as with hints and exact results). */
export function followThink(fen, noHelp) {
  $('think-run').disabled = noHelp;
  $('think-depth').disabled = noHelp;
  $('think-eval').disabled = noHelp;
  if (noHelp && thinkShown !== 'off') {
    thinkShown = 'off';
    thinkSeq += 1;
    $('think').innerHTML = `<p class="note">${t('think.notNow')}</p>`;
  } else if (
    !noHelp &&
    $('think-box').open &&
    thinkShown !== `${fen}|${$('think-depth').value}|${$('think-eval').value}`
  )
    runThink();
}

/** Asks the server for the viewed position's tree, its alpha-beta search and its evaluation, and
 * shows them in the "How the computer thinks" panel (a newer request wins). */
export async function runThink() {
  const seq = ++thinkSeq;
  const fen = viewedFen();
  const depth = $('think-depth').value;
  const evalName = $('think-eval').value;
  thinkShown = `${fen}|${depth}|${evalName}`;
  const out = $('think');
  out.innerHTML = `<p class="note">${t('think.searching')}</p>`;
  const board = `fen=${encodeURIComponent(fen)}&eval=${encodeURIComponent(evalName)}`;
  const q = `${board}&depth=${depth}`;
  const [tree, think, ev] = await Promise.allSettled([
    api('GET', `/api/tree?${q}`),
    api('GET', `/api/think?${q}`),
    api('GET', `/api/eval?${board}`),
  ]);
  if (seq !== thinkSeq) return;
  const parts = [
    '<div class="think-grid"><div>',
    ...evalTermsHtml(ev),
    '</div><div class="think-tree">',
    ...minimaxHtml(tree, depth),
  ];
  parts.push('</div><div class="think-tree">', ...searchHtml(think, depth), '</div></div>');
  out.innerHTML = parts.join('');
  drawThinkTrees(tree, think, depth);
  // sizes and shades go through the CSSOM: the page's Content-Security-Policy allows no inline style
  for (const td of out.querySelectorAll('[data-heat]')) td.style.setProperty('--heat', td.dataset.heat);
  for (const bar of out.querySelectorAll('[data-width]')) bar.style.width = `${bar.dataset.width}%`;
}

/** The evaluation's terms as a table (or why there are none): the panel's first column. */
function evalTermsHtml(ev) {
  const parts = [`<h3>${t('think.evalTitle')}</h3>`];
  if (ev.status !== 'fulfilled') return [...parts, `<p class="note">${esc(errorText(ev.reason))}</p>`];
  const e = ev.value;
  const head = ['think.term', 'think.feature', 'think.weight', 'think.points']
    .map((k) => `<th scope="col">${t(k)}</th>`)
    .join('');
  parts.push(
    `<table class="terms"><caption>${esc(t('think.terms', { eval: e.eval, side: sideWord(e.for) }))}</caption><thead><tr>${head}</tr></thead><tbody>`,
  );
  for (const term of e.terms || []) {
    const key = termKey(e.eval, term.name);
    const about = has(key) ? t(key) : term.about;
    parts.push(
      `<tr><th scope="row" title="${esc(about)}">${esc(term.name)}<span class="about">${esc(about)}</span></th><td>${esc(term.feature)}</td><td>${esc(term.weight)}</td><td>${esc(term.points)}</td></tr>`,
    );
  }
  parts.push(
    `</tbody><tfoot><tr><th scope="row">${t('think.total')}</th><td></td><td></td><td><b>${esc(e.total)}</b></td></tr></tfoot></table>`,
  );
  return parts;
}

/** The minimax tree's heading, its best move and value, and the place its drawing goes. */
function minimaxHtml(tree, depth) {
  const parts = [`<h3>${t('think.minimax', { depth })}</h3>`];
  if (tree.status !== 'fulfilled') return [...parts, `<p class="note">${esc(errorText(tree.reason))}</p>`];
  const tr = tree.value;
  parts.push(
    `<p>${t('think.minimaxNote', { best: `<b>${esc(tr.best_move)}</b>`, value: `<b>${esc(tr.value)}</b>`, n: tr.nodes.length })}</p>`,
  );
  return [...parts, '<div id="think-minimax"></div>'];
}

/** The alpha-beta search: its tree's place, then (in a column of their own) the nodes each
 * technique saved, the history heuristic's map and the transposition table's counts. */
function searchHtml(think, depth) {
  const parts = [`<h3>${t('think.alphabeta', { depth })}</h3>`];
  if (think.status !== 'fulfilled') return [...parts, `<p class="note">${esc(errorText(think.reason))}</p>`];
  const k = think.value;
  const nodes = k.nodes || k.tree?.nodes;
  if (nodes) {
    const cuts = nodes.filter((n) => n.cut || n.pruned).length;
    parts.push(`<p>${t('think.alphabetaNote', { n: nodes.length, cuts })}</p>`);
    parts.push('<div id="think-alphabeta"></div>');
  }
  parts.push('</div><div>', ...countsHtml(k.counts || k.node_counts));
  parts.push(`<h3>${t('think.history')}</h3>`);
  parts.push(heatMapHtml(historyCells(k.history)));
  return [...parts, ...tableHtml(k.table || k.tt || k.transposition_table)];
}

/** The nodes searched with each technique, as a table with bars (nothing when there are none). */
function countsHtml(raw) {
  const counts = countsEntries(raw);
  if (!counts.length) return [];
  const max = Math.max(...counts.map(([, v]) => Number(v) || 0), 1);
  const parts = [
    `<h3>${t('think.counts')}</h3><table class="counts"><thead><tr><th scope="col">${t('think.technique')}</th><th scope="col">${t('think.nodes')}</th><th scope="col"><span class="visually-hidden">${t('think.bar')}</span></th></tr></thead><tbody>`,
  ];
  for (const [name, v] of counts)
    parts.push(
      `<tr><th scope="row">${esc(has(`technique.${name}`) ? t(`technique.${name}`) : name)}</th><td>${Number(v).toLocaleString(currentLang())}</td><td><span class="bar" data-width="${((100 * (Number(v) || 0)) / max).toFixed(1)}"></span></td></tr>`,
    );
  return [...parts, '</tbody></table>'];
}

/** The transposition table's counts as a list of terms (nothing without a table). */
function tableHtml(tt) {
  if (!tt) return [];
  const parts = [`<h3>${t('think.tt')}</h3><dl class="tt">`];
  for (const [key, v] of Object.entries(tt)) {
    let shown = typeof v === 'number' ? v.toLocaleString(currentLang()) : esc(JSON.stringify(v));
    if (key === 'filled' && tt.capacity) {
      const share = v / tt.capacity;
      shown += ` (${fmtPct(share, share < 0.01 ? 2 : 1)})`;
    }
    parts.push(`<dt>${esc(has(`tt.${key}`) ? t(`tt.${key}`) : key)}</dt><dd>${shown}</dd>`);
  }
  return [...parts, '</dl>'];
}

/** Draws the two trees as in the Learn lessons: a picture and an ARIA tree (their code loads
 * with the first tree; a newer answer drawn meanwhile wins). */
function drawThinkTrees(tree, think, depth) {
  const drawn = ++thinkDrawn;
  treeTools().then(({ createTreeView, describeNode, nodeValue }) => {
    if (drawn !== thinkDrawn) return;
    const draw = (id, nodes, label) =>
      createTreeView($(id), nodes, {
        label,
        pictureLabel: t('learn.picture'),
        describe: describeNode,
        valueOf: nodeValue,
      });
    if (tree.status === 'fulfilled' && $('think-minimax'))
      draw('think-minimax', tree.value.nodes, t('think.minimax', { depth }));
    if (think.status === 'fulfilled' && $('think-alphabeta'))
      draw('think-alphabeta', think.value.nodes, t('think.alphabeta', { depth }));
  });
}
