// The Play better section in English: every text, by key (better-es.js has the same keys). The
// numbers and moves a lesson states come from lessons.js (found and proved by the engine) as
// {names}; the texts here say only what holds for them.

export default {
  'better.title': 'Play better',
  'better.intro':
    "Short lessons on how to play, built from the tablebase that knows every position's exact result. Read the idea, then play the positions against perfect replies. A move that throws the win away is refused, with the reason: try another. Your progress is kept in this browser.",
  'better.back': 'Back to the game',
  'better.lessons': 'Lessons',
  'better.lessonOf': 'Lesson {n} of {total}',
  'better.prev': 'Previous lesson',
  'better.next': 'Next lesson',
  'better.progress.done': 'done',
  'better.progress.some': '{done} of {total} done',
  'better.position': 'Position {n} of {total}',
  'better.positionDone': 'played through',
  'better.you.mouse': 'You play the mouse; with perfect play, {result}.',
  'better.you.cats': 'You play the cats; with perfect play, {result}.',
  'better.only.win': 'Only one move keeps the win.',
  'better.only.resist': 'Only one move resists longest.',
  'better.wins': ({ n }) => `${n === 1 ? 'One move keeps' : `${n} moves keep`} the win.`,
  'better.goal.resist': 'Resist longest: a move that lets the other side win sooner is refused.',
  'better.until.end': 'Play to the end.',
  'better.until.moves': ({ n }) => (n === 1 ? 'Play one move.' : `Play ${n} moves.`),
  'better.now': 'Now: {result}.',
  'better.made': ({ made, until }) => `Your moves: ${made} of ${until}.`,
  'better.madeEnd': ({ made }) => `Your moves: ${made}.`,
  'better.loading': 'Asking the tablebase…',
  'better.yourMove': 'Your move.',
  'better.refused.loses': 'Not {mv}: after it, {result}. Try another move.',
  'better.refused.trap': 'Not {mv}: it walks into a trap; after it, {result}. Try another move.',
  'better.refused.shorter':
    'Not {mv}: after it, {result}, and the longest resistance lasts {longest}. Try another move.',
  'better.kept': '{mv} keeps the win.',
  'better.keptSlower': '{mv} keeps the win, though not by the fastest way.',
  'better.resisted': '{mv} resists longest.',
  'better.answer': 'The computer answers {mv}. Your move.',
  'better.hint': 'Hint',
  'better.hintText': 'Hint: {mv} (the arrow on the board).',
  'better.retry': 'Start again',
  'better.prevPos': 'Previous position',
  'better.nextPos': 'Next position',
  'better.played': 'Played through!',
  'better.end.won': 'The game is over: you have won.',
  'better.end.lost': 'The game is over: you held out to the end.',
  'better.clear': 'From here, with perfect play: {result}.',
  'better.remember': 'What to remember',
  'better.lessonDone': 'Lesson done: every position played through.',

  'better.lesson.plan6.title': "The mouse's plan on 6×6",
  'better.lesson.plan6.idea':
    "On 6×6 the mouse wins with perfect play, from every start square. The three cats can stand side by side and close a whole row, but they must move every turn, and only forward: they cannot move their row up without opening a gap for a moment.\nThe mouse's plan: go up early and keep to the middle, right in front of the cats, so that it is near every gap they open. When they hold together, step back and wait: the cats must move, and sooner or later they open the way. A cat that has gone past the mouse can never come back.",
  'better.lesson.plan6.remember':
    'Mouse on 6×6: go up early, keep to the middle, wait when the cats hold together, and go through the first gap.',
  'better.pos.plan6-1': 'The mouse starts on e1. One first move heads for the middle, the other for the edge.',
  'better.done.plan6-1':
    '{only} heads for the middle, where the mouse has a way forward on either side. The other first move loses: at the edge the cats can close on the mouse.',
  'better.pos.plan6-2':
    'The whole game from the start square c1. Go up to the cats, wait when they hold together, and slip through the first gap.',
  'better.done.plan6-2':
    'That is the plan: up to the cats, wait in front of them, and through the gap they had to open.',

  'better.lesson.wall8.title': "The cats' wall on 8×8",
  'better.lesson.wall8.idea':
    'On 8×8 the cats win with perfect play. Their weapon is the wall: cats side by side on one row, so that the mouse below has no square of that row to step to. Four cats fill a whole row (that is the start); three side by side leave the mouse only the long way round.\nA wall moves up one cat at a time, and a cat that moves leaves a gap behind it for a moment. So the cats keep a spare cat, away from the wall: while the mouse waits below, the spare cat moves and the wall stays whole. A wall cat that moves when the mouse can reach the gap lets the mouse through, and cats never move back.',
  'better.lesson.wall8.remember':
    'Cats on 8×8: build a wall, keep it whole, move the spare cat while the mouse waits, and move a wall cat only where the mouse cannot reach the gap.',
  'better.pos.wall8-1': 'Two cats stand side by side in front of the mouse. Close the wall.',
  'better.done.wall8-1':
    '{only}: three cats side by side in front of the mouse. The fourth, far behind, is the spare cat.',
  'better.pos.wall8-2':
    'The wall stands and the mouse waits below it. Which cat may move? Then play on and trap the mouse.',
  'better.done.wall8-2':
    "At the start only the spare cat could move ({wins}): a wall cat's move would have let the mouse through. Then the wall came down on the mouse, one safe step at a time.",
  'better.pos.wall8-3':
    'Here the cats moved a wall cat instead ({move}): the wall has a gap. Take the mouse through it.',
  'better.done.wall8-3': 'Through the gap the mouse got past the cats, and cats never move back.',

  'better.lesson.tempo.title': 'The waiting move',
  'better.lesson.tempo.idea':
    'Nobody may pass: every turn the side to move must move, even when every move makes its position worse. A waiting move changes nothing that matters; it is played so that the other side has to move.\nThe mouse waits by stepping back. The cats wait by moving a cat far from the mouse, and they have only so many such moves.',
  'better.lesson.tempo.remember':
    'A waiting move hands the turn to the other side. Whoever runs out of waiting moves first must weaken their own position.',
  'better.pos.tempo-1':
    'The mouse is right in front of the cats, and a step forward walks into them. Find the move that wins.',
  'better.done.tempo-1':
    '{only} steps back: a waiting move. Now the cats must move, and none of their moves holds the mouse.',
  'better.pos.tempo-2': 'The cats can wait too. Find the one move that keeps the win.',
  'better.done.tempo-2':
    "{only}: the cat farthest from the mouse moves, and the cats near the mouse keep their places. The cats' far moves are their waiting moves: do not waste them.",

  'better.lesson.trap.title': 'The trap',
  'better.lesson.trap.idea':
    'The cats win when the mouse cannot move. In the middle of the board the mouse has four squares to go to; at an edge only two, and in a corner one. So the cats push the mouse to the bottom row or an edge and take its squares away one by one.\nThe mouse, in turn, must look before it steps: a square with only one way out, next to cats, is a trap.',
  'better.lesson.trap.remember':
    'The mouse is trapped when it has no move. Cats: drive it to an edge and take its squares one by one. Mouse: before each step, count the squares you will have next and the cats that can take them.',
  'better.pos.trap-1': 'On 4×4 the cats win. Trap the mouse.',
  'better.done.trap-1': 'Trapped: the mouse has no move left.',
  'better.pos.trap-2':
    'The mouse is near the bottom row and the cats close in. Find the one move that keeps the win, then finish the trap.',
  'better.done.trap-2': 'Trapped. Each cat move took a square from the mouse, and {only} was the first.',
  'better.pos.trap-3': 'The mouse must step back, and one of the two ways back walks into a trap.',
  'better.done.trap-3':
    '{only} was safe; {trap} would have walked into a trap: after it, {trapResult}. Before each step, count the squares the mouse will have next.',

  'better.lesson.resist.title': 'When you are lost: resist longest',
  'better.lesson.resist.idea':
    'Sometimes the table says you have lost. Against perfect play nothing saves you, but people (and weaker programs) go wrong, so make the game as long as you can. The longest resistance is the move after which the other side needs the most plies to win.\nIt usually keeps your pieces together and away from the edges, and makes the other side find move after move.',
  'better.lesson.resist.remember':
    "When you are lost, play the longest resistance: keep your pieces together, keep the mouse off the edges or the cats' row whole, and make the other side find every move.",
  'better.pos.resist-1': 'The cats win here, whatever the mouse does. Make them work for it.',
  'better.done.resist-1': '{only} made the cats work longest; every other move would have let them finish sooner.',
  'better.pos.resist-2': 'Now the cats are lost, on 6×6. Keep the mouse out as long as you can.',
  'better.done.resist-2':
    '{only} closed the row again. A cat that leaves the row lets the mouse through almost at once.',
};
