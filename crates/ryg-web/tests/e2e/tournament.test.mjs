// End-to-end test of a tournament: a host makes a round robin on 4×4 from the Players section,
// three people join by its link and their names in browsers of their own (one on a phone, in
// Spanish), the host enters the computer and starts it; each person plays the game their page
// links to; every page's live standings reach the server's final ones with Sonneborn–Berger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, axeScan, useServerAndBrowser, eventually } from './harness.mjs';
import { api, linkedGame, playTurn } from './tournamentkit.mjs';

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

test('tournament: a round robin of three browsers and the computer runs to its end', async () => {
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
  await eventually(async () => assert.equal((await shownStandings(host)).length, 3));
  await host.locator('#tour-level').selectOption('random');
  await host.getByRole('button', { name: 'Enter the computer' }).click();
  await eventually(async () => assert.equal((await shownStandings(host)).length, 4));
  await host.getByRole('button', { name: 'Start' }).click();
  await eventually(async () => assert.equal(await host.locator('#tour-status').innerText(), 'Round 1 of 6.'));
  await eventually(async () =>
    assert.match(await people[2].p.locator('#tour-status').innerText(), /^Ronda \d de 6\.$/),
  );

  let t = (await api(server, 'GET', `/api/tournaments/${id}`)).body;
  const numbers = new Map(t.entrants.map((e) => [e.name, e.n]));
  // each person plays what their page links to, until the tournament is over
  await eventually(async () => {
    t = (await api(server, 'GET', `/api/tournaments/${id}`)).body;
    if (t.status !== 'finished')
      for (const person of people) {
        const linked = await linkedGame(person.p);
        if (linked) await playTurn(server, t, numbers.get(person.name), linked);
      }
    assert.equal(t.status, 'finished');
  }, 180000);
  assert.equal(t.games.length, 12, 'every pair twice');
  // a computer's name in each page's words
  const expected = (computerName) =>
    t.standings.map((s) => {
      const e = t.entrants.find((x) => x.n === s.n);
      return `${s.rank} ${e.computer ? computerName : e.name} ${s.points} ${s.tiebreak}`;
    });
  // each entrant's points are their wins as the games say (1 a win), and among the people the
  // lower number won both games
  const winner = (g) => (g.outcome === 'mouse' ? g.mouse : g.cats);
  for (const s of t.standings) assert.equal(s.points, t.games.filter((g) => winner(g) === s.n).length);
  for (const g of t.games.filter((x) =>
    t.entrants.every((e) => e.computer === null || (e.n !== x.mouse && e.n !== x.cats)),
  ))
    assert.equal(winner(g), Math.min(g.mouse, g.cats));
  for (const page of [host, people[0].p, people[1].p])
    await eventually(async () => assert.deepEqual(await shownStandings(page), expected('the random player')));
  await eventually(async () => assert.deepEqual(await shownStandings(people[2].p), expected('el jugador al azar')));
  await eventually(async () =>
    assert.equal(await host.locator('#tour-status').innerText(), 'Finished: the final standings.'),
  );
  assert.equal(await host.locator('#tour-games li').count(), 12, 'each game keeps its link');
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
});
