// Tournaments, in the Players section: a form that makes one (#tournaments) and a
// tournament's page (#tournament/ID) with its live standings (Server-Sent Events), each game's
// link, entering by name (this browser becomes a player first when it is none), the game you
// play now, and the host's controls. The host's secret stays in this browser's localStorage.
import { SIZES } from './fencheck.js';
import { $, esc, showError } from './dom.js';
import { t } from './i18n.js';
import { secret, me, rememberMe, playerApi } from './player.js';
import { request, readAnswer } from './api.js';

const LEVELS = ['random', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'perfect'];
const hostKey = (id) => `ryg.tournament.host.${id}`;
let stream = null;
let shown = null;
/** The latest drawing asked for: an earlier one that answers later draws nothing. */
let drawn = 0;
/** The version of the tournament last drawn: the stream's copy of it is not drawn again. */
let version = -1;

/** The host's secret for tournament `id`, if this browser made it. */
function hostSecret(id) {
  try {
    return localStorage.getItem(hostKey(id));
  } catch {
    return null;
  }
}

/** Calls the API as the host of `id` (its secret as a bearer). */
async function hostApi(id, method, path, body) {
  const opts = { method, headers: { Authorization: `Bearer ${hostSecret(id)}`, 'Content-Type': 'application/json' } };
  if (body !== undefined) opts.body = JSON.stringify(body);
  return readAnswer(await request(method, path, opts));
}

/** Runs `call`; its error shown (in words of the page when there is no server). */
async function guard(call) {
  try {
    showError(null);
    return await call();
  } catch (e) {
    if (e.code === 'needs_server') e.key = 'tour.needsServer';
    showError(e);
    return undefined;
  }
}

function head(title) {
  return `<div class="learn-head"><h2 id="people-title" tabindex="-1">${esc(title)}</h2>
    <a href="#" class="button">${esc(t('people.back'))}</a></div>`;
}

/** Stops following a tournament's stream. */
export function stopTournament() {
  version = -1;
  if (stream) stream.close();
  stream = null;
  shown = null;
}

/** The form that makes a tournament. */
export function renderCreate(el) {
  stopTournament();
  const sizes = SIZES.map((n) => `<option value="${n}"${n === 8 ? ' selected' : ''}>${n}×${n}</option>`).join('');
  el.innerHTML = `${head(t('tour.title'))}<p class="note">${esc(t('tour.intro'))}</p>
    <form id="tour-create" class="form">
      <label><span>${esc(t('tour.name'))}</span> <input id="tour-name" maxlength="32"></label>
      <label><span>${esc(t('tour.kind'))}</span> <select id="tour-kind">
        <option value="round_robin">${esc(t('tour.kind.round_robin'))}</option>
        <option value="arena">${esc(t('tour.kind.arena'))}</option></select></label>
      <label><span>${esc(t('tour.minutes'))}</span> <input id="tour-minutes" type="number" min="1" max="1440" value="30"></label>
      <label><span>${esc(t('tour.size'))}</span> <select id="tour-size">${sizes}</select></label>
      <label><input type="checkbox" id="tour-rated" checked> <span>${esc(t('tour.rated'))}</span></label>
      <button type="submit">${esc(t('tour.create'))}</button></form>`;
  $('tour-create').onsubmit = async (ev) => {
    ev.preventDefault();
    const body = {
      kind: $('tour-kind').value,
      size: Number($('tour-size').value),
      rated: $('tour-rated').checked,
    };
    if ($('tour-name').value.trim()) body.name = $('tour-name').value.trim();
    if (body.kind === 'arena') body.minutes = Number($('tour-minutes').value);
    const made = await guard(() => playerApi('POST', '/api/tournaments', body, null));
    if (!made) return;
    localStorage.setItem(hostKey(made.id), made.host_secret);
    location.hash = `#tournament/${made.id}`;
  };
}

/** An entrant's name: a computer's in the page's words ("level 5"), a person's as given. */
function nameOf(e) {
  if (!e.computer) return e.name;
  if (e.computer === 'random') return t('people.computer.random');
  if (e.computer === 'perfect') return t('people.computer.perfect');
  if (/^\d$/.test(e.computer)) return t('people.computer.level', { n: e.computer });
  return e.name;
}

function entrantName(view, n) {
  const e = view.entrants.find((x) => x.n === n);
  return e ? nameOf(e) : '?';
}

function outcomeText(g) {
  if (!g.outcome) return t('tour.playing');
  return t(`tour.outcome.${g.outcome}`);
}

