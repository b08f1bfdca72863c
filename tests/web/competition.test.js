// Ladders and events in the client (PROTOCOL.md, "Ladders and events"; issue
// #14): the pages' addresses, scores and tie-breaks as written, the refusals
// in words, the pairing notice, a ladder's standings with the buttons that
// apply to each reader (a player on it, a guest, an account not on it, a paused
// ladder), an event's standings, pairings and crosstable, the admin console's
// request bodies, and the pages drawn from the API's answers with a fake
// document and fetch. The answers are competition.json's, written by hand from
// PROTOCOL.md.
import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  ladderPath, eventPath, sectionPage, gameHref, scoreText, numberText, refusalText, pairingNotice, poolLabel,
} from '../../web-client/js/competition.js';
import { reach, ladderModel, ladderRow, outcomeText, answerRule } from '../../web-client/js/ladders.js';
import { eventModel, eventRow, crosstable, pointsOf, resultLabel, tieBreaks, progressText } from '../../web-client/js/events.js';
import { ladderCreateBody, seedOrder, eventCreateBody, resultBody } from '../../web-client/js/admin_competition.js';
import { LadderView, LadderListView } from '../../web-client/js/ladder_view.js';
import { EventView, EventListView } from '../../web-client/js/event_view.js';
import { clockPicker } from '../../web-client/js/clock_form.js';
import { fixture, fakeDocument } from './support.js';

const data = fixture('competition.json');
const error = (code) => data.refusals[code].error;

describe('addresses', () => {
  test('the pages of ladders and events, and which one an address asks for', () => {
    assert.equal(ladderPath(3), '/ladders/3');
    assert.equal(eventPath('a b'), '/events/a%20b');
    assert.equal(sectionPage('/ladders', 'ladders'), '');
    assert.equal(sectionPage('/ladders/', 'ladders'), '');
    assert.equal(sectionPage('/ladders/3', 'ladders'), '3');
    assert.equal(sectionPage('/ladders/3/', 'ladders'), '3');
    assert.equal(sectionPage('/events/12', 'events'), '12');
    assert.equal(sectionPage('/events/12', 'ladders'), null);
    assert.equal(sectionPage('/ladders/3/x', 'ladders'), null);
    assert.equal(sectionPage('/', 'ladders'), null);
    assert.equal(sectionPage('/laddersx', 'ladders'), null);
  });

  test('a game: a player goes to their seat, anyone else watches, a finished one is replayed', () => {
    assert.equal(gameHref('abc', { players: ['ann', 'Bob'], me: 'bob' }), '/?room=abc', 'usernames match ignoring case');
    assert.equal(gameHref('abc', { players: ['ann', 'Bob'], me: 'cyd' }), '/?watch=abc');
    assert.equal(gameHref('abc', { players: ['ann', 'Bob'] }), '/?watch=abc');
    assert.equal(gameHref('abc', { players: ['ann', 'Bob'], me: 'ann', finished: true }), '/?replay=abc');
  });
});

describe('scores and tie-breaks as written', () => {
  test('halves as ½', () => {
    assert.deepEqual([0, 0.5, 1, 1.5, 2, 10.5].map(scoreText), ['0', '½', '1', '1½', '2', '10½']);
    assert.equal(scoreText(undefined), '');
  });

  test('tie-breaks with at most two decimals', () => {
    assert.deepEqual([0, 1.25, 4, 3.5, 2.3333333].map(numberText), ['0', '1.25', '4', '3.5', '2.33']);
  });

  test('the tie-breaks of each kind, in ranking order', () => {
    assert.deepEqual(tieBreaks('round-robin').map(([field]) => field), ['sonneborn_berger']);
    assert.deepEqual(tieBreaks('swiss').map(([field]) => field), ['buchholz', 'sonneborn_berger']);
  });
});

