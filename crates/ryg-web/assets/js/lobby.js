// The lobby (#lobby): open challenges listed live (the server's lobby stream, read with fetch so
// that it carries this browser's player), a challenge made, accepted or cancelled with one click,
// direct challenges to this player (accept or decline), and "play someone now" with its waiting
// state. A game the lobby starts for this player arrives on the stream with this player's seat
// token: the page opens it as a seat's link. Names from other players are set as text only.
import { SIZES } from './fencheck.js';
import { $, esc } from './dom.js';
import { t, fmt } from './i18n.js';
import { secret, me, playerApi } from './player.js';

/** Clocks offered: minutes and increment, or none. */
const CLOCKS = [null, [3, 2], [5, 3], [10, 5]];
let list = new Map();
let reader = null;
let waiting = false;

/** A clock in words (`inline`: inside a sentence). */
function clockText(c, inline = false) {
  if (!c) return t(inline ? 'lobby.untimed' : 'lobby.noClock');
  return t('lobby.clock', { minutes: fmt(c.minutes), increment: fmt(c.increment) });
}

function options(id, values, text, chosen) {
  return `<select id="${id}">${values.map((v, i) => `<option value="${i}"${i === chosen ? ' selected' : ''}>${esc(text(v))}</option>`).join('')}</select>`;
}

function clockOf(i) {
  const c = CLOCKS[Number(i)];
  return c ? { minutes: c[0], increment: c[1] } : null;
}

function row(c) {
  const mine = c.owner.id === me()?.id;
  const forMe = c.to && c.to.id === me()?.id;
  const who = `${c.owner.name} (${fmt(c.owner.rating)})`;
  const what = t('lobby.what', {
    size: `${c.size}×${c.size}`,
    side: t(`lobby.side.${c.side}`),
    clock: clockText(c.clock, true),
    kind: t(c.rated ? 'lobby.rated' : 'lobby.casual'),
  });
  const to = c.to
    ? ` <span class="tag">${esc(forMe ? t('lobby.forYou') : t('lobby.to', { name: c.to.name }))}</span>`
    : '';
  const buttons = mine
    ? `<button type="button" data-cancel="${esc(c.id)}">${esc(t('lobby.cancel'))}</button>`
    : `<button type="button" data-accept="${esc(c.id)}">${esc(t('lobby.accept'))}</button>${
        forMe ? ` <button type="button" data-decline="${esc(c.id)}">${esc(t('lobby.decline'))}</button>` : ''
      }`;
  return `<li class="lobby-row"><span>${esc(who)} — ${esc(what)}${to}</span> <span class="row">${buttons}</span></li>`;
}

function drawList() {
  const el = $('lobby-list');
  if (!el) return;
  el.innerHTML = list.size ? [...list.values()].map(row).join('') : `<li class="note">${esc(t('lobby.empty'))}</li>`;
}

function drawWaiting(w) {
  waiting = Boolean(w);
  const out = $('lobby-waiting');
  if (!out) return;
  out.hidden = !waiting;
  $('lobby-now').disabled = waiting;
  if (w) $('lobby-waiting-text').textContent = t('lobby.waiting', { range: fmt(w.range ?? 100) });
}

/** Opens the seat the lobby gave: a seat's link. */
function openSeat(seat) {
  stop();
  location.hash = `#game=${seat.game}&token=${seat.token}`;
}

function heard(event, data) {
  if (event === 'snapshot') {
    list = new Map(data.challenges.map((c) => [c.id, c]));
  } else if (event === 'added' || event === 'challenge') {
    list.set(data.id, data);
  } else if (event === 'removed') {
    list.delete(data.id);
  } else if (event === 'game') {
    openSeat(data);
    return;
  }
  drawList();
}

/** Reads the lobby's stream (Server-Sent Events over fetch, with the player's header). */
async function follow() {
  const headers = secret() ? { 'Ryg-Player': secret() } : {};
  const resp = await fetch('/api/lobby/events', { headers });
  if (!resp.ok || !resp.body) throw new Error(t('lobby.noStream'));
  reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let end = buf.indexOf('\n\n');
    while (end >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (event && data) heard(event, JSON.parse(data));
      end = buf.indexOf('\n\n');
    }
  }
}

/** Stops following the lobby (the section closes). */
export function stop() {
  if (reader) reader.cancel().catch(() => {});
  reader = null;
}

