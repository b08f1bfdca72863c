// Play comfort v3 (issue #33) without a browser: the replay's ?ply= and its
// words with the record's move numbers (for every position of a recorded
// game), the rules pages' paths, and their diagrams, whose points must all be
// points of the board that draws them; the lobby's own games, the server's
// provisional marks, and the words of an abandoned game.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { indexOfPly, positionWords } from '../../web-client/js/replay_view.js';
import { RULES, rulesGame } from '../../web-client/js/rules_view.js';
import { Positions, turnBefore, turnSpans } from '../../web-client/js/positions.js';
import { gameModule } from '../../web-client/js/games/index.js';
import { CELLS } from '../../web-client/js/boards/gipf_board.js';
import { POINTS } from '../../web-client/js/boards/yinsh_board.js';
import { chatText, CHAT_MAX } from '../../web-client/js/names.js';
import { applyLobby } from '../../web-client/js/lobby_view.js';
import { leaderboardModel } from '../../web-client/js/leaderboard_view.js';
import { eventModel } from '../../web-client/js/events.js';
import { endingText } from '../../web-client/js/game_view.js';
import { fixture } from './support.js';

describe('the replay at a ply', () => {
  const positions = [{ ply: 0 }, { ply: 1 }, { ply: 2 }, { ply: 4 }, { ply: 5 }];
  test('the position at that ply, else the one before it (a forced action has none)', () => {
    assert.equal(indexOfPly(positions, '0'), 0);
    assert.equal(indexOfPly(positions, '2'), 2);
    assert.equal(indexOfPly(positions, '3'), 2);
    assert.equal(indexOfPly(positions, '4'), 3);
    assert.equal(indexOfPly(positions, '99'), 4, 'past the end: the end');
  });
  test('no ply, or not a number: the end', () => {
    for (const wanted of [null, undefined, '', 'x', '-1', '2.5']) assert.equal(indexOfPly(positions, wanted), 4, String(wanted));
  });
});

describe('a replay\'s position in words, numbered as the record', () => {
  const { game } = fixture('gipf_basic_game.json');
  const gipf = gameModule('gipf');
  const known = new Positions();
  known.merge(game.positions);
  const spans = turnSpans(game.steps);
  test('a takeback (#46) forgets the positions after the ply it went back to', () => {
    const copy = new Positions();
    copy.merge(game.positions);
    const plies = copy.plies();
    const middle = plies[Math.floor(plies.length / 2)];
    copy.dropAfter(middle);
    assert.deepEqual(copy.plies(), plies.filter((ply) => ply <= middle));
  });

  test('the start, then "after move N (colour)" at the end of every turn, "under way" inside one', () => {
    assert.equal(positionWords(gipf, null, true), 'The start of the game');
    for (const { ply } of game.positions.slice(1)) {
      const turn = turnBefore(game.steps, ply, known);
      const span = spans.find((s) => s.turn === turn.turn);
      const words = positionWords(gipf, turn, span.end <= ply);
      const number = Math.floor(turn.turn / 2) + 1;  // GIPF: one number for White's turn and Black's after it
      const colour = turn.turn % 2 === 0 ? 'White' : 'Black';
      if (span.end <= ply) assert.match(words, new RegExp(`^After move ${number} \\(${colour}\\): `), `ply ${ply}`);
      else assert.match(words, new RegExp(`^Move ${number} \\(${colour}\\) under way: `), `ply ${ply}`);
    }
  });
  test('YINSH numbers every turn', () => {
    const yinsh = gameModule('yinsh');
    const turn = { turn: 3, steps: [{ action: 'e5', player: 'black' }] };
    assert.equal(positionWords(yinsh, turn, true), 'After move 4 (Black): e5');
  });
});