/** The host's view carries each entrant's accuracy: a cell for it, else none. */
function accuracyCell(view, s) {
  if (!view.standings.some((x) => 'accuracy' in x)) return '';
  return `<td class="tour-accuracy">${s.accuracy ? esc(t('tour.accuracyOf', s.accuracy)) : '–'}</td>`;
}

function standingsTable(view, host) {
  const accuracy = view.standings.some((x) => 'accuracy' in x);
  const rows = view.standings
    .map((s) => {
      const e = view.entrants.find((x) => x.n === s.n);
      const remove =
        host && !e.removed && view.status !== 'finished'
          ? `<button type="button" class="tour-remove" data-n="${s.n}">${esc(t('tour.remove', { name: nameOf(e) }))}</button>`
          : '';
      const name = e.player ? `<a href="#player/${esc(e.player)}">${esc(e.name)}</a>` : esc(nameOf(e));
      return `<tr><td>${s.rank}</td><td>${name}${e.removed ? ` <span class="tag">${esc(t('tour.removed'))}</span>` : ''}${s.streak ? ' 🔥' : ''}</td>
        <td>${s.points}</td><td>${s.tiebreak}</td><td>${s.played}</td>${accuracyCell(view, s)}<td>${remove}</td></tr>`;
    })
    .join('');
  const tiebreak = view.kind === 'round_robin' ? t('tour.sb') : t('tour.tiebreak');
  return `<div class="tour-table" tabindex="0" role="region" aria-label="${esc(t('tour.standings'))}"><table class="people-table" id="tour-standings"><caption>${esc(t('tour.standings'))}</caption><thead><tr>
    <th scope="col">${esc(t('leaderboard.rank'))}</th><th scope="col">${esc(t('leaderboard.player'))}</th>
    <th scope="col">${esc(t('tour.points'))}</th><th scope="col">${view.kind === 'round_robin' ? `<span class="wide-only">${esc(tiebreak)}</span><abbr class="phone-only" title="${esc(tiebreak)}">${esc(t('tour.sbShort'))}</abbr>` : esc(tiebreak)}</th><th scope="col">${esc(t('tour.played'))}</th>
    ${accuracy ? `<th scope="col">${esc(t('tour.accuracy'))}</th>` : ''}<th scope="col"><span class="visually-hidden">${esc(t('tour.actions'))}</span></th></tr></thead><tbody>${rows}</tbody></table></div>${accuracy ? `<p class="note" id="tour-accuracy-note">${esc(t('tour.accuracyNote'))}</p>` : ''}`;
}

function gamesList(view) {
  const items = view.games
    .filter((g) => g.game)
    .map((g) => {
      const text = t('tour.game', {
        round: g.round,
        mouse: entrantName(view, g.mouse),
        cats: entrantName(view, g.cats),
        result: outcomeText(g),
      });
      return `<li><a href="#game=${esc(g.game)}">${esc(text)}</a></li>`;
    })
    .join('');
  return items ? `<ul class="recent" id="tour-games">${items}</ul>` : `<p class="note">${esc(t('tour.noGames'))}</p>`;
}

function hostControls(view) {
  const levels = LEVELS.map((l) => `<option value="${l}">${esc(l)}</option>`).join('');
  const button = (action, show) =>
    show
      ? `<button type="button" class="tour-action" data-action="${action}">${esc(t(`tour.${action}`))}</button> `
      : '';
  return `<div class="box" id="tour-host"><h3>${esc(t('tour.host'))}</h3><p class="row">
    ${button('start', view.status === 'open')}${button('pause', view.status === 'running')}
    ${button('resume', view.status === 'paused')}${button('end', view.status !== 'finished')}</p>
    <form id="tour-computer" class="form"><label><span>${esc(t('tour.computer'))}</span> <select id="tour-level">${levels}</select></label>
    <button type="submit">${esc(t('tour.addComputer'))}</button></form></div>`;
}

/** What the visitor can do as an entrant: enter by name, or play the game they have now. */
function entrantPart(view, mine) {
  if (!mine || mine.entrant === null) {
    if (view.status === 'finished') return '';
    const name = me()?.name ?? '';
    return `<form id="tour-join" class="form"><label><span>${esc(t('people.name'))}</span>
      <input id="tour-join-name" maxlength="32" required value="${esc(name)}"></label>
      <button type="submit">${esc(t('tour.join'))}</button></form>`;
  }
  if (mine.game?.token) {
    const href = `#game=${encodeURIComponent(mine.game.id)}&token=${encodeURIComponent(mine.game.token)}`;
    return `<p id="tour-mine" role="status"><a class="button" id="tour-play" href="${href}">${esc(t('tour.play', { side: t(`people.side.${mine.game.side}`) }))}</a></p>`;
  }
  if (view.status === 'finished') return '';
  return `<p id="tour-mine" role="status" class="note">${esc(t('tour.waiting'))}</p>`;
}

