// Quick pairing in the lobby (#46): a grid of the usual speeds, one press to
// seek a game there (rated for an account that leaves "Rated" ticked, casual
// otherwise); the same press again stops. When the server pairs the seek, the
// game opens. The seek lives while this page is open. The state is
// quick_pairing.js's.
import { h, toast } from './ui.js';
import { POOL_ROWS, RANGES, poolName, seekMessage, rangeAround, idle, seekHeard, seekStatusText } from './quick_pairing.js';
import { ownRatings } from './ratings.js';

export class QuickPairing {
  constructor(connection) {
    this.connection = connection;
    this.state = idle();
    this.buttons = [];
    this.rated = h('input', { type: 'checkbox', id: 'quick-rated', checked: true });
    this.ratedRow = h('label', { class: 'quick-rated', for: 'quick-rated' }, this.rated, ' Rated');
    // the opponents' ratings: any, or around one's own in the pool's game and variant
    this.range = h('select', { id: 'quick-range', 'aria-label': 'Opponents' },
      RANGES.map((spread) => h('option', { value: String(spread) }, spread ? `rated within ±${spread} of you` : 'any rating')));
    this.ratings = {};  // perf -> {rating}: the account's, read once it is known
    this.status = h('p', { class: 'hint', id: 'quick-status', role: 'status', 'aria-live': 'polite' });
    const rows = POOL_ROWS.map((row) => h('div', { class: 'quick-row' },
      h('span', { class: 'quick-title' }, row.title),
      h('span', { class: 'quick-speeds' }, ...row.speeds.map((speed) => this.button(row, speed)))));
    this.root = h('section', { class: 'panel quick', id: 'quick-pairing', 'aria-labelledby': 'quick-title' },
      h('h2', { id: 'quick-title' }, 'Quick pairing'),
      h('p', { class: 'hint' }, 'One press: you are paired with the next player who wants the same game and speed.'),
      h('div', { class: 'quick-options' }, this.ratedRow, h('label', { class: 'quick-range' }, 'Opponents ', this.range)), ...rows, this.status);
    connection.addEventListener('welcome', () => { this.state = idle(); this.render(); this.loadRatings(); });
    connection.addEventListener('message', (e) => this.heard(e.detail));
    this.render();
  }

  button(row, speed) {
    const b = h('button', { type: 'button', class: 'quick-speed', 'data-game': row.game, 'data-variant': row.variant, 'data-speed': speed,
      'aria-pressed': 'false', 'aria-label': `${row.title} ${speed}`,
      title: speed.endsWith('d') ? `${speed.slice(0, -1)} day${speed === '1d' ? '' : 's'} per move` : `${speed.replace('+', ' minutes + ')} seconds a move`,
      onclick: () => this.press(row, speed) }, speed);
    b.pool = (rated) => poolName(row.game, row.variant, speed, rated);
    this.buttons.push(b);
    return b;
  }

  ratedWanted() { return !!this.connection.account && this.rated.checked; }

  /** The account's ratings, for a range around them (a guest's: none, 1500 assumed). */
  async loadRatings() {
    const account = this.connection.account;
    if (!account) { this.ratings = {}; return; }
    this.ratings = await ownRatings(account.username);
  }

  press(row, speed) {
    const pool = poolName(row.game, row.variant, speed, this.ratedWanted());
    const mine = this.ratings[`${row.game}:${row.variant}`];
    const range = rangeAround(mine ? mine.rating : undefined, Number(this.range.value));
    const message = this.state.seeking && this.state.pool === pool ? { type: 'seek_cancel' }
      : seekMessage(row, speed, { rated: this.ratedWanted(), range });
    if (!this.connection.send(message)) toast('Not connected yet.');
  }

  heard(m) {
    const next = seekHeard(this.state, m);
    if (next === this.state) return;
    this.state = next;
    this.render();
    if (next.paired) globalThis.location.assign(`/?room=${encodeURIComponent(next.paired.room)}`);
  }

  render() {
    this.ratedRow.hidden = !this.connection.account;
    for (const b of this.buttons) {
      const mine = !!this.state.seeking && (b.pool(true) === this.state.pool || b.pool(false) === this.state.pool);
      b.classList.toggle('seeking', mine);
      b.setAttribute('aria-pressed', String(mine));
    }
    this.status.textContent = seekStatusText(this.state);
  }
}
