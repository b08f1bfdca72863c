// Challenging a player from their profile (#45; PROTOCOL.md, Bot and board
// API): the game, the clock, a colour and whether it is rated, sent as
// POST /api/challenge/USERNAME. Then the page waits for the answer, asking
// GET /api/challenge/ID every 1.5 s (which also keeps a real-time challenge
// alive while the page is open); once accepted it opens the game.
import { h } from './ui.js';
import { getJson, postJson } from './api.js';
import { games, gameModule } from './games/index.js';
import { clockPicker } from './clock_form.js';
import { DECLINE_REASONS } from './challenges.js';

const POLL_MS = 1500;

/**
 * The body of a challenge from the form's values.
 * @param {{game: string, variant: string, color: string, rated: boolean, clock: object|null}} form
 * @returns {object}
 */
export function challengeBody({ game, variant, color, rated, clock }) {
  const body = { game, variant, color };
  if (clock) body.clock = clock;
  if (rated) body.rated = true;
  return body;
}

/**
 * What the page says of a challenge as it stands.
 * @param {{status: string, reason?: string, destination: {name: string}}} challenge
 * @returns {string}
 */
export function challengeStatusText(challenge) {
  const name = challenge.destination.name;
  switch (challenge.status) {
    case 'created': return `Waiting for ${name} to answer…`;
    case 'accepted': return `${name} accepted: the game opens.`;
    case 'declined': {
      const reason = DECLINE_REASONS.find(([code]) => code === challenge.reason);
      return `${name} declined${reason && reason[0] !== 'generic' ? `: “${reason[1]}”` : ''}.`;
    }
    default: return challenge.reason === 'expired' ? 'The challenge expired: nobody answered in time.' : 'The challenge was canceled.';
  }
}

/**
 * The challenge section of a profile: an element, or null on one's own page
 * or when nobody is signed in.
 * @param {{username: string, bot?: boolean, closed?: boolean}} player
 * @param {{username: string}|null} account the signed-in account
 */
export function challengeSection(player, account) {
  if (!account || player.closed || account.username.toLowerCase() === player.username.toLowerCase()) return null;
  const game = h('select', { id: 'challenge-game' }, games.map((g) => h('option', { value: g.name }, g.title)));
  const variant = h('select', { id: 'challenge-variant' });
  const fillVariants = () => {
    const chosen = gameModule(game.value);
    variant.replaceChildren(...chosen.variants.map((v) => h('option', { value: v.name }, v.label)));
    variant.value = chosen.defaultVariant;
  };
  fillVariants();
  game.addEventListener('change', fillVariants);
  const clock = clockPicker({ id: 'challenge-clock', choice: 'untimed' });
  const color = h('select', { id: 'challenge-color' },
    h('option', { value: 'random' }, 'random'), h('option', { value: 'white' }, 'white'), h('option', { value: 'black' }, 'black'));
  const rated = h('input', { id: 'challenge-rated', type: 'checkbox' });
  const status = h('p', { class: 'hint', id: 'challenge-status', role: 'status' });
  const send = h('button', { type: 'submit', id: 'challenge-send' }, `Challenge ${player.username}`);
  const cancel = h('button', { type: 'button', id: 'challenge-cancel', hidden: true }, 'Cancel the challenge');
  const form = h('form', { class: 'challenge-form', id: 'challenge-form' },
    h('div', { class: 'form-row' }, h('label', { for: 'challenge-game' }, 'Game'), game),
    h('div', { class: 'form-row' }, h('label', { for: 'challenge-variant' }, 'Variant'), variant),
    h('div', { class: 'form-row' }, h('label', { for: 'challenge-clock' }, 'Clock'), clock.select), ...clock.rows,
    h('div', { class: 'form-row' }, h('label', { for: 'challenge-color' }, 'You play'), color),
    h('div', { class: 'form-row' }, h('label', { for: 'challenge-rated' }, 'Rated'), rated),
    h('div', { class: 'form-row' }, send, cancel), status);
  let timer = null;
  let current = null;
  const stop = () => { clearTimeout(timer); timer = null; send.disabled = false; cancel.hidden = true; };
  const poll = async () => {
    if (!current || !form.isConnected) return stop();
    try {
      const { challenge } = await getJson(`/api/challenge/${current}`);
      status.textContent = challengeStatusText(challenge);
      if (challenge.status === 'accepted') { stop(); globalThis.location.assign(`/?room=${encodeURIComponent(challenge.room)}`); return; }
      if (challenge.status !== 'created') { current = null; return stop(); }
    } catch (error) {
      status.textContent = `The challenge could not be read: ${error.message}`;
    }
    timer = setTimeout(poll, POLL_MS);
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const control = clock.control();
    if (control.problem) { status.textContent = control.problem; return; }
    send.disabled = true;
    try {
      const body = challengeBody({ game: game.value, variant: variant.value, color: color.value, rated: rated.checked, clock: control.clock });
      const { challenge } = await postJson(`/api/challenge/${encodeURIComponent(player.username)}`, body);
      current = challenge.id;
      cancel.hidden = false;
      status.textContent = challengeStatusText(challenge);
      timer = setTimeout(poll, POLL_MS);
    } catch (error) {
      send.disabled = false;
      status.textContent = `The challenge was not sent: ${error.message}`;
    }
  });
  cancel.addEventListener('click', async () => {
    if (!current) return;
    try { await postJson(`/api/challenge/${current}/cancel`); } catch (error) { status.textContent = `The challenge could not be canceled: ${error.message}`; }
  });
  return h('section', { class: 'challenge', id: 'challenge' },
    h('h2', {}, player.bot ? `Play ${player.username} (a bot)` : `Challenge ${player.username}`), form);
}
