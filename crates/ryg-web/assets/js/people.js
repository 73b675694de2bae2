// The Players section: becoming a player, your page (name, ratings, rating history, recent
// games; another device; deleting yourself), any player's page (#player/ID) and the leaderboard
// of a board size (#leaderboard/8). Names from other players are set as text only.
import { $, esc, showError } from './dom.js';
import { t, fmt, loadPeopleStrings } from './i18n.js';
import { secret, me, rememberMe, forget, playerApi, newSecret } from './player.js';
import { renderLobby, stop as stopLobby } from './lobby.js';
import { renderCreate, renderTournament, stopTournament } from './tournament.js';
import { SIZES } from './fencheck.js';

let open = false;
let onLeave = () => {};
let seq = 0;

/** What the address names: `{ kind: 'me' | 'lobby' | 'player' | 'leaderboard' | 'tournaments' | 'tournament', arg }`, or null. */
export function route(hash) {
  if (hash === '#players') return { kind: 'me' };
  if (hash === '#lobby') return { kind: 'lobby' };
  const player = /^#player\/([\w-]{11})$/.exec(hash);
  if (player) return { kind: 'player', arg: player[1] };
  if (hash === '#tournaments') return { kind: 'tournaments' };
  const tour = /^#tournament\/([\w-]{11})$/.exec(hash);
  if (tour) return { kind: 'tournament', arg: tour[1] };
  const board = /^#leaderboard\/(\d+)$/.exec(hash);
  if (board) return { kind: 'leaderboard', arg: Number(board[1]) };
  return null;
}

/** A computer player as the page names it: `5` → "level 5". */
function computerName(spec) {
  if (spec === 'random') return t('people.computer.random');
  if (spec === 'perfect') return t('people.computer.perfect');
  if (/^\d$/.test(spec)) return t('people.computer.level', { n: spec });
  return t(`engine.option.${spec}`) === `engine.option.${spec}` ? spec : t(`engine.option.${spec}`);
}

function ratingText(r) {
  const n = fmt(Math.round(r.rating));
  return r.provisional ? t('people.provisional', { rating: n }) : n;
}

function head(title) {
  return `<div class="learn-head"><h2 id="people-title" tabindex="-1">${esc(title)}</h2>
    <a href="#" class="button">${esc(t('people.back'))}</a></div>`;
}

/** A bot's mark beside its name: a tag that says a program plays. */
function botTag(p) {
  return p.bot ? ` <span class="tag" title="${esc(t('people.botNote'))}">${esc(t('people.bot'))}</span>` : '';
}

