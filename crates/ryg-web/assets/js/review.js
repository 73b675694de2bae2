// The review of a finished game (loaded with the first one shown): a chart of the exact result
// after every ply (bar height: plies to the end), a one-line summary per side, every move that
// handed the win to the other side (?) with the moves that kept it, and every lost side's move
// that shortened its resistance (?!) with the moves that resisted longest, each with "Show" and
// "Try again from here" (main.js acts on those buttons).
import { $, esc } from './dom.js';
import { api } from './api.js';
import { state, hooks, startPos } from './state.js';
import { bars, mistakes, turns, slips } from './reviewdata.js';
import { resultText } from './words.js';
import { t, errorText } from './i18n.js';

const answers = new Map();
let drawn = '';
let nowPly = 0;

/** The review of game `g` as it is now (asked once per game and version). */
function reviewOf(g) {
  const key = `${g.id}:${g.moves.length}`;
  if (!answers.has(key)) {
    const p = api('GET', `/api/games/${g.id}/review`);
    answers.set(key, p);
    p.catch(() => answers.delete(key));
  }
  return answers.get(key);
}

function chart(review, view, marked, slipped) {
  const b = bars(review);
  const w = 10;
  const parts = [];
  for (const bar of b) {
    const h = bar.height * 44;
    const y = bar.winner === 'mouse' ? 50 - h : 50;
    const cls = `rbar ${bar.winner}${marked.has(bar.ply) ? ' lost' : ''}${bar.ply === view ? ' now' : ''}`;
    parts.push(
      `<rect class="${cls}" data-ply="${bar.ply}" x="${bar.ply * w + 1}" y="${y.toFixed(2)}" width="${w - 2}" height="${h.toFixed(2)}"><title>${esc(t('review.barTitle', { k: bar.ply, result: resultText(bar.winner, bar.plies) }))}</title></rect>`,
    );
  }
  for (const k of marked) parts.push(`<rect class="turn" x="${k * w - 0.5}" y="2" width="1" height="96" />`);
  for (const k of slipped) parts.push(`<rect class="slip" x="${k * w - 0.5}" y="2" width="1" height="96" />`);
  const width = b.length * w;
  return (
    `<svg class="review-chart" viewBox="0 0 ${width} 100" preserveAspectRatio="none" role="img" aria-label="${esc(t('review.chartLabel', { n: b.length - 1, m: review.mistakes.length }))}">` +
    `<rect class="axis" x="0" y="49.6" width="${width}" height="0.8" />${parts.join('')}</svg>`
  );
}

/** Draws the review anew (after a change of language). */
export function redoReview() {
  drawn = '';
}

/** Draws the review of finished game `g` into the panel, the ply on the board marked. */
export async function drawReview(g, view) {
  const body = $('review-body');
  const game = `${g.id}:${g.moves.length}`;
  const now = view === null ? g.moves.length : view;
  nowPly = now;
  if (drawn === game) {
    // the same review: only the mark of the ply on the board moves (the focus stays put)
    for (const r of body.querySelectorAll('rect.rbar')) r.classList.toggle('now', Number(r.dataset.ply) === now);
    return;
  }
  const key = game;
  drawn = key;
  body.innerHTML = `<p class="note">${t('review.loading')}</p>`;
  let review;
  try {
    review = await reviewOf(g);
  } catch (e) {
    if (drawn !== key) return;
    body.innerHTML = `<p class="note">${esc(t('review.none', { why: errorText(e) }))}</p>`;
    drawn = '';
    return;
  }
  if (drawn !== key) return;
  const first = startPos(g).side;
  const list = mistakes(review, first);
  // the move list marks each move that lost ground: ? gave the win away, ?! hurried a loss
  state.lost = { game, kept: new Map(list.map((m) => [m.ply + 1, { moves: m.kept, kind: m.kind || 'gave-win' }])) };
  const v0 = review.values[0];
  const longest = Math.max(...review.values.map((v) => v.plies));
  const parts = [
    `<p>${esc(t('review.start', { result: resultText(v0.winner, v0.plies) }))}</p>`,
    chart(review, nowPly, new Set(turns(review)), new Set(slips(review))),
    // the legend names the marks the chart has
    `<p class="note legend">${['mouse', 'cats', ...(turns(review).length ? ['lost'] : []), ...(slips(review).length ? ['slip'] : [])].map((k) => `<span class="item"><span class="key ${k}"></span>${esc(t(`review.legend.${k}`, { n: longest }))}</span>`).join('')}</p>`,
  ];
  if (review.summary) {
    parts.push('<ul class="review-summary">');
    for (const side of ['mouse', 'cats'])
      parts.push(
        `<li>${esc(t(`review.summary.${side}`, { ...review.summary[side], k: review.shortened_threshold }))}</li>`,
      );
    parts.push('</ul>');
  }
  if (!list.length) parts.push(`<p>${esc(t('review.clean'))}</p>`);
  else {
    parts.push(`<h3>${esc(t('review.mistakes', { n: list.length }))}</h3><ol class="mistakes">`);
    for (const m of list) {
      const shortened = m.kind === 'shortened';
      const text = t(`review.${shortened ? 'shortened' : 'mistake'}.${m.side}`, {
        num: m.number,
        played: `${m.played}${m.mark || '?'}`,
        by: m.shortened_by,
        before: resultText(m.before.winner, m.before.plies),
        after: resultText(m.after.winner, m.after.plies),
      });
      const kept = t(shortened ? 'review.resisted' : 'review.kept', { moves: m.kept.join(', ') });
      parts.push(
        `<li class="mistake ${shortened ? 'shortened' : 'gave-win'}" data-ply="${m.ply}"><p>${esc(text)} <strong>${esc(kept)}</strong></p><div class="row">` +
          `<button type="button" data-goto="${m.ply}" data-kept="${m.kept[0] || ''}">${esc(t('review.show', { num: m.number, move: m.played }))}</button>` +
          `<button type="button" data-try="${m.ply}" data-side="${m.side}">${esc(t('review.try', { num: m.number, move: m.played }))}</button></div></li>`,
      );
    }
    parts.push('</ol>');
  }
  body.innerHTML = parts.join('');
  if (list.length) hooks.render();
}