describe('refusals in words', () => {
  test('a challenge refused: each code its own sentence', () => {
    const context = { defender: 'ann', reach: 5 };
    const out = refusalText(error('out_of_reach'), context);
    assert.match(out, /^ann is out of your reach: from your place you may challenge up to 5 places above you/);
    assert.match(refusalText(error('too_many_challenges'), context), /^Too many open challenges: .*2 challenges sent and 3 received/);
    assert.match(refusalText(error('cooldown'), context), /^You played ann in this ladder less than 7 days ago/);
    assert.match(refusalText(error('ladder_paused'), context), /^The ladder is paused: no new challenges/);
    for (const code of ['out_of_reach', 'too_many_challenges', 'cooldown', 'ladder_paused']) {
      assert.doesNotMatch(refusalText(error(code), context), /server words/, `${code} has our own words`);
    }
  });

  test('the event codes in words; anything else in the server\'s words', () => {
    for (const code of ['ladder_closed', 'event_started', 'event_full', 'not_enough_players', 'round_in_progress', 'event_not_running']) {
      assert.doesNotMatch(refusalText(error(code)), /server words/, code);
    }
    assert.equal(refusalText({ code: 'bad_field', message: 'Unknown field "x".' }), 'Unknown field "x".');
    assert.equal(refusalText(null), 'Something went wrong.');
  });
});

describe('the pairing notice', () => {
  test('a ladder game: the opponent, the colour, the room and the ladder', () => {
    assert.deepEqual(pairingNotice(data.pairing_ladder), {
      text: 'Your ladder game in YINSH club ladder against cyd is ready: you play black.',
      href: '/?room=r0000000000000000000000013',
      page: '/ladders/3',
    });
  });

  test('an event game: its round', () => {
    const notice = pairingNotice(data.pairing_event);
    assert.equal(notice.text, 'Your round 3 game in Spring round robin against ann is ready: you play white.');
    assert.equal(notice.href, '/?room=e6');
    assert.equal(notice.page, '/events/5');
  });
});

