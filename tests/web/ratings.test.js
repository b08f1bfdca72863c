// Ratings in the client (PROTOCOL.md, "Ratings"; issue #13): a rating next to a
// name (`?` while provisional), lobby entries with ratings and rated/casual, the
// new-game form's Rated switch and what it sends, the room's rated flag, pool
// and rating change (from a `rated` message and from a snapshot), the result
// banner's lines, the rating chart (0, 1 and many points), the profile's
// ratings and chart, and the leaderboards. The messages are ratings.json's,
// written by hand from PROTOCOL.md, put onto rooms recorded from the server.
import { test, describe, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  PERFS, perfOf, perfLabel, ratingLabel, nameWithRating, entryRating, modeLabel, signed,
  ratingChangeLines, ratedSwitch, ratingRows, busiestPerf,
} from '../../web-client/js/ratings.js';
import { ratingChart, ratingRange, dateLabel } from '../../web-client/js/rating_chart.js';
import { applyLobby, openEntryText, ownOpenEntryText, liveEntryText, newGameMessage, botLevel, BOT_LEVELS, rangeText } from '../../web-client/js/lobby_view.js';
import { reduce, fromSnapshot } from '../../web-client/js/room_state.js';
import { leaderboardPath, leaderboardQuery, leaderboardModel, busiestPool, LeaderboardView } from '../../web-client/js/leaderboard_view.js';
import { ProfileView } from '../../web-client/js/profile_view.js';
import { GameHistory, outcomeFor, historyPath } from '../../web-client/js/game_history.js';
import { svgTree } from '../../web-client/js/ui.js';
import { fixture, fold, before, first, isEvent, isType, fakeDocument } from './support.js';

const data = fixture('ratings.json');
const yinsh = fixture('yinsh_normal.json');
const ACCOUNT = { id: 1, username: 'ann', role: 'player' };
const MINUS = '\u2212';

describe('a rating next to a name', () => {
  test('rounded, with ? while provisional', () => {
    assert.equal(ratingLabel({ rating: 1500, rd: 350, provisional: true }), '1500?');
    assert.equal(ratingLabel({ rating: 1662.3108939062977, rd: 290.3, provisional: true }), '1662?');
    assert.equal(ratingLabel({ rating: 1873.5, rd: 71.9, provisional: false }), '1874');
    assert.equal(ratingLabel({ rating: 1337.49, provisional: false }), '1337');
    assert.equal(ratingLabel(null), '');
    assert.equal(ratingLabel(undefined), '');
  });

  test('a name with its rating; a guest (no rating) by name alone', () => {
    assert.equal(nameWithRating('ann', data.seats.ann.rating), 'ann (1500?)');
    assert.equal(nameWithRating('bob', { rating: 1712.6, rd: 80, provisional: false }), 'bob (1713)');
    assert.equal(nameWithRating('Guest 3', data.seats.guest.rating), 'Guest 3');
  });

  test('the pools: every game and variant, in words', () => {
    assert.deepEqual(PERFS, ['gipf:basic', 'gipf:standard', 'gipf:tournament', 'yinsh:normal', 'yinsh:blitz']);
    assert.equal(perfOf({ game: 'yinsh', variant: 'blitz' }), 'yinsh:blitz');
    assert.equal(perfOf({ game: 'gipf', variant: 'basic', white_extra: 2, black_extra: 0 }), 'gipf:basic', 'a handicap is no pool of its own');
    assert.equal(perfLabel('yinsh:normal'), 'YINSH normal');
    assert.equal(perfLabel('gipf:tournament'), 'GIPF tournament');
    assert.equal(perfLabel('chess:blitz'), 'chess:blitz', 'an unknown pool as it is');
    assert.deepEqual([true, false].map(modeLabel), ['Rated', 'Casual']);
  });

  test('differences are signed with a real minus sign', () => {
    assert.deepEqual([162, -162, 0].map(signed), ['+162', `${MINUS}162`, '\u00b10']);
  });
});