function statusText(view) {
  if (view.status === 'running' && view.kind === 'round_robin')
    return t('tour.status.round', { round: view.round, rounds: view.rounds });
  if (view.status === 'running' && view.ends_at) {
    const left = Math.max(0, Math.round((view.ends_at - Date.now()) / 60000));
    return t('tour.status.left', { minutes: left });
  }
  return t(`tour.status.${view.status}`);
}

async function draw(el, id, view) {
  if (shown !== id) return;
  const turn = ++drawn;
  const host = !!hostSecret(id);
  const mine = secret() ? await guard(() => playerApi('GET', `/api/tournaments/${id}/me`)) : null;
  if (shown !== id || turn !== drawn) return;
  version = view.version;
  const kind = t(`tour.kind.${view.kind}`);
  // what the visitor was typing or choosing survives the redraw
  const typed = $('tour-join-name')?.value;
  const level = $('tour-level')?.value;
  el.innerHTML = `${head(view.name)}<p>${esc(kind)} · ${view.size}×${view.size}${view.rated ? ` · ${esc(t('people.rated'))}` : ''}</p>
    <p id="tour-status" role="status">${esc(statusText(view))}</p>
    <p><label><span>${esc(t('tour.link'))}</span> <input id="tour-link" readonly value="${esc(location.href)}"></label></p>
    ${entrantPart(view, mine)}${standingsTable(view, host)}<h3>${esc(t('tour.games'))}</h3>${gamesList(view)}
    ${host ? hostControls(view) : ''}`;
  if (typed !== undefined && $('tour-join-name')) $('tour-join-name').value = typed;
  if (level && $('tour-level')) $('tour-level').value = level;
  wire(el, id, host);
}

function wire(el, id, host) {
  const join = $('tour-join');
  if (join)
    join.onsubmit = async (ev) => {
      ev.preventDefault();
      if (!me()) {
        const p = await guard(() =>
          playerApi('POST', '/api/players', { name: $('tour-join-name').value }, secret(true)),
        );
        if (!p) return;
        rememberMe(p);
      }
      const view = await guard(() => playerApi('POST', `/api/tournaments/${id}/entrants`, {}));
      if (view) draw(el, id, view);
    };
  if (!host) return;
  for (const b of el.querySelectorAll('.tour-action'))
    b.onclick = async () => {
      const view = await guard(() => hostApi(id, 'POST', `/api/tournaments/${id}/${b.dataset.action}`));
      if (view) draw(el, id, view);
    };
  for (const b of el.querySelectorAll('.tour-remove'))
    b.onclick = async () => {
      const view = await guard(() => hostApi(id, 'DELETE', `/api/tournaments/${id}/entrants/${b.dataset.n}`));
      if (view) draw(el, id, view);
    };
  $('tour-computer').onsubmit = async (ev) => {
    ev.preventDefault();
    const view = await guard(() =>
      hostApi(id, 'POST', `/api/tournaments/${id}/entrants`, { computer: $('tour-level').value }),
    );
    if (view) draw(el, id, view);
  };
}

/** The tournament's view: as its host when this browser made it (with the entrants' accuracy). */
function readView(id) {
  return hostSecret(id)
    ? hostApi(id, 'GET', `/api/tournaments/${id}`)
    : playerApi('GET', `/api/tournaments/${id}`, undefined, null);
}

/** A tournament's page, kept live by its event stream. */
export async function renderTournament(el, id) {
  stopTournament();
  shown = id;
  el.innerHTML = head(t('tour.title'));
  const view = await guard(() => readView(id));
  if (!view || shown !== id) return;
  await draw(el, id, view);
  if (typeof EventSource === 'undefined') return;
  stream = new EventSource(`/api/tournaments/${id}/events`);
  stream.addEventListener('tournament', async (ev) => {
    let view = JSON.parse(ev.data);
    if (view.version <= version) return;
    // the stream carries no secret: the host reads the view with the accuracy column
    if (hostSecret(id)) view = (await guard(() => readView(id))) ?? view;
    if (view.version <= version) return;
    const focused = document.activeElement?.id;
    draw(el, id, view).then(() => {
      if (focused && $(focused)) $(focused).focus({ preventScroll: true });
    });
  });
}
