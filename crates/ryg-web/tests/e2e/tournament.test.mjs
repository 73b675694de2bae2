// End-to-end test of a tournament of six: a host makes a round robin on 4×4 from the Players
// section, four people join by its link and their names in browsers of their own (two on
// phones, one in Spanish), a real `ryg bot` driving `ryg ugi` is entered by its player, the
// host enters the computer and starts it; each person plays the game their page links to, the
// bot plays its own; the server's standings are those the games' results give (points and
// Sonneborn–Berger, worked out here), and every page's live standings reach them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, useServerAndBrowser, eventually } from './harness.mjs';
import { api, enterPlayer, linkedGame, playTurn, startBot } from './tournamentkit.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const desktop = { viewport: { width: 1366, height: 900 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The standings a page shows, as "rank name points tiebreak" lines. */
async function shownStandings(p) {
  const rows = await p.locator('#tour-standings tbody tr').all();
  const lines = [];
  for (const r of rows) {
    const cells = (await r.locator('td').allInnerTexts()).slice(0, 4).map((c) => c.trim());
    lines.push(cells.join(' '));
  }
  return lines;
}

/** The standings the games' results give: a win scores 1, ties broken by the points of every
 * opponent beaten (once per win), a shared place for a tie that stays. */
function standingsOf(t) {
  const wins = t.games.map((g) => (g.outcome === 'mouse' ? [g.mouse, g.cats] : [g.cats, g.mouse]));
  const points = (n) => wins.filter(([w]) => w === n).length;
  const rows = t.entrants.map((e) => {
    const beaten = wins.filter(([w]) => w === e.n).map(([, l]) => points(l));
    return { n: e.n, points: points(e.n), tiebreak: beaten.reduce((a, b) => a + b, 0) };
  });
  const above = (a, b) => a.points > b.points || (a.points === b.points && a.tiebreak > b.tiebreak);
  return rows.map((r) => ({ ...r, rank: 1 + rows.filter((o) => above(o, r)).length }));
}