describe('lobby entries', () => {
  const lobby = applyLobby({}, data.lobby);
  const [openRated, openGuest] = [lobby.open.get('openrated'), lobby.open.get('openguest')];
  const [liveRated, liveCasual] = [lobby.live.get('liverated'), lobby.live.get('livecasual')];

  test('a player\'s rating from the entry\'s number and provisional flag; null for a guest', () => {
    assert.deepEqual(entryRating(openRated, 'creator'), { rating: 1500, provisional: true });
    assert.deepEqual(entryRating(liveRated, 'black'), { rating: 1873, provisional: false });
    assert.equal(entryRating(openGuest, 'creator'), null);
    assert.equal(entryRating(liveCasual, 'black'), null);
    assert.equal(entryRating({ white: 'old', options: {} }, 'white'), null, 'an entry without the fields');
  });

  test('an open room: rated or casual, the creator with their rating', () => {
    assert.equal(openEntryText(openRated), 'YINSH normal · 10+5 · Rated · ann (1500?) waits · you play black');
    assert.equal(openEntryText(openGuest), 'GIPF basic (handicap 1/0) · untimed · Casual · Guest 7 waits · you play white');
  });

  test('your own open room (#43): your colour, not the free seat\'s, and no name to wait for', () => {
    assert.equal(ownOpenEntryText(openRated), 'YINSH normal · 10+5 · Rated · you play white · waiting for an opponent');
    assert.equal(ownOpenEntryText(openGuest), 'GIPF basic (handicap 1/0) · untimed · Casual · you play black · waiting for an opponent');
  });

  test('a live game: both players with their ratings', () => {
    assert.equal(liveEntryText(liveRated), 'YINSH blitz · 3+2 · Rated · ann (1662?) – bob (1873) · move 7 · 2 watching');
    assert.equal(liveEntryText(liveCasual), 'GIPF standard · untimed · Casual · cleo (1420) – Guest 9 · move 2 · 0 watching');
  });

  test('an update changes an entry\'s ratings', () => {
    const updated = applyLobby(applyLobby({}, data.lobby), {
      type: 'lobby_update', open_total: 1, live_total: 2,
      open: { set: [], removed: ['openrated'] },
      live: { set: [{ ...liveRated, white_rating: 1700, white_provisional: false }], removed: [] },
    });
    assert.match(liveEntryText(updated.live.get('liverated')), /ann \(1700\) – bob \(1873\)/);
    assert.equal(updated.open.size, 1);
  });
});

describe('the Rated switch of the new-game form', () => {
  test('only for an account', () => {
    assert.deepEqual(ratedSwitch({ account: null, timed: true, handicap: false }), { shown: false, enabled: false, note: '' });
    assert.deepEqual(ratedSwitch({ account: ACCOUNT, timed: true, handicap: false }), { shown: true, enabled: true, note: '' });
  });

  test('off without a clock, and with extra pieces, saying why', () => {
    const untimed = ratedSwitch({ account: ACCOUNT, timed: false, handicap: false });
    assert.equal(untimed.shown, true);
    assert.equal(untimed.enabled, false);
    assert.match(untimed.note, /needs a clock/);
    const handicap = ratedSwitch({ account: ACCOUNT, timed: true, handicap: true });
    assert.equal(handicap.enabled, false);
    assert.match(handicap.note, /unrated/);
  });

  const form = (fields) => ({
    game: 'yinsh', variant: 'normal', color: 'white', visibility: 'public', extras: null,
    clock: { choice: 'custom', minutes: '10', increment: '5' }, rated: true, account: ACCOUNT, ...fields,
  });

  test('sends "rated": true with a clock, for an account', () => {
    assert.deepEqual(newGameMessage(form({})), { message: {
      type: 'create_room', game: 'yinsh', variant: 'normal', color: 'white', visibility: 'public',
      clock: { kind: 'live', initial_ms: 600_000, increment_ms: 5_000 }, rated: true,
    } });
    assert.equal(newGameMessage(form({ clock: { choice: 'correspondence', days: '3' } })).message.rated, true, 'a correspondence clock is a clock');
  });

  test('never where it cannot apply: off, untimed, a guest, extra pieces', () => {
    assert.equal('rated' in newGameMessage(form({ rated: false })).message, false);
    assert.equal('rated' in newGameMessage(form({ clock: { choice: 'untimed' } })).message, false, 'the server would refuse it');
    assert.equal('rated' in newGameMessage(form({ account: null })).message, false);
    const handicap = newGameMessage(form({ game: 'gipf', variant: 'basic', extras: { white: 1, black: 0 } })).message;
    assert.equal('rated' in handicap, false);
    assert.equal(handicap.white_extra, 1);
    const none = newGameMessage(form({ game: 'gipf', variant: 'basic', extras: { white: 0, black: 0 } })).message;
    assert.equal(none.rated, true, 'GIPF basic without extra pieces is rated');
  });

  test('the opponent\'s rating (#46): a range sent with a room for a person, never with the computer; the list says it', () => {
    const ranged = newGameMessage(form({ range: { min: 1400, max: 1800 } })).message;
    assert.equal(ranged.rating_min, 1400);
    assert.equal(ranged.rating_max, 1800);
    assert.equal('rating_min' in newGameMessage(form({})).message, false, 'any: nothing sent');
    assert.equal('rating_min' in newGameMessage(form({ bot: 2, range: { min: 1400, max: 1800 } })).message, false);
    assert.equal(rangeText({ rating_min: 1400, rating_max: 1800 }), ' · for 1400–1800');
    assert.equal(rangeText({ rating_min: 1400 }), ' · for 1400 and up');
    assert.equal(rangeText({}), '');
  });

  test('against the computer: "bot" is the level, and the game is never rated', () => {
    const bot = newGameMessage(form({ bot: 3 })).message;
    assert.equal(bot.bot, 3);
    assert.equal('rated' in bot, false, 'the server refuses bot with rated');
    assert.equal(bot.clock.initial_ms, 600_000, 'the clock as chosen');
    assert.equal('bot' in newGameMessage(form({ bot: 0 })).message, false, 'a person: no bot');
    assert.equal('bot' in newGameMessage(form({})).message, false);
    assert.deepEqual([botLevel(''), botLevel('1'), botLevel('6'), botLevel('7')], [0, 1, 6, 0]);
    assert.deepEqual(BOT_LEVELS, [1, 2, 3, 4, 5, 6]);
    const off = ratedSwitch({ account: ACCOUNT, timed: true, handicap: false, bot: true });
    assert.equal(off.enabled, false);
    assert.match(off.note, /computer are casual/);
    assert.equal(ratedSwitch({ account: null, timed: true, handicap: false, bot: true }).shown, false, 'still not for a guest');
  });

  test('a bad clock is refused in words, before anything is sent', () => {
    assert.match(newGameMessage(form({ clock: { choice: 'custom', minutes: '0', increment: '0' } })).problem, /needs some time/);
  });
});

