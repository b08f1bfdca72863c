// The open challenges between accounts, as a signed-in page knows them (#46;
// PROTOCOL.md, "Challenges"): what GET /api/challenge listed, then each
// `challenge` message the WebSocket brings. Pure (no DOM):
// tests/web/challenges.test.js. challenge_inbox.js draws them.
import { variantLabel } from './games/index.js';
import { clockLabel } from './clock.js';

/** lichess's decline reasons, as the server takes them, with their words. */
export const DECLINE_REASONS = [
  ['generic', 'No, thank you'],
  ['later', 'Not now, later'],
  ['tooFast', 'Too fast for me'],
  ['tooSlow', 'Too slow for me'],
  ['timeControl', 'Not this time control'],
  ['rated', 'Only a rated game'],
  ['casual', 'Only a casual game'],
  ['variant', 'Not this variant'],
  ['noBot', 'No bots, please'],
  ['onlyBot', 'Only bots, please'],
];

/** Nothing heard yet. */
export const emptyChallenges = () => ({ in: [], out: [] });

/** The state from GET /api/challenge's body. */
export function listedChallenges(body) {
  return { in: [...(body.in || [])], out: [...(body.out || [])] };
}

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

/** Whether `challenge` is to the account named `me` ('in') or from it ('out'). */
export function directionOf(challenge, me) {
  return same(challenge.destination.name, me) ? 'in' : 'out';
}

/**
 * The state after a `challenge` message for the account `me`: an open one is
 * added (or replaced, by id), an answered, canceled or expired one leaves.
 */
export function challengeHeard(state, challenge, me) {
  const without = (list) => list.filter((c) => c.id !== challenge.id);
  const next = { in: without(state.in), out: without(state.out) };
  if (challenge.status === 'created') next[directionOf(challenge, me)].push(challenge);
  return next;
}

/**
 * The challenges to the account the bell counts: the real-time ones (a live
 * clock). One that waits days comes with a notice of its own, which the bell
 * counts already: each challenge counts once.
 */
export function realTimeCount(state) {
  return state.in.filter((c) => c.clock && c.clock.kind === 'live').length;
}

/** The terms in words: "YINSH blitz · 5+5 · rated". */
export function termsText(challenge) {
  return `${variantLabel(challenge.options)} · ${clockLabel(challenge.clock)} · ${challenge.rated ? 'rated' : 'casual'}`;
}

/** The colour the destination plays, in words. */
export function destinationColor(challenge) {
  if (challenge.color === 'white') return 'you play black';
  if (challenge.color === 'black') return 'you play white';
  return 'colours drawn at random';
}

/** What an incoming challenge says: "robo (BOT) challenges you: YINSH · 5+5 · casual · you play black". */
export function incomingText(challenge) {
  const who = challenge.challenger.bot ? `${challenge.challenger.name} (BOT)` : challenge.challenger.name;
  return `${who} challenges you: ${termsText(challenge)} · ${destinationColor(challenge)}`;
}

/** What the challenger hears once its challenge is answered; null while it stands. */
export function answerText(challenge) {
  const name = challenge.destination.name;
  if (challenge.status === 'accepted') return `${name} accepted your challenge.`;
  if (challenge.status === 'declined') {
    const reason = DECLINE_REASONS.find(([code]) => code === challenge.reason);
    return reason && reason[0] !== 'generic' ? `${name} declined your challenge: “${reason[1]}”.` : `${name} declined your challenge.`;
  }
  if (challenge.status === 'canceled') return challenge.reason === 'expired' ? `Your challenge to ${name} expired.` : null;
  return null;
}