describe('how to play', () => {
  test('/rules/gipf and /rules/yinsh, nothing else', () => {
    assert.equal(rulesGame('/rules/gipf'), 'gipf');
    assert.equal(rulesGame('/rules/yinsh'), 'yinsh');
    assert.equal(rulesGame('/rules/yinsh/'), 'yinsh');
    for (const path of ['/rules', '/rules/', '/rules/chess', '/rules/gipf/x', '/', '/rulesgipf']) assert.equal(rulesGame(path), null, path);
  });
  const boards = { gipf: new Set(CELLS.map((c) => c.name)), yinsh: new Set(POINTS.map((p) => p.name)) };
  const playable = { gipf: new Set(CELLS.filter((c) => !c.dot).map((c) => c.name)), yinsh: boards.yinsh };
  for (const [game, rules] of Object.entries(RULES)) {
    test(`${game}: every diagram's pieces and rows stand on points of the board, every move starts on it`, () => {
      const diagrams = rules.sections.map((s) => s.diagram).filter(Boolean);
      assert.ok(diagrams.length >= 3, 'a position, a move and a row at least');
      for (const d of diagrams) {
        for (const name of [...Object.keys(d.board), ...Object.keys(d.before || {}), ...(d.rows || []).flat()]) {
          assert.ok(playable[game].has(name), `${game} ${name} (${d.caption})`);
        }
        if (d.action) assert.ok(boards[game].has(d.action.split('-')[0]), d.action);
        assert.ok(d.caption.length > 20);
      }
    });
  }
});

test('the chat input\'s limit is the server\'s (protocol::kMaxChatLength)', () => {
  assert.equal(CHAT_MAX, 200);
  assert.deepEqual(chatText('&'.repeat(CHAT_MAX)), { text: '&'.repeat(CHAT_MAX) });
  assert.match(chatText('<'.repeat(CHAT_MAX + 1)).problem, /at most 200/);
});

describe('the admin console: result buttons on each game, offered where the state allows', async () => {
  const admin = await import('../../web-client/js/admin_competition.js');
  test('an event\'s games without a result, a bye and a decided game left out', () => {
    const answer = { rounds: [
      { round: 1, pairings: [{ board: 1, white: 'ann', black: 'bob', room: 'r1', result: '1-0' }, { board: 2, white: 'cy', black: null, room: null, result: '' }] },
      { round: 2, pairings: [{ board: 1, white: 'bob', black: 'ann', room: 'r2', result: '' }, { board: 2, white: 'dee', black: 'cy', room: null, result: '' }] },
    ] };
    assert.deepEqual(admin.decidableEventGames(answer), [{ what: 'Round 2, board 1', white: 'bob', black: 'ann', room: 'r2' }]);
    assert.deepEqual(admin.decidableEventGames({ rounds: [] }), []);
  });
  test('a ladder\'s open challenges', () => {
    const answer = { challenges: [{ room: 'r9', challenger: 'cy', defender: 'ann', white: 'ann', black: 'cy' },
      { room: 'r10', challenger: 'bo', defender: 'ann', white: 'bo', black: 'ann', state: 'proposed' }] };
    // one waiting for its answer has no game yet (#43)
    assert.deepEqual(admin.decidableLadderGames(answer), [{ what: 'cy challenges ann', white: 'ann', black: 'cy', room: 'r9' }]);
  });
  test('the confirmation names the game and the result', () => {
    const text = admin.resultQuestion({ what: 'Round 2, board 1', white: 'bob', black: 'ann', room: 'r2', result: '0-1', reason: 'no show' });
    assert.match(text, /Round 2, board 1: bob \(White\) – ann \(Black\), game r2/);
    assert.match(text, /Black wins \(0-1\)/);
    assert.match(text, /no show/);
  });
  test('a draw only for a game with draws', () => {
    assert.deepEqual(admin.resultsFor('gipf').map(([r]) => r), ['1-0', '0-1']);
    assert.deepEqual(admin.resultsFor('yinsh').map(([r]) => r), ['1-0', '0-1', '1/2-1/2']);
  });
  test('no Start while the event runs; no next round before it', () => {
    assert.deepEqual(admin.eventActions('registering'), { start: true, nextRound: false, close: true, withdraw: true, results: false });
    assert.deepEqual(admin.eventActions('running'), { start: false, nextRound: true, close: true, withdraw: true, results: true });
    assert.equal(admin.eventActions('finished').start, false);
    assert.equal(admin.eventActions('closed').close, false);
  });
  test('a ladder: Open when paused, Pause when open, nothing once closed', () => {
    assert.deepEqual(admin.ladderActions('open'), { open: false, pause: true, close: true, edit: true, editSet: true, players: true, results: true });
    assert.deepEqual(admin.ladderActions('paused'), { open: true, pause: false, close: true, edit: true, editSet: true, players: true, results: true });
    assert.deepEqual(admin.ladderActions('closed'), { open: false, pause: false, close: false, edit: false, editSet: false, players: false, results: false });
  });
});