describe('the room: rated, its pool, the rating change', () => {
  const log = yinsh.white;
  const snapshot = first(log, isType('room'));
  const id = snapshot.room.id;
  const { ann, bob } = data.seats;
  /** The recorded room as a rated one: seats with ratings. */
  const ratedSnapshot = (fields = {}) => ({ ...snapshot, room: { ...snapshot.room, rated: true, perf: 'yinsh:normal', white: ann, black: null }, ...fields });
  const rated = { ...data.rated, room: id };
  const joined = { ...first(log, isEvent('joined')), player: bob };
  const finished = () => fold([joined, ...before(log.slice(log.indexOf(first(log, isEvent('joined'))) + 1), isType('room'))], reduce(null, ratedSnapshot()));

  test('a snapshot says rated and the pool; the seats carry their ratings', () => {
    const room = reduce(null, ratedSnapshot());
    assert.equal(room.rated, true);
    assert.equal(room.perf, 'yinsh:normal');
    assert.equal(room.ratingChange, null);
    assert.deepEqual(room.seats.white.rating, { rating: 1500, rd: 350, provisional: true });
    assert.equal(nameWithRating(room.seats.white.name, room.seats.white.rating), 'ann (1500?)');
  });

  test('the second player sits down with their rating (the joined event\'s player)', () => {
    const room = reduce(reduce(null, ratedSnapshot()), joined);
    assert.equal(nameWithRating(room.seats.black.name, room.seats.black.rating), 'bob (1500?)');
  });

  test('`rated` keeps the change and rates the seats as after the game; hearing it again changes nothing', () => {
    const over = finished();
    assert.equal(over.status, 'finished');
    const room = reduce(over, rated);
    assert.deepEqual(room.ratingChange, { perf: 'yinsh:normal', white: data.rated.white, black: data.rated.black });
    assert.equal(nameWithRating(room.seats.white.name, room.seats.white.rating), 'ann (1662?)');
    assert.equal(nameWithRating(room.seats.black.name, room.seats.black.rating), 'bob (1338?)');
    assert.equal(room.seats.white.id, 1, 'the seat is otherwise the same');
    assert.equal(reduce(room, { ...rated }), room, 'a resync ends with the same message');
    assert.equal(reduce(over, { ...rated, room: 'another' }), over, 'another room\'s');
  });

  test('the banner\'s lines from a `rated` message: before → after (difference)', () => {
    const room = reduce(finished(), rated);
    const lines = ratingChangeLines(room.ratingChange, room.seats);
    assert.deepEqual(lines.map((l) => l.text), [`ann 1500? → 1662? (+162)`, `bob 1500? → 1338? (${MINUS}162)`]);
    assert.deepEqual(lines.map((l) => [l.color, l.name, l.difference]), [['white', 'ann', 162], ['black', 'bob', -162]]);
  });

  test('a snapshot\'s rating_change gives the same room and lines; null is none', () => {
    const { type, room: _room, ...change } = rated;
    const over = finished();
    const snap = { ...ratedSnapshot(), room: { ...ratedSnapshot().room, black: bob }, status: 'finished', result: over.result, rating_change: change };
    const room = fromSnapshot(snap);
    assert.deepEqual(room.ratingChange, change);
    assert.deepEqual(ratingChangeLines(room.ratingChange, room.seats).map((l) => l.text), ['ann 1500? → 1662? (+162)', `bob 1500? → 1338? (${MINUS}162)`]);
    assert.equal(ratingLabel(room.seats.black.rating), '1338?');
    assert.equal(fromSnapshot({ ...snap, rating_change: null }).ratingChange, null);
    assert.deepEqual(ratingChangeLines(null), []);
    // a later snapshot without it does not forget a change heard already
    assert.deepEqual(reduce(reduce(over, rated), { ...snap, rating_change: null }).ratingChange, change);
  });

  test('the lines round each rating, so that they add up; settled ratings lose the ?', () => {
    const lines = ratingChangeLines(data.upset, { white: { id: 5, name: 'dora' }, black: { id: 6, name: 'eve' } });
    assert.deepEqual(lines.map((l) => l.text), [`dora 1875 → 1861 (${MINUS}14)`, 'eve 1413? → 1498 (+85)']);
  });

  test('the player\'s name: the room\'s seat for an id (as the server sends), a seat\'s or a text as given, else the colour', () => {
    const change = (player) => ({ perf: 'yinsh:normal', white: { ...data.rated.white, player }, black: data.rated.black });
    assert.equal(ratingChangeLines(change(1), { white: { id: 1, name: 'Ann' }, black: null })[0].name, 'Ann');
    assert.equal(ratingChangeLines(change({ id: 1, name: 'ann' }))[0].name, 'ann');
    assert.equal(ratingChangeLines(change('ann'))[0].name, 'ann');
    assert.deepEqual(ratingChangeLines(change(1)).map((l) => l.name), ['White', 'Black']);
  });

  test('recorded rooms from before ratings: casual, the pool from the options', () => {
    const room = fold(log);
    assert.equal(room.rated, false);
    assert.equal(room.perf, 'yinsh:normal');
    assert.equal(room.ratingChange, null);
  });
});

