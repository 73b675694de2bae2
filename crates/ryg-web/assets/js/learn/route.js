// The Learn section's lessons by name, in order, and the address of each (#learn/N). Pure:
// tested with `node --test`.

/** The lessons, in the order the section teaches them. */
export const LESSON_KEYS = ['board', 'minimax', 'evaluation', 'alphabeta', 'techniques', 'perfect'];

/** The lesson the address names (1-based), 0 for none: `#learn` (or a number out of range) is
 * lesson 1. */
export function lessonFromHash(hash) {
  const m = /^#learn(?:\/(\d+))?$/.exec(hash || '');
  if (!m) return 0;
  const n = m[1] ? Number(m[1]) : 1;
  return n >= 1 && n <= LESSON_KEYS.length ? n : 1;
}