test('tournament: a round robin of four browsers, a ryg bot and the computer runs to its end', async () => {
  const host = await newPage(browser, desktop);
  await host.goto(`${server.url}#tournaments`);
  await host.locator('#tour-name').fill('Class 4B');
  await host.locator('#tour-size').selectOption('4');
  await axeScan(host, 'tournament: make one', true);
  await host.getByRole('button', { name: 'Make the tournament' }).click();
  await eventually(async () => assert.match(host.url(), /#tournament\/[\w-]{11}$/));
  const link = host.url();
  const id = link.split('/').pop();

  const people = [
    { name: 'Ana', p: await newPage(browser, desktop), join: 'Join' },
    { name: 'Bo', p: await newPage(browser, desktop), join: 'Join' },
    { name: 'Cruz', p: await newPage(browser, phone), join: 'Apuntarme', lang: 'es' },
    { name: 'Dani', p: await newPage(browser, phone), join: 'Join' },
  ];
  for (const person of people) {
    await person.p.goto(link);
    if (person.lang) await person.p.locator('#lang').selectOption(person.lang);
    // the section drawn in its language before the name is typed
    await person.p.getByRole('button', { name: person.join }).waitFor();
    await person.p.locator('#tour-join-name').fill(person.name);
    await person.p.getByRole('button', { name: person.join }).click();
    await eventually(async () =>
      assert.equal(
        await person.p.locator('#tour-mine').count(),
        1,
        `${person.name}: ${await person.p.locator('#people-view').innerText()} ${await person.p
          .locator('#error')
          .innerText()
          .catch(() => '')}`,
      ),
    );
  }
  await eventually(async () => assert.equal((await shownStandings(host)).length, 4));
  // the program: `ryg bot` registers its player, which is entered as any player is
  const bot = await startBot(server, 'Robo');
  try {
    await enterPlayer(server, id, bot.secret, 'Robo');
    await eventually(async () => assert.equal((await shownStandings(host)).length, 5));
    await host.locator('#tour-level').selectOption('random');
    await host.getByRole('button', { name: 'Enter the computer' }).click();
    await eventually(async () => assert.equal((await shownStandings(host)).length, 6));
    await host.getByRole('button', { name: 'Start' }).click();
    await eventually(async () => assert.equal(await host.locator('#tour-status').innerText(), 'Round 1 of 10.'));
    await eventually(async () =>
      assert.match(await people[2].p.locator('#tour-status').innerText(), /^Ronda \d+ de 10\.$/),
    );
    await playToTheEnd(host, people, id, bot);
  } finally {
    await bot.stop();
  }
});

/** Each person plays what their page links to and the bot its own games, until the tournament
 * is over; then the standings are checked on the server and on every page. */
async function playToTheEnd(host, people, id, bot) {
  let t = (await api(server, 'GET', `/api/tournaments/${id}`)).body;
  const numbers = new Map(t.entrants.map((e) => [e.name, e.n]));
  const programs = new Set([numbers.get('Robo')]);
  await eventually(async () => {
    t = (await api(server, 'GET', `/api/tournaments/${id}`)).body;
    if (t.status !== 'finished')
      for (const person of people) {
        const linked = await linkedGame(person.p);
        if (linked) await playTurn(server, t, numbers.get(person.name), linked, programs);
      }
    assert.equal(t.status, 'finished', bot.log().slice(-2000));
  }, 360000);
  assert.equal(t.games.length, 30, 'every pair twice');
  await eventually(async () => assert.equal(bot.ended(), 10, `the bot saw its ten games end: ${bot.log()}`));
  const right = standingsOf(t);
  const byN = (a, b) => a.n - b.n;
  const shown = t.standings.map(({ n, rank, points, tiebreak }) => ({ n, rank, points, tiebreak }));
  assert.deepEqual(shown.sort(byN), right.sort(byN), 'the standings the games give');
  // a computer's name in each page's words
  const expected = (computerName) =>
    t.standings.map((s) => {
      const e = t.entrants.find((x) => x.n === s.n);
      return `${s.rank} ${e.computer ? computerName : e.name} ${s.points} ${s.tiebreak}`;
    });
  // among the people the lower number won both games
  const winner = (g) => (g.outcome === 'mouse' ? g.mouse : g.cats);
  const person = (n) => t.entrants.find((e) => e.n === n).computer === null && !programs.has(n);
  for (const g of t.games.filter((x) => person(x.mouse) && person(x.cats)))
    assert.equal(winner(g), Math.min(g.mouse, g.cats));
  for (const page of [host, people[0].p, people[1].p, people[3].p])
    await eventually(async () => assert.deepEqual(await shownStandings(page), expected('the random player')));
  await eventually(async () => assert.deepEqual(await shownStandings(people[2].p), expected('el jugador al azar')));
  await eventually(async () =>
    assert.equal(await host.locator('#tour-status').innerText(), 'Finished: the final standings.'),
  );
  assert.equal(await host.locator('#tour-games li').count(), 30, 'each game keeps its link');
  // the host's page shows each entrant's accuracy as the API gives it to the host; nobody else's
  const secret = await host.evaluate((key) => localStorage.getItem(key), `ryg.tournament.host.${id}`);
  const hosted = (await api(server, 'GET', `/api/tournaments/${id}`, { bearer: secret })).body;
  const accuracy = hosted.standings.map((s) =>
    s.accuracy
      ? `${s.accuracy.percent}% (${s.accuracy.exact} of ${s.accuracy.moves} ${s.accuracy.moves === 1 ? 'move' : 'moves'})`
      : '–',
  );
  assert.ok(
    hosted.standings.some((s) => s.accuracy),
    'the computer’s games have moves',
  );
  await eventually(async () =>
    assert.deepEqual(await host.locator('#tour-standings td.tour-accuracy').allInnerTexts(), accuracy),
  );
  for (const person of people) assert.equal(await person.p.locator('#tour-standings .tour-accuracy').count(), 0);
  await axeScan(host, 'tournament: finished, the host', true);
  await screenshot(host, 'tournament-desktop');
  await axeScan(people[2].p, 'tournament: finished, a phone in Spanish', true);
  await screenshot(people[2].p, 'tournament-phone-es');
  await eventually(async () =>
    assert.ok((await people[2].p.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'fits a 390 px phone'),
  );
  for (const page of [host, ...people.map((x) => x.p)]) assert.deepEqual(page.errors, []);
}