/** Finds the nodes of a chart tree that `found` accepts. */
function nodes(tree, found) {
  if (typeof tree === 'string') return [];
  return [...(found(tree) ? [tree] : []), ...tree.children.flatMap((child) => nodes(child, found))];
}
const byClass = (name) => (n) => (n.attrs.class || '').split(' ').includes(name);
const text = (tree) => (typeof tree === 'string' ? tree : tree.children.map(text).join(''));
const pairs = (points) => points.split(' ').map((p) => p.split(',').map(Number));

describe('the rating chart', () => {
  const { history } = data.history;

  test('no points: an empty chart that says so', () => {
    const svg = ratingChart([], { perf: 'yinsh:blitz' });
    assert.equal(svg.tag, 'svg');
    assert.equal(svg.attrs['data-points'], 0);
    assert.equal(svg.attrs['data-perf'], 'yinsh:blitz');
    assert.match(svg.attrs.class, /empty/);
    assert.equal(nodes(svg, byClass('rating-point')).length, 0);
    assert.equal(nodes(svg, byClass('rating-line')).length, 0);
    assert.match(text(svg), /No rated games yet/);
  });

  test('one point: a dot in the middle with its RD as a bar, no line, the axis around it', () => {
    const svg = ratingChart(history.slice(0, 1));
    assert.equal(svg.attrs['data-points'], 1);
    const [dot] = nodes(svg, byClass('rating-point'));
    assert.equal(dot.attrs['data-rating'], history[0].rating);
    assert.equal(dot.attrs['data-game'], 'g1');
    assert.equal(dot.attrs.cx, (38 + 360 - 10) / 2);
    assert.equal(nodes(svg, byClass('rating-line')).length, 0);
    const [band] = nodes(svg, byClass('rd-band'));
    assert.equal(band.tag, 'rect');
    assert.ok(band.attrs.y < dot.attrs.cy && band.attrs.y + band.attrs.height > dot.attrs.cy, 'the bar spans the dot');
    // 1662 ± 290: the axis from 1350 to 2000
    assert.deepEqual(ratingRange(history.slice(0, 1)), { low: 1350, high: 2000 });
    assert.deepEqual(nodes(svg, (n) => n.tag === 'text' && byClass('axis-label')(n) && !byClass('date')(n)).map(text), ['1350', '1675', '2000']);
    assert.deepEqual(nodes(svg, byClass('date')).map(text), ['2025-11-22']);
    assert.match(text(dot), /1662 ± 290 on 2025-11-22/);
  });

  test('many points: a line through them over time, higher ratings higher up, inside an RD band', () => {
    const svg = ratingChart(history, { width: 600, height: 220 });
    assert.equal(svg.attrs['data-points'], 3);
    assert.equal(svg.attrs.viewBox, '0 0 600 220');
    assert.equal(ratingChart(history).attrs.viewBox, '0 0 360 180', 'small units by default: readable on a phone');
    const [line] = nodes(svg, byClass('rating-line'));
    const xy = pairs(line.attrs.points);
    assert.equal(xy.length, 3);
    assert.equal(xy[0][0], 38, 'the first game at the left axis');
    assert.equal(xy[2][0], 590, 'the last at the right end');
    // one day after the first of three days: a third of the way
    assert.ok(Math.abs(xy[1][0] - (38 + 552 / 3)) < 0.2, `x ${xy[1][0]}`);
    assert.ok(xy[1][1] > xy[0][1] && xy[2][1] < xy[0][1], 'a fall, then a rise above the first (y grows downwards)');
    const band = pairs(nodes(svg, byClass('rd-band'))[0].attrs.points);
    assert.equal(band.length, 6, 'the upper edge, then the lower back');
    for (let i = 0; i < 3; i++) {
      assert.equal(band[i][0], xy[i][0]);
      assert.ok(band[i][1] < xy[i][1] && band[5 - i][1] > xy[i][1], `point ${i} inside its band`);
    }
    assert.deepEqual(nodes(svg, byClass('date')).map(text), ['2025-11-22', '2025-11-25']);
    assert.equal(nodes(svg, byClass('rating-point')).length, 3);
    for (const [x, y] of xy) assert.ok(x >= 0 && x <= 600 && y >= 0 && y <= 220);
  });

  test('games at one moment are drawn in the middle; seconds are read like the API\'s other dates', () => {
    const same = [{ game: 'a', at: 1763800000000, rating: 1500, rd: 100 }, { game: 'b', at: 1763800000000, rating: 1550, rd: 90 }];
    const xs = pairs(nodes(ratingChart(same), byClass('rating-line'))[0].attrs.points).map(([x]) => x);
    assert.deepEqual(xs, [194, 194]);
    assert.equal(dateLabel(1763800000), dateLabel(1763800000000));
  });

  test('svgTree makes the elements in the SVG namespace', () => {
    const made = [];
    const fake = { createElementNS: (ns, tag) => { const e = { ns, tag, attributes: {}, kids: [], setAttribute(k, v) { this.attributes[k] = v; }, append(c) { this.kids.push(c); }, addEventListener() {} }; made.push(e); return e; },
      createTextNode: (t) => ({ text: t }) };
    const saved = [globalThis.document, globalThis.Node];
    globalThis.document = fake;
    globalThis.Node = class {};
    try {
      svgTree(ratingChart(history.slice(0, 1)));
    } finally {
      [globalThis.document, globalThis.Node] = saved;
    }
    assert.ok(made.every((e) => e.ns === 'http://www.w3.org/2000/svg'));
    const svg = made.at(-1);  // the children are made first
    assert.equal(svg.tag, 'svg');
    assert.equal(svg.attributes['data-points'], '1');
    assert.ok(made.some((e) => e.tag === 'circle' && e.attributes['data-rating'] === String(history[0].rating)));
  });
});

