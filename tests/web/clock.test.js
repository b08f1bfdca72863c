// Time controls and clock faces (web-client/js/clock.js), and the chat text
// check (names.js): what the new-game form sends, how a clock reads, when it
// runs low, and what the chat box lets through. By PROTOCOL.md, "Time controls"
// and "Chat".
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRESETS, timeControlOf, clockLabel, formatClock, isLowTime, formatCountdown,
  MAX_INITIAL_MS, MAX_INCREMENT_MS, LOW_LIVE_MS,
} from '../../web-client/js/clock.js';
import { chatText } from '../../web-client/js/names.js';

const live = (initial_ms, increment_ms) => ({ kind: 'live', initial_ms, increment_ms });

describe('time controls of the new-game form', () => {
  test('the presets: 3+2, 5+5, 10+10, 15+15, 30+20 (minutes + seconds)', () => {
    assert.deepEqual(PRESETS.map((p) => p.name), ['3+2', '5+5', '10+10', '15+15', '30+20']);
    assert.deepEqual(timeControlOf({ choice: '3+2' }), { clock: live(180_000, 2_000) });
    assert.deepEqual(timeControlOf({ choice: '30+20' }), { clock: live(1_800_000, 20_000) });
    const a = timeControlOf({ choice: '5+5' }).clock;
    a.initial_ms = 1;
    assert.equal(timeControlOf({ choice: '5+5' }).clock.initial_ms, 300_000, 'a preset is copied, never shared');
  });

  test('untimed sends no clock', () => {
    assert.deepEqual(timeControlOf({ choice: 'untimed' }), { clock: null });
  });

  test('custom: minutes (whole seconds) and increment seconds, within the server\'s bounds', () => {
    assert.deepEqual(timeControlOf({ choice: 'custom', minutes: '1', increment: '0' }), { clock: live(60_000, 0) });
    assert.deepEqual(timeControlOf({ choice: 'custom', minutes: '1.5', increment: '3' }), { clock: live(90_000, 3_000) });
    assert.deepEqual(timeControlOf({ choice: 'custom', minutes: '0', increment: '5' }), { clock: live(0, 5_000) });
    assert.deepEqual(timeControlOf({ choice: 'custom', minutes: '180', increment: '180' }), { clock: live(MAX_INITIAL_MS, MAX_INCREMENT_MS) });
    assert.deepEqual(timeControlOf({ choice: 'custom', minutes: 0.25, increment: 0 }), { clock: live(15_000, 0) });
    for (const [minutes, increment, problem] of [
      ['0', '0', /needs some time/], ['181', '0', /0 to 180 minutes/], ['-1', '5', /0 to 180 minutes/],
      ['', '5', /0 to 180 minutes/], ['abc', '5', /0 to 180 minutes/], ['5', '181', /0 to 180 seconds/],
      ['5', '-1', /0 to 180 seconds/], ['5', '', /0 to 180 seconds/],
    ]) {
      const answer = timeControlOf({ choice: 'custom', minutes, increment });
      assert.match(answer.problem, problem, `${minutes}+${increment}`);
      assert.equal(answer.clock, undefined);
    }
  });

  test('correspondence: 1 to 14 days per move', () => {
    assert.deepEqual(timeControlOf({ choice: 'correspondence', days: '1' }), { clock: { kind: 'correspondence', days_per_move: 1 } });
    assert.deepEqual(timeControlOf({ choice: 'correspondence', days: 14 }), { clock: { kind: 'correspondence', days_per_move: 14 } });
    for (const days of ['0', '15', '2.5', '']) assert.match(timeControlOf({ choice: 'correspondence', days }).problem, /1 to 14 days/, days);
  });

  test('an unknown choice is a problem, not a guess', () => {
    assert.match(timeControlOf({ choice: 'bullet' }).problem, /Unknown time control/);
  });

  test('a time control in words, as the lobby and the game show it', () => {
    assert.equal(clockLabel(null), 'untimed');
    assert.equal(clockLabel(undefined), 'untimed', 'a lobby entry of an older server');
    assert.equal(clockLabel(live(300_000, 5_000)), '5+5');
    assert.equal(clockLabel(live(90_000, 0)), '1.5+0');
    assert.equal(clockLabel(live(0, 5_000)), '0+5');
    assert.equal(clockLabel(live(15_000, 500)), '0.25+0.5');
    assert.equal(clockLabel({ kind: 'correspondence', days_per_move: 1 }), '1 day per move');
    assert.equal(clockLabel({ kind: 'correspondence', days_per_move: 3 }), '3 days per move');
  });
});

