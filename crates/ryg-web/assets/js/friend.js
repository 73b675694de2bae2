// Playing a friend: the dialog that creates the game and gives the links to send.
import { $, announce } from './dom.js';
import { state } from './state.js';
import { change, createGame } from './play.js';
import { t } from './i18n.js';

function span(id, text) {
  const s = document.createElement('span');
  s.id = id;
  s.textContent = text;
  return s;
}

/** Fills `el` with `template`, its `{name}`s replaced by the nodes of `parts`. */
function fillTemplate(el, template, parts) {
  el.replaceChildren(
    ...template.split(/(\{\w+\})/).map((bit) => {
      const m = bit.match(/^\{(\w+)\}$/);
      return m && parts[m[1]] ? parts[m[1]] : document.createTextNode(bit);
    }),
  );
}

export function openFriendDialog() {
  const d = $('friend-dialog');
  const size = $('size').value;
  $('friend-board').textContent = t('friend.board', { n: size, start: $('start').value });
  const seat = $('seat').value;
  if (seat === 'mouse' || seat === 'cats') $('friend-side').value = seat;
  $('friend-error').textContent = '';
  $('friend-form').hidden = false;
  $('friend-links').hidden = true;
  $('copy-note').textContent = '';
  if (d.showModal) d.showModal();
  else d.setAttribute('open', '');
  $('friend-side').focus();
}

export function closeFriendDialog() {
  const d = $('friend-dialog');
  if (d.close) d.close();
  else d.removeAttribute('open');
}

export async function createFriendGame(ev) {
  ev.preventDefault();
  const side = $('friend-side').value === 'cats' ? 'cats' : 'mouse';
  const other = side === 'mouse' ? 'cats' : 'mouse';
  const body = { size: parseInt($('size').value, 10), start: $('start').value, mouse: 'human', cats: 'human' };
  const name = $('friend-name').value.trim();
  if (name) body.names = { [side]: name };
  const minutes = $('friend-minutes').value.trim();
  if (minutes) body.clock = { minutes: Number(minutes), increment: Number($('friend-increment').value || 0) };
  let links = null;
  state.setup = null;
  $('setup').hidden = true;
  const ok = await change(async () => {
    const g = await createGame(body, side);
    links = g.links;
    return g;
  });
  if (!ok || !links) {
    $('friend-error').textContent = $('error').textContent;
    return;
  }
  announce(t(`say.friendGame.${side}`));
  fillTemplate($('friend-ready'), t('friend.ready'), {
    other: span('friend-other', t(`friend.other.${other}`)),
  });
  // the links as this page's own address (the server's are for other clients)
  const here = (link) => `${location.origin}${location.pathname}${new URL(link).hash}`;
  $('friend-link').value = here(links[other]);
  $('watch-link').value = here(links.watch);
  $('friend-local').hidden = !/^(localhost|127\.|\[::1\])/.test(location.host);
  $('friend-form').hidden = true;
  $('friend-links').hidden = false;
  $('copy-friend-link').focus();
}

export async function copyLink(input, what) {
  const note = $('copy-note');
  try {
    await navigator.clipboard.writeText(input.value);
    note.textContent = t('say.copied', { what });
  } catch {
    // no clipboard (an insecure origin, or permission refused): select it for Ctrl+C
    input.focus();
    input.select();
    note.textContent = t('say.selected', { what });
  }
}