describe('the profile\'s ratings', () => {
  const { ratings } = data.profile.player;

  test('a row for every pool, in order, rounded for reading and exact in the data', () => {
    const rows = ratingRows(ratings);
    assert.deepEqual(rows.map((r) => r.perf), PERFS);
    const normal = rows.find((r) => r.perf === 'yinsh:normal');
    assert.deepEqual([normal.label, normal.rating, normal.rd, normal.games, normal.provisional], ['YINSH normal', '1662?', 290, 3, true]);
    assert.equal(normal.value.rating, 1662.3108939062977);
    assert.equal(rows.find((r) => r.perf === 'yinsh:blitz').rating, '1873');
    assert.deepEqual(ratingRows(undefined), []);
  });

  test('the chart starts with the pool of the most games; the first pool on a tie', () => {
    assert.equal(busiestPerf(ratings), 'yinsh:normal');
    assert.equal(busiestPerf({ ...ratings, 'gipf:basic': { ...ratings['gipf:basic'], games: 3 } }), 'gipf:basic');
    assert.equal(busiestPerf({}), 'gipf:basic');
  });
});

describe('the leaderboards', () => {
  test('a pool and a page from the address; anything else is no pool (the busiest is shown), page 1', () => {
    assert.deepEqual(leaderboardQuery('?perf=yinsh:blitz&page=3'), { perf: 'yinsh:blitz', page: 3 });
    assert.deepEqual(leaderboardQuery('?perf=yinsh%3Ablitz'), { perf: 'yinsh:blitz', page: 1 });
    assert.deepEqual(leaderboardQuery('?perf=chess&page=-2'), { perf: null, page: 1 });
    assert.deepEqual(leaderboardQuery(''), { perf: null, page: 1 });
    assert.equal(leaderboardPath('gipf:standard'), '/leaderboard?perf=gipf:standard');
    assert.equal(leaderboardPath('gipf:standard', 2), '/leaderboard?perf=gipf:standard&page=2');
  });

  test('with no pool named, the busiest opens: the most listed players, the first pool on a tie or when all are empty', () => {
    const first = (perf, total) => ({ perf, page: 1, per_page: 50, total, players: [] });
    assert.equal(busiestPool(PERFS.map((p) => first(p, p === 'yinsh:normal' ? 7 : p === 'gipf:standard' ? 3 : 0))), 'yinsh:normal');
    assert.equal(busiestPool(PERFS.map((p) => first(p, p.startsWith('yinsh') ? 4 : 0))), 'yinsh:normal');
    assert.equal(busiestPool(PERFS.map((p) => first(p, 0))), 'gipf:basic');
    assert.equal(busiestPool([]), 'gipf:basic');
  });

  test('rows with ranks, rounded ratings, profile links; pages before and after', () => {
    const model = leaderboardModel(data.leaderboard);
    assert.deepEqual(model.rows.map((r) => [r.rank, r.username, r.href, r.rating, r.rd, r.games]),
      [[51, 'ann', '/@/ann', '1873', '72', 40], [52, 'bob_2', '/@/bob_2', '1802', '64', 57]]);
    assert.equal(model.label, 'YINSH blitz');
    assert.equal(model.pages, 3);
    assert.equal(model.previous, '/leaderboard?perf=yinsh:blitz');
    assert.equal(model.next, '/leaderboard?perf=yinsh:blitz&page=3');
    const last = leaderboardModel({ ...data.leaderboard, page: 3 });
    assert.equal(last.next, null);
    const empty = leaderboardModel({ perf: 'gipf:basic', page: 1, per_page: 50, total: 0, players: [] });
    assert.deepEqual([empty.rows.length, empty.pages, empty.previous, empty.next], [0, 1, null, null]);
  });
});

