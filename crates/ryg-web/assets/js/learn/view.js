// The Learn section: a view of its own in the page, reached from the header's link or by
// address (#learn, #learn/N for lesson N), with the list of lessons and previous/next links.
// Each lesson is a module with `render(element)` and `leave()`.
import { $ } from '../dom.js';
import { t } from '../i18n.js';
import { boardLesson } from './board.js';
import { minimax } from './minimax.js';
import { evaluation } from './evaluation.js';
import { alphabeta } from './alphabeta.js';
import { techniques } from './techniques.js';
import { perfect } from './perfect.js';
import { LESSON_KEYS, lessonFromHash } from './route.js';

const MODULES = { board: boardLesson, minimax, evaluation, alphabeta, techniques, perfect };
export const LESSONS = LESSON_KEYS.map((k) => MODULES[k]);

let current = null;
let onLeave = () => {};

/** Whether the address names the Learn section. */
export function inLearn() {
  return lessonFromHash(location.hash) > 0;
}

function show(n) {
  if (current) current.leave();
  const lesson = LESSONS[n - 1];
  current = lesson;
  document.body.classList.add('learning');
  $('learn-view').hidden = false;
  const nav = LESSONS.map(
    (l, i) =>
      `<li><a href="#learn/${i + 1}"${i + 1 === n ? ' aria-current="page"' : ''}>${t(`lesson.${l.key}.title`)}</a></li>`,
  ).join('');
  const prev = n > 1 ? `<a href="#learn/${n - 1}" rel="prev">← ${t('learn.prev')}</a>` : '<span></span>';
  const next = n < LESSONS.length ? `<a href="#learn/${n + 1}" rel="next">${t('learn.next')} →</a>` : '<span></span>';
  $('learn-view').innerHTML =
    `<div class="learn-head"><h2 id="learn-title" class="learn-title" tabindex="-1">${t('learn.title')}</h2>
      <a href="#" id="learn-back" class="button">${t('learn.back')}</a></div>
    <p class="note">${t('learn.intro')}</p>
    <nav class="lesson-list" aria-label="${t('learn.lessons')}"><ol>${nav}</ol></nav>
    <article id="lesson" class="lesson" aria-labelledby="lesson-title" data-lesson="${lesson.key}"></article>
    <nav class="lesson-nav" aria-label="${t('learn.lessonOf', { n, total: LESSONS.length })}">${prev}${next}</nav>`;
  lesson.render($('lesson'));
}

function hide() {
  if (current) current.leave();
  current = null;
  if (!document.body.classList.contains('learning')) return;
  document.body.classList.remove('learning');
  $('learn-view').hidden = true;
  $('learn-view').innerHTML = '';
  onLeave();
}

function follow() {
  const n = lessonFromHash(location.hash);
  if (n) {
    show(n);
    $('learn-title').focus({ preventScroll: true });
    window.scrollTo(0, 0);
  } else hide();
}

/** Wires the header's link and the address; `leave()` runs when the visitor goes back to play. */
export function initLearn(leave) {
  onLeave = leave;
  window.addEventListener('hashchange', follow);
  if (inLearn()) show(lessonFromHash(location.hash));
}

/** Draws the open lesson again (after a change of language). */
export function redrawLearn() {
  const n = lessonFromHash(location.hash);
  if (n && current) show(n);
}