describe('a ladder', () => {
  test('the reach: max(5, ⌈0.4·(p − 1)⌉) places up', () => {
    assert.deepEqual([1, 2, 6, 7, 12, 13, 14, 26, 100].map(reach), [5, 5, 5, 5, 5, 5, 6, 10, 40]);
  });

  test('the list: pool, clock and status in words', () => {
    const [club, gipf] = data.ladders.ladders.map(ladderRow);
    assert.deepEqual([club.name, club.href, club.pool, club.clock, club.statusLabel, club.players],
      ['YINSH club ladder', '/ladders/3', 'YINSH normal', '3 days per move', 'Open', 8]);
    assert.deepEqual([gipf.pool, gipf.clock, gipf.status], ['GIPF tournament', '10+5', 'paused']);
    assert.equal(poolLabel({ game: 'gipf', variant: 'basic' }), 'GIPF basic');
  });

  test('a player on it: their place, the Challenge buttons of may_challenge only, no Join', () => {
    const model = ladderModel(data.ladder_gus);
    assert.equal(model.username, 'gus');
    assert.equal(model.position, 7);
    assert.equal(model.reach, 5);
    assert.equal(model.canJoin, false);
    assert.deepEqual(model.rows.map((r) => r.position), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.deepEqual(model.rows.filter((r) => r.challenge).map((r) => r.username), ['cyd', 'eve', 'fay']);
    assert.deepEqual(model.rows.filter((r) => r.you).map((r) => r.username), ['gus']);
    const [ann, bob, cyd, dee] = model.rows;
    assert.deepEqual([ann.rating, bob.rating, cyd.rating, dee.rating], ['1712', '1650', '1500?', '1581'], 'provisional shown 1500?');
    assert.equal(ann.href, '/@/ann');
    assert.deepEqual([dee.status, bob.open], ['inactive', 1]);
  });

  test('open challenges: who challenges whom, a player\'s own to play, others to watch', () => {
    const model = ladderModel(data.ladder_gus);
    const [mine, theirs] = model.challenges;
    assert.equal(mine.text, 'gus challenges Bob (Bob plays white)');
    assert.deepEqual([mine.href, mine.mine], ['/?room=r0000000000000000000000012', true]);
    assert.deepEqual([theirs.href, theirs.mine], ['/?watch=r0000000000000000000000011', false]);
  });

  test('recent results: every outcome in words, with the replay', () => {
    const model = ladderModel(data.ladder_gus);
    assert.deepEqual(model.results.map((r) => r.text), [
      'fay beat eve (resignation) and took their place',
      'gus held off hal (timeout)',
      'eve and dee drew (draw_agreed)',
      'Bob – ann: aborted, no result (aborted)',
    ]);
    assert.equal(model.results[0].href, '/?replay=r0000000000000000000000010');
    assert.equal(outcomeText({ challenger: 'a', defender: 'b', outcome: '' }), 'a challenges b');
  });

  test('answered challenges (#43): the defender\'s to answer first, no game link before it plays, a decline\'s words', () => {
    const base = data.ladder_gus;
    const gus = base.standings.find((s) => s.position === base.me.position).username;
    const proposed = { id: 41, room: 'rp', challenger: 'hal', defender: gus, white: gus, black: 'hal', created_at: 1, finished_at: null,
      outcome: '', reason: '', state: 'proposed', answer_by: 1764072000000, start_at: null, decline_forfeits: true };
    const scheduled = { ...proposed, id: 42, room: 'rs', challenger: gus, defender: 'eve', state: 'scheduled', answer_by: null, start_at: 1764075600000 };
    const model = ladderModel({ ...base, ladder: { ...base.ladder, answer_hours: 48 }, challenges: [proposed, scheduled] });
    assert.equal(model.answerHours, 48);
    assert.equal(model.bots, false);
    assert.equal(ladderModel({ ...base, ladder: { ...base.ladder, bots: true } }).bots, true);
    assert.deepEqual(model.toAnswer.map((c) => c.id), [41]);
    assert.equal(model.toAnswer[0].declineForfeits, true);
    assert.match(model.challenges[0].text, new RegExp(`^hal challenges ${gus}: waiting for ${gus}'s answer until `));
    assert.match(model.challenges[1].text, /: the game starts at /);
    assert.deepEqual(model.challenges.map((c) => c.href), [null, null], 'no game before it plays');
    assert.deepEqual(model.challenges.map((c) => c.sent), [false, true], 'its challenger may withdraw it');
    assert.match(answerRule(model.toAnswer[0]), /^Declining now counts as a loss/);
    assert.match(answerRule({ ...model.toAnswer[0], declineForfeits: false }), /^You may decline one challenge every 30 days/);
    const ended = (outcome, reason) => outcomeText({ challenger: 'a', defender: 'b', outcome, reason });
    assert.equal(ended('aborted', 'declined'), "b declined a's challenge");
    assert.match(ended('challenger', 'declined'), /a second time within 30 days: a took their place$/);
    assert.match(ended('challenger', 'no_answer'), /^b did not answer a's challenge in time/);
    assert.equal(ended('aborted', 'withdrawn'), 'a withdrew the challenge of b');
    const declined = ladderModel({ ...base, games: [{ ...proposed, outcome: 'aborted', reason: 'declined', finished_at: 5 }] });
    assert.equal(declined.results[0].href, null, 'a challenge that never had a game has no replay');
  });

  test('a guest: no Join, no Challenge, links to watch', () => {
    const model = ladderModel(data.ladder_guest);
    assert.deepEqual([model.signedIn, model.canJoin, model.position], [false, false, null]);
    assert.ok(model.rows.every((r) => !r.challenge && !r.you));
    assert.ok(model.challenges.every((c) => c.href.startsWith('/?watch=')));
  });

  test('an account not on it: Join', () => {
    const model = ladderModel(data.ladder_outsider);
    assert.deepEqual([model.signedIn, model.canJoin, model.position], [true, true, null]);
    assert.ok(model.rows.every((r) => !r.challenge));
  });

  test('paused: no Challenge even for names the server listed; closed: no Join', () => {
    const paused = ladderModel({ ...data.ladder_paused, me: { position: 7, may_challenge: ['cyd'] } });
    assert.ok(paused.rows.every((r) => !r.challenge));
    const closed = ladderModel(data.ladder_empty_closed);
    assert.deepEqual([closed.canJoin, closed.rows.length], [false, 0]);
  });
});

describe('an event', () => {
  test('the list: kind, pool, where it stands', () => {
    const [reg, swiss, rr] = data.events.events.map(eventRow);
    assert.deepEqual([reg.kind, reg.progress, reg.href], ['Swiss', 'Registration open', '/events/7']);
    assert.deepEqual([swiss.pool, swiss.progress], ['YINSH blitz', 'Running · round 1 of 4']);
    assert.deepEqual([rr.kind, rr.progress, rr.players], ['Round robin', 'Running · round 3 of 3', 4]);
    assert.equal(progressText({ status: 'finished', rounds: 3, current_round: 3 }), 'Finished · round 3 of 3');
  });

  test('registration: Register for an account not registered, Withdraw for one registered, nothing for a guest', () => {
    const open = eventModel(data.registering);
    assert.deepEqual([open.canJoin, open.canLeave, open.started], [true, false, false]);
    const registered = eventModel(data.registering_in);
    assert.deepEqual([registered.canJoin, registered.canLeave, registered.registered], [false, true, true]);
    const guest = eventModel({ ...data.registering, me: null });
    assert.deepEqual([guest.canJoin, guest.canLeave, guest.signedIn], [false, false, false]);
    const running = eventModel(data.round_robin);
    assert.deepEqual([running.canJoin, running.canLeave, running.started], [false, false, true]);
  });

  test('round robin standings: score with ½, Sonneborn–Berger, withdrawn', () => {
    const model = eventModel(data.round_robin, 'ann');
    assert.deepEqual(model.breaks.map((b) => b.heading), ['SB']);
    assert.deepEqual(model.standings.map((s) => [s.rank, s.number, s.username, s.score, ...s.breaks, s.withdrawn]), [
      [1, 2, 'Bob', '2', '1.5', false],
      [2, 1, 'ann', '1½', '1.25', false],
      [3, 3, 'cyd', '1½', '0.75', false],
      [4, 4, 'dee', '0', '0', true],
    ]);
    assert.deepEqual(model.standings.filter((s) => s.you).map((s) => s.username), ['ann']);
  });

  test('Swiss standings: Buchholz, then Sonneborn–Berger; a bye', () => {
    const model = eventModel(data.swiss);
    assert.deepEqual(model.breaks.map((b) => b.heading), ['Buch.', 'SB']);
    assert.deepEqual(model.standings[1].breaks, ['0.5', '0.25']);
    assert.equal(model.crosstable, null, 'no crosstable for Swiss');
    const [game, bye] = model.pairings[0].boards;
    assert.deepEqual([game.label, game.href], ['½-½', '/?replay=s1']);
    assert.deepEqual([bye.bye, bye.label, bye.href, bye.reason], [true, 'bye', null, 'bye']);
  });

  test('pairings: results, links to the games (a forfeit has none), the reader\'s own', () => {
    const model = eventModel(data.round_robin, 'ann');
    assert.deepEqual(model.pairings.map((r) => r.round), [1, 2, 3]);
    const [forfeit, playing] = model.pairings[2].boards;
    assert.deepEqual([forfeit.label, forfeit.href, forfeit.reason], ['1-0', null, 'forfeit']);
    assert.deepEqual([playing.label, playing.href, playing.mine], ['…', '/?room=e6', true]);
    assert.equal(eventModel(data.round_robin, 'Bob').pairings[2].boards[1].href, '/?watch=e6');
    assert.equal(resultLabel({ black: 'x', result: '0-1' }), '0-1');
    assert.deepEqual([pointsOf('1-0', 'white'), pointsOf('1-0', 'black'), pointsOf('0-1', 'black'), pointsOf('1/2-1/2', 'white'), pointsOf('', 'white')], [1, 0, 1, 0.5, null]);
  });

  test('the crosstable of a round robin: ranking order, a mark per game, × on the diagonal', () => {
    const { players, cells } = eventModel(data.round_robin).crosstable;
    assert.deepEqual(players.map((p) => [p.row, p.username, p.score]), [[1, 'Bob', '2'], [2, 'ann', '1½'], [3, 'cyd', '1½'], [4, 'dee', '0']]);
    assert.deepEqual(cells, [
      ['×', '½', '½', '1'],
      ['½', '×', '…', '1'],
      ['½', '…', '×', '1'],
      ['0', '0', '0', '×'],
    ]);
  });

  test('a double round robin has two marks a pair; a pair not yet paired none', () => {
    const standings = [{ username: 'a', score: 1.5 }, { username: 'b', score: 0.5 }, { username: 'c', score: 0 }];
    const rounds = [
      { round: 1, pairings: [{ board: 1, white: 'a', black: 'b', result: '1-0' }] },
      { round: 2, pairings: [{ board: 1, white: 'b', black: 'a', result: '1/2-1/2' }] },
    ];
    assert.deepEqual(crosstable(standings, rounds).cells, [['×', '1 ½', ''], ['0 ½', '×', ''], ['', '', '×']]);
  });
});

describe('the admin console\'s requests', () => {
  const correspondence = { clock: { kind: 'correspondence', days_per_move: 3 } };
  test('a ladder: name, pool split into game and variant, a clock', () => {
    assert.deepEqual(ladderCreateBody({ name: '  Club  ', perf: 'yinsh:normal', clock: correspondence }),
      { body: { name: 'Club', game: 'yinsh', variant: 'normal', clock: correspondence.clock } });
    assert.match(ladderCreateBody({ name: ' ', perf: 'yinsh:normal', clock: correspondence }).problem, /1 to 60/);
    assert.match(ladderCreateBody({ name: 'x'.repeat(61), perf: 'yinsh:normal', clock: correspondence }).problem, /1 to 60/);
    assert.match(ladderCreateBody({ name: 'Club', perf: 'gipf:basic', clock: { clock: null } }).problem, /clock/);
    assert.equal(ladderCreateBody({ name: 'Club', perf: 'gipf:basic', clock: { problem: 'bad clock' } }).problem, 'bad clock');
    // the answer time (#43): 0..336 hours, left out when empty
    assert.equal(ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, answerHours: '72' }).body.answer_hours, 72);
    assert.equal(ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, answerHours: '0' }).body.answer_hours, 0);
    assert.equal('answer_hours' in ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, answerHours: '' }).body, false);
    // bot accounts (#45): said only when let in
    assert.equal(ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, bots: true }).body.bots, true);
    assert.equal('bots' in ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, bots: false }).body, false);
    for (const bad of ['337', '-1', '1.5', 'two'])
      assert.match(ladderCreateBody({ name: 'Club', perf: 'yinsh:normal', clock: correspondence, answerHours: bad }).problem, /0 to 336/);
  });

  test('a seed: usernames in order, each once', () => {
    assert.deepEqual(seedOrder('ann\nBob, cyd  dee\n'), { order: ['ann', 'Bob', 'cyd', 'dee'] });
    assert.deepEqual(seedOrder(''), { order: [] });
    assert.match(seedOrder('ann bob ANN').problem, /ANN is listed twice/);
    assert.match(seedOrder('ann b').problem, /"b" is not a username/);
  });

  test('an event: rounds for Swiss, cycles for a round robin, the minutes to start', () => {
    const form = { name: 'Open', perf: 'gipf:standard', clock: correspondence, rounds: '5', cycles: '2', autoPair: true, startMinutes: '10' };
    assert.deepEqual(eventCreateBody({ ...form, kind: 'swiss' }).body, {
      name: 'Open', kind: 'swiss', game: 'gipf', variant: 'standard', clock: correspondence.clock, rounds: 5, auto_pair: true, start_minutes: 10,
    });
    assert.deepEqual(eventCreateBody({ ...form, kind: 'round-robin', autoPair: false, startAt: 1767225600000 }).body, {
      name: 'Open', kind: 'round-robin', game: 'gipf', variant: 'standard', clock: correspondence.clock, cycles: 2, auto_pair: false, start_minutes: 10, start_at: 1767225600000,
    });
    assert.match(eventCreateBody({ ...form, kind: 'swiss', rounds: '31' }).problem, /1 to 30 rounds/);
    assert.deepEqual(eventCreateBody({ ...form, kind: 'swiss', rounds: '30' }).body.rounds, 30);
    assert.match(eventCreateBody({ ...form, kind: 'round-robin', cycles: '3' }).problem, /single .* or double/);
    assert.match(eventCreateBody({ ...form, kind: 'swiss', startMinutes: '0' }).problem, /1 to 10080/);
    assert.equal(eventCreateBody({ ...form, kind: 'swiss', bots: true }).body.bots, true);
    assert.equal('bots' in eventCreateBody({ ...form, kind: 'swiss' }).body, false);
  });

  test('a result: the room id and a reason', () => {
    assert.deepEqual(resultBody({ room: ' abc123 ', result: '0-1', reason: ' no show ' }), { body: { room: 'abc123', result: '0-1', reason: 'no show' } });
    assert.match(resultBody({ room: 'ABC', result: '1-0', reason: 'x' }).problem, /game's id/);
    assert.match(resultBody({ room: 'abc', result: '1-0', reason: ' ' }).problem, /reason/);
  });
});

