// End-to-end tests of the Learn section: each lesson walked in English and Spanish, on a desktop
// and a phone, its numbers checked against the command line, its task solved, axe-core clean.
// Here: the tree lessons (minimax, alpha-beta, RYG's tree), the ARIA tree, the evaluation
// switch, a phone in Spanish; learn-lessons.test.mjs has the techniques, perfect play, the board
// and the evaluation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  newPage,
  screenshot,
  axeScan,
  rygBinary,
  idle,
  useServerAndBrowser,
  evaluationReady,
  sq,
  newGameOnForm,
  eventually,
} from './harness.mjs';

const START = '1c1c1c1c/8/8/8/8/8/8/4m3 m';
const E1F2 = '1c1c1c1c/8/8/8/8/8/5m2/8 c';
let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** `ryg tree --format json` of `fen` (the 8×8 start) at `depth` with evaluation `evalName`. */
function cliTree(depth, fen = START, evalName = 'default') {
  const args = ['tree', '--format', 'json', '--depth', String(depth), '--eval', evalName, '--fen', fen];
  return JSON.parse(execFileSync(rygBinary(), args, { encoding: 'utf8' }));
}

/** The words of the root of the tree in `box`, once the stepper has gone to the end. */
async function rootWords(p, prefix) {
  await p.locator(`#${prefix}-last`).click();
  return p.locator(`#${prefix}-tree [role="treeitem"][aria-level="1"] > .tree-row`).innerText();
}

/** Chooses evaluation `evalName` in lesson `prefix` and waits for the tree it builds. */
async function lessonEval(p, prefix, evalName, nodes) {
  await p.locator(`#${prefix}-eval`).selectOption(evalName);
  await p.waitForFunction(
    ([pre, n]) =>
      document.querySelector(`#${pre}-tree[data-busy="false"]`) &&
      document.querySelector(`#${pre}-tree`).dataset.nodes === String(n),
    [prefix, nodes],
  );
}

async function lesson(p, prefix, depth) {
  await p.locator(`#${prefix}-depth`).selectOption(String(depth));
  await p.waitForFunction(
    ([pre, d]) => {
      const tree = document.querySelector(`#${pre}-tree[data-busy="false"] [role="tree"]`);
      return tree?.getAttribute('aria-label').endsWith(String(d));
    },
    [prefix, depth],
  );
}

async function stepText(p, prefix) {
  return p.locator(`#${prefix}-step`).innerText();
}

