// The notices bell in the header (#35): a button with the unread count that
// opens the list (newest first); opening it marks what it shows read. New
// notices come live as `notice` messages. Signed-in accounts only: guests have
// no bell. The state is notices.js's.
import { h, s } from './ui.js';
import { getJson, postJson } from './api.js';
import { emptyNotices, listed, noticed, readUpTo, badge, ago, noticeHref } from './notices.js';

export class NoticesBell {
  constructor(connection) {
    this.state = emptyNotices();
    this.open = false;
    this.count = h('span', { class: 'bell-count', hidden: '' });
    this.button = h('button', { type: 'button', class: 'bell', id: 'bell', 'aria-haspopup': 'true', 'aria-expanded': 'false',
      'aria-controls': 'notices', onclick: () => this.toggle() }, bellIcon(), this.count);
    this.list = h('div', { class: 'notices', id: 'notices', role: 'region', 'aria-label': 'Notices', hidden: '' });
    this.root = h('span', { class: 'bell-area', hidden: '' }, this.button, this.list);
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this.open) this.toggle(); });
    connection.addEventListener('message', (e) => {
      if (e.detail.type === 'notice' && this.shown) { this.state = noticed(this.state, e.detail); this.render(); }
    });
  }

  /** Shows the bell for a signed-in account (and loads its notices), hides it for a guest. */
  async show(account) {
    this.shown = !!account;
    this.root.hidden = !this.shown;
    if (!this.shown) return;
    try {
      this.state = listed(await getJson('/api/notices'));
    } catch {
      this.state = emptyNotices();
    }
    this.render();
  }

  async toggle() {
    this.open = !this.open;
    this.button.setAttribute('aria-expanded', String(this.open));
    this.list.hidden = !this.open;
    this.render();
    const newest = this.state.notices[0];
    if (this.open && newest && this.state.unread > 0) {
      try {
        const answer = await postJson('/api/notices/read', { up_to: newest.id });
        this.state = readUpTo(this.state, newest.id, answer.unread);
        this.renderCount();
      } catch { /* the count stays: opening again tries again */ }
    }
  }

  /**
   * The open challenges to the account (challenge_inbox.js): the real-time
   * ones are counted with the unread notices; `cards` makes a card of each
   * (with Accept and Decline) for the open list, so that a challenge is
   * answered from the bell too (#46).
   * @param {number} count
   * @param {(() => HTMLElement[])|null} [cards]
   */
  setChallenges(count, cards = null) {
    this.challenges = count;
    this.challengeCards = cards;
    if (this.open) this.render();
    else this.renderCount();
  }

  renderCount() {
    const challenges = this.challenges || 0;
    const text = badge(this.state.unread + challenges);
    this.count.textContent = text;
    this.count.hidden = !text;
    const parts = [];
    if (this.state.unread) parts.push(`${this.state.unread} unread`);
    if (challenges) parts.push(`${challenges} challenge${challenges === 1 ? '' : 's'} to answer`);
    this.button.setAttribute('aria-label', parts.length ? `Notices: ${parts.join(', ')}` : 'Notices');
  }

  render() {
    this.renderCount();
    if (!this.open) return;
    const now = Date.now();
    const items = this.state.notices.map((n) => {
      const href = noticeHref(n);
      const text = href ? h('a', { href }, n.text) : h('span', {}, n.text);
      return h('li', { class: n.read ? 'notice' : 'notice unread', 'data-kind': n.kind }, text, h('span', { class: 'when' }, ago(n.at, now)));
    });
    const cards = this.challengeCards ? this.challengeCards() : [];
    const challenges = cards.length ? [h('div', { class: 'bell-challenges' }, ...cards)] : [];
    this.list.replaceChildren(...challenges, items.length ? h('ul', {}, ...items) : h('p', { class: 'hint' }, 'Nothing yet: your turns, challenges and pairings show here.'));
  }
}

/** A bell drawn in SVG (an emoji may have no glyph on the device). */
function bellIcon() {
  return s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z' }), s('path', { d: 'M10 20a2 2 0 0 0 4 0' }));
}