function ratingsTable(ratings) {
  if (!ratings.length) return `<p class="note">${esc(t('people.noRatings'))}</p>`;
  const rows = ratings
    .map(
      (
        r,
      ) => `<tr><td>${r.size}×${r.size}</td><td>${esc(ratingText(r))} ±${fmt(Math.round(r.deviation))}</td><td>${r.games}</td>
    <td>${r.scores_like ? esc(t('people.scoresLike', { who: computerName(r.scores_like) })) : ''}</td></tr>`,
    )
    .join('');
  return `<table class="people-table"><thead><tr><th scope="col">${esc(t('people.size'))}</th><th scope="col">${esc(t('people.rating'))}</th>
    <th scope="col">${esc(t('people.games'))}</th><th scope="col">${esc(t('people.against'))}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** One chart per size played: the rating after each rated game (SVG, described in words). */
function historyCharts(history) {
  const bySize = new Map();
  for (const h of history) {
    if (!bySize.has(h.size)) bySize.set(h.size, []);
    bySize.get(h.size).push(h.rating);
  }
  return [...bySize]
    .map(([size, ys]) => {
      const points = [1500, ...ys];
      const lo = Math.min(...points) - 20;
      const hi = Math.max(...points) + 20;
      const x = (i) => (i * 300) / Math.max(1, points.length - 1);
      const y = (v) => 100 - ((v - lo) * 100) / (hi - lo);
      const line = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      const label = t('people.historyChart', {
        size: `${size}×${size}`,
        first: fmt(1500),
        last: fmt(Math.round(ys[ys.length - 1])),
      });
      return `<figure class="people-chart"><svg viewBox="-4 -4 308 108" role="img" aria-label="${esc(label)}">
      <polyline points="${line}" fill="none" stroke="currentColor" stroke-width="2"/></svg>
      <figcaption class="note">${esc(label)}</figcaption></figure>`;
    })
    .join('');
}

function opponentName(o) {
  if (!o) return t('people.deleted');
  if (o.computer) return computerName(o.computer);
  if (o.player) return o.player.name;
  return o.name || t('people.someone');
}

function gameLine(g) {
  const won = (g.result === '1-0' && g.side === 'mouse') || (g.result === '0-1' && g.side === 'cats');
  const result = !g.over ? 'open' : g.result === '*' ? 'none' : won ? 'won' : 'lost';
  const text = t('people.game', {
    size: `${g.size}×${g.size}`,
    side: t(`people.side.${g.side}`),
    who: opponentName(g.opponent),
    result: t(`people.result.${result}`),
  });
  return `<li><a href="#game=${esc(g.id)}">${esc(text)}</a>${g.rated ? ` <span class="tag">${esc(t('people.rated'))}</span>` : ''}</li>`;
}

function pageBody(data) {
  const games = data.games.length
    ? `<ul class="recent">${data.games.map(gameLine).join('')}</ul>`
    : `<p class="note">${esc(t('people.noGames'))}</p>`;
  // no rated game yet: the ratings say so once, and there is no history to chart
  const history = data.history.length ? `<h3>${esc(t('people.history'))}</h3>${historyCharts(data.history)}` : '';
  return `<h3>${esc(t('people.ratings'))}</h3>${ratingsTable(data.ratings)}${history}
    <h3>${esc(t('people.recent'))}</h3>${games}`;
}

function leaderboardLinks() {
  return `<p class="row"><a class="button" href="#lobby">${esc(t('lobby.title'))}</a> <a class="button" href="#tournaments">${esc(t('tour.title'))}</a> ${SIZES.map((n) => `<a class="button" href="#leaderboard/${n}">${esc(t('leaderboard.title'))} ${n}×${n}</a>`).join(' ')}</p>`;
}

/** Your part: become a player, or your page with what only you can do. */
async function renderMe(el, mine) {
  if (!secret() || !me()) {
    el.innerHTML = `${head(t('people.title'))}<p class="note">${esc(t('people.intro'))}</p>
      <form id="people-join" class="form"><label><span>${esc(t('people.name'))}</span> <input id="people-name" maxlength="32" required></label>
      <button type="submit">${esc(t('people.become'))}</button></form>${claimForm()}${leaderboardLinks()}`;
    $('people-join').onsubmit = async (ev) => {
      ev.preventDefault();
      const p = await guard(() => playerApi('POST', '/api/players', { name: $('people-name').value }, secret(true)));
      if (p) {
        rememberMe(p);
        show();
      }
    };
    wireClaim();
    return;
  }
  const data = await guard(() => playerApi('GET', '/api/players/me'));
  if (mine !== seq) return;
  if (!data) {
    if (!secret()) show();
    return;
  }
  rememberMe(data.player);
  el.innerHTML = `${head(t('people.title'))}<p>${esc(t('people.you', { name: data.player.name }))}
      <a href="#player/${esc(data.player.id)}">${esc(t('people.yourPage'))}</a></p>
    <form id="people-rename" class="form"><label><span>${esc(t('people.name'))}</span> <input id="people-name" maxlength="32" required></label>
      <button type="submit">${esc(t('people.rename'))}</button></form>
    ${pageBody(data)}${leaderboardLinks()}
    <h3>${esc(t('people.device'))}</h3><p class="note">${esc(t('people.deviceNote'))}</p>
    <p><button type="button" id="people-code">${esc(t('people.device'))}</button> <output id="people-code-out"></output></p>
    <p><button type="button" id="people-delete" class="danger">${esc(t('people.delete'))}</button></p>`;
  $('people-name').value = data.player.name;
  $('people-rename').onsubmit = async (ev) => {
    ev.preventDefault();
    const p = await guard(() => playerApi('POST', '/api/players/me/name', { name: $('people-name').value }));
    if (p) {
      rememberMe(p);
      show();
    }
  };
  $('people-code').onclick = async () => {
    const c = await guard(() => playerApi('POST', '/api/players/me/code'));
    if (c) $('people-code-out').textContent = t('people.code', { code: `${c.code.slice(0, 4)}-${c.code.slice(4)}` });
  };
  $('people-delete').onclick = async () => {
    if (!window.confirm(t('people.deleteConfirm'))) return;
    if ((await guard(() => playerApi('DELETE', '/api/players/me'))) !== undefined) {
      forget();
      showError(null);
      show();
      el.querySelector('.note').textContent = t('people.gone');
    }
  };
}

function claimForm() {
  return `<details class="box"><summary>${esc(t('people.claim'))}</summary><form id="people-claim" class="form">
    <label><span>${esc(t('people.code', { code: '' }))}</span> <input id="people-claim-code" maxlength="12" required autocomplete="off"></label>
    <button type="submit">${esc(t('people.claimButton'))}</button></form></details>`;
}

function wireClaim() {
  $('people-claim').onsubmit = async (ev) => {
    ev.preventDefault();
    // a new secret for this browser: the player moves to it
    const fresh = newSecret();
    const p = await guard(() => playerApi('POST', '/api/players/claim', { code: $('people-claim-code').value }, fresh));
    if (!p) return;
    forget();
    localStorage.setItem('ryg.player.secret', fresh);
    rememberMe(p);
    show();
  };
}

async function renderPlayer(el, id, mine) {
  el.innerHTML = head(t('people.title'));
  const data = await guard(() => playerApi('GET', `/api/players/${id}`, undefined, null));
  if (mine !== seq) return;
  if (!data) {
    el.insertAdjacentHTML('beforeend', `<p class="note">${esc(t('people.notFound'))}</p>`);
    return;
  }
  const other = secret() && me() && me().id !== data.player.id;
  const challenge = other
    ? `<p><button type="button" id="people-challenge">${esc(t('lobby.challenge', { name: data.player.name }))}</button></p>`
    : '';
  const bot = data.player.bot ? `<p class="note">${botTag(data.player)} ${esc(t('people.botNote'))}</p>` : '';
  el.innerHTML = `${head(data.player.name)}${bot}${challenge}${pageBody(data)}${leaderboardLinks()}`;
  if (other) {
    // a direct challenge: it waits in both players' lobby
    $('people-challenge').onclick = async () => {
      if (await guard(() => playerApi('POST', '/api/challenges', { to: id, size: 8, side: 'random' }))) {
        location.hash = '#lobby';
      }
    };
  }
}

async function renderLeaderboard(el, size, mine) {
  const data = await guard(() => playerApi('GET', `/api/leaderboard?size=${size}`, undefined, null));
  if (mine !== seq) return;
  const title = `${t('leaderboard.title')} ${size}×${size}`;
  if (!data) {
    el.innerHTML = head(title) + leaderboardLinks();
    return;
  }
  const rows = data.players
    .map(
      (
        r,
      ) => `<tr><td>${r.rank}</td><td><a href="#player/${esc(r.player.id)}">${esc(r.player.name)}</a>${botTag(r.player)}</td>
    <td>${esc(ratingText(r.rating))}</td><td>${r.rating.games}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table class="people-table"><thead><tr><th scope="col">${esc(t('leaderboard.rank'))}</th><th scope="col">${esc(t('leaderboard.player'))}</th>
    <th scope="col">${esc(t('people.rating'))}</th><th scope="col">${esc(t('people.games'))}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p class="note">${esc(t('leaderboard.empty'))}</p>`;
  el.innerHTML = `${head(title)}<p class="note">${esc(t('leaderboard.note', { d: fmt(data.provisional_deviation) }))}</p>${table}${leaderboardLinks()}`;
}

/** Runs `call`; its error shown (in words of the page when there is no server), `undefined` then. */
async function guard(call) {
  try {
    showError(null);
    return await call();
  } catch (e) {
    if (e.code === 'needs_server') e.key = location.hash === '#lobby' ? 'lobby.needsServer' : 'people.needsServer';
    if (e.code === 'unauthorized' && !e.key) forget();
    showError(e);
    return undefined;
  }
}

async function show() {
  const r = route(location.hash);
  if (!r) return;
  const el = $('people-view');
  const mine = ++seq;
  if (r.kind !== 'tournament') stopTournament();
  if (r.kind !== 'lobby') stopLobby();
  if (r.kind === 'tournaments') renderCreate(el);
  else if (r.kind === 'tournament') await renderTournament(el, r.arg);
  else if (r.kind === 'me') await renderMe(el, mine);
  else if (r.kind === 'lobby') await renderLobby(el, head(t('lobby.title')), guard);
  else if (r.kind === 'player') await renderPlayer(el, r.arg, mine);
  else await renderLeaderboard(el, r.arg, mine);
  const title = $('people-title');
  if (title && mine === seq) title.focus({ preventScroll: true });
}

async function follow() {
  if (route(location.hash)) {
    if (!open) {
      open = true;
      await loadPeopleStrings();
      document.body.classList.add('people');
      $('people-view').hidden = false;
    }
    window.scrollTo(0, 0);
    await show();
  } else if (open) {
    open = false;
    seq += 1;
    stopLobby();
    stopTournament();
    document.body.classList.remove('people');
    $('people-view').hidden = true;
    $('people-view').innerHTML = '';
    onLeave();
  }
}

/** Wires the address; `leave()` runs when the visitor goes back to play. */
export function initPeople(leave) {
  onLeave = leave;
  window.addEventListener('hashchange', follow);
  return follow();
}

/** Draws the section again in the language now chosen. */
export function redrawPeople() {
  if (open) show();
}