test("the header link opens the lessons; the minimax tree is the command line's, replayed step by step", async () => {
  const p = await newPage(browser);
  await p.goto(server.url);
  await idle(p);
  await p.getByRole('link', { name: 'Learn' }).click();
  await p.waitForURL(/#learn$/);
  await p.getByRole('heading', { name: 'The board and the moves' }).waitFor();
  await p.getByRole('link', { name: 'The game tree and minimax' }).click();
  await p.getByRole('heading', { name: 'The game tree and minimax' }).waitFor();
  await lesson(p, 'mm', 2);
  const cli = cliTree(2);
  await eventually(async () => assert.equal(await p.locator('#mm-tree [role="treeitem"]').count(), cli.nodes.length));
  await eventually(async () => assert.equal(await p.locator('#mm-tree svg g.n').count(), cli.nodes.length));
  // the lesson asks before it tells: no answer chosen, minimax's move not said before a try
  await eventually(async () =>
    assert.equal(
      await p.locator('#mm-summary').innerText(),
      `The tree has ${cli.nodes.length} nodes. Which move does minimax choose? Step through the search, then answer below.`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#mm-answer').inputValue(), ''));
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#mm-verdict').innerText(), 'Pick an answer first.'));
  await eventually(async () =>
    assert.doesNotMatch(await p.locator('#mm-summary').innerText(), new RegExp(cli.best_move)),
  );
  // the replay: the root first, then its first move, then that move's first reply (a leaf)
  await eventually(async () => assert.match(await stepText(p, 'mm'), /Press/));
  await p.getByRole('button', { name: 'Next step' }).click();
  await eventually(async () =>
    assert.match(await stepText(p, 'mm'), /^Step 1 of \d+: enter the root \(mouse to move\); its 2 moves/),
  );
  await p.getByRole('button', { name: 'Next step' }).click();
  await p.getByRole('button', { name: 'Next step' }).click();
  const leaf = cli.nodes.find((n) => n.parent === cli.nodes[1].id);
  await eventually(async () =>
    assert.equal(
      await stepText(p, 'mm'),
      `Step 3 of ${2 * 3 + 14}: leaf ${cli.nodes[1].move} ${leaf.move}: the evaluation gives ${leaf.eval}.`,
    ),
  );
  await eventually(async () => assert.equal(await p.locator('#mm-tree svg g.n.unseen').count(), cli.nodes.length - 3));
  // no value is shown before the search backs it up
  await eventually(async () =>
    assert.equal(await p.locator('#mm-tree svg g.n[data-node="0"] .val').textContent(), '?'),
  );
  await p.getByRole('button', { name: 'To the end' }).click();
  await eventually(async () =>
    assert.match(
      await stepText(p, 'mm'),
      new RegExp(
        `back at the root: the mouse takes the largest value of its children, ${cli.value.replace('+', '\\+')}\\.`,
      ),
    ),
  );
  await eventually(async () =>
    assert.equal(await p.locator('#mm-tree svg g.n.best').count(), 3, 'the chosen line: root, move, reply'),
  );
  await eventually(async () =>
    assert.equal(await p.locator('#mm-tree svg g.n[data-node="0"] .val').textContent(), cli.value),
  );
  await screenshot(p, 'learn-minimax');
  // the task: a wrong answer is refused, the move minimax chose is right
  const other = cli.nodes.find((n) => n.parent === 0 && n.move !== cli.best_move);
  await p.locator('#mm-answer').selectOption(other.move);
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#mm-verdict').getAttribute('data-right'), 'false'));
  await p.locator('#mm-answer').selectOption(cli.best_move);
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#mm-verdict').getAttribute('data-right'), 'true'));
  await eventually(async () => assert.match(await p.locator('#mm-verdict').innerText(), /^Right!/));
  await eventually(async () =>
    assert.match(
      await p.locator('#mm-summary').innerText(),
      new RegExp(`${cli.nodes.length} nodes.*${cli.best_move}, worth ${cli.value}`),
    ),
  );
  await axeScan(p, 'minimax lesson', true);
  // depth 4: the same count as the command line's
  await lesson(p, 'mm', 4);
  const depth4 = cliTree(4).nodes.length;
  await eventually(async () => assert.equal(await p.locator('#mm-tree [role="treeitem"]').count(), depth4));
  // back to the game: the page plays again
  await p.getByRole('link', { name: 'Back to the game' }).click();
  // the link changes the address; the page follows on the hashchange event that comes after
  // the click, so wait for it (idle() alone may answer before it, the game being idle already)
  await p.waitForFunction(() => document.getElementById('learn-view').hidden);
  await idle(p);
  await eventually(async () => assert.equal(await p.locator('#learn-view').isHidden(), true));
  await eventually(async () => assert.equal(await p.locator('#board').isVisible(), true));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('the tree is an ARIA tree the keyboard walks, opens and closes', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/2`);
  await lesson(p, 'mm', 2);
  const root = p.locator('#mm-tree [role="treeitem"][aria-level="1"]');
  await root.focus();
  await p.keyboard.press('ArrowDown');
  const first = p.locator('#mm-tree [role="treeitem"][aria-level="2"]').first();
  await eventually(async () => assert.equal(await first.evaluate((el) => el === document.activeElement), true));
  await eventually(async () =>
    assert.match((await first.getAttribute('aria-label')) || (await first.innerText()), /e1d2: cats to move/),
  );
  await p.keyboard.press('ArrowLeft');
  await eventually(async () => assert.equal(await first.getAttribute('aria-expanded'), 'false'));
  // the picture closes the branch too: its 7 replies are gone
  const depth2 = cliTree(2).nodes.length;
  await eventually(async () => assert.equal(await p.locator('#mm-tree svg g.n').count(), depth2 - 7));
  await p.keyboard.press('ArrowRight');
  await eventually(async () => assert.equal(await first.getAttribute('aria-expanded'), 'true'));
  await p.keyboard.press('ArrowRight');
  const reply = first.locator('[role="treeitem"]').first();
  await eventually(async () => assert.equal(await reply.evaluate((el) => el === document.activeElement), true));
  await p.keyboard.press('ArrowLeft');
  await eventually(async () => assert.equal(await first.evaluate((el) => el === document.activeElement), true));
  await p.keyboard.press('Home');
  await eventually(async () => assert.equal(await root.evaluate((el) => el === document.activeElement), true));
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("the evaluation switch: the think panel and the minimax lesson search with the articles' evaluation when chosen", async () => {
  const p = await newPage(browser);
  await p.goto(server.url);
  await idle(p);
  await newGameOnForm(p, { size: '8', seat: 'mouse', level: '1' });
  await sq(p, 'e1').click();
  await sq(p, 'f2').click();
  await p.waitForFunction(() => document.body.dataset.busy === 'false' && Number(document.body.dataset.moves) >= 2);
  // the position after e1f2: the list's first move
  await p.locator('#move-list button[data-ply="1"]').click();
  await p.waitForFunction((f) => document.getElementById('fen').textContent === f, E1F2);
  // the think panel: ryg's own evaluation first, then RYG's version 2 on every request
  await p.locator('#think-box summary').click();
  await eventually(async () => assert.equal(await p.locator('#think-eval').inputValue(), 'default'));
  await eventually(async () =>
    assert.deepEqual(await p.locator('#think-eval option').allInnerTexts(), [
      "ryg's own (default)",
      "RYG's, version 2: the articles' (seed)",
      "RYG's, version 1 (seed-v1)",
    ]),
  );
  await p.waitForFunction(() => /Terms of the default evaluation/.test(document.getElementById('think').textContent));
  await p.locator('#think-eval').selectOption('seed');
  await p.waitForFunction(
    () =>
      /Terms of the seed evaluation/.test(document.getElementById('think').textContent) &&
      document.querySelectorAll('#think h3').length >= 5,
  );
  const seed = cliTree(2, E1F2, 'seed');
  const text = await p.locator('#think').innerText();
  await eventually(async () =>
    assert.match(await p.locator('#think table.terms caption').innerText(), /^Terms of the seed evaluation, for the /),
  );
  assert.match(text, /rows the mouse has advanced \(0 on rank 1\); \+32 on the top rank/);
  assert.match(text, /cats' rows max - min: 0 gives -2N/);
  assert.match(
    text,
    new RegExp(`Best move ${seed.best_move}, backed-up value \\${seed.value}, ${seed.nodes.length} boards\\.`),
  );
  // lesson 2 on the game's position: RYG's first version, then ryg's own
  await p.getByRole('link', { name: 'Learn' }).click();
  await p.getByRole('link', { name: 'The game tree and minimax' }).click();
  await p.getByRole('heading', { name: 'The game tree and minimax' }).waitFor();
  await lesson(p, 'mm', 2);
  await eventually(async () => assert.equal(await p.locator('#mm-eval').inputValue(), 'default'));
  await p.locator('#mm-pos').selectOption('game');
  const v1 = cliTree(2, E1F2, 'seed-v1');
  await lessonEval(p, 'mm', 'seed-v1', v1.nodes.length);
  assert.equal(v1.nodes[0].eval, '+1');
  assert.equal(v1.nodes[0].value, '+2');
  await eventually(async () => assert.match(await rootWords(p, 'mm'), /its own evaluation \+1, minimax value \+2/));
  await eventually(async () =>
    assert.equal(await p.locator('#mm-tree svg g.n[data-node="0"] .val').textContent(), '+2'),
  );
  await screenshot(p, 'learn-minimax-eval');
  const own = cliTree(2, E1F2, 'default');
  await p.locator('#mm-eval').selectOption('default');
  await p.waitForFunction(
    () =>
      document.querySelector('#mm-tree[data-busy="false"] [role="tree"]') &&
      document.getElementById('mm-step').textContent.startsWith('Press'),
  );
  await eventually(async () =>
    assert.match(
      await rootWords(p, 'mm'),
      new RegExp(`its own evaluation ${own.nodes[0].eval}, minimax value ${own.nodes[0].value}`),
    ),
  );
  assert.notEqual(own.nodes[0].value, '+2');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('alpha-beta: windows, cut branches greyed as the stepper reaches them, the first cut found', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/4`);
  await p.getByRole('heading', { name: 'Alpha-beta' }).waitFor();
  await lesson(p, 'ab', 3);
  const think = await p.evaluate(
    async (fen) => (await fetch(`/api/think?fen=${encodeURIComponent(fen)}&depth=3`)).json(),
    START,
  );
  const cuts = think.nodes.filter((n) => n.cut).length;
  assert.ok(cuts > 0);
  const minimax = cliTree(3).nodes.length;
  const summary = await p.locator('#ab-summary').innerText();
  assert.match(
    summary,
    new RegExp(`searches ${think.nodes.length - cuts} nodes and cuts ${cuts} branches; minimax visits ${minimax}`),
  );
  assert.equal(think.counts.find((c) => c.technique === 'alpha-beta').nodes, think.nodes.length - cuts);
  // before the stepper reaches the first cut, nothing is greyed; once it has, that branch is
  const first = think.steps.findIndex((s) => s.kind === 'cut');
  const cutNode = think.steps[first].node;
  for (let i = 0; i < first; i += 1) await p.locator('#ab-next').click();
  await eventually(async () => assert.equal(await p.locator('#ab-tree svg g.n.cut').count(), 0));
  await eventually(async () => assert.match(await stepText(p, 'ab'), /Window \(α, β\) = /));
  await p.locator('#ab-next').click();
  await eventually(async () =>
    assert.match(await stepText(p, 'ab'), new RegExp(`^Step ${first + 1} of ${think.steps.length}: cut `)),
  );
  await eventually(async () => assert.equal(await p.locator('#ab-tree svg g.n.cut').count(), 1));
  await eventually(async () =>
    assert.equal(await p.locator(`#ab-tree [data-id="${cutNode}"]`).getAttribute('data-state'), 'cut'),
  );
  await screenshot(p, 'learn-alphabeta');
  // the task: another branch is wrong, the first cut one is right (picked in the picture)
  await p.locator(`#ab-tree svg g.n[data-node="1"]`).click();
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#ab-verdict').getAttribute('data-right'), 'false'));
  await p.locator(`#ab-tree svg g.n[data-node="${cutNode}"]`).click();
  await eventually(async () =>
    assert.equal(await p.locator(`#ab-tree [data-id="${cutNode}"]`).getAttribute('aria-selected'), 'true'),
  );
  await p.getByRole('button', { name: 'Check' }).click();
  await eventually(async () => assert.equal(await p.locator('#ab-verdict').getAttribute('data-right'), 'true'));
  await p.getByRole('button', { name: 'To the end' }).click();
  await eventually(async () => assert.equal(await p.locator('#ab-tree svg g.n.cut').count(), cuts));
  await axeScan(p, 'alpha-beta lesson', true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test("RYG's tree after e1f2 as the article drew it: 36 boards with $81, $82 and $7e, the cats' choice marked; in Spanish on a phone too", async () => {
  const cli = JSON.parse(
    execFileSync(rygBinary(), ['tree', '--format', 'json', '--depth', '2', '--engine', 'ryg1-v1', '--fen', E1F2], {
      encoding: 'utf8',
    }),
  );
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/2`);
  await p.getByRole('heading', { name: 'The game tree and minimax' }).waitFor();
  await p.getByRole('button', { name: "Build RYG's tree (depth 2, evaluation v1)" }).click();
  await p.waitForFunction(() => document.querySelectorAll('.rb-tree .rb-board').length === 36);
  const boards = await p.locator('.rb-board').evaluateAll((els) =>
    els.map((e) => ({
      id: Number(e.dataset.node),
      value: e.dataset.value,
      chosen: e.dataset.chosen === 'true',
      caption: e.querySelector('figcaption').textContent,
    })),
  );
  // each board's value is the command line's, in the C64's byte
  assert.deepEqual(
    boards.map((b) => [b.id, b.value]).sort((a, b) => a[0] - b[0]),
    cli.nodes.map((n) => [n.id, n.value_c64]),
  );
  assert.match(boards[0].caption, /\$82[\s\S]*own evaluation \$81/);
  const values = new Set(boards.map((b) => b.value));
  assert.deepEqual([...values].sort(), ['$7e', '$82']);
  // the cats' choice: one child of the root, the command line's move
  const chosen = boards.filter((b) => b.chosen);
  assert.equal(chosen.length, 1);
  assert.equal(cli.nodes[chosen[0].id].parent, 0);
  assert.equal(cli.nodes[chosen[0].id].move, cli.best_move);
  assert.match(chosen[0].caption, new RegExp(`^${cli.best_move} \\$82 the cats' choice$`));
  // RYG's letters: the root board has the four cats (G) on rank 8 and the mouse (R) on f2
  assert.match(
    await p.locator('.rb-board').first().locator('pre').innerText(),
    /^\. G \. G \. G \. G\n[\s\S]*\n\. \. \. \. \. R \. \.\n\. \. \. \. \. \. \. \.$/,
  );
  await axeScan(p, "minimax lesson, RYG's tree", true);
  assert.deepEqual(p.errors, []);
  await p.context().close();
  const phone = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  await phone.goto(`${server.url}#learn/2`);
  await phone.getByRole('heading', { name: 'El árbol de juego y el minimax' }).waitFor();
  await phone.getByRole('button', { name: 'Construir el árbol de RYG (profundidad 2, evaluación v1)' }).click();
  await phone.waitForFunction(
    () =>
      document.querySelectorAll('.rb-tree .rb-board').length === 36 && document.querySelector('.rb-board[data-chosen]'),
  );
  assert.match(await phone.locator('.rb-board[data-chosen] figcaption').innerText(), /\$82 la elección de los gatos$/);
  assert.equal(
    await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    true,
    'no sideways scroll with the 36 boards',
  );
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});

test("the screen's width changing during a lesson leaves the game's result card in its place", async () => {
  const p = await newPage(browser);
  await p.goto(`${server.url}#learn/2`);
  await p.waitForFunction(() => document.querySelector('#mm-tree[data-busy="false"] svg text.side'));
  // narrow, then wide again: the card goes under the board, then back to the side column
  await p.setViewportSize({ width: 600, height: 900 });
  await p.waitForFunction(() => document.getElementById('end-card')?.parentElement?.classList.contains('board-wrap'));
  await p.setViewportSize({ width: 1280, height: 900 });
  await p.waitForFunction(() => document.getElementById('end-card')?.parentElement?.matches('main > aside.side'));
  await p.getByRole('link', { name: 'Back to the game' }).click();
  await p.waitForFunction(
    () =>
      !document.body.classList.contains('learning') &&
      document.getElementById('end-card')?.parentElement?.matches('main > aside.side'),
  );
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('in Spanish, on a phone: the lessons speak Spanish, fit the screen and pass axe-core', async () => {
  const p = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  await p.goto(`${server.url}#learn/2`);
  await p.getByRole('heading', { name: 'El árbol de juego y el minimax' }).waitFor();
  await lesson(p, 'mm', 2);
  await p.getByRole('button', { name: 'Paso siguiente' }).click();
  await eventually(async () =>
    assert.match(await stepText(p, 'mm'), /^Paso 1 de 20: entra en la raíz \(mueve el ratón\)/),
  );
  await eventually(async () =>
    assert.equal(
      await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scroll of the page',
    ),
  );
  await screenshot(p, 'learn-phone-es');
  await axeScan(p, 'phone minimax lesson es', true);
  // the evaluation switch, in Spanish: RYG's second version (the articles') builds its own tree
  await eventually(async () =>
    assert.equal(await p.locator('#lesson').getByText('Función de evaluación', { exact: true }).isVisible(), true),
  );
  await eventually(async () =>
    assert.deepEqual(await p.locator('#mm-eval option').allInnerTexts(), [
      'la propia de ryg',
      'la de RYG, segunda versión: la de los artículos',
      'la de RYG, primera versión',
    ]),
  );
  const seed = cliTree(2, START, 'seed');
  await lessonEval(p, 'mm', 'seed', seed.nodes.length);
  // Spanish writes a negative number with a true minus sign
  const es = (v) => String(v).replace(/^-/, '\u2212');
  assert.match(
    await rootWords(p, 'mm'),
    new RegExp(`evaluación propia ${es(seed.nodes[0].eval)}, valor minimax ${es(seed.nodes[0].value)}`),
  );
  await eventually(async () =>
    assert.equal(
      await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scroll with the evaluation chosen',
    ),
  );
  // the evaluation function on a phone, in Spanish: the sliders fit, axe-core is content
  await p.getByRole('link', { name: 'Lección siguiente →' }).click();
  await p.getByRole('heading', { name: 'La función de evaluación' }).waitFor();
  await evaluationReady(p);
  await eventually(async () =>
    assert.match(
      await p.locator('#ev-summary').innerText(),
      /^Con los términos del original y sus propios pesos, una búsqueda de profundidad 3 juega c3b4/,
    ),
  );
  await eventually(async () =>
    assert.equal(
      await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      'no sideways scroll of the evaluation lesson',
    ),
  );
  await axeScan(p, 'phone evaluation lesson es', true);
  await p.getByRole('link', { name: 'Lección siguiente →' }).click();
  await p.getByRole('heading', { name: 'Alfa-beta' }).waitFor();
  await lesson(p, 'ab', 3);
  await eventually(async () =>
    assert.match(await p.locator('#ab-summary').innerText(), /^El alfa-beta busca \d+ nodos y corta \d+ ramas/),
  );
  await p.getByRole('button', { name: 'Comprobar' }).click();
  await eventually(async () =>
    assert.equal(await p.locator('#ab-verdict').innerText(), 'Elige primero una respuesta.'),
  );
  await axeScan(p, 'phone alpha-beta lesson es', true);
  // a reload keeps the lesson; the language switch redraws it
  await p.reload();
  await p.getByRole('heading', { name: 'Alfa-beta' }).waitFor();
  await p.locator('#lang').selectOption('en');
  await p.getByRole('heading', { name: 'Alpha-beta' }).waitFor();
  assert.match(p.url(), /#learn\/4$/);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

/** `ryg analyze --json` nodes at `depth` with the --no-* switches `off`. */