describe('the pages', () => {
  const page = fakeDocument();
  const realFetch = globalThis.fetch;
  let asked;
  /** fetch answers `routes["METHOD path"]` ({status?, body}), else 404. */
  const serve = (routes) => {
    globalThis.fetch = async (path, init = {}) => {
      const key = `${init.method || 'GET'} ${path}`;
      asked.push(init.body ? `${key} ${init.body}` : key);
      const route = routes[key] || { status: 404, body: { error: { code: 'not_found', message: 'no such thing' } } };
      return new Response(JSON.stringify(route.body), { status: route.status || 200, headers: { 'Content-Type': 'application/json' } });
    };
  };
  const connection = (account = null) => Object.assign(new EventTarget(), { account });
  const settle = async (root, ready) => {
    for (let i = 0; i < 100 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(ready(), 'the page was drawn');
  };
  const idle = async () => { for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve)); };
  const until = async (root, selector) => { await settle(root, () => root.querySelector(selector)); return root.querySelector(selector); };
  beforeEach(() => { asked = []; });
  afterEach(() => { globalThis.fetch = realFetch; });

  test('a ladder: standings, Challenge buttons, open challenges and results', async () => {
    serve({ 'GET /api/ladders/3': { body: data.ladder_gus } });
    const root = page.root();
    new LadderView(root, connection(), '3');
    const standings = await until(root, '#ladder-standings');
    const rows = standings.querySelectorAll('tbody tr');
    assert.deepEqual(rows.map((r) => r.getAttribute('data-username')), ['ann', 'Bob', 'cyd', 'dee', 'eve', 'fay', 'gus', 'hal']);
    assert.deepEqual(rows[2].querySelectorAll('td').map((td) => td.textContent), ['3', 'cyd', '1500?', '1', 'Challenge']);
    assert.deepEqual(rows[3].querySelectorAll('td').map((td) => td.textContent), ['4', 'dee inactive', '1581', '0', ''], 'an inactive player: no Challenge');
    assert.equal(rows[0].querySelector('a').getAttribute('href'), '/@/ann');
    assert.deepEqual(root.querySelectorAll('button.challenge').map((b) => b.getAttribute('data-defender')), ['cyd', 'eve', 'fay']);
    assert.equal(root.querySelector('#ladder-join'), null);
    assert.equal(root.querySelector('#ladder-you').getAttribute('data-position'), '7');
    assert.deepEqual(root.querySelectorAll('#ladder-challenges li a.game').map((a) => [a.getAttribute('href'), a.textContent]),
      [['/?room=r0000000000000000000000012', 'Play'], ['/?watch=r0000000000000000000000011', 'Watch']]);
    assert.equal(root.querySelectorAll('#ladder-results li').length, 4);
  });

  test('a challenge: 201 gives a link to the game; a refusal is shown in words with its code', async () => {
    const routes = { 'GET /api/ladders/3': { body: data.ladder_gus }, 'POST /api/ladders/3/challenge': { status: 201, body: data.challenge_created } };
    serve(routes);
    const root = page.root();
    new LadderView(root, connection(), '3');
    let button = await until(root, 'button.challenge[data-defender="eve"]');
    button.dispatch('click');
    const link = await until(root, '#challenge-room');
    assert.equal(link.getAttribute('href'), '/?room=r0000000000000000000000013');
    assert.ok(asked.includes('POST /api/ladders/3/challenge {"defender":"eve"}'), asked.join('\n'));

    routes['POST /api/ladders/3/challenge'] = { status: 409, body: data.refusals.cooldown };
    button = root.querySelector('button.challenge[data-defender="fay"]');
    button.dispatch('click');
    const message = await until(root, '#ladder-message[data-code="cooldown"]');
    assert.match(message.textContent, /^You played fay in this ladder less than 7 days ago/);
    assert.equal(message.getAttribute('data-kind'), 'error');

    routes['POST /api/ladders/3/challenge'] = { status: 400, body: data.refusals.out_of_reach };
    root.querySelector('button.challenge[data-defender="cyd"]').dispatch('click');
    assert.match((await until(root, '#ladder-message[data-code="out_of_reach"]')).textContent, /^cyd is out of your reach: .* up to 5 places/);
  });

  test('joining a ladder', async () => {
    const routes = { 'GET /api/ladders/3': { body: data.ladder_outsider }, 'POST /api/ladders/3/join': { body: { position: 9 } } };
    serve(routes);
    const root = page.root();
    new LadderView(root, connection(), '3');
    const join = await until(root, '#ladder-join');
    assert.equal(root.querySelectorAll('button.challenge').length, 0);
    join.dispatch('click');
    await settle(root, () => /number 9/.test(root.querySelector('#ladder-message')?.textContent || ''));
    await idle();
    assert.deepEqual(asked.slice(0, 2), ['GET /api/ladders/3', 'POST /api/ladders/3/join {}']);
  });

  test('a guest is asked to log in; a pairing of this ladder reloads it', async () => {
    serve({ 'GET /api/ladders/3': { body: data.ladder_guest } });
    const root = page.root();
    const conn = connection();
    new LadderView(root, conn, '3');
    assert.match((await until(root, '#ladder-you')).textContent, /log in/);
    conn.dispatchEvent(new CustomEvent('message', { detail: data.pairing_ladder }));
    conn.dispatchEvent(new CustomEvent('message', { detail: data.pairing_event }));
    await settle(root, () => asked.length === 2);
    await idle();  // the second answer drawn
    assert.deepEqual(asked, ['GET /api/ladders/3', 'GET /api/ladders/3']);
  });

  test('the admin\'s clock fields: no untimed, correspondence 3 days at first, the rows under their own ids', () => {
    const picker = clockPicker({ id: 'ladder-clock', untimed: false });
    assert.deepEqual(picker.select.querySelectorAll('option').map((o) => o.getAttribute('value')), ['3+2', '5+5', '10+10', '15+15', '30+20', 'custom', 'correspondence']);
    assert.deepEqual(picker.rows.map((r) => [r.id, r.hidden]), [['ladder-clock-custom', true], ['ladder-clock-correspondence', false]]);
    assert.deepEqual(picker.control(), { clock: { kind: 'correspondence', days_per_move: 3 } });
    picker.select.value = '5+5';
    assert.deepEqual(picker.control(), { clock: { kind: 'live', initial_ms: 300000, increment_ms: 5000 } });
  });

  test('the lists of ladders and events', async () => {
    serve({ 'GET /api/ladders': { body: data.ladders }, 'GET /api/events': { body: data.events } });
    const ladders = page.root();
    new LadderListView(ladders);
    const table = await until(ladders, '#ladders-table');
    assert.deepEqual(table.querySelectorAll('tbody tr').map((r) => r.querySelector('a').getAttribute('href')), ['/ladders/3', '/ladders/2']);
    const events = page.root();
    new EventListView(events);
    const list = await until(events, '#events-table');
    assert.deepEqual(list.querySelectorAll('tbody tr').map((r) => r.getAttribute('data-status')), ['registering', 'running', 'running']);
  });

  test('a round robin: standings, crosstable, rounds newest first with the reader\'s game', async () => {
    serve({ 'GET /api/events/5': { body: data.round_robin } });
    const root = page.root();
    new EventView(root, connection({ id: 1, username: 'ann', role: 'player' }), '5');
    const standings = await until(root, '#event-standings');
    assert.deepEqual(standings.querySelectorAll('thead th').map((th) => th.textContent), ['#', 'No.', 'Player', 'Rating', 'Score', 'SB']);
    assert.deepEqual(standings.querySelectorAll('tbody tr')[1].querySelectorAll('td').map((td) => td.textContent), ['2', '1', 'ann', '1712', '1½', '1.25']);
    assert.equal(standings.querySelector('tr[data-username="dee"]').getAttribute('data-withdrawn'), 'true');
    const cross = root.querySelector('#event-crosstable');
    assert.deepEqual(cross.querySelectorAll('tbody tr')[0].querySelectorAll('td').map((td) => td.textContent), ['1', 'Bob', '×', '½', '½', '1', '2']);
    assert.deepEqual(root.querySelectorAll('section.round').map((s) => s.getAttribute('data-round')), ['3', '2', '1']);
    assert.equal(root.querySelector('section.round[data-round="3"] tr.you a.game').getAttribute('href'), '/?room=e6');
    assert.equal(root.querySelector('#event-join'), null);
  });

  test('registration: Register, then Withdraw; a refusal in words', async () => {
    const routes = { 'GET /api/events/7': { body: data.registering }, 'POST /api/events/7/join': { body: { players: 3 } } };
    serve(routes);
    const root = page.root();
    new EventView(root, connection(), '7');
    const join = await until(root, '#event-join');
    assert.deepEqual(root.querySelectorAll('#event-standings tbody tr').map((r) => r.getAttribute('data-username')), ['ann', 'Bob']);
    routes['GET /api/events/7'] = { body: data.registering_in };
    join.dispatch('click');
    const leave = await until(root, '#event-leave');
    assert.match(root.querySelector('#event-message').textContent, /3 players so far/);
    routes['POST /api/events/7/leave'] = { status: 409, body: data.refusals.event_started };
    leave.dispatch('click');
    assert.match((await until(root, '#event-message[data-code="event_started"]')).textContent, /Registration is over/);
  });
});
