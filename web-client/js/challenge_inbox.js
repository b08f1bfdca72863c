// Challenges to the signed-in account, on every page (#46): each open one is a
// card under the header, "NAME challenges you: terms", with Accept (the game
// opens) and Decline with a reason; the bell counts them and shows the same
// cards when opened. A challenger on
// another page than the challenge form hears the answer there (a toast, and
// the game opens when accepted). The state is challenges.js's, from
// GET /api/challenge and then the `challenge` messages.
import { h, toast } from './ui.js';
import { getJson, postJson } from './api.js';
import { beep } from './alerts.js';
import { emptyChallenges, listedChallenges, challengeHeard, directionOf, incomingText, answerText, realTimeCount, DECLINE_REASONS } from './challenges.js';

export class ChallengeInbox {
  /**
   * @param {EventTarget} connection the page's WebSocket (its `message` events)
   * @param {(count: number, cards: () => HTMLElement[]) => void} onCount told the number of incoming
   *   real-time challenges, and how to make a card of each incoming one (for the bell)
   */
  constructor(connection, onCount = () => {}) {
    this.state = emptyChallenges();
    this.me = null;
    this.onCount = onCount;
    this.area = h('div', { class: 'challenge-notices', id: 'challenges', role: 'region', 'aria-label': 'Challenges to you', 'aria-live': 'polite' });
    connection.addEventListener('message', (e) => {
      if (e.detail.type === 'challenge' && this.me) this.heard(e.detail.challenge);
    });
  }

  /** Loads the open challenges of a signed-in account; a guest has none. */
  async show(account) {
    this.me = account ? account.username : null;
    this.state = emptyChallenges();
    if (this.me) {
      try { this.state = listedChallenges(await getJson('/api/challenge')); } catch { /* the messages still come */ }
    }
    this.render();
  }

  heard(challenge) {
    const direction = directionOf(challenge, this.me);
    const known = this.state[direction].some((c) => c.id === challenge.id);
    this.state = challengeHeard(this.state, challenge, this.me);
    if (direction === 'in' && challenge.status === 'created' && !known) beep();
    if (direction === 'out' && !document.getElementById('challenge-form')) this.answered(challenge);
    this.render();
  }

  // The challenge form's page follows its own challenge; elsewhere the answer is said here.
  answered(challenge) {
    const text = answerText(challenge);
    if (text) toast(text, challenge.status === 'accepted' ? 'info' : 'error');
    if (challenge.status === 'accepted' && challenge.room && new URLSearchParams(location.search).get('room') !== challenge.room)
      globalThis.location.assign(`/?room=${encodeURIComponent(challenge.room)}`);
  }

  render() {
    this.onCount(realTimeCount(this.state), () => this.state.in.map((c) => this.card(c)));
    this.area.replaceChildren(...this.state.in.map((c) => this.card(c)));
  }

  card(challenge) {
    const status = h('span', { class: 'challenge-status', role: 'status' });
    const reason = h('select', { class: 'decline-reason', 'aria-label': 'Why you decline' },
      ...DECLINE_REASONS.map(([code, words]) => h('option', { value: code }, words)));
    const buttons = [];
    const act = async (what, body) => {
      for (const b of buttons) b.disabled = true;
      try {
        const answer = await postJson(`/api/challenge/${encodeURIComponent(challenge.id)}/${what}`, body);
        if (what === 'accept' && answer.challenge && answer.challenge.room) {
          globalThis.location.assign(`/?room=${encodeURIComponent(answer.challenge.room)}`);
          return;
        }
        this.state = { ...this.state, in: this.state.in.filter((c) => c.id !== challenge.id) };
        this.render();
      } catch (error) {
        status.textContent = error.message;
        for (const b of buttons) b.disabled = false;
      }
    };
    buttons.push(h('button', { type: 'button', class: 'challenge-accept', onclick: () => act('accept') }, 'Accept'));
    buttons.push(h('button', { type: 'button', class: 'challenge-decline', onclick: () => act('decline', { reason: reason.value }) }, 'Decline'));
    return h('div', { class: 'challenge-notice', 'data-challenge': challenge.id },
      h('span', { class: 'text' }, incomingText(challenge)), buttons[0], reason, buttons[1], status);
  }
}