describe('the small ones', async () => {
  const { youText } = await import('../../web-client/js/ladder_view.js');
  const { ratingOutcome } = await import('../../web-client/js/room_state.js');
  test('number 1 of a ladder is not told to challenge anyone above', () => {
    assert.doesNotMatch(youText(1, 5), /You may challenge|places above/);
    assert.match(youText(1, 5), /number 1/);
    assert.match(youText(3, 5), /up to 2 places above you/);
    assert.match(youText(2, 5), /up to 1 place above you/);
    assert.match(youText(20, 8), /up to 8 places above you/);
  });
  const step = (player, automatic = false) => ({ player, automatic, action: 'x', ply: 0, turn: 0 });
  test('a rated game over before both players moved is not rated; a casual one is neither', () => {
    const room = { rated: true, ratingChange: null, status: 'finished', history: [step('white')] };
    assert.equal(ratingOutcome(room), 'not-rated');
    assert.equal(ratingOutcome({ ...room, history: [] }), 'not-rated');
    assert.equal(ratingOutcome({ ...room, history: [step('white'), step('black', true)] }), 'not-rated', 'a forced action is nobody\'s');
    assert.equal(ratingOutcome({ ...room, status: 'cancelled' }), 'not-rated');
    assert.equal(ratingOutcome({ ...room, history: [step('white'), step('black')] }), 'rated');
    assert.equal(ratingOutcome({ ...room, status: 'live' }), 'rated');
    assert.equal(ratingOutcome({ ...room, ratingChange: { perf: 'p' } }), 'rated');
    assert.equal(ratingOutcome({ ...room, rated: false }), null);
  });
});

describe('your games, provisional marks, abandoned games', () => {
  const entry = (id, status) => ({ id, status, options: { game: 'yinsh', variant: 'normal' }, clock: { kind: 'untimed' }, created_at: 1 });
  test('the whole lobby brings the player\'s own games; an update keeps them', () => {
    const lobby = { open: new Map(), live: new Map(), open_total: 0, live_total: 0, mine: [] };
    applyLobby(lobby, { type: 'lobby', open: [], live: [entry('a', 'live')], open_total: 0, live_total: 1, mine: [entry('b', 'live'), entry('a', 'live')] });
    assert.deepEqual(lobby.mine.map((r) => r.id), ['b', 'a']);
    applyLobby(lobby, { type: 'lobby_update', open: { set: [], removed: [] }, live: { set: [], removed: ['a'] }, open_total: 0, live_total: 0 });
    assert.deepEqual(lobby.mine.map((r) => r.id), ['b', 'a']);
    assert.equal(lobby.live.size, 0);
    applyLobby(lobby, { type: 'lobby', open: [], live: [], open_total: 0, live_total: 0 });
    assert.deepEqual(lobby.mine, [], 'an older server: none');
  });
  test('the leaderboard and event standings show the server\'s provisional flag as "?"', () => {
    const board = leaderboardModel({ perf: 'gipf:basic', page: 1, per_page: 50, total: 2,
      players: [{ rank: 1, username: 'ann', rating: 1612.4, rd: 70, games: 30, provisional: false },
        { rank: 2, username: 'bob', rating: 1500, rd: 120, games: 3, provisional: true }] });
    assert.deepEqual(board.rows.map((r) => r.rating), ['1612', '1500?']);
    const event = eventModel({ event: { id: 1, name: 'Cup', kind: 'swiss', status: 'running', game: 'gipf', variant: 'basic', clock: { kind: 'untimed' }, rounds: 1, current_round: 1, players: 2 },
      standings: [{ rank: 1, number: 1, username: 'ann', rating: 1500, provisional: true, score: 0 },
        { rank: 2, number: 2, username: 'bob', rating: 1700.6, provisional: false, score: 0 }] });
    assert.deepEqual(event.standings.map((s) => s.rating), ['1500?', '1701']);
  });
  test('the server\'s end of an abandoned game, in words', () => {
    const room = { you: 'white', white: { name: 'ann' }, black: { name: 'Bot level 1' }, status: 'cancelled' };
    assert.match(endingText({ ...room, ending: { kind: 'aborted', note: 'player_gone' } }), /gone for half an hour/);
    assert.match(endingText({ ...room, ending: { kind: 'aborted', note: 'abandoned' } }), /abandoned: nobody moved for days/);
  });
});
