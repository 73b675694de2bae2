// The Learn section's code and style load only when they are used (the Learn link, a #learn
// address, or a tree in "How the computer thinks"), so a visitor who only plays does not pay
// for them. The style sheet goes in by a <link>, which the page's Content-Security-Policy allows.
import { lessonFromHash } from './route.js';
import { loadLearnStrings } from '../i18n.js';

/** @type {Promise<void> | null} */
let style = null;
let section = null;

/** The Learn section's style sheets, in the order they cascade. */
const LEARN_STYLES = ['../../learn.css', '../../learn-lessons.css'];

/** The Learn style sheets, added once, in order; resolves when they apply (or failed to load). */
export function learnStyle() {
  if (!style) {
    const loads = LEARN_STYLES.map(
      (file) =>
        new Promise((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = new URL(file, import.meta.url).href;
          link.onload = () => resolve(undefined);
          link.onerror = () => resolve(undefined);
          document.head.append(link);
        }),
    );
    style = Promise.all(loads).then(() => {});
  }
  return style;
}

/** The tree drawing and its node texts, with their style. */
export async function treeTools() {
  const [tree, kit] = await Promise.all([
    import('./treeview.js'),
    import('./kit.js'),
    learnStyle(),
    loadLearnStrings(),
  ]);
  return { createTreeView: tree.createTreeView, describeNode: kit.describeNode, nodeValue: kit.nodeValue };
}

/** Whether the address names the Learn section. */
export function inLearn() {
  return lessonFromHash(location.hash) > 0;
}

/** Loads the section the first time the address names it; `leave()` runs when the visitor goes
 * back to play. */
export function initLearn(leave) {
  const open = () => {
    if (section || !inLearn()) return;
    section = Promise.all([import('./view.js'), learnStyle(), loadLearnStrings()]).then(([view]) => {
      view.initLearn(leave);
      return view;
    });
  };
  window.addEventListener('hashchange', open);
  open();
}

/** Draws the open lesson again (after a change of language). */
export function redrawLearn() {
  if (section) section.then((view) => view.redrawLearn());
}