async function wire(guard) {
  $('lobby-list').onclick = async (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    if (b.dataset.accept) {
      const seat = await guard(() => playerApi('POST', `/api/challenges/${b.dataset.accept}/accept`));
      if (seat) openSeat(seat);
    } else if (b.dataset.cancel) {
      await guard(() => playerApi('DELETE', `/api/challenges/${b.dataset.cancel}`));
    } else if (b.dataset.decline) {
      await guard(() => playerApi('POST', `/api/challenges/${b.dataset.decline}/decline`));
    }
  };
  $('lobby-create').onsubmit = async (ev) => {
    ev.preventDefault();
    const body = {
      size: SIZES[Number($('lobby-size').value)],
      side: ['random', 'mouse', 'cats'][Number($('lobby-side').value)],
      clock: clockOf($('lobby-clock').value),
      rated: $('lobby-rated').checked,
    };
    await guard(() => playerApi('POST', '/api/challenges', body));
  };
  $('lobby-now').onclick = async () => {
    const body = { size: SIZES[Number($('lobby-now-size').value)], clock: clockOf($('lobby-now-clock').value) };
    const answer = await guard(() => playerApi('POST', '/api/pairing', body));
    if (answer?.token) openSeat(answer);
    else if (answer) drawWaiting(answer);
  };
  $('lobby-stop').onclick = async () => {
    if ((await guard(() => playerApi('DELETE', '/api/pairing'))) !== undefined) drawWaiting(null);
  };
}

/** Draws the lobby into `el` under `top` (the section's heading); `guard` runs a call and
 * shows its error. */
export async function renderLobby(el, top, guard) {
  stop();
  try {
    await playerApi('GET', '/api/challenges', undefined, null);
  } catch (e) {
    // the static site: no server, no lobby
    if (e.code === 'needs_server') {
      el.innerHTML = `${top}<p class="note">${esc(t('lobby.needsServer'))}</p>`;
      return;
    }
  }
  if (!secret() || !me()) {
    el.innerHTML = `${top}<p class="note">${esc(t('lobby.needPlayer'))}</p><p><a class="button" href="#players">${esc(t('people.become'))}</a></p>`;
    return;
  }
  const sizeText = (n) => `${n}×${n}`;
  el.innerHTML = `${top}<p class="note">${esc(t('lobby.intro'))}</p>
    <h3>${esc(t('lobby.now'))}</h3>
    <div class="form"><label><span>${esc(t('people.size'))}</span> ${options('lobby-now-size', SIZES, sizeText, 2)}</label>
      <label><span>${esc(t('lobby.clockLabel'))}</span> ${options('lobby-now-clock', CLOCKS, (c) => clockText(c && { minutes: c[0], increment: c[1] }), 2)}</label>
      <button type="button" id="lobby-now">${esc(t('lobby.nowButton'))}</button></div>
    <p id="lobby-waiting" role="status" hidden><span id="lobby-waiting-text"></span> <button type="button" id="lobby-stop">${esc(t('lobby.stop'))}</button></p>
    <h3>${esc(t('lobby.open'))}</h3><ul id="lobby-list" class="recent" aria-live="polite"></ul>
    <h3>${esc(t('lobby.create'))}</h3>
    <form id="lobby-create" class="form"><label><span>${esc(t('people.size'))}</span> ${options('lobby-size', SIZES, sizeText, 2)}</label>
      <label><span>${esc(t('lobby.sideLabel'))}</span> ${options('lobby-side', ['random', 'mouse', 'cats'], (s) => t(`lobby.side.${s}`), 0)}</label>
      <label><span>${esc(t('lobby.clockLabel'))}</span> ${options('lobby-clock', CLOCKS, (c) => clockText(c && { minutes: c[0], increment: c[1] }), 0)}</label>
      <label class="check"><input type="checkbox" id="lobby-rated"> <span>${esc(t('lobby.rated'))}</span></label>
      <button type="submit">${esc(t('lobby.createButton'))}</button></form>`;
  list = new Map();
  drawList();
  await wire(guard);
  const state = await guard(() => playerApi('GET', '/api/pairing'));
  drawWaiting(state?.waiting ? state : null);
  follow().catch(() => {
    if ($('lobby-list')) $('lobby-list').innerHTML = `<li class="note">${esc(t('lobby.noStream'))}</li>`;
  });
}