describe('clock faces', () => {
  test('minutes and seconds down to 10 s, hours from an hour', () => {
    assert.equal(formatClock(300_000), '5:00');
    assert.equal(formatClock(65_999), '1:05', 'rounded down');
    assert.equal(formatClock(10_000), '0:10');
    assert.equal(formatClock(3_599_999), '59:59');
    assert.equal(formatClock(3_600_000), '1:00:00');
    assert.equal(formatClock(10_800_000), '3:00:00');
    assert.equal(formatClock(3_723_000), '1:02:03');
  });

  test('tenths under 10 s, rounded down: 0:00.0 only at zero', () => {
    assert.equal(formatClock(9_999), '0:09.9');
    assert.equal(formatClock(9_000), '0:09.0');
    assert.equal(formatClock(1_234), '0:01.2');
    assert.equal(formatClock(99), '0:00.0');
    assert.equal(formatClock(100), '0:00.1');
    assert.equal(formatClock(1), '0:00.0');
    assert.equal(formatClock(0), '0:00.0');
    assert.equal(formatClock(-250), '0:00.0', 'never below zero');
  });

  test('correspondence clocks in days and hours, then hours and minutes', () => {
    const day = 86_400_000, hour = 3_600_000;
    assert.equal(formatClock(3 * day, 'correspondence'), '3d 0h');
    assert.equal(formatClock(14 * day, 'correspondence'), '14d 0h');
    assert.equal(formatClock(day + 5 * hour + 59 * 60_000, 'correspondence'), '1d 5h');
    assert.equal(formatClock(day - 1, 'correspondence'), '23h 59m');
    assert.equal(formatClock(hour + 6 * 60_000, 'correspondence'), '1h 06m');
    assert.equal(formatClock(hour - 1, 'correspondence'), '59:59', 'the last hour as a live clock');
    assert.equal(formatClock(5_500, 'correspondence'), '0:05.5');
  });

  test('low time: under 20 s live, under an hour in correspondence, never untimed', () => {
    assert.equal(LOW_LIVE_MS, 20_000);
    assert.equal(isLowTime(19_999, live(60_000, 0)), true);
    assert.equal(isLowTime(20_000, live(60_000, 0)), false);
    assert.equal(isLowTime(0, live(60_000, 0)), true);
    const correspondence = { kind: 'correspondence', days_per_move: 1 };
    assert.equal(isLowTime(3_599_999, correspondence), true);
    assert.equal(isLowTime(3_600_000, correspondence), false);
    assert.equal(isLowTime(19_000, correspondence), true);
    assert.equal(isLowTime(0, null), false);
  });

  test('a countdown in whole seconds, rounded up', () => {
    assert.equal(formatCountdown(40_000), '0:40');
    assert.equal(formatCountdown(36_001), '0:37');
    assert.equal(formatCountdown(65_000), '1:05');
    assert.equal(formatCountdown(1), '0:01');
    assert.equal(formatCountdown(0), '0:00');
    assert.equal(formatCountdown(-5), '0:00');
  });
});

describe('chat text', () => {
  test('spaces of any kind become single plain spaces, the ends trimmed', () => {
    assert.deepEqual(chatText('  good   game  '), { text: 'good game' });
    assert.deepEqual(chatText('a\u00a0b\tc'), { text: 'a b c' });
    assert.deepEqual(chatText('e\u0301'), { text: '\u00e9' }, 'NFC');
  });

  test('emoji variation selectors are dropped; other invisible characters refused', () => {
    assert.deepEqual(chatText('\u2764\ufe0f gg'), { text: '\u2764 gg' });
    assert.match(chatText('a\u200bb').problem, /invisible/);
    assert.match(chatText('a\u202eb').problem, /invisible/);
    assert.match(chatText('a\u0007').problem, /control/);
    assert.match(chatText('\ue000').problem, /control/, 'private use');
  });

  test('1 to 200 characters, counted in code points', () => {
    assert.match(chatText('   ').problem, /Write something/);
    assert.deepEqual(chatText('x'.repeat(200)), { text: 'x'.repeat(200) });
    assert.match(chatText('x'.repeat(201)).problem, /at most 200/);
    assert.deepEqual(chatText('😀'.repeat(200)).text.length, 400, '200 code points in 400 UTF-16 units');
  });

  test('every printable character, the ones HTML gives a meaning included: < > " & \\', () => {
    for (const text of ['<b>', 'a > b', 'say "hi"', 'R&D', 'a\\b', 'he said "gg" & <3', '<script>alert(1)</script>']) assert.deepEqual(chatText(text), { text }, text);
    assert.deepEqual(chatText("it's fine: 1+1=2!"), { text: "it's fine: 1+1=2!" });
  });
});
