// The page in English, the review of a finished game: the exact result after each ply, the
// moves that lost ground, a summary per side, the evaluation bar and side lines (en.js spreads
// these in; review-es.js has the same keys).

/** A side's one-line review: "12 moves; 1 gave the win away; 3 cut the resistance short (by 20 plies in all). Accuracy: 75% (9 of 12 moves kept the exact result)." */
function summaryEn({ moves, gave_away: gave, shortened, plies_lost: lost, exact, accuracy: percent = null }) {
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  const parts = [n(moves, 'move', 'moves')];
  if (!gave && !shortened) parts.push('none lost ground');
  if (gave) parts.push(`${gave} gave the win away`);
  if (shortened) parts.push(`${shortened} cut the resistance short (by ${n(lost, 'ply', 'plies')} in all)`);
  const accuracy =
    percent === null ? '' : ` Accuracy: ${percent}% (${exact} of ${n(moves, 'move', 'moves')} kept the exact result).`;
  return `${parts.join('; ')}.${accuracy}`;
}

export default {
  // the review of a finished game
  'review.title': 'Game review',
  'review.loading': 'Reviewing the game with the tablebase…',
  'review.none': 'No review: {why}',
  'review.start':
    'From the start: {result} with perfect play. Each bar is the exact result after a ply; choose one to see that position.',
  'review.barTitle': 'After {k}: {result}',
  'review.chartLabel': ({ n, m }) =>
    `Chart of the exact result after each of ${n} ${n === 1 ? 'ply' : 'plies'}; ${m === 0 ? 'no move lost ground' : `${m} ${m === 1 ? 'move' : 'moves'} lost ground`}.`,
  'review.legend.mouse': 'mouse wins (above)',
  'review.legend.cats': 'cats win (below); bar length: plies to the end ({n} at most)',
  'review.legend.lost': 'the win changed sides',
  'review.clean':
    'No move lost ground: the winner kept the win from the start, and the loser resisted (near enough) as long as it could.',
  'review.mistakes': ({ n }) => (n === 1 ? 'The move that lost ground' : `The ${n} moves that lost ground`),
  'review.mistake.mouse': '{num} The mouse played {played}: {before} before it, {after} after it.',
  'review.mistake.cats': '{num} The cats played {played}: {before} before it, {after} after it.',
  'review.kept': 'Kept the win: {moves}.',
  'review.show': 'Show {num} {move}',
  'review.try': 'Try again from {num} {move}',
  'say.tryAgain.mouse': 'A new game from that position: you play the mouse against the computer.',
  'say.tryAgain.cats': 'A new game from that position: you play the cats against the computer.',

  // the review for both sides: a lost side that hurried its loss (?!), a summary per side
  'review.legend.slip': 'a lost side cut its resistance short (?!)',
  'review.shortened.mouse':
    '{num} The mouse played {played}: {before} before it, {after} after it: the end came {by} plies sooner than it had to.',
  'review.shortened.cats':
    '{num} The cats played {played}: {before} before it, {after} after it: the end came {by} plies sooner than they had to.',
  'review.resisted': 'Resisted longest: {moves}.',
  'review.summary.mouse': (s) => `The mouse: ${summaryEn(s)}`,
  'review.summary.cats': (s) => `The cats: ${summaryEn(s)}`,
  'moves.shortened': '; cut the resistance short (resisted longest: {moves})',

  // analysis as players expect it: the evaluation bar, side lines, the review on its position
  'evalbar.label': 'Evaluation: {what}.',
  'evalbar.best': ({ moves }) =>
    moves.includes(',') ? `Best moves: ${moves} (the blue arrows).` : `Best move: ${moves} (the blue arrow).`,
  'evalbar.mistake': ({ played, better }) =>
    `Played here: ${played} (the red dashed arrow), which gave the win away; better: ${better} (${better.includes(',') ? 'the blue arrows' : 'the blue arrow'}).`,
  'evalbar.shortened': ({ played, better }) =>
    `Played here: ${played} (the red dashed arrow), which cut the resistance short; longer: ${better} (${better.includes(',') ? 'the blue arrows' : 'the blue arrow'}).`,
  'evalbar.search': 'Search, depth {depth}: {side}, {points}',
  'evalbar.ahead.mouse': 'mouse ahead',
  'evalbar.ahead.cats': 'cats ahead',
  'evalbar.proved': '{result} (proved by search)',
  'sideline.back': 'Back to the main line',
  'sideline.keep': 'Play this line in the game',
  'sideline.title': 'Side line from {num}',
  'sideline.viewing': ({ n, k }) =>
    `Side line: ${n} ${n === 1 ? 'ply' : 'plies'} from the position after ${k} ${k === 1 ? 'ply' : 'plies'} of the game.`,
  'sideline.started': 'A side line begins with {mv}; the game keeps its own moves.',
  'sideline.played': 'Side line: {mv}.',
  'sideline.left': ({ k }) => `Back to the main line: the position after ${k} ${k === 1 ? 'ply' : 'plies'}.`,
};