describe('the pages, drawn', () => {
  const page = fakeDocument();
  const realFetch = globalThis.fetch;
  let asked;
  /** fetch answers `routes[path]` (a body, 200), else 404. */
  const serve = (routes) => {
    globalThis.fetch = async (path) => {
      asked.push(path);
      const body = routes[path];
      return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'no such thing' } }),
        { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    };
  };
  /** Lets the page's requests finish, until `selector` is there. */
  const until = async (root, selector) => {
    for (let i = 0; i < 50 && !root.querySelector(selector); i++) await new Promise((resolve) => setImmediate(resolve));
    const found = root.querySelector(selector);
    assert.ok(found, `${selector} was drawn`);
    return found;
  };
  beforeEach(() => { asked = []; });
  afterEach(() => { globalThis.fetch = realFetch; });

  test('the leaderboard: a tab per pool, the players with links to their profiles, the pages', async () => {
    serve({ '/api/leaderboard?perf=yinsh:blitz&page=2': data.leaderboard });
    const root = page.root();
    new LeaderboardView(root, '?perf=yinsh:blitz&page=2');
    const table = await until(root, '#leaderboard-table');
    assert.deepEqual(asked, ['/api/leaderboard?perf=yinsh:blitz&page=2']);
    assert.deepEqual(root.querySelectorAll('#leaderboard-tabs a').map((a) => a.getAttribute('data-perf')), PERFS);
    assert.equal(root.querySelector('#leaderboard-tabs a[aria-current="page"]').textContent, 'YINSH blitz');
    const rows = table.querySelectorAll('tbody tr');
    assert.deepEqual(rows.map((r) => r.children.map((c) => c.textContent)), [['51', 'ann', '1873', '72', '40'], ['52', 'bob_2', '1802', '64', '57']]);
    assert.equal(rows[0].querySelector('a').getAttribute('href'), '/@/ann');
    assert.equal(rows[1].getAttribute('data-rating'), '1801.5');
    assert.equal(root.querySelector('#leaderboard-previous').getAttribute('href'), '/leaderboard?perf=yinsh:blitz');
    assert.equal(root.querySelector('#leaderboard-next').getAttribute('href'), '/leaderboard?perf=yinsh:blitz&page=3');
    assert.equal(root.querySelector('#leaderboard-page').textContent, 'Page 2 of 3 · 103 players');
  });

  test('an empty leaderboard says why; a refused one says the server\'s words', async () => {
    serve({ '/api/leaderboard?perf=gipf:basic&page=1': { perf: 'gipf:basic', page: 1, per_page: 50, total: 0, players: [] } });
    const root = page.root();
    new LeaderboardView(root, '?perf=gipf:basic');
    assert.match((await until(root, '#leaderboard-empty')).textContent, /RD below 80/);
    serve({});
    const refused = page.root();
    new LeaderboardView(refused, '?perf=gipf:standard');
    assert.match((await until(refused, '#leaderboard-error')).textContent, /could not be loaded: No such thing/);
  });

  test('the leaderboard with no pool named asks each pool\'s first page and opens on the busiest', async () => {
    const routes = {};
    for (const perf of PERFS) routes[`/api/leaderboard?perf=${perf}&page=1`] = { perf, page: 1, per_page: 50, total: 0, players: [] };
    routes['/api/leaderboard?perf=yinsh:blitz&page=1'] = { ...data.leaderboard, page: 1 };
    serve(routes);
    const root = page.root();
    new LeaderboardView(root, '');
    await until(root, '#leaderboard-table');
    assert.deepEqual(asked, PERFS.map((perf) => `/api/leaderboard?perf=${perf}&page=1`));
    assert.equal(root.querySelector('#leaderboard-tabs a[aria-current="page"]').textContent, 'YINSH blitz');
    assert.equal(root.querySelector('#leaderboard').getAttribute('data-perf'), 'yinsh:blitz');
  });

  test('the profile: a row per pool with the exact values in its attributes, and the busiest pool\'s chart', async () => {
    const recent = data.profile.player.recent;
    serve({ '/api/players/ann': data.profile, '/api/players/ann/ratings/yinsh:normal': data.history,
      '/api/players/ann/games?per_page=10': { games: recent, page: 1, per_page: 10, total: recent.length } });
    const root = page.root();
    new ProfileView(root, 'ann');
    const chart = await until(root, '#rating-chart');
    await until(root, '#profile-recent li');
    // its games, and who is looking (the report and block controls, #34)
    assert.deepEqual(asked.sort(), ['/api/account', '/api/players/ann', '/api/players/ann/games?per_page=10', '/api/players/ann/ratings/yinsh:normal']);
    const row = root.querySelector('#ratings tr[data-perf="yinsh:normal"]');
    assert.equal(row.getAttribute('data-rating'), '1662.3108939062977');
    assert.equal(row.getAttribute('data-games'), '3');
    assert.equal(row.getAttribute('data-provisional'), 'true');
    assert.deepEqual(row.children.map((c) => c.textContent), ['YINSH normal', '1662?', '290', '3']);
    assert.equal(row.querySelector('a').getAttribute('href'), '/leaderboard?perf=yinsh:normal');
    assert.equal(root.querySelectorAll('#ratings tbody tr').length, 5);
    assert.equal(chart.getAttribute('data-perf'), 'yinsh:normal');
    assert.equal(chart.getAttribute('data-points'), '3');
    assert.equal(chart.querySelectorAll('circle.rating-point').length, 3);
    assert.equal(root.querySelector('#chart-perf').value, 'yinsh:normal');
    // recent games say whether they were rated
    assert.match(root.querySelector('#profile-recent li[data-rated="true"]').textContent, /^YINSH normal · Rated · ann – bob · 1-0/);
    assert.match(root.querySelector('#profile-recent li[data-rated="false"]').textContent, /^GIPF basic \(handicap 1\/0\) · Casual · ann – Guest 7/);
    // each says how it went for ann (#43)
    assert.equal(root.querySelector('#profile-recent li[data-rated="true"]').getAttribute('data-outcome'), 'won');
    assert.match(root.querySelector('#profile-recent li[data-rated="true"] .outcome').textContent, /Won/);
  });

  test('the profile\'s games: filters and pages are asked of the server; each game\'s result from the player\'s side', async () => {
    const row = (id, white, black, result) => ({ id, options: { game: 'yinsh', variant: 'normal' }, white: { id: 1, name: white }, black: { id: 2, name: black },
      result, reason: 'resignation', finished_at: 1764059200000, rated: false });
    assert.equal(outcomeFor(row('a', 'ann', 'bob', '1-0'), 'ANN'), 'won');
    assert.equal(outcomeFor(row('a', 'ann', 'bob', '0-1'), 'ann'), 'lost');
    assert.equal(outcomeFor(row('a', 'bob', 'ann', '0-1'), 'ann'), 'won');
    assert.equal(outcomeFor(row('a', 'bob', 'ann', '1/2-1/2'), 'ann'), 'drawn');
    assert.equal(outcomeFor(row('a', 'bob', 'ann', ''), 'ann'), null);
    assert.equal(outcomeFor(row('a', 'bob', 'cat', '1-0'), 'ann'), null);
    assert.equal(historyPath('ann', { game: 'gipf', variant: '', result: 'won', opponent: ' bob ' }, 3),
      '/api/players/ann/games?per_page=10&page=3&game=gipf&result=won&opponent=bob');
    assert.equal(historyPath('ann', { game: '', variant: '', speed: 'rapid', rated: 'true', result: '', opponent: '' }, 1),
      '/api/players/ann/games?per_page=10&speed=rapid&rated=true');
    const many = Array.from({ length: 10 }, (_, i) => row(`g${i}`, 'ann', 'bob', '1-0'));
    serve({
      '/api/players/ann/games?per_page=10': { games: many, page: 1, per_page: 10, total: 12 },
      '/api/players/ann/games?per_page=10&page=2': { games: [row('g10', 'bob', 'ann', '1-0'), row('g11', 'bob', 'ann', '1/2-1/2')], page: 2, per_page: 10, total: 12 },
      '/api/players/ann/games?per_page=10&game=yinsh': { games: [row('g11', 'bob', 'ann', '1/2-1/2')], page: 1, per_page: 10, total: 1 },
      '/api/players/ann/games?per_page=10&game=yinsh&result=lost': { games: [row('g12', 'bob', 'ann', '1-0')], page: 1, per_page: 10, total: 1 },
    });
    const history = new GameHistory('ann');
    const root = page.root();
    root.append(history.element);
    await until(root, '#history-next');
    assert.equal(root.querySelector('#history-page').textContent, 'Page 1 of 2 · 12 games');
    root.querySelector('#history-next').dispatch('click');
    await until(root, '#history-previous');
    assert.deepEqual(root.querySelectorAll('#profile-recent li').map((li) => li.getAttribute('data-outcome')), ['lost', 'drawn']);
    const game = root.querySelector('#history-game');
    game.value = 'yinsh';
    game.dispatch('change');
    assert.equal(root.querySelector('#history-variant').disabled, false, 'the game\'s variants offered');
    await until(root, '#profile-recent li[data-game="g11"]');
    const result = root.querySelector('#history-result');
    result.value = 'lost';
    result.dispatch('change');
    await until(root, '#profile-recent li[data-game="g12"]');
    assert.equal(root.querySelectorAll('#profile-recent li').length, 1);
    assert.equal(root.querySelector('#history-page').textContent, 'Page 1 of 1 · 1 game');
    assert.equal(asked.at(-1), '/api/players/ann/games?per_page=10&game=yinsh&result=lost');
  });

  test('the profile: picking another pool draws its history (none yet: the empty chart)', async () => {
    serve({ '/api/players/ann': data.profile, '/api/players/ann/ratings/yinsh:normal': data.history,
      '/api/players/ann/ratings/gipf:basic': { username: 'ann', perf: 'gipf:basic', history: [] } });
    const root = page.root();
    new ProfileView(root, 'ann');
    await until(root, '#rating-chart[data-perf="yinsh:normal"]');
    const picker = root.querySelector('#chart-perf');
    picker.value = 'gipf:basic';
    picker.dispatch('change');
    const chart = await until(root, '#rating-chart[data-perf="gipf:basic"]');
    assert.equal(chart.getAttribute('data-points'), '0');
    assert.match(chart.textContent, /No rated games yet/);
  });
});
